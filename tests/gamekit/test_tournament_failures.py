"""The tournament runner when things go wrong: failing bots, time limits, dead workers, Ctrl-C, resuming."""
from __future__ import annotations

import concurrent.futures as cf
import functools
import multiprocessing
import os
import signal
import time
from pathlib import Path

import numpy as np
import pytest

from gamekit import IllegalAction, RandomBot, load
from gamekit.tournament import GameFailed, TournamentInterrupted, derived_seed, read_results, run_tournament

from .toygame import SPEC, Face


def _raise(state):
    raise ValueError("the bot gave up")


def _hang(state):
    time.sleep(60)


def _stuck(state):
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # deaf to the soft time limit
    time.sleep(60)


def _die(state):
    os.kill(os.getpid(), signal.SIGKILL)


def _interrupt(state):
    parent = multiprocessing.parent_process()  # the runner: this process, or a worker's supervisor
    os.kill(parent.pid if parent is not None else os.getpid(), signal.SIGINT)
    time.sleep(1)  # (the runner stops this game long before)


BEHAVIOURS = {"raise": _raise, "illegal": lambda state: Face(3), "none": lambda state: None, "hang": _hang,
              "stuck": _stuck, "die": _die, "interrupt": _interrupt}


class Misbehaving(RandomBot):
    """A random bot that, in the games where its seed is a multiple of 3, does ``how`` at its third
    decision (with ``once``: only while the file ``once`` does not exist yet, which it creates)."""

    def __init__(self, seed: int, how: str, once: str | None = None) -> None:
        super().__init__(seed)
        self.how, self.once = how, once
        self.bad = seed % 3 == 0
        self.decisions = 0

    def act(self, state):
        self.decisions += 1
        if self.bad and self.decisions == 3 and self._first_time():
            return BEHAVIOURS[self.how](state)
        return super().act(state)

    def _first_time(self) -> bool:
        if self.once is None:
            return True
        if os.path.exists(self.once):
            return False
        Path(self.once).touch()
        return True


def seeds(bad: int, good: int, place: int = 0) -> list[int]:
    """``bad`` seeds where the Misbehaving bot at ``place`` in the seats misbehaves, then ``good`` where it does not."""
    bad_seeds = [s for s in range(1000) if derived_seed(s, 1 + place) % 3 == 0]
    good_seeds = [s for s in range(1000) if derived_seed(s, 1 + place) % 3 != 0]
    return bad_seeds[:bad] + good_seeds[:good]


def bot(how: str, once: Path | None = None) -> functools.partial:
    return functools.partial(Misbehaving, how=how) if once is None else functools.partial(Misbehaving, how=how,
                                                                                          once=str(once))


def banked(state) -> dict:
    return {"banked": tuple(state.banked), "total": np.int64(sum(state.banked))}


def assert_replays_to_the_failure(row) -> None:
    """The failed row's save file loads, and its seat is the one to move there."""
    failure = row.failure
    state = load(row.log, SPEC)
    assert state.move_number == failure.move == row.length
    assert state.current_player() == failure.seat and row.seats[failure.seat] == failure.bot
    assert row.returns == () and row.winners == ()


@pytest.mark.parametrize("how, error, rule, text", [
    ("raise", "ValueError", None, "the bot gave up"),
    ("illegal", "IllegalAction", "Toy rules", "Face(pips=3) is not a move"),
    ("none", "IllegalAction", "Toy rules", "None is not a move"),
])
def test_a_bot_that_raises_or_returns_none_or_an_illegal_move_fails_its_game_and_the_run_goes_on(how, error, rule,
                                                                                                 text):
    with pytest.warns(RuntimeWarning, match="games failed"):
        result = run_tournament(SPEC, [bot(how), "random"], seeds=seeds(2, 3), rotate=True, progress=False)
    assert len(result) == 10 and len(result.failed) == 4 and len(result.finished) == 6
    for row in result.failed:
        assert (row.failure.error, row.failure.rule) == (error, rule) and text in row.failure.message
        assert row.failure.bot == "Misbehaving(how=" + repr(how) + ")"
        assert_replays_to_the_failure(row)
    assert "in _raise" in result.failed[0].failure.traceback or how != "raise"
    if how == "illegal":
        with pytest.raises(IllegalAction):
            load(result.failed[0].log, SPEC).apply(Face(3))  # the failure replays from the save file
    assert len(result.to_dataframe()) == 6 and list(result.failures()["seed"]) == [r.seed for r in result.failed]
    assert result.summary()["seats"].sum() == 12
    with pytest.warns(RuntimeWarning):
        pooled = run_tournament(SPEC, [bot(how), "random"], seeds=seeds(2, 3), rotate=True, progress=False,
                                processes=2)
    assert pooled.rows == result.rows


def test_stop_on_failure_stops_the_run_at_the_first_failed_game(tmp_path):
    file = tmp_path / "run.jsonl"
    with pytest.raises(GameFailed, match="ValueError: the bot gave up") as stopped:
        run_tournament(SPEC, [bot("raise"), "random"], seeds=seeds(0, 2) + seeds(2, 0) + seeds(0, 9)[2:],
                       results=file, stop_on_failure=True, progress=False)
    partial = stopped.value.result
    assert [r.failed for r in partial.rows] == [False, False, True] and stopped.value.row == partial.rows[-1]
    assert read_results(file).rows == partial.rows


