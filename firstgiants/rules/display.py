"""Display 1 Fossil, and the Set tokens and News tokens an expansion earns (rulebook "Display 1 Fossil",
"Score Points").

"Choose 1 fossil card from your Study and put it on display in your museum.  To do so, spend the
amount of amber equal to its size" (an egg 2; nothing with the free display).  It starts a new set
or expands one of the player's sets (:mod:`.museum` says which sets it may expand); each expansion
takes one Set token from the supply (the last one triggers the end of the game) and may take, steal
or keep the News token of the set's type (:mod:`.news`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.protocol import with_item

from ..actions import NEW_SET, Display
from ..components import CARDS, COST, FAMILY, LABEL, SIZE, SIZE_NAMES
from .end import trigger_end
from .museum import (
    FAMILY_SET,
    PAIR_FIT,
    SIZE_SET,
    UNTYPED,
    MuseumSet,
    extend,
    fit,
    is_complete,
    largest,
    new_set,
    type_name,
)
from .news import award_news, news_index, news_name

if TYPE_CHECKING:
    from ..state import State

#: ``NEW[card]``: display ``card`` as a new set; ``JOIN[card][k]``: display it to expand set ``k``
#: (a player never has more sets than cards).  Built once, shared by every legal list.
NEW = tuple(Display(c, NEW_SET) for c in range(len(CARDS)))
JOIN = tuple(tuple(Display(c, k) for k in range(len(CARDS))) for c in range(len(CARDS)))
_AS_SIZE: dict[tuple[int, int, int], Display] = {}


def _declaring(card: int, target: int, as_size: int) -> Display:
    """The display of an egg that makes a size set of eggs only, declaring its size (built once each)."""
    key = (card, target, as_size)
    action = _AS_SIZE.get(key)
    if action is None:
        action = _AS_SIZE[key] = Display(card, target, as_size)
    return action


def displays(s: State, p: int, free: bool, family: int, same: bool) -> list[Display]:
    """Every legal Display for ``p``: each affordable Study card as a new set, then into each set it may expand.

    ``free``: at no cost.  ``family`` >= 0 restricts the family (the second of up to 2 displays): the
    same family when ``same``, another family otherwise.  A size set made only of eggs is offered once
    per size it may declare.
    """
    out: list[Display] = []
    budget = s.amber[p]
    sets = s.museum[p]
    for card in s.study[p]:
        if not free and COST[card] > budget:
            continue
        f, size = FAMILY[card], SIZE[card]
        if family >= 0 and (f == family) != same:
            continue
        out.append(NEW[card])
        for k, mset in enumerate(sets):  # each set it may expand (museum.fit)
            kind = mset.kind
            if kind == UNTYPED:  # a single card: the pair's fit, tabled once
                r = PAIR_FIT[mset.cards[0]][card]
            elif kind == FAMILY_SET and mset.key != f or kind == SIZE_SET and size and mset.key != size:
                continue  # the wrong family or size: a quick no before the full rule
            else:
                r = fit(mset, card)
            if type(r) is not tuple:
                continue
            if r[0] == SIZE_SET and r[1] == 0:  # a size set of eggs only: declare its size
                for as_size in SIZE_NAMES:  # (a loop: a generator here would put ``card`` and ``k`` in cells)
                    out.append(_declaring(card, k, as_size))
            else:
                out.append(JOIN[card][k])
    return out


def display(s: State, p: int, action: Display, free: bool) -> None:
    """Pay the size in amber (egg 2; nothing if free), then start a new set or expand one."""
    card, target = action.card, action.target
    cost = 0 if free else COST[card]
    s.amber[p] -= cost
    study = s.study[p]
    i = study.index(card)
    s.study[p] = study[:i] + study[i + 1:]
    sets = s.museum[p]
    if target == NEW_SET:
        s.museum[p] = sets + (new_set(card),)
        if s._events is not None:
            s._say("Display 1 Fossil", p, "{} displays {} {}, starting a new set (no points yet).",
                   s.names[p], LABEL[card], _paid(free, cost))
        return
    fitted = fit(sets[target], card)
    assert isinstance(fitted, tuple)  # (a legal display fits)
    kind, key = fitted
    if kind == SIZE_SET and key == 0:  # a size set of eggs only: its declared size
        key = action.as_size
    _expand(s, p, target, card, kind, key, free, cost)


def _paid(free: bool, cost: int) -> str:
    return "at no cost" if free else f"for {cost} amber"


def _expand(s: State, p: int, target: int, card: int, kind: int, key: int, free: bool, cost: int) -> None:
    """Expand set ``target``: one Set token (if the supply has one), and the News token of its type."""
    sets = s.museum[p]
    was_typed = sets[target].kind != UNTYPED
    token = take_set_token(s, p)
    mset = extend(sets[target], card, kind, key, token)
    s.museum[p] = sets[:target] + (mset,) + sets[target + 1:]
    i = news_index(kind, key)
    owner, locked, why = award_news(s.news[i], s.locked[i], s.museum, p, mset, s.names)
    if why:
        s.news, s.locked = with_item(s.news, i, owner), with_item(s.locked, i, locked)
    if s._events is not None:
        say_expansion(s, p, card, mset, was_typed, token, _paid(free, cost), owner, locked, why)


def say_expansion(s: State, p: int, card: int, mset: MuseumSet, was_typed: bool, token: int, paid: str,
                  owner: int, locked: bool, why: str) -> None:
    name = s.names[p]
    kind, key, size = mset.kind, mset.key, len(mset.cards)
    typed = "" if was_typed else " (the second card fixes its type)"
    text = f"{name} displays {LABEL[card]} {paid}: extends {name}'s {type_name(kind, key)}{typed} to {size} cards"
    text += ", taking 1 Set token" if token else (", but no Set token is left to take (the kit's house rule R17: "
                                                  "the set still expands)")
    if is_complete(mset):
        tokens = mset.tokens
        text += f": the set is complete, its {tokens} Set token{'s' if tokens != 1 else ''} turn to 3 points each"
    i = news_index(kind, key)
    if why:
        text += f"; {name} {why}"
    elif owner != p:
        holder, theirs = s.names[owner], largest(s.museum[owner], kind, key)
        text += (f"; {holder} keeps the {news_name(i)} for good" if locked else
                 f"; {holder} keeps the {news_name(i)} (a set of {theirs} cards is not beaten by {size})")
    s._say("Score Points", p, "{}.", text)


def take_set_token(s: State, p: int) -> int:
    """Each expansion takes 1 Set token from the supply (none if it is empty, ruling R17); taking the last
    one triggers the end of the game.  Returns the tokens taken (0 or 1)."""
    if not s.set_supply:
        return 0
    s.set_supply -= 1
    if not s.set_supply:
        trigger_end(s, f"{s.names[p]} took the last Set token from the supply")
    return 1
