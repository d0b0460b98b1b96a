"""The table store's shared suite: every test runs on SQLite and on a real PostgreSQL server."""
from __future__ import annotations

import json
import random
import threading
import time

import pytest

import firstgiants
import giganten
from gamekit import IllegalAction, random_game, rewind
from gamekit.tables import NotYourTurn, SeatPlayedByBot, StaleMove, TableEnded, TablePaused, UnknownCode, UnknownTable
from tests.gamekit.toygame import Hold, Roll

from .helpers import TOY, check_log, open_fast, play_out, play_random_turn


def test_create_gives_one_code_per_human_seat_and_a_host_code(store):
    codes = store.create_table(TOY, ["human", "random", "human"], title="7b, table 1")
    assert codes.seats[1] is None and len({codes.host, codes.seats[0], codes.seats[2]}) == 3
    assert len(codes.seats[0]) == 11 and len(codes.host) == 17  # 10 and 15 characters in groups of five
    assert codes.seats[0] not in repr(codes) and codes.host not in repr(codes)
    info = store.table_info(codes.table)
    assert (info.game, info.title, info.players, info.status) == ("toy", "7b, table 1", 3, "playing")
    assert [s.played_by for s in info.seats] == ["human", "bot", "human"]
    assert [t.table for t in store.list_tables()] == [codes.table]
    assert store.seat_of(codes.seats[2]) == (codes.table, 2)
    assert store.seat_of(codes.seats[0].lower().replace("-", " ")) == (codes.table, 0)  # typed loosely
    assert store.host_table(codes.host) == codes.table


def test_codes_are_stored_only_as_hashes(store, location):
    codes = store.create_table(TOY, ["human", "human"])
    dump = _database_text(store, location)
    assert codes.table in dump  # (the dump holds the table)
    for code in (codes.host, *codes.seats):
        for form in (code, code.replace("-", "")):
            assert form not in dump


def _database_text(store, location) -> str:
    """Every value in the store's tables, as one text."""
    with store._transaction(write=False) as tx:
        rows = [tx.all(f"SELECT * FROM {name}") for name in ("gk_tables", "gk_seats", "gk_log", "gk_meta")]
    return repr(rows)


def test_wrong_codes_are_refused_with_a_clear_message_and_nothing_of_the_game(store):
    codes = store.create_table(TOY, ["human", "human"])
    for bad in ("", "hello", None, 12345, "0000000000", codes.host, "x" * 100):
        with pytest.raises(UnknownCode, match="does not open any seat") as info:
            store.seat_view(bad)
        assert codes.table not in str(info.value)
    with pytest.raises(UnknownCode, match="does not open any table"):
        store.pause(codes.seats[0])  # a seat code is not a host code
    with pytest.raises(UnknownTable):
        store.public_view("t-nope")


def test_a_seat_sees_its_choices_only_on_its_turn_and_plays(store):
    codes = store.create_table(TOY, ["human", "human"], seed=5)
    first, second = (store.seat_view(c) for c in codes.seats)
    assert first.content["your_turn"] and [c["text"] for c in first.content["choices"]] == ["roll", "hold"]
    assert not second.content["your_turn"] and second.content["choices"] == []
    assert first.log_length == second.log_length == 2  # the two secret bonus cards were dealt
    accepted = store.play(codes.seats[0], Hold(), first.log_length)
    assert (accepted.index, accepted.log_length) == (2, 3)
    after = store.seat_view(codes.seats[1])
    assert after.content["your_turn"] and after.revision > second.revision
    assert after.content["log"][-1] == {
        "number": 1, "player": 0, "action": "hold",
        "events": [{"text": "Player 0 banks 0", "section": "Toy rules: hold", "player": None}],
        "by": "student", "bot": None}
    entries = store.entries(codes.table)
    assert [(e.index, e.player, e.source) for e in entries] == [
        (0, None, "chance"), (1, None, "chance"), (2, 0, "seat")]


