"""Action 4 — split movement points between locomotive and truck, move, and carry out the special action.

Player by player, the start player first.  The card's movement points form one pool the player spends in
any order on:

a) the truck: the first time, it is placed (free) on any square of the first column; then it moves
   orthogonally, paying 1 / 2 / 3 points to enter a flat / hill / mountain square, whatever lies on it.
   Squares with face-down tiles or opposing trucks may be crossed but not stopped on; squares with
   derricks may not be entered.  A step onto a square the truck may not stop on is allowed only if the
   truck can still reach a square it may stop on.  ``DriveTo`` drives along a cheapest path.
b) looking at tiles: whenever the truck stands orthogonally next to a face-down tile, its player sees the
   tile's oil -- except the red two-derrick tiles, which nobody sees before a derrick is built.
c) the own locomotive: one rail space at a time, paying the cost printed for the space entered.
d) the card's special action (optional, once): change a price by up to N spaces, take one oil chip into
   an own storage, or move all opposing locomotives back N spaces (never the black one, never behind the
   start).  Variants: ``exact_price_change``, ``one_opponent_back``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from gamekit import Action

from ..actions import (AdvanceLocomotive, ChangePrice, DriveTo, EndMovement, LocomotivesBack, PlaceTruck, Step,
                       TakeOil)
from ..board import (ADJACENT_SITES, BYTE_BITS, CELLS, DIRECTION_NAMES, ENTRY_CELLS, EXAMINABLE_SITES, NEIGHBOURS,
                     SITE_CELL, TERRAIN, _MEMO_LIMIT, cells_of, cheapest_path, reachable)
from ..components import COMPANY_COUNT, COMPONENTS, row_col, square
from ..prices import TOP
from . import A4, A4A, A4B, A4C, A4D, MOVE, in_turn

if TYPE_CHECKING:
    from ..state import State

LAST_SPACE = len(COMPONENTS.rail_costs) - 1
RAIL_COST = COMPONENTS.rail_costs
TERRAIN_WORD = {1: "flat", 2: "hill", 3: "mountain"}

_PLACE = [PlaceTruck(r) for r in range(len(ENTRY_CELLS))]
_STEP = {d: Step(d) for d in "NESW"}
_STEPS_FROM = tuple(tuple((_STEP[d], n) for d, n in NEIGHBOURS[cell]) for cell in range(CELLS))
"""For each square: (the Step action, the square it leads to), in the order N, E, S, W."""
NEIGHBOUR_TOWARDS = tuple(dict(NEIGHBOURS[cell]) for cell in range(CELLS))
"""For each square: direction letter -> the neighbouring square that way (directions off the board missing)."""
_CELL_BIT = tuple(1 << cell for cell in range(CELLS)) + (0,)
"""The bit of each square in a bit set; index -1 (a truck still beside the board) gives 0."""
_OPPONENTS = tuple(tuple(tuple(q for q in range(n) if q != p) for p in range(n))
                   for n in range(COMPONENTS.max_players + 1))
"""``_OPPONENTS[n][p]``: the seats other than p in an n-player game."""
_DRIVE = [DriveTo(*row_col(c)) for c in range(CELLS)]
_DRIVE_BY_BYTE = [[tuple(_DRIVE[8 * k + i] for i in BYTE_BITS[b] if 8 * k + i < CELLS) for b in range(256)]
                  for k in range((CELLS + 7) // 8)]
"""The DriveTo actions for byte k of a bit set of squares having the value b (listing them is the hot path)."""
_DRIVES: dict[int, tuple[DriveTo, ...]] = {}
_ADVANCE = AdvanceLocomotive()
_END = EndMovement()
_OIL = [TakeOil(c) for c in range(COMPANY_COUNT)]
_CHANGE = {(c, d): ChangePrice(c, d) for c in range(COMPANY_COUNT) for d in range(-TOP, TOP + 1) if d}
_BACK_ALL = LocomotivesBack(None)
_BACK = [LocomotivesBack(p) for p in range(COMPONENTS.max_players)]


def begin(s: "State") -> None:
    """The start player moves first (``cursor``: players who have moved)."""
    s.phase, s.cursor = MOVE, 0
    _start_turn(s)


def _start_turn(s: "State") -> None:
    p = in_turn(s)
    card = s.held_card(p)
    s.mp = card.moves
    s.special = card.special is not None
    note = " (the supply is empty, so it cannot be used)" if s.special and not special_usable(s, p) else ""
    if card.special:
        s._say(A4, p, "{:name} has {} movement points and the special action '{}'{}.", p, card.moves,
               card.special_text(), note)
    else:
        s._say(A4, p, "{:name} has {} movement points.", p, card.moves)


def _end_turn(s: "State", why: str) -> None:
    p = in_turn(s)
    s._say(A4, p, "{:name} ends movement{}.", p, why)
    card = s.held[p]
    s._return_card(p)
    s._say(A4, p, "{:name}'s {:card} goes to its discard pile.", p, card)
    s.cursor += 1
    if s.cursor < s.n:
        _start_turn(s)


# -- what the truck may do ------------------------------------------------------------------------------


def no_stop(s: "State", p: int) -> int:
    """Squares p's truck may cross but not stop on: face-down tiles and opposing trucks."""
    trucks = s.trucks
    out = s.tile_cells
    for q in _OPPONENTS[s.n][p]:
        out |= _CELL_BIT[trucks[q]]
    return out


