"""The practice widget in plain pytest: buttons and picture clicks answer, feedback and score follow, the level
rises with right answers, "Another one" asks the next question, the same seed asks the same series; twin positions
give identical pages."""
from __future__ import annotations

import random

import pytest

import giganten as g
from gamekit.questions import Kind, QuestionSet
from gamekit.widgets import shown, undescribed_controls
from gamekit.widgets.questions import QuestionPractice, practice
from giganten.questions import KINDS

from .test_questions import QUESTIONS as TOY


def press(w: QuestionPractice, i: int) -> None:
    w.buttons.children[i].click()


def wrong_index(w: QuestionPractice) -> int:
    return next(i for i in range(len(w.question.options)) if i != w.question.answer)


def test_a_button_answers_and_the_feedback_and_score_show_at_once():
    w = practice(TOY, kinds=["roll_total"], seed=1)
    assert w.picture.layout.display == "none"  # (the toy game has no picture)
    assert [b.description for b in w.buttons.children] == list(w.question.options)
    assert "Score: 0 of 0 · level 0" in w.score.value and w.feedback_pane.value == ""
    press(w, w.question.answer)
    assert w.feedback.correct and "✔</b> Right: " in w.feedback_pane.value
    assert "[Toy rules: roll]" in w.feedback_pane.value
    assert all(b.disabled for b in w.buttons.children)
    assert w.buttons.children[w.question.answer].button_style == "success"
    assert "Score: 1 of 1" in w.score.value


def test_a_wrong_answer_is_marked_shows_the_right_one_and_counts_once():
    w = practice(TOY, kinds=["roll_total"], seed=2)
    bad = wrong_index(w)
    feedback = w.answer(bad)
    assert not feedback.correct and "✘</b> Not right: " in w.feedback_pane.value
    assert f"the answer is {w.question.options[w.question.answer]}" in w.feedback_pane.value
    assert w.buttons.children[bad].button_style == "danger"
    assert w.buttons.children[w.question.answer].button_style == "info"
    assert w.answer(w.question.answer) is feedback and (w.right, w.asked) == (0, 1)  # only the first answer counts


def test_another_one_asks_a_new_question_and_right_answers_raise_the_level():
    w = practice(TOY, kinds=["roll_total"], seed=3, level_up=2)
    seen = set()
    for _ in range(4):
        seen.add(w.question.prompt)
        w.answer(w.question.answer)
        w.next_button.click()
    assert (w.right, w.asked, w.level) == (4, 4, 2) and len(seen) > 1
    assert "level 2" in w.header.value and w.feedback is None and w.feedback_pane.value == ""
    assert w.question.state.turn_total >= 4  # (the toy kind's level: a bigger turn total)
    w.answer(wrong_index(w))
    w.another()
    w.answer(w.question.answer)
    assert (w.level, w.streak) == (2, 1)  # a wrong answer starts the count again


def test_the_same_seed_asks_the_same_series():
    a, b = practice(g.questions, seed=5), practice(g.questions, seed=5)
    for _ in range(3):
        assert (a.question.kind, a.question.prompt) == (b.question.kind, b.question.prompt)
        a.another(), b.another()


def test_giganten_questions_show_the_board_from_the_asked_seat_and_buttons_answer():
    w = practice(g.questions, kinds=["new_price"], seed=1)
    assert w.picture.layout.display is None and "<svg" in w.picture.markup and not w.clicking
    assert f"what {g.State.name(w.question.state, w.question.seat)} sees" in w.picture.markup
    press(w, w.question.answer)
    assert w.feedback.correct and "Action 1" in w.feedback_pane.value
    assert undescribed_controls(w.widget) == []


def test_where_the_options_are_parts_of_the_board_the_answer_is_a_click():
    w = practice(g.questions, kinds=["truck_reach"], seed=2)
    q = w.question
    assert w.clicking and w.buttons.children == () and "Click your answer" in w.prompt.value
    assert all(option in w.prompt.value for option in q.options)
    assert sorted(w.picture.targets) == sorted(q.targets)
    with pytest.raises(KeyError):
        w.picture.click("sq-99-99")
    w.picture.click(q.targets[q.answer])
    assert w.feedback.correct and w.picture.chosen == q.targets[q.answer] and w.picture.targets == [w.picture.chosen]
    w.picture.click(w.picture.chosen)  # (a second click changes nothing)
    assert (w.right, w.asked) == (1, 1)
    assert "may stop there" in w.feedback_pane.value and "Score: 1 of 1" in w.score.value


def test_judgement_questions_show_the_coach_cost():
    w = practice(g.questions, kinds=["what_would_you_do"], seed=3)
    assert "the coach judges" in w.header.value
    w.answer(len(w.question.options) - 1)
    assert w.feedback.best is not None and w.feedback.win_cost is not None
    assert "coach" in w.feedback_pane.value


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="no kind of question to ask: choose among new_price"):
        practice(g.questions, kinds=["dice"])


@pytest.mark.parametrize("kind", [k.name for k in g.questions.kinds() if not k.judgement])
def test_twin_positions_give_identical_question_pages(kind):
    """A page shows the question from the asked seat's view: twins that differ only in what that seat cannot see
    (re-dealt by ``determinize``) show the same page, before and after the answer."""
    for seed in range(4):
        q = g.questions.make(kind, seed=seed)
        twin = q.state.determinize(q.seat if q.seat is not None else 0, random.Random(seed))
        pages = []
        for state in (q.state, twin):
            asked = KINDS[kind].ask(state, random.Random(seed))
            w = practice(QuestionSet([Kind(kind, "t", "s", False, lambda rng, level, asked=asked: asked)]))
            before = shown(w.widget)
            w.answer(0)
            pages.append((before, shown(w.widget)))
        assert pages[0] == pages[1]
