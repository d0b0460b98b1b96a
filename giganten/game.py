"""Giganten's game spec: creating, saving and loading games; positions and scenarios."""
from __future__ import annotations

from typing import Any

from gamekit import GameSpec, load
from gamekit.positions import Scenario, ScenarioLibrary

from .actions import CODEC
from .components import COMPONENTS
from .position import from_position
from .state import OPTION_DEFAULTS, OPTION_HELP, State

SPEC = GameSpec(
    name="giganten",
    min_players=COMPONENTS.min_players,
    max_players=COMPONENTS.max_players,
    option_defaults=OPTION_DEFAULTS,
    codec=CODEC,
    create=lambda players, options: State(players, options),
    option_help=OPTION_HELP,
    options_added={
        "first_player": (2, 0),  # (saves of format version 1: Red, seat 0, started)
        "bluff_bids": (3, False),  # (older saves: the house rule G5 capped every bid)
        "tie_by_license_cards": (3, False),  # (older saves: ties went by the licenses' value, ruling G2)
    },
    from_position=from_position,
)
State.spec = SPEC
SCENARIOS = ScenarioLibrary("giganten", SPEC)


def new_game(players: int = 4, **options: Any) -> State:
    """A new game for 3 or 4 players; options: one_opponent_back, exact_price_change, open_licenses,
    first_player, bluff_bids, tie_by_license_cards (see ``OPTION_HELP``)."""
    return SPEC.new_game(players, **options)  # type: ignore[return-value]


def from_json(text: str | bytes) -> State:
    """The game saved in ``text`` (a ``state.to_json()`` string); one ValueError for any bad file."""
    return load(text, SPEC)  # type: ignore[return-value]


def scenarios() -> list[str]:
    """The names of the scenarios (lessons) that come with the game: ``giganten/data/scenarios/*.json``."""
    return SCENARIOS.names()


def scenario(name: str) -> State:
    """The starting position of the scenario ``name`` (see :func:`scenario_info` for what it teaches)."""
    return SCENARIOS.get(name).state()  # type: ignore[return-value]


def scenario_info(name: str) -> Scenario:
    """The scenario ``name``: its title, what it teaches, the rulebook section, its position and the
    intended moves (``.moves()``) that show the lesson."""
    return SCENARIOS.get(name)
