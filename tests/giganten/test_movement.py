"""Action 4 — split movement points between truck and locomotive, move, and carry out the special action."""
from __future__ import annotations

import pytest

import giganten as g
from gamekit.i18n import using
from giganten import rules as R
from giganten.actions import (AdvanceLocomotive, ChangePrice, DriveTo, EndMovement, LocomotivesBack, PlaceTruck, Step,
                              TakeOil)
from giganten.board import cheapest_path

from .helpers import BLUE, GREEN, RED, YELLOW, beige, cell, edit, events_text, red, site, to_phase

TWELVE = beige(3, 12)
OTHERS = [beige(4, 10)] * 3


def moving(cards=None, **kw) -> g.State:
    """Round 1, Action 4, Red to move."""
    return to_phase(R.MOVE, cards=cards or [TWELVE] + OTHERS, **kw)


def test_action_4a_first_placement_is_free_on_any_square_of_the_first_column():
    s = moving()
    legal = s.legal_actions()
    assert [a for a in legal if isinstance(a, PlaceTruck)] == [PlaceTruck(r) for r in range(12)]
    assert not any(isinstance(a, (Step, DriveTo)) for a in legal)
    s = s.apply(PlaceTruck(3))
    assert s.trucks[RED] == cell(3, 0) and s.mp == 12
    assert "first column (free)" in events_text(s)


def test_action_4a_terrain_costs_1_2_3_even_with_a_tile_on_the_square():
    s = moving().apply(PlaceTruck(3))
    s = s.apply(Step("E"))  # (3, 1) is a hill
    assert s.mp == 10 and s.trucks[RED] == cell(3, 1)
    s = s.apply(Step("E"))  # (3, 2) is a flat square with a tile on it: 1 point
    assert s.mp == 9 and s.trucks[RED] == cell(3, 2)
    s = moving().apply(PlaceTruck(4)).apply(Step("E")).apply(Step("E"))  # (4, 2) is a mountain
    assert s.mp == 12 - 1 - 3


def test_action_4a_tiles_may_be_crossed_but_not_stopped_on():
    s = moving().apply(PlaceTruck(3)).apply(Step("E")).apply(Step("E"))
    assert s.trucks[RED] == cell(3, 2)
    assert EndMovement() not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="cross it but not stop") as info:
        s.apply(EndMovement())
    assert info.value.rule == R.A4A
    assert s.apply(Step("E")).trucks[RED] == cell(3, 3)


def test_action_4a_no_step_onto_a_tile_without_points_to_move_on():
    s = edit(moving().apply(PlaceTruck(3)).apply(Step("E")), mp=1)  # on (3, 1), 1 point left
    assert Step("E") not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="could not move on"):
        s.apply(Step("E"))


def test_action_4a_opposing_trucks_may_be_crossed_but_not_stopped_on():
    s = edit(moving(), trucks={BLUE: cell(5, 1)}).apply(PlaceTruck(5))
    assert Step("E") in s.legal_actions()
    assert DriveTo(5, 1) not in s.legal_actions()
    s = s.apply(Step("E"))
    assert EndMovement() not in s.legal_actions()
    s = s.apply(Step("E"))
    assert EndMovement() in s.legal_actions()


def test_action_4a_a_square_with_an_opposing_truck_in_the_first_column_is_no_stop():
    s = edit(moving(), trucks={BLUE: cell(5, 0)})
    s = edit(s, mp=0)
    assert PlaceTruck(5) not in s.legal_actions() and PlaceTruck(4) in s.legal_actions()


def test_action_4a_derricks_may_not_be_crossed():
    s = moving(tiles={(3, 2): 3})
    here = site(3, 2)
    s = edit(s, site_state={here: 2}, site_owner={here: BLUE}, site_oil={here: 3},
             tile_sites=s.tile_sites & ~(1 << here), tile_cells=s.tile_cells & ~(1 << cell(3, 2)),
             derrick_cells=1 << cell(3, 2), derricks_left={BLUE: 4}, supply=57)
    s = s.apply(PlaceTruck(3)).apply(Step("E"))
    assert Step("E") not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="derrick"):
        s.apply(Step("E"))
    path = cheapest_path(cell(3, 1), cell(3, 3), 10, s.derrick_cells)
    assert cell(3, 2) not in path


def test_action_4a_drive_to_follows_a_cheapest_path_with_a_fixed_tie_break():
    s = moving().apply(PlaceTruck(0))
    assert DriveTo(0, 4) in s.legal_actions()
    t = s.apply(DriveTo(0, 4))
    # (0,1) flat, (0,2) hill, (0,3) tile (crossed), (0,4) flat = 1+2+1+1 = 5; around via row 1 costs 1+1+1+1+1 = 5 too
    assert t.trucks[RED] == cell(0, 4) and t.mp == 7
    path = cheapest_path(cell(0, 0), cell(0, 4), 12, 0)
    assert path == cheapest_path(cell(0, 0), cell(0, 4), 12, 0)  # same path every time
    assert sum(g.COMPONENTS.terrain[c] for c in path) == 5
    assert "drives the truck from (0, 0) to (0, 4)" in events_text(t)


