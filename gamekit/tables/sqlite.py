"""The SQLite backend: one database file in a folder the teacher chooses (standard library only).

WAL journal (readers never wait for the writer, and a killed process leaves the last committed
transaction in place: nothing is written half), ``synchronous=FULL`` by default (an accepted move is
on disk before the mover hears so, even if the machine loses power; ``synchronous="NORMAL"`` skips that
wait and stays safe against a killed process, losing at worst the last moves on a power cut), write
transactions begun with ``BEGIN IMMEDIATE`` (they take the write lock up front, so two writers queue
instead of failing half-way) and a busy timeout.  Several processes on one machine may share the folder; it
must be on a local disk (SQLite's WAL needs shared memory, which network file systems do not give).
"""
from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..i18n import N_
from .errors import STORE_FAILED, StoreUnavailable, UnknownTable
from .store import Conflict, TableStore, create_schema

FILE_NAME = "tables.sqlite3"


class _Tx:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        return self.conn.execute(sql, params).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self.conn.execute(sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(sql, params)

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)


class SQLiteStore(TableStore[sqlite3.Connection]):
    """Tables in ``folder/tables.sqlite3`` (the folder is created if missing)."""

    def __init__(self, folder: str | Path, *, busy_timeout: float = 30.0, poll_interval: float = 0.05,
                 synchronous: str = "FULL", secret: bytes | None = None) -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous: 'FULL' or 'NORMAL', got {synchronous!r:.20}")
        super().__init__(secret)
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self.busy_timeout = busy_timeout
        self.poll_interval = poll_interval
        self.synchronous = synchronous
        with self._transaction(write=True) as tx:
            create_schema(tx, "REAL")

    def _open(self, kind: str) -> sqlite3.Connection:
        conn = None
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)  # lent to one thread at a time (TableStore._borrow)
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreUnavailable(N_("SQLite refused the WAL journal for {path} (got {mode}): is the folder on a "
                                          "network file system? Use a local folder."), path=self.path, mode=repr(mode))
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            conn.execute("PRAGMA foreign_keys = ON")
        except (sqlite3.Error, StoreUnavailable) as exc:
            if conn is not None:
                conn.close()
            if isinstance(exc, StoreUnavailable):
                raise
            raise StoreUnavailable(N_("cannot open the table store {path}: {why}"), path=self.path, why=exc) from None
        return conn

    def _reusable(self, kind: str, conn: sqlite3.Connection) -> bool:
        return not conn.in_transaction  # (a write that could not even roll back)

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[_Tx]:
        with self._borrow() as lease:
            conn = lease.conn
            if not write:  # each statement on its own, seeing the latest commit (see TableStore._transaction)
                try:
                    yield _Tx(conn)
                except sqlite3.OperationalError as exc:
                    raise StoreUnavailable(STORE_FAILED, why=exc) from None
                return
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(N_("the table store is busy ({why}); try again"), why=exc) from None
            try:
                yield _Tx(conn)
                conn.execute("COMMIT")
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise Conflict(str(exc)) from None
                if isinstance(exc, sqlite3.OperationalError):
                    raise StoreUnavailable(STORE_FAILED, why=exc) from None
                raise

    def wait_for_change(self, table_id: str, known_revision: int, timeout: float) -> int:
        """Polls ``PRAGMA data_version`` (which changes when another connection commits: no disk
        read) every ``poll_interval`` seconds, and reads the table's revision only after a commit.  The
        connection is this call's alone while it waits, so every change of its data version is another's."""
        with self._borrow() as lease:
            return self._wait(lease.conn, table_id, known_revision, timeout)

    def _wait(self, conn: sqlite3.Connection, table_id: str, known_revision: int, timeout: float) -> int:
        deadline = time.monotonic() + max(0.0, timeout)
        seen_version = None
        revision = known_revision
        while True:
            version = conn.execute("PRAGMA data_version").fetchone()[0]
            if version != seen_version:
                seen_version = version
                row = conn.execute("SELECT revision FROM gk_tables WHERE id = ?", (table_id,)).fetchone()
                if row is None:
                    raise UnknownTable(table_id)
                revision = int(row[0])
                if revision != known_revision:
                    return revision
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return revision
            time.sleep(min(self.poll_interval, remaining))
