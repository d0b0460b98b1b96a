"""The coach's machinery on the toy dice game: ranking, estimates, calibration fits, review, chart."""
from __future__ import annotations

import dataclasses
import math
import random

import pytest

from gamekit import play
from gamekit.coach import CalibratedModel, CoachBot, CoachModel, Estimate, advise, fit_calibration, review, \
    softmax, summary_sentences
from gamekit.mcts import advance
from gamekit.plotting import plot_review
from gamekit.play import RandomBot, sample_chance

from .toygame import SPEC, Deal, Hold, Roll


class ToyModel(CoachModel):
    """Random play to the end of the toy game; the final returns are the estimate."""

    unit = "points"

    def playout(self, state, seat, rng, start):
        while not state.is_terminal():
            advance(state, sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))
        return {"banked_12": float(state.banked[seat] >= 12)}

    def estimate(self, state):
        return state.returns()

    def temperature(self, state):
        return 4.0


def toy_position(banked, turn_total, bonus=(1, 2)):
    state = SPEC.new_game(2)
    for b in bonus:
        state = state.apply(Deal(b))
    position = state._copy()
    position._record, position._events = state._record, []
    position.banked, position.turn_total = list(banked), turn_total
    return position


def test_estimates_are_means_with_standard_errors():
    e = Estimate.of([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5 and e.n == 4
    assert e.se == pytest.approx(math.sqrt(5 / 3 / 4))
    assert e.low == pytest.approx(2.5 - 1.96 * e.se) and e.high == pytest.approx(2.5 + 1.96 * e.se)
    assert Estimate.of([3.0, 3.0]).se == 0.0 and Estimate.exact(7.0).se == 0.0


def test_softmax_gives_win_chances_that_sum_to_one_and_favour_the_leader():
    chances = softmax([10.0, 10.0, 0.0], 5.0)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == chances[1] > chances[2]
    assert softmax([1.0, 2.0], 1e-9) == pytest.approx([0.0, 1.0])


def test_the_coach_ranks_the_move_that_wins_at_once_first_with_exact_estimates():
    state = toy_position([10, 0], 5)  # holding banks 15: the game ends and player 0 wins whatever the bonuses
    advice = advise(state, samples=16, seed=1, model=ToyModel())
    assert advice.best.action == Hold() and not advice.forced
    hold = advice.best
    assert hold.win.mean == 1.0 and hold.win.se == 0.0
    assert hold.value.mean == 16.0 and hold.value.se == 0.0  # banked 15 + the bonus of 1
    roll = advice.option(Roll())
    assert roll.win.mean < 1.0 and roll.win_loss.mean == pytest.approx(1.0 - roll.win.mean)
    assert roll.value_loss.mean == pytest.approx(hold.value.mean - roll.value.mean)  # rolling on may score more
    assert hold.win_loss == Estimate.exact(0.0)
    assert hold.facts == {"banked_12": 1.0}


def test_a_margin_is_shown_only_where_the_samples_disagreed_and_a_tie_is_called_a_tie():
    advice = advise(toy_position([10, 0], 5), samples=16, seed=1, model=ToyModel())
    hold, roll = advice.text().splitlines()[2:4]
    assert hold.split() == ["hold", "16.0", "100%"]  # exact: "16.0 ± 0.0" would read as a certain result
    assert roll.count("±") == 2
    best = advice.best
    tie = dataclasses.replace(advice.options[1], value=Estimate.exact(best.value.mean - 0.01),
                              win=Estimate.exact(best.win.mean - 0.004))
    tied = dataclasses.replace(advice, options=(best, tie))
    tie_said = str(summary_sentences(ToyModel(), tied)[0])
    assert tie_said.endswith("Roll is about the same, as far as the coach can tell.")
    assert "comes next" in str(summary_sentences(ToyModel(), advice)[0])


def test_the_same_seed_gives_the_same_advice_and_options_are_legal():
    state = toy_position([3, 4], 6)
    a, b = (advise(state, samples=8, seed=5, model=ToyModel()) for _ in range(2))
    assert a == b
    assert {o.action for o in a.options} == set(state.legal_actions())
    assert [r["rank"] for r in a.records()] == [1, 2]
    assert "chance of winning" in a.text()
    assert a.sentences and a.sentences[0].startswith("Best: ")


def test_the_coach_advises_only_the_seat_to_move():
    state = toy_position([3, 4], 6)
    with pytest.raises(ValueError, match="seat to move"):
        advise(state, seat=1, model=ToyModel())
    chance = SPEC.new_game(2)
    with pytest.raises(ValueError, match="chance node"):
        advise(chance, model=ToyModel())


def test_a_time_limit_stops_after_at_least_two_samples():
    state = toy_position([3, 4], 6)
    advice = advise(state, samples=10_000, seed=1, time_limit=0.0, model=ToyModel())
    assert advice.samples == 2


def test_the_coach_bot_plays_the_best_option():
    state = toy_position([10, 0], 5)
    bot = CoachBot(3, samples=32, model=ToyModel())
    assert bot.act(state) == Hold()
    assert bot.explain(state)[0] == (Hold(), 1.0)


class LinearToy(CalibratedModel):
    calibration = ((0.0, 1.0, (2.0,), 3.0, 0.5), (1.0, 0.0, (1.0,), 1.0, 0.1))


def test_calibrated_coefficients_are_interpolated_between_knots():
    model = LinearToy()

    def flat(c):
        return [c[0], *c[1], c[2], c[3]]

    assert flat(model.coefficients(0.5)) == pytest.approx([0.5, 1.5, 2.0, 0.3])
    assert flat(model.coefficients(-1.0)) == pytest.approx([1.0, 2.0, 3.0, 0.5])
    assert flat(model.coefficients(2.0)) == pytest.approx([0.0, 1.0, 1.0, 0.1])


def test_fit_calibration_recovers_a_known_line_and_temperature():
    rng = random.Random(4)
    records = []
    true_t = 2.0
    for _ in range(3000):
        features = [[rng.uniform(0, 10), rng.uniform(0, 3)] for _ in range(3)]
        final = [5.0 + 1.5 * f[0] - 2.0 * f[1] for f in features]
        chances = softmax(final, true_t)
        winner = rng.choices(range(3), chances)[0]
        records.append((0.5, features, final, [1.0 if i == winner else 0.0 for i in range(3)]))
    (knot,) = fit_calibration(records, [0.0, 0.5, 1.0])
    progress, intercept, weights, temperature, spread = knot
    assert progress == 0.5
    assert intercept == pytest.approx(5.0, abs=1e-3) and weights == pytest.approx((1.5, -2.0), abs=1e-3)
    assert spread == pytest.approx(0.0, abs=1e-3)
    assert temperature == pytest.approx(true_t, rel=0.15)


def test_review_judges_each_move_and_the_chart_shows_every_seat():
    final = play(SPEC.new_game(2), [RandomBot(1), RandomBot(2)], 3)
    result = review(final, seats=[0], samples=4, seed=2, model=ToyModel())
    decisions = [s for s in __import__("gamekit").states_along(final)
                 if s.current_player() == 0 and len(s.legal_actions()) > 1]
    assert len(result.moves) == len(decisions) and all(m.seat == 0 for m in result.moves)
    for m in result.moves:
        assert m.played is not None and m.win_cost.mean >= 0 or m.played is m.best
    costs = [(m.win_cost.mean, m.value_cost.mean) for m in result.mistakes()]
    assert costs == sorted(costs, key=lambda c: (-c[0], -c[1]))
    assert result.timeline[-1][1] in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
    assert result.records() and isinstance(result.text(), str)
    ax = plot_review(result)
    assert len(ax.get_lines()) == 2
    assert ax.get_ylim() == (0.0, 1.0)


class ForcedToy(type(toy_position([0, 0], 0))):
    """The toy game with a house rule: with 8 or more on the turn you must hold."""

    __slots__ = ()

    def legal_actions(self):
        moves = super().legal_actions()
        return [Hold()] if moves and self.turn_total >= 8 else moves


def test_a_forced_move_costs_exactly_nothing():
    state = toy_position([3, 4], 9)
    state.__class__ = ForcedToy
    advice = advise(state, samples=4, model=ToyModel())
    assert advice.forced and [o.action for o in advice.options] == [Hold()]
    assert advice.best.win_loss == Estimate.exact(0.0) and advice.best.value_loss == Estimate.exact(0.0)
    assert advice.sentences[0] == "Only one move is possible here: hold."
