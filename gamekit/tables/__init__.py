"""Classroom tables: students play one game from their own devices, each seeing only their own seat.

A table is its starting point plus an append-only log of actions in a database -- SQLite in a
folder (the default) or PostgreSQL given by a URL -- so every page, process and server restart
replays the same game.  See docs/classroom.md.

    from gamekit.tables import open_store
    store = open_store("classroom-tables")              # a folder, or "postgresql://..."
    codes = store.create_table("giganten", ["human", "human", "heuristic"])
    view = store.seat_view(codes.seats[0])              # what seat 0 may see
    store.play(codes.seats[0], view.content["choices"][0]["action"], view.log_length)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import (CorruptTable, NotYourTurn, SeatPlayedByBot, StaleMove, StoreUnavailable, TableEnded, TableError,
                     TablePaused, UnknownCode, UnknownTable)
from .sqlite import SQLiteStore
from .store import Accepted, Lesson, LogEntry, SeatInfo, TableCodes, TableInfo, TableStore, TableSummary, split_class
from .views import SeatView

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def open_store(where: str | Path, **settings: Any) -> TableStore:
    """The table store at ``where``: a ``postgresql://`` URL, ``sqlite:///path/to/folder``, or a folder.
    ``settings`` go to the backend (:class:`SQLiteStore` or :class:`~.postgres.PostgresStore`)."""
    if isinstance(where, str) and where.startswith(POSTGRES_SCHEMES):
        from .postgres import PostgresStore

        return PostgresStore(where, **settings)
    if isinstance(where, str) and where.startswith("sqlite://"):
        where = where[len("sqlite://"):]
        if not where:
            raise ValueError("sqlite:// needs a folder: sqlite:///absolute/folder or sqlite://relative/folder")
    return SQLiteStore(where, **settings)


__all__ = [
    "Accepted", "CorruptTable", "Lesson", "LogEntry", "NotYourTurn", "SQLiteStore", "SeatInfo", "SeatPlayedByBot",
    "SeatView", "StaleMove", "StoreUnavailable", "TableCodes", "TableEnded", "TableError", "TableInfo", "TablePaused",
    "TableStore", "TableSummary", "UnknownCode", "UnknownTable", "open_store",
    "split_class",
]
