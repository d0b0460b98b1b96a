"""Giganten bots: always legal, explainable, and blind to what their player cannot see."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import giganten
from giganten import rules as R
from giganten.bots import BOTS, HeuristicBot, Weights, estimated_returns
from giganten.components import SITES
from gamekit import play, sample_chance
from gamekit.bots import make_bot
from gamekit.checks import CheckedBot, check_in_place_advance


def test_the_registry_has_random_heuristic_and_search():
    assert {"random", "heuristic", "search"} <= set(BOTS)
    for name in ("random", "heuristic", "search"):
        assert hasattr(make_bot(giganten, name, seed=1), "explain")


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_and_random_bots_only_play_legal_moves(players):
    for seed in range(4):
        bots = [CheckedBot(BOTS["heuristic" if (p + seed) % 2 == 0 else "random"](seed * 10 + p))
                for p in range(players)]
        final = play(giganten.new_game(players), bots, seed)
        assert final.is_terminal() and all(b.moves > 0 for b in bots)


def test_the_search_bot_only_plays_legal_moves():
    bots = [CheckedBot(BOTS["search"](1, iterations=6, rollout_depth=2)), CheckedBot(BOTS["heuristic"](2)),
            CheckedBot(BOTS["random"](3))]
    assert play(giganten.new_game(3), bots, 8).is_terminal()


def heuristic_positions(seed: int, phases: set[int]):
    """Decision positions of the given phases along a seeded heuristic game."""
    rng = random.Random(seed)
    bots = [HeuristicBot(seed + p) for p in range(4)]
    state = giganten.new_game(4)
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(sample_chance(state, rng))
            continue
        if state.phase in phases and len(state.legal_actions()) > 1:
            yield state
        state = state.apply(bots[state.current_player()].act(state))


def hidden_twin(state, player):
    """A state that differs from ``state`` only in what ``player`` cannot see.

    An opponent's hand gets one 2 swapped for a 1 of the draw pile (same number of cards), and two
    face-down tiles of the same kind that ``player`` has not seen swap their oil.
    """
    twin = state._copy()
    changed = False
    for q in range(state.n):
        if q != player and twin.licenses(q)[1] and twin.lic_draw[0]:
            twin._add_licenses(q, 1, -1)
            twin.lic_draw = (twin.lic_draw[0] - 1, twin.lic_draw[1] + 1)
            changed = True
            break
    unseen = [i for i in range(len(SITES)) if state.site_state[i] == 1 and not state.known[player] >> i & 1]
    for i in unseen:
        for j in unseen:
            if SITES[i].kind == SITES[j].kind and state.site_value[i] != state.site_value[j]:
                twin._set_site_value(i, state.site_value[j])
                twin._set_site_value(j, state.site_value[i])
                return twin, True
    return twin, changed


def twins(phases, seed=5):
    for state in heuristic_positions(seed, phases):
        p = state.current_player()
        twin, changed = hidden_twin(state, p)
        if changed and twin != state:
            assert twin.observation(p) == state.observation(p)
            return state, twin, p
    raise AssertionError("no position with hidden information found")


def test_the_heuristic_reads_only_what_its_player_sees():
    for phases in ({R.BID}, {R.TAKE}, {R.MOVE}):
        state, twin, _ = twins(phases)
        bot = HeuristicBot(1)
        assert bot.explain(state) == bot.explain(twin)


def test_information_set_search_decides_the_same_whatever_the_hidden_truth():
    """Two states equal in the searching player's observation: the same decisions, seed by seed."""
    state, twin, player = twins({R.BID, R.TAKE})
    on_state = [BOTS["search"](seed, iterations=12, rollout_depth=3).act(state) for seed in range(8)]
    on_twin = [BOTS["search"](seed, iterations=12, rollout_depth=3).act(twin) for seed in range(8)]
    assert Counter(on_state) == Counter(on_twin)
    assert on_state == on_twin


def test_explain_lists_candidates_best_first():
    state = next(heuristic_positions(2, {R.TAKE}))
    for bot in (BOTS["heuristic"](1), BOTS["search"](1, iterations=10, rollout_depth=2), BOTS["random"](1)):
        why = bot.explain(state)
        assert why and all(a in state.legal_actions() for a, _ in why)
        assert [v for _, v in why] == sorted((v for _, v in why), reverse=True)


