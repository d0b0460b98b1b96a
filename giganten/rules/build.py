"""Action 5 — Build a Derrick.

Player by player, the start player first: a player whose truck stands orthogonally next to a face-down
production tile may build one derrick on it (choosing one tile if two are adjacent), paying $4,000 /
$6,000 / $8,000 for a tile with 1 / 2 / 3 derricks -- in cash, no credit -- and using one of their five
derricks.  The tile is revealed to everyone and goes back to the box; its oil comes from the supply and
goes under the derrick.  (Ruling: if the supply holds fewer chips than the tile shows, only the chips
there go under the derrick; with an empty supply nothing can be built.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit import IllegalAction

from ..actions import Build, SkipBuild
from ..board import ADJACENT_SITES, SITE_AT, SITE_BIT, SITE_CELL, cells_of
from ..components import COLUMNS, ROWS, SITES, TILE_KINDS, cell_name, money
from . import A5, BUILD
from . import production  # the next step of the round (an import cycle, used at call time only)

if TYPE_CHECKING:
    from ..state import State

_BUILD = [Build(s.row, s.col) for s in SITES]
_SKIP = SkipBuild()


def begin(s: "State") -> None:
    s.phase, s.cursor = BUILD, 0
    _settle(s)


def _player(s: "State") -> int:
    return (s.start + s.cursor) % s.n


def _settle(s: "State") -> None:
    """Skip the players who cannot build anything; stop at the first who can choose."""
    while s.cursor < s.n:
        if legal_builds(s, _player(s)):
            return
        _explain_no_build(s, _player(s))
        s.cursor += 1
    production.begin(s)


def adjacent_tiles(s: "State", p: int) -> list[int]:
    """Sites with a face-down tile orthogonally next to p's truck."""
    cell = s.trucks[p]
    tiles = ADJACENT_SITES[cell] & s.tile_sites if cell >= 0 else 0
    return cells_of(tiles) if tiles else []


def legal_builds(s: "State", p: int) -> list[int]:
    if s.derricks_left[p] == 0 or s.supply == 0:
        return []
    money_ = s.money[p]
    return [i for i in adjacent_tiles(s, p) if TILE_KINDS[SITES[i].kind].build_cost <= money_]


def _explain_no_build(s: "State", p: int) -> None:
    tiles = adjacent_tiles(s, p)
    if not tiles:
        return
    if s.derricks_left[p] == 0:
        s._say(A5, p, "{:name} cannot build: all five of {:name}'s derricks are on the board.", p, p)
    elif s.supply == 0:
        s._say(A5, p, "{:name} cannot build: the oil supply is empty, so there is no oil to put under a derrick.", p)
    else:
        cheapest = min(TILE_KINDS[SITES[i].kind].build_cost for i in tiles)
        s._say(A5, p, "{:name} cannot build: a derrick there costs {:money} and {:name} has {:money}; no credit is "
               "granted.", p, cheapest, p, s.money[p])


def legal(s: "State") -> list:
    return [_BUILD[i] for i in legal_builds(s, _player(s))] + [_SKIP]


def apply_build(s: "State", action: Build) -> None:
    p = _player(s)
    site = _site_for(s, p, action)
    cost = TILE_KINDS[SITES[site].kind].build_cost
    if s.money[p] < cost:
        raise IllegalAction(A5, f"this derrick costs {money(cost)} and {s.name(p)} has {money(s.money[p])}; "
                            "no credit is granted.", _allowed(s))
    if s.derricks_left[p] == 0:
        raise IllegalAction(A5, f"all five of {s.name(p)}'s derricks are on the board.", _allowed(s))
    if s.supply == 0:
        raise IllegalAction(A5, "the oil supply is empty: there is no oil to put under a derrick (ruling).", _allowed(s))
    value = s.site_value[site]
    chips = min(value, s.supply)
    s._own_wealth()
    s.money[p] -= cost
    s.bank += cost
    s.supply -= chips
    s._own_sites()
    s.derricks_left[p] -= 1
    s.site_state[site] = 2
    s.site_owner[site] = p
    s.site_oil[site] = chips
    s.tile_sites &= ~(1 << site)
    s.tile_cells &= ~SITE_BIT[site]
    s.derrick_cells |= SITE_BIT[site]
    short = "" if chips == value else f"; the supply holds only {chips}, so only {chips} go under it"
    s._say(A5, p, "{:name} pays {:money} and builds a derrick at {:cell}: the tile shows {} oil{}.", p, cost,
           SITE_CELL[site], value, short)
    s.cursor += 1
    _settle(s)


def _site_for(s: "State", p: int, action: Build) -> int:
    cell = action.row * COLUMNS + action.col if 0 <= action.row < ROWS and 0 <= action.col < COLUMNS else -1
    site = SITE_AT[cell] if cell >= 0 else -1
    if site < 0 or s.site_state[site] != 1:
        raise IllegalAction(A5, f"there is no face-down production tile at ({action.row}, {action.col}).", _allowed(s))
    if site not in adjacent_tiles(s, p):
        where = cell_name(s.trucks[p]) if s.trucks[p] >= 0 else "beside the board"
        raise IllegalAction(A5, f"{s.name(p)}'s truck ({where}) is not orthogonally next to "
                            f"({action.row}, {action.col}).", _allowed(s))
    return site


def apply_skip(s: "State", action: SkipBuild) -> None:
    p = _player(s)
    s._say(A5, p, "{:name} builds nothing this round.", p)
    s.cursor += 1
    _settle(s)


def _allowed(s: "State") -> str:
    return ", ".join(str(a) for a in legal(s))
