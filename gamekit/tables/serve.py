"""The classroom server: Voila serving ``notebooks/classroom.ipynb`` to the students' devices.

    python -m gamekit.tables.serve --lan       # make classroom: every device on the local network
    python -m gamekit.tables.serve             # make classroom-local: this machine only (127.0.0.1)
    options: --port 8866, --store FOLDER_OR_POSTGRESQL_URL, --notebook PATH

It prints the address to give the students and the teacher page's address (with a teacher key made
afresh at each start: it creates tables, so keep it to yourself).  Then, in this one process:

* Voila on 0.0.0.0 (``--lan``) or 127.0.0.1, one kernel per page; each page learns the store from
  ``GIANTS_KIT_TABLES`` and its code from the address (``?code=...``, Voila's ``QUERY_STRING``);
* codes never reach a log: Voila's access log and tornado's warnings print a request's path without
  its query string (plain Voila prints ``403 GET /?code=...`` for a refused request), and Voila's
  ``--debug`` (which logs every widget message, the teacher page's codes included) is not offered;
* a watchdog advances every table left waiting for bots or chance for ``STALL_SECONDS`` (a page
  that was closed, or a server killed, between a student's move and the bots' answers); at start it
  advances every table at once, so a restarted server continues each table at its last accepted move.
  A table that cannot be advanced (a bot breaking a rule) is logged by its id; the others go on.
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from . import codes, open_store
from .places import PUBLIC_URL_ENV, TABLES_ENV, TEACHER_KEY_ENV, tables_location
from .store import TableStore

DEFAULT_PORT = 8866
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "classroom.ipynb"
#: How often the watchdog looks for stalled tables.
WATCHDOG_SECONDS = 1.0

_QUERY = re.compile(r"(/[^\s?\"'<>]*)\?[^\s\"'<>)]*")


def scrub(text: str) -> str:
    """``text`` with the query string of every URL path in it replaced (``/?code=X`` -> ``/?…``)."""
    return _QUERY.sub(r"\1?…", text)


class ScrubQueries(logging.Filter):
    """A log filter that removes query strings (where codes travel) from every record it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        scrubbed = scrub(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, ()
        return True


def log_request(handler: Any) -> None:
    """Voila's access log line, without the query string: ``200 GET / 12.3ms``."""
    status = handler.get_status()
    log = logging.getLogger("tornado.access")
    level = logging.DEBUG if status < 400 else logging.WARNING if status < 500 else logging.ERROR
    log.log(level, "%d %s %s %.1fms", status, handler.request.method, handler.request.path,
            1000.0 * handler.request.request_time())


def lan_address() -> str:
    """This machine's address on the local network (the interface of the default route; no packet is
    sent), or 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only picks the interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def advance_waiting(store: TableStore, stalled_for: float = 0.0) -> int:
    """Advance every playing table unchanged for ``stalled_for`` seconds (a table that changed recently is
    being advanced by the page that changed it); a table that fails (a bot breaking a rule, a log that
    does not replay) is logged by its id and the others go on.  Returns the entries appended."""
    log = logging.getLogger("gamekit.tables.serve")
    appended = 0
    now = time.time()
    for info in store.list_tables():
        if info.status != "playing" or now - info.updated < stalled_for:
            continue
        try:
            appended += store.advance(info.table)
        except Exception as exc:  # noqa: BLE001 -- one table's trouble must not stop the others
            log.warning("table %s could not be advanced: %s", info.table, type(exc).__name__)
    return appended


def watchdog(store: TableStore, stop: threading.Event) -> None:
    """Advance the tables left waiting for bots or chance (see the module docstring), until ``stop``."""
    log = logging.getLogger("gamekit.tables.serve")
    while not stop.wait(WATCHDOG_SECONDS):
        try:
            advance_waiting(store, store.STALL_SECONDS)
        except Exception as exc:  # noqa: BLE001 -- the database busy or gone for a moment: try again later
            log.warning("watchdog: %s", type(exc).__name__)


def voila_argv(notebook: Path, port: int, lan: bool) -> list[str]:
    return [str(notebook), "--no-browser", f"--port={port}", "--Voila.port_retries=0",
            f"--Voila.ip={'0.0.0.0' if lan else '127.0.0.1'}"]


def banner(students: str, teacher: str, store: str, lan: bool) -> str:
    where = "every device on this network" if lan else "this machine only (127.0.0.1)"
    return (f"\nGiants kit classroom server, for {where}\n"
            f"  Students open   {students}   and type their code (or open their join links).\n"
            f"  Teacher page    {teacher}   (keep this address to yourself: it creates tables)\n"
            f"  Tables stored in {store}\n"
            "  Stop with Ctrl+C; started again, every table continues at its last move.\n")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamekit.tables.serve", description=__doc__.split("\n")[0])
    parser.add_argument("--lan", action="store_true", help="serve every device on the local network (0.0.0.0)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--store", default=None, help="a folder (SQLite) or a postgresql:// URL "
                        f"(default: ${TABLES_ENV} or ~/.giants-kit/tables)")
    parser.add_argument("--notebook", type=Path, default=NOTEBOOK)
    args = parser.parse_args(argv)

    location = args.store or tables_location()
    if "://" not in location:
        location = str(Path(location).expanduser().resolve())
    os.environ[TABLES_ENV] = location  # for the pages' kernels
    store = open_store(location)
    advance_waiting(store)

    key = codes.new_code(codes.TEACHER_LENGTH)
    os.environ[TEACHER_KEY_ENV] = codes.code_hash(key) or ""
    host = lan_address() if args.lan else "127.0.0.1"
    students = f"http://{host}:{args.port}/"
    os.environ[PUBLIC_URL_ENV] = students
    teacher = f"http://127.0.0.1:{args.port}/?code={key.replace('-', '')}"
    shown = location if "://" not in location else location.split("@")[-1]  # no password in the banner
    print(banner(students, teacher, shown, args.lan), flush=True)

    scrubber = ScrubQueries()
    root = logging.getLogger()
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(scrubber)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("tornado.access").setLevel(logging.WARNING)

    stop = threading.Event()
    threading.Thread(target=watchdog, args=(store, stop), name="gk-watchdog", daemon=True).start()

    from voila.app import Voila

    app = Voila.instance(tornado_settings={"log_function": log_request})
    app.initialize(voila_argv(args.notebook, args.port, args.lan))
    for h in app.log.handlers:
        h.addFilter(scrubber)
    try:
        app.start()
    finally:
        stop.set()


if __name__ == "__main__":
    main()
