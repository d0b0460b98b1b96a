"""The shared MCTS: legal moves only, chance nodes, budgets, and ISMCTS that never reads hidden truth."""
from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from gamekit import RandomBot, play
from gamekit.mcts import MCTSBot, blend_utility, margin_utility, win_utility

from . import toygame, toyhidden
from .toygame import Deal, Face, Hold, Roll


def checking(bot, seen):
    """Wrap a bot so every move it returns is checked against the legal moves."""
    class Checked:
        def act(self, state):
            action = bot.act(state)
            assert action in state.legal_actions(), f"illegal {action} in {state}"
            seen.append(action)
            return action
    return Checked()


@pytest.mark.parametrize("spec", [toygame.SPEC, toyhidden.SPEC], ids=["chance", "hidden"])
def test_search_only_returns_legal_moves(spec):
    seen = []
    for seed in range(12):
        players = 2 + seed % 3
        bots = [checking(MCTSBot(seed * 10 + p, iterations=25), seen) for p in range(players)]
        play(spec.new_game(players), bots, seed)
    assert len(seen) > 30


def pig_state(turn_total_rolls):
    state = toygame.SPEC.new_game(2).apply(Deal(1)).apply(Deal(1))
    for pips in turn_total_rolls:
        state = state.apply(Roll()).apply(Face(pips))
    return state


def test_search_banks_the_winning_turn_total():
    state = pig_state([6, 6])  # 12 in hand: holding wins at once, rolling risks it all
    assert all(MCTSBot(seed, iterations=60).act(state) == Hold() for seed in range(5))
    bot = MCTSBot(1, iterations=200)
    why = bot.explain(state)
    assert why[0][0] == Hold() and why[0][1] > 0.9  # a certain win by some margin
    (hold, _, hold_value), (roll, _, roll_value) = bot.search(state).candidates
    assert roll == Roll() and roll_value < hold_value


def test_search_beats_random_players_at_the_dice_game():
    wins = 0
    for g in range(30):
        me = g % 2
        bots = [MCTSBot(g, iterations=80), RandomBot(g)] if me == 0 else [RandomBot(g), MCTSBot(g, iterations=80)]
        returns = play(toygame.SPEC.new_game(2), bots, g).returns()
        wins += returns[me] > returns[1 - me]
    assert wins >= 20


def test_iteration_budget_is_reproducible_and_search_never_changes_its_state():
    state = pig_state([3])
    before, history = state.fingerprint(), state.history()
    first = MCTSBot(7, iterations=100).search(state)
    assert first == MCTSBot(7, iterations=100).search(state)
    assert first.iterations == 100 and sum(v for _, v, _ in first.candidates) == 100
    assert state.fingerprint() == before and state.history() == history


def test_time_budget_stops_the_search():
    start = time.perf_counter()
    result = MCTSBot(1, time_limit=0.05).search(pig_state([]))
    assert result.iterations >= 1 and time.perf_counter() - start < 5.0


def test_explain_lists_the_most_visited_moves_with_utilities_and_act_reuses_the_search():
    bot = MCTSBot(3, iterations=150, top=1)
    state = pig_state([4])
    why = bot.explain(state)
    assert len(why) == 1 and 0.0 <= why[0][1] <= 1.0
    assert bot.act(state) == why[0][0] and bot._last is not None and bot._last[2].iterations == 150


def test_utilities_are_win_share_and_margin_in_unit_range():
    assert win_utility([3, 5, 5]) == [0.0, 0.5, 0.5]
    assert margin_utility([2, 4, 6]) == [0.0, 0.5, 1.0] and margin_utility([1, 1]) == [0.5, 0.5]
    assert blend_utility([2, 4, 6]) == [0.0, 0.25, 1.0]


def test_truncated_rollouts_use_the_evaluation():
    calls = []

    def evaluate(state):
        calls.append(state)
        return [float(b) for b in state.banked]

    MCTSBot(1, iterations=30, rollout_depth=0, evaluate=evaluate).act(pig_state([2]))
    assert calls
    with pytest.raises(ValueError, match="evaluate"):
        MCTSBot(1, rollout_depth=3)


def test_candidates_restrict_the_moves_searched():
    bot = MCTSBot(1, iterations=40, candidates=lambda s: [Roll()])
    assert bot.act(pig_state([6, 6])) == Roll()


def test_determinize_true_needs_a_game_with_hidden_information():
    with pytest.raises(TypeError, match="determinize"):
        MCTSBot(1, iterations=5, determinize=True).act(pig_state([2]))


# -- information-set MCTS ----------------------------------------------------------------------------

def guess_state(own: int, neighbour: int, players: int = 2):
    state = toyhidden.SPEC.new_game(players).apply(toyhidden.Deal(own)).apply(toyhidden.Deal(neighbour))
    for card in toyhidden.CARDS:
        if state.is_chance() and card not in (own, neighbour):
            state = state.apply(toyhidden.Deal(card))
    return state


