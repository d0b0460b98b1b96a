"""A class on the classroom server: 40 seat pages and a projector, joining at once, playing, a server killed mid-lesson.

    python benchmarks/bench_classroom.py                   # 10 tables of 4 (5 Giganten, 5 First Giants), 60 s of play
    python benchmarks/bench_classroom.py --seconds 20 --hints 5

The server is the real one (``python -m gamekit.tables.serve``, one process and its two worker pools) on a SQLite
store in a temporary folder; the class is 40 plain websocket clients in one asyncio loop (as
/work/shared/notes/measuring-pages.md suggests for 40 seats on 2 cores) and a projector page per table.  Each client
does what a page's browser does: GET its page (``/?code=...``), open the websocket, say hello, and wait for its regions.

Reported:

* **joining**: all 40 seats and 10 projectors open their pages at once; per page the time from its GET to its first
  update (the page usable: its choices on offer), the 95th percentile and the time until all have joined;
* **memory**: the resident memory of the server and its worker processes together, with every page open;
* **moves**: each seat plays its first choice when it is on offer (after a think time, exponential with mean
  ``--think``), for ``--seconds``; per move the time from the mover sending it to each *other* page of its table
  showing it (its log's newest entry), median and 95th percentile, while ``--hints`` seats keep asking the coach
  for a Hint;
* **the server killed** (SIGKILL, its workers too) and restarted: the time until every page has reconnected and
  received its table again, and that every table continues at its last accepted move: every table's log is
  replayed and holds exactly the moves the clients were told were accepted (none lost, none duplicated).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx  # noqa: E402
import psutil  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from gamekit.tables import open_store  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
NEWEST = re.compile(r"<b>#(\d+)</b>")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, store: str, port: int, env: dict) -> None:
        self.store, self.port, self.env = store, port, env
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Server":
        self.proc = subprocess.Popen([sys.executable, "-m", "gamekit.tables.serve", f"--port={self.port}",
                                      f"--store={self.store}"], cwd=REPO, env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def memory(self) -> float:
        """Resident MB of the server and every process under it."""
        root = psutil.Process(self.proc.pid)
        return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)]) / 2 ** 20

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


class Page:
    """One page: a seat's (``code``) or a projector's (``table``), as a websocket client that reconnects by itself."""

    def __init__(self, base: str, table: str, code: str | None, stats: dict) -> None:
        self.base, self.table, self.code, self.stats = base, table, code, stats
        self.regions: dict[str, str] = {}
        self.newest = -1
        self.seen: dict[int, float] = {}  # log entry number -> when this page first showed it
        self.usable = asyncio.Event()
        self.updates = 0
        self.socket = None

    async def open(self, http: httpx.AsyncClient) -> float:
        started = time.perf_counter()
        url = f"{self.base}?code={self.code}" if self.code else f"{self.base}watch/{self.table}"
        (await http.get(url)).raise_for_status()
        asyncio.get_running_loop().create_task(self.run())
        await self.usable.wait()
        return time.perf_counter() - started

    async def run(self) -> None:
        hello = {"t": "hello", "code": self.code} if self.code else {"t": "watch", "table": self.table}
        ws_url = self.base.replace("http://", "ws://") + "ws"
        while True:
            try:
                async with connect(ws_url, max_size=2 ** 22) as ws:
                    self.socket = ws
                    await ws.send(json.dumps(hello))
                    async for text in ws:
                        self.receive(json.loads(text))
            except (OSError, Exception):  # noqa: BLE001 -- the server went away: reconnect, as the page's script does
                self.socket = None
                self.usable.clear()
                await asyncio.sleep(0.5)

    def receive(self, message: dict) -> None:
        if message.get("t") != "update":
            return
        self.regions.update(message["regions"])
        self.updates += 1
        found = NEWEST.search(self.regions.get("log", ""))
        if found:
            number = int(found.group(1))
            now = time.perf_counter()
            for n in range(self.newest + 1, number + 1):
                self.seen.setdefault(n, now)
            self.newest = max(self.newest, number)
        self.usable.set()

    def offer(self) -> tuple[int, int] | None:
        found = re.search(r"data-offer='(\d+)'", self.regions.get("choices", ""))
        if not found or "data-choice=" not in self.regions["choices"] and "gk-play-menu" not in self.regions["choices"]:
            return None
        choice = re.search(r"data-choice='(\d+)'|<option value='(\d+)'>", self.regions["choices"])
        return int(found.group(1)), int(next(g for g in choice.groups() if g is not None)) if choice else 0


async def play(seat: Page, table_pages: list[Page], until: float, think: float, moves: list, rng: random.Random):
    """Play the seat's first choice whenever one is on offer; note each move's sending time."""
    last_offer = -1
    while time.perf_counter() < until:
        await asyncio.sleep(0.02)
        offer = seat.offer()
        if offer is None or seat.socket is None or offer[0] == last_offer:
            continue
        await asyncio.sleep(rng.expovariate(1 / think) if think else 0)
        number = seat.newest + 1
        last_offer = offer[0]
        sent = time.perf_counter()
        try:
            await seat.socket.send(json.dumps({"t": "move", "offer": offer[0], "choice": offer[1]}))
        except Exception:  # noqa: BLE001
            continue
        moves.append((seat.table, number, sent, [p for p in table_pages if p is not seat]))


async def ask_hints(seats: list[Page], until: float, count: list[int]) -> None:
    while time.perf_counter() < until:
        for seat in seats:
            if seat.socket is not None and "gk-hint'>" in seat.regions.get("coach", "") and "thinking" not in \
                    seat.regions.get("coach", ""):
                try:
                    await seat.socket.send(json.dumps({"t": "hint"}))
                    count[0] += 1
                except Exception:  # noqa: BLE001
                    pass
        await asyncio.sleep(0.5)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def lesson(args) -> dict:
    folder = tempfile.mkdtemp(prefix="bench-classroom-")
    env = {**os.environ, "GIANTS_KIT_SECRET": "42" * 32, "GIANTS_KIT_HOME": folder}
    os.environ.update({"GIANTS_KIT_SECRET": env["GIANTS_KIT_SECRET"]})
    store = open_store(f"{folder}/tables", synchronous="FULL")
    made = [store.create_table(("giganten", "firstgiants")[i % 2], ["human"] * 4, seed=f"bench-{i}", title=f"T{i}")
            for i in range(args.tables)]
    port = free_port()
    server = Server(f"{folder}/tables", port, env).start()
    base = f"http://127.0.0.1:{port}/"
    pages = {m.table: [Page(base, m.table, code, {}) for code in m.seats] + [Page(base, m.table, None, {})]
             for m in made}
    everyone = [p for ps in pages.values() for p in ps]
    result: dict = {"pages": len(everyone)}
    async with httpx.AsyncClient(timeout=60) as http:
        started = time.perf_counter()
        times = await asyncio.gather(*(p.open(http) for p in everyone))
        result["join_all_s"] = time.perf_counter() - started
        result["usable_p95_s"] = percentile(times, 0.95)
        result["usable_median_s"] = statistics.median(times)
    await asyncio.sleep(1)
    result["memory_mb"] = server.memory()
    rng = random.Random(1)
    moves: list = []
    hints = [0]
    until = time.perf_counter() + args.seconds
    seats = [p for p in everyone if p.code]
    hinting = rng.sample(seats, args.hints)
    await asyncio.gather(*(play(s, pages[s.table], until, args.think, moves, rng) for s in seats),
                         ask_hints(hinting, until, hints))
    await asyncio.sleep(2)
    result["memory_after_play_mb"] = server.memory()
    latencies = [p.seen[number] - sent for _, number, sent, others in moves for p in others if number in p.seen]
    result["moves"] = len(moves)
    result["hints_asked"] = hints[0]
    result["move_seen_median_ms"] = 1000 * statistics.median(latencies) if latencies else None
    result["move_seen_p95_ms"] = 1000 * percentile(latencies, 0.95) if latencies else None
    result["move_seen_max_ms"] = 1000 * max(latencies) if latencies else None
    # the server killed mid-lesson and started again
    before = {m.table: store.table_info(m.table).length for m in made}
    server.kill()
    killed = time.perf_counter()
    server.start()
    await asyncio.gather(*(p.usable.wait() for p in everyone))
    result["reconnect_all_s"] = time.perf_counter() - killed
    after = {m.table: store.table_info(m.table).length for m in made}
    result["tables_continue"] = all(after[t] >= before[t] for t in before)
    from tests.tables.helpers import check_log

    for m in made:
        check_log(store, m.table)
    result["logs_checked"] = len(made)
    server.kill()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=2.0, help="mean think time before a move (s)")
    parser.add_argument("--hints", type=int, default=5, help="seats that keep asking for a Hint")
    args = parser.parse_args()
    result = asyncio.run(lesson(args))
    for key, value in result.items():
        print(f"{key:24s} {value:.3f}" if isinstance(value, float) else f"{key:24s} {value}")


if __name__ == "__main__":
    main()
