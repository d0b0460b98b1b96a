"""Setup and Actions 1-3: the tiles, market prices, action cards and sales licenses."""
from __future__ import annotations

import pytest

import giganten as g
from giganten import rules as R
from giganten.actions import DealTile, DrawLicenses, RevealCard, RollPrice, TakeCard
from giganten.components import CARDS, SITES
from giganten.rules.cards import RED_TYPES

from .helpers import BLUE, GREEN, RED, YELLOW, advance, at, beige, dealt, draw_all, edit, events_text, red, to_phase
from .invariants import conservation


# -- Setup ---------------------------------------------------------------------------------------------


def test_setup_four_players_deal_36_tiles_one_chance_node_per_space():
    s = g.new_game(4)
    assert s.is_chance() and s.current_player() is None
    assert dict(s.chance_outcomes()) == pytest.approx({DealTile(2): 1 / 3, DealTile(3): 1 / 3, DealTile(4): 1 / 3})
    nodes = 0
    while s.phase == R.DEAL:
        nodes += 1
        s = s.apply(s.chance_outcomes()[0][0])
    assert nodes == 36 and all(x == 1 for x in s.site_state)
    values = sorted(s.site_value[i] for i in range(36) if SITES[i].kind == 2)
    assert values == [2] * 6 + [5] * 6


def test_setup_probabilities_follow_the_tiles_left_of_that_kind():
    s = g.new_game(4)
    for _ in range(4):  # the first four one-derrick spaces get the four tiles with 2 oil
        assert SITES[s.cursor].kind == 1
        s = s.apply(DealTile(2))
    assert dict(s.chance_outcomes()) == pytest.approx({DealTile(3): 0.5, DealTile(4): 0.5})
    with pytest.raises(g.IllegalAction, match="not a possible outcome"):
        s.apply(DealTile(2))


def test_setup_three_players_the_spaces_marked_for_three_players_stay_empty():
    s = g.new_game(3)
    nodes = 0
    while s.phase == R.DEAL:
        nodes += 1
        assert not SITES[s.cursor].three_player
        s = s.apply(s.chance_outcomes()[-1][0])
    assert nodes == 30
    empty = [i for i in range(36) if s.site_state[i] == 0]
    assert sorted(SITES[i].kind for i in empty) == [1, 1, 2, 2, 3, 3]
    assert all(SITES[i].three_player for i in empty)
    assert "the 6 spaces marked for three players stay empty; 6 tiles go back to the box unseen" in events_text(s)
    # observation shows no tile on those spaces
    shown = {(x["row"], x["col"]) for x in s.observation(0)["sites"]}
    assert all((SITES[i].row, SITES[i].col) not in shown for i in empty)


def test_setup_start_values():
    s = dealt(4)
    assert s.money == (15000,) * 4 and s.prices == (7, 7, 7) and s.supply == 60
    assert s.lic_draw == (39, 39) and s.derricks_left == (5,) * 4 and s.black == 0 and s.locos == (0,) * 4
    assert s.trucks == (-1,) * 4 and s.start == RED and s.round == 1
    conservation(s)


def test_option_first_player_names_the_first_start_player():
    """Setup 10: "Now determine a starting player."  Option ``first_player``: that seat takes the die, starts
    round 1 (rolls, reveals, takes a card first) and passes the die to the left; seat 0 by default."""
    s = dealt(4, first_player=GREEN)
    assert s.start == GREEN and s.order() == [GREEN, RED, BLUE, YELLOW]
    assert "Green is the first start player and takes the die" in events_text(s)
    assert "Green rolls" in events_text(s.apply(RollPrice("blue", 2)))
    assert to_phase(R.TAKE, first_player=BLUE).current_player() == BLUE
    one_round = advance(dealt(3, first_player=YELLOW), lambda t: t.round == 2)
    assert one_round.start == 0 and "Yellow passes the die to Red, who starts round 2" in events_text(one_round)
    assert g.new_game(4).options["first_player"] == 0 and dealt(4).start == RED
    saved = advance(s, at(R.MOVE)).to_json()
    assert g.from_json(saved).start == GREEN and g.from_json(saved).options["first_player"] == GREEN
    for bad in (4, -1):
        with pytest.raises(ValueError, match="first_player must be a seat from 0 to 3"):
            g.new_game(4, first_player=bad)
    with pytest.raises(ValueError, match="first_player"):
        g.new_game(3, first_player=True)  # a seat is an int, not a switch