def can_escape(s: "State", cell: int, budget: int, no_stop: int) -> bool:
    """From ``cell`` (where the truck may not stop), can it still reach a square it may stop on?"""
    return bool(reachable(cell, budget, s.derrick_cells) & ~no_stop & ~(1 << cell))


def stranded(s: "State", p: int, no_stop: int) -> bool:
    """p's truck stands on a square it may not stop on (it must move on)."""
    cell = s.trucks[p]
    return cell >= 0 and bool(no_stop >> cell & 1)


def _step_ok(s: "State", target: int, budget: int, no_stop: int) -> bool:
    cost = TERRAIN[target]
    if cost > budget or s.derrick_cells >> target & 1:
        return False
    return not no_stop >> target & 1 or can_escape(s, target, budget - cost, no_stop)


def drive_targets(s: "State", p: int, no_stop: int) -> int:
    """The bit set of squares ``DriveTo`` may go to now: reachable with the points left, where the truck may stop,
    not the truck's own square (``no_stop`` is :func:`no_stop` of ``p``)."""
    cell = s.trucks[p]
    if cell < 0 or s.mp <= 0:
        return 0
    return reachable(cell, s.mp, s.derrick_cells) & ~(no_stop | 1 << cell)


def legal(s: "State") -> list[Action]:
    p = in_turn(s)
    blocked = no_stop(s, p)
    cell, mp = s.trucks[p], s.mp
    out: list[Action]
    if cell < 0:
        out = [_PLACE[r] for r, entry in enumerate(ENTRY_CELLS)
               if not blocked >> entry & 1 or can_escape(s, entry, mp, blocked)]
    else:
        targets = drive_targets(s, p, blocked)  # a square the truck may drive to can surely be stepped to
        out = [step for step, n in _STEPS_FROM[cell] if targets >> n & 1 or _step_ok(s, n, mp, blocked)]
        out += _drive_actions(targets)
    is_stranded = stranded(s, p, blocked)
    if advance_ok(s, p, is_stranded, blocked):
        out.append(_ADVANCE)
    if s.special:
        out += _special_actions(s, p)
    if not is_stranded:
        out.append(_END)
    return out


