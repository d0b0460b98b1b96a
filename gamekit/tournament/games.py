"""One game of a tournament played to its row, whatever happens inside it.

A game is a pure function of its :class:`Task`: the chance outcomes come from one generator seeded
from the game's seed, each bot gets its own seed derived from the game's seed and its place in the
seats.  Anything that goes wrong inside the game (a bot raises, returns ``None`` or an illegal
action, runs past a time limit, the metrics function raises) becomes a failed row holding the error
as plain data and the save file of the game up to the failure, never an exception that would end
the run.

The :class:`Clock` enforces the time limits inside a supervised worker process (see
:mod:`gamekit.tournament.workers`): past a limit it raises :class:`TimeLimitExceeded` from a
``SIGALRM`` handler, and it posts when the game and the decision under way started and the move
number to shared memory, so that the supervisor kills a process that does not stop and has its game
replayed up to that move for the save file.
"""
from __future__ import annotations

import importlib
import signal
import sys
import time
import traceback
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, Callable, Iterator, Mapping, MutableSequence, Sequence

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


TICKS = 10  # the clock looks at a limit this many times per limit's length: a soft stop within 10% of it


def overrun(shared: Sequence[float], task: Task, now: float, slack: float = 0.0) -> str:
    """Which limit of ``task`` the game whose clock posts to ``shared`` is more than ``slack`` past, or ""."""
    decision_started, game_started = shared[0], shared[1]
    if task.game_limit and game_started and now - game_started > task.game_limit + slack:
        return f"the game took more than its game limit of {task.game_limit:g} s"
    if task.decision_limit and decision_started and now - decision_started > task.decision_limit + slack:
        return f"a decision took more than the decision limit of {task.decision_limit:g} s"
    return ""


def tick(task: Task) -> float:
    """How often the clock looks at ``task``'s limits (seconds)."""
    return min(limit for limit in (task.decision_limit, task.game_limit) if limit) / TICKS


class Clock:
    """The time limits of the games played in one process.

    In a supervised worker, ``shared`` is memory its supervisor reads too: ``[decision started,
    game started, moves]`` (times on the ``time.monotonic`` clock, 0 when none is under way; the
    actions applied so far), and :meth:`alarm` handles the ``SIGALRM`` that an interval timer sends
    every :func:`tick` during a game with limits.  A decision only posts its start (a bot's move
    pays no system call); the alarm raises :class:`TimeLimitExceeded` once a limit is passed.
    Without ``shared`` (games played in the runner's own process, or on an executor) the clock
    only counts: limits need a supervisor.
    """

    def __init__(self, shared: MutableSequence[float] | None = None) -> None:
        self.shared = shared
        self.task: Task | None = None

    def alarm(self, signum: int, frame: Any) -> None:
        assert self.shared is not None and self.task is not None  # it ticks only in running() a timed task
        reason = overrun(self.shared, self.task, time.monotonic())
        if reason:
            raise TimeLimitExceeded(reason)

    @contextmanager
    def running(self, task: Task) -> Iterator[None]:
        """The time of one game; the ticking timer if it has limits."""
        shared = self.shared
        timed = shared is not None and bool(task.decision_limit or task.game_limit)
        if shared is not None:
            self.task = task
            shared[0], shared[1], shared[2] = 0.0, time.monotonic(), 0.0
        if timed:
            signal.setitimer(signal.ITIMER_REAL, tick(task), tick(task))
        try:
            yield
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0.0)
            if shared is not None:
                shared[0] = shared[1] = 0.0

    def deciding(self) -> None:
        assert self.shared is not None  # _Timed bots only run with a shared clock
        self.shared[0] = time.monotonic()

    def decided(self) -> None:
        assert self.shared is not None  # as in deciding
        self.shared[0] = 0.0

    def moved(self, moves: int) -> None:
        if self.shared is not None:
            self.shared[2] = moves


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
        if task.decision_limit is not None and self.clock.shared is not None:
            bots = [_Timed(bot, self.clock) for bot in bots]
        return play(self.state, bots, derived_seed(task.seed, 0), max_moves=max_moves, on_move=self.moved)

    def moved(self, before: GameState, after: GameState) -> None:
        self.state = after
        self.moves += 1
        self.decisions += not before.is_chance()
        self.clock.moved(self.moves)

    def finished(self, final: GameState, metrics: dict[str, Any]) -> GameResult:
        task = self.task
        returns = tuple(float(r) for r in final.returns())
        best = max(returns)
        return GameResult(index=task.index, seed=task.seed, rotation=task.rotation, seats=task.seat_labels(),
                          returns=returns, winners=tuple(i for i, r in enumerate(returns) if r == best),
                          length=self.moves, decisions=self.decisions, metrics=metrics,
                          log=final.to_json() if task.keep_logs else None)

    def failed(self, failure: Failure) -> GameResult:
        """The failed row: the seat to move at the last state reached is the one whose move failed."""
        state = self.state
        if state is None:  # the game could not even be set up
            return failed_row(self.task, replace(failure, move=0))
        seat = None if state.is_terminal() or state.is_chance() else state.current_player()
        failure = replace(failure, seat=seat, bot=None if seat is None else self.task.seat_labels()[seat],
                          move=state.move_number)  # (not self.moves: an alarm may have cut moved() short)
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
            return game.finished(final, dict(task.metrics(final)) if task.metrics is not None else {})
    except GAME_ERRORS as exc:
        return game.failed(failure_of(exc))


def replay_failure(task: Task, failure: Failure, clock: Clock) -> GameResult:
    """The failed row of a game whose process died or was killed at move ``failure.move``: the game
    replayed up to that move (seeded, so the same moves), for the seat to blame and the save file."""
    game = _Game(task, clock)
    with suppress(*GAME_ERRORS), clock.running(task):
        game.play(failure.move or 0)  # ends with "did not end within" at that move
    return game.failed(failure)
