"""The remembered truck expansions (board._expand) equal a fresh computation, whatever was asked before."""
from __future__ import annotations

import random

from giganten import board
from giganten.board import CELLS, SITE_CELL, _expand, _layers, cells_of


def test_remembered_expansions_equal_fresh_ones_for_any_budget_and_derricks():
    rng = random.Random(5)
    for _ in range(3000):
        start = rng.randrange(CELLS)
        budget = rng.choice([0, 1, 2, 3, 5, 8, board._FREE_DEPTH, board._FREE_DEPTH + 3])
        derricks = rng.sample(SITE_CELL, rng.choice([0, 0, 1, 3, 8]))
        blocked = sum(1 << cell for cell in derricks if cell != start)
        layers, reach = _expand(start, budget, blocked)
        assert (tuple(layers), reach) == _layers(start, budget, blocked)
        assert _expand(start, budget, blocked)[1] == reach  # asked again: the same answer


def test_cells_of_lists_the_members_of_sets_of_sites_and_of_squares():
    """cells_of reads sets of sites from a per-byte table and larger sets (squares) byte by byte."""
    rng = random.Random(3)
    for bits in (5, 36, 40, 64, CELLS, CELLS + 9):
        for _ in range(300):
            mask = rng.getrandbits(bits)
            assert cells_of(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
