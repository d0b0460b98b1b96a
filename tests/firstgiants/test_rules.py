"""Scenario tests pinning each rule of the turn, the museum, scoring and the end of the game.

Each test names the rulebook section it pins.  Card ids: see ``helpers`` (the reconstructed deck).
"""
from __future__ import annotations

import json

import pytest

import firstgiants as g
from firstgiants.rules import TAKE
from firstgiants.rules.museum import UNTYPED, MuseumSet
from gamekit.protocol import with_item

from .helpers import (
    FREE,
    GAIN2,
    OR_POINT,
    PER_FAMILY,
    PER_PAIR,
    card,
    egg,
    fx,
    play,
    position,
    texts,
)

#: Eight cards whose effects need no choice (gain amber), for tests about the turn order.
AUTOMATIC = [fx(f, GAIN2) for f in ("Flying", "Herbivore", "Carnivore", "Marine", "Mammal")] + [
    fx(f, PER_FAMILY) for f in ("Flying", "Herbivore", "Carnivore")]


# -- Setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, supply", [(2, 14), (3, 20), (4, 24), (5, 24)])
def test_setup_set_tokens_markers_amber_and_dealt_cards(players, supply):
    """Setup: Set tokens by player count (the rest stay in the box), 4 markers and 2 amber each,
    8 cards dealt face up (chance), the deck's top card public."""
    s = g.new_game(players)
    assert (s.set_supply, s.set_box) == (supply, 33 - supply)
    assert s.amber == [2] * players and all(s.markers_on_board(p) == 4 for p in range(players))
    assert s.news == (-1,) * 8  # all 8 News tokens in every player count (ruling), 2 players included
    for dealt in range(8):
        outcomes = s.chance_outcomes()
        assert s.is_chance() and s.current_player() is None
        assert len(outcomes) == 65 - dealt and all(p == pytest.approx(1 / (65 - dealt)) for _, p in outcomes)
        s = s.apply(outcomes[dealt][0])
    assert s.is_chance() and isinstance(s.chance_outcomes()[0][0], g.Reveal)  # the deck's top card
    s = s.apply(g.Reveal(40))
    assert s.top == 40 and len(s.deck) == 56 and s.current_player() == 0
    assert s.observation(1)["deck_top"] == 40  # the top card is public


def test_first_player_and_names_are_options():
    s = g.sample(g.new_game(3, first_player=2, names="Laura, Max, Nina"), seed=1)
    assert s.current_player() == 2 and "Nina's turn" in texts(s)
    with pytest.raises(ValueError, match="first_player"):
        g.new_game(3, first_player=3)
    with pytest.raises(ValueError, match="names"):
        g.new_game(3, names="Laura, Max")


# -- Game Turn: play 1 marker ---------------------------------------------------------------------
def test_play_a_marker_take_a_card_apply_it_then_refill_from_the_deck():
    """Play 1 Marker: place a marker, take 1 of the 2 cards, apply its effect, refill from the deck."""
    s = position(2, sites=[fx("Flying", GAIN2), card("Herbivore", 2)], top=40)
    s = s.apply(g.PlayMarker(0))
    assert s.phase == TAKE and s.legal_actions() == [g.TakeCard(0), g.TakeCard(card("Herbivore", 2))]
    s = s.apply(g.TakeCard(0))
    assert s.study[0] == (0,) and s.amber == [4, 3]  # gain 2 amber; each opponent gains 1 amber
    assert s.dig_site(0) == (40, card("Herbivore", 2))  # refilled with the deck's top card
    assert s.is_chance() and s.top == -1  # the next top card is revealed: a chance node
    s = s.apply(s.chance_outcomes()[0][0])
    assert s.current_player() == 1 and s.markers_at(0) == (0,)


def test_a_dig_site_already_holding_your_marker_is_refused():
    """Play 1 Marker: "place it at a Dig Site that does not already contain one of your markers"."""
    s = position(2, markers={0: [1], 1: [0]})
    assert g.PlayMarker(1) not in s.legal_actions() and g.PlayMarker(0) in s.legal_actions()
    before = s.fingerprint()
    with pytest.raises(g.IllegalAction) as info:
        s.apply(g.PlayMarker(1))
    assert info.value.rule == "Play 1 Marker" and "already holds Ana's marker" in info.value.message
    assert "play a marker at dig site 1" in info.value.allowed and s.fingerprint() == before


