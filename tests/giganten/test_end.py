"""End of Game: derrick bonus by locomotive rank (with its tie-breaks) and $1,000 per chip left."""
from __future__ import annotations

import giganten as g
from giganten import rules as R
from giganten.actions import RevealCard

from .helpers import BLUE, GREEN, RED, YELLOW, advance, at, dealt, edit, events_text, red, with_derrick, with_hand, \
    with_storage
from .invariants import conservation

LAST_RED = red(2, "oil", 1)


def ending(players=4, derricks=(), hands=None, stores=None, options=None, **changes) -> g.State:
    """The red card that takes the black locomotive from 18 into the harbour, with the position edited."""
    s = edit(advance(dealt(players, **(options or {})), at(R.RED)), black=18, **changes)
    for row, col, owner, oil in derricks:
        s = with_derrick(s, row, col, owner, oil)
    for p, (ones, twos) in (hands or {}).items():
        s = with_hand(s, p, ones, twos)
    for (p, c), chips in (stores or {}).items():
        s = with_storage(s, p, c, chips)
    t = s.apply(RevealCard(LAST_RED))
    assert t.is_terminal()
    conservation(t)
    return t


def test_end_of_game_derricks_pay_by_locomotive_rank_and_chips_1000_each():
    t = ending(derricks=[(3, 2, RED, 3), (0, 3, RED, 2), (2, 12, BLUE, 5), (0, 11, YELLOW, 4)],
               stores={(GREEN, 0): 2, (RED, 1): 1}, locos=[10, 12, 8, 5])
    assert t.final_accounting == [
        {"player": BLUE, "rank": 1, "derricks": 1, "bonus_per_derrick": 5000, "chips": 5, "paid": 10000},
        {"player": RED, "rank": 2, "derricks": 2, "bonus_per_derrick": 4000, "chips": 6, "paid": 14000},
        {"player": YELLOW, "rank": 3, "derricks": 1, "bonus_per_derrick": 3000, "chips": 4, "paid": 7000},
        {"player": GREEN, "rank": 4, "derricks": 0, "bonus_per_derrick": 2000, "chips": 2, "paid": 2000},
    ]
    assert t.returns() == [29000.0, 25000.0, 22000.0, 17000.0]
    assert "The Giant: Red." in events_text(t)


def test_end_of_game_ruling_locomotive_ties_go_to_the_higher_license_value_not_the_card_count():
    # Red holds 4 cards worth 4, Blue 3 cards worth 6: Blue has "more sales licenses" by value
    t = ending(derricks=[(3, 2, RED, 3), (2, 12, BLUE, 5)], hands={RED: (4, 0), BLUE: (0, 3)}, locos=[10, 10, 2, 1])
    ranks = {row["player"]: row["rank"] for row in t.final_accounting}
    assert ranks == {BLUE: 1, RED: 2, YELLOW: 3, GREEN: 4}


def test_end_of_game_variant_tie_by_license_cards_counts_the_cards_not_their_value():
    """Ruling G2, the other reading: "more sales licenses" as more cards.  The position of the test above:
    Red's 4 cards (worth 4) now beat Blue's 3 (worth 6); equal card counts go to the round's order."""
    option = {"tie_by_license_cards": True}
    t = ending(derricks=[(3, 2, RED, 3), (2, 12, BLUE, 5)], hands={RED: (4, 0), BLUE: (0, 3)}, locos=[10, 10, 2, 1],
               options=option)
    ranks = {row["player"]: row["rank"] for row in t.final_accounting}
    assert ranks == {RED: 1, BLUE: 2, YELLOW: 3, GREEN: 4}
    text = events_text(t)
    assert "Red's locomotive (space 10) is ranked 1 (tied with Blue: more sales licenses, 4 cards against 3)" in text
    assert "Blue's locomotive (space 10) is ranked 2 (tied with Red: fewer sales licenses, 3 cards against 4)" in text
    t = ending(hands={RED: (3, 0), BLUE: (0, 3)}, locos=[10, 10, 2, 1], options=option)
    assert "Blue's locomotive (space 10) is ranked 2 (tied with Red, 3 license cards each: Blue comes later in the " \
           "order of the interrupted round, which Red started)" in events_text(t)
    t = ending(hands={RED: (3, 0), BLUE: (0, 2), YELLOW: (1, 1)}, locos=[6, 6, 6, 1], options=option)
    assert "ranked by number of license cards (Red 3, Blue 2, Yellow 2)" in events_text(t)


def test_end_of_game_still_tied_the_order_of_the_interrupted_round_from_its_start_player_decides():
    # the interrupted round was started by Blue: order Blue, Yellow, Green, Red
    t = ending(derricks=[(3, 2, RED, 3), (0, 11, YELLOW, 4)], hands={RED: (2, 1), YELLOW: (0, 2)},
               locos=[6, 1, 6, 1], start=BLUE)
    ranks = {row["player"]: row["rank"] for row in t.final_accounting}
    assert ranks[YELLOW] == 1 and ranks[RED] == 2
    assert ranks[BLUE] == 3 and ranks[GREEN] == 4  # Blue and Green tie too: Blue comes first in the order


def test_end_of_game_three_players_bonuses_5000_4000_3000():
    t = ending(players=3, derricks=[(3, 2, RED, 1), (0, 3, BLUE, 1), (0, 5, YELLOW, 1)], locos=[3, 2, 1])
    assert [(row["player"], row["bonus_per_derrick"]) for row in t.final_accounting] == [
        (RED, 5000), (BLUE, 4000), (YELLOW, 3000)]
