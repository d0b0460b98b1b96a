"""Actions' fields are checked once, where the action is made: numpy integers are taken as the ints they
are, other types are refused by name; out-of-range values are refused by ``apply`` with IllegalAction.
Whatever ``apply`` accepts serialises (``to_json``, ``observation``) and reloads (``from_json``)."""
from __future__ import annotations

import dataclasses
import json
import typing

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import firstgiants as fg
import giganten as g
from gamekit import IllegalAction, random_game, states_along

GAMES = {"giganten": g, "firstgiants": fg}
CLASSES = [(name, cls) for name, game in GAMES.items() for cls in game.SPEC.codec.classes]
IDS = [f"{name}.{cls.__name__}" for name, cls in CLASSES]


def _fields(cls) -> dict[str, typing.Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


# -- construction ------------------------------------------------------------------------------------
def test_numpy_integers_become_plain_ints_that_compare_hash_and_serialise_like_them():
    row, col = np.unravel_index(3 * 20 + 5, (12, 20))  # numpy integers (a 12 x 20 board), as students get them
    drive = g.DriveTo(row, col)
    assert type(drive.row) is int and drive == g.DriveTo(3, 5) and hash(drive) == hash(g.DriveTo(3, 5))
    assert json.dumps(drive.to_json()) == json.dumps(g.DriveTo(3, 5).to_json())
    assert g.TakeCard(np.int64(2)) == g.TakeCard(2) and type(g.Bid(np.uint8(3)).amount) is int
    assert g.LocomotivesBack(np.int32(1)).target == 1 and g.LocomotivesBack(None).target is None
    assert fg.Display(np.int16(4), np.int64(-1), np.int8(0)) == fg.Display(4, -1, 0)
    assert type(g.Step(np.str_("N")).direction) is str


@pytest.mark.parametrize("kind", ["drive_to", "take_card", "bid", "pay_licenses", "roll_price"])
def test_a_legal_action_made_of_numpy_integers_plays_saves_and_shows_like_the_plain_one(kind):
    s = next(s for s in states_along(random_game(g.new_game(4), 3))
             if any(a.kind == kind for a in (s.legal_actions() or [a for a, _ in s.chance_outcomes()])))
    plain = next(a for a in (s.legal_actions() or [a for a, _ in s.chance_outcomes()]) if a.kind == kind)
    numpy_made = type(plain)(**{f: np.int64(v) if type(v) is int else v for f, v in plain.to_json().items()
                                if f != "kind"})
    after = s.apply(numpy_made)
    assert after == s.apply(plain) and g.from_json(after.to_json()) == after
    for p in range(4):
        json.dumps(after.observation(p))


@pytest.mark.parametrize("make, field, expected", [
    (lambda: g.Bid(True), "Bid.amount", "integer"),
    (lambda: g.Bid(np.True_), "Bid.amount", "integer"),
    (lambda: g.TakeCard(1.0), "TakeCard.card", "integer"),
    (lambda: g.TakeCard(np.float64(1)), "TakeCard.card", "integer"),
    (lambda: g.RollPrice("blue", 2.0), "RollPrice.pips", "integer"),
    (lambda: g.RollPrice(3, 2), "RollPrice.color", "string"),
    (lambda: g.DriveTo("3", 4), "DriveTo.row", "integer"),
    (lambda: g.LocomotivesBack(False), "LocomotivesBack.target", "integer"),
    (lambda: fg.PlayMarker(site=1.0), "PlayMarker.site", "integer"),
    (lambda: fg.Deal(card=True), "Deal.card", "integer"),
    (lambda: fg.Display(3, target=None), "Display.target", "integer"),
])
def test_wrongly_typed_fields_are_refused_where_the_action_is_made(make, field, expected):
    with pytest.raises(TypeError, match=rf"{field}: expected an? {expected}"):
        make()


def test_a_bool_cannot_pass_for_a_legal_bid():
    """``True == 1``: were ``Bid(True)`` an action, a membership test would accept it where ``Bid(1)`` is legal."""
    s = next(s for s in states_along(random_game(g.new_game(4), 1)) if g.Bid(1) in s.legal_actions())
    with pytest.raises(TypeError):
        s.apply(g.Bid(True))
    assert g.SPEC.codec.decode({"kind": "bid", "amount": 1}) in s.legal_actions()


def test_a_refusal_quotes_a_huge_value_briefly():
    with pytest.raises(TypeError) as info:
        g.Bid("9" * 19_000_000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("action", [g.DriveTo(10**30, 5), g.DriveTo(-1, 0), g.TakeCard(10**6), g.Bid(-3),
                                    g.PayLicenses(-1, 2**70), g.Step("up"), g.LocomotivesBack(99),
                                    g.ChangePrice(7, -10**12), g.RollPrice("gold", 4), g.DealTile(-2)])
def test_out_of_range_values_are_illegal_actions_in_giganten(action):
    for s in list(states_along(random_game(g.new_game(3), 4)))[::37]:
        with pytest.raises(IllegalAction):
            s.apply(action)


@pytest.mark.parametrize("action", [fg.Deal(10**30), fg.Reveal(-1), fg.PlayMarker(4), fg.PlayMarker(-10**9),
                                    fg.TakeCard(999), fg.ResolveTrigger(-5), fg.Display(0, 2**64, 9)])
def test_out_of_range_values_are_illegal_actions_in_first_giants(action):
    for s in list(states_along(random_game(fg.new_game(3), 4)))[::23]:
        with pytest.raises(IllegalAction):
            s.apply(action)


# -- the property: whatever apply accepts serialises and reloads ----------------------------------------
def _sample_states(game, players: int, seed: int, every: int) -> list:
    return list(states_along(random_game(game.new_game(players), seed)))[::every]


STATES = {"giganten": _sample_states(g, 4, 11, 9) + _sample_states(g, 3, 12, 13),
          "firstgiants": _sample_states(fg, 2, 11, 5) + _sample_states(fg, 5, 12, 7)}

_INTS = st.one_of(st.integers(-3, 70), st.integers(), st.sampled_from([10**9, -(10**9), 2**63, 10**100]))
_ANY = st.one_of(
    _INTS, st.integers(-2**63, 2**63 - 1).map(np.int64),
    st.integers(0, 255).map(np.uint8),
    st.booleans(), st.just(np.True_), st.floats(allow_nan=True), st.integers(-5, 50).map(float),
    st.sampled_from(["N", "E", "S", "W", "own", "black", "rival", "blue", "red", "yellow", "green", ""]),
    st.text(max_size=5), st.none(), st.just((1, 2)), st.just([3]),
)


def _value_for(hint):
    """Mostly values of the field's type (often in range), sometimes anything."""
    if hint is int:
        good = st.one_of(st.integers(-3, 70), st.integers(-3, 70).map(np.int64))
    elif hint is str:
        good = st.sampled_from(["N", "E", "S", "W", "own", "black", "rival", "blue", "red", "yellow", "green"])
    else:  # int | None
        good = st.one_of(st.none(), st.integers(-1, 5))
    return st.one_of(good, good, good, _ANY)


def _fits(hint, value) -> bool:
    """Whether ``value`` is of the field type ``hint`` (numpy integers are integers; bools are not)."""
    if hint is str:
        return isinstance(value, str)
    if value is None:
        return hint is not int
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


@st.composite
def _attempt(draw):
    name, cls = draw(st.sampled_from(CLASSES))
    values = {field: draw(_value_for(hint)) for field, hint in _fields(cls).items()}
    state = draw(st.sampled_from(STATES[name]))
    if draw(st.booleans()):  # half the time: an action the state lists, with numpy fields
        listed = [a for a, _ in state.chance_outcomes()] if state.is_chance() else state.legal_actions()
        if listed:
            action = draw(st.sampled_from(listed))
            cls = type(action)
            values = {f: (np.int64(v) if type(v) is int else v) for f, v in
                      ((f, getattr(action, f)) for f in _fields(cls))}
    return name, cls, values, state


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_attempt())
def test_whatever_apply_accepts_serialises_and_reloads(attempt):
    name, cls, values, state = attempt
    hints = _fields(cls)
    well_typed = all(_fits(hints[f], v) for f, v in values.items())
    try:
        action = cls(**values)
    except TypeError as exc:
        assert not well_typed and str(exc).startswith(f"{cls.__name__}."), exc  # names the field
        event("refused at construction")
        return
    assert well_typed, values
    for field in _fields(cls):
        assert type(getattr(action, field)) in (int, str, type(None))
    try:
        after = state.apply(action)
    except IllegalAction:
        event("refused by apply")
        return
    event("accepted")
    assert action in ([a for a, _ in state.chance_outcomes()] if state.is_chance() else state.legal_actions())
    text = after.to_json()
    for p in range(after.num_players):
        json.dumps(after.observation(p), allow_nan=False)
    json.dumps(action.to_json(), allow_nan=False)
    loaded = GAMES[name].from_json(text)
    assert loaded == after and loaded.history() == after.history()


def test_the_property_draws_from_every_action_class_of_both_games():
    assert {(name, cls.kind) for name, cls in CLASSES} == {
        (name, kind) for name, game in GAMES.items() for kind in game.SPEC.codec.kinds}
