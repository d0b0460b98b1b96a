"""What one player may see, and re-sampling what they may not (for information-set search).

Hidden in Giganten:
* the values of the license cards in other players' hands (everyone sees how many cards each holds;
  the discard pile is face up), unless the ``open_licenses`` teaching variant is on;
* the oil on face-down production tiles: a player knows a tile once their truck has stood orthogonally
  next to it -- except the red two-derrick tiles, which nobody knows until a derrick is built there.
Everything else (money, prices, locomotives, trucks, derricks and their oil, storages, cards, which tiles
each player has looked at) is public.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import rules as R
from .components import SITES, TILE_KINDS, row_col
from .draws import hypergeometric
from .rules.auction import payments
from .rules.setup import site_in_play

if TYPE_CHECKING:
    from .state import State

_STATE_NAMES = {0: "empty", 1: "tile", 2: "derrick"}


def observation(s: "State", player: int) -> dict[str, Any]:
    """A JSON-serialisable dict of everything ``player`` may see, and nothing more."""
    n = s.n
    open_hands = s.opts.open_licenses
    sites = []
    for i, site in enumerate(SITES):
        state = s.site_state[i]
        if state == R.EMPTY and s.site_value[i] == 0 and not site_in_play(i, n):
            continue  # a three-player space: never filled
        entry: dict[str, Any] = {"site": i, "row": site.row, "col": site.col, "kind": site.kind,
                                 "state": _STATE_NAMES[state]}
        if state == R.TILE:
            entry["oil"] = s.site_value[i] if s.known[player] >> i & 1 else None
        elif state == R.DERRICK:
            entry.update(owner=s.site_owner[i], oil=s.site_oil[i], tile_oil=s.site_value[i])
        elif s.phase != R.DEAL:
            entry["tile_oil"] = s.site_value[i]  # built, emptied and returned: the tile was shown to all
        sites.append(entry)
    players = []
    for p in range(n):
        me = p == player or open_hands
        players.append({
            "name": s.name(p), "money": s.money[p], "locomotive": s.locos[p],
            "truck": None if s.trucks[p] < 0 else list(row_col(s.trucks[p])),
            "derricks_left": s.derricks_left[p],
            "storage": list(s.storage_of(p)),
            "license_cards": s.license_count(p),
            "licenses": list(s.licenses(p)) if me else None,
            "looked_at": [[SITES[i].row, SITES[i].col] for i in range(len(SITES)) if s.known[p] >> i & 1],
            "card": s.held[p],
        })
    return {
        "player": player, "players": n, "options": s.options,
        "phase": R.PHASE_NAMES[s.phase], "round": s.round, "start_player": s.start,
        "current_player": s.current_player(), "terminal": s.is_terminal(),
        "prices": list(s.prices), "black_locomotive": s.black,
        "sites": sites,
        "known_tiles": {str(i): s.site_value[i] for i in range(len(SITES))
                        if s.site_state[i] == R.TILE and s.known[player] >> i & 1},
        "supply": s.supply, "players_info": players,
        "license_draw_cards": s.lic_draw[0] + s.lic_draw[1], "license_discard": list(s.lic_disc),
        "action_card_draw": list(s.card_draw), "action_card_discard": list(s.card_disc),
        "display": list(s.display),
        "movement_points": s.mp if s.phase == R.MOVE else None,
        "special_available": s.special if s.phase == R.MOVE else None,
        "license_pending": s.lic_pending if s.phase == R.LICENSE else None,
        "chip_from": [SITES[s.chip_site].row, SITES[s.chip_site].col] if s.phase == R.PRODUCE else None,
        "auction": _auction(s),
        "final": s.final_accounting,
    }


def _auction(s: "State") -> dict[str, Any] | None:
    auction = s.auction
    if auction is None:
        return None
    return {
        "company": auction.company, "eligible": list(auction.eligible), "active": list(auction.active),
        "high_bid": auction.high_bid, "high_bidder": auction.high_bidder, "to_act": auction.to_act,
    }


def looked_at(s: "State", player: int | None) -> int:
    """The tile spaces (a bit mask) whose face-down tile ``player`` knows; None: those every player knows, which
    the projector shows (what every seat's observation agrees on)."""
    if player is not None:
        return s.known[player]
    every = -1
    for p in range(s.n):
        every &= s.known[p]
    return every


def unseen_tiles(s: "State", player: int | None) -> dict[int, list[int]]:
    """Per kind, the tile values ``player`` has not seen (tiles in the box included); ``player`` None: the values
    the projector does not show (every face-down tile some player has not looked at)."""
    known = looked_at(s, player)
    pool: dict[int, list[int]] = {}
    for kind, tk in TILE_KINDS.items():
        values = [v for v, count in tk.values for _ in range(count)]
        for i, site in enumerate(SITES):
            value = s.site_value[i]
            if site.kind != kind or not value:
                continue  # another kind, or a space not dealt (yet)
            built = s.site_state[i] != R.TILE  # a built tile was shown to everyone
            if built or known >> i & 1:
                values.remove(value)
        pool[kind] = values
    return pool


def determinize(s: "State", player: int | None, rng: random.Random) -> "State":
    """A copy of ``s`` in which everything ``player`` cannot see is re-dealt at random from ``rng`` (``player``
    None: everything the projector cannot see: every hand, and every face-down tile some player has not seen).

    * every face-down tile ``player`` has not seen gets a value dealt from the tiles of its kind that
      ``player`` has not seen (in a three-player game that pool includes the six tiles in the box);
    * the other players' license hands keep their sizes but are dealt again from the cards ``player``
      cannot see (the draw pile and those hands); the draw pile keeps the rest.
    The result never carries hidden truth: re-dealt values come from ``rng`` only.  Its history is
    empty (``determinized`` is True, and it cannot be saved).  While an auction winner pays or is
    penalized, the winner's re-dealt hand covers the bid or does not, as everyone knows.  Not modelled:
    older inferences from play (e.g. a hand that could not pay a bid some rounds ago).
    """
    d = s._copy()
    d._record = None
    d._offered = None
    d.determinized = True
    pool = unseen_tiles(s, player)
    known = looked_at(s, player)
    for values in pool.values():
        rng.shuffle(values)
    for i, site in enumerate(SITES):
        if d.site_state[i] == R.TILE and not known >> i & 1:
            d._set_site_value(i, pool[site.kind].pop())
    if not s.opts.open_licenses:
        _redeal_hands(d, player, rng)
    return d


def _redeal_hands(d: "State", player: int | None, rng: random.Random) -> None:
    """Deal the other players' hands again (same sizes) from the cards ``player`` cannot see (None: every hand).

    While an auction winner pays (Action 7a), everyone knows the winner's hand covers the bid in two ways at
    least (with one way, the rules pay at once); while the winner is penalized, that it does not.  The winner's
    hand is dealt first, conditioned on that.
    """
    others = [p for p in range(d.n) if p != player]
    ones = d.lic_draw[0] + sum(d.licenses(p)[0] for p in others)
    twos = d.lic_draw[1] + sum(d.licenses(p)[1] for p in others)
    winner = d.auc_bidder if d.phase in (R.PAY, R.PENALTY) and d.auc_bidder != player else -1
    if winner >= 0:
        others.remove(winner)
        count = d.license_count(winner)
        covers = d.phase == R.PAY  # value = count + twos must be >= the bid (PAY) or < it (PENALTY)
        options = [(k, p) for k, p in hypergeometric(ones, twos, count) if (count + k >= d.auc_high) == covers
                   and (not covers or len(payments(count - k, k, d.auc_high)) >= 2)]
        k = rng.choices([k for k, _ in options], [p for _, p in options])[0]
        _deal_hand(d, winner, count - k, k)
        ones, twos = ones - (count - k), twos - k
    cards = [1] * ones + [2] * twos
    rng.shuffle(cards)
    for p in others:
        count = d.license_count(p)
        mine, cards = cards[:count], cards[count:]
        _deal_hand(d, p, count - mine.count(2), mine.count(2))
    d.lic_draw = (cards.count(1), cards.count(2))


def _deal_hand(d: "State", player: int, ones: int, twos: int) -> None:
    """``player``'s hand is now ``ones`` cards of value 1 and ``twos`` of value 2."""
    held_ones, held_twos = d.licenses(player)
    d._add_licenses(player, ones - held_ones, twos - held_twos)