def test_only_a_card_of_that_dig_site_can_be_taken():
    """Play 1 Marker: "Take 1 of the 2 cards from that Dig Site" — the refusal names the card and the site."""
    s = position(2, sites=[card("Flying", 1), card("Marine", 2)]).apply(g.PlayMarker(0))
    before = s.fingerprint()
    with pytest.raises(g.IllegalAction) as info:
        s.apply(g.TakeCard(egg("Mammal")))
    assert info.value.rule == "Play 1 Marker" and s.fingerprint() == before
    assert info.value.message == "#64 Mammal egg is not at dig site 1: take one of the cards there."
    with pytest.raises(g.IllegalAction, match="not a card to take"):
        s.apply(g.Decline())


def test_reclaim_is_forced_when_no_marker_is_on_the_board():
    """Play 1 Marker: "If you have no markers on your board, then you must do the reclaim markers action"."""
    s = position(2, markers={0: [0, 1, 2, 3]}, amber={0: 0})
    assert all(s.markers_at(site) == () for site in range(4))
    assert "has no marker on the board, so must reclaim markers" in texts(s)
    # nothing to display (empty Study): each of the 4 markers gives 1 amber, forced too
    assert s.amber[0] == 4 and s.current_player() == 1


def test_play_is_forced_when_no_marker_is_at_a_dig_site():
    """Reclaim Markers: "If you have no markers at any Dig Sites, then you must do the play 1 marker action"."""
    s = position(2)
    assert g.Reclaim() not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="Reclaim Markers: Ana has no marker at any dig site"):
        s.apply(g.Reclaim())


def test_reclaim_choose_amber_or_display_per_marker_in_any_order():
    """Reclaim Markers: "For each marker reclaimed, choose ... Gain 1 amber OR Display 1 fossil ... in any order"."""
    medium = card("Flying", 2)
    s = position(2, markers={0: [0, 1]}, amber={0: 1}, study={0: [medium]})
    s = s.apply(g.Reclaim())
    # 1 amber cannot pay for a Medium fossil: the first marker can only give amber (forced)
    assert s.amber[0] == 2 and s.reclaim_left == 1
    assert s.legal_actions() == [g.GainAmber(), g.Display(medium, -1, 0)]
    s = s.apply(g.Display(medium))
    assert s.amber[0] == 0 and s.museum[0] == (MuseumSet((medium,), UNTYPED, -1, 0),) and s.current_player() == 1


# -- Display 1 Fossil ---------------------------------------------------------------------------
def test_display_costs_the_size_an_egg_2_and_refuses_when_amber_is_short():
    """Display 1 Fossil: "spend the amount of amber equal to its size"; "If you cannot pay a fossil's
    cost, you cannot put it on display"; Egg: "spend 2 amber"."""
    large, small, flying_egg = card("Flying", 3), card("Flying", 1), egg("Flying")
    s = position(2, markers={0: [0]}, amber={0: 2}, study={0: [large, small, flying_egg]}).apply(g.Reclaim())
    shown = {a.card for a in s.legal_actions() if isinstance(a, g.Display)}
    assert shown == {small, flying_egg}
    with pytest.raises(g.IllegalAction) as info:
        s.apply(g.Display(large))
    assert info.value.rule == "Display 1 Fossil" and "not enough amber" in info.value.message
    assert s.apply(g.Display(flying_egg)).amber[0] == 0
    assert s.apply(g.Display(small)).amber[0] == 1


def test_the_second_card_fixes_the_set_type():
    """Display 1 Fossil: "the second card added to the set determines its type" (Laura's example)."""
    small_carnivore, small_herbivore, large_carnivore = card("Carnivore", 1), card("Herbivore", 1), card("Carnivore", 3)
    s = position(2, markers={0: [0, 1]}, amber={0: 9}, museum={0: [[small_carnivore]]},
                 study={0: [small_herbivore, large_carnivore]}).apply(g.Reclaim())
    assert g.Display(large_carnivore, 0) in s.legal_actions()  # still open: it could become a family set
    s = s.apply(g.Display(small_herbivore, 0))
    assert (s.museum[0][0].kind, s.museum[0][0].key) == (2, 1)  # a size set of Small fossils
    assert "extends Ana's Small size set (the second card fixes its type) to 2 cards" in texts(s)
    with pytest.raises(g.IllegalAction, match="a Small size set takes only Small fossils"):
        s.apply(g.Display(large_carnivore, 0))


