"""Cards' effects (rulebook "Play 1 Marker" step 3 and "Cards' Icons & Effects").

* :func:`triggered_by_take`: which effects a take triggers, in the rulebook's order: "starting
  with all the active player's effects and proceeding clockwise".  The card just taken applies
  its single-use effect ("Once during this turn", lightning bolt); recurring effects apply
  "every time that condition is met, including at the moment you actually take the card".
* :func:`steps_of`: a card's effect as a list of steps, one per part and per player applying it
  (the opponents icon: "Each opponent applies this effect", clockwise from the card's owner).
* :func:`multiplier`: the multiplier icons, counted in the applying player's Study when the
  step resolves.
* :func:`gain`: a plain gain (points, or amber from the finite supply); :func:`choices` and
  :func:`choose`: the choice an effect offers ("you may display ...", "spend 3 amber ...").

Which triggered effect resolves when is :mod:`.triggers`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence, Union

from ..actions import Decline, Display, GainPoint, SpendAmber
from ..components import (
    ANY_PLAYER_TAKES, CARNIVORE, CARDS, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME,
    EACH_OPPONENT, FAMILY, GAIN_POINT, LABEL, ONCE, PARTS, PER_CARNIVORE, PER_FAMILY, PER_PAIR, SPEND_3_FOR_2, TIMING,
    TOKENS, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY,
)
from . import DECISION_NAMES, SPEND_COST, SPEND_GAIN, Decision
from .display import display, displays

if TYPE_CHECKING:
    from ..state import State


class Trigger(NamedTuple):
    """A triggered effect waiting to resolve: ``card``'s effect, in ``player``'s Study."""

    player: int
    card: int


class Step(NamedTuple):
    """One step of an effect: ``player`` applies ``effect`` (x ``amount``, x ``multiplier``) of ``source``."""

    player: int
    effect: int
    amount: int
    multiplier: int
    source: int


_PLAYER_COUNTS = range(TOKENS.min_players, TOKENS.max_players + 1)
#: ``CLOCKWISE_AFTER[n][p]``: the other seats of an ``n``-player game, clockwise from ``p``.
CLOCKWISE_AFTER = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) for n in _PLAYER_COUNTS}
#: ``TRIGGER[p][card]``: the triggered effect of ``card`` in ``p``'s Study (built once, shared).
TRIGGER = tuple(tuple(Trigger(p, c) for c in range(len(CARDS))) for p in range(TOKENS.max_players))


def triggered_by_take(studies: Sequence[tuple[int, ...]], taker: int, card: int) -> tuple[Trigger, ...]:
    """The effects triggered when ``taker`` takes ``card`` (already last in their Study), in order.

    The taker's recurring effects whose condition the take meets ("each time you take a carnivore
    card"; "... a card from a Family you don't currently have in your Study", judged by the Study
    before this take), then the card's own single-use effect, then clockwise the other players'
    "each time any player takes a fossil card".  Every card, egg included, is a fossil card.
    """
    study = studies[taker]
    mine = TRIGGER[taker]
    out = []
    if not _RECURRING.isdisjoint(study):
        family = FAMILY[card]
        # (asked only when a card of the Study watches for it)
        new_family = not _NEW_FAMILY.isdisjoint(study) and family not in [FAMILY[c] for c in study[:-1]]
        recurring = _RECURRING_FOR_TAKER[family == CARNIVORE][new_family]  # the conditions this take meets
        for c in study:
            if c in recurring:
                out.append(mine[c])
    if TIMING[card] == ONCE:
        out.append(mine[card])
    for p in CLOCKWISE_AFTER[len(studies)][taker]:
        theirs = TRIGGER[p]
        for c in studies[p]:
            if c in _ANY_PLAYER:
                out.append(theirs[c])
    return tuple(out)


def _cards_timed(*timings: int) -> frozenset[int]:
    return frozenset(c for c, t in enumerate(TIMING) if t in timings)


#: Recurring effects of the other players' Studies: "each time any player takes a fossil card".
_ANY_PLAYER = _cards_timed(ANY_PLAYER_TAKES)
#: The taker's recurring effects met by a take, by [a carnivore taken][a new family taken]; the
#: card's own "once during this turn" is added separately (only the card just taken triggers it).
_RECURRING_FOR_TAKER = tuple(
    tuple(_cards_timed(ANY_PLAYER_TAKES, *((YOU_TAKE_CARNIVORE,) if carnivore else ()),
                       *((YOU_TAKE_NEW_FAMILY,) if new_family else ()))
          for new_family in (False, True))
    for carnivore in (False, True)
)
#: Every recurring effect a taker's Study may hold, and those watching for a new family.
_RECURRING = _cards_timed(ANY_PLAYER_TAKES, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY)
_NEW_FAMILY = _cards_timed(YOU_TAKE_NEW_FAMILY)


def steps_of(card: int, owner: int, n: int) -> tuple[Step, ...]:
    """``card``'s effect for ``owner`` as steps; an opponents part becomes one step per opponent, clockwise."""
    out: list[Step] = []
    for part in PARTS[card]:
        if part.who == EACH_OPPONENT:
            for p in CLOCKWISE_AFTER[n][owner]:
                out.append(Step(p, part.effect, part.amount, part.multiplier, card))
        else:
            out.append(Step(owner, part.effect, part.amount, part.multiplier, card))
    return tuple(out)


