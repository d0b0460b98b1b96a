"""Action 6 — Produce and Transport Oil (including locomotive ties)."""
from __future__ import annotations

import pytest

import giganten as g
from giganten import rules as R
from giganten.actions import LetChipGo, Transport

from .helpers import BLUE, GREEN, RED, YELLOW, edit, end_movement, events_text, site, to_phase, with_derrick
from .invariants import conservation


def producing(derricks, locos=None, black=None, **changes) -> g.State:
    """Action 6 of round 1; ``derricks`` = [(row, col, owner, oil)]."""
    s = to_phase(R.MOVE)
    for row, col, owner, oil in derricks:
        s = with_derrick(s, row, col, owner, oil)
    s = edit(s, locos=locos or {}, **({"black": black} if black is not None else {}), **changes)
    return end_movement(s)


def test_action_6_own_locomotive_level_with_the_derrick_ships_free_into_any_own_storage():
    s = producing([(3, 2, RED, 3)], locos={RED: 2})
    assert s.phase == R.PRODUCE and s.current_player() == RED
    assert s.legal_actions() == [Transport(0, "own"), Transport(1, "own"), Transport(2, "own")]
    t = s.apply(Transport(1, "own"))
    assert t.stored(RED, 1) == 1 and t.site_oil[site(3, 2)] == 2 and t.money[RED] == 15000
    assert "free transport" in events_text(t)
    with pytest.raises(g.IllegalAction, match="free"):
        s.apply(LetChipGo())  # the own locomotive must carry it


def test_action_6_black_locomotive_carries_for_3000_to_the_bank():
    s = producing([(2, 12, RED, 5)], locos={RED: 3}, black=12)
    assert s.legal_actions() == [Transport(c, "black") for c in range(3)] + [LetChipGo()]
    bank = s.bank
    t = s.apply(Transport(0, "black"))
    assert t.money[RED] == 12000 and t.bank == bank + 3000 and t.stored(RED, 0) == 1
    conservation(t)


def test_action_6_the_furthest_ahead_opponent_carries_and_is_paid():
    s = producing([(2, 12, RED, 5)], locos={RED: 3, BLUE: 14, YELLOW: 13, GREEN: 2}, black=5)
    assert s.legal_actions() == [Transport(c, "rival") for c in range(3)] + [LetChipGo()]
    t = s.apply(Transport(2, "rival"))
    assert t.money[RED] == 12000 and t.money[BLUE] == 18000 and t.money[YELLOW] == 15000
    text = events_text(t)
    assert "Red pays $3,000 to Blue: Red's locomotive is behind the derrick in column 12, the black locomotive " \
           "is behind it too, and Blue's locomotive (space 14) is the furthest ahead" in text
    assert R.A6 in {e.section for e in t.events}


def test_action_6_tied_opponents_split_the_fee():
    s = producing([(2, 12, RED, 5)], locos={RED: 3, BLUE: 14, YELLOW: 14, GREEN: 2}, black=5)
    t = s.apply(Transport(0, "rival"))
    assert t.money[BLUE] == t.money[YELLOW] == 16500 and t.money[RED] == 12000
    s = producing([(2, 12, RED, 5)], locos={RED: 3, BLUE: 14, YELLOW: 14, GREEN: 14}, black=5)
    t = s.apply(Transport(0, "rival"))
    assert t.money == (12000, 16000, 16000, 16000)
    conservation(t)


def test_action_6_ruling_a_fee_remainder_goes_to_the_first_tied_opponent_clockwise():
    from giganten.rules.production import _pay

    s = producing([(2, 12, RED, 5)], locos={RED: 3, BLUE: 14, YELLOW: 14}, black=5)
    t = s._copy()
    shares = _pay(t, GREEN, [RED, BLUE], 3001)
    assert shares == [(RED, 1501), (BLUE, 1500)]


def test_action_6_with_black_and_an_opponent_far_enough_the_player_chooses():
    s = producing([(2, 12, RED, 5)], locos={RED: 3, BLUE: 16}, black=13)
    legal = s.legal_actions()
    assert Transport(0, "black") in legal and Transport(0, "rival") in legal and LetChipGo() in legal
    assert s.apply(Transport(0, "black")).money[BLUE] == 15000
    assert s.apply(Transport(0, "rival")).money[BLUE] == 18000


def test_action_6_no_locomotive_far_enough_the_chip_is_lost():
    s = producing([(2, 12, RED, 5), (3, 2, BLUE, 3)], locos={RED: 3, BLUE: 2}, black=5)
    # Red's chip is lost at once (no choice); Blue decides next
    assert s.current_player() == BLUE
    assert s.site_oil[site(2, 12)] == 4 and s.supply == 60 - 5 - 3 + 1
    assert "The chip is lost" in events_text(s)
    conservation(s)


def test_action_6_forgoing_the_paid_transport_returns_the_chip():
    s = producing([(2, 12, RED, 5)], locos={RED: 3}, black=12)
    supply = s.supply
    t = s.apply(LetChipGo())
    assert t.supply == supply + 1 and t.money[RED] == 15000 and t.stored(RED, 0) == 0


def test_action_6_no_credit_for_transport():
    s = producing([(2, 12, RED, 5)], locos={RED: 3}, black=12, money={RED: 2500})
    assert s.phase != R.PRODUCE or s.current_player() != RED
    assert "less than the $3,000 transport fee" in events_text(s)


def test_action_6_an_emptied_derrick_returns_to_its_owner():
    s = producing([(3, 2, RED, 1)], locos={RED: 2})
    i = site(3, 2)
    assert s.site_state[i] == 0 and s.site_owner[i] == -1 and s.derricks_left[RED] == 5
    assert "the emptied derrick goes back to Red" in events_text(s)
    t = s.apply(Transport(0, "own"))
    assert t.stored(RED, 0) == 1
    conservation(t)


def test_action_6_each_derrick_west_to_east_own_locomotive_covers_some_not_others():
    s = producing([(3, 2, RED, 3), (2, 12, RED, 5)], locos={RED: 5, BLUE: 12}, black=4)
    assert s.chip_site == site(3, 2) and s.legal_actions()[0].via == "own"
    s = s.apply(Transport(0, "own"))
    assert s.chip_site == site(2, 12) and Transport(0, "rival") in s.legal_actions()


def test_action_6_players_produce_in_order_from_the_start_player():
    s = producing([(3, 2, YELLOW, 3), (0, 3, BLUE, 2), (2, 4, RED, 2)], locos={RED: 9, BLUE: 9, YELLOW: 9})
    order = []
    while s.phase == R.PRODUCE:
        order.append(s.current_player())
        s = s.apply(Transport(0, "own"))
    assert order == [RED, BLUE, YELLOW]
