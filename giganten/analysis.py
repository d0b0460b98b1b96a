"""Exact values a class asks about Giganten, computed from the component data (pure numpy).

* **The price die** (Action 1): one company's marker is a Markov chain on the 16 price spaces.
  :func:`price_transition_matrix` builds it from :func:`giganten.prices.move_marker` and the die
  faces; :func:`price_distribution` gives where the marker stands after k rolls,
  :func:`stationary_price_distribution` where it stands in the long run, :func:`reach_probability`
  how likely a price is reached within k rounds ("does Hudson pass $7,000 within five rounds?"),
  and :func:`simulate_price_paths` checks all of it by simulating a million paths with numpy.
  Only the die is modelled: a card's "change price" is a player's decision, not chance.
* **The production tiles** (Action 5): :func:`tile_values` — the expected oil, its spread, the
  break-even price per chip and the expected net value of each tile kind (the red two-derrick
  gamble: 2 or 5 chips for $6,000); :func:`expected_best_of` — the oil of the best of k examined
  tiles of one kind.
* **The rail** (Action 4 c): :func:`rail_cost_to_column` — the movement points a locomotive
  needs to reach each rail space from the start; :func:`game_length_distribution` — how many
  rounds the game lasts, from the red cards' black-locomotive advances.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from . import prices
from .components import CARDS, COMPONENTS, TILE_KINDS

SPACES = len(prices.TRACK)
FACES = len(prices.DIE_FACES)

# -- the price die ---------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _next_index_table() -> np.ndarray:
    """``table[i, f]``: the marker's index after face ``f`` (in the die's data order) from index ``i``."""
    table = np.array([[prices.move_marker(i, face) for face in prices.DIE_FACES] for i in range(SPACES)],
                     dtype=np.int8)
    table.setflags(write=False)
    return table


def price_transition_matrix() -> np.ndarray:
    """16 x 16: ``P[i, j]`` = probability that one roll moves the marker from space i to space j.

    Every face has probability 1/6; rows sum to 1.  Built from ``prices.move_marker``, so it is
    the rule in the engine, not a copy of it.
    """
    matrix = np.zeros((SPACES, SPACES))
    table = _next_index_table()
    for i in range(SPACES):
        for f in range(FACES):
            matrix[i, table[i, f]] += 1.0 / FACES
    return matrix


def _start_vector(start_index: int | None) -> np.ndarray:
    start = prices.START if start_index is None else start_index
    if not 0 <= start < SPACES:
        raise ValueError(f"a price index is 0..{SPACES - 1}, got {start}")
    vector = np.zeros(SPACES)
    vector[start] = 1.0
    return vector


def price_distribution(rounds: int, start_index: int | None = None) -> np.ndarray:
    """Probability of each price space after ``rounds`` rolls (start: $5,000 unless given)."""
    if rounds < 0:
        raise ValueError(f"rounds must be at least 0, got {rounds}")
    return _start_vector(start_index) @ np.linalg.matrix_power(price_transition_matrix(), rounds)


def price_distribution_table(rounds: int, start_index: int | None = None) -> np.ndarray:
    """``rounds + 1`` rows: the distribution after 0, 1, ..., ``rounds`` rolls."""
    matrix = price_transition_matrix()
    rows = [_start_vector(start_index)]
    for _ in range(rounds):
        rows.append(rows[-1] @ matrix)
    return np.array(rows)


def stationary_price_distribution() -> np.ndarray:
    """The long-run share of rounds the marker spends on each space (``pi @ P = pi``, sums to 1).

    The die alone never reaches $1,500 or $9,000 (only cards do), so those two spaces get 0.
    """
    matrix = price_transition_matrix()
    system = np.vstack([matrix.T - np.eye(SPACES), np.ones(SPACES)])
    target = np.zeros(SPACES + 1)
    target[-1] = 1.0
    pi, *_ = np.linalg.lstsq(system, target, rcond=None)
    pi[np.abs(pi) < 1e-15] = 0.0
    return pi / pi.sum()


def expected_price(distribution: np.ndarray) -> float:
    """The mean price in dollars of a distribution over the price spaces."""
    return float(np.asarray(distribution) @ np.asarray(prices.TRACK, dtype=float))


def reach_probability(price: int, rounds: int, start_index: int | None = None, *, up: bool = True) -> float:
    """Probability that the price stands at ``price`` or beyond after at least one of ``rounds`` rolls.

    ``up=True``: at or above ``price`` ("passes $7,000 within five rounds"); ``up=False``: at or below.
    Exact: the target spaces are made absorbing.
    """
    track = np.asarray(prices.TRACK)
    target = track >= price if up else track <= price
    matrix = price_transition_matrix()
    matrix[target] = 0.0
    matrix[target, np.flatnonzero(target)] = 1.0
    vector = _start_vector(start_index)
    if target[np.argmax(vector)]:
        return 1.0
    for _ in range(rounds):
        vector = vector @ matrix
    return float(vector[target].sum())


def simulate_price_paths(n_paths: int, rounds: int, seed: int, start_index: int | None = None) -> np.ndarray:
    """``n_paths`` independent price paths of one company, as track indices (``int8``).

    Shape ``(n_paths, rounds + 1)``: column 0 is the start, column k the index after k rolls.
    Vectorised: one numpy lookup per round for all paths (a million paths of ten rounds take a
    fraction of a second; see benchmarks/).  ``prices.TRACK`` turns indices into dollars.
    """
    start = prices.START if start_index is None else start_index
    _start_vector(start)  # validates
    table = _next_index_table().ravel()
    rng = np.random.default_rng(seed)
    paths = np.empty((n_paths, rounds + 1), dtype=np.int8)
    paths[:, 0] = start
    current = np.full(n_paths, start, dtype=np.intp)
    for k in range(1, rounds + 1):
        faces = rng.integers(0, FACES, size=n_paths, dtype=np.intp)
        current = table[current * FACES + faces].astype(np.intp)
        paths[:, k] = current
    return paths


def empirical_distribution(indices: np.ndarray) -> np.ndarray:
    """The share of paths on each price space (from one column of :func:`simulate_price_paths`)."""
    return np.bincount(np.asarray(indices, dtype=np.intp), minlength=SPACES) / len(indices)


# -- production tiles ------------------------------------------------------------------------------------


def _oil_amounts(kind: int) -> np.ndarray:
    """The oil on each of the box's tiles of ``kind`` (1, 2 or 3 derricks)."""
    return np.repeat([v for v, _ in TILE_KINDS[kind].values], [n for _, n in TILE_KINDS[kind].values])


