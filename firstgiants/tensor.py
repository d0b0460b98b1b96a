"""A First Giants seat's observation as a fixed-size vector (see :mod:`gamekit.tensor`).

Read only from ``state.observation(seat)`` (which is the whole public table: nothing is hidden).  Sizes
come from the component data: one entry per card for the dig sites, the deck, each Study and each museum;
a displayed card carries its set's number, type, completeness and Set tokens.  Each News token carries its
holder, whether it is kept for good and what it is worth now under the game's reading of the tokens' values
(option ``news_values``, ruling R23).  The worth alone does not name the reading (where every size token is
kept for good and no family token is, ``by-type`` and ``two-sided`` give the same worths, yet a family token
kept later is worth 3 under one and 5 under the other), so the rule variant switches come last, read from the
observation's ``options``: ``eggs_not_fossils`` (1: on) and ``news_values`` (a one-hot of the readings other
than the default ``by-type``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from gamekit.tensor import Layout, Piece, Writer, switch_pieces

from .components import CARDS, FAMILY_NAMES, NEWS_VALUES, SIZE_NAMES, TOKENS
from .ids import MAX_SETS, max_points
from .rules.news import NEWS_READINGS

PHASES = ("deal", "reveal", "start of turn", "take a card", "resolve effects", "reclaim", "game over")
"""The phases as the observation names them."""
DECISIONS = ("order of simultaneous effects", "you may display 1 fossil", "you may display 1 fossil at no cost",
             "display 1 fossil or gain 1 point", "display up to 2 fossils of different Families",
             "display up to 2 fossils of the same Family", "spend 3 amber for 2 points?")
"""The decisions inside an effect, as the observation names them."""
SET_TYPES = ("family set", "size set", "single card")
NEWS = len(FAMILY_NAMES) + len(SIZE_NAMES)
CARD_COUNT = len(CARDS)
SWITCHES = {"eggs_not_fossils": (False, True), "news_values": NEWS_READINGS}
"""The options that change play, default first.  Not ``first_player`` (who starts: the vector's ``first_player``)
nor ``names``."""


@lru_cache(maxsize=None)
def layout(players: int) -> Layout:
    n, c, sites = players, CARD_COUNT, TOKENS.dig_sites
    points = max(max_points(n, reading) for reading in NEWS_READINGS)
    return Layout([
        Piece("seat", (n,)), Piece("to_move", (n + 1,)), Piece("phase", (len(PHASES),)), Piece("active", (n,)),
        Piece("first_player", (n,)), Piece("turns", (1,), 2 * c), Piece("end_triggered", (1,)),
        Piece("decision", (len(DECISIONS) + 1,)), Piece("decision_player", (n + 1,)),
        Piece("decision_source", (c + 1,)), Piece("decision_family", (len(FAMILY_NAMES) + 1,)),
        Piece("reclaim_left", (1,), TOKENS.markers_per_player), Piece("deck_top", (c + 1,)),
        Piece("deck_below_top", (c,)), Piece("site_cards", (sites, c)), Piece("site_markers", (sites, n)),
        Piece("set_tokens_supply", (1,), TOKENS.set_tokens_in_box),
        Piece("set_tokens_box", (1,), TOKENS.set_tokens_in_box), Piece("amber_supply", (1,), TOKENS.amber_in_box),
        Piece("news_holder", (NEWS, n + 1)), Piece("news_locked", (NEWS,)),
        Piece("news_value", (NEWS,), max(NEWS_VALUES)),
        Piece("amber", (n,), TOKENS.amber_in_box), Piece("points", (n,), points, 100.0),
        Piece("markers_on_board", (n,), TOKENS.markers_per_player), Piece("study", (n, c)), Piece("displayed", (n, c)),
        Piece("set_number", (n, c), MAX_SETS + 1), Piece("set_type", (n, c, len(SET_TYPES))),
        Piece("set_complete", (n, c)), Piece("set_tokens", (n, c), TOKENS.set_tokens_in_box),
        Piece("score", (n,), points, 100.0), *switch_pieces(SWITCHES),
    ])


def encode(obs: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
    """The vector of one seat's observation ``obs`` (``state.observation(seat)``), written into ``out`` if given."""
    seats = obs["players"]
    n = len(seats)
    w = Writer(layout(n), out)
    w.one_hot("seat", obs["you"])
    w.one_hot("to_move", n if obs["current_player"] is None else obs["current_player"])
    w.one_hot("phase", PHASES.index(obs["phase"]))
    w.one_hot("active", obs["active"])
    w.one_hot("first_player", obs["first_player"])
    w.set("turns", [obs["turns"]])
    w.set("end_triggered", [obs["end_triggered"] is not None])
    decision = obs["decision"]
    if decision is None:
        w.one_hot("decision", len(DECISIONS))
        w.one_hot("decision_player", n)
        w.one_hot("decision_source", CARD_COUNT)
        w.one_hot("decision_family", len(FAMILY_NAMES))
    else:
        w.one_hot("decision", DECISIONS.index(decision["what"]))
        w.one_hot("decision_player", decision["player"])
        w.one_hot("decision_source", CARD_COUNT if decision["source_card"] < 0 else decision["source_card"])
        family = decision["first_family"]
        w.one_hot("decision_family", len(FAMILY_NAMES) if family is None else FAMILY_NAMES.index(family))
    w.set("reclaim_left", [obs["reclaim_left"]])
    w.one_hot("deck_top", CARD_COUNT if obs["deck_top"] is None else obs["deck_top"])
    w.views["deck_below_top"][obs["deck_below_top"]] = 1.0
    for s, site in enumerate(obs["dig_sites"]):
        w.views["site_cards"][s, site["cards"]] = 1.0
        w.views["site_markers"][s, site["markers"]] = 1.0
    w.set("set_tokens_supply", [obs["set_tokens_supply"]])
    w.set("set_tokens_box", [obs["set_tokens_box"]])
    w.set("amber_supply", [obs["amber_supply"]])
    for i, token in enumerate(obs["news_tokens"]):
        holder = token["holder"]
        w.one_hot("news_holder", n if holder is None else holder, i)
        w.views["news_locked"][i] = float(token["locked"])
    w.set("news_value", [token["value"] for token in obs["news_tokens"]])
    _players(w, seats)
    w.switches(SWITCHES, obs["options"])
    return w.flat


def _players(w: Writer, seats: list[dict[str, Any]]) -> None:
    w.set("amber", [p["amber"] for p in seats])
    w.set("points", [p["points"] for p in seats])
    w.set("markers_on_board", [p["markers_on_board"] for p in seats])
    w.set("score", [p["score"] for p in seats])
    number_scale, token_scale = w.layout.scale("set_number"), w.layout.scale("set_tokens")
    for seat, p in enumerate(seats):
        w.views["study"][seat, p["study"]] = 1.0
        for k, mset in enumerate(p["display"]):
            cards = mset["cards"]
            kind = next((i for i, t in enumerate(SET_TYPES[:2]) if mset["type"].endswith(t)), 2)
            w.views["displayed"][seat, cards] = 1.0
            w.views["set_number"][seat, cards] = (k + 1) / number_scale
            w.views["set_type"][seat, cards, kind] = 1.0
            w.views["set_complete"][seat, cards] = float(mset["complete"])
            w.views["set_tokens"][seat, cards] = mset["set_tokens"] / token_scale
