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

from gamekit import Action

from ..actions import ResolveTrigger
from ..components import (
    CARDS,
    COST,
    DISPLAY,
    DISPLAY_FREE,
    DISPLAY_OR_POINT,
    EFFECT_ID,
    EFFECT_TEXT,
    GAIN_AMBER,
    GAINS,
    LABEL,
    PARTS,
    PURE_GAIN,
    SPEND_3_FOR_2,
    TOKENS,
    YOU,
)
from . import D_ORDER, REFILL, SPEND_COST, Decision
from .effects import CLOCKWISE_AFTER, SOLE_OPTION, STEPS, answers, gain, multiplier
from .explain import say_does_nothing

if TYPE_CHECKING:
    from ..state import State

RESOLVE_NEXT = tuple(ResolveTrigger(c) for c in range(len(CARDS)))
#: ``ORDER_DECISION[p]``: ``p`` chooses which of their effects resolves next.
ORDER_DECISION = tuple(Decision(D_ORDER, p, -1, -1) for p in range(TOKENS.max_players))


def progress(s: State) -> None:
    """Resolve automatically until a player has to choose: the current effect's steps one by one (a plain
    gain at once; a choice becomes ``s.decision``, unless it can do nothing), then the next triggered
    effect; when none is left, the turn goes on to the refill."""
    while s.decision is None:
        steps = s.steps
        if steps:
            step = steps[0]
            s.steps = steps[1:]
            if step.ask is None:
                gain(s, step)
            elif step.effect == DISPLAY_OR_POINT or has_choice(s, step.effect, step.player):
                s.decision = step.ask  # (with nothing to display, "display or 1 point" gives the point)
            elif s._events is not None:  # nothing to choose: the effect does nothing (said, not asked)
                say_does_nothing(s, step.player, step.effect, -1)
        elif s.pending:
            next_trigger(s)
        else:
            s.phase = REFILL
            return


def has_choice(s: State, effect: int, p: int) -> bool:
    """Whether the choice ``effect`` offers ``p`` more than declining: 3 amber to spend, a fossil in the Study
    for a display at no cost, an affordable fossil for any other display (a display can always start a new
    set)."""
    if effect == SPEND_3_FOR_2:
        return s.amber[p] >= SPEND_COST
    study = s.study[p]
    if effect == DISPLAY_FREE:
        return bool(study)
    budget = s.amber[p]
    for card in study:
        if COST[card] <= budget:
            return True
    return False


def next_trigger(s: State) -> None:
    """The next player's triggered effects: theirs to order, unless only one remains or the order cannot matter.

    Effects that can do nothing (one choice, impossible) resolve at once, in order, doing nothing."""
    pending = s.pending
    first = pending[0]
    p = first.player
    study = s.study[p]
    card = first.card
    if (len(pending) == 1 or pending[1].player != p) and card in study:  # a single effect: no order
        option = SOLE_OPTION[card]
        if option >= 0 and not has_choice(s, option, p):  # (does_nothing, inlined: the busiest case)
            pass_over(s, p, [card])
        else:
            resolve(s, p, card)
        return
    mine = []  # (loops, not comprehensions, in the busy rules: in Python 3.11 a comprehension is a function call)
    for t in pending:
        if t.player == p:
            mine.append(t.card)
    for card in mine:
        if card not in study:
            drop_displayed(s, p)
            return
    for card in mine:
        if not does_nothing(s, p, card):
            break
    else:
        pass_over(s, p, mine)
        return
    if order_matters(s, p, mine):
        s.decision = ORDER_DECISION[p]
        if s._events is not None:
            s._say("Play 1 Marker", p, "{} has {} triggered effects waiting ({} and {}): the order in which "
                   "they resolve is {}'s choice.", s.names[p], len(mine), ", ".join(LABEL[c] for c in mine[:-1]),
                   LABEL[mine[-1]], s.names[p])
        return
    resolve(s, p, mine[0])


