"""The table store: each classroom table's game as its starting point plus an append-only action log.

One class holds every rule of the store; a backend (SQLite, PostgreSQL) only supplies connections,
transactions, its SQL dialect's few differences and a way to wait for a change.  The tables:

* ``gk_tables``: one row per table -- the starting point (a JSON document: game, module, players,
  options, ``position``: the position the table started from, or null for a new game, and
  ``settings``: the teacher's choices for the table's pages, :data:`SETTINGS`), the chance
  seed, the host code's hash, the status ('playing', 'paused', 'ended'), the log's ``length`` and a
  ``revision`` that every change (an entry, a host operation) increases;
* ``gk_seats``: one row per seat -- the seat code's hash (NULL for a seat created as a bot) and the
  bot playing it (a JSON bot spec from :mod:`gamekit.bots`' registries; NULL while a person plays);
* ``gk_log``: one row per entry -- ``(table_id, idx)`` is the primary key, so two writers can never
  both write entry ``idx``; the action as the game's action JSON (``Action.to_json``, read back with
  the game's codec), who made it (player, source: 'seat', 'bot', 'chance' or 'import') and when.

Every write is one transaction that first locks the table's row, so a move is accepted only if the
log still has the length the mover saw (optimistic concurrency) and the move is legal in the state
that log gives; the entry and the row's new length and revision commit together or not at all.
Chance outcomes and bots' moves are never taken from clients: :meth:`TableStore.advance` draws chance
from the table's seed and the entry's index (``random.Random(f"{seed}/chance/{index}")``) and creates
each bot afresh from ``(seed, seat, index)``, so whoever advances a table -- any process, again after
a restart -- computes the same entries, and if two advance at once one commits and the other's
identical batch is refused and dropped.
"""
from __future__ import annotations

import json
import random
import re
import secrets
import threading
import time
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterator, Mapping, NamedTuple, Protocol, Sequence, TypeVar

from ..actions import Action
from ..bots import SeatSpec, seat_factory, seat_label
from ..i18n import N_
from ..i18n import gettext as _
from ..play import sample_chance
from ..protocol import GameState, IllegalAction
from ..record import MAX_ACTIONS, dump, load, start_of
from ..spec import GameSpec
from ..tournament import GameRef, game_ref
from . import codes
from .errors import (CorruptTable, NewerStore, NotYourTurn, SeatPlayedByBot, StaleMove, StoreUnavailable, TableEnded,
                     TableError, TableFull, TablePaused, UnknownCode, UnknownTable)
from .views import SeatView, Words, common, public_log, words_of

if TYPE_CHECKING:
    from .quiz import Quiz

START_FORMAT = "giants-kit-table"
START_VERSION = 1
SCHEMA_VERSION = 2
HUMAN = "human"
STATUSES = ("playing", "paused", "ended")
#: An advance commits what it has computed after this many seconds (so slow bots' moves show one by
#: one) or this many entries.
ADVANCE_BUDGET = 0.25
ADVANCE_BATCH = 400
#: The table settings a teacher chooses when creating a table, with their defaults: ``hints``, whether a
#: student's page offers the coach's Hint during the game.  Kept in the starting-point document: a table
#: written before a setting existed (no ``settings``, or the setting missing) reads it as its default, so
#: older stores open as they are, with no schema change; a kit that predates a setting ignores it.
SETTINGS: dict[str, bool] = {"hints": True}


#: The tables, for both backends ({real}: a double-precision float type).
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS gk_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS gk_tables (id TEXT PRIMARY KEY, title TEXT NOT NULL, start TEXT NOT NULL, "
    "seed TEXT NOT NULL, host_hash TEXT NOT NULL UNIQUE, "
    "status TEXT NOT NULL CHECK (status IN ('playing', 'paused', 'ended')), "
    "length INTEGER NOT NULL CHECK (length >= 0), revision INTEGER NOT NULL, created {real} NOT NULL, "
    "updated {real} NOT NULL, lesson TEXT)",
    "CREATE TABLE IF NOT EXISTS gk_seats (table_id TEXT NOT NULL REFERENCES gk_tables (id), "
    "seat INTEGER NOT NULL CHECK (seat >= 0), code_hash TEXT UNIQUE, bot TEXT, name TEXT, "
    "PRIMARY KEY (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS gk_log (table_id TEXT NOT NULL REFERENCES gk_tables (id), "
    "idx INTEGER NOT NULL CHECK (idx >= 0), player INTEGER, "
    "source TEXT NOT NULL CHECK (source IN ('seat', 'bot', 'chance', 'import')), action TEXT NOT NULL, "
    "at {real} NOT NULL, bot TEXT, PRIMARY KEY (table_id, idx))",
)
#: Version 2 added a lesson to tables, a student's name to seats and the deciding bot to log entries: a version-1
#: store gains the columns (empty: no lesson, no names, bots unnamed) when a version-2 kit opens it.
MIGRATIONS = {1: ("ALTER TABLE gk_tables ADD COLUMN lesson TEXT", "ALTER TABLE gk_seats ADD COLUMN name TEXT",
                  "ALTER TABLE gk_log ADD COLUMN bot TEXT")}