def test_a_bot_that_hangs_is_stopped_at_the_decision_limit_and_the_run_goes_on():
    with pytest.warns(RuntimeWarning):
        result = run_tournament(SPEC, [bot("hang"), "random"], seeds=seeds(1, 2), decision_limit=0.3, progress=False)
    failed, *finished = result.rows
    assert failed.failure.error == "TimeLimitExceeded"
    assert failed.failure.message == "a decision took more than the decision limit of 0.3 s"
    assert "time.sleep(60)" in failed.failure.traceback
    assert_replays_to_the_failure(failed)
    assert not any(row.failed for row in finished)


def test_a_game_that_runs_too_long_is_stopped_at_the_game_limit():
    with pytest.warns(RuntimeWarning):
        result = run_tournament(SPEC, [bot("hang"), "random"], seeds=seeds(1, 1), game_limit=0.5, progress=False)
    assert result.rows[0].failure.message == "the game took more than its game limit of 0.5 s"
    assert not result.rows[1].failed


def test_a_bot_deaf_to_the_time_limit_is_killed_and_its_process_replaced():
    start = time.monotonic()
    with pytest.warns(RuntimeWarning):
        result = run_tournament(SPEC, [bot("stuck"), "random"], seeds=seeds(1, 2), decision_limit=0.2, processes=1,
                                progress=False)
    assert time.monotonic() - start < 10
    killed, *finished = result.rows
    assert killed.failure.error == "TimeLimitExceeded" and killed.failure.message == (
        "a decision took more than the decision limit of 0.2 s and did not stop: its process was killed and replaced")
    assert killed.failure.traceback == ""
    assert_replays_to_the_failure(killed)  # replayed up to the move where it was stuck, for the save file
    assert not any(row.failed for row in finished)  # played by the new process
    assert multiprocessing.active_children() == []


def test_a_killed_worker_loses_only_its_game_which_is_played_again(tmp_path):
    once = tmp_path / "died"
    result = run_tournament(SPEC, [bot("die", once), "random"], seeds=seeds(1, 3), processes=2, progress=False)
    assert once.exists()  # it did die, once
    assert result.rows == run_tournament(SPEC, [bot("die", once), "random"], seeds=seeds(1, 3), progress=False).rows


def test_a_game_whose_worker_dies_twice_becomes_a_failed_row_with_its_save_file():
    with pytest.warns(RuntimeWarning):
        pooled = run_tournament(SPEC, [bot("die"), "random"], seeds=seeds(1, 2), processes=2, progress=False)
    dead, *finished = pooled.rows
    assert dead.failure.error == "WorkerDied" and "died twice (exit code -9)" in dead.failure.message
    assert_replays_to_the_failure(dead)
    assert not any(row.failed for row in finished)
    with pytest.warns(RuntimeWarning):
        serial = run_tournament(SPEC, [bot("die"), "random"], seeds=seeds(1, 2), decision_limit=30, progress=False)
    assert serial.rows == pooled.rows


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt, as in a terminal, however pytest was started: a shell starts a background
    job (``pytest ... &``) with SIGINT ignored, and Python then keeps it ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("processes", [None, 2])
def test_ctrl_c_stops_the_run_promptly_and_keeps_the_finished_rows(tmp_path, processes, ctrl_c_raises):
    file = tmp_path / "run.jsonl"
    games = seeds(0, 3) + seeds(1, 0) + seeds(0, 40)[3:]
    start = time.monotonic()
    with pytest.raises(TournamentInterrupted) as interrupted:
        run_tournament(SPEC, [bot("interrupt"), "random"], seeds=games, results=file, processes=processes,
                       progress=False)
    assert time.monotonic() - start < 5
    partial = interrupted.value.result
    assert len(partial) < len(games) and not any(row.failed for row in partial.rows)
    assert processes or [row.seed for row in partial.rows] == games[:3]  # serially: the games before it
    assert read_results(file).rows == partial.rows
    assert multiprocessing.active_children() == []


def test_ctrl_c_between_keeping_a_row_and_writing_it_still_writes_it(tmp_path, monkeypatch, ctrl_c_raises):
    """The signal lands after the run took the second game's row and before the file got it (a CI run
    once caught that window): the row is written all the same, and the run stops right after."""
    from gamekit.tournament.store import ResultsFile

    write, file = ResultsFile.write, tmp_path / "run.jsonl"

    def interrupted_write(self, row):
        if row.index == 1:
            os.kill(os.getpid(), signal.SIGINT)
        write(self, row)

    monkeypatch.setattr(ResultsFile, "write", interrupted_write)
    with pytest.raises(TournamentInterrupted) as interrupted:
        run_tournament(SPEC, ["random", "random"], seeds=[1, 2, 3, 4], results=file, progress=False)
    assert [row.index for row in interrupted.value.result.rows] == [0, 1]
    assert read_results(file).rows == interrupted.value.result.rows


