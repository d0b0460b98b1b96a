"""Refusals and states travel: IllegalAction and every state of both games survive copy.copy, copy.deepcopy
and pickle, however long the game (no recursion through the record of past actions)."""
from __future__ import annotations

import copy
import inspect
import pickle
import random
import sys
from contextlib import contextmanager

import pytest

import firstgiants as fg
import giganten as g
from gamekit import IllegalAction, random_game, rewind, sample_chance, states_along

ROUND_TRIPS = {"copy": copy.copy, "deepcopy": copy.deepcopy, "pickle": lambda x: pickle.loads(pickle.dumps(x))}


@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_illegal_action_keeps_its_rule_message_and_allowed_actions(how):
    exc = IllegalAction("Action 7a", "a bid must be higher than 4.", "a bid of 5-8 or pass")
    back = ROUND_TRIPS[how](exc)
    assert type(back) is IllegalAction and isinstance(back, ValueError)
    assert (back.rule, back.message, back.allowed, str(back)) == (exc.rule, exc.message, exc.allowed, str(exc))


def test_a_refusal_raised_by_an_engine_pickles_like_the_original():
    s = g.new_game(4)
    with pytest.raises(IllegalAction) as info:
        s.apply(g.Bid(3))
    back = pickle.loads(pickle.dumps(info.value))
    assert (back.rule, back.message, back.allowed) == (info.value.rule, info.value.message, info.value.allowed)


def _stalling(state, rng):
    """First Giants played long: reclaim as soon as possible, take amber, decline (the deck lasts longest)."""
    legal = state.legal_actions()
    for cls in (fg.Reclaim, fg.GainAmber, fg.Decline, fg.GainPoint):
        for action in legal:
            if type(action) is cls:
                return action
    return rng.choice(legal)


def long_first_giants_game():
    rng = random.Random(0)
    s = fg.new_game(5)
    while not s.is_terminal():
        s = s.apply(sample_chance(s, rng) if s.is_chance() else _stalling(s, rng))
    return s


@contextmanager
def shallow_stack(frames: int = 150):
    """Allow only ``frames`` more Python frames than are in use now: anything recursing through a game's
    record (hundreds of actions deep) fails at once."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_a_long_first_giants_game_copies_and_pickles_without_recursion(how):
    end = long_first_giants_game()
    assert end.move_number > 600  # (deepcopy used to hit the recursion limit past about 330 moves)
    with shallow_stack():
        back = ROUND_TRIPS[how](end)
    assert back == end and back is not end and back.history() == end.history() and back.events == end.events


@pytest.mark.parametrize("game, players", [(g, 3), (g, 4), (fg, 2), (fg, 5)])
@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_states_all_along_a_game_round_trip_equal_and_play_on_alike(game, players, how):
    states = list(states_along(random_game(game.new_game(players), players)))
    for s in states[:: max(1, len(states) // 12)] + [states[-1]]:
        back = ROUND_TRIPS[how](s)
        assert back == s and back.history() == s.history() and back.events == s.events
        if not s.is_terminal():
            assert random_game(back, 5).history() == random_game(s, 5).history()


def test_copies_are_independent_of_the_original():
    s = rewind(random_game(g.new_game(4), 8), 150)
    for how in ("copy", "deepcopy"):
        c = ROUND_TRIPS[how](s)
        c.money = (c.money[0] + 1000, *c.money[1:])  # (tampering with a copy, as a careless user might;
        # its fields are tuples, so this is the only way left)
        assert c != s and s == rewind(random_game(g.new_game(4), 8), 150)


@pytest.mark.parametrize("how", ROUND_TRIPS)
def test_a_determinized_giganten_state_pickles_by_its_fields_and_stays_unsaveable(how):
    """A determinized state has no history, so no save file: it pickles (and copies) by its fields, and the
    result is an equal determinized state that plays on identically and still cannot be saved."""
    s = rewind(random_game(g.new_game(4), 3), 200)
    d = s.determinize(1, random.Random(2))
    back = ROUND_TRIPS[how](d)
    assert back == d and back.determinized and back.history() == []
    assert random_game(back, 9).history() == random_game(d, 9).history()
    with pytest.raises(ValueError, match="determinized"):
        back.to_json()


def test_pickling_a_real_state_stores_its_save_file():
    s = rewind(random_game(fg.new_game(3), 4), 60)
    assert s.to_json().encode() in pickle.dumps(s)
