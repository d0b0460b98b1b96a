"""The kit's games in OpenSpiel: importing this module registers ``python_giganten`` and
``python_first_giants`` with ``pyspiel``.

    import pyspiel
    import gamekit.interop.openspiel
    game = pyspiel.load_game("python_giganten", {"players": 3, "open_licenses": True})

Parameters: ``players``, every variant switch of the game (its ``option_defaults``), and ``returns``:
``"win_share"`` (default: 1 for the winner, 1/k each for k tied winners; constant-sum) or the game's unit
(``"money"``, ``"points"``: general-sum).  Returns are 0 until the end (terminal rewards).

* **Actions** are the kit's ids (:mod:`gamekit.ids`): a decision keeps its id (``num_distinct_actions`` is the
  kit's ``num_decisions``); chance outcome ``k`` is kit id ``num_decisions + k`` (OpenSpiel numbers chance
  outcomes in a range of their own, ``max_chance_outcomes``).  Chance is explicit.
* **Observations** come from the seat's ``observation(seat)`` only: the string is its JSON, the tensor the
  game's ``tensor`` encoding.  The **information state** string is perfect recall: every action so far as the
  seat saw it (a hidden part, such as another seat's license draw, shows only its public fields), then the
  current observation (which keeps every hidden value the seat has learnt); its tensor is the observation's.
* **Resampling** (``resample_from_infostate``, for OpenSpiel's information-set MCTS) is the kit's
  ``determinize``: hidden values re-dealt from what the seat has not seen.  The resampled state carries no
  hidden truth: its OpenSpiel history is empty (as a kit's determinized state has none) and the other seats'
  past hidden draws are kept only in their public form.  First Giants has no hidden information: its type is
  perfect information and resampling returns a copy.
* **Serialisation** (``pyspiel.serialize_game_and_state``) writes the kit's save file: OpenSpiel pickles the
  state's attributes, and the kit's position pickles as its JSON save file, replayed when loaded.
"""
from __future__ import annotations

import json
import random
from importlib import import_module
from typing import Any, Callable

import pyspiel

from ..mcts import blend_utility
from ..protocol import GameState
from ..record import load
from . import GAMES, WIN_SHARE, KitGame, check_returns_kind, final_returns

Entry = tuple[str, str | None, frozenset | None]
"""One action as the seats saw it: (what everyone saw, the full action or None, the seats that saw it in full
or None for all)."""


class _Position:
    """The kit's state inside an OpenSpiel state, with the log of how each seat saw the actions so far.

    Immutable (a kit state never changes; applying an action makes a new position), so OpenSpiel's deep copy
    shares it, and it pickles as the kit's save file.
    """

    __slots__ = ("state", "log", "strings")

    def __init__(self, state: GameState, log: tuple | None) -> None:
        self.state = state
        self.log = log  # (earlier log, Entry) or None: a chain shared by every copy
        self.strings: dict[tuple[int, bool], str] = {}  # (seat, perfect recall) -> the observer's string

    def __deepcopy__(self, memo: dict) -> "_Position":
        return self

    def __reduce__(self) -> tuple:
        return _restore, (self.state.spec.name, self.state.to_json())

    def after(self, action: Any) -> "_Position":
        before = self.state
        after = before.apply(action)
        ids = before.spec.ids
        seen = ids.seen_by(before, action, after)
        full = str(ids.action_id(action))
        entry = (full, None, None) if seen is None else (ids.public_token(action), full, seen)
        return _Position(after, (self.log, entry))

    def tokens(self, seat: int) -> list[str]:
        """The actions so far as ``seat`` saw them, oldest first."""
        out, node = [], self.log
        while node is not None:
            node, (public, full, seen) = node
            out.append(full if seen is not None and seat in seen else public)
        out.reverse()
        return out

    def seen_from(self, seat: int) -> tuple | None:
        """The log as far as ``seat`` knows it: every part ``seat`` did not see is cut back to its public form,
        whoever saw it (a resampled world holds no hidden truth)."""
        entries: list[Entry] = []
        node = self.log
        while node is not None:
            node, (public, full, seen) = node
            entries.append((public, full, seen) if seen is None or seat in seen else (public, None, frozenset()))
        chain: tuple | None = None
        for entry in reversed(entries):
            chain = (chain, entry)
        return chain


