"""gamekit.play_until: play on until a condition holds, with the same luck as ``play``."""
from __future__ import annotations

import random

import pytest

from gamekit import RandomBot, play, play_until

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
