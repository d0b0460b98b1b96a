"""Giganten's actions: chance outcomes and player decisions, as small immutable values.

``str(action)`` is short and context-free ("bid 5", "move the truck east"); ``state.describe(action)``
gives the full sentence for the player to move ("Red moves the truck east to (3, 7)").
"""
from __future__ import annotations

from dataclasses import dataclass

from gamekit import Action, ActionCodec
from gamekit.words import counted

from .board import DIRECTION_NAMES
from .components import CARDS, COMPANIES, COMPANY_COUNT, COMPONENTS

# -- chance outcomes ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealTile(Action):
    """Setup 2: the tile dealt face down onto the next tile space shows ``value`` oil units."""

    kind = "deal_tile"
    value: int

    def __str__(self) -> str:
        return f"deal a tile with {self.value} oil"


@dataclass(frozen=True, slots=True)
class RollPrice(Action):
    """Action 1: the price die shows ``color`` ``pips``."""

    kind = "roll_price"
    color: str
    pips: int

    def __str__(self) -> str:
        return f"the die shows {self.color} {self.pips}"


@dataclass(frozen=True, slots=True)
class RevealCard(Action):
    """Action 2: the card revealed from a pile is of type ``card`` (an index into the card list)."""

    kind = "reveal_card"
    card: int

    def __str__(self) -> str:
        return f"reveal the {CARDS[self.card]}" if 0 <= self.card < len(CARDS) else f"reveal card {self.card}"


@dataclass(frozen=True, slots=True)
class DrawLicenses(Action):
    """Action 3: ``count`` sales licenses are drawn, ``twos`` of them of value 2."""

    kind = "draw_licenses"
    count: int
    twos: int

    def __str__(self) -> str:
        return f"draw {self.count} licenses ({self.twos} of value 2)"


@dataclass(frozen=True, slots=True)
class DiscardLicenses(Action):
    """Action 7 penalty: ``count`` licenses drawn at random from the winner's hand, ``twos`` of value 2."""

    kind = "discard_licenses"
    count: int
    twos: int

    def __str__(self) -> str:
        return f"discard {self.count} licenses at random ({self.twos} of value 2)"


# -- decisions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Action 2c: take a face-up action card of type ``card``."""

    kind = "take_card"
    card: int

    def __str__(self) -> str:
        return f"take the {CARDS[self.card]}" if 0 <= self.card < len(CARDS) else f"take card {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceTruck(Action):
    """Action 4a: the truck's first placement, on ``row`` of the first column (costs nothing)."""

    kind = "place_truck"
    row: int

    def __str__(self) -> str:
        return f"place the truck on ({self.row}, {COMPONENTS.truck_entry_column})"


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Action 4a: move the truck one square north, east, south or west (``direction`` N/E/S/W)."""

    kind = "step"
    direction: str

    def __str__(self) -> str:
        return f"move the truck {DIRECTION_NAMES.get(self.direction, self.direction)}"


@dataclass(frozen=True, slots=True)
class DriveTo(Action):
    """Action 4a convenience: drive the truck to (row, col) along a cheapest path (same tie-break always)."""

    kind = "drive_to"
    row: int
    col: int

    def __str__(self) -> str:
        return f"drive the truck to ({self.row}, {self.col})"


@dataclass(frozen=True, slots=True)
class AdvanceLocomotive(Action):
    """Action 4c: move the own locomotive one rail space toward the harbour."""

    kind = "advance_locomotive"

    def __str__(self) -> str:
        return "advance the locomotive one space"


@dataclass(frozen=True, slots=True)
class ChangePrice(Action):
    """Action 4d special: move ``company``'s price marker by ``delta`` spaces (+ up, - down)."""

    kind = "change_price"
    company: int
    delta: int

    def __str__(self) -> str:
        name = COMPANIES[self.company] if 0 <= self.company < COMPANY_COUNT else f"company {self.company}"
        word = "up" if self.delta > 0 else "down"
        return f"move the {name} price {word} {abs(self.delta)}"


