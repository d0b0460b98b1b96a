"""A golden transcript: one seeded 3-player game's actions and events, compared line by line.

Any change to the rules, the deck or an event's wording shows up here.  After an intended
change, regenerate with ``FIRSTGIANTS_REGOLD=1 pytest tests/firstgiants/test_golden.py`` and
read the diff before committing it.
"""
from __future__ import annotations

import os
from pathlib import Path

import firstgiants as g
from gamekit import random_game, states_along

GOLDEN = Path(__file__).with_name("golden") / "game_3p_seed7.txt"


def transcript() -> str:
    final = random_game(g.new_game(3), seed=7)
    lines = [f"First Giants, 3 players, random_game seed 7, {final.move_number} moves"]
    for state in states_along(final):
        if state.move_number:
            lines.append(f"{state.move_number}. {state.history()[-1]}")
        lines += [f"    {e}" for e in state.events]
    lines.append(f"returns {final.returns()}, winners {final.winners()}")
    return "\n".join(lines) + "\n"


def test_golden_transcript():
    text = transcript()
    if os.environ.get("FIRSTGIANTS_REGOLD"):
        GOLDEN.write_text(text)
    expected = GOLDEN.read_text().splitlines()
    got = text.splitlines()
    for i, (a, b) in enumerate(zip(expected, got)):
        assert a == b, f"line {i + 1} differs:\n expected {a}\n got      {b}"
    assert len(expected) == len(got)
