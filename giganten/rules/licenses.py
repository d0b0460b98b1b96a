"""Action 3 — Distribute Sales Licenses.

Each player in turn, the start player first, draws as many licenses as their action card shows, secretly.
One chance node per draw: its outcome is how many of the drawn cards are worth 2 (hypergeometric over the
draw pile).  When the pile runs out in the middle of a draw, the cards still there are drawn, the face-up
discard pile is shuffled into a new pile, and the rest is drawn from it -- a second chance node.
If both piles are empty (every license is in a hand) the player draws what there is.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..actions import DrawLicenses
from ..draws import hypergeometric
from . import A3, LICENSE, in_turn

if TYPE_CHECKING:
    from ..state import State


@lru_cache(maxsize=None)
def _outcomes(ones: int, twos: int, count: int) -> tuple[tuple[DrawLicenses, float], ...]:
    return tuple((DrawLicenses(count, k), p) for k, p in hypergeometric(ones, twos, count))


def begin(s: "State") -> None:
    """The start player draws first (``cursor``: players who have drawn)."""
    s.phase, s.cursor = LICENSE, 0
    _start_player(s)


def _start_player(s: "State") -> None:
    while s.cursor < s.n:
        p = in_turn(s)
        s.lic_pending = s.held_card(p).licenses
        if _settle(s):
            return  # a chance node
        s.cursor += 1


def _settle(s: "State") -> bool:
    """Refill and make the draws that need no chance; True when a chance node remains for this player."""
    p = in_turn(s)
    while s.lic_pending:
        draw = s.lic_draw
        if draw[0] + draw[1] == 0:
            disc = s.lic_disc
            if disc[0] + disc[1] == 0:
                s._say(A3, p, "Both license piles are empty (every license is in a hand): {:name} cannot draw the "
                       "{:count missing license}.", p, s.lic_pending)
                s.lic_pending = 0
                break
            s.lic_draw, s.lic_disc = s.lic_disc, (0, 0)
            s._say(A3, None, "The license pile is used up: the {} face-up discarded licenses are shuffled and become "
                   "the new pile.", disc[0] + disc[1])
            continue
        count = min(s.lic_pending, draw[0] + draw[1])
        if draw[0] and draw[1] and count < draw[0] + draw[1]:
            return True
        _draw(s, p, count, draw[1] if count == draw[0] + draw[1] else (count if draw[1] else 0))
    return False


def _draw(s: "State", p: int, count: int, twos: int) -> None:
    ones, draw = count - twos, s.lic_draw
    s.lic_draw = (draw[0] - ones, draw[1] - twos)
    s._add_licenses(p, ones, twos)
    s.lic_pending -= count
    if s.opts.open_licenses:
        s._say(A3, p, "{:name} draws {:count sales license} (now {} cards; open hands: {} of value 1 and {} of "
               "value 2).", p, count, s.license_count(p), count - twos, twos)
    else:
        s._say(A3, p, "{:name} draws {:count sales license} (now {} cards; their values stay secret).", p, count,
               s.license_count(p))


def outcomes(s: "State") -> tuple[tuple[DrawLicenses, float], ...]:
    draw = s.lic_draw
    return _outcomes(draw[0], draw[1], min(s.lic_pending, draw[0] + draw[1]))


def apply_draw(s: "State", action: DrawLicenses) -> None:
    _draw(s, in_turn(s), action.count, action.twos)
    if not _settle(s):
        s.cursor += 1
        _start_player(s)
