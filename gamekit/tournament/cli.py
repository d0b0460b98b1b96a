"""The command line: ``python -m gamekit.tournament GAME BOT BOT ... [--games N] [--rotate] ...``."""
from __future__ import annotations

import argparse
import json
import time
from typing import Sequence

from .rows import TournamentResult
from .runner import GameFailed, TournamentInterrupted, run_tournament

DECISION_LIMIT = 60.0  # seconds; the command line's defaults (the Python API has no limits by default)
GAME_LIMIT = 1800.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gamekit.tournament", description="Seeded games between bots.")
    parser.add_argument("game", help="game package: giganten or firstgiants")
    parser.add_argument("seats", nargs="+", help="one bot name per seat (see <game>.bots.BOTS)")
    parser.add_argument("--params", default="{}",
                        help='JSON: bot name -> parameters, e.g. {"search": {"iterations": 40}}')
    parser.add_argument("--root-seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=100, help="seeds to play (each seat rotation counts once more)")
    parser.add_argument("--rotate", action="store_true", help="play every seed in every rotation of the seats")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--csv", default=None, help="write the per-game table (finished games) here")
    parser.add_argument("--results", default=None, help="stream every game's row to this JSON Lines file")
    parser.add_argument("--resume", action="store_true", help="go on with the games --results does not hold yet")
    parser.add_argument("--decision-limit", type=float, default=DECISION_LIMIT,
                        help=f"seconds per decision of a bot (default {DECISION_LIMIT:g}; 0: no limit)")
    parser.add_argument("--game-limit", type=float, default=GAME_LIMIT,
                        help=f"seconds per game (default {GAME_LIMIT:g}; 0: no limit)")
    parser.add_argument("--max-moves", type=int, default=1_000_000, help="a game this long fails")
    parser.add_argument("--stop-on-failure", action="store_true", help="stop at the first failed game")
    return parser


def _report(result: TournamentResult, seconds: float) -> None:
    print(f"{len(result)} games of {result.game} ({result.players} players) in {seconds:.0f} s")
    if result.finished:
        print(result.summary().to_string(float_format=lambda x: f"{x:.3f}"))
    if result.failed:
        print(f"{len(result.failed)} failed games:")
        print(result.failures().to_string(index=False))


def main(argv: Sequence[str] | None = None) -> TournamentResult:
    """Run a tournament from the command line and print its summary (and its failures).

    Example (the strength figures of docs/bots-and-experiments.md)::

        python -m gamekit.tournament giganten heuristic random random random \\
            --root-seed 1 --games 125 --rotate --processes 2 --csv heuristic-vs-random.csv

    Time limits are on by default here (docs/tournament.md); Ctrl-C prints what finished and exits
    with status 130, a failure with ``--stop-on-failure`` with status 1.
    """
    args = _parser().parse_args(argv)
    params = json.loads(args.params)
    seats = [(name, params[name]) if name in params else name for name in args.seats]
    start = time.perf_counter()
    try:
        result = run_tournament(args.game, seats, root_seed=args.root_seed, games=args.games, rotate=args.rotate,
                                processes=args.processes, progress="auto", results=args.results,
                                resume=args.resume, decision_limit=args.decision_limit or None,
                                game_limit=args.game_limit or None, max_moves=args.max_moves,
                                stop_on_failure=args.stop_on_failure)
    except (TournamentInterrupted, GameFailed) as stop:
        _report(stop.result, time.perf_counter() - start)
        print(f"stopped: {stop}" + (f"; {args.results} holds the finished games (--resume goes on)"
                                    if args.results else ""))
        raise SystemExit(130 if isinstance(stop, TournamentInterrupted) else 1) from None
    if args.csv:
        result.to_dataframe().to_csv(args.csv, index=False)
    _report(result, time.perf_counter() - start)
    return result
