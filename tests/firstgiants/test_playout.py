"""``State.playout``: the in-place fast path plays by exactly the same rules as ``apply``."""
from __future__ import annotations

import random

import firstgiants as g
from firstgiants.rules import turn
from gamekit import random_game, replay

from .invariants import conserved


def test_a_playout_replays_identically_through_apply():
    for players in (2, 3, 4, 5):
        for seed in range(5):
            start = g.sample(g.new_game(players), seed=seed)
            final = start.playout(random.Random(seed))
            assert final.is_terminal() and start.move_number < final.move_number
            rebuilt = replay(g.SPEC, players, final.options, final.history())
            assert rebuilt == final and rebuilt.returns() == final.returns()
            conserved(final)


def test_a_playout_leaves_its_start_state_alone():
    start = g.sample(g.new_game(3), seed=2)
    before = start.fingerprint()
    start.playout(random.Random(1))
    assert start.fingerprint() == before and start.events is not None


def test_without_events_the_rules_take_every_decision_the_same_step_by_step():
    """One rule path: a copy that keeps no events (as a playout does), carrying out the same actions in
    place, is the same position as ``apply``'s after every single action, and rests at the same choices."""
    for players in (2, 3, 4, 5):
        final = g.new_game(players).playout(random.Random(players))
        silent = g.new_game(players)._copy()
        silent._events = None
        loud = g.new_game(players)
        for action in final.history():
            loud = loud.apply(action)
            legal = turn.carry_out(silent, action)
            assert silent.fingerprint() == loud.fingerprint()
            assert list(legal or ()) == loud.legal_actions()
        assert loud.is_terminal() and loud == final


def test_a_pickled_playout_keeps_its_events():
    """A playout records no events; its pickle (through the save file, replayed by ``apply``, whose events are
    recorded when read) comes back with none either, and an applied state's with the same events."""
    import pickle

    played = g.new_game(3).playout(random.Random(4))
    assert pickle.loads(pickle.dumps(played)).events == () == played.events
    applied = random_game(g.new_game(3), seed=4)
    assert pickle.loads(pickle.dumps(applied)).events == applied.events != ()
