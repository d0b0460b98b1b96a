"""Cards' effects (rulebook "Play 1 Marker" step 3 and "Cards' Icons & Effects").

* :func:`triggered_by_take`: which effects a take triggers, in the rulebook's order: "starting
  with all the active player's effects and proceeding clockwise".  The card just taken applies
  its single-use effect ("Once during this turn", lightning bolt); recurring effects apply
  "every time that condition is met, including at the moment you actually take the card".
* :func:`steps_of`: a card's effect as a list of steps, one per part and per player applying it
  (the opponents icon: "Each opponent applies this effect", clockwise from the card's owner).
* :func:`multiplier`: the multiplier icons, counted in the applying player's Study when the
  step resolves.
* :func:`gain`: a plain gain (points, or amber from the finite supply); :func:`answers` and
  :func:`display_choice`, ...: the choice an effect offers ("you may display ...", "spend 3 amber ...").

Which triggered effect resolves when is :mod:`.triggers`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TYPE_CHECKING

from gamekit.protocol import with_item
from gamekit.words import counted

from ..actions import Decline, Display, GainPoint, SpendAmber
from ..components import (
    ANY_PLAYER_TAKES,
    CARDS,
    CARNIVORE,
    DISPLAY_FREE,
    DISPLAY_OR_POINT,
    DISPLAY_TWO_DIFFERENT,
    DISPLAY_TWO_SAME,
    EACH_OPPONENT,
    EGG,
    FAMILY,
    GAIN_POINT,
    GAINS,
    LABEL,
    ONCE,
    PARTS,
    PER_CARNIVORE,
    PER_FAMILY,
    PER_PAIR,
    SIZE,
    SPEND_3_FOR_2,
    TIMING,
    TOKENS,
    YOU,
    YOU_TAKE_CARNIVORE,
    YOU_TAKE_NEW_FAMILY,
)
from . import AMBER_IN_BOX, DECISION_NAMES, SPEND_COST, SPEND_GAIN, Decision
from .display import display, displays

if TYPE_CHECKING:
    from ..state import State


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered effect waiting to resolve: ``card``'s effect, in ``player``'s Study."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect: ``player`` applies ``effect`` (x ``amount``, x ``multiplier``) of ``source``."""

    player: int
    effect: int
    amount: int
    multiplier: int
    source: int
    ask: Decision | None  #: the decision a choice effect asks for (None for a plain gain)


_PLAYER_COUNTS = range(TOKENS.min_players, TOKENS.max_players + 1)
#: ``CLOCKWISE_AFTER[n][p]``: the other seats of an ``n``-player game, clockwise from ``p``.
CLOCKWISE_AFTER = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) for n in _PLAYER_COUNTS}
#: ``TRIGGER[p][card]``: the triggered effect of ``card`` in ``p``'s Study (built once, shared).
TRIGGER = tuple(tuple(Trigger(p, c) for c in range(len(CARDS))) for p in range(TOKENS.max_players))


def triggered_by_take(studies: Sequence[tuple[int, ...]], taker: int, card: int,
                      eggs_not_fossils: bool = False) -> tuple[Trigger, ...]:
    """The effects triggered when ``taker`` takes ``card`` (already last in their Study), in order.

    The taker's recurring effects whose condition the take meets ("each time you take a carnivore
    card"; "... a card from a Family you don't currently have in your Study", judged by the Study
    before this take), then the card's own single-use effect, then clockwise the other players'
    "each time any player takes a fossil card".  Ruling R10: every card, egg included, is a fossil card,
    and the Carnivore egg a carnivore card; with ``eggs_not_fossils`` an egg is neither (it still brings
    its family).
    """
    study = studies[taker]
    mine = TRIGGER[taker]
    out = []
    fossil = not eggs_not_fossils or SIZE[card] != EGG
    if not _RECURRING.isdisjoint(study):
        family = FAMILY[card]
        # (asked only when a card of the Study watches for it)
        new_family = not _NEW_FAMILY.isdisjoint(study) and _new_family(study, family)
        if fossil:
            recurring = _RECURRING_FOR_TAKER[family == CARNIVORE][new_family]  # the conditions this take meets
        else:
            recurring = _NEW_FAMILY if new_family else _NOTHING
        for c in study:
            if c in recurring:
                out.append(mine[c])
    if TIMING[card] == ONCE:
        out.append(mine[card])
    if fossil:
        for p in CLOCKWISE_AFTER[len(studies)][taker]:
            theirs = TRIGGER[p]
            for c in studies[p]:
                if c in _ANY_PLAYER:
                    out.append(theirs[c])
    return tuple(out)