def _restore(game_name: str, save: str) -> _Position:
    """A position from the kit's save file (checked by the kit's loader), replayed to rebuild the log."""
    final = load(save, import_module(game_name).SPEC)
    position = _Position(final.spec.new_game(final.num_players, **final.options), None)
    for action in final.history():
        position = position.after(action)
    return position


def _game_type(game: KitGame, returns: str) -> pyspiel.GameType:
    spec = game.spec
    information = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if spec.ids.hidden_information
                   else pyspiel.GameType.Information.PERFECT_INFORMATION)
    utility = (pyspiel.GameType.Utility.CONSTANT_SUM if returns == WIN_SHARE
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=game.openspiel_name, long_name=f"{game.title} (the Giants kit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information, utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": game.default_players, **spec.option_defaults, "returns": WIN_SHARE},
    )


class KitSpielGame(pyspiel.Game):
    """One of the kit's games, for a player count and variant, as an OpenSpiel game."""

    def __init__(self, params: dict | None, game: KitGame) -> None:
        params = {"players": game.default_players, **game.spec.option_defaults, "returns": WIN_SHARE, **(params or {})}
        options = {k: v for k, v in params.items() if k not in ("players", "returns")}
        self.kit_game = game
        self.players = params["players"]
        self.options = game.spec.validate_options(self.players, options)
        self.returns_kind = check_returns_kind(game, params["returns"])
        ids = game.ids
        win_share = self.returns_kind == WIN_SHARE
        low, high = (0.0, 1.0) if win_share else ids.score_range(self.players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=ids.num_decisions, max_chance_outcomes=ids.num_chance_outcomes,
            num_players=self.players, min_utility=low, max_utility=high, utility_sum=1.0 if win_share else None,
            max_game_length=ids.max_game_length(self.players, self.options))
        super().__init__(_game_type(game, self.returns_kind), info, params)
        self.initial = game.spec.new_game(self.players, **self.options)  # (immutable: shared by every new state)

    def new_initial_state(self, *args: Any) -> "KitSpielState":
        return KitSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        if iig_obs_type is None:
            return _Observer(self, perfect_recall=False)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(f"{self.kit_game.title} offers each seat's own observation (public and private), "
                             "not other observation types")
        return _Observer(self, perfect_recall=iig_obs_type.perfect_recall)

    def from_kit(self, state: GameState) -> "KitSpielState":
        """The OpenSpiel state of a kit state of this game (its history replayed, chance outcomes included)."""
        if (state.spec.name, state.num_players, state.options) != (self.kit_game.package, self.players, self.options):
            raise ValueError("that kit state belongs to another game, player count or variant")
        out = self.new_initial_state()
        for action in state.history():
            out.apply_action(out.spiel_action(action))
        return out


