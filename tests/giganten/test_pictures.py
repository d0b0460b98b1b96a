"""The board as SVG (giganten.pictures): drawn from an observation, so it shows what that viewer may see."""
from __future__ import annotations

import re

import giganten as g
from gamekit import random_game, states_along
from gamekit.widgets import observed
from giganten.pictures import board_svg, prices_svg, target_of


def mid_game() -> g.State:
    return next(s for s in states_along(random_game(g.new_game(4), 3)) if s.round == 4 and s.current_player() == 0)


def test_every_tile_derrick_truck_and_locomotive_of_the_observation_is_drawn():
    s = mid_game()
    obs = s.observation(0)
    svg = board_svg(obs)
    for site in obs["sites"]:
        assert f'data-key="site-{site["site"]}"' in svg
    trucks = sum(info["truck"] is not None for info in obs["players_info"])
    assert len(re.findall(r'data-key="truck-\d"', svg)) == trucks
    assert len(re.findall(r'data-key="locomotive-\d"', svg)) == 5
    assert svg.startswith("<svg") and 'data-keyed="1"' in svg


def test_a_seat_sees_the_oil_it_has_looked_at_and_the_public_view_only_what_all_seats_see():
    s = mid_game()
    seat_view, public = s.observation(0), observed(s, None)
    known = [site for site in seat_view["sites"] if site["state"] == "tile" and site["oil"] is not None]
    hidden = [site for site in public["sites"] if site["state"] == "tile" and site["oil"] is None]
    assert known and hidden
    for site in known:
        mine = re.search(rf'data-key="site-{site["site"]}"[^>]*>(.*?)</g>', board_svg(seat_view)).group(1)
        assert f">{site['oil']}</text>" in mine
    for site in hidden:
        everyone = re.search(rf'data-key="site-{site["site"]}"[^>]*>(.*?)</g>', board_svg(public)).group(1)
        assert ">?</text>" in everyone
    assert public["players_info"][0]["licenses"] is None


def test_only_the_targets_given_are_clickable_and_each_action_names_its_square():
    s = next(s for s in states_along(random_game(g.new_game(4), 3)) if s.phase_name == "move")
    targets = {target_of(a, s.current_player()): str(a) for a in s.legal_actions()}
    targets.pop(None, None)
    svg = board_svg(s.observation(s.current_player()), targets)
    assert sorted(re.findall(r'data-target="([^"]+)"', svg)) == sorted(targets)
    assert all(t.startswith(("sq-", "loco-")) for t in targets)
    assert 'data-target' not in board_svg(s.observation(s.current_player()))


def test_text_is_never_smaller_than_fourteen_pixels():
    """The back row reads the board at 1920x1080 (issue 29): coordinates, legends, cards, prices >= 14 px."""
    for svg in (board_svg(mid_game().observation(1)), prices_svg([0, 7, 15], [3, 7, 10])):
        sizes = [float(v) for v in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 14


def test_the_legend_explains_the_three_player_marks():
    """With three players the tile spaces left empty carry an "×"; the legend says what it means (issue 29)."""
    from giganten.pictures import UNUSED_MARK, UNUSED_WORDS

    three = board_svg(g.new_game(3).observation(0))
    assert three.count(f">{UNUSED_MARK}</text>") > 1 and f">{UNUSED_WORDS}</text>" in three
    assert UNUSED_WORDS not in board_svg(g.new_game(4).observation(0))


def test_every_action_card_says_all_it_does_within_its_borders():
    from gamekit.svg import text_width
    from giganten.components import CARDS
    from giganten.pictures import CARD_H, CARD_W, card_lines

    for card in CARDS:
        lines = card_lines(card.id)
        size = 14
        assert len(lines) * size * 1.15 <= CARD_H - 6, card
        assert max(text_width(line, size) for line in lines) <= CARD_W - 8, card


def test_a_notebook_shows_the_board_as_svg_with_a_stable_name():
    from giganten.pictures import picture

    state = list(states_along(random_game(g.new_game(4), 1)))[60]
    shown = picture(state)
    assert shown._repr_svg_() == board_svg(observed(state, None)) and "what everyone sees" in shown._repr_svg_()
    assert repr(shown) == "<picture: Giganten, round 1, Action 4>"  # (no memory address in a stored output)
    assert "what Red sees" in picture(state, viewer=0)._repr_svg_()
