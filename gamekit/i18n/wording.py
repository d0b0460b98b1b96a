"""Events worded when read, in the reader's language.

A game records an event as an English template and its arguments (``GameState._say``); :class:`Wording`
words it: the template is looked up in the reader's catalogue, each format spec of the game (``{:name}``,
``{:money}`` ...) words its argument, ``{:count chip}`` counts, and a plain ``{}`` that holds English words --
built by the rules before the kit spoke other languages -- is translated as a whole (a catalogue entry), by
the game's own words (its players' and cards' names) or by its shape (:class:`gamekit.i18n.Fragments`).
Whatever stays English is reported to :func:`gamekit.i18n.collect_misses`.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from string import Formatter
from typing import Any

from ..words import NOUNS, counted, say_count
from . import N_, SOURCE, Fragments, collect_misses, format_money, gettext, has, language, miss

_NUMBER = re.compile(r"-?\d[\d,]*")
_MONEY = re.compile(r"-?\$\d[\d,]*")

_COUNT = re.compile(r"(\d[\d,]*) (.+)")
_NOUN = {**{noun: noun for noun in NOUNS}, **{plural: noun for noun, plural in NOUNS.items()}}

Field = Callable[[Any], str]

COMMON_FRAGMENTS = (N_("{}, {}"), N_("{}; {}"), N_("{} and {}"), N_("({})"), N_("{} {}"))
"""Lists and pairs, the last pieces tried: "Red, Blue and Green", "(...)", "Ana 12"."""


class Wording:
    """How one game words its events: its format specs (``fields``), the English pieces its rules build
    outside the templates (``fragments``), its own words (``words``: an English text -> its translation,
    None if it is not one of them) and the names that hold spaces (``atom``, see :class:`Fragments`)."""

    def __init__(self, fields: Mapping[str, Field], fragments: Iterable[str] = (),
                 words: Callable[[str], str | None] = lambda text: None, atom: str = "") -> None:
        self.fields = dict(fields)
        self.fragments = Fragments(fragments, atom)
        self.words = words
        self._english = _Call(self, (), english=True)  # English: the templates as they are, shared

    def event(self, template: str, args: tuple[Any, ...], keep: Collection[str] = ()) -> str:
        """The sentence of a recorded event in the reader's language (``keep``: texts that stay as written,
        such as the players' own names)."""
        if language() == SOURCE:
            return self._english.format(template, *args) if args else template
        call = _Call(self, keep)
        if not args:  # an event written out (``_emit``): translated whole, or by its shape
            return call.translate(template)
        return call.format(gettext(template) if has(template) else miss(template), *args)

    def text(self, text: str, keep: Collection[str] = ()) -> str:
        """An English piece of text in the reader's language (see :class:`Wording`)."""
        return _Call(self, keep).translate(text)


class _Call(Formatter):
    """The wording of one event (the names it keeps as written), or of every English one (``english``)."""

    def __init__(self, wording: Wording, keep: Collection[str], english: bool = False) -> None:
        self.wording = wording
        self.keep = keep
        self.english = english

    def format_field(self, value: Any, spec: str) -> str:
        field = self.wording.fields.get(spec)
        if field is not None:
            return field(value)
        if spec.startswith("count "):
            return counted(value, spec[6:]) if self.english else say_count(value, spec[6:])
        if self.english or isinstance(value, (int, float)) or spec:
            return format(value, spec)
        return self.translate(str(value))  # English words, or an action ("play a marker at dig site 2")

    def translate(self, text: str) -> str:
        if language() == SOURCE or not text.strip() or text in self.keep or _NUMBER.fullmatch(text):
            return text
        inner = text.strip()
        if inner != text:  # " (all movement points used)": the spaces around stay as they are
            start = text.index(inner)
            return text[:start] + self.translate(inner) + text[start + len(inner):]
        count = _COUNT.fullmatch(text)
        if count and count.group(2) in _NOUN:  # "3 points", "1 license"
            return say_count(int(count.group(1).replace(",", "")), _NOUN[count.group(2)])
        if _MONEY.fullmatch(text):
            return format_money(int(text.replace("$", "").replace(",", "")))
        own = self.wording.words(text)
        if own is not None:
            return own
        if has(text):
            return gettext(text)
        for template, parts in self.wording.fragments.matches(text):  # the first shape whose parts all translate
            if not has(template):
                continue
            with collect_misses() as missed:
                translated = gettext(template).format(*(self.translate(part) for part in parts))
            if not missed:
                return translated
        return miss(text)  # the whole piece stays English rather than half of it
