"""Giganten's game spec: creating, saving and loading games."""
from __future__ import annotations

from typing import Any

from gamekit import GameSpec, load

from .actions import CODEC
from .components import COMPONENTS
from .state import OPTION_DEFAULTS, OPTION_HELP, State

SPEC = GameSpec(
    name="giganten",
    min_players=COMPONENTS.min_players,
    max_players=COMPONENTS.max_players,
    option_defaults=OPTION_DEFAULTS,
    codec=CODEC,
    create=lambda players, options: State(players, options),
    option_help=OPTION_HELP,
    options_added={"first_player": (2, 0)},  # (saves of format version 1: Red, seat 0, started)
)
State.spec = SPEC


def new_game(players: int = 4, **options: Any) -> State:
    """A new game for 3 or 4 players; options: one_opponent_back, exact_price_change, open_licenses,
    first_player (see ``OPTION_HELP``)."""
    return SPEC.new_game(players, **options)  # type: ignore[return-value]


def from_json(text: str | bytes) -> State:
    """The game saved in ``text`` (a ``state.to_json()`` string); one ValueError for any bad file."""
    return load(text, SPEC)  # type: ignore[return-value]
