"""Faults: a writer killed in the middle of appending, a PostgreSQL server crashing mid-game.
Afterwards every table continues at its last accepted move, with nothing half-written."""
from __future__ import annotations

import multiprocessing
import random
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from gamekit.tables import StoreUnavailable, open_store

from .conftest import need_postgres
from .helpers import TOY, action_key, check_log, open_fast, play_out
from .pgcluster import Cluster
from .workers import killed_mid_append, play_turns

SEEDS = ("fault-1", "fault-2")


def _journal(path: Path) -> set[tuple[str, int, str]]:
    lines = path.read_text().splitlines() if path.exists() else []
    return {(t, int(i), k) for t, i, k in (line.split("\t") for line in lines)}


def _check_continues(store, created, accepted) -> None:
    """Every accepted move is in its table's log at its index, the logs are whole and replay, and
    each table plays on to the end (chance drawn from the seed as if nothing had happened), once the
    restarted server has advanced its tables (the dead one may have left chance or a bot to play)."""
    store.advance_all()
    for codes, seed in zip(created, SEEDS):
        entries = check_log(store, codes.table, seed)
        logged = {(codes.table, e.index, action_key(e.action)) for e in entries if e.source == "seat"}
        assert {m for m in accepted if m[0] == codes.table} <= logged
        play_out(store, codes, seed=7)
        check_log(store, codes.table, seed)
        assert store.state(codes.table).is_terminal()


@pytest.mark.parametrize("appends", [5])
def test_a_writer_killed_inside_its_transaction_leaves_every_table_at_its_last_accepted_move(
        location, tmp_path, appends):
    with open_fast(location) as store:
        created = [store.create_table(TOY, ["human", "human", "random"], seed=s) for s in SEEDS]
        before = {c.table: store.table_info(c.table).length for c in created}
    journal = tmp_path / "accepted.txt"
    tables = [(c.table, list(c.seats)) for c in created]
    writer = multiprocessing.get_context("spawn").Process(
        target=killed_mid_append, args=(location, tables, 1, appends, str(journal)))
    writer.start()
    writer.join(60)
    assert writer.exitcode == -signal.SIGKILL
    accepted = _journal(journal)
    assert not journal.with_suffix(".finished").exists()
    if not location.startswith("postgresql://"):
        with sqlite3.connect(Path(location) / "tables.sqlite3") as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with open_fast(location) as store:  # a new server process
        lengths = {c.table: store.table_info(c.table).length for c in created}
        assert sum(lengths.values()) > sum(before.values())  # the writer got some moves in before dying
        assert len(accepted) >= 1
        _check_continues(store, created, accepted)


def test_postgres_crashing_mid_game_keeps_every_accepted_move(tmp_path):
    need_postgres()
    cluster = Cluster().start()
    try:
        store = open_store(cluster.url())
        created = [store.create_table(TOY, ["human", "human", "random"], seed=s) for s in SEEDS]
        tables = [(c.table, list(c.seats)) for c in created]
        accepted: set = set()
        failures: list = []

        def client(seed: int) -> None:
            try:
                play_turns(store, tables, random.Random(seed), lambda *move: accepted.add(move))
            except StoreUnavailable as exc:
                failures.append(exc)

        clients = [threading.Thread(target=client, args=(seed,)) for seed in (1, 2)]
        for thread in clients:
            thread.start()
        deadline = time.monotonic() + 30
        while len(accepted) < 8 and time.monotonic() < deadline:
            time.sleep(0.01)
        cluster.stop("immediate")  # the server crashes while the clients are writing
        for thread in clients:
            thread.join(30)
        assert failures and len(accepted) >= 8
        cluster.start()  # crash recovery
        _check_continues(store, created, accepted)  # the same store reconnects by itself
        store.close()
    finally:
        cluster.remove()
