"""Fit the coach's calibration (final result from a position's features, and the win-chance temperature).

Plays seeded 4-player games of four heuristic bots with the tournament runner, takes every fifth
decision position of each game, and records the game's progress, every player's features there
(``<game>.coach.MODEL.features``), the final results and who won.  Then
:func:`gamekit.coach.fit_calibration` fits, per progress knot, the final result as a linear function
of the features (least squares) and the softmax temperature that best names the winners (maximum
likelihood).
Prints the table to paste into ``<game>/coach.py`` (``CALIBRATION``) and how well it fits: the
residual spread of the final results, and the calibration of the win chances (predicted vs won, by
decile) on a second, held-out set of games.

    python benchmarks/calibrate_coach.py giganten --games 400 --processes 2
    python benchmarks/calibrate_coach.py firstgiants --games 300 --processes 2
"""
from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamekit.coach import CalibratedModel, fit_calibration, softmax  # noqa: E402
from gamekit.record import states_along  # noqa: E402
from gamekit.tournament import run_tournament  # noqa: E402

KNOTS = tuple(k / 10 for k in range(11))
EVERY = 5


def positions(final: Any) -> dict[str, Any]:
    """The tournament metric: every ``EVERY``-th decision position as (progress, raw estimates), and the end."""
    model: CalibratedModel = importlib.import_module(f"{type(final).__module__.split('.')[0]}.coach").MODEL
    out = []
    decisions = 0
    for s in states_along(final):
        if s.is_terminal() or s.is_chance():
            continue
        decisions += 1
        if decisions % EVERY == 0:
            out.append([model.progress(s), [list(f) for f in model.features(s)]])
    returns = final.returns()
    best = max(returns)
    winners = [i for i, r in enumerate(returns) if r == best]
    return {"positions": out, "returns": returns, "shares": [1 / len(winners) if i in winners else 0.0
                                                             for i in range(len(returns))]}


def records(game: str, games: int, root_seed: int, processes: int | None) -> list[tuple]:
    result = run_tournament(game, ["heuristic"] * 4, root_seed=root_seed, games=games, processes=processes,
                            metrics=positions, progress=False)
    out = []
    for row in result.rows:
        m = row.metrics
        for progress, features in m["positions"]:
            out.append((progress, features, m["returns"], m["shares"]))
    return out


def check(model: CalibratedModel, held_out: list[tuple]) -> str:
    """Residual spread per knot, and predicted vs actual win share by decile of the predicted chance."""
    lines = ["progress  positions  residual sd of the final result"]
    by_knot: dict[float, list[float]] = {}
    pairs = []
    for progress, features, final, shares in held_out:
        a, w, t, _ = model.coefficients(progress)
        est = [a + sum(x * y for x, y in zip(w, f)) for f in features]
        knot = min(KNOTS, key=lambda k: abs(k - progress))
        by_knot.setdefault(knot, []).extend(f - e for f, e in zip(final, est))
        pairs += list(zip(softmax(est, t), shares))
    for knot in sorted(by_knot):
        res = by_knot[knot]
        sd = math.sqrt(sum(r * r for r in res) / len(res))
        lines.append(f"{knot:8.1f}  {len(res) // 4:9d}  {sd:,.1f}")
    lines.append("predicted win chance (decile)  positions x seats  mean predicted  won")
    pairs.sort()
    for d in range(10):
        part = pairs[d * len(pairs) // 10:(d + 1) * len(pairs) // 10]
        if part:
            lines.append(f"{d + 1:29d}  {len(part):17d}  {sum(p for p, _ in part) / len(part):14.3f}  "
                         f"{sum(w for _, w in part) / len(part):.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["giganten", "firstgiants"])
    parser.add_argument("--games", type=int, default=300, help="games to fit on (as many again are held out)")
    parser.add_argument("--root-seed", type=int, default=31)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    fit_on = records(args.game, args.games, args.root_seed, args.processes or None)
    held_out = records(args.game, args.games, args.root_seed + 1, args.processes or None)
    table = fit_calibration(fit_on, KNOTS)
    model = importlib.import_module(f"{args.game}.coach").MODEL
    model.calibration = table
    print(f"# {args.game}: {len(fit_on)} positions of {args.games} heuristic games (root seed {args.root_seed}), "
          f"{time.perf_counter() - start:.0f} s")
    print("CALIBRATION = (")
    for knot, a, w, t, spread in table:
        weights = ", ".join(f"{x:.4g}" for x in w)
        print(f"    ({knot:.1f}, {a:.5g}, ({weights}), {t:.4g}, {spread:.4g}),")
    print(")")
    print(f"held out: {len(held_out)} positions of {args.games} games (root seed {args.root_seed + 1})")
    print(check(model, held_out))


if __name__ == "__main__":
    main()