# -- Action 1 ---------------------------------------------------------------------------------------------


def test_action_1_one_roll_per_company_in_order_six_faces():
    s = dealt(4)
    for company in range(3):
        assert s.phase == R.ROLL and s.cursor == company
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
        s = s.apply(RollPrice("blue", 3) if company != 1 else RollPrice("red", 4))
    assert s.prices == (10, 3, 10)
    assert [e.section for e in s.events] == [R.A1]
    assert "rolls blue 3 for US Standard Oil Trust: $5,000 -> $6,500 (in the white zone a blue number moves " \
           "the marker up)" in events_text(s)


def test_action_1_zone_borders_in_play():
    s = edit(dealt(4), prices=[4, 5, 11])  # $3,500 (red zone), $4,000 (white), $7,000 (blue)
    s = s.apply(RollPrice("red", 4)).apply(RollPrice("red", 4)).apply(RollPrice("blue", 4))
    assert s.prices == (8, 1, 7)


# -- Action 2 -------------------------------------------------------------------------------------------------


def test_action_2a_red_card_by_pile_composition_advances_the_black_locomotive_at_once():
    s = advance(dealt(4), at(R.RED))
    outcomes = dict(s.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1)
    assert set(outcomes) == {RevealCard(t) for t in RED_TYPES}
    assert outcomes[RevealCard(red(3, "oil", 1, licenses=3))] == pytest.approx(2 / 12)
    assert outcomes[RevealCard(red(3, "back", 5))] == pytest.approx(1 / 12)
    t = s.apply(RevealCard(red(3, "back", 5)))
    assert t.black == 3 and t.phase == R.BEIGE and "the black locomotive advances 3 spaces (0 -> 3)" in events_text(t)


def test_action_2b_c_beige_cards_as_many_as_players_taken_in_order_the_last_to_its_discard_pile():
    s = advance(dealt(4), at(R.BEIGE), [RollPrice("blue", 2)] * 3 + [RevealCard(red(2, "oil", 1))])
    outcomes = dict(s.chance_outcomes())
    assert outcomes[RevealCard(beige(5, 8))] == pytest.approx(6 / 30)
    for card in (beige(5, 8), beige(4, 10), beige(6, 6), beige(8, 3)):
        s = s.apply(RevealCard(card))
    assert s.phase == R.TAKE and len(s.display) == 5 and s.current_player() == RED
    red_card = red(2, "oil", 1)
    s = s.apply(TakeCard(red_card))  # the red card may be taken too
    assert s.black == 2  # its advance was applied when it was revealed, not again
    s = s.apply(TakeCard(beige(8, 3))).apply(TakeCard(beige(6, 6)))
    assert s.current_player() == GREEN
    s = s.apply(TakeCard(beige(5, 8)))
    assert s.held == (red_card, beige(8, 3), beige(6, 6), beige(5, 8))
    assert s.card_disc[beige(4, 10)] == 1 and s.phase == R.LICENSE
    conservation(s)


def test_action_2c_a_card_not_on_display_cannot_be_taken():
    s = to_phase(R.TAKE)
    with pytest.raises(g.IllegalAction, match="not on display"):
        s.apply(TakeCard(beige(7, 4)))


def test_action_2_an_exhausted_pile_is_refilled_from_its_discards():
    s = advance(dealt(4), at(R.RED))
    # one beige card left in the pile, the other 29 on the discard pile
    draw = [0] * len(CARDS)
    disc = [t.copies if t.color == "beige" else 0 for t in CARDS]
    draw[beige(8, 3)], disc[beige(8, 3)] = 1, 0
    for t in RED_TYPES:
        draw[t] = CARDS[t].copies
    s = edit(s, card_draw=draw, card_disc=disc)
    s = s.apply(RevealCard(red(2, "oil", 1)))
    assert s.chance_outcomes() == [(RevealCard(beige(8, 3)), 1.0)]
    s = s.apply(RevealCard(beige(8, 3)))
    assert "The beige action card pile is used up: its 29 discarded cards are shuffled" in events_text(s)
    outcomes = dict(s.chance_outcomes())
    assert RevealCard(beige(8, 3)) not in outcomes
    assert outcomes[RevealCard(beige(5, 8))] == pytest.approx(6 / 29)
    conservation(s)


