"""First Giants' scenarios (firstgiants/data/scenarios): each loads, round-trips, and shows its lesson when its
intended moves are played -- the outcome and the event naming the rule."""
from __future__ import annotations

import random

import pytest

import firstgiants as fg
from firstgiants.components import TOKENS
from gamekit import sample_chance
from gamekit.checks import check_position_round_trip

ANA, BEN, CLEO = range(3)


def played(name):
    """The scenario's start, its end after the intended moves, and every event on the way."""
    start = fg.scenario(name)
    s, events = start, []
    for move in fg.scenario_info(name).moves():
        s = s.apply(move)
        events += s.events
    return start, s, events


def test_there_are_at_least_eight_scenarios_each_with_a_lesson():
    names = fg.scenarios()
    assert len(names) >= 8
    for name in names:
        info = fg.scenario_info(name)
        assert info.title and len(info.teaches) > 80 and info.rulebook and info.moves()


@pytest.mark.parametrize("name", fg.scenarios())
def test_a_scenario_loads_round_trips_and_its_moves_show_the_lesson(name):
    info = fg.scenario_info(name)
    start, _, events = played(name)
    check_position_round_trip(start, random.Random(name))
    assert any(e.section == info.shows_section and info.shows_words in e.text for e in events), \
        [str(e) for e in events]


def _set_types(s, p):
    return [(len(m.cards), m.kind, m.key, m.tokens) for m in s.museum[p]]


def test_the_second_card_fixes_a_size_set():
    _, s, _ = played("second_card_fixes_the_type")
    (mset,) = s.museum[ANA]
    assert mset.cards == (24, 12) and s.observation(0)["players"][0]["display"][0]["type"] == "Small size set"
    assert s.to_position()["news_tokens"]["Small"]["holder"] == "Ana"


def test_an_egg_set_takes_the_declared_size():
    _, s, _ = played("an_egg_declares_the_size")
    assert s.observation(0)["players"][0]["display"][0]["type"] == "Large size set"


def test_a_larger_set_steals_the_news_token_and_completing_it_keeps_it():
    start, s, _ = played("steal_and_lock_a_news_token")
    assert start.to_position()["news_tokens"]["Herbivore"] == {"holder": "Ben", "kept_for_good": False}
    assert s.to_position()["news_tokens"]["Herbivore"] == {"holder": "Ana", "kept_for_good": True}


def test_the_last_set_token_triggers_the_end_and_equal_turns_follow():
    _, s, _ = played("set_tokens_run_out")
    assert s.end_cause and s.set_box == 0 and s.set_supply == TOKENS.set_tokens_in_box - TOKENS.set_tokens_in_play[2]
    assert s.current_player() == BEN and not s.is_terminal()
    rng = random.Random(3)
    while not s.is_terminal():
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    assert s.turns % 2 == 0 and s.active == s.first  # Ben played last: equal turns


def test_effects_of_several_players_resolve_in_turn_order():
    _, s, events = played("simultaneous_triggers")
    applying = [e.player for e in events if " applies: " in e.text]
    assert applying == [ANA, ANA, ANA, BEN, CLEO]
    assert s.points[BEN] == 2 and s.points[CLEO] == 2


def test_gained_amber_stops_when_the_supply_is_empty():
    start, s, _ = played("amber_runs_out")
    assert start.amber_supply() == 2 and s.amber_supply() == 0
    assert s.amber[ANA] == start.amber[ANA] + 2 and s.amber[BEN] == start.amber[BEN]


def test_a_reclaim_pays_its_displays_with_its_own_amber():
    start, s, _ = played("a_reclaim_that_pays_for_itself")
    assert s.museum[ANA][0].tokens == 1 and s.amber[ANA] == 1 and s.score(ANA) > start.score(ANA)
    assert s.current_player() == BEN or s.is_chance()


def test_the_deck_running_out_triggers_the_end():
    _, s, _ = played("the_deck_runs_out")
    assert s.end_cause == "the deck is empty after a refill" and not s.deck and s.top < 0


def test_the_stepper_starts_from_a_scenario_and_undo_stops_there():
    from firstgiants.widgets import stepper

    st = stepper(scenario="simultaneous_triggers", seats=["random"] * 3)
    start = fg.scenario("simultaneous_triggers")
    assert st.state == start and st.seat_picker.players.value == 3
    assert fg.scenario_info("simultaneous_triggers").title in st.lesson.value  # what it teaches
    assert st.scenario_menu.value == "simultaneous_triggers"
    st.step()
    assert st.undo() and st.state == start and not st.undo()


def test_the_steppers_game_tab_opens_a_scenario():
    from firstgiants.widgets import stepper

    st = stepper(players=2, seats=["random"] * 5)
    assert [name for _, name in st.scenario_menu.options] == fg.scenarios()
    st.scenario_menu.value = "amber_runs_out"
    st.scenario_button.click()  # a new game without moves: nothing to lose, no question
    assert st.state == fg.scenario("amber_runs_out") and st.seat_picker.players.value == 3
    assert "The amber runs out" in st.lesson.value
