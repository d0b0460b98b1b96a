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
from gamekit.record import POSITION_VERSION, VERSION, WITHOUT_POSITION, replay, rewind, undo
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
    assert len(s.deck) == len(CARDS) - 8 - 1 - 7  # (the dig sites, the top card, the Studies and the display)


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
    assert saved["version"] == POSITION_VERSION and saved["position"] == start.to_position()
    assert len(saved["actions"]) == 25
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
    ("turns_played: Ana has had 14 turns (40 turns played) and holds 3 cards, so 11 of the turns reclaimed markers",
     lambda d: d.update(turns_played=40)),
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
    ("taken_from.dig_site: Ana has no marker at dig_sites[2], where the marker just played went: dig sites count "
     "from 0, as in dig_sites and PlayMarker (a version 1 position counted them from 1", lambda d: d.update(
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


# -- what the turns so far can have left (issue 29) ----------------------------------------------------------


def _first_turn(players=3, seed=1):
    """The position of a new game's first start of turn (turns_played 0), after the deal and the first reveal."""
    s, rng = fg.new_game(players), random.Random(seed)
    while s.is_chance():
        s = s.apply(sample_chance(s, rng))
    assert s.phase_name == "start of turn" and s.turns == 0
    return s, s.to_position()


def _refused(data, words):
    with pytest.raises(PositionError) as info:
        fg.from_position(data)
    assert words in str(info.value), str(info.value)
    return info.value


def test_a_start_of_turn_after_equal_turns_once_the_end_is_triggered_is_refused():
    """End of the Game: the deck ran out (end triggered); back at the first player's turn everyone has had as many
    turns, so the game is over -- a 'start of turn' there is refused, naming the phase and the rule."""
    start = fg.scenario("the_deck_runs_out")
    s = start
    for move in fg.scenario_info("the_deck_runs_out").moves():
        s = s.apply(move)
    data = s.to_position()  # Ben's last turn: the deck empty, the end triggered
    assert data["phase"] == "start of turn" and data["end_triggered"] and data["turn"] == "Ben"
    fg.from_position(data)
    data.update(turns_played=data["turns_played"] + 1, turn="Ana")
    error = _refused(data, "phase: the end of the game is triggered (the deck is empty after a refill) and every "
                           "player has had 36 turns: the game is over (phase 'game over'; End of the Game)")
    assert error.field == "phase"
    data["phase"] = "game over"
    data.pop("turn")
    assert fg.from_position(data).is_terminal()


def test_the_last_set_token_taken_in_the_first_players_turn_lets_that_turn_go_on():
    """The end may be triggered in the first player's own turn (a Set token taken for a reclaimed marker): the
    turn goes on, the others play, then the game ends."""
    start = fg.scenario("set_tokens_run_out")
    data = start.to_position()
    data["reclaim_left"] = 2  # (one more marker to use after the Set token)
    data["players"][0]["study"].append(f"#{start.deck[0]}")  # (a Medium card, and the amber to display it)
    data["players"][0]["amber"] = 5
    data["turns_played"] += 2  # (Ana and Ben one more turn each: Ana's took the card)
    s = fg.from_position(data).apply(fg.scenario_info("set_tokens_run_out").moves()[0])
    assert s.end_cause and s.current_player() == 0 and s.phase_name == "reclaim"
    assert fg.from_position(s.to_position()) == s
    wrong = s.to_position()
    wrong["end_triggered"] = "the deck is empty after a refill"
    _refused(wrong, "the deck still has cards")


def test_markers_at_dig_sites_while_nobody_holds_a_card_are_refused():
    """Play 1 Marker: a marker goes to a dig site to take a card there, and cards never leave their player."""
    _, data = _first_turn()
    data["dig_sites"][1]["markers"] = ["Ben"]
    error = _refused(data, "dig_sites: Ben has 1 marker at dig sites but has taken 0 cards: a marker goes to a dig "
                           "site to take a card there (Play 1 Marker)")
    assert error.field == "dig_sites"


def test_more_cards_than_turns_are_refused():
    """Game Turn: each turn takes 1 card at most -- 30 cards in a Study at turns_played 0 are refused."""
    s, data = _first_turn()
    data["players"][0]["study"] = [f"#{c}" for c in s.deck[:30]]
    error = _refused(data, "turns_played: Ana has had 0 turns (0 turns played) and holds 30 cards: each turn takes "
                           "1 card at most (Game Turn)")
    assert error.field == "turns_played"


def test_turns_that_took_no_card_reclaimed_at_least_one_marker_each():
    """Reclaim Markers: at least 1 of your markers must be at a dig site -- 6 turns and 1 card cannot be."""
    _, data = _first_turn(2)
    data["turns_played"] = 12
    data["players"][0]["study"] = [data["dig_sites"][0]["cards"][0]]
    data["dig_sites"][0]["cards"][0] = data.pop("deck_top")
    data["phase"] = "reveal"
    _refused(data, "turns_played: Ana has had 6 turns (12 turns played) and holds 1 card, so 5 of the turns "
                   "reclaimed markers, but only 1 marker played came back from the dig sites: a reclaim takes back "
                   "at least 1 (Reclaim Markers)")


def test_a_reclaim_takes_back_at_most_the_four_markers():
    """With 4 markers a player reclaims when none is left on the board: 8 cards in 8 turns without a reclaim
    cannot be."""
    s, data = _first_turn(2)
    data["turns_played"] = 16
    data["players"][0]["study"] = [f"#{c}" for c in s.deck[:8]]
    data["players"][1]["study"] = [f"#{c}" for c in s.deck[8:12]]
    _refused(data, "turns_played: Ana has had 8 turns (16 turns played) and holds 8 cards, so Ana reclaimed 0 times "
                   "and 8 markers played came back from the dig sites: at most 4 a reclaim")


def test_states_of_play_keep_the_turns_cards_and_markers_in_agreement():
    """The checks above hold in every state of random play (all player counts), mid-turn included."""
    checked = 0
    for seed in range(8):
        for s in played_states(2 + seed % 4, 100 + seed, 0.08):
            assert fg.from_position(s.to_position()) == s
            checked += 1
    assert checked > 100


def test_a_bad_option_value_names_the_option():
    data = _base()
    data["options"]["news_values"] = "x"
    error = _refused(data, "options.news_values: must be one of 'by-type', 'by-type-swapped', 'two-sided'; got a "
                           "text 'x'")
    assert error.field == "options.news_values"
    data["options"] = {"news_values": None, "eggs_not_fossils": 1}
    _refused(data, "options.eggs_not_fossils: must be true or false, got a number 1")
    data["options"] = {"fast": True}
    _refused(data, "options.fast: unknown firstgiants option (the options: first_player, names, eggs_not_fossils, "
                   "news_values)")
    data["options"] = {"names": "Ana,Ana,Cleo"}
    _refused(data, "options.names: names must be 3 different comma-separated names")


def test_a_bad_card_names_the_nearest_labels_not_the_first_twelve():
    data = _base()
    data["players"][2]["study"] = ["Small Flyng"]
    error = _refused(data, "players[2].study[0]: must be one of 130 names, got a text 'Small Flyng'; the nearest: "
                           "'#0 Small Flying', '#1 Small Flying', '#2 Small Flying'")
    assert "#4 Medium Flying" not in str(error)
    data["players"][2]["study"] = ["#12 Small Herbivor"]
    _refused(data, "card #12 is #12 Small Herbivore, not '#12 Small Herbivor'")
    data["players"][2]["study"] = ["Large Mamal"]
    _refused(data, "the nearest: '#56 Large Mammal', '#57 Large Mammal', '#58 Large Mammal'")


def test_missing_dig_sites_are_reported_as_missing():
    data = _base()
    del data["dig_sites"]
    error = _refused(data, "dig_sites: missing: after the deal the position gives the 4 dig sites")
    assert error.field == "dig_sites"
    data = _base()
    del data["dig_sites"][2]["cards"]
    _refused(data, "dig_sites[2].cards: missing")
    deal = fg.new_game(3).to_position()
    del deal["dig_sites"]
    assert fg.from_position(deal) == fg.new_game(3)  # (nothing is dealt yet)


def test_a_misspelt_key_is_refused_even_when_null():
    for change, field in ((lambda d: d.update(deck_tpo=None), "deck_tpo"),
                          (lambda d: d["players"][0].update(stduy=None), "players[0].stduy"),
                          (lambda d: d["dig_sites"][0].update(marker=None), "dig_sites[0].marker"),
                          (lambda d: d["news_tokens"]["Herbivore"].update(kept=None), "news_tokens.Herbivore.kept")):
        data = _base()
        change(data)
        error = _refused(data, f"{field}: unknown field (known here: ")
        assert error.field == field
    data = _base()
    data.update(taken_from=None, decision=None, pending=None)  # (fields of other phases: null is "left out")
    assert fg.from_position(data) == fg.from_position(_base())
    data["taken_from"] = {"dig_site": 0}
    _refused(data, "taken_from: not a field of this phase: leave it out (or null) here")


def test_a_huge_number_is_refused_as_too_large_naming_the_field():
    data = _base()
    data["players"][0]["amber"] = 10**5000
    error = _refused(data, "players[0].amber: number too large: a position's numbers are at most 1,000,000,000")
    assert "set_int_max_str_digits" not in str(error)
    text = json.dumps(_base()).replace('"turns_played": 9', '"turns_played": ' + "9" * 5000)
    error = _refused(text, "turns_played: number too large")
    assert "set_int_max_str_digits" not in str(error)
    _refused(json.dumps(_base()).replace('"turns_played": 9', '"turns_played": -' + "9" * 11), "number too large")


def test_from_position_takes_a_seed_as_giganten_does():
    data = _base()
    assert fg.from_position(data, seed=5) == fg.from_position(data) == fg.from_position(data, 7)
    with pytest.raises(ValueError, match="seed must be a whole number, got str"):
        fg.from_position(data, seed="1")


def test_taken_from_counts_from_0_like_play_marker_and_the_fields_paths():
    s, _ = _first_turn()
    s = s.apply(fg.PlayMarker(2))
    data = s.to_position()
    assert data["taken_from"] == {"dig_site": 2, "space": None} and data["dig_sites"][2]["markers"] == ["Ana"]
    card = data["dig_sites"][2]["cards"][1]
    taken = s.apply(fg.TakeCard(int(card.split()[0][1:])))
    assert taken.is_chance() or taken.to_position()["taken_from"] == {"dig_site": 2, "space": 1}
    data["taken_from"]["dig_site"] = 4
    _refused(data, "taken_from.dig_site: must be <= 3, got 4")


def test_a_version_1_position_counts_taken_from_from_1_as_it_did():
    s = fg.scenario("simultaneous_triggers").apply(fg.scenario_info("simultaneous_triggers").moves()[0])
    data = s.to_position()
    assert data["version"] == 2 and data["taken_from"] == {"dig_site": 0, "space": 0}
    old = dict(data, version=1, taken_from={"dig_site": 1, "space": 1})
    assert fg.from_position(old) == s
    old["taken_from"] = {"dig_site": 0, "space": 1}
    _refused(old, "taken_from.dig_site: must be >= 1, got 0")


def test_turn_may_be_left_out_where_the_position_says_it_and_is_checked():
    for s in played_states(4, 7, 0.05):
        data = s.to_position()
        if "turn" not in data:
            continue
        given = data.pop("turn")
        assert fg.from_position(data) == fg.from_position(dict(data, turn=given))
        others = [name for name in s.names if name != given]
        _refused(dict(data, turn=others[0]), f"turn: it is {given}'s turn here, got {others[0]}: the first player and "
                                             "the turns played decide it")


def test_an_old_save_whose_position_is_version_1_loads_as_it_was_written():
    """Saves hold the position they started from as to_position() wrote it: version 1 positions count
    taken_from from 1 and still load to the same game."""
    start = fg.scenario("the_deck_runs_out")
    s = start.apply(fg.scenario_info("the_deck_runs_out").moves()[0])
    saved = json.loads(s.to_json())
    assert saved["position"]["taken_from"] == {"dig_site": 0, "space": None}
    saved["position"].update(version=1, taken_from={"dig_site": 1, "space": None})
    old = fg.from_json(json.dumps(saved))
    assert old == s and old.to_json() == s.to_json()  # (saved again, it is written in version 2)


def test_a_dig_site_counted_from_1_without_version_1_is_refused_saying_what_changed():
    data = fg.scenario("amber_runs_out").to_position()
    site = data["taken_from"]["dig_site"]
    del data["version"]
    data["taken_from"]["dig_site"] = site + 1  # (as a version 1 file counted it, but without its version)
    _refused(data, f"taken_from.dig_site: Ana has no marker at dig_sites[{site + 1}], where the marker just played "
                   "went: dig sites count from 0, as in dig_sites and PlayMarker (a version 1 position counted them "
                   "from 1: give it \"version\": 1)")
    assert fg.from_position(dict(data, version=1)) == fg.scenario("amber_runs_out")
