"""Exact set-completion odds of First Giants, checked by counting and by shuffling the deck."""
from __future__ import annotations

from math import comb

import pytest

from firstgiants import analysis
from firstgiants.components import CARDS, EGG
from firstgiants.rules.museum import FAMILY_SET, SIZE_SET

CARNIVORE = 2
DECK = len(CARDS)


def test_places_and_fillers_follow_the_set_rules():
    assert analysis.open_places(FAMILY_SET, CARNIVORE, [(CARNIVORE, 1)]) == [(CARNIVORE, 2), (CARNIVORE, 3)]
    assert analysis.cards_needed(FAMILY_SET, [(CARNIVORE, 1)]) == 2
    assert analysis.cards_needed(SIZE_SET, [(0, 2), (1, 2)]) == 3
    groups, wild = analysis.fillers(FAMILY_SET, CARNIVORE, [(CARNIVORE, 1)], analysis.deck_counts())
    assert groups == [4, 4] and wild == 1  # four of each size; the family's egg is wild
    groups, wild = analysis.fillers(SIZE_SET, 1, [(0, 1)], analysis.deck_counts())
    assert groups == [5, 5, 5, 5] and wild == 0  # four Small cards plus the family's egg, per family


def test_one_missing_card_is_a_plain_hypergeometric():
    held = [(CARNIVORE, 1), (CARNIVORE, 2)]  # needs the Large Carnivore (4 cards) or the egg (1)
    for draws in (1, 5, 10):
        expected = 1 - comb(DECK - 5, draws) / comb(DECK, draws)
        assert analysis.completion_probability(FAMILY_SET, CARNIVORE, held, draws) == pytest.approx(expected)
        assert analysis.extension_probability(FAMILY_SET, CARNIVORE, held, draws) == pytest.approx(expected)


def test_cards_already_out_change_the_odds():
    held = [(CARNIVORE, 1), (CARNIVORE, 2)]
    large = [c.id for c in CARDS if c.family == CARNIVORE and c.size == 3]
    assert analysis.completion_probability(FAMILY_SET, CARNIVORE, held, 10, out=large) < \
        analysis.completion_probability(FAMILY_SET, CARNIVORE, held, 10)
    egg = [c.id for c in CARDS if c.family == CARNIVORE and c.size == EGG]
    assert analysis.completion_probability(FAMILY_SET, CARNIVORE, held, 60, out=large + egg) == 0.0


@pytest.mark.parametrize("kind,key,held,draws", [
    (FAMILY_SET, CARNIVORE, [(CARNIVORE, 1)], 10),
    (FAMILY_SET, CARNIVORE, [(CARNIVORE, EGG)], 8),
    (SIZE_SET, 1, [(0, 1), (1, 1)], 20),
    (SIZE_SET, 2, [(3, EGG), (4, 2)], 15),
])
def test_exact_odds_agree_with_shuffling_the_deck(kind, key, held, draws):
    exact = analysis.completion_probability(kind, key, held, draws)
    assert abs(analysis.simulate_completion(kind, key, held, draws, 6000, seed=1) - exact) < 0.025


def test_the_table_grows_with_more_draws_and_complete_sets_need_nothing():
    rows = analysis.completion_table((5, 10, 20))
    for row in rows:
        assert row["complete in 5"] <= row["complete in 10"] <= row["complete in 20"] <= 1
        assert row["complete in 10"] <= row["extend in 10"]
    full = [(CARNIVORE, 1), (CARNIVORE, 2), (CARNIVORE, 3)]
    assert analysis.cards_needed(FAMILY_SET, full) == 0
    assert analysis.completion_probability(FAMILY_SET, CARNIVORE, full, 5) == 1.0
    assert analysis.extension_probability(FAMILY_SET, CARNIVORE, full, 5) == 0.0
