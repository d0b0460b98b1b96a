"""Action 8 — Resolve Overfilling, and Action 9 — Pass the Die: the end of a round, without decisions.

8. A player with more than five chips in storage at a company returns the excess to the supply and gets
   $1,000 from the bank for each.
9. The start player passes the die to the left-hand neighbour, who starts the next round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..components import COMPANY_COUNT, COMPONENTS
from . import A8, A9

if TYPE_CHECKING:
    from ..state import State


def begin(s: "State") -> None:
    """Actions 8 and 9 at once: overfilled storages, company by company in round order; then the die."""
    limit, pay = COMPONENTS.storage_limit, COMPONENTS.overfill_compensation
    for c in range(COMPANY_COUNT):
        for p in s.order():
            extra = s.stored(p, c) - limit
            if extra > 0:
                s._store(p, c, -extra)
                s.supply += extra
                s._credit(p, extra * pay)
                s._say(A8, p, "{:name} has {} chips in storage at {:company}: the supply takes back "
                       "{:count excess chip} for {:money} each.", p, limit + extra, c, extra, pay)
    old = s.start
    s.start = (s.start + 1) % s.n
    s.round += 1
    s._say(A9, s.start, "{:name} passes the die to {:name}, who starts round {}.", old, s.start, s.round)
