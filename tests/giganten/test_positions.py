"""Giganten positions (docs/positions.md): the round trip, saves that start from a position, chance concerns,
and every position the components or the rules forbid refused with one ValueError naming the field."""
from __future__ import annotations

import copy
import json
import pickle
import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import giganten as g
from gamekit import sample_chance, states_along
from gamekit.checks import check_mutated_positions, check_position_round_trip, field_paths
from gamekit.positions import ChanceConcern, PositionError
from gamekit.record import rewind, undo
from giganten import rules as R
from giganten.components import COMPONENTS

from ..position_fuzz import JSON_VALUES, replaced
from ..position_fuzz import played_states as random_play_states


#: States of one random game of this game (see tests/position_fuzz.py).
played_states = partial(random_play_states, g.new_game)


def test_round_trip_of_500_states_from_random_play_continues_identically_to_the_end():
    rng = random.Random(2024)
    checked, phases = 0, set()
    for seed in range(40):
        for s in played_states(3 + seed % 2, seed, 0.035):
            check_position_round_trip(s, rng)
            checked += 1
            phases.add(s.phase_name)
    assert checked >= 500
    assert phases == {phase.name for phase in R.round.PHASES.values()}



VARIANTS = [name for name, default in g.SPEC.option_defaults.items() if type(default) is bool]


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trip_holds_under_each_variant(variant):
    """Every on/off option of the game (read from its spec), switched on: positions keep it and play on alike."""
    rng = random.Random(variant)
    checked = 0
    for seed in range(6):
        for s in played_states(3 + seed % 2, seed, 0.03, **{variant: True}):
            assert s.to_position()["options"][variant] is True
            check_position_round_trip(s, rng)
            checked += 1
    assert checked >= 30

def test_a_new_game_is_the_position_of_its_deal():
    s = g.new_game(3)
    data = s.to_position()
    assert data["phase"] == "deal" and data["tiles"] == [] and "turn" not in data
    assert g.from_position(data).observation(0) == s.observation(0)


def test_left_out_fields_take_the_rules_values():
    s = g.from_position({"players": [{}, {}, {}, {}], "phase": "roll"})
    assert s.money == (COMPONENTS.start_money,) * 4 and s.supply == COMPONENTS.oil_chips
    assert sum(s.lic_draw) == COMPONENTS.license_ones + COMPONENTS.license_twos
    assert s.site_state.count(R.TILE) == 36  # every space dealt, from the seed
    assert g.from_position({"players": [{}, {}, {}, {}], "phase": "roll"}).site_value == s.site_value
    assert g.from_position({"players": [{}, {}, {}, {}], "phase": "roll"}, seed=5).site_value != s.site_value
    three = g.from_position({"players": [{}, {}, {}], "phase": "roll"})
    assert three.site_state.count(R.TILE) == 30


def test_the_position_is_plain_json_in_the_rulebooks_words():
    s = g.scenario("locomotives_back")
    data = s.to_position()
    assert json.loads(json.dumps(data)) == data
    blue = data["players"][1]
    assert blue["card"] == "red card (black +3, 2 licenses, 4 moves, locomotives back 5)"
    assert data["prices"] == {"Hudson": 5000, "Jet": 5000, "Standard": 5000}
    assert data["phase"] == "move" and data["turn"] == "Blue" and data["movement_points"] == 4
    assert all(isinstance(t["square"], list) for t in data["tiles"])


def test_from_position_copies_its_input():
    data = g.scenario("overfill").to_position()
    s = g.from_position(data)
    data["players"][0]["money"] = 1
    assert s.money[0] == COMPONENTS.start_money


# -- saves ------------------------------------------------------------------------------------------------


def _play(s, moves, seed=0):
    rng = random.Random(seed)
    for _ in range(moves):
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    return s


def test_a_game_from_a_position_saves_the_position_with_its_actions():
    start = g.scenario("price_zones")
    s = _play(start, 40)
    saved = json.loads(s.to_json())
    assert saved["version"] == 4 and saved["position"] == start.to_position()
    assert len(saved["actions"]) == 40
    loaded = g.from_json(s.to_json())
    assert loaded == s and loaded.history() == s.history() and loaded.origin == s.origin
    assert pickle.loads(pickle.dumps(s)) == s and copy.deepcopy(s).origin == s.origin


def test_undo_rewind_and_time_travel_stop_at_the_position():
    start = g.scenario("price_zones")
    s = _play(start, 12)
    assert undo(s, 100) == start and rewind(s, 0) == start and rewind(s, 5) == _play(start, 5)
    along = list(states_along(s))
    assert along[0] == start and along[-1] == s and len(along) == 13
    assert s.move_number == 12


