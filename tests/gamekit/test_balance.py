"""The balance report (gamekit.balance): its measurements on hand-built tournaments whose answers are known,
the traces real games record, resuming an interrupted report, variant switches and the command line."""
from __future__ import annotations

import math
import os
import signal

import pandas as pd
import pytest

import firstgiants
import giganten
from gamekit.balance import balance_report, balance_trace, compare_variants, main, parse_options, switches
from gamekit.balance.metrics import (game_table, lead_changes, leader_at, leader_wins, leads_for_good_after,
                                     luck_and_skill, place_name, seat_advantage, strategy)
from gamekit.balance.report import BalanceReport
from gamekit.stats import mean_interval, wilson_interval
from gamekit.tournament import GameResult, TournamentResult, read_results, run_tournament


def game(index, returns, leader, features, rounds=2, seats=("club", "club")):
    best = max(returns)
    return GameResult(index=index, seed=100 + index, rotation=0, seats=seats, returns=returns,
                      winners=tuple(i for i, r in enumerate(returns) if r == best), length=2 * len(leader),
                      decisions=len(leader) - 1, metrics={"leader": leader, "rounds": rounds, "features": features})


def two_player_tournament(first_player=0):
    """Four games of two players whose every measurement is worked out by hand in the tests below."""
    rows = [game(0, (10.0, 5.0), "0000", {"f": [1, 3]}, rounds=2),
            game(1, (4.0, 8.0), "0011", {"f": [2, 4]}, rounds=3),
            game(2, (6.0, 6.0), "10--", {"f": [5, 1]}, rounds=3),
            game(3, (2.0, 9.0), "10111", {"f": [0, 2]}, rounds=4)]
    return TournamentResult(rows=rows, players=2, options={"first_player": first_player}, game="giganten")


def test_the_trace_helpers_count_lead_changes_and_the_lead_for_good():
    assert lead_changes("0000") == 0
    assert lead_changes("0-0-1") == 1  # a shared lead in between is no change
    assert lead_changes("10111") == 2
    assert leads_for_good_after("0000", (0,)) == 0  # from the first decision on
    assert leads_for_good_after("0011", (1,)) == 2
    assert leads_for_good_after("10--", (0, 1)) is None  # a shared win: nobody leads for good
    assert [leader_at("0123456789A", t) for t in (1, 5, 9)] == ["1", "5", "9"]
    assert place_name(1, 4) == "1st (first player)" and place_name(4, 4) == "4th (last player)"
    assert place_name(2, 5) == "2nd" and place_name(3, 5) == "3rd"


def test_seat_advantage_counts_shared_wins_and_follows_the_first_player():
    table = seat_advantage(two_player_tournament())
    assert list(table.index) == ["1st (first player)", "2nd (last player)"]
    assert list(table["games"]) == [4, 4]
    assert list(table["win_share"]) == [0.375, 0.625]  # seat 0 won 1, 0, half, 0
    assert list(table["mean_rank"]) == [1.625, 1.375]
    assert (table.iloc[0]["win_share_low"], table.iloc[0]["win_share_high"]) == pytest.approx(wilson_interval(1.5, 4))
    assert table.iloc[0][["rank_low", "rank_high"]].tolist() == pytest.approx(mean_interval([1, 2, 1.5, 2])[1:])
    swapped = seat_advantage(two_player_tournament(first_player=1))  # seat 1 plays first
    assert list(swapped["win_share"]) == [0.625, 0.375]


def test_the_game_table_duration_and_closeness():
    result = two_player_tournament()
    report = BalanceReport(result, "club")
    games = game_table(result)
    assert list(games["margin"]) == [5, 4, 0, 7]
    assert list(games["lead_changes"]) == [0, 1, 1, 2]
    assert games["leads_for_good_after"].tolist()[:2] == [0, 2] and games["leads_for_good_after"].tolist()[3] == 2
    assert math.isnan(games["leads_for_good_share"][2])
    assert list(games["winner_f"]) == [1, 4, 3, 2]  # a shared win averages the winners
    duration = report.duration()
    assert duration.loc["rounds", "mean"] == 3 and duration.loc["rounds", "median"] == 3
    assert duration.loc["decisions", "mean"] == 3.25 and duration.loc["decisions", "max"] == 4
    closeness = report.closeness()
    assert closeness.loc["margin", "mean"] == 4 and closeness.loc["lead_changes", "mean"] == 1
    assert closeness.loc["leads_for_good_share", "games"] == 3  # the shared win left out
    assert closeness.loc["leads_for_good_share", "mean"] == pytest.approx((0 + 2 / 3 + 2 / 4) / 3)
    low, high = mean_interval([5, 4, 0, 7])[1:]
    assert (closeness.loc["margin", "low"], closeness.loc["margin", "high"]) == pytest.approx((low, high))


