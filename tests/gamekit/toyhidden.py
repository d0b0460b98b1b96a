"""A tiny hidden-information game used only to test the information-set search (not part of the kit).

"Guess the card": each player is dealt one secret card from 1..5 (chance, seen only by its
owner).  Then, in seat order, each player names a card for the next player's hand (a right guess
scores 1 point, announced to all).  A player who could see the others' cards would always be
right; one who cannot is right one time in four (the own card is excluded, four remain).  The
public guesses tell nobody anything about a hand they do not hold, so ``determinize(player, rng)``
is exact: it keeps the
player's own card and re-deals the others from the cards that player has not seen.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Hashable

from gamekit import Action, ActionCodec, GameSpec, GameState, IllegalAction

CARDS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class Deal(Action):
    kind = "deal"
    card: int

    def __str__(self) -> str:
        return "deal a secret card"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    kind = "guess"
    card: int

    def __str__(self) -> str:
        return f"guess {self.card}"


class HiddenState(GameState):
    __slots__ = ("players", "_options", "hands", "to_move", "points", "guesses")

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self._record = None
        self._events = []
        self.players = players
        self._options = options
        self.hands: list[int] = []
        self.to_move = 0
        self.points = [0] * players
        self.guesses: list[int] = []

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def is_terminal(self) -> bool:
        return len(self.guesses) == self.players

    def is_chance(self) -> bool:
        return len(self.hands) < self.players

    def current_player(self) -> int | None:
        return None if self.is_chance() or self.is_terminal() else self.to_move

    def legal_actions(self) -> list[Action]:
        if self.current_player() is None:
            return []
        own = self.hands[self.to_move]
        return [Guess(c) for c in CARDS if c != own]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance():
            return []
        left = [c for c in CARDS if c not in self.hands]
        return [(Deal(c), 1 / len(left)) for c in left]

    def returns(self) -> list[float]:
        return [float(p) for p in self.points]

    def observation(self, player: int) -> dict[str, Any]:
        return {"my_card": self.hands[player] if player < len(self.hands) else None,
                "dealt": len(self.hands), "guesses": list(self.guesses), "points": list(self.points),
                "to_move": self.to_move}

    def fingerprint(self) -> Hashable:
        return (tuple(self.hands), self.to_move, tuple(self.points), tuple(self.guesses))

    def _copy(self) -> "HiddenState":
        new = type(self).__new__(type(self))
        new._record, new._events = self._record, []
        new.players, new._options = self.players, self._options
        new.hands, new.points, new.guesses = list(self.hands), list(self.points), list(self.guesses)
        new.to_move = self.to_move
        return new

    def determinize(self, player: int, rng: random.Random) -> "HiddenState":
        """The others' cards re-dealt from those ``player`` has not seen; the own card kept."""
        new = self._copy()
        unseen = [c for c in CARDS if c != self.hands[player]] if player < len(self.hands) else list(CARDS)
        rng.shuffle(unseen)
        for seat in range(len(self.hands)):
            if seat != player:
                new.hands[seat] = unseen.pop()
        return new

    def _apply_in_place(self, action: Action) -> None:
        if self.is_chance():
            if not isinstance(action, Deal) or action.card in self.hands or action.card not in CARDS:
                raise IllegalAction("Deal", f"{action!r} is not a card left to deal.", "a card left")
            self.hands.append(action.card)
            return
        if action not in self.legal_actions():
            raise IllegalAction("Guess", f"{action!r} is not a guess here.", "guess another card")
        target = (self.to_move + 1) % self.players
        self.guesses.append(action.card)  # type: ignore[attr-defined]
        if self.hands[target] == action.card:  # type: ignore[attr-defined]
            self.points[self.to_move] += 1
            self._emit(f"Player {self.to_move} guesses right", "Toy rules: guess")
        self.to_move = (self.to_move + 1) % self.players

    def __str__(self) -> str:
        return f"guesses {self.guesses}, points {self.points}"


SPEC = GameSpec(
    name="toyhidden",
    min_players=2,
    max_players=4,
    option_defaults={},
    codec=ActionCodec([Deal, Guess]),
    create=lambda players, options: HiddenState(players, options),
)
HiddenState.spec = SPEC
