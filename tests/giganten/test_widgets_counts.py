"""The stepper's counts while humans play: whether a chance step happens may depend on what is hidden.

Giganten's license draw needs no chance step when the pile holds one value only.  So twin positions that a
human cannot tell apart may differ in how many chance steps follow a move.  The twins here are built by hand,
without ``determinize``: the same position with every value-2 license of the pile swapped into bots' hands for
value-1 licenses (the pile's size, every hand's size and the human's own hand stay as they are), so that one
twin draws by chance where the other draws without.  The whole widget state the human receives must be the
same: status, move counter, timeline, move box, log, picture, Hint.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

import giganten as g
from gamekit import random_game, states_along
from gamekit.i18n import LANGUAGES, using
from gamekit.i18n import gettext as _
from gamekit.widgets import HUMAN, shown
from giganten import rules as R
from giganten.widgets import stepper

from .helpers import edit

#: (seed of a random game, position in it): a decision just before license draws, where the twins' chance steps
#: differ (found by building the twin at every such position of seeded random games).
POSITIONS = [(0, 155), (1, 200), (3, 168), (4, 208)]

@pytest.fixture(params=LANGUAGES)
def lang(request):
    """The twin checks in every language the kit speaks: the steppers built inside word everything in it."""
    with using(request.param):
        yield request.param


def uniform_twin(s: g.State, human: int) -> g.State:
    """``s`` with the pile's value-2 licenses swapped into the other seats' hands (for value-1 licenses, seats
    in order): the same for ``human``, whose own hand, the pile's size and every hand's size stay."""
    twos, hands = s.lic_draw[1], {}
    for q in range(s.n):
        if q != human and twos:
            ones, held = s.licenses(q)
            k = min(ones, twos)
            twos -= k
            hands[q] = (ones - k, held + k)
    assert twos == 0, "the other hands hold too few value-1 licenses"
    twin = edit(s, licenses=hands, lic_draw=(s.lic_draw[0] + s.lic_draw[1], 0))
    assert twin.observation(human) == s.observation(human) and twin.history() == s.history()
    return twin


def chance_steps(s: g.State) -> int:
    """The chance steps before the next decision."""
    n = 0
    while s.is_chance() and not s.is_terminal():
        s, n = s.apply(s.chance_outcomes()[0][0]), n + 1
    return n


def hand_twins(seed: int, index: int) -> tuple[g.State, g.State, int]:
    s = list(states_along(random_game(g.new_game(4), seed)))[index]
    human = s.current_player()
    twin = uniform_twin(s, human)
    move = s.legal_actions()[0]
    assert chance_steps(s.apply(move)) != chance_steps(twin.apply(move))  # (what these twins are for)
    return s, twin, human


def at(state: g.State, seats: list[str]):
    st = stepper(players=4, seed=7, seats=seats)
    st.autoplay.value = False
    st.start_from(state)
    return st


@pytest.mark.parametrize("seed, index", POSITIONS)
def test_twins_whose_chance_steps_differ_show_the_same_screen_after_the_same_move(seed, index, lang):
    s, twin, human = hand_twins(seed, index)
    seats = ["heuristic"] * 4
    seats[human] = HUMAN
    a, b = at(s, seats), at(twin, seats)
    assert shown(a.widget) == shown(b.widget)
    move = s.legal_actions()[0]
    a.choose(move), b.choose(move)
    assert a.state.move_number != b.state.move_number  # the hidden count differs ...
    assert shown(a.widget) == shown(b.widget)  # ... and nothing the human receives shows it
    assert _("Chance to move") not in a.status.value
    assert a.status.value.endswith(_("move {}").format(a.public_move()) + "</div>")
    a.undo(), b.undo()
    assert a.state == s and b.state == twin and shown(a.widget) == shown(b.widget)
    a.redo(), b.redo()
    assert shown(a.widget) == shown(b.widget)


@pytest.mark.parametrize("seed, index", POSITIONS)
def test_twins_whose_chance_steps_differ_count_the_same_decisions_on_the_timeline(seed, index, lang):
    s, twin, human = hand_twins(seed, index)
    seats = ["heuristic"] * 4
    seats[human] = HUMAN
    a, b = at(s, seats), at(twin, seats)
    move = s.legal_actions()[0]
    a.choose(move), b.choose(move)
    for st in (a, b):
        assert (st.timeline.min, st.timeline.value, st.timeline.max) == (st.public_move() - 1, st.public_move(),
                                                                          st.public_move())
        assert st.move_box.value == st.public_move()
        assert len(st.log) == 1  # the draws joined the human's entry
        assert lang != "en" or "sales license" in st.log.texts()[0]
        st.timeline.value = st.timeline.min
    assert a.state == s and b.state == twin and shown(a.widget) == shown(b.widget)


def test_a_hint_after_chance_steps_that_differ_is_the_same(lang):
    """The next seat to decide after the draws is a second human's, who sees the same in both twins (its own
    draw came out alike): its Hint (seeded by the decisions counted, not by the moves) is the same."""
    s, twin, human = hand_twins(3, 168)
    following = (human + 1) % 4
    seats = ["heuristic"] * 4
    seats[human] = seats[following] = HUMAN
    a, b = at(s, seats), at(twin, seats)
    a.reveal_button.value = b.reveal_button.value = True
    move = s.legal_actions()[0]
    a.choose(move), b.choose(move)
    assert a.state.current_player() == following and a.state.move_number != b.state.move_number
    assert a.state.observation(following) == b.state.observation(following)
    assert shown(a.widget) == shown(b.widget)  # the screen is covered: pass it to the next human
    a.reveal_button.value = b.reveal_button.value = True
    assert a.explain() == b.explain() and a.why.value == b.why.value and _("Hint") in a.why.value
    assert shown(a.widget) == shown(b.widget)


def test_without_a_human_the_stepper_still_stops_at_each_chance_step():
    """In a game of bots (a demonstration: nothing is hidden from the watchers) Step plays one move, chance
    included, and the counter is the move number."""
    s, _, _ = hand_twins(0, 155)
    st = at(s, ["heuristic"] * 4)
    st.step()
    assert st.state.is_chance() and st.state.phase == R.LICENSE and "Chance to move" in st.status.value
    assert st.public_move() == st.state.move_number and f"move {st.state.move_number}" in st.status.value


def test_after_chance_steps_that_differ_a_bot_that_sees_the_same_plays_the_same(lang):
    """A bot is seeded by the decisions counted, not by the moves: the random bot of the next seat, which sees
    the same in both twins (its own draw came out alike), makes the same move, and the screens stay the same."""
    s, twin, human = hand_twins(3, 168)
    following = (human + 1) % 4
    seats = ["heuristic"] * 4
    seats[human], seats[following] = HUMAN, "random"
    a, b = at(s, seats), at(twin, seats)
    move = s.legal_actions()[0]
    a.choose(move), b.choose(move)
    assert a.state.current_player() == following and a.state.observation(following) == b.state.observation(following)
    decided = [len(st.state.history()) for st in (a, b)]
    a.step(), b.step()
    assert a.state.history()[decided[0]] == b.state.history()[decided[1]] and shown(a.widget) == shown(b.widget)


def test_the_review_numbers_a_humans_moves_as_the_log_does():
    """After a game a human played, the stepper's Review numbers each move by the decisions before it, as the
    log does (the game's move number also counts the chance steps, and how many there were can be secret)."""
    final = random_game(g.new_game(4), 5)
    st = stepper(players=4, seed=7, seats=[HUMAN, "heuristic", "heuristic", "heuristic"])
    st.load_game(final)
    st.advisor.review_samples = 1
    result = st.advisor.review()
    assert result is not None and result.moves
    decisions = {s.move_number: k for k, s in enumerate(s for s in states_along(final) if not s.is_chance())}
    entries = {int(t.split()[0][1:]): t for t in st.log.texts()}
    for m, number in zip(result.moves, sorted(decisions[s.move_number] for s in states_along(final)
                                              if s.current_player() == 0 and len(s.legal_actions()) > 1)):
        assert m.move_number == number and entries[number + 1].startswith(f"#{number + 1} Red: ")
    first = result.mistakes()[0]
    assert f"Move {first.move_number + 1}, Red: " in st.why.value
