"""The kit's games inside other libraries: OpenSpiel and PettingZoo (the optional ``interop`` extra).

* ``import gamekit.interop.openspiel`` registers ``python_giganten`` and ``python_first_giants`` with
  ``pyspiel`` (explicit chance, information states, resampling for information-set search);
* ``gamekit.interop.pettingzoo.env("giganten", players=4)`` is an AEC environment with action masks.

Both read a game only through the kit's protocol: its action ids (``spec.ids``, :mod:`gamekit.ids`), each
seat's observation (as text, or as numbers through the game's ``tensor`` module), the returns and the save
files.  How the ids, bounds and returns are derived: ``docs/interop.md``.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Callable

import numpy as np

from ..ids import ActionIds
from ..mcts import win_utility
from ..protocol import GameState
from ..spec import GameSpec

WIN_SHARE = "win_share"


@dataclass(frozen=True)
class KitGame:
    """A game of the kit as the adapters see it: its package, names, default seats and its picture."""

    package: str
    openspiel_name: str
    title: str
    default_players: int
    picture: Callable[[], Callable[[GameState], bytes]]
    """A factory of a function drawing a state as PNG bytes (made once per environment: pictures cache)."""

    @property
    def spec(self) -> GameSpec:
        return import_module(self.package).SPEC

    @property
    def ids(self) -> ActionIds:
        return self.spec.ids

    @property
    def tensor(self) -> ModuleType:
        """The game's ``tensor`` module: ``layout(players)`` and ``encode(observation, out)``."""
        return import_module(f"{self.package}.tensor")

    def returns_kinds(self) -> tuple[str, str]:
        """The returns an adapter offers: the win share (default), or the game's own unit."""
        return WIN_SHARE, self.ids.score_unit


def _giganten_picture() -> Callable[[GameState], bytes]:
    from giganten.plots import BoardPicture

    board = BoardPicture()
    return lambda state: board.render(state, None)


def _firstgiants_picture() -> Callable[[GameState], bytes]:
    from firstgiants.plots import plot_table

    from ..plotting import figure_png

    return lambda state: figure_png(plot_table(state))


GAMES: dict[str, KitGame] = {
    "giganten": KitGame("giganten", "python_giganten", "Giganten", 4, _giganten_picture),
    "firstgiants": KitGame("firstgiants", "python_first_giants", "First Giants", 4, _firstgiants_picture),
}


def kit_game(game: str | GameSpec | ModuleType) -> KitGame:
    """The adapters' view of a game given by name ("giganten", "firstgiants"), package or spec."""
    name = game if isinstance(game, str) else str(getattr(game, "name", None) or getattr(game, "__name__", ""))
    name = {"first_giants": "firstgiants"}.get(name, name)
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the kit's games: {', '.join(GAMES)}")
    return GAMES[name]


def final_returns(state: GameState, kind: str) -> list[float]:
    """A finished game's returns: each seat's win share (1 for the winner, 1/k each for k tied winners: the
    Giant with the most money, the most points), or the game's own unit (money, points)."""
    returns = state.returns()
    return win_utility(returns) if kind == WIN_SHARE else list(returns)


def check_returns_kind(game: KitGame, kind: str) -> str:
    if kind not in game.returns_kinds():
        raise ValueError(f"returns must be one of {game.returns_kinds()}, got {kind!r}")
    return kind


def png_to_rgb(png: bytes) -> np.ndarray:
    """An (height, width, 3) ``uint8`` array of a PNG picture."""
    from matplotlib.image import imread

    pixels = imread(io.BytesIO(png), format="png")
    if pixels.dtype != np.uint8:
        pixels = np.round(pixels * 255).astype(np.uint8)
    return np.ascontiguousarray(pixels[..., :3])
