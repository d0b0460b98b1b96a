"""Save files (JSON, never pickle), replay and determinism."""
from __future__ import annotations

import json

import pytest

import giganten as g
from gamekit import RandomBot, play, random_game, rewind


def test_same_seed_same_game():
    assert random_game(g.new_game(4), 5).history() == random_game(g.new_game(4), 5).history()
    assert random_game(g.new_game(4), 5).history() != random_game(g.new_game(4), 6).history()


def test_save_and_load_round_trip_and_play_on_identically():
    s = rewind(random_game(g.new_game(4, open_licenses=True), 3), 150)
    text = s.to_json()
    data = json.loads(text)
    assert data["game"] == "giganten" and data["options"]["open_licenses"] is True
    loaded = g.from_json(text)
    assert loaded == s and loaded.history() == s.history()
    a = play(s, [RandomBot(p) for p in range(4)], 9)
    b = play(loaded, [RandomBot(p) for p in range(4)], 9)
    assert a.history() == b.history()


@pytest.mark.parametrize("damage", [
    lambda d: d["actions"].append({"kind": "bid", "amount": 3}),          # not legal at that point
    lambda d: d["actions"].__setitem__(0, {"kind": "deal_tile", "value": 9}),
    lambda d: d["actions"].__setitem__(0, {"kind": "step", "direction": 3}),
    lambda d: d.update(players=5),
    lambda d: d["options"].update(open_licenses="yes"),
])
def test_a_damaged_save_file_fails_with_one_value_error(damage):
    data = json.loads(rewind(random_game(g.new_game(4), 3), 60).to_json())
    damage(data)
    with pytest.raises(ValueError):
        g.from_json(json.dumps(data))
