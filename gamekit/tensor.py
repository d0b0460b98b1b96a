"""A seat's observation as a fixed-size vector of numbers, for learning libraries.

OpenSpiel's observation tensors and PettingZoo's ``Box`` spaces need a fixed-size float vector, not a
JSON dict.  A :class:`Layout` names its pieces (``money``: one number per seat; ``truck``: a one-hot
square per seat; ...), each scaled by the largest value its rules allow, so every number lies in
``[0, layout.high]`` (mostly ``[0, 1]``).  A game's ``tensor`` module builds its layout from the
component data and fills it from ``state.observation(seat)`` only -- so a tensor never holds anything the
seat may not see.

The game's rule variant switches (its options that change play) are pieces too, named after the option
(:func:`switch_pieces`), so a model trained across variants can tell the rules apart: an on/off switch is one
number, 1 when on; a switch of several values is a one-hot over its values other than the default.  The
default rules therefore encode as zeros there, and two games differing in one switch differ in its piece.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Mapping, Sequence

import numpy as np


@dataclass(frozen=True)
class Piece:
    """A named block of the vector: its shape, and ``bound``, the largest value it holds before scaling.

    A piece is divided by ``scale`` (the bound unless given) when written, so it lies in ``[0, bound / scale]``.
    """

    name: str
    shape: tuple[int, ...]
    bound: float = 1.0
    scale: float | None = None

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def high(self) -> float:
        return self.bound / (self.scale or self.bound)


def switch_pieces(switches: Mapping[str, Sequence[Any]]) -> list[Piece]:
    """One piece per rule switch: ``switches`` maps each option's name to its values, the default first.

    ``(False, True)`` gives one number; k values give a one-hot over the k - 1 that are not the default.
    """
    for name, values in switches.items():
        if len(values) < 2:
            raise ValueError(f"switch {name!r} needs a default and at least one other value")
    return [Piece(name, (len(values) - 1,)) for name, values in switches.items()]


class Layout:
    """The pieces of a vector, one after the other (OpenSpiel reads them as a dict of named views)."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        names = [p.name for p in pieces]
        if len(set(names)) != len(names):
            raise ValueError("piece names must be unique")
        self.pieces = tuple(pieces)
        self._scale = {p.name: p.scale or p.bound for p in pieces}
        self._spans = []  # (name, start, end, shape)
        start = 0
        for p in pieces:
            self._spans.append((p.name, start, start + p.size, p.shape))
            start += p.size
        self.size = start
        self.low = np.zeros(self.size, dtype=np.float32)
        self.high = np.concatenate([np.full(p.size, p.high, dtype=np.float32) for p in pieces])

    def new(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Each piece as a view of ``flat`` in its shape, in layout order (writing a view writes ``flat``)."""
        return {name: flat[start:end].reshape(shape) for name, start, end, shape in self._spans}

    def scale(self, name: str) -> float:
        return self._scale[name]


class Writer:
    """Fills a vector piece by piece: ``w.set("money", [15000, ...])`` writes each value divided by its scale."""

    def __init__(self, layout: Layout, flat: np.ndarray | None = None) -> None:
        self.layout = layout
        self.flat = layout.new() if flat is None else flat
        self.flat.fill(0.0)
        self.views = layout.views(self.flat)

    def set(self, name: str, values: Any) -> None:
        self.views[name][...] = np.asarray(values, dtype=np.float32) / self.layout.scale(name)

    def switches(self, switches: Mapping[str, Sequence[Any]], options: Mapping[str, Any]) -> None:
        """Write each switch of :func:`switch_pieces` from the game's ``options`` (nothing for a default);
        a value the switch does not know raises ValueError."""
        for name, values in switches.items():
            value = options[name]
            index = next((i for i, v in enumerate(values) if type(v) is type(value) and v == value), None)
            if index is None:
                raise ValueError(f"option {name}={value!r} is none of {list(values)}")
            self.one_hot(name, index - 1 if index else None)

    def one_hot(self, name: str, index: int | None, *where: int) -> None:
        """Set ``views[name][*where, index]`` to 1 (nothing for None)."""
        if index is not None:
            self.views[name][where + (index,)] = 1.0
