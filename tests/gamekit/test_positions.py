"""gamekit/positions.py: the shared reader (shape limits, one field-named ValueError), the record's origin, save
format 3 for a game without positions, the default chance concern and the stepper's starting point."""
from __future__ import annotations

import json

import numpy as np
import pytest

import giganten as g
from gamekit import load, random_game
from gamekit.i18n import using
from gamekit.i18n.say import Say
from gamekit.positions import (FORMAT_VERSION, MAX_DEPTH, MAX_ITEMS, MAX_NUMBER, MAX_STRING, ChanceConcern, Fields,
                               PositionError, choose, nearest, open_position, seed_of, starting_point)
from tests.gamekit import toygame


def test_fields_read_what_is_asked_and_name_the_field():
    top = open_position({"players": [{"money": 5, "note": None}], "phase": "Roll "}, "toy")
    (path, item), = top.items("players", required=True)
    player = Fields(item, path)
    assert player.integer("money", 0, 10) == 5 and player.integer("debt", 0, 10, default=0) == 0
    player.done(elsewhere=("note",))  # (a field of another phase: null counts as left out)
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
    ({"x": MAX_NUMBER + 1}, "x: number too large"),
    ({"x": -10**5000}, "x: number too large"),
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
    ("9" * 5000, "number too large"),
    ('{"x": {"y": ' + "9" * 5000 + "}}", "x.y: number too large"),
])
def test_hostile_shapes_are_refused(value, words):
    if words is None:  # (true is a value; it is refused where a number is read)
        with pytest.raises(PositionError, match="x: must be a whole number, got true$"):
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
    concern = state.chance_concerns()
    assert state.is_chance() and concern == ChanceConcern("chance", None, None, 1, Say("a chance outcome"))
    assert concern.text == str(concern) == "a chance outcome"  # (English, the kit's language here)
    with using("de"):
        assert str(concern) == "ein Zufallsergebnis" and concern.text == "a chance outcome"
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


def test_a_refusal_says_what_was_given_in_json_words():
    fields = open_position({"a": None, "b": False, "c": [1], "d": "x"}, "toy")
    with pytest.raises(PositionError, match=r"^c: must be a text, got a list \[1\]$"):
        fields.text("c")
    with pytest.raises(PositionError, match="^b: must be one of 'one'; got false$"):
        fields.choice("b", {"one": 1})
    with pytest.raises(PositionError, match="^d: must be a whole number, got a text 'x'$"):
        fields.integer("d", 0, 1)
    with pytest.raises(PositionError, match="^p: must be one of 'one'; got null$"):
        choose("p", None, {"one": 1})


def test_an_unknown_key_is_refused_even_when_null():
    with pytest.raises(PositionError, match=r"^players\[0\]\.note: unknown field \(known here: money\)$"):
        fields = Fields({"money": 1, "note": None}, "players[0]")
        fields.integer("money", 0, 10)
        fields.done()
    other_phase = Fields({"auction": {"company": "Jet"}}, "")
    with pytest.raises(PositionError, match="^auction: not a field of this phase"):
        other_phase.done(elsewhere=("auction",))


def test_a_name_among_many_is_refused_with_the_nearest_names():
    many = {f"card {i:02}": i for i in range(40)}
    with pytest.raises(PositionError, match=r"^c: must be one of 40 names, got a text 'card 7'; the nearest: "
                                            r"'card 07', 'card 17', 'card 27'$"):
        choose("c", "card 7", many)
    with pytest.raises(PositionError, match="^c: must be one of 40 names, got a number 7; the nearest: "):
        choose("c", 7, many)
    assert nearest("Small Flyng", ["#4 Medium Flying", "#0 Small Flying", "Large"], 1) == ["#0 Small Flying"]


def test_the_version_is_1_or_2_and_given_to_the_reader():
    assert open_position({}, "toy").version == FORMAT_VERSION == 2
    assert open_position({"version": 1}, "toy").version == 1
    with pytest.raises(PositionError, match="^version: must be <= 2, got 3$"):
        open_position({"version": 3}, "toy")


def test_a_seed_is_a_whole_number():
    assert seed_of(None) == 0 and seed_of(np.int64(4)) == 4
    for bad in (True, "1", 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            seed_of(bad)
