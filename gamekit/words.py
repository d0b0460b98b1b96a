"""Counts in words, for the kit's sentences: "1 chip", "3 chips", "2 different Families", "1,504 rolls"."""
from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural unless the number is 1 (``plural``: an irregular plural;
    by default the noun with an "s")."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