def test_a_stale_move_is_refused_and_the_seat_reads_the_new_state(store):
    codes = store.create_table(TOY, ["human", "human"])
    view = store.seat_view(codes.seats[0])
    store.play(codes.seats[0], Hold(), view.log_length)
    store.play(codes.seats[1], Hold(), view.log_length + 1)  # seat 0 to move again, its view is old
    with pytest.raises(StaleMove, match="moved on") as info:
        store.play(codes.seats[0], Hold(), view.log_length)
    assert (info.value.expected, info.value.length) == (view.log_length, view.log_length + 2)
    assert str(view.log_length) not in str(info.value)  # the message shows no log length
    fresh = store.seat_view(codes.seats[0])
    store.play(codes.seats[0], Hold(), fresh.log_length)
    assert store.table_info(codes.table).length == view.log_length + 3


def test_moves_out_of_turn_illegal_or_malformed_are_refused_and_change_nothing(store):
    import numpy as np

    codes = store.create_table(TOY, ["human", "human"])
    view = store.seat_view(codes.seats[1])
    with pytest.raises(NotYourTurn, match="not your turn: seat 1"):
        store.play(codes.seats[1], Hold(), view.log_length)
    bad_moves = [{"kind": "face", "pips": 6},  # a chance outcome: clients never choose chance
                 {"kind": "roll", "extra": 1}, {"kind": "fly"}, "hold", {"kind": "face", "pips": np.int64(3)}]
    for bad in bad_moves:
        with pytest.raises(IllegalAction):
            store.play(codes.seats[0], bad, view.log_length)
    with pytest.raises(TypeError):
        store.play(codes.seats[0], Hold(), np.int64(view.log_length))
    assert store.table_info(codes.table).length == view.log_length
    assert store.seat_view(codes.seats[0]).revision == view.revision


def test_chance_and_bots_are_played_by_the_store_reproducibly_from_the_seed(store):
    a = store.create_table(TOY, ["random", "random", "random"], seed="lesson-1")
    b = store.create_table(TOY, ["random", "random", "random"], seed="lesson-1")
    c = store.create_table(TOY, ["random", "random", "random"], seed="lesson-2")
    logs = [[(e.player, e.source, e.action) for e in check_log(store, t.table, s)]
            for t, s in ((a, "lesson-1"), (b, "lesson-1"), (c, "lesson-2"))]
    assert store.state(a.table).is_terminal()
    assert logs[0] == logs[1] != logs[2]
    assert {source for _, source, _ in logs[0]} == {"chance", "bot"}


def test_a_game_played_by_seats_and_bots_runs_to_the_end_and_replays(store):
    codes = store.create_table(firstgiants, ["human", "random", "human"], seed=11)
    moves = play_out(store, codes, seed=2)
    state = store.state(codes.table)
    assert state.is_terminal() and moves > 10
    entries = check_log(store, codes.table, "11")
    assert {e.source for e in entries} == {"chance", "bot", "seat"}
    final = store.public_view(codes.table)
    assert final.content["terminal"] and final.content["returns"] == list(state.returns())
    assert final.content["log_entries"] == sum(e.source != "chance" for e in entries) + 1


def test_reopening_the_store_continues_every_table_at_its_last_move(location):
    with open_fast(location) as first:
        tables = [first.create_table(TOY, ["human", "random", "human"], seed=s) for s in (1, 2)]
        rng = random.Random(0)
        for _ in range(6):
            for codes in tables:
                play_random_turn(first, codes, rng)
        before = [(first.table_info(c.table).length, first.save_file(c.table)) for c in tables]
    with open_fast(location) as second:  # as a new process would: nothing cached
        assert [(second.table_info(c.table).length, second.save_file(c.table)) for c in tables] == before
        for codes in tables:
            play_out(second, codes, seed=3)
            check_log(second, codes.table, str(tables.index(codes) + 1))


