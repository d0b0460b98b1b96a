"""Counts in words, for the kit's sentences: "1 chip", "3 chips", "2 different Families", "1,504 rolls".

:func:`counted` writes English, as the rules record it; :func:`say_count` writes the reader's language, the
plural form from the reader's catalogue (message context "count", ``{} chip`` / ``{} chips``), so a language
with other plural rules than English's gets its own forms.  :data:`NOUNS` lists every noun the kit counts,
with its English plural, and the catalogues translate each of them.
"""
from __future__ import annotations

from .i18n import COUNT, format_number, npgettext

NOUNS: dict[str, str] = {
    "card": "cards",
    "carnivore card": "carnivore cards",
    "chip": "chips",
    "derrick": "derricks",
    "different Family": "different Families",
    "excess chip": "excess chips",
    "face-down tile": "face-down tiles",
    "license": "licenses",
    "license card": "license cards",
    "license point": "license points",
    "marker": "markers",
    "missing license": "missing licenses",
    "move": "moves",
    "movement point": "movement points",
    "pair of cards": "pairs of cards",
    "point": "points",
    "rail space": "rail spaces",
    "roll": "rolls",
    "round": "rounds",
    "sales license": "sales licenses",
    "set": "sets",
    "Set token": "Set tokens",
    "space": "spaces",
    "square": "squares",
    "time": "times",
    "token": "tokens",
    "turn": "turns",
}
"""Every noun the kit counts -> its English plural (the catalogues' ``msgid_plural``)."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun`` in English, the noun plural unless the number is 1 (``plural``: the plural of a
    noun not in :data:`NOUNS`).  The rules build their English pieces with this, whatever the reader's
    language, so that what a game records never depends on who was reading; :func:`say_count` words a count
    for a reader, and the events translate the rules' English counts when read."""
    return f"{number:,} {noun if number == 1 else plural or NOUNS.get(noun) or noun + 's'}"


def say_count(number: int, noun: str) -> str:
    """``number`` and ``noun`` (one of :data:`NOUNS`) in the reader's language, the form chosen by the
    catalogue's plural rule: "3 chips", "3 tønder olie", "3 Ölsteine"."""
    if noun not in NOUNS:
        raise ValueError(f"{noun!r} is not a counted noun of the kit: add it and its English plural to "
                         "gamekit.words.NOUNS, then run python -m gamekit.i18n extract")
    return npgettext(COUNT, "{} " + noun, "{} " + NOUNS[noun], number).format(format_number(number))