def does_nothing(s: State, p: int, card: int) -> bool:
    """Whether ``card``'s effect can do nothing: it is one choice, and ``p`` cannot make it."""
    option = SOLE_OPTION[card]
    return option >= 0 and not has_choice(s, option, p)


def pass_over(s: State, p: int, cards: list[int]) -> None:
    """``p``'s effects ``cards`` (each able to do nothing) resolve one after the other, doing nothing."""
    s.pending = s.pending[len(cards):]  # (a player's waiting effects come first, together)
    if s._events is not None:
        for card in cards:
            say_applies(s, p, card)
            say_does_nothing(s, p, SOLE_OPTION[card], -1)


def drop_displayed(s: State, p: int) -> None:
    """``p``'s waiting effects whose card went on display before they resolved are lost (ruling R3)."""
    study = s.study[p]
    for t in s.pending:
        if t.player == p and t.card not in study:
            s._say("Display 1 Fossil", p, "The effect of {}'s {} is lost: it went on display before it "
                   "resolved, and a fossil on display loses all its effects.", s.names[p], LABEL[t.card])
    s.pending = tuple([t for t in s.pending if t.player != p or t.card in study])


def choices(s: State) -> tuple[Action, ...]:
    """The legal answers to the pending decision: which of the player's waiting effects resolves next
    (the order), or the answers to an effect's choice (:func:`.effects.answers`)."""
    decision = s.decision
    assert decision is not None  # (a state rests in RESOLVE only at a decision)
    if decision.code != D_ORDER:
        return answers(s, decision)
    p = decision.player
    out = []
    for t in s.pending:
        if t.player == p:
            out.append(RESOLVE_NEXT[t.card])
    return tuple(out)


def resolve_next(s: State, action: ResolveTrigger) -> None:
    """The player's chosen effect resolves next."""
    p = _deciding(s)
    s.decision = None
    if s._events is not None:
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
        kept = []
        for t in pending:
            if t.card != card or t.player != p:
                kept.append(t)
        s.pending = tuple(kept)
    s.steps = STEPS[s.n][p][card]
    if s._events is not None:
        say_applies(s, p, card)


def say_applies(s: State, p: int, card: int) -> None:
    s._say("Cards' Icons & Effects", p, "{}'s {} applies: {}", s.names[p], LABEL[card], EFFECT_TEXT[card])


# -- whether the order is asked (ruling R14) -------------------------------------------------------------
PLAIN, LIVE, INERT = 0, 1, 2


def order_matters(s: State, p: int, mine: list[int]) -> bool:
    """Whether the order of ``p``'s simultaneous effects can change anything (if not, it is not asked).

    It cannot when the effects are identical plain gains; when none is live (plain gains, and choices
    that can do nothing) and the amber supply covers every amber they give; or when exactly one is live
    and every other can do nothing whatever happens first.
    """
    if PURE_GAIN[mine[0]] and _identical(mine):
        return False
    amber_coming = False  # (to p: the opponents icon gives amber to the others)
    for card in mine:
        for part in PARTS[card]:
            if part.effect == GAIN_AMBER and part.who == YOU:
                amber_coming = True
    kinds = []
    for card in mine:
        kinds.append(liveness(s, p, card, amber_coming))
    live = kinds.count(LIVE)
    if live == 0:
        return amber_given(s, p, mine) > s.amber_supply()
    return live > 1 or live + kinds.count(INERT) < len(mine)


def _identical(mine: list[int]) -> bool:
    """Whether the effects ``mine`` are all the same effect (a loop: no generator's call)."""
    effect = EFFECT_ID[mine[0]]
    for card in mine:
        if EFFECT_ID[card] != effect:
            return False
    return True


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
        elif amber_coming or has_choice(s, DISPLAY, p):
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
                    total += part.amount * multiplier(part.multiplier, s.study[q], s.eggs_not_fossils)
    return total