def _drive_actions(targets: int) -> tuple[DriveTo, ...]:
    """The DriveTo actions to a bit set of squares, in square order (remembered, up to ``board._MEMO_LIMIT`` sets at a
    time, like the truck expansions)."""
    known = _DRIVES.get(targets)
    if known is None:
        out: list[DriveTo] = []
        raw = targets.to_bytes((targets.bit_length() + 7) // 8, "little")
        tail = raw.lstrip(b"\0")  # the squares start in byte len(raw) - len(tail)
        for k, byte in enumerate(tail, len(raw) - len(tail)):
            if byte:
                out += _DRIVE_BY_BYTE[k][byte]
        if len(_DRIVES) >= _MEMO_LIMIT:
            _DRIVES.clear()
        known = _DRIVES[targets] = tuple(out)
    return known


def advance_ok(s: "State", p: int, is_stranded: bool, no_stop: int) -> bool:
    """Action 4 c): p's locomotive may enter the next rail space (and a stranded truck could still move on)."""
    loco = s.locos[p]
    if loco >= LAST_SPACE:
        return False
    cost = RAIL_COST[loco + 1]
    return cost <= s.mp and (not is_stranded or can_escape(s, s.trucks[p], s.mp - cost, no_stop))


def _special_actions(s: "State", p: int) -> list[Action]:
    card = s.held_card(p)
    if card.special == "price":
        exact, prices = s.opts.exact_price_change, s.prices
        return [change for c in range(COMPANY_COUNT) for change in _price_changes(c, prices[c], card.n, exact)]
    if card.special == "oil":
        return list(_OIL) if s.supply > 0 else []
    if s.opts.one_opponent_back:
        return [_BACK[q] for q in _OPPONENTS[s.n][p]]
    return [_BACK_ALL]


def price_deltas(s: "State", company: int, n: int) -> list[int]:
    """The moves a 'change price' card allows: up to N spaces (or exactly N), staying on the track."""
    return list(_deltas(s.prices[company], n, s.opts.exact_price_change))


@lru_cache(maxsize=None)
def _deltas(index: int, n: int, exact: bool) -> tuple[int, ...]:
    """:func:`price_deltas` for a marker on track index ``index``."""
    if exact:
        return tuple(d for d in (min(n, TOP - index), -min(n, index)) if d)
    return tuple(d for d in range(-n, n + 1) if d and 0 <= index + d <= TOP)


@lru_cache(maxsize=None)
def _price_changes(company: int, index: int, n: int, exact: bool) -> tuple[ChangePrice, ...]:
    """The ChangePrice actions for ``company``'s marker on track index ``index``."""
    return tuple(_CHANGE[company, d] for d in _deltas(index, n, exact))


# -- applying (the action is one of ``legal``'s: nothing to check) ---------------------------------------


def _look(s: "State", p: int, cells: list[int]) -> None:
    """Action 4 b): p sees every examinable face-down tile next to the squares the truck occupied."""
    seen = 0
    for cell in cells:
        seen |= ADJACENT_SITES[cell]
    new = seen & EXAMINABLE_SITES & s.tile_sites & ~s.known[p]
    if new:
        s._see(p, new)
        where = tuple(SITE_CELL[i] for i in cells_of(new))
        s._say(A4B, p, "{:name}'s truck passes {:count face-down tile} at {:cells}: {:name} looks underneath (only "
               "the truck's owner learns the oil).", p, len(where), where, p)


def apply_place(s: "State", action: PlaceTruck) -> None:
    p = in_turn(s)
    cell = ENTRY_CELLS[action.row]
    s._move_truck(p, cell)
    s._say(A4A, p, "{:name} places the truck on {:cell} in the first column (free).", p, cell)
    _look(s, p, [cell])
    _after(s)


def apply_step(s: "State", action: Step) -> None:
    p = in_turn(s)
    target = NEIGHBOUR_TOWARDS[s.trucks[p]][action.direction]
    cost = TERRAIN[target]
    s.mp -= cost
    s._move_truck(p, target)
    s._say(A4A, p, "{:name} moves the truck {} to {:cell} ({}, {:count point}; {} left).", p,
           DIRECTION_NAMES[action.direction], target, TERRAIN_WORD[cost], cost, s.mp)
    _look(s, p, [target])
    _after(s)


def apply_drive(s: "State", action: DriveTo) -> None:
    p = in_turn(s)
    cell = s.trucks[p]
    target = square(action.row, action.col)
    path = cheapest_path(cell, target, s.mp, s.derrick_cells)
    assert path is not None  # offered: the target is within reach
    cost = sum(map(TERRAIN.__getitem__, path))
    s.mp -= cost
    s._move_truck(p, target)
    s._say(A4A, p, "{:name} drives the truck from {:cell} to {:cell} ({:count square}, {:count point}; {} left).",
           p, cell, target, len(path), cost, s.mp)
    _look(s, p, path)
    _after(s)


def apply_advance(s: "State", action: AdvanceLocomotive) -> None:
    p = in_turn(s)
    loco = s.locos[p]
    cost = RAIL_COST[loco + 1]
    s.mp -= cost
    s._move_locomotive(p, loco + 1)
    s._say(A4C, p, "{:name}'s locomotive advances to rail space {} ({:count point}; {} left).", p, loco + 1, cost,
           s.mp)
    _after(s)


def apply_change_price(s: "State", action: ChangePrice) -> None:
    p = in_turn(s)
    old = s.prices[action.company]
    s._set_price(action.company, old + action.delta)
    s.special = False
    s._say(A4D, p, "{:name} moves the {:company} price {} {}: {:price} -> {:price} (the colours of the table play "
           "no role here).", p, action.company, "up" if action.delta > 0 else "down", abs(action.delta), old,
           old + action.delta)
    _after(s)


def apply_take_oil(s: "State", action: TakeOil) -> None:
    p = in_turn(s)
    s.supply -= 1
    s._store(p, action.company, 1)
    s.special = False
    s._say(A4D, p, "{:name} takes an oil chip from the supply into storage at {:company}.", p, action.company)
    _after(s)


def apply_back(s: "State", action: LocomotivesBack) -> None:
    p = in_turn(s)
    n = s.held_card(p).n
    targets = (action.target,) if action.target is not None else _OPPONENTS[s.n][p]
    moved = []
    for q in targets:
        old = s.locos[q]
        s._move_locomotive(q, max(COMPONENTS.player_start, old - n))
        moved.append(f"{s.name(q)} {old} -> {s.locos[q]}")
    s.special = False
    s._emit(f"{s.name(p)} moves opposing locomotives back {n} spaces, whatever the printed costs, never behind "
            f"the start ({'; '.join(moved)}); the black locomotive never moves back.", A4D, p)
    _after(s)


def apply_end(s: "State", action: EndMovement) -> None:
    p = in_turn(s)
    unused = []
    if s.mp:
        unused.append(f"{points(s.mp)} unused")
    if special_usable(s, p):
        unused.append("the special action unused")
    _end_turn(s, f" ({', '.join(unused)})" if unused else "")


def _after(s: "State") -> None:
    """Every point spent and no special action left: the turn ends by itself."""
    p = in_turn(s)
    if s.mp == 0 and not special_usable(s, p) and s.trucks[p] >= 0 and not stranded(s, p, no_stop(s, p)):
        _end_turn(s, " (all movement points used)")


def special_usable(s: "State", p: int) -> bool:
    """The card's special action is still there to use (ruling G3: no 'take 1 oil chip' from an empty supply)."""
    return s.special and (s.held_card(p).special != "oil" or s.supply > 0)


def points(k: int) -> str:
    """A number of movement points in words: "1 point", "3 points"."""
    return f"{k} point{'s' if k != 1 else ''}"


HANDLERS: dict[type[Action], Callable[["State", Any], None]] = {
    PlaceTruck: apply_place, Step: apply_step, DriveTo: apply_drive, AdvanceLocomotive: apply_advance,
    ChangePrice: apply_change_price, TakeOil: apply_take_oil, LocomotivesBack: apply_back, EndMovement: apply_end,
}
