"""The ladder of levels: each level against three of the level below, rotated seats, Wilson intervals.

For a game, three match-ups with the tournament runner, each seed played in all four rotations of
the seats (every bot in every seat on every seed):

1. ``beginner`` against three ``random``,
2. ``club`` against three ``beginner``,
3. ``strong`` against three ``club`` (the heuristic: the strength figure of the strong level).

Every game's row is streamed to ``<results>/<game>-<level>-vs-<below>.jsonl`` as it finishes, and a
run started again with the same arguments goes on where it stopped (``resume``), so an interrupted
session loses nothing.  Printed per match-up: games, the measured level's win share with its 95%
Wilson interval (ties share the win), its mean result and rank, and the command.

    nice -n 10 python benchmarks/ladder.py giganten --seeds 100 --processes 2
    nice -n 10 python benchmarks/ladder.py firstgiants --seeds 100 --processes 2 --step strong
    python benchmarks/ladder.py giganten --seeds 100 --report    # the tables of what the files hold
    python benchmarks/ladder.py giganten --report --step strong --results NEW --against OLD

``--against OLD`` compares the level game by game with the results files in ``OLD`` (the same seeds and
seats, another version of the level): the mean difference of its seat's win share (a tie sharing the win) and
of its lead over the best other player, with 1.96 standard errors, and in how many games it did better/worse.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamekit.tournament import read_results, run_tournament  # noqa: E402

STEPS = (("beginner", "random"), ("club", "beginner"), ("strong", "club"))
ROOT_SEED = {"giganten": 16, "firstgiants": 17}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes / n`` (a tie counts as a share of a win)."""
    if n == 0:
        return math.nan, math.nan
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def results_path(directory: Path, game: str, level: str, below: str) -> Path:
    return directory / f"{game}-{level}-vs-{below}.jsonl"


def report(game: str, level: str, below: str, path: Path, seeds: int, processes: int | None) -> str:
    result = read_results(path)
    table = result.seat_table()
    mine = table[table["bot"] == level]
    n = len(mine)
    wins = float(mine["win_share"].sum())
    low, high = wilson(wins, n)
    command = (f"nice -n 10 python benchmarks/ladder.py {game} --seeds {seeds} --step {level}"
               + (f" --processes {processes}" if processes else ""))
    return (f"| {game}: {level} vs 3 {below} | {len(result.finished)} | {wins / max(1, n):.3f} ({low:.3f}-{high:.3f}) "
            f"| {mine['return'].mean():,.1f} | {mine['rank'].mean():.2f} | `{command}` |")


def outcomes(path: Path, level: str) -> dict[tuple[int, int], tuple[float, float]]:
    """Each finished game's (seed, rotation) -> the ``level`` seat's win share and lead over the best other (the
    seat labelled ``level``, or ``level(...)`` with parameters, as the tournament's command line labels it)."""
    found = {}
    for row in read_results(path).finished:
        seat = next(p for p, label in enumerate(row.seats) if label == level or label.startswith(f"{level}("))
        lead = row.returns[seat] - max(r for p, r in enumerate(row.returns) if p != seat)
        found[row.seed, row.rotation] = ((1 / len(row.winners) if seat in row.winners else 0.0), lead)
    return found


def mean_and_margin(values: list[float]) -> tuple[float, float]:
    """The mean and 1.96 standard errors of the mean."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    return mean, 1.96 * spread / math.sqrt(n)


def paired(level: str, new: Path, old: Path) -> str:
    """The level in ``new`` against the level in ``old``, game by game on the games both files hold."""
    now, before = outcomes(new, level), outcomes(old, level)
    games = sorted(now.keys() & before.keys())
    if not games:
        return f"{level}: no games in common"
    wins = [now[g][0] - before[g][0] for g in games]
    leads = [now[g][1] - before[g][1] for g in games]
    (w, w_margin), (lead, lead_margin) = mean_and_margin(wins), mean_and_margin(leads)
    better, worse = sum(d > 0 for d in wins), sum(d < 0 for d in wins)
    return (f"{level}, game by game against {old} ({len(games)} games): win share {w:+.3f} "
            f"(95%: {w - w_margin:+.3f} to {w + w_margin:+.3f}), better in {better} games, worse in {worse}; "
            f"lead over the best other {lead:+,.2f} ({lead - lead_margin:+,.2f} to {lead + lead_margin:+,.2f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(ROOT_SEED))
    parser.add_argument("--seeds", type=int, default=100, help="seeds per match-up (x4 rotations = games)")
    parser.add_argument("--step", action="append", choices=[level for level, _ in STEPS],
                        help="only this match-up (by its measured level); repeatable")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--results", default="ladder-results", help="directory for the results files")
    parser.add_argument("--report", action="store_true", help="only print what the results files hold")
    parser.add_argument("--against", help="a directory of results files of another version: compare game by game")
    args = parser.parse_args(argv)
    directory = Path(args.results)
    directory.mkdir(parents=True, exist_ok=True)
    print("| match-up | games | win share (95% Wilson) | mean result | mean rank | command |")
    print("|---|---|---|---|---|---|")
    for level, below in STEPS:
        if args.step and level not in args.step:
            continue
        path = results_path(directory, args.game, level, below)
        if not args.report:
            start = time.perf_counter()
            run_tournament(args.game, [level, below, below, below], root_seed=ROOT_SEED[args.game], games=args.seeds,
                           rotate=True, processes=args.processes or None, results=str(path), resume=True,
                           progress=False)
            print(f"<!-- {level} vs 3 {below}: {time.perf_counter() - start:.0f} s -->", flush=True)
        if path.exists():
            print(report(args.game, level, below, path, args.seeds, args.processes), flush=True)
            if args.against:
                print(paired(level, path, results_path(Path(args.against), args.game, level, below)), flush=True)


if __name__ == "__main__":
    main()
