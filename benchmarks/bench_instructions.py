"""CPU instructions per random game, counted by valgrind's callgrind: a speed figure that load cannot blur.

    python benchmarks/bench_instructions.py [--game firstgiants|giganten] [--path protocol|playout] [--games N]
                                             [--collector on|off]

On a shared machine, games per second move with the other processes by 10-20 %; the number of
instructions a game executes hardly does (see below).  That makes it the figure to
compare before and after a change to an engine.  The count is the difference of two runs under
``valgrind --tool=callgrind``, one playing N seeded random 4-player games after a warm-up and one
playing none, divided by N, so start-up and imports cancel out.  Needs valgrind (Debian:
``apt-get install valgrind``); a run takes about a minute (callgrind runs Python some 50 times slower).

Two things still move the count by a few tenths of a per cent to 2 per cent between runs or between versions
that execute the same Python code: string hashing (every run has its own ``PYTHONHASHSEED``, so dictionaries
probe differently; fixed to 0 here) and the garbage collector, whose full collections come when enough
long-lived objects have piled up -- one more or fewer in the counted games (each traverses every object
alive, the engines' memo tables included) moves the figure by about 1 %.  ``--collector off`` pauses the
collector for the counted games, which leaves the code's own instructions: the figure to judge a change of one
per cent by (runs of the same code still differ by up to about 0.4 %: objects that hash by identity hash
differently at other addresses).  The default, ``on``, is the figure of a real run and the one in the history.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 50  # games before the counted ones (imports, caches)

PLAY = """
import gc, random, sys
sys.path.insert(0, {root!r})
import {game}
from gamekit import random_game
root = {game}.new_game(4)
def one(seed):
    if {playout!r}:
        return root.playout(random.Random(seed))
    return random_game({game}.new_game(4), seed=seed)
for seed in range({warm_up}):
    one(10**6 + seed)
if not {collector!r}:
    gc.disable()
for seed in range(int(sys.argv[1])):
    one(seed)
"""


def instructions(script: str, games: int) -> int:
    """Instructions callgrind counts for ``script`` playing ``games`` games."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          script, str(games)], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_game(game: str, path: str, games: int, collector: bool = True) -> float:
    script = PLAY.format(root=str(ROOT), game=game, playout=path == "playout", warm_up=WARM_UP, collector=collector)
    return (instructions(script, games) - instructions(script, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="firstgiants", choices=("firstgiants", "giganten"))
    parser.add_argument("--path", default="playout", choices=("protocol", "playout"),
                        help="playout: First Giants' in-place State.playout; protocol: gamekit.random_game")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--collector", default="on", choices=("on", "off"),
                        help="off: the garbage collector paused for the counted games (the code's own instructions)")
    args = parser.parse_args()
    if args.game == "giganten" and args.path == "playout":
        parser.error("Giganten has no in-place playout: use --path protocol")
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    count = per_game(args.game, args.path, args.games, args.collector == "on")
    collector = "" if args.collector == "on" else "; garbage collector paused"
    print(f"{args.game} random 4-player games through the {args.path}: {count / 1e6:.2f} million instructions "
          f"per game ({args.games} games after {WARM_UP} warm-up games{collector})")


if __name__ == "__main__":
    main()
