"""Where the kit keeps its classroom data: one folder, ``~/.giants-kit`` unless the teacher chooses another.

* ``GIANTS_KIT_HOME``: the folder (default ``~/.giants-kit``); the single-user steppers' games are kept
  in it (:mod:`gamekit.tables.saves`), and the table store too unless
* ``GIANTS_KIT_TABLES`` names the table store: a folder (SQLite) or a ``postgresql://`` URL
  (default: ``$GIANTS_KIT_HOME/tables``).

The classroom server (``python -m gamekit.tables.serve --store ...``) sets ``GIANTS_KIT_TABLES`` for the
pages it serves, and two more: ``GIANTS_KIT_TEACHER_KEY_SHA256`` (the hash of the teacher key it printed)
and ``GIANTS_KIT_PUBLIC_URL`` (the address students use, for the join links).  Tests point
``GIANTS_KIT_HOME`` at a temporary folder.
"""
from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "GIANTS_KIT_HOME"
TABLES_ENV = "GIANTS_KIT_TABLES"
DEFAULT_HOME = "~/.giants-kit"
TEACHER_KEY_ENV = "GIANTS_KIT_TEACHER_KEY_SHA256"
PUBLIC_URL_ENV = "GIANTS_KIT_PUBLIC_URL"


def kit_home() -> Path:
    """The kit's data folder (not created here)."""
    return Path(os.environ.get(HOME_ENV) or DEFAULT_HOME).expanduser()


def tables_location() -> str:
    """Where the table store is: ``$GIANTS_KIT_TABLES``, else ``$GIANTS_KIT_HOME/tables``."""
    return os.environ.get(TABLES_ENV) or str(kit_home() / "tables")
