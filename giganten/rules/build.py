"""Action 5 — Build a Derrick.

Player by player, the start player first: a player whose truck stands orthogonally next to a face-down
production tile may build one derrick on it (choosing one tile if two are adjacent), paying $4,000 /
$6,000 / $8,000 for a tile with 1 / 2 / 3 derricks -- in cash, no credit -- and using one of their five
derricks.  The tile is revealed to everyone and goes back to the box; its oil comes from the supply and
goes under the derrick.  (Ruling G3: if the supply holds fewer chips than the tile shows, only the chips
there go under the derrick.  The kit's house rule: with an empty supply nothing can be built -- in the
rulebook a derrick stands on the board only while it holds oil: each one "must produce one oil chip" in
Action 6 and goes back when "the last oil chip is taken".)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Build, SkipBuild
from ..board import ADJACENT_SITES, SITE_AT, SITE_CELL, cells_of
from ..components import SITES, TILE_KINDS, square
from . import A5, BUILD, DERRICK, in_turn

if TYPE_CHECKING:
    from ..state import State

_BUILD = [Build(s.row, s.col) for s in SITES]
_SKIP = SkipBuild()


def begin(s: "State") -> None:
    """The start player first (``cursor``: players who have built or passed)."""
    s.phase, s.cursor = BUILD, 0
    _settle(s)


def _settle(s: "State") -> None:
    """Skip the players who cannot build anything; stop at the first who can choose."""
    while s.cursor < s.n:
        if legal_builds(s, in_turn(s)):
            return
        _explain_no_build(s, in_turn(s))
        s.cursor += 1


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
        s._say(A5, p, "{:name} cannot build: the oil supply is empty, and by the kit's house rule G3 a derrick is "
               "built only with oil to put under it (in the rulebook a derrick stands only while it holds oil).", p)
    else:
        cheapest = min(TILE_KINDS[SITES[i].kind].build_cost for i in tiles)
        s._say(A5, p, "{:name} cannot build: a derrick there costs {:money} and {:name} has {:money}; no credit is "
               "granted.", p, cheapest, p, s.money[p])


def legal(s: "State") -> list:
    return [_BUILD[i] for i in legal_builds(s, in_turn(s))] + [_SKIP]


def apply_build(s: "State", action: Build) -> None:
    p = in_turn(s)
    site = SITE_AT[square(action.row, action.col)]
    cost = TILE_KINDS[SITES[site].kind].build_cost
    value = s.site_value[site]
    chips = min(value, s.supply)
    s._credit(p, -cost)
    s.supply -= chips
    s._add_derricks(p, -1)
    s._set_site(site, DERRICK, p, chips)
    short = "" if chips == value else f"; the supply holds only {chips}, so only {chips} go under it"
    s._say(A5, p, "{:name} pays {:money} and builds a derrick at {:cell}: the tile shows {} oil{}.", p, cost,
           SITE_CELL[site], value, short)
    s.cursor += 1
    _settle(s)


def apply_skip(s: "State", action: SkipBuild) -> None:
    p = in_turn(s)
    s._say(A5, p, "{:name} builds nothing this round.", p)
    s.cursor += 1
    _settle(s)
