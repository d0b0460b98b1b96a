"""Bots on a budget: how much one decision may spend, and the anytime loop of paired play-outs.

A level that plays moves out before choosing spends its time in play-outs.  Two kinds of budget bound that:

* a **work budget** (the default of every level): play-out decisions, counted, so the same seed and the same
  game give the same move on any machine, however loaded.  Each level's default is chosen so its slowest
  decision stays under half a second on the kit's reference machine (``benchmarks/bench_levels.py``);
* a **time budget** (``time_budget=`` seconds, on request): the level stops when the time is up and chooses on
  what it has played out so far, so a class can trade strength for speed.  Its moves then depend on the
  machine's speed and load: **not reproducible**.

The anytime loop, :func:`paired_rounds`, plays the candidate moves out in rounds: every candidate on draw 1 of
the luck, then every candidate on draw 2, ...  (draws outer, candidates inner).  So wherever it stops, the
candidates have been compared on the same draws; a round cut short by the clock is left out.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

#: The clock of time budgets (a module attribute, so tests can put a fake clock in its place).
clock: Callable[[], float] = time.perf_counter

Move = TypeVar("Move")


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: ``work`` units (deterministic; ``None``: no bound) and/or ``seconds`` of wall
    time (not reproducible; ``None``: no bound), in at most ``rounds`` rounds of play-outs."""

    work: int | None = None
    seconds: float | None = None
    rounds: int = 1

    def __post_init__(self) -> None:
        if self.work is not None and self.work < 1:
            raise ValueError(f"a work budget must be 1 or more, got {self.work}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"time_budget must be a positive number of seconds, got {self.seconds}")
        if self.rounds < 1:
            raise ValueError(f"rounds must be 1 or more, got {self.rounds}")


@dataclass(frozen=True)
class Rounds:
    """What :func:`paired_rounds` found: the mean value of each candidate compared (the first ``len(means)``
    candidates, in the order given) over the rounds that count, how many rounds count, and the work spent."""

    means: list[float]
    rounds: int
    work: int


def paired_rounds(candidates: Sequence[Move], draws: Sequence[int], play: Callable[[Move, int], tuple[float, int]],
                  budget: Budget) -> Rounds:
    """Play every candidate out on ``draws[0]``, then every candidate on ``draws[1]``, ... (at most
    ``budget.rounds`` rounds, one draw each); ``play(candidate, draw) -> (value, work)``.

    A play-out starts only if it fits: the work spent so far plus the largest play-out so far within
    ``budget.work``, and the time so far plus the longest play-out so far within ``budget.seconds``; the very
    first play-out always starts.  A round cut short is left out, unless it is the first: then the candidates it
    reached (the first ones given: the likeliest) are compared on that draw, and the others are not.  So the
    means are always over the same draws for every candidate compared."""
    totals = [0.0] * len(candidates)
    start = clock()
    work = rounds = 0
    largest, longest = 0, 0.0
    first: list[float] = []
    for draw in draws[: budget.rounds]:
        values: list[float] = []
        for move in candidates:
            now = clock()
            if (rounds or values) and not _fits(budget, work, largest, now - start, longest):
                break
            value, spent = play(move, draw)
            values.append(value)
            work += spent
            largest, longest = max(largest, spent), max(longest, clock() - now)
        if rounds == 0:
            first = values
        if len(values) < len(candidates):
            break
        totals = [t + v for t, v in zip(totals, values)]
        rounds += 1
    if rounds == 0:
        return Rounds(first, 1 if first else 0, work)
    return Rounds([t / rounds for t in totals], rounds, work)


def _fits(budget: Budget, work: int, largest: int, elapsed: float, longest: float) -> bool:
    """Whether one more play-out, as large and as long as the largest so far, stays within ``budget``."""
    if budget.work is not None and work + largest > budget.work:
        return False
    return budget.seconds is None or elapsed + longest <= budget.seconds
