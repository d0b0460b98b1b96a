"""The face-up deck: its next card (chance) and the refill of a dig site (rulebook "Setup", "Play 1 Marker").

The deck is face up, so every card is public: the deck is the multiset of the cards left plus its
public top card.  Dealing the 8 starting cards (:mod:`.setup`) and turning up the next top card are
chance nodes over the cards left, identical cards being one outcome (its lowest id stands for all).
A chance node with a single outcome is drawn without asking.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING

from gamekit import Action
from gamekit.i18n.say import Say
from gamekit.positions import ChanceConcern

from ..actions import Deal, Reveal
from ..components import CARDS, EFFECT_TEXT, KIND, LABEL, UNIQUE_KINDS
from . import DEAL, END_TURN, REVEAL, START
from .end import announce_turn, trigger_end
from .marker import first_empty_space, put_card

if TYPE_CHECKING:
    from ..state import State

#: The chance outcomes, one action per card, built once.
DEAL_CARD = tuple(Deal(c) for c in range(len(CARDS)))
REVEAL_CARD = tuple(Reveal(c) for c in range(len(CARDS)))


@cache
def _uniform_outcomes(deal: bool, left: int) -> tuple[tuple[Action, float], ...]:
    """(action, 1 / left) for every card id: the chance outcomes of a deck of ``left`` different cards."""
    return tuple(((DEAL_CARD if deal else REVEAL_CARD)[c], 1 / left) for c in range(len(CARDS)))


def outcomes(s: State) -> tuple[tuple[Action, float], ...]:
    """The deck's next card: each kind of card left, with probability count / cards left."""
    deck = s.deck
    if UNIQUE_KINDS:  # each card left is one outcome, 1 / cards left (the pairs are built once)
        pairs = _uniform_outcomes(s.phase == DEAL, len(deck))
        return itemgetter(*deck)(pairs) if len(deck) > 1 else (pairs[deck[0]],)
    table = DEAL_CARD if s.phase == DEAL else REVEAL_CARD
    counts: dict[int, list[int]] = {}
    for c in deck:
        entry = counts.get(KIND[c])
        if entry is None:
            counts[KIND[c]] = [c, 1]
        else:
            entry[1] += 1
    return tuple((table[c], k / len(deck)) for c, k in counts.values())


def equally_likely(s: State) -> tuple[int, float] | None:
    """When no two cards are identical, the deck's next card is any card left, each with probability 1 / cards
    left (:func:`outcomes` lists them in deck order, the i-th being :func:`outcome_at`): their number and that
    probability.  None otherwise."""
    if not UNIQUE_KINDS:
        return None
    left = len(s.deck)
    return left, 1 / left


def concern(s: State) -> ChanceConcern | None:
    """What the chance node decides: the starting card dealt to the next dig site, or the deck's new top card (its
    sentence worded when read)."""
    if s.phase == DEAL:
        empty = first_empty_space(s)
        assert empty is not None  # (a card is dealt while a space is empty)
        return ChanceConcern("card", None, f"dig site {empty[0] + 1}", 1,
                             Say("the starting card dealt face up to dig site {} (Setup)", empty[0] + 1))
    if s.phase == REVEAL:
        left = len(s.deck)
        return ChanceConcern("card", None, "deck", 1, Say(
            "the deck's new top card, turned up from the {} card left (Play 1 Marker)", left,
            plural="the deck's new top card, turned up from the {} cards left (Play 1 Marker)", n=left))
    return None


def is_outcome(s: State, action: Action) -> bool:
    """Whether ``action`` is one of :func:`outcomes` (a card of the deck, the lowest id of its kind)."""
    card = getattr(action, "card", -1)
    if type(action) is not (Deal if s.phase == DEAL else Reveal) or not in_deck(s.deck, card):
        return False
    return UNIQUE_KINDS or not any(KIND[d] == KIND[card] for d in s.deck if d < card)


def in_deck(deck: tuple[int, ...], card: int) -> bool:
    """``card in deck``, by bisection (the deck is kept in increasing order: see :func:`draw`)."""
    i = bisect_left(deck, card)
    return i < len(deck) and deck[i] == card


def certain(s: State) -> Action | None:
    """The next card's outcome when it is the only one (a single kind of card left), else None."""
    deck = s.deck
    if len(deck) > 1 and (UNIQUE_KINDS or not _one_kind(deck)):
        return None
    return (DEAL_CARD if s.phase == DEAL else REVEAL_CARD)[deck[0]]


# (Helpers, not generators inside the busy functions above: a generator would make their variables cells, at a
# cost on every call even when it does not run.)
def _one_kind(deck: tuple[int, ...]) -> bool:
    """Whether every card of ``deck`` is of the same kind."""
    kind = KIND[deck[0]]
    return all(KIND[c] == kind for c in deck)


def _lowest_of_kind(deck: tuple[int, ...], card: int) -> int:
    """The lowest card of ``deck`` identical to ``card`` (it stands for all of them)."""
    kind = KIND[card]
    return next(c for c in deck if KIND[c] == kind)


def outcome_at(s: State, i: int) -> Action:
    """The outcome of drawing the ``i``-th card of the deck (identical cards: the lowest id stands for all)."""
    deck = s.deck
    card = deck[i]
    if not UNIQUE_KINDS:
        card = _lowest_of_kind(deck, card)
    return (DEAL_CARD if s.phase == DEAL else REVEAL_CARD)[card]


def draw(s: State, card: int) -> None:
    """``card`` comes off the deck (kept in increasing order of card ids)."""
    deck = s.deck
    i = bisect_left(deck, card)
    s.deck = deck[:i] + deck[i + 1:]


def reveal(s: State, action: Reveal) -> None:
    """The deck's next card is turned up as its top card; the turn starts."""
    card = action.card
    draw(s, card)
    s.top = card
    s.phase = START
    if s._events is not None:
        s._say("Play 1 Marker" if s.turns else "Setup", None, "The deck's top card is now {} ({}); {} more below it.",
               LABEL[card], EFFECT_TEXT[card], len(s.deck))
        announce_turn(s)


def refill(s: State) -> None:
    """"Refill the open Dig Site space with the top card of the deck"; the deck running out triggers the end
    (ruling R16: once it is empty, the space stays empty)."""
    site = s.site
    if s.top >= 0:
        card, s.top = s.top, -1
        put_card(s, site, s.space, card)
        if s._events is not None:
            s._say("Play 1 Marker", None, "Dig site {} is refilled with {}, the deck's top card.", site + 1,
                   LABEL[card])
        if not s.deck:
            trigger_end(s, "the deck is empty after a refill")
    else:
        s._say("Play 1 Marker", None, "The deck is empty: dig site {} is not refilled.", site + 1)
    s.phase = END_TURN
