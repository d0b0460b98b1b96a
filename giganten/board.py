"""The landscape's geometry, computed once at import from the board data.

Squares are numbered row-major: ``cell = row * 20 + col``.  Sets of squares are Python ints used as
bit sets (bit ``cell`` set = the square is in the set), which makes "every square the truck can reach
with 7 movement points" a handful of integer operations instead of a loop over the board.

Action 4 a) Moving Trucks: a truck moves orthogonally; entering a square costs its terrain (1 flat,
2 hill, 3 mountain), whatever lies on it; squares with production tiles or opposing trucks may be crossed
but not stopped on; squares with derricks may not be entered at all.
"""
from __future__ import annotations

from itertools import accumulate
from operator import or_
from typing import Sequence

from .components import COLUMNS, COMPONENTS, ROWS, SITES

CELLS = ROWS * COLUMNS
TERRAIN: tuple[int, ...] = COMPONENTS.terrain
FULL = (1 << CELLS) - 1

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _mask(cells) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


TERRAIN_MASK = {cost: _mask(c for c in range(CELLS) if TERRAIN[c] == cost) for cost in (1, 2, 3)}
NOT_EAST_EDGE = _mask(c for c in range(CELLS) if c % COLUMNS != COLUMNS - 1)
NOT_WEST_EDGE = _mask(c for c in range(CELLS) if c % COLUMNS != 0)
ENTRY_CELLS: tuple[int, ...] = tuple(r * COLUMNS + COMPONENTS.truck_entry_column for r in range(ROWS))


def _step(cell: int, d: str) -> int:
    dr, dc = DIRECTIONS[d]
    r, c = divmod(cell, COLUMNS)
    r, c = r + dr, c + dc
    return r * COLUMNS + c if 0 <= r < ROWS and 0 <= c < COLUMNS else -1


NEIGHBOURS: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    tuple((d, n) for d in DIRECTIONS if (n := _step(cell, d)) >= 0) for cell in range(CELLS)
)
"""For each square: (direction letter, neighbouring square) in the order N, E, S, W."""

SITE_AT: tuple[int, ...] = tuple(next((s.index for s in SITES if s.cell == c), -1) for c in range(CELLS))
"""The site index on each square, or -1."""
SITE_CELL: tuple[int, ...] = tuple(s.cell for s in SITES)
SITE_BIT: tuple[int, ...] = tuple(1 << s.cell for s in SITES)
ADJACENT_SITES: tuple[int, ...] = tuple(
    _mask(SITE_AT[n] for _, n in NEIGHBOURS[c] if SITE_AT[n] >= 0) for c in range(CELLS)
)
"""For each square: the bit set (over site indices) of tile spaces orthogonally next to it."""
EXAMINABLE_SITES = _mask(s.index for s in SITES if COMPONENTS.tile_kinds[s.kind - 1].examinable)
"""Site indices whose tiles may be examined while passing (not the red two-derrick ones)."""


def neighbours_of(cells: int) -> int:
    """The bit set of squares orthogonally next to any square of ``cells``."""
    return (
        ((cells & NOT_EAST_EDGE) << 1)
        | ((cells & NOT_WEST_EDGE) >> 1)
        | ((cells << COLUMNS) & FULL)
        | (cells >> COLUMNS)
    )


_MEMO_LIMIT = 20_000
_FREE_DEPTH = max(card.moves for card in COMPONENTS.cards)
"""The most movement points a truck can have (the best card's): how far unblocked expansions are kept."""
_UNBLOCKED: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_EXPANSIONS: dict[tuple[int, int, int], tuple[tuple[int, ...], int]] = {}


def _expand(start: int, budget: int, blocked: int) -> tuple[tuple[int, ...], int]:
    """Squares by cheapest cost from ``start``: ``layers[k]`` = bit set of squares at cost exactly k; and the
    union of them all (:func:`reachable`).

    Only costs up to ``budget`` are computed (the layers stop early once nothing more can be reached);
    squares in ``blocked`` (derricks) are never entered.  A square of terrain t is first reached at cost k
    when a neighbour is at cost k - t, which is Dijkstra's order for costs 1-3 without a priority queue.

    Remembered: with nothing blocked, once per start square for every budget up to ``_FREE_DEPTH`` (the
    first ``budget`` layers are the same whatever the budget); otherwise (up to ``_MEMO_LIMIT`` positions at a
    time) by the blocked squares that the truck could reach if nothing were blocked, the only ones that matter.
    """
    if budget > _FREE_DEPTH:
        return _layers(start, budget, blocked)
    layers, reach = _unblocked(start)
    free = reach[budget]
    if not blocked & free:
        return layers[: budget + 1], free
    key = (start, budget, blocked & free)
    known = _EXPANSIONS.get(key)
    if known is None:
        known = _remember(key, _layers(start, budget, key[2]))
    return known


