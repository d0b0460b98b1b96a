"""Giganten bots: random, a heuristic oil baron, and an information-set search player.

``BOTS`` maps a name to a factory ``factory(seed, **params) -> bot``; every bot has ``act(state)``
and ``explain(state)`` (its best candidate moves with their values).

Hidden information: other players' license values and the oil on face-down tiles they have not seen.
The heuristic reads only what its player may see (its own hand, the tiles its truck has passed, the
public board); the search bot samples the hidden parts with ``state.determinize(player, rng)`` and
never reads the real state's hidden values.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property, lru_cache, partial
from typing import Any, Callable, Sequence, cast

from gamekit import Action, GameState
from gamekit.bots import ScoredBot, SoftmaxBot, random_bot
from gamekit.coach import softmax
from gamekit.mcts import LeadUtility, MCTSBot

from . import rules as R
from .actions import (AdvanceLocomotive, Bid, Build, ChangePrice, DriveTo, EndMovement, LetChipGo, LocomotivesBack,
                      Pass, PayLicenses, PlaceTruck, Sell, SkipBuild, Step, TakeCard, TakeOil, Transport)
from .analysis import rail_cost_to_column
from .board import CELLS, ENTRY_CELLS, NEIGHBOURS, SITE_CELL, TERRAIN_MASK, neighbours_of
from .components import CARDS, COMPANY_COUNT, COMPONENTS, SITES, TILE_KINDS, square
from .observe import unseen_tiles
from .prices import TRACK
from .rules.production import FEE
from .state import State

RAIL = tuple(int(x) for x in rail_cost_to_column())  # movement points from the start to each rail space
MEAN_RED_ADVANCE = sum(c.black * c.copies for c in CARDS if c.color == "red") / sum(
    c.copies for c in CARDS if c.color == "red")
FAR = 10**6
LIMIT = COMPONENTS.storage_limit
OVERFILL = COMPONENTS.overfill_compensation
CHIP_AT_END = COMPONENTS.end_chip_value


@dataclass(frozen=True)
class Weights:
    """The heuristic's prices, in dollars.

    mp:          a movement point spent on the truck's way to a tile (early game)
    license:     one license point (what bids cost; cards bring them)
    sell_share:  the share of the current price a stored chip is expected to fetch
    min_sale:    below this price a winner keeps two chips rather than sell (the rest go at $1,000 anyway)
    paid_margin: pay $3,000 transport only if the chip's expected sale exceeds the fee by this much
    reserve:     money kept back when choosing a tile to build on (transport fees)
    lead:        rail spaces to keep the locomotive beyond the frontmost own derrick
    back_space:  an opposing locomotive moved back one space
    late_rounds: with this few rounds left, movement points go to the locomotive (end bonus rank)
    transport_first: a locomotive step while an own derrick stands ahead of it (before any truck move)
    """

    mp: float = 350.0
    license: float = 650.0
    sell_share: float = 0.75
    min_sale: int = 2500
    paid_margin: float = 0.0
    reserve: int = 0
    lead: int = 0
    back_space: float = 250.0
    late_rounds: float = 2.0
    transport_first: float = 5000.0


def rounds_left(s: State) -> float:
    """Expected rounds until the black locomotive reaches the harbour (the red cards' mean advance)."""
    return max(1.0, (COMPONENTS.harbour - s.black) / MEAN_RED_ADVANCE)


def _cost_map(sources: int, blocked: int) -> list[int]:
    """Movement points to reach every square from the cheapest of ``sources`` (FAR if blocked off).

    The truck pays the terrain of each square entered (Action 4a); derricks (``blocked``) are never
    entered.  Dijkstra by layers, as the truck's reach in ``board._expand``, but from a set of squares.
    """
    cost = [FAR] * CELLS
    layers = [sources]
    around = [neighbours_of(sources)]
    seen = sources | blocked
    t1, t2, t3 = TERRAIN_MASK[1], TERRAIN_MASK[2], TERRAIN_MASK[3]
    k = 0
    while any(layers[max(0, k - 2):]) or k == 0:
        layer = layers[k]
        while layer:
            low = layer & -layer
            cost[low.bit_length() - 1] = k
            layer ^= low
        k += 1
        new = around[k - 1] & t1
        if k >= 2:
            new |= around[k - 2] & t2
        if k >= 3:
            new |= around[k - 3] & t3
        new &= ~seen
        seen |= new
        layers.append(new)
        around.append(neighbours_of(new) if new else 0)
    return cost


@lru_cache(maxsize=4096)
def _cached_cost_map(sources: int, blocked: int) -> tuple[int, ...]:
    return tuple(_cost_map(sources, blocked))


def _taken_for_truck(s: State, p: int) -> int:
    """Squares where p's truck may not stop: tiles, derricks and opposing trucks."""
    taken = s.tile_cells | s.derrick_cells
    for q, cell in enumerate(s.trucks):
        if q != p and cell >= 0:
            taken |= 1 << cell
    return taken


def _stoppable_around(site: int, taken: int) -> int:
    """Squares next to ``site`` that are not ``taken`` (:func:`_taken_for_truck`); the squares next to each
    site are tabled once (:data:`_AROUND`)."""
    return _AROUND[site] & ~taken


#: Per site, the squares next to its tile (bit set): its square's ``NEIGHBOURS``.
_AROUND = tuple(sum(1 << n for _, n in NEIGHBOURS[cell]) for cell in SITE_CELL)


def _cheapest(costs: Sequence[int], mask: int) -> int:
    """The least of ``costs`` over the squares of ``mask`` (FAR for none)."""
    best = FAR
    while mask:
        low = mask & -mask
        cost = costs[low.bit_length() - 1]
        if cost < best:
            best = cost
        mask ^= low
    return best


_NOWHERE = (FAR,) * CELLS


@dataclass(frozen=True)
class Target:
    site: int
    value: float  # expected net value of a derrick there, before the way to it
    squares: int  # stoppable squares next to it (bit set)
    score: float  # value minus the way there (truck and locomotive)


class GigantenView:
    """What one player knows and what the heuristic derives from it (computed once per position)."""

    _target: Target | None  # set by target() when first asked

    def __init__(self, s: State, p: int, w: Weights) -> None:
        self.s, self.p, self.w = s, p, w
        self.rounds = rounds_left(s)
        self._mean_oil: dict[int, float] | None = None

    @property
    def mean_oil(self) -> dict[int, float]:
        """Per tile kind, the mean oil of the tiles this player has not seen (computed when first needed)."""
        if self._mean_oil is None:
            pool = unseen_tiles(self.s, self.p)
            self._mean_oil = {k: (sum(v) / len(v) if v else 0.0) for k, v in pool.items()}
        return self._mean_oil

    # -- values ------------------------------------------------------------------------------------
    def chip_value(self, company: int, extra: int = 1) -> float:
        """What one more chip stored at ``company`` is worth: a likely sale, or $1,000 when overfilled."""
        stored = self.s.stored(self.p, company)
        sale = self.w.sell_share * TRACK[self.s.prices[company]]
        return sale if stored + extra <= LIMIT else 0.5 * sale + 0.5 * OVERFILL

    def best_chip_value(self) -> float:
        return max(self.chip_value(c) for c in range(COMPANY_COUNT))

    def oil(self, site: int) -> float:
        """The oil on a face-down tile: known if the truck has passed it, else the mean of the unseen ones."""
        s = self.s
        if s.known[self.p] >> site & 1:
            return float(s.site_value[site])
        return self.mean_oil[SITES[site].kind]

    @cached_property
    def avg_sale(self) -> float:
        """What a chip is expected to fetch at the mean of the current prices."""
        return self.w.sell_share * sum(TRACK[i] for i in self.s.prices) / COMPANY_COUNT

    def derrick_value(self, oil: float, column: int) -> float:
        """A derrick with ``oil`` chips in ``column``: chips produced before the end, the rest and the bonus at the
        end."""
        produced = min(oil, max(0.0, self.rounds - 0.5))
        left = oil - produced
        avg_sale = self.avg_sale
        loco = self.s.locos[self.p]
        transport = 0.0 if loco >= column else self.w.mp * max(0, RAIL[column] - RAIL[loco])
        bonus = 3500.0 if left > 0.5 else 0.0
        return produced * avg_sale + left * CHIP_AT_END + bonus - transport / 2

    def tile_value(self, site: int) -> float:
        cost = TILE_KINDS[SITES[site].kind].build_cost
        return self.derrick_value(self.oil(site), SITES[site].col) - cost

    def can_build(self, site: int) -> bool:
        s = self.s
        cost = TILE_KINDS[SITES[site].kind].build_cost
        return s.derricks_left[self.p] > 0 and s.supply > 0 and cost + self.w.reserve <= s.money[self.p]

    # -- the truck's target ------------------------------------------------------------------------
    def truck_costs(self) -> tuple[int, ...]:
        s, p = self.s, self.p
        start = s.trucks[p]
        sources = 0
        if start >= 0:
            sources = 1 << start
        else:
            for cell in ENTRY_CELLS:
                sources |= 1 << cell
        return _cached_cost_map(sources, s.derrick_cells)

    def target(self) -> Target | None:
        """The face-down tile worth driving to: its value minus the way there (truck and locomotive)."""
        if hasattr(self, "_target"):
            return self._target
        s, p, w = self.s, self.p, self.w
        best = None
        if s.derricks_left[p] > 0 and s.supply > 0 and self.rounds > 1.5:
            costs = self.truck_costs()
            taken = _taken_for_truck(s, p)
            tiles = s.tile_sites
            while tiles:
                low = tiles & -tiles
                site = low.bit_length() - 1
                tiles ^= low
                if not self.can_build(site):
                    continue
                value = self.tile_value(site)
                if value <= (0.0 if best is None else best.score):
                    continue  # (the way there only lowers the score: this tile cannot be the best)
                squares = _stoppable_around(site, taken)
                if not squares:
                    continue
                way = _cheapest(costs, squares)
                if way >= FAR:
                    continue
                score = value - w.mp * way
                if score > 0 and (best is None or score > best.score):
                    best = Target(site, value, squares, score)
        self._target = best
        return best

    def distance_to_target(self, cell: int) -> int:
        return self._way_back[cell]

    @cached_property
    def _way_back(self) -> tuple[int, ...]:
        """Movement points from every square to the nearest stoppable square of the target (FAR if none)."""
        target = self.target()
        if target is None:
            return _NOWHERE
        return _cached_cost_map(target.squares, self.s.derrick_cells)

    def frontmost_derrick(self) -> int:
        """The column of the player's frontmost derrick that still holds oil (0 if none)."""
        s, p = self.s, self.p
        return max((SITES[i].col for i in range(len(SITES)) if s.site_state[i] == R.DERRICK and s.site_owner[i] == p
                    and s.site_oil[i] > 0), default=0)

    def desired_locomotive(self) -> int:
        """The rail space to reach: the frontmost own derrick (and the target tile), plus ``lead``."""
        s, p = self.s, self.p
        cols = [self.frontmost_derrick()]
        target = self.target()
        if target is not None and s.trucks[p] >= 0 and self.distance_to_target(s.trucks[p]) == 0:
            cols.append(SITES[target.site].col)
        want = max(cols) + self.w.lead
        if self.rounds <= self.w.late_rounds:
            want = len(RAIL) - 1  # the end bonus goes by locomotive rank
        return min(want, len(RAIL) - 1)


class HeuristicBot(ScoredBot):
    """A Giganten player following the rulebook's tactical tips, with prices in dollars (see :class:`Weights`).

    Strategy, action by action:

    * **2c, cards**: the card whose licenses, movement points and special action are worth most now:
      licenses at ``license`` dollars a point, movement points at ``mp`` while there are tiles to reach
      (less once they are not needed), "locomotives back" by how far it sets opponents back, "+1 oil" as a
      chip, "change price" by the chips it would move in value.
    * **4, movement**: first the special action when it helps (raise the price where it stores most oil,
      take the oil chip where it fetches most, always set opposing locomotives back); then drive the truck
      towards the best tile it can afford — the expected net value of a derrick there (known oil if the
      truck has passed it, else the mean of the tiles it has not seen; chips produced before the end at
      ``sell_share`` of the mean price, the rest and the end bonus at the end) minus the way there; then
      the locomotive up to the frontmost own derrick (plus ``lead``), and in the last ``late_rounds``
      rounds as far as it goes (the end bonus goes by locomotive rank).
    * **5, build**: on the adjacent tile if a derrick there is worth more than it costs.
    * **6, transport**: free chips to the storage where they fetch most (not past two chips); paid
      transport only when the chip's expected sale beats the $3,000 fee by ``paid_margin``.
    * **7, auctions**: bid one more than the last bid while the licenses are worth less than the sale
      (``license`` dollars a point), never more than its own hand (the penalty is stiff); pay without
      overpaying; sell everything unless the price is below ``min_sale``.
    """

    def __init__(self, seed: int | None = None, **weights: Any) -> None:
        super().__init__(seed)
        known = {f.name for f in fields(Weights)}
        unknown = set(weights) - known
        if unknown:
            raise ValueError(f"unknown heuristic weight(s) {sorted(unknown)}; known: {sorted(known)}")
        self.weights = Weights(**weights)

    def score_all(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        s = cast(State, state)  # a Giganten bot sees Giganten states
        p = s.current_player()
        assert p is not None  # bots score decisions, never chance
        view = GigantenView(s, p, self.weights)
        phase = s.phase
        if phase == R.MOVE:
            return _score_moves(view, actions)
        scorer = _SCORERS.get(phase)
        if scorer is None:
            return [0.0] * len(actions)
        return [scorer(view, a) for a in actions]


# -- Action 2c: cards -------------------------------------------------------------------------------------


def _card_value(v: GigantenView, card_id: int) -> float:
    s, p, w = v.s, v.p, v.w
    card = CARDS[card_id]
    value = card.licenses * w.license
    need_truck = v.target() is not None
    loco_gap = max(0, RAIL[v.desired_locomotive()] - RAIL[s.locos[p]])
    useful_mp = (30 if need_truck else 0) + loco_gap
    value += min(card.moves, useful_mp) * w.mp + max(0, card.moves - useful_mp) * w.mp * 0.2
    if card.special == "oil":
        value += v.best_chip_value()
    elif card.special == "back":
        value += w.back_space * sum(min(card.n, s.locos[q]) for q in range(s.n) if q != p)
    elif card.special == "price":
        value += max(abs(_price_change_value(v, c, d)) for c in range(COMPANY_COUNT) for d in (-card.n, card.n))
    return value


def _price_change_value(v: GigantenView, company: int, delta: int) -> float:
    """Dollars gained by moving a price ``delta`` spaces: own chips up, opponents' chips down."""
    s, p = v.s, v.p
    n = s.n
    index = max(0, min(len(TRACK) - 1, s.prices[company] + delta))
    change = TRACK[index] - TRACK[s.prices[company]]
    mine = s.stored(p, company)
    theirs = sum(s.stored(q, company) for q in range(n) if q != p) / max(1, n - 1)
    return v.w.sell_share * change * (mine - 0.5 * theirs)


def _score_take(v: GigantenView, a: TakeCard) -> float:
    return _card_value(v, a.card)


# -- Action 4: movement -----------------------------------------------------------------------------------


def _score_moves(v: GigantenView, actions: Sequence[Action]) -> list[float]:
    s, p, w = v.s, v.p, v.w
    target = v.target()
    cell = s.trucks[p]
    here = v.distance_to_target(cell) if cell >= 0 else FAR
    forward = v.truck_costs() if target is not None else None
    gains = [_truck_gain(v, a, here, forward) if target is not None and isinstance(a, (DriveTo, PlaceTruck, Step))
             else -1.0 for a in actions]  # (each truck move's gain computed once)
    truck_busy = here > 0 and any(gain > 0 for gain in gains)
    want = v.desired_locomotive()
    out = []
    for a, gain in zip(actions, gains):
        if isinstance(a, (DriveTo, PlaceTruck, Step)):
            out.append(gain)
        elif isinstance(a, AdvanceLocomotive):
            if s.locos[p] < v.frontmost_derrick():
                out.append(w.transport_first)  # every chip behind the locomotive costs $3,000 or is lost
            elif truck_busy:
                out.append(-1.0)
            elif s.locos[p] < want:
                out.append(w.mp * 2)
            else:
                out.append(w.mp * 0.3 if v.rounds <= w.late_rounds + 1 else -1.0)
        elif isinstance(a, ChangePrice):
            out.append(_price_change_value(v, a.company, a.delta))
        elif isinstance(a, TakeOil):
            out.append(v.chip_value(a.company))
        elif isinstance(a, LocomotivesBack):
            targets = [a.target] if a.target is not None else [q for q in range(s.n) if q != p]
            out.append(w.back_space * sum(min(CARDS[s.held[p]].n, s.locos[q]) for q in targets) + 1)
        elif isinstance(a, EndMovement):
            out.append(0.0)
        else:
            out.append(-1.0)
    return out


def _truck_gain(v: GigantenView, a: DriveTo | PlaceTruck | Step, here: int, forward) -> float:
    """How much closer (in dollars of movement points) the move brings the truck to its target."""
    if isinstance(a, PlaceTruck):
        cell = ENTRY_CELLS[a.row]
        spent = 0
    elif isinstance(a, DriveTo):
        cell = square(a.row, a.col)
        spent = forward[cell] if forward is not None else 0
    else:
        s = v.s
        cell = next(n for d, n in NEIGHBOURS[s.trucks[v.p]] if d == a.direction)
        spent = 1
    after = v.distance_to_target(cell)
    if after >= FAR or here == 0:
        return -1.0  # out of reach, or already next to the target tile: stay
    gain = (min(here, 60) - after) * v.w.mp - 0.01 * spent * v.w.mp
    if after == 0:
        target = v.target()
        assert target is not None  # a distance to the target: there is one
        gain += 0.5 * target.value
    return gain if gain > 0 else -1.0


# -- Action 5: build --------------------------------------------------------------------------------------


def _score_build(v: GigantenView, a: Build | SkipBuild) -> float:
    if isinstance(a, SkipBuild):
        return 0.0
    site = next(i for i, st in enumerate(SITES) if st.row == a.row and st.col == a.col)
    return v.tile_value(site)


# -- Action 6: transport ----------------------------------------------------------------------------------


def _score_transport(v: GigantenView, a: Transport | LetChipGo) -> float:
    if isinstance(a, LetChipGo):
        return 0.0
    value = v.chip_value(a.company)
    if a.via == "own":
        return value
    return value - FEE - v.w.paid_margin


# -- Action 7: auctions -----------------------------------------------------------------------------------


def _sale_gain(v: GigantenView) -> float:
    """Dollars won by selling everything stored at the auction's company instead of keeping it."""
    s, p = v.s, v.p
    c = s.auc_company
    stored = s.stored(p, c)
    price = TRACK[s.prices[c]]
    keep = min(stored, LIMIT) * v.w.sell_share * price * 0.8 + max(0, stored - LIMIT) * OVERFILL
    return stored * price - keep


def _score_bid(v: GigantenView, a: Bid | Pass) -> float:
    if isinstance(a, Pass):
        return 0.0
    amount = a.amount
    if amount > v.s.license_value(v.p):
        return -FAR  # could not pay: the penalty costs half the hand
    return _sale_gain(v) - amount * v.w.license - 0.001 * amount


def _score_pay(v: GigantenView, a: PayLicenses) -> float:
    over = a.ones + 2 * a.twos - v.s.auc_high
    return -over * v.w.license + 0.01 * a.ones  # keep the value; pay with ones first


def _score_sell(v: GigantenView, a: Sell) -> float:
    s, p = v.s, v.p
    c = s.auc_company
    stored = s.stored(p, c)
    price = TRACK[s.prices[c]]
    kept = stored - a.chips
    keep_each = max(v.w.min_sale, price) * 0.8 if price < v.w.min_sale else price * 0.5
    return a.chips * price + min(kept, LIMIT) * keep_each + max(0, kept - LIMIT) * OVERFILL


# phase -> the scorer of the actions that phase offers (each scorer takes those actions only)
_SCORERS: dict[int, Callable[[GigantenView, Any], float]] = {
    R.TAKE: _score_take, R.BUILD: _score_build, R.PRODUCE: _score_transport, R.BID: _score_bid,
    R.PAY: _score_pay, R.SELL: _score_sell,
}


# -- the evaluation the search uses -----------------------------------------------------------------------


def estimated_returns(state: GameState, w: Weights = Weights()) -> list[float]:
    """Every player's money plus what their chips, licenses and derricks should still bring (dollars).

    Licenses count by their number only (the values of others' hands are hidden); the end bonus by
    the current locomotive ranking.  The search bot scores its cut-off rollouts with this.
    """
    s = cast(State, state)  # the search's Giganten states
    n = s.n
    if s.is_terminal():
        return s.returns()
    rounds = rounds_left(s)
    avg = w.sell_share * sum(TRACK[i] for i in s.prices) / COMPANY_COUNT
    order = sorted(range(n), key=lambda q: -s.locos[q])
    bonus = {q: COMPONENTS.end_derrick_bonus[k] for k, q in enumerate(order)}
    out = []
    for p in range(n):
        value = float(s.money[p])
        for c, k in enumerate(s.storage_of(p)):
            value += min(k, LIMIT) * w.sell_share * TRACK[s.prices[c]] + max(0, k - LIMIT) * OVERFILL
        value += 1.5 * s.license_count(p) * w.license * 0.5
        for i in range(len(SITES)):
            if s.site_state[i] == R.DERRICK and s.site_owner[i] == p:
                oil = s.site_oil[i]
                produced = min(oil, rounds)
                free = s.locos[p] >= SITES[i].col
                value += produced * (avg if free else max(CHIP_AT_END, avg - FEE)) + (oil - produced) * CHIP_AT_END
                if oil > produced:
                    value += bonus[p]
        out.append(value)
    return out


# -- the factories ----------------------------------------------------------------------------------------


def heuristic(seed: int, **params: Any) -> HeuristicBot:
    """Follows the rulebook's tactical tips with dollar prices for everything (see HeuristicBot)."""
    return HeuristicBot(seed, **params)


SEARCHED_PHASES = frozenset({R.BUILD, R.PRODUCE, R.BID})
#: The strong level's iterations per searched decision.
STRONG_ITERATIONS = 200
#: The strong level also searches the choice of an action card (Action 2c), the round's plan: its moves,
#: licenses, locomotive steps and oil chip play out in the rest of the round each iteration plays.
STRONG_PHASES = SEARCHED_PHASES | {R.TAKE}
#: ... with fewer iterations (38 rounds of its 3 candidates): each plays the whole round out, so 200 took up to
#: 0.9 s; 114 keep the slowest card choice under 0.5 s on one core of the kit's machine (``bench_levels.py``;
#: 99 before the heuristic's truck target was made cheaper, issue 28).
STRONG_CARD_ITERATIONS = 114


def search(seed: int, iterations: int | Callable[[GameState], int] | None = 40, time_limit: float | None = None,
           rollout_depth: int = 60, c: float = 0.7, width: int = 3, phases: frozenset[int] = SEARCHED_PHASES,
           lead_scale: float = 6000.0, value: str = "lead", paired: bool = False, halving: bool = False,
           **weights: Any) -> MCTSBot:
    """Information-set MCTS: each iteration samples the hidden licenses and tiles with ``state.determinize``.

    The search decides where hidden information and timing matter most — building (Action 5),
    transport (Action 6) and the auctions (Action 7), ``phases`` — among the heuristic's best
    ``width`` moves; the cards and the truck's way are the heuristic's (its moves are the only
    ones searched there).  ``iterations`` (or ``time_limit`` seconds) per decision.  Each iteration
    plays the round out with the heuristic for every player (at most ``rollout_depth`` decisions),
    estimates every player's final money at the start of the next round (:func:`estimated_returns`)
    and scores it by the logistic of the lead over the best opponent in units of ``lead_scale``
    dollars (``value="lead"``), or by the coach's chance of winning (``value="win"``: the final money
    estimated from :func:`estimated_returns` as calibrated on recorded games, :mod:`giganten.coach`), so
    ``explain`` gives each move's estimated win chance.  ``paired`` compares the root moves on the same
    samples of the hidden information and the same luck (common random numbers) instead of UCB, and
    ``halving`` with it drops the worse half of them after each phase of the budget (successive halving).
    """
    guide = HeuristicBot(seed, **weights)

    def candidates(state: GameState) -> list[Action]:
        legal = state.legal_actions()
        if len(legal) <= 1:
            return legal
        ranked = guide.ranked(state)
        keep = width if cast(State, state).phase in phases else 1
        return [a for a, _ in ranked[:keep]]

    def rollout_policy(state: GameState, rng) -> Action:
        return guide.act(state)

    def new_round(start: GameState, state: GameState) -> bool:
        return cast(State, state).round != cast(State, start).round

    utility, evaluate = _value(value, lead_scale, guide.weights)
    return MCTSBot(seed, iterations=iterations, time_limit=time_limit, c=c, utility=utility,
                   determinize=True, rollout_policy=rollout_policy, rollout_depth=rollout_depth, cutoff=new_round,
                   evaluate=evaluate, candidates=candidates, paired=paired, halving=halving)


def _value(kind: str, lead_scale: float, weights: Weights) -> tuple[Callable, Callable]:
    """The search's utility and cut-off evaluation: the logistic of the lead (``"lead"``) or the coach's
    calibrated chance of winning (``"win"``: estimates in units of the calibrated temperature, then a
    softmax; at the end of the game the winner takes it all)."""
    if kind == "lead":
        return LeadUtility(lead_scale), lambda s: estimated_returns(s, weights)
    if kind == "win":
        from .coach import MODEL  # (the coach's model plays with this module's heuristic)

        def evaluate(s: GameState) -> list[float]:
            t = MODEL.temperature(s)
            return [e / t for e in MODEL.estimate(s)]

        return partial(softmax, temperature=1.0), evaluate
    raise ValueError(f"value must be 'lead' or 'win', got {kind!r}")


# -- the levels a class picks: each wins clearly against the one below (docs/bots-and-experiments.md) --------


def beginner(seed: int, temperature: float = 500.0, **weights: Any) -> SoftmaxBot:
    """Level 1, beginner: the heuristic's judgement played loosely (instant).

    Each legal move is played with probability proportional to ``exp(score / temperature)``, the score
    being the heuristic's dollar value of the move: a move $500 worse than the best comes about a
    third as often, one $2,500 worse almost never (1 in 150)."""
    return SoftmaxBot(HeuristicBot(seed, **weights), temperature, seed)


def club(seed: int, **weights: Any) -> HeuristicBot:
    """Level 2, club: the heuristic, the rulebook's tactical tips with a dollar price on everything (instant)."""
    return HeuristicBot(seed, **weights)


def strong(seed: int, iterations: int | None = STRONG_ITERATIONS, phases: frozenset[int] = STRONG_PHASES,
           paired: bool = True, halving: bool = False, card_iterations: int = STRONG_CARD_ITERATIONS,
           time_budget: float | None = None, **params: Any) -> MCTSBot:
    """Level 3, strong: the information-set search (:func:`search`) with ``STRONG_ITERATIONS`` iterations per
    searched decision (building, transport, auctions; the action card with at most ``card_iterations``,
    :data:`STRONG_CARD_ITERATIONS`: ``STRONG_PHASES``; at most about 0.4 s each on one core), the rest as the
    heuristic.  ``paired``: the candidates are compared on the same samples of the hidden cards and the same
    luck (common random numbers).  ``halving=True`` (with, say, ``width=5``) searches by successive halving, the
    worse half of the candidates dropped after each phase of the budget; on the ladder's games it was not
    stronger (issue 28, ``docs/bots-and-experiments.md``), so it is off.  ``time_budget`` seconds per searched
    decision instead of iterations: faster or stronger as a class likes, but **not reproducible** (the moves
    depend on the machine's speed and load; :mod:`gamekit.budget`)."""
    if time_budget is not None:
        return search(seed, iterations=None, time_limit=time_budget, phases=phases, paired=paired, halving=halving,
                      **params)
    if iterations is None:
        return search(seed, iterations=None, phases=phases, paired=paired, halving=halving, **params)

    def by_phase(state: GameState) -> int:
        return min(iterations, card_iterations) if cast(State, state).phase == R.TAKE else iterations

    return search(seed, iterations=by_phase, phases=phases, paired=paired, halving=halving, **params)


#: The levels, weakest first (names in ``BOTS``).
LEVELS = ("beginner", "club", "strong")

BOTS = {"random": random_bot, "heuristic": heuristic, "search": search,
        "beginner": beginner, "club": club, "strong": strong}
