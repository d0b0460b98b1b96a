"""Action 7 — Sell Oil (auctions, payment, the penalty and the repeat, selling); Actions 8 and 9."""
from __future__ import annotations

import pytest

import giganten as g
from giganten import rules as R
from giganten.actions import Bid, DiscardLicenses, Pass, PayLicenses, Sell
from giganten.rules.auction import payments

from .helpers import BLUE, GREEN, RED, YELLOW, end_movement, events_text, to_phase, with_hand, with_storage
from .invariants import conservation

HUDSON, JET, STANDARD = 0, 1, 2


def auction(stores, hands, **kw) -> g.State:
    """Action 7 of round 1 (Hudson $6,000, Jet $4,000, Standard $6,000 after the default dice).

    ``stores`` = {(player, company): chips}; ``hands`` = {player: (ones, twos)}; other hands are empty.
    """
    s = to_phase(R.MOVE, **kw)
    for p in range(s.n):
        ones, twos = hands.get(p, (0, 0))
        s = with_hand(s, p, ones, twos)
    for (p, c), chips in stores.items():
        s = with_storage(s, p, c, chips)
    return end_movement(s)


def test_action_7a_only_players_with_oil_stored_there_bid_start_player_first():
    s = auction({(RED, HUDSON): 1, (YELLOW, HUDSON): 2}, {RED: (3, 0), BLUE: (5, 5), YELLOW: (3, 0)})
    assert s.phase == R.BID and s.auc_company == HUDSON
    assert s.auc_eligible == (RED, YELLOW) and s.current_player() == RED
    assert "Red, Yellow may bid" in events_text(s)


def test_action_7a_the_next_eligible_player_opens_when_the_start_player_has_no_oil():
    s = auction({(GREEN, HUDSON): 1, (BLUE, HUDSON): 1}, {BLUE: (3, 0), GREEN: (3, 0)})
    assert s.current_player() == BLUE and s.auc_eligible == (BLUE, GREEN)


def test_action_7a_bids_rise_a_pass_drops_out_the_last_bidder_wins_and_pays_then_sells():
    s = auction({(RED, HUDSON): 2, (BLUE, HUDSON): 1, (YELLOW, HUDSON): 1},
                {RED: (4, 0), BLUE: (2, 1), YELLOW: (1, 0)})
    assert s.legal_actions() == [Bid(k) for k in range(1, 9)] + [Pass()]
    s = s.apply(Bid(2))
    assert s.current_player() == BLUE and s.legal_actions()[0] == Bid(3)
    with pytest.raises(g.IllegalAction, match="higher than 2"):
        s.apply(Bid(2))
    s = s.apply(Bid(3))
    # Yellow holds one card: no bid above 2 could be paid, so Yellow passes by itself
    assert s.current_player() == RED and "Yellow cannot outbid the bid of 3 and passes" in events_text(s)
    s = s.apply(Bid(4)).apply(Pass())
    assert s.phase == R.SELL and s.current_player() == RED
    assert s.licenses(RED) == (0, 0) and s.lic_disc == (4, 0)
    assert s.legal_actions() == [Sell(0), Sell(1), Sell(2)]
    bank = s.bank
    t = s.apply(Sell(2))
    assert t.money[RED] == 15000 + 2 * 6000 and t.bank == bank - 12000 and t.stored(RED, HUDSON) == 0
    assert "sells 2 chips to Hudson Oil Industries at $6,000 each for $12,000" in events_text(t)
    conservation(t)


def test_action_7a_the_winner_chooses_how_to_pay_when_several_combinations_fit():
    assert payments(3, 2, 4) == ((0, 2), (2, 1))
    s = auction({(RED, HUDSON): 1}, {RED: (3, 2)})
    s = s.apply(Bid(4))
    assert s.phase == R.PAY and s.legal_actions() == [PayLicenses(0, 2), PayLicenses(2, 1)]
    with pytest.raises(g.IllegalAction, match="without change"):
        s.apply(PayLicenses(4, 0))
    t = s.apply(PayLicenses(2, 1))
    assert t.licenses(RED) == (1, 1) and t.phase == R.SELL


def test_action_7b_only_2s_and_an_odd_bid_overpay_without_change():
    assert payments(0, 3, 3) == ((0, 2),)
    s = auction({(RED, HUDSON): 1}, {RED: (0, 3)})
    s = s.apply(Bid(3))
    assert s.phase == R.SELL and s.licenses(RED) == (0, 1) and s.lic_disc == (0, 2)
    assert "only 2s: 1 overpaid, no change" in events_text(s)


def test_action_7a_ruling_bids_above_the_own_hand_are_allowed_up_to_twice_the_cards():
    s = auction({(RED, HUDSON): 1, (BLUE, HUDSON): 1}, {RED: (2, 0), BLUE: (3, 0)})
    assert Bid(4) in s.legal_actions() and Bid(5) not in s.legal_actions()  # two cards: at most 4
    with pytest.raises(g.IllegalAction, match="at most 4 \\(the kit's house rule G5: twice Red's 2 license cards\\)"):
        s.apply(Bid(5))