def test_a_family_set_is_full_at_3_and_refuses_a_duplicate_size():
    """Display 1 Fossil: family set "Same Family + Different Sizes"; "cannot exceed 3 cards"."""
    sc, mc, lc = card("Carnivore", 1), card("Carnivore", 2), card("Carnivore", 3)
    s = position(2, markers={0: [0]}, amber={0: 9}, museum={0: [[sc, mc, lc], [sc + 1, mc + 1]]},
                 study={0: [egg("Carnivore"), sc + 2]}).apply(g.Reclaim())
    with pytest.raises(g.IllegalAction, match="the Carnivore family set is full: a family set cannot exceed 3"):
        s.apply(g.Display(egg("Carnivore"), 0))
    with pytest.raises(g.IllegalAction, match="already holds a Small fossil \\(duplicate size\\)"):
        s.apply(g.Display(sc + 2, 1))
    assert g.Display(egg("Carnivore"), 1) in s.legal_actions()  # the egg acts as the missing Large


def test_a_size_set_is_full_at_5_and_completing_it_flips_its_tokens():
    """Display 1 Fossil: size set "Same Size + Different Families", at most 5; Score Points: complete = 3 each."""
    larges = [card(f, 3) for f in ("Flying", "Herbivore", "Carnivore", "Marine")]
    s = position(2, markers={0: [0, 1]}, amber={0: 9}, museum={0: [larges]},
                 study={0: [card("Mammal", 3), card("Flying", 3, 1)]})
    s.news = with_item(s.news, 7, 0)
    s = s.apply(g.Reclaim())
    assert s.score(0) == 6 + 5  # 3 Set tokens at 2 points, and the Large News token (5)
    s = s.apply(g.Display(card("Mammal", 3), 0))
    assert s.museum[0][0].tokens == 4 and s.score(0) == 4 * 3 + 5
    assert "the set is complete, its 4 Set tokens turn to 3 points each" in texts(s)
    assert "keeps the Large News token for good" in texts(s)
    with pytest.raises(g.IllegalAction, match="the Large size set is full: a size set cannot exceed 5"):
        s.apply(g.Display(card("Flying", 3, 1), 0))


def test_an_egg_is_any_size_and_two_eggs_declare_the_size_of_their_size_set():
    """Egg card: "it has a Family, but can act as a card of any Size in a set" (ruling: an egg fixes no
    size; two eggs of different families make a size set whose size the player declares)."""
    s = position(2, markers={0: [0, 1]}, amber={0: 9}, museum={0: [[egg("Marine")]]},
                 study={0: [egg("Flying"), card("Herbivore", 2)]}).apply(g.Reclaim())
    declared = [a for a in s.legal_actions() if isinstance(a, g.Display) and a.card == egg("Flying") and a.target == 0]
    assert [a.as_size for a in declared] == [1, 2, 3]
    with pytest.raises(g.IllegalAction, match="declare its size"):
        s.apply(g.Display(egg("Flying"), 0))
    s = s.apply(g.Display(egg("Flying"), 0, 2))
    assert (s.museum[0][0].kind, s.museum[0][0].key) == (2, 2) and s.news[5 + 1] == 0  # the Medium News token
    s = s.apply(g.Display(card("Herbivore", 2), 0))
    assert len(s.museum[0][0].cards) == 3


def test_a_set_of_one_card_scores_nothing():
    """Display 1 Fossil: "Starting a new set does not earn you any points"."""
    s = position(2, markers={0: [0]}, museum={0: [[card("Flying", 1)], [card("Marine", 2)]]})
    assert s.score(0) == 0 and s.news == (-1,) * 8


# -- Score Points ---------------------------------------------------------------------------------
def test_news_token_is_taken_by_the_first_stolen_by_a_larger_set_and_kept_by_the_first_to_complete():
    """Score Points: take, steal ("the same type of set with more cards"), and keep for good."""
    sc, mc, lc = card("Carnivore", 1), card("Carnivore", 2), card("Carnivore", 3)
    s = position(2, markers={0: [0]}, amber={0: 9}, museum={0: [[sc, mc]], 1: [[sc + 1, mc + 1]]},
                 study={0: [lc]})
    s.news = with_item(s.news, 2, 1)  # Ben expanded his Carnivore family set first
    s = s.apply(g.Reclaim())
    s = s.apply(g.Display(lc, 0))
    assert s.news[2] == 0 and s.locked[2]
    assert ("Ana displays #32 Large Carnivore for 3 amber: extends Ana's Carnivore family set to 3 cards, taking 1 "
            "Set token: the set is complete, its 2 Set tokens turn to 3 points each; Ana steals the Carnivore News "
            "token from Ben (3 cards beat 2) and keeps it for good (the first to complete a Carnivore family set)."
            ) in texts(s)
    assert s.score(0) == 2 * 3 + 3


