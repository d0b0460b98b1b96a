"""The stepper while humans play: nothing it shows depends on what the humans may not see.

Checked as the engines' observations are: twin positions that differ only in what a human may not
see (the other seats' license hands, the face-down tiles that human has not looked at) must look
the same on screen -- every widget's value, text, tooltip, the picture's SVG and its clickable parts -- before and
after asking Why?/Hint, with the text form open, and after the same public moves.  The twins are two
``determinize`` samples of a real position from the human's point of view (they keep all that the
human knows and re-deal the rest), at every kind of decision: take a card, move, build, produce,
bid, pay, sell, and the penalty and license draws (chance).
"""
from __future__ import annotations

import random

import matplotlib

matplotlib.use("Agg")

import pytest

import giganten as g
from gamekit import random_game, states_along
from gamekit.i18n import LANGUAGES, using
from gamekit.i18n import gettext as _
from gamekit.widgets import HUMAN, GameStepper, shown
from giganten import rules as R
from giganten.widgets import stepper, view

from .helpers import BLUE, RED, end_movement, to_phase, with_hand, with_storage

PHASES = {R.TAKE: "take a card", R.LICENSE: "license draw", R.MOVE: "move", R.BUILD: "build",
          R.PRODUCE: "produce", R.BID: "bid", R.PAY: "pay", R.PENALTY: "penalty", R.SELL: "sell"}


def _positions() -> dict[int, g.State]:
    """A position of each kind, from seeded random games (random bidders overbid: penalties happen)."""
    found: dict[int, g.State] = {}
    for seed in range(20):
        for s in states_along(random_game(g.new_game(4), seed)):
            if s.phase in PHASES and s.phase not in found:
                found[s.phase] = s
        if len(found) == len(PHASES):
            return found
    raise AssertionError(f"no position found for {set(PHASES) - set(found)}")


POSITIONS = _positions()

@pytest.fixture(params=LANGUAGES)
def lang(request):
    """The twin checks in every language the kit speaks: the steppers built inside word everything in it."""
    with using(request.param):
        yield request.param


def twins(s: g.State, human: int) -> tuple[g.State, g.State]:
    """Two positions the same for ``human`` and different in what ``human`` may not see."""
    first = s.determinize(human, random.Random(1))
    for seed in range(2, 50):
        second = s.determinize(human, random.Random(seed))
        if second != first:
            assert second.observation(human) == first.observation(human)
            return first, second
    raise AssertionError("determinize gave the same position 50 times")


def at(state: g.State, seats: list[str]):
    st = stepper(players=4, seed=7, seats=seats)
    st.autoplay.value = False
    st.start_from(state)
    return st


def screens(st) -> list:
    """What the stepper shows: as it stands (the picture's clickable parts and highlights included), after
    a click on the first clickable part (it is marked and its action offered), after Why?/Hint, and with
    the text form open."""
    out = [shown(st.widget)]
    if st.picture.targets:
        st.picture.click(st.picture.targets[0])
        out.append(shown(st.widget))
    st.why_button.click()
    st.advisor.wait_for_coach()  # (the coach works in a thread; withheld advice starts none)
    out.append(shown(st.widget))
    st.settings.selected_index = 2  # the text form (its tab moved behind "Save and load")
    out.append(shown(st.widget))
    return out


def assert_same_screens(a, b, humans: set[int], watcher: int, moves: int = 3) -> None:
    """The two steppers look the same now and after up to ``moves`` moves that are the same for both: the
    humans' own (the first listed), and chance outcomes ``watcher`` may not see (drawn from the seed)."""
    for _move in range(moves + 1):
        assert screens(a) == screens(b)
        s = a.state
        if s.is_terminal():
            return
        if s.is_chance():
            if s.phase != R.LICENSE or s.order()[s.cursor] == watcher:
                return  # a public outcome, or the watcher's own draw: the twins may differ from here
            a.step(), b.step()
        elif s.current_player() in humans:
            if len(humans) > 1:
                if s.current_player() != watcher:
                    return  # revealed, the screen shows that seat's own secrets
                a.reveal_button.value = b.reveal_button.value = True
                assert screens(a) == screens(b)
            assert a.state.legal_actions() == b.state.legal_actions()
            a.choose(a.state.legal_actions()[0]), b.choose(b.state.legal_actions()[0])
        else:
            return  # a bot decides with its own hand: the twins may go different ways from here


