"""The kit in the reader's language: gettext catalogues (Babel), the language of each reader, numbers and money.

English is the source language: the English templates in the code are the message ids.  The catalogues are
``gamekit/i18n/locale/<lang>/LC_MESSAGES/gamekit.po`` (one domain, ``gamekit``, for the kit and both games)
and the template ``gamekit/i18n/locale/gamekit.pot``, written by ``python -m gamekit.i18n extract``.

The ``.po`` files are the only source: each is compiled into memory with Babel (``pofile.read_po`` then
``mofile.write_mo``) the first time a reader asks for its language, so no build step can be forgotten and no
``.mo`` can disagree with its ``.po``; fuzzy entries are left out, as ``msgfmt`` does.

The language is chosen per reader: :func:`set_language` sets the default of the whole process (a notebook's
language), and :func:`using` overrides it for one block of code in one thread or asyncio task (two seats of one
table, served at once, each reading the game in their own language), through a :class:`contextvars.ContextVar`.
"""
from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from io import BytesIO
from pathlib import Path
from string import Formatter

from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol
from babel.numbers import format_percent as _format_percent

SOURCE = "en"
LANGUAGES = ("en", "da", "de")
"""The languages the kit speaks: English (the source) and those with a catalogue."""
DOMAIN = "gamekit"
LOCALE_DIR = Path(__file__).parent / "locale"
COUNT = "count"
"""The message context of counted nouns (``{} chip`` / ``{} chips``): :func:`gamekit.words.say_count`."""

_default = SOURCE
_reader: ContextVar[str | None] = ContextVar("gamekit_language", default=None)
_misses: ContextVar[list[str] | None] = ContextVar("gamekit_untranslated", default=None)


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"the kit speaks {', '.join(LANGUAGES)}, not {lang!r} (docs/languages.md says how to "
                         "add a language)")
    return lang


def set_language(lang: str) -> None:
    """Make ``lang`` ("en", "da", "de") the language of this process: every text the kit words from now on,
    unless a block of code says otherwise with :func:`using`."""
    global _default
    _default = _checked(lang)


def language() -> str:
    """The language the kit words texts in here: the innermost :func:`using`, else :func:`set_language`'s."""
    return _reader.get() or _default


@contextmanager
def using(lang: str) -> Iterator[str]:
    """Word everything inside the block in ``lang``, for this thread or asyncio task only::

        with using("da"):
            print(state.events)
    """
    token = _reader.set(_checked(lang))
    try:
        yield lang
    finally:
        _reader.reset(token)


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _compiled(lang: str) -> tuple[_gettext.GNUTranslations, frozenset[str]]:
    """The catalogue of ``lang`` compiled in memory from its ``.po`` (once per process), and the keys of
    the messages it translates (``msgid``, or ``context`` EOT ``msgid``, as gettext keys them)."""
    with catalogue_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    mo = BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    keys = frozenset(
        (m.id if isinstance(m.id, str) else m.id[0]) if m.context is None
        else f"{m.context}\x04{m.id if isinstance(m.id, str) else m.id[0]}"
        for m in catalog if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))
    return _gettext.GNUTranslations(mo), keys


_ENGLISH = _gettext.NullTranslations()


