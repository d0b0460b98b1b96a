"""Independent rules review: what a student reads must be true, plain English and name the right rule.

Each test pins a point found while reading the engine against the English rulebook line by line, playing
seeded games and reading their event logs and illegal-action messages.
"""
from __future__ import annotations

import pytest

import giganten as g
from giganten import rules as R
from giganten.actions import AdvanceLocomotive, Bid, EndMovement, PlaceTruck, Sell, Step, Transport
from giganten.components import CARDS, COMPONENTS

from .helpers import BLUE, GREEN, RED, YELLOW, beige, edit, end_movement, events_text, red, to_phase, with_derrick, \
    with_hand, with_storage
from .test_end import ending

JET = 1


def rejection(state: g.State, action) -> g.IllegalAction:
    with pytest.raises(g.IllegalAction) as caught:
        state.apply(action)
    return caught.value


# -- illegal-action messages ------------------------------------------------------------------------


def test_action_7b_an_illegal_sale_names_the_company_in_a_clean_sentence():
    """Action 7 b): 'stored at Jet Oil Inc..' had a doubled full stop (events are cleaned, errors were not)."""
    s = to_phase(R.MOVE)
    s = with_hand(with_storage(s, RED, JET, 1), RED, 2, 0)
    s = end_movement(s).apply(Bid(1))
    assert s.phase == R.SELL
    error = rejection(s, Sell(5))
    assert error.rule == R.A7B
    assert "Inc.." not in str(error)
    assert "1 chip" in error.message and "Jet Oil Inc." in error.message and "0 to 1" in error.message


def test_action_4c_an_unaffordable_rail_space_says_1_point_not_1_points():
    """Action 4 c): the message counts the points in plain English."""
    s = edit(to_phase(R.MOVE), locos={RED: 9}, mp=1)
    error = rejection(s, AdvanceLocomotive())
    assert error.rule == R.A4C
    assert "costs 2 points and Red has 1 point left" in error.message


def test_action_4a_a_step_off_the_board_says_which_way_and_why():
    """Action 4 a): the truck on the west edge cannot move west -- the message says so in words."""
    s = to_phase(R.MOVE).apply(PlaceTruck(3))
    error = rejection(s, Step("W"))
    assert error.rule == R.A4A
    assert "cannot move west from (3, 0): that square is off the board" in error.message
    error = rejection(s, Step("X"))
    assert "'X' is not a direction" in error.message and "N, E, S or W" in error.message


def test_action_6_an_illegal_transport_is_a_full_sentence():
    """Action 6: every reason ends with a full stop before 'Allowed instead'."""
    s = producing({RED: 3}, black=12)
    assert s.phase == R.PRODUCE and s.current_player() == RED
    for bad in (Transport(0, "own"), Transport(0, "rival"), Transport(5, "black")):
        error = rejection(s, bad)
        assert error.rule == R.A6 and error.message.endswith("."), error.message


# -- event sentences --------------------------------------------------------------------------------


def producing(locos, black):
    """Red's derrick at (2, 12) with 5 chips, the locomotives and the black one placed, then everyone ends movement."""
    s = to_phase(R.MOVE)
    s = with_derrick(s, 2, 12, RED, 5)
    return end_movement(edit(s, locos=locos, black=black))


def test_action_6_tied_opponents_are_named_as_equally_far_ahead_and_split_the_fee():
    """Action 6: "If several locomotives are equally far ahead, their owners split the proceeds"."""
    s = producing({RED: 3, BLUE: 14, YELLOW: 14, GREEN: 2}, black=5)
    text = events_text(s.apply(Transport(0, "rival")))
    assert "Red pays $1,500 to Blue and $1,500 to Yellow" in text
    assert "Blue's and Yellow's locomotives (space 14) are equally far ahead, so they split the fee" in text
    assert "Blue and Yellow's locomotive" not in text


