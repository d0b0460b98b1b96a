"""A lesson's tables from a class list, reissued codes, keyed code hashes, older stores, and who decided each move
(on SQLite and on PostgreSQL)."""
from __future__ import annotations

import hashlib
import pickle
import sqlite3

import pytest

import giganten
from gamekit.coach import review
from gamekit.i18n import N_, using
from gamekit.tables import (CorruptTable, NotYourTurn, StaleMove, TableError, UnknownCode, codes, open_store,
                            split_class)
from gamekit.tables.errors import TableFull
from tests.gamekit.toygame import Hold

from .helpers import FAST, TOY, open_fast, play_out


def test_a_class_list_is_split_into_tables_as_even_as_can_be():
    assert [len(g) for g in split_class(list("abcdefghi"), 4)] == [3, 3, 3]
    assert [len(g) for g in split_class(list("abcdefgh"), 4)] == [4, 4]
    assert [len(g) for g in split_class(list("abcde"), 3)] == [3, 2]
    assert split_class(["Ana"], 4) == [["Ana"]]
    with pytest.raises(ValueError, match="table_size"):
        split_class(["Ana"], 0)


def test_a_lesson_from_names_makes_tables_of_the_size_with_bots_in_the_gaps(store):
    names = ["Ana", "Ben", "Chloe", "Dan", "Eva", "Finn", "Gus"]
    lesson = store.create_lesson(TOY, names, 3, bot="random", title="7b", seed=4)
    assert [t.names for t in lesson.tables] == [("Ana", "Ben", "Chloe"), ("Dan", "Eva", None), ("Finn", "Gus", None)]
    infos = [store.table_info(t.table) for t in lesson.tables]
    assert [i.title for i in infos] == ["7b - table 1", "7b - table 2", "7b - table 3"]
    assert all(i.lesson == lesson.id and i.players == 3 for i in infos)
    assert [s.played_by for s in infos[1].seats] == ["human", "human", "bot"]
    assert [s.name for s in infos[0].seats] == ["Ana", "Ben", "Chloe"]
    assert [t.table for t in store.list_tables(lesson.id)] == [t.table for t in lesson.tables]
    assert store.lessons() == [(lesson.id, "7b", infos[0].created)]
    view = store.seat_view(lesson.tables[0].seats[1])
    assert view.content["seats"][1]["name"] == "Ben"


def test_a_lesson_from_a_count_has_no_names_and_bad_names_are_refused(store):
    lesson = store.create_lesson(TOY, 4, 2)
    assert [t.names for t in lesson.tables] == [(), ()]
    for bad in (["a\x07b", "x"], ["x" * 61, "y"]):
        with pytest.raises(ValueError, match="names"):
            store.create_table(TOY, ["human", "human"], names=bad)
    with pytest.raises(ValueError, match="one per seat"):
        store.create_table(TOY, ["human", "human"], names=["only one"])


def test_a_reissued_code_works_and_the_old_one_stops_at_once_in_every_process(store, location):
    made = store.create_table(TOY, ["human", "human"], seed=2)
    with open_fast(location) as other:  # another server process, which has used the old code
        assert other.seat_of(made.seats[0]) == (made.table, 0)
        new = store.reissue_code(made.table, 0)
        with pytest.raises(UnknownCode):
            other.seat_of(made.seats[0])
        with pytest.raises(UnknownCode):
            other.play(made.seats[0], Hold(), 2)
        assert other.seat_of(new) == (made.table, 0)
    with pytest.raises(ValueError, match="bot seat"):
        store.reissue_code(store.create_table(TOY, ["human", "random"]).table, 1)


def test_codes_are_stored_as_keyed_hashes_and_another_key_opens_nothing(tmp_path):
    folder = tmp_path / "tables"
    store = open_store(folder, secret=b"a" * 32, **FAST)
    made = store.create_table(TOY, ["human", "human"])
    raw = codes.normalize(made.seats[0]).encode()
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        stored = {row[0] for row in db.execute("SELECT code_hash FROM gk_seats")}
    assert hashlib.sha256(raw).hexdigest() not in stored  # no plain hash a GPU could search
    assert codes.code_hash(made.seats[0], b"a" * 32) in stored
    with pytest.raises(UnknownCode):
        open_store(folder, secret=b"b" * 32, **FAST).seat_of(made.seats[0])
    assert open_store(folder, secret=b"a" * 32, **FAST).seat_of(made.seats[0]) == (made.table, 0)


def test_a_lesson_s_table_titles_are_stored_in_english_and_worded_when_read(store):
    titled = store.create_lesson(TOY, 2, 2, bot="random", title="7b")
    untitled = store.create_lesson(TOY, 1, 2, bot="random")
    mine = store.create_table(TOY, ["human", "human"], title="Table 1")  # (a teacher's own title: as typed)
    infos = [store.table_info(t.table) for t in (*titled.tables, *untitled.tables)]
    assert [i.stored_title for i in infos] == ["7b - table 1", "Table 1"]
    with using("de"):
        assert [i.title for i in infos] == ["7b - Tisch 1", "Tisch 1"]
        assert store.table_info(mine.table).title == "Table 1"
    with using("da"):
        assert [i.title for i in infos] == ["7b - bord 1", "Bord 1"]
    assert [title for _lesson, title, _created in store.lessons()] == ["7b", ""]


