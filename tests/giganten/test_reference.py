"""Plain, slow references for every tuned computation, compared with the fast ones on positions from play.

The engine computes the truck's reach with bit sets (one integer per layer of cost), remembers expansions,
lists "drive to" actions from per-byte tables, keeps the legal list of a position, and caches the odds of
license draws and payments.  Each test below states the rule in the plainest code -- Dijkstra with a heap
over (row, column) squares, loops over every square, brute force over every hand -- and checks the fast
version gives the same answer on thousands of positions from seeded random games.
"""
from __future__ import annotations

import heapq
import random
from itertools import combinations
from math import comb

import pytest

import giganten as g
from gamekit import sample_chance
from giganten import rules as R
from giganten.actions import (AdvanceLocomotive, ChangePrice, DriveTo, EndMovement, LocomotivesBack, PlaceTruck, Step,
                              TakeOil)
from giganten.board import _expand, cheapest_path, reachable
from giganten.board import ENTRY_CELLS
from giganten.bots import FAR, GigantenView, Weights, _cost_map
from giganten.components import CARDS, COMPONENTS, SITES, TILE_KINDS
from giganten.draws import hypergeometric
from giganten.prices import TOP
from giganten.rules.auction import payments

ROWS, COLUMNS = COMPONENTS.rows, COMPONENTS.columns
TERRAIN = COMPONENTS.terrain  # the cost of entering each square, row by row
DIRECTIONS = (("N", -1, 0), ("E", 0, 1), ("S", 1, 0), ("W", 0, -1))


def neighbours(cell: int) -> list[tuple[str, int]]:
    """The squares orthogonally next to ``cell``, in the order N, E, S, W."""
    row, col = divmod(cell, COLUMNS)
    return [(d, (row + dr) * COLUMNS + col + dc) for d, dr, dc in DIRECTIONS
            if 0 <= row + dr < ROWS and 0 <= col + dc < COLUMNS]


def costs_from(sources: set[int], budget: float, blocked: set[int]) -> dict[int, int]:
    """Dijkstra: the cheapest cost of every square reachable from ``sources`` within ``budget``; entering a
    square costs its terrain; ``blocked`` squares (derricks) are never entered."""
    best = {cell: 0 for cell in sources}
    heap = [(0, cell) for cell in sources]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best[cell]:
            continue
        for _, n in neighbours(cell):
            new = cost + TERRAIN[n]
            if n not in blocked and new <= budget and new < best.get(n, FAR):
                best[n] = new
                heapq.heappush(heap, (new, n))
    return best


def bits(cells) -> int:
    return sum(1 << c for c in set(cells))


def positions(players: int, games: int, seed: int):
    """Every state of ``games`` seeded random games."""
    rng = random.Random(seed)
    for _ in range(games):
        s = g.new_game(players, one_opponent_back=rng.random() < 0.3, exact_price_change=rng.random() < 0.3)
        while not s.is_terminal():
            yield s
            s = s.apply(sample_chance(s, rng) if s.is_chance() else rng.choice(s.legal_actions()))


def moving_positions(count: int) -> list[g.State]:
    out = [s for players in (3, 4) for s in positions(players, 20, 1000 + players) if s.phase == R.MOVE]
    random.Random(0).shuffle(out)
    return out[:count]


MOVING = moving_positions(2500)


def derricks(s: g.State) -> set[int]:
    return {SITES[i].cell for i in range(len(SITES)) if s.site_state[i] == R.DERRICK}


def tiles(s: g.State) -> set[int]:
    return {SITES[i].cell for i in range(len(SITES)) if s.site_state[i] == R.TILE}


# -- the truck's reach -----------------------------------------------------------------------------------

