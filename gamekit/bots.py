"""Bots as seats: the registry of named bot factories, the human seat, and the "why" protocol.

Every bot of the kit is an object with two methods:

* ``act(state) -> action`` — the move it plays for the seat to move in ``state``;
* ``explain(state) -> list[(action, value)]`` — its top candidate moves with the values it
  gave them, best first (the "why" a class can look at).  What a value means depends on the
  bot (a heuristic score, a search bot's estimated utility, a random bot's uniform 1/n) and is
  written in the bot's docstring.

Each game package registers its bots in ``<game>.bots.BOTS``: a dict ``name -> factory`` with
``factory(seed: int, **params) -> Bot``.  The tournament runner, the widgets and the notebooks
find bots by name through :func:`registry` / :func:`make_bot`.
"""
from __future__ import annotations

import importlib
import math
import random
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol, Sequence, Union

from .actions import Action
from .mcts import advance, private_copy
from .play import RandomBot
from .protocol import GameState
from .spec import GameSpec

Candidates = list[tuple[Action, float]]
BotFactory = Callable[..., Any]
#: How a seat is given: a registered name, ``(name, {param: value})``, or a factory ``f(seed)``.
SeatSpec = Union[str, tuple[str, Mapping[str, Any]], BotFactory]


class ExplainingBot(Protocol):
    def act(self, state: GameState) -> Action: ...

    def explain(self, state: GameState) -> Candidates: ...


class HumanMoveRequired(RuntimeError):
    """Raised when a bot loop asks a human seat to move: a person has to choose."""


class HumanSeat:
    """A seat played by a person (in a notebook or a Voila dashboard).

    It is only a marker: the widgets' stepper sees that the seat to move is a ``HumanSeat`` and
    waits for a click.  Anything that asks it to decide (``act``) gets a clear error instead of
    a silent random move.
    """

    def __init__(self, seed: int | None = None, name: str = "human") -> None:
        self.name = name

    def act(self, state: GameState) -> Action:
        raise HumanMoveRequired(
            f"seat {state.current_player()} is a human seat ({self.name}): a person chooses this move "
            "(the widget waits for a click; in code, call state.apply(action) with their choice)"
        )

    def explain(self, state: GameState) -> Candidates:
        return []

    def __repr__(self) -> str:
        return f"HumanSeat({self.name!r})"


def is_human(bot: Any) -> bool:
    return isinstance(bot, HumanSeat)


def random_bot(seed: int) -> RandomBot:
    """Uniformly random among the legal moves (``explain``: 1/n each)."""
    return RandomBot(seed)


#: Bots every game has, whatever its package registers.
BASE_BOTS: dict[str, BotFactory] = {"random": random_bot, "human": HumanSeat}


