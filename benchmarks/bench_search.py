"""Where the search bots spend their time: a cProfile of their decisions, grouped by kind of work.

Each game's "search" bot (``<game>.bots.BOTS["search"]``) plays seat 0 of a seeded game against
heuristic bots; its first decisions with a real choice (the ones it leaves to its heuristic
included) are profiled.  The profile's own time per function is summed into: the rules (the game package),
copying (``_copy``, ``determinize``), the tree search itself (``gamekit/mcts.py``), the bot's
heuristics (``<game>/bots.py``), and the rest (Python's ``random``, builtins).

Run alone: ``python benchmarks/bench_search.py [--game giganten] [--decisions 6]``.
"""
from __future__ import annotations

import argparse
import cProfile
import importlib
import pstats
import random
import time
from typing import Any

from gamekit import sample_chance

COPY_FUNCTIONS = ("_copy", "determinize", "private_copy", "copy", "deepcopy", "__copy__")
#: Functions whose cumulative time (callees included) says where a search's time goes; they overlap
#: (candidates and rollouts apply rules too), so the shares need not add up to 100%.
CUMULATIVE = {
    "_apply_in_place": "applying rules (_apply_in_place)",
    "legal_actions": "listing legal moves",
    "chance_outcomes": "listing chance outcomes",
    "_copy": "copying states (_copy)",
    "determinize": "determinizing (sampling hidden information)",
    "candidates": "the heuristic's move filter (candidates)",
    "rollout_policy": "the heuristic's rollout moves",
    "estimated_returns": "evaluating cut-off positions",
    "fingerprint": "fingerprints (search caches)",
}


def category(filename: str, function: str, package: str) -> str:
    if function in COPY_FUNCTIONS:
        return "copying"
    path = filename.replace("\\", "/")
    if path.endswith("gamekit/mcts.py"):
        return "tree search (gamekit/mcts.py)"
    if path.endswith(f"{package}/bots.py"):
        return f"heuristics ({package}/bots.py)"
    if f"/{package}/" in path:
        return f"rules ({package}/)"
    if "/gamekit/" in path:
        return "gamekit protocol (apply, events)"
    return "other (random, builtins)"


def profile_search(package: str, players: int = 4, decisions: int = 40, seed: int = 1,
                   params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Profile seat 0's search bot against heuristic bots for its first ``decisions`` real choices."""
    game = importlib.import_module(package)
    bots_of = importlib.import_module(f"{package}.bots").BOTS
    bots = [bots_of["search"](seed, **(params or {}))] + [bots_of["heuristic"](seed + p) for p in range(1, players)]
    rng = random.Random(seed)
    state = game.new_game(players)
    profiler = cProfile.Profile()
    done, wall = 0, 0.0
    while not state.is_terminal() and done < decisions:
        if state.is_chance():
            state = state.apply(sample_chance(state, rng))
            continue
        player = state.current_player()
        if player == 0 and len(state.legal_actions()) > 1:
            start = time.perf_counter()
            profiler.enable()
            action = bots[0].act(state)
            profiler.disable()
            wall += time.perf_counter() - start
            done += 1
        else:
            action = bots[player].act(state)
        state = state.apply(action)
    stats = pstats.Stats(profiler)
    by_category: dict[str, float] = {}
    functions = []
    for (filename, _line, function), (_cc, _nc, tottime, _cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        kind = category(filename, function, package)
        by_category[kind] = by_category.get(kind, 0.0) + tottime
        functions.append((tottime, f"{filename.split('/')[-1]}:{function}", kind))
    total = sum(by_category.values()) or 1.0
    cumulative: dict[str, float] = {}
    for (filename, _line, function), (_cc, _nc, _tottime, cumtime, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        label = CUMULATIVE.get(function)
        if label and (function != "_copy" or f"/{package}/" in filename.replace("\\", "/")):
            cumulative[label] = cumulative.get(label, 0.0) + cumtime
    functions.sort(reverse=True)
    return {"game": f"{package} {players}p", "decisions": done, "seconds_per_decision": wall / max(1, done),
            "shares": {k: v / total for k, v in sorted(by_category.items(), key=lambda kv: -kv[1])},
            "inside": {k: v / total for k, v in sorted(cumulative.items(), key=lambda kv: -kv[1])},
            "top": functions[:12]}


def format_result(r: dict[str, Any]) -> str:
    if "error" in r:
        return f"{r['game']}: skipped: {r['error']}"
    lines = [f"{r['game']}: search bot, {r['decisions']} decisions, {1000 * r['seconds_per_decision']:.0f} ms each "
             "on average (with the profiler on)"]
    lines.append("  own time by module:")
    lines += [f"  {share:6.1%}  {kind}" for kind, share in r["shares"].items()]
    lines.append("  time inside (callees included; overlapping):")
    lines += [f"  {share:6.1%}  {kind}" for kind, share in r["inside"].items()]
    lines.append("  top functions by own time:")
    lines += [f"    {t:7.3f} s  {name}  [{kind}]" for t, name, kind in r["top"]]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="firstgiants")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=40)
    args = parser.parse_args()
    print(format_result(profile_search(args.game, args.players, args.decisions)))