def test_saves_without_a_position_keep_version_3_and_old_versions_load():
    s = _play(g.new_game(4), 30)
    saved = json.loads(s.to_json())
    assert saved["version"] == 3 and "position" not in saved
    assert g.from_json(s.to_json()) == s
    newer = {name for name, (since, _) in g.SPEC.options_added.items() if since > 2}
    two = dict(saved, version=2, options={k: v for k, v in saved["options"].items() if k not in newer})
    assert g.from_json(json.dumps(two)) == s
    one = dict(two, options={k: v for k, v in two["options"].items() if k != "first_player"}, version=1)
    assert g.from_json(json.dumps(one)) == s
    four = dict(saved, version=4)
    assert g.from_json(json.dumps(four)) == s  # (version 4 without a position: a game from new_game)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(version=3), "did not exist in format version 3"),
    (lambda d: d.update(players=4), "the starting position is a 3-player game"),
    (lambda d: d["position"]["players"][0].update(money=-5), "players[0].money: must be >= 0"),
    (lambda d: d["options"].update(open_licenses=True), "the starting position is a 3-player game"),
])
def test_a_save_whose_position_disagrees_is_refused(change, words):
    saved = json.loads(_play(g.scenario("auction_bluff"), 3).to_json())
    change(saved)
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        g.from_json(json.dumps(saved))


# -- chance concerns ---------------------------------------------------------------------------------------


def test_every_chance_node_says_what_it_concerns():
    kinds = {}
    for s in played_states(4, 3, 1.0):
        concern = s.chance_concerns()
        if not s.is_chance():
            assert concern is None
            continue
        assert isinstance(concern, ChanceConcern) and str(concern) == concern.text
        kinds[s.phase_name] = concern
    assert set(kinds) >= {"deal", "roll", "red card", "beige cards", "licenses"}
    assert kinds["deal"].kind == "tile" and kinds["deal"].where.startswith("(")
    assert kinds["roll"].kind == "price die" and kinds["roll"].where in COMPONENTS.companies
    assert kinds["red card"].where == "red pile" and kinds["beige cards"].where == "beige pile"


def test_a_teacher_chooses_blue_draws_two_ones():
    s = g.from_position({"players": [{"card": "beige card (5 licenses, 8 moves)"},
                                     {"card": "beige card (2 licenses, 10 moves, change a price by up to 2)"},
                                     {"card": "red card (black +1, 4 licenses, 2 moves, take 1 oil chip)"}],
                         "phase": "licenses", "turn": "Blue", "licenses_to_draw": 2, "black_locomotive": 1})
    concern = s.chance_concerns()
    assert (concern.kind, concern.player, concern.count) == ("licenses", 1, 2)
    s = s.apply(g.DrawLicenses(2, 0))
    assert s.licenses(1) == (2, 0)


def test_the_penalty_concerns_the_winners_hand():
    s = g.scenario("winner_cannot_pay").apply(g.Bid(8))
    concern = s.chance_concerns()
    assert (concern.kind, concern.player, concern.count, concern.where) == ("penalty", 0, 3, "Red's hand")


# -- refused positions -------------------------------------------------------------------------------------


def _bid_base():
    """A valid position to spoil (the auction of the scenario auction_bluff)."""
    return g.scenario("auction_bluff").to_position()


