"""Action 1 — Change Market Prices: one roll of the price die per company, in company order.

The marker moves by the zone rule of ``giganten/prices.py``.  Each roll is a chance node with the six
faces, 1/6 each.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import RollPrice
from ..prices import DIE_FACES, ZONE, move_marker
from . import A1, ROLL

if TYPE_CHECKING:
    from ..state import State

_FACES = tuple((RollPrice(color, pips), 1 / len(DIE_FACES)) for color, pips in DIE_FACES)


def begin(s: "State") -> None:
    """The start player rolls for the first company (``cursor`` counts the rolls made)."""
    s.phase, s.cursor = ROLL, 0


def outcomes(s: "State") -> tuple[tuple[RollPrice, float], ...]:
    return _FACES


def _why(zone: str, color: str) -> str:
    """The zone rule that moved the marker, in words."""
    if zone == "red":
        return "in the red zone the marker always moves up"
    if zone == "blue":
        return "in the blue zone the marker always moves down"
    return f"in the white zone a {color} number moves the marker {'up' if color == 'blue' else 'down'}"


def apply_roll(s: "State", action: RollPrice) -> None:
    c = s.cursor
    old = s.prices[c]
    new = move_marker(old, (action.color, action.pips))
    s._set_price(c, new)
    s._say(A1, s.start, "{:name} rolls {} {} for {:company}: {:price} -> {:price} ({}).", s.start, action.color,
           action.pips, c, old, new, _why(ZONE[old], action.color))
    s.cursor += 1
