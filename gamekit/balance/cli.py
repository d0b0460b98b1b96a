"""The command line: ``python -m gamekit.balance GAME --players N --games N --out FOLDER [...]``."""
from __future__ import annotations

import argparse
import shlex
import sys
import time
from contextlib import ExitStack
from typing import Sequence

from ..i18n import LANGUAGES, using
from ..tournament import TournamentInterrupted, game_ref
from .options import parse_options, switches
from .report import BalanceReport, balance_report


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.balance",
        description="A balance report: seat advantage, luck and skill, duration, closeness and strategy of a game "
                    "and a variant, from seeded games of one level (docs/bots-and-experiments.md).")
    parser.add_argument("game", help="giganten or firstgiants")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100, help="games of the level against itself (default 100)")
    parser.add_argument("--out", required=True, help="folder for report.md, the figures, table.csv and the results "
                                                     "files (run again to resume)")
    parser.add_argument("--level", default="club", help="the bot every seat plays (default club; strong, beginner, "
                                                        "random or any bot of the game)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a variant switch, e.g. news_values=two-sided or bluff_bids=true (repeatable)")
    parser.add_argument("--skill-games", type=int, default=None,
                        help="seeds per luck-and-skill match-up, each in every seat rotation (default games / "
                             "players; 0: leave luck and skill out)")
    parser.add_argument("--root-seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=None, help="worker processes (default: this process)")
    parser.add_argument("--dask", default=None, metavar="ADDRESS", help="play on the Dask scheduler at ADDRESS")
    parser.add_argument("--language", default="en", choices=LANGUAGES,
                        help="the language of report.md and the figures (default en; the CSV files are data, in "
                             "English whatever the language)")
    return parser


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> BalanceReport:
    try:
        spec = game_ref(args.game).spec()
    except (ImportError, TypeError) as exc:
        parser.error(f"no game {args.game!r} ({exc}): giganten or firstgiants")
    try:
        options = parse_options(spec, args.players, args.option)
    except ValueError as exc:
        known = ", ".join(f"{k} {v}" for k, v in switches(spec, spec.max_players).items())
        parser.error(f"{exc}; {spec.name}'s switches and their other values ({spec.max_players} players): {known}")
    if args.dask and args.processes:
        parser.error("give --processes or --dask, not both")
    try:
        with ExitStack() as stack:
            executor = None
            if args.dask:
                from dask.distributed import Client

                executor = stack.enter_context(Client(args.dask)).get_executor()
            return balance_report(spec, args.players, args.games, level=args.level, options=options,
                                  root_seed=args.root_seed, skill_games=args.skill_games, folder=args.out,
                                  processes=args.processes, executor=executor, progress="auto")
    except ValueError as exc:
        parser.error(str(exc))


def main(argv: Sequence[str] | None = None) -> BalanceReport:
    """Play the report's games (resuming what ``--out`` holds), then write the report there and say where.

    Ctrl-C stops with status 130; the finished games stay in the folder's results files, and the same
    command goes on from them."""
    parser = _parser()
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        report = _run(args, parser)
    except TournamentInterrupted as stop:
        print(f"stopped after {len(stop.result)} games of this tournament; {args.out} holds the finished games: "
              "run the same command again to go on", file=sys.stderr)
        raise SystemExit(130) from None
    seconds = time.perf_counter() - start
    words = ["python", "-m", "gamekit.balance", *(sys.argv[1:] if argv is None else argv)]
    with using(args.language):
        path = report.write(args.out, " ".join(shlex.quote(w) for w in words), seconds)
    print(f"{len(report.result.finished)} games in {seconds:.0f} s; report: {path}")
    return report