def test_the_host_pauses_resumes_and_ends_a_table(store):
    codes = store.create_table(TOY, ["human", "random"], seed=1)  # (a seed where the bot does not win at once)
    view = store.seat_view(codes.seats[0])
    store.pause(codes.host)
    paused = store.seat_view(codes.seats[0])
    assert paused.content["status"] == "paused" and not paused.content["your_turn"]
    assert paused.revision > view.revision
    with pytest.raises(TablePaused, match="paused by the teacher"):
        store.play(codes.seats[0], Hold(), view.log_length)
    store.resume(codes.host)
    store.play(codes.seats[0], Hold(), view.log_length)  # the bot then plays until seat 0 is to move
    assert store.seat_view(codes.seats[0]).content["your_turn"]
    store.end(codes.host)
    view = store.seat_view(codes.seats[0])
    assert view.content["status"] == "ended"
    with pytest.raises(TableEnded):
        store.play(codes.seats[0], Hold(), view.log_length)
    with pytest.raises(TableEnded):
        store.resume(codes.host)


def test_the_host_gives_an_absent_students_seat_to_a_bot_and_back(store):
    codes = store.create_table(TOY, ["human", "human"], seed=4)
    view = store.seat_view(codes.seats[0])
    store.set_seat(codes.host, 0, "random")  # seat 0 was to move: the bot plays at once
    assert store.table_info(codes.table).length > view.log_length
    assert store.table_info(codes.table).seats[0].label == "random"
    with pytest.raises(SeatPlayedByBot, match="played by a bot"):
        store.play(codes.seats[0], Hold(), store.seat_view(codes.seats[0]).log_length)
    assert not store.seat_view(codes.seats[0]).content["your_turn"]
    store.set_seat(codes.host, 0, None)
    play_out(store, codes, seed=1)
    assert store.state(codes.table).is_terminal()
    assert {e.player for e in store.entries(codes.table) if e.source == "bot"} == {0}
    bots_only = store.create_table(TOY, ["random", "human"])
    with pytest.raises(ValueError, match="no code"):
        store.set_seat(bots_only.host, 0, None)
    with pytest.raises(ValueError, match="unknown bot"):
        store.set_seat(codes.host, 1, "grandmaster")


def test_bad_tables_are_refused_when_created(store):
    with pytest.raises(ValueError, match="unknown bot"):
        store.create_table(TOY, ["human", "grandmaster"])
    with pytest.raises(ValueError, match="colour"):
        store.create_table(firstgiants, ["human", ("heuristic", {"depth": 2, "colour": "red"})])
    with pytest.raises(TypeError, match="factory function"):
        store.create_table(TOY, ["human", lambda seed: None])
    with pytest.raises(ValueError, match="2 to 4 players"):
        store.create_table(TOY, ["human"])
    with pytest.raises(ValueError, match="unknown toy option"):
        store.create_table(TOY, ["human", "human"], options={"speed": 2})
    assert store.list_tables() == []


def test_the_teachers_hints_setting_is_kept_with_the_table_and_older_tables_read_as_hints_on(store, location):
    """``hints`` (may the students ask the coach for a hint?) is stored with the table (default on) and read by
    every process; a table written before the setting existed (no ``settings`` in its start) opens with
    hints on, on both backends, with no schema change."""
    quiet = store.create_table(TOY, ["human", "human"], hints=False)
    usual = store.create_table(TOY, ["human", "human"])
    with open_fast(location) as other:  # as another process would: nothing cached
        assert [other.table_info(t.table).hints for t in (quiet, usual)] == [False, True]
        assert {t.table: t.hints for t in other.list_tables()} == {quiet.table: False, usual.table: True}
    with store._transaction(write=True) as tx:  # the start document as the kit wrote it before the setting
        (text,) = tx.one("SELECT start FROM gk_tables WHERE id = ?", (quiet.table,))
        start = json.loads(text)
        assert start.pop("settings") == {"hints": False}
        tx.run("UPDATE gk_tables SET start = ? WHERE id = ?", (json.dumps(start), quiet.table))
    with open_fast(location) as older:
        assert older.table_info(quiet.table).hints is True
        play_out(older, quiet, seed=1)
        check_log(older, quiet.table)
    with pytest.raises(TypeError, match="hints: True or False"):
        store.create_table(TOY, ["human", "human"], hints="no")


