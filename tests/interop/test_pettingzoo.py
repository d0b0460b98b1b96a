"""Both games as PettingZoo AEC environments: PettingZoo's own API and seed tests, masks, observations from
the seat's view only, rewards at the end, and the kit's picture as the rendering."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import giganten

from . import needs
from .twins import license_twin, twins

needs("pettingzoo")
needs("gymnasium")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from gamekit.interop.pettingzoo import KitEnv, env  # noqa: E402

CASES = [("giganten", 3), ("giganten", 4), ("firstgiants", 2), ("firstgiants", 5)]
#: What PettingZoo's api_test says of any Dict observation with an action mask (its own classic games included).
DICT_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@pytest.mark.parametrize("game, players", CASES)
def test_pettingzoos_api_test_passes(game, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, players), num_cycles=1000)
    others = {str(w.message) for w in caught if not str(w.message).startswith(DICT_WARNINGS)}
    assert not others


@pytest.mark.parametrize("game, players", CASES[::2])
def test_pettingzoos_seed_test_passes(game, players):
    seed_test(lambda: env(game, players), num_cycles=200)


@pytest.mark.parametrize("game, players", CASES[1:3])
def test_a_whole_game_masks_rewards_and_the_kits_state(game, players):
    table = env(game, players, returns="money" if game == "giganten" else "points")
    table.reset(seed=3)
    assert table.action_space("player_0").n == table.kit_state.spec.ids.num_decisions
    rewards = {agent: 0.0 for agent in table.possible_agents}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        rewards[agent] += reward
        mask = observation["action_mask"]
        if terminated or truncated:
            assert not mask.any()
            table.step(None)
            continue
        seat = table.agent_seat[agent]
        assert table.kit_state.current_player() == seat
        legal = [table.kit_state.action_id(a) for a in table.kit_state.legal_actions()]
        assert np.flatnonzero(mask).tolist() == sorted(legal)
        others = [a for a in table.possible_agents if a != agent]
        assert not any(table.observe(a)["action_mask"].any() for a in others)  # only the seat to move may act
        table.step(int(table.np_random.choice(np.flatnonzero(mask))))
    final = table.kit_state
    assert final.is_terminal()
    assert [rewards[a] for a in table.possible_agents] == final.returns()


def test_illegal_actions_are_refused_and_the_table_is_unchanged():
    table = env("giganten", 3)
    table.reset(seed=1)
    before = table.kit_state
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="out of range"):
        table.step(10**6)
    with pytest.raises(TypeError):
        table.step(1.5)
    assert table.kit_state is before


def test_observations_show_only_what_the_seat_may_see():
    state, twin, seat = twins(license_twin)
    tables = []
    for kit_state in (state, twin):
        table = env("giganten", 4)
        table.reset(seed=0)
        table.state_ = kit_state
        tables.append(table)
    agent = f"player_{seat}"
    same = [np.array_equal(tables[0].observe(agent)[k], tables[1].observe(agent)[k]) for k in ("observation",
                                                                                             "action_mask")]
    assert same == [True, True]
    others = [a for a in tables[0].possible_agents if a != agent]
    assert any(not np.array_equal(tables[0].observe(a)["observation"], tables[1].observe(a)["observation"])
               for a in others)  # the seat that drew sees its own draw


@pytest.mark.parametrize("game", ["giganten", "firstgiants"])
def test_render_returns_the_kits_picture_as_rgb(game):
    table = env(game, 3, render_mode="rgb_array")
    table.reset(seed=2)
    picture = table.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3 and picture.std() > 10
    table.close()
    assert env(game, 3).render() is None


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="players"):
        KitEnv("giganten", 5)
    with pytest.raises(ValueError, match="returns"):
        KitEnv("firstgiants", 2, returns="points and glory")
    with pytest.raises(ValueError, match="unknown game"):
        KitEnv("chess", 2)
    with pytest.raises(ValueError, match="unknown"):
        KitEnv("giganten", 3, open_cards=True)
    assert isinstance(env("giganten", 3, open_licenses=True).options["open_licenses"], bool)
    assert giganten.SPEC.ids.num_decisions == env("giganten").action_space("player_0").n
