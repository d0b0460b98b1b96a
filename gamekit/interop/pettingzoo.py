"""The kit's games as PettingZoo AEC environments (turn by turn, with action masks).

    from gamekit.interop.pettingzoo import env
    table = env("firstgiants", players=3)          # or "giganten"; variants as keywords
    table.reset(seed=1)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        action = None if terminated or truncated else table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

* **Agents** ``player_0`` ... are the seats.  Chance (dice, draws, deals) is played by the environment from its
  seeded generator (``reset(seed=...)``), so only decisions reach the agents.
* **Actions** are the kit's decision ids (:mod:`gamekit.ids`): ``Discrete(num_decisions)``; the observation's
  ``action_mask`` marks the legal ones (all zero for a seat that is not to move).
* **Observations** are a ``Dict`` of ``observation`` -- a ``Box`` holding the seat's observation as the game's
  ``tensor`` module encodes it (only what the seat may see) -- and ``action_mask``.
* **Rewards** come at the end: each seat's win share (default) or the game's unit (``returns="money"`` /
  ``"points"``).
* ``render()`` (``render_mode="rgb_array"``) returns the kit's picture of the table as an RGB array.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..protocol import GameState
from . import WIN_SHARE, check_returns_kind, final_returns, kit_game, png_to_rgb


class KitEnv(AECEnv):
    """One of the kit's games as an AEC environment: ``KitEnv("giganten", players=4, **variants)``."""

    metadata = {"render_modes": ["rgb_array"], "name": "giants_kit", "is_parallelizable": False}

    def __init__(self, game: str = "giganten", players: int | None = None, returns: str = WIN_SHARE,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = kit_game(game)
        self.players = self.game.default_players if players is None else players
        self.options = self.game.spec.validate_options(self.players, options)
        self.returns_kind = check_returns_kind(self.game, returns)
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{self.game.package}_v0"}
        self.ids = self.game.ids
        self._encode = self.game.tensor.encode
        layout = self.game.tensor.layout(self.players)
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.agent_seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.ids.num_decisions,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.ids.num_decisions) for a in self.possible_agents}
        self._picture: Callable[[GameState], bytes] | None = None
        self.state_: GameState | None = None
        self.np_random, self.np_random_seed = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def kit_state(self) -> GameState:
        """The kit's state of the table (for the kit's bots, pictures and save files)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    # -- the AEC interface ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.state_ = self._play_chance(self.game.spec.new_game(self.players, **self.options))
        self.agent_selection = self._agent_to_move(self.state_)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_seat[agent]
        state = self.kit_state
        mask = np.zeros(self.ids.num_decisions, dtype=np.int8)
        if state.current_player() == seat:
            mask[self.ids.legal_ids(state)] = 1
        return {"observation": self._encode(state.observation(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.kit_state
        kit_action = self.ids.action_from_id(action)
        if self.ids.is_chance_id(self.ids.action_id(kit_action)) or kit_action not in state.legal_actions():
            raise ValueError(f"action {action} ({kit_action}) is not legal for {agent}; see the action mask")
        self._cumulative_rewards[agent] = 0.0
        self.state_ = state = self._play_chance(state.apply(kit_action))
        if state.is_terminal():
            returns = final_returns(state, self.returns_kind)
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_seat[a]])
                self.terminations[a] = True
        else:
            self.agent_selection = self._agent_to_move(state)
        self._accumulate_rewards()

    def _agent_to_move(self, state: GameState) -> str:
        seat = state.current_player()
        assert seat is not None, "chance is played by the environment, so a seat is to move"
        return self.possible_agents[seat]

    def _play_chance(self, state: GameState) -> GameState:
        """Play chance outcomes from the environment's generator until a seat decides or the game ends."""
        while state.is_chance():
            outcomes = state.chance_outcomes()
            k = self.np_random.choice(len(outcomes), p=np.array([p for _, p in outcomes]) / sum(p for _, p in outcomes))
            state = state.apply(outcomes[k][0])
        return state

    def render(self) -> np.ndarray | None:
        if self.render_mode is None:
            return None
        if self._picture is None:
            self._picture = self.game.picture()
        return png_to_rgb(self._picture(self.kit_state))

    def close(self) -> None:
        self._picture = None

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(game: str = "giganten", players: int | None = None, **kwargs: Any) -> KitEnv:
    """A new environment (see :class:`KitEnv`)."""
    return KitEnv(game, players, **kwargs)
