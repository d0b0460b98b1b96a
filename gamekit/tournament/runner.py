"""``run_tournament``: seeded games between bots, streamed to rows as they finish."""
from __future__ import annotations

import concurrent.futures as cf
import math
import os
import pickle
import warnings
from contextlib import closing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Generator, Iterable, Literal, Mapping, Sequence

from ..bots import SeatSpec, seat_factory, seat_label
from ..spec import GameSpec
from .games import Metrics, Task, game_ref, spawn_seeds
from .interrupts import interrupts_deferred
from .rows import GameResult, TournamentResult
from .store import ResultsFile
from .workers import in_process, on_executor, supervised

Progress = bool | Literal["auto"]


class GameFailed(RuntimeError):
    """``stop_on_failure=True``: the first failed game stopped the run.

    ``row`` is that game's row; ``result`` the rows finished so far (it included)."""

    def __init__(self, row: GameResult, result: TournamentResult) -> None:
        f = row.failure
        assert f is not None
        where = f"seat {f.seat} ({f.bot}), " if f.seat is not None else ""
        super().__init__(f"game {row.index} (seed {row.seed}, rotation {row.rotation}) failed at {where}move "
                         f"{f.move}: {f.error}: {f.message}")
        self.row, self.result = row, result


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the run; ``result`` holds the rows of the games finished before (they are also
    in the results file, if there is one: ``resume=True`` goes on from there)."""

    def __init__(self, result: TournamentResult) -> None:
        super().__init__(f"interrupted after {len(result)} games")
        self.result = result


def _seed_list(seeds: Iterable[int] | None, root_seed: int | None, games: int | None) -> list[int]:
    if seeds is not None and (root_seed is not None or games is not None):
        raise ValueError("give either seeds or root_seed and games, not both")
    if seeds is not None:
        return [int(s) for s in seeds]
    if root_seed is None or games is None:
        raise ValueError("give the seeds, or a root_seed and a number of games")
    return spawn_seeds(root_seed, games)


def _check_ways(processes: int | None, executor: cf.Executor | None, chunksize: int | None,
                decision_limit: float | None, game_limit: float | None) -> None:
    """The ways to run the games that go together."""
    if processes is not None and executor is not None:
        raise ValueError("give processes or executor, not both")
    if chunksize is not None and executor is None:
        raise ValueError("chunksize is the number of games per executor task; it needs an executor")
    for name, limit in (("decision_limit", decision_limit), ("game_limit", game_limit)):
        if limit is not None and not limit > 0:
            raise ValueError(f"{name} is in seconds and must be positive (None: no limit), got {limit!r}")
    if executor is not None and (decision_limit or game_limit):
        raise ValueError("time limits need worker processes the runner can kill: use processes=N (or neither "
                         "processes nor executor: one supervised process); an executor's tasks cannot be stopped")


def _check_picklable(task: Task) -> None:
    """Worker processes receive the seats and metrics by pickle: say clearly if they cannot travel."""
    try:
        pickle.dumps(task)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise TypeError(
            "worker processes (processes=N, or time limits) receive the seats and the metrics function by "
            f"pickle, and these cannot be pickled ({exc}); use bot names, (name, params), module-level "
            "functions or functools.partial instead of lambdas or local functions"
        ) from None


def _workers(processes: int | None, executor: cf.Executor | None) -> int:
    if processes:
        return processes
    for attr in ("_max_workers", "max_workers"):
        value = getattr(executor, attr, None)
        if isinstance(value, int) and value > 0:
            return value
    return 4


def _rows(tasks: list[Task], processes: int | None, executor: cf.Executor | None, chunksize: int | None,
          supervise: bool) -> Generator[GameResult, None, None]:
    """The games of ``tasks`` as rows, in the order they finish, wherever they run."""
    if executor is not None:
        size = chunksize or max(1, min(50, math.ceil(len(tasks) / (4 * _workers(processes, executor)))))
        return on_executor(executor, [tasks[i : i + size] for i in range(0, len(tasks), size)])
    if supervise:
        return supervised(tasks, processes or 1)
    return in_process(tasks)


def _progress_bar(total: int, done: int, progress: Progress, description: str):
    if progress is False:
        return None
    from tqdm.auto import tqdm

    # "auto": only appears when the run lasts more than two seconds.
    return tqdm(total=total, initial=done, desc=description, unit="game", delay=0 if progress is True else 2.0,
                leave=progress is True)


def _resumed(rows: list[GameResult], tasks: list[Task]) -> dict[int, GameResult]:
    """The rows of a results file that belong to ``tasks`` (games beyond them stay in the file, unused)."""
    by_index = {task.index: task for task in tasks}
    kept = {}
    for row in rows:
        task = by_index.get(row.index)
        if task is not None and (row.seed, row.rotation) != (task.seed, task.rotation):
            raise ValueError(f"the results file's game {row.index} has seed {row.seed} and rotation {row.rotation}, "
                             f"this tournament's has seed {task.seed} and rotation {task.rotation}: another tournament")
        if task is not None:
            kept[row.index] = row
    return kept


def _warn_failures(result: TournamentResult) -> None:
    failed = result.failed
    if failed:
        first = failed[0].failure
        assert first is not None
        warnings.warn(f"{len(failed)} of {len(result)} games failed (the first: seed {failed[0].seed}, "
                      f"{first.error}: {first.message[:200]}); result.failures() lists them", RuntimeWarning,
                      stacklevel=3)


@dataclass(frozen=True)
class _Plan:
    """The games of a tournament, and what its results file and its result say about it."""

    tasks: list[Task]
    header: dict[str, Any]
    game: str
    players: int
    options: Mapping[str, Any]

    def result(self, rows: list[GameResult]) -> TournamentResult:
        return TournamentResult(rows=sorted(rows, key=lambda r: r.index), players=self.players,
                                options=self.options, game=self.game)


def _plan(game: GameSpec | ModuleType | str, seats: tuple[SeatSpec, ...], seed_list: list[int], players: int | None,
          options: dict[str, Any], rotate: bool, *, metrics: Metrics | None, keep_logs: bool, max_moves: int,
          limits: tuple[float | None, float | None]) -> _Plan:
    """Every game to play, checked before any is played (unknown bots and options fail here, not in a worker)."""
    n = players if players is not None else len(seats)
    if len(seats) != n:
        raise ValueError(f"{n} players need {n} seats, got {len(seats)}")
    ref = game_ref(game)
    spec = ref.spec()
    checked = spec.validate_options(n, options)
    for seat in seats:
        seat_factory(spec, seat)
    labels = tuple(seat_label(s) for s in seats)
    rotations = range(n) if rotate else range(1)
    tasks = [Task(i * len(rotations) + r, ref, n, options, seats, labels, seed, r, metrics, keep_logs, max_moves,
                  *limits)
             for i, seed in enumerate(seed_list) for r in rotations]
    header = {"game": spec.name, "module": ref.module, "attribute": ref.attribute, "players": n, "options": checked,
              "seats": labels, "keep_logs": keep_logs, "max_moves": max_moves,
              "metrics": None if metrics is None else getattr(metrics, "__qualname__", repr(metrics))}
    return _Plan(tasks, header, spec.name, n, checked)


def run_tournament(
    game: GameSpec | ModuleType | str,
    seats: Sequence[SeatSpec],
    seeds: Iterable[int] | None = None,
    *,
    root_seed: int | None = None,
    games: int | None = None,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    rotate: bool = False,
    processes: int | None = None,
    executor: cf.Executor | None = None,
    progress: Progress = "auto",
    metrics: Metrics | None = None,
    keep_logs: bool = False,
    max_moves: int = 1_000_000,
    chunksize: int | None = None,
    results: str | os.PathLike[str] | None = None,
    resume: bool = False,
    decision_limit: float | None = None,
    game_limit: float | None = None,
    stop_on_failure: bool = False,
) -> TournamentResult:
    """Play seeded games between the bots in ``seats`` and return one row per game.

    ``game``: a game package (``giganten``), its module name, or its ``GameSpec``.
    ``seats``: one entry per seat — a registered bot name (``"heuristic"``), ``(name, params)``
    (``("search", {"iterations": 200})``), or a picklable factory ``f(seed) -> bot``.
    Seeds: an explicit list ``seeds``, or ``root_seed`` and ``games`` (spawned with numpy's
    SeedSequence).  ``rotate=True`` plays each seed once per rotation of the seats.
    ``processes=N`` runs on N supervised worker processes; ``executor`` on any ``concurrent.futures``
    executor (e.g. Dask's ``client.get_executor()``, in chunks of ``chunksize`` games); neither:
    serially in this process.  ``metrics(final_state) -> dict`` adds columns; ``keep_logs`` keeps
    each game's save file.  Results are identical whichever way the games run (bots with time
    budgets excepted).

    Failures (docs/tournament.md): a game that fails (a bot raises, returns ``None`` or an illegal
    action, runs out of time, its process dies twice) becomes a row with a ``failure`` and its save
    file up to there, and the run goes on (``stop_on_failure=True`` raises :class:`GameFailed`
    instead).  ``results="run.jsonl"`` appends each row to that file as its game finishes;
    ``resume=True`` goes on with the games the file does not hold yet.  ``decision_limit`` and
    ``game_limit`` (seconds, off by default) play the games on supervised worker processes, one if
    ``processes`` is not given.  Ctrl-C raises :class:`TournamentInterrupted`, whose ``result`` holds
    the finished games.
    """
    seed_list = _seed_list(seeds, root_seed, games)
    _check_ways(processes, executor, chunksize, decision_limit, game_limit)
    plan = _plan(game, tuple(seats), seed_list, players, dict(options or {}), rotate,
                 metrics=metrics, keep_logs=keep_logs, max_moves=max_moves, limits=(decision_limit, game_limit))
    supervise = executor is None and (processes is not None or bool(decision_limit or game_limit))
    if supervise and plan.tasks:
        _check_picklable(plan.tasks[0])
    store = ResultsFile(results, plan.header, resume) if results is not None else None
    done = _resumed(store.rows, plan.tasks) if store is not None else {}
    rows = list(done.values())
    todo = [task for task in plan.tasks if task.index not in done]
    bar = _progress_bar(len(plan.tasks), len(done), progress, f"{plan.game} {plan.players}p")
    try:
        with closing(_rows(todo, processes, executor, chunksize, supervise)) as finishing:
            for row in finishing:
                with interrupts_deferred():  # the run's rows and the file hold the same games
                    rows.append(row)
                    if store is not None:
                        store.write(row)
                if bar is not None:
                    bar.update(1)
                if stop_on_failure and row.failure is not None:
                    raise GameFailed(row, plan.result(rows))
    except KeyboardInterrupt:
        raise TournamentInterrupted(plan.result(rows)) from None
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.close()
    result = plan.result(rows)
    _warn_failures(result)
    return result
