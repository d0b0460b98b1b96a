"""Play 1 Marker, and the dig sites it plays on (rulebook "Game Turn", "Play 1 Marker").

"Take 1 marker from your Museum board and place it at a Dig Site that does not already contain one of
your markers.  Take 1 of the 2 cards from that Dig Site and place it in your Study."  (Its effects
are :mod:`.triggers`; the refill is :mod:`.deck`.)  "If you have no markers on your board, then you
must do the reclaim markers action" (:mod:`.reclaim`).

This module owns the layout of the dig sites in a state, and nothing else reads it directly:

* ``s.sites[site]``: a tuple of the site's spaces, each a card id or -1 when empty;
* ``s.markers[site]``: the players whose marker is at the site, as bits (bit ``p`` for player ``p``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import PlayMarker, Reclaim, TakeCard
from ..components import CARDS, LABEL
from . import MARKERS, RESOLVE, SITES, SPACES, TAKE
from .effects import triggered_by_take

if TYPE_CHECKING:
    from ..state import State

EMPTY_SITE = (-1,) * SPACES
#: The actions of a turn's start, and the cards to take, built once and shared by every legal list.
PLAY_AT = tuple(PlayMarker(site) for site in range(SITES))
RECLAIM_MARKERS = Reclaim()
TAKE_CARD = tuple(TakeCard(c) for c in range(len(CARDS)))


# -- the dig sites' layout -----------------------------------------------------------------------------
def cards_at(s: State, site: int) -> tuple[int, ...]:
    """The cards at dig ``site``, in the order of its spaces."""
    return tuple(c for c in s.sites[site] if c >= 0)


def players_at(s: State, site: int) -> tuple[int, ...]:
    """The players whose marker is at dig ``site``."""
    markers = s.markers[site]
    return tuple(p for p in range(s.n) if markers >> p & 1)


def markers_on_board(s: State, player: int) -> int:
    """Markers on ``player``'s Museum board: 4 minus those at dig sites (one per site at most)."""
    bit = 1 << player
    return MARKERS - SITES + [m & bit for m in s.markers].count(0)


def put_marker(s: State, site: int, player: int) -> None:
    """``player``'s marker is at dig ``site``."""
    s.markers[site] |= 1 << player


def has_marker(s: State, site: int, player: int) -> bool:
    return bool(s.markers[site] >> player & 1)


def markers_back(s: State, player: int) -> int:
    """Take all of ``player``'s markers back from the dig sites; returns how many."""
    bit = 1 << player
    markers = s.markers
    count = 0
    back = []  # (a loop, not a list comprehension: see ``triggers.next_trigger``)
    for m in markers:
        if m & bit:
            count += 1
        back.append(m & ~bit)
    s.markers = back
    return count


def first_empty_space(s: State) -> tuple[int, int] | None:
    """The first empty space ``(site, space)``, site by site (where setup deals the next card); None when all
    are full."""
    for site, spaces in enumerate(s.sites):
        if -1 in spaces:
            return site, spaces.index(-1)
    return None


def is_last_space(site: int, space: int) -> bool:
    """Whether ``(site, space)`` is the last space to deal (setup deals site by site, space by space)."""
    return site == SITES - 1 and space == SPACES - 1


def put_card(s: State, site: int, space: int, card: int) -> None:
    """Put ``card`` (-1: nothing) on ``space`` of dig ``site``."""
    spaces = list(s.sites[site])
    spaces[space] = card
    s.sites[site] = tuple(spaces)


# -- the turn's start: play 1 marker (or reclaim) ---------------------------------------------------------
def turn_choices(s: State) -> tuple[PlayMarker | Reclaim, ...]:
    """The active player's choices: a marker at each dig site without theirs that still has a card (if a
    marker is left on their board; ruling R16), and reclaiming (if a marker of theirs is at a dig site)."""
    bit = 1 << s.active
    out: list[PlayMarker | Reclaim] = []
    placed = 0  # the player's markers at dig sites (at most one per site)
    markers = s.markers
    for site, spaces in enumerate(s.sites):
        if markers[site] & bit:
            placed += 1
        elif spaces != EMPTY_SITE:
            out.append(PLAY_AT[site])
    if placed == MARKERS:  # no marker left on the board
        out = []
    if placed:
        out.append(RECLAIM_MARKERS)
    return tuple(out)


def play(s: State, action: PlayMarker) -> None:
    """Place a marker at the dig site; the player takes one of its cards next."""
    p, site = s.active, action.site
    put_marker(s, site, p)
    s.site = site
    s.phase = TAKE
    if s._events is not None:
        s._say("Play 1 Marker", p, "{} plays a marker at dig site {}.", s.names[p], site + 1)


def takes(s: State) -> tuple[TakeCard, ...]:
    """The cards at the dig site where the marker went."""
    out = []
    for card in s.sites[s.site]:
        if card >= 0:
            out.append(TAKE_CARD[card])
    return tuple(out)


def take(s: State, action: TakeCard) -> None:
    """The card goes into the Study, its space stays empty until the refill, and the effects it triggers
    start resolving (the taker's and the card's own first, then the other players' clockwise)."""
    p, site, card = s.active, s.site, action.card
    s.space = s.sites[site].index(card)
    put_card(s, site, s.space, -1)
    s.study[p] += (card,)
    if s._events is not None:
        s._say("Play 1 Marker", p, "{} takes {} from dig site {} into the Study.", s.names[p], LABEL[card], site + 1)
    s.pending = triggered_by_take(s.study, p, card, s.eggs_not_fossils)
    s.steps = ()
    s.decision = None
    s.phase = RESOLVE
