"""Exact set-completion odds in First Giants, from the deck data (pure Python and numpy).

A class asks: "I have a Small and a Medium Carnivore on display — how likely is a card that completes
the family set among the next ten cards the deck turns up?"  The deck is face up and every card
comes from it, so the answer is a hypergeometric count over the cards not yet out:

* :func:`fillers` — which cards could extend a set (the rules of ``museum.join``: a family set
  needs one of its family's missing sizes, a size set one of the missing families in that size; an
  egg of the right family acts as any size);
* :func:`extension_probability` — at least one card that extends the set among the next ``draws``;
* :func:`completion_probability` — enough cards to complete the set among the next ``draws``
  (a family set needs distinct open sizes, the family's eggs being wild; a size set needs each
  missing family, by a card of that size or that family's egg);
* :func:`completion_table` — those odds for the typical sets, from a full deck.

These count what the deck *reveals*, not what a player manages to take: the other players and the
dig sites decide that.  They are the ceiling a set can hope for, and they compare sets fairly.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from math import comb

import numpy as np

from .components import CARDS, EGG, FAMILY_NAMES, SIZE_NAMES
from .rules.museum import FAMILY_SET, FAMILY_SET_LIMIT, SIZE_SET, SIZE_SET_LIMIT

Kind = tuple[int, int]  # (family, size); size 0 = egg


def deck_counts(out: Iterable[int] = ()) -> dict[Kind, int]:
    """How many cards of each (family, size) remain when the card ids in ``out`` are gone."""
    gone = set(out)
    counts: dict[Kind, int] = {}
    for card in CARDS:
        if card.id not in gone:
            key = (card.family, card.size)
            counts[key] = counts.get(key, 0) + 1
    return counts


def open_places(kind: int, key: int, held: Sequence[Kind]) -> list[Kind]:
    """The (family, size) cards that could still join the set, one entry per distinct place.

    ``kind`` FAMILY_SET with ``key`` = family: the sizes no fossil of the set holds (an egg in the
    set fixes no size, so with an egg either open size will do); SIZE_SET with ``key`` = size:
    the families not yet in the set.
    """
    if kind == FAMILY_SET:
        sizes = {s for f, s in held if s != EGG}
        return [(key, s) for s in SIZE_NAMES if s not in sizes]
    if kind == SIZE_SET:
        families = {f for f, _ in held}
        return [(f, key) for f in range(len(FAMILY_NAMES)) if f not in families]
    raise ValueError("kind must be FAMILY_SET or SIZE_SET")


def cards_needed(kind: int, held: Sequence[Kind]) -> int:
    """Cards still to add before the set is complete (3 for a family set, 5 for a size set)."""
    return (FAMILY_SET_LIMIT if kind == FAMILY_SET else SIZE_SET_LIMIT) - len(held)


def fillers(kind: int, key: int, held: Sequence[Kind], counts: dict[Kind, int]) -> tuple[list[int], int]:
    """Per open place, how many remaining cards fill only it; and how many wild eggs fill any place.

    For a family set the family's eggs are wild (any size); for a size set an egg fills only its
    own family's place, so it counts with that place.
    """
    places = open_places(kind, key, held)
    if kind == FAMILY_SET:
        return [counts.get(p, 0) for p in places], counts.get((key, EGG), 0)
    return [counts.get(p, 0) + counts.get((p[0], EGG), 0) for p in places], 0


def _hypergeometric_ok(groups: Sequence[int], wild: int, total: int, draws: int, need: int) -> float:
    """P(at least ``need`` places can be filled) when ``draws`` cards come from ``total``: a place is
    filled by a card of its own group, or by one of the wild cards drawn."""
    if draws <= 0:
        return 1.0 if need == 0 else 0.0
    draws = min(draws, total)
    rest = total - sum(groups) - wild
    denominator = comb(total, draws)
    probability = 0.0
    for taken in product(*(range(min(k, draws) + 1) for k in (*groups, wild))):
        *from_groups, eggs = taken
        used = sum(taken)
        if used > draws or draws - used > rest:
            continue
        hit = sum(1 for x in from_groups if x > 0)
        if min(len(groups), hit + eggs) < need:
            continue
        ways = comb(rest, draws - used)
        for k, x in zip((*groups, wild), taken):
            ways *= comb(k, x)
        probability += ways
    return probability / denominator


def completion_probability(kind: int, key: int, held: Sequence[Kind], draws: int,
                           out: Iterable[int] = ()) -> float:
    """Probability that the next ``draws`` cards of the deck hold enough cards to complete the set."""
    counts = deck_counts(out)
    groups, wild = fillers(kind, key, held, counts)
    return _hypergeometric_ok(groups, wild, sum(counts.values()), draws, cards_needed(kind, held))


def extension_probability(kind: int, key: int, held: Sequence[Kind], draws: int, out: Iterable[int] = ()) -> float:
    """Probability that the next ``draws`` cards hold at least one card that extends the set."""
    counts = deck_counts(out)
    groups, wild = fillers(kind, key, held, counts)
    if cards_needed(kind, held) <= 0:
        return 0.0  # complete already
    useful = sum(groups) + wild
    total = sum(counts.values())
    draws = min(draws, total)
    return 1.0 - comb(total - useful, draws) / comb(total, draws)


def completion_table(draws: Sequence[int] = (5, 10, 20)) -> list[dict[str, object]]:
    """Completion and extension odds of the typical sets from a full deck (rows for the docs)."""
    family, size = 2, 1  # Carnivore, Small: every family and size is alike in the deck
    sets = [
        ("family set, 1 card", FAMILY_SET, family, [(family, 1)]),
        ("family set, 2 cards", FAMILY_SET, family, [(family, 1), (family, 2)]),
        ("family set, 1 card + egg", FAMILY_SET, family, [(family, 1), (family, EGG)]),
        ("size set, 1 card", SIZE_SET, size, [(0, size)]),
        ("size set, 2 cards", SIZE_SET, size, [(0, size), (1, size)]),
        ("size set, 3 cards", SIZE_SET, size, [(0, size), (1, size), (2, size)]),
        ("size set, 4 cards", SIZE_SET, size, [(0, size), (1, size), (2, size), (3, size)]),
    ]
    rows = []
    for name, kind, key, held in sets:
        row: dict[str, object] = {"set": name, "missing": cards_needed(kind, held)}
        for d in draws:
            row[f"complete in {d}"] = completion_probability(kind, key, held, d)
            row[f"extend in {d}"] = extension_probability(kind, key, held, d)
        rows.append(row)
    return rows


def simulate_completion(kind: int, key: int, held: Sequence[Kind], draws: int, trials: int, seed: int) -> float:
    """The same completion odds by shuffling the deck ``trials`` times (a check of the exact count)."""
    rng = np.random.default_rng(seed)
    counts = deck_counts()
    deck = np.array([f * 10 + s for (f, s), k in counts.items() for _ in range(k)])
    places = open_places(kind, key, held)
    need = cards_needed(kind, held)
    hits = 0
    for _ in range(trials):
        seen = set(rng.permutation(deck)[:draws].tolist())
        if kind == FAMILY_SET:
            filled = sum(1 for f, s in places if f * 10 + s in seen) + (key * 10 + EGG in seen)
        else:
            filled = sum(1 for f, s in places if f * 10 + s in seen or f * 10 + EGG in seen)
        hits += min(filled, len(places)) >= need
    return hits / trials


__all__ = [
    "FAMILY_SET",
    "SIZE_SET",
    "cards_needed",
    "completion_probability",
    "completion_table",
    "deck_counts",
    "extension_probability",
    "fillers",
    "open_places",
    "simulate_completion",
]
