"""The First Giants table as SVG (firstgiants.pictures): the cards a player decides by show their effects."""
from __future__ import annotations

import re

import firstgiants as f
from firstgiants.components import CARDS
from firstgiants.pictures import card_text, short_effect, table_svg, target_of
from gamekit import random_game, states_along


def test_dig_site_and_deck_cards_show_their_effect_and_every_card_is_drawn():
    s = list(states_along(random_game(f.new_game(3), 4)))[150]
    obs = s.observation(0)
    svg = table_svg(obs)
    for site in obs["dig_sites"]:
        for card in site["cards"]:
            assert f">#{card}</text>" in svg and short_effect(card).split()[0] in svg
    for player in obs["players"]:
        for card in player["study"]:
            assert f" #{card}</text>" in svg  # a small card: "Medium #28"
    sizes = [float(v) for v in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= 14  # the back row reads it at 1920x1080 (issue 29)


def test_every_card_has_a_short_effect_and_the_choices_carry_it():
    assert all(short_effect(c.id) for c in CARDS)
    assert card_text(0).startswith("#0 Small Flying (this turn: +2 amber")


def test_dig_sites_and_cards_are_the_targets_of_their_actions():
    s = next(s for s in states_along(random_game(f.new_game(3), 4)) if not s.is_chance()
             and any(a.kind == "play_marker" for a in s.legal_actions()))
    targets = {target_of(a): str(a) for a in s.legal_actions() if target_of(a)}
    svg = table_svg(s.observation(s.current_player()), targets)
    assert targets and sorted(re.findall(r'data-target="([^"]+)"', svg)) == sorted(targets)


def test_every_effect_fits_its_card():
    from firstgiants.pictures import CARD_W, TEXT_PX
    from gamekit.svg import text_width, wrap

    for card in CARDS:
        lines = wrap(short_effect(card.id), CARD_W - 12, TEXT_PX)
        assert len(lines) <= 5 and max(text_width(line, TEXT_PX) for line in lines) <= CARD_W - 12, card


#: The table's height on the projector page (1080 px, less the tabs, the stepper's title and settings bar):
#: the browser tests check the whole page fits; this checks many more positions, cheaply.  With 14 px type
#: (issue 29) the tallest five-player table is 916 px: the stepper shows it shrunk to the screen's height.
PROJECTOR_PICTURE_HEIGHT = 920


def test_five_players_late_in_the_game_fit_the_projector():
    """Museums grow to seven sets; the bands pack them (captions measured by the font's widths), so the
    tallest table of a few 4- and 5-player games still fits (it was 1034 px)."""
    tallest = 0.0
    for players, seed in ((5, 2), (5, 3), (4, 0)):
        states = list(states_along(random_game(f.new_game(players), seed)))
        for s in states[len(states) // 2::5]:
            svg = table_svg(s.observation(0))
            tallest = max(tallest, float(re.search(r'height="([\d.]+)"', svg).group(1)))
    assert 700 < tallest <= PROJECTOR_PICTURE_HEIGHT


def test_set_captions_and_band_heads_are_plain_english():
    from firstgiants.pictures import set_caption

    assert set_caption(4, "single card (no type yet)", 0, False) == "Set 4: no type yet"
    assert set_caption(2, "Carnivore family set", 1, False) == "Set 2: Carnivore, 1 token"
    assert set_caption(1, "Small size set", 3, True) == "Set 1: Small size, 3 tokens, complete"
    svg = table_svg(f.new_game(3).observation(0))
    assert "0 points" in svg and "1 points" not in svg


def test_a_notebook_shows_the_table_as_svg_with_a_stable_name():
    from firstgiants.pictures import picture

    final = list(states_along(random_game(f.new_game(3), 4)))[-1]
    shown = picture(final)
    assert shown._repr_svg_() == table_svg(final.observation(0)) and "Game over" in shown._repr_svg_()
    assert repr(shown).startswith("<picture: First Giants, turn ") and "0x" not in repr(shown)
