"""Both games inside OpenSpiel: its own random simulation test, serialisation through the kit's save files,
information states and resampling, and OpenSpiel's information-set MCTS blind to hidden cards."""
from __future__ import annotations

import base64
import json
import pickle
import random
from collections import Counter

import pytest

import firstgiants
import giganten
from gamekit import play, random_game
from gamekit.bots import make_bot
from gamekit.checks import CheckedBot

from . import needs
from .twins import bidding, license_twin, tile_twin, twins

pyspiel = needs("pyspiel")
osp = pytest.importorskip("gamekit.interop.openspiel")  # (imports pyspiel: present once needs() passed)

COUNTS = [("python_giganten", n) for n in (3, 4)] + [("python_first_giants", n) for n in (2, 3, 4, 5)]


@pytest.mark.parametrize("name, players", COUNTS)
def test_openspiels_random_simulation_test_passes_with_serialisation(name, players):
    """pyspiel.random_sim_test: legal actions sorted and unique in name, masks, clones, serialise/deserialise,
    observations and information states (strings and tensors) for every seat, returns in range, game length."""
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name, params", [
    ("python_giganten", {"players": 3, "open_licenses": True, "one_opponent_back": True, "returns": "money"}),
    ("python_first_giants", {"players": 2, "first_player": 1, "returns": "points"}),
])
def test_variants_and_returns_in_the_games_unit(name, params):
    game = pyspiel.load_game(name, params)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[-1])
    assert state.returns() == state.kit_state.returns()


def test_the_games_are_registered_with_the_kits_numbers():
    names = {g.short_name for g in pyspiel.registered_games()}
    assert {"python_giganten", "python_first_giants"} <= names
    for name, package in (("python_giganten", giganten), ("python_first_giants", firstgiants)):
        game = pyspiel.load_game(name)
        ids = package.SPEC.ids
        assert game.num_distinct_actions() == ids.num_decisions
        assert game.max_chance_outcomes() == ids.num_chance_outcomes
        assert game.max_game_length() == ids.max_game_length(game.num_players(), package.SPEC.option_defaults)
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
        assert set(game.get_type().parameter_specification) == {"players", "returns", *package.SPEC.option_defaults}
    assert pyspiel.load_game("python_giganten").get_type().information == \
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert pyspiel.load_game("python_first_giants").get_type().information == \
        pyspiel.GameType.Information.PERFECT_INFORMATION  # the deck is face up: nothing is hidden
    with pytest.raises(Exception, match="3 to 4 players"):
        pyspiel.load_game("python_giganten", {"players": 5})
    with pytest.raises(Exception, match="returns"):
        pyspiel.load_game("python_giganten", {"returns": "glory"})


def test_win_share_splits_a_tie():
    game = osp.load_game("firstgiants", players=2)
    for seed in range(40):
        final = random_game(firstgiants.new_game(2), seed)
        if len(set(final.returns())) == 1:
            assert game.from_kit(final).returns() == [0.5, 0.5]
            return
    pytest.fail("no tied game among 40")


def test_a_state_serialises_as_the_kits_save_file_never_as_pickled_kit_objects():
    game = osp.load_game("giganten", players=3)
    kit = random_game(giganten.new_game(3), 2)
    state = game.from_kit(kit)
    text = pyspiel.serialize_game_and_state(game, state)
    blob = text.split("__dict__=")[1].split("\n")[0]
    raw = base64.b64decode(blob)
    assert kit.to_json().encode() in raw  # the save file itself
    assert b"giganten.state" not in raw and b"_record" not in raw  # not the kit's objects
    assert pickle.loads(raw)["_kit"].state.fingerprint() == kit.fingerprint()
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.kit_state == kit and back.history() == state.history()
    assert back.information_state_string(1) == state.information_state_string(1)


def test_information_states_are_perfect_recall_and_hide_what_a_seat_did_not_see():
    state, twin, seat = twins(license_twin)  # another seat drew different license values
    game = osp.load_game("giganten", players=4)
    a, b = game.from_kit(state), game.from_kit(twin)
    assert a.information_state_string(seat) == b.information_state_string(seat)
    assert a.observation_string(seat) == b.observation_string(seat)
    assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
    drawers = [q for q in range(4) if q != seat and a.information_state_string(q) != b.information_state_string(q)]
    assert drawers  # the seat that drew knows what it drew
    tokens = a.information_state_string(seat).split("\n")[0].split()
    assert len(tokens) == len(a.history()) and "draw_licenses(count=" in " ".join(tokens)


