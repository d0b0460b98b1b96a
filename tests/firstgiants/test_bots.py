"""First Giants bots: registered by name, always legal, explainable, seeded."""
from __future__ import annotations

import pytest

import firstgiants
from firstgiants.bots import BOTS, HeuristicBot, Weights, estimated_returns
from gamekit import play
from gamekit.play import play_until
from gamekit.bots import make_bot
from gamekit.checks import CheckedBot, check_in_place_advance


def test_the_registry_has_random_heuristic_and_search():
    assert {"random", "heuristic", "search"} <= set(BOTS)
    for name in ("random", "heuristic", "search"):
        assert hasattr(make_bot(firstgiants, name, seed=1), "explain")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_and_random_bots_only_play_legal_moves(players):
    for seed in range(3):
        bots = [CheckedBot(BOTS["heuristic" if p % 2 == 0 else "random"](seed * 10 + p)) for p in range(players)]
        final = play(firstgiants.new_game(players), bots, seed)
        assert final.is_terminal() and all(b.moves > 0 for b in bots)


def test_the_search_bot_only_plays_legal_moves():
    bots = [CheckedBot(BOTS["search"](1, iterations=4)), CheckedBot(BOTS["heuristic"](9)),
            CheckedBot(BOTS["random"](3))]
    assert play(firstgiants.new_game(3), bots, 5).is_terminal()


def decision(seed=2):
    state = firstgiants.sample(firstgiants.new_game(4), seed)
    return state


def test_explain_lists_candidates_best_first_and_act_plays_the_first():
    state = decision()
    for bot in (BOTS["heuristic"](1), BOTS["search"](1, iterations=60)):
        why = bot.explain(state)
        assert why and all(a in state.legal_actions() for a, _ in why)
        assert [v for _, v in why] == sorted((v for _, v in why), reverse=True)
        assert bot.act(state) == why[0][0] or why[0][1] == why[1][1]


def test_same_seed_same_decision():
    state = decision(4)
    assert BOTS["search"](3, iterations=40).act(state) == BOTS["search"](3, iterations=40).act(state)


def test_weights_are_tunable_and_checked():
    assert HeuristicBot(1, amber=1.0).weights == Weights(amber=1.0)
    with pytest.raises(ValueError, match="unknown heuristic weight"):
        HeuristicBot(1, greed=2)
    state = decision()
    assert len(estimated_returns(state)) == 4 and estimated_returns(state)[0] >= state.score(0)


def test_the_search_applies_moves_in_place_exactly_like_apply():
    check_in_place_advance(firstgiants.new_game(4), seed=4)


def test_the_calibrated_player_plays_legal_moves_to_the_end():
    bots = [CheckedBot(BOTS["calibrated"](p)) for p in range(2)] + [CheckedBot(BOTS["club"](7))]
    assert play(firstgiants.new_game(3), bots, 4).is_terminal()


def test_the_calibrated_player_counts_the_position_beyond_points_at_the_calibrated_weight():
    from firstgiants.bots import CALIBRATED_SHARE, CalibratedBot, beyond_points
    from firstgiants.coach import MODEL

    state = play_until(firstgiants.new_game(4), lambda s: s.turns >= 12 and not s.is_chance(),
                       [HeuristicBot(p) for p in range(4)], 3)
    bot = CalibratedBot(1, card=1.5)
    _, (on_points, on_rest), _, _ = MODEL.coefficients(MODEL.progress(state))
    expected = [state.score(p) + CALIBRATED_SHARE * on_rest / on_points * beyond_points(state, p, bot.weights)
                for p in range(4)]
    assert bot.returns(state) == pytest.approx(expected)
    assert bot.weights.card == 1.5 and bot.share == CALIBRATED_SHARE
    assert CalibratedBot(1, share=0).returns(state) == [float(state.score(p)) for p in range(4)]


def test_the_calibrated_player_at_the_end_counts_points_only():
    final = play(firstgiants.new_game(3), [HeuristicBot(p) for p in range(3)], 2)
    assert BOTS["calibrated"](0).returns(final) == [float(final.score(p)) for p in range(3)]


@pytest.mark.parametrize("share", [-0.1, 1.5])
def test_the_calibrated_players_share_is_checked(share):
    with pytest.raises(ValueError, match="share"):
        BOTS["calibrated"](0, share=share)


