"""The kit's generic consistency checks on First Giants, 2-5 players, with conservation laws."""
from __future__ import annotations

import random

import pytest

import firstgiants as g
from gamekit.checks import check_game

from .invariants import conserved


def fuzz(state, rng: random.Random):
    """Near-miss actions: every action class with random, often wrong, fields."""
    card = rng.randrange(-1, 66)
    return [g.PlayMarker(rng.randrange(-1, 5)), g.TakeCard(card), g.ResolveTrigger(card),
            g.Display(card, rng.randrange(-2, 6), rng.randrange(0, 4)), g.Decline(), g.GainPoint(),
            g.SpendAmber(), g.GainAmber(), g.Reclaim(), g.Reveal(card), g.Deal(card)]


@pytest.mark.parametrize("players, games", [(2, 2000), (3, 2000), (4, 2000), (5, 2000)])
def test_check_game(players, games):
    report = check_game(g.SPEC, players, games, seed=players, invariant=conserved, fuzz=fuzz, deep_every=600)
    assert report.games == games and report.illegal_rejected > 0


def test_check_game_with_the_variant_eggs_not_fossils():
    """Ruling R10's other reading plays by the same laws (and replays, saves and playouts agree)."""
    report = check_game(g.SPEC, 4, 400, seed=10, options={"eggs_not_fossils": True}, invariant=conserved,
                        fuzz=fuzz, deep_every=300)
    assert report.games == 400 and report.illegal_rejected > 0
    start = g.sample(g.new_game(3, eggs_not_fossils=True), seed=3)
    final = start.playout(random.Random(3))
    assert final.options["eggs_not_fossils"] and g.from_json(final.to_json()) == final
