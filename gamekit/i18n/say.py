"""Texts that keep their data and are worded when read: the coach's sentences, the questions' prompts, options
and feedback.

A :class:`Say` is an English template (a catalogue's message id) and its arguments; ``str(say)`` words it in the
language in force where it is read (:func:`gamekit.i18n.using`), so one question or one Hint shown to a Danish
and a German student reads in each one's language, and the same seed gives the same question whatever the
language.  The template's format specs word the arguments: ``{:money}`` dollars, ``{:number}`` a grouped whole
number, ``{:decimal}`` a number with one decimal, ``{:percent}`` a share as a percentage, ``{:count chip}`` a
counted noun of :data:`gamekit.words.NOUNS`, and a game's own specs (a subclass's ``fields``: ``{:name}`` a Giganten
player ...); a plain ``{}`` is an argument as it is (a name, a number) or another text worded when read
(a :class:`Say`, a :class:`Later`, an event).

Two texts are equal when their English wordings are: what a text says does not depend on who reads it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from string import Formatter
from typing import Any

from . import (SOURCE, format_money, format_number, format_percent, gettext, has, language, miss, ngettext,
               npgettext, pgettext, using)

Field = Callable[[Any], str]


def one_decimal(number: float) -> str:
    """``number`` with one decimal as the reader's language writes it: "1,234.5" (en), "1.234,5" (da, de); rounded
    as Python rounds (``round(number, 1)``), in every language alike."""
    if language() == SOURCE:
        return f"{number:,.1f}"
    return format_number(round(number, 1), 1)


FIELDS: dict[str, Field] = {"money": format_money, "number": format_number, "decimal": one_decimal,
                            "percent": format_percent}
"""The kit's format specs; a game adds its own (a subclass of :class:`Say` with its ``fields``)."""


class Text:
    """Something worded when read (``str()``); equal to another when both read the same in English."""

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError

    def english(self) -> str:
        """The text in English, the source language (what equality and hashing compare)."""
        with using(SOURCE):
            return str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Text):
            return self.english() == other.english()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.english())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.english()!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Say(Text):
    """``template`` (English, a message id) with ``args``, in the reader's language when read.

    ``plural`` and ``n``: the English plural template and the number that chooses the form (``ngettext``);
    ``context``: the message context (``pgettext``).  A game's own format specs are the :attr:`fields` of a
    subclass (a class attribute: a text pickles with its data, not its game's functions)."""

    __slots__ = ("template", "args", "plural", "n", "context")
    #: A game's format specs, beside the kit's (:data:`FIELDS`).
    fields: Mapping[str, Field] = {}

    def __init__(self, template: str, *args: Any, plural: str | None = None, n: int = 1,
                 context: str | None = None) -> None:
        self.template = template
        self.args = args
        self.plural = plural
        self.n = n
        self.context = context

    def __str__(self) -> str:
        if language() != SOURCE and not has(self.template, self.context):
            miss(self.template)  # (the catalogues lack it: the tests' check, gamekit.i18n.collect_misses)
        if self.plural is not None:
            template = (ngettext(self.template, self.plural, self.n) if self.context is None
                        else npgettext(self.context, self.template, self.plural, self.n))
        else:
            template = gettext(self.template) if self.context is None else pgettext(self.context, self.template)
        return _Formatter(self.fields).format(template, *self.args) if self.args else template


class Later(Text):
    """``function(*args)`` called when read (an event's text, an action in the game's words ...)."""

    __slots__ = ("function", "args")

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self.function = function
        self.args = args

    def __str__(self) -> str:
        return str(self.function(*self.args))


def joined(items: Sequence[Any], separator: str = ", ") -> Later:
    """``items`` worded when read and joined by ``separator`` (a separator every language shares)."""
    return Later(_join, separator, tuple(items))


def _join(separator: str, items: Sequence[Any]) -> str:
    return separator.join(map(str, items))


def first(items: Iterable[Any], limit: int | None = None) -> Later:
    """The first ``limit`` of ``items`` (all of them by default) worded when read, joined by commas, and " ..."
    when there are more: a refusal's allowed actions, each a text that words an action."""
    shown = list(items)
    return Later(_first, tuple(shown[:limit]), limit is not None and len(shown) > limit)


def _first(items: Sequence[Any], more: bool) -> str:
    return ", ".join(map(str, items)) + (" ..." if more else "")


def listing(items: Sequence[Any]) -> Text:
    """"A", "A and B", "A, B and C" in the reader's language."""
    if len(items) <= 1:
        return joined(items)
    return Say("{} and {}", joined(items[:-1]), items[-1])


class _Formatter(Formatter):
    def __init__(self, fields: Mapping[str, Field]) -> None:
        self.fields = fields

    def format_field(self, value: Any, spec: str) -> str:
        field = self.fields.get(spec) or FIELDS.get(spec)
        if field is not None:
            return field(value)
        if spec.startswith("count "):
            from ..words import say_count

            return say_count(value, spec[6:])
        return str(value) if not spec else format(value, spec)


__all__ = ["FIELDS", "Later", "Say", "Text", "first", "joined", "listing", "one_decimal"]