def test_action_4a_drive_to_only_reachable_stopping_squares():
    s = edit(moving().apply(PlaceTruck(0)), mp=3)
    targets = {(a.row, a.col) for a in s.legal_actions() if isinstance(a, DriveTo)}
    assert (0, 3) not in targets  # a tile
    assert (0, 1) in targets and (1, 2) in targets and (0, 5) not in targets
    with pytest.raises(g.IllegalAction, match="out of reach"):
        s.apply(DriveTo(5, 5))


def test_action_4b_the_truck_owner_sees_adjacent_tiles_but_not_red_two_derrick_tiles():
    s = moving(tiles={(3, 2): 4})
    s = s.apply(PlaceTruck(3)).apply(Step("E"))  # (3, 1) is next to the tile at (3, 2)
    assert s.known[RED] >> site(3, 2) & 1
    assert s.observation(RED)["known_tiles"] == {str(site(3, 2)): 4}
    assert s.observation(BLUE)["known_tiles"] == {}
    mine = next(x for x in s.observation(RED)["sites"] if (x["row"], x["col"]) == (3, 2))
    theirs = next(x for x in s.observation(BLUE)["sites"] if (x["row"], x["col"]) == (3, 2))
    assert mine["oil"] == 4 and theirs["oil"] is None
    # a red two-derrick tile: (2, 12); the truck next to it at (2, 11) learns nothing
    s = edit(s, trucks={RED: cell(2, 10)}, mp=5).apply(Step("E"))
    assert not s.known[RED] >> site(2, 12) & 1
    assert s.observation(RED)["known_tiles"] == {str(site(3, 2)): 4}


def test_action_4b_drive_to_sees_every_tile_along_the_path():
    s = moving().apply(PlaceTruck(1)).apply(DriveTo(1, 7))
    # passing (1, 3), (1, 4) or (1, 5) shows the tiles at (0, 3), (0, 5), (2, 4) depending on the path
    path = cheapest_path(cell(1, 0), cell(1, 7), 12, 0)
    seen = {i for i in range(36) if s.known[RED] >> i & 1}
    from giganten.board import ADJACENT_SITES, EXAMINABLE_SITES
    expected = set()
    for c in path:
        expected |= {i for i in range(36) if (ADJACENT_SITES[c] & EXAMINABLE_SITES) >> i & 1}
    assert seen == expected and seen


def test_action_4c_locomotive_pays_the_cost_of_each_rail_space_entered():
    s = moving()
    s = s.apply(AdvanceLocomotive())
    assert s.locos[RED] == 1 and s.mp == 11
    s = edit(s, locos={RED: 9})
    s = s.apply(AdvanceLocomotive())
    assert s.locos[RED] == 10 and s.mp == 9  # space 10 costs 2
    s = edit(s, locos={RED: 16}, mp=2)
    assert AdvanceLocomotive() not in s.legal_actions()  # space 17 costs 3
    with pytest.raises(g.IllegalAction, match="costs 3 points"):
        s.apply(AdvanceLocomotive())
    s = edit(s, locos={RED: 19}, mp=5)
    assert AdvanceLocomotive() not in s.legal_actions()


def test_action_4_points_are_one_pool_for_truck_and_locomotive_and_may_go_unused():
    s = moving().apply(AdvanceLocomotive()).apply(PlaceTruck(2)).apply(Step("E"))
    assert s.mp == 10
    s = s.apply(EndMovement())
    assert s.current_player() == BLUE and "10 points unused" in events_text(s)
    assert s.card_disc[TWELVE] == 1 and s.held[RED] == -1  # the card's actions are done: discarded


def test_action_4_the_turn_ends_by_itself_when_every_point_is_spent():
    s = edit(moving(), mp=1).apply(PlaceTruck(0)).apply(Step("E"))
    assert s.current_player() == BLUE and "all movement points used" in events_text(s)


def test_action_4d_change_price_up_to_n_clamped_to_the_track():
    s = moving(cards=[beige(4, 5)] + OTHERS)
    changes = {(a.company, a.delta) for a in s.legal_actions() if isinstance(a, ChangePrice)}
    assert changes == {(c, d) for c in range(3) for d in (-4, -3, -2, -1, 1, 2, 3, 4)}
    s = edit(s, prices={0: 14})
    ups = {a.delta for a in s.legal_actions() if isinstance(a, ChangePrice) and a.company == 0}
    assert ups == {-4, -3, -2, -1, 1}
    s = s.apply(ChangePrice(0, 1))
    assert s.prices[0] == 15 and not s.special
    assert not any(isinstance(a, ChangePrice) for a in s.legal_actions())
    with pytest.raises(g.IllegalAction, match="already been used"):
        s.apply(ChangePrice(1, 1))


