"""The tournament runner: seeded games as rows, identical serially, on a process pool and on Dask."""
from __future__ import annotations

import functools

import pytest

from gamekit import RandomBot, load
from gamekit.tournament import GameRef, derived_seed, game_ref, run_tournament, spawn_seeds

from . import toygame
from .test_tournament_failures import bot, seeds
from .toygame import SPEC


def banked_total(state) -> dict:
    return {"banked_total": sum(state.banked)}


def test_rows_hold_seed_seats_returns_winners_length_and_metrics():
    result = run_tournament(SPEC, ["random", RandomBot, ("random", {})], seeds=[5, 6, 7],
                            metrics=banked_total, progress=False)
    assert [r.seed for r in result.rows] == [5, 6, 7]
    row = result.rows[0]
    assert row.seats == ("random", "RandomBot", "random()")
    assert len(row.returns) == 3 and row.winners and max(row.returns) == row.returns[row.winners[0]]
    assert row.length > row.decisions > 0
    assert row.metrics["banked_total"] >= 12 and row.log is None
    frame = result.to_dataframe()
    assert list(frame.columns[:8]) == ["seed", "rotation", "seat0", "return0", "seat1", "return1", "seat2", "return2"]
    assert {"winners", "winner", "length", "decisions", "banked_total"} <= set(frame.columns)
    assert len(frame) == 3


def test_same_seed_same_game_and_a_row_replays_alone():
    first = run_tournament(SPEC, ["random", "random"], root_seed=3, games=20, progress=False)
    again = run_tournament(SPEC, ["random", "random"], root_seed=3, games=20, progress=False)
    assert first.rows == again.rows
    alone = run_tournament(SPEC, ["random", "random"], seeds=[first.rows[7].seed], progress=False)
    assert alone.rows[0].returns == first.rows[7].returns


def test_root_seed_spawns_distinct_reproducible_seeds():
    seeds = spawn_seeds(11, 1000)
    assert seeds == spawn_seeds(11, 1000) and len(set(seeds)) == 1000
    assert seeds[:10] == spawn_seeds(11, 10)  # more games extend the list, never reshuffle it
    assert all(0 <= s < 2**63 for s in seeds)
    assert derived_seed(1, 0) != derived_seed(1, 1) != derived_seed(2, 1)


def test_rotation_puts_every_bot_in_every_seat_with_the_same_seed():
    result = run_tournament(SPEC, ["random", ("random", {}), RandomBot], seeds=[1, 2], rotate=True, progress=False)
    assert [(r.seed, r.rotation) for r in result.rows] == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
    assert [r.seats for r in result.rows[:3]] == [
        ("random", "random()", "RandomBot"),
        ("random()", "RandomBot", "random"),
        ("RandomBot", "random", "random()"),
    ]
    summary = result.summary()
    assert set(summary.index) == {"random", "random()", "RandomBot"}
    assert (summary["seats"] == 6).all()
    assert abs(summary["win_share"].sum() - 1.0) < 1e-9  # shares of the wins add up to one per game


def test_logs_are_save_files_of_the_final_state():
    result = run_tournament(SPEC, ["random", "random"], seeds=[9], keep_logs=True, progress=False)
    row = result.rows[0]
    final = load(row.log, SPEC)
    assert final.is_terminal() and tuple(final.returns()) == row.returns
    assert final.move_number == row.length


def test_clear_errors_before_any_game_runs():
    with pytest.raises(ValueError, match="either seeds or root_seed"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], root_seed=1, games=2)
    with pytest.raises(ValueError, match="seeds, or a root_seed"):
        run_tournament(SPEC, ["random", "random"])
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        run_tournament(SPEC, ["random", "genius"], seeds=[1])
    with pytest.raises(ValueError, match="3 players need 3 seats"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], players=3)
    with pytest.raises(ValueError, match="unknown toy option"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], options={"colour": "red"})


def test_the_game_is_found_by_package_module_name_or_spec():
    assert game_ref(SPEC) == GameRef("tests.gamekit.toygame", "SPEC")
    assert game_ref(toygame) == game_ref("tests.gamekit.toygame") == game_ref(SPEC)
    assert game_ref(SPEC).spec() is SPEC


def test_progress_bar_runs(capsys):
    run_tournament(SPEC, ["random", "random"], seeds=range(5), progress=True)
    assert "5/5" in capsys.readouterr().err


