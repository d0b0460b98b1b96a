"""docs/positions.md: its example positions load (each complete: read back, it is written the same) and the
error messages it quotes are the ones the kit gives."""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

DOC = (Path(__file__).resolve().parents[1] / "docs" / "positions.md").read_text()
EXAMPLES = dict(re.findall(r"<!-- position example: (\w+) -->\n```json\n(.*?)\n```", DOC, re.S))


def test_the_doc_has_an_example_per_game():
    assert set(EXAMPLES) == {"giganten", "firstgiants"}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_an_example_position_loads_and_is_complete(game):
    module = importlib.import_module(game)
    data = json.loads(EXAMPLES[game])
    state = module.from_position(data)
    assert state.to_position() == data
    assert state.legal_actions() or state.chance_outcomes()


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_the_scenarios_the_doc_names_exist(game):
    module = importlib.import_module(game)
    section = DOC.split(f"<!-- position example: {game} -->")[1]
    named = re.search(r"The scenarios: (.*?)\.\n\n", section, re.S).group(1)
    assert sorted(re.findall(r"`(\w+)`", named)) == module.scenarios()


def test_the_quoted_messages_are_the_kits():
    import giganten as g

    base = g.scenario("auction_bluff").to_position()
    base["players"][2]["money"] = -1
    with pytest.raises(ValueError) as info:
        g.from_position(base)
    assert str(info.value) in DOC
