"""First Giants positions (docs/positions.md): the round trip, saves that start from a position, chance concerns,
and every position the components or the rules forbid refused with one ValueError naming the field."""
from __future__ import annotations

import json
import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import firstgiants as fg
from gamekit import sample_chance, states_along
from gamekit.checks import check_mutated_positions, check_position_round_trip, field_paths
from gamekit.positions import ChanceConcern, PositionError
from gamekit.record import VERSION, WITHOUT_POSITION, replay, rewind, undo
from firstgiants.components import CARDS, TOKENS
from firstgiants.rules import PHASE_NAMES

from ..position_fuzz import JSON_VALUES, replaced
from ..position_fuzz import played_states as random_play_states


#: States of one random game of this game (see tests/position_fuzz.py).
played_states = partial(random_play_states, fg.new_game)


def test_round_trip_of_500_states_from_random_play_continues_identically_to_the_end():
    rng = random.Random(2024)
    checked, phases, counts = 0, set(), set()
    for seed in range(44):
        players = 2 + seed % 4
        for s in played_states(players, seed, 0.045):
            check_position_round_trip(s, rng)
            checked += 1
            phases.add(s.phase_name)
            counts.add(players)
    assert checked >= 500 and counts == {2, 3, 4, 5}
    assert phases == {"deal", "reveal", "start of turn", "take a card", "resolve effects", "reclaim", "game over"}
    assert phases <= set(PHASE_NAMES)



VARIANTS = [name for name, default in fg.SPEC.option_defaults.items() if type(default) is bool]


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trip_holds_under_each_variant(variant):
    """Every on/off option of the game (read from its spec), switched on: positions keep it and play on alike."""
    rng = random.Random(variant)
    checked = 0
    for seed in range(6):
        for s in played_states(2 + seed % 4, seed, 0.03, **{variant: True}):
            assert s.to_position()["options"][variant] is True
            check_position_round_trip(s, rng)
            checked += 1
    assert checked >= 30

def test_a_new_game_is_the_position_of_its_deal():
    s = fg.new_game(3)
    data = s.to_position()
    assert data["phase"] == "deal" and "turn" not in data and data["deck_top"] is None
    assert fg.from_position(data).observation(0) == s.observation(0)


def test_left_out_fields_take_the_rules_values():
    s = fg.scenario("second_card_fixes_the_type")
    assert s.amber_supply() == TOKENS.amber_in_box - sum(s.amber)
    assert s.set_supply == TOKENS.set_tokens_in_play[3] and s.set_box == TOKENS.set_tokens_in_box - s.set_supply
    assert len(s.deck) == len(CARDS) - 8 - 1 - 4  # (the dig sites, the top card, the Studies and the display)


def test_cards_are_named_by_label_or_number_and_names_come_from_the_players():
    data = fg.scenario("second_card_fixes_the_type").to_position()
    assert data["players"][0]["study"] == ["#12 Small Herbivore", "#28 Medium Carnivore"]
    data["players"][0]["study"] = ["#12", "#28 medium carnivore"]
    for p, name in enumerate(("Zoe", "Max", "Ida")):
        data["players"][p]["name"] = name
    data["options"], data["first_player"], data["turn"] = {}, "Zoe", "Zoe"
    s = fg.from_position(data)
    assert s.study[0] == (12, 28) and s.names == ("Zoe", "Max", "Ida") and s.options["names"] == "Zoe,Max,Ida"


def test_a_game_from_a_position_saves_the_position_with_its_actions():
    start = fg.scenario("simultaneous_triggers")
    rng = random.Random(1)
    s = start
    for _ in range(25):
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    saved = json.loads(s.to_json())
    assert saved["version"] == VERSION and saved["position"] == start.to_position() and len(saved["actions"]) == 25
    assert fg.from_json(s.to_json()) == s
    assert undo(s, 100) == start and rewind(s, 0) == start and next(iter(states_along(s))) == start



def test_replay_starts_at_the_position_and_a_save_reads_back_to_the_same_text():
    start = fg.scenario("set_tokens_run_out")
    rng = random.Random(4)
    s = start
    while not s.is_terminal():
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    assert replay(fg.SPEC, s.num_players, s.options, s.history(), s.origin) == s
    assert fg.from_json(s.to_json()).to_json() == s.to_json()


