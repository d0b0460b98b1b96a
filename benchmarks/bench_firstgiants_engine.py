"""First Giants engine speed: random games on one core.

    python benchmarks/bench_firstgiants_engine.py [--quick] [--players N] [--seconds S]

Two figures, both for whole random 4-player games (by default):

1. the public protocol, ``gamekit.random_game``: every decision asks ``legal_actions()`` and a
   RandomBot picks one, every chance node samples ``chance_outcomes()``, every ``apply`` copies
   the state and records the action and what it needs to record its events when they are read
   (random play never reads them) — games/s and µs per apply, legal-action
   generation included;
2. ``State.playout(rng)``, the in-place fast path for Monte-Carlo rollouts: the same rule code
   (every action checked), without a copy per move and without events.

Times are CPU times of this process (``time.process_time``), so other load on the machine
distorts them less; each figure is the best of several runs (the least disturbed one, as
``timeit`` reports it) with the median beside it.  A calibration line (``sum(range(1000))``, best
of 5) shows how fast the host is running at the time: on a shared virtual machine it varies.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import timeit
from typing import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import firstgiants  # noqa: E402
from gamekit import random_game  # noqa: E402


def protocol_games(players: int, seconds: float, first_seed: int) -> tuple[int, int, float]:
    """Random games through ``apply`` for about ``seconds`` of CPU: (games, applies, CPU seconds)."""
    games = applies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        applies += random_game(firstgiants.new_game(players), seed=first_seed + games).move_number
        games += 1
    return games, applies, time.process_time() - start


def playout_games(players: int, seconds: float, first_seed: int) -> tuple[int, int, float]:
    """Random games through ``State.playout`` for about ``seconds`` of CPU."""
    root = firstgiants.new_game(players)
    games = applies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        applies += root.playout(random.Random(first_seed + games)).move_number
        games += 1
    return games, applies, time.process_time() - start


def repeated(run: Callable[[int, float, int], tuple[int, int, float]], players: int, seconds: float,
             repeats: int) -> tuple[list[float], float]:
    """Games/s of ``repeats`` runs sharing ``seconds`` (other seeds each), and applies per game."""
    rates, games, applies = [], 0, 0
    for k in range(repeats):
        g, a, elapsed = run(players, seconds / repeats, k * 10**6)
        rates.append(g / elapsed)
        games, applies = games + g, applies + a
    return sorted(rates), applies / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (not a figure to record)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0, help="CPU seconds per figure")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (best and median reported)")
    args = parser.parse_args()
    seconds = 1.5 if args.quick or os.environ.get("BENCH_QUICK") else args.seconds
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    calibration = min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6
    random_game(firstgiants.new_game(args.players), seed=10**6)  # warm-up
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"firstgiants engine, random {args.players}-player games, one core, CPU time "
          f"(calibration: sum(range(1000)) takes {calibration:.1f} us here; load average {load})")
    for label, run in (("public protocol (random_game: a copy per apply)", protocol_games),
                       ("State.playout (in place, no events)", playout_games)):
        rates, per_game = repeated(run, args.players, seconds, args.repeats)
        best, median = rates[-1], rates[len(rates) // 2]
        print(f"  {label}:\n    {best:8.1f} games/s best of {len(rates)} ({median:.1f} median)   "
              f"{per_game:6.1f} applies/game   {1e6 / (best * per_game):6.2f} us/apply "
              f"(legal actions and chance sampling included)")


if __name__ == "__main__":
    main()
