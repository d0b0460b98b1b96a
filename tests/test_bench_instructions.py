"""benchmarks/bench_instructions.py: the game loop it hands to callgrind runs (without valgrind here)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_instructions.py"


def _module():
    spec = importlib.util.spec_from_file_location("bench_instructions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.mark.parametrize("game, playout, collector", [("firstgiants", True, True), ("firstgiants", False, True),
                                                       ("giganten", False, True), ("giganten", False, False)])
def test_the_counted_loop_plays_games(game: str, playout: bool, collector: bool) -> None:
    bench = _module()
    script = bench.PLAY.format(root=str(SCRIPT.parent.parent), game=game, playout=playout, warm_up=1,
                               collector=collector)
    subprocess.run([sys.executable, "-c", script, "1"], check=True, timeout=120)
