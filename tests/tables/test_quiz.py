"""Class questions in the store (on SQLite and on PostgreSQL): posed to a lesson, answered once per seat within
the time, closed and revealed, and kept as results (a pandas DataFrame)."""
from __future__ import annotations

import time

import pytest

import giganten
from gamekit.tables.quiz import QuestionError


@pytest.fixture
def lesson(store):
    return store.create_lesson(giganten, ["Ana", "Ben", "Chloe", "Dan"], 4, title="7b", seed=1)


def test_a_question_is_asked_of_a_lesson_and_each_student_answers_once(store, lesson):
    asked = store.quiz.ask("giganten", "new_price", seed=5, lesson=lesson.id, seconds=60)
    question = asked.question()
    assert asked.status == "open" and question.answer is not None
    codes = lesson.tables[0].seats
    store.quiz.answer(asked.id, codes[0], question.answer)
    store.quiz.answer(asked.id, codes[1], (question.answer + 1) % len(question.options))
    with pytest.raises(QuestionError, match="answered this question already"):
        store.quiz.answer(asked.id, codes[0], 0)
    with pytest.raises(QuestionError, match="options"):
        store.quiz.answer(asked.id, codes[2], 99)
    assert store.quiz.students(lesson.id) == 4
    results = store.results(lesson.id)
    assert list(results["student"]) == ["Ana", "Ben"] and list(results["correct"]) == [True, False]
    assert set(results["kind"]) == {"new_price"} and set(results["section"]) == {giganten.questions.kinds()[0].section}


def test_no_answer_after_the_time_or_once_the_teacher_closes_or_a_new_question_comes(store, lesson, monkeypatch):
    asked = store.quiz.ask("giganten", "price_zone", seed=2, lesson=lesson.id, seconds=5)
    code = lesson.tables[0].seats[0]
    later = time.time() + 6
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(QuestionError, match="time is up"):
        store.quiz.answer(asked.id, code, 0)
    monkeypatch.undo()
    second = store.quiz.ask("giganten", "price_zone", seed=3, lesson=lesson.id, seconds=60)
    assert store.quiz.get(asked.id).status == "closed"
    with pytest.raises(QuestionError):
        store.quiz.answer(asked.id, code, 0)
    store.quiz.set_status(second.id, "closed")
    with pytest.raises(QuestionError, match="time is up"):
        store.quiz.answer(second.id, code, 0)


def test_a_question_for_another_lesson_is_refused(store, lesson):
    other = store.create_lesson(giganten, ["Eva", "Finn", "Gus"], 3)
    asked = store.quiz.ask("giganten", "new_price", seed=5, lesson=other.id)
    with pytest.raises(QuestionError, match="not for your table"):
        store.quiz.answer(asked.id, lesson.tables[0].seats[0], 0)


def test_bad_questions_are_refused_clearly(store, lesson):
    with pytest.raises(QuestionError, match="kind: one of"):
        store.quiz.ask("giganten", "no_such_kind")
    with pytest.raises(QuestionError, match="seconds"):
        store.quiz.ask("giganten", "new_price", seconds=1)
    with pytest.raises(QuestionError, match="game"):
        store.quiz.ask("os", "new_price")


def test_the_same_seed_poses_the_same_question_for_everyone(store, lesson):
    one = store.quiz.ask("giganten", "truck_cost", seed=11, lesson=lesson.id).question()
    two = store.quiz.ask("giganten", "truck_cost", seed=11, lesson=lesson.id).question()
    assert (one.prompt, one.options, one.answer) == (two.prompt, two.options, two.answer)


def test_a_reviews_judged_decisions_reach_the_results(store, lesson):
    table = lesson.tables[0]
    store.quiz.keep_judged(table.table, 0, [(3, "Action 2", 500.0, 0.05), (9, "Action 7a", 0.0, 0.0)])
    rows = store.results(lesson.id)
    decisions = rows[rows["what"] == "decision"]
    assert list(decisions["choice"]) == [3, 9] and list(decisions["student"]) == ["Ana", "Ana"]
    assert list(decisions["win_cost"]) == [0.05, 0.0]