def test_the_bit_set_expansion_equals_dijkstra_on_positions_from_play():
    assert len(MOVING) == 2500
    for s in MOVING:
        p = s.current_player()
        start = s.trucks[p]
        if start < 0:
            continue
        blocked = derricks(s)
        for budget in {s.mp, COMPONENTS.cards[0].moves, 1, 20}:
            plain = costs_from({start}, budget, blocked)
            layers, reach = _expand(start, budget, s.derrick_cells)
            assert reach == bits(plain) == reachable(start, budget, s.derrick_cells)
            for k in range(budget + 1):
                layer = layers[k] if k < len(layers) else 0
                assert layer == bits(c for c, cost in plain.items() if cost == k), (start, budget, k)


def test_the_cheapest_path_costs_what_dijkstra_says_and_breaks_ties_north_east_south_west():
    rng = random.Random(2)
    for s in MOVING[:800]:
        start = s.trucks[s.current_player()]
        if start < 0:
            continue
        blocked = derricks(s)
        plain = costs_from({start}, s.mp, blocked)
        for target in rng.sample(sorted(plain), min(5, len(plain))):
            path = cheapest_path(start, target, s.mp, s.derrick_cells)
            if target == start:
                assert path is None
                continue
            assert path is not None and path[-1] == target
            steps = [start, *path]
            assert all(b in dict(neighbours(a)).values() and b not in blocked for a, b in zip(steps, steps[1:]))
            assert sum(TERRAIN[c] for c in path) == plain[target]
            back, cell = [target], target  # the tie-break, plainly: from the target, the first neighbour N, E, S, W
            while plain[cell] > 0:
                cell = next(n for _, n in neighbours(cell) if plain.get(n) == plain[cell] - TERRAIN[cell])
                back.append(cell)
            assert path == back[::-1][1:]


def test_the_heuristics_cost_maps_equal_a_many_source_dijkstra():
    rng = random.Random(4)
    for s in MOVING[:600]:
        blocked = derricks(s)
        sources = set(rng.sample(range(ROWS * COLUMNS), rng.choice([1, 1, 3, 12])))
        sources -= blocked
        if not sources:
            continue
        plain = costs_from(sources, FAR, blocked)
        fast = _cost_map(bits(sources), s.derrick_cells)
        assert fast == [plain.get(c, FAR) for c in range(ROWS * COLUMNS)]


# -- Action 4: what a player may do, read plainly from the rulebook ---------------------------------------

