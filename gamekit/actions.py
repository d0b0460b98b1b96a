"""Actions: small immutable values with a readable ``str()`` and a JSON form.

A game declares its actions as frozen dataclasses deriving from :class:`Action`, each with a
unique ``kind`` and fields of type ``int``, ``str``, ``bool``, ``int | None`` or ``tuple[int, ...]``.

Typed fields: an action's fields are checked once, when it is made.  Integers a user passes in
(numpy integers, e.g. from ``np.unravel_index``) become the plain ``int`` they stand for, so the
action compares, hashes, saves and shows like one made from plain ints; a value of the wrong type
(a bool, float or string in an ``int`` field, ...) raises ``TypeError`` naming the field and the
type expected.  Whether a well-typed value is *in range* is a question of the rules: ``apply``
refuses it with ``IllegalAction``.  The check costs one ``type(v) is int`` per field, at
construction only: the prebuilt actions a game lists in ``legal_actions`` never pay it again.

:class:`ActionCodec` turns the JSON form back into actions through the same constructors, with
size limits on top, so a hostile save file cannot smuggle in anything but well-formed actions.
"""
from __future__ import annotations

import dataclasses
import operator
import reprlib
import types
import typing
from typing import Any, Callable, ClassVar, Iterable, Union

from .i18n import gettext as _
from .i18n import ngettext

MAX_JSON_INT = 10**9
"""Largest integer (in absolute value) a save file may hold in an action's field."""
MAX_JSON_STR = 200
MAX_JSON_LIST = 1000

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxother = 60
_QUOTE.maxlong = 40
_QUOTE.maxlist = _QUOTE.maxtuple = _QUOTE.maxdict = 6


def quote(value: Any) -> str:
    """``repr(value)`` cut to a few dozen characters: what an error message may quote of a user's value
    (a 19 MB string in a save file must not become a 19 MB message)."""
    return _QUOTE.repr(value)


class Action:
    """Base class of every action (a move or a chance outcome).

    Subclasses are ``@dataclass(frozen=True, slots=True)`` with typed fields (see the module
    docstring) and a class attribute ``kind``.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        """Check (and normalise) every field; TypeError naming the field if one has the wrong type."""
        fields = _FIELDS.get(self.__class__)
        if fields is None:
            fields = _typed_fields(self.__class__)
        for name, exact, _coerce in fields:
            if type(getattr(self, name)) not in exact:
                _normalise(self, fields)
                return

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]  # subclasses are dataclasses
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


# -- field types -------------------------------------------------------------------------------------
Coerce = Callable[[Any], Any]
"""``value -> the field's value`` (an int for a numpy integer, ...); TypeError naming what was expected."""


def _as_int(v: Any) -> int:
    if isinstance(v, bool):
        raise TypeError(_("expected an integer, got the bool {value}").format(value=repr(v)))
    try:
        return operator.index(v)  # int subclasses, numpy integers; not bools, floats or strings
    except TypeError:
        raise TypeError(_("expected an integer, got {type} {value}").format(type=type(v).__name__, value=quote(v))) \
            from None


def _as_bool(v: Any) -> bool:
    if isinstance(v, bool) or type(v).__name__ in ("bool_", "bool"):  # (numpy's bool, without importing numpy)
        return bool(v)
    raise TypeError(_("expected true/false, got {type} {value}").format(type=type(v).__name__, value=quote(v)))


def _as_str(v: Any) -> str:
    if isinstance(v, str):
        return str(v)
    raise TypeError(_("expected a string, got {type} {value}").format(type=type(v).__name__, value=quote(v)))


