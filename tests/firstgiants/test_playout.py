"""``State.playout``: the in-place fast path plays by exactly the same rules as ``apply``."""
from __future__ import annotations

import random

import firstgiants as g
from gamekit import replay

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
