"""The generic consistency checks (gamekit.checks.check_game) for 3 and 4 players, 2,000 random games each,
with money, oil chips, derricks, license cards and action cards conserved after every move."""
from __future__ import annotations

import pytest

import giganten as g
from gamekit.checks import check_game

from giganten.actions import (Bid, Build, ChangePrice, DealTile, DiscardLicenses, DrawLicenses, DriveTo, LocomotivesBack,
                              PayLicenses, PlaceTruck, RevealCard, RollPrice, Sell, Step, TakeCard, TakeOil, Transport)

from .invariants import conservation


def fuzz(state, rng):
    """Well-formed actions with odd values (off the board, unknown cards, wrong seats...): never accepted
    unless legal, and never a crash."""
    r = rng.randrange
    yield Step(rng.choice("NESWX"))
    yield DriveTo(r(-2, 14), r(-2, 22))
    yield PlaceTruck(r(-2, 14))
    yield Build(r(-1, 13), r(-1, 21))
    yield Bid(r(-2, 200))
    yield Sell(r(-2, 70))
    yield TakeCard(r(-2, 25))
    yield Transport(r(-1, 4), rng.choice(["own", "black", "rival", "ship"]))
    yield PayLicenses(r(-1, 12), r(-1, 12))
    yield ChangePrice(r(-1, 4), r(-6, 7))
    yield LocomotivesBack(rng.choice([None, -1, 0, 1, 2, 3, 7]))
    yield TakeOil(r(-1, 4))
    yield DealTile(r(-1, 8))
    yield RollPrice(rng.choice(["blue", "red", "green"]), r(0, 7))
    yield RevealCard(r(-1, 25))
    yield DrawLicenses(r(0, 9), r(-1, 9))
    yield DiscardLicenses(r(0, 9), r(-1, 9))

ALL_VARIANTS = {"one_opponent_back": True, "exact_price_change": True, "open_licenses": True, "bluff_bids": True,
                "tie_by_license_cards": True}


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
                        fuzz=fuzz, deep_every=3000, legal_limit=8, illegal_limit=6)
    assert report.games == games
    assert report.deep_checks > 0 and report.illegal_rejected > 0 and report.round_trips > 0


def test_check_game_quick_with_many_deep_checks():
    """A few games where almost every position is deep-checked (round trips, illegal actions, no mutation)."""
    for players in (3, 4):
        report = check_game(g.SPEC, players, 3, seed=7, invariant=conservation, fuzz=fuzz, deep_every=6)
        assert report.deep_checks > 100
