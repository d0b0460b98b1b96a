"""The rules of Giganten, one small module per numbered action of the rulebook.

Each module works on a :class:`giganten.state.State` in place (the state's ``apply`` hands it a private
copy) and names the rulebook section of everything it does.  The phases below say where in a round the
game stands; ``round.py`` puts the modules in order and says what each phase offers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.i18n import N_

if TYPE_CHECKING:
    from ..state import State

# Phases: where the game stands.  Chance phases have no current player.
DEAL = 0      # Setup 2: deal the tile of site ``cursor`` (chance)
ROLL = 1      # Action 1: roll the die for company ``cursor`` (chance)
RED = 2       # Action 2a: reveal the red card (chance)
BEIGE = 3     # Action 2b: reveal beige card number ``cursor`` (chance)
TAKE = 4      # Action 2c: the ``cursor``-th player of the round takes a card
LICENSE = 5   # Action 3: the ``cursor``-th player draws licenses (chance)
MOVE = 6      # Action 4: the ``cursor``-th player moves
BUILD = 7     # Action 5: the ``cursor``-th player may build
PRODUCE = 8   # Action 6: the ``cursor``-th player decides where a produced chip goes
BID = 9       # Action 7a: auction at company ``auc_company``
PENALTY = 10  # Action 7a: the winner who cannot pay loses half of the licenses (chance)
PAY = 11      # Action 7a: the winner chooses which licenses to pay with
SELL = 12     # Action 7b: the winner sells
END = 13      # End of Game: terminal

CHANCE_PHASES = frozenset({DEAL, ROLL, RED, BEIGE, LICENSE, PENALTY})

# What stands on a production-tile space (``State.site_state``).
EMPTY, TILE, DERRICK = 0, 1, 2
PHASE_NAMES = {
    DEAL: N_("setup"), ROLL: N_("Action 1"), RED: N_("Action 2a"), BEIGE: N_("Action 2b"), TAKE: N_("Action 2c"),
    LICENSE: N_("Action 3"), MOVE: N_("Action 4"), BUILD: N_("Action 5"), PRODUCE: N_("Action 6"),
    BID: N_("Action 7a"), PENALTY: N_("Action 7a"), PAY: N_("Action 7a"), SELL: N_("Action 7b"),
    END: N_("End of Game"),
}
"""Each phase's rulebook step, short (English: the catalogues translate them where a reader sees them)."""

# Rulebook sections, as events and errors name them.
SETUP = "Setup"
A1 = "Action 1 — Change Market Prices"
A2 = "Action 2 — Reveal and Take Action Cards"
A3 = "Action 3 — Distribute Sales Licenses"
A4 = "Action 4 — Split Movement Points Between Locomotive and Truck, Move, and Carry Out Special Action"
A4A = "Action 4 a) Moving Trucks"
A4B = "Action 4 b) Examining Oil Deposits"
A4C = "Action 4 c) Moving Your Own Locomotive"
A4D = "Action 4 d) Special Actions"
A5 = "Action 5 — Build a Derrick"
A6 = "Action 6 — Produce and Transport Oil"
A7 = "Action 7 — Sell Oil"
A7A = "Action 7 a) Auctioning"
A7B = "Action 7 b) Selling"
A8 = "Action 8 — Resolve Overfilling"
A9 = "Action 9 — Pass the Die"
END_OF_GAME = "End of Game"

SECTION_OF_PHASE = {
    DEAL: SETUP, ROLL: A1, RED: A2, BEIGE: A2, TAKE: A2, LICENSE: A3, MOVE: A4, BUILD: A5,
    PRODUCE: A6, BID: A7A, PENALTY: A7A, PAY: A7A, SELL: A7B, END: END_OF_GAME,
}


def in_turn(s: "State") -> int:
    """Whose turn it is in a step played player by player: "The starting player is always first, and the other
    players follow in clockwise order" -- the ``cursor``-th player of the round."""
    return (s.start + s.cursor) % s.n
