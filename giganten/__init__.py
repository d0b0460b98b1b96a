"""Giganten (Kosmos 1999, Wilko Manz): the complete rules engine for 3 and 4 players.

    import giganten as g
    state = g.new_game(4)                 # options: one_opponent_back, exact_price_change, open_licenses,
                                          #          first_player, bluff_bids, tie_by_license_cards
    while not state.is_terminal():
        ...                               # state.chance_outcomes() / state.legal_actions(); state.apply(a)

Every event names its rulebook section; illegal actions raise ``g.IllegalAction`` (rule, message,
allowed) and leave the state unchanged.  The rules live in ``giganten/rules/`` (one module per numbered
action), the printed numbers in ``giganten/data/``, the price die in ``giganten/prices.py``.
"""
from gamekit import IllegalAction

from .actions import (AdvanceLocomotive, Bid, Build, ChangePrice, DealTile, DiscardLicenses, DrawLicenses, DriveTo,
                      EndMovement, LetChipGo, LocomotivesBack, Pass, PayLicenses, PlaceTruck, RevealCard, RollPrice,
                      Sell, SkipBuild, Step, TakeCard, TakeOil, Transport)
from .components import COMPONENTS
from .game import SPEC, from_json, new_game, scenario, scenario_info, scenarios
from .position import from_position
from .state import State

from . import questions  # noqa: E402  (g.questions.kinds(), g.questions.make(kind, seed=...))

__all__ = [
    "AdvanceLocomotive", "Bid", "Build", "COMPONENTS", "ChangePrice", "DealTile", "DiscardLicenses", "DrawLicenses",
    "DriveTo", "EndMovement", "IllegalAction", "LetChipGo", "LocomotivesBack", "Pass", "PayLicenses", "PlaceTruck",
    "RevealCard", "RollPrice", "SPEC", "Sell", "SkipBuild", "State", "Step", "TakeCard", "TakeOil", "Transport",
    "from_json", "from_position", "new_game", "questions", "scenario", "scenario_info", "scenarios",
]
