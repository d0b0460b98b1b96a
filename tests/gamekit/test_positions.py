"""gamekit/positions.py: the shared reader (shape limits, one field-named ValueError), the record's origin, save
format 3 for a game without positions, the default chance concern and the stepper's starting point."""
from __future__ import annotations

import json

import numpy as np
import pytest

import giganten as g
from gamekit import load, random_game
from gamekit.positions import (MAX_DEPTH, MAX_ITEMS, MAX_NUMBER, MAX_STRING, ChanceConcern, Fields, PositionError,
                               open_position, starting_point)
from tests.gamekit import toygame


def test_fields_read_what_is_asked_and_name_the_field():
    top = open_position({"players": [{"money": 5, "note": None}], "phase": "Roll "}, "toy")
    (path, item), = top.items("players", required=True)
    player = Fields(item, path)
    assert player.integer("money", 0, 10) == 5 and player.integer("debt", 0, 10, default=0) == 0
    player.done()  # (a null counts as left out, even for an unknown key)
    assert top.choice("phase", {"roll": 1, "move": 2}) == 1  # case and spaces do not matter
    top.done()
    with pytest.raises(PositionError) as info:
        Fields({"money": 11}, "players[2]").integer("money", 0, 10)
    assert info.value.field == "players[2].money" and str(info.value) == "players[2].money: must be <= 10, got 11"
    unknown = Fields({"mony": 1}, "players[0]")
    with pytest.raises(PositionError, match=r"players\[0\].mony: unknown field"):
        unknown.done()


def test_numpy_integers_and_tuples_stand_for_what_they_are():
    top = open_position({"n": np.int64(3), "square": (1, 2)}, "toy")
    assert top.data == {"n": 3, "square": [1, 2]} and type(top.data["n"]) is int


@pytest.mark.parametrize("value, words", [
    ({"x": True}, None),
    ({"x": 1.5}, "x: must be a whole number, got 1.5"),
    ({"x": float("nan")}, "x: must be a whole number"),
    ({"x": MAX_NUMBER + 1}, "x: a number of at most"),
    ({"x": "a" * (MAX_STRING + 1)}, "x: a text of at most"),
    ({"a" * (MAX_STRING + 1): 1}, "a key of at most"),
    ({"x": list(range(MAX_ITEMS + 1))}, "x: at most 500 entries"),
    ({"x": {1: 2}}, "x: keys must be texts"),
    ({"x": {1, 2}}, "x: not a value a position may hold: set"),
    ({"x": object()}, "x: not a value a position may hold"),
    ("[]", "is a JSON object"),
    ('{"x": NaN}', "NaN is not a number"),
    ('{"x": 1, "x": 2}', "appears twice"),
    ('{"x": ' * 10_000, "nested too deeply"),
    ('{"x": 1', "not valid JSON"),
    ("9" * 5000, "not valid JSON"),
])
def test_hostile_shapes_are_refused(value, words):
    if words is None:  # (true is a value; it is refused where a number is read)
        with pytest.raises(PositionError, match="x: must be a whole number, got true/false True"):
            open_position(value, "toy").integer("x", 0, 1)
        return
    with pytest.raises(PositionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        open_position(value, "toy")


def test_nesting_is_limited_in_dicts_too():
    deep: dict = {}
    node = deep
    for _ in range(MAX_DEPTH + 1):
        node["x"] = {}
        node = node["x"]
    with pytest.raises(PositionError, match="nested too deeply"):
        open_position(deep, "toy")


def test_a_game_without_positions_refuses_a_save_with_a_position():
    state = random_game(toygame.SPEC.new_game(2), 1)
    save = json.loads(state.to_json())
    assert save["version"] == 3 and state.origin is None
    save.update(version=4, position={"anything": 1})
    with pytest.raises(ValueError, match="toy has no positions"):
        toygame.SPEC.position_state({})
    with pytest.raises(ValueError, match="has no positions"):
        load(json.dumps(save), toygame.SPEC)


def test_a_chance_node_says_by_default_that_it_is_chance():
    state = toygame.SPEC.new_game(2)
    assert state.is_chance() and state.chance_concerns() == ChanceConcern("chance", None, None, 1, "a chance outcome")
    with pytest.raises(NotImplementedError):
        state.to_position()


def test_starting_point_is_a_state_or_a_scenario():
    assert starting_point(g.SPEC) is None
    assert starting_point(g.SPEC, scenario="overfill") == g.scenario("overfill")
    state = g.new_game(3)
    assert starting_point(g.SPEC, state) is state
    with pytest.raises(ValueError, match="not both"):
        starting_point(g.SPEC, state, "overfill")
    with pytest.raises(ValueError, match="expected a giganten state"):
        starting_point(g.SPEC, toygame.SPEC.new_game(2))
    with pytest.raises(ValueError, match="no giganten scenario"):
        starting_point(g.SPEC, scenario="nothing")
