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
                              their choices (triggers.progress; effects.choose,
                              or the order: triggers.resolve_next)
    RECLAIM   active player   per reclaimed marker: 1 amber or a display            END_TURN after the last
                              (reclaim.choose)
    REFILL    automatic       the emptied space gets the deck's top card            END_TURN
                              (deck.refill; an empty deck triggers the end)
    END_TURN  automatic       the next player clockwise (end.end_turn); after       REVEAL or START;
                              equal turns, once the end is triggered, the end       OVER
    OVER      nobody          the game is over

A decision is legal when it is in the phase's legal list (:data:`CHOICES`); the rule that carries it
out (:data:`CARRY_OUT`) trusts that.  Refusals are explained in :mod:`.explain`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, cast

from gamekit import Action

from ..actions import Decline, PlayMarker, Reclaim, ResolveTrigger
from . import D_ORDER, DEAL, END_TURN, OVER, RECLAIM, REFILL, RESOLVE, REVEAL, START, TAKE
from . import deck, effects, end, marker, reclaim, setup, triggers
from .explain import say_forced

if TYPE_CHECKING:
    from ..state import State


def start(s: State, action: Action) -> None:
    """The turn's first decision: play 1 marker or reclaim markers."""
    if isinstance(action, Reclaim):
        reclaim.reclaim(s, action)
    else:
        marker.play(s, cast(PlayMarker, action))  # (the other legal action here)


def decide(s: State, action: Action) -> None:
    """A decision while effects resolve: the order of simultaneous effects, or an effect's choice."""
    if isinstance(action, ResolveTrigger):
        triggers.resolve_next(s, action)
    else:
        effects.choose(s, cast(effects.Answer, action))  # (an answer to the choice)


def resolve_choices(s: State) -> tuple[Action, ...]:
    decision = s.decision
    assert decision is not None  # (settle asks only when a decision is pending)
    return triggers.order_choices(s) if decision.code == D_ORDER else effects.choices(s, decision)


#: The rule that carries out a legal action, by phase (chance outcomes included).
CARRY_OUT: dict[int, Callable[..., None]] = {
    DEAL: setup.deal, REVEAL: deck.reveal, START: start, TAKE: marker.take, RESOLVE: decide, RECLAIM: reclaim.choose,
}
#: The legal choices of a decision, by phase.
CHOICES: dict[int, Callable[[State], tuple[Action, ...]]] = {
    START: marker.turn_choices, TAKE: marker.takes, RESOLVE: resolve_choices, RECLAIM: reclaim.choices,
}
#: The automatic steps, by phase (RESOLVE is automatic while no decision is pending).
AUTOMATIC: dict[int, Callable[[State], None]] = {RESOLVE: triggers.progress, REFILL: deck.refill, END_TURN: end.end_turn}


def settle(s: State) -> tuple[Action, ...] | None:
    """Run automatic steps and forced choices until a chance node, a real decision or the end.

    Returns the legal actions of the decision it stops at, or None (a chance node or the end).
    """
    while True:
        phase = s.phase
        if phase in AUTOMATIC and (phase != RESOLVE or s.decision is None):
            AUTOMATIC[phase](s)
        elif phase == OVER:
            return None
        elif phase == DEAL or phase == REVEAL:
            outcome = deck.certain(s)
            if outcome is None:
                return None  # a real chance node (its outcomes are listed when asked for)
            CARRY_OUT[phase](s, outcome)
        else:
            legal = CHOICES[phase](s)
            if len(legal) > 1:
                return legal
            forced(s, legal[0])


def forced(s: State, action: Action) -> None:
    """Take the only legal choice, saying why it is the only one."""
    if s._events is not None:
        say_forced(s, action)
    if isinstance(action, Decline):
        effects.decline(s)  # (nothing happens: said why just now)
    else:
        CARRY_OUT[s.phase](s, action)
