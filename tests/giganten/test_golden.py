"""Golden transcripts: the full event log of seeded random games, saved in tests/giganten/golden/.

A change to the rules or to an event's wording shows up here as a diff.  After a deliberate change,
regenerate with:  GIGANTEN_REGENERATE_GOLDEN=1 python -m pytest tests/giganten/test_golden.py
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import giganten as g
from gamekit import RandomBot, play

GOLDEN = Path(__file__).parent / "golden"


def transcript(players: int, seed: int) -> str:
    lines: list[str] = []

    def record(before, after) -> None:
        who = before.current_player()
        lines.append(f"> {'chance' if who is None else before.name(who)}: {after.history()[-1]}")
        lines.extend(f"  [{e.section}] {e.text}" for e in after.events)

    start = g.new_game(players)
    end = play(start, [RandomBot(seed * 10 + p) for p in range(players)], seed, on_move=record)
    lines.append(f"returns: {end.returns()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players, seed", [(4, 2024), (3, 1999)])
def test_golden_transcript(players, seed):
    path = GOLDEN / f"random_{players}p_seed{seed}.txt"
    text = transcript(players, seed)
    if os.environ.get("GIGANTEN_REGENERATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"the transcript of {path.name} changed; see the module docstring to regenerate"