def decisions(state, determinize, seeds=range(60)):
    return [MCTSBot(seed, iterations=40, determinize=determinize).act(state) for seed in seeds]


def test_information_set_search_decides_the_same_whatever_the_hidden_truth():
    a, b = guess_state(1, 2, players=3), guess_state(1, 4, players=3)
    assert a.observation(0) == b.observation(0) and a != b  # the same to player 0, different truth
    on_a, on_b = decisions(a, "auto"), decisions(b, "auto")
    assert Counter(on_a) == Counter(on_b)
    assert on_a == on_b  # a determinization draws only on the bot's generator, so even seed by seed


def test_the_invariance_test_has_teeth_a_peeking_search_would_fail_it():
    a, b = guess_state(1, 2), guess_state(1, 4)
    peek_a, peek_b = decisions(a, False, range(10)), decisions(b, False, range(10))
    assert Counter(peek_a).most_common(1)[0][0].card == 2 and Counter(peek_b).most_common(1)[0][0].card == 4


def test_information_set_search_guesses_at_chance_level():
    hits = sum(a.card == 2 for a in decisions(guess_state(1, 2), "auto", range(120)))
    assert 10 <= hits <= 55  # one in four expected (30); a peeking search scores about 120


def test_paired_search_tries_every_move_on_the_same_luck():
    state = pig_state([6, 6])
    result = MCTSBot(2, iterations=40, paired=True).search(state)
    assert result.best == Hold() and [v for _, v, _ in result.candidates] == [20, 20]
    assert result == MCTSBot(2, iterations=40, paired=True).search(state)
    with pytest.raises(ValueError, match="chance"):
        MCTSBot(1, chance="sometimes")


def test_play_out_plays_a_private_copy_to_the_end_with_each_seats_policy():
    from gamekit.mcts import play_out, random_policy

    state = pig_state([3])
    before, history = state.fingerprint(), state.history()
    moved = []

    def holder(s, rng):
        moved.append(s.current_player())
        return Hold() if Hold() in s.legal_actions() else random_policy(s, rng)

    final = play_out(state, [holder, random_policy], random.Random(4))
    assert final.is_terminal() and 0 in moved and 1 not in moved
    assert state.fingerprint() == before and state.history() == history
    again = play_out(state, [holder, random_policy], random.Random(4))
    assert again.returns() == final.returns()


def test_a_paired_search_on_a_time_budget_stops_after_whole_rounds(monkeypatch):
    """Paired tries on a time budget look at the clock after whole rounds only (a fake clock, no timing): every
    root move gets the same number of tries, on the same luck."""
    import gamekit.budget

    clock = iter(0.001 * k for k in range(10**6))
    monkeypatch.setattr(gamekit.budget, "clock", lambda: next(clock))
    state = pig_state([6, 6])
    result = MCTSBot(2, time_limit=0.05, paired=True).search(state)
    moves = len(state.legal_actions())
    assert moves == 2 and result.iterations >= moves and result.iterations % moves == 0
    assert len({visits for _, visits, _ in result.candidates}) == 1


def test_an_iteration_budget_may_depend_on_the_position():
    state = pig_state([3])
    result = MCTSBot(7, iterations=lambda s: 30 if s is state else 1).search(state)
    assert result.iterations == 30


def test_a_paired_search_by_successive_halving_gives_the_leading_moves_more_tries():
    """Four root moves, 40 iterations in two phases of 20: 5 tries each, then the better two 10 more each; the
    same seed, the same search; the moves still in are ranked first."""
    state = guess_state(1, 2)
    moves = state.legal_actions()
    bot = MCTSBot(3, iterations=40, paired=True, halving=True)
    result = bot.search(state)
    assert len(moves) == 4 and result.iterations == 40
    assert [visits for _, visits, _ in result.candidates] == [15, 15, 5, 5]
    assert result == MCTSBot(3, iterations=40, paired=True, halving=True).search(state)
    assert bot.act(state) == result.best and result.best in moves


def test_a_paired_search_by_successive_halving_on_a_time_budget(monkeypatch):
    """On a fake clock (a millisecond a reading, no timing): it stops within the time and still halves."""
    import gamekit.budget

    clock = iter(0.001 * k for k in range(10**6))
    monkeypatch.setattr(gamekit.budget, "clock", lambda: next(clock))
    result = MCTSBot(3, time_limit=0.1, paired=True, halving=True).search(guess_state(1, 2))
    visits = [v for _, v, _ in result.candidates]
    assert visits[0] == visits[1] > visits[2] == visits[3] >= 1 and result.seconds <= 0.1 + 0.005
