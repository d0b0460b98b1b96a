"""Counts in words: the kit's sentences never say "chip(s)"."""
from gamekit.words import counted


def test_a_count_takes_the_plural_unless_it_is_one():
    assert [counted(n, "chip") for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert counted(1, "different Family", "different Families") == "1 different Family"
    assert counted(3, "different Family", "different Families") == "3 different Families"
    assert counted(1504, "roll") == "1,504 rolls"
