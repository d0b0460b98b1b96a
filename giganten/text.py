"""The text form of a Giganten state (``print(state)``) and full-sentence action descriptions.

The map uses one character per square::

    .  flat     :  hill     ^  mountain
    1 2 3       face-down production tile with 1, 2 (red) or 3 derricks
    r b y g     a derrick of Red / Blue / Yellow / Green
    R B Y G     a truck
    x           a space marked for three players, empty in a three-player game
"""
from __future__ import annotations

from string import Formatter
from typing import TYPE_CHECKING, Any

from gamekit import Action
from gamekit.words import counted

from . import rules as R
from .actions import DriveTo, PlaceTruck, Step
from .board import DIRECTION_NAMES, NEIGHBOURS
from .components import (CARDS, COLUMNS, COMPANIES, COMPONENTS, NAMES, ROWS, SITES, cell_name, money, row_col,
                         square)
from .prices import price

if TYPE_CHECKING:
    from .state import State

TERRAIN_CHAR = {1: ".", 2: ":", 3: "^"}


def render(s: "State", public: bool = False) -> str:
    """The position as text.

    By default this is the omniscient view (every license hand's values, as ``print(state)`` shows);
    with ``public=True`` it shows only what the whole table sees: each hand's card count, unless the
    ``open_licenses`` variant makes hands public (Action 3: "Each player keeps their sales licenses
    secret").  Face-down tiles are shown by kind only in both views.
    """
    hands_open = not public or s.opts.open_licenses
    grid = [[TERRAIN_CHAR[COMPONENTS.terrain[square(r, c)]] for c in range(COLUMNS)] for r in range(ROWS)]
    for i, site in enumerate(SITES):
        if s.site_state[i] == R.TILE:
            grid[site.row][site.col] = str(site.kind)
        elif s.site_state[i] == R.DERRICK:
            grid[site.row][site.col] = COMPONENTS.player_names[s.site_owner[i]][0].lower()
        elif s.n == 3 and site.three_player:
            grid[site.row][site.col] = "x"
    for p, cell in enumerate(s.trucks):
        if cell >= 0:
            row, col = row_col(cell)
            grid[row][col] = COMPONENTS.player_names[p][0]
    lines = ["     " + "".join(str(c % 10) for c in range(COLUMNS))]
    lines += [f"{r:>3}  " + "".join(row) for r, row in enumerate(grid)]
    rail = ["-"] * (COMPONENTS.harbour + 1)
    rail[min(s.black, COMPONENTS.harbour)] = "K"
    lines.append("rail " + "".join(rail) + "  (K = black locomotive; harbour at the right end)")
    locos = ", ".join(f"{s.name(p)} {s.locos[p]}" for p in range(s.n))
    lines.append(f"locomotives: {locos}; black {s.black}/{COMPONENTS.harbour}")
    status = "game over" if s.is_terminal() else f"{R.PHASE_NAMES[s.phase]}: waiting for {s.expecting()}"
    lines.append(f"round {s.round}, start player {s.name(s.start)}; {status}")
    lines.append("prices: " + ", ".join(f"{company} {money(price(index))}"
                                        for company, index in zip(COMPANIES, s.prices)))
    for p in range(s.n):
        card = s.card_of(p)
        store = "/".join(str(chips) for chips in s.storage_of(p))
        lines.append(
            f"  {s.name(p):<6} {money(s.money[p]):>8}  licenses {_hand(s, p, hands_open)}  "
            f"storage {store}  derricks left {s.derricks_left[p]}" + (f"  card: {card}" if card else "")
        )
    if s.display:
        lines.append("display: " + "; ".join(str(CARDS[t]) for t in s.display))
    lines.append(f"supply {s.supply} chips; license pile {sum(s.lic_draw)} cards, discards "
                 f"{s.lic_disc[0]}x1 {s.lic_disc[1]}x2")
    if s.phase == R.MOVE:
        lines.append(f"movement points left: {s.mp}" + ("; special action available" if s.special else ""))
    if s.phase in (R.BID, R.PAY, R.SELL, R.PENALTY):
        bidder = s.name(s.auc_bidder) if s.auc_bidder >= 0 else "nobody"
        lines.append(f"auction at {COMPANIES[s.auc_company]}: high bid {s.auc_high} by {bidder}")
    return "\n".join(lines)


def _hand(s: "State", p: int, hands_open: bool) -> str:
    if hands_open:
        ones, twos = s.licenses(p)
        return f"{ones}x1 {twos}x2"
    return f"{s.license_count(p)} cards"


def public_text(s: "State") -> str:
    """The text form without any secret license values (for a table where humans play)."""
    return render(s, public=True)


def describe(s: "State", action: Action) -> str:
    """The action as a sentence for the player to move: "Red moves the truck east to (3, 7)"."""
    p = s.current_player()
    who = s.name(p) if p is not None else "Chance"
    if isinstance(action, Step) and p is not None and s.trucks[p] >= 0:
        target = next((n for d, n in NEIGHBOURS[s.trucks[p]] if d == action.direction), -1)
        if target >= 0:
            return f"{who} moves the truck {DIRECTION_NAMES[action.direction]} to {cell_name(target)}"
    if isinstance(action, DriveTo):
        return f"{who} drives the truck to ({action.row}, {action.col})"
    if isinstance(action, PlaceTruck):
        return f"{who} places the truck on ({action.row}, {COMPONENTS.truck_entry_column})"
    return f"{who}: {action}"


# -- event texts, worded when read -------------------------------------------------------------------------

EVENT_FIELDS = {
    "name": lambda p: NAMES[p],                          # a seat -> "Red"
    "names": lambda ps: ", ".join(NAMES[p] for p in ps),  # seats -> "Red, Blue"
    "cell": cell_name,                                   # a square -> "(3, 7)"
    "cells": lambda cells: ", ".join(cell_name(c) for c in cells),
    "money": money,                                      # dollars -> "$4,500"
    "price": lambda index: money(price(index)),          # a price-track index -> "$5,000"
    "company": lambda c: COMPANIES[c],                   # a company index -> "Hudson"
    "card": lambda t: str(CARDS[t]),                     # an action-card type -> "beige card (...)"
}
"""The format specs of event templates; ``{:count chip}`` writes "1 chip" / "3 chips"."""


class _EventFormatter(Formatter):
    def format_field(self, value: Any, spec: str) -> str:
        field = EVENT_FIELDS.get(spec)
        if field is not None:
            return field(value)
        if spec.startswith("count "):
            return counted(value, spec[6:])
        return format(value, spec)


_FORMATTER = _EventFormatter()


def event_text(template: str, args: tuple) -> str:
    """The text of a recorded event (``State._say``): ``template`` with ``args`` filled in."""
    text = _FORMATTER.format(template, *args) if args else template
    return text.replace("Inc..", "Inc.")  # a company name ending in "Inc." gets no second full stop
