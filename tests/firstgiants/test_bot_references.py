"""Plain references for the bots' tuned computations, compared with them on thousands of positions from play.

The heuristic values every player's position after every move it looks at, so ``firstgiants.bots`` reads a
player's set points and potential terms from a cache and counts the News tokens and the markers of all players
in one pass (``_worths``).  The reference below is the position value as :class:`firstgiants.bots.Weights`
describes it, summed term by term from the state's own rules (``State.score``, ``State.markers_on_board``,
``museum.join``), in the same order, so the two agree exactly.
"""
from __future__ import annotations

import pytest

import firstgiants as g
from firstgiants.bots import RECURRING, CalibratedBot, Weights, beyond_points, estimated_returns, potential
from firstgiants.components import TIMING
from firstgiants.rules.museum import UNTYPED, is_complete, join
from firstgiants.rules.news import NEWS_READINGS
from tests.firstgiants.test_references import positions


def reference_beyond_points(s: g.State, p: int, w: Weights) -> float:
    """Amber (up to the cap), markers on the board, per Study card: extends a set on display or not, and its
    recurring effect; per set: a start, or each card beyond the first of an incomplete set; ``w.late`` of it all
    once the end is triggered."""
    extra = w.amber * min(s.amber[p], w.amber_cap) + w.marker * s.markers_on_board(p)
    for card in s.study[p]:
        extra += w.extend if any(isinstance(join(m, card), tuple) for m in s.museum[p]) else w.card
        if TIMING[card] in RECURRING:
            extra += w.recurring
    for m in s.museum[p]:
        if m.kind == UNTYPED:
            extra += w.single
        elif not is_complete(m):
            extra += w.open_set * (len(m.cards) - 1)
    return w.late * extra if s.end_cause else extra


def reference_potential(s: g.State, p: int, w: Weights) -> float:
    points = float(s.score(p))
    return points if s.is_terminal() else points + reference_beyond_points(s, p, w)


def _with_reading(s: g.State, reading: str) -> g.State:
    """``s`` with the News tokens valued under ``reading`` (option ``news_values``)."""
    copy = s._copy()
    copy._opts = {**s._opts, "news_values": reading}
    return copy


@pytest.mark.parametrize("w", [Weights(), Weights(recurring=3.0, late=0.25, amber_cap=3, marker=0.6)])
def test_the_position_value_is_the_plain_sum_of_its_terms(w: Weights):
    held = 0
    for k, s in enumerate(positions()):
        s = _with_reading(s, NEWS_READINGS[k % len(NEWS_READINGS)])
        held += any(owner >= 0 for owner in s.news)
        plain = [reference_potential(s, p, w) for p in range(s.n)]
        assert [potential(s, p, w) for p in range(s.n)] == plain
        assert estimated_returns(s, w) == plain
        assert [beyond_points(s, p, w) for p in range(s.n)] == [reference_beyond_points(s, p, w) for p in range(s.n)]
    assert held > 1000  # (News tokens held in many of them)


def test_the_calibrated_value_is_points_plus_the_plain_terms_at_its_weight():
    bot = CalibratedBot(0)
    for s in positions()[::7]:
        if s.is_terminal():
            continue
        progress = bot.model.progress(s)
        _, (on_points, on_rest), _, _ = bot.model.coefficients(progress)
        weight, w = bot.share * on_rest / on_points, bot.weights_at(progress)
        assert bot.returns(s) == [s.score(p) + weight * reference_beyond_points(s, p, w) for p in range(s.n)]