def test_how_often_the_leader_at_each_tenth_wins():
    table = leader_wins(two_player_tournament())
    assert list(table.index) == pytest.approx([t / 10 for t in range(1, 10)])
    # at the start of each trace: 0 (wins), 0 (loses), 1 (shares the win), 1 (wins)
    assert table.loc[0.1, "games"] == 4 and table.loc[0.1, "leader_wins"] == 2.5 / 4
    assert table.loc[0.5, "leader_wins"] == 2.5 / 4
    assert table.loc[0.9, "games"] == 3 and table.loc[0.9, "leader_wins"] == 1.0  # a shared lead is left out
    assert (table.loc[0.9, "low"], table.loc[0.9, "high"]) == pytest.approx(wilson_interval(3, 3))
    assert set(table["fair_share"]) == {0.5}


def test_the_winners_strategy_against_everyones():
    table = strategy(two_player_tournament())
    assert table.loc["f", "winners"] == 2.5  # 1, 4, (5 + 1) / 2, 2
    assert table.loc["f", "everyone"] == 2.25  # 2, 3, 3, 1
    assert table.loc["f", "ratio"] == pytest.approx(2.5 / 2.25)


def skill_tournament(wins):
    """8 games of one strong bot against three clubs, seats rotated: the strong bot wins the first ``wins``."""
    rows = []
    for i in range(8):
        seat = i % 4
        seats = tuple("strong" if s == seat else "club" for s in range(4))
        winner = seat if i < wins else (seat + 1) % 4
        returns = tuple(1.0 if s == winner else 0.0 for s in range(4))
        rows.append(GameResult(index=i, seed=i // 4, rotation=seat, seats=seats, returns=returns, winners=(winner,),
                               length=10, decisions=5))
    return TournamentResult(rows=rows, players=4, options={}, game="giganten")


def test_luck_and_skill_reads_the_better_levels_edge():
    table = luck_and_skill([skill_tournament(6), skill_tournament(2)])
    clear, none = table.iloc[0], table.iloc[1]
    assert table.index[0] == "strong vs 3 club"
    assert clear["games"] == 8 and clear["win_share"] == 0.75 and clear["edge"] == pytest.approx(2 / 3)
    assert (clear["low"], clear["high"]) == pytest.approx(wilson_interval(6, 8))
    assert clear["reading"].startswith("mostly skill")
    assert none["win_share"] == 0.25 and none["reading"].startswith("no edge shown")


def test_the_long_table_and_the_report_on_disk(tmp_path):
    report = BalanceReport(two_player_tournament(), "club", [skill_tournament(6)])
    table = report.table()
    assert set(table["section"]) == {"seat advantage", "luck and skill", "duration", "closeness", "strategy"}
    row = table[(table["section"] == "strategy") & (table["group"] == "winners")].iloc[0]
    assert (row["measure"], row["value"]) == ("f", 2.5)
    path = report.write(tmp_path, command="python -m gamekit.balance ...", seconds=1.0)
    text = path.read_text()
    for heading in ("# Balance report: giganten, 2 players, default rules", "## Seat advantage", "## Luck and skill",
                    "## Duration", "## Closeness and decisiveness", "## Strategy", "![Strategy](strategy.png)"):
        assert heading in text
    assert {p.name for p in tmp_path.glob("*.png")} == {"seats.png", "duration.png", "closeness.png",
                                                         "strategy.png", "skill.png"}
    written = pd.read_csv(tmp_path / "table.csv")
    assert list(written.columns) == list(table.columns) and len(written) == len(table)


@pytest.mark.parametrize("package", [giganten, firstgiants])
def test_real_games_record_their_trace(package):
    result = run_tournament(package, ["random"] * 3, root_seed=5, games=1, metrics=balance_trace, progress=False)
    row = result.rows[0]
    trace = row.metrics
    assert len(trace["leader"]) == row.decisions + 1  # every decision, and the end
    assert trace["leader"][-1] == (str(row.winners[0]) if len(row.winners) == 1 else "-")
    assert trace["rounds"] >= 1
    features = __import__(f"{package.__name__}.strategy", fromlist=["FEATURES"]).FEATURES
    assert list(trace["features"]) == list(features)
    assert all(len(values) == 3 for values in trace["features"].values())


def test_options_are_typed_and_checked():
    assert parse_options(giganten.SPEC, 4, ["bluff_bids=true", "first_player=2"]) == {"bluff_bids": True,
                                                                                      "first_player": 2}
    assert parse_options(firstgiants.SPEC, 4, ["news_values=two-sided"]) == {"news_values": "two-sided"}
    for pairs, message in ((["bluffs=true"], "unknown giganten option 'bluffs'; known: one_opponent_back"),
                           (["bluff_bids=maybe"], "'bluff_bids' is true or false, got 'maybe'"),
                           (["first_player=one"], "'first_player' is a whole number"),
                           (["first_player=4"], "refuses the option first_player=4: first_player must be a seat"),
                           (["bluff_bids"], "an option is name=value"),
                           (["bluff_bids=true", "bluff_bids=false"], "given twice")):
        with pytest.raises(ValueError, match=message):
            parse_options(giganten.SPEC, 4, pairs)
    with pytest.raises(ValueError, match="news_values must be one of by-type, by-type-swapped, two-sided"):
        parse_options(firstgiants.SPEC, 4, ["news_values=three"])


