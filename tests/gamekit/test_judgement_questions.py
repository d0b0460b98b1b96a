"""Judgement questions ("what would you do?") of both games, checked on 1,000 generated positions per kind: what
``check(answer)`` reports -- the chosen option's cost against the best, in the game's unit and in chance of
winning, the best option, right or not -- agrees with the coach's own ranking of the same options, computed here
separately (``gamekit.coach.advise``).

The coach runs at a cheap setting (``Question.coached``): a few samples and no playout (each option's position is
estimated right after it is played), so that 4,000 positions take well under a minute; the setting changes how
well the coach plays, not how a question reports its ranking.
"""
from __future__ import annotations

import importlib
from typing import Any

import pytest

from firstgiants.coach import FirstGiantsCoach
from gamekit.coach import advise
from giganten.coach import GigantenCoach

#: How many different positions each judgement kind is checked on.
POSITIONS = 1_000
SAMPLES = 3
#: Two float sums of the same numbers in another order differ by this much at most.
EPS = 1e-9


class QuickGiganten(GigantenCoach):
    """The Giganten coach without its rollout: each option's position is estimated at once."""

    max_decisions = 0


class QuickFirstGiants(FirstGiantsCoach):
    """The First Giants coach without its rollout: each option's position is estimated at once."""

    def playout(self, state: Any, seat: int, rng: Any, start: Any) -> dict[str, float]:
        return {}


CHEAP = {"giganten": QuickGiganten(), "firstgiants": QuickFirstGiants()}
KINDS = [(game, kind.name) for game in ("giganten", "firstgiants")
         for kind in importlib.import_module(game).questions.kinds() if kind.judgement]


def test_each_game_has_judgement_kinds():
    assert {game for game, _ in KINDS} == {"giganten", "firstgiants"}


@pytest.mark.parametrize("game, kind", KINDS)
def test_a_judgement_question_reports_the_coachs_ranking_on_1000_positions(game, kind):
    questions = importlib.import_module(game).questions
    model = CHEAP[game]
    seen: set[Any] = set()
    seed = 0
    while len(seen) < POSITIONS:
        asked = questions.make(kind, seed=seed, level=seed % 4)
        seed += 1
        if asked.state.fingerprint() in seen:
            continue
        seen.add(asked.state.fingerprint())
        q = asked.coached(samples=SAMPLES, model=model)
        assert q.judgement and q.coach is not None and q.coach.seed == asked.coach.seed
        assert (q.prompt, q.options, q.seat) == (asked.prompt, asked.options, asked.state.current_player())
        ranking = advise(q.state, q.seat, samples=SAMPLES, seed=q.coach.seed, model=model, include=q.actions)
        _agrees(q, ranking, model)
    assert seed < 2 * POSITIONS  # (the kind finds different positions for different seeds)


def _agrees(q: Any, ranking: Any, model: Any) -> None:
    """``q.check`` of every option agrees with ``ranking`` (the coach's, computed separately)."""
    assert {o.action for o in ranking.options} == set(q.actions)
    best = q.actions.index(ranking.best.action)
    feedback = [q.check(i) for i in range(len(q.options))]
    for i, fb in enumerate(feedback):
        option = ranking.option(q.actions[i])
        assert q.options[i] == option.text == model.describe(q.state, q.actions[i])
        assert fb.best == best and fb.cost == option.value_loss.mean and fb.win_cost == option.win_loss.mean
        assert fb.win_cost >= -EPS  # no option wins more often than the best
        assert fb.correct == (i == best or fb.win_cost <= q.coach.tolerance)
        assert fb.section and fb.section in fb.text
    assert feedback[best].cost == 0 and feedback[best].win_cost == 0 and feedback[best].correct
    assert ranking.best.text in feedback[best].text
    order = [q.actions.index(o.action) for o in ranking.options]  # best first
    for i, j in zip(order, order[1:]):
        a, b = feedback[i], feedback[j]
        assert a.win_cost <= b.win_cost + EPS  # ranked by chance of winning ...
        if abs(a.win_cost - b.win_cost) <= EPS:
            assert a.cost <= b.cost + 1e-6 * max(1.0, abs(b.cost))  # ... then by the final result
    for i in order[1:]:
        if not feedback[i].correct:
            assert ranking.best.text in feedback[i].text  # a wrong answer is told the coach's best
