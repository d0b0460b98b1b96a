"""Reclaim Markers (rulebook "Reclaim Markers").

"Take all of your markers back from the Dig Sites.  For each marker reclaimed, choose 1 of the
following: Gain 1 amber OR Display 1 fossil ... in any order."  "If you have no markers at any Dig
Sites, then you must do the play 1 marker action" (:func:`.marker.turn_choices` offers no reclaim then).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Display, GainAmber, Reclaim
from . import END_TURN, RECLAIM
from .display import display, displays
from .effects import gain_amber, say_amber
from .marker import markers_back

if TYPE_CHECKING:
    from ..state import State

GAIN_ONE_AMBER = GainAmber()


def reclaim(s: State, action: Reclaim) -> None:
    """All the active player's markers come back; each gives a choice next."""
    p = s.active
    count = markers_back(s, p)
    s.reclaim_left = count
    s.phase = RECLAIM
    if s._events is not None:
        s._say("Reclaim Markers", p, "{} reclaims {} marker{}: for each, gain 1 amber or display 1 fossil.",
               s.names[p], count, "s" if count > 1 else "")


def choices(s: State) -> tuple[GainAmber | Display, ...]:
    """For the next reclaimed marker: 1 amber, or any display the player can pay for."""
    return (GAIN_ONE_AMBER, *displays(s, s.active, False, -1, False))


def amber_for_marker(s: State, action: GainAmber) -> None:
    """A reclaimed marker gives 1 amber."""
    p = s.active
    got = gain_amber(s, p, 1)
    if s._events is not None:
        say_amber(s, "Reclaim Markers", p, got, 1, "the reclaimed marker")
    _marker_done(s)


def display_for_marker(s: State, action: Display) -> None:
    """A reclaimed marker gives a display (paid as usual)."""
    display(s, s.active, action, free=False)
    _marker_done(s)


def _marker_done(s: State) -> None:
    """After the last reclaimed marker's choice the turn ends."""
    s.reclaim_left -= 1
    if not s.reclaim_left:
        s.phase = END_TURN
