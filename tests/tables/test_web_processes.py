"""Classroom servers as a school that outgrows one machine runs them: two server processes on one PostgreSQL store.

A move made through one server shows on the pages the other serves (each polls the store's revisions), and a code
works on both (they share the secret key of the code hashes, as servers on several machines must).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import giganten
from gamekit.tables import open_store

from .conftest import fresh_schema

REPO = Path(__file__).resolve().parents[2]
SECRET = "ab" * 32


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(store: str, tmp_path: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "GIANTS_KIT_SECRET": SECRET, "PYTHONPATH": str(REPO)}
    log = open(tmp_path / f"server-{port}.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "gamekit.tables.serve", f"--port={port}", f"--store={store}"],
                            cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc, port
        assert proc.poll() is None, (tmp_path / f"server-{port}.log").read_text()
        time.sleep(0.1)
    raise AssertionError("the server did not start")


def regions(ws) -> dict:
    message = json.loads(ws.recv(timeout=30))
    assert message["t"] == "update", message
    return message["regions"]


@pytest.mark.slow
def test_two_server_processes_on_one_postgresql_store_show_each_others_moves(pg_cluster, tmp_path, monkeypatch):
    from websockets.sync.client import connect

    url = fresh_schema(pg_cluster)
    monkeypatch.setenv("GIANTS_KIT_SECRET", SECRET)
    store = open_store(url)
    made = store.create_table(giganten, ["human", "human", "heuristic"], seed=3)
    mover = next(s for s in (0, 1) if store.seat_view(made.seats[s]).content["your_turn"])
    servers = [start_server(url, tmp_path) for _ in range(2)]
    try:
        (_, port_a), (_, port_b) = servers
        with connect(f"ws://127.0.0.1:{port_a}/ws") as a, connect(f"ws://127.0.0.1:{port_b}/ws") as b:
            a.send(json.dumps({"t": "hello", "code": made.seats[mover]}))
            b.send(json.dumps({"t": "hello", "code": made.seats[1 - mover]}))
            assert "data-offer='1'" in regions(a)["choices"]
            regions(b)
            a.send(json.dumps({"t": "move", "offer": 1, "choice": 0}))
            seen = ""
            while "<b>#1</b>" not in seen:
                seen = regions(b).get("log", seen)
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait(timeout=10)
    assert store.table_info(made.table).length > 1
