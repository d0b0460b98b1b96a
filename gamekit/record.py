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

Versions: 1, the first saves; 2, Giganten's ``first_player`` option (older saves: seat 0); 3, Giganten's
``bluff_bids`` and ``tie_by_license_cards`` options and First Giants' ``eggs_not_fossils`` (older saves: off);
4, games that start from a position (:mod:`gamekit.positions`): the file adds ``"position"``, the position
the game started from, and its actions are those applied since; and First Giants' ``news_values`` (older
saves: ``by-type``, a family's News token 3, a size's 5); 5, ``"decided_by"``: who made each action, in a
classroom table's save (:data:`DECIDED_BY`).  A save is written in the oldest version that holds it -- 5 for a
save that says who decided, 4 for a game from a position or with ``news_values`` other than ``by-type``, 3 for
the others (an option still at the value older saves imply is left out) -- so saves that need neither read in
kits before positions too.  Every version this kit ever wrote still loads.

The start of a game is part of its record (``state.origin``): replay, undo, rewind and time travel
(:func:`states_along`) start from the position a game started from, never before it.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterator, Sequence, TypeVar, cast

from .actions import Action, quote
from .i18n import gettext as _
from .i18n import ngettext
from .positions import Origin
from .protocol import GameState, IllegalAction
from .spec import GameSpec

FORMAT = "giants-kit-save"
VERSION = 5
POSITION_VERSION = 4
"""The version that added ``"position"``: a game from a position is saved in it."""
DECIDED_VERSION = 5
"""The version that added ``"decided_by"``."""
WITHOUT_POSITION = 3
"""The version of a save without a position (a game from ``new_game``): what kits before positions read."""
MAX_BYTES = 20_000_000
MAX_ACTIONS = 200_000
MAX_MESSAGE = 2_000
#: Who made an action, in a save's ``"decided_by"`` (one entry per action): the seat's "student", a "bot" (with
#: its label after a colon: "bot:heuristic"), "chance", or "import" (an action of a save a table started from).
DECIDED_BY = re.compile(r"student|chance|import|bot(:[^\x00-\x1f\x7f]{1,80})?")
#: What tells a save file from a position file (``docs/positions.md``): a save names its "format".
_FORMAT_KEY = re.compile(rb'"format"\s*:')


def record_dict(state: GameState, decided_by: Sequence[str] | None = None) -> dict[str, Any]:
    """The save-file contents of ``state`` as a plain dict; ``decided_by``: who made each action (:data:`DECIDED_BY`,
    one per action of the history), for a classroom table's save."""
    origin = state.origin
    version = oldest_version(state)
    if decided_by is not None:
        _check_decided(decided_by, len(state.history()), "decided_by")
        version = max(version, DECIDED_VERSION)
    added = state.spec.options_added
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": version,
        "game": state.spec.name,
        "players": state.num_players,
        "options": {name: value for name, value in state.options.items()
                    if name not in added or added[name][0] <= version},
    }
    if origin is not None:
        out["position"] = origin.data()
    out["actions"] = [a.to_json() for a in state.history()]
    if decided_by is not None:
        out["decided_by"] = list(decided_by)
    return out


def oldest_version(state: GameState) -> int:
    """The oldest format version that holds ``state``'s save: one that has ``"position"`` for a game from a
    position, and knows every option (:attr:`GameSpec.options_added`) set to a value other than the one
    older saves imply.  So a game with the default options reads in the oldest kit that can play it."""
    added = state.spec.options_added
    needed = [since for name, (since, implied) in added.items() if state.options.get(name, implied) != implied]
    return max([WITHOUT_POSITION if state.origin is None else POSITION_VERSION, *needed])


def dump(state: GameState, decided_by: Sequence[str] | None = None) -> str:
    return json.dumps(record_dict(state, decided_by), separators=(",", ":"))


def _check_decided(decided_by: Any, actions: int, where: str) -> None:
    if not isinstance(decided_by, (list, tuple)) or len(decided_by) != actions:
        raise ValueError(_("{where}: one entry per action ({actions}), got {given}").format(
            where=where, actions=actions, given=quote(decided_by)))
    for i, who in enumerate(decided_by):
        if not isinstance(who, str) or not DECIDED_BY.fullmatch(who):
            raise ValueError(_("{where}: 'student', 'chance', 'import' or 'bot:<its label>', got {given}").format(
                where=f"{where}[{i}]", given=quote(who)))