def test_action_7a_variant_bluff_bids_allows_bids_up_to_the_most_any_hand_could_pay():
    """Ruling G5, the other reading: the rulebook sets no largest bid, so with ``bluff_bids`` a player holding
    cards may bid up to 117 (39 ones and 39 twos), a bluff the others cannot see through from the card count."""
    top = g.COMPONENTS.license_ones + 2 * g.COMPONENTS.license_twos
    assert top == 117
    s = auction({(RED, HUDSON): 1, (BLUE, HUDSON): 1, (YELLOW, HUDSON): 1}, {RED: (2, 0), BLUE: (1, 0)},
                bluff_bids=True)
    assert s.legal_actions() == [Bid(k) for k in range(1, top + 1)] + [Pass()]
    with pytest.raises(g.IllegalAction, match=f"at most {top} \\(the most any hand could pay\\)"):
        s.apply(Bid(top + 1))
    s = s.apply(Bid(top))
    # Blue's one card could never pay more; Yellow holds no card: both pass by themselves, Red wins
    text = events_text(s)
    assert f"Blue cannot outbid the bid of {top} and passes: no hand could pay more (all 78 licenses in the box " \
           f"are worth {top})" in text
    assert "Yellow holds no license cards, so cannot bid, and passes" in text
    assert s.phase == R.PENALTY and "cannot pay it" in text
    t = s.apply(DiscardLicenses(1, 0))
    assert t.licenses(RED) == (1, 0) and t.phase == R.BID and t.auc_high == 0


def test_action_7a_variant_bluff_bids_a_player_without_licenses_still_cannot_bid():
    """With no cards the penalty would take nothing and the repeated auction could go on for ever."""
    s = auction({(RED, HUDSON): 1, (BLUE, HUDSON): 1}, {BLUE: (2, 0)}, bluff_bids=True)
    assert s.current_player() == BLUE and "Red holds no license cards, so cannot bid" in events_text(s)
    assert s.legal_actions()[-2:] == [Bid(117), Pass()]


def test_action_7a_a_winner_who_cannot_pay_loses_half_the_cards_rounded_up_and_the_auction_is_repeated():
    s = auction({(RED, HUDSON): 1, (BLUE, HUDSON): 1}, {RED: (2, 1), BLUE: (3, 0)})
    s = s.apply(Bid(5)).apply(Pass())  # Red bids 5 holding 4, Blue passes
    assert s.phase == R.PENALTY and s.is_chance()
    outcomes = dict(s.chance_outcomes())
    # 3 cards -> 2 discarded at random from (1, 1, 2): no 2 with probability 1/3, one 2 with 2/3
    assert outcomes == pytest.approx({DiscardLicenses(2, 0): 1 / 3, DiscardLicenses(2, 1): 2 / 3})
    assert "cannot pay it" in events_text(s)
    t = s.apply(DiscardLicenses(2, 1))
    assert t.licenses(RED) == (1, 0) and t.lic_disc == (1, 1)
    assert t.phase == R.BID and t.auc_company == HUDSON and t.auc_high == 0 and t.auc_bidder == -1
    assert t.current_player() == RED and "the auction at Hudson Oil Industries is repeated" in events_text(t)
    conservation(t)


def test_action_7a_all_may_pass_no_sale():
    s = auction({(RED, HUDSON): 1, (BLUE, JET): 1}, {RED: (3, 0), BLUE: (3, 0)})
    t = s.apply(Pass())
    assert t.auc_company == JET and t.current_player() == BLUE
    assert "Everyone passed: no sale at Hudson Oil Industries" in events_text(t)
    assert t.stored(RED, HUDSON) == 1


def test_action_7a_a_lone_bidder_must_still_bid_at_least_1():
    s = auction({(RED, HUDSON): 1}, {RED: (3, 0)})
    assert s.legal_actions()[0] == Bid(1)
    t = s.apply(Bid(1))
    assert t.phase == R.SELL


def test_action_7a_a_player_without_licenses_cannot_bid():
    s = auction({(RED, HUDSON): 1, (BLUE, HUDSON): 1}, {BLUE: (2, 0)})
    assert s.current_player() == BLUE and "Red holds no license cards, so cannot bid" in events_text(s)


def test_action_7_three_auctions_in_company_order():
    s = auction({(RED, HUDSON): 1, (RED, JET): 1, (RED, STANDARD): 1}, {RED: (6, 0)})
    seen = []
    while s.phase in (R.BID, R.SELL):
        if s.phase == R.BID:
            seen.append(s.auc_company)
            s = s.apply(Bid(1))
        else:
            s = s.apply(Sell(1))
    assert seen == [HUDSON, JET, STANDARD]
    assert s.money[RED] == 15000 + 6000 + 4000 + 6000


def test_action_8_overfill_each_excess_chip_returns_for_1000():
    s = auction({(RED, HUDSON): 4, (BLUE, JET): 3}, {})
    # nobody holds licenses: no sales; then Action 8 and Action 9
    assert s.phase == R.ROLL and s.round == 2
    assert s.stored(RED, HUDSON) == 2 and s.stored(BLUE, JET) == 2
    assert s.money[RED] == 17000 and s.money[BLUE] == 16000
    text = events_text(s)
    assert "the supply takes back 2 excess chips for $1,000 each" in text
    conservation(s)


def test_action_9_the_die_passes_to_the_left():
    s = auction({}, {})
    assert s.start == BLUE and s.round == 2 and s.phase == R.ROLL
    assert "Red passes the die to Blue, who starts round 2" in events_text(s)
