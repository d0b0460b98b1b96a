"""Giganten's action ids (see :mod:`gamekit.ids`), and the bounds its rules imply.

Every block is derived from the component data (``giganten.components``): the card types, the
landscape's squares and tile spaces, the companies, the licenses, the oil chips.  Decisions come first
(ids ``0 .. num_decisions - 1``), then the chance outcomes.  ``docs/interop.md`` prints the table and
derives the bounds:

* :func:`max_rounds` -- the black locomotive's slowest way to the harbour (End of Game);
* :func:`max_game_length` -- the most actions a game can take (every action of every round counted at
  its most, the auctions' bidding and penalties dominating);
* :func:`max_money` -- the most money a seat can end with (no credit, so never less than $0).

Hidden information (``seen_by``): a dealt tile's oil is seen by nobody when it is dealt (a seat learns it
by examining the tile, which its observation then shows); a license draw's values are seen by the
drawer only, unless the ``open_licenses`` variant is on.  Everything else is public.
"""
from __future__ import annotations

from typing import Any, Mapping

from gamekit.ids import ActionIds, Block, grid
from gamekit.protocol import GameState

from .actions import (AdvanceLocomotive, Bid, Build, ChangePrice, DealTile, DiscardLicenses, DrawLicenses, DriveTo,
                      EndMovement, LetChipGo, LocomotivesBack, Pass, PayLicenses, PlaceTruck, RevealCard, RollPrice,
                      Sell, SkipBuild, Step, TakeCard, TakeOil, Transport)
from .components import CARDS, COMPONENTS, SITES

C = COMPONENTS
COMPANIES = range(len(C.companies))
LICENSES = C.license_ones + C.license_twos
DIRECTIONS = ("N", "E", "S", "W")  # Action 4a: "orthogonally" (Step's docstring: N/E/S/W)
CARRIERS = ("own", "black", "rival")  # Action 6: the three ways a chip travels (Transport's docstring)
BID_MAX = max(2 * LICENSES, C.license_value_total)
"""The highest bid any rule reading allows: twice the card count of a hand holding every license (ruling G5's
house rule) or the largest sum any hand could pay (variant ``bluff_bids``), whichever is larger."""
PRICE_STEPS = max(c.n for c in CARDS if c.special == "price")
MOST_LICENSES_DRAWN = max(c.licenses for c in CARDS)
MOST_DISCARDED = (LICENSES + 1) // 2  # Action 7a penalty: half of the hand, rounded up
TILE_VALUES = sorted({value for kind in C.tile_kinds for value, _ in kind.values})


def _blocks() -> list[Block]:
    sq = f"{C.rows} x {C.columns} squares"
    return [
        Block("TakeCard", f"card type 0-{len(CARDS) - 1} (one per kind of action card)",
              grid(TakeCard, card=range(len(CARDS)))),
        Block("PlaceTruck", f"row 0-{C.rows - 1} of the first column", grid(PlaceTruck, row=range(C.rows))),
        Block("Step", "direction N, E, S, W", grid(Step, direction=DIRECTIONS)),
        Block("DriveTo", f"square (row, col), row-major over the {sq}",
              grid(DriveTo, row=range(C.rows), col=range(C.columns))),
        Block("AdvanceLocomotive", "advance one rail space", (AdvanceLocomotive(),)),
        Block("ChangePrice", f"company x delta (-{PRICE_STEPS}..-1, 1..{PRICE_STEPS}: the largest price card)",
              grid(ChangePrice, company=COMPANIES,
                   delta=[d for d in range(-PRICE_STEPS, PRICE_STEPS + 1) if d])),
        Block("TakeOil", "company", grid(TakeOil, company=COMPANIES)),
        Block("LocomotivesBack", f"target: all opponents (None), then seat 0-{C.max_players - 1} (variant)",
              grid(LocomotivesBack, target=[None, *range(C.max_players)])),
        Block("EndMovement", "end movement", (EndMovement(),)),
        Block("Build", f"tile space (row, col), the {len(SITES)} spaces west to east",
              tuple(Build(s.row, s.col) for s in SITES)),
        Block("SkipBuild", "build nothing", (SkipBuild(),)),
        Block("Transport", "company x carrier (own, black, rival)", grid(Transport, company=COMPANIES, via=CARRIERS)),
        Block("LetChipGo", "let the chip go", (LetChipGo(),)),
        Block("Bid", f"amount 1-{BID_MAX} (id = first + amount - 1)", grid(Bid, amount=range(1, BID_MAX + 1))),
        Block("Pass", "pass", (Pass(),)),
        Block("PayLicenses", f"(ones 0-{C.license_ones}) x (twos 0-{C.license_twos}), without (0, 0)",
              grid(PayLicenses, ones=range(C.license_ones + 1), twos=range(C.license_twos + 1))[1:]),
        Block("Sell", f"chips 0-{C.oil_chips}", grid(Sell, chips=range(C.oil_chips + 1))),
        Block("DealTile", f"oil value {', '.join(map(str, TILE_VALUES))} (hidden: nobody sees it dealt)",
              grid(DealTile, value=TILE_VALUES), chance=True),
        Block("RollPrice", "die face (colour, pips)", tuple(RollPrice(c, p) for c, p in C.die_faces), chance=True),
        Block("RevealCard", f"card type 0-{len(CARDS) - 1}", grid(RevealCard, card=range(len(CARDS))), chance=True),
        Block("DrawLicenses", f"count 1-{MOST_LICENSES_DRAWN} (the most a card gives) x twos 0-count (hidden: the "
              "drawer sees it, the others the count)",
              tuple(DrawLicenses(n, k) for n in range(1, MOST_LICENSES_DRAWN + 1) for k in range(n + 1)),
              chance=True, public=("count",)),
        Block("DiscardLicenses", f"count 1-{MOST_DISCARDED} (half of all {LICENSES} licenses, rounded up) x twos "
              "0-count",
              tuple(DiscardLicenses(n, k) for n in range(1, MOST_DISCARDED + 1) for k in range(n + 1)
                    if k <= C.license_twos and n - k <= C.license_ones), chance=True),
    ]


