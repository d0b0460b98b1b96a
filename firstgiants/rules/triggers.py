"""Resolving the effects a take triggered (rulebook "Play 1 Marker" step 3, simultaneous effects).

"If multiple effects for cards in your study would trigger at the same time, resolve them in the
order of your choice.  If effects from multiple players' cards would trigger at the same time,
resolve them in turn order, starting with all the active player's effects and proceeding clockwise."

``s.pending`` holds the triggered effects still waiting, in that order (:func:`.effects.triggered_by_take`);
``s.steps`` the steps of the effect resolving now; ``s.decision`` a choice a player has to make.
:func:`progress` works through them until a player has to choose; the order of a player's effects is
asked only when it can change something (ruling R14: :func:`order_matters`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import ResolveTrigger
from ..components import (
    CARDS, DISPLAY_FREE, DISPLAY_OR_POINT, EFFECT_ID, EFFECT_TEXT, GAIN_AMBER, GAINS, LABEL, PARTS, PURE_GAIN,
    SPEND_3_FOR_2, YOU,
)
from . import D_ORDER, REFILL, SPEND_COST, Decision
from .display import can_display
from .effects import CLOCKWISE_AFTER, STEPS, gain, multiplier

if TYPE_CHECKING:
    from ..state import State

RESOLVE_NEXT = tuple(ResolveTrigger(c) for c in range(len(CARDS)))


def progress(s: State) -> None:
    """Resolve automatically until a player has to choose: the current effect's steps one by one (a plain
    gain at once; a choice becomes ``s.decision``), then the next triggered effect; when none is left, the
    turn goes on to the refill."""
    while s.decision is None:
        steps = s.steps
        if steps:
            step = steps[0]
            s.steps = steps[1:]
            if step.effect in GAINS:
                gain(s, step)
            else:
                s.decision = Decision(step.effect, step.player, step.source, -1)
        elif s.pending:
            next_trigger(s)
        else:
            s.phase = REFILL
            return


def next_trigger(s: State) -> None:
    """The next player's triggered effects: theirs to order, unless only one remains or the order cannot matter."""
    p = s.pending[0].player
    mine = [t.card for t in s.pending if t.player == p]
    study = s.study[p]
    for card in mine:
        if card not in study:
            drop_displayed(s, p)
            return
    if len(mine) > 1 and order_matters(s, p, mine):
        s.decision = Decision(D_ORDER, p, -1, -1)
        if s._events is not None:
            s._say("Play 1 Marker", p, "{} has {} triggered effects waiting ({} and {}): the order in which "
                   "they resolve is {}'s choice.", s.names[p], len(mine), ", ".join(LABEL[c] for c in mine[:-1]),
                   LABEL[mine[-1]], s.names[p])
        return
    resolve(s, p, mine[0])


def drop_displayed(s: State, p: int) -> None:
    """``p``'s waiting effects whose card went on display before they resolved are lost (ruling R3)."""
    study = s.study[p]
    for t in s.pending:
        if t.player == p and t.card not in study:
            s._say("Display 1 Fossil", p, "The effect of {}'s {} is lost: it went on display before it "
                   "resolved, and a fossil on display loses all its effects.", s.names[p], LABEL[t.card])
    s.pending = tuple([t for t in s.pending if t.player != p or t.card in study])


def order_choices(s: State) -> tuple[ResolveTrigger, ...]:
    """Which of the deciding player's waiting effects resolves next."""
    p = _deciding(s)
    return tuple([RESOLVE_NEXT[t.card] for t in s.pending if t.player == p])


def resolve_next(s: State, action: ResolveTrigger) -> None:
    """The player's chosen effect resolves next."""
    p = _deciding(s)
    s.decision = None
    s._say("Play 1 Marker", p, "{} chooses to resolve {} next.", s.names[p], LABEL[action.card])
    resolve(s, p, action.card)


def _deciding(s: State) -> int:
    decision = s.decision
    assert decision is not None  # (the order is being decided)
    return decision.player


def resolve(s: State, p: int, card: int) -> None:
    """``card``'s effect leaves the waiting effects and starts resolving: its steps come next."""
    pending = s.pending
    first = pending[0]
    if first.card == card and first.player == p:
        s.pending = pending[1:]
    else:
        s.pending = tuple([t for t in pending if t.card != card or t.player != p])
    s.steps = STEPS[s.n][p][card]
    if s._events is not None:
        s._say("Cards' Icons & Effects", p, "{}'s {} applies: {}", s.names[p], LABEL[card], EFFECT_TEXT[card])


# -- whether the order is asked (ruling R14) -------------------------------------------------------------
PLAIN, LIVE, INERT = 0, 1, 2


def order_matters(s: State, p: int, mine: list[int]) -> bool:
    """Whether the order of ``p``'s simultaneous effects can change anything (if not, it is not asked).

    It cannot when the effects are identical plain gains; when none is live (plain gains, and choices
    that can do nothing) and the amber supply covers every amber they give; or when exactly one is live
    and every other can do nothing whatever happens first.
    """
    if PURE_GAIN[mine[0]] and all(EFFECT_ID[c] == EFFECT_ID[mine[0]] for c in mine):
        return False
    amber_coming = any(part.effect == GAIN_AMBER and part.who == YOU for c in mine for part in PARTS[c])
    kinds = [liveness(s, p, c, amber_coming) for c in mine]
    live = kinds.count(LIVE)
    if live == 0:
        return amber_given(s, p, mine) > s.amber_supply()
    return live > 1 or live + kinds.count(INERT) < len(mine)


def liveness(s: State, p: int, card: int, amber_coming: bool) -> int:
    """LIVE: ``card``'s effect offers ``p`` a real choice now, or may once amber comes (``amber_coming``);
    INERT: its one part is a choice that can do nothing whatever resolves first; PLAIN otherwise (plain
    gains, or "display or 1 point" with nothing to display: the point)."""
    if PURE_GAIN[card]:
        return PLAIN
    live = inert = False
    for part in PARTS[card]:
        effect = part.effect
        if effect in GAINS:
            continue
        if part.who != YOU or effect == DISPLAY_FREE:  # an opponent's choice, or a display at no cost
            live = True
        elif effect == SPEND_3_FOR_2:
            if amber_coming or s.amber[p] >= SPEND_COST:
                live = True
            else:
                inert = True
        elif amber_coming or can_display(s, p):
            live = True
        elif effect != DISPLAY_OR_POINT:
            inert = True
    if live:
        return LIVE
    return INERT if inert and len(PARTS[card]) == 1 else PLAIN


def amber_given(s: State, p: int, mine: list[int]) -> int:
    """The amber ``p``'s effects ``mine`` give in all (to ``p`` and, by the opponents icon, to the others)."""
    total = 0
    for card in mine:
        for part in PARTS[card]:
            if part.effect == GAIN_AMBER:
                for q in (p,) if part.who == YOU else CLOCKWISE_AFTER[s.n][p]:
                    total += part.amount * multiplier(part.multiplier, s.study[q])
    return total
