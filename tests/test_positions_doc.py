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


def _section(game: str) -> str:
    heading = {"giganten": "## Giganten", "firstgiants": "## First Giants"}[game]
    return DOC.split(heading, 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_the_options_row_of_each_game_names_every_option(game):
    """Each game's table lists every option of its spec (First Giants' news_values, which its example uses,
    included)."""
    module = importlib.import_module(game)
    row = next(line for line in _section(game).splitlines() if line.startswith("| `options` |"))
    assert [name for name in module.SPEC.option_defaults if f"`{name}`" not in row] == []
    assert set(json.loads(EXAMPLES[game])["options"]) == set(module.SPEC.option_defaults)


def test_the_doc_states_one_convention_for_both_games():
    import firstgiants as fg
    import giganten as g

    convention = DOC.split("## One convention for both games", 1)[1].split("\n## ", 1)[0]
    for words in ("numbered from 0", "`PlayMarker(3)`", "`dig_sites[3].cards[0]`", "worked out and checked",
                  "from_position(data, seed=None)", '"version": 2', '"version": 1', "null too"):
        assert words in convention, words
    for module in (g, fg):  # both take a seed, and both write the version the doc names
        data = module.scenario(module.scenarios()[0]).to_position()
        assert data["version"] == 2 and module.from_position(data, seed=3).to_position() == data


def test_the_quoted_nearest_card_message_is_the_kits():
    import firstgiants as fg

    data = fg.scenario("steal_and_lock_a_news_token").to_position()
    data["players"][0]["study"] = ["Small Flyng"]
    with pytest.raises(ValueError) as info:
        fg.from_position(data)
    assert str(info.value) in " ".join(DOC.split())


def test_the_tournament_doc_says_a_pool_writes_rows_in_the_order_games_finish():
    text = " ".join((Path(__file__).resolve().parents[1] / "docs" / "tournament.md").read_text().split())
    assert "A pool (`processes=N`, or an `executor`) writes the rows in the order the games finish" in text
