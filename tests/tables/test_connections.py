"""The store's connections stay few however many threads come and go (a classroom server runs bots' moves
and the coach's Hint in short-lived threads): every test runs on SQLite and on a real PostgreSQL server."""
from __future__ import annotations

import threading

import pytest

from gamekit.tables.store import TableStore

from .helpers import TOY

THREADS = 100
AT_ONCE = 10  # the threads run in waves of this many, so calls overlap


def _server_connections(location: str) -> int | None:
    """How many client connections PostgreSQL has open to the store's database, not counting the one
    asking (None on SQLite)."""
    if not location.startswith("postgresql://"):
        return None
    import psycopg

    with psycopg.connect(location, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND backend_type = 'client backend' AND pid <> pg_backend_pid()").fetchone()
    assert row is not None
    return int(row[0])


def _in_short_threads(work, threads: int = THREADS, at_once: int = AT_ONCE) -> None:
    """Run ``work()`` once in each of ``threads`` new threads, ``at_once`` of them alive together."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 (reported by the test)
            errors.append(exc)

    for _ in range(0, threads, at_once):
        wave = [threading.Thread(target=run) for _ in range(at_once)]
        for thread in wave:
            thread.start()
        for thread in wave:
            thread.join(30)
    assert not errors, errors


def test_short_lived_threads_leave_a_bounded_number_of_connections(store, location):
    codes = store.create_table(TOY, ["human", "random"])
    revision = store.public_view(codes.table).revision
    before = _server_connections(location)

    def a_page_thread() -> None:  # what a page's thread does: read a view, wait briefly for a change
        store.seat_view(codes.seats[0])
        store.wait_for_change(codes.table, revision, 0.01)

    _in_short_threads(a_page_thread)
    bound = 2 * TableStore.IDLE_CONNECTIONS  # queries' and (PostgreSQL) listeners' idle connections
    assert store.open_connections() <= bound
    after = _server_connections(location)
    if before is not None and after is not None:
        assert after - before <= bound
        assert after <= store.open_connections() + before  # the server sees no more than the store counts


def test_moves_from_short_lived_threads_are_all_kept_and_leave_few_connections(store):
    codes = store.create_table(TOY, ["human", "human"], seed="threads")
    lock = threading.Lock()

    def a_move() -> None:  # each thread plays whoever is to move, as a page's thread after a click
        with lock:  # one move at a time: this test counts connections, test_store races moves
            for code in codes.seats:
                view = store.seat_view(code)
                if view.content["your_turn"]:
                    store.play(code, view.content["choices"][0]["action"], view.log_length)
                    return

    _in_short_threads(a_move, threads=40, at_once=4)
    assert store.table_info(codes.table).length >= 40
    assert store.open_connections() <= 2 * TableStore.IDLE_CONNECTIONS


def test_one_thread_reuses_one_connection(store):
    codes = store.create_table(TOY, ["human", "random"])
    opened = store.open_connections()
    for _ in range(20):
        store.seat_view(codes.seats[0])
        store.table_info(codes.table)
    assert store.open_connections() == opened == 1


def test_close_closes_idle_connections_and_the_store_opens_new_ones_when_used_again(store, location):
    codes = store.create_table(TOY, ["human", "random"])
    _in_short_threads(lambda: store.seat_view(codes.seats[0]), threads=8, at_once=8)
    assert store.open_connections() >= 1
    store.close()
    assert store.open_connections() == 0
    assert store.seat_view(codes.seats[0]).content["your_turn"]  # usable again: opens a connection
    assert store.open_connections() == 1


def test_a_connection_lent_to_a_running_call_is_closed_when_that_call_ends_after_close(store):
    codes = store.create_table(TOY, ["human", "random"])
    with store._borrow():  # a call running while another thread closes the store
        store.close()
        assert store.open_connections() == 1  # the running call keeps its connection ...
        assert store.table_info(codes.table).table == codes.table  # ... and finishes on it
    assert store.open_connections() == 0  # then it is closed, not kept


def test_a_listening_connection_given_back_listens_no_more(store, location):
    if not location.startswith("postgresql://"):
        pytest.skip("PostgreSQL only: SQLite's waits poll, they do not listen")
    codes = store.create_table(TOY, ["human", "random"])
    store.wait_for_change(codes.table, store.public_view(codes.table).revision, 0.01)
    with store._borrow("listener") as lease:  # the idle listener the wait gave back
        assert store.open_connections() == 2
        row = lease.conn.execute("SELECT count(*) FROM pg_listening_channels()").fetchone()
        assert row == (0,)  # idle, it gathers no notifications
