"""A single-user stepper's game kept on disk, so that a reload continues it.

A Voila page reloaded (a new kernel) or a JupyterLab kernel restarted builds its stepper afresh; with
:func:`keep` the stepper then continues the game it showed last instead of starting a new one:

    from gamekit.tables.saves import keep
    game = giganten_stepper(players=4, seed=2026, seats=[...])
    keep(game, "classroom-giganten")          # continue the stored game (if any); store each new state

The games are ordinary gamekit save files (:mod:`gamekit.record`: the options and the actions, JSON),
one per name, in a SQLite file (``steppers.sqlite3``, WAL, each save one transaction) in the kit's
folder (``~/.giants-kit``, ``$GIANTS_KIT_HOME``, or the ``folder`` given).  The hook lives outside the
stepper and uses two things of it: ``load_game(state)`` (the game at ``state`` with its whole history) and
the ``on_change`` callbacks.  Two pages
keeping the same name share one game (the last change wins): give each stepper its own name.
"""
from __future__ import annotations

import sqlite3
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from ..protocol import GameState
from ..record import dump, load
from ..spec import GameSpec
from .places import kit_home

FILE_NAME = "steppers.sqlite3"
SCHEMA = ("CREATE TABLE IF NOT EXISTS gk_saves (name TEXT PRIMARY KEY, game TEXT NOT NULL, save TEXT NOT NULL, "
          "updated REAL NOT NULL)")


class SavedGames:
    """Named games in ``folder/steppers.sqlite3`` (the folder is created if missing)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder).expanduser() if folder is not None else kit_home()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode = WAL")
        self._conn.execute("PRAGMA synchronous = NORMAL")  # safe against a killed process; no fsync per move
        self._conn.execute(SCHEMA)

    def save(self, name: str, state: GameState) -> None:
        """Store ``state`` (its options and actions) under ``name``, replacing what was there."""
        text = dump(state)
        with self._lock:
            self._conn.execute("INSERT INTO gk_saves (name, game, save, updated) VALUES (?, ?, ?, ?) "
                               "ON CONFLICT (name) DO UPDATE SET game = excluded.game, save = excluded.save, "
                               "updated = excluded.updated", (_name(name), type(state).spec.name, text, time.time()))

    def load(self, name: str, spec: GameSpec) -> GameState | None:
        """The game stored under ``name`` if it is a game of ``spec`` (None if there is none); a save
        that does not load (another game, a damaged file) gives None with a warning."""
        with self._lock:
            row = self._conn.execute("SELECT game, save FROM gk_saves WHERE name = ?", (_name(name),)).fetchone()
        if row is None:
            return None
        game, text = row
        if game != spec.name:
            warnings.warn(f"the game kept as {name!r} is {game}, not {spec.name}: starting a new game", stacklevel=2)
            return None
        try:
            return load(text, spec)
        except ValueError as exc:
            warnings.warn(f"the game kept as {name!r} does not load ({exc}): starting a new game", stacklevel=2)
            return None

    def forget(self, name: str) -> None:
        with self._lock:
            self._conn.execute("DELETE FROM gk_saves WHERE name = ?", (_name(name),))

    def names(self) -> list[str]:
        with self._lock:
            return [row[0] for row in self._conn.execute("SELECT name FROM gk_saves ORDER BY name")]

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise ValueError(f"a kept game's name: a short non-empty string, got {name!r:.60}")
    return name


def keep(stepper: Any, name: str, folder: str | Path | None = None) -> SavedGames:
    """Make ``stepper`` (a :class:`gamekit.widgets.GameStepper`) continue the game kept as ``name``, if
    there is one, and keep every new state it reaches (a move, undo, redo, a new game) under that name."""
    saves = SavedGames(folder)
    state = saves.load(name, stepper.view.spec)
    if state is not None:
        stepper.load_game(state)  # with its whole history: the log, the timeline and Undo reach its first move
    stepper.on_change.append(lambda new: saves.save(name, new))
    saves.save(name, stepper.state)
    return saves
