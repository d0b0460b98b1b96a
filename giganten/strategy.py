"""What a balance report counts of a finished Giganten game: its rounds and each player's way of playing.

:mod:`gamekit.balance` records these in every tournament row (``FEATURES`` names them, best read
per player and compared between the winners and everyone):

* ``derricks``: derricks the player built (Action 5), one per ``Build``;
* ``transport``: chips the player shipped into storage (Action 6), by any locomotive;
* ``bluffs``: bids above what the player's own license cards add up to (Action 7 a), which the
  player cannot pay if the bid wins (the penalty).  The default house rule (ruling G5) caps a bid at
  twice the player's cards; with the variant ``bluff_bids`` a bid may go up to 117.
"""
from __future__ import annotations

from typing import cast

from gamekit.i18n import N_
from gamekit.record import states_along

from .actions import Bid, Build, Transport
from .state import State

#: The strategy features of a player, by name, with what each counts.
FEATURES = {
    "derricks": N_("derricks built (Action 5)"),
    "transport": N_("chips shipped into storage (Action 6)"),
    "bluffs": N_("bids above the bidder's own licenses (Action 7 a)"),
}


def rounds(final: State) -> int:
    """The rounds the game lasted (the round it ended in)."""
    return final.round


def features(final: State) -> dict[str, list[float]]:
    """Each feature of :data:`FEATURES`, per player, counted over the moves of ``final``'s game."""
    counts = {name: [0.0] * final.num_players for name in FEATURES}
    for state, action in zip(states_along(final), final.history()):
        if state.is_chance():
            continue
        player = cast(int, state.current_player())
        if isinstance(action, Build):
            counts["derricks"][player] += 1
        elif isinstance(action, Transport):
            counts["transport"][player] += 1
        elif isinstance(action, Bid) and action.amount > state.license_value(player):
            counts["bluffs"][player] += 1
    return counts
