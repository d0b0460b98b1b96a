"""A tiny dice game used only to test gamekit itself (not part of the kit).

Each player is dealt a secret bonus card (1 or 2, chance). On your turn you ROLL (a chance node:
a six-sided die; a 1 ends your turn and loses the turn total) or HOLD (bank the turn total).
The first to bank 12 or more ends the game; returns are banked points plus the secret bonus.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

from gamekit import Action, ActionCodec, GameSpec, GameState, IllegalAction

TARGET = 12


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    kind = "hold"

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Face(Action):
    kind = "face"
    pips: int

    def __str__(self) -> str:
        return f"die shows {self.pips}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    kind = "deal"
    bonus: int

    def __str__(self) -> str:
        return f"deal a bonus {self.bonus}"


class ToyState(GameState):
    __slots__ = ("players", "_options", "banked", "bonus", "turn_total", "to_move", "rolling")

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self._record = None
        self._events = []
        self.players = players
        self._options = options
        self.banked = [0] * players
        self.bonus: list[int] = []
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def is_terminal(self) -> bool:
        return max(self.banked) >= TARGET

    def is_chance(self) -> bool:
        return not self.is_terminal() and (len(self.bonus) < self.players or self.rolling)

    def current_player(self) -> int | None:
        return None if self.is_terminal() or self.is_chance() else self.to_move

    def legal_actions(self) -> list[Action]:
        return [Roll(), Hold()] if self.current_player() is not None else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if len(self.bonus) < self.players:
            return [(Deal(1), 0.5), (Deal(2), 0.5)]
        return [(Face(p), 1 / 6) for p in range(1, 7)] if self.rolling else []

    def returns(self) -> list[float]:
        return [float(b + x) for b, x in zip(self.banked, self.bonus)]

    def observation(self, player: int) -> dict[str, Any]:
        return {"banked": list(self.banked), "my_bonus": self.bonus[player] if player < len(self.bonus) else None,
                "turn_total": self.turn_total, "to_move": self.to_move}

    def fingerprint(self) -> Hashable:
        return (tuple(self.banked), tuple(self.bonus), self.turn_total, self.to_move, self.rolling)

    def _copy(self) -> "ToyState":
        new = type(self).__new__(type(self))
        new.players, new._options = self.players, self._options
        new.banked, new.bonus = list(self.banked), list(self.bonus)
        new.turn_total, new.to_move, new.rolling = self.turn_total, self.to_move, self.rolling
        return new

    def _refusal(self, action: Action) -> IllegalAction:
        if self.is_chance():
            return IllegalAction("Chance", f"{action!r} is not an outcome here.", "a chance outcome")
        return IllegalAction("Toy rules", f"{action!r} is not a move.", "roll or hold")

    def _apply_in_place(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.bonus.append(action.bonus)
        elif isinstance(action, Face):
            self._roll(action.pips)
        elif isinstance(action, Roll):
            self.rolling = True
        else:
            self.banked[self.to_move] += self.turn_total
            self._emit(f"Player {self.to_move} banks {self.turn_total}", "Toy rules: hold")
            self._next_player()

    def _roll(self, pips: int) -> None:
        self.rolling = False
        if pips == 1:
            self._emit(f"Player {self.to_move} rolls a 1 and loses {self.turn_total}", "Toy rules: roll")
            self._next_player()
        else:
            self.turn_total += pips
            self._emit(f"Player {self.to_move} rolls {pips}", "Toy rules: roll")

    def _next_player(self) -> None:
        self.turn_total = 0
        self.to_move = (self.to_move + 1) % self.players

    def __str__(self) -> str:
        return f"banked {self.banked}, turn total {self.turn_total}, player {self.to_move} to move"


SPEC = GameSpec(
    name="toy",
    min_players=2,
    max_players=4,
    option_defaults={"target_bonus": False},
    codec=ActionCodec([Roll, Hold, Face, Deal]),
    create=lambda players, options: ToyState(players, options),
)
ToyState.spec = SPEC
