"""What both games' position tests share: states of random play, any JSON value, a field replaced.

The paths of a position's fields come from :func:`gamekit.checks.field_paths`.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Callable, Iterator

from hypothesis import strategies as st

from gamekit import GameState, sample_chance

#: Any JSON value (nested lists and objects included), as a hostile or careless position file may hold.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


def played_states(new_game: Callable[..., GameState], players: int, seed: int, every: float,
                  **options: Any) -> Iterator[GameState]:
    """States of one random game, each kept with probability ``every`` (the last one always)."""
    rng = random.Random(seed)
    s = new_game(players, first_player=seed % players, **options)
    while not s.is_terminal():
        if rng.random() < every:
            yield s
        s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))
    yield s


def replaced(data: Any, path: tuple, value: Any) -> Any:
    """A deep copy of ``data`` with the field at ``path`` (not empty) replaced by ``value``."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data