def test_an_equal_set_does_not_steal_the_news_token():
    sm, mm = card("Marine", 1), card("Marine", 2)
    s = position(2, markers={0: [0]}, amber={0: 9}, museum={0: [[sm]], 1: [[sm + 1, mm + 1]]}, study={0: [mm]})
    s.news = with_item(s.news, 3, 1)
    s = s.apply(g.Reclaim()).apply(g.Display(mm, 0))
    assert s.news[3] == 1 and "Ben keeps the Marine News token (a set of 2 cards is not beaten by 2)" in texts(s)


def test_the_last_set_token_triggers_the_end_and_the_box_tokens_join_the_supply():
    """End of the Game: "triggered when a player takes the last Set token from the supply ... Take all
    remaining Set tokens from the box and add them to the supply"."""
    sf, mf = card("Flying", 1), card("Flying", 2)
    s = position(4, markers={0: [0]}, amber={0: 9}, museum={0: [[sf]]}, study={0: [mf]}, set_supply=1)
    assert s.set_box == 9
    s = s.apply(g.Reclaim()).apply(g.Display(mf, 0))
    assert (s.set_supply, s.set_box) == (9, 0) and s.end_cause
    assert "End of the game triggered: Ana took the last Set token from the supply. The 9 Set tokens left in the box " \
           "join the supply" in texts(s)


def test_with_supply_and_box_empty_an_expansion_takes_no_token():
    """Ruling: once the supply and the box are both empty a set may still be expanded, without a Set token."""
    sf, mf, lf = card("Flying", 1), card("Flying", 2), card("Flying", 3)
    s = position(2, markers={0: [0, 1]}, amber={0: 9}, museum={0: [[sf], [mf + 1]]}, study={0: [mf, lf]},
                 set_supply=1, set_box=0)
    s = s.apply(g.Reclaim()).apply(g.Display(mf, 0)).apply(g.Display(lf, 0))
    assert s.museum[0][0].tokens == 1 and s.set_supply == 0
    assert "but no Set token is left to take (the kit's house rule R17: the set still expands)" in texts(s)


# -- End of the Game ---------------------------------------------------------------------------------
def test_the_deck_running_out_triggers_the_end_and_everyone_gets_equal_turns():
    """End of the Game: "when the deck is empty after a player refills a Dig Site"; "Play continues until
    all players have had an equal number of turns"."""
    s = position(3, sites=AUTOMATIC, top=fx("Marine", PER_FAMILY), deck=[])
    s = play(s, g.PlayMarker(0), g.TakeCard(s.dig_site(0)[0]))
    assert s.end_cause == "the deck is empty after a refill" and s.current_player() == 1
    assert (s.set_supply, s.set_box) == (33, 0)  # either trigger brings the box's Set tokens in
    assert "Cleo plays last" in texts(s)
    s = play(s, g.PlayMarker(0), g.TakeCard(s.dig_site(0)[0]))
    assert "The deck is empty: dig site 1 is not refilled" in texts(s) and s.dig_site(0) == (AUTOMATIC[1],)
    s = play(s, g.PlayMarker(1), g.TakeCard(s.dig_site(1)[0]))
    assert s.is_terminal() and s.turns == 3 and s.current_player() is None
    assert "Everyone has had 1 turn: the game ends" in texts(s)  # plain English: 1 turn, 25 turns
    assert s.legal_actions() == [] and s.returns() == [float(s.score(p)) for p in range(3)]


def test_the_end_triggered_on_the_last_players_turn_ends_the_game_at_once():
    """End of the Game: the round is complete when the player before the first player has played."""
    s = position(3, sites=AUTOMATIC, top=fx("Marine", PER_FAMILY), deck=[], active=2)
    s = play(s, g.PlayMarker(0), g.TakeCard(s.dig_site(0)[0]))
    assert s.is_terminal()


def test_an_empty_dig_site_takes_no_marker():
    """Ruling: a marker goes only to a dig site with a card left to take."""
    s = position(2, top=card("Marine", 1, 1), deck=[])
    s.sites[0] = (-1, -1)
    s._cache = None
    assert g.PlayMarker(0) not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="no card left"):
        s.apply(g.PlayMarker(0))


