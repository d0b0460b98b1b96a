"""The PostgreSQL backend (psycopg 3): for deployments whose servers run on several machines.

Given a libpq URL, e.g. ``postgresql://kit:secret@db.school.example:5432/classroom`` or, on a Unix
socket, ``postgresql://kit@/classroom?host=/run/postgresql``.  Every write transaction locks the
table's row (``SELECT ... FOR UPDATE``) before it reads the log length, so writers of one table
queue; the primary key ``(table_id, idx)`` would refuse a second entry at the same index anyway.
Changes are announced with ``NOTIFY gk_tables, '<table id>'`` in the writing transaction (delivered on
commit); :meth:`PostgresStore.wait_for_change` LISTENs on a connection of its own.  Each store call
borrows a connection from the store's few (:meth:`TableStore._borrow`; a wait also borrows one to listen
on, which is told to ``UNLISTEN`` when given back); a connection lost (server restarted) is replaced (a
transaction that cannot even begin is retried once on a new connection; one that fails half-way is
rolled back by the server and raises ``StoreUnavailable``).
"""
from __future__ import annotations

import time
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterator, Sequence

from ..i18n import N_
from .errors import STORE_FAILED, StoreUnavailable, UnknownTable
from .store import Conflict, TableStore, Tx, _Lease, create_schema

try:
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg import pq
except ModuleNotFoundError:  # pragma: no cover - depends on the environment
    psycopg = None  # type: ignore[assignment]  # optional: PostgresStore() then says how to install it

CHANNEL = "gk_tables"
#: The DDL runs under this advisory lock, so processes opening a new database at once do not race.
SCHEMA_LOCK = 0x6B697474


class _Tx:
    """Statements on one connection.  With ``reconnect`` (reads, in autocommit) a statement that fails
    because the connection broke (the server restarted since it was last used) runs once more on a
    new connection: a single read is safe to repeat."""

    def __init__(self, conn: "psycopg.Connection",
                 reconnect: Callable[[], "psycopg.Connection"] | None = None) -> None:
        self.conn = conn
        self.reconnect = reconnect

    def _execute(self, sql: str, params: Sequence[Any]) -> "psycopg.Cursor":
        sql = sql.replace("?", "%s")
        try:
            return self.conn.execute(sql, params)
        except (psycopg.OperationalError, psycopg.InterfaceError):
            if self.reconnect is None or not (self.conn.closed or self.conn.broken):
                raise
            self.conn = self.reconnect()
            self.reconnect = None
            return self.conn.execute(sql, params)

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        return self._execute(sql, params).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return self._execute(sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._execute(sql, params)

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(sql.replace("?", "%s"), rows)


class PostgresStore(TableStore["psycopg.Connection"]):
    """Tables in the PostgreSQL database at ``url`` (the tables are created if missing)."""

    FOR_UPDATE = " FOR UPDATE"

    def __init__(self, url: str, *, connect_timeout: float = 10.0, secret: bytes | None = None) -> None:
        if psycopg is None:
            raise ModuleNotFoundError("the PostgreSQL table store needs psycopg: pip install 'giants-kit[classroom]' "
                                      "(or pip install 'psycopg[binary]')")
        super().__init__(secret)
        self.url = url
        self.connect_timeout = connect_timeout
        with self._transaction(write=True) as tx:
            tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
            create_schema(tx, "DOUBLE PRECISION")

    def _open(self, kind: str) -> "psycopg.Connection":
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=max(1, round(self.connect_timeout)))
        except psycopg.Error as exc:
            raise StoreUnavailable(N_("cannot reach the PostgreSQL table store: {why}"),
                                   why=type(exc).__name__) from None

    def _reusable(self, kind: str, conn: "psycopg.Connection") -> bool:
        """Alive, outside any transaction, and (a listener) listening no more: an idle connection left
        listening would gather every table's notifications unread."""
        if conn.closed or conn.broken or conn.info.transaction_status != pq.TransactionStatus.IDLE:
            return False
        if kind == "listener":
            try:
                conn.execute("UNLISTEN *")
            except psycopg.Error:
                return False
        return True

    def _begin(self, lease: _Lease["psycopg.Connection"]) -> "psycopg.Connection":
        """The lease's connection, in a new transaction.  A connection that fails to begin (the server
        restarted since it was last used) is replaced once: nothing was done on it yet."""
        for attempt in (1, 2):
            try:
                lease.conn.execute("BEGIN")
                return lease.conn
            except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                if attempt == 2:
                    raise StoreUnavailable(N_("cannot reach the PostgreSQL table store ({why}); try again"),
                                           why=type(exc).__name__) from None
                self._renew(lease)
        raise AssertionError("unreachable")

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[_Tx]:
        with self._borrow() as lease:
            if not write:  # each statement on its own, seeing the latest commit (see TableStore._transaction)
                try:
                    yield _Tx(lease.conn, reconnect=lambda: self._renew(lease))
                except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                    raise StoreUnavailable(STORE_FAILED, why=f"PostgreSQL, {type(exc).__name__}") from None
                return
            conn = self._begin(lease)
            try:
                yield _Tx(conn)
                conn.execute("COMMIT")
            except BaseException as exc:
                if not (conn.closed or conn.broken):
                    try:
                        conn.execute("ROLLBACK")
                    except psycopg.Error:
                        conn.close()
                if isinstance(exc, pg_errors.UniqueViolation):
                    raise Conflict(str(exc)) from None
                if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)):
                    raise StoreUnavailable(STORE_FAILED, why=f"PostgreSQL, {type(exc).__name__}") from None
                raise

    def _notify(self, tx: Tx, table_id: str) -> None:
        tx.run("SELECT pg_notify(?, ?)", (CHANNEL, table_id))

    def _revision(self, table_id: str) -> int:
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT revision FROM gk_tables WHERE id = ?", (table_id,))
        if row is None:
            raise UnknownTable(table_id)
        return int(row[0])

    def wait_for_change(self, table_id: str, known_revision: int, timeout: float) -> int:
        """LISTENs (the listening connection is opened before the revision is read, so no change is
        missed) and reads the revision again when a notification names this table.  Without a listening
        connection (none could be opened) it polls the revision every 0.1 s."""
        with ExitStack() as lent:
            try:
                listener = self._listen(lent.enter_context(self._borrow("listener")))
            except StoreUnavailable:
                listener = None
            return self._wait(listener, table_id, known_revision, timeout)

    def _listen(self, lease: _Lease["psycopg.Connection"]) -> "psycopg.Connection | None":
        """The lease's connection, listening; a connection that fails to (the server restarted since it was
        last used) is replaced once; None if that fails too."""
        for attempt in (1, 2):
            try:
                lease.conn.execute(f"LISTEN {CHANNEL}")
                return lease.conn
            except (psycopg.OperationalError, psycopg.InterfaceError):
                if attempt == 2:
                    return None
                self._renew(lease)
        raise AssertionError("unreachable")

    def _wait(self, listener: "psycopg.Connection | None", table_id: str, known_revision: int,
              timeout: float) -> int:
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            revision = self._revision(table_id)
            if revision != known_revision:
                return revision
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return revision
                if listener is None:
                    time.sleep(min(0.1, remaining))
                    break
                try:
                    names = [n.payload for n in listener.notifies(timeout=remaining, stop_after=1)]
                except psycopg.OperationalError:
                    listener = None
                    break
                if table_id in names:
                    break
