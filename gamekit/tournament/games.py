"""One game of a tournament played to its row, whatever happens inside it.

A game is a pure function of its :class:`Task`: the chance outcomes come from one generator seeded
from the game's seed, each bot gets its own seed derived from the game's seed and its place in the
seats.  Anything that goes wrong inside the game (a bot raises, returns ``None`` or an illegal
action, runs past a time limit, the metrics function raises) becomes a failed row holding the error
as plain data and the save file of the game up to the failure, never an exception that would end
the run.

The :class:`Clock` enforces the time limits inside a supervised worker process (see
:mod:`gamekit.tournament.workers`): at the limit it raises :class:`TimeLimitExceeded` by ``SIGALRM``,
and it tells the supervisor the deadline and the move number through shared memory, so that a
process that does not stop is killed and its game replayed up to that move for the save file.
"""
from __future__ import annotations

import importlib
import math
import signal
import sys
import time
import traceback
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, Callable, Iterator, Mapping, MutableSequence

import numpy as np

from ..actions import Action
from ..bots import SeatSpec, seat_factory
from ..play import Bot, play
from ..protocol import GameState, IllegalAction
from ..spec import GameSpec
from .rows import Failure, GameResult

Metrics = Callable[[GameState], Mapping[str, Any]]


class TimeLimitExceeded(BaseException):
    """A decision or a game ran past its time limit.

    Derived from ``BaseException`` (like ``KeyboardInterrupt``) so that a bot's ``except Exception``
    does not swallow it."""


GAME_ERRORS = (Exception, SystemExit, TimeLimitExceeded)  # what becomes a failed row (never Ctrl-C)


@dataclass(frozen=True)
class GameRef:
    """A game named by importable module and attribute, so worker processes can rebuild it."""

    module: str
    attribute: str = "SPEC"

    def spec(self) -> GameSpec:
        return getattr(importlib.import_module(self.module), self.attribute)


def game_ref(game: GameSpec | ModuleType | str) -> GameRef:
    """Where ``game`` (a game package, module name or GameSpec) can be imported from."""
    if isinstance(game, str):
        game = importlib.import_module(game)
    if isinstance(game, ModuleType):
        if not isinstance(getattr(game, "SPEC", None), GameSpec):
            raise TypeError(f"module {game.__name__} has no GameSpec called SPEC")
        return GameRef(game.__name__)
    if isinstance(game, GameSpec):
        home = getattr(game.create, "__module__", None)
        modules = [sys.modules[home]] if home in sys.modules else []
        modules += [m for m in list(sys.modules.values()) if m is not None]
        for module in modules:
            for name in ("SPEC", *vars(module)):
                if getattr(module, name, None) is game:
                    return GameRef(module.__name__, name)
        raise TypeError(f"GameSpec {game.name!r} is not a module-level name; pass its package instead")
    raise TypeError(f"expected a game package, module name or GameSpec, got {game!r}")


def derived_seed(seed: int, stream: int) -> int:
    """An independent 63-bit seed for ``stream`` (0 = chance, 1+i = the i-th bot) of a game."""
    words = np.random.SeedSequence([seed, stream]).generate_state(2, dtype=np.uint32)
    return (int(words[0]) << 31) ^ int(words[1])


def spawn_seeds(root_seed: int, games: int) -> list[int]:
    """``games`` independent 63-bit game seeds spawned from ``root_seed`` (numpy SeedSequence)."""
    children = np.random.SeedSequence(root_seed).spawn(games)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


@dataclass(frozen=True)
class Task:
    """Everything one game of a tournament depends on (sent to worker processes by pickle)."""

    index: int
    game: GameRef
    players: int
    options: Mapping[str, Any]
    seats: tuple[SeatSpec, ...]
    labels: tuple[str, ...]
    seed: int
    rotation: int
    metrics: Metrics | None
    keep_logs: bool
    max_moves: int
    decision_limit: float | None = None
    game_limit: float | None = None

    def order(self) -> list[int]:
        """For each seat of the game, the index into ``seats`` of the bot sitting there."""
        return [(seat + self.rotation) % self.players for seat in range(self.players)]

    def seat_labels(self) -> tuple[str, ...]:
        return tuple(self.labels[j] for j in self.order())


