"""Sets on display (rulebook "Display 1 Fossil", "Score Points"): their type, their limits, their points.

Pure functions over plain values, so each rule reads on its own:

* a set is a :class:`MuseumSet`: its cards in display order, its type (``UNTYPED`` while it holds
  one card, then ``FAMILY_SET`` or ``SIZE_SET``), the family or the size (1-3) it is made of, and
  how many Set tokens lie on it;
* "the second card added to the set determines its type": :func:`join` (:func:`fit`, its fast
  form, gives a refusal code instead of the words; :data:`PAIR_FIT` tables it for single cards);
* a family set holds different sizes of one family, at most 3 cards; a size set different
  families of one size, at most 5 cards ("A complete Family set cannot exceed 3 cards, and a
  complete Size set cannot exceed 5 cards");
* an egg "has a Family, but can act as a card of any Size in a set"; it fixes no size;
* each expansion takes one Set token (2 points, leaf side); a complete set's tokens are worth 3.

News tokens are :mod:`.news`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamekit.i18n import gettext as _

from ..components import FAMILY, FAMILY_NAMES, SIZE, SIZE_NAMES, TOKENS
from ..text import family_name, size_name

UNTYPED, FAMILY_SET, SIZE_SET = 0, 1, 2
#: "A complete Family set cannot exceed 3 cards" (one card per size) ...
FAMILY_SET_LIMIT = len(SIZE_NAMES)
#: ... "and a complete Size set cannot exceed 5 cards" (one card per family).
SIZE_SET_LIMIT = len(FAMILY_NAMES)


@dataclass(frozen=True, slots=True)
class MuseumSet:
    """One set on display."""

    cards: tuple[int, ...]  #: card ids, in display order
    kind: int               #: UNTYPED (one card), FAMILY_SET or SIZE_SET
    key: int                #: the family (index into FAMILY_NAMES) or the size (1-3); -1 while untyped
    tokens: int             #: Set tokens on the set


def new_set(card: int) -> MuseumSet:
    """Start a new set: "Starting a new set does not earn you any points"."""
    return _SINGLE[card]


_SINGLE = tuple(MuseumSet((card,), UNTYPED, -1, 0) for card in range(len(FAMILY)))


def limit(kind: int) -> int:
    return FAMILY_SET_LIMIT if kind == FAMILY_SET else SIZE_SET_LIMIT


def is_complete(mset: MuseumSet) -> bool:
    """A family set of 3 cards or a size set of 5 cards is complete."""
    return mset.kind != UNTYPED and len(mset.cards) == limit(mset.kind)


# Why a card cannot expand a set (:func:`fit`); :func:`join` words them.
PAIR_SAME_CARD, PAIR_NO_TYPE, SET_FULL, WRONG_FAMILY, DUPLICATE_SIZE, WRONG_SIZE, DUPLICATE_FAMILY = range(7)


def fit(mset: MuseumSet, card: int) -> tuple[int, int] | int:
    """The set's ``(kind, key)`` after adding ``card``, or the refusal code (an int) of the rule it breaks.

    ``key`` is 0 for a size set made only of eggs (its size must then be declared).  The fast
    form of :func:`join`, for listing the legal displays.
    """
    if mset.kind == UNTYPED:
        return _fit_pair(mset.cards[0], card)
    if mset.kind == FAMILY_SET:
        return _fit_family(mset, card)
    return _fit_size(mset, card)


def _fit_pair(other: int, card: int) -> tuple[int, int] | int:
    """"The second card added to the set determines its type": the same family makes a family set (of two
    sizes), another family a size set (of one size; an egg fixes none)."""
    f, s, os = FAMILY[card], SIZE[card], SIZE[other]
    if FAMILY[other] == f:
        return PAIR_SAME_CARD if s and s == os else (FAMILY_SET, f)
    if s and os and s != os:
        return PAIR_NO_TYPE
    return SIZE_SET, s or os


def _fit_family(mset: MuseumSet, card: int) -> tuple[int, int] | int:
    """A family set: the same Family, different Sizes (an egg takes a missing one), at most 3 cards."""
    if len(mset.cards) >= FAMILY_SET_LIMIT:
        return SET_FULL
    if FAMILY[card] != mset.key:
        return WRONG_FAMILY
    s = SIZE[card]
    if s:
        for c in mset.cards:
            if SIZE[c] == s:
                return DUPLICATE_SIZE
    return FAMILY_SET, mset.key


def _fit_size(mset: MuseumSet, card: int) -> tuple[int, int] | int:
    """A size set: the same Size (an egg acts as it), different Families, at most 5 cards."""
    if len(mset.cards) >= SIZE_SET_LIMIT:
        return SET_FULL
    s = SIZE[card]
    if s and s != mset.key:
        return WRONG_SIZE
    f = FAMILY[card]
    for c in mset.cards:
        if FAMILY[c] == f:
            return DUPLICATE_FAMILY
    return SIZE_SET, mset.key


#: ``PAIR_FIT[first][card]``: :func:`fit` of ``card`` with the single-card set of ``first``, for every pair, built once.
PAIR_FIT: tuple[tuple[tuple[int, int] | int, ...], ...] = tuple(
    tuple(fit(new_set(first), card) for card in range(len(FAMILY))) for first in range(len(FAMILY))
)


def join(mset: MuseumSet, card: int) -> tuple[int, int] | str:
    """The set's ``(kind, key)`` after adding ``card`` (see :func:`fit`), or why the rules forbid it."""
    r = fit(mset, card)
    if isinstance(r, tuple):
        return r
    cards, kind, key = mset.cards, mset.kind, mset.key
    f, s = FAMILY[card], SIZE[card]
    if r == PAIR_SAME_CARD:
        return _("a {size} {family} cannot join another {size} {family}: a family set needs different sizes and a "
                 "size set different families").format(size=size_name(s), family=family_name(f))
    if r == PAIR_NO_TYPE:
        of, os = FAMILY[cards[0]], SIZE[cards[0]]
        return _("a {size} {family} cannot join a {other_size} {other_family}: a family set needs one family and "
                 "a size set one size").format(size=size_name(s), family=family_name(f), other_size=size_name(os),
                                                other_family=family_name(of))
    if r == SET_FULL and kind == FAMILY_SET:
        return _("the {family} family set is full: a family set cannot exceed {limit} cards").format(
            family=family_name(key), limit=FAMILY_SET_LIMIT)
    if r == SET_FULL:
        return _("the {size} size set is full: a size set cannot exceed {limit} cards").format(
            size=size_name(key), limit=SIZE_SET_LIMIT)
    if r == WRONG_FAMILY:
        return _("a {family} family set takes only {family} fossils, not {other}").format(
            family=family_name(key), other=family_name(f))
    if r == DUPLICATE_SIZE:
        return _("the {family} family set already holds a {size} fossil (duplicate size)").format(
            family=family_name(key), size=size_name(s))
    if r == WRONG_SIZE:
        return _("a {size} size set takes only {size} fossils, not {other}").format(
            size=size_name(key), other=size_name(s))
    return _("the {size} size set already holds a {family} fossil (duplicate family)").format(
        size=size_name(key), family=family_name(f))


def extend(mset: MuseumSet, card: int, kind: int, key: int, token: int) -> MuseumSet:
    """``mset`` with ``card`` added (type ``kind``/``key`` from :func:`join`) and ``token`` (0 or 1) more Set tokens."""
    return MuseumSet(mset.cards + (card,), kind, key, mset.tokens + token)


def set_points(mset: MuseumSet) -> int:
    """Set tokens: 2 points each (leaf side), 3 each once the set is complete (double leaf)."""
    per = TOKENS.double_leaf_points if is_complete(mset) else TOKENS.leaf_points
    return mset.tokens * per


def type_name(kind: int, key: int) -> str:
    if kind == FAMILY_SET:
        return f"{FAMILY_NAMES[key]} family set"
    if kind == SIZE_SET:
        return f"{SIZE_NAMES[key]} size set"
    return "single card (no type yet)"


def largest(museum: Sequence[MuseumSet], kind: int, key: int) -> int:
    """Cards in a player's largest set of the given type (0 if none)."""
    most = 0
    for mset in museum:
        if mset.kind == kind and mset.key == key and len(mset.cards) > most:
            most = len(mset.cards)
    return most
