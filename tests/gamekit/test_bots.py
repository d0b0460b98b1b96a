"""Bot registry, the human seat and the "why" protocol."""
from __future__ import annotations

import functools

import pytest

from gamekit import RandomBot
from gamekit.bots import (
    HumanMoveRequired,
    HumanSeat,
    ScoredBot,
    describe_bots,
    explain,
    format_why,
    is_human,
    make_bot,
    registry,
    seat_label,
)

from . import toygame
from .toygame import SPEC, Deal, Hold, Roll


def decision_state():
    return SPEC.new_game(2).apply(Deal(1)).apply(Deal(2))


def test_a_human_seat_refuses_to_move_for_the_human():
    seat = HumanSeat(name="Ana")
    assert is_human(seat) and not is_human(RandomBot(1))
    with pytest.raises(HumanMoveRequired, match="seat 0 is a human seat \\(Ana\\)"):
        seat.act(decision_state())
    assert seat.explain(decision_state()) == []


def test_every_game_has_the_random_and_human_seats_by_name():
    bots = registry(SPEC)
    assert {"random", "human"} <= set(bots)
    assert registry(toygame) == bots
    bot = make_bot(SPEC, "random", seed=4)
    assert bot.act(decision_state()) in (Roll(), Hold())
    assert isinstance(make_bot(SPEC, "human", seed=0), HumanSeat)
    with pytest.raises(ValueError, match="unknown bot 'oracle'; known: human, random"):
        make_bot(SPEC, "oracle", seed=0)
    assert describe_bots(SPEC)["random"].startswith("Uniformly random")


def test_the_random_bot_explains_uniform_values():
    assert RandomBot(1).explain(decision_state()) == [(Roll(), 0.5), (Hold(), 0.5)]
    assert explain(object(), decision_state(), top=1) == [(Roll(), 0.5)]


class PreferHold(ScoredBot):
    """Scores holding 1, rolling 0."""

    def score(self, state, action):
        return 1.0 if action == Hold() else 0.0


def test_a_scored_bot_plays_its_best_score_and_explains_its_ranking():
    bot = PreferHold(1)
    assert bot.act(decision_state()) == Hold()
    assert bot.explain(decision_state()) == [(Hold(), 1.0), (Roll(), 0.0)]
    text = format_why(bot.explain(decision_state()), "score")
    assert text.splitlines()[0].split() == ["action", "score"] and "hold    1.000" in text
    assert "human seat" in format_why([])


def test_seat_labels_are_readable():
    assert seat_label("heuristic") == "heuristic"
    assert seat_label(("search", {"iterations": 50, "c": 0.5})) == "search(c=0.5, iterations=50)"
    assert seat_label(RandomBot) == "RandomBot"
    assert seat_label(functools.partial(PreferHold)) == "PreferHold()"
