"""What players see (no hidden information: the full public state), the text and HTML forms, saves."""
from __future__ import annotations

import json
import random

import firstgiants as g
from gamekit import IllegalAction
from gamekit.i18n import using
from gamekit.protocol import with_item

from .helpers import card, position


def test_every_player_observes_the_whole_public_state():
    """The deck is face up: its top card and the cards left are public (ruling R22)."""
    s = position(3, study={1: [card("Marine", 2)]}, museum={2: [[card("Flying", 1), card("Flying", 2)]]})
    a, b = s.observation(0), s.observation(2)
    assert {k: v for k, v in a.items() if k != "you"} == {k: v for k, v in b.items() if k != "you"}
    assert a["deck_top"] == s.top and a["deck_below_top"] == sorted(s.deck)
    assert a["players"][1]["study"] == [card("Marine", 2)]
    assert a["players"][2]["display"][0]["type"] == "Flying family set"
    json.dumps(a)


def test_the_observation_names_the_games_options():
    """The rules' variant switches are part of what every seat sees (the tensor reads them from here)."""
    s = g.new_game(3, eggs_not_fossils=True, news_values="two-sided", first_player=2)
    assert s.observation(1)["options"] == s.options == {**g.SPEC.option_defaults, "eggs_not_fossils": True,
                                                        "news_values": "two-sided", "first_player": 2}


def test_an_unheld_news_token_has_no_holder_in_the_json():
    """The JSON the kit hands out says "no holder" as null, never as a seat number like -1."""
    s = position(3, museum={2: [[card("Flying", 1), card("Flying", 2)]]})
    s.news = with_item(s.news, 0, 2)  # (position() sets no News token: Cleo took the Flying one with her family set)
    held = {t["token"]: t["holder"] for t in s.observation(0)["news_tokens"]}
    assert len(held) == 8 and held.pop("Flying News token") == 2
    assert set(held.values()) == {None}
    assert '"holder": null' in json.dumps(s.observation(1))


def test_text_and_html_forms():
    s = position(2, museum={0: [[card("Flying", 1), card("Flying", 2)]]})
    text = str(s)
    assert "Dig site 1:" in text and "Ana: 2 points" in text and "Flying family set" in text
    assert '<span style="color:#3b7dd8' in s._repr_html_()


def test_the_text_and_html_forms_in_the_readers_language():
    """The text form words its headings, cards, counts and the sets' types in the reader's language; the HTML form
    colours the Families by their names there (a card's "planteæder" too)."""
    s = position(2, study={1: [card("Herbivore", 1)]}, museum={0: [[card("Flying", 1), card("Flying", 2)]]})
    with using("da"):
        text, html = str(s), s._repr_html_()
    assert "Udgravning 1:" in text and "Ana: 2 point (" in text and "Studie: #" in text and "Lille planteæder" in text
    assert "Dig site" not in text and '<span style="color:#3a9a3a;font-weight:bold">planteæder</span>' in html
    with using("de"):
        assert "Ana: 2 Punkte (" in str(s) and "Ausgrabungsstätte 1:" in str(s)


def test_a_save_replays_to_the_same_state_and_continues_identically():
    s = g.new_game(3, names="Laura, Max, Nina", first_player=1)
    rng = random.Random(4)
    for _ in range(60):
        s = s.apply(rng.choice(s.legal_actions()) if not s.is_chance() else s.chance_outcomes()[0][0])
    loaded = g.from_json(s.to_json())
    assert loaded == s and loaded.names == ("Laura", "Max", "Nina") and str(loaded) == str(s)
    assert loaded.playout(random.Random(1)) == s.playout(random.Random(1))


def test_an_illegal_action_names_the_rule_and_leaves_the_state_alone():
    s = g.sample(g.new_game(2), seed=3)
    before = s.fingerprint()
    for bad in (g.TakeCard(0), g.Display(0), g.GainAmber(), g.Reveal(5), None):
        try:
            s.apply(bad)
        except IllegalAction as exc:
            assert exc.rule and exc.allowed.startswith("play a marker at dig site")
        else:
            raise AssertionError(f"{bad} was accepted")
    assert s.fingerprint() == before


def _candidates(s: g.State) -> list:
    """Decisions of every kind around the current position, most of them illegal here."""
    p = s.current_player()
    cards = [*s.study[p], *(c for site in range(4) for c in s.dig_site(site)), s.top]
    targets = [g.NEW_SET, *range(len(s.museum[p]) + 1)]
    out = [g.Reclaim(), g.GainAmber(), g.GainPoint(), g.SpendAmber(), g.Decline(), *map(g.PlayMarker, range(-1, 5))]
    out += [*map(g.TakeCard, cards), *map(g.ResolveTrigger, cards)]
    out += [g.Display(c, t, size) for c in cards for t in targets for size in (0, 1, 4)]
    return out


def test_each_refused_decision_names_the_rule_it_breaks():
    """Legality is decided by the legal list; the refusal then explains it.  The explanation's
    last resorts must be the true reason: a size declared where none is asked, a site with no card."""
    refused = 0
    for seed in range(40):
        s = g.new_game(2 + seed % 4)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance():
                s = g.sample(s, seed=rng.randrange(10**6))
                continue
            legal = s.legal_actions()
            before = s.fingerprint()
            for action in rng.sample(_candidates(s), 6):
                if action in legal:
                    continue
                try:
                    s.apply(action)
                except IllegalAction as exc:
                    refused += 1
                    if "declares a size" in exc.message:
                        assert action.as_size, (action, exc)
                    if "no card left to take" in exc.message:
                        assert s.dig_site(action.site) == (), (action, exc)
                else:
                    raise AssertionError(f"{action} was accepted though not legal")
            assert s.fingerprint() == before
            s = s.apply(rng.choice(legal))
    assert refused > 1000
