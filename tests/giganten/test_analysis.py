"""Exact analysis of Giganten's price die, tiles and rail, checked against simulation and counting."""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

from giganten import analysis, prices
from giganten.components import CARDS


def test_the_transition_matrix_is_the_zone_rule_of_action_1():
    P = analysis.price_transition_matrix()
    assert P.shape == (16, 16) and np.allclose(P.sum(axis=1), 1.0) and (P >= 0).all()
    five = prices.START  # $5,000, white zone: blue faces up 2/3/4, red faces down 2/3/4
    assert np.allclose(P[five, [five - 4, five - 3, five - 2, five + 2, five + 3, five + 4]], 1 / 6)
    blue = prices.TRACK.index(7500)  # blue zone: always down, whatever the colour
    assert np.isclose(P[blue, :blue].sum(), 1.0) and np.isclose(P[blue, blue - 2], 2 / 6)
    red = prices.TRACK.index(2000)  # red zone: always up
    assert np.isclose(P[red, red + 1 :].sum(), 1.0)


def test_distribution_after_k_rounds_is_the_matrix_power():
    assert np.array_equal(analysis.price_distribution(0), np.eye(16)[prices.START])
    d1 = analysis.price_distribution(1)
    assert np.isclose(d1[prices.TRACK.index(6000)], 1 / 6)
    table = analysis.price_distribution_table(6, start_index=3)
    assert np.allclose(table[6], analysis.price_distribution(6, start_index=3))
    assert np.allclose(table.sum(axis=1), 1.0)
    with pytest.raises(ValueError):
        analysis.price_distribution(2, start_index=16)


def test_the_stationary_distribution_is_invariant_and_never_on_the_end_spaces():
    pi = analysis.stationary_price_distribution()
    assert np.isclose(pi.sum(), 1.0) and np.allclose(pi @ analysis.price_transition_matrix(), pi)
    assert pi[0] == 0.0 and pi[15] == 0.0  # only a card reaches $1,500 or $9,000
    assert np.allclose(pi, pi[::-1])  # the zones mirror each other
    assert np.allclose(analysis.price_distribution(400), pi, atol=1e-9)  # and the chain forgets its start


def test_a_simulation_of_many_paths_agrees_with_the_exact_distribution():
    paths = analysis.simulate_price_paths(200_000, 8, seed=1)
    assert paths.shape == (200_000, 9) and paths.dtype == np.int8 and (paths[:, 0] == prices.START).all()
    for k in (1, 4, 8):
        assert np.abs(analysis.empirical_distribution(paths[:, k]) - analysis.price_distribution(k)).max() < 0.005
    assert np.array_equal(paths, analysis.simulate_price_paths(200_000, 8, seed=1))  # seeded


def test_reaching_a_price_within_k_rounds_matches_simulation():
    exact = analysis.reach_probability(7000, 5)
    paths = analysis.simulate_price_paths(200_000, 5, seed=2)
    simulated = (np.asarray(prices.TRACK)[paths[:, 1:]] >= 7000).any(axis=1).mean()
    assert abs(exact - simulated) < 0.005
    assert analysis.reach_probability(5000, 3) == 1.0  # already there
    assert analysis.reach_probability(9000, 20) == 0.0  # the die never goes there
    assert 0 < analysis.reach_probability(3000, 4, up=False) < 1


def test_tile_values_are_the_box_contents():
    one, red, three = analysis.tile_values(price_per_chip=5000)
    assert (one["oil_mean"], red["oil_mean"], three["oil_mean"]) == (3.0, 3.5, 5.0)
    assert red["oil"] == {2: 0.5, 5: 0.5} and not red["examinable"]
    assert red["net_low"] == 2 * 5000 - 6000 and red["net_high"] == 5 * 5000 - 6000
    assert one["break_even_price"] == pytest.approx(4000 / 3)
    assert analysis.tile_values()[0]["price_per_chip"] == pytest.approx(5250.0)  # stationary mean


def test_examining_more_tiles_finds_richer_ones():
    assert analysis.expected_best_of(1, 1) == 3.0 and analysis.expected_best_of(1, 12) == 4.0
    # best of two one-derrick tiles is 4 unless both are below: 1 - C(8,2)/C(12,2) of the time...
    p_four = 1 - comb(8, 2) / comb(12, 2)
    p_three = (comb(8, 2) - comb(4, 2)) / comb(12, 2)
    assert analysis.expected_best_of(1, 2) == pytest.approx(4 * p_four + 3 * p_three + 2 * comb(4, 2) / comb(12, 2))


def test_rail_costs_add_up_the_printed_entry_costs():
    cost = analysis.rail_cost_to_column()
    assert cost[0] == 0 and cost[9] == 9 and cost[10] == 11 and cost[16] == 23 and cost[19] == 32


def test_game_length_follows_the_red_deck():
    p = analysis.game_length_distribution()
    assert np.isclose(p.sum(), 1.0) and p[:8].sum() == 0.0
    # Ending in round 8 needs the four 3s and four of the six 2s among the first eight cards.
    assert p[8] == pytest.approx(comb(4, 4) * comb(6, 4) / comb(12, 8))
    rng = np.random.default_rng(3)
    reds = [c for c in CARDS if c.color == "red"]
    deck = np.repeat([c.black for c in reds], [c.copies for c in reds])
    assert len(deck) == 12 and deck.sum() == 26
    lengths = [int(np.argmax(np.cumsum(rng.permutation(deck)) >= 20)) + 1 for _ in range(20_000)]
    assert abs(np.mean(lengths) - p @ np.arange(len(p))) < 0.02