def test_action_6_paying_an_opponent_when_the_black_locomotive_could_carry_says_so():
    """Action 6, bullet 3: the black locomotive "may also be paid" -- the player chose the opponent instead."""
    s = producing({RED: 3, BLUE: 16}, black=13)
    text = events_text(s.apply(Transport(0, "rival")))
    assert "Red pays $3,000 to Blue" in text
    assert "Blue's locomotive (space 16) is the furthest ahead" in text
    assert "the black locomotive (space 13) could have carried it for the same fee, paid to the bank" in text


def test_action_7a_the_automatic_pass_says_the_player_cannot_outbid_the_current_bid():
    """Action 7 a) with ruling G5: "Yellow cannot bid more than 3 (... no bid above 2 ...)" read as nonsense;
    the cap is the kit's house rule, and the event says so."""
    s = to_phase(R.MOVE)
    for p, hand in ((RED, (4, 0)), (BLUE, (2, 1)), (YELLOW, (1, 0))):
        s = with_hand(s, p, *hand)
    for p in (RED, BLUE, YELLOW):
        s = with_storage(s, p, 0, 1)
    s = end_movement(s).apply(Bid(2)).apply(Bid(3))
    text = events_text(s)
    assert ("Yellow cannot outbid the bid of 3 and passes: with 1 license card, no bid above 2 is allowed (the kit's "
            "house rule G5: at most twice the cards held, the most such a hand could pay)") in text


def test_end_of_game_rank_events_explain_a_tie_broken_by_licenses():
    """End of Game: "the player with more sales licenses moves into the better position" -- say so."""
    t = ending(derricks=[(3, 2, RED, 3), (2, 12, BLUE, 5)], hands={RED: (4, 0), BLUE: (0, 3)}, locos=[10, 10, 2, 1])
    text = events_text(t)
    assert "Blue's locomotive (space 10) is ranked 1 (tied with Red: more sales licenses, worth 6 against 4)" in text
    assert "Red's locomotive (space 10) is ranked 2 (tied with Blue: fewer sales licenses, worth 4 against 6)" in text
    assert "Yellow's locomotive (space 2) is ranked 3:" in text  # no tie, no note


def test_end_of_game_rank_events_explain_a_tie_broken_by_the_order_of_the_interrupted_round():
    """End of Game: "the order of the last round (starting with that round's starting player) decides"."""
    t = ending(derricks=[(3, 2, RED, 3), (0, 11, YELLOW, 4)], hands={RED: (2, 1), YELLOW: (0, 2)},
               locos=[6, 1, 6, 1], start=BLUE)
    text = events_text(t)
    assert ("Yellow's locomotive (space 6) is ranked 1 (tied with Red, licenses worth 4 each: Yellow comes "
            "earlier in the order of the interrupted round, which Blue started)") in text
    assert ("Red's locomotive (space 6) is ranked 2 (tied with Yellow, licenses worth 4 each: Red comes "
            "later in the order of the interrupted round, which Blue started)") in text


def test_end_of_game_a_three_way_tie_lists_the_license_values_in_rank_order():
    """End of Game: three locomotives on one space -- licenses first, then the interrupted round's order."""
    t = ending(derricks=[(3, 2, RED, 1)], hands={RED: (2, 0), BLUE: (0, 3), YELLOW: (0, 1)}, locos=[6, 6, 6, 1])
    ranks = {row["player"]: row["rank"] for row in t.final_accounting}
    assert ranks == {BLUE: 1, RED: 2, YELLOW: 3, GREEN: 4}
    assert ("Red's locomotive (space 6) is ranked 2 (tied with Blue and Yellow: ranked by license value "
            "(Blue 6, Red 2, Yellow 2), then by the order of the interrupted round, which Red started)") in events_text(t)


# -- documented numbers -----------------------------------------------------------------------------


