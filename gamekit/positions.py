"""Positions and scenarios: a game's state as plain data a teacher can read and edit, both games alike.

A *position* is a JSON object (a Python dict, or its JSON text) that names everything in the rulebook's
words: players by colour or name, cards by what is printed on them, prices in dollars, squares by the
board's coordinates, the round, the phase by name and whose turn it is.  ``state.to_position()`` writes
one; the game's ``from_position(data)`` reads one back into a state from which play continues under
the rules.  This module holds what both games need for that:

* :func:`open_position` -- the input checked once for its *shape* (only objects, lists, strings, whole
  numbers, booleans and null; limits on size, depth, string length and number size; numpy integers
  and tuples accepted as what they stand for), then handed out as :class:`Fields`;
* :class:`Fields` -- reads one JSON object field by field and raises :class:`PositionError` (a
  ``ValueError``) naming the field (``players[2].money: must be >= 0``), refusing unknown keys (null too);
  :func:`choose` names the nearest names to a wrong one, :func:`read_options` the option at fault;
* the convention both games keep (``docs/positions.md``): places count from 0, ``turn`` is worked out
  where the position says it and checked (:func:`check_turn`), ``from_position`` takes a ``seed``
  (:func:`seed_of`), the :data:`FORMAT_VERSION` is written and older versions read;
* :class:`Origin` -- the start of a game's record when it began from a position rather than from
  ``new_game`` (``gamekit.record`` saves it, and undo, rewind and replay stop at it);
* :class:`ChanceConcern` -- what a chance node is about (whose draw, which square, which pile);
* :class:`ScenarioLibrary` and :class:`Scenario` -- a game's lessons, each a data file in the package.

Why JSON and not TOML or YAML: a position is edited either as a Python dict in a notebook (no file format
at all) or as a JSON file, which Python reads and writes with its standard library alone.  TOML has no
null (a truck not yet placed, nobody holding the high bid), and YAML would add a dependency and reads
some plain words as other types (``no``, ``1e3``), which a teacher would meet as puzzling errors.
"""
from __future__ import annotations

import difflib
import json
import operator
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypeVar

from .actions import quote
from .i18n import N_, format_number
from .i18n import gettext as _
from .i18n.say import Text

if TYPE_CHECKING:
    from .actions import Action
    from .protocol import GameState
    from .spec import GameSpec

FORMAT_VERSION = 2
"""The version of the positions the kit writes; a position's optional ``"version"`` key may give 1 or 2 (left out:
2).  Version 2 numbers every place from 0, as the lists of a position and the actions do (First Giants'
``taken_from``); version 1 numbered First Giants' ``taken_from`` from 1, and such files are read as they were."""
MAX_TEXT = 1_000_000
"""The longest JSON text a position may be (characters)."""
MAX_DEPTH = 8
"""The deepest nesting of objects and lists a position may have (the games need 4)."""
MAX_ITEMS = 500
"""The most entries one object or list may have."""
MAX_STRING = 200
"""The longest string (and object key) a position may hold."""
MAX_NUMBER = 10**9
"""The largest whole number (in absolute value) a position may hold; every count and price is smaller."""
MAX_DIGITS = len(str(MAX_NUMBER))
"""JSON numbers of more digits are not even converted (Python refuses to convert those of over 4,300)."""
NEAREST = 3
"""How many of the nearest names a refused name is shown (when there are too many to list)."""
LISTED = 12
"""Up to this many names, a refused name is shown all of them."""

T = TypeVar("T")
_MISSING: Any = object()


class PositionError(ValueError):
    """A position that the components or the rules forbid, or that is not a position at all.

    ``field`` names where (``players[2].money``, ``tiles[0].square``; empty for the whole position),
    and the message says what is wrong and what is allowed."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


@dataclass(frozen=True, slots=True)
class Origin:
    """The start of a game's record when it began from a position (``_record``'s root; None for ``new_game``).

    ``position`` is the position's JSON text as the game wrote it (complete: nothing left to fill in)."""

    position: str

    def data(self) -> dict[str, Any]:
        return json.loads(self.position)


