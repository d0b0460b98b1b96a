"""States are immutable from the outside for real: mutating anything a state exposes cannot reach another state.

Every public field and property of a state is tried (the list comes from ``State`` itself, so a new field
is tried too): each list or dict reachable from it is changed in place, each record (museum sets,
decisions, triggers, steps, actions) must refuse to change, and the parent, a sibling, the playout's start
and a new game must look exactly as before.
"""
from __future__ import annotations

import dataclasses
import json
import random
from types import FunctionType, MappingProxyType

import pytest

import firstgiants as g
from firstgiants.state import State
from gamekit import ActionCodec

SENTINEL = ("mutated",)
PUBLIC = sorted(name for name in dir(State) if not name.startswith("_") and not callable(getattr(State, name)))
#: Methods whose results a notebook may hold on to and change.
RETURNING = [("legal_actions", ()), ("chance_outcomes", ()), ("returns", ()), ("winners", ()), ("history", ()),
             ("observation", (0,)), ("dig_site", (0,)), ("markers_at", (0,))]


def snapshot(state: State) -> tuple:
    """Everything a user can see of ``state``."""
    seen = [state.fingerprint(), str(state), state.options, state.legal_actions(), state.chance_outcomes(),
            state.history(), [str(e) for e in state.events]]
    seen += [json.dumps(state.observation(p), sort_keys=True) for p in range(state.num_players)]
    return tuple(repr(x) for x in seen)


def probe(value: object, path: str, depth: int = 0) -> int:
    """Change every mutable container reachable from ``value`` in place; records must refuse.  Returns how
    many containers were changed."""
    if depth > 6 or value is None or isinstance(value, (bool, int, float, str, bytes, type, FunctionType)):
        return 0
    if isinstance(value, tuple):
        return sum(probe(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))
    if isinstance(value, list):
        changed = 1 + sum(probe(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))
        if value:
            value[0] = SENTINEL
        value.append(SENTINEL)
        return changed
    if isinstance(value, dict):
        changed = 1 + sum(probe(v, f"{path}[{k!r}]", depth + 1) for k, v in list(value.items()))
        value["mutated"] = SENTINEL
        return changed
    if isinstance(value, MappingProxyType):
        with pytest.raises(TypeError):
            value["mutated"] = SENTINEL  # type: ignore[index]
        return sum(probe(v, f"{path}[{k!r}]", depth + 1) for k, v in value.items())
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)
        if fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(value, fields[0].name, SENTINEL)
        return sum(probe(getattr(value, f.name), f"{path}.{f.name}", depth + 1) for f in fields)
    if isinstance(value, ActionCodec):  # (its only public face, ``kinds``, is a fresh list)
        return probe(value.kinds, f"{path}.kinds", depth + 1)
    raise AssertionError(f"{path}: {type(value).__name__} is neither immutable nor known to be a copy")


def positions() -> list[State]:
    """A chance node, a start of turn, a decision while effects resolve, a reclaim, the end."""
    out = [g.new_game(3)]
    rng = random.Random(5)
    s = g.sample(g.new_game(4), seed=3)
    wanted = {"start of turn", "take a card", "resolve effects", "reclaim"}
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply(s.chance_outcomes()[0][0])
            continue
        if s.phase_name in wanted and s.museum[s.current_player()]:
            wanted.discard(s.phase_name)
            out.append(s)
        s = s.apply(rng.choice(s.legal_actions()))
    return [*out, s]


@pytest.mark.parametrize("field", PUBLIC)
def test_changing_a_public_field_reaches_no_other_state(field):
    changed = 0
    for parent in positions():
        move = parent.chance_outcomes()[0][0] if parent.is_chance() else (parent.legal_actions() or [None])[0]
        sibling = parent.apply(move) if move is not None else parent.playout(random.Random(1))
        others = [parent, sibling, g.new_game(parent.num_players)]
        before = [snapshot(s) for s in others]
        for victim in (parent.apply(move) if move is not None else None, parent.playout(random.Random(2))):
            if victim is not None:
                changed += probe(getattr(victim, field), f"state.{field}")
        assert [snapshot(s) for s in others] == before, f"changing state.{field} reached another state"
        mutable = isinstance(getattr(parent, field), (list, dict))
        changed += probe(getattr(parent, field), f"state.{field}")  # ... and changing the parent reaches no child
        assert snapshot(sibling) == before[1], f"changing the parent's {field} reached its child"
        assert changed or not mutable  # (the probe did change the lists it was given)


@pytest.mark.parametrize("method, args", RETURNING, ids=[m for m, _ in RETURNING])
def test_what_a_method_returns_is_a_copy(method, args):
    for state in positions():
        other = g.from_json(state.to_json())
        before = snapshot(other), repr(getattr(other, method)(*args))
        probe(getattr(state, method)(*args), f"state.{method}()")
        assert repr(getattr(state, method)(*args)) == before[1], f"{method}() handed out its own list"
        assert (snapshot(other), repr(getattr(other, method)(*args))) == before


def test_every_slot_of_the_state_is_tried():
    """The list of fields comes from the class: a new public slot is tried without editing this test."""
    assert {s for s in State.__slots__ if not s.startswith("_")} <= set(PUBLIC)
    assert {"amber", "museum", "sites", "markers", "study", "news", "locked", "options", "events"} <= set(PUBLIC)


def test_events_recorded_when_read_are_the_moves_whatever_changes_in_the_parent_after():
    """``apply`` records a move's events when they are first read, from what it kept of the state before (its lists
    copied): changing the parent in place before they are read reaches none of them."""
    checked = 0
    for at_once, parent in zip(positions(), positions()):
        move = parent.chance_outcomes()[0][0] if parent.is_chance() else (parent.legal_actions() or [None])[0]
        if move is None:
            continue
        expected = [str(e) for e in at_once.apply(move).events]
        child = parent.apply(move)
        for field in PUBLIC:
            probe(getattr(parent, field), f"state.{field}")
        assert [str(e) for e in child.events] == expected and expected
        checked += 1
    assert checked >= 4