def who_decided(text: str | bytes) -> list[str] | None:
    """The ``"decided_by"`` list of a save file's text (None when it has none); load the file with :func:`load`
    first, which checks it."""
    data = json.loads(text)
    return list(data["decided_by"]) if isinstance(data, dict) and "decided_by" in data else None


def replay(spec: GameSpec, players: int, options: dict[str, Any], actions: Sequence[Action],
           position: Origin | None = None) -> GameState:
    """The state reached by applying ``actions`` to a new game -- or, given ``position`` (a game's
    ``state.origin``), to the position the game started from (IllegalAction if an action is illegal)."""
    state = spec.new_game(players, **options) if position is None else spec.position_state(position.position)
    for action in actions:
        state = state.apply(action)
    return state


def start_of(state: GameState) -> GameState:
    """The first state of ``state``'s game: ``new_game`` with its options, or the position it started from."""
    origin = state.origin
    if origin is None:
        return state.spec.new_game(state.num_players, **state.options)
    return state.spec.position_state(origin.position)


S = TypeVar("S", bound=GameState)


def states_along(state: S) -> Iterator[S]:
    """Every state of ``state``'s game from its start up to ``state`` itself (time travel)."""
    current = cast(S, start_of(state))  # a game's states are all of its one State class
    yield current
    for action in state.history():
        current = cast(S, current.apply(action))
        yield current


def rewind(state: GameState, moves: int) -> GameState:
    """The state after the first ``moves`` actions of ``state``'s history (0: the game's start)."""
    history = state.history()
    if not 0 <= moves <= len(history):
        raise ValueError(ngettext("cannot rewind to move {move}: the game has {moves} move",
                                  "cannot rewind to move {move}: the game has {moves} moves", len(history)).format(
            move=moves, moves=len(history)))
    current = start_of(state)
    for action in history[:moves]:
        current = current.apply(action)
    return current


def undo(state: GameState, steps: int = 1) -> GameState:
    """The state ``steps`` actions earlier."""
    return rewind(state, max(0, state.move_number - steps))


def _reject_constant(name: str) -> Any:
    raise ValueError(_("{name} is not allowed in a save file").format(name=name))


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's dict, refusing a key given twice."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(_("the key {key} appears twice in one JSON object").format(key=quote(key)))
            seen.add(key)
    return out


def is_position_file(text: str | bytes, spec: GameSpec) -> bool:
    """Whether ``text`` is read as a position (what ``to_position()`` writes, as JSON) rather than a save file:
    it names no save "format" and the game has positions.  Either reader checks the rest."""
    raw = text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)
    return spec.from_position is not None and not _FORMAT_KEY.search(raw)


def load(text: str | bytes, spec: GameSpec) -> GameState:
    """Rebuild the state saved in ``text``; one clear ValueError if the file is not valid."""
    try:
        return _load(text, spec)
    except ValueError as exc:
        message = str(exc)
    except (RecursionError, TypeError, KeyError, AttributeError, OverflowError, MemoryError) as exc:
        message = _("not a valid {game} save file: {error}").format(game=spec.name,
                                                                     error=f"{type(exc).__name__}: {exc}")
    if len(message) > MAX_MESSAGE:
        message = _("{start} ... ({length} characters)").format(start=message[:MAX_MESSAGE - 30], length=len(message))
    raise ValueError(message) from None