def test_end_of_game_the_game_ends_at_once_when_the_black_locomotive_reaches_the_harbour_mid_round():
    s = edit(advance(dealt(4), at(R.RED)), black=18)
    t = s.apply(RevealCard(red(2, "oil", 1)))
    assert t.is_terminal() and t.black == 20 and t.current_player() is None
    assert t.display == (red(2, "oil", 1),) and t.legal_actions() == []
    assert "no further actions are carried out" in events_text(t)
    with pytest.raises(g.IllegalAction, match="over"):
        t.apply(RevealCard(beige(5, 8)))
    conservation(t)


# -- Action 3 -------------------------------------------------------------------------------------------------


def test_action_3_each_player_draws_the_cards_number_secretly_hypergeometric():
    s = to_phase(R.LICENSE, cards=[beige(5, 8), beige(4, 10), beige(6, 6), beige(8, 3)])
    outcomes = dict(s.chance_outcomes())
    assert set(outcomes) == {DrawLicenses(5, k) for k in range(6)}
    assert outcomes[DrawLicenses(5, 0)] == pytest.approx(575757 / 21111090, rel=1e-6)  # C(39,5)/C(78,5)
    s = draw_all(s, [2, 0, 6, 8])
    assert [s.licenses(p) for p in range(4)] == [(3, 2), (4, 0), (0, 6), (0, 8)] and s.phase == R.MOVE
    assert "Green draws 8 sales licenses (now 8 cards; their values stay secret)." in events_text(s)
    conservation(s)


def licenses_after_taking(**piles) -> g.State:
    """Round 1: the piles edited just before Action 3, then everyone takes a card (Red needs 5)."""
    cards = [beige(5, 8), beige(4, 10), beige(6, 6), beige(8, 3)]
    s = edit(to_phase(R.TAKE, cards=cards), **piles)
    for c in cards:
        s = s.apply(TakeCard(c))
    return s


def test_action_3_the_discard_pile_is_shuffled_in_when_the_pile_runs_out_mid_draw():
    s = licenses_after_taking(lic_draw=[1, 1], lic_disc=[20, 18], licenses={BLUE: (18, 20)})  # Blue holds the rest
    # Red needs 5: the two cards left are drawn (no chance needed), the discards become the new pile,
    # and the other three are a chance node over the new pile
    assert s.licenses(RED) == (1, 1) and s.lic_disc == (0, 0)
    assert "the 38 face-up discarded licenses are shuffled and become the new pile" in events_text(s)
    outcomes = dict(s.chance_outcomes())
    assert set(outcomes) == {DrawLicenses(3, k) for k in range(4)}
    assert outcomes[DrawLicenses(3, 3)] == pytest.approx((18 * 17 * 16) / (38 * 37 * 36))
    s = s.apply(DrawLicenses(3, 1))
    assert s.licenses(RED) == (3, 2) and s.lic_draw == (18, 17)
    conservation(s)


def test_action_3_when_both_piles_are_empty_the_player_draws_what_there_is():
    s = licenses_after_taking(lic_draw=[0, 0], licenses={BLUE: (39, 39)})
    assert s.phase == R.MOVE and [s.licenses(p) for p in range(4)] == [(0, 0), (39, 39), (0, 0), (0, 0)]
    assert "Both license piles are empty (every license is in a hand): Red cannot draw the 5 missing" \
        in events_text(s)
    conservation(s)


def test_action_2_three_players_reveal_three_beige_cards_and_one_card_is_left_over():
    s = advance(dealt(3), at(R.BEIGE))
    reveals = 0
    while s.phase == R.BEIGE:
        s = s.apply(s.chance_outcomes()[0][0])
        reveals += 1
    assert reveals == 3 and len(s.display) == 4 and s.phase == R.TAKE
    while s.phase == R.TAKE:
        s = s.apply(s.legal_actions()[-1])
    assert all(card >= 0 for card in s.held) and sum(s.card_disc) == 1
    conservation(s)
