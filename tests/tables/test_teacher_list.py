"""The teacher's list of tables, on SQLite and on PostgreSQL: what it shows, and that refreshing it
replays only the moves made since the last refresh (nothing at all when no move was made)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from gamekit.protocol import GameState
from gamekit.tables.web.render import game_view, result_html
from gamekit.tables.web.teacher import lesson_rows
from tests.gamekit.toygame import Hold

from .helpers import TOY, open_fast, play_out


class _CountingTx:
    def __init__(self, tx, statements: list) -> None:
        self.tx, self.statements = tx, statements

    def __getattr__(self, name):
        method = getattr(self.tx, name)

        def counted(sql, *args):
            self.statements.append(sql)
            return method(sql, *args)
        return counted


def count_statements(store, monkeypatch) -> list[str]:
    """The SQL statements ``store`` runs from now on (a list that grows)."""
    statements: list[str] = []
    original = store._transaction

    @contextmanager
    def counting(write):
        with original(write) as tx:
            yield _CountingTx(tx, statements)
    monkeypatch.setattr(store, "_transaction", counting)
    return statements


def count_applies(monkeypatch) -> list[int]:
    """Every action applied to any game state from now on (a replay applies its log's actions)."""
    applied: list[int] = []
    original = GameState.apply

    def apply(self, action):
        applied.append(1)
        return original(self, action)
    monkeypatch.setattr(GameState, "apply", apply)
    return applied


def rows(store) -> list[dict]:
    """The list's rows (newest table first), as the teacher's page shows them."""
    return lesson_rows(store, {})


@pytest.fixture
def class_tables(store):
    """Four toy tables: finished, mid-game, paused by the teacher, ended by the teacher mid-game."""
    made = [store.create_table(TOY, ["human", "human", "random"], title=f"table {i}", seed=i) for i in range(4)]
    play_out(store, made[0], seed=1)
    for codes in made[1:]:
        view = store.seat_view(codes.seats[0])
        store.play(codes.seats[view.content["to_move"] or 0], Hold(), view.log_length)
    store.pause(made[2].host)
    store.end(made[3].host)
    return made


def test_the_list_shows_each_tables_status_or_final_result_as_its_public_view_says(store, class_tables):
    shown = rows(store)
    assert [row["title"] for row in shown] == ["table 3", "table 2", "table 1", "table 0"]
    view = game_view(TOY)
    for codes, row in zip(reversed(class_tables), shown):
        content = store.public_view(codes.table, log_limit=0).content
        info = store.table_info(codes.table)
        expected = ("over", result_html(view, content["returns"])) if content["terminal"] else (info.status, "")
        assert (row["status"], row["result"]) == expected
    assert [row["status"] for row in shown] == ["ended", "paused", "playing", "over"]
    assert shown[3]["result"].startswith("1. <b>")


def test_a_refresh_with_no_new_moves_replays_nothing_and_runs_two_queries(store, location, class_tables,
                                                                            monkeypatch):
    with open_fast(location) as teachers:  # the teacher's page runs in a process of its own
        before = rows(teachers)
        applied, statements = count_applies(monkeypatch), count_statements(teachers, monkeypatch)
        assert rows(teachers) == before
        assert applied == [] and len(statements) == 2  # the tables, the seats: no log entry read
        playing = class_tables[1]
        old_length = teachers.table_info(playing.table).length
        play_out(store, playing, seed=2)
        new_entries = store.table_info(playing.table).length - old_length
        applied.clear()
        shown = rows(teachers)
        assert len(applied) == new_entries  # only the new entries of the one table that changed
        assert shown[2]["status"] == "over"
        applied.clear()
        rows(teachers)
        assert applied == []


def test_the_list_advances_a_table_left_waiting_for_a_bot_as_a_view_does(store, location):
    codes = store.create_table(TOY, ["human", "random"], seed=3)
    view = store.seat_view(codes.seats[0])
    store.play(codes.seats[0], Hold(), view.log_length, advance=False)  # the server dies right here
    with open_fast(location) as teachers:
        teachers.STALL_SECONDS = 0.0  # (5 s by default: longer than a bot's move)
        rows(teachers)
    assert store.seat_view(codes.seats[0]).content["your_turn"]
