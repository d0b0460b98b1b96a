"""Cards drawn unseen: how many of them are worth 2 (the hypergeometric odds).

Action 3 draws licenses from the face-down pile; Action 7 a)'s penalty takes half of a hand at random;
``determinize`` deals the hands a player cannot see again.  All three ask: drawing ``count`` cards from
``ones`` cards of value 1 and ``twos`` of value 2, how likely is each number of 2s?
"""
from __future__ import annotations

from functools import lru_cache
from math import comb


@lru_cache(maxsize=None)
def hypergeometric(ones: int, twos: int, count: int) -> tuple[tuple[int, float], ...]:
    """(number of 2s, probability) when ``count`` cards are drawn from ``ones`` 1s and ``twos`` 2s."""
    total = comb(ones + twos, count)
    return tuple(
        (k, comb(twos, k) * comb(ones, count - k) / total)
        for k in range(max(0, count - ones), min(count, twos) + 1)
    )