@dataclass(frozen=True, slots=True)
class TakeOil(Action):
    """Action 4d special: take one oil chip from the supply into the own storage at ``company``."""

    kind = "take_oil"
    company: int

    def __str__(self) -> str:
        name = COMPANIES[self.company] if 0 <= self.company < COMPANY_COUNT else f"company {self.company}"
        return f"take an oil chip into storage at {name}"


@dataclass(frozen=True, slots=True)
class LocomotivesBack(Action):
    """Action 4d special: move opposing locomotives back (``target`` None = all; a seat in the variant)."""

    kind = "locomotives_back"
    target: int | None = None

    def __str__(self) -> str:
        if self.target is None:
            return "move all opposing locomotives back"
        names = COMPONENTS.player_names
        return f"move {names[self.target] if 0 <= self.target < len(names) else self.target}'s locomotive back"


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Action 4: finish the movement turn (unused points and an unused special action are lost)."""

    kind = "end_movement"

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Action 5: build a derrick on the tile at (row, col), next to the truck."""

    kind = "build"
    row: int
    col: int

    def __str__(self) -> str:
        return f"build a derrick at ({self.row}, {self.col})"


@dataclass(frozen=True, slots=True)
class SkipBuild(Action):
    """Action 5: build nothing this round."""

    kind = "skip_build"

    def __str__(self) -> str:
        return "build nothing"


@dataclass(frozen=True, slots=True)
class Transport(Action):
    """Action 6: ship the produced chip into the own storage at ``company``.

    ``via`` is "own" (own locomotive, free), "black" ($3,000 to the bank) or "rival" ($3,000 to the
    furthest-ahead opponent whose locomotive is level with or past the derrick).
    """

    kind = "transport"
    company: int
    via: str

    def __str__(self) -> str:
        name = COMPANIES[self.company] if 0 <= self.company < COMPANY_COUNT else f"company {self.company}"
        how = {"own": "by the own locomotive", "black": "by the black locomotive",
               "rival": "by an opponent's locomotive"}.get(self.via, f"via {self.via}")
        return f"ship the chip to {name} {how}"


@dataclass(frozen=True, slots=True)
class LetChipGo(Action):
    """Action 6: forgo transport; the produced chip goes back to the supply."""

    kind = "let_chip_go"

    def __str__(self) -> str:
        return "let the chip go"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Action 7a: bid a sum of sales licenses."""

    kind = "bid"
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Action 7a: pass and drop out of this auction."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PayLicenses(Action):
    """Action 7a: pay the winning bid with ``ones`` licenses of value 1 and ``twos`` of value 2."""

    kind = "pay_licenses"
    ones: int
    twos: int

    def __str__(self) -> str:
        return f"pay {license_words(self.ones, self.twos)}"


def license_words(ones: int, twos: int) -> str:
    """License cards in words, a count of none left out: "2 licenses of value 1 and 1 license of value 2"."""
    kinds = [f"{counted(n, 'license')} of value {value}" for n, value in ((ones, 1), (twos, 2)) if n]
    return " and ".join(kinds) or "no licenses"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """Action 7b: sell ``chips`` oil chips from the own storage at the current price."""

    kind = "sell"
    chips: int

    def __str__(self) -> str:
        return f"sell {counted(self.chips, 'chip')}"


CHANCE_ACTIONS = (DealTile, RollPrice, RevealCard, DrawLicenses, DiscardLicenses)
DECISION_ACTIONS = (
    TakeCard, PlaceTruck, Step, DriveTo, AdvanceLocomotive, ChangePrice, TakeOil, LocomotivesBack,
    EndMovement, Build, SkipBuild, Transport, LetChipGo, Bid, Pass, PayLicenses, Sell,
)
CODEC = ActionCodec(CHANCE_ACTIONS + DECISION_ACTIONS)
