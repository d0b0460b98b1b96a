"""Random self-play speed: microseconds per apply and games per second, for the kit's games and OpenSpiel's.

The loop is the same for every game: at a decision, list the legal actions and pick one at random;
at a chance node, list the outcomes and sample one; apply.  So "µs per apply" includes generating
the legal actions (or chance outcomes) and, for the kit's games, the copy that makes ``apply``
side-effect free.  OpenSpiel's ``apply_action`` changes its state in place; its games are also timed
with ``child()`` (copy + apply), the closer equivalent of the kit's ``apply``.

Times are CPU seconds of this process (``time.process_time``), which other load on a shared
machine distorts less than wall time.  Run alone: ``python benchmarks/bench_selfplay.py [--seconds 5]``.
"""
from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

OPENSPIEL_GAMES = ("python_block_dominoes", "python_tic_tac_toe")
KIT_GAMES = (("giganten", 4), ("firstgiants", 4))


def _sample(outcomes, rng: random.Random):
    r, total = rng.random(), 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]


def kit_selfplay(package: str, players: int, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Random games of ``package`` for about ``seconds``: µs per apply, games/s, applies per game."""
    game = importlib.import_module(package)
    rng = random.Random(seed)
    games = applies = 0
    start = time.process_time()
    while True:
        state = game.new_game(players)
        while not state.is_terminal():
            if state.is_chance():
                action = _sample(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
            applies += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    return {"game": f"{package} {players}p", "us_per_apply": 1e6 * elapsed / applies,
            "games_per_s": games / elapsed, "applies_per_game": applies / games, "games": games}


def openspiel_selfplay(name: str, seconds: float = 3.0, seed: int = 0, copy: bool = False) -> dict[str, Any]:
    """The same loop on one of OpenSpiel's pure-Python games (``copy``: ``child()`` instead of in place)."""
    import pyspiel
    from open_spiel.python import games as _register  # noqa: F401  (registers the python_* games)

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    games = applies = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = _sample(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions())
            if copy:
                state = state.child(action)
            else:
                state.apply_action(action)
            applies += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    label = f"OpenSpiel {name}" + (" (child)" if copy else "")
    return {"game": label, "us_per_apply": 1e6 * elapsed / applies, "games_per_s": games / elapsed,
            "applies_per_game": applies / games, "games": games}


def run(seconds: float = 5.0) -> list[dict[str, Any]]:
    rows = []
    for package, players in KIT_GAMES:
        try:
            rows.append(kit_selfplay(package, players, seconds))
        except Exception as exc:  # an engine still being written: say so, go on
            rows.append({"game": f"{package} {players}p", "error": f"{type(exc).__name__}: {exc}"})
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        rows.append({"game": "OpenSpiel", "error": "open_spiel not installed (pip install -e '.[bench]')"})
    else:
        for name in OPENSPIEL_GAMES:
            rows.append(openspiel_selfplay(name, seconds / 2))
            rows.append(openspiel_selfplay(name, seconds / 2, copy=True))
    return rows


def format_rows(rows: list[dict[str, Any]]) -> str:
    reference = [r for r in rows if r["game"].startswith("OpenSpiel") and "us_per_apply" in r]
    lines = [f"{'game':<44} {'µs/apply':>9} {'games/s':>10} {'applies/game':>13}"]
    for r in rows:
        if "error" in r:
            lines.append(f"{r['game']:<44} skipped: {r['error']}")
            continue
        lines.append(f"{r['game']:<44} {r['us_per_apply']:9.2f} {r['games_per_s']:10.1f} {r['applies_per_game']:13.1f}")
    kit = [r for r in rows if "us_per_apply" in r and not r["game"].startswith("OpenSpiel")]
    for r in kit:
        for ref in reference:
            lines.append(f"  ratio µs/apply {r['game']} / {ref['game']}: {r['us_per_apply'] / ref['us_per_apply']:.2f}")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    print(format_rows(run(parser.parse_args().seconds)))
