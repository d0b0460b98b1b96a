"""The effect interpreter (rulebook "Play 1 Marker" step 3 and "Cards' Icons & Effects").

* :func:`triggered_by_take`: which effects a take triggers, in the rulebook's order: "starting
  with all the active player's effects and proceeding clockwise".  The card just taken applies
  its single-use effect ("Once during this turn", lightning bolt); recurring effects apply
  "every time that condition is met, including at the moment you actually take the card".
* :func:`steps_of`: a card's effect as a list of steps, one per part and per player applying it
  (the opponents icon: "Each opponent applies this effect", clockwise from the card's owner).
* :func:`multiplier`: the multiplier icons, counted in the applying player's Study when the
  step resolves.
"""
from __future__ import annotations

from typing import Sequence

from .components import (
    ANY_PLAYER_TAKES, CARNIVORE, DISPLAY_OR_POINT, EACH_OPPONENT, FAMILY, GAINS, ONCE, PARTS, PER_CARNIVORE,
    PER_FAMILY, PER_PAIR, TIMING, TOKENS, YOU, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY,
)

#: One step of an effect: (player applying it, effect code, amount, multiplier code, source card).
Step = tuple[int, int, int, int, int]


def triggered_by_take(studies: Sequence[tuple[int, ...]], taker: int, card: int) -> tuple[tuple[int, int], ...]:
    """The (player, card) effects triggered when ``taker`` takes ``card`` (already last in their Study).

    The taker's recurring effects whose condition the take meets ("each time you take a carnivore
    card"; "... a card from a Family you don't currently have in your Study", judged by the Study
    before this take), then the card's own single-use effect, then clockwise the other players'
    "each time any player takes a fossil card".  Every card, egg included, is a fossil card.
    """
    study = studies[taker]
    out = []
    if not _RECURRING.isdisjoint(study):
        family = FAMILY[card]
        # (asked only when a card of the Study watches for it)
        new_family = not _NEW_FAMILY.isdisjoint(study) and family not in [FAMILY[c] for c in study[:-1]]
        recurring = _RECURRING_FOR_TAKER[family == CARNIVORE][new_family]  # the conditions this take meets
        for c in study:
            if c in recurring:
                out.append((taker, c))
    if TIMING[card] == ONCE:
        out.append((taker, card))
    for p in CLOCKWISE_AFTER[len(studies)][taker]:
        for c in studies[p]:
            if c in _ANY_PLAYER:
                out.append((p, c))
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
_PLAYER_COUNTS = range(TOKENS.min_players, TOKENS.max_players + 1)
#: ``CLOCKWISE_AFTER[n][p]``: the other seats of an ``n``-player game, clockwise from ``p``.
CLOCKWISE_AFTER = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) for n in _PLAYER_COUNTS}


#: Per card: when its whole effect is one "you may" choice of its owner (display, display at no cost,
#: up to 2 displays, spend 3 amber for 2 points), that effect; -1 otherwise.  Resolving such a card
#: when its choice is impossible changes nothing (the fallback is to decline).
SOLE_OPTION: tuple[int, ...] = tuple(
    parts[0].effect if len(parts) == 1 and parts[0].who == YOU and parts[0].effect not in GAINS
    and parts[0].effect != DISPLAY_OR_POINT else -1
    for parts in PARTS
)


def steps_of(card: int, owner: int, n: int) -> tuple[Step, ...]:
    """``card``'s effect for ``owner`` as steps; an opponents part becomes one step per opponent, clockwise."""
    out: list[Step] = []
    for part in PARTS[card]:
        if part.who == EACH_OPPONENT:
            for p in CLOCKWISE_AFTER[n][owner]:
                out.append((p, part.effect, part.amount, part.multiplier, card))
        else:
            out.append((owner, part.effect, part.amount, part.multiplier, card))
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