@pytest.mark.parametrize("phase", list(PHASES), ids=list(PHASES.values()))
@pytest.mark.parametrize("whose", ["human's turn", "bot's turn"])
def test_one_human_sees_the_same_screen_in_twin_positions(phase, whose, lang):
    s = POSITIONS[phase]
    mover = s.current_player()
    if mover is None:
        if whose == "human's turn":
            pytest.skip("chance decides here")
        human = (s.auc_bidder + 1) % 4 if phase == R.PENALTY else (s.order()[s.cursor] + 1) % 4
    else:
        human = mover if whose == "human's turn" else (mover + 1) % 4
    seats = ["heuristic"] * 4
    seats[human] = HUMAN
    a, b = (at(t, seats) for t in twins(s, human))
    assert_same_screens(a, b, {human}, human)


@pytest.mark.parametrize("phase", list(PHASES), ids=list(PHASES.values()))
def test_hotseat_screens_hide_each_humans_secrets_from_the_other(phase, lang):
    """The classroom's set-up: two humans passing the screen, two bots."""
    s = POSITIONS[phase]
    for watcher in (0, 1):
        seats = [HUMAN, HUMAN, "heuristic", "heuristic"]
        a, b = (at(t, seats) for t in twins(s, watcher))
        assert_same_screens(a, b, {0, 1}, watcher)


def test_a_bots_why_is_withheld_while_a_human_plays_and_shown_in_a_demo():
    s = POSITIONS[R.PAY]
    bot = s.current_player()
    seats = ["heuristic"] * 4
    seats[(bot + 1) % 4] = HUMAN
    st = at(s, seats)
    assert st.explain() == [] and "stay hidden while a human plays" in st.why.value
    assert "pay" not in st.why.value
    demo = at(s, ["heuristic"] * 4)
    ranked = demo.explain()
    assert ranked and "pay" in demo.why.value


def test_the_twin_check_would_catch_a_why_that_shows_a_bots_payment_options():
    """Without the withholding, a bot's Why? at a payment lists its hand's ways to pay: the screens differ."""
    s = to_phase(R.MOVE)
    for p, hand in ((RED, (3, 0)), (BLUE, (3, 3))):
        s = with_hand(s, p, *hand)
    s = end_movement(with_storage(with_storage(s, RED, 0, 1), BLUE, 0, 1))
    # Red passes; Blue (6 cards) bids 6 and chooses how to pay (Blue's hand, as Red may think it, pays in two ways
    # at least: with one, the rules would pay at once)
    paying = s.apply(g.Pass()).apply(g.Bid(6))
    assert paying.phase == R.PAY and paying.current_player() == BLUE
    first = paying.determinize(RED, random.Random(0))
    second = next(t for seed in range(1, 50) if (t := paying.determinize(RED, random.Random(seed))).legal_actions()
                  != first.legal_actions())  # Blue's re-dealt hands pay 6 in different ways
    leaky = view()
    leaky.hidden_information = False
    seats = [HUMAN, "heuristic", "heuristic", "heuristic"]
    pair = []
    for t in (first, second):
        st = GameStepper(leaky, players=4, seed=7, seats=seats)
        st.start_from(t)
        pair.append(st)
    assert shown(pair[0].widget) == shown(pair[1].widget)  # until Why? is pressed
    assert screens(pair[0]) != screens(pair[1])
    assert at(first, seats).explain() == at(second, seats).explain() == []  # the kit's stepper withholds it


def test_a_bots_refused_action_names_only_the_rule_while_a_human_plays():
    class Stubborn:
        def act(self, state):
            return g.PayLicenses(9, 9)

    bots = dict(view().bots, stubborn=lambda seed, **p: Stubborn())
    s = POSITIONS[R.PAY]
    seats = ["stubborn"] * 4
    seats[(s.current_player() + 1) % 4] = HUMAN
    st = GameStepper(view(bots), players=4, seed=7, seats=seats)
    st.start_from(s)
    st.step()
    assert st.state is s and "Bot error" in st.message.value and "Action 7 a)" in st.message.value
    assert "Allowed" not in st.message.value and "pay 9" not in st.message.value


@pytest.mark.parametrize("phase", [R.BID, R.BUILD], ids=["bid", "build"])
def test_the_coachs_hint_is_the_same_in_twin_positions(phase, lang):
    """The coach (GameView.advisor) samples only what the human may see: twins get the same ranked options,
    estimates and sentences."""
    s = POSITIONS[phase]
    human = s.current_player()
    seats = ["heuristic"] * 4
    seats[human] = HUMAN
    a, b = (at(t, seats) for t in twins(s, human))
    ranked = a.explain()
    assert ranked and ranked == b.explain()
    assert a.why.value == b.why.value and _("Hint") in a.why.value and _("chance of winning") in a.why.value