def test_action_2a_the_red_deck_ends_the_game_in_round_8_9_or_10():
    """Action 2 a) with the estimated harbour (ruling G8): the docs must give the right number of rounds.

    The fastest order of the red pile reveals its biggest advances first, the slowest its smallest.
    """
    advances = sorted(t.black for t in CARDS if t.color == "red" for _ in range(t.copies))

    def cards_needed(order):
        total = 0
        for k, step in enumerate(order, 1):
            total += step
            if total >= COMPONENTS.harbour:
                return k
        raise AssertionError("the red pile never reaches the harbour")

    assert (cards_needed(advances[::-1]), cards_needed(advances)) == (8, 10)
    from pathlib import Path
    docs = Path(__file__).resolve().parents[2] / "docs"
    for name in ("rulings.md", "giganten-components.md"):
        assert "round 8, 9 or 10" in (docs / name).read_text(), name


# -- explanations in edge cases ---------------------------------------------------------------------


def test_action_4d_take_one_oil_chip_with_an_empty_supply_is_explained_and_the_turn_still_ends_by_itself():
    """Action 4 d) with ruling G3: with no chip in the supply the special action cannot be used -- say so at the
    start of the turn, and let the turn end by itself once every point is spent (as without a special)."""
    oil = red(3, "oil", 1, licenses=3)
    s = to_phase(R.MOVE, cards=[beige(3, 12), oil, beige(5, 8), beige(5, 8)], red_card=oil)
    s = edit(s, supply=0, storage={0: 60})
    s = s.apply(EndMovement())
    assert s.current_player() == BLUE
    assert "the supply is empty, so it cannot be used" in events_text(s)
    s = s.apply(PlaceTruck(0))
    for _ in range(4):
        s = s.apply(AdvanceLocomotive())
    assert s.current_player() == YELLOW and "all movement points used" in events_text(s)


def test_action_3_with_open_hands_the_draw_event_does_not_claim_the_values_are_secret():
    """Action 3 with the teaching variant open_licenses: the hands are public, so the event says what was drawn."""
    s = to_phase(R.LICENSE, open_licenses=True)
    t = s.apply(s.chance_outcomes()[-1][0])
    text = events_text(t)
    assert "secret" not in text and "open hands" in text and "of value 2" in text
    closed = to_phase(R.LICENSE)
    assert "their values stay secret" in events_text(closed.apply(closed.chance_outcomes()[-1][0]))


# -- hidden information -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_determinize_and_observation_depend_only_on_what_the_viewer_can_see(players):
    """Hidden information (Action 3 licenses; Action 4 b tiles, red two-derrick tiles above all): a twin
    position that differs only in what the viewer cannot see -- another determinization -- looks the same
    to the viewer, offers the viewer the same choices, and determinizes to exactly the same state from the
    same generator seed."""
    import random

    from gamekit import random_game, states_along

    end = random_game(g.new_game(players), 40 + players)
    rng = random.Random(players)
    for s in rng.sample(list(states_along(end)), 20):
        for viewer in range(players):
            twin = s.determinize(viewer, random.Random(rng.random()))
            assert twin.observation(viewer) == s.observation(viewer)
            if viewer == s.current_player():  # the choices never give away what the chooser cannot see
                assert twin.legal_actions() == s.legal_actions()
            seed = rng.random()
            assert twin.determinize(viewer, random.Random(seed)) == s.determinize(viewer, random.Random(seed))


def test_action_3_the_public_text_form_hides_every_license_hand_unless_hands_are_open():
    """Action 3: "Each player keeps their sales licenses secret" — the public text shows card counts only."""
    import random

    from gamekit import sample_chance
    from giganten.text import public_text

    for open_hands in (False, True):
        state = g.new_game(4, open_licenses=open_hands)
        rng = random.Random(5)
        while state.round < 3:
            state = state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
        text = public_text(state)
        for p in range(4):
            hand = "licenses {}x1 {}x2".format(*state.licenses(p))
            assert (hand in text) == open_hands
            assert (f"licenses {state.license_count(p)} cards" in text) != open_hands
            assert hand in str(state)