def _unblocked(start: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cost layers from ``start`` with nothing blocked, up to ``_FREE_DEPTH``, and for each budget 0 to
    ``_FREE_DEPTH`` the squares within it (computed once per square)."""
    known = _UNBLOCKED.get(start)
    if known is None:
        layers = _layers(start, _FREE_DEPTH, 0)[0]
        within = tuple(accumulate(layers, or_))
        within += within[-1:] * (_FREE_DEPTH + 1 - len(within))  # the layers may stop early: all reached by then
        known = _UNBLOCKED[start] = (layers, within)
    return known


def _remember(key: tuple[int, int, int], expansion: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], int]:
    """Keep an expansion for :func:`_expand` (forgetting them all when ``_MEMO_LIMIT`` are kept)."""
    if len(_EXPANSIONS) >= _MEMO_LIMIT:
        _EXPANSIONS.clear()
    _EXPANSIONS[key] = expansion
    return expansion


def _layers(start: int, budget: int, blocked: int) -> tuple[tuple[int, ...], int]:
    """:func:`_expand` worked out: one layer per movement point, Dijkstra's order for costs 1-3."""
    first = 1 << start
    layers = [first]
    unreached = FULL & ~(first | blocked)  # squares not reached yet that may be entered
    a1, a2, a3 = neighbours_of(first), 0, 0  # the squares next to the last three layers
    t1, t2, t3 = TERRAIN_MASK[1], TERRAIN_MASK[2], TERRAIN_MASK[3]
    for _ in range(budget):
        new = ((a1 & t1) | (a2 & t2) | (a3 & t3)) & unreached
        unreached ^= new
        layers.append(new)
        a3, a2, a1 = a2, a1, neighbours_of(new) if new else 0
        if not (a1 or a2 or a3):
            break  # nothing left to reach
    return tuple(layers), FULL & ~unreached & ~blocked


def reachable(start: int, budget: int, blocked: int) -> int:
    """Every square a truck on ``start`` can reach with ``budget`` points (``start`` included)."""
    return _expand(start, budget, blocked)[1]


def cheapest_path(start: int, target: int, budget: int, blocked: int,
                  layers: Sequence[int] | None = None) -> list[int] | None:
    """A cheapest path from ``start`` to ``target`` (squares entered, in order), or None if out of reach.

    Ties are broken the same way every time: walking back from the target, the first neighbour in the
    order N, E, S, W that lies on a cheapest path is taken.  ``layers`` may pass in the cost layers of
    ``_expand(start, budget, blocked)`` when they are already known.
    """
    if layers is None:
        layers = _expand(start, budget, blocked)[0]
    bit = 1 << target
    for cost, layer in enumerate(layers):  # noqa: B007 (``cost`` is read after the loop)
        if layer & bit:
            break
    else:
        return None
    if target == start:
        return None
    path = [target]
    cell, k = target, cost
    while k > 0:
        k -= TERRAIN[cell]
        layer = layers[k]
        for _, n in NEIGHBOURS[cell]:
            if layer >> n & 1:
                cell = n  # the first neighbour (N, E, S, W) on a cheapest path
                break
        path.append(cell)
    path.pop()  # the start square is not entered
    path.reverse()
    return path


BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
"""For each byte value, the positions of its set bits."""


_SITE_BYTES = (len(SITES) + 7) // 8
_SITE_BITS = 8 * _SITE_BYTES
_MEMBERS_BY_BYTE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in BYTE_BITS[b]) for b in range(256)) for k in range(_SITE_BYTES))
"""For byte k of a bit set of sites having the value b, the members it holds (the rules list sets of sites;
a table for all ``CELLS`` squares would take six times as long to build at import)."""


def cells_of(mask: int) -> list[int]:
    """The members of a bit set (squares or sites), in increasing order."""
    out: list[int] = []
    if mask >> _SITE_BITS:  # beyond the sites (a set of squares, not used by the rules): byte by byte
        for k, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
            out += [8 * k + i for i in BYTE_BITS[byte]]
        return out
    for members, byte in zip(_MEMBERS_BY_BYTE, mask.to_bytes((mask.bit_length() + 7) // 8, "little")):
        if byte:
            out += members[byte]
    return out