def plain_moves(s: g.State) -> set:
    """Action 4 from the rulebook, square by square, for the player to move."""
    p = s.current_player()
    blocked = derricks(s)
    no_stop = tiles(s) | {s.trucks[q] for q in range(s.n) if q != p and s.trucks[q] >= 0}

    def can_stop_later(cell: int, budget: int) -> bool:
        """From ``cell``, can the truck still reach a square (another one) it may stop on?"""
        return any(c != cell and c not in no_stop for c in costs_from({cell}, budget, blocked))

    def may_end_on(cell: int, budget: int) -> bool:
        return cell not in no_stop or can_stop_later(cell, budget)

    out: set = set()
    cell = s.trucks[p]
    if cell < 0:
        entries = [r * COLUMNS + COMPONENTS.truck_entry_column for r in range(ROWS)]
        out |= {PlaceTruck(e // COLUMNS) for e in entries if may_end_on(e, s.mp)}
    else:
        for d, n in neighbours(cell):
            if TERRAIN[n] <= s.mp and n not in blocked and may_end_on(n, s.mp - TERRAIN[n]):
                out.add(Step(d))
        if s.mp > 0:
            out |= {DriveTo(*divmod(c, COLUMNS)) for c in costs_from({cell}, s.mp, blocked)
                    if c != cell and c not in no_stop}
    stranded = cell >= 0 and cell in no_stop
    loco = s.locos[p]
    if loco + 1 < len(COMPONENTS.rail_costs):
        cost = COMPONENTS.rail_costs[loco + 1]
        if cost <= s.mp and (not stranded or can_stop_later(cell, s.mp - cost)):
            out.add(AdvanceLocomotive())
    card = CARDS[s.held[p]]
    if s.special:
        if card.special == "price":
            for c in range(len(COMPONENTS.companies)):
                for delta in range(-TOP, TOP + 1):
                    on_track = 0 <= s.prices[c] + delta <= TOP
                    if s.opts.exact_price_change:
                        allowed = delta in (min(card.n, TOP - s.prices[c]), -min(card.n, s.prices[c]))
                    else:
                        allowed = 0 < abs(delta) <= card.n
                    if delta and on_track and allowed:
                        out.add(ChangePrice(c, delta))
        elif card.special == "oil":
            out |= {TakeOil(c) for c in range(len(COMPONENTS.companies)) if s.supply > 0}
        elif s.opts.one_opponent_back:
            out |= {LocomotivesBack(q) for q in range(s.n) if q != p}
        else:
            out.add(LocomotivesBack(None))
    if not stranded:
        out.add(EndMovement())
    return out


def test_the_movement_list_equals_the_rulebook_read_square_by_square():
    for s in MOVING:
        legal = s.legal_actions()
        assert len(legal) == len(set(legal)) and set(legal) == plain_moves(s), s.round


def test_the_bit_sets_of_tiles_and_derricks_follow_the_sites():
    for players in (3, 4):
        for s in positions(players, 4, 7):
            on_sites = {state: {i for i in range(len(SITES)) if s.site_state[i] == state}
                        for state in (R.TILE, R.DERRICK)}
            assert s.tile_sites == bits(on_sites[R.TILE])
            assert s.tile_cells == bits(SITES[i].cell for i in on_sites[R.TILE])
            assert s.derrick_cells == bits(SITES[i].cell for i in on_sites[R.DERRICK])


# -- what a position offers, kept --------------------------------------------------------------------------

def test_offers_is_membership_in_a_freshly_computed_list_whatever_object_is_passed():
    from giganten.rules.round import PHASES

    rng = random.Random(9)
    every = []
    for s in positions(4, 3, 11):
        if rng.random() < 0.2:
            every.append(s)
    kinds = sorted({type(a) for s in every for a in (s.legal_actions() or [o for o, _ in s.chance_outcomes()])},
                   key=lambda t: t.__name__)
    assert len(kinds) >= 15
    for s in every:
        make = PHASES[s.phase].offered
        fresh = list(make(s)) if make else []
        listed = [a for a, _ in fresh] if s.is_chance() else fresh
        candidates = [*listed, *(type(a)(**{f: getattr(a, f) for f in a.__dataclass_fields__})  # equal, not the same
                                 for a in rng.sample(listed, min(3, len(listed))))]
        for other in rng.sample(every, 3):
            candidates += other.legal_actions()[:5] + [o for o, _ in other.chance_outcomes()[:5]]
        for action in candidates:
            assert s._offers(action) == (action in listed)


def test_the_holders_of_a_company_are_the_players_in_order_with_oil_stored_there():
    """``State.holders`` (one slice of the storage, the round's order as ranges) against the plain rule: the
    players in this round's order, the start player first, who have a chip stored at the company."""
    checked = 0
    for players in (3, 4):
        for s in positions(players, 6, 40 + players):
            order = [(s.start + k) % s.n for k in range(s.n)]
            for c in range(3):
                assert s.holders(c) == tuple(p for p in order if s.stored(p, c) > 0)
                checked += 1
    assert checked > 10_000


# -- chance and payments: brute force over every card --------------------------------------------------------

def test_hypergeometric_odds_equal_counting_every_draw():
    for ones in range(7):
        for twos in range(7):
            cards = [1] * ones + [2] * twos
            for count in range(len(cards) + 1):
                draws = list(combinations(range(len(cards)), count))
                plain = {}
                for draw in draws:
                    k = sum(1 for i in draw if cards[i] == 2)
                    plain[k] = plain.get(k, 0) + 1 / len(draws)
                fast = dict(hypergeometric(ones, twos, count))
                assert fast.keys() == plain.keys() and all(fast[k] == pytest.approx(plain[k]) for k in plain)
    assert sum(p for _, p in hypergeometric(39, 39, 7)) == pytest.approx(1)
    assert dict(hypergeometric(39, 39, 7))[3] == pytest.approx(comb(39, 3) * comb(39, 4) / comb(78, 7))


def test_payments_follow_the_ruling_for_every_hand_and_bid():
    """Ruling G4: pay exactly the bid when the hand allows it (every way to do so, most 2s first); a hand that can
    only do it with 2s pays one more on an odd bid; otherwise the winner cannot pay."""
    for ones in range(12):
        for twos in range(12):
            for bid in range(1, 2 * (ones + twos) + 3):
                exact = [(o, t) for t in range(twos, -1, -1) for o in range(ones + 1) if o + 2 * t == bid]
                if exact:
                    plain = exact
                elif bid % 2 and 2 * twos > bid:
                    plain = [(0, (bid + 1) // 2)]
                else:
                    plain = []
                assert list(payments(ones, twos, bid)) == plain, (ones, twos, bid)


def test_the_tile_deal_odds_equal_counting_the_tiles_left():
    for players in (3, 4):
        for s in positions(players, 2, 5):
            if s.phase != R.DEAL:
                break
            kind = SITES[s.cursor].kind
            box = [v for v, n in TILE_KINDS[kind].values for _ in range(n)]
            for i, site in enumerate(SITES):
                if site.kind == kind and s.site_state[i] == R.TILE:
                    box.remove(s.site_value[i])
            plain = {v: box.count(v) / len(box) for v in set(box)}
            assert {a.value: p for a, p in s.chance_outcomes()} == pytest.approx(plain)


# -- the heuristic's truck target (giganten.bots.GigantenView.target) ------------------------------------

def plain_target(s: g.State, p: int, w) -> tuple[int, float, int] | None:
    """The face-down tile worth driving to, plainly: of the tiles ``p`` may build on, the one whose value less
    ``w.mp`` per movement point to the nearest free square next to it (Dijkstra from the truck, or from every
    entry square) is largest and positive, the first in site order on a tie; none once the game is nearly over."""
    view = GigantenView(s, p, w)
    if not (s.derricks_left[p] > 0 and s.supply > 0 and view.rounds > 1.5):
        return None
    start = {s.trucks[p]} if s.trucks[p] >= 0 else set(ENTRY_CELLS)
    costs = costs_from(start, FAR, derricks(s))
    taken = tiles(s) | derricks(s) | {c for q, c in enumerate(s.trucks) if q != p and c >= 0}
    best = None
    for site in range(len(SITES)):
        if s.site_state[site] != R.TILE or not view.can_build(site):
            continue
        free = [n for _, n in neighbours(SITES[site].cell) if n not in taken]
        way = min((costs.get(n, FAR) for n in free), default=FAR)
        if way >= FAR:
            continue
        score = view.tile_value(site) - w.mp * way
        if score > 0 and (best is None or score > best[1]):
            best = (site, score, bits(free))
    return best


def test_the_heuristics_target_and_the_way_to_it_are_what_dijkstra_says():
    w, found = Weights(), 0
    for s in MOVING[:1200]:
        p = s.current_player()
        view = GigantenView(s, p, w)
        target, plain = view.target(), plain_target(s, p, w)
        if target is None:
            assert plain is None and view.distance_to_target(max(s.trucks[p], 0)) == FAR
            continue
        found += 1
        assert (target.site, target.score, target.squares) == plain
        back = costs_from({n for n in range(ROWS * COLUMNS) if target.squares >> n & 1}, FAR, derricks(s))
        for cell in random.Random(p).sample(range(ROWS * COLUMNS), 12):
            assert view.distance_to_target(cell) == back.get(cell, FAR)
    assert found > 300
