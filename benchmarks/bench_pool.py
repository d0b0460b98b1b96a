"""Process-pool speed-up of the tournament runner: the same seeded games serially and on N processes.

Run alone: ``python benchmarks/bench_pool.py [--games 400] [--processes 2]``.  The rows must be
identical both ways (checked); the speed-up is serial time / pool time.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Any

from gamekit.tournament import run_tournament


def pool_speedup(package: str, players: int, games: int, processes: int = 2, seats: str = "random") -> dict[str, Any]:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, range(os.cpu_count() or 1))  # the pool may use every core
    kwargs = dict(root_seed=1, games=games, progress=False)
    start = time.perf_counter()
    serial = run_tournament(package, [seats] * players, **kwargs)
    serial_s = time.perf_counter() - start
    start = time.perf_counter()
    pooled = run_tournament(package, [seats] * players, processes=processes, **kwargs)
    pool_s = time.perf_counter() - start
    if pooled.rows != serial.rows:
        raise AssertionError("the process pool gave different rows from the serial run")
    return {"game": f"{package} {players}p", "games": games, "processes": processes, "serial_s": serial_s,
            "pool_s": pool_s, "speedup": serial_s / pool_s, "cores": os.cpu_count()}


def format_row(r: dict[str, Any]) -> str:
    if "error" in r:
        return f"{r['game']:<16} skipped: {r['error']}"
    return (f"{r['game']:<16} {r['games']} random games: serial {r['serial_s']:.2f} s, {r['processes']} processes "
            f"{r['pool_s']:.2f} s, speed-up {r['speedup']:.2f}x on {r['cores']} cores (identical rows)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="firstgiants")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    print(format_row(pool_speedup(args.game, args.players, args.games, args.processes)))