@dataclass(frozen=True, slots=True)
class ChanceConcern:
    """What the outcome of a chance node decides, so that a teacher can pick it ("Blue draws two 1s").

    ``kind`` is what is drawn, rolled or dealt (each game lists its kinds); ``player`` the seat it
    concerns (whose draw, whose penalty; None when it concerns no one in particular); ``where`` the
    square, pile, company or site, in the game's words (None when there is no choice of place);
    ``count`` how many things the one outcome decides at once (a draw of 3 licenses is one outcome);
    ``said`` the whole of it as a sentence, worded when read (a :class:`gamekit.i18n.say.Text`): ``str(concern)``
    in the reader's language (the stepper's chance chooser shows it), :attr:`text` in English.  ``kind`` and
    ``where`` are data, the game's English keys ("price die", "red pile"), the same in every language."""

    kind: str
    player: int | None
    where: str | None
    count: int
    said: "str | Text"

    @property
    def text(self) -> str:
        """The sentence in English, the same whatever the reader's language (the stepper seeds the chance it draws
        with it, so a seed gives the same game in every language)."""
        return self.said.english() if isinstance(self.said, Text) else self.said

    def __str__(self) -> str:
        return str(self.said)


# -- reading a position ----------------------------------------------------------------------------------------


def open_position(data: Any, game: str) -> "Fields":
    """The top level of a position (a dict, or its JSON text), its shape checked; PositionError otherwise.

    The result is a fresh copy: changing ``data`` afterwards changes nothing.  The keys ``game`` (the
    game's name) and ``version`` (1 to :data:`FORMAT_VERSION`) are optional and checked when given; the
    result's ``version`` is the version given (or the current one)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = _parse_json(data, game)
    plain = _plain(data, "", 0)
    if not isinstance(plain, dict):
        raise PositionError("", _("a {game} position is a JSON object (a dict), got {type}").format(
            game=game, type=type(data).__name__))
    fields = Fields(plain, "")
    named = fields.text("game", default=game)
    if named != game:
        raise PositionError("game", _("this is a position of {named}, not of {game}").format(named=quote(named),
                                                                                          game=game))
    fields.version = fields.integer("version", 1, FORMAT_VERSION, default=FORMAT_VERSION)
    return fields


def _parse_json(text: str | bytes | bytearray, game: str) -> Any:
    if len(text) > MAX_TEXT:
        raise PositionError("", _("a {game} position's text is at most {limit} characters, got {length}").format(
            game=game, limit=format_number(MAX_TEXT), length=format_number(len(text))))
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_number, object_pairs_hook=_unique_keys)
    except PositionError:
        raise
    except RecursionError:
        raise PositionError("", _("not a {game} position: nested too deeply").format(game=game)) from None
    except ValueError as exc:
        raise PositionError("", _("not valid JSON: {error}").format(error=exc)) from None


class _TooLarge:
    """A JSON number of more than :data:`MAX_DIGITS` digits, left unconverted (refused where it stands)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _number(text: str) -> Any:
    digits = len(text.lstrip("-"))
    return _TooLarge(digits) if digits > MAX_DIGITS else int(text)


def _too_large(path: str) -> PositionError:
    return PositionError(path, _("number too large: a position's numbers are at most {limit} (in absolute "
                                 "value)").format(limit=format_number(MAX_NUMBER)))


