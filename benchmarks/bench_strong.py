"""The strong levels' costly decisions on fixed positions: CPU seconds for the same work, and what they chose.

    python benchmarks/bench_strong.py [--game firstgiants|giganten]

First Giants: the end's play-out decisions of seat 0 in 2 seeded games against three heuristics (12 positions),
each with its 6 best moves played out on 2 draws, no work budget.  Giganten: the strong level's searched card
choices of seat 0 in 2 seeded games (8 positions), on 99 iterations each.  So every version of the code does the
same work; the digest of the choices and their values shows whether a change to the bots or the engines changed
a move, the CPU seconds (``time.process_time``, one core) what the work costs.  Compare two versions in the same
session, alternately: other load on the machine moves the seconds, not the digest.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_levels import seat0_games  # noqa: E402


def positions(package: str, wanted, games: int = 2, seed: int = 7) -> list:
    """The states of seat 0's decisions that ``wanted(state)`` selects, in seeded games of four heuristics."""
    out = []

    def keep(state, _game: int) -> None:
        if wanted(state):
            out.append(state)

    seat0_games(package, games, seed, keep)
    return out


def firstgiants() -> tuple[list, object]:
    from firstgiants.bots import BOTS

    probe = BOTS["strong"](7)
    states = positions("firstgiants", probe._plays_out)[:12]
    bot = BOTS["strong"](1, endgame_budget=None, endgame_samples=2)
    return states, bot.endgame


def giganten() -> tuple[list, object]:
    import giganten.rules as R
    from giganten.bots import BOTS

    states = positions("giganten", lambda s: s.phase == R.TAKE and len(s.legal_actions()) > 1)[:8]
    return states, BOTS["strong"](1, card_iterations=99).explain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("firstgiants", "giganten"), action="append")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    for name in args.game or ["firstgiants", "giganten"]:
        states, decide = {"firstgiants": firstgiants, "giganten": giganten}[name]()
        start = time.process_time()
        choices = [decide(s) for s in states]
        cpu = time.process_time() - start
        digest = hashlib.sha256(repr(choices).encode()).hexdigest()[:16]
        print(f"{name}: {len(states)} positions, {cpu:.2f} s CPU, choices {digest}")


if __name__ == "__main__":
    main()
