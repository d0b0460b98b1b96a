"""The Giganten coach: blind to what the seat cannot see, exact where nothing is left to chance, right
where the winning move is known; and the review of a game."""
from __future__ import annotations

import random

import giganten
from giganten import rules as R
from giganten.actions import Sell
from giganten.bots import HeuristicBot
from giganten.coach import MODEL, coach, review
from gamekit import play, sample_chance, states_along
from gamekit.plotting import plot_review

from .helpers import edit
from .test_bots import twins


def heuristic_game(seed: int, until=lambda s: False):
    """A seeded game of four heuristics, up to the first position where ``until`` holds (or the end)."""
    rng = random.Random(seed)
    bots = [HeuristicBot(seed * 10 + p) for p in range(4)]
    state = giganten.new_game(4)
    while not state.is_terminal() and not until(state):
        state = state.apply(sample_chance(state, rng) if state.is_chance() else bots[state.current_player()].act(state))
    return state


def test_twin_states_that_differ_only_in_hidden_information_get_the_same_advice():
    for phases in ({R.BID}, {R.TAKE}, {R.BUILD, R.MOVE}):
        state, twin, player = twins(phases)
        a, b = coach(state, samples=6, seed=3), coach(twin, samples=6, seed=3)
        assert a.seat == player
        assert a == b and a.sentences == b.sentences


def last_sale(seed: int = 0):
    """The last decision of a seeded game: an auction winner selling while the black locomotive stands one
    space from the harbour (any red card of the next round ends the game before anyone decides again)."""
    final = heuristic_game(seed)
    last = [s for s in states_along(final) if not s.is_terminal() and not s.is_chance()
            and len(s.legal_actions()) > 1][-1]
    assert last.phase == R.SELL and last.black == giganten.components.COMPONENTS.harbour - 1
    return last


def outcome(state, action, seat):
    """The seat's final money and the best other's, playing on with heuristics (nothing is left to chance)."""
    final = play(state.apply(action), [HeuristicBot(p) for p in range(state.n)], 0)
    assert final.is_terminal()
    returns = final.returns()
    return returns[seat], max(r for q, r in enumerate(returns) if q != seat)


def test_at_the_last_sale_the_estimates_are_the_exact_final_money():
    state = last_sale()
    seat = state.current_player()
    advice = coach(state, samples=4)
    for option in advice.options:
        mine, _ = outcome(state, option.action, seat)
        assert option.value.mean == mine and option.value.se == 0.0


def test_the_coach_picks_the_winning_move_where_one_is_known():
    """A last sale where selling everything wins and keeping any chip loses: the seat's money is set so."""
    state = last_sale()
    seat = state.current_player()
    results = {a: outcome(state, a, seat) for a in state.legal_actions()}
    margin = {a: mine - other for a, (mine, other) in results.items()}
    best = max(margin, key=margin.get)
    assert best == Sell(max(a.chips for a in results))  # selling all is the only way to the most money
    runner_up = max(m for a, m in margin.items() if a != best)
    shift = 1000 * round((-(margin[best] + runner_up) / 2) / 1000)  # half-way between: best wins, the rest lose
    position = edit(state, money={seat: state.money[seat] + shift})
    assert all((m + shift > 0) == (a == best) for a, m in margin.items())
    advice = coach(position, samples=4)
    assert advice.best.action == best
    assert advice.best.win.mean == 1.0 and all(o.win.mean == 0.0 for o in advice.options[1:])


def test_the_review_names_the_costliest_moves_and_charts_every_seat():
    state = heuristic_game(4, lambda s: s.round == 3)
    result = review(state, seats=[1], samples=2)
    assert result.moves and all(m.seat == 1 for m in result.moves)
    assert all(m.played.action == state.history()[m.move_number] for m in result.moves)
    costs = [m.win_cost.mean for m in result.mistakes()]
    assert costs == sorted(costs, reverse=True)
    assert all(abs(sum(chances) - 1.0) < 1e-9 for _, chances in result.timeline)
    assert "$" in result.text() or "No move" in result.text()
    ax = plot_review(result)
    assert [line.get_label() for line in ax.get_lines()] == ["Red", "Blue", "Yellow", "Green"]


def test_the_model_reads_a_calibration_for_every_stage():
    state = giganten.new_game(4)
    assert len(MODEL.features(state)) == 4
    assert MODEL.temperature(state) > 0 and MODEL.spread(state) > 0
