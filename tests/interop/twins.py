"""Twin positions for the swap test: two legal Giganten histories that one seat cannot tell apart.

The kit's swap test (``tests/gamekit/test_mcts.py``, ``tests/giganten/test_bots.py``) runs a search on two
positions that differ only in what the searching seat has not seen: a search that never reads hidden truth
decides the same on both, seed by seed.  Here the twins are built from histories (so OpenSpiel's state,
which replays them, sees two real games): the oil of two face-down tiles the seat has not examined dealt the
other way round, or another seat's license draw with a different number of 2s.
"""
from __future__ import annotations

import random

import giganten
from gamekit import IllegalAction, replay, rewind, sample_chance
from giganten.components import SITES


def decision_points(seed: int, players: int = 4, first_round: int = 3):
    """Decision positions (two or more legal actions) from ``first_round`` on, along a random game."""
    rng = random.Random(seed)
    state = giganten.new_game(players)
    while not state.is_terminal():
        if not state.is_chance() and len(state.legal_actions()) > 1 and state.observation(0)["round"] >= first_round:
            yield state
        state = state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))


def _replayed(state, history):
    try:
        return replay(state.spec, state.num_players, state.options, history)
    except (IllegalAction, ValueError):
        return None


def tile_twin(state):
    """``state`` with the oil of two unexamined face-down tiles of one kind swapped (a 4-seat game deals site
    k as its k-th chance outcome), or None."""
    seat = state.current_player()
    unseen = [s["site"] for s in state.observation(seat)["sites"] if s["state"] == "tile" and s["oil"] is None]
    history = state.history()
    deals = [k for k, action in enumerate(history) if isinstance(action, giganten.DealTile)]
    for i in unseen:
        for j in unseen:
            if i < j and SITES[i].kind == SITES[j].kind and history[deals[i]] != history[deals[j]]:
                swapped = list(history)
                swapped[deals[i]], swapped[deals[j]] = history[deals[j]], history[deals[i]]
                return _replayed(state, swapped)
    return None


def license_twin(state):
    """``state`` with another seat's latest license draw showing a different number of 2s, or None."""
    seat = state.current_player()
    history = state.history()
    ids = state.spec.ids
    for k in reversed(range(len(history))):
        action = history[k]
        if not isinstance(action, giganten.DrawLicenses):
            continue
        before = rewind(state, k)
        if ids.seen_by(before, action, before.apply(action)) == frozenset({seat}):
            continue
        for other, _ in before.chance_outcomes():
            if other != action:
                twin = _replayed(state, history[:k] + [other] + history[k + 1:])
                if twin is not None:
                    return twin
    return None


def bidding(state) -> bool:
    """An auction bid is to be made (what another hand holds matters most there)."""
    return any(isinstance(a, giganten.Bid) for a in state.legal_actions())


def twins(make, seed: int = 4, where=lambda state: True):
    """(state, twin, seat): the first decision position (``where`` holds) along a random game where ``make`` builds
    a twin that the seat to move cannot tell apart."""
    for state in decision_points(seed):
        if not where(state):
            continue
        twin = make(state)
        seat = state.current_player()
        if twin is not None and twin != state and twin.observation(seat) == state.observation(seat):
            return state, twin, seat
    raise AssertionError(f"no twin found along game {seed}")