REFUSED = [
    ("players[2].money: must be >= 0", lambda d: d["players"][2].update(money=-1)),
    ("players[2].money: must be a whole number", lambda d: d["players"][2].update(money=True)),
    ("players[2].money: must be a whole number", lambda d: d["players"][2].update(money="15000")),
    ("players[2].money: number too large", lambda d: d["players"][2].update(money=10**40)),
    ("players[0].licenses.1: must be <= 39", lambda d: d["players"][0]["licenses"].update({"1": 40})),
    ("licenses: 42 license cards of value 2", lambda d: [p["licenses"].update({"2": 20}) for p in d["players"][:2]]),
    ("players: 61 oil chips", lambda d: d["players"][2]["storage"].update(Jet=58)),
    ("players[1].derricks[5]: Blue has 5 derricks", lambda d: d["players"][1].update(derricks=[
        {"square": sq, "oil": 1, "tile": t} for sq, t in
        [([3, 2], 2), ([6, 2], 2), ([10, 2], 2), ([0, 3], 2), ([2, 4], 3), ([6, 4], 3)]])),
    ("already has players[0].derricks[0] on it", lambda d: (
        d["players"][0].update(derricks=[{"square": [3, 2], "oil": 1, "tile": 2}]),
        d["tiles"].append({"square": [3, 2], "oil": 3}))),
    ("players[1].truck: Red's truck stands on (4, 5) too",
     lambda d: [p.update(truck=[4, 5]) for p in d["players"][:2]]),
    ("players[0].truck: (3, 2) has a face-down tile", lambda d: d["players"][0].update(truck=[3, 2])),
    ("is marked for four players", lambda d: d["tiles"].append({"square": [4, 4], "oil": 2})),
    ("tiles[0].oil: a tile with one derrick shows 2 or 3 or 4 oil", lambda d: d["tiles"][0].update(oil=5)),
    ("tiles with one derrick show 2 oil (face down, under derricks or emptied); the box has 4",
     lambda d: [t.update(oil=2) for t in d["tiles"][:6]]),
    ("action_cards: 7 'beige card (5 licenses, 8 moves)'", lambda d: d["action_cards"].update(
        display=["beige card (5 licenses, 8 moves)"], discard={"beige card (5 licenses, 8 moves)": 6})),
    ("action_cards.discard.beige card (5 licenses, 8 moves): must be <= 6", lambda d: d["action_cards"].update(
        discard={"beige card (5 licenses, 8 moves)": 7})),
    ("action_cards.display[0]: must be one of", lambda d: d["action_cards"].update(display=["joker"])),
    ("prices.Jet: $5,250 is not on the price table", lambda d: d["prices"].update(Jet=5250)),
    ("prices.Shell: must be one of", lambda d: d["prices"].update(Shell=5000)),
    ("phase: must be one of", lambda d: d.update(phase="lunch")),
    ("players[0].mony: unknown field", lambda d: d["players"][0].update(mony=5)),
    ("players: Giganten is for 3 to 4 players", lambda d: d["players"].extend([{}, {}])),
    ("players[1].name: the players sit in colour order", lambda d: d["players"][1].update(name="Green")),
    ("players[0].storage.Hudson: 3 chips: more than 2 in one storage", lambda d: d.update(
        phase="roll", company="Hudson", auction=None, turn="Blue") or d["players"][0]["storage"].update(Hudson=3)),
    ("auction.passed[0]: Yellow has no oil stored", lambda d: d["auction"].update(passed=["Yellow"])),
    ("auction.company: nobody has oil stored at US Standard Oil Trust", lambda d: d["auction"].update(
        company="Standard")),
    ("auction.high_bid: Blue's licenses are worth 4: enough to pay 3", lambda d: (
        d.update(phase="penalty", turn="Blue"), d["auction"].update(high_bid=3, high_bidder="Blue"))),
    ("turn: it is Blue's turn here, got Red: the auction's bids and passes decide it (Action 7 a)",
     lambda d: d.update(turn="Red")),
    ("black_locomotive: on space 20 the black locomotive has reached the oil harbour",
     lambda d: d.update(black_locomotive=20)),
    ("round: round 12 with the black locomotive on space 9", lambda d: d.update(round=12)),
    ("turn: Red cannot build", lambda d: d.update(phase="build", turn="Red", auction=None)),
    ("licenses_to_draw: missing", lambda d: d.update(phase="licenses", turn="Red", auction=None) or [
        p.update(card=c) for p, c in zip(d["players"], ["beige card (5 licenses, 8 moves)",
                                                       "beige card (4 licenses, 10 moves)",
                                                       "beige card (6 licenses, 6 moves)"])]),
    ("players[0].card: Red holds a card", lambda d: d["players"][0].update(card="beige card (5 licenses, 8 moves)")),
    ("game: this is a position of 'firstgiants'", lambda d: d.update(game="firstgiants")),
    ("options.fast: unknown giganten option (the options: one_opponent_back", lambda d: d["options"].update(fast=True)),
    ("options.first_player: must be a whole number, got true", lambda d: d["options"].update(first_player=True)),
    ("options.first_player: a seat from 0 to 2, got 3", lambda d: d["options"].update(first_player=3)),
    ("players[0].mony: unknown field", lambda d: d["players"][0].update(mony=None)),
    ("company: not a field of this phase", lambda d: d.update(company="Jet")),
    ("the key 'x' appears twice", None),
    ("nested too deeply", lambda d: d.update(extra=[[[[[[[[[[1]]]]]]]]]])),
    ("players[0].name: a text of at most 200 characters", lambda d: d["players"][0].update(name="R" * 10**6)),
    ("players[0].truck[0]: must be a whole number, got 1.5", lambda d: d["players"][0].update(truck=[1.5, 2])),
    ("players[0].truck: (12, 0) is off the board", lambda d: d["players"][0].update(truck=[12, 0])),
    ("players[0].looked_at[0]: (3, 8) is a red two-derrick space", lambda d: d["players"][0].update(
        looked_at=[[3, 8]])),
    ("a giganten position is a JSON object", lambda d: "[1, 2]"),
]


