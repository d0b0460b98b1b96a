"""Short ways to reach a given point of a Giganten game in a test.

* :func:`dealt` -- a new game with the tiles dealt (values chosen per square, else the first possible);
* :func:`advance` -- play on with chosen chance outcomes and a plain default policy until a condition holds;
* :func:`to_phase` -- round 1 up to a phase, with the red card, the beige cards and who takes what chosen;
* :func:`edit` -- TEST-ONLY: a copy of a state with some fields changed (e.g. ``money={0: 4500}``), for
  positions that would take many rounds to reach.  Its history no longer replays to it; use it for
  rule scenarios, never for saves.

Cards are named by what they show: ``beige(5, 8)`` is the beige card with 5 licenses and 8 moves,
``red(2, "back", 3)`` a red card advancing the black locomotive 2 with "locomotives back 3".
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import giganten as g
from giganten import rules as R
from giganten.actions import (DealTile, DrawLicenses, EndMovement, LetChipGo, Pass, RevealCard, RollPrice, Sell,
                              SkipBuild, TakeCard)
from giganten.components import CARDS, COLUMNS, SITES

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def cell(row: int, col: int) -> int:
    return row * COLUMNS + col


def site(row: int, col: int) -> int:
    return next(s.index for s in SITES if (s.row, s.col) == (row, col))


def beige(licenses: int, moves: int) -> int:
    return next(t.id for t in CARDS if t.color == "beige" and (t.licenses, t.moves) == (licenses, moves))


def red(black: int, special: str, n: int, licenses: int | None = None, moves: int | None = None) -> int:
    return next(t.id for t in CARDS if t.color == "red" and (t.black, t.special, t.n) == (black, special, n)
                and licenses in (None, t.licenses) and moves in (None, t.moves))


def dealt(players: int = 4, tiles: dict[tuple[int, int], int] | None = None, **options: Any) -> g.State:
    """A new game after Setup: each tile space gets ``tiles[(row, col)]`` or the first value possible."""
    s = g.new_game(players, **options)
    tiles = tiles or {}
    while s.phase == R.DEAL:
        here = SITES[s.cursor]
        want = tiles.get((here.row, here.col))
        s = s.apply(DealTile(want) if want is not None else s.chance_outcomes()[0][0])
    return s


def first_outcome(s: g.State):
    return s.chance_outcomes()[0][0]


def default_decision(s: g.State):
    """A plain policy: take the first card, end movement, build nothing, let chips go / ship them to the
    first company, pass in auctions, sell nothing, pay with the first option."""
    phase = s.phase
    if phase == R.MOVE:
        return EndMovement()
    if phase == R.BUILD:
        return SkipBuild()
    if phase == R.PRODUCE:
        legal = s.legal_actions()
        return LetChipGo() if LetChipGo() in legal else legal[0]
    if phase == R.BID:
        return Pass()
    if phase == R.SELL:
        return Sell(0)
    return s.legal_actions()[0]


def advance(s: g.State, until: Callable[[g.State], bool], chance: Iterable | None = None,
            decide: Callable[[g.State], Any] = default_decision, limit: int = 10_000) -> g.State:
    """Apply chance outcomes (from ``chance`` in order, then the first listed) and ``decide``'s decisions
    until ``until(state)`` holds."""
    queue = list(chance or [])
    for _ in range(limit):
        if until(s):
            return s
        if s.is_terminal():
            raise AssertionError("the game ended before the condition held")
        if s.is_chance():
            s = s.apply(queue.pop(0) if queue else first_outcome(s))
        else:
            s = s.apply(decide(s))
    raise AssertionError("condition never reached")


def at(phase: int) -> Callable[[g.State], bool]:
    return lambda s: s.phase == phase


def to_phase(phase: int, players: int = 4, cards: list[int] | None = None, red_card: int | None = None,
             faces: Iterable[tuple[str, int]] = (("blue", 2), ("red", 2), ("blue", 2)),
             tiles: dict[tuple[int, int], int] | None = None, **options: Any) -> g.State:
    """Round 1 up to ``phase``: dice ``faces``; the red card ``red_card``; player i (in round order) takes
    ``cards[i]`` (the beige cards revealed are those of ``cards`` that are not the red card).  At
    ``R.TAKE`` no card has been taken yet."""
    s = dealt(players, tiles, **options)
    red_card = red(2, "back", 3, licenses=3) if red_card is None else red_card
    cards = cards or [beige(5, 8)] * players
    beiges = [c for c in cards if CARDS[c].color == "beige"]
    beiges += [beige(4, 10)] * (players - len(beiges))
    chance = [RollPrice(c, p) for c, p in faces] + [RevealCard(red_card)] + [RevealCard(c) for c in beiges]
    s = advance(s, lambda s: s.phase in (phase, R.TAKE), chance)
    if s.phase == phase:
        return s
    for c in cards:
        if s.phase == R.TAKE:
            s = s.apply(TakeCard(c))
    return advance(s, at(phase))


def draw_all(s: g.State, twos: Iterable[int] = ()) -> g.State:
    """Resolve Action 3: the k-th chance draw gives ``twos[k]`` cards of value 2 (else the fewest possible)."""
    twos = list(twos)
    while s.phase == R.LICENSE:
        count = s.chance_outcomes()[0][0].count
        s = s.apply(DrawLicenses(count, twos.pop(0)) if twos else first_outcome(s))
    return s


def edit(s: g.State, **changes: Any) -> g.State:
    """TEST-ONLY: a copy of ``s`` with fields changed; a dict value changes items of a tuple field
    (``licenses={player: (ones, twos)}`` sets license hands)."""
    new = s._copy()
    for name, value in changes.items():
        if name == "licenses":
            for p, (ones, twos) in value.items():
                held_ones, held_twos = new.licenses(p)
                new._add_licenses(p, ones - held_ones, twos - held_twos)
            continue
        if isinstance(value, dict):
            items = list(getattr(new, name))
            for key, item in value.items():
                items[key] = item
            value = items
        setattr(new, name, tuple(value) if isinstance(value, list) else value)
    new._offered = None
    return new


def events_text(s: g.State) -> str:
    return "\n".join(str(e) for e in s.events)


def with_derrick(s: g.State, row: int, col: int, owner: int, oil: int) -> g.State:
    """TEST-ONLY: ``owner`` has built on the tile at (row, col); ``oil`` chips come from the supply."""
    i = site(row, col)
    assert s.site_state[i] == 1, "there must be a face-down tile"
    return edit(s, site_state={i: 2}, site_owner={i: owner}, site_oil={i: oil},
                tile_sites=s.tile_sites & ~(1 << i), tile_cells=s.tile_cells & ~(1 << cell(row, col)),
                derrick_cells=s.derrick_cells | 1 << cell(row, col),
                derricks_left={owner: s.derricks_left[owner] - 1}, supply=s.supply - oil)


def with_hand(s: g.State, player: int, ones: int, twos: int) -> g.State:
    """TEST-ONLY: ``player`` holds these licenses (taken from / returned to the draw pile)."""
    old_ones, old_twos = s.licenses(player)
    new = edit(s, lic_draw=(s.lic_draw[0] + old_ones - ones, s.lic_draw[1] + old_twos - twos))
    new._add_licenses(player, ones - old_ones, twos - old_twos)
    return new


def with_storage(s: g.State, player: int, company: int, chips: int) -> g.State:
    """TEST-ONLY: ``player`` has ``chips`` stored at ``company`` (taken from / returned to the supply)."""
    old = s.stored(player, company)
    new = edit(s, supply=s.supply + old - chips)
    new._store(player, company, chips - old)
    return new


def end_movement(s: g.State) -> g.State:
    """Everyone still to move ends movement at once."""
    while s.phase == R.MOVE:
        s = s.apply(EndMovement())
    return s
