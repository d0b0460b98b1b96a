"""Giganten's scenarios (giganten/data/scenarios): each loads, round-trips, and shows its lesson when its
intended moves are played -- the outcome and the event naming the rule."""
from __future__ import annotations

import json
import random

import pytest

import giganten as g
from gamekit.checks import check_position_round_trip
from giganten.components import COMPONENTS, SITES

RED, BLUE, YELLOW, GREEN = range(4)
HUDSON, JET, STANDARD = range(3)


def played(name):
    """The scenario's start, its end after the intended moves, and every event on the way."""
    start = g.scenario(name)
    s, events = start, []
    for move in g.scenario_info(name).moves():
        s = s.apply(move)
        events += s.events
    return start, s, events


def test_there_are_at_least_eight_scenarios_each_with_a_lesson():
    names = g.scenarios()
    assert len(names) >= 8
    for name in names:
        info = g.scenario_info(name)
        assert info.title and len(info.teaches) > 80 and info.rulebook and info.moves()
        assert info.rulebook in str(info)


@pytest.mark.parametrize("name", g.scenarios())
def test_a_scenario_loads_round_trips_and_its_moves_show_the_lesson(name):
    info = g.scenario_info(name)
    start, _, events = played(name)
    check_position_round_trip(start, random.Random(name))
    assert any(e.section == info.shows_section and info.shows_words in e.text for e in events), \
        [str(e) for e in events]


def test_unknown_scenario_names_the_known_ones():
    with pytest.raises(ValueError, match="auction_bluff"):
        g.scenario("no such lesson")


def test_auction_bluff_red_overbids_and_pays_eight():
    start, s, events = played("auction_bluff")
    assert s.phase_name == "pay" and s.auction.high_bidder == RED and s.auction.high_bid == 8
    assert s.licenses(BLUE) == start.licenses(BLUE) == (4, 0)
    assert any("Blue cannot outbid the bid of 8" in e.text for e in events)


def test_winner_cannot_pay_loses_half_the_cards_and_the_auction_is_repeated():
    start, s, _ = played("winner_cannot_pay")
    assert s.licenses(RED) == (2, 0) and s.lic_disc == (start.lic_disc[0] + 3, start.lic_disc[1])
    assert s.phase_name == "bid" and s.auction.company == JET and s.auction.high_bid == 0


def test_transport_fee_split_between_the_tied_opponents():
    start, s, _ = played("transport_fee_tied")
    fee = COMPONENTS.transport_fee
    assert s.money[RED] == start.money[RED] - fee
    assert s.money[BLUE] == start.money[BLUE] + fee // 2 and s.money[YELLOW] == start.money[YELLOW] + fee // 2
    assert s.money[GREEN] == start.money[GREEN] and s.stored(RED, JET) == 1


def test_overfill_returns_the_excess_for_a_thousand_each():
    start, s, _ = played("overfill")
    assert s.storage_of(RED) == (2, 2, 0)
    assert s.money[RED] == start.money[RED] + 3 * COMPONENTS.overfill_compensation
    assert s.money[BLUE] == start.money[BLUE] + 5500 and s.stored(BLUE, STANDARD) == 2
    assert s.round == start.round + 1 and s.phase_name == "roll"


def test_price_zones_move_the_markers_by_their_zone():
    _, s, events = played("price_zones")
    assert [COMPONENTS.price_track[i] for i in s.prices] == [4500, 3000, 5500]
    assert any("in the blue zone the marker always moves down" in e.text for e in events)
    assert any("in the white zone a red number moves the marker down" in e.text for e in events)


def test_last_red_card_ends_the_game_and_ranks_the_tie_by_licenses():
    _, s, events = played("last_red_card")
    assert s.is_terminal() and s.black == COMPONENTS.harbour
    ranks = {row["player"]: row["rank"] for row in s.final_accounting}
    assert ranks == {GREEN: 1, RED: 2, BLUE: 3, YELLOW: 4}
    assert any("tied with Blue: more sales licenses" in e.text for e in events)