def _no_constant(name: str) -> Any:
    raise PositionError("", _("{name} is not a number a position may hold").format(name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise PositionError("", _("the key {key} appears twice in one JSON object").format(key=quote(key)))
            seen.add(key)
    return out


def _plain(value: Any, path: str, depth: int) -> Any:
    """``value`` as plain JSON data (dict, list, str, int, bool, None), checked against the limits above."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise PositionError(path, _("a text of at most {limit} characters, got {length}").format(
                limit=MAX_STRING, length=format_number(len(value))))
        return value
    if isinstance(value, float):
        raise PositionError(path, _("must be a whole number, got {given}").format(given=quote(value)))
    if isinstance(value, _TooLarge):
        raise _too_large(path)
    if isinstance(value, int) or hasattr(value, "__index__") and not isinstance(value, (Mapping, Sequence)):
        try:
            number = operator.index(value)
        except TypeError:
            raise PositionError(path, _("not a value a position may hold: {type}").format(
                type=type(value).__name__)) from None
        if abs(number) > MAX_NUMBER:
            raise _too_large(path)
        return number
    if depth >= MAX_DEPTH:
        raise PositionError(path, _("nested too deeply (a position has at most {limit} levels)").format(
            limit=MAX_DEPTH))
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            raise PositionError(path, _("at most {limit} entries, got {count}").format(
                limit=MAX_ITEMS, count=format_number(len(value))))
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise PositionError(path, _("keys must be texts, got {given}").format(given=quote(key)))
            if len(key) > MAX_STRING:
                raise PositionError(path, _("a key of at most {limit} characters, got {length}").format(
                    limit=MAX_STRING, length=format_number(len(key))))
            out[key] = _plain(item, _join(path, key), depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise PositionError(path, _("at most {limit} entries, got {count}").format(
                limit=MAX_ITEMS, count=format_number(len(value))))
        return [_plain(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
    raise PositionError(path, _("not a value a position may hold: {type} (use objects, lists, texts, whole "
                                "numbers, true/false and null)").format(type=type(value).__name__))


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _given(value: Any) -> str:
    """What was given, in JSON's words: ``null``, ``true``, ``a number 7``, ``a text 'x'``, ``a list [...]``."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    template = _GIVEN.get(type(value))
    return _(template).format(value=quote(value)) if template else f"{type(value).__name__} {quote(value)}"


_GIVEN = {int: N_("a number {value}"), str: N_("a text {value}"), list: N_("a list {value}"),
          dict: N_("an object {value}")}


class Fields:
    """One JSON object of a position, read key by key; every error names the field.

    Call :meth:`done` after reading: a key nobody asked for is a misspelling, refused with the known keys
    whatever its value (null too); only the fields the position has in other phases may be null where
    they do not apply (null everywhere means "left out")."""

    version = FORMAT_VERSION
    """The position's format version (:func:`open_position` sets it on the top level)."""

    def __init__(self, data: dict[str, Any], path: str) -> None:
        self.data = data
        self.path = path
        self._read: set[str] = set()

    def at(self, key: str) -> str:
        """The full name of field ``key`` (``players[2].money``)."""
        return _join(self.path, key)

    def has(self, key: str) -> bool:
        """Whether ``key`` is given (null counts as left out); the key counts as read."""
        self._read.add(key)
        return self.data.get(key) is not None

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        """The value at ``key`` as given (null counts as left out); ``default`` if left out."""
        self._read.add(key)
        value = self.data.get(key)
        if value is None:
            if default is _MISSING:
                raise PositionError(self.at(key), _("missing (this field must be given)"))
            return default
        return value

    def integer(self, key: str, low: int, high: int, default: Any = _MISSING) -> int:
        value = self.raw(key, default)
        return value if value is default else whole(self.at(key), value, low, high)

    def flag(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise PositionError(self.at(key), _("must be true or false, got {given}").format(given=_given(value)))
        return value

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise PositionError(self.at(key), _("must be a text, got {given}").format(given=_given(value)))
        return value

    def choice(self, key: str, choices: Mapping[str, T], default: Any = _MISSING) -> T:
        """One of ``choices``' names (case and spaces around it do not matter), as its value."""
        value = self.raw(key, _MISSING if default is _MISSING else None)
        if value is None:
            return default
        return choose(self.at(key), value, choices)

    def object(self, key: str, required: bool = False) -> "Fields":
        """The object at ``key`` (an empty one if it is left out and not ``required``)."""
        value = self.raw(key, _MISSING if required else {})
        return as_object(self.at(key), value)

    def items(self, key: str, required: bool = False) -> list[tuple[str, Any]]:
        """The list at ``key`` as (field name, item) pairs (none if it is left out and not ``required``)."""
        value = self.raw(key, _MISSING if required else [])
        return as_list(self.at(key), value)

    def entries(self) -> Iterator[tuple[str, str, Any]]:
        """Every (key, field name, value) of this object (all of them count as read)."""
        for key, value in self.data.items():
            self._read.add(key)
            yield key, self.at(key), value

    def done(self, elsewhere: Sequence[str] = ()) -> None:
        """Refuse any key that was not read: a misspelt or unknown field, even when null.  The keys in
        ``elsewhere`` (fields of other phases) may be null, and are refused with any other value."""
        for key, value in self.data.items():
            if key in self._read:
                continue
            if key in elsewhere:
                if value is None:
                    continue
                raise PositionError(self.at(key), _("not a field of this phase: leave it out (or null) here"))
            known = ", ".join(sorted(self._read)) or _("none")
            raise PositionError(self.at(key), _("unknown field (known here: {known})").format(known=known))


def whole(path: str, value: Any, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``."""
    if type(value) is not int:
        raise PositionError(path, _("must be a whole number, got {given}").format(given=_given(value)))
    if value < low:
        raise PositionError(path, _("must be >= {low}, got {given}").format(low=low, given=value))
    if value > high:
        raise PositionError(path, _("must be <= {high}, got {given}").format(high=high, given=value))
    return value


def choose(path: str, value: Any, choices: Mapping[str, T]) -> T:
    """The value of the name ``value`` among ``choices`` (case and spaces around it do not matter).

    A name that is none of them is refused listing them all (up to :data:`LISTED`), or else the
    :data:`NEAREST` nearest to what was given."""
    wanted = " ".join(value.split()).casefold() if isinstance(value, str) else None
    for name, meant in choices.items():
        if name.casefold() == wanted:
            return meant
    names = list(choices)
    if len(names) <= LISTED:
        raise PositionError(path, _("must be one of {names}; got {given}").format(
            names=", ".join(map(repr, names)), given=_given(value)))
    raise PositionError(path, _("must be one of {count} names, got {given}; the nearest: {nearest}").format(
        count=len(names), given=_given(value), nearest=", ".join(map(repr, nearest(wanted or "", names)))))


def nearest(wanted: str, names: Sequence[str], count: int = NEAREST) -> list[str]:
    """The ``count`` names most like ``wanted`` (difflib's ratio, case aside; ties in the names' order)."""
    matcher = difflib.SequenceMatcher(None, b="")
    matcher.set_seq2(wanted)

    def unlike(name: str) -> float:
        matcher.set_seq1(name.casefold())
        return -matcher.ratio()

    return sorted(names, key=unlike)[:count]


def as_object(path: str, value: Any) -> Fields:
    if not isinstance(value, dict):
        raise PositionError(path, _("must be an object ({braces}), got {given}").format(braces="{...}",
                                                                                      given=_given(value)))
    return Fields(value, path)


def as_list(path: str, value: Any) -> list[tuple[str, Any]]:
    if not isinstance(value, list):
        raise PositionError(path, _("must be a list ([...]), got {given}").format(given=_given(value)))
    return [(f"{path}[{i}]", item) for i, item in enumerate(value)]


def read_options(fields: Fields, spec: "GameSpec") -> dict[str, Any]:
    """The game's options (``fields``' ``options`` object; each left out or null: its default), every
    refusal naming the option's field (``options.open_licenses``).  The game checks the values it limits."""
    options = fields.object("options")
    out = dict(spec.option_defaults)
    known = ", ".join(spec.option_defaults)
    for key, path, value in options.entries():
        if key not in out:
            raise PositionError(path, _("unknown {game} option (the options: {known})").format(game=spec.name,
                                                                                               known=known))
        if value is None:
            continue
        kind = type(out[key])
        if type(value) is not kind:
            raise PositionError(path, _("must be {kind}, got {given}").format(
                kind=_(_KIND_WORDS[kind]) if kind in _KIND_WORDS else kind.__name__, given=_given(value)))
        out[key] = value
    return out


_KIND_WORDS = {bool: N_("true or false"), int: N_("a whole number"), str: N_("a text")}


def seat_option(options: dict[str, Any], players: int) -> None:
    """``options.first_player`` is a seat of the game."""
    if not 0 <= options["first_player"] < players:
        raise PositionError("options.first_player", _("a seat from 0 to {last}, got {given}").format(
            last=players - 1, given=options["first_player"]))


def seed_of(seed: Any) -> int:
    """``from_position``'s ``seed`` (None: 0) for what a position leaves to chance; ValueError if not a whole
    number."""
    if seed is None:
        return 0
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise ValueError(f"seed must be a whole number, got {type(seed).__name__}")
    return operator.index(seed)


def check_turn(given: int | None, expected: int | None, names: Sequence[str], because: str) -> None:
    """A ``turn`` given (a seat, None if left out) agrees with whose turn the rest of the position says it is
    (``expected``, None when it is nobody's); ``because`` says what decides it, in the reader's language."""
    if given is not None and given != expected:
        message = (_("it is {name}'s turn here, got {given}: {because}") if expected is not None else
                   _("it is nobody's turn here, got {given}: {because}"))
        raise PositionError("turn", message.format(name=names[expected] if expected is not None else "",
                                                   given=names[given], because=because))


def guarded(game: str, build: Callable[[], T]) -> T:
    """``build()``, with any error other than a PositionError turned into one (a position is refused with a
    ValueError and nothing else, whatever is wrong with it; the builders name the field where they can)."""
    try:
        return build()
    except PositionError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
        raise PositionError("", _("not a valid {game} position: {error}").format(
            game=game, error=f"{type(exc).__name__}: {quote(str(exc))}")) from None


def dumps(position: Mapping[str, Any]) -> str:
    """A position as compact JSON text (its keys in the order the game wrote them)."""
    return json.dumps(position, separators=(",", ":"))


# -- scenarios ---------------------------------------------------------------------------------------------


def starting_point(spec: "GameSpec", state: "GameState | None" = None,
                   scenario: str | None = None) -> "GameState | None":
    """Where a tool (the stepper, a table) starts: ``state``, or the game's scenario named ``scenario``; None
    when neither is given (a new game).  ValueError for both, or for a state of another game."""
    if state is not None and scenario is not None:
        raise ValueError("give a state or a scenario to start from, not both")
    if scenario is not None:
        return ScenarioLibrary(spec.name, spec).get(scenario).state()
    if state is not None and getattr(type(state), "spec", None) is not spec:
        raise ValueError(f"expected a {spec.name} state to start from, got {type(state).__name__}")
    return state


@dataclass(frozen=True)
class Scenario:
    """A lesson: a position, what it teaches, the rulebook section, and the move(s) that show it.

    ``play`` are the intended moves (chance outcomes included) as action JSON; playing them from the
    position shows the lesson, and the event ``shows`` describes (its rulebook section, and words its
    text contains) is among the events they cause."""

    name: str
    title: str
    teaches: str
    rulebook: str
    position: str
    play: tuple[str, ...]
    shows_section: str
    shows_words: str
    spec: "GameSpec"

    def state(self) -> "GameState":
        """The scenario's starting position (a new state each call)."""
        return self.spec.position_state(self.position)

    def moves(self) -> list["Action"]:
        """The intended moves, as actions."""
        return [self.spec.codec.decode(json.loads(move)) for move in self.play]

    def __str__(self) -> str:
        return f"{self.title} ({self.rulebook}): {self.teaches}"


class ScenarioLibrary:
    """A game's scenarios: the JSON files in ``<package>/data/scenarios/``, one lesson each.

    A file holds ``title``, ``teaches`` (what the lesson shows), ``rulebook`` (the section), ``position``,
    ``play`` (the intended moves as action JSON) and ``shows`` (``{"section": ..., "words": ...}``, the
    event the moves cause).  The file name without ``.json`` is the scenario's name."""

    KEYS = ("title", "teaches", "rulebook", "position", "play", "shows")

    def __init__(self, package: str, spec: "GameSpec") -> None:
        self.package = package
        self.spec = spec

    def _folder(self) -> Any:
        return resources.files(self.package) / "data" / "scenarios"

    def names(self) -> list[str]:
        folder = self._folder()
        if not folder.is_dir():
            return []
        return sorted(entry.name[:-5] for entry in folder.iterdir() if entry.name.endswith(".json"))

    def get(self, name: str) -> Scenario:
        """The scenario ``name`` (ValueError naming the known ones if there is none)."""
        names = self.names()
        if not isinstance(name, str) or name not in names:
            raise ValueError(f"no {self.spec.name} scenario {quote(name)}; the scenarios are: {', '.join(names)}")
        text = (self._folder() / f"{name}.json").read_text(encoding="utf-8")
        where = f"{self.spec.name} scenario {name!r}"
        try:
            data = json.loads(text, object_pairs_hook=_unique_keys)
        except ValueError as exc:
            raise ValueError(f"{where}: not valid JSON: {exc}") from None
        if not isinstance(data, dict) or sorted(data) != sorted(self.KEYS):
            raise ValueError(f"{where}: a scenario file has exactly the keys {', '.join(self.KEYS)}")
        shows = data["shows"]
        texts = [data[k] for k in ("title", "teaches", "rulebook")]
        if not all(isinstance(t, str) for t in texts) or not isinstance(data["play"], list) or not (
                isinstance(shows, dict) and sorted(shows) == ["section", "words"]):
            raise ValueError(f"{where}: title, teaches and rulebook are texts, play a list of actions, shows "
                             "{\"section\": ..., \"words\": ...}")
        return Scenario(name, data["title"], data["teaches"], data["rulebook"], dumps(data["position"]),
                        tuple(dumps(m) for m in data["play"]), str(shows["section"]), str(shows["words"]), self.spec)
