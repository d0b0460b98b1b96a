"""Action 1 — Change Market Prices: the price die and the zone rule.

Each company's price marker stands on a track of 16 spaces ($1,500 to $9,000, $500 apart):

* red zone ($1,500-$3,500): the marker moves UP by the number rolled, whatever its colour;
* white zone ($4,000-$6,500): a blue number moves it up, a red number moves it down;
* blue zone ($7,000-$9,000): the marker moves DOWN by the number rolled, whatever its colour.

The die has six faces: blue 2, 3, 4 and red 2, 3, 4.  A marker never leaves the track (the die alone
cannot take it off; a card's "change price" is clamped to the ends).

Positions are track indices 0..15 (index 7 = $5,000, the start).
"""
from __future__ import annotations

from .components import COMPONENTS

TRACK: tuple[int, ...] = COMPONENTS.price_track
"""Price in dollars of each track space."""
START: int = COMPONENTS.start_price_index
"""Every marker starts here ($5,000)."""
ZONE: tuple[str, ...] = COMPONENTS.zone_of
""""red", "white" or "blue" for each track space."""
DIE_FACES: tuple[tuple[str, int], ...] = COMPONENTS.die_faces
"""The six faces as (colour, pips); each comes up with probability 1/6."""
TOP = len(TRACK) - 1
STEP: int = TRACK[1] - TRACK[0]
"""Dollars between two neighbouring spaces ($500)."""


def zone_band(zone: str) -> tuple[float, float]:
    """The prices a zone covers on a dollar axis: from half a space below its first price to half a space
    above its last ("red": $1,250 to $3,750), so that neighbouring bands meet."""
    inside = [p for p, z in zip(TRACK, ZONE) if z == zone]
    return inside[0] - STEP / 2, inside[-1] + STEP / 2


def clamp(index: int) -> int:
    """Keep a marker on the track."""
    return 0 if index < 0 else TOP if index > TOP else index


def direction(index: int, color: str) -> int:
    """+1 (up) or -1 (down): where a die of this colour sends a marker standing on ``index``."""
    zone = ZONE[index]
    if zone == "red":
        return +1
    if zone == "blue":
        return -1
    return +1 if color == "blue" else -1


def move_marker(index: int, face: tuple[str, int]) -> int:
    """The marker's new index after rolling ``face`` = (colour, pips) with the marker on ``index``."""
    color, pips = face
    return clamp(index + direction(index, color) * pips)


def price(index: int) -> int:
    """The price in dollars at a track index."""
    return TRACK[index]