def test_action_4d_variant_exact_price_change():
    s = moving(cards=[beige(4, 5)] + OTHERS, exact_price_change=True)
    changes = {(a.company, a.delta) for a in s.legal_actions() if isinstance(a, ChangePrice)}
    assert changes == {(c, d) for c in range(3) for d in (-4, 4)}
    s = edit(s, prices={0: 13})
    assert {a.delta for a in s.legal_actions() if isinstance(a, ChangePrice) and a.company == 0} == {2, -4}
    with pytest.raises(g.IllegalAction, match="exactly 4"):
        s.apply(ChangePrice(1, 3))


def test_action_4d_take_one_oil_chip_into_an_own_storage():
    oil = red(3, "oil", 1)
    s = moving(cards=[oil] + OTHERS, red_card=oil)
    assert [a for a in s.legal_actions() if isinstance(a, TakeOil)] == [TakeOil(0), TakeOil(1), TakeOil(2)]
    s = s.apply(TakeOil(2))
    assert s.stored(RED, 2) == 1 and s.supply == 59
    empty = edit(moving(cards=[oil] + OTHERS, red_card=oil), supply=0, storage={0: 60})
    assert not any(isinstance(a, TakeOil) for a in empty.legal_actions())


def test_action_4d_all_opposing_locomotives_back_never_the_black_never_behind_the_start():
    back5 = red(3, "back", 5)
    s = moving(cards=[back5] + OTHERS, red_card=back5)
    s = edit(s, locos={RED: 8, BLUE: 12, YELLOW: 3, GREEN: 5})
    assert [a for a in s.legal_actions() if isinstance(a, LocomotivesBack)] == [LocomotivesBack(None)]
    black = s.black
    s = s.apply(LocomotivesBack())
    # by spaces, whatever the printed costs: 12 -> 7 although spaces 10-12 cost 2 to enter
    assert s.locos == (8, 7, 0, 0) and s.black == black
    assert R.A4D in {e.section for e in s.events}


def test_action_4d_variant_one_opponent_back():
    back5 = red(3, "back", 5)
    s = moving(cards=[back5] + OTHERS, red_card=back5, one_opponent_back=True)
    s = edit(s, locos={BLUE: 12, YELLOW: 3, GREEN: 5})
    assert [a for a in s.legal_actions() if isinstance(a, LocomotivesBack)] == [
        LocomotivesBack(BLUE), LocomotivesBack(YELLOW), LocomotivesBack(GREEN)]
    with pytest.raises(g.IllegalAction, match="ONE"):
        s.apply(LocomotivesBack())
    assert s.apply(LocomotivesBack(BLUE)).locos == (0, 7, 3, 5)


def test_action_4_an_illegal_move_leaves_the_state_unchanged_and_says_what_is_allowed():
    s = moving().apply(PlaceTruck(3))
    before = s.fingerprint()
    with pytest.raises(g.IllegalAction) as info:
        s.apply(Step("W"))
    assert "cannot move west" in info.value.message and "move the truck" in info.value.allowed
    assert s.fingerprint() == before
    with pytest.raises(g.IllegalAction) as info:
        s.apply(g.Bid(3))
    assert info.value.rule.startswith("Action 4") and "Red moves" in info.value.allowed


def test_action_4_players_move_in_clockwise_order_from_the_start_player():
    s = moving()
    order = []
    while s.phase == R.MOVE:
        order.append(s.current_player())
        s = s.apply(EndMovement())
    assert order == [RED, BLUE, YELLOW, GREEN]


def test_describe_gives_full_sentences():
    s = moving().apply(PlaceTruck(3))
    assert s.describe(Step("E")) == "Red moves the truck east to (3, 1)"
    assert str(Step("E")) == "move the truck east"
    assert s.describe(EndMovement()) == "Red: end movement"
    assert s.describe(DriveTo(3, 2)) == "Red drives the truck to (3, 2)"


def test_describe_is_worded_in_the_readers_language():
    """The lessons print ``state.describe(action)``: in a Danish or German lesson it reads Danish or German."""
    s = moving().apply(PlaceTruck(3))
    with using("da"):
        assert s.describe(Step("E")) == "Rød flytter trucken mod øst til (3, 1)"
        assert s.describe(EndMovement()) == "Rød: afslut bevægelsen"
    with using("de"):
        assert s.describe(Step("E")) == "Rot bewegt den LKW nach Osten auf (3, 1)"
        assert s.describe(DriveTo(3, 2)) == "Rot fährt den LKW nach (3, 2)"