SEATS = ["random", functools.partial(RandomBot), ("random", {})]


def _reference():
    return run_tournament(SPEC, SEATS, root_seed=2024, games=40, rotate=True, metrics=banked_total,
                          progress=False)


def test_process_pool_gives_identical_rows():
    pooled = run_tournament(SPEC, SEATS, root_seed=2024, games=40, rotate=True, metrics=banked_total,
                            processes=2, progress=False)
    assert pooled.rows == _reference().rows


def test_dask_cluster_executor_gives_identical_rows_failures_and_dead_workers_included(tmp_path):
    distributed = pytest.importorskip("distributed")
    failing = dict(seeds=seeds(2, 3), rotate=True, progress=False)
    died = dict(seeds=seeds(1, 3), progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = run_tournament(SPEC, SEATS, root_seed=2024, games=40, rotate=True, metrics=banked_total,
                                 executor=client.get_executor(), progress=False)
        with pytest.warns(RuntimeWarning):
            failing_on_dask = run_tournament(SPEC, [bot("raise"), bot("none")], executor=client.get_executor(),
                                             **failing)
        died_on_dask = run_tournament(SPEC, [bot("die", tmp_path / "died"), "random"],
                                      executor=client.get_executor(), **died)
    assert on_dask.rows == _reference().rows
    assert on_dask.to_dataframe().equals(_reference().to_dataframe())
    with pytest.warns(RuntimeWarning):
        assert failing_on_dask.rows == run_tournament(SPEC, [bot("raise"), bot("none")], **failing).rows
    assert (tmp_path / "died").exists()  # a worker died once; its game was played again
    assert died_on_dask.rows == run_tournament(SPEC, [bot("die", tmp_path / "died"), "random"], **died).rows


def test_the_command_line_prints_the_summary_and_writes_the_table(tmp_path, capsys):
    from gamekit.tournament import main

    out = tmp_path / "games.csv"
    result = main(["tests.gamekit.toygame", "random", "random", "--games", "4", "--rotate", "--csv", str(out),
                   "--params", '{"random": {}}'])
    assert len(result) == 8 and out.read_text().startswith("seed,rotation,seat0")
    assert "8 games of toy (2 players)" in capsys.readouterr().out


def test_the_command_line_has_time_limits_streams_to_a_results_file_and_resumes(tmp_path, capsys, monkeypatch):
    from gamekit.tournament import cli

    calls = []

    def recorded(*args, **kwargs):
        calls.append(kwargs)
        return run_tournament(*args, **kwargs)

    monkeypatch.setattr(cli, "run_tournament", recorded)
    file = tmp_path / "run.jsonl"
    first = cli.main(["tests.gamekit.toygame", "random", "random", "--games", "3", "--results", str(file)])
    assert (calls[0]["decision_limit"], calls[0]["game_limit"]) == (cli.DECISION_LIMIT, cli.GAME_LIMIT)
    assert len(file.read_text().splitlines()) == 1 + 3
    more = cli.main(["tests.gamekit.toygame", "random", "random", "--games", "5", "--results", str(file), "--resume",
                     "--decision-limit", "0", "--game-limit", "0"])
    assert (calls[1]["decision_limit"], calls[1]["game_limit"]) == (None, None)
    assert more.rows[:3] == first.rows and len(file.read_text().splitlines()) == 1 + 5
    assert "5 games of toy" in capsys.readouterr().out


def test_the_command_line_lists_failed_games_and_stops_at_one_when_asked(tmp_path, capsys):
    from gamekit.tournament import main

    with pytest.warns(RuntimeWarning):
        result = main(["tests.gamekit.toygame", "random", "random", "--games", "2", "--max-moves", "5"])
    assert "2 failed games:" in capsys.readouterr().out
    assert result.summary().empty and result.to_dataframe().empty and len(result.failures()) == 2
    with pytest.raises(SystemExit) as stopped:
        main(["tests.gamekit.toygame", "random", "random", "--games", "2", "--max-moves", "5", "--stop-on-failure"])
    assert stopped.value.code == 1 and "did not end within 5 moves" in capsys.readouterr().out


def test_a_lambda_cannot_travel_to_worker_processes_and_the_runner_says_so():
    with pytest.raises(TypeError, match="cannot be pickled"):
        run_tournament(SPEC, ["random", "random"], seeds=[1], processes=2, metrics=lambda s: {})