def max_rounds() -> int:
    """The most rounds a game can last: the red cards revealed smallest advance first, the pile reshuffled when
    used up (every red card is discarded within its round), until the black locomotive reaches the harbour."""
    advances = sorted(c.black for c in CARDS if c.color == "red" for _ in range(c.copies))
    if advances[0] <= 0:
        raise ValueError("a red card that does not advance the black locomotive: the game has no length bound")
    rounds = travelled = 0
    while travelled < C.harbour - C.black_start:
        travelled += advances[rounds % len(advances)]
        rounds += 1
    return rounds


def max_penalties(players: int) -> int:
    """The most auction penalties in one round: each takes half of the winner's hand, rounded up (at least one
    card), and hands only shrink during Action 7, so a hand of h cards can be penalized ``h.bit_length()`` times;
    the largest sum of those over ``players`` hands holding the 78 licenses between them."""
    best = [0] * (LICENSES + 1)  # best[t]: the most penalties for the hands so far, holding t cards in all
    for _ in range(players):
        best = [max(best[t - h] + h.bit_length() for h in range(t + 1)) for t in range(LICENSES + 1)]
    return best[LICENSES]


def max_moves_per_round(players: int) -> int:
    """The most actions one round can take, action by action of the rulebook (see docs/interop.md)."""
    n, companies = players, len(C.companies)
    cheapest_step = min(min(C.terrain), min(C.rail_costs[1:]))  # every truck step or rail space costs this or more
    movement = max(c.moves for c in CARDS) // cheapest_step + 3  # + placing the truck, the special, ending
    auction_attempt = BID_MAX + n + 2  # rising bids, each seat's pass, then a penalty, or paying and selling
    return (companies  # Action 1: one roll per company
            + 1 + n + n  # Action 2: the red card, one beige card per seat, each seat takes one
            + 2 * n  # Action 3: at most a draw before and one after a reshuffle, per seat
            + n * movement  # Action 4
            + n  # Action 5: build or not
            + n * C.derricks_per_player  # Action 6: one chip per derrick
            + (companies + max_penalties(n)) * auction_attempt)  # Action 7: each auction, and each repeat


def max_game_length(players: int) -> int:
    """Every tile dealt, then ``max_rounds()`` rounds of ``max_moves_per_round`` actions."""
    return len(SITES) + max_rounds() * max_moves_per_round(players)


def max_money(players: int) -> int:
    """The most money one seat can end with: every seat's starting money (fees move money between seats), plus
    each round's sales (a seat's storages hold at most 3 x the storage limit after Action 8, plus one chip from
    a special action and one per derrick produced; each chip sells or overfills at most once per round, at the
    top price), plus the end bonus of the first-ranked locomotive per derrick and $1,000 per oil chip."""
    chips_per_seat = len(C.companies) * C.storage_limit + 1 + C.derricks_per_player
    per_chip = max(C.price_track[-1], C.overfill_compensation)
    sales = max_rounds() * min(C.oil_chips, players * chips_per_seat) * per_chip
    end = C.derricks_per_player * max(C.end_derrick_bonus) + C.oil_chips * C.end_chip_value
    return players * C.start_money + sales + end


class GigantenIds(ActionIds):
    score_unit = "money"
    hidden_information = True

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        return max_game_length(players)

    def score_range(self, players: int, options: Mapping[str, Any]) -> tuple[float, float]:
        """No credit is ever granted (Actions 5-7), so money never falls below $0."""
        return 0.0, float(max_money(players))

    def seen_by(self, before: GameState, action: Any, after: GameState) -> frozenset[int] | None:
        if isinstance(action, DealTile):
            return frozenset()  # Setup 2: face down
        if isinstance(action, DrawLicenses) and not before.options["open_licenses"]:
            return frozenset({_drawer(before, after)})  # Action 3: "secretly"
        return None


def _drawer(before: GameState, after: GameState) -> int:
    """The seat that drew: the first in the round's order whose license cards grew (later seats may have drawn
    too, without a chance node, when the rest of the pile was certain)."""
    old, new = before.observation(0), after.observation(0)
    n = before.num_players
    for seat in ((old["start_player"] + k) % n for k in range(n)):
        if new["players_info"][seat]["license_cards"] > old["players_info"][seat]["license_cards"]:
            return seat
    raise AssertionError("a license draw that gave no seat a card")


ACTION_IDS = GigantenIds(_blocks())
