"""The classroom server: one Starlette process (:mod:`gamekit.tables.web`) serving every table to the students' devices.

    python -m gamekit.tables.serve --lan       # make classroom: every device on the local network
    python -m gamekit.tables.serve             # make classroom-local: this machine only (127.0.0.1)
    options: --port 8866 (the next free one if taken), --store FOLDER_OR_POSTGRESQL_URL, --processes N

It prints the address to give the students and the teacher page's address (with a teacher key made afresh at each
start: it creates tables, so keep it to yourself), then serves until Ctrl+C.  In that one process: uvicorn, the
pages and their websockets, and two small pools of worker processes for the bots and the coach
(:mod:`gamekit.tables.web.work`).  ``--processes N`` runs N server processes on the same port (uvicorn's workers)
over the same store; with PostgreSQL, servers on several machines work the same way (a move made through one shows
on the pages of the others within a fraction of a second).

Codes never reach a log: requests are logged by their path only, without the query string that carries a code.
The server listens at once and plays the bots of tables left waiting (a server stopped mid-move) afterwards.
"""
from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any, Sequence

from . import codes
from .places import PUBLIC_URL_ENV, TABLES_ENV, TEACHER_KEY_ENV, tables_location
from .web.guard import scrub

DEFAULT_PORT = 8866
#: How many ports after the one asked for are tried when it is taken.
PORT_TRIES = 20


class ScrubQueries(logging.Filter):
    """A log filter that removes query strings (where codes travel) from every record it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):  # (uvicorn's access lines: the path is an argument, the format fixed)
            record.args = tuple(scrub(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = scrub(record.msg)
        return True


def lan_address() -> str:
    """This machine's address on the local network (the interface of the default route; no packet is
    sent), or 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only picks the interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def bind(host: str, port: int, tries: int = PORT_TRIES) -> socket.socket:
    """A listening socket on ``port``, or on the next free port after it (up to ``tries`` ports)."""
    for candidate in range(port, port + tries):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
        except OSError as exc:
            sock.close()
            if exc.errno != errno.EADDRINUSE:
                raise
            continue
        sock.listen(128)
        sock.set_inheritable(True)
        return sock
    raise SystemExit(f"ports {port} to {port + tries - 1} are all taken: give another with --port")


def banner(students: str, teacher: str, store: str, lan: bool, moved_from: int | None) -> str:
    where = "every device on this network" if lan else "this machine only (127.0.0.1)"
    moved = f"  (port {moved_from} was taken: this server uses the next free one)\n" if moved_from else ""
    return (f"\nGiants kit classroom server, for {where}\n{moved}"
            f"  Students open   {students}   and type their code (or scan their seat cards).\n"
            f"  Teacher page    {teacher}   (keep this address to yourself: it creates tables)\n"
            f"  Tables stored in {store}\n"
            "  Stop with Ctrl+C; started again, every table continues at its last move.\n")


def app_from_environment() -> Any:
    """The app as a server process started by uvicorn's workers builds it (settings from the environment)."""
    from .web import create_app

    return create_app(os.environ[TABLES_ENV], os.environ[TEACHER_KEY_ENV], os.environ.get(PUBLIC_URL_ENV, ""))


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with every handler scrubbing query strings (a code must never reach a log)."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = {**LOGGING_CONFIG, "filters": {"scrub": {"()": ScrubQueries}}}
    config["handlers"] = {name: {**handler, "filters": ["scrub"]}
                          for name, handler in LOGGING_CONFIG["handlers"].items()}
    return config


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamekit.tables.serve", description=__doc__.split("\n")[0])
    parser.add_argument("--lan", action="store_true", help="serve every device on the local network (0.0.0.0)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (the next free one if taken)")
    parser.add_argument("--store", default=None, help="a folder (SQLite) or a postgresql:// URL "
                        f"(default: ${TABLES_ENV} or ~/.giants-kit/tables)")
    parser.add_argument("--processes", type=int, default=1, help="server processes on the port (default 1)")
    args = parser.parse_args(argv)

    location = args.store or tables_location()
    if "://" not in location:
        location = str(Path(location).expanduser().resolve())
    from . import open_store

    open_store(location).close()  # a store that cannot be opened fails here, with its reason, before anything
    from .web.app import key_hash

    key = codes.new_code(codes.TEACHER_LENGTH)
    ip = "0.0.0.0" if args.lan else "127.0.0.1"
    sock = bind(ip, args.port)
    port = sock.getsockname()[1]
    host = lan_address() if args.lan else "127.0.0.1"
    students = f"http://{host}:{port}/"
    os.environ.update({TABLES_ENV: location, TEACHER_KEY_ENV: key_hash(key), PUBLIC_URL_ENV: students})
    teacher = f"http://127.0.0.1:{port}/?code={key.replace('-', '')}"
    shown = location if "://" not in location else location.split("@")[-1]  # no password in the banner
    print(banner(students, teacher, shown, args.lan, args.port if port != args.port else None), flush=True)

    import uvicorn

    settings: dict[str, Any] = {"log_config": log_config(), "ws_max_size": 65536, "proxy_headers": False,
                                "server_header": False, "timeout_graceful_shutdown": 2, "access_log": True}
    if args.processes > 1:
        sock.close()  # (uvicorn's workers bind it again: the port was free a moment ago)
        uvicorn.run("gamekit.tables.serve:app_from_environment", factory=True, host=ip, port=port,
                    workers=args.processes, **settings)
        return
    config = uvicorn.Config(app_from_environment, factory=True, **settings)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)


if __name__ == "__main__":
    main()