def _new_family(study: tuple[int, ...], family: int) -> bool:
    """Whether ``family`` is not among the Study's cards before the last (a loop: no comprehension's call)."""
    for c in study[:-1]:
        if FAMILY[c] == family:
            return False
    return True


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
_NOTHING: frozenset[int] = frozenset()


def steps_of(card: int, owner: int, n: int) -> tuple[Step, ...]:
    """``card``'s effect for ``owner`` as steps; an opponents part becomes one step per opponent, clockwise."""
    out: list[Step] = []
    for part in PARTS[card]:
        for p in CLOCKWISE_AFTER[n][owner] if part.who == EACH_OPPONENT else (owner,):
            ask = None if part.effect in GAINS else Decision(part.effect, p, card, -1)
            out.append(Step(p, part.effect, part.amount, part.multiplier, card, ask))
    return tuple(out)


#: Per card: when its whole effect is one "you may" choice of its owner (display, display at no cost, up to
#: 2 displays, spend 3 amber for 2 points), that effect; -1 otherwise.  When such a choice is impossible,
#: the effect does nothing.
SOLE_OPTION: tuple[int, ...] = tuple(
    parts[0].effect if len(parts) == 1 and parts[0].who == YOU and parts[0].effect not in GAINS
    and parts[0].effect != DISPLAY_OR_POINT else -1
    for parts in PARTS
)


#: ``STEPS[n][owner][card]``: :func:`steps_of` for every player count, owner and card, built once.
STEPS = {n: tuple(tuple(steps_of(c, o, n) for c in range(len(PARTS))) for o in range(n)) for n in _PLAYER_COUNTS}


def multiplier(code: int, study: tuple[int, ...], eggs_not_fossils: bool = False) -> int:
    """How many times a multiplied effect applies, counted in ``study`` now.

    "for each carnivore card you have in your Study" / "for each different Family you have in your
    Study" / "for each pair of cards you have in your Study (regardless of Family and Size)".  The
    Carnivore egg is a carnivore card (ruling R10), unless ``eggs_not_fossils``.
    """
    if code == PER_CARNIVORE:
        count = 0  # (loops, not comprehensions: see ``triggers.next_trigger``)
        for c in study:
            if FAMILY[c] == CARNIVORE and not (eggs_not_fossils and SIZE[c] == EGG):
                count += 1
        return count
    if code == PER_FAMILY:
        families = set()
        for c in study:
            families.add(FAMILY[c])
        return len(families)
    if code == PER_PAIR:
        return len(study) // 2
    return 1


#: What a multiplier counts in the Study, one and many.
MULTIPLIER_WHY = {
    PER_CARNIVORE: ("carnivore card", "carnivore cards"),
    PER_FAMILY: ("different Family", "different Families"),
    PER_PAIR: ("pair of cards", "pairs of cards"),
}


# -- plain gains ---------------------------------------------------------------------------------
def gain(s: State, step: Step) -> None:
    """A plain gain: points, or amber taken from the supply (x the multiplier, counted now)."""
    p, mult = step.player, step.multiplier
    k = multiplier(mult, s.study[p], s.eggs_not_fossils) if mult else 1
    amount = step.amount * k
    if step.effect == GAIN_POINT:
        add_points(s, p, amount)
        if s._events is not None:
            s._say("Cards' Icons & Effects", p, "{} gains {} point{} ({}).", s.names[p], amount,
                   "s" if amount != 1 else "", _gain_source(step.source, mult, k))
    else:
        got = gain_amber(s, p, amount)
        if s._events is not None:
            say_amber(s, "Cards' Icons & Effects", p, got, amount, _gain_source(step.source, mult, k))


