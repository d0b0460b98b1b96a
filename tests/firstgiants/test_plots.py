"""First Giants pictures draw what they should: 4 dig sites and their cards, one row per set, scores."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import random

from matplotlib.patches import FancyBboxPatch, Rectangle

import firstgiants as g
from firstgiants import plots
from firstgiants.rules.museum import is_complete
from firstgiants.widgets import Museums
from gamekit import RandomBot, sample_chance


def played(moves: int, players: int = 3, seed: int = 2):
    s = g.new_game(players)
    rng, bot = random.Random(seed), RandomBot(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s = s.apply(sample_chance(s, rng) if s.is_chance() else bot.act(s))
    return s


def cards_on(ax) -> list[str]:
    """The labels of the cards drawn on ``ax`` (one rounded box and one label per card)."""
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    labels = [t.get_text() for t in ax.texts if t.get_text().count("\n") == 2]
    assert len(boxes) == len(labels)
    return labels


def test_dig_sites_show_every_card_every_marker_and_the_deck_top():
    s = played(40)
    while s.top < 0 or s.is_chance():  # a position with the deck's top card revealed
        s = played(s.move_number + 1)
    ax = plots.plot_dig_sites(s)
    on_sites = [c for site in range(4) for c in s.dig_site(site)]
    assert len(cards_on(ax)) == len(on_sites) + (s.top >= 0)
    assert f"#{s.top}" in cards_on(ax)[-1]
    titles = [t.get_text() for t in ax.texts if t.get_text().startswith("Dig site")]
    assert titles == ["Dig site 1", "Dig site 2", "Dig site 3", "Dig site 4"]
    markers = sum(len(s.markers_at(site)) for site in range(4))
    assert sum(len(c.get_offsets()) for c in ax.collections) == 2 * markers  # a disc and a letter each
    assert f"{len(s.deck)} below" in [t.get_text() for t in ax.texts]


def test_museum_has_a_row_per_set_and_frames_the_complete_ones():
    m = Museums(("Ana", "Ben"))
    m.display(0, 12)  # Small Herbivore
    m.display(0, 16, 0)  # Medium Herbivore: a family set
    m.display(0, 20, 0)  # Large Herbivore: complete
    m.display(0, 24)  # Small Carnivore, a new set
    ax = plots.plot_museum(m, 0)
    rows = [t.get_text() for t in ax.texts if t.get_text().startswith("Set ")]
    assert rows == ["Set 1", "Set 2"] and len(cards_on(ax)) == 4
    frames = [p for p in ax.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert len(frames) == 1 and is_complete(m.museum[0][0])
    captions = [t.get_text() for t in ax.texts if "set" in t.get_text() and "pts" in t.get_text()]
    assert "Herbivore family set, complete:\n2 Set tokens = 6 pts" in captions[0]
    assert "Herbivore News token" in captions[0] and "kept for good" in captions[0]


def test_score_breakdown_adds_up_to_the_engines_score():
    s = played(400, players=4)
    for p in range(4):
        assert sum(plots.score_breakdown(s, p)) == s.score(p)
    ax = plots.plot_scores(s)
    totals = [t.get_text() for t in ax.texts]
    assert totals == [str(s.score(p)) for p in range(4)]
    assert [t.get_text() for t in ax.get_yticklabels()] == list(s.names)


def test_table_has_dig_sites_a_museum_per_player_and_scores():
    s = played(200, players=3)
    fig = plots.plot_table(s)
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert titles[0].startswith("Dig sites") and titles[-1] == "Score breakdown"
    assert [t.split(":")[0] for t in titles[1:-1]] == list(s.names)
