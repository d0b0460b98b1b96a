"""The vectorised price simulation of giganten.analysis: a million paths of one company's price.

Run alone: ``python benchmarks/bench_analysis.py``.  The goal is under 2 seconds for 10^6 paths.
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np


def price_paths(n_paths: int = 1_000_000, rounds: int = 10, repeat: int = 3) -> dict[str, Any]:
    from giganten import analysis

    best = float("inf")
    for i in range(repeat):
        start = time.perf_counter()
        paths = analysis.simulate_price_paths(n_paths, rounds, seed=i)
        best = min(best, time.perf_counter() - start)
    gap = np.abs(analysis.empirical_distribution(paths[:, rounds]) - analysis.price_distribution(rounds)).max()
    return {"n_paths": n_paths, "rounds": rounds, "seconds": best, "max_gap_to_exact": float(gap)}


def format_row(r: dict[str, Any]) -> str:
    return (f"simulate_price_paths: {r['n_paths']:,} paths x {r['rounds']} rounds in {r['seconds']:.3f} s "
            f"(best of 3); largest gap to the exact distribution {r['max_gap_to_exact']:.4f}")


if __name__ == "__main__":
    print(format_row(price_paths()))
