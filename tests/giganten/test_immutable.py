"""A state is immutable from the outside: nothing it exposes can be changed in place, and what a user does to
one state (a child from ``apply``, a copy) never reaches another."""
from __future__ import annotations

import random
from typing import Any, cast

import pytest

import giganten as g
from gamekit import sample_chance
from giganten import rules as R
from giganten.state import FIELDS

ATTEMPTS = (
    ("item += 1000", lambda v: v.__setitem__(0, v[0] + 1000)),
    ("item = None", lambda v: v.__setitem__(0, None)),
    ("del item", lambda v: v.__delitem__(0)),
    ("append", lambda v: v.append(0)),
    ("extend", lambda v: v.extend([0])),
    ("clear", lambda v: v.clear()),
    ("in-place +=", lambda v: v.__iadd__([0])),
    ("dict item", lambda v: v.__setitem__("open_licenses", True)),
    ("field", lambda v: setattr(v, next(iter(getattr(v, "__slots__", ("x",)))), 1)),
)
"""Ways a user might change a value in place; each must fail or stay private to that value."""


def positions() -> list[g.State]:
    """States of every phase of seeded 3- and 4-player games (the end included) and a determinized one."""
    out: dict[int, g.State] = {}
    rng = random.Random(3)
    for players in (4, 3):
        s = g.new_game(players, one_opponent_back=players == 3)
        while not s.is_terminal():
            out.setdefault(s.phase * 10 + players, s)
            s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
        out[R.END * 10 + players] = s
    some = out[R.MOVE * 10 + 4]
    return [*out.values(), some.determinize(some.current_player(), rng)]


def seen(s: g.State) -> tuple:
    """Everything a state shows."""
    views = tuple(repr(s.observation(p)) for p in range(s.n))
    saved = s.to_json() if not s.determinized else ""
    return s.fingerprint(), views, str(s), saved, tuple(s.legal_actions()), tuple(s.chance_outcomes()), s.events


def public_values(s: g.State) -> dict[str, object]:
    """Every public attribute of ``s`` that is not a method (fields and properties)."""
    out = {}
    for name in dir(s):
        if name.startswith("_"):
            continue
        value = getattr(s, name)
        if not callable(value) or name == "spec":
            out[name] = value
    return out


def test_the_public_fields_are_the_documented_ones():
    s = g.new_game(4)
    assert set(FIELDS) <= set(public_values(s))


@pytest.mark.parametrize("state", positions(), ids=lambda s: f"{s.n}p-{s.phase_name}{'-det' if s.determinized else ''}")
def test_no_public_field_can_be_changed_in_place_and_nothing_reaches_the_parent(state):
    parent_seen = seen(state)
    child = _child(state)
    for name, value in public_values(state).items():
        if name in FIELDS:
            hash(value)  # ints, tuples of ints, frozen records: all hashable, hence immutable all the way down
        for what, attempt in ATTEMPTS:
            try:
                attempt(getattr(child, name))
            except (TypeError, AttributeError, IndexError, KeyError, StopIteration):
                pass
        assert seen(state) == parent_seen, f"changing {name} of a child changed its parent"


def _child(state: g.State) -> g.State:
    """A state sharing whatever ``apply`` shares with ``state`` (a copy when nothing can be applied)."""
    if state.is_terminal() or state.determinized:
        return state._copy()
    outcomes = state.chance_outcomes()
    return state.apply(outcomes[0][0] if outcomes else state.legal_actions()[0])


def test_child_money_plus_1000_fails_and_rebinding_a_field_of_a_copy_stays_in_the_copy():
    s = positions()[0]
    child = _child(s)
    with pytest.raises(TypeError):
        cast(Any, child.money)[0] += 1000
    before = seen(s)
    for name in FIELDS:
        mine = child._copy()
        setattr(mine, name, getattr(s, name))  # rebinding changes that object only
    assert seen(s) == before


def test_what_the_queries_hand_out_is_the_callers_own():
    for s in positions():
        before = seen(s)
        for got in (s.legal_actions(), s.chance_outcomes(), s.order(), s.returns(), s.history(), s.options,
                    s.observation(0), s.final_accounting or [], s.to_dict()):
            got.clear()
        assert seen(s) == before
