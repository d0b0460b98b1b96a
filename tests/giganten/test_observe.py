"""Hidden information (Action 3: secret license values; Action 4 b: tiles seen only by the truck's owner):
observations and determinize."""
from __future__ import annotations

import json
import random

import pytest

import giganten as g
from gamekit import random_game
from gamekit.i18n import using
from giganten import rules as R
from giganten.actions import PlaceTruck, Step
from giganten.components import SITES
from giganten.text import public_text

from .helpers import BLUE, GREEN, RED, YELLOW, edit, site, to_phase, with_hand
from .invariants import conservation


def twins():
    """Two positions that differ only in what Red cannot see: Blue's license values and two unseen tiles."""
    s = to_phase(R.MOVE).apply(PlaceTruck(3)).apply(Step("E"))  # Red has seen the tile at (3, 2)
    a, b = site(0, 3), site(0, 5)  # two one-derrick tiles Red has not seen, with 2 and 4 oil
    assert (s.site_value[a], s.site_value[b]) == (2, 4)
    s1 = with_hand(s, BLUE, 3, 2)
    s2 = with_hand(edit(s, site_value={a: 4, b: 2}), BLUE, 1, 4)
    return s1, s2


def test_states_differing_only_in_hidden_information_look_the_same_to_the_other_players():
    s1, s2 = twins()
    assert s1 != s2
    for viewer in (RED, YELLOW, GREEN):
        assert s1.observation(viewer) == s2.observation(viewer)
    assert s1.observation(BLUE) != s2.observation(BLUE)  # Blue sees the own hand


def test_observation_shows_own_hand_counts_of_others_and_only_known_tiles():
    s1, _ = twins()
    obs = s1.observation(RED)
    json.dumps(obs)
    players = obs["players_info"]
    assert players[BLUE]["licenses"] is None and players[BLUE]["license_cards"] == 5
    assert players[RED]["licenses"] == list(s1.licenses(RED))
    assert obs["known_tiles"] == {str(site(3, 2)): s1.site_value[site(3, 2)]}
    for entry in obs["sites"]:
        if entry["state"] == "tile" and (entry["row"], entry["col"]) != (3, 2):
            assert entry["oil"] is None
    assert players[RED]["looked_at"] == [[3, 2]]  # which tiles someone looked at is public


def test_variant_open_licenses_makes_hands_public():
    s = to_phase(R.MOVE, open_licenses=True)
    s = with_hand(s, BLUE, 3, 2)
    assert s.observation(RED)["players_info"][BLUE]["licenses"] == [3, 2]


def test_determinize_never_copies_hidden_truth():
    s1, s2 = twins()
    d1 = s1.determinize(RED, random.Random(5))
    d2 = s2.determinize(RED, random.Random(5))
    assert d1 == d2  # the re-dealt values come from the generator, not from the hidden truth
    assert d1.observation(RED) == s1.observation(RED)


@pytest.mark.parametrize("seed", range(5))
def test_determinize_keeps_what_the_player_knows_and_the_counts(seed):
    s1, _ = twins()
    d = s1.determinize(RED, random.Random(seed))
    conservation(d)
    assert d.licenses(RED) == s1.licenses(RED)
    assert [d.license_count(p) for p in range(4)] == [s1.license_count(p) for p in range(4)]
    assert d.site_value[site(3, 2)] == s1.site_value[site(3, 2)]
    for kind in (1, 2, 3):
        values = sorted(d.site_value[i] for i in range(36) if SITES[i].kind == kind)
        assert values == sorted(s1.site_value[i] for i in range(36) if SITES[i].kind == kind)
    assert d.determinized and d.history() == []
    with pytest.raises(ValueError, match="determinized"):
        d.to_json()
    end = random_game(d, seed)
    assert end.is_terminal()


def test_determinize_three_players_draws_from_the_tiles_in_the_box_too():
    s = to_phase(R.MOVE, players=3)
    seen = set()
    for seed in range(40):
        d = s.determinize(RED, random.Random(seed))
        seen.add(tuple(d.site_value))
        conservation(d)
    assert len(seen) > 1
    # the re-dealt values may differ from what is on the board in total (six tiles are in the box)
    totals = {sum(v) for v in seen}
    assert len(totals) > 1


def test_observation_is_the_only_view_with_hidden_values_removed_str_is_omniscient():
    s1, _ = twins()
    assert "licenses 3x1 2x2" in str(s1)  # the text form is the full (teacher's) view
    assert isinstance(s1._repr_html_(), str)


def test_the_text_form_is_worded_in_the_readers_language():
    """Headings, colours, money, counts and cards in the reader's words; the map's symbols in every language."""
    s1, _ = twins()
    english = str(s1)
    for lang, words in (("da", ("licenser 3x1 2x2", "jernbanespor ", "lager ", "\u00a0$", "oliepriser: ")),
                        ("de", ("Lizenzen 3x1 2x2", "Schiene ", "Lager ", "\u00a0$", "Marktpreise: "))):
        with using(lang):
            text, public = str(s1), public_text(s1)
        assert all(w in text for w in words) and "licenses" not in text and "derricks left" not in text
        assert text.splitlines()[:13] == english.splitlines()[:13]  # (the map)
        hands = [line for line in public.splitlines() if line.startswith("  ") and line[2].isalpha()]
        assert len(hands) == s1.n and not any("x1" in line for line in hands)  # (the public form: counts only)


def test_new_game_options_are_validated():
    with pytest.raises(ValueError, match="3 to 4 players"):
        g.new_game(2)
    with pytest.raises(ValueError, match="unknown giganten option"):
        g.new_game(4, blue_moon=True)


def test_determinize_keeps_a_paying_winner_able_to_pay_and_a_penalized_one_unable():
    from .helpers import end_movement, with_storage
    s = to_phase(R.MOVE)
    for p, hand in ((RED, (3, 0)), (BLUE, (2, 3))):
        s = with_hand(s, p, *hand)
    s = end_movement(with_storage(with_storage(s, RED, 0, 1), BLUE, 0, 1))
    paying = s.apply(g.Pass()).apply(g.Bid(6))  # Red passes; Blue (worth 8) bids 6 and chooses how to pay
    assert paying.phase == R.PAY and paying.current_player() == BLUE
    penalized = s.apply(g.Pass()).apply(g.Bid(9))  # worth 8, bids 9: the penalty
    assert penalized.phase == R.PENALTY
    for seed in range(30):
        d = paying.determinize(RED, random.Random(seed))
        assert d.license_value(BLUE) >= 6 and d.legal_actions()
        conservation(d)
        d = penalized.determinize(RED, random.Random(seed))
        assert d.license_value(BLUE) < 9 and d.chance_outcomes()
        conservation(d)


@pytest.mark.parametrize("players", [3, 4])
def test_determinized_states_anywhere_in_a_game_play_on_to_the_end(players):
    from gamekit import states_along
    rng = random.Random(players)
    for game in range(3):
        states = list(states_along(random_game(g.new_game(players), 100 + game)))
        for s in rng.sample(states, 25):
            viewer = rng.randrange(players)
            d = s.determinize(viewer, rng)
            conservation(d)
            assert d.observation(viewer) == s.observation(viewer)
            end = random_game(d, rng.randrange(1000))
            assert end.is_terminal()
