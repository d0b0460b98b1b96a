"""The First Giants coach: a function of what every seat sees, exact at the end of the game, right where
the winning move is known; and the review of a game."""
from __future__ import annotations

import random

import pytest

import firstgiants
from firstgiants.bots import BOTS, HeuristicBot
from firstgiants.coach import MODEL, coach, review
from gamekit import play, sample_chance, states_along
from gamekit.coach import review as review_any
from gamekit.plotting import plot_review
from gamekit.protocol import with_item


def heuristic_game(seed: int, players: int = 4, until=lambda s: False):
    """A seeded game of heuristics, up to the first position where ``until`` holds (or the end)."""
    rng = random.Random(seed)
    bots = [HeuristicBot(seed * 10 + p) for p in range(players)]
    state = firstgiants.new_game(players)
    while not state.is_terminal() and not until(state):
        state = state.apply(sample_chance(state, rng) if state.is_chance() else bots[state.current_player()].act(state))
    return state


def deck_twin(state):
    """The same position with the deck listed in another order: what the players see is the same (the
    deck is a public multiset; its next card is chance)."""
    twin = state._copy()
    twin._record, twin._events = state._record, []
    twin.deck = tuple(reversed(state.deck))
    return twin


def test_advice_and_levels_depend_only_on_what_every_seat_sees():
    state = heuristic_game(3, until=lambda s: s.turns >= 10 and s.current_player() is not None
                           and len(s.legal_actions()) > 2)
    twin = deck_twin(state)
    assert twin.deck != state.deck and twin.observation(0) == state.observation(0)
    assert coach(state, samples=4, seed=2) == coach(twin, samples=4, seed=2)
    for level, params in (("beginner", {}), ("club", {}), ("strong", {})):
        assert [BOTS[level](k, **params).act(state) for k in range(3)] == \
               [BOTS[level](k, **params).act(twin) for k in range(3)]


def last_decision(seed: int):
    final = heuristic_game(seed)
    return [s for s in states_along(final) if not s.is_terminal() and not s.is_chance()
            and len(s.legal_actions()) > 1][-1]


def finish(state, action):
    final = play(state.apply(action), [HeuristicBot(p) for p in range(state.num_players)], 0)
    return final.returns()


def test_at_the_last_decision_the_estimates_are_the_exact_final_points():
    state = last_decision(1)
    seat = state.current_player()
    advice = coach(state, samples=3)
    for option in advice.options:
        assert option.value.mean == finish(state, option.action)[seat] and option.value.se == 0.0


def test_the_coach_picks_the_winning_move_where_one_is_known():
    """A last decision where one display scores two points more than any other choice: with the seat's
    points set so, that display wins by a point and every other choice loses."""
    state = last_decision(1)
    seat = state.current_player()
    results = {a: finish(state, a) for a in state.legal_actions()}
    mine = {a: r[seat] for a, r in results.items()}
    others = {max(r for q, r in enumerate(rs) if q != seat) for rs in results.values()}
    assert len(others) == 1  # this choice does not change the others' points
    (other,) = others
    best = max(mine, key=mine.get)
    assert mine[best] - max(v for a, v in mine.items() if a != best) >= 2
    position = state._copy()
    position._record, position._events = state._record, []
    position.points = with_item(state.points, seat, state.points[seat] + other - mine[best] + 1)
    advice = coach(position, samples=3)
    assert advice.best.action == best
    assert advice.best.win.mean == 1.0 and all(o.win.mean == 0.0 for o in advice.options[1:])


def test_the_review_names_the_costliest_moves_and_charts_every_seat():
    state = heuristic_game(4, players=3, until=lambda s: s.turns >= 9)
    result = review(state, seats=[0], samples=2)
    assert result.moves and all(m.seat == 0 for m in result.moves)
    assert all(m.played.action == state.history()[m.move_number] for m in result.moves)
    costs = [m.win_cost.mean for m in result.mistakes()]
    assert costs == sorted(costs, reverse=True)
    assert all(abs(sum(chances) - 1.0) < 1e-9 for _, chances in result.timeline)
    ax = plot_review(result)
    assert [line.get_label() for line in ax.get_lines()] == list(state.names)


def test_the_sentences_name_the_rule():
    state = heuristic_game(5, until=lambda s: s.turns >= 6 and s.current_player() is not None
                           and len(s.legal_actions()) > 1)
    advice = coach(state, samples=3)
    assert advice.sentences[0].startswith("Best: ") and "points at the end" in advice.sentences[0]
    sections = ("Play 1 Marker", "Reclaim Markers", "Display 1 Fossil", "Cards' Icons & Effects", "Score Points")
    assert any(sentence.startswith(sections) for sentence in advice.sentences[1:])
    assert len(MODEL.features(state)) == 4


def test_a_review_from_a_save_file_is_the_review_of_its_game(tmp_path):
    """``gamekit.coach.review`` takes a save file's path or text and finds its game."""
    state = heuristic_game(4, players=3, until=lambda s: s.turns >= 5)
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    direct = review(state, seats=[1], samples=2)
    assert review_any(path, seats=[1], samples=2) == review_any(str(path), seats=[1], samples=2) == direct
    assert review_any(state.to_json(), seats=[1], samples=2) == direct


def test_a_review_refuses_a_save_of_an_unknown_game():
    with pytest.raises(ValueError, match="unknown game"):
        review_any('{"format": "giants-kit-save", "game": "chess"}')