@pytest.mark.parametrize("words, change", REFUSED, ids=[w[:40] for w, _ in REFUSED])
def test_a_forbidden_position_is_refused_naming_the_field(words, change):
    data = _bid_base()
    result = change(data) if change is not None else '{"x": 1, "x": 2}'
    if isinstance(result, str):
        data = result
    with pytest.raises(ValueError) as info:
        g.from_position(data)
    assert isinstance(info.value, PositionError)
    assert words in str(info.value), str(info.value)


def test_the_base_of_the_refusals_is_valid():
    g.from_position(_bid_base())


def test_hostile_text_is_refused_with_a_value_error():
    for text in ("[" * 100_000, "{" * 50 + "}" * 50, '{"players": NaN}', "1" * 5000, b"\xff\xfe", "x" * 2_000_000):
        with pytest.raises(ValueError):
            g.from_position(text)
    cyclic: dict = {}
    cyclic["players"] = [cyclic]
    with pytest.raises(ValueError, match="nested too deeply"):
        g.from_position(cyclic)
    with pytest.raises(ValueError):
        g.from_position(object())
    with pytest.raises(ValueError):
        g.from_position(_bid_base(), seed="1")


def test_a_huge_number_is_refused_as_too_large_naming_the_field():
    text = json.dumps(_bid_base()).replace('"round": 5', '"round": ' + "7" * 5000)
    with pytest.raises(PositionError) as info:
        g.from_position(text)
    assert str(info.value).startswith("round: number too large") and "set_int_max_str_digits" not in str(info.value)


def test_a_bad_action_card_names_the_nearest_cards():
    data = _bid_base()
    data["players"][0]["card"] = "beige card (5 licenses, 9 moves)"
    with pytest.raises(PositionError, match=r"players\[0\]\.card: .*the nearest: 'beige card \(5 licenses, 8 moves\)'"):
        g.from_position(data)


def test_a_field_of_another_phase_may_be_null_and_a_misspelt_one_may_not():
    data = _bid_base()
    data.update(company=None, movement_points=None, chip_from=None)
    assert g.from_position(data) == g.from_position(_bid_base())
    data["aution"] = None
    with pytest.raises(PositionError, match="^aution: unknown field"):
        g.from_position(data)


def test_turn_may_be_left_out_where_the_position_says_it_and_is_required_only_where_nothing_does():
    """The convention both games share (docs/positions.md): whose turn it is is worked out from the rest of the
    position and checked; only in licenses, build and a transport from an emptied derrick is it required."""
    required = set()
    for seed in range(6):
        for s in played_states(3 + seed % 2, 200 + seed, 0.05):
            data = s.to_position()
            given = data.pop("turn", None)
            if given is None:
                continue
            try:
                assert g.from_position(data) == g.from_position(dict(data, turn=given)), s.phase_name
            except PositionError as error:
                assert str(error).startswith(f"turn: missing: in phase '{s.phase_name}' nothing else"), str(error)
                required.add(s.phase_name)
                continue
            wrong = next(p["name"] for p in data["players"] if p["name"] != given)
            with pytest.raises(PositionError, match=f"^turn: it is {given}'s turn here, got {wrong}: "):
                g.from_position(dict(data, turn=wrong))
    assert required <= {"licenses", "build", "transport"} and {"licenses", "build"} <= required


def test_from_position_takes_a_seed_for_the_tiles_it_deals():
    data = {"players": [{}, {}, {}], "phase": "roll"}
    assert g.from_position(data, seed=3) == g.from_position(data, 3) != g.from_position(data)
    with pytest.raises(ValueError, match="seed must be a whole number, got bool"):
        g.from_position(data, seed=True)


BASE = _bid_base()
BASE_PATHS = list(field_paths(BASE))[1:]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASE_PATHS), JSON_VALUES)
def test_fuzz_any_field_replaced_by_anything_gives_a_state_or_a_value_error(path, value):
    try:
        s = g.from_position(replaced(BASE, path, value))
    except ValueError:
        return
    assert s.to_position()["game"] == "giganten"


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_fuzz_anything_at_all_gives_a_value_error(value):
    with pytest.raises(ValueError):
        g.from_position(value)
    with pytest.raises(ValueError):
        g.from_position(json.dumps(value))


def test_fuzz_positions_of_random_play_spoilt_are_refused_or_play_on_keeping_the_rules():
    """Positions from random games (all player counts), spoilt as an editing teacher might (a number off, a card
    or name from another position, an entry dropped or repeated): a ValueError, or a state that round-trips
    and plays to its end keeping the conservation laws -- never another exception."""
    from .invariants import conservation

    states = (s for seed in range(30) for s in played_states(3 + seed % 2, seed, 0.02))
    refused, accepted = check_mutated_positions(states, random.Random(13), conservation)
    assert refused + accepted >= 150 and refused > 100 and accepted > 5