class KitSpielState(pyspiel.State):
    """An OpenSpiel state around a kit state (``kit_state``); its attributes are only the kit's position."""

    def __init__(self, game: KitSpielGame) -> None:
        super().__init__(game)
        self._kit = _Position(game.initial, None)

    @property
    def kit_state(self) -> GameState:
        return self._kit.state

    # -- ids: the kit's, chance outcomes shifted into their own range ---------------------------------
    def spiel_action(self, action: Any) -> int:
        """The OpenSpiel action of a kit action offered here."""
        ids = self._kit.state.spec.ids
        i = ids.action_id(action)
        return i - ids.num_decisions if ids.is_chance_id(i) else i

    def kit_action(self, action: int, player: int | None = None) -> Any:
        """The kit action of OpenSpiel action ``action`` (a chance outcome when ``player`` is the chance player,
        or, by default, when this is a chance node)."""
        ids = self._kit.state.spec.ids
        chance = self._kit.state.is_chance() if player is None else player == pyspiel.PlayerId.CHANCE
        return ids.action_from_id(int(action) + ids.num_decisions if chance else int(action))

    # -- the pyspiel.State interface ------------------------------------------------------------------------
    def current_player(self) -> int:
        state = self._kit.state
        if state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if state.is_chance():
            return pyspiel.PlayerId.CHANCE
        return state.current_player()  # type: ignore[return-value]  # a decision: a seat, never None

    def _legal_actions(self, player: int) -> list[int]:
        return self._kit.state.spec.ids.legal_ids(self._kit.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ids = self._kit.state.spec.ids
        return [(i - ids.num_decisions, p) for i, p in ids.chance_ids(self._kit.state)]

    def _apply_action(self, action: int) -> None:
        self._kit = self._kit.after(self.kit_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.kit_action(action, player))

    def is_terminal(self) -> bool:
        return self._kit.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._kit.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return final_returns(state, self.get_game().returns_kind)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> "KitSpielState":
        """A state ``player_id`` cannot tell from this one, hidden values re-dealt (the kit's ``determinize``),
        seeded from ``probability_sampler()``; with no hidden information, a copy."""
        state = self._kit.state
        if not state.spec.ids.hidden_information:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2**52))
        world = state.determinize(player_id, rng)  # type: ignore[attr-defined]  # hidden information: it has one
        out = self.get_game().new_initial_state()
        out._kit = _Position(world, self._kit.seen_from(player_id))
        return out

    def observation_dict(self, player: int) -> dict[str, Any]:
        return self._kit.state.observation(player)

    def observer_string(self, player: int, perfect_recall: bool) -> str:
        """The observation string (its JSON) of ``player``; with perfect recall, first every action so far as
        ``player`` saw it (remembered per position: search asks for it again and again)."""
        key = (player, perfect_recall)
        text = self._kit.strings.get(key)
        if text is None:
            text = json.dumps(self.observation_dict(player), sort_keys=True, separators=(",", ":"))
            if perfect_recall:
                text = " ".join(self._kit.tokens(player)) + "\n" + text
            self._kit.strings[key] = text
        return text

    def __str__(self) -> str:
        return str(self._kit.state)


class _Observer:
    """OpenSpiel's observer: the seat's observation as a tensor (named pieces) and as a string."""

    def __init__(self, game: KitSpielGame, perfect_recall: bool) -> None:
        self._encode = game.kit_game.tensor.encode
        layout = game.kit_game.tensor.layout(game.players)
        self.tensor = layout.new()
        self.dict = layout.views(self.tensor)
        self.perfect_recall = perfect_recall

    def set_from(self, state: KitSpielState, player: int) -> None:
        self._encode(state.observation_dict(player), self.tensor)

    def string_from(self, state: KitSpielState, player: int) -> str:
        return state.observer_string(player, self.perfect_recall)


class GigantenGame(KitSpielGame):
    """``python_giganten``."""

    def __init__(self, params: dict | None = None) -> None:
        super().__init__(params, GAMES["giganten"])


class FirstGiantsGame(KitSpielGame):
    """``python_first_giants``."""

    def __init__(self, params: dict | None = None) -> None:
        super().__init__(params, GAMES["firstgiants"])


def _register() -> None:
    # (registered as classes: pyspiel keeps its creators until after Python's shutdown, when releasing a
    # function object aborts the interpreter, a class does not)
    for game, cls in ((GAMES["giganten"], GigantenGame), (GAMES["firstgiants"], FirstGiantsGame)):
        pyspiel.register_game(_game_type(game, WIN_SHARE), cls)


def load_game(game: str, **params: Any) -> KitSpielGame:
    """``pyspiel.load_game`` for a kit game by its kit name ("giganten", "firstgiants") or OpenSpiel name."""
    name = next((g.openspiel_name for g in GAMES.values() if game in (g.package, g.openspiel_name)), None)
    if name is None:
        raise ValueError(f"unknown game {game!r}; the kit's games: {', '.join(GAMES)}")
    return pyspiel.load_game(name, params)


def resampler(seed: int) -> Callable[[KitSpielState, int], KitSpielState]:
    """A seeded resampler for OpenSpiel's ``ISMCTSBot.set_resampler`` (its default seeds from the clock)."""
    rng = random.Random(seed)
    return lambda state, player: state.resample_from_infostate(player, rng.random)


def _numpy_rng(seed: int) -> Any:
    """numpy's legacy generator (OpenSpiel's bots take one), for any integer seed (the kit's are 64-bit)."""
    import numpy as np

    return np.random.RandomState(seed % 2**32)