def test_two_derrick_tile_shows_its_oil_only_when_built():
    start, s, _ = played("two_derrick_tile")
    site = next(x.index for x in SITES if (x.row, x.col) == (3, 8))
    assert not start.observation(BLUE)["known_tiles"]  # nobody may look at a red tile
    assert s.site_owner[site] == BLUE and s.site_value[site] == 5 and s.money[BLUE] == start.money[BLUE] - 6000


def test_locomotives_back_never_behind_the_start_nor_the_black_one():
    start, s, _ = played("locomotives_back")
    assert s.locos == (4, start.locos[BLUE], 6, 0) and s.black == start.black


def test_only_twos_overpay_without_change():
    _, s, _ = played("only_twos_no_change")
    assert s.licenses(GREEN) == (0, 0) and s.phase_name == "sell"


def test_three_player_board_leaves_six_spaces_empty():
    _, s, _ = played("three_player_board")
    assert s.phase_name == "roll" and s.site_state.count(0) == 6
    empty = [x for x in SITES if s.site_state[x.index] == 0]
    assert all(x.three_player for x in empty) and len(empty) == 6


def test_the_stepper_starts_from_a_scenario_or_a_state_and_undo_stops_there():
    from giganten.widgets import stepper

    st = stepper(scenario="auction_bluff", seats=["random"] * 3)
    start = g.scenario("auction_bluff")
    assert st.state == start and st.seat_picker.players.value == 3
    assert "<b>A bluff in the auction</b> (Action 7 a) Auctioning)" in st.lesson.value  # what it teaches
    assert st.scenario_menu.value == "auction_bluff"  # "Open the scenario…" starts the lesson again
    st.step()
    assert "A bluff in the auction" in st.lesson.value  # the lesson stays while its game goes on
    assert st.state.move_number == 1 and st.undo() and st.state == start and not st.undo()
    st.reset()
    assert st.lesson.value == "" and st.lesson.layout.display == "none"  # a new game: no lesson
    assert stepper(state=g.scenario("price_zones")).state == g.scenario("price_zones")
    with pytest.raises(ValueError):
        stepper(state=start, scenario="overfill")


def test_the_steppers_game_tab_opens_a_scenario_after_asking():
    from giganten.widgets import stepper

    st = stepper(players=4, seats=["random"] * 4)
    assert [name for _, name in st.scenario_menu.options] == g.scenarios()
    st.step()
    st.scenario_menu.value = "three_player_board"
    st.scenario_button.click()
    assert st.confirm.box.layout.display != "none" and st.state.move_number == 1  # the game has a move: it asks
    st.confirm.yes.click()
    start = g.scenario("three_player_board")
    assert st.state == start and st.seat_picker.players.value == 3
    assert g.scenario_info("three_player_board").title in st.lesson.value
    st.step()
    assert st.undo() and st.state == start and not st.undo()


def test_the_steppers_load_opens_a_position_file_too():
    """A teacher writes a position to a file (notebook 05) and opens it with "Load a save…": play continues from it;
    a mistake in it is reported as the position's (the field and what is allowed), not as a broken save."""
    from giganten.widgets import stepper

    position = g.scenario("auction_bluff").to_position()
    st = stepper(players=4, seats=["random"] * 4)
    st.step()
    st.load_text(json.dumps(position).encode())
    assert st.confirm.visible  # the game on screen has a move: asks first
    st.confirm.yes.click()
    assert st.state == g.scenario("auction_bluff") and st.seat_picker.players.value == 3 and not st.undo()
    position["players"][2]["money"] = -500
    st.load_text(json.dumps(position))
    assert "read as a position" in st.message.value and "players[2].money: must be &gt;= 0" in st.message.value
    assert st.state == g.scenario("auction_bluff")
    saved = st.save_text()  # a save file (it names its format) is still read as one, with its history
    st.step()
    st.load_text(saved)
    st.confirm.yes.click()
    assert st.state == g.scenario("auction_bluff")
