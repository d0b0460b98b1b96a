"""Time per decision of each level and of the coach, on one core.

For each game, one bot of the level sits in seat 0 of seeded 4-player games against three heuristics;
every decision of seat 0 with more than one legal move is timed (CPU seconds of this process,
``time.process_time``, pinned to one core).  The coach is timed the same way on the decisions of
the same games (its default budget: 24 samples per option).  Reported: the median, the 90th
percentile and the largest time per decision, and how many decisions were timed.

    python benchmarks/bench_levels.py                     # both games, levels and coach, 2 games each
    python benchmarks/bench_levels.py --game giganten --games 4 --level strong
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamekit import sample_chance  # noqa: E402


def one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def seat0_games(package: str, games: int, seed: int, seat0: Callable[[Any, int], Any]) -> None:
    """Seeded 4-player games of ``package``, a heuristic in every seat; at each decision of seat 0,
    ``seat0(state, game_index)`` plays instead when it returns an action (None: the heuristic plays)."""
    game = importlib.import_module(package)
    bots = importlib.import_module(f"{package}.bots").BOTS
    for g in range(games):
        rng = random.Random(seed + g)
        others = [bots["heuristic"](seed + g * 10 + p) for p in range(4)]
        state = game.new_game(4)
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(sample_chance(state, rng))
                continue
            seat = state.current_player()
            action = seat0(state, g) if seat == 0 else None
            state = state.apply(others[seat].act(state) if action is None else action)


def decision_times(package: str, decide: Callable[[Any, Any], Any], games: int, seed: int) -> list[float]:
    """CPU seconds of ``decide(state, game_index)`` at each real choice of seat 0 (heuristics elsewhere)."""
    times = []

    def timed(state: Any, g: int) -> Any:
        if len(state.legal_actions()) <= 1:
            return None
        start = time.process_time()
        action = decide(state, g)
        times.append(time.process_time() - start)
        return action

    seat0_games(package, games, seed, timed)
    return times


def summary(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    return (f"{len(times)} decisions: median {1000 * statistics.median(times):.0f} ms, 90% {1000 * p90:.0f} ms, "
            f"max {1000 * times[-1]:.0f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["giganten", "firstgiants"], action="append")
    parser.add_argument("--level", action="append", help="levels to time (default: every level and the coach)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    one_core()
    for package in args.game or ["giganten", "firstgiants"]:
        bots_module = importlib.import_module(f"{package}.bots")
        coach = importlib.import_module(f"{package}.coach")
        for level in args.level or [*bots_module.LEVELS, "coach"]:
            if level == "coach":
                def decide(state, g, coach=coach):
                    return coach.coach(state, seed=g).best.action
            else:
                made: dict[int, Any] = {}

                def decide(state, g, level=level, made=made, bots_module=bots_module):
                    bot = made.setdefault(g, bots_module.BOTS[level](g))
                    return bot.act(state)
            print(f"{package} {level}: {summary(decision_times(package, decide, args.games, args.seed))}", flush=True)


if __name__ == "__main__":
    main()