def test_a_game_from_new_game_saves_without_a_position_in_the_older_version_and_loads():
    s = fg.new_game(4)
    rng = random.Random(2)
    for _ in range(30):
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    saved = json.loads(s.to_json())
    assert saved["version"] == WITHOUT_POSITION < VERSION and "position" not in saved and fg.from_json(s.to_json()) == s


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(players=4), "the starting position is a 3-player game"),
    (lambda d: d["position"]["players"][0].update(amber=-1), "players[0].amber: must be >= 0"),
    (lambda d: d.update(version=WITHOUT_POSITION), "\"position\" did not exist in format version"),
])
def test_a_save_whose_position_disagrees_is_refused(change, words):
    s = fg.scenario("amber_runs_out")
    saved = json.loads(s.apply(fg.scenario_info("amber_runs_out").moves()[0]).to_json())
    change(saved)
    with pytest.raises(ValueError) as info:
        fg.from_json(json.dumps(saved))
    assert words in str(info.value)

def test_every_chance_node_says_what_it_concerns():
    seen = {}
    for s in played_states(3, 2, 1.0):
        concern = s.chance_concerns()
        assert (concern is None) == (not s.is_chance())
        if concern is not None:
            assert isinstance(concern, ChanceConcern) and concern.kind == "card"
            seen[s.phase_name] = concern.where
    assert seen["deal"].startswith("dig site") and seen["reveal"] == "deck"


def _base():
    """A valid position to spoil (the scenario steal_and_lock_a_news_token)."""
    return fg.scenario("steal_and_lock_a_news_token").to_position()


def _museum(cards, type_=None, tokens=None):
    out = {"cards": cards, "type": type_}
    if tokens is not None:
        out["set_tokens"] = tokens
    return out


REFUSED = [
    ("players[1].amber: must be >= 0", lambda d: d["players"][1].update(amber=-1)),
    ("players[1].amber: must be a whole number", lambda d: d["players"][1].update(amber=True)),
    ("players: the players hold 81 amber; the box has 80", lambda d: d["players"][2].update(amber=77)),
    ("dig_sites[0].cards[0]: #0 Small Flying is already in players[2].study[0]",
     lambda d: d["players"][2].update(study=["#0 Small Flying"])),
    ("players[2].study[0]: card #12 is #12 Small Herbivore, not '#12 Small Flying'",
     lambda d: d["players"][2].update(study=["#12 Small Flying"])),
    ("players[2].museum[0].cards[1]: a Medium Marine cannot join a Small Carnivore",
     lambda d: d["players"][2].update(museum=[_museum(["#24", "#40"])])),
    ("players[2].museum[0].type: these cards make Small size set",
     lambda d: d["players"][2].update(museum=[_museum(["#24", "#36"], "Carnivore family set")])),
    ("players[2].museum[0].set_tokens: must be <= 1",
     lambda d: d["players"][2].update(museum=[_museum(["#24", "#36"], "Small size set", 2)])),
    ("news_tokens: Cleo has expanded a Small size set", lambda d: d["players"][2].update(
        museum=[_museum(["#26", "#38"], "Small size set")])),
    ("news_tokens.Herbivore.holder: Ana has a larger Herbivore family set (3 cards against 2)", lambda d: (
        d["players"][0]["museum"][0].update(cards=["#12", "#16", "#20"], set_tokens=2),
        d["players"][0].update(study=[]),
        d.update(phase="start of turn", reclaim_left=None))),
    ("news_tokens.Marine: Cleo has no Marine family set", lambda d: d["news_tokens"].update(
        Marine={"holder": "Cleo"})),
    ("news_tokens.Herbivore.kept_for_good: a News token is kept for good exactly when",
     lambda d: d["news_tokens"]["Herbivore"].update(kept_for_good=True)),
    ("players: 20 Set tokens lie on the sets; 3 players play with 20", lambda d: d["players"][2].update(museum=[
        _museum([f"#{c}" for c in cards], kind) for cards, kind in (
            ((2, 14, 26, 38, 50), "Small size set"), ((6, 19, 28, 40, 52), "Medium size set"),
            ((8, 21, 32, 45, 56), "Large size set"), ((37, 41, 46), "Marine family set"),
            ((48, 53, 58), "Mammal family set"), ((24, 29, 33), "Carnivore family set"))])),
    ("turn: it is Ana's turn here", lambda d: d.update(turn="Ben")),
    ("phase: must be one of", lambda d: d.update(phase="refill")),
    ("reclaim_left: must be <= 4", lambda d: d.update(reclaim_left=5)),
    ("dig_sites[1].cards[0]: empty, but the deck has cards", lambda d: d["dig_sites"][1]["cards"].__setitem__(0, None)),
    ("dig_sites[1].markers[1]: Ben is given twice", lambda d: d["dig_sites"][1].update(markers=["Ben", "Ben"])),
    ("dig_sites: there are 4 dig sites", lambda d: d["dig_sites"].pop()),
    ("turns_played: 40 turns with 5 cards taken", lambda d: d.update(turns_played=40)),
    ("end_triggered: the deck still has cards", lambda d: d.update(end_triggered="the deck is empty after a refill")),
    ("end_triggered: only 2 of the 20 Set tokens", lambda d: d.update(
        end_triggered="Ana took the last Set token from the supply")),
    ("players: First Giants is for 2 to 5 players", lambda d: d["players"].extend([{}, {}, {}])),
    ("players[1].name: seat 2 is Ben", lambda d: d.update(options={"names": "Ana,Ben,Cleo"}) or d["players"][1].update(
        name="Bob")),
    ("game: this is a position of 'giganten'", lambda d: d.update(game="giganten")),
    ("players[0].stduy: unknown field", lambda d: d["players"][0].update(stduy=[])),
    ("phase: in phase 'deal' (Setup) everything but the cards dealt so far is as in a new game",
     lambda d: d.update(phase="deal", reclaim_left=None, turn=None)),
    ("deck_top: in phase 'reveal' the deck turns up its next top card: none is up yet",
     lambda d: d.update(phase="reveal", reclaim_left=None)),
    ("phase: the game is over once the end is triggered", lambda d: d.update(phase="game over", reclaim_left=None)),
    ("taken_from: Ana has just played a marker at this dig site", lambda d: d.update(
        phase="take a card", reclaim_left=None, taken_from={"dig_site": 2})),
    ("dig_sites: Ana has just reclaimed every marker", lambda d: d["dig_sites"][0].update(markers=["Ana"])),
    ("taken_from: missing", lambda d: d.update(phase="take a card", reclaim_left=None)),
]


