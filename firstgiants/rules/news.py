"""News tokens (rulebook "Score Points"): one per family and one per size, taken, stolen, kept for good.

The 8 tokens are numbered: the families first (index = family), then the sizes (index = 4 + size);
:func:`news_index` is the only place that knows it.  A state keeps, per token, its holder's seat
(-1 in the supply) and whether it is kept for good.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..components import FAMILY_NAMES, SIZE_NAMES, TOKENS
from .museum import FAMILY_SET, MuseumSet, is_complete, largest, type_name

#: How many News tokens there are: one per family, one per size.
TOKENS_IN_PLAY = len(FAMILY_NAMES) + len(SIZE_NAMES)


def news_index(kind: int, key: int) -> int:
    """The News token matching a set's type."""
    return key if kind == FAMILY_SET else len(FAMILY_NAMES) + key - 1


def news_name(index: int) -> str:
    if index < len(FAMILY_NAMES):
        return f"{FAMILY_NAMES[index]} News token"
    return f"{SIZE_NAMES[index - len(FAMILY_NAMES) + 1]} News token"


#: The readings of "News tokens are worth 3 or 5 points (as indicated on the token)", the option
#: ``news_values`` (rulings R8 and R23): ``by-type`` (the default) a family's token 3, a size's 5;
#: ``by-type-swapped`` a family's 5, a size's 3; ``two-sided`` 3 while it can be stolen, 5 once kept for good.
NEWS_READINGS = ("by-type", "by-type-swapped", "two-sided")
DEFAULT_READING = NEWS_READINGS[0]


def news_value(index: int, kept: bool = False, reading: str = DEFAULT_READING) -> int:
    """What News token ``index`` is worth under the ``reading`` of its value (``data/tokens.json``; estimates,
    rulings R8 and R23); ``kept``: its holder keeps it for good."""
    if reading == "two-sided":
        return TOKENS.news_kept_value if kept else TOKENS.news_open_value
    family = (index < len(FAMILY_NAMES)) != (reading == "by-type-swapped")
    return TOKENS.family_news_value if family else TOKENS.size_news_value


def award_news(owner: int, locked: bool, museums: Sequence[Sequence[MuseumSet]], player: int,
               mset: MuseumSet, names: Sequence[str] = ()) -> tuple[int, bool, str]:
    """Who holds the News token of ``mset``'s type after ``player`` expanded ``mset``.

    Returns ``(owner, locked, why)``; ``why`` says what ``player`` did ("" when nothing changes).
    Rulebook, "Score Points": "if you are the first player to expand a set of a particular type,
    you immediately take from the supply the News token matching that set. If another player
    obtains the same type of set with more cards, they steal the matching News token! ... If you
    are the first player to complete a type of set, the matching News token can no longer be
    stolen from you."  Ruling: "more cards" compares this set with the holder's largest set of
    that type; a locked token never moves again.
    """
    kind, key, size = mset.kind, mset.key, len(mset.cards)
    why = ""  # (the words are built only when something changes)
    if owner < 0:
        owner, why = player, f"takes the {_token(kind, key)} (the first to expand a {type_name(kind, key)})"
    elif owner != player:
        if locked:
            return owner, locked, ""
        theirs = largest(museums[owner], kind, key)
        if size <= theirs:
            return owner, locked, ""
        holder = names[owner] if names else f"player {owner}"
        owner, why = player, f"steals the {_token(kind, key)} from {holder} ({size} cards beat {theirs})"
    if owner == player and not locked and is_complete(mset):
        locked = True
        keep = f"the first to complete a {type_name(kind, key)}"
        why = f"{why} and keeps it for good ({keep})" if why else f"keeps the {_token(kind, key)} for good ({keep})"
    return owner, locked, why


def _token(kind: int, key: int) -> str:
    return news_name(news_index(kind, key))


def held(news: Sequence[int], locked: Sequence[bool], player: int) -> dict[int, bool]:
    """News token index -> kept for good, for the tokens ``player`` holds."""
    return {i: locked[i] for i, owner in enumerate(news) if owner == player}


def news_points(news: Sequence[int], player: int, locked: Sequence[bool] = (),
                reading: str = DEFAULT_READING) -> int:
    """Points of the News tokens ``player`` holds (``locked``: which are kept for good)."""
    if player not in news:
        return 0  # (most players hold none for most of the game: the bots ask this after every move)
    return sum(news_value(i, bool(locked) and locked[i], reading) for i, owner in enumerate(news) if owner == player)
