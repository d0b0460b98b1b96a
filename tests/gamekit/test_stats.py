"""gamekit.stats: the Wilson interval for shares, and the tournament summary that uses it."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.stats import mean_interval, wilson_interval, z_score
from gamekit.tournament import readable
from gamekit.tournament.rows import GameResult, TournamentResult


def test_textbook_values():
    # 0 of 10: Wilson's upper end is z^2 / (n + z^2) = 0.2775 (the normal interval would be [0, 0])
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson_interval(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    assert wilson_interval(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert z_score(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_no_trials_is_the_whole_range_and_bad_counts_are_refused():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for successes, trials in ((3, 2), (-1, 2), (0, -1)):
        with pytest.raises(ValueError):
            wilson_interval(successes, trials)
    with pytest.raises(ValueError):
        wilson_interval(1, 2, confidence=1.0)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.floats(0, n), st.just(n))),
       st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_inside_zero_one_and_around_the_share(counts, confidence):
    successes, trials = counts
    low, high = wilson_interval(successes, trials, confidence)
    share = successes / trials
    assert 0.0 <= low <= share + 1e-12 and share - 1e-12 <= high <= 1.0


def test_narrower_with_more_trials_and_wider_with_more_confidence():
    widths = [np.subtract(*wilson_interval(0.3 * n, n)[::-1]) for n in (10, 100, 1000)]
    assert widths[0] > widths[1] > widths[2]
    assert np.subtract(*wilson_interval(3, 10, 0.99)[::-1]) > np.subtract(*wilson_interval(3, 10, 0.9)[::-1])


def test_arrays_element_by_element():
    low, high = wilson_interval(np.array([0, 2, 4]), np.array([4, 4, 4]))
    for i, s in enumerate((0, 2, 4)):
        assert (low[i], high[i]) == pytest.approx(wilson_interval(s, 4))


def lopsided_result() -> TournamentResult:
    """Eight two-player games: A wins seven, the last is a tie (a shared win, half each)."""
    rows = []
    for i in range(8):
        seats = ("A", "B") if i % 2 == 0 else ("B", "A")
        a = seats.index("A")
        returns = (10.0, 10.0) if i == 7 else tuple(20.0 if seat == a else 5.0 for seat in range(2))
        winners = (0, 1) if i == 7 else (a,)
        rows.append(GameResult(index=i, seed=i // 2, rotation=i % 2, seats=seats, returns=returns, winners=winners,
                               length=10, decisions=8))
    return TournamentResult(rows=rows, players=2, options={}, game="test")


def test_the_summary_interval_of_a_lopsided_tournament_stays_inside_zero_one():
    """The old normal interval gave A 0.94 +- 0.12 here, up to 1.06; Wilson's stays within [0, 1]."""
    summary = lopsided_result().summary()
    assert summary.loc["A", "win_share"] == pytest.approx(7.5 / 8)
    assert (summary["win_share_low"] >= 0).all() and (summary["win_share_high"] <= 1).all()
    assert (summary["win_share_low"] <= summary["win_share"]).all()
    assert (summary["win_share"] <= summary["win_share_high"]).all()
    for bot, wins in (("A", 7.5), ("B", 0.5)):
        row = summary.loc[bot]
        assert (row["win_share_low"], row["win_share_high"]) == pytest.approx(wilson_interval(wins, 8))


def test_readable_names_the_summary_columns_in_words_and_keeps_the_values():
    summary = lopsided_result().summary()
    plain = readable(summary)
    assert list(plain.columns) == ["seats", "win share", "95% low", "95% high", "mean result", "mean rank",
                                   "fair share"]
    assert plain.to_numpy().tolist() == summary.to_numpy().tolist() and plain.index.name == "bot"
    assert list(readable(summary.rename_axis("the_bot").rename(columns={"seats": "seats_played"})).columns)[0] \
        == "seats played"
    assert readable(summary.rename_axis("the_bot")).index.name == "the bot"


def test_readable_names_a_game_rows_seat_columns():
    games = lopsided_result().to_dataframe()
    plain = readable(games)
    assert {"seat 0", "result 0", "seat 1", "result 1"} <= set(plain.columns)
    assert not [c for c in plain.columns if isinstance(c, str) and ("_" in c or c[-1:].isdigit() and " " not in c)]


def test_whole_number_returns_read_as_integers_in_the_game_and_seat_tables():
    """Money and points are whole numbers: a game row shows 20, not 20.0 (``state.returns()`` gives floats)."""
    result = lopsided_result()
    games, seats = result.to_dataframe(), result.seat_table()
    assert games["return0"].dtype.kind == "i" and seats["return"].dtype.kind == "i"
    assert games.loc[0, ["return0", "return1"]].tolist() == [20, 5] and seats["return"].sum() == 7 * 25 + 20
    assert "20.0" not in games.to_string() and result.summary().loc["A", "mean_return"] == pytest.approx(18.75)
    halves = TournamentResult(rows=[replace(result.rows[0], returns=(20.5, 5.0)), *result.rows[1:]], players=2,
                              options={}, game="test")
    assert halves.to_dataframe().loc[0, "return0"] == 20.5 and halves.seat_table()["return"].dtype.kind == "f"


def test_readable_names_every_level_of_a_multi_level_index():
    table = lopsided_result().seat_table().set_index(["bot", "seat"]).rename_axis(["the_bot", "seat_number"])
    assert list(readable(table).index.names) == ["the bot", "seat number"]


def test_mean_interval_is_the_mean_plus_minus_196_standard_errors():
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959964 * (5 / 3) ** 0.5 / 2  # sd of 1..4 is sqrt(5/3), over sqrt(4)
    assert mean == 2.5 and (low, high) == pytest.approx((2.5 - half, 2.5 + half))
    assert mean_interval([7.0, float("nan")])[0] == 7.0  # NaN left out; one value: no interval
    assert all(math.isnan(x) for x in mean_interval([7.0])[1:])
    assert all(math.isnan(x) for x in mean_interval([]))