def create_schema(tx: "Tx", real: str) -> None:
    """Create the tables if missing and check the schema version (inside the caller's transaction)."""
    from .quiz import SCHEMA as QUIZ_SCHEMA

    for statement in (*SCHEMA, *QUIZ_SCHEMA):
        tx.run(statement.format(real=real))
    row = tx.one("SELECT value FROM gk_meta WHERE key = 'schema'")
    if row is None:
        tx.run("INSERT INTO gk_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
    elif int(row[0]) > SCHEMA_VERSION:
        raise NewerStore(int(row[0]), SCHEMA_VERSION)
    elif int(row[0]) < SCHEMA_VERSION:
        for version in range(int(row[0]), SCHEMA_VERSION):
            for statement in MIGRATIONS[version]:
                tx.run(statement)
        tx.run("UPDATE gk_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))


class Conflict(TableError):
    """A backend's unique-key violation: another writer wrote the same entry first."""


class Connection(Protocol):
    """A backend's database connection, as far as the store's bookkeeping needs it."""

    def close(self) -> None: ...


C = TypeVar("C", bound=Connection)


class _Lease(Generic[C]):
    """A connection of ``kind`` lent to one thread for one store call (calls nested in it share it);
    ``generation``: the store's :meth:`TableStore.close` count when it was lent."""

    __slots__ = ("kind", "conn", "generation")

    def __init__(self, kind: str, conn: C, generation: int) -> None:
        self.kind, self.conn, self.generation = kind, conn, generation


class Tx(Protocol):
    """The SQL a store runs inside one transaction (``?`` placeholders; backends translate)."""

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None: ...

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]: ...

    def run(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


@dataclass(frozen=True)
class TableCodes:
    """What the teacher gets from :meth:`TableStore.create_table`: the table's id (public), the host
    code and one code per seat (None for a seat created as a bot).  The codes are not stored, only
    their hashes: keep this object (hand out the codes, note the host code); ``repr`` hides them."""

    table: str
    host: str
    seats: tuple[str | None, ...]
    names: tuple[str | None, ...] = ()  # the students' names, per seat (empty: none given)

    def __repr__(self) -> str:
        hidden = ", ".join("None" if c is None else "'*****-*****'" for c in self.seats)
        return f"TableCodes(table={self.table!r}, host='*****', seats=({hidden}))"


@dataclass(frozen=True)
class Lesson:
    """A lesson's tables, made in one go from a class list (:meth:`TableStore.create_lesson`), with their codes."""

    id: str
    title: str
    tables: tuple[TableCodes, ...]


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    played_by: str  # 'human' or 'bot'
    bot: dict[str, Any] | None  # {"name": ..., "params": {...}} while a bot plays the seat
    has_code: bool  # False for a seat created as a bot: no person can ever take it
    name: str | None = None  # the student's name, if the teacher gave one

    @property
    def label(self) -> str:
        if self.bot is None:
            return HUMAN
        return seat_label((self.bot["name"], self.bot["params"])) if self.bot["params"] else self.bot["name"]


_LESSON_TABLE = re.compile(r"(?:(?P<lesson>.*) - table|Table) (?P<number>[0-9]+)", re.DOTALL)
"""How a lesson's table titles are stored (:meth:`TableStore.create_lesson`): in English, worded when read."""


def lesson_table_title(lesson_title: str, number: int) -> str:
    """The stored title of a lesson's table ``number``: "<lesson title> - table k", or "Table k" untitled."""
    return f"{lesson_title} - table {number}" if lesson_title else f"Table {number}"


def table_title(stored: str, lesson: str | None) -> str:
    """A table's title in the reader's language: a lesson's table ("7b - table 2") worded, a title the teacher
    typed as it is."""
    made = _LESSON_TABLE.fullmatch(stored) if lesson is not None else None
    if made is None:
        return stored
    if made["lesson"] is None:
        return _("Table {number}").format(number=made["number"])
    return _("{lesson} - table {number}").format(lesson=made["lesson"], number=made["number"])


def _lesson_title(stored: str) -> str:
    """The lesson's own title from one of its tables' stored titles ("" for an untitled lesson)."""
    made = _LESSON_TABLE.fullmatch(stored)
    return stored if made is None else made["lesson"] or ""


@dataclass(frozen=True)
class TableInfo:
    """A table's public facts (for the teacher's list and the projector); ``title`` in the reader's language."""

    table: str
    game: str
    stored_title: str  # as the store keeps it (a lesson's table titles in English: see :func:`table_title`)
    players: int
    status: str
    length: int
    revision: int
    seats: tuple[SeatInfo, ...]
    created: float
    module: str  # where the game comes from (``giganten``): its bots, its widgets
    updated: float  # when it last changed (an entry, a host operation)
    hints: bool = SETTINGS["hints"]  # whether the students may ask the coach for a hint during the game
    lesson: str | None = None  # the lesson the table was made for (:meth:`TableStore.create_lesson`)

    @property
    def title(self) -> str:
        return table_title(self.stored_title, self.lesson)


@dataclass(frozen=True)
class TableSummary:
    """A table's line in the teacher's list: its public facts and whether its game is over, with what result."""

    info: TableInfo
    terminal: bool
    returns: tuple[float, ...] | None  # the final result (each seat's return) once the game is over


@dataclass(frozen=True)
class LogEntry:
    """One raw log entry (server side only: chance outcomes are shown as drawn)."""

    index: int
    player: int | None
    source: str
    action: Action
    at: float
    bot: str | None = None  # the bot that decided the entry (its label), for source 'bot'


@dataclass(frozen=True)
class Accepted:
    """A seat's accepted move: its index in the log and the log's length right after it."""

    index: int
    log_length: int


class _Table(NamedTuple):
    """What never changes about a table: its game, starting point and chance seed."""

    id: str
    ref: GameRef
    spec: GameSpec
    players: int
    options: dict[str, Any]
    seed: str
    position: str | None = None
    """The position the table started from (JSON text), or None: a new game with the options."""

    def new_state(self) -> GameState:
        if self.position is not None:
            return self.spec.position_state(self.position)
        return self.spec.new_game(self.players, **self.options)


class _Replay(NamedTuple):
    """A table's state after its first ``length`` entries, with every entry's public words."""

    length: int
    state: GameState
    words: tuple[Words, ...]


class _Head(NamedTuple):
    status: str
    length: int
    revision: int
    updated: float  # when the table last changed


class _Planned(NamedTuple):
    player: int | None
    source: str
    action: Action
    after: GameState
    bot: str | None = None  # the deciding bot's label (source 'bot')


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def chance_rng(seed: str, index: int) -> random.Random:
    """The generator that draws the chance outcome of log entry ``index`` of a table seeded ``seed``."""
    return random.Random(f"{seed}/chance/{index}")


def bot_seed(seed: str, seat: int, index: int) -> int:
    """The seed of the bot that decides log entry ``index`` for ``seat``."""
    return random.Random(f"{seed}/bot/{seat}/{index}").getrandbits(63)


class TableStore(ABC, Generic[C]):
    """Classroom tables in a database; see docs/classroom.md.  Safe to share between threads and between
    processes (each opens its own store).  Each store call borrows a connection for its duration (calls
    nested in it, in the same thread, share it) and gives it back when it ends, so the connections open
    are those of the calls running now plus at most :attr:`IDLE_CONNECTIONS` of each kind kept for the
    next calls, however many threads have come and gone."""

    #: Backends: `` FOR UPDATE`` where a transaction locks a row by reading it (PostgreSQL); SQLite's
    #: write transactions lock the whole database when they begin.
    FOR_UPDATE = ""
    #: A table waiting this long for chance or a bot (the process advancing it died) is advanced by the
    #: next view of it.  Longer than a bot's slowest move, so views do not compute bots' moves twice.
    STALL_SECONDS = 5.0
    #: Connections of each kind (``"query"``; PostgreSQL's ``"listener"``) kept open after their call
    #: ends, for the next call of any thread; a connection given back when this many wait is closed.
    IDLE_CONNECTIONS = 4

    def __init__(self, secret: bytes | None = None) -> None:
        from .places import kit_home

        self._secret = codes.store_secret(kit_home()) if secret is None else bytes(secret)
        self._lock = threading.Lock()
        self._lent = threading.local()  # this thread's leases by kind, only while a call runs
        self._idle: dict[str, list[C]] = {}  # connections given back, by kind, for the next calls
        self._opened: dict[int, C] = {}  # every open connection, lent or idle, by id (the bookkeeping)
        self._generation = 0  # how many times close() was called: a lease from before is closed when given back
        self._tables: dict[str, _Table] = {}
        self._replays: dict[str, _Replay] = {}
        self._factories: dict[tuple[str, str], Callable[[int], Any]] = {}

    # -- what a backend supplies -----------------------------------------------------------------
    @abstractmethod
    def _transaction(self, write: bool) -> AbstractContextManager[Tx]:
        """With ``write``, a transaction that commits when the block ends and rolls back on any
        exception, raising :class:`Conflict` for a unique-key violation.  Without, the block's
        statements run one by one, each seeing the latest commit: reads need no more, because they
        read a table's row first and then only log entries below the length it gave, which never
        change once written.  Both raise :class:`StoreUnavailable` when the database cannot be reached
        or stays locked."""

    def _notify(self, tx: Tx, table_id: str) -> None:  # noqa: B027 (a hook: only PostgreSQL overrides it)
        """Inside a write transaction: tell waiting processes that ``table_id`` changed (on commit)."""

    @abstractmethod
    def wait_for_change(self, table_id: str, known_revision: int, timeout: float) -> int:
        """Wait until the table's revision differs from ``known_revision`` or ``timeout`` seconds pass;
        return the current revision (equal to ``known_revision`` if nothing changed).  Every accepted
        entry and every host operation changes the revision; a page calls this in a loop and
        re-reads its view when the result differs from the revision it shows."""

    @abstractmethod
    def _open(self, kind: str) -> C:
        """A new connection of ``kind`` (see :attr:`IDLE_CONNECTIONS`); :class:`StoreUnavailable` when
        the database cannot be reached."""

    def _reusable(self, kind: str, conn: C) -> bool:
        """Whether ``conn``, given back by a call, may serve the next call (a backend resets it here);
        a connection that may not is closed."""
        return True

    @contextmanager
    def _borrow(self, kind: str = "query") -> Iterator[_Lease[C]]:
        """A connection of ``kind`` for one store call: the one lent to the call this one runs inside (in
        this thread), else an idle one, else a new one; the outermost call gives it back when it ends.
        Nothing of it stays with the thread, so a thread that ends holds no connection."""
        lease: _Lease[C] | None = getattr(self._lent, kind, None)
        if lease is not None:
            yield lease
            return
        with self._lock:
            idle = self._idle.get(kind)
            conn = idle.pop() if idle else None
            generation = self._generation
        lease = _Lease(kind, self._new(kind) if conn is None else conn, generation)
        setattr(self._lent, kind, lease)
        try:
            yield lease
        finally:
            delattr(self._lent, kind)
            self._give_back(lease)

    def _new(self, kind: str) -> C:
        conn = self._open(kind)
        with self._lock:
            self._opened[id(conn)] = conn
        return conn

    def _discard(self, conn: C) -> None:
        """Close ``conn`` and forget it (nothing if it is already forgotten)."""
        with self._lock:
            known = self._opened.pop(id(conn), None) is conn
        if known:
            conn.close()

    def _renew(self, lease: _Lease[C]) -> C:
        """Replace the lease's connection (it broke: e.g. the server restarted) by a new one."""
        self._discard(lease.conn)
        lease.conn = self._new(lease.kind)
        return lease.conn

    def _give_back(self, lease: _Lease[C]) -> None:
        conn = lease.conn
        reusable = self._reusable(lease.kind, conn)
        with self._lock:
            idle = self._idle.setdefault(lease.kind, [])
            keep = (reusable and lease.generation == self._generation and len(idle) < self.IDLE_CONNECTIONS
                    and self._opened.get(id(conn)) is conn)
            if keep:
                idle.append(conn)
        if not keep:
            self._discard(conn)

    def open_connections(self) -> int:
        """How many database connections this store has open: lent to calls running now, and idle."""
        with self._lock:
            return len(self._opened)

    def close(self) -> None:
        """Close the store's idle connections; one lent to a call still running (in another thread) is
        closed when that call ends.  A later call opens a new connection."""
        with self._lock:
            self._generation += 1
            idle = [conn for conns in self._idle.values() for conn in conns]
            self._idle.clear()
        for conn in idle:
            self._discard(conn)

    def __enter__(self) -> "TableStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- creating tables -------------------------------------------------------------------------
    def create_table(self, game: GameSpec | ModuleType | str, seats: Sequence[SeatSpec], *,
                     options: Mapping[str, Any] | None = None, title: str = "", seed: int | str | None = None,
                     from_save: str | bytes | None = None, position: Any = None, hints: bool = True,
                     names: Sequence[str | None] | None = None, lesson: str | None = None) -> TableCodes:
        """A new table for ``game`` (a game package such as ``giganten``, or its module name).

        ``seats`` has one entry per player: ``"human"`` for a student, or a bot as registered for the
        game (``"heuristic"``, ``("search", {"iterations": 200})``).  ``options`` are the game's
        variant switches.  ``seed`` fixes the chance draws (default: a fresh random seed); the same
        seed and the same moves give the same game.  ``from_save`` continues a saved game (a
        gamekit save file: its options (or starting position) and actions become the table's start and
        first entries).  ``position`` starts the table from a position (``state.to_position()``, e.g. of
        ``giganten.scenario(name)``, or its JSON text; see :mod:`gamekit.positions`), with its options.
        ``hints``: whether the students' pages offer the coach's Hint during the game (a test: False; the
        review after the game is always offered).  ``names``: a student's name per seat (None or "" for none;
        at most 60 characters, no control characters), shown on the table's pages.  Bots and chance then play
        until a human must act.  Returns the codes (shown only here)."""
        ref = game_ref(game)
        spec = ref.spec()
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise TypeError(f"seats: a list with one entry per player ('human' or a bot), got {seats!r:.80}")
        players = len(seats)
        bots = [self._bot_json(ref, seat) for seat in seats]
        actions: list[Action] = []
        if (from_save is not None or position is not None) and options:
            raise ValueError("the options come from the save file or the position; pass no options")
        if from_save is not None:
            if position is not None:
                raise ValueError("start from a save file or from a position, not both")
            saved = load(from_save, spec)
            state, actions = start_of(saved), saved.history()
        elif position is not None:
            state = spec.position_state(position)
        else:
            state = spec.new_game(players, **dict(options or {}))
        if state.num_players != players:
            raise ValueError(f"the game is a {state.num_players}-player game; seats gives {players}")
        if not isinstance(title, str) or len(title) > 200:
            raise ValueError("title: a text of at most 200 characters")
        if not isinstance(hints, bool):
            raise TypeError(f"hints: True or False, got {hints!r:.40}")
        seat_names = _names(names, players)
        origin = state.origin
        start = {"format": START_FORMAT, "version": START_VERSION, "game": spec.name, "module": ref.module,
                 "attribute": ref.attribute, "players": players, "options": dict(state.options),
                 "position": None if origin is None else origin.data(), "settings": {"hints": hints}}
        table = _Table(f"t{secrets.token_hex(5)}", ref, spec, players, dict(state.options),
                       secrets.token_hex(16) if seed is None else str(seed),
                       None if origin is None else origin.position)
        host = codes.new_code(codes.HOST_LENGTH)
        seat_codes = tuple(None if bot is not None else codes.new_code(codes.SEAT_LENGTH) for bot in bots)
        seat_names = tuple(None if code is None else name for code, name in zip(seat_codes, seat_names))
        planned = []
        for action in actions:
            after = state.apply(action)
            planned.append(_Planned(None if state.is_chance() else state.current_player(), "import", action, after))
            state = after
        empty = _Replay(0, table.new_state(), ())
        with self._transaction(write=True) as tx:
            now = time.time()
            tx.run("INSERT INTO gk_tables (id, title, start, seed, host_hash, status, length, revision, created, "
                   "updated, lesson) VALUES (?, ?, ?, ?, ?, 'playing', 0, 0, ?, ?, ?)",
                   (table.id, title, _dumps(start), table.seed, self._hash(host), now, now, lesson))
            tx.many("INSERT INTO gk_seats (table_id, seat, code_hash, bot, name) VALUES (?, ?, ?, ?, ?)",
                    [(table.id, i, self._hash(c) if c else None, None if b is None else _dumps(b), n)
                     for i, (c, b, n) in enumerate(zip(seat_codes, bots, seat_names))])
            replay = self._append(tx, table, empty, planned) if planned else empty
        with self._lock:
            self._tables[table.id] = table
            self._replays[table.id] = replay
        self.advance(table.id)
        return TableCodes(table.id, host, seat_codes, seat_names if any(seat_names) else ())

    def create_lesson(self, game: GameSpec | ModuleType | str, students: Sequence[str] | int, table_size: int, *,
                      bot: SeatSpec = "heuristic", options: Mapping[str, Any] | None = None, title: str = "",
                      seed: int | str | None = None, hints: bool = True, position: Any = None) -> Lesson:
        """A lesson's tables for a class: ``students`` (their names, or how many) split into tables of ``table_size``
        players as evenly as possible (:func:`split_class`), ``bot`` in the seats left over; each table titled
        "<title> - table k" and, with ``seed``, seeded "<seed>/k".  Returns the lesson with every table's codes."""
        names: list[str | None] = list(students) if not isinstance(students, int) else [None] * students
        if isinstance(students, int) and (type(students) is not int or students < 1):
            raise ValueError(f"students: their names, or how many (at least 1), got {students!r:.40}")
        if not names:
            raise ValueError("students: a lesson needs at least one student")
        lesson = Lesson(f"l{secrets.token_hex(5)}", title, ())
        tables = []
        for k, group in enumerate(split_class(names, table_size), start=1):
            seats: list[SeatSpec] = ["human"] * len(group) + [bot] * (table_size - len(group))
            tables.append(self.create_table(
                game, seats, options=options, title=lesson_table_title(title, k),
                seed=None if seed is None else f"{seed}/{k}", hints=hints, position=position,
                names=[*group, *[None] * (table_size - len(group))], lesson=lesson.id))
        return Lesson(lesson.id, title, tuple(tables))

    def _bot_json(self, ref: GameRef, seat: SeatSpec) -> dict[str, Any] | None:
        """The stored form of a seat: None for a human, else ``{"name", "params"}`` of a registered bot
        (checked by building it once)."""
        if seat == HUMAN:
            return None
        if isinstance(seat, str):
            name, params = seat, {}
        elif isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str) and isinstance(seat[1], Mapping):
            name, params = seat[0], dict(seat[1])
        else:
            raise TypeError(f"a seat is 'human', a bot name or (name, {{param: value}}); got {seat!r:.80} "
                            "(a table stores its bots by name, so a factory function cannot sit at one)")
        if name == HUMAN:
            raise ValueError("a human seat takes no parameters: give it as 'human'")
        try:
            _dumps(params)
        except (TypeError, ValueError):
            raise ValueError(f"bot {name!r}: its parameters must be JSON values, got {params!r:.80}") from None
        try:
            seat_factory(ref.module, (name, params))(0)
        except TypeError as exc:
            raise ValueError(f"bot {name!r} does not take the parameters {params!r:.80}: {exc}") from None
        return {"name": name, "params": params}

    # -- seats -----------------------------------------------------------------------------------
    def seat_of(self, code: object) -> tuple[str, int]:
        """The (table id, seat) a seat code opens; :class:`UnknownCode` otherwise."""
        if codes.kind_of(code) != "seat":
            raise UnknownCode("seat")
        row = self._by_code("SELECT table_id, seat FROM gk_seats WHERE code_hash = ?", "gk_seats", "code_hash", code)
        if row is None:
            raise UnknownCode("seat")
        return str(row[0]), int(row[1])

    def _hash(self, code: object) -> str | None:
        return codes.code_hash(code, self._secret)

    def _by_code(self, sql: str, table: str, column: str, code: object) -> tuple | None:
        """The row ``sql`` finds by the code's keyed hash; a store written before keyed hashes holds plain ones:
        a code found by its plain hash has it replaced by the keyed hash there and then (once)."""
        hashed, legacy = self._hash(code), codes.legacy_hash(code)
        with self._transaction(write=False) as tx:
            row = tx.one(sql, (hashed,))
            if row is not None or legacy is None:
                return row
            if tx.one(sql, (legacy,)) is None:
                return None
        with self._transaction(write=True) as tx:
            tx.run(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (hashed, legacy))
            return tx.one(sql, (hashed,))

    def reissue_code(self, table_id: str, seat: int) -> str:
        """A new code for ``seat`` (a student lost theirs): the old code stops working at once, in every process
        (a code is looked up in the database at every use); the seat's game goes on.  Returns the new code."""
        table = self._table(table_id)
        if type(seat) is not int or not 0 <= seat < table.players:
            raise ValueError(f"seat: 0 to {table.players - 1}, got {seat!r:.40}")
        code = codes.new_code(codes.SEAT_LENGTH)
        with self._transaction(write=True) as tx:
            self._head(tx, table_id, lock=True)
            row = tx.one("SELECT code_hash FROM gk_seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            if row is None or row[0] is None:
                raise ValueError(f"seat {seat} was created as a bot seat: it has no code")
            tx.run("UPDATE gk_seats SET code_hash = ? WHERE table_id = ? AND seat = ?",
                   (self._hash(code), table_id, seat))
            self._bump(tx, table_id)
        return code

    def seat_view(self, code: object, log_limit: int | None = 50) -> SeatView:
        """What the seat whose code this is may see (see :class:`SeatView`); the newest ``log_limit``
        log entries (None: all)."""
        table_id, seat = self.seat_of(code)
        return self._view(table_id, seat, log_limit)

    def public_view(self, table_id: str, log_limit: int | None = 50) -> SeatView:
        """The projector's view: what every seat's observation agrees on, the public log, no choices."""
        return self._view(table_id, None, log_limit)

    def play(self, code: object, action: Action | Mapping[str, Any], expected_length: int, *,
             advance: bool = True) -> Accepted:
        """Append the seat's move if the log still has ``expected_length`` entries (the view's
        ``log_length``), it is this seat's turn and the move is legal; then (``advance``) let chance
        and bots play until a human must act.  Refusals: :class:`StaleMove` (the log moved on: read
        the view again), :class:`NotYourTurn`, :class:`SeatPlayedByBot`, :class:`TablePaused`,
        :class:`TableEnded`, the game's ``IllegalAction`` (which rule, what is allowed)."""
        table_id, seat = self.seat_of(code)
        table = self._table(table_id)
        action = self._decode(table.spec, action)
        if type(expected_length) is not int:
            raise TypeError(f"expected_length: the view's log_length (an int), got {expected_length!r:.40}")
        try:
            with self._transaction(write=True) as tx:
                head = self._head(tx, table_id, lock=True)
                self._check_open(head.status)
                seats = self._seat_rows(tx, table_id)
                if seats[seat].bot is not None:
                    raise SeatPlayedByBot(seat)
                if head.length != expected_length:
                    raise StaleMove(expected_length, head.length)
                replay = self._sync(tx, table, head.length, exact=True)
                state = replay.state
                to_move = None if state.is_chance() or state.is_terminal() else state.current_player()
                if to_move != seat:
                    raise NotYourTurn(seat, to_move)
                new = self._append(tx, table, replay, [_Planned(seat, "seat", action, state.apply(action))])
        except Conflict:
            raise StaleMove(expected_length, expected_length + 1) from None
        self._install(table_id, new)
        if advance and not _waits_for_human(new.state, seats):
            try:
                self.advance(table_id)
            except StoreUnavailable:
                pass  # the move is in; the next view or advance_all plays the bots and chance
        return Accepted(expected_length, expected_length + 1)

    # -- the server side ---------------------------------------------------------------------------
    def advance(self, table_id: str) -> int:
        """Draw chance and let bots move until a human must act, the game is over or the table is not
        playing; returns how many entries this call appended.  Safe to call from several processes
        at once: each batch is written only if the log is still where it was computed from."""
        table = self._table(table_id)
        appended = 0
        while True:
            with self._transaction(write=False) as tx:
                head = self._head(tx, table_id)
                seats = self._seat_rows(tx, table_id)
                replay = self._sync(tx, table, head.length)
            if head.status != "playing" or replay.length != head.length:
                if head.status != "playing":
                    return appended
                continue  # this process's replay is ahead of what that read saw: read again
            batch = self._plan(table, replay, seats)
            if not batch:
                return appended
            try:
                with self._transaction(write=True) as tx:
                    now = self._head(tx, table_id, lock=True)
                    if now.status != "playing":
                        return appended
                    if (now.length, now.revision) != (head.length, head.revision):
                        raise Conflict("the table changed while the batch was computed")
                    new = self._append(tx, table, replay, batch)
            except Conflict:
                continue  # someone else advanced (or the host changed a seat): start from the new log
            self._install(table_id, new)
            appended += len(batch)
            if _waits_for_human(new.state, seats):
                return appended

    def advance_all(self) -> int:
        """:meth:`advance` every playing table (a server calls this when it starts: a process that
        died between accepting a move and playing the bots' turns after it left them waiting)."""
        with self._transaction(write=False) as tx:
            ids = [row[0] for row in tx.all("SELECT id FROM gk_tables WHERE status = 'playing' ORDER BY created")]
        return sum(self.advance(str(table_id)) for table_id in ids)

    def _plan(self, table: _Table, replay: _Replay, seats: Sequence[SeatInfo]) -> list[_Planned]:
        """The chance draws and bot moves from ``replay`` on, until a human must act (at most
        ADVANCE_BATCH entries or ADVANCE_BUDGET seconds of computing)."""
        state, index = replay.state, replay.length
        batch: list[_Planned] = []
        started = time.monotonic()
        while not state.is_terminal() and len(batch) < ADVANCE_BATCH:
            if state.is_chance():
                player, source = None, "chance"
                action = sample_chance(state, chance_rng(table.seed, index))
            else:
                seat = state.current_player()
                assert seat is not None  # neither chance nor the end
                player, source = seat, "bot"
                bot = seats[seat].bot
                if bot is None:
                    break
                action = self._factory(table.ref, bot)(bot_seed(table.seed, seat, index)).act(state)
            after = state.apply(action)
            batch.append(_Planned(player, source, action, after, seats[player].label if player is not None else None))
            state, index = after, index + 1
            if time.monotonic() - started > ADVANCE_BUDGET:
                break
        return batch

    def _factory(self, ref: GameRef, bot: dict[str, Any]) -> Callable[[int], Any]:
        key = (ref.module, _dumps(bot))
        factory = self._factories.get(key)
        if factory is None:
            factory = self._factories[key] = seat_factory(ref.module, (bot["name"], bot["params"]))
        return factory

    def state(self, table_id: str, length: int | None = None) -> GameState:
        """The table's full current state, or with ``length`` its state after the first ``length``
        entries (a view's ``log_length``: the state that view was computed from, for a page that
        draws it for the view's seat).  Server side only: it holds every hidden card."""
        table = self._table(table_id)
        with self._transaction(write=False) as tx:
            head = self._head(tx, table_id)
            if length is None:
                return self._sync(tx, table, head.length).state
            if type(length) is not int or not 0 <= length <= head.length:
                raise ValueError(f"length: 0 to {head.length} (the log's length), got {length!r:.40}")
            return self._sync(tx, table, length, exact=True).state

    def save_file(self, table_id: str) -> str:
        """The table's game as a gamekit save file (``gamekit.record``), e.g. for the stepper, saying who made each
        action (``"decided_by"``: the seat's "student", "bot:<label>", "chance" or "import")."""
        state = self.state(table_id)
        entries = self.entries(table_id)[:len(state.history())]
        return dump(state, [_decided(e) for e in entries])

    def entries(self, table_id: str, start: int = 0) -> list[LogEntry]:
        """The raw log from entry ``start`` on (server side only: chance outcomes as drawn)."""
        table = self._table(table_id)
        with self._transaction(write=False) as tx:
            rows = tx.all("SELECT idx, player, source, action, at, bot FROM gk_log WHERE table_id = ? AND idx >= ? "
                          "ORDER BY idx", (table_id, start))
        return [LogEntry(int(i), None if p is None else int(p), str(s), self._decode_row(table, i, a), float(at),
                         None if b is None else str(b)) for i, p, s, a, at, b in rows]

    def table_info(self, table_id: str) -> TableInfo:
        with self._transaction(write=False) as tx:
            row = tx.one(f"SELECT {_INFO} FROM gk_tables WHERE id = ?", (table_id,))
            if row is None:
                raise UnknownTable(table_id)
            return self._info(row, self._seat_rows(tx, table_id))

    @property
    def quiz(self) -> "Quiz":
        """The class questions of this store and the answers (:mod:`gamekit.tables.quiz`)."""
        from .quiz import Quiz

        return Quiz(self)

    def results(self, lesson: str | None = None) -> Any:
        """What the class learnt: every answer to a class question and every decision a student's review judged, of
        the lesson's tables (None: every table), as a pandas DataFrame (:func:`gamekit.tables.quiz.results_frame`)."""
        from .quiz import results_frame

        return results_frame(self.quiz.results(lesson))

    def revisions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The current revision of each table of ``table_ids`` (one query; unknown ids are left out): a server
        with open pages of many tables polls this to learn which changed, whichever process changed them."""
        ids = [t for t in table_ids if isinstance(t, str)]
        if not ids:
            return {}
        with self._transaction(write=False) as tx:
            rows = tx.all(f"SELECT id, revision FROM gk_tables WHERE id IN ({', '.join('?' * len(ids))})", ids)
        return {str(table_id): int(revision) for table_id, revision in rows}

    def list_tables(self, lesson: str | None = None) -> list[TableInfo]:
        """Every table of the store (or of one ``lesson``), oldest first (two queries, however many tables)."""
        with self._transaction(write=False) as tx:
            rows = tx.all(f"SELECT {_INFO} FROM gk_tables " + ("WHERE lesson = ? " if lesson else "")
                          + "ORDER BY created, id", (lesson,) if lesson else ())
            seats: dict[str, list[SeatInfo]] = {}
            for table_id, *seat in tx.all("SELECT table_id, seat, bot, code_hash, name FROM gk_seats "
                                          "ORDER BY table_id, seat"):
                seats.setdefault(str(table_id), []).append(_seat_info(*seat))
        return [self._info(row, tuple(seats.get(str(row[0]), ()))) for row in rows]

    def summaries(self) -> list[TableSummary]:
        """Every table of the store, oldest first, and whether its game is over (the teacher's list).
        The game is read from this process's replay of the table, extended by the entries it lacks:
        a call after no new move replays nothing and runs only :meth:`list_tables`' two queries.  A
        table left waiting for chance or a bot is advanced, as a view of it would be."""
        return [self._summary(info) for info in self.list_tables()]

    def _summary(self, info: TableInfo) -> TableSummary:
        table = self._table(info.table)
        with self._lock:
            replay = self._replays.get(info.table)
        if replay is None or replay.length < info.length:
            with self._transaction(write=False) as tx:
                replay = self._sync(tx, table, info.length)
        state = replay.state
        if (info.status == "playing" and not _waits_for_human(state, info.seats)
                and time.time() - info.updated > self.STALL_SECONDS and self.advance(info.table)):
            return self._summary(self.table_info(info.table))
        terminal = state.is_terminal()
        return TableSummary(info, terminal, tuple(state.returns()) if terminal else None)

    def _info(self, row: tuple, seats: tuple[SeatInfo, ...]) -> TableInfo:
        table_id, title, start, status, length, revision, created, updated, lesson = row
        start = json.loads(start)
        settings = {**SETTINGS, **start.get("settings", {})}
        return TableInfo(str(table_id), start["game"], str(title), int(start["players"]), str(status), int(length),
                         int(revision), seats, float(created), str(start["module"]), float(updated),
                         settings["hints"] is True, None if lesson is None else str(lesson))

    def lessons(self) -> list[tuple[str, str, float]]:
        """Every lesson of the store, oldest first: (id, title without its " - table k", created)."""
        with self._transaction(write=False) as tx:
            rows = tx.all("SELECT lesson, MIN(title), MIN(created) FROM gk_tables WHERE lesson IS NOT NULL "
                          "GROUP BY lesson ORDER BY MIN(created)")
        return [(str(lesson), _lesson_title(str(title)), float(created)) for lesson, title, created in rows]

    # -- the host --------------------------------------------------------------------------------
    def host_table(self, host_code: object) -> str:
        """The id of the table this host code controls; :class:`UnknownCode` otherwise."""
        if codes.kind_of(host_code) != "host":
            raise UnknownCode("table")
        row = self._by_code("SELECT id FROM gk_tables WHERE host_hash = ?", "gk_tables", "host_hash", host_code)
        if row is None:
            raise UnknownCode("table")
        return str(row[0])

    def pause(self, host_code: object) -> None:
        """Stop the table: no moves, no bots, until :meth:`resume`."""
        self._set_status(self.host_table(host_code), "paused")

    def resume(self, host_code: object) -> None:
        table_id = self.host_table(host_code)
        self._set_status(table_id, "playing")
        self.advance(table_id)

    def end(self, host_code: object) -> None:
        """End the table for good (its log stays readable)."""
        self._set_status(self.host_table(host_code), "ended")

    def set_seat(self, host_code: object, seat: int, bot: SeatSpec | None) -> None:
        """Give ``seat`` to a bot (an absent student's seat), or with ``bot=None`` back to its student
        (whose code works again).  A bot whose turn it is plays at once."""
        table_id = self.host_table(host_code)
        table = self._table(table_id)
        if type(seat) is not int or not 0 <= seat < table.players:
            raise ValueError(f"seat: 0 to {table.players - 1}, got {seat!r:.40}")
        stored = None if bot is None else self._bot_json(table.ref, bot)
        if stored is None and bot is not None:
            raise ValueError("set_seat: give a bot, or None to give the seat back to its student")
        with self._transaction(write=True) as tx:
            head = self._head(tx, table_id, lock=True)
            if head.status == "ended":
                raise TableEnded()
            row = tx.one("SELECT code_hash FROM gk_seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            if stored is None and (row is None or row[0] is None):
                raise ValueError(f"seat {seat} was created as a bot seat: it has no code, so no student can take it")
            tx.run("UPDATE gk_seats SET bot = ? WHERE table_id = ? AND seat = ?",
                   (None if stored is None else _dumps(stored), table_id, seat))
            self._bump(tx, table_id)
        self.advance(table_id)

    def _set_status(self, table_id: str, status: str) -> None:
        with self._transaction(write=True) as tx:
            head = self._head(tx, table_id, lock=True)
            if head.status == "ended" and status != "ended":
                raise TableEnded()
            if head.status != status:
                tx.run("UPDATE gk_tables SET status = ? WHERE id = ?", (status, table_id))
                self._bump(tx, table_id)

    def _bump(self, tx: Tx, table_id: str) -> None:
        tx.run("UPDATE gk_tables SET revision = revision + 1, updated = ? WHERE id = ?", (time.time(), table_id))
        self._notify(tx, table_id)

    # -- inside -----------------------------------------------------------------------------------
    def _view(self, table_id: str, seat: int | None, log_limit: int | None) -> SeatView:
        table = self._table(table_id)
        with self._transaction(write=False) as tx:
            head = self._head(tx, table_id)
            seats = self._seat_rows(tx, table_id)
            replay = self._sync(tx, table, head.length)
        if (head.status == "playing" and not _waits_for_human(replay.state, seats)
                and time.time() - head.updated > self.STALL_SECONDS and self.advance(table_id)):
            return self._view(table_id, seat, log_limit)
        state = replay.state
        to_move = None if state.is_chance() or state.is_terminal() else state.current_player()
        if seat is None:
            observation = common([state.observation(p) for p in range(table.players)])
        else:
            observation = state.observation(seat)
        your_turn = (seat is not None and to_move == seat and head.status == "playing"
                     and seats[seat].bot is None)
        log, total = public_log(replay.words, log_limit)
        content = {
            "game": table.spec.name, "seat": seat, "status": head.status,
            "terminal": state.is_terminal(), "to_move": to_move, "your_turn": your_turn,
            "choices": [{"action": a.to_json(), "text": str(a)} for a in state.legal_actions()] if your_turn else [],
            "observation": observation,
            "seats": [{"seat": s.seat, "played_by": s.played_by, "bot": None if s.bot is None else s.label,
                       "name": s.name} for s in seats],
            "log": log, "log_entries": total,
            "returns": list(state.returns()) if state.is_terminal() else None,
        }
        return SeatView(table.id, json.loads(json.dumps(content)), replay.length, head.revision)

    def _check_open(self, status: str) -> None:
        if status == "paused":
            raise TablePaused()
        if status == "ended":
            raise TableEnded()

    def _decode(self, spec: GameSpec, action: object) -> Action:
        """A move as sent by a page (an Action or its JSON), checked field by field by the game's codec."""
        if isinstance(action, Action):
            action = action.to_json()
        try:
            return spec.codec.decode(action)
        except ValueError as exc:
            message = _("not a {game} action: {error}").format(game=spec.name, error=exc)
            raise IllegalAction(N_("Move"), message) from None

    def _decode_row(self, table: _Table, index: int, text: str) -> Action:
        try:
            return table.spec.codec.decode(json.loads(text))
        except ValueError as exc:
            raise CorruptTable(N_("table {table}: log entry {index} is not a {game} action: {why}"), table=table.id,
                               index=index, game=table.spec.name, why=exc) from None

    def _table(self, table_id: str) -> _Table:
        """The table's unchanging part (cached: it never changes)."""
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str):
            raise UnknownTable(repr(table_id))
        with self._transaction(write=False) as tx:
            row = tx.one("SELECT start, seed FROM gk_tables WHERE id = ?", (table_id,))
        if row is None:
            raise UnknownTable(table_id)
        table = self._unpack_start(table_id, row[0], str(row[1]))
        with self._lock:
            self._tables[table_id] = table
        return table

    def _unpack_start(self, table_id: str, text: str, seed: str) -> _Table:
        start = json.loads(text)
        if start.get("format") != START_FORMAT or start.get("version") != START_VERSION:
            raise CorruptTable(N_("table {table}: unknown starting-point format {format} version {version} (a newer "
                                  "kit?)"), table=table_id, format=f"{start.get('format')!r:.40}",
                               version=f"{start.get('version')!r:.10}")
        ref = GameRef(start["module"], start["attribute"])
        try:
            spec = ref.spec()
        except (ImportError, AttributeError) as exc:
            raise CorruptTable(N_("table {table}: its game {module} cannot be loaded: {why}"), table=table_id,
                               module=start["module"], why=exc) from None
        position = start.get("position")
        return _Table(table_id, ref, spec, int(start["players"]), dict(start["options"]), seed,
                      None if position is None else _dumps(position))

    def _head(self, tx: Tx, table_id: str, lock: bool = False) -> _Head:
        row = tx.one("SELECT status, length, revision, updated FROM gk_tables WHERE id = ?"
                     + (self.FOR_UPDATE if lock else ""), (table_id,))
        if row is None:
            raise UnknownTable(table_id)
        return _Head(str(row[0]), int(row[1]), int(row[2]), float(row[3]))

    def _seat_rows(self, tx: Tx, table_id: str) -> tuple[SeatInfo, ...]:
        rows = tx.all("SELECT seat, bot, code_hash, name FROM gk_seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return tuple(_seat_info(*row) for row in rows)

    def _sync(self, tx: Tx, table: _Table, length: int, exact: bool = False) -> _Replay:
        """The table's replay at ``length`` entries (the length ``tx`` sees), extended from this
        process's cache with the entries it lacks.  Without ``exact`` a cached replay already past
        ``length`` (another thread's newer read) is returned as it is."""
        with self._lock:
            cached = self._replays.get(table.id)
        if cached is None or (cached.length > length and exact):
            cached = _Replay(0, table.new_state(), ())
        if cached.length >= length:
            return cached
        rows = tx.all("SELECT idx, player, action, source, bot FROM gk_log WHERE table_id = ? AND idx >= ? AND idx < ? "
                      "ORDER BY idx", (table.id, cached.length, length))
        state, words = cached.state, list(cached.words)
        for expected, (index, player, text, source, bot) in enumerate(rows, start=cached.length):
            if index != expected:
                raise CorruptTable(N_("table {table}: log entry {index} is missing"), table=table.id, index=expected)
            action = self._decode_row(table, index, text)
            mover = None if state.is_chance() else state.current_player()
            if (None if player is None else int(player)) != mover:
                raise CorruptTable(N_("table {table}: log entry {index} names the wrong player"), table=table.id,
                                   index=index)
            try:
                after = state.apply(action)
            except IllegalAction as exc:
                raise CorruptTable(N_("table {table}: log entry {index} ({action}) does not replay: {why}"),
                                   table=table.id, index=index, action=action, why=exc) from None
            words.append(words_of(mover, action, state, after, str(source), None if bot is None else str(bot)))
            state = after
        if len(words) != length:
            raise CorruptTable(N_("table {table}: the length of its log is {entries}, the table says {length}"),
                               table=table.id, entries=len(words), length=length)
        replay = _Replay(length, state, tuple(words))
        self._install(table.id, replay)
        return replay

    def _append(self, tx: Tx, table: _Table, replay: _Replay, planned: Sequence[_Planned]) -> _Replay:
        """Inside a write transaction that has locked the table's row at ``replay.length``: write the
        planned entries, the new length and revision.  Returns the replay to install after commit."""
        if replay.length + len(planned) > MAX_ACTIONS:
            raise TableFull(table.id, MAX_ACTIONS)
        now = time.time()
        tx.many("INSERT INTO gk_log (table_id, idx, player, source, action, at, bot) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(table.id, replay.length + i, p.player, p.source, _dumps(p.action.to_json()), now, p.bot)
                 for i, p in enumerate(planned)])
        length = replay.length + len(planned)
        tx.run("UPDATE gk_tables SET length = ?, revision = revision + 1, updated = ? WHERE id = ?",
               (length, now, table.id))
        self._notify(tx, table.id)
        befores = (replay.state, *(p.after for p in planned[:-1]))
        words = replay.words + tuple(words_of(p.player, p.action, before, p.after, p.source, p.bot)
                                     for p, before in zip(planned, befores))
        return _Replay(length, planned[-1].after, words)

    def _install(self, table_id: str, replay: _Replay) -> None:
        """Keep ``replay`` as this process's newest known state of the table (entries never change,
        so a longer replay is always the better one)."""
        with self._lock:
            cached = self._replays.get(table_id)
            if cached is None or cached.length < replay.length:
                self._replays[table_id] = replay



def _decided(entry: LogEntry) -> str:
    """Who made a log entry, as a save file says it (:data:`gamekit.record.DECIDED_BY`)."""
    if entry.source == "bot":
        return f"bot:{entry.bot}" if entry.bot else "bot"
    return {"seat": "student"}.get(entry.source, entry.source)


def _seat_info(seat: int, bot: str | None, code_hash: str | None, name: str | None = None) -> SeatInfo:
    """A ``gk_seats`` row's seat, bot, code hash and name as the seat's public facts."""
    return SeatInfo(int(seat), HUMAN if bot is None else "bot", None if bot is None else json.loads(bot),
                    code_hash is not None, None if name is None else str(name))


#: The columns of gk_tables that make a TableInfo.
_INFO = "id, title, start, status, length, revision, created, updated, lesson"
#: The longest student's name.
NAME_LENGTH = 60


def _names(names: Sequence[str | None] | None, players: int) -> tuple[str | None, ...]:
    """The students' names per seat, checked: None or "" for none, else at most NAME_LENGTH characters of text
    without control characters (stripped)."""
    if names is None:
        return (None,) * players
    if isinstance(names, (str, bytes)) or len(names) != players:
        raise ValueError(f"names: one per seat ({players}), got {names!r:.80}")
    out: list[str | None] = []
    for name in names:
        if name is None or name == "":
            out.append(None)
            continue
        if not isinstance(name, str):
            raise TypeError(f"names: texts, got {name!r:.40}")
        name = name.strip()
        if len(name) > NAME_LENGTH or any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
            raise ValueError(f"names: at most {NAME_LENGTH} characters and no control characters, got {name!r:.80}")
        out.append(name or None)
    return tuple(out)


def split_class(students: Sequence[str | None], table_size: int) -> list[list[str | None]]:
    """The class split into tables of at most ``table_size`` students, as few tables as fit them, their sizes
    differing by at most one (9 students, tables of 4: 3, 3, 3 -- not 4, 4, 1); in the class list's order."""
    if type(table_size) is not int or table_size < 1:
        raise ValueError(f"table_size: at least 1, got {table_size!r:.40}")
    count = -(-len(students) // table_size)
    base, extra = divmod(len(students), count)
    groups, start = [], 0
    for k in range(count):
        size = base + (k < extra)
        groups.append(list(students[start:start + size]))
        start += size
    return groups


def _waits_for_human(state: GameState, seats: Sequence[SeatInfo]) -> bool:
    """Whether nothing is left for :meth:`TableStore.advance` to do: the game is over or a person is to move."""
    if state.is_terminal():
        return True
    if state.is_chance():
        return False
    seat = state.current_player()
    assert seat is not None  # neither chance nor the end
    return seats[seat].bot is None