def test_tied_players_share_victory():
    """End of the Game: "In case of a tie, tied players share victory"."""
    s = position(3, museum={0: [[card("Flying", 1), card("Flying", 2)]], 2: [[card("Marine", 1), card("Marine", 2)]]})
    s.news = with_item(with_item(s.news, 0, 0), 3, 2)
    assert s.winners() == [0, 2] and g.victory_shares(s) == [0.5, 0.0, 0.5]


def test_score_adds_point_tokens_set_tokens_and_news_tokens():
    """End of the Game: News 3 or 5, Set tokens 2 or 3, plus the points earned during the game."""
    s = position(2, museum={0: [[card("Flying", 1), card("Flying", 2), card("Flying", 3)],
                                [card("Marine", 2), card("Mammal", 2)]]})
    s.points = with_item(s.points, 0, 4)
    s.news = with_item(with_item(s.news, 0, 0), 6, 0)
    assert s.score(0) == 4 + 2 * 3 + 2 + 3 + 5


def _holding_news(news_values: str):
    """Ana holds the Flying News token kept for good (a complete family set) and the Medium News token that
    can still be stolen (a size set of 2)."""
    s = position(2, museum={0: [[card("Flying", 1), card("Flying", 2), card("Flying", 3)],
                                [card("Marine", 2), card("Mammal", 2)]]}, news_values=news_values)
    s.news, s.locked = with_item(with_item(s.news, 0, 0), 6, 0), with_item(s.locked, 0, True)
    return s


def test_variant_news_values_by_type_is_the_default_family_3_size_5():
    """Ruling R8/R23: "News tokens are worth 3 or 5 points (as indicated on the token)": by default a family's
    token is worth 3, a size's 5, kept for good or not."""
    assert g.new_game(2).options["news_values"] == "by-type"
    s = _holding_news("by-type")
    assert s.score(0) == 2 * 3 + 2 + 3 + 5
    tokens = s.observation(1)["news_tokens"]
    assert (tokens[0]["value"], tokens[6]["value"]) == (3, 5)


def test_variant_news_values_swapped_family_5_size_3():
    s = _holding_news("by-type-swapped")
    assert s.score(0) == 2 * 3 + 2 + 5 + 3


def test_variant_news_values_two_sided_3_until_kept_for_good_then_5():
    """Ruling R23, variant ``two-sided``: a token shows 3 while it can still be stolen, 5 once its holder keeps
    it for good (the first to complete a set of its type), whatever the type."""
    s = _holding_news("two-sided")
    assert s.score(0) == 2 * 3 + 2 + 5 + 3
    s.locked = with_item(s.locked, 0, False)
    assert s.score(0) == 2 * 3 + 2 + 3 + 3
    assert s.observation(0)["news_tokens"][0]["value"] == 3


def test_variant_news_values_is_checked_and_older_saves_read_as_by_type():
    with pytest.raises(ValueError, match="news_values must be one of by-type, by-type-swapped, two-sided"):
        g.new_game(2, news_values="five")
    game = g.new_game(3, news_values="two-sided")
    assert g.from_json(game.to_json()).options["news_values"] == "two-sided"
    old = json.loads(game.to_json())
    old["version"] = 3
    del old["options"]["news_values"]
    assert g.from_json(json.dumps(old)).options["news_values"] == "by-type"


def test_play_a_free_display_card_needs_no_amber_even_for_a_large_fossil():
    """Display (crossed-out cost) icon: "You may display 1 fossil at no cost"."""
    free, large = fx("Herbivore", FREE), card("Marine", 3)
    s = position(2, sites=[free, card("Flying", 1)], amber={0: 0}, study={0: [large]})
    s = play(s, g.PlayMarker(0), g.TakeCard(free))
    assert g.Display(large) in s.legal_actions() and g.Display(free) in s.legal_actions()
    s = s.apply(g.Display(large))
    assert s.amber[0] == 0 and s.museum[0][0].cards == (large,) and "at no cost" in texts(s)


def test_or_point_is_forced_to_the_point_when_nothing_can_be_displayed():
    s = position(2, sites=[fx("Flying", OR_POINT), fx("Marine", PER_PAIR)], amber={0: 0})
    s = play(s, g.PlayMarker(0), g.TakeCard(fx("Flying", OR_POINT)))
    assert s.points[0] == 1 and "cannot pay for any fossil in the Study (has 0 amber), so Ana gains 1 point" in texts(s)
