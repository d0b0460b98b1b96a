"""Action ids (gamekit.ids): a stable, documented numbering of both games' actions, masks, and the bounds
the rules imply, checked against random play."""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import firstgiants
import giganten
from firstgiants import ids as fg_ids
from gamekit import Action, sample_chance
from gamekit.ids import ActionIds, Block, grid
from giganten import ids as g_ids
from giganten.components import COMPONENTS

from . import toygame

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
GAMES = [(giganten, (3, 4)), (firstgiants, (2, 3, 4, 5))]

# The published tables: (block, first id, size).  Appending a block is fine; moving one breaks every saved
# policy and tensor, so a change here must be deliberate (and docs/interop.md regenerated).
GIGANTEN_TABLE = [
    ("TakeCard", 0, 22), ("PlaceTruck", 22, 12), ("Step", 34, 4), ("DriveTo", 38, 240), ("AdvanceLocomotive", 278, 1),
    ("ChangePrice", 279, 24), ("TakeOil", 303, 3), ("LocomotivesBack", 306, 5), ("EndMovement", 311, 1),
    ("Build", 312, 36), ("SkipBuild", 348, 1), ("Transport", 349, 9), ("LetChipGo", 358, 1), ("Bid", 359, 156),
    ("Pass", 515, 1), ("PayLicenses", 516, 1599), ("Sell", 2115, 61), ("DealTile", 2176, 5), ("RollPrice", 2181, 6),
    ("RevealCard", 2187, 22), ("DrawLicenses", 2209, 44), ("DiscardLicenses", 2253, 819),
]
FIRSTGIANTS_TABLE = [
    ("PlayMarker", 0, 4), ("Reclaim", 4, 1), ("TakeCard", 5, 65), ("ResolveTrigger", 70, 60),
    ("Display (new set)", 130, 65), ("Display (expand)", 195, 4160), ("Display (eggs' size)", 4355, 960),
    ("Decline", 5315, 1), ("GainPoint", 5316, 1), ("SpendAmber", 5317, 1), ("GainAmber", 5318, 1),
    ("Deal", 5319, 65), ("Reveal", 5384, 65),
]


@pytest.mark.parametrize("game, table", [(giganten, GIGANTEN_TABLE), (firstgiants, FIRSTGIANTS_TABLE)])
def test_the_id_tables_are_stable(game, table):
    ids = game.SPEC.ids
    assert [(row.name, row.first, row.size) for row in ids.table()] == table
    assert ids.num_distinct_actions == sum(size for _, _, size in table)
    assert ids.num_decisions == min(row.first for row in ids.table() if row.chance)


@pytest.mark.parametrize("game", [giganten, firstgiants])
def test_docs_print_each_games_table(game):
    assert game.SPEC.ids.markdown() in DOCS.read_text(), "regenerate the table in docs/interop.md"


def test_the_bid_block_covers_every_bid_any_reading_allows():
    """Ruling G5 caps a bid at twice the bidder's cards (all 78: 156); the uncapped reading proposed in issue 18
    lets a bid go up to the largest sum any hand could pay (39 ones and 39 twos: 117)."""
    ones, twos = COMPONENTS.license_ones, COMPONENTS.license_twos
    amounts = [a.amount for a in giganten.SPEC.ids.blocks[13].actions]
    assert amounts == list(range(1, max(2 * (ones + twos), ones + 2 * twos) + 1))
    assert 2 * (ones + twos) in amounts and ones + 2 * twos in amounts


def test_only_eggs_declare_the_size_of_an_egg_only_set():
    sized = [a for b in firstgiants.SPEC.ids.blocks for a in b.actions if getattr(a, "as_size", 0)]
    assert {a.card for a in sized} == {c.id for c in firstgiants.CARDS if c.is_egg}
    assert max(a.target for a in sized) == len(firstgiants.CARDS) - 2  # at most 64 sets before the 65th card


def test_ids_convert_both_ways_and_check_what_comes_in():
    ids = giganten.SPEC.ids
    assert ids.action_id(giganten.Bid(5)) == 359 + 4 and ids.action_from_id(363) == giganten.Bid(5)
    assert ids.action_from_id(np.int64(363)) == giganten.Bid(5)  # numpy integers are integers
    for bad in (True, 1.0, "3", None):
        with pytest.raises(TypeError):
            ids.action_from_id(bad)
    for out in (-1, ids.num_distinct_actions):
        with pytest.raises(ValueError, match="out of range"):
            ids.action_from_id(out)
    with pytest.raises(ValueError, match="no action id"):
        ids.action_id(giganten.Bid(1000))
    with pytest.raises(ValueError, match="no action id"):
        ids.action_id(firstgiants.Decline())
    assert ids.block_of(363).name == "Bid" and ids.block_of(0).name == "TakeCard"


@dataclass(frozen=True, slots=True)
class Ping(Action):
    kind = "ping"
    n: int