def tile_values(price_per_chip: float | None = None) -> list[dict[str, Any]]:
    """For each tile kind: cost, oil distribution, mean and spread, break-even price, expected value.

    ``price_per_chip`` defaults to the mean price of the stationary distribution (what a chip
    fetches in the long run at the die's whim).  ``net_value`` = mean oil x price - build cost:
    it ignores transport fees, auctions and timing, so it is an upper bound to compare kinds by.
    The red kind's ``net_low`` / ``net_high`` show the gamble: the two outcomes' net values.
    """
    price = expected_price(stationary_price_distribution()) if price_per_chip is None else price_per_chip
    out = []
    for kind in sorted(TILE_KINDS):
        info = TILE_KINDS[kind]
        oil = _oil_amounts(kind)
        mean = float(oil.mean())
        out.append({
            "kind": kind,
            "name": info.name,
            "build_cost": info.build_cost,
            "examinable": info.examinable,
            "oil": {int(v): n / info.count for v, n in info.values},
            "oil_mean": mean,
            "oil_sd": float(oil.std()),
            "break_even_price": info.build_cost / mean,
            "price_per_chip": float(price),
            "net_value": mean * price - info.build_cost,
            "net_low": float(oil.min() * price - info.build_cost),
            "net_high": float(oil.max() * price - info.build_cost),
        })
    return out


def expected_best_of(kind: int, k: int) -> float:
    """Expected oil of the best of ``k`` tiles of ``kind`` drawn unseen from the box (exact).

    What examining pays: look at ``k`` one- or three-derrick tiles and build on the richest.
    (The red kind cannot be examined; for it this is only a thought experiment.)
    """
    oil = _oil_amounts(kind)
    if not 1 <= k <= len(oil):
        raise ValueError(f"k must be 1..{len(oil)}, got {k}")
    best = [max(combo) for combo in combinations(oil.tolist(), k)]
    return float(np.mean(best))


# -- the rail and the length of the game -----------------------------------------------------------------


def rail_cost_to_column() -> np.ndarray:
    """Movement points a locomotive needs to get from its start to each rail space (0 for the start)."""
    costs = np.asarray(COMPONENTS.rail_costs, dtype=int)
    out = np.cumsum(costs)
    out[: COMPONENTS.player_start + 1] = 0
    return out - out[COMPONENTS.player_start]


def game_length_distribution() -> np.ndarray:
    """``p[k]``: probability that the black locomotive reaches the harbour in round ``k`` (exact).

    Each round one red card is revealed and advances the black locomotive; the game ends at once
    when it reaches the harbour.  Computed over the shuffled red deck (reshuffled when used up).
    ``p[0]`` is 0; the length of the array is one more than the longest possible game.
    """
    reds = [c for c in CARDS if c.color == "red"]
    advances = sorted({c.black for c in reds})
    counts = tuple(sum(c.copies for c in reds if c.black == a) for a in advances)
    distance = COMPONENTS.harbour - COMPONENTS.black_start

    @lru_cache(maxsize=None)
    def ends(left: tuple[int, ...], to_go: int, rounds: int) -> tuple[tuple[int, float], ...]:
        if to_go <= 0:
            return ((rounds, 1.0),)
        if sum(left) == 0:
            left = counts  # the discards are reshuffled into a new pile
        total = sum(left)
        out: dict[int, float] = {}
        for i, n in enumerate(left):
            if n:
                rest = left[:i] + (n - 1,) + left[i + 1 :]
                for k, p in ends(rest, to_go - advances[i], rounds + 1):
                    out[k] = out.get(k, 0.0) + p * n / total
        return tuple(sorted(out.items()))

    result = ends(counts, distance, 0)
    p = np.zeros(max(k for k, _ in result) + 1)
    for k, prob in result:
        p[k] = prob
    return p
