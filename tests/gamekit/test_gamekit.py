"""Tests of the shared protocol, replay, save files, play loop and harness, on a toy game."""
from __future__ import annotations

import json

import pytest

from gamekit import IllegalAction, RandomBot, load, play, replay, rewind, states_along, undo
from gamekit.checks import check_game
from gamekit.protocol import GameState

from .toygame import SPEC, Face, Hold, Roll, ToyState


def new(players: int = 2) -> GameState:
    return SPEC.new_game(players)


def played(seed: int = 1) -> GameState:
    return play(new(), [RandomBot(seed), RandomBot(seed + 1)], seed)


def test_options_are_validated_with_clear_errors():
    with pytest.raises(ValueError, match="2 to 4 players"):
        SPEC.new_game(5)
    with pytest.raises(ValueError, match="unknown toy option"):
        SPEC.new_game(2, colour="red")
    with pytest.raises(ValueError, match="must be bool"):
        SPEC.new_game(2, target_bonus=1)


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = new().apply(ToyState.spec.codec.decode({"kind": "deal", "bonus": 1}))
    s = s.apply(s.chance_outcomes()[1][0])
    before = s.fingerprint()
    t = s.apply(Roll())
    assert s.fingerprint() == before and t is not s and t.is_chance()


def test_illegal_action_is_a_value_error_naming_the_rule_and_the_alternative():
    s = new()
    with pytest.raises(IllegalAction) as info:
        s.apply(Roll())
    assert isinstance(info.value, ValueError)
    assert info.value.rule == "Chance" and "chance outcome" in str(info.value)


def test_events_name_their_section():
    s = played()
    assert s.events and all(e.section.startswith("Toy rules") for e in s.events)
    assert "[Toy rules" in str(s.events[0])


def test_same_seed_same_game():
    assert played(7).history() == played(7).history()
    assert played(7).history() != played(8).history()


def test_replay_rewind_undo_and_time_travel():
    s = played(3)
    history = s.history()
    assert replay(SPEC, 2, s.options, history) == s
    assert rewind(s, 5).history() == history[:5]
    assert undo(s).history() == history[:-1]
    states = list(states_along(s))
    assert len(states) == len(history) + 1 and states[-1] == s and states[0] == new()
    with pytest.raises(ValueError):
        rewind(s, len(history) + 1)


def test_save_round_trip_continues_identically():
    s = rewind(played(5), 9)
    loaded = load(s.to_json(), SPEC)
    assert loaded == s and loaded.history() == s.history()
    a = play(s, [RandomBot(1), RandomBot(2)], 11)
    b = play(loaded, [RandomBot(1), RandomBot(2)], 11)
    assert a.history() == b.history()


def _save(**changes):
    data = json.loads(rewind(played(5), 9).to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not valid JSON"),
        ('{"format": "giants-kit-save", "vers', "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("[" * 100000 + "]" * 100000, "save file"),
        (_save(version=99), "newer than this kit"),
        (_save(version="1"), "version must be an integer"),
        (_save(format="pickle"), "unknown format"),
        (_save(game="chess"), "for the game"),
        (_save(players=9), "2 to 4 players"),
        (_save(options={"evil": True}), "unknown toy option"),
        (_save(actions=[{"kind": "roll", "extra": 1}]), "malformed"),
        (_save(actions=[{"kind": "face", "pips": "6"}]), "malformed"),
        (_save(actions=[{"kind": "face", "pips": True}]), "malformed"),
        (_save(actions=[{"kind": "__import__"}]), "unknown action kind"),
        (_save(actions=[{"kind": "roll"}]), "does not replay legally"),
        (_save(actions=[{"kind": "deal", "bonus": 7}]), "does not replay legally"),
        (_save(actions="roll"), "must be a JSON list"),
        ('{"format": NaN}', "not allowed"),
    ],
)
def test_bad_save_files_fail_with_one_clear_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        load(text, SPEC)


def test_random_bot_only_plays_legal_actions_and_play_is_bounded():
    s = played(11)
    assert s.is_terminal() and len(s.returns()) == 2
    with pytest.raises(RuntimeError, match="did not end"):
        play(new(), [RandomBot(1), RandomBot(2)], 1, max_moves=3)


def test_harness_passes_on_the_toy_game():
    report = check_game(SPEC, 3, 200, seed=1, deep_every=10)
    assert report.games == 200 and report.illegal_rejected > 300 and report.round_trips > 100


class _MutatingState(ToyState):
    """A broken engine whose apply changes its input."""

    __slots__ = ()

    def _copy(self):
        new = super()._copy()
        new.banked = self.banked  # shared, so mutations leak
        return new


class _AcceptsAnything(ToyState):
    __slots__ = ()

    def _offers(self, action):
        return True

    def _apply_in_place(self, action):
        if isinstance(action, (Roll, Hold, Face)) or self.is_chance():
            return super()._apply_in_place(action)


def _spec_for(cls):
    import dataclasses

    spec = dataclasses.replace(SPEC, create=lambda p, o: cls(p, o))
    cls.spec = spec
    return spec


@pytest.mark.parametrize(
    "cls, message", [(_MutatingState, "changed the state"), (_AcceptsAnything, "was accepted")]
)
def test_harness_catches_broken_engines(cls, message):
    with pytest.raises(AssertionError, match=message):
        check_game(_spec_for(cls), 2, 50, seed=2, deep_every=3)