def test_the_store_s_own_refusals_are_worded_when_read(tmp_path):
    folder = tmp_path / "tables"
    open_store(folder, **FAST).close()
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        db.execute("UPDATE gk_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(TableError) as refused:
        open_store(folder, **FAST)
    assert "newer kit (schema 99; this kit reads" in str(refused.value)
    with using("de"):
        assert str(refused.value).startswith("Dieser Tischspeicher wurde von einem neueren Kit geschrieben (Schema 99")


@pytest.mark.parametrize("refusal", [NotYourTurn(1, 2), StaleMove(3, 4), TableFull("t1", 5), UnknownCode("table"),
                                     CorruptTable(N_("table {table}: log entry {index} is missing"), table="t1",
                                                  index=3)])
def test_a_refusal_crosses_a_process_boundary_with_its_fields_and_is_worded_when_read(refusal):
    again = pickle.loads(pickle.dumps(refusal))
    assert type(again) is type(refusal) and again.__dict__ == refusal.__dict__ and str(again) == str(refusal)
    with using("de"):
        assert str(again) == str(refusal) != again.args[0]


def test_a_version_1_store_opens_and_its_plain_hashes_become_keyed_on_first_use(tmp_path):
    folder = tmp_path / "tables"
    store = open_store(folder, secret=b"a" * 32, **FAST)
    made = store.create_table(TOY, ["human", "human"], seed=1)
    store.close()
    with sqlite3.connect(folder / "tables.sqlite3") as db:  # as a version-1 kit wrote it
        db.execute("UPDATE gk_seats SET code_hash = ? WHERE seat = 0", (codes.legacy_hash(made.seats[0]),))
        for table, column in (("gk_tables", "lesson"), ("gk_seats", "name"), ("gk_log", "bot")):
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        db.execute("UPDATE gk_meta SET value = '1' WHERE key = 'schema'")
    reopened = open_store(folder, secret=b"a" * 32, **FAST)
    assert reopened.seat_of(made.seats[0]) == (made.table, 0)
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        assert db.execute("SELECT value FROM gk_meta WHERE key = 'schema'").fetchone() == ("2",)
        stored = db.execute("SELECT code_hash FROM gk_seats WHERE seat = 0").fetchone()[0]
    assert stored == codes.code_hash(made.seats[0], b"a" * 32)
    assert reopened.table_info(made.table).lesson is None


def test_the_log_records_which_bot_decided_and_the_pages_say_so(store):
    made = store.create_table(TOY, ["human", "random"], seed=3)
    play_out(store, made, seed=1)
    entries = store.entries(made.table)
    assert {(e.source, e.bot) for e in entries if e.player == 1} == {("bot", "random")}
    assert {(e.source, e.bot) for e in entries if e.player == 0} == {("seat", None)}
    log = store.public_view(made.table, log_limit=None).content["log"]
    assert {(e["by"], e["bot"]) for e in log if e["player"] == 1} == {("bot", "random")}
    assert {(e["by"], e["bot"]) for e in log if e["player"] == 0} == {("student", None)}


def test_a_review_skips_the_moves_a_bot_played_for_the_student_and_names_them():
    """Red's review after "Red -> bot" judges only Red's own decisions and lists the bot's."""
    from gamekit.tables.web.render import bot_moves_note

    state = giganten.new_game(3)
    import random

    rng = random.Random(1)
    while not state.is_terminal() and state.move_number < 120:
        state = state.apply(rng.choice(state.legal_actions()) if not state.is_chance()
                            else state.chance_outcomes()[0][0])
    from gamekit.record import states_along

    reds = [s.move_number for s in states_along(state) if not s.is_chance() and s.current_player() == 0][:-1]
    by_bot = set(reds[len(reds) // 2:])
    result = review(state, [0], samples=1, skip=by_bot)
    assert {m.move_number for m in result.moves}.isdisjoint(by_bot)
    assert set(result.skipped) == by_bot
    assert "played by a bot for you" in bot_moves_note(result.skipped)


def test_a_tables_save_file_says_who_made_each_action_and_loads_strictly(store):
    from gamekit.record import load, who_decided

    made = store.create_table(TOY, ["human", "random"], seed=3)
    play_out(store, made, seed=1)
    text = store.save_file(made.table)
    state = load(text, store.state(made.table).spec)
    decided = who_decided(text)
    entries = store.entries(made.table)
    assert len(decided) == len(state.history()) == len(entries)
    assert {d for d, e in zip(decided, entries) if e.player == 1} == {"bot:random"}
    assert {d for d, e in zip(decided, entries) if e.player == 0} == {"student"}
    import json

    data = json.loads(text)
    assert data["version"] == 5
    for bad in (decided[:-1], [*decided[:-1], "wizard"], [*decided[:-1], 7]):
        with pytest.raises(ValueError, match="decided_by"):
            load(json.dumps({**data, "decided_by": bad}), state.spec)
    with pytest.raises(ValueError, match="did not exist in format version 4"):
        load(json.dumps({**data, "version": 4}), state.spec)
