"""Setup 2: the production tiles are dealt face down onto their spaces.

One chance node per tile space, in site order: its outcome is the oil value of the tile that lands there,
with the probability of that value among the tiles of that kind not dealt yet.  In a three-player game
the six spaces marked for three players stay empty, and the six tiles left over go back to the box
unseen -- which leaves exactly the right distribution on the spaces that are filled.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING

from ..actions import DealTile
from ..components import SITES, TILE_KINDS
from . import DEAL, EMPTY, SETUP, TILE

if TYPE_CHECKING:
    from ..state import State

_DEALS = {v: DealTile(v) for kind in TILE_KINDS.values() for v, _ in kind.values}
_SITES_OF_KIND = {kind: tuple(s.index for s in SITES if s.kind == kind) for kind in TILE_KINDS}
_VALUES_OF_KIND = {kind: itemgetter(*sites) for kind, sites in _SITES_OF_KIND.items()}
"""Per tile kind: the values on its spaces, read from ``site_value`` as a tuple (12 spaces per kind)."""


def site_in_play(site: int, players: int) -> bool:
    """Setup 2: in a three-player game the spaces marked for three players are not filled."""
    return players == 4 or not SITES[site].three_player


def begin(s: "State") -> None:
    """Deal onto the first tile space in play (the step is over once every space in play has its tile)."""
    s.phase, s.cursor = DEAL, -1
    _next_site(s)


def _next_site(s: "State") -> None:
    s.cursor += 1
    while s.cursor < len(SITES) and not site_in_play(s.cursor, s.n):
        s.cursor += 1
    if s.cursor == len(SITES):
        left = s.site_state.count(EMPTY)
        if left:
            s._emit(f"Three players: the {left} spaces marked for three players stay empty; "
                    f"{left} tiles go back to the box unseen.", SETUP)
        s._emit(f"The production tiles lie face down; all three prices start at $5,000; "
                f"{s.name(s.start)} is the first start player and takes the die.", SETUP)


@lru_cache(maxsize=None)
def _outcomes(remaining: tuple[tuple[int, int], ...]) -> tuple[tuple[DealTile, float], ...]:
    total = sum(n for _, n in remaining)
    return tuple((_DEALS[v], n / total) for v, n in remaining if n > 0)


def remaining_tiles(s: "State", kind: int) -> tuple[tuple[int, int], ...]:
    """(value, count) of the tiles of ``kind`` not yet dealt."""
    values = _VALUES_OF_KIND[kind](s.site_value)
    return tuple([(v, n - values.count(v)) for v, n in TILE_KINDS[kind].values])


def outcomes(s: "State") -> tuple[tuple[DealTile, float], ...]:
    return _outcomes(remaining_tiles(s, SITES[s.cursor].kind))


def apply_deal(s: "State", action: DealTile) -> None:
    s._set_site_value(s.cursor, action.value)
    s._set_site(s.cursor, TILE)
    _next_site(s)
