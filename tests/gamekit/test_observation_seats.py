"""``observation(p)`` (and Giganten's ``determinize(p, rng)``) take only a seat number of the game: numpy
integers are seats too; a bool, -1, a float or a seat the game does not have is refused with ValueError."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

import firstgiants as fg
import giganten as g

STATES = {"giganten": g.new_game(3), "firstgiants": fg.sample(fg.new_game(2), 1)}
BAD_SEATS = [True, False, -1, 3, 2.0, 1.5, "0", None, np.True_, np.float64(0), 10**20]


@pytest.mark.parametrize("name", STATES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_observation_refuses_anything_but_a_seat_of_this_game(name, seat):
    s = STATES[name]
    if name == "firstgiants" and seat == 3:
        seat = 2  # (a two-player game: seat 2 does not exist either)
    with pytest.raises(ValueError, match=f"seat number from 0 to {s.num_players - 1}"):
        s.observation(seat)


@pytest.mark.parametrize("name", STATES)
def test_numpy_seats_give_the_plain_seats_view(name):
    s = STATES[name]
    for p in range(s.num_players):
        view = s.observation(np.int64(p))
        assert view == s.observation(p)
        json.dumps(view)


@pytest.mark.parametrize("seat", [True, -1, 3, 0.0])
def test_determinize_refuses_anything_but_a_seat_too(seat):
    with pytest.raises(ValueError, match="seat number"):
        g.new_game(3).determinize(seat, random.Random(0))
    assert g.new_game(3).determinize(np.int8(2), random.Random(0)).determinized
