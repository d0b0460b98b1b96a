"""Smoke test of benchmarks/balance_firstgiants.py: its tables on a few seeded games of random bots."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "balance_firstgiants.py"


@pytest.fixture(scope="module")
def balance():
    spec = importlib.util.spec_from_file_location("balance_firstgiants", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def seats(balance):
    return balance.measure(4, bot="random", root_seed=1, processes=None, progress=False)


def test_one_row_per_seat_and_win_shares_sum_to_one_per_game(seats):
    assert len(seats) == 16
    assert seats.groupby("game")["win_share"].sum().round(9).eq(1.0).all()


def test_every_card_held_at_the_end_is_counted_once(balance, seats):
    taken = seats["taken"].apply(sum)
    displayed = seats["displayed"].apply(sum)
    assert (taken >= displayed).all()
    assert seats["shown"].apply(sum).equals(displayed)


def test_the_tables_cover_every_family_type_and_set_kind(balance, seats):
    families = balance.family_table(seats)
    assert families["displayed_share"].dropna().sum() == pytest.approx(1.0)
    assert families["leaners"].sum() == len(seats)
    types = balance.type_table(seats)
    assert list(types.index) == list(balance.TYPE_NAMES) and len(types) == 13
    sets = balance.set_table(seats)
    assert list(sets.index) == ["family", "size"]
    assert "Per card type" in balance.report(seats)


def test_card_types_follow_the_template(balance):
    assert balance.card_type(0) == 0 and balance.card_type(35) == 11 and balance.card_type(60) == balance.EGG_TYPE


def test_a_saved_table_reads_back_to_the_same_report(balance, seats, tmp_path):
    path = tmp_path / "seats.csv"
    seats.to_csv(path, index=False)
    assert balance.report(balance.read_csv(str(path))) == balance.report(seats)
    assert balance.set_table(seats)["leaners"].sum() <= len(seats)


def test_the_bots_parameters_reach_every_seat(balance):
    """``--params`` (``measure(params=...)``): the strong level of an earlier study, its play-outs off, plays
    other games than the strong level now."""
    older = balance.measure(2, bot="strong", root_seed=1, processes=None, progress=False,
                            params={"depth": 4, "endgame_samples": 0})
    now = balance.measure(2, bot="strong", root_seed=1, processes=None, progress=False)
    assert len(older) == len(now) == 8
    assert not older["points"].equals(now["points"])