def test_a_saved_game_continues_as_a_table(store):
    saved = random_game(firstgiants.new_game(3), 7)
    cut = saved.move_number - 40
    middle = rewind(saved, cut)
    codes = store.create_table(firstgiants, ["human", "human", "human"], from_save=middle.to_json())
    entries = store.entries(codes.table)
    assert [e.action for e in entries[:cut]] == middle.history() and {e.source for e in entries[:cut]} == {"import"}
    play_out(store, codes, seed=5)
    check_log(store, codes.table)
    with pytest.raises(ValueError, match="3-player game"):
        store.create_table(firstgiants, ["human", "human"], from_save=middle.to_json())


def test_a_table_starts_from_a_position_and_keeps_it(store, location):
    start = giganten.scenario("auction_bluff")
    codes = store.create_table(giganten, ["human", "human", "human"], position=start.to_position(), seed=3)
    assert store.state(codes.table) == start and store.entries(codes.table) == []
    assert json.loads(store.save_file(codes.table))["position"] == start.to_position()
    play_out(store, codes, seed=2)
    check_log(store, codes.table, seed="3")
    with open_fast(location) as again:  # (another process reads the start from the database)
        assert again.state(codes.table) == store.state(codes.table)
    with pytest.raises(ValueError, match="3-player game"):
        store.create_table(giganten, ["human"] * 4, position=start.to_position())
    with pytest.raises(ValueError, match="pass no options"):
        store.create_table(giganten, ["human"] * 3, position=start.to_position(), options={"open_licenses": True})
    with pytest.raises(ValueError, match="players\\[0\\].money"):
        store.create_table(giganten, ["human"] * 3, position={"players": [{"money": -1}, {}, {}], "phase": "roll"})


def test_a_saved_game_from_a_position_continues_as_a_table(store):
    saved = random_game(giganten.scenario("overfill"), 4)
    middle = rewind(saved, 10)
    codes = store.create_table(giganten, ["human"] * 3, from_save=middle.to_json())
    assert [e.action for e in store.entries(codes.table)] == middle.history()
    assert store.state(codes.table) == middle and store.state(codes.table).origin == middle.origin


def test_wait_for_change_returns_on_a_change_and_times_out_without_one(store):
    codes = store.create_table(TOY, ["human", "human"])
    view = store.seat_view(codes.seats[0])
    started = time.monotonic()
    assert store.wait_for_change(codes.table, view.revision, 0.3) == view.revision
    assert 0.25 < time.monotonic() - started < 2
    assert store.wait_for_change(codes.table, view.revision - 1, 5) == view.revision  # already different
    seen = {}

    def watch() -> None:
        seen["revision"] = store.wait_for_change(codes.table, view.revision, 10)
        seen["at"] = time.monotonic()

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(0.2)
    moved = time.monotonic()
    store.play(codes.seats[0], Hold(), view.log_length)
    watcher.join(10)
    assert seen["revision"] > view.revision and seen["at"] - moved < 0.5
    with pytest.raises(UnknownTable):
        store.wait_for_change("t-nope", 0, 0.1)


def _attempt(store, barrier, code, action, expected, outcomes) -> None:
    barrier.wait()
    try:
        outcomes.append(("ok", store.play(code, action, expected).index, action))
    except StaleMove:
        outcomes.append(("stale", None, action))


