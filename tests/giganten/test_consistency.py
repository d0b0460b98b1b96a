"""The generic consistency checks (gamekit.checks.check_game) for 3 and 4 players, 2,000 random games each,
with money, oil chips, derricks, license cards and action cards conserved after every move."""
from __future__ import annotations

import pytest

import giganten as g
from gamekit.checks import check_game

from .invariants import conservation

ALL_VARIANTS = {"one_opponent_back": True, "exact_price_change": True, "open_licenses": True}


@pytest.mark.slow
@pytest.mark.parametrize(
    "players, games, seed, options",
    [
        (3, 1500, 31, {}),
        (3, 500, 32, ALL_VARIANTS),
        (4, 1500, 41, {}),
        (4, 500, 42, ALL_VARIANTS),
    ],
)
def test_check_game_conserves_everything(players, games, seed, options):
    report = check_game(g.SPEC, players, games, seed=seed, options=options, invariant=conservation,
                        deep_every=3000, legal_limit=8, illegal_limit=6)
    assert report.games == games
    assert report.deep_checks > 0 and report.illegal_rejected > 0 and report.round_trips > 0


def test_check_game_quick_with_many_deep_checks():
    """A few games where almost every position is deep-checked (round trips, illegal actions, no mutation)."""
    for players in (3, 4):
        report = check_game(g.SPEC, players, 3, seed=7, invariant=conservation, deep_every=6)
        assert report.deep_checks > 100
