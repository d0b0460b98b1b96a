"""Bots on a budget: the anytime loop of paired play-outs, successive halving, the work and time budgets (a fake
clock, no timing)."""
from __future__ import annotations

import pytest

import gamekit.budget as budget
from gamekit.budget import Budget, compare_on_draws, halving_phases


class FakeClock:
    """A clock that moves on ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def recording(calls: list[tuple[str, int]], work: int = 10):
    def play(move: str, draw: int) -> tuple[float, int]:
        calls.append((move, draw))
        return float(draw if move == "a" else -draw), work
    return play


def test_the_rounds_put_the_draws_outside_and_the_moves_inside():
    """Every move on draw 1, then every move on draw 2: stopped anywhere, the moves met the same draws."""
    calls: list[tuple[str, int]] = []
    found = compare_on_draws(["a", "b", "c"], [1, 2, 3], recording(calls), Budget(rounds=3))
    assert calls == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2), ("c", 2), ("a", 3), ("b", 3), ("c", 3)]
    assert found.rounds == 3 and found.work == 90 and found.means == [2.0, -2.0, -2.0] and found.order == [0, 1, 2]


def test_a_work_budget_stops_before_a_round_that_would_not_fit_and_is_reproducible():
    calls: list[tuple[str, int]] = []
    found = compare_on_draws(["a", "b"], [1, 2, 3, 4], recording(calls), Budget(work=45, rounds=4))
    assert found.rounds == 2 and found.work == 40 and calls == [("a", 1), ("b", 1), ("a", 2), ("b", 2)]
    assert found == compare_on_draws(["a", "b"], [1, 2, 3, 4], recording([]), Budget(work=45, rounds=4))


def test_a_first_round_cut_short_compares_the_moves_it_reached():
    """Not even one round fits: the first moves (the likeliest) are compared on the one draw they met."""
    calls: list[tuple[str, int]] = []
    found = compare_on_draws(["a", "b", "c", "d"], [5, 6], recording(calls), Budget(work=25, rounds=2))
    assert calls == [("a", 5), ("b", 5)] and found.means[:2] == [5.0, -5.0] and found.rounds == 1
    assert found.order == [0, 1] and found.draws == [1, 1, 0, 0]


def test_a_time_budget_stops_when_the_time_is_up_and_leaves_a_cut_round_out(monkeypatch):
    """On a fake clock that moves on a millisecond each time it is read (no real timing): a 0.05 s budget plays
    while one more play-out fits, then stops, whatever the work; the round it cut is not counted."""
    fake = FakeClock(0.001)
    monkeypatch.setattr(budget, "clock", fake)
    calls: list[tuple[str, int]] = []
    found = compare_on_draws(["a", "b"], list(range(1, 100)), recording(calls), Budget(seconds=0.05, rounds=99))
    assert 2 <= found.rounds < 99 and len(calls) in (2 * found.rounds, 2 * found.rounds + 1)
    assert fake.now <= 0.05 + 0.002  # (the last reading, after the last play-out)
    assert found.means == [(1 + found.rounds) / 2, -(1 + found.rounds) / 2]


def noisy(calls: list[tuple[int, int]]):
    """Candidate ``k`` is worth ``k`` on average, give or take up to 3 on each draw (the same luck for all: the
    noise depends on the draw only), one unit of work a play-out."""
    def play(k: int, draw: int) -> tuple[float, int]:
        calls.append((k, draw))
        return k + (draw * 7919 % 13) / 2 - 3, 1
    return play


def test_successive_halving_keeps_the_best_candidate_and_gives_the_leaders_more_draws():
    """Six candidates, worth 0 to 5, in three phases (6, then 3, then 2 of them): the best is ranked first, the
    ones dropped first rank last, and the last two met more draws than anyone dropped, all the same ones."""
    calls: list[tuple[int, int]] = []
    found = compare_on_draws([3, 0, 5, 1, 4, 2], list(range(100)), noisy(calls), Budget(work=60, rounds=100),
                             halving=True)
    assert halving_phases(6) == 3 and found.work <= 60
    assert [[3, 0, 5, 1, 4, 2][i] for i in found.order] == [5, 4, 3, 2, 1, 0]
    assert found.draws[2] == found.draws[4] > found.draws[0] > found.draws[1] == found.draws[3] == found.draws[5] > 0
    met = {k: {d for c, d in calls if c == k} for k in range(6)}
    assert met[5] == met[4] == set(range(found.draws[2]))  # the same luck (a cut round's draw met again after it)


def test_successive_halving_is_reproducible_and_without_it_every_candidate_meets_every_round():
    both = [compare_on_draws([3, 0, 5, 1], list(range(40)), noisy([]), Budget(work=40, rounds=40), halving=halving)
            for halving in (True, True, False)]
    assert both[0] == both[1]
    assert both[0].draws == [15, 5, 15, 5] and both[2].draws == [10] * 4  # 4 candidates: 2 phases of 20 work
    assert both[2].order == both[0].order == [2, 0, 3, 1]


def test_successive_halving_shares_the_rounds_too():
    """With work to spare, the rounds bound each phase: at most ``rounds`` draws in all, a share per phase."""
    found = compare_on_draws(list(range(6)), list(range(100)), noisy([]), Budget(rounds=8), halving=True)
    assert sorted(found.draws) == [3, 3, 3, 6, 8, 8]


def test_a_time_budget_is_shared_between_the_phases_too(monkeypatch):
    """On a fake clock (a millisecond a reading): 0.06 s for four candidates, about half of it for the first phase;
    the two leaders go on, the time never runs much past the budget."""
    fake = FakeClock(0.001)
    monkeypatch.setattr(budget, "clock", fake)
    found = compare_on_draws([3, 0, 5, 1], list(range(1000)), noisy([]), Budget(seconds=0.06, rounds=1000),
                             halving=True)
    assert found.draws[2] == found.draws[0] > found.draws[1] == found.draws[3] >= 1
    assert found.order[0] == 2 and fake.now <= 0.06 + 0.003


def test_budgets_are_checked():
    for wrong in ({"work": 0}, {"seconds": 0.0}, {"seconds": -1.0}, {"rounds": 0}):
        with pytest.raises(ValueError):
            Budget(**wrong)