def _gain_source(source: int, mult: int, k: int) -> str:
    return f"{LABEL[source]}, {counted(k, *MULTIPLIER_WHY[mult])} in the Study" if mult else LABEL[source]


def add_points(s: State, p: int, amount: int) -> None:
    """``p`` takes ``amount`` point tokens (unlimited: ruling R6 limits only amber)."""
    s.points = with_item(s.points, p, s.points[p] + amount)


def gain_amber(s: State, p: int, amount: int) -> int:
    """Gained amber is taken from the supply; an empty supply gives what is left (ruling R6).  Returns what
    ``p`` got."""
    supply = AMBER_IN_BOX - sum(s.amber)  # (``State.amber_supply``, without its call: the busiest gain)
    got = amount if amount <= supply else supply  # noqa: FURB136  (no call: the busiest gain)
    s.amber[p] += got
    return got


def say_amber(s: State, section: str, p: int, got: int, amount: int, why: str) -> None:
    short = (f"; the supply had only {got}: the kit's house rule R6 limits amber to its {TOKENS.amber_in_box} "
             "tokens, not points") if got < amount else ""
    s._say(section, p, "{} gains {} amber ({}{}).", s.names[p], got, why, short)


# -- the choice an effect offers ------------------------------------------------------------------
SPEND, DECLINE, POINT = SpendAmber(), Decline(), GainPoint()


def answers(s: State, decision: Decision) -> tuple[Display | Decline | GainPoint | SpendAmber, ...]:
    """The legal answers to a choice effect: the displays it allows (then Decline, or the point of
    "display 1 fossil OR gain 1 point"), or spending 3 amber (then Decline)."""
    code, p = decision.code, decision.player
    if code == SPEND_3_FOR_2:
        return (SPEND, DECLINE) if s.amber[p] >= SPEND_COST else (DECLINE,)
    allowed = displays(s, p, code == DISPLAY_FREE, decision.first_family, code == DISPLAY_TWO_SAME)
    return (*allowed, POINT if code == DISPLAY_OR_POINT else DECLINE)


def _answered(s: State) -> Decision:
    """The choice being answered; it is no longer pending."""
    decision = s.decision
    assert decision is not None  # (a choice is pending while effects resolve)
    s.decision = None
    return decision


def decline(s: State) -> None:
    """Decline the choice (or stop after the first of up to 2 displays): nothing happens."""
    s.decision = None


def say_decline(s: State, action: Decline) -> None:
    """The player declines (a forced decline is said by ``explain.say_forced`` instead)."""
    decision = _answered(s)
    if s._events is not None:
        s._say("Cards' Icons & Effects", decision.player, "{} {}.", s.names[decision.player], _declined(decision))


def _declined(decision: Any) -> str:
    """What declining ``decision`` means: stopping after one display, or declining the effect."""
    return ("stops after one display" if decision.first_family >= 0 else
            f"declines \"{DECISION_NAMES[decision.code]}\"")


def gain_point(s: State, action: GainPoint) -> None:
    """"Display 1 fossil OR gain 1 point": the point."""
    decision = _answered(s)
    p = decision.player
    add_points(s, p, 1)
    s._say("Cards' Icons & Effects", p, "{} gains 1 point instead of displaying ({}).", s.names[p],
           LABEL[decision.source])


def spend(s: State, action: SpendAmber) -> None:
    """"You may spend 3 amber to gain 2 points" (the amber goes back to the supply)."""
    decision = _answered(s)
    p = decision.player
    s.amber[p] -= SPEND_COST
    add_points(s, p, SPEND_GAIN)
    s._say("Cards' Icons & Effects", p, "{} spends 3 amber (back to the supply) to gain 2 points ({}).",
           s.names[p], LABEL[decision.source])


def display_choice(s: State, action: Display) -> None:
    """A display the effect allows; after the first of "up to 2 displays", the second is the next choice."""
    decision = _answered(s)
    code, p = decision.code, decision.player
    display(s, p, action, free=code == DISPLAY_FREE)
    if decision.first_family < 0 and (code == DISPLAY_TWO_DIFFERENT or code == DISPLAY_TWO_SAME):
        s.decision = Decision(code, p, decision.source, FAMILY[action.card])
