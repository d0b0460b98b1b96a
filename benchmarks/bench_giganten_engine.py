"""Benchmark of the Giganten rules engine: random 4-player games on one core.

Run:  python benchmarks/bench_giganten_engine.py [--games N] [--players 3|4] [--seed S]

Prints games per second and microseconds per ``apply`` (the time of a whole random game -- legal-action
generation, chance sampling, the random choices and every ``apply`` -- divided by the number of applies),
and games per CPU second (steadier than wall time on a busy machine).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import giganten  # noqa: E402
from gamekit import sample_chance  # noqa: E402


def random_game(players: int, seed: int) -> int:
    """Play one game with uniformly random decisions; return the number of applies."""
    rng = random.Random(seed)
    state = giganten.new_game(players)
    moves = 0
    while not state.is_terminal():
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        moves += 1
    return moves


def run(games: int, players: int, seed: int) -> dict[str, float]:
    random_game(players, seed - 1)  # warm-up (caches, imports)
    start, cpu_start = time.perf_counter(), time.process_time()
    moves = sum(random_game(players, seed + g) for g in range(games))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return {
        "games": games,
        "players": players,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "games_per_second": games / elapsed,
        "games_per_cpu_second": games / cpu,
        "applies": moves,
        "us_per_apply": 1e6 * elapsed / moves,
        "applies_per_game": moves / games,
    }


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    r = run(args.games, args.players, args.seed)
    print(f"giganten engine: {r['games']} random {r['players']}-player games in {r['seconds']:.2f} s: "
          f"{r['games_per_second']:.1f} games/s, {r['us_per_apply']:.1f} us per apply "
          f"(legal actions included), {r['applies_per_game']:.0f} applies per game; "
          f"{r['games_per_cpu_second']:.1f} games per CPU second")
    return r


if __name__ == "__main__":
    main()