def test_the_strong_level_plays_legal_moves_to_the_end():
    for players in (2, 5):
        bots = [CheckedBot(BOTS["strong"](p)) for p in range(players - 1)] + [CheckedBot(BOTS["club"](7))]
        assert play(firstgiants.new_game(players), bots, players).is_terminal()


def test_the_strong_level_values_a_recurring_effect_by_the_game_left():
    """Ten points per recurring card at the start, falling by tenths of the game to none at the end."""
    from firstgiants.bots import RECURRING_AT_START, StrongBot

    bot = StrongBot(1)
    assert [bot.weights_at(p).recurring for p in (0.0, 0.04, 0.5, 0.96, 1.0)] == \
           [RECURRING_AT_START, RECURRING_AT_START, RECURRING_AT_START / 2, 0.0, 0.0]
    assert bot.weights_at(0.3) == Weights(recurring=RECURRING_AT_START * 0.7)
    assert StrongBot(1, recurring_at_start=4, amber=1.0).weights_at(0.25) == Weights(recurring=3.2, amber=1.0)


def test_the_strong_level_is_the_calibrated_player_with_the_stages_weights():
    from firstgiants.bots import RECURRING_AT_START, STRONG_SHARE, beyond_points
    from firstgiants.coach import MODEL

    state = play_until(firstgiants.new_game(4), lambda s: s.turns >= 12 and not s.is_chance(),
                       [HeuristicBot(p) for p in range(4)], 3)
    progress = MODEL.progress(state)
    _, (on_points, on_rest), _, _ = MODEL.coefficients(progress)
    w = Weights(recurring=RECURRING_AT_START * (10 - round(progress * 10)) / 10)
    expected = [state.score(p) + STRONG_SHARE * on_rest / on_points * beyond_points(state, p, w) for p in range(4)]
    assert BOTS["strong"](1).returns(state) == pytest.approx(expected)


@pytest.mark.parametrize("params", [{"recurring": 1.0}, {"recurring_at_start": -1}, {"share": 2}])
def test_the_strong_levels_parameters_are_checked(params):
    with pytest.raises(ValueError):
        BOTS["strong"](0, **params)


def test_the_strong_level_follows_its_whole_turn():
    """The longest turns (a reclaim of 4 markers with its displays) run past the club's 4 further decisions."""
    from firstgiants.bots import STRONG_DEPTH

    assert BOTS["strong"](0).depth == STRONG_DEPTH >= 12 > BOTS["club"](0).depth


def _last_decisions(seed, players=4):
    """The decisions (two or more legal moves) after the end was triggered, in a game of clubs."""
    from gamekit import states_along

    final = play(firstgiants.new_game(players), [HeuristicBot(p) for p in range(players)], seed)
    return [s for s in states_along(final) if s.end_cause and not s.is_terminal() and not s.is_chance()
            and len(s.legal_actions()) > 1]


def test_in_the_last_round_the_strong_level_plays_the_moves_out():
    """At the game's last decision nothing is left to chance or to others: the move it plays wins whenever one
    of its candidates wins against the club's play, and its values are exactly each move's win share."""
    from gamekit.mcts import win_utility

    state = _last_decisions(1)[-1]
    seat = state.current_player()
    bot = BOTS["strong"](3)
    why = bot.explain(state)
    finals = {a: play(state.apply(a), [HeuristicBot(p) for p in range(4)], 0).returns() for a, _ in why}
    for action, value in why:
        lead = finals[action][seat] - max(r for p, r in enumerate(finals[action]) if p != seat)
        assert value == pytest.approx(win_utility(finals[action])[seat] + lead / 1000)
    assert bot.act(state) == why[0][0]
    assert [v for _, v in why] == sorted((v for _, v in why), reverse=True)


def test_without_endgame_samples_the_strong_level_judges_the_last_round_too():
    state = _last_decisions(2)[0]
    bot = BOTS["strong"](0, endgame_samples=0)
    assert bot.explain(state) == bot.ranked(state)[: bot.top]
    with pytest.raises(ValueError, match="endgame_samples"):
        BOTS["strong"](0, endgame_samples=-1)


