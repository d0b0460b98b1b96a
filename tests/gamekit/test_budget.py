"""Bots on a budget: the anytime loop of paired play-outs, its work and time budgets (a fake clock, no timing)."""
from __future__ import annotations

import pytest

import gamekit.budget as budget
from gamekit.budget import Budget, paired_rounds


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
    found = paired_rounds(["a", "b", "c"], [1, 2, 3], recording(calls), Budget(rounds=3))
    assert calls == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2), ("c", 2), ("a", 3), ("b", 3), ("c", 3)]
    assert found.rounds == 3 and found.work == 90 and found.means == [2.0, -2.0, -2.0]


def test_a_work_budget_stops_before_a_round_that_would_not_fit_and_is_reproducible():
    calls: list[tuple[str, int]] = []
    found = paired_rounds(["a", "b"], [1, 2, 3, 4], recording(calls), Budget(work=45, rounds=4))
    assert found.rounds == 2 and found.work == 40 and calls == [("a", 1), ("b", 1), ("a", 2), ("b", 2)]
    assert found == paired_rounds(["a", "b"], [1, 2, 3, 4], recording([]), Budget(work=45, rounds=4))


def test_a_first_round_cut_short_compares_the_moves_it_reached():
    """Not even one round fits: the first moves (the likeliest) are compared on the one draw they met."""
    calls: list[tuple[str, int]] = []
    found = paired_rounds(["a", "b", "c", "d"], [5, 6], recording(calls), Budget(work=25, rounds=2))
    assert calls == [("a", 5), ("b", 5)] and found.means == [5.0, -5.0] and found.rounds == 1


def test_a_time_budget_stops_when_the_time_is_up_and_leaves_a_cut_round_out(monkeypatch):
    """On a fake clock that moves on a millisecond each time it is read (no real timing): a 0.05 s budget plays
    while one more play-out fits, then stops, whatever the work; the round it cut is not counted."""
    fake = FakeClock(0.001)
    monkeypatch.setattr(budget, "clock", fake)
    calls: list[tuple[str, int]] = []
    found = paired_rounds(["a", "b"], list(range(1, 100)), recording(calls), Budget(seconds=0.05, rounds=99))
    assert 2 <= found.rounds < 99 and len(calls) in (2 * found.rounds, 2 * found.rounds + 1)
    assert fake.now <= 0.05 + 0.002  # (the last reading, after the last play-out)
    assert found.means == [(1 + found.rounds) / 2, -(1 + found.rounds) / 2]


def test_budgets_are_checked():
    for wrong in ({"work": 0}, {"seconds": 0.0}, {"seconds": -1.0}, {"rounds": 0}):
        with pytest.raises(ValueError):
            Budget(**wrong)
