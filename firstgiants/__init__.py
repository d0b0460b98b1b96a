"""First Giants: the rules engine (2-5 players), on the kit's game protocol.

    import firstgiants as g
    state = g.new_game(4)                 # setup: the 8 starting cards are chance nodes
    state = g.sample(state, seed=1)       # ... or play them: state.chance_outcomes()
    state.legal_actions()                 # [play a marker at dig site 1, ...]

Modules: ``components`` (the deck and tokens, loaded from ``data/*.json`` and validated; the deck is
a RECONSTRUCTION, the card appendix being lost), ``actions``, ``rules`` (one module per part of the
rulebook, a student can read each on its own; the turn, step by step, in ``rules/turn.py``),
``state`` (the position as data, and the game protocol) and ``observe`` (what players see).

The deck is face up, so the game has no hidden information: plain MCTS with chance nodes applies.
"""
from __future__ import annotations

import random
from typing import Any, cast

from gamekit import IllegalAction, load, sample_chance
from gamekit.positions import Scenario, ScenarioLibrary

from .actions import (
    ACTION_CLASSES,
    CODEC,
    NEW_SET,
    Deal,
    Decline,
    Display,
    GainAmber,
    GainPoint,
    PlayMarker,
    Reclaim,
    ResolveTrigger,
    Reveal,
    SpendAmber,
    TakeCard,
)
from .components import CARDS, TOKENS, Card
from .position import from_position
from .state import SPEC, State


def new_game(players: int, **options: Any) -> State:
    """A new game for 2-5 players (options: ``first_player``, ``names``, ``eggs_not_fossils``), at its first
    chance node."""
    return cast(State, SPEC.new_game(players, **options))


def from_json(text: str | bytes) -> State:
    """Rebuild a saved game (one clear ValueError for any bad file)."""
    return cast(State, load(text, SPEC))


SCENARIOS = ScenarioLibrary("firstgiants", SPEC)


def scenarios() -> list[str]:
    """The names of the scenarios (lessons) that come with the game: ``firstgiants/data/scenarios/*.json``."""
    return SCENARIOS.names()


def scenario(name: str) -> State:
    """The starting position of the scenario ``name`` (see :func:`scenario_info` for what it teaches)."""
    return cast(State, SCENARIOS.get(name).state())


def scenario_info(name: str) -> Scenario:
    """The scenario ``name``: its title, what it teaches, the rulebook section, its position and the
    intended moves (``.moves()``) that show the lesson."""
    return SCENARIOS.get(name)


def sample(state: State, seed: int | None = None) -> State:
    """``state`` after sampling chance outcomes until a player has to decide (or the game is over)."""
    rng = random.Random(seed)
    while state.is_chance():
        state = cast(State, state.apply(sample_chance(state, rng)))
    return state


from . import questions  # noqa: E402  (the questions' positions start from the scenarios above)


def victory_shares(state: State) -> list[float]:
    """Each player's share of the win: "tied players share victory", so k tied winners get 1/k each.

    A tournament adds these shares up (a 2-way tie counts half a win for each)."""
    winners = state.winners()
    return [1 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]


__all__ = [
    "ACTION_CLASSES",
    "CARDS",
    "CODEC",
    "NEW_SET",
    "SPEC",
    "TOKENS",
    "Card",
    "Deal",
    "Decline",
    "Display",
    "GainAmber",
    "GainPoint",
    "IllegalAction",
    "PlayMarker",
    "Reclaim",
    "ResolveTrigger",
    "Reveal",
    "SpendAmber",
    "State",
    "TakeCard",
    "from_json",
    "from_position",
    "new_game",
    "questions",
    "sample",
    "scenario",
    "scenario_info",
    "scenarios",
    "victory_shares",
]
