"""Seat selection: how many players, and who sits in each seat (a human or one of the game's bots)."""
from __future__ import annotations

from functools import partial
from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..i18n import N_
from ..i18n import gettext as _
from .controls import MENU_LABELS, Words, menu_layout

HUMAN = "human"
#: The seat kinds' names in the menus and the status (English message ids); a bot not listed keeps its key.
KIND_NAMES = {HUMAN: N_("human"), "random": N_("random"), "heuristic": N_("heuristic"), "search": N_("search"),
              "calibrated": N_("calibrated"), "beginner": N_("beginner"), "club": N_("club"), "strong": N_("strong")}
#: How chance outcomes (dice, shuffles, draws) are decided.
CHANCE_SEEDED = "seeded"
CHANCE_CHOOSE = "choose"


def kind_name(kind: str) -> str:
    """A seat kind ("human", a bot's key) in the reader's language."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def seat_options(bots: Mapping[str, object]) -> list[tuple[str, str]]:
    """The seat menu: a human first, then every bot of the game's ``BOTS`` dict, in its order, in the reader's
    language."""
    return [(kind_name(HUMAN), HUMAN)] + [(_("{} bot").format(kind_name(name)), name) for name in bots
                                          if name != HUMAN]


class SeatPicker:
    """Menus for the player count, each seat's occupant, and how chance is decided.

    Only the first ``players`` seat menus are shown.  Reading :attr:`seats` gives the current
    choice, one entry per seat: ``"human"`` or a key of the game's ``BOTS`` dict.
    """

    def __init__(self, bots: Mapping[str, object], min_players: int, max_players: int, players: int,
                 seats: Sequence[str] | None = None,
                 player_name: Callable[[int], str] = lambda p: _("Player {}").format(p + 1)) -> None:
        options = seat_options(bots)
        keys = [key for _, key in options]
        default = next((k for k in ("heuristic", "random") if k in keys), keys[-1])
        chosen = list(seats or [])
        chosen += [default] * (max_players - len(chosen))
        unknown = [s for s in chosen if s not in keys]
        if unknown:
            raise ValueError(f"unknown seat kind(s) {unknown}; choose from {keys}")
        self.words = Words()
        w = self.words
        self.players = w(widgets.Dropdown(options=list(range(min_players, max_players + 1)), value=players,
                                          style=MENU_LABELS, layout=menu_layout()),
                         description=N_("Players"), tooltip=N_("Number of players (changing it starts a new game)"))
        def who_plays(seat: int) -> str:
            return _("Who plays {}: a human (you pick the actions) or a bot").format(player_name(seat))

        self.menus = [
            w(widgets.Dropdown(options=options, value=chosen[i], style=MENU_LABELS, layout=menu_layout()),
              description=partial(player_name, i), tooltip=partial(who_plays, i), options=partial(seat_options, bots))
            for i in range(max_players)
        ]
        self.chance = w(widgets.Dropdown(options=[("seeded", CHANCE_SEEDED), ("choose", CHANCE_CHOOSE)],
                                         value=CHANCE_SEEDED, style=MENU_LABELS,
                                         layout=menu_layout()),
                        description=N_("Chance"),
                        tooltip=N_("Chance outcomes come from the seed, or you pick each one (e.g. force a die face)"),
                        options=lambda: [(_("dice and draws (seeded)"), CHANCE_SEEDED),
                                         (_("you choose each outcome"), CHANCE_CHOOSE)])
        self.box = widgets.VBox([self.players, *self.menus, self.chance])
        self.players.observe(lambda _change: self._show_menus(), names="value")
        self._show_menus()

    def word(self) -> None:
        """The menus' words in the reader's language (their choices stay)."""
        self.words.word()

    def _show_menus(self) -> None:
        for i, menu in enumerate(self.menus):
            menu.layout.display = None if i < self.players.value else "none"

    @property
    def seats(self) -> list[str]:
        return [menu.value for menu in self.menus[: self.players.value]]

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]
