"""Action 1 — Change Market Prices: the die faces and the zone rule, including the zone borders."""
from __future__ import annotations

import pytest

from giganten.prices import DIE_FACES, START, TRACK, ZONE, clamp, move_marker, price

BLUE3, RED3, RED4, BLUE4 = ("blue", 3), ("red", 3), ("red", 4), ("blue", 4)


def idx(dollars: int) -> int:
    return TRACK.index(dollars)


def test_action_1_die_has_six_faces_and_markers_start_at_5000():
    assert sorted(DIE_FACES) == [("blue", 2), ("blue", 3), ("blue", 4), ("red", 2), ("red", 3), ("red", 4)]
    assert price(START) == 5000 and ZONE[START] == "white"


def test_action_1_white_zone_blue_up_red_down():
    assert price(move_marker(idx(5000), BLUE3)) == 6500
    assert price(move_marker(idx(5000), RED3)) == 3500


@pytest.mark.parametrize("face", DIE_FACES)
def test_action_1_red_zone_always_up(face):
    assert price(move_marker(idx(2500), face)) == 2500 + 500 * face[1]


@pytest.mark.parametrize("face", DIE_FACES)
def test_action_1_blue_zone_always_down(face):
    assert price(move_marker(idx(8000), face)) == 8000 - 500 * face[1]


def test_action_1_zone_borders():
    # $3,500 is the top of the red zone (up), $4,000 the bottom of the white zone (colour decides)
    assert ZONE[idx(3500)] == "red" and ZONE[idx(4000)] == "white"
    assert price(move_marker(idx(3500), RED4)) == 5500
    assert price(move_marker(idx(4000), RED4)) == 2000
    # $6,500 is the top of the white zone, $7,000 the bottom of the blue zone (down)
    assert ZONE[idx(6500)] == "white" and ZONE[idx(7000)] == "blue"
    assert price(move_marker(idx(6500), BLUE4)) == 8500
    assert price(move_marker(idx(7000), BLUE4)) == 5000


def test_action_1_the_die_alone_keeps_prices_within_2000_and_8500():
    reachable, frontier = {START}, [START]
    while frontier:
        i = frontier.pop()
        for face in DIE_FACES:
            j = move_marker(i, face)
            if j not in reachable:
                reachable.add(j)
                frontier.append(j)
    assert min(price(i) for i in reachable) == 2000 and max(price(i) for i in reachable) == 8500
    # from the track ends (reachable only by a card) the die moves the marker back inside
    assert price(move_marker(0, RED4)) == 3500 and price(move_marker(15, BLUE4)) == 7000


def test_clamp_keeps_markers_on_the_track():
    assert clamp(-3) == 0 and clamp(99) == len(TRACK) - 1 and clamp(5) == 5
