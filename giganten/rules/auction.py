"""Action 7 — Sell Oil: three auctions, Hudson, then Jet, then US Standard.

a) Only players with oil stored at the company take part.  The start player (or the next such player
   clockwise) opens; each bid is a sum of sales licenses, higher than the last; a player who passes drops
   out.  When all but one have passed, the last bidder wins and pays licenses worth at least the bid,
   without change (exactly the bid when the hand allows it; a hand of only 2s pays one more on an odd
   bid).  All may pass: no sale.  A winner who cannot pay loses half of their license cards, rounded up,
   drawn at random (chance), onto the face-up discard pile, and the auction is repeated.
   (Ruling G5: a bid may exceed the bidder's hand -- the penalty implies it.  The rulebook sets no largest
   bid; the kit's house rule caps a bid at twice the license cards the bidder holds, which no hand of that
   size could pay; variant ``bluff_bids``: up to the most any hand could pay, 117.  A player holding no
   license cards cannot bid in either case.)
b) The winner sells any number of their chips there at the current price; the chips go back to the supply.
Then Action 8 (overfill) and Action 9 (the die passes left) close the round (``close.py``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..actions import Bid, DiscardLicenses, Pass, PayLicenses, Sell, license_words
from ..components import COMPANY_COUNT, COMPONENTS
from ..draws import hypergeometric
from ..prices import price
from . import A7A, A7B, BID, PAY, PENALTY, SELL

if TYPE_CHECKING:
    from ..state import State

_BIDS = [Bid(k) for k in range(2 * (COMPONENTS.license_ones + COMPONENTS.license_twos) + 2)]
_PASS = Pass()
_SELL = [Sell(k) for k in range(COMPONENTS.oil_chips + 1)]


def begin(s: "State") -> None:
    """The auction at Hudson first (``auc_company``: the company auctioned)."""
    s.auc_company = 0
    if _open(s):
        _run(s)


def _open(s: "State") -> bool:
    """Start (or repeat) the auction at ``auc_company``, skipping companies where nobody has oil stored.

    False when no auction is left (the step is over).
    """
    while s.auc_company < COMPANY_COUNT:
        c = s.auc_company
        eligible = s.holders(c)
        if eligible:
            s.phase = BID
            s.auc_eligible = eligible
            s.auc_active = sum(1 << p for p in eligible)
            s.auc_high, s.auc_bidder, s.auc_turn = 0, -1, eligible[0]
            s._say(A7A, None, "Auction at {:company} (price {:price}): {:names} may bid (only players with oil stored "
                   "there); {:name} opens.", c, s.prices[c], eligible, eligible[0])
            return True
        s._say(A7A, None, "No one has oil stored at {:company}: no auction there.", c)
        s.auc_company += 1
    return False


def _run(s: "State") -> None:
    """Drive the auction until a player must decide or a chance node comes (or the round is over)."""
    while s.phase == BID:
        active = s.auc_active
        if active == 0:
            s._say(A7A, None, "Everyone passed: no sale at {:company} this round.", s.auc_company)
            s.auc_company += 1
            if not _open(s):
                return
            continue
        if s.auc_bidder >= 0 and active == 1 << s.auc_bidder:
            _won(s)
            continue
        p = s.auc_turn
        if max_bid(s, p) > s.auc_high:
            return
        _emit_cannot_bid(s, p)
        _drop(s, p)


def _emit_cannot_bid(s: "State", p: int) -> None:
    cards = s.license_count(p)
    if cards == 0:
        s._say(A7A, p, "{:name} holds no license cards, so cannot bid, and passes.", p)
        return
    if s.opts.bluff_bids:
        s._say(A7A, p, "{:name} cannot outbid the bid of {} and passes: no hand could pay more (all {:count license} "
               "in the box are worth {}).", p, s.auc_high, COMPONENTS.license_ones + COMPONENTS.license_twos,
               max_bid(s, p))
        return
    s._say(A7A, p, "{:name} cannot outbid the bid of {} and passes: with {:count license card}, no bid above {} is "
           "allowed (the kit's house rule G5: at most twice the cards held, the most such a hand could pay).", p,
           s.auc_high, cards, max_bid(s, p))


def max_bid(s: "State", p: int) -> int:
    """The largest bid p may make (ruling G5).  The kit's house rule: twice the license cards p holds (the most
    such a hand could be worth); variant ``bluff_bids``: the most any hand could pay.  No cards, no bid."""
    cards = s.license_count(p)
    if s.opts.bluff_bids and cards:
        return COMPONENTS.license_value_total
    return 2 * cards


def _drop(s: "State", p: int) -> None:
    s.auc_active &= ~(1 << p)
    _advance_turn(s, p)


def _advance_turn(s: "State", p: int) -> None:
    """The next active player clockwise after p."""
    for k in range(1, s.n + 1):
        q = (p + k) % s.n
        if s.auc_active >> q & 1:
            s.auc_turn = q
            return
    s.auc_turn = -1


def legal_bid(s: "State") -> list:
    p = s.auc_turn
    return _BIDS[s.auc_high + 1: max_bid(s, p) + 1] + [_PASS]  # _BIDS[k] is Bid(k), up to any max_bid


def apply_bid(s: "State", action: Bid) -> None:
    p = s.auc_turn
    s.auc_high, s.auc_bidder = action.amount, p
    s._say(A7A, p, "{:name} bids {} at {:company}.", p, action.amount, s.auc_company)
    _advance_turn(s, p)
    _run(s)


def apply_pass(s: "State", action: Pass) -> None:
    p = s.auc_turn
    s._say(A7A, p, "{:name} passes and drops out of the auction at {:company}.", p, s.auc_company)
    _drop(s, p)
    _run(s)


def _won(s: "State") -> None:
    w, bid = s.auc_bidder, s.auc_high
    c = s.auc_company
    if s.license_value(w) < bid:
        cards = s.license_count(w)
        s.phase = PENALTY
        s._say(A7A, w, "{:name} wins the auction at {:company} with {} but cannot pay it: as a penalty {:name} loses "
               "half of the {} license cards, rounded up ({}), drawn at random by the left-hand neighbour, and the "
               "auction is repeated.", w, c, bid, w, cards, (cards + 1) // 2)
        return
    s._say(A7A, w, "{:name} wins the auction at {:company} with a bid of {}.", w, c, bid)
    options = payments(*s.licenses(w), bid)
    if len(options) == 1:
        _pay(s, *options[0])
    else:
        s.phase = PAY


@lru_cache(maxsize=None)
def payments(ones: int, twos: int, bid: int) -> tuple[tuple[int, int], ...]:
    """The ways to pay ``bid`` without change: (ones, twos) summing to the bid exactly, or -- when only
    2s can do it -- one more than an odd bid."""
    exact = tuple((bid - 2 * t, t) for t in range(min(twos, bid // 2), -1, -1) if bid - 2 * t <= ones)
    if exact:
        return exact
    return ((0, (bid + 1) // 2),) if 2 * twos > bid else ()


def outcomes_penalty(s: "State") -> tuple[tuple[DiscardLicenses, float], ...]:
    w = s.auc_bidder
    ones, twos = s.licenses(w)
    count = (ones + twos + 1) // 2
    return _penalty_outcomes(ones, twos, count)


@lru_cache(maxsize=None)
def _penalty_outcomes(ones: int, twos: int, count: int) -> tuple[tuple[DiscardLicenses, float], ...]:
    return tuple((DiscardLicenses(count, k), p) for k, p in hypergeometric(ones, twos, count))


def apply_penalty(s: "State", action: DiscardLicenses) -> None:
    w = s.auc_bidder
    ones = action.count - action.twos
    _discard_licenses(s, w, ones, action.twos)
    s._say(A7A, w, "{:name} discards {:count license card} face up ({} of value 1, {} of value 2) and receives nothing "
           "for them; the auction at {:company} is repeated.", w, action.count, ones, action.twos, s.auc_company)
    if _open(s):
        _run(s)


def legal_pay(s: "State") -> list:
    w = s.auc_bidder
    return [PayLicenses(o, t) for o, t in payments(*s.licenses(w), s.auc_high)]


def apply_pay(s: "State", action: PayLicenses) -> None:
    _pay(s, action.ones, action.twos)


def _pay(s: "State", ones: int, twos: int) -> None:
    w = s.auc_bidder
    _discard_licenses(s, w, ones, twos)
    over = ones + 2 * twos - s.auc_high
    s._say(A7A, w, "{:name} pays {} onto the face-up discard pile{}.", w, license_words(ones, twos),
           f" (only 2s: {over} overpaid, no change)" if over else "")
    s.phase = SELL


def _discard_licenses(s: "State", w: int, ones: int, twos: int) -> None:
    """The winner's licenses go onto the face-up discard pile (a payment, or the penalty)."""
    s._add_licenses(w, -ones, -twos)
    s.lic_disc = (s.lic_disc[0] + ones, s.lic_disc[1] + twos)


def legal_sell(s: "State") -> list:
    return _SELL[: s.stored(s.auc_bidder, s.auc_company) + 1]


def apply_sell(s: "State", action: Sell) -> None:
    w, c = s.auc_bidder, s.auc_company
    each = price(s.prices[c])
    total = each * action.chips
    s._store(w, c, -action.chips)
    s.supply += action.chips
    s._credit(w, total)
    s._say(A7B, w, "{:name} sells {:count chip} to {:company} at {:money} each for {:money}, returned to the "
           "supply.", w, action.chips, c, each, total)
    s.auc_company += 1
    if _open(s):
        _run(s)
