"""Save files, replay, undo and time travel — all from one mechanism.

A save file is JSON (never pickle)::

    {"format": "giants-kit-save", "version": 1, "game": "giganten",
     "players": 4, "options": {...}, "actions": [{"kind": ...}, ...]}

Loading validates everything (types, ranges, and that every action replays legally) and fails
with a single :class:`ValueError` on a corrupted, truncated, hostile or future-version file.
"""
from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

from .actions import Action
from .protocol import GameState, IllegalAction
from .spec import GameSpec

FORMAT = "giants-kit-save"
VERSION = 1
MAX_BYTES = 20_000_000
MAX_ACTIONS = 200_000


def record_dict(state: GameState) -> dict[str, Any]:
    """The save-file contents of ``state`` as a plain dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.spec.name,
        "players": state.num_players,
        "options": dict(state.options),
        "actions": [a.to_json() for a in state.history()],
    }


def dump(state: GameState) -> str:
    return json.dumps(record_dict(state), separators=(",", ":"))


def replay(spec: GameSpec, players: int, options: dict[str, Any], actions: Sequence[Action]) -> GameState:
    """The state reached by applying ``actions`` to a new game (IllegalAction if one is illegal)."""
    state = spec.new_game(players, **options)
    for action in actions:
        state = state.apply(action)
    return state


def states_along(state: GameState) -> Iterator[GameState]:
    """Every state of ``state``'s game from the start up to ``state`` itself (time travel)."""
    current = state.spec.new_game(state.num_players, **state.options)
    yield current
    for action in state.history():
        current = current.apply(action)
        yield current


def rewind(state: GameState, moves: int) -> GameState:
    """The state after the first ``moves`` actions of ``state``'s history."""
    history = state.history()
    if not 0 <= moves <= len(history):
        raise ValueError(f"cannot rewind to move {moves}: the game has {len(history)} moves")
    return replay(state.spec, state.num_players, state.options, history[:moves])


def undo(state: GameState, steps: int = 1) -> GameState:
    """The state ``steps`` actions earlier."""
    return rewind(state, max(0, state.move_number - steps))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a save file")


def load(text: str | bytes, spec: GameSpec) -> GameState:
    """Rebuild the state saved in ``text``; one clear ValueError if the file is not valid."""
    try:
        return _load(text, spec)
    except ValueError:
        raise
    except (RecursionError, TypeError, KeyError, AttributeError, OverflowError, MemoryError) as exc:
        raise ValueError(f"not a valid {spec.name} save file: {type(exc).__name__}: {exc}") from None


def _load(text: str | bytes, spec: GameSpec) -> GameState:
    where = f"{spec.name} save file"
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"{where}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise ValueError(f"{where}: too large ({len(text)} bytes; at most {MAX_BYTES})")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: not valid JSON (truncated or corrupted?): {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where}: the top level must be a JSON object")
    expected = {"format", "version", "game", "players", "options", "actions"}
    if set(data) != expected:
        raise ValueError(f"{where}: expected exactly the keys {sorted(expected)}, got {sorted(data)[:20]}")
    if data["format"] != FORMAT:
        raise ValueError(f"{where}: unknown format {data['format']!r:.60} (expected {FORMAT!r})")
    version = data["version"]
    if type(version) is not int:
        raise ValueError(f"{where}: version must be an integer")
    if version > VERSION:
        raise ValueError(f"{where}: format version {version} is newer than this kit reads ({VERSION}); update the kit")
    if version < 1:
        raise ValueError(f"{where}: invalid format version {version}")
    if data["game"] != spec.name:
        raise ValueError(f"{where}: this file is for the game {data['game']!r:.60}")
    if not isinstance(data["options"], dict):
        raise ValueError(f"{where}: options must be a JSON object")
    state = spec.new_game(data["players"], **data["options"])
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ValueError(f"{where}: actions must be a JSON list")
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"{where}: too many actions ({len(actions)})")
    for i, raw in enumerate(actions):
        try:
            action = spec.codec.decode(raw)
        except ValueError as exc:
            raise ValueError(f"{where}: action {i} is malformed: {exc}") from None
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            raise ValueError(f"{where}: action {i} ({action}) does not replay legally: {exc}") from None
    return state
