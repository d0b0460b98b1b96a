"""The position a class question about a running table is asked about (``gamekit.questions.public_position``): what
the projector shows, and nothing it hides -- every hand and every face-down tile dealt again from public information
and the seed only."""
from __future__ import annotations

import random

import pytest

import firstgiants
import giganten
from gamekit import random_game, states_along
from gamekit.questions import public_position
from gamekit.tables.views import common

from ..tables.test_views import twin_games


def _projector(state) -> dict:
    """What every seat's observation agrees on (the projector's view), without the viewer's own number."""
    return common([{k: v for k, v in state.observation(p).items() if k != "player"} for p in range(state.num_players)])


@pytest.mark.parametrize("players", [3, 4])
def test_the_public_position_shows_what_the_projector_shows_and_reads_back(players):
    rng = random.Random(players)
    read_back = 0
    for game in range(3):
        states = list(states_along(random_game(giganten.new_game(players, bluff_bids=game == 1), 40 + game)))
        for state in rng.sample(states, 40):
            seed = rng.randrange(1000)
            public = giganten.from_position(public_position(state, seed))
            assert _projector(public) == _projector(state)
            assert public_position(state, seed) == public_position(state, seed)  # (seeded)
            read_back += 1
    assert read_back == 120


def test_twin_positions_differing_only_in_hidden_things_give_one_public_position():
    one, two, _blind = twin_games(seed=12)
    assert one.to_position() != two.to_position()
    for seed in range(5):
        assert public_position(one, seed) == public_position(two, seed)
    hands = {tuple(giganten.from_position(public_position(one, seed)).licenses(p) for p in range(4))
             for seed in range(20)}
    assert len(hands) > 1  # (the hands are the seed's, not the table's)


def test_first_giants_hides_nothing_so_its_public_position_is_the_position():
    state = random_game(firstgiants.new_game(3), 5)
    for s in list(states_along(state))[::25]:
        assert public_position(s, 1) == s.to_position()
