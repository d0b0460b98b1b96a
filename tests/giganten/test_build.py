"""Action 5 — Build a Derrick."""
from __future__ import annotations

import pytest

import giganten as g
from giganten import rules as R
from giganten.actions import Build, SkipBuild

from .helpers import BLUE, GREEN, RED, YELLOW, cell, edit, end_movement, events_text, site, to_phase
from .invariants import conservation


def building(trucks: dict[int, int], tiles=None, **changes) -> g.State:
    """Action 5 of round 1 with the trucks where given (and other fields edited)."""
    s = to_phase(R.MOVE, tiles=tiles)
    s = edit(s, trucks=trucks, **changes)
    return end_movement(s)


def test_action_5_build_next_to_a_tile_pays_the_bank_reveals_the_tile_and_fills_the_derrick():
    s = building({RED: cell(3, 1), GREEN: cell(0, 4)}, tiles={(3, 2): 3})  # Green keeps the game in Action 5
    assert s.phase == R.BUILD and s.current_player() == RED
    assert s.legal_actions() == [Build(3, 2), SkipBuild()]
    bank = s.bank
    t = s.apply(Build(3, 2))
    i = site(3, 2)
    assert t.money[RED] == 11000 and t.bank == bank + 4000
    assert (t.site_state[i], t.site_owner[i], t.site_oil[i]) == (2, RED, 3)
    assert t.supply == 57 and t.derricks_left[RED] == 4
    assert t.derrick_cells >> cell(3, 2) & 1 and not t.tile_cells >> cell(3, 2) & 1
    for viewer in (RED, BLUE):  # the tile is revealed to everyone
        entry = next(x for x in t.observation(viewer)["sites"] if (x["row"], x["col"]) == (3, 2))
        assert entry == {"site": site(3, 2), "row": 3, "col": 2, "kind": 1, "state": "derrick", "owner": RED, "oil": 3,
                         "tile_oil": 3}
    assert "pays $4,000 and builds a derrick at (3, 2): the tile shows 3 oil" in events_text(t)
    conservation(t)


@pytest.mark.parametrize("where, tile, cost", [((3, 1), (3, 2), 4000), ((2, 11), (2, 12), 6000), ((0, 10), (0, 11), 8000)])
def test_action_5_costs_4000_6000_8000_by_kind(where, tile, cost):
    s = building({RED: cell(*where)})
    t = s.apply(Build(*tile))
    assert t.money[RED] == 15000 - cost


def test_action_5_no_credit_is_granted():
    s = building({RED: cell(2, 11), BLUE: cell(5, 5)}, money={RED: 4500})
    # Red cannot afford the red tile: Red is skipped with the reason
    assert s.current_player() != RED or Build(2, 12) not in s.legal_actions()
    assert "a derrick there costs $6,000 and Red has $4,500; no credit is granted" in events_text(s)
    s = building({RED: cell(2, 11), BLUE: cell(3, 1)}, money={RED: 4500})
    assert s.current_player() == BLUE
    s = building({RED: cell(2, 11)}, money={RED: 6000})
    s = edit(s, money={RED: 4500})
    with pytest.raises(g.IllegalAction) as info:
        s.apply(Build(2, 12))
    assert info.value.rule == R.A5
    assert info.value.message == "this derrick costs $6,000 and Red has $4,500; no credit is granted."


def test_action_5_two_adjacent_tiles_the_player_chooses_one():
    s = building({RED: cell(0, 4)})
    assert s.legal_actions() == [Build(0, 3), Build(0, 5), SkipBuild()]
    t = s.apply(Build(0, 5))
    assert t.site_state[site(0, 5)] == 2 and t.site_state[site(0, 3)] == 1
    assert t.current_player() != RED  # one derrick per round


def test_action_5_only_a_tile_orthogonally_next_to_the_truck():
    s = building({RED: cell(3, 1), BLUE: cell(0, 4)})
    with pytest.raises(g.IllegalAction, match="not orthogonally next to"):
        s.apply(Build(0, 5))
    with pytest.raises(g.IllegalAction, match="no face-down production tile"):
        s.apply(Build(3, 3))


def test_action_5_players_build_in_order_and_a_truck_next_to_a_tile_someone_builds_on_stays_put():
    # Red and Blue both stand next to (3, 2); Red builds first; Blue's truck stays, with nothing to build
    s = building({RED: cell(3, 1), BLUE: cell(3, 3), YELLOW: cell(0, 4)})
    t = s.apply(Build(3, 2))
    assert t.current_player() == YELLOW  # Blue is skipped: no tile next to the truck any more
    assert t.trucks[BLUE] == cell(3, 3)


def test_action_5_all_five_derricks_used():
    s = building({RED: cell(3, 1), BLUE: cell(0, 4)}, derricks_left={RED: 0})
    assert s.current_player() == BLUE
    assert "all five of Red's derricks are on the board" in events_text(s)


def test_action_5_ruling_a_short_supply_fills_the_derrick_with_what_is_there():
    s = building({RED: cell(3, 1), GREEN: cell(0, 4)}, tiles={(3, 2): 4}, supply=2, storage={0: 58})
    t = s.apply(Build(3, 2))
    i = site(3, 2)
    assert t.site_oil[i] + (t.chip_site == i) == 2 and t.supply == 0  # (Action 6 may have begun)
    assert "the supply holds only 2, so only 2 go under it" in events_text(t)
    assert "Green cannot build: the oil supply is empty" in events_text(t)
    conservation(t)


def test_action_5_ruling_nothing_can_be_built_with_an_empty_supply():
    s = building({RED: cell(3, 1), GREEN: cell(0, 4)}, supply=0, storage={0: 60})
    assert s.phase != R.BUILD or s.current_player() != RED
    assert ("Red cannot build: the oil supply is empty, and by the kit's house rule G3 a derrick is built only with "
            "oil to put under it (in the rulebook a derrick stands only while it holds oil).") in events_text(s)


def test_action_5_skip():
    s = building({RED: cell(3, 1)})
    t = s.apply(SkipBuild())
    assert t.site_state[site(3, 2)] == 1 and t.money[RED] == 15000
    assert "Red builds nothing this round" in events_text(t)
