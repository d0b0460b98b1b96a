"""Bots on a budget: how much one decision may spend, and the anytime loop of paired play-outs.

A level that plays moves out before choosing spends its time in play-outs.  Two kinds of budget bound that:

* a **work budget** (the default of every level): play-out decisions, counted, so the same seed and the same
  game give the same move on any machine, however loaded.  Each level's default is chosen so its slowest
  decision stays under half a second on the kit's reference machine (``benchmarks/bench_levels.py``);
* a **time budget** (``time_budget=`` seconds, on request): the level stops when the time is up and chooses on
  what it has played out so far, so a class can trade strength for speed.  Its moves then depend on the
  machine's speed and load: **not reproducible**.

The anytime loop, :func:`compare_on_draws`, plays the candidate moves out in rounds: every candidate on draw 1
of the luck, then every candidate on draw 2, ...  (draws outer, candidates inner: common random numbers).  So
wherever it stops, the candidates still compared have met the same draws; a round cut short is left out.
With ``halving`` (successive halving, Karnin, Koren and Somekh 2013) the budget comes in phases, and after
each phase but the last the worse half of the candidates is dropped, so the leading moves meet more draws
than they would if every candidate had the same share to the end.
"""
from __future__ import annotations

import math
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

    def share(self, fraction: float) -> Budget:
        """``fraction`` of this budget (work rounded down, at least 1; rounds rounded up)."""
        work = None if self.work is None else max(1, int(self.work * fraction))
        seconds = None if self.seconds is None else self.seconds * fraction
        return Budget(work, seconds, max(1, math.ceil(self.rounds * fraction)))


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare_on_draws` found: the candidates compared, best first (``order``, indices into the
    candidates given), each candidate's mean value over the draws it met (``means``; 0.0 if it met none) and
    how many it met (``draws``), and the work spent (cut rounds included)."""

    order: list[int]
    means: list[float]
    draws: list[int]
    work: int

    @property
    def rounds(self) -> int:
        """The most draws any candidate met (the leaders')."""
        return max(self.draws, default=0)


class _Spending:
    """What a comparison has spent so far, and whether one more play-out fits a budget."""

    def __init__(self) -> None:
        self.start = clock()
        self.playouts = 0
        self.work = 0
        self.largest = 0  # the largest play-out so far, in work
        self.longest = 0.0  # the longest play-out so far, in seconds

    def fits(self, budget: Budget, now: float) -> bool:
        """Whether one more play-out from ``now``, as large and as long as the largest so far, stays within
        ``budget``."""
        if budget.work is not None and self.work + self.largest > budget.work:
            return False
        return budget.seconds is None or now - self.start + self.longest <= budget.seconds

    def record(self, work: int, began: float) -> None:
        """One more play-out, begun at ``began``, that did ``work``."""
        self.playouts += 1
        self.work += work
        self.largest = max(self.largest, work)
        self.longest = max(self.longest, clock() - began)


def halving_phases(candidates: int) -> int:
    """How many phases successive halving takes to bring ``candidates`` down to the last two (the last phase
    compares those): 1 for 2 candidates, 2 for 3 or 4, 3 for 5 to 8, ..."""
    return max(1, math.ceil(math.log2(max(2, candidates))))


def compare_on_draws(candidates: Sequence[Move], draws: Sequence[int], play: Callable[[Move, int], tuple[float, int]],
                     budget: Budget, halving: bool = False) -> Comparison:
    """Play the candidates out in rounds, every candidate still in on the same draw (``draws[0]``, then
    ``draws[1]``, ...; at most ``budget.rounds``), ``play(candidate, draw) -> (value, work)``, and rank them.

    Without ``halving``: every candidate to the end.  With it, successive halving: the budget (work, seconds
    and rounds) comes in :func:`halving_phases` equal phases, each phase may spend what the phases so far were
    given, and after each phase but the last the better half of the candidates (rounded up; by their means,
    ties to the earlier candidate: the likelier) goes on, the rest are dropped.  So the leaders meet more draws.

    A play-out starts only if it fits: the work spent so far plus the largest play-out so far within the
    phase's share, and the time so far plus the longest play-out so far within its share of the seconds; the
    first round is held to the whole budget, not a phase's share, and its first play-out always starts.  A round
    cut short is left out (and its phase ends), unless it is the first: then the candidates it reached (the
    first ones given) are compared on that draw, and the others are not.  So the means of the candidates still
    in are always over the same draws.  ``order`` ranks the last ones in by their means, then those dropped
    later before those dropped earlier."""
    phases = halving_phases(len(candidates)) if halving else 1
    draws = draws[: budget.rounds]
    totals, met = [0.0] * len(candidates), [0] * len(candidates)
    alive = list(range(len(candidates)))
    dropped: list[int] = []  # best first: those dropped later come before those dropped earlier
    spent = _Spending()
    used = 0  # draws met so far by every candidate still in
    for phase in range(1, phases + 1):
        allowed = budget.share(phase / phases)
        while used < min(len(draws), allowed.rounds):
            values = _one_round(candidates, alive, draws[used], play, spent, budget if used == 0 else allowed)
            if used == 0 and len(values) < len(alive):  # not even the first round fitted: compare what it reached
                alive = alive[: len(values)]
                _count(alive, values, totals, met)
                return _ranked(alive, dropped, totals, met, spent.work)
            if len(values) < len(alive):
                break  # a later round cut short: left out, and the phase is over
            _count(alive, values, totals, met)
            used += 1
        if phase < phases:
            alive = _by_mean(alive, totals, met)
            keep = math.ceil(len(alive) / 2)
            alive, dropped = alive[:keep], alive[keep:] + dropped
    return _ranked(alive, dropped, totals, met, spent.work)


def _one_round(candidates: Sequence[Move], alive: list[int], draw: int, play: Callable[[Move, int], tuple[float, int]],
               spent: _Spending, budget: Budget) -> list[float]:
    """The values of the candidates still in on one draw, in order, as far as the budget allows."""
    values: list[float] = []
    for index in alive:
        now = clock()
        if spent.playouts and not spent.fits(budget, now):
            break
        value, work = play(candidates[index], draw)
        spent.record(work, now)
        values.append(value)
    return values


def _count(alive: list[int], values: list[float], totals: list[float], met: list[int]) -> None:
    """Add one draw's ``values`` to the candidates ``alive`` (in the same order)."""
    for index, value in zip(alive, values):
        totals[index] += value
        met[index] += 1


def _by_mean(indices: list[int], totals: list[float], met: list[int]) -> list[int]:
    """``indices`` best first by their mean value (ties: the earlier candidate first)."""
    return sorted(indices, key=lambda i: (-(totals[i] / met[i]) if met[i] else math.inf, i))


def _ranked(alive: list[int], dropped: list[int], totals: list[float], met: list[int], work: int) -> Comparison:
    """The comparison: the candidates still in by their means, then the ``dropped`` (already best first)."""
    means = [t / n if n else 0.0 for t, n in zip(totals, met)]
    order = [i for i in _by_mean(alive, totals, met) + dropped if met[i]]
    return Comparison(order, means, met, work)
