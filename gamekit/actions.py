"""Actions: small immutable values with a readable ``str()`` and a JSON form.

A game declares its actions as frozen dataclasses deriving from :class:`Action`, each with a
unique ``kind``.  :class:`ActionCodec` turns the JSON form back into actions, checking every
field's type, so a hostile save file cannot smuggle in anything but well-formed actions.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, Iterable, Union


class Action:
    """Base class of every action (a move or a chance outcome).

    Subclasses are ``@dataclass(frozen=True, slots=True)`` with fields of type ``int``,
    ``str``, ``bool``, ``int | None`` or ``tuple[int, ...]`` and a class attribute ``kind``.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def _checker(hint: Any):
    """A function ``value -> converted value`` that raises TypeError for the wrong type."""
    origin = typing.get_origin(hint)
    if hint is bool:
        def check_bool(v: Any) -> bool:
            if type(v) is not bool:
                raise TypeError(f"expected true/false, got {v!r}")
            return v
        return check_bool
    if hint is int:
        def check_int(v: Any) -> int:
            if type(v) is not int:
                raise TypeError(f"expected an integer, got {v!r}")
            if abs(v) > 10**9:
                raise TypeError(f"integer out of range: {v!r}")
            return v
        return check_int
    if hint is str:
        def check_str(v: Any) -> str:
            if type(v) is not str or len(v) > 200:
                raise TypeError(f"expected a short string, got {v!r:.60}")
            return v
        return check_str
    if origin in (Union, types.UnionType):
        args = typing.get_args(hint)
        inner = [_checker(a) for a in args if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"unsupported field type {hint}")
        (check,) = inner
        return lambda v: None if v is None else check(v)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis:
            raise TypeError(f"unsupported field type {hint}")
        item = _checker(args[0])

        def check_tuple(v: Any) -> tuple:
            if type(v) is not list or len(v) > 1000:
                raise TypeError(f"expected a list, got {v!r:.60}")
            return tuple(item(x) for x in v)
        return check_tuple
    raise TypeError(f"unsupported field type {hint}")


class ActionCodec:
    """Decodes the JSON form of a game's actions, validating every field."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes: dict[str, tuple[type[Action], dict[str, Any]]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self._classes:
                raise ValueError(f"action class {cls.__name__} needs a unique kind")
            hints = typing.get_type_hints(cls)
            fields = {f.name: _checker(hints[f.name]) for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            self._classes[cls.kind] = (cls, fields)

    @property
    def kinds(self) -> list[str]:
        return list(self._classes)

    def decode(self, data: Any) -> Action:
        """The action described by ``data``; ValueError if it is not a well-formed action."""
        if not isinstance(data, dict):
            raise ValueError(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("kind")
        if kind not in self._classes:
            raise ValueError(f"unknown action kind {kind!r:.60}; known: {', '.join(self._classes)}")
        cls, fields = self._classes[kind]
        given = set(data) - {"kind"}
        if given != set(fields):
            raise ValueError(
                f"action {kind!r} needs exactly the fields {sorted(fields)}, got {sorted(given)[:20]}"
            )
        try:
            values = {name: check(data[name]) for name, check in fields.items()}
        except TypeError as exc:
            raise ValueError(f"action {kind!r}: {exc}") from None
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"action {kind!r}: {exc}") from None
