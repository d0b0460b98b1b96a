"""Action 6 — Produce and Transport Oil.

Player by player, the start player first, every derrick of the player yields one chip (west to east).
A derrick whose last chip is taken goes back to its owner.  Where the chip goes:

* own locomotive level with or past the derrick's column: free, into any of the player's three storages;
* otherwise the player may pay $3,000 (cash, no credit):
  - to the bank, if the black locomotive is level with or past the derrick, or
  - to the opponent whose locomotive is furthest ahead among those level with or past the derrick
    (several equally far ahead split the fee);
  or let the chip go back to the supply;
* with no locomotive far enough along (or no $3,000) the chip is lost to the supply.

(The rulebook's two headings here are mistranslated; the bullets under them are what this code follows.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import LetChipGo, Transport
from ..board import SITE_CELL
from ..components import COMPANIES, COMPANY_COUNT, COMPONENTS, SITES, money
from . import A6, DERRICK, EMPTY, PRODUCE, in_turn

if TYPE_CHECKING:
    from ..state import State

FEE = COMPONENTS.transport_fee
_SHIP = {(c, via): Transport(c, via) for c in range(COMPANY_COUNT) for via in ("own", "black", "rival")}
_OWN = [_SHIP[c, "own"] for c in range(COMPANY_COUNT)]
_BLACK = [_SHIP[c, "black"] for c in range(COMPANY_COUNT)]
_RIVAL = [_SHIP[c, "rival"] for c in range(COMPANY_COUNT)]
_LET_GO = LetChipGo()


def begin(s: "State") -> None:
    """The start player's derricks produce first (``cursor``: players whose derricks have all produced)."""
    s.phase, s.cursor = PRODUCE, 0
    _start_player(s)
    _next_chip(s)


def _start_player(s: "State") -> None:
    s.prod_sites = s.derrick_sites(in_turn(s))
    s.prod_i = 0


def _next_chip(s: "State") -> None:
    """Produce the next chip; resolve it at once when the player has no choice."""
    while True:
        p = in_turn(s)
        if s.prod_i == len(s.prod_sites):
            s.cursor += 1
            if s.cursor == s.n:
                return
            _start_player(s)
            continue
        site = s.prod_sites[s.prod_i]
        _produce(s, p, site)
        if s.locos[p] >= SITES[site].col:
            return  # free transport: the player picks the storage
        black, rivals = carriers(s, p, site)
        if (black or rivals) and s.money[p] >= FEE:
            return  # pay or let go
        _lose_chip(s, p, site, black, rivals)


def _produce(s: "State", p: int, site: int) -> None:
    oil = s.site_oil[site] - 1
    s.chip_site = site
    where = SITE_CELL[site]
    if oil == 0:
        s._set_site(site, EMPTY)
        s._add_derricks(p, 1)
        s._say(A6, p, "{:name} produces the last chip of the derrick at {:cell}; the emptied derrick goes back to "
               "{:name}.", p, where, p)
    else:
        s._set_site(site, DERRICK, p, oil)
        s._say(A6, p, "{:name} produces a chip at {:cell} ({} left under the derrick).", p, where, oil)


def carriers(s: "State", p: int, site: int) -> tuple[bool, list[int]]:
    """Whether the black locomotive can carry from ``site``, and the opponents who would be paid."""
    col = SITES[site].col
    black = s.black >= col
    ahead = [q for q in range(s.n) if q != p and s.locos[q] >= col]
    if not ahead:
        return black, []
    best = max(s.locos[q] for q in ahead)
    return black, [q for q in ahead if s.locos[q] == best]


def _lose_chip(s: "State", p: int, site: int, black: bool, rivals: list[int]) -> None:
    if black or rivals:
        s._say(A6, p, "The chip is lost and goes back to the supply: {:name} has {:money}, less than the {:money} "
               "transport fee (no credit).", p, s.money[p], FEE)
    else:
        s._say(A6, p, "The chip is lost and goes back to the supply: {:name}'s locomotive (space {}), the black one "
               "(space {}) and every opponent's are behind the derrick in column {}.", p, s.locos[p], s.black,
               SITES[site].col)
    s.supply += 1
    s.chip_site = -1
    s.prod_i += 1


def legal(s: "State") -> list:
    p = in_turn(s)
    site = s.chip_site
    if s.locos[p] >= SITES[site].col:
        return list(_OWN)
    black, rivals = carriers(s, p, site)
    out = []
    if black:
        out += _BLACK
    if rivals:
        out += _RIVAL
    return out + [_LET_GO]


def apply_transport(s: "State", action: Transport) -> None:
    p = in_turn(s)
    site = s.chip_site
    col = SITES[site].col
    c = action.company
    s._store(p, c, 1)
    if action.via == "own":
        s._say(A6, p, "{:name}'s locomotive (space {}) is level with or past the derrick in column {}: free transport; "
               "the chip goes into {:name}'s storage at {:company}.", p, s.locos[p], col, p, c)
    elif action.via == "black":
        _pay(s, p, [], FEE)
        s._say(A6, p, "{:name} pays {:money} to the bank: {:name}'s locomotive is behind the derrick in column {}, the "
               "black locomotive (space {}) is level with or past it; the chip goes into {:name}'s storage at "
               "{:company}.", p, FEE, p, col, s.black, p, c)
    else:
        black, rivals = carriers(s, p, site)
        shares = _pay(s, p, rivals, FEE)
        paid = " and ".join(f"{money(a)} to {s.name(q)}" for q, a in shares)
        ahead = _ahead_text(s, [q for q, _ in shares])
        why = f"{s.name(p)} pays {paid}: {s.name(p)}'s locomotive is behind the derrick in column {col}, "
        if black:
            why += (f"and {ahead}; the black locomotive (space {s.black}) could have carried it for the same fee, "
                    "paid to the bank")
        else:
            why += f"the black locomotive is behind it too, and {ahead}"
        s._emit(f"{why}; the chip goes into {s.name(p)}'s storage at {COMPANIES[c]}.", A6, p)
    s.chip_site = -1
    s.prod_i += 1
    _next_chip(s)


def _ahead_text(s: "State", rivals: list[int]) -> str:
    """Who carries for a fee: the opponent furthest ahead, or several equally far ahead who split it."""
    space = s.locos[rivals[0]]
    if len(rivals) == 1:
        return f"{s.name(rivals[0])}'s locomotive (space {space}) is the furthest ahead"
    names = [f"{s.name(q)}'s" for q in rivals]
    return (f"{', '.join(names[:-1])} and {names[-1]} locomotives (space {space}) are equally far ahead, "
            "so they split the fee")


def _pay(s: "State", p: int, rivals: list[int], fee: int) -> list[tuple[int, int]]:
    """Pay a fee to the bank (no rivals) or split it among tied rivals; a remainder goes to the first of them
    clockwise from the payer (it cannot arise with at most three opponents and a $3,000 fee)."""
    if not rivals:
        s._credit(p, -fee)
        return []
    share, rest = divmod(fee, len(rivals))
    ordered = sorted(rivals, key=lambda q: (q - p) % s.n)
    out = []
    for k, q in enumerate(ordered):
        amount = share + (rest if k == 0 else 0)
        s._transfer(p, q, amount)
        out.append((q, amount))
    return out


def apply_let_go(s: "State", action: LetChipGo) -> None:
    p = in_turn(s)
    s._say(A6, p, "{:name} forgoes the paid transport; the chip goes back to the supply.", p)
    s.supply += 1
    s.chip_site = -1
    s.prod_i += 1
    _next_chip(s)