@pytest.mark.parametrize("words, change", REFUSED, ids=[w[:40] for w, _ in REFUSED])
def test_a_forbidden_position_is_refused_naming_the_field(words, change):
    data = _base()
    change(data)
    with pytest.raises(PositionError) as info:
        fg.from_position(data)
    assert words in str(info.value), str(info.value)


def test_a_phase_the_rules_would_leave_is_refused():
    start = fg.scenario("a_reclaim_that_pays_for_itself").to_position()
    start["players"][0]["amber"] = 0  # the only choice is 1 amber: the rules take it
    with pytest.raises(PositionError, match="a single choice here, which the rules make alone"):
        fg.from_position(start)


BASE = _base()
BASE_PATHS = list(field_paths(BASE))[1:]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASE_PATHS), JSON_VALUES)
def test_fuzz_any_field_replaced_by_anything_gives_a_state_or_a_value_error(path, value):
    try:
        s = fg.from_position(replaced(BASE, path, value))
    except ValueError:
        return
    assert s.to_position()["game"] == "firstgiants"


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_fuzz_anything_at_all_gives_a_value_error(value):
    with pytest.raises(ValueError):
        fg.from_position(value)
    with pytest.raises(ValueError):
        fg.from_position(json.dumps(value))


def test_fuzz_positions_of_random_play_spoilt_are_refused_or_play_on_keeping_the_rules():
    """Positions from random games (all player counts), spoilt as an editing teacher might (a number off, a card
    or name from another position, an entry dropped or repeated): a ValueError, or a state that round-trips
    and plays to its end keeping the conservation laws -- never another exception."""
    from .invariants import conserved

    states = (s for seed in range(30) for s in played_states(2 + seed % 4, seed, 0.02))
    refused, accepted = check_mutated_positions(states, random.Random(13), conserved)
    assert refused + accepted >= 150 and refused > 100 and accepted > 5
