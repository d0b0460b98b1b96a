"""A Giganten seat's observation as a fixed-size vector (see :mod:`gamekit.tensor`).

Read only from ``state.observation(seat)``: the oil of a face-down tile the seat has not examined and the
license values of the other hands (unless ``open_licenses``) are never in it.  Sizes come from the component
data; every count is scaled by the most it can be (money by the starting money, up to ``ids.max_money``).
The rule variant switches come last, one number each (1: on), read from the observation's ``options``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from gamekit.tensor import Layout, Piece, Writer, switch_pieces

from .components import CARDS, COMPONENTS, SITES
from .ids import BID_MAX, MOST_LICENSES_DRAWN, TILE_VALUES, max_money, max_rounds

C = COMPONENTS
PHASES = ("setup", "Action 1", "Action 2a", "Action 2b", "Action 2c", "Action 3", "Action 4", "Action 5", "Action 6",
          "Action 7a", "Action 7b", "End of Game")
"""The phases as the observation names them (the rulebook's numbered actions)."""
SITE_STATES = ("not in play", "empty", "tile", "derrick")
SITE_AT = {(s.row, s.col): s.index for s in SITES}
SQUARES = C.rows * C.columns
COMPANIES = len(C.companies)
LICENSES = C.license_ones + C.license_twos
MOST_OIL = max(TILE_VALUES)
MOST_COPIES = max(t.copies for t in CARDS)
SWITCHES = {name: (False, True) for name in ("one_opponent_back", "exact_price_change", "open_licenses", "bluff_bids",
                                             "tie_by_license_cards")}
"""The options that change play (``OPTION_HELP``), default first.  Not ``first_player``: it only picks the first
start player, and the start player is in the vector (``start_player``)."""


@lru_cache(maxsize=None)
def layout(players: int) -> Layout:
    n, s, t = players, len(SITES), len(CARDS)
    return Layout([
        Piece("seat", (n,)), Piece("to_move", (n + 1,)), Piece("phase", (len(PHASES),)),
        Piece("round", (1,), max_rounds()), Piece("start_player", (n,)),
        Piece("prices", (COMPANIES, len(C.price_track))), Piece("black_locomotive", (1,), C.harbour),
        Piece("site_state", (s, len(SITE_STATES))), Piece("site_oil", (s,), MOST_OIL), Piece("site_oil_known", (s,)),
        Piece("site_chips", (s,), MOST_OIL), Piece("site_owner", (s, n)),
        Piece("money", (n,), max_money(n), C.start_money), Piece("locomotive", (n,), C.harbour),
        Piece("truck", (n, SQUARES)), Piece("derricks_left", (n,), C.derricks_per_player),
        Piece("storage", (n, COMPANIES), C.oil_chips), Piece("license_cards", (n,), LICENSES),
        Piece("licenses", (n, 2), max(C.license_ones, C.license_twos)), Piece("licenses_known", (n,)),
        Piece("looked_at", (n, s)), Piece("card", (n, t + 1)),
        Piece("supply", (1,), C.oil_chips), Piece("license_draw_cards", (1,), LICENSES),
        Piece("license_discard", (2,), max(C.license_ones, C.license_twos)),
        Piece("action_card_draw", (t,), MOST_COPIES), Piece("action_card_discard", (t,), MOST_COPIES),
        Piece("display", (t,), MOST_COPIES), Piece("movement_points", (1,), max(c.moves for c in CARDS)),
        Piece("special_available", (1,)), Piece("license_pending", (1,), MOST_LICENSES_DRAWN),
        Piece("chip_from", (s,)), Piece("auction_company", (COMPANIES,)), Piece("auction_eligible", (n,)),
        Piece("auction_active", (n,)), Piece("high_bid", (1,), BID_MAX), Piece("high_bidder", (n,)),
        Piece("auction_to_act", (n,)), *switch_pieces(SWITCHES),
    ])


def encode(obs: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
    """The vector of one seat's observation ``obs`` (``state.observation(seat)``), written into ``out`` if given."""
    n = obs["players"]
    w = Writer(layout(n), out)
    w.one_hot("seat", obs["player"])
    w.one_hot("to_move", n if obs["current_player"] is None else obs["current_player"])
    w.one_hot("phase", PHASES.index(obs["phase"]))
    w.set("round", [obs["round"]])
    w.one_hot("start_player", obs["start_player"])
    for c, index in enumerate(obs["prices"]):
        w.one_hot("prices", index, c)
    w.set("black_locomotive", [obs["black_locomotive"]])
    _sites(w, obs)
    _players(w, obs, n)
    w.set("supply", [obs["supply"]])
    w.set("license_draw_cards", [obs["license_draw_cards"]])
    w.set("license_discard", obs["license_discard"])
    w.set("action_card_draw", obs["action_card_draw"])
    w.set("action_card_discard", obs["action_card_discard"])
    w.set("display", np.bincount(obs["display"], minlength=len(CARDS)))
    w.set("movement_points", [obs["movement_points"] or 0])
    w.set("special_available", [bool(obs["special_available"])])
    w.set("license_pending", [obs["license_pending"] or 0])
    if obs["chip_from"] is not None:
        w.one_hot("chip_from", SITE_AT[tuple(obs["chip_from"])])
    auction = obs["auction"]
    if auction is not None:
        w.one_hot("auction_company", auction["company"])
        w.set("auction_eligible", [p in auction["eligible"] for p in range(n)])
        w.set("auction_active", [p in auction["active"] for p in range(n)])
        w.set("high_bid", [auction["high_bid"]])
        w.one_hot("high_bidder", auction["high_bidder"])
        w.one_hot("auction_to_act", auction["to_act"])
    w.switches(SWITCHES, obs["options"])
    return w.flat


def _sites(w: Writer, obs: dict[str, Any]) -> None:
    listed = set()
    for site in obs["sites"]:
        i = site["site"]
        listed.add(i)
        w.one_hot("site_state", SITE_STATES.index(site["state"]), i)
        oil = site.get("oil") if site["state"] == "tile" else site.get("tile_oil")
        if oil is not None:
            w.views["site_oil"][i] = oil / MOST_OIL
            w.views["site_oil_known"][i] = 1.0
        if site["state"] == "derrick":
            w.views["site_chips"][i] = site["oil"] / MOST_OIL
            w.one_hot("site_owner", site["owner"], i)
    for i in range(len(SITES)):
        if i not in listed:
            w.one_hot("site_state", 0, i)


def _players(w: Writer, obs: dict[str, Any], n: int) -> None:
    info = obs["players_info"]
    w.set("money", [p["money"] for p in info])
    w.set("locomotive", [p["locomotive"] for p in info])
    w.set("derricks_left", [p["derricks_left"] for p in info])
    w.set("storage", [p["storage"] for p in info])
    w.set("license_cards", [p["license_cards"] for p in info])
    w.set("licenses", [p["licenses"] or (0, 0) for p in info])
    w.set("licenses_known", [p["licenses"] is not None for p in info])
    for seat, p in enumerate(info):
        if p["truck"] is not None:
            w.one_hot("truck", p["truck"][0] * C.columns + p["truck"][1], seat)
        for row, col in p["looked_at"]:
            w.one_hot("looked_at", SITE_AT[row, col], seat)
        w.one_hot("card", len(CARDS) if p["card"] < 0 else p["card"], seat)
