"""Action 2 — Reveal and Take Action Cards.

a) The start player reveals a red card (chance: by the composition of the red pile) and the black
   locomotive advances as far as the card shows -- at once, whoever later takes the card.  The game ends
   immediately when the black locomotive reaches the oil harbour (``round.py`` checks it).
b) As many beige cards as players are revealed (one chance node each).
c) Each player, the start player first, takes one face-up card (the red one included); the card left
   over goes to its discard pile.
A pile that runs out is refilled by shuffling its discard pile (order is never stored: each reveal is a
chance node over the pile's composition).
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from ..actions import RevealCard, TakeCard
from ..components import CARDS, COMPONENTS
from . import A2, BEIGE, RED, TAKE, in_turn

if TYPE_CHECKING:
    from ..state import State

RED_TYPES = tuple(t.id for t in CARDS if t.color == "red")
BEIGE_TYPES = tuple(t.id for t in CARDS if t.color == "beige")
_PILES = {color: (types, itemgetter(*types)) for color, types in (("red", RED_TYPES), ("beige", BEIGE_TYPES))}
"""Per pile colour: its card types, and a getter of their counts from a list indexed by card type (both piles
have several types, so the counts come back as a tuple)."""
_REVEAL = [RevealCard(t.id) for t in CARDS]
_TAKE = [TakeCard(t.id) for t in CARDS]


def _refill(s: "State", color: str) -> None:
    """Refill an exhausted pile from its discard pile."""
    types, counts = _PILES[color]
    if any(counts(s.card_draw)):
        return
    moved = sum(counts(s.card_disc))
    s._reshuffle(types)
    s._emit(f"The {color} action card pile is used up: its {moved} discarded cards are shuffled "
            f"and become the new pile.", A2)


def _outcomes(s: "State", color: str) -> list[tuple[RevealCard, float]]:
    types, counts = _PILES[color]
    draw = s.card_draw
    total = sum(counts(draw))
    return [(_REVEAL[t], draw[t] / total) for t in types if draw[t]]


def begin_red(s: "State") -> None:
    """a) The display is empty; the red card comes first (``cursor``: cards revealed)."""
    s.display = ()
    s.phase, s.cursor = RED, 0
    _refill(s, "red")


def outcomes_red(s: "State") -> list[tuple[RevealCard, float]]:
    return _outcomes(s, "red")


def apply_red(s: "State", action: RevealCard) -> None:
    card = CARDS[action.card]
    s._reveal_card(card.id)
    old = s.black
    s.black = min(COMPONENTS.harbour, old + card.black)
    s._say(A2, s.start, "{:name} reveals the {:card}; the black locomotive advances {:count space} ({} -> {}).",
           s.start, card.id, card.black, old, s.black)
    s.cursor = 1


def begin_beige(s: "State") -> None:
    """b) One beige card per player (``cursor``: beige cards revealed)."""
    s.phase, s.cursor = BEIGE, 0
    _refill(s, "beige")


def outcomes_beige(s: "State") -> list[tuple[RevealCard, float]]:
    return _outcomes(s, "beige")


def apply_beige(s: "State", action: RevealCard) -> None:
    card = CARDS[action.card]
    s._reveal_card(card.id)
    s._say(A2, s.start, "{:name} reveals the {:card}.", s.start, card.id)
    s.cursor += 1
    if s.cursor < s.n:
        _refill(s, "beige")


def begin_take(s: "State") -> None:
    """c) The start player takes a card first (``cursor``: cards taken)."""
    s.phase, s.cursor = TAKE, 0
    _auto_take(s)


def legal_take(s: "State") -> list[TakeCard]:
    return [_TAKE[t] for t in sorted(set(s.display))]


def apply_take(s: "State", action: TakeCard) -> None:
    _take(s, action.card)
    _auto_take(s)


def _take(s: "State", card: int) -> None:
    p = in_turn(s)
    s._take_card(p, card)
    s._say(A2, p, "{:name} takes the {:card}.", p, card)
    s.cursor += 1
    if s.cursor == s.n:
        (left,) = s.display
        s.display = ()
        s._discard_card(left)
        s._say(A2, None, "The card left over, the {:card}, goes to its discard pile.", left)


def _auto_take(s: "State") -> None:
    """When every face-up card is of the same type the choice is no choice: take it."""
    while s.cursor < s.n and len(set(s.display)) == 1:
        _take(s, s.display[0])
