"""The turn, written once (rulebook "Game Turn"): the phases in order, who acts, what ends each.

A turn is a chain of small decisions; between them the state settles by itself (:func:`settle`):
automatic steps run, and a decision with exactly one legal choice is taken automatically, with an
event saying why (ruling R15).  So a state rests only at a chance node, at a real decision (two or
more choices) or at the end.

    phase     who acts        what happens                                          next
    DEAL      chance          a starting card, dealt to the first empty space       DEAL, after the 8th REVEAL
    REVEAL    chance          the deck turns up its next top card                   START
    START     active player   plays 1 marker (marker.play)                          TAKE
                              or reclaims markers (reclaim.reclaim)                 RECLAIM
    TAKE      active player   takes 1 card of that dig site (marker.take)           RESOLVE
    RESOLVE   each in turn    the effects the take triggered, one by one, with      REFILL when none is left
                              their choices (triggers.progress; the answers:
                              effects.display_choice, ...; the order of a
                              player's effects: triggers.resolve_next)
    RECLAIM   active player   per reclaimed marker: 1 amber or a display            END_TURN after the last
                              (reclaim.amber_for_marker, display_for_marker)
    REFILL    automatic       the emptied space gets the deck's top card            END_TURN
                              (deck.refill; an empty deck triggers the end)
    END_TURN  automatic       the next player clockwise (end.end_turn); after       REVEAL or START;
                              equal turns, once the end is triggered, the end       OVER
    OVER      nobody          the game is over

A decision is legal when it is in the phase's legal list (:data:`CHOICES`); the rule that carries it
out (:data:`RULES`) trusts that.  Refusals are explained in :mod:`.explain`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamekit import Action

from ..actions import (
    Deal,
    Decline,
    Display,
    GainAmber,
    GainPoint,
    PlayMarker,
    Reclaim,
    ResolveTrigger,
    Reveal,
    SpendAmber,
    TakeCard,
)
from . import (
    DEAL,
    END_TURN,
    OVER,
    RECLAIM,
    REFILL,
    RESOLVE,
    REVEAL,
    START,
    TAKE,
    deck,
    effects,
    end,
    marker,
    reclaim,
    setup,
    triggers,
)
from .explain import say_forced

if TYPE_CHECKING:
    from ..state import State

#: What each phase accepts, and the rule that carries it out (``RULES[phase][action class](state, action)``).
#: The action is legal (it is in the phase's legal list, or a chance outcome): the rules trust that.
RULES: dict[int, dict[type[Action], Callable[[State, Any], None]]] = {
    DEAL: {Deal: setup.deal},
    REVEAL: {Reveal: deck.reveal},
    START: {PlayMarker: marker.play, Reclaim: reclaim.reclaim},
    TAKE: {TakeCard: marker.take},
    RESOLVE: {ResolveTrigger: triggers.resolve_next, Display: effects.display_choice, Decline: effects.say_decline,
              GainPoint: effects.gain_point, SpendAmber: effects.spend},
    RECLAIM: {GainAmber: reclaim.amber_for_marker, Display: reclaim.display_for_marker},
}
#: The same, as a tuple indexed by phase: ``RULE_OF_PHASE[phase][type(action)]`` (read for every action).
RULE_OF_PHASE = tuple(RULES.get(phase, {}) for phase in range(OVER + 1))


#: The legal choices of a decision, by phase.
CHOICES: dict[int, Callable[[State], tuple[Action, ...]]] = {
    START: marker.turn_choices, TAKE: marker.takes, RESOLVE: triggers.choices, RECLAIM: reclaim.choices,
}


def _no_decision(s: State) -> tuple[Action, ...]:
    return ()


#: The same, as a tuple indexed by phase.
CHOICES_OF_PHASE = tuple(CHOICES.get(phase, _no_decision) for phase in range(OVER + 1))


def carry_out(s: State, action: Action) -> tuple[Action, ...] | None:
    """Carry out a legal ``action``, then settle; returns the legal actions of the decision reached (or None)."""
    RULE_OF_PHASE[s.phase][type(action)](s, action)
    return settle(s)


def settle(s: State) -> tuple[Action, ...] | None:
    """Run automatic steps and forced choices until a chance node, a real decision or the end.

    Returns the legal actions of the decision it stops at, or None (a chance node or the end).
    """
    while True:
        phase = s.phase
        if phase == RESOLVE and s.decision is None:  # the automatic steps
            triggers.progress(s)
        elif START <= phase <= RECLAIM:  # a decision (the phases in between are decisions)
            legal = CHOICES_OF_PHASE[phase](s)
            if len(legal) > 1:
                return legal
            forced(s, legal[0])
        elif phase == END_TURN:
            end.end_turn(s)
        elif phase == REFILL:
            deck.refill(s)
        elif phase == OVER:
            return None
        else:  # chance (DEAL or REVEAL)
            outcome = deck.certain(s)
            if outcome is None:
                return None  # a real chance node (its outcomes are listed when asked for)
            RULE_OF_PHASE[phase][type(outcome)](s, outcome)


def forced(s: State, action: Action) -> None:
    """Take the only legal choice, saying why it is the only one."""
    if s._events is not None:
        say_forced(s, action)
    if type(action) is Decline:
        effects.decline(s)  # (nothing happens: said why just now)
    else:
        RULE_OF_PHASE[s.phase][type(action)](s, action)
