"""What each game of a balance report records in its tournament row: the trace of the lead, and the game's facts.

:func:`balance_trace` is the tournament's ``metrics`` function (:mod:`gamekit.tournament`): the runner
calls it on every finished game, and its plain-JSON answer goes into the row (and the results file,
so a run resumes and a report can be redrawn without playing again).  It replays the game from its
record of moves and notes:

* ``leader``: who leads at each decision, one character per position: the leader's seat as a digit,
  ``-`` when several seats share the lead.  Position ``i`` is the state in which the ``i + 1``-th
  decision is taken (after decision ``i`` and the chance outcomes that followed it); the last
  position is the end of the game, where the leader is the winner.  The lead is by **the coach's
  model** of the game (:func:`gamekit.coach.model_of`): every player's estimated final result (money
  or points now, plus what the game's heuristic counts of the rest of the position, calibrated on
  recorded games), which reads only what every player sees (money or points, stored chips, license
  and card counts, the board);
* ``rounds``: how many rounds the game lasted (``<game>.strategy.rounds``);
* ``features``: each strategy feature of the game, per player (``<game>.strategy.features``: Giganten's
  derricks, transport and bluffs, First Giants' family and size sets and News tokens).
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Sequence

from ..coach import model_of
from ..protocol import GameState
from ..record import states_along

TIE = "-"  # in a leader trace: several seats share the lead


def strategy_module(game: str) -> ModuleType:
    """``<game>.strategy``: the game's ``FEATURES``, ``rounds(final)`` and ``features(final)``."""
    return importlib.import_module(f"{game}.strategy")


def leader_of(estimates: Sequence[float]) -> str:
    """The seat with the highest estimate as a digit, or :data:`TIE` when several share it."""
    best = max(estimates)
    leaders = [seat for seat, value in enumerate(estimates) if value == best]
    return str(leaders[0]) if len(leaders) == 1 else TIE


def leader_trace(final: GameState) -> str:
    """The leader at every decision of ``final``'s game and at its end (see the module docstring)."""
    model = model_of(final)
    marks = [leader_of(model.estimate(state)) for state in states_along(final)
             if not state.is_chance() and not state.is_terminal()]
    return "".join(marks) + leader_of(final.returns())


def balance_trace(final: GameState) -> dict[str, Any]:
    """The row's record of a finished game: ``leader``, ``rounds`` and ``features`` (module docstring)."""
    strategy = strategy_module(type(final).__module__.split(".")[0])
    return {"leader": leader_trace(final), "rounds": int(strategy.rounds(final)),
            "features": {name: list(values) for name, values in strategy.features(final).items()}}
