"""Save files, replay, undo and time travel — all from one mechanism.

A save file is JSON (never pickle)::

    {"format": "giants-kit-save", "version": 1, "game": "giganten",
     "players": 4, "options": {...}, "actions": [{"kind": ...}, ...]}

Loading validates everything (types, ranges, and that every action replays legally) and fails
with a single :class:`ValueError` on a corrupted, truncated, hostile or future-version file.  The
message quotes at most a few dozen characters of any value in the file (see
:func:`gamekit.actions.quote`) and is never longer than :data:`MAX_MESSAGE` characters.

Strict at every level: a key given twice in any JSON object is refused (JSON parsers would
silently keep the last one); the top level, each action and the options must have exactly
their keys.  Options: an unknown key is refused, and so is a *missing* one: every save this kit
has written lists all of its game's options (``record_dict`` writes ``state.options``, which
has every option filled in), so a missing option means a damaged or hand-made file, not an old
one.  When a game gains an option, its saves move to a new format version and the game declares
the option in :attr:`GameSpec.options_added` with the value older saves imply; this loader fills
it in for saves of an older version (which must not list it) and demands it from newer ones.

Versions: 1, the first saves; 2, Giganten's ``first_player`` option (older saves: seat 0); 3, First Giants'
``news_values`` option (older saves: ``by-type``, a family's News token 3, a size's 5).
"""
from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

from .actions import Action, quote
from .protocol import GameState, IllegalAction
from .spec import GameSpec

FORMAT = "giants-kit-save"
VERSION = 3
MAX_BYTES = 20_000_000
MAX_ACTIONS = 200_000
MAX_MESSAGE = 2_000


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


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's dict, refusing a key given twice."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(f"the key {quote(key)} appears twice in one JSON object")
            seen.add(key)
    return out


def load(text: str | bytes, spec: GameSpec) -> GameState:
    """Rebuild the state saved in ``text``; one clear ValueError if the file is not valid."""
    try:
        return _load(text, spec)
    except ValueError as exc:
        message = str(exc)
    except (RecursionError, TypeError, KeyError, AttributeError, OverflowError, MemoryError) as exc:
        message = f"not a valid {spec.name} save file: {type(exc).__name__}: {exc}"
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 30] + f" ... ({len(message)} characters)"
    raise ValueError(message) from None


def _load(text: str | bytes, spec: GameSpec) -> GameState:
    where = f"{spec.name} save file"
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"{where}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise ValueError(f"{where}: too large ({len(text)} bytes; at most {MAX_BYTES})")
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKey as exc:
        raise ValueError(f"{where}: {exc}") from None
    except ValueError as exc:  # (JSONDecodeError, or an integer with thousands of digits)
        raise ValueError(f"{where}: not valid JSON (truncated or corrupted?): {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where}: the top level must be a JSON object")
    expected = {"format", "version", "game", "players", "options", "actions"}
    if set(data) != expected:
        raise ValueError(f"{where}: expected exactly the keys {sorted(expected)}, got {quote(sorted(data))}")
    if data["format"] != FORMAT:
        raise ValueError(f"{where}: unknown format {quote(data['format'])} (expected {FORMAT!r})")
    version = data["version"]
    if type(version) is not int:
        raise ValueError(f"{where}: version must be an integer")
    if version > VERSION:
        raise ValueError(f"{where}: format version {version} is newer than this kit reads ({VERSION}); update the kit")
    if version < 1:
        raise ValueError(f"{where}: invalid format version {version}")
    if data["game"] != spec.name:
        raise ValueError(f"{where}: this file is for the game {quote(data['game'])}")
    options = data["options"]
    if not isinstance(options, dict):
        raise ValueError(f"{where}: options must be a JSON object")
    options = _options_of_version(spec, version, options, where)
    spec.validate_options(data["players"], options)  # (unknown options, wrong types, player count)
    missing = sorted(set(spec.option_defaults) - set(options))
    if missing:
        raise ValueError(f"{where}: the options lack {missing} (a save lists every option of its game)")
    state = spec.new_game(data["players"], **options)
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


def _options_of_version(spec: GameSpec, version: int, options: dict[str, Any], where: str) -> dict[str, Any]:
    """``options`` of a save of format ``version``, with the options its game gained since filled in."""
    implied = {name: value for name, (since, value) in spec.options_added.items() if version < since}
    listed = sorted(set(implied) & set(options))
    if listed:
        raise ValueError(f"{where}: options {listed} did not exist in format version {version}")
    return {**options, **implied}
