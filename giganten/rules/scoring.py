"""End of Game: the final accounting, as soon as the black locomotive reaches the oil harbour.

* Every derrick still on the board pays its owner by the rank of the owner's locomotive: $5,000 for
  first place, $4,000 second, $3,000 third, $2,000 fourth.  Locomotives on the same space: the player with
  more sales licenses ranks better (ruling G2: the licenses' added-up value, as Action 7 counts them;
  variant ``tie_by_license_cards``: the number of cards); still tied, the order of the interrupted round
  from its start player decides.
* Every oil chip still under a derrick or in a storage pays $1,000.
The player with the most money is the "Giant".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..components import COMPONENTS, money
from . import END, END_OF_GAME

if TYPE_CHECKING:
    from ..state import State


def licenses_for_ties(s: "State", p: int) -> int:
    """How many "sales licenses" p has when locomotives tie: their added-up value (ruling G2), or the number
    of cards with the variant ``tie_by_license_cards``."""
    return s.license_count(p) if s.opts.tie_by_license_cards else s.license_value(p)


def ranking(s: "State") -> list[int]:
    """Seats from first to last place: locomotive space, then licenses (:func:`licenses_for_ties`), then the
    round's order."""
    order = s.order()
    return sorted(range(s.n), key=lambda p: (-s.locos[p], -licenses_for_ties(s, p), order.index(p)))


def tie_note(s: "State", p: int, ranked: list[int]) -> str:
    """Why p ranks where it does among locomotives on the same space ("" when p's locomotive is alone);
    ``ranked`` is :func:`ranking` of ``s``."""
    tied = [q for q in ranked if q != p and s.locos[q] == s.locos[p]]
    if not tied:
        return ""
    cards = s.opts.tie_by_license_cards
    value = licenses_for_ties(s, p)
    started = f"the order of the interrupted round, which {s.name(s.start)} started"
    if len(tied) == 1:
        q = tied[0]
        other = licenses_for_ties(s, q)
        if other != value:
            word = "more" if value > other else "fewer"
            amounts = f"{value} cards against {other}" if cards else f"worth {value} against {other}"
            return f" (tied with {s.name(q)}: {word} sales licenses, {amounts})"
        order = s.order()
        word = "earlier" if order.index(p) < order.index(q) else "later"
        each = f"{value} license cards each" if cards else f"licenses worth {value} each"
        return f" (tied with {s.name(q)}, {each}: {s.name(p)} comes {word} in {started})"
    group = sorted([p] + tied, key=ranked.index)
    values = ", ".join(f"{s.name(q)} {licenses_for_ties(s, q)}" for q in group)
    by = "number of license cards" if cards else "license value"
    return f" (tied with {' and '.join(s.name(q) for q in tied)}: ranked by {by} ({values}), then by {started})"


def end_game(s: "State") -> None:
    """The black locomotive has reached the oil harbour: the final accounting, and the game is over."""
    s._emit("The black locomotive has reached the oil harbour: the game ends immediately; "
            "no further actions are carried out.", END_OF_GAME)
    s.phase = END
    ranked = ranking(s)  # locomotives and licenses: the accounting below does not change it
    s.final = accounting(s)
    for p, rank, derricks, bonus, chips, paid in s.final:
        s._credit(p, paid)
        s._say(END_OF_GAME, p, "{:name}'s locomotive (space {}) is ranked {}{}: {:count derrick} x {:money} + "
               "{:count chip} x {:money} = {:money}.", p, s.locos[p], rank, tie_note(s, p, ranked), derricks, bonus,
               chips, COMPONENTS.end_chip_value, paid)
    best = max(s.money)
    giants = [s.name(p) for p in range(s.n) if s.money[p] == best]
    s._emit(f"Final money: {', '.join(f'{s.name(p)} {money(s.money[p])}' for p in range(s.n))}. "
            f"The Giant: {' and '.join(giants)}.", END_OF_GAME)


def accounting(s: "State") -> tuple[tuple[int, ...], ...]:
    """The final accounting of the board as it stands, in rank order: per player (seat, rank, derricks on the
    board, the bonus per derrick, chips on derricks and in storage, the dollars paid out).  The payout itself
    changes none of these, so the same rows describe the board after it (``State.final``)."""
    bonus = COMPONENTS.end_derrick_bonus
    rows = []
    for rank, p in enumerate(ranking(s)):
        derricks = s.derrick_sites(p)
        chips = sum(s.site_oil[i] for i in derricks) + sum(s.storage_of(p))
        paid = len(derricks) * bonus[rank] + chips * COMPONENTS.end_chip_value
        rows.append((p, rank + 1, len(derricks), bonus[rank], chips, paid))
    return tuple(rows)


def accounting_dicts(final: tuple[tuple[int, ...], ...]) -> list[dict[str, int]]:
    """The final accounting (``State.final``) as one dict per player."""
    keys = ("player", "rank", "derricks", "bonus_per_derrick", "chips", "paid")
    return [dict(zip(keys, row)) for row in final]