def _field_type(hint: Any) -> tuple[tuple[type, ...], Coerce]:
    """For a field annotation: the exact types that need no conversion, and the converter for the rest."""
    if hint is int:
        return (int,), _as_int
    if hint is bool:
        return (bool,), _as_bool
    if hint is str:
        return (str,), _as_str
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != len(args) - 1 or len(inner) != 1:
            raise TypeError(f"unsupported field type {hint}")
        exact, coerce = _field_type(inner[0])
        return (*exact, type(None)), lambda v: None if v is None else coerce(v)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _field_type(args[0])[1]

        def as_tuple(v: Any) -> tuple:
            if not isinstance(v, (tuple, list)):
                raise TypeError(_("expected a tuple, got {type} {value}").format(type=type(v).__name__,
                                                                                  value=quote(v)))
            return tuple(item(x) for x in v)
        return (), as_tuple  # (the items always need a look)
    raise TypeError(f"unsupported field type {hint}")


_FIELDS: dict[type, tuple[tuple[str, tuple[type, ...], Coerce], ...]] = {}
"""Per action class: (field name, exact types, converter) of every field, built on first use."""


def _typed_fields(cls: type) -> tuple[tuple[str, tuple[type, ...], Coerce], ...]:
    hints = typing.get_type_hints(cls)
    fields = []
    for f in dataclasses.fields(cls):
        exact, coerce = _field_type(hints[f.name])
        fields.append((f.name, exact, coerce))
    _FIELDS[cls] = out = tuple(fields)
    return out


def _normalise(action: Action, fields: tuple[tuple[str, tuple[type, ...], Coerce], ...]) -> None:
    cls = type(action).__name__
    for name, _exact, coerce in fields:
        value = getattr(action, name)
        try:
            new = coerce(value)
        except TypeError as exc:
            raise TypeError(f"{cls}.{name}: {exc}") from None
        if new is not value:
            object.__setattr__(action, name, new)  # (frozen: set once, while the action is being made)


# -- the JSON form -------------------------------------------------------------------------------------
def _json_sized(value: Any) -> Any:
    """``value`` from a save file if within the size limits (lists become tuples); TypeError otherwise.
    Its type is checked by the action's constructor, which names the field."""
    t = type(value)
    if t is int and abs(value) > MAX_JSON_INT:
        raise TypeError(_("integer out of range: {value}").format(value=quote(value)))
    if t is str and len(value) > MAX_JSON_STR:
        raise TypeError(ngettext("string too long ({count} character): {value}",
                                 "string too long ({count} characters): {value}", len(value)).format(
            count=len(value), value=quote(value)))
    if t is list:
        if len(value) > MAX_JSON_LIST:
            raise TypeError(ngettext("list too long ({count} item)", "list too long ({count} items)",
                                     len(value)).format(count=len(value)))
        return tuple(_json_sized(x) for x in value)
    return value


class ActionCodec:
    """Decodes the JSON form of a game's actions, validating every field."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes: dict[str, tuple[type[Action], frozenset[str]]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self._classes:
                raise ValueError(f"action class {cls.__name__} needs a unique kind")
            _typed_fields(cls)  # (an unsupported field type fails here, when the game is defined)
            names = frozenset(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]  # a dataclass
            self._classes[cls.kind] = (cls, names)

    @property
    def kinds(self) -> list[str]:
        return list(self._classes)

    @property
    def classes(self) -> list[type[Action]]:
        return [cls for cls, _names in self._classes.values()]

    def decode(self, data: Any) -> Action:
        """The action described by ``data``; ValueError if it is not a well-formed action."""
        if not isinstance(data, dict):
            raise ValueError(_("an action must be a JSON object, got {type}").format(type=type(data).__name__))
        kind = data.get("kind")
        if type(kind) is not str or kind not in self._classes:
            raise ValueError(_("unknown action kind {kind}; known: {known}").format(kind=quote(kind),
                                                                                    known=", ".join(self._classes)))
        cls, fields = self._classes[kind]
        given = set(data) - {"kind"}
        if given != fields:
            raise ValueError(_("action {kind} needs exactly the fields {fields}, got {given}").format(
                kind=repr(kind), fields=sorted(fields), given=quote(sorted(given))))
        try:
            return cls(**{name: _json_sized(data[name]) for name in fields})
        except (TypeError, ValueError) as exc:
            raise ValueError(_("action {kind}: {error}").format(kind=repr(kind), error=exc)) from None