def test_a_table_refuses_duplicates_and_chance_before_decisions():
    with pytest.raises(ValueError, match="twice"):
        ActionIds([Block("a", "", grid(Ping, n=range(3))), Block("b", "", (Ping(1),))])
    with pytest.raises(ValueError, match="first"):
        ActionIds([Block("a", "", (Ping(1),), chance=True), Block("b", "", (Ping(2),))])
    with pytest.raises(ValueError, match="no actions"):
        Block("a", "", ())


def test_the_protocol_reaches_the_games_ids_and_a_game_without_them_says_so():
    state = giganten.new_game(4)
    assert state.num_distinct_actions == 3072
    assert state.action_from_id(state.action_id(giganten.Pass())) == giganten.Pass()
    mask = state.legal_action_mask()  # a chance node: the tile values that may be dealt
    assert mask.dtype == np.int8 and mask.sum() == len(state.chance_outcomes())
    with pytest.raises(NotImplementedError, match="no action ids"):
        _ = toygame.SPEC.new_game(2).num_distinct_actions


def random_play(game, players, seed):
    """A random game; yields each state before its action, and the final state."""
    rng = random.Random(seed)
    state = game.new_game(players)
    while not state.is_terminal():
        yield state
        state = state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("game, counts", GAMES, ids=["giganten", "firstgiants"])
def test_random_play_stays_in_range_and_within_the_bounds(game, counts):
    """Every action ever offered has an id that round-trips, in the decision or the chance range as it should;
    the mask marks exactly the offered ids; no game is longer than the bound; every return is in range."""
    ids = game.SPEC.ids
    for players in counts:
        longest = 0
        for seed in range(12):
            for state in random_play(game, players, seed):
                offered = [a for a, _ in state.chance_outcomes()] if state.is_chance() else state.legal_actions()
                numbers = [state.action_id(a) for a in offered]
                assert [state.action_from_id(i) for i in numbers] == offered
                assert all((i >= ids.num_decisions) == state.is_chance() for i in numbers)
                assert np.flatnonzero(state.legal_action_mask()).tolist() == sorted(numbers)
            longest = max(longest, state.move_number)
            low, high = ids.score_range(players, state.options)
            assert all(low <= r <= high for r in state.returns())
        assert longest <= ids.max_game_length(players, state.options)


def test_the_giganten_bounds_follow_from_the_components():
    assert g_ids.max_rounds() == 10  # red advances 1, 1, 2, 2, 2, 2, 2, 2, 3, 3 reach the harbour 20 spaces on
    assert g_ids.max_penalties(4) == 20  # e.g. hands of 32, 16, 16 and 8 cards: 6 + 5 + 5 + 4 halvings
    assert g_ids.max_penalties(3) == 16
    per_round = g_ids.max_moves_per_round(4)
    assert g_ids.max_game_length(4) == 36 + 10 * per_round
    assert g_ids.max_money(3) < g_ids.max_money(4)


def test_the_first_giants_bounds_follow_from_the_components():
    cards = len(firstgiants.CARDS)
    assert fg_ids.max_game_length(2) >= 2 * cards  # every card dealt or revealed, then taken
    assert fg_ids.max_points(4) >= 33 * 3 + 5 * 3 + 3 * 5  # the Set tokens of the box, complete; every News token


def test_giganten_hides_dealt_tiles_and_license_draws_from_the_other_seats():
    ids = giganten.SPEC.ids
    seen = {}
    for state in random_play(giganten, 4, 3):
        if state.is_chance():
            outcome = state.chance_outcomes()[-1][0]
            after = state.apply(outcome)
            seen.setdefault(type(outcome).__name__, (state, outcome, after))
    state, deal, after = seen["DealTile"]
    assert ids.seen_by(state, deal, after) == frozenset() and ids.public_token(deal) == "deal_tile()"
    state, draw, after = seen["DrawLicenses"]
    (drawer,) = ids.seen_by(state, draw, after)
    assert after.observation(drawer)["players_info"][drawer]["licenses"] is not None
    assert ids.public_token(draw) == f"draw_licenses(count={draw.count})"
    for name in ("RollPrice", "RevealCard"):
        assert ids.seen_by(*seen[name]) is None
    open_game = giganten.new_game(4, open_licenses=True)
    assert ids.seen_by(open_game, draw, open_game) is None


def test_first_giants_has_no_hidden_actions():
    """The deck is face up: every seat's observation is the same but for the seat's own number."""
    for state in random_play(firstgiants, 3, 1):
        views = [state.observation(p) for p in range(3)]
        assert all({**v, "you": 0} == {**views[0], "you": 0} for v in views)
        if state.is_terminal():
            break
        action = state.chance_outcomes()[0][0] if state.is_chance() else state.legal_actions()[0]
        assert firstgiants.SPEC.ids.seen_by(state, action, state.apply(action)) is None