def test_weights_are_tunable_and_checked():
    assert HeuristicBot(1, license=400).weights == Weights(license=400)
    with pytest.raises(ValueError, match="unknown heuristic weight"):
        HeuristicBot(1, greed=2)
    state = giganten.new_game(4)
    assert estimated_returns(state) == [15000.0] * 4


def test_the_search_applies_moves_in_place_exactly_like_apply():
    check_in_place_advance(giganten.new_game(4), seed=4)


@pytest.mark.parametrize("level, params", [("beginner", {}), ("club", {}), ("strong", {"iterations": 12})])
def test_every_level_decides_the_same_whatever_the_hidden_truth(level, params):
    """The swap test for the levels a class picks: twin positions, the same decisions seed by seed."""
    from giganten.bots import LEVELS

    assert level in LEVELS
    for phases in ({R.BID}, {R.BUILD, R.PRODUCE}, {R.TAKE}):
        state, twin, _ = twins(phases)
        on_state = [BOTS[level](seed, **params).act(state) for seed in range(6)]
        on_twin = [BOTS[level](seed, **params).act(twin) for seed in range(6)]
        assert on_state == on_twin


def test_the_strong_level_searches_the_action_card_among_the_heuristics_best_three():
    """The card choice (Action 2c) is searched by the strong level, not only by the heuristic's ranking."""
    state = next(s for s in heuristic_positions(2, {R.TAKE}) if len(s.legal_actions()) >= 3)
    why = BOTS["strong"](1, iterations=9).explain(state)
    ranked = [a for a, _ in HeuristicBot(0).ranked(state)][:3]
    assert len(why) >= 2 and {a for a, _ in why} <= set(ranked)


def test_the_strong_level_searches_a_card_choice_with_fewer_iterations_within_its_budget():
    """A card choice plays the whole round out each iteration: it gets ``STRONG_CARD_ITERATIONS`` (whole rounds
    of its three candidates), the other searched decisions ``STRONG_ITERATIONS``; an explicit smaller
    ``iterations`` bounds both.  The budget counts iterations: the same seed gives the same move."""
    from giganten.bots import STRONG_CARD_ITERATIONS, STRONG_ITERATIONS

    card = next(s for s in heuristic_positions(2, {R.TAKE}) if len(s.legal_actions()) >= 3)
    bid = next(heuristic_positions(2, {R.BID}))
    bot = BOTS["strong"](1)
    assert STRONG_CARD_ITERATIONS % 3 == 0 and STRONG_CARD_ITERATIONS < STRONG_ITERATIONS
    assert bot.iterations(card) == STRONG_CARD_ITERATIONS and bot.iterations(bid) == STRONG_ITERATIONS
    assert BOTS["strong"](1, iterations=12).iterations(card) == 12
    assert bot.search(card).iterations == STRONG_CARD_ITERATIONS
    assert BOTS["strong"](1).act(card) == bot.act(card)


def test_the_strong_level_on_request_drops_the_worse_half_of_its_card_candidates_after_each_phase():
    """``halving=True, width=5``: successive halving over the heuristic's best five cards in 114 iterations: all
    five meet the same 7 samples, the better three 12 more, the better two 19 more, so the two leaders meet 38,
    as many as each of the level's three candidates (the default) does."""
    card = next(s for s in heuristic_positions(2, {R.TAKE}) if len(s.legal_actions()) >= 5)
    halved = BOTS["strong"](1, halving=True, width=5).search(card)
    assert [visits for _, visits, _ in halved.candidates] == [38, 38, 19, 7, 7]
    assert halved == BOTS["strong"](1, halving=True, width=5).search(card)
    assert [visits for _, visits, _ in BOTS["strong"](1).search(card).candidates] == [38, 38, 38]


def test_the_strong_level_takes_a_time_budget_instead():
    bot = BOTS["strong"](1, time_budget=0.05)
    assert bot.iterations is None and bot.time_limit == 0.05 and bot.paired and not bot.halving
