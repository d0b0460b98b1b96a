"""Counts in words, for the kit's sentences: "1 chip", "3 chips", "2 different Families", "1,504 rolls".

The plural form comes from the reader's catalogue (message context "count", ``{} chip`` / ``{} chips``), so
a language with other plural rules than English's gets its own forms; :data:`NOUNS` lists every noun the kit
counts, with its English plural, and the catalogues translate each of them.
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
    "marker": "markers",
    "missing license": "missing licenses",
    "move": "moves",
    "movement point": "movement points",
    "pair of cards": "pairs of cards",
    "point": "points",
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
    """``number`` and ``noun`` in the reader's language, the form chosen by the catalogue's plural rule
    (``plural``: the English plural of a noun not in :data:`NOUNS`)."""
    english = plural or NOUNS.get(noun) or noun + "s"
    return npgettext(COUNT, "{} " + noun, "{} " + english, number).format(format_number(number))
