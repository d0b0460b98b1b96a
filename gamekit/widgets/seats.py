"""Seat selection: how many players, and who sits in each seat (a human or one of the game's bots)."""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

HUMAN = "human"
#: How chance outcomes (dice, shuffles, draws) are decided.
CHANCE_SEEDED = "seeded"
CHANCE_CHOOSE = "choose"


def seat_options(bots: Mapping[str, object]) -> list[tuple[str, str]]:
    """The seat menu: a human first, then every bot of the game's ``BOTS`` dict, in its order."""
    return [("human", HUMAN)] + [(f"{name} bot", name) for name in bots if name != HUMAN]


class SeatPicker:
    """Menus for the player count, each seat's occupant, and how chance is decided.

    Only the first ``players`` seat menus are shown.  Reading :attr:`seats` gives the current
    choice, one entry per seat: ``"human"`` or a key of the game's ``BOTS`` dict.
    """

    def __init__(self, bots: Mapping[str, object], min_players: int, max_players: int, players: int,
                 seats: Sequence[str] | None = None,
                 player_name: Callable[[int], str] = lambda p: f"Player {p + 1}") -> None:
        options = seat_options(bots)
        keys = [key for _, key in options]
        default = next((k for k in ("heuristic", "random") if k in keys), keys[-1])
        chosen = list(seats or [])
        chosen += [default] * (max_players - len(chosen))
        unknown = [s for s in chosen if s not in keys]
        if unknown:
            raise ValueError(f"unknown seat kind(s) {unknown}; choose from {keys}")
        self.players = widgets.Dropdown(
            options=list(range(min_players, max_players + 1)), value=players, description="Players",
            tooltip="Number of players (changing it starts a new game)")
        self.menus = [
            widgets.Dropdown(options=options, value=chosen[i], description=player_name(i),
                             tooltip=f"Who plays {player_name(i)}: a human (you pick the actions) or a bot")
            for i in range(max_players)
        ]
        self.chance = widgets.Dropdown(
            options=[("dice and draws (seeded)", CHANCE_SEEDED), ("you choose each outcome", CHANCE_CHOOSE)],
            value=CHANCE_SEEDED, description="Chance",
            tooltip="Chance outcomes come from the seed, or you pick each one (e.g. force a die face)")
        self.box = widgets.VBox([self.players, *self.menus, self.chance])
        self.players.observe(lambda _change: self._show_menus(), names="value")
        self._show_menus()

    def _show_menus(self) -> None:
        for i, menu in enumerate(self.menus):
            menu.layout.display = None if i < self.players.value else "none"

    @property
    def seats(self) -> list[str]:
        return [menu.value for menu in self.menus[: self.players.value]]

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]
