"""gamekit.play_until: play on until a condition holds, with the same luck as ``play``."""
from __future__ import annotations

import random
from itertools import accumulate

import pytest

from gamekit import RandomBot, play, play_until, sample_chance
from gamekit.play import _running_totals

from .toygame import SPEC


def _bots():
    return [RandomBot(1), RandomBot(2)]


def test_play_until_stops_at_the_first_state_that_meets_the_condition():
    start = SPEC.new_game(2)
    seen = []
    state = play_until(start, lambda s: s.move_number >= 10, _bots(), seed=3,
                       on_move=lambda before, after: seen.append(after.move_number))
    assert state.move_number == 10 and seen == list(range(1, 11))
    assert play_until(state, lambda s: True, _bots(), seed=3) is state  # already met: unchanged


def test_play_until_follows_the_same_game_as_play_and_can_share_one_stream_of_luck():
    end = play(SPEC.new_game(2), _bots(), seed=5)
    bots, rng = _bots(), random.Random(5)
    half = play_until(SPEC.new_game(2), lambda s: s.move_number == end.move_number // 2, bots, rng=rng)
    rest = play_until(half, lambda s: False, bots, rng=rng)  # stops at the end of the game
    assert rest.is_terminal() and rest.history() == end.history()


def test_play_until_is_bounded():
    with pytest.raises(RuntimeError, match="condition did not hold within 3 moves"):
        play_until(SPEC.new_game(2), lambda s: False, _bots(), seed=1, max_moves=3)


def reference_sample(outcomes, r: float):
    """The plain rule of ``sample_chance``: the first outcome whose running total of probabilities exceeds
    the draw ``r`` (the last one if rounding leaves the total short of 1)."""
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]


def test_the_kept_running_totals_are_the_plain_sums():
    """``_running_totals`` keeps the totals of equal probabilities: the same floats as summing them each time."""
    rng = random.Random(0)
    for _ in range(2_000):
        n = rng.randrange(1, 120)
        probabilities = [1 / n] * n if rng.random() < 0.7 else [rng.random() for _ in range(n)]
        for _ in range(2):  # summed, then kept
            assert _running_totals(list(probabilities)) == list(accumulate(probabilities))


def test_sample_chance_draws_what_the_plain_rule_draws():
    """Long lists (summed and searched in C, equal probabilities' totals kept), short ones, and equally likely
    outcomes a game declares (drawn without listing them) give the outcome the plain running-total rule gives for
    the same draw."""
    rng = random.Random(1)
    for _ in range(3_000):
        n = rng.randrange(1, 90)
        equal = rng.random() < 0.6
        weights = [1.0] * n if equal else [rng.random() + 0.01 for _ in range(n)]
        outcomes = [(k, w / sum(weights)) for k, w in enumerate(weights)]
        seed = rng.random()
        plain = outcomes[0][0] if n == 1 else reference_sample(outcomes, random.Random(seed).random())
        assert sample_chance(_Chance(outcomes), random.Random(seed)) == plain
        if equal:
            assert sample_chance(_Chance(outcomes, declared=True), random.Random(seed)) == plain


class _Chance:
    """Just enough of a state for ``sample_chance``: its chance outcomes, declared equally likely or not."""

    def __init__(self, outcomes, declared: bool = False) -> None:
        self.outcomes = outcomes
        self.declared = declared

    def chance_outcomes(self):
        assert not self.declared  # (declared: drawn without listing them)
        return list(self.outcomes)

    def _equally_likely(self):
        return (len(self.outcomes), self.outcomes[0][1]) if self.declared else None

    def _chance_outcome(self, i):
        return self.outcomes[i][0]