def test_a_resumed_run_gives_the_rows_of_an_uninterrupted_run(tmp_path, ctrl_c_raises):
    file, once = tmp_path / "run.jsonl", tmp_path / "interrupted"
    seats = [bot("interrupt", once), bot("raise")]
    games = seeds(0, 4) + seeds(1, 0) + seeds(0, 8)[4:]
    kwargs = dict(seeds=games, rotate=True, metrics=banked, keep_logs=True, progress=False)
    with pytest.raises(TournamentInterrupted):
        run_tournament(SPEC, seats, results=file, **kwargs)
    assert 0 < len(read_results(file)) < 2 * len(games)
    with file.open("a") as torn:
        torn.write('{"index": 17, "seed": ')  # a line cut short by a crash
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(file.read_bytes())
    with pytest.warns(RuntimeWarning):
        resumed = run_tournament(SPEC, seats, results=file, resume=True, **kwargs)
    with pytest.warns(RuntimeWarning):
        resumed_on_a_pool = run_tournament(SPEC, seats, results=copy, resume=True, processes=2, **kwargs)
    with pytest.warns(RuntimeWarning):
        uninterrupted = run_tournament(SPEC, seats, **kwargs)
    assert resumed.rows == resumed_on_a_pool.rows == uninterrupted.rows and any(row.failed for row in resumed.rows)
    assert read_results(file).rows == read_results(copy).rows == resumed.rows
    finished = resumed.finished[0]
    assert finished.metrics["banked"] == tuple(load(finished.log, SPEC).banked)  # a tuple, read back as a tuple


def test_a_results_file_is_resumed_only_when_asked_and_only_by_its_own_tournament(tmp_path):
    file = tmp_path / "run.jsonl"
    run_tournament(SPEC, ["random", "random"], seeds=[1, 2], results=file, progress=False)
    with pytest.raises(FileExistsError, match="resume=True"):
        run_tournament(SPEC, ["random", "random"], seeds=[1, 2], results=file, progress=False)
    with pytest.raises(ValueError, match="differs in seats"):
        run_tournament(SPEC, ["random", RandomBot], seeds=[1, 2], results=file, resume=True, progress=False)
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(SPEC, ["random", "random"], seeds=[3, 2], results=file, resume=True, progress=False)
    more = run_tournament(SPEC, ["random", "random"], seeds=[1, 2, 3], results=file, resume=True, progress=False)
    assert more.rows == run_tournament(SPEC, ["random", "random"], seeds=[1, 2, 3], progress=False).rows


def test_metrics_the_results_file_cannot_hold_stop_the_run_with_a_clear_error(tmp_path):
    with pytest.raises(TypeError, match="metric 'players': a set cannot go into the results file"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], results=tmp_path / "run.jsonl", progress=False,
                       metrics=seated)


def seated(state) -> dict:
    return {"players": set(range(state.num_players))}


def test_time_limits_need_processes_the_runner_can_kill():
    with pytest.raises(ValueError, match="an executor's tasks cannot be stopped"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], decision_limit=1, executor=object())
    with pytest.raises(ValueError, match="must be positive"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], game_limit=0)


class LosingExecutor(cf.ThreadPoolExecutor):
    """An executor whose every task holding the game of seed ``lost`` fails, as if its worker had died."""

    def __init__(self, lost: int) -> None:
        super().__init__(max_workers=2)
        self.lost = lost

    def submit(self, fn, tasks):
        if any(task.seed == self.lost for task in tasks):
            future = cf.Future()
            future.set_exception(ConnectionError("the worker went away"))
            return future
        return super().submit(fn, tasks)


def test_on_an_executor_a_lost_task_is_sent_again_game_by_game_and_a_game_lost_twice_fails():
    games = seeds(0, 6)
    with LosingExecutor(lost=games[2]) as executor, pytest.warns(RuntimeWarning, match="1 of 6 games failed"):
        result = run_tournament(SPEC, ["random", "random"], seeds=games, executor=executor, chunksize=3,
                                progress=False)
    lost = result.rows[2]
    assert (lost.failure.error, lost.failure.message, lost.failure.move, lost.log) == (
        "ConnectionError", "the worker went away", None, None)
    reference = run_tournament(SPEC, ["random", "random"], seeds=games, progress=False).rows
    assert result.finished == reference[:2] + reference[3:]  # its chunk's other games were played again


def test_the_docs_example_of_replaying_a_failed_game_runs(tmp_path, monkeypatch):
    text = (Path(__file__).parents[2] / "docs" / "tournament.md").read_text()
    example = text.split("### Replaying a failed game")[1].split("```python\n")[1].split("```")[0]
    monkeypatch.chdir(tmp_path)
    with pytest.warns(RuntimeWarning, match="8 of 20 games failed"):
        exec(compile(example, "docs/tournament.md", "exec"), {"__name__": "docs_example"})
    assert len(read_results(tmp_path / "careless.jsonl").failed) == 8
