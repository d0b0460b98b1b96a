"""A throwaway PostgreSQL server for tests and benchmarks: Debian's ``postgresql`` package, a cluster
made by ``initdb`` in a temporary folder, listening only on a Unix socket in that folder.

``initdb`` and ``postgres`` refuse to run as root, so as root they run as the ``postgres`` user
(``runuser``), on a folder handed to that user.  See /work/shared/notes/postgres-testing.md.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

PORT = 5432  # only names the socket file: the cluster listens on no TCP port


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<version>/bin)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


class Cluster:
    """``start()``, ``stop(mode)`` ('fast' or 'immediate': a crash), ``url(schema)``, ``remove()``."""

    def __init__(self, settings: tuple[str, ...] = ("fsync=off", "max_connections=200")) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise FileNotFoundError("Debian's postgresql package is not installed (make postgresql)")
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="gk-pg-"))
        self.data = self.root / "data"
        self.settings = settings
        self._as_root = os.geteuid() == 0
        if self._as_root:
            shutil.chown(self.root, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "kit", "--no-sync", "-E", "UTF8")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        proc = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if proc.returncode != 0:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            raise RuntimeError(f"{tool} failed: {proc.stdout}{proc.stderr}{log[-2000:]}")

    def start(self) -> "Cluster":
        options = f"-k {self.root} -p {PORT} -c listen_addresses=''" + "".join(f" -c {s}" for s in self.settings)
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, options: str = "") -> str:
        """A libpq URL for database ``postgres`` as user ``kit`` over the socket; ``options``: e.g.
        ``-csearch_path=x`` (sent as the connection's startup options)."""
        url = f"postgresql://kit@/postgres?host={quote(str(self.root), safe='/')}&port={PORT}"
        return url + (f"&options={quote(options)}" if options else "")

    def remove(self) -> None:
        try:
            self.stop("immediate")
        except RuntimeError:
            pass  # not running
        shutil.rmtree(self.root, ignore_errors=True)
