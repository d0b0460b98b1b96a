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
    assert min(sizes) >= 12


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
    from firstgiants.pictures import CARD_W
    from gamekit.svg import text_width, wrap

    for card in CARDS:
        lines = wrap(short_effect(card.id), CARD_W - 12, 12)
        assert len(lines) <= 5 and max(text_width(line, 12) for line in lines) <= CARD_W - 12, card
