"""Build First Giants positions for scenario tests.

``position(...)`` deals the given cards through the real chance nodes, then places Study cards,
displays, amber and markers directly (a white-box shortcut: such a position has no save file).
Card ids follow the reconstructed deck: ``card("Carnivore", 3, 1)`` is the second Large
Carnivore; ``egg("Marine")`` the Marine egg.  Per family and size the four cards are:
size 1: 0 gain 2 amber (each opponent 1), 1 display or 1 point, 2 amber on a new family, 3 amber per carnivore taken;
size 2: 0 points per pair, 1 amber per family, 2 any take: spend 3 for 2, 3 free display;
size 3: 0 points per carnivore, 1 two displays of different families, 2 two of the same family, 3 any take: display.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import firstgiants as g
from firstgiants.components import FAMILY_NAMES
from firstgiants.rules import turn
from firstgiants.rules.museum import extend, join, new_set
from firstgiants.state import State


def card(family: str, size: int, j: int = 0) -> int:
    return FAMILY_NAMES.index(family) * 12 + (size - 1) * 4 + j


def egg(family: str) -> int:
    return 60 + FAMILY_NAMES.index(family)


# Effect names -> (size, j) in the template above.
GAIN2 = (1, 0)
OR_POINT = (1, 1)
NEW_FAMILY_AMBER = (1, 2)
CARNIVORE_AMBER = (1, 3)
PER_PAIR = (2, 0)
PER_FAMILY = (2, 1)
ANY_SPEND = (2, 2)
FREE = (2, 3)
PER_CARNIVORE = (3, 0)
TWO_DIFFERENT = (3, 1)
TWO_SAME = (3, 2)
ANY_DISPLAY = (3, 3)


def fx(family: str, effect: tuple[int, int]) -> int:
    return card(family, *effect)


def build_set(cards: Sequence[int]) -> tuple:
    mset = new_set(cards[0])
    for c in cards[1:]:
        r = join(mset, c)
        assert not isinstance(r, str), r
        mset = extend(mset, c, r[0], r[1], 1)
    return mset


def position(players: int = 2, *, sites: Sequence[int] = (), top: int | None = None,
             study: dict[int, Iterable[int]] | None = None, museum: dict[int, Sequence[Sequence[int]]] | None = None,
             amber: dict[int, int] | None = None, markers: dict[int, Iterable[int]] | None = None, active: int = 0,
             set_supply: int | None = None, set_box: int | None = None, deck: Sequence[int] | None = None,
             **options) -> State:
    """A position at the start of ``active``'s turn (forced choices already taken)."""
    study, museum, amber, markers = study or {}, museum or {}, amber or {}, markers or {}
    placed = set(sites) | {c for cs in study.values() for c in cs}
    placed |= {c for sets in museum.values() for cards in sets for c in cards}
    if top is not None:
        placed.add(top)
    spare = [c for c in range(65) if c not in placed and (deck is None or c not in deck)]
    sites = list(sites) + spare[: 8 - len(sites)]
    rest = [c for c in (spare if deck is None else deck) if c not in sites and c not in placed]
    s = g.new_game(players, **options)
    for c in sites:
        s = s.apply(g.Deal(c))
    s = s.apply(g.Reveal(rest[0] if top is None else top))
    s, dealt = s._copy(), s
    s._record, s._events = dealt._record, []
    s.deck = tuple(sorted(c for c in rest if c != s.top))
    for p, cs in study.items():
        s.study[p] = tuple(cs)
    for p, sets in museum.items():
        s.museum[p] = tuple(build_set(cs) for cs in sets)
    for p, a in amber.items():
        s.amber[p] = a
    for p, where in markers.items():
        for site in where:
            s.markers[site] |= 1 << p
    on_sets = sum(m.tokens for p in range(players) for m in s.museum[p])
    s.set_supply = s.set_supply - on_sets if set_supply is None else set_supply
    s.set_box = s.set_box if set_box is None else set_box
    s.active = active
    s._cache = turn.settle(s)
    return s


def play(s: State, *actions) -> State:
    for a in actions:
        s = s.apply(a)
    return s


def texts(s: State) -> str:
    return "\n".join(str(e) for e in s.events)


def reveal(s: State) -> State:
    """Resolve chance nodes with their first outcome (the lowest card id left)."""
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def run(s: State, *actions) -> tuple[State, list]:
    """Apply ``actions``; return the final state and every event on the way."""
    events = []
    for a in actions:
        s = s.apply(a)
        events += s.events
    return s, events