def test_threads_racing_for_one_move_give_one_accepted_and_the_rest_refused(store):
    """Five races of four threads (roll, hold, roll, hold) for one move.  Which thread wins is the
    scheduler's choice, so the game the races make is too, and some end it before the fifth race (with
    seed 9, hold, roll, roll, hold does): the races then go on at a new table."""
    tables: list = []
    winners: dict[str, list] = {}
    for _ in range(5):
        if not tables or store.public_view(tables[-1].table).content["terminal"]:
            tables.append(store.create_table(TOY, ["human", "human"], seed=9))
        codes = tables[-1]
        view = store.public_view(codes.table)
        code = codes.seats[view.content["to_move"]]
        barrier = threading.Barrier(4)
        outcomes: list = []
        threads = [threading.Thread(target=_attempt, args=(store, barrier, code, a, view.log_length, outcomes))
                   for a in (Roll(), Hold(), Roll(), Hold())]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(o for o, _, _ in outcomes) == ["ok", "stale", "stale", "stale"], outcomes
        winners.setdefault(codes.table, []).extend((i, a) for o, i, a in outcomes if o == "ok")
        assert winners[codes.table][-1][0] == view.log_length
    for codes in tables:
        entries = check_log(store, codes.table, "9")
        assert [(e.index, e.action) for e in entries if e.source == "seat"] == winners[codes.table]
    assert sum(map(len, winners.values())) == 5


def test_a_race_won_by_hold_roll_roll_hold_ends_the_seed_9_game_before_the_fifth_race(store):
    """Why the test above may need a second table: its races' winners decide the game."""
    codes = store.create_table(TOY, ["human", "human"], seed=9)
    for action in (Hold(), Roll(), Roll(), Hold()):
        view = store.public_view(codes.table)
        store.play(codes.seats[view.content["to_move"]], action, view.log_length)
    view = store.public_view(codes.table)
    assert view.content["terminal"] and view.content["to_move"] is None


def test_a_table_left_waiting_for_a_bot_is_advanced_by_advance_all_or_a_later_view(store):
    codes = store.create_table(TOY, ["human", "random"], seed=3)
    for heal in ("advance_all", "view"):
        view = store.seat_view(codes.seats[0])
        store.play(codes.seats[0], Hold(), view.log_length, advance=False)  # the server dies right here
        stuck = store.seat_view(codes.seats[0])
        assert stuck.content["to_move"] == 1 and not stuck.content["your_turn"]
        if heal == "advance_all":
            assert store.advance_all() > 0
        else:
            store.STALL_SECONDS = 0.0  # (5 s by default: longer than a bot's move)
        assert store.seat_view(codes.seats[0]).content["your_turn"]
        assert store.advance_all() == 0


def test_threads_advancing_one_table_at_once_write_each_entry_once(store):
    """Bots and chance computed by several advancers at once: the same entries as one advancer."""
    racing, alone = (store.create_table(TOY, ["human", "random", "random"], seed="adv") for _ in range(2))
    for codes in (racing, alone):
        view = store.seat_view(codes.seats[0])
        store.play(codes.seats[0], Hold(), view.log_length, advance=False)
    barrier = threading.Barrier(3)
    appended: list[int] = []

    def advancer() -> None:
        barrier.wait()
        appended.append(store.advance(racing.table))

    threads = [threading.Thread(target=advancer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    store.advance(alone.table)
    logs = [[(e.index, e.player, e.source, e.action) for e in check_log(store, c.table, "adv")]
            for c in (racing, alone)]
    assert logs[0] == logs[1] and len(logs[0]) > 4
    assert sum(appended) == len(logs[0]) - view.log_length - 1  # every entry written by exactly one advancer


def test_state_at_a_views_length_is_the_state_that_view_was_computed_from(store):
    codes = store.create_table(TOY, ["human", "random"], seed=4)
    view = store.seat_view(codes.seats[0])
    store.play(codes.seats[0], Hold(), view.log_length)
    assert store.state(codes.table).move_number > view.log_length
    then = store.state(codes.table, view.log_length)
    assert then.move_number == view.log_length and then.observation(0) == view.content["observation"]
    assert store.state(codes.table).move_number == store.table_info(codes.table).length  # the cache kept the newest
    for wrong in (-1, store.table_info(codes.table).length + 1, 1.0, True):
        with pytest.raises(ValueError):
            store.state(codes.table, wrong)