def _load(text: str | bytes, spec: GameSpec) -> GameState:
    where = _("{game} save file").format(game=spec.name)
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(_("{where}: expected JSON text, got {type}").format(where=where, type=type(text).__name__))
    if len(text) > MAX_BYTES:
        raise ValueError(_("{where}: too large ({size} bytes; at most {limit})").format(
            where=where, size=len(text), limit=MAX_BYTES))
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKey as exc:
        raise ValueError(f"{where}: {exc}") from None
    except ValueError as exc:  # (JSONDecodeError, or an integer with thousands of digits)
        raise ValueError(_("{where}: not valid JSON (truncated or corrupted?): {error}").format(
            where=where, error=exc)) from None
    if not isinstance(data, dict):
        raise ValueError(_("{where}: the top level must be a JSON object").format(where=where))
    version = _check_header(data, where)
    if data["game"] != spec.name:
        raise ValueError(_("{where}: this file is for the game {game}").format(where=where, game=quote(data["game"])))
    options = data["options"]
    if not isinstance(options, dict):
        raise ValueError(_("{where}: options must be a JSON object").format(where=where))
    options = _options_of_version(spec, version, options, where)
    spec.validate_options(data["players"], options)  # (unknown options, wrong types, player count)
    missing = sorted(set(spec.option_defaults) - set(options))
    if missing:
        raise ValueError(_("{where}: the options lack {missing} (a save lists every option of its game)").format(
            where=where, missing=missing))
    state = _first_state(spec, data["players"], options, data.get("position"), where)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ValueError(_("{where}: actions must be a JSON list").format(where=where))
    if len(actions) > MAX_ACTIONS:
        raise ValueError(_("{where}: too many actions ({count})").format(where=where, count=len(actions)))
    if "decided_by" in data:
        _check_decided(data["decided_by"], len(actions), f"{where}: decided_by")  # (a key's name: not translated)
    for i, raw in enumerate(actions):
        try:
            action = spec.codec.decode(raw)
        except ValueError as exc:
            raise ValueError(_("{where}: action {number} is malformed: {error}").format(
                where=where, number=i, error=exc)) from None
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            raise ValueError(_("{where}: action {number} ({action}) does not replay legally: {error}").format(
                where=where, number=i, action=state.quoted(action), error=exc)) from None
    return state


def _check_header(data: dict[str, Any], where: str) -> int:
    """The save's top-level keys and format version, checked; returns the version."""
    expected = {"format", "version", "game", "players", "options", "actions"}
    if not expected <= set(data) <= expected | {"position", "decided_by"}:
        raise ValueError(_("{where}: expected exactly the keys {keys} (and \"position\" from version 4 on, "
                           "\"decided_by\" from version 5 on), got {given}").format(
            where=where, keys=sorted(expected), given=quote(sorted(data))))
    if data["format"] != FORMAT:
        raise ValueError(_("{where}: unknown format {given} (expected {format})").format(
            where=where, given=quote(data["format"]), format=repr(FORMAT)))
    version = data["version"]
    if type(version) is not int:
        raise ValueError(_("{where}: version must be an integer").format(where=where))
    if version > VERSION:
        raise ValueError(_("{where}: format version {version} is newer than this kit reads ({newest}); update the "
                           "kit").format(where=where, version=version, newest=VERSION))
    if version < 1:
        raise ValueError(_("{where}: invalid format version {version}").format(where=where, version=version))
    if "decided_by" in data and version < DECIDED_VERSION:
        raise ValueError(_("{where}: {key} did not exist in format version {version} (saves of version {since} on "
                           "have it)").format(where=where, key='"decided_by"', version=version, since=DECIDED_VERSION))
    if "position" in data and version < 4:
        raise ValueError(_("{where}: {key} did not exist in format version {version} (saves of version {since} on "
                           "have it)").format(where=where, key='"position"', version=version, since=4))
    return version


def _options_of_version(spec: GameSpec, version: int, options: dict[str, Any], where: str) -> dict[str, Any]:
    """``options`` of a save of format ``version``, with the options its game gained since filled in."""
    implied = {name: value for name, (since, value) in spec.options_added.items() if version < since}
    listed = sorted(set(implied) & set(options))
    if listed:
        raise ValueError(_("{where}: options {listed} did not exist in format version {version}").format(
            where=where, listed=listed, version=version))
    return {**options, **implied}


def _first_state(spec: GameSpec, players: int, options: dict[str, Any], position: Any, where: str) -> GameState:
    """The state a save's actions start from: a new game, or the position the file gives (which must agree
    with the file's players and options)."""
    if position is None:
        return spec.new_game(players, **options)
    try:
        state = spec.position_state(position)
    except ValueError as exc:
        raise ValueError(_("{where}: the starting position is not valid: {error}").format(
            where=where, error=exc)) from None
    if state.num_players != players or state.options != options:
        raise ValueError(_("{where}: the starting position is a {players}-player game with the options {options}; "
                           "the file says {file_players} players and {file_options}").format(
            where=where, players=state.num_players, options=quote(state.options), file_players=players,
            file_options=quote(options)))
    return state