class Clock:
    """The time limits of the games played in one process.

    In a supervised worker, ``shared`` is the memory the supervisor reads: ``[deadline, moves]``
    (the current soft deadline on the ``time.monotonic`` clock, 0 for none; the actions applied so
    far), and :meth:`alarm` is the ``SIGALRM`` handler.  Without ``shared`` (games played in the
    runner's own process, or on an executor) the clock never sets a timer: limits need a supervisor.
    """

    def __init__(self, shared: MutableSequence[float] | None = None) -> None:
        self.shared = shared
        self.decision_limit: float | None = None
        self.game_deadline = math.inf
        self.game_reason = ""
        self.reason = ""

    def alarm(self, signum: int, frame: Any) -> None:
        raise TimeLimitExceeded(self.reason)

    @contextmanager
    def running(self, task: Task) -> Iterator[None]:
        """The time of one game: its game limit from now, its decision limit for each decision."""
        self.decision_limit = task.decision_limit
        self.game_deadline = time.monotonic() + task.game_limit if task.game_limit else math.inf
        self.game_reason = f"the game took more than its game limit of {task.game_limit:g} s" if task.game_limit else ""
        self._arm(self.game_deadline, self.game_reason)
        try:
            yield
        finally:
            self._arm(math.inf, "")

    def deciding(self) -> None:
        limit = self.decision_limit
        deadline = time.monotonic() + limit  # type: ignore[operator]
        if deadline < self.game_deadline:
            self._arm(deadline, f"a decision took more than the decision limit of {limit:g} s")

    def decided(self) -> None:
        self._arm(self.game_deadline, self.game_reason)

    def moved(self, moves: int) -> None:
        if self.shared is not None:
            self.shared[1] = moves

    def _arm(self, deadline: float, reason: str) -> None:
        if self.shared is None:
            return
        self.reason = reason
        self.shared[0] = 0.0 if deadline == math.inf else deadline
        seconds = 0.0 if deadline == math.inf else max(deadline - time.monotonic(), 1e-6)
        signal.setitimer(signal.ITIMER_REAL, seconds)


class _Timed:
    """A bot whose every decision runs against the decision limit."""

    def __init__(self, bot: Bot, clock: Clock) -> None:
        self.bot, self.clock = bot, clock

    def act(self, state: GameState) -> Action:
        self.clock.deciding()
        action = self.bot.act(state)
        self.clock.decided()
        return action


class _Game:
    """One game under way: the last state reached and what has been counted so far."""

    def __init__(self, task: Task, clock: Clock) -> None:
        self.task, self.clock = task, clock
        self.state: GameState | None = None
        self.moves = self.decisions = 0

    def play(self, max_moves: int) -> GameState:
        task = self.task
        spec = task.game.spec()
        self.state = spec.new_game(task.players, **dict(task.options))
        bots = [seat_factory(spec, task.seats[j])(derived_seed(task.seed, 1 + j)) for j in task.order()]
        if task.decision_limit is not None:
            bots = [_Timed(bot, self.clock) for bot in bots]
        return play(self.state, bots, derived_seed(task.seed, 0), max_moves=max_moves, on_move=self.moved)

    def moved(self, before: GameState, after: GameState) -> None:
        self.state = after
        self.moves += 1
        self.decisions += not before.is_chance()
        self.clock.moved(self.moves)

    def finished(self, final: GameState, metrics: Mapping[str, Any]) -> GameResult:
        task = self.task
        returns = tuple(float(r) for r in final.returns())
        best = max(returns)
        return GameResult(index=task.index, seed=task.seed, rotation=task.rotation, seats=task.seat_labels(),
                          returns=returns, winners=tuple(i for i, r in enumerate(returns) if r == best),
                          length=self.moves, decisions=self.decisions, metrics=dict(metrics),
                          log=final.to_json() if task.keep_logs else None)

    def failed(self, failure: Failure) -> GameResult:
        """The failed row: the seat to move at the last state reached is the one whose move failed."""
        state = self.state
        if state is None:  # the game could not even be set up
            return failed_row(self.task, replace(failure, move=0))
        seat = None if state.is_terminal() or state.is_chance() else state.current_player()
        failure = replace(failure, seat=seat, bot=None if seat is None else self.task.seat_labels()[seat],
                          move=self.moves)
        return failed_row(self.task, failure, self.decisions, state.to_json())


def failed_row(task: Task, failure: Failure, decisions: int = 0, log: str | None = None) -> GameResult:
    """The row of a game that has no result (``log``: its save file up to the failure, if known)."""
    return GameResult(index=task.index, seed=task.seed, rotation=task.rotation, seats=task.seat_labels(),
                      returns=(), winners=(), length=failure.move or 0, decisions=decisions, log=log,
                      failure=failure)


def failure_of(exc: BaseException) -> Failure:
    """An exception as plain data: its type's name, its text, its traceback and an illegal move's rule."""
    return Failure(error=type(exc).__name__, message=str(exc), traceback="".join(traceback.format_exception(exc)),
                   rule=exc.rule if isinstance(exc, IllegalAction) else None)


def play_game(task: Task, clock: Clock) -> GameResult:
    """``task``'s game to its row; anything that goes wrong inside the game gives a failed row."""
    game = _Game(task, clock)
    try:
        with clock.running(task):
            final = game.play(task.max_moves)
            metrics = task.metrics(final) if task.metrics is not None else {}
    except GAME_ERRORS as exc:
        return game.failed(failure_of(exc))
    return game.finished(final, metrics)


def replay_failure(task: Task, failure: Failure, clock: Clock) -> GameResult:
    """The failed row of a game whose process died or was killed at move ``failure.move``: the game
    replayed up to that move (seeded, so the same moves), for the seat to blame and the save file."""
    game = _Game(task, clock)
    with suppress(*GAME_ERRORS), clock.running(task):
        game.play(failure.move or 0)  # ends with "did not end within" at that move
    return game.failed(failure)