def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (none for English, the source)."""
    return _ENGLISH if _checked(lang) == SOURCE else _compiled(lang)[0]


def has(msgid: str, context: str | None = None, lang: str | None = None) -> bool:
    """Whether the catalogue of ``lang`` (the reader's by default) translates ``msgid``."""
    lang = lang or language()
    if lang == SOURCE:
        return True
    return (msgid if context is None else f"{context}\x04{msgid}") in _compiled(lang)[1]


# The wrappers: English, the source, is the message ids themselves (a fast path: English is read most).

def gettext(msgid: str) -> str:
    """``msgid`` in the reader's language (itself when the catalogue lacks it)."""
    lang = language()
    return msgid if lang == SOURCE else _compiled(lang)[0].gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the reader's language: its catalogue's plural rule decides (Danish and German
    have two forms, other languages more)."""
    lang = language()
    if lang == SOURCE:
        return singular if n == 1 else plural
    return _compiled(lang)[0].ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the sense ``context`` ("player colour" Red, "colour" red ...)."""
    lang = language()
    return msgid if lang == SOURCE else _compiled(lang)[0].pgettext(context, msgid)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in the sense ``context`` (the counted nouns: context "count")."""
    lang = language()
    if lang == SOURCE:
        return singular if n == 1 else plural
    return _compiled(lang)[0].npgettext(context, singular, plural, n)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogues without translating it here (a table of words translated when read)."""
    return msgid


# -- numbers and money ------------------------------------------------------------------------------------------

MONEY = "${}"
"""The English pattern of an amount of dollars; each catalogue writes its own (context "money"): "{} $" in
Danish and German, with a no-break space (a narrow table cell never parts the amount from its sign), the number
grouped as the language groups it ("15.000 $"), see docs/languages.md."""


def format_number(number: float, digits: int = 0, *, trailing_zeros: bool = True) -> str:
    """``number`` grouped as the reader's language writes it: 15,000 (en), 15.000 (da, de); with ``digits``
    decimals ("3.5", "3,5"), the zeros at their end dropped unless ``trailing_zeros``."""
    lang = language()
    if lang == SOURCE and not digits and isinstance(number, int):
        return f"{number:,}"
    decimals = "." + ("0" if trailing_zeros else "#") * digits if digits else ""
    return format_decimal(number, format="#,##0" + decimals, locale=lang)


def decimal_marks() -> tuple[str, str]:
    """The reader's language's decimal mark and group separator: (".", ",") in English, (",", ".") in Danish and
    German."""
    lang = language()
    return get_decimal_symbol(lang), get_group_symbol(lang)


def format_money(amount: int) -> str:
    """Dollars as the reader's language writes them: "$15,000" and "-$500" (en), "15.000 $" and "-500 $"
    (da, de); the sign always comes first."""
    if language() == SOURCE:
        return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
    text = pgettext("money", MONEY).format(format_number(abs(amount)))
    return "-" + text if amount < 0 else text


def format_time(timestamp: float) -> str:
    """A moment (seconds since the epoch, in the machine's local time) as the reader's language writes a date and a
    time: "12/3/26, 2:05 PM" (en), "03.12.2026 14.05" (da), "03.12.26, 14:05" (de)."""
    return format_datetime(datetime.fromtimestamp(timestamp), "short", locale=language())


def format_percent(share: float, digits: int = 0) -> str:
    """A share as a percentage as the reader's language writes it: "38%" (en), "38 %" (da, de)."""
    lang = language()
    if lang == SOURCE:
        return f"{share:.{digits}%}"
    return _format_percent(share, format="#,##0" + ("." + "0" * digits if digits else "") + "\u00a0%", locale=lang)


# -- placeholders ---------------------------------------------------------------------------------------------

_FORMATTER = Formatter()


def placeholders(template: str) -> list[tuple[int | str, str]]:
    """The fields of a ``str.format`` template as (position or name, format spec), auto-numbered fields
    numbered in order, sorted: a translation may reorder fields by numbering them (``{1:name} ... {0}``)."""
    out: list[tuple[int | str, str]] = []
    auto = 0
    for _literal, field, spec, _conversion in _FORMATTER.parse(template):
        if field is None:
            continue
        if field == "":
            key: int | str = auto
            auto += 1
        else:
            key = int(field) if field.isdigit() else field
        out.append((key, spec or ""))
    return sorted(out, key=repr)


# -- words built outside a template -----------------------------------------------------------------------------

class Fragments:
    """English pieces built outside a template -- an f-string's output passed to an event as an argument, or a
    whole event written out with ``_emit`` -- recognised by their shape and translated when read.

    Each piece is an English template whose ``{}`` fields match any text; a match is worded in the reader's
    language with its captured parts translated in turn (``translate``).  The templates with the most words
    of their own are tried first ("{} to {}" only after "change a price by up to {}"), and a field never cuts
    through an ``atom`` (a regular expression: the game's names that hold spaces, such as "#12 Small
    Herbivore"), so "{} displays {} {}" reads "#12 Small Herbivore" as one field.
    """

    def __init__(self, templates: Iterable[str], atom: str = "") -> None:
        field = f"((?:{atom}|.)*?)" if atom else "(.*?)"
        self.templates = tuple(sorted(templates, key=lambda t: -len(_pattern(t, ""))))
        self._patterns = [(t, re.compile(_pattern(t, field), re.DOTALL)) for t in self.templates]

    def matches(self, text: str) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Each template ``text`` has the shape of, with the parts its fields hold, most specific first."""
        for template, pattern in self._patterns:
            found = pattern.fullmatch(text)
            if found:
                yield template, found.groups()


def _pattern(template: str, field: str) -> str:
    parts = []
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        parts.append(re.escape(literal) if field else literal)
        if name is not None:
            parts.append(field)
    return "".join(parts)


def miss(text: str) -> str:
    """Note that ``text`` stays English for want of a catalogue entry (see :func:`collect_misses`)."""
    misses = _misses.get()
    if misses is not None:
        misses.append(text)
    return text


@contextmanager
def collect_misses() -> Iterator[list[str]]:
    """Collect the English pieces that the wording inside the block could not translate (the tests' check)."""
    misses: list[str] = []
    token = _misses.set(misses)
    try:
        yield misses
    finally:
        _misses.reset(token)


__all__ = [
    "COUNT", "LANGUAGES", "SOURCE", "Fragments", "N_", "collect_misses", "format_money", "format_number",
    "format_percent",
    "gettext", "has", "language", "miss", "ngettext", "npgettext", "pgettext", "placeholders", "set_language",
    "translations", "using",
]