def test_every_variant_switch_of_both_games_is_listed_with_its_other_values():
    assert switches(giganten.SPEC, 3) == {"one_opponent_back": [True], "exact_price_change": [True],
                                          "open_licenses": [True], "first_player": [1, 2], "bluff_bids": [True],
                                          "tie_by_license_cards": [True]}
    assert switches(firstgiants.SPEC, 4) == {"first_player": [1, 2, 3], "eggs_not_fossils": [True],
                                             "news_values": ["by-type-swapped", "two-sided"]}


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt however pytest was started (a background job ignores SIGINT)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_an_interrupted_report_resumes_to_the_uninterrupted_result(tmp_path, monkeypatch, ctrl_c_raises):
    from gamekit.tournament.store import ResultsFile

    write, stop_at = ResultsFile.write, 3

    def interrupted_write(self, row):
        write(self, row)
        if row.index == stop_at - 1:
            os.kill(os.getpid(), signal.SIGINT)

    kwargs = dict(players=3, games=6, level="random", options={"bluff_bids": True}, root_seed=8, skill_games=0)
    monkeypatch.setattr(ResultsFile, "write", interrupted_write)
    with pytest.raises(KeyboardInterrupt):
        balance_report(giganten, folder=tmp_path / "resumed", **kwargs)
    assert len(read_results(tmp_path / "resumed" / "games.jsonl")) == stop_at
    monkeypatch.setattr(ResultsFile, "write", write)
    resumed = balance_report(giganten, folder=tmp_path / "resumed", **kwargs)
    uninterrupted = balance_report(giganten, **kwargs)
    assert resumed.result.rows == uninterrupted.result.rows
    pd.testing.assert_frame_equal(resumed.table(), uninterrupted.table())


def test_the_command_line_writes_the_report(tmp_path, capsys):
    out = tmp_path / "report"
    report = main(["giganten", "--players", "3", "--games", "4", "--out", str(out), "--level", "random",
                   "--skill-games", "0", "--option", "exact_price_change=true"])
    assert len(report.result.finished) == 4 and report.options["exact_price_change"] is True
    assert {"report.md", "table.csv", "games.csv", "games.jsonl", "seats.png", "closeness.png"} <= {
        p.name for p in out.iterdir()}
    text = (out / "report.md").read_text()
    assert "# Balance report: giganten, 3 players, exact_price_change=True" in text
    assert "Made by `python -m gamekit.balance giganten --players 3 --games 4" in text
    assert "report.md" in capsys.readouterr().out
    table = pd.read_csv(out / "table.csv")
    assert table.loc[table["measure"] == "win share", "games"].tolist() == [4, 4, 4]


def test_the_command_line_refuses_unknown_options_clearly(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["firstgiants", "--games", "1", "--out", str(tmp_path), "--option", "news_values=lots"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "news_values must be one of by-type, by-type-swapped, two-sided, got 'lots'" in error
    assert "news_values ['by-type-swapped', 'two-sided']" in error
    with pytest.raises(SystemExit):
        main(["chess", "--games", "1", "--out", str(tmp_path)])
    assert "no game 'chess'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["firstgiants", "--games", "1", "--out", str(tmp_path), "--level", "grandmaster"])
    assert "unknown level 'grandmaster'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing played, nothing written


def test_a_variant_comparison_puts_each_value_side_by_side():
    comparison = compare_variants(giganten, "bluff_bids", players=3, games=3, level="random", root_seed=2)
    assert list(comparison.reports) == [False, True]
    wide = comparison.wide()
    assert list(wide.columns) == [False, True]
    assert {"first player's win share", "decisions", "lead_changes", "winners' bluffs"} <= set(wide.index)
    assert comparison.figure() is not None
    with pytest.raises(ValueError, match="'names' is no variant switch of giganten"):
        compare_variants(giganten, "names", games=1)


def test_the_games_run_the_same_on_an_executor_and_on_a_dask_cluster(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from dask.distributed import LocalCluster

    kwargs = dict(players=3, games=3, level="random", root_seed=4, skill_games=0)
    serial = balance_report(firstgiants, **kwargs)
    with ThreadPoolExecutor(2) as executor:
        assert balance_report(firstgiants, executor=executor, **kwargs).result.rows == serial.result.rows
    with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        on_dask = main(["firstgiants", "--players", "3", "--games", "3", "--level", "random", "--root-seed", "4",
                        "--skill-games", "0", "--out", str(tmp_path), "--dask", cluster.scheduler_address])
    assert on_dask.result.rows == serial.result.rows
