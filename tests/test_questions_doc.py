"""docs/questions.md: every kind of question of every game that has them shows an example, and each example is
what the kit asks and answers today (regenerate one with :func:`example`)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOC = (Path(__file__).resolve().parents[1] / "docs" / "questions.md").read_text()
EXAMPLES = {(game, kind): (int(seed), text) for game, kind, seed, text in
            re.findall(r"<!-- question example: (\w+) (\w+) (\d+) -->\n```text\n(.*?)\n```", DOC, re.S)}
GAMES = [game for game in ("giganten", "firstgiants") if importlib.util.find_spec(f"{game}.questions")]


def example(game: str, kind: str, seed: int) -> str:
    """The example block of ``kind``: the prompt, the options (the right one marked), and the feedback for one
    wrong option (for a judgement question: for option 0)."""
    q = importlib.import_module(game).questions.make(kind, seed=seed)
    lines = [q.prompt] + [f"  {i}. {o}{'   <- right' if i == q.answer else ''}" for i, o in enumerate(q.options)]
    shown = 0 if q.answer is None else next(i for i in range(len(q.options)) if i != q.answer)
    feedback = q.check(shown)
    costs = "" if feedback.cost is None else f" (cost {feedback.cost:,.0f}, win_cost {feedback.win_cost:.3f})"
    return "\n".join(lines + [f"check({shown}){costs}: {feedback.text}"])


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_has_an_example(game):
    kinds = [k.name for k in importlib.import_module(game).questions.kinds()]
    assert [kind for g, kind in EXAMPLES if g == game] == kinds, "one example per kind, in the order of kinds()"


@pytest.mark.parametrize("game, kind", sorted(EXAMPLES))
def test_the_examples_are_what_the_kit_asks(game, kind):
    seed, text = EXAMPLES[game, kind]
    assert text == example(game, kind, seed)