def test_near_the_end_the_strong_levels_play_outs_read_only_what_every_seat_sees():
    """From 4 cards left in the deck (the end not yet triggered) the strong level plays out; the deck listed in
    another order (the same cards, what every seat sees) gives the same moves."""
    from firstgiants.bots import ENDGAME_CARDS
    from gamekit import states_along

    final = play(firstgiants.new_game(4), [HeuristicBot(p) for p in range(4)], 5)
    state = next(s for s in states_along(final) if not s.end_cause and not s.is_chance() and not s.is_terminal()
                 and 1 < len(s.deck) + (s.top >= 0) <= ENDGAME_CARDS and len(s.legal_actions()) > 1)
    twin = state._copy()
    twin._record, twin._events = state._record, []
    twin.deck = tuple(reversed(state.deck))
    assert twin.deck != state.deck and twin.observation(0) == state.observation(0)
    bot = BOTS["strong"](4)
    assert bot._plays_out(state) and len(bot.explain(state)) > 1
    assert [BOTS["strong"](k).act(state) for k in range(3)] == [BOTS["strong"](k).act(twin) for k in range(3)]


def _near_the_end(seed: int = 5):
    """A decision with three or more moves once the strong level plays out (4 cards left or fewer)."""
    from gamekit import states_along

    final = play(firstgiants.new_game(4), [HeuristicBot(p) for p in range(4)], seed)
    bot = BOTS["strong"](0)
    return next(s for s in states_along(final) if not s.is_chance() and not s.is_terminal()
                and bot._plays_out(s) and len(s.legal_actions()) >= 3)


def test_the_strong_levels_play_outs_are_reproducible_and_within_their_budget_of_decisions(monkeypatch):
    """The default budget counts decisions, not seconds: the same seed gives the same move and values, always;
    the rounds stop once the next play-out would pass ``ENDGAME_BUDGET`` decisions."""
    import firstgiants.bots as fb
    from firstgiants.bots import ENDGAME_BUDGET, ENDGAME_OPTIONS

    state = _near_the_end()
    found = []

    def spy(moves, draws, play, budget, halving):
        found.append(compare_on_draws(moves, draws, play, budget, halving))
        return found[-1]

    compare_on_draws = fb.compare_on_draws
    monkeypatch.setattr(fb, "compare_on_draws", spy)
    first, again = BOTS["strong"](11).explain(state), BOTS["strong"](11).explain(state)
    assert first == again and BOTS["strong"](11).act(state) == first[0][0]
    rounds = found[0]
    assert rounds == found[1] and rounds.rounds >= 1 and len(rounds.order) >= 2
    assert rounds.work <= ENDGAME_BUDGET + 100  # (one play-out more than the largest so far, at most)
    assert len(rounds.order) <= min(ENDGAME_OPTIONS, len(state.legal_actions()))


def test_the_strong_levels_play_outs_give_the_leading_moves_more_draws(monkeypatch):
    """Successive halving: the worse half of the moves is dropped after each phase of the budget, so the leaders
    meet more draws than the rest (all of them the same draws); ``halving=False`` plays every move to the end."""
    import firstgiants.bots as fb

    state = _near_the_end()
    found = []
    compare_on_draws = fb.compare_on_draws

    def spy(moves, draws, play, budget, halving):
        found.append(compare_on_draws(moves, draws, play, budget, halving))
        return found[-1]

    monkeypatch.setattr(fb, "compare_on_draws", spy)
    BOTS["strong"](11).act(state)
    BOTS["strong"](11, halving=False).act(state)
    halved, whole = found
    leaders = halved.order[:2]
    assert min(halved.draws[i] for i in leaders) > max(halved.draws[i] for i in halved.order[2:]) > 0
    assert halved.draws[leaders[0]] > whole.rounds and len(set(whole.draws)) == 1


def test_the_strong_level_on_a_time_budget_stops_when_the_time_is_up(monkeypatch):
    """``time_budget=0.05``: on a fake clock that moves on 0.01 s each time it is read (no real timing), it plays
    a few play-outs, not its budget of decisions, and still answers a legal move."""
    import firstgiants.bots as fb
    import gamekit.budget

    state = _near_the_end()
    clock = iter(0.01 * k for k in range(10**6))
    monkeypatch.setattr(gamekit.budget, "clock", lambda: next(clock))
    played = []
    real_play_out = fb.play_out

    def counting(*args):
        played.append(1)
        return real_play_out(*args)

    monkeypatch.setattr(fb, "play_out", counting)
    bot = BOTS["strong"](11, time_budget=0.05)
    assert bot.budget.work is None and bot.budget.seconds == 0.05
    assert bot.act(state) in state.legal_actions()
    assert 2 <= len(played) <= 4
    played.clear()
    BOTS["strong"](11).act(state)
    assert len(played) > 4  # the default budget of decisions plays more
    with pytest.raises(ValueError, match="time_budget"):
        BOTS["strong"](0, time_budget=0)
