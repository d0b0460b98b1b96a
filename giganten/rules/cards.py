"""Action 2 — Reveal and Take Action Cards.

a) The start player reveals a red card (chance: by the composition of the red pile) and the black
   locomotive advances as far as the card shows -- at once, whoever later takes the card.  The game ends
   immediately when the black locomotive reaches the oil harbour.
b) As many beige cards as players are revealed (one chance node each).
c) Each player, the start player first, takes one face-up card (the red one included); the card left
   over goes to its discard pile.
A pile that runs out is refilled by shuffling its discard pile (order is never stored: each reveal is a
chance node over the pile's composition).
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from gamekit import IllegalAction

from ..actions import RevealCard, TakeCard
from ..components import CARDS, COMPONENTS
from . import A2, BEIGE, RED, TAKE
from . import licenses, scoring  # the next step of the round (an import cycle, used at call time only)

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
    s._own_cards()
    for t in types:
        s.card_draw[t], s.card_disc[t] = s.card_disc[t], 0
    s._emit(f"The {color} action card pile is used up: its {moved} discarded cards are shuffled "
            f"and become the new pile.", A2)


def _outcomes(s: "State", color: str) -> list[tuple[RevealCard, float]]:
    types, counts = _PILES[color]
    draw = s.card_draw
    total = sum(counts(draw))
    return [(_REVEAL[t], draw[t] / total) for t in types if draw[t]]


def begin(s: "State") -> None:
    s.display = []
    s.phase, s.cursor = RED, 0
    _refill(s, "red")


def outcomes_red(s: "State") -> list[tuple[RevealCard, float]]:
    return _outcomes(s, "red")


def outcomes_beige(s: "State") -> list[tuple[RevealCard, float]]:
    return _outcomes(s, "beige")


def apply_red(s: "State", action: RevealCard) -> None:
    card = CARDS[action.card]
    s._own_cards()
    s.card_draw[card.id] -= 1
    s.display.append(card.id)
    old = s.black
    s.black = min(COMPONENTS.harbour, old + card.black)
    s._say(A2, s.start, "{:name} reveals the {:card}; the black locomotive advances {:count space} ({} -> {}).",
           s.start, card.id, card.black, old, s.black)
    if s.black >= COMPONENTS.harbour:
        s._emit("The black locomotive has reached the oil harbour: the game ends immediately; "
                "no further actions are carried out.", "End of Game")
        scoring.end_game(s)
        return
    s.phase, s.cursor = BEIGE, 0
    _refill(s, "beige")


def apply_beige(s: "State", action: RevealCard) -> None:
    card = CARDS[action.card]
    s._own_cards()
    s.card_draw[card.id] -= 1
    s.display.append(card.id)
    s._say(A2, s.start, "{:name} reveals the {:card}.", s.start, card.id)
    s.cursor += 1
    if s.cursor == s.n:
        s.phase, s.cursor = TAKE, 0
        _auto_take(s)
    else:
        _refill(s, "beige")


def legal_take(s: "State") -> list[TakeCard]:
    return [_TAKE[t] for t in sorted(set(s.display))]


def apply_take(s: "State", action: TakeCard) -> None:
    if action.card not in s.display:
        shown = ", ".join(str(CARDS[t]) for t in sorted(set(s.display)))
        raise IllegalAction(A2, f"that card is not on display; the face-up cards are: {shown}.",
                            ", ".join(str(a) for a in legal_take(s)))
    _take(s, action.card)
    _auto_take(s)


def _take(s: "State", card: int) -> None:
    p = (s.start + s.cursor) % s.n
    s._own_cards()
    s.display.remove(card)
    s.held[p] = card
    s._say(A2, p, "{:name} takes the {:card}.", p, card)
    s.cursor += 1
    if s.cursor == s.n:
        (left,) = s.display
        s.display = []
        s.card_disc[left] += 1
        s._say(A2, None, "The card left over, the {:card}, goes to its discard pile.", left)
        licenses.begin(s)


def _auto_take(s: "State") -> None:
    """When every face-up card is of the same type the choice is no choice: take it."""
    while s.phase == TAKE and len(set(s.display)) == 1:
        _take(s, s.display[0])