class KitEvaluator:
    """OpenSpiel's random-rollout evaluator, cut short: ``rollout_length`` random moves (None: to the end), then
    the game's returns so far (money, points): with win-share returns, as values in [0, 1], half win share and
    half margin (:func:`gamekit.mcts.blend_utility`).  Once the game is over, its returns.  Deterministic from its
    seed."""

    def __init__(self, seed: int, rollout_length: int | None = None) -> None:
        self.rng = _numpy_rng(seed)
        self.rollout_length = rollout_length

    def evaluate(self, state: KitSpielState) -> Any:
        import numpy as np

        working, moves = state.clone(), 0
        while not working.is_terminal() and (self.rollout_length is None or moves < self.rollout_length):
            if working.is_chance_node():
                actions, probabilities = zip(*working.chance_outcomes())
                working.apply_action(int(self.rng.choice(actions, p=probabilities)))
            else:
                working.apply_action(int(self.rng.choice(working.legal_actions())))
            moves += 1
        if working.is_terminal():
            return np.array(working.returns())
        so_far = working.kit_state.returns()
        return np.array(blend_utility(so_far) if working.get_game().returns_kind == WIN_SHARE else so_far)

    def prior(self, state: KitSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def ismcts_bot(game: KitSpielGame, seed: int, simulations: int = 20, uct_c: float = 1.4,
               rollout_length: int | None = None) -> Any:
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``), resampling with the kit's
    ``determinize``, evaluating by :class:`KitEvaluator`; seeded throughout."""
    from open_spiel.python.algorithms.ismcts import ISMCTSBot

    bot = ISMCTSBot(game, KitEvaluator(seed, rollout_length), uct_c, simulations, random_state=_numpy_rng(seed + 1))
    bot.set_resampler(resampler(seed + 2))
    return bot


def mcts_bot(game: KitSpielGame, seed: int, simulations: int = 20, uct_c: float = 1.4,
             rollout_length: int | None = None) -> Any:
    """OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``), evaluating by :class:`KitEvaluator`; seeded.
    For First Giants, which has no hidden information: on Giganten it would search the real state, hidden
    values included (use :func:`ismcts_bot` there)."""
    from open_spiel.python.algorithms.mcts import MCTSBot

    return MCTSBot(game, uct_c, simulations, KitEvaluator(seed, rollout_length), random_state=_numpy_rng(seed + 1))


class OpenSpielSeat:
    """An OpenSpiel bot in a kit seat: ``act(kit_state)`` is the bot's ``step`` on the same position.

    ``make(game, seed)`` builds the bot for the kit state's game (e.g. :func:`ismcts_bot`); the OpenSpiel state
    follows the kit's game incrementally (only the actions since the last decision are applied).
    """

    def __init__(self, make: Callable[[KitSpielGame, int], Any], seed: int = 0, name: str = "openspiel") -> None:
        self.make, self.seed, self.name = make, seed, name
        self._game: KitSpielGame | None = None
        self._bot: Any = None
        self._history: list = []
        self._state: KitSpielState | None = None

    def _follow(self, state: GameState) -> KitSpielState:
        history = state.history()
        key = (state.spec.name, state.num_players, state.options)
        if self._game is None or (self._game.kit_game.package, self._game.players, self._game.options) != key:
            self._game = load_game(state.spec.name, players=state.num_players, **state.options)
            self._bot = self.make(self._game, self.seed)
            self._history, self._state = [], None
        if self._state is None or history[:len(self._history)] != self._history:
            self._history, self._state = [], self._game.new_initial_state()
        for action in history[len(self._history):]:
            self._state.apply_action(self._state.spiel_action(action))
        self._history = history
        return self._state

    def act(self, state: GameState) -> Any:
        spiel_state = self._follow(state)
        return spiel_state.kit_action(self._bot.step(spiel_state))

    def __repr__(self) -> str:
        return f"OpenSpielSeat({self.name})"


def seat(make: Callable[..., Any], name: str = "openspiel", **params: Any) -> Callable[[int], OpenSpielSeat]:
    """A kit seat factory ``f(seed)`` (for ``play``, the tournament runner, ...) of an OpenSpiel bot:
    ``seat(ismcts_bot, simulations=30)``."""
    def factory(seed: int) -> OpenSpielSeat:
        return OpenSpielSeat(lambda game, s: make(game, s, **params), seed, name)

    factory.__name__ = name
    return factory


_register()
