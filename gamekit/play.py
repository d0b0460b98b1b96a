"""The play loop (to the end, or until a condition holds) and the random bot.

A bot is any object with ``act(state) -> action`` for the seat it sits in.  Chance is sampled
from the play loop's own seeded generator, so the same seed and the same bots always give the
same game.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from operator import itemgetter
from typing import Callable, Mapping, Protocol, Sequence

from .actions import Action
from .i18n import ngettext
from .protocol import GameState


class Bot(Protocol):
    def act(self, state: GameState) -> Action: ...


#: The running totals of ``n`` equal probabilities ``p``, by ``(p, n)`` (a deck's draws repeat them).
_EQUAL_TOTALS: dict[tuple[float, int], list[float]] = {}


def _equal_totals(p: float, n: int) -> list[float]:
    """``list(accumulate([p] * n))``, summed once per ``(p, n)`` and kept."""
    totals = _EQUAL_TOTALS.get((p, n))
    if totals is None:
        if len(_EQUAL_TOTALS) >= 1000:
            _EQUAL_TOTALS.clear()
        totals = _EQUAL_TOTALS[p, n] = list(accumulate([p] * n))
    return totals


def _running_totals(probabilities: list[float]) -> list[float]:
    """``list(accumulate(probabilities))``; the totals of equal probabilities are the kept ones (the same sums
    in the same order, so the same floats)."""
    p, n = probabilities[0], len(probabilities)
    if probabilities.count(p) != n:
        return list(accumulate(probabilities))
    return _equal_totals(p, n)


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """Draw one chance outcome of ``state`` with its probability: the first outcome whose running total of
    probabilities exceeds a uniform draw (no draw when there is one outcome).

    A game whose outcomes are all equally likely says so (``_equally_likely``); then the same draw picks the
    i-th outcome (``_chance_outcome``) without listing them all."""
    equal = state._equally_likely()
    if equal is not None:
        n, p = equal
        if n == 1:
            return state._chance_outcome(0)
        i = bisect_right(_equal_totals(p, n), rng.random())
        return state._chance_outcome(min(i, n - 1))
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    r = rng.random()
    if len(outcomes) > 16:  # (the same totals, summed and searched in C: faster for long lists)
        i = bisect_right(_running_totals(list(map(itemgetter(1), outcomes))), r)
        return outcomes[min(i, len(outcomes) - 1)][0]
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())

    def explain(self, state: GameState) -> list[tuple[Action, float]]:
        """The bot's "why": every legal action is equally likely, 1/n each."""
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    def __repr__(self) -> str:
        return "RandomBot()"


def _never(state: GameState) -> bool:
    """The condition of :func:`play`: play to the end."""
    return False


def play_until(
    state: GameState,
    condition: Callable[[GameState], bool],
    bots: Sequence[Bot] | Mapping[int, Bot],
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    max_moves: int = 1_000_000,
    on_move: Callable[[GameState, GameState], None] | None = None,
) -> GameState:
    """Play from ``state`` until ``condition(state)`` holds or the game is over; return that state.

    The bots decide (``bots[seat].act(state)``), chance comes from ``rng`` when given (so several calls
    can share one stream of luck) or else from a generator seeded with ``seed``.  The condition is
    tested before every move, so a state that already meets it comes back unchanged.
    ``on_move(before, after)`` is called after every action, chance outcomes included.
    """
    if rng is None:
        rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_terminal() or condition(state):
            return state
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            seat = state.current_player()
            assert seat is not None  # not terminal, not chance: someone decides
            action = bots[seat].act(state)
        new = state.apply(action)
        if on_move is not None:
            on_move(state, new)
        state = new
    message = (ngettext("the game did not end within {moves} move", "the game did not end within {moves} moves",
                        max_moves) if condition is _never else
               ngettext("the condition did not hold within {moves} move",
                        "the condition did not hold within {moves} moves", max_moves))
    raise RuntimeError(message.format(moves=max_moves))


def play(
    state: GameState,
    bots: Sequence[Bot] | Mapping[int, Bot],
    seed: int | None = None,
    max_moves: int = 1_000_000,
    on_move: Callable[[GameState, GameState], None] | None = None,
) -> GameState:
    """Play from ``state`` to the end: bots decide, chance comes from ``seed``.

    ``on_move(before, after)`` is called after every action, chance outcomes included.
    """
    return play_until(state, _never, bots, seed, max_moves=max_moves, on_move=on_move)


def random_game(state: GameState, seed: int) -> GameState:
    """A whole game of random bots, each seeded from ``seed`` (for tests and benchmarks)."""
    bots = [RandomBot(seed * 7919 + seat + 1) for seat in range(state.num_players)]
    return play(state, bots, seed)
