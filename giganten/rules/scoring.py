"""End of Game: the final accounting, as soon as the black locomotive reaches the oil harbour.

* Every derrick still on the board pays its owner by the rank of the owner's locomotive: $5,000 for
  first place, $4,000 second, $3,000 third, $2,000 fourth.  Locomotives on the same space: the player with
  more sales licenses ranks better (ruling: the licenses' added-up value, as Action 7 counts them); still
  tied, the order of the interrupted round from its start player decides.
* Every oil chip still under a derrick or in a storage pays $1,000.
The player with the most money is the "Giant".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..components import COMPONENTS, money
from . import END, END_OF_GAME

if TYPE_CHECKING:
    from ..state import State


def ranking(s: "State") -> list[int]:
    """Seats from first to last place: locomotive space, then license value, then the round's order."""
    order = s.order()
    return sorted(range(s.n), key=lambda p: (-s.locos[p], -s.license_value(p), order.index(p)))


def _tie_note(s: "State", p: int, ranked: list[int]) -> str:
    """Why p ranks where it does among locomotives on the same space ("" when p's locomotive is alone);
    ``ranked`` is :func:`ranking` of ``s``."""
    tied = [q for q in ranked if q != p and s.locos[q] == s.locos[p]]
    if not tied:
        return ""
    value = s.license_value(p)
    started = f"the order of the interrupted round, which {s.name(s.start)} started"
    if len(tied) == 1:
        q = tied[0]
        if s.license_value(q) != value:
            word = "more" if value > s.license_value(q) else "fewer"
            return f" (tied with {s.name(q)}: {word} sales licenses, worth {value} against {s.license_value(q)})"
        order = s.order()
        word = "earlier" if order.index(p) < order.index(q) else "later"
        return f" (tied with {s.name(q)}, licenses worth {value} each: {s.name(p)} comes {word} in {started})"
    group = sorted([p] + tied, key=ranked.index)
    values = ", ".join(f"{s.name(q)} {s.license_value(q)}" for q in group)
    return f" (tied with {' and '.join(s.name(q) for q in tied)}: ranked by license value ({values}), then by {started})"


def end_game(s: "State") -> None:
    """The black locomotive has reached the oil harbour: the final accounting, and the game is over."""
    s._emit("The black locomotive has reached the oil harbour: the game ends immediately; "
            "no further actions are carried out.", END_OF_GAME)
    s.phase = END
    bonus = COMPONENTS.end_derrick_bonus
    final = []
    ranked = ranking(s)  # locomotives and licenses: the accounting below does not change it
    for rank, p in enumerate(ranked):
        derricks = s.derrick_sites(p)
        chips = sum(s.site_oil[i] for i in derricks) + sum(s.storage_of(p))
        paid = len(derricks) * bonus[rank] + chips * COMPONENTS.end_chip_value
        s._credit(p, paid)
        final.append((p, rank + 1, len(derricks), bonus[rank], chips, paid))
        s._say(END_OF_GAME, p, "{:name}'s locomotive (space {}) is ranked {}{}: {} derrick(s) x {:money} + {} chip(s) "
               "x {:money} = {:money}.", p, s.locos[p], rank + 1, _tie_note(s, p, ranked), len(derricks), bonus[rank],
               chips, COMPONENTS.end_chip_value, paid)
    s.final = tuple(final)
    best = max(s.money)
    giants = [s.name(p) for p in range(s.n) if s.money[p] == best]
    s._emit(f"Final money: {', '.join(f'{s.name(p)} {money(s.money[p])}' for p in range(s.n))}. "
            f"The Giant: {' and '.join(giants)}.", END_OF_GAME)


def accounting_dicts(final: tuple[tuple[int, ...], ...]) -> list[dict[str, int]]:
    """The final accounting (``State.final``) as one dict per player."""
    keys = ("player", "rank", "derricks", "bonus_per_derrick", "chips", "paid")
    return [dict(zip(keys, row)) for row in final]