class ScoredBot:
    """A bot that scores every legal action and plays the best one (ties broken at random).

    Subclasses implement :meth:`score`; ``explain`` is then the sorted scores, so a heuristic
    bot's "why" is exactly the numbers it decided by.  ``score_all`` may be overridden when the
    scores of all actions are cheaper to compute together.
    """

    top = 5

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def score(self, state: GameState, action: Action) -> float:
        raise NotImplementedError

    def score_all(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        return [self.score(state, a) for a in actions]

    def ranked(self, state: GameState) -> Candidates:
        """Every legal action with its score, best first (ties in the engine's order)."""
        actions = state.legal_actions()
        scored = list(zip(actions, self.score_all(state, actions)))
        scored.sort(key=lambda pair: -pair[1])
        return scored

    def act(self, state: GameState) -> Action:
        return self.choose(state, self.rng)

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The best-scored action, ties broken by ``rng`` (a rollout passes its own stream of luck)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores = self.score_all(state, actions)
        best = max(scores)
        return rng.choice([a for a, s in zip(actions, scores) if s >= best - 1e-12])

    def explain(self, state: GameState) -> Candidates:
        return self.ranked(state)[: self.top]


class SoftmaxBot:
    """A scored bot's judgement played loosely: each legal move with probability ``exp(score / temperature)``
    (normalised), so better moves come more often and clear blunders almost never.

    ``temperature`` is in the unit of the scores (dollars, points): about the size of a difference
    the player often overlooks.  ``explain`` is the inner bot's (its scores, best first).
    """

    def __init__(self, inner: ScoredBot, temperature: float, seed: int | None = None) -> None:
        if not temperature > 0:
            raise ValueError(f"temperature must be positive, got {temperature}")
        self.inner = inner
        self.temperature = temperature
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores = self.inner.score_all(state, actions)
        best = max(scores)
        weights = [math.exp(max(-60.0, (s - best) / self.temperature)) for s in scores]
        return self.rng.choices(actions, weights)[0]

    def explain(self, state: GameState) -> Candidates:
        return self.inner.explain(state)


class LookaheadBot(ScoredBot):
    """Scores each move by the value of the position it leads to, for the player who moved.

    A game's turn is often a chain of small decisions by the same player (play a marker, take a
    card, display it; split points, move, build).  So after the move, while the same player keeps
    deciding, the bot follows its own greedy continuation (at most ``depth`` further moves, each
    chosen by the value of the position it leads to), and scores the move by where that chain
    ends: a chance node, another player's decision, the end, or the depth limit.  Subclasses
    give :meth:`value`; ``explain`` shows the scores it decided by.
    """

    def __init__(self, seed: int | None = None, depth: int = 4) -> None:
        super().__init__(seed)
        self.depth = depth

    def value(self, state: GameState, player: int) -> float:
        """How good ``state`` is for ``player`` (higher is better; any scale)."""
        raise NotImplementedError

    def score(self, state: GameState, action: Action) -> float:
        player = state.current_player()
        assert player is not None  # bots score decisions, never chance
        return self._chain(after(state, action), player, self.depth)

    def _chain(self, state: GameState, player: int, depth: int) -> float:
        while depth > 0 and not state.is_terminal() and state.current_player() == player:
            options = [after(state, a) for a in state.legal_actions()]
            values = [self.value(o, player) for o in options]
            state = options[max(range(len(options)), key=values.__getitem__)]
            depth -= 1
        return self.value(state, player)


def after(state: GameState, action: Action) -> GameState:
    """The position after ``action``, one of ``state``'s legal actions: what ``state.apply(action)`` gives, without
    its legality check and its events (a bot that only values the position needs neither)."""
    new = private_copy(state)
    advance(new, action)
    return new


def explain(bot: Any, state: GameState, top: int = 5) -> Candidates:
    """The bot's top candidates (its own ``explain``, or uniform values for a bot without one)."""
    if hasattr(bot, "explain"):
        return list(bot.explain(state))[:top]
    actions = state.legal_actions()
    return [(a, 1.0 / len(actions)) for a in actions[:top]]


def format_why(candidates: Candidates, label: str = "value") -> str:
    """The "why" as a small text table, best first."""
    if not candidates:
        return "(no candidates: a human seat or no decision)"
    width = max(len("action"), *(len(str(a)) for a, _ in candidates))
    lines = [f"{'action':<{width}}  {label}"]
    lines += [f"{str(a):<{width}}  {v:.3f}" for a, v in candidates]
    return "\n".join(lines)


# -- the registry ------------------------------------------------------------------------------

def game_module(game: GameSpec | ModuleType | str) -> ModuleType | None:
    """The module that defines ``game`` (a package, a module name, or a spec's defining module)."""
    if isinstance(game, ModuleType):
        return game
    if isinstance(game, str):
        return importlib.import_module(game)
    module = getattr(getattr(game, "create", None), "__module__", None)
    return importlib.import_module(module) if module else None


def registry(game: GameSpec | ModuleType | str) -> dict[str, BotFactory]:
    """Every named bot of ``game``: the base bots, then ``<package>.bots.BOTS``, then ``module.BOTS``."""
    out = dict(BASE_BOTS)
    module = game_module(game)
    if module is None:
        return out
    top = module.__name__.split(".")[0]
    for candidate in dict.fromkeys((f"{top}.bots", f"{module.__name__}.bots")):
        try:
            bots_module = importlib.import_module(candidate)
        except ModuleNotFoundError as exc:
            if exc.name is not None and candidate.startswith(exc.name):
                continue  # the game has no bots module: only a real import error inside one fails
            raise
        out.update(getattr(bots_module, "BOTS", {}))
    out.update(getattr(module, "BOTS", {}))
    return out


def seat_factory(game: GameSpec | ModuleType | str, seat: SeatSpec) -> Callable[[int], Any]:
    """A one-argument factory ``f(seed) -> bot`` for a seat given as name, (name, params) or callable."""
    if callable(seat):
        return seat
    if isinstance(seat, str):
        name, params = seat, {}
    elif isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str):
        name, params = seat[0], dict(seat[1])
    else:
        raise TypeError(f"a seat is a bot name, (name, params) or a factory f(seed); got {seat!r}")
    bots = registry(game)
    if name not in bots:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(bots))}")
    factory = bots[name]
    return lambda seed: factory(seed, **params)


def seat_label(seat: SeatSpec) -> str:
    """A short readable name for a seat: ``heuristic``, ``search(iterations=200)``, ``my_bot``."""
    if isinstance(seat, str):
        return seat
    if isinstance(seat, tuple):
        name, params = seat
        return f"{name}({', '.join(f'{k}={v!r}' for k, v in sorted(dict(params).items()))})"
    inner = getattr(seat, "func", None)  # functools.partial
    if inner is not None:
        args = [repr(a) for a in getattr(seat, "args", ())]
        args += [f"{k}={v!r}" for k, v in sorted(getattr(seat, "keywords", {}).items())]
        return f"{getattr(inner, '__name__', repr(inner))}({', '.join(args)})"
    return getattr(seat, "__name__", None) or repr(seat)


def make_bot(game: GameSpec | ModuleType | str, seat: SeatSpec, seed: int) -> Any:
    """The bot for ``seat`` seeded with ``seed``."""
    return seat_factory(game, seat)(seed)


def describe_bots(game: GameSpec | ModuleType | str) -> dict[str, str]:
    """Each registered bot's name and the first line of its docstring (for menus and docs)."""
    out = {}
    for name, factory in registry(game).items():
        doc = (getattr(factory, "__doc__", None) or "").strip().splitlines()
        out[name] = doc[0] if doc else ""
    return out