def tokens(state, seat):
    return state.information_state_string(seat).split("\n")[0].split()


def test_resampling_uses_determinize_keeps_the_information_state_and_carries_no_hidden_truth():
    state, twin, seat = twins(tile_twin)
    game = osp.load_game("giganten", players=4)
    truth = game.from_kit(state)
    worlds = [truth.resample_from_infostate(seat, random.Random(k).random) for k in range(6)]
    mine = tokens(truth, seat)
    for world in worlds:
        assert world.information_state_string(seat) == truth.information_state_string(seat)
        assert world.information_state_tensor(seat) == truth.information_state_tensor(seat)
        assert world.current_player() == truth.current_player() and world.history() == []  # no true history
        assert world.kit_state.determinized
        for other in range(4):  # what the seat did not see is in no seat's string of the resampled world
            assert all(theirs == m for theirs, m in zip(tokens(world, other), mine) if "(" in m)
    others = {json.dumps(w.kit_state.observation(q)) for w in worlds for q in range(4) if q != seat}
    assert len(others) > 3  # the other seats' hands really are re-dealt


def test_first_giants_resamples_to_a_copy():
    game = osp.load_game("firstgiants", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    copy = state.resample_from_infostate(0, lambda: 0.5)
    assert str(copy) == str(state) and copy.history() == state.history()


def ismcts_decisions(kit_state, seeds, peek=False):
    """OpenSpiel's ISMCTS decisions at ``kit_state``, one per seed; ``peek``: resampling returns the true state."""
    game = osp.load_game("giganten", players=kit_state.num_players)
    state = game.from_kit(kit_state)
    out = []
    for seed in seeds:
        bot = osp.ismcts_bot(game, seed, simulations=30, rollout_length=30)
        if peek:
            bot.set_resampler(lambda s, player: s.clone())
        out.append(state.kit_action(bot.step(state)))
    return out


@pytest.mark.parametrize("make, where", [(tile_twin, lambda s: True), (license_twin, bidding)],
                         ids=["tiles", "licenses"])
def test_openspiels_ismcts_decides_the_same_whatever_the_hidden_truth(make, where):
    """The kit's swap test, applied to OpenSpiel's information-set MCTS through the adapter: two positions that
    differ only in what the searching seat has not seen (unexamined tiles; another hand), the same decisions."""
    state, twin, seat = twins(make, where=where)
    on_state, on_twin = ismcts_decisions(state, range(4)), ismcts_decisions(twin, range(4))
    assert Counter(on_state) == Counter(on_twin)
    assert on_state == on_twin and all(a in state.legal_actions() for a in on_state)
    assert len(set(on_state)) > 1  # the decisions depend on the seed: a real search, not a forced move


def test_the_swap_test_has_teeth_a_search_that_peeks_decides_otherwise():
    state, twin, _ = twins(license_twin, where=bidding)
    assert ismcts_decisions(state, range(4), peek=True) != ismcts_decisions(twin, range(4), peek=True)


def test_openspiel_bots_play_whole_games_at_a_table_with_the_kits_bots():
    ismcts = osp.seat(osp.ismcts_bot, simulations=4, rollout_length=6)
    final = play(giganten.new_game(3), [CheckedBot(ismcts(1)), make_bot(giganten, "heuristic", 2),
                                          make_bot(giganten, "random", 3)], 7)
    assert final.is_terminal()
    mcts = osp.seat(osp.mcts_bot, simulations=4, rollout_length=6)
    final = play(firstgiants.new_game(2), [CheckedBot(mcts(1)), make_bot(firstgiants, "heuristic", 2)], 7)
    assert final.is_terminal()


def test_a_seat_follows_the_game_incrementally_and_restarts_on_a_new_one():
    seat = osp.seat(osp.mcts_bot, simulations=2, rollout_length=2)(0)
    first = firstgiants.sample(firstgiants.new_game(2), seed=1)
    seat.act(first)
    followed = seat._state
    later = firstgiants.sample(first.apply(first.legal_actions()[0]), seed=2)
    if not later.is_terminal() and later.current_player() is not None:
        seat.act(later)
        assert seat._state is followed and seat._state.kit_state == later
    other = firstgiants.sample(firstgiants.new_game(3), seed=3)
    seat.act(other)
    assert seat._game.players == 3
