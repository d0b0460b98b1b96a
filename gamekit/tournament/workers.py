"""Where the games run: in this process, on worker processes the runner supervises, or on an executor.

Each way is a generator of rows in the order the games finish; closing it (the run is done, stopped
or interrupted) stops the work still pending: supervised workers are killed, an executor's futures
not yet started are cancelled.

Supervised workers (``processes=N``, or any time limit) play one game at a time, so a worker that
dies loses only the game it was playing.  That game is played again once on a fresh worker; if
that one dies too, the game is replayed up to the move where it died (for its save file) and given
a failed row ``WorkerDied``.  A worker still busy :data:`KILL_GRACE` seconds after its clock should
have stopped it (its bot did not stop at the :class:`~gamekit.tournament.games.TimeLimitExceeded`
it was sent, or is stuck where signals are not seen) is killed and replaced, and its game gets a
failed row ``TimeLimitExceeded`` the same way.
"""
from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import multiprocessing.connection
import signal
import time
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Generator, Sequence

from .games import Clock, Task, failed_row, failure_of, overrun, play_game, replay_failure, tick
from .rows import Failure, GameResult

KILL_GRACE = 1.0  # seconds a supervised worker may overrun its time limit before it is killed
POLL = 0.1  # seconds between the supervisor's looks at the workers' deadlines


def in_process(tasks: Sequence[Task]) -> Generator[GameResult, None, None]:
    """The games one after the other in this process (no time limits: nothing could stop a bot here)."""
    clock = Clock()
    for task in tasks:
        yield play_game(task, clock)


@dataclass(frozen=True)
class _Job:
    """A game for a supervised worker; with a ``failure``: replay the lost game up to ``failure.move``."""

    task: Task
    attempt: int = 1
    failure: Failure | None = None


def _serve(conn: multiprocessing.connection.Connection, shared: Any) -> None:
    """A supervised worker process: play each job received, send back its row."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the supervisor, which then stops us
    clock = Clock(shared)
    signal.signal(signal.SIGALRM, clock.alarm)
    while True:
        try:
            job = conn.recv()
        except EOFError:  # the supervisor is gone
            return
        row = play_game(job.task, clock) if job.failure is None else replay_failure(job.task, job.failure, clock)
        conn.send(row)


@dataclass(frozen=True)
class _Lost:
    """A worker that died (``exitcode``) or was killed past a time limit (``overrun``), ``moves`` into its game."""

    overrun: str
    exitcode: int | None
    moves: int


class _Worker:
    """One supervised worker process, its pipe, and the memory where its clock posts (see Clock)."""

    def __init__(self, context: Any) -> None:
        self.shared = context.RawArray("d", 3)
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, self.shared), name="gamekit-tournament-worker")
        self.process.start()
        child.close()
        self.job: _Job | None = None

    def give(self, job: _Job) -> None:
        self.shared[:] = [0.0, 0.0, 0.0]
        self.job = job
        with suppress(BrokenPipeError, ConnectionResetError):  # it died since its last game: see outcome()
            self.conn.send(job)

    def outcome(self) -> GameResult | _Lost | None:
        """The busy worker's row if it sent one, a loss if it died or overran its limit, else None."""
        if self.conn.poll():
            try:
                row = self.conn.recv()
            except (EOFError, OSError):
                pass
            else:
                self.job = None
                return row
        assert self.job is not None  # asked of a busy worker only
        task = self.job.task
        limited = task.decision_limit or task.game_limit
        stuck = overrun(self.shared, task, time.monotonic(), tick(task) + KILL_GRACE) if limited else ""
        if stuck or not self.process.is_alive():
            self.stop()
            return _Lost(stuck, self.process.exitcode, int(self.shared[2]))
        return None

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


def _after_loss(job: _Job, lost: _Lost) -> _Job | GameResult:
    """What becomes of a game whose worker was lost: played again, replayed for its save file, or failed."""
    if job.failure is not None:  # lost while replaying: the failed row without a save file
        return failed_row(job.task, job.failure)
    if lost.overrun:
        message = f"{lost.overrun} and did not stop: its process was killed and replaced"
        return _Job(job.task, failure=Failure("TimeLimitExceeded", message, move=lost.moves))
    if job.attempt == 1:
        return _Job(job.task, attempt=2)
    message = f"the process playing this game died twice (exit code {lost.exitcode})"
    return _Job(job.task, failure=Failure("WorkerDied", message, move=lost.moves))


def supervised(tasks: Sequence[Task], processes: int) -> Generator[GameResult, None, None]:
    """The games on ``processes`` worker processes, each game sent alone to a free worker."""
    context = multiprocessing.get_context()
    queue = deque(_Job(task) for task in tasks)
    workers = [_Worker(context) for _ in range(min(processes, len(queue)))]
    try:
        while queue or any(w.job for w in workers):
            for worker in workers:
                if worker.job is None and queue:
                    worker.give(queue.popleft())
            busy = [w for w in workers if w.job is not None]
            multiprocessing.connection.wait([w.conn for w in busy] + [w.process.sentinel for w in busy], POLL)
            for i, worker in enumerate(workers):
                job = worker.job
                outcome = worker.outcome() if job is not None else None
                if isinstance(outcome, GameResult):
                    yield outcome
                elif isinstance(outcome, _Lost):
                    assert job is not None  # an outcome comes from a busy worker
                    workers[i] = _Worker(context)
                    after = _after_loss(job, outcome)
                    if isinstance(after, GameResult):
                        yield after
                    else:
                        queue.appendleft(after)
    finally:
        for worker in workers:
            worker.stop()


def _play_chunk(tasks: Sequence[Task]) -> list[GameResult]:
    clock = Clock()
    return [play_game(task, clock) for task in tasks]


def on_executor(executor: cf.Executor, chunks: Sequence[Sequence[Task]]) -> Generator[GameResult, None, None]:
    """The games in chunks on a ``concurrent.futures`` executor (e.g. Dask's ``client.get_executor()``).

    A chunk whose future fails (its worker died: Dask's ``KilledWorker``, a broken pool) has its
    games sent again one by one; a game lost a second time gets a failed row named after the
    executor's error, without a move or a save file (the executor does not say how far it got).
    """
    pending = {executor.submit(_play_chunk, chunk): (chunk, 1) for chunk in chunks}
    try:
        while pending:
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                chunk, attempt = pending.pop(future)
                try:
                    rows = future.result()
                except Exception as exc:
                    if attempt == 1:
                        pending.update({executor.submit(_play_chunk, [task]): ([task], 2) for task in chunk})
                        continue
                    rows = [failed_row(task, failure_of(exc)) for task in chunk]
                yield from rows
    finally:
        for future in pending:
            future.cancel()