#: ``STEPS[n][owner][card]``: :func:`steps_of` for every player count, owner and card, built once.
STEPS = {n: tuple(tuple(steps_of(c, o, n) for c in range(len(PARTS))) for o in range(n)) for n in _PLAYER_COUNTS}


def multiplier(code: int, study: tuple[int, ...]) -> int:
    """How many times a multiplied effect applies, counted in ``study`` now.

    "for each carnivore card you have in your Study" / "for each different Family you have in your
    Study" / "for each pair of cards you have in your Study (regardless of Family and Size)".
    """
    if code == PER_CARNIVORE:
        return sum(1 for c in study if FAMILY[c] == CARNIVORE)
    if code == PER_FAMILY:
        return len({FAMILY[c] for c in study})
    if code == PER_PAIR:
        return len(study) // 2
    return 1


MULTIPLIER_WHY = {
    PER_CARNIVORE: "carnivore card(s) in the Study",
    PER_FAMILY: "different Family(ies) in the Study",
    PER_PAIR: "pair(s) of cards in the Study",
}


# -- plain gains ---------------------------------------------------------------------------------
def gain(s: State, step: Step) -> None:
    """A plain gain: points, or amber taken from the supply (x the multiplier, counted now)."""
    p, effect, amount, mult, source = step
    k = multiplier(mult, s.study[p]) if mult else 1
    if effect == GAIN_POINT:
        s.points[p] += amount * k
        if s._events is not None:
            s._say("Cards' Icons & Effects", p, "{} gains {} point{} ({}).", s.names[p], amount * k,
                   "s" if amount * k != 1 else "", _gain_source(source, mult, k))
    else:
        got = gain_amber(s, p, amount * k)
        if s._events is not None:
            say_amber(s, "Cards' Icons & Effects", p, got, amount * k, _gain_source(source, mult, k))


def _gain_source(source: int, mult: int, k: int) -> str:
    return f"{LABEL[source]}, {k} {MULTIPLIER_WHY[mult]}" if mult else LABEL[source]


def gain_amber(s: State, p: int, amount: int) -> int:
    """Gained amber is taken from the supply; an empty supply gives what is left (ruling R6).  Returns what
    ``p`` got."""
    supply = s.amber_supply()
    got = amount if amount <= supply else supply
    s.amber[p] += got
    return got


def say_amber(s: State, section: str, p: int, got: int, amount: int, why: str) -> None:
    short = f"; the supply had only {got}" if got < amount else ""
    s._say(section, p, "{} gains {} amber ({}{}).", s.names[p], got, why, short)


# -- the choice an effect offers ------------------------------------------------------------------
SPEND, DECLINE, POINT = SpendAmber(), Decline(), GainPoint()
#: An answer to a choice effect.
Answer = Union[Display, Decline, GainPoint, SpendAmber]


def choices(s: State, decision: Decision) -> tuple:
    """The legal answers to a choice effect: the displays it allows (then Decline, or the point of
    "display 1 fossil OR gain 1 point"), or spending 3 amber (then Decline)."""
    code, p, _, family = decision
    if code == SPEND_3_FOR_2:
        return (SPEND, DECLINE) if s.amber[p] >= SPEND_COST else (DECLINE,)
    allowed = displays(s, p, code == DISPLAY_FREE, family, code == DISPLAY_TWO_SAME)
    return (*allowed, POINT if code == DISPLAY_OR_POINT else DECLINE)


def decline(s: State) -> None:
    """Decline the choice effect of ``s.decision`` (or stop after the first of up to 2 displays): nothing happens."""
    s.decision = None


def choose(s: State, action: Answer) -> None:
    """Carry out the answer to the choice effect of ``s.decision``."""
    decision = s.decision
    assert decision is not None  # (a choice is pending while effects resolve)
    code, p, source, family = decision
    name = s.names[p]
    s.decision = None
    if isinstance(action, Decline):
        what = "stops after one display" if family >= 0 else f"declines \"{DECISION_NAMES[code]}\""
        s._say("Cards' Icons & Effects", p, "{} {}.", name, what)
    elif isinstance(action, GainPoint):
        s.points[p] += 1
        s._say("Cards' Icons & Effects", p, "{} gains 1 point instead of displaying ({}).", name, LABEL[source])
    elif isinstance(action, SpendAmber):
        s.amber[p] -= SPEND_COST
        s.points[p] += SPEND_GAIN
        s._say("Cards' Icons & Effects", p, "{} spends 3 amber (back to the supply) to gain 2 points ({}).",
               name, LABEL[source])
    else:
        display(s, p, action, free=code == DISPLAY_FREE)
        if family < 0 and (code == DISPLAY_TWO_DIFFERENT or code == DISPLAY_TWO_SAME):  # the first of up to 2
            s.decision = Decision(code, p, source, FAMILY[action.card])
