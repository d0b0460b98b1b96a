"""Class questions in the store (on SQLite and on PostgreSQL): posed to a lesson, answered once per seat within
the time, closed and revealed, and kept as results (a pandas DataFrame)."""
from __future__ import annotations

import json
import time

import pytest

import giganten
from gamekit.i18n import gettext, using
from gamekit.questions import public_position
from gamekit.tables.quiz import QuestionError

from .helpers import open_fast
from .test_views import twin_games


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


# -- questions about a given position: a scenario, a position file, a running table ------------------------------

def test_a_question_about_a_scenario_keeps_its_position_and_its_answers_reach_the_results(store, lesson):
    scenario = giganten.scenario("auction_bluff")
    fitting = [k.name for k in giganten.questions.kinds_at(scenario)]
    assert fitting[0] in {k.name for k in giganten.questions.kinds() if k.judgement} and "legal_bids" in fitting
    default = store.quiz.ask("giganten", None, position=scenario.to_position(), about="the scenario", lesson=lesson.id)
    assert default.kind == fitting[0] and default.level == 0  # (whichever applies: the coach's first)
    asked = store.quiz.ask("giganten", "legal_bids", seed=4, position=scenario.to_position(), lesson=lesson.id,
                           about="the scenario Auction bluff")
    assert store.quiz.get(default.id).status == "closed"
    again = store.quiz.get(asked.id)
    assert again.about == "the scenario Auction bluff" and again.position == asked.position
    question = again.question()
    expected = giganten.questions.make_at("legal_bids", giganten.from_position(again.position), seed=4)
    assert (question.prompt, question.options, question.answer) == (expected.prompt, expected.options,
                                                                     expected.answer)
    assert question.state.to_position() == scenario.to_position()
    store.quiz.answer(asked.id, lesson.tables[0].seats[2], question.answer)
    rows = store.results(lesson.id)
    assert list(rows["kind"]) == ["legal_bids"] and list(rows["correct"]) == [True]
    assert list(rows["student"]) == ["Chloe"] and list(rows["question"]) == [asked.id]
    recent = {q.id: q.about for q, _ in store.quiz.recent()}
    assert recent[asked.id] == "the scenario Auction bluff" and recent[default.id] == "the scenario"


def test_what_a_question_is_about_is_stored_unworded_and_worded_when_read(store, lesson):
    title = giganten.scenario_info("auction_bluff").title
    asked = [store.quiz.ask("giganten", "legal_bids", seed=4, position=giganten.scenario("auction_bluff").to_position(),
                            lesson=lesson.id, about=about) for about in ({"about": "scenario", "name": "auction_bluff"},
                                                                         None)]
    table = store.quiz.ask_about_table(lesson.tables[0].table, seed=3)
    entries = store.table_info(lesson.tables[0].table).length - 1
    assert [q.about for q in (*asked, table)] == [f"the scenario {title}", "a position file",
                                                  f"table 7b - table 1 after {entries} entries"]
    with using("de"):
        assert [q.about for q in (*asked, table)] == [f"das Szenario {gettext(title)}", "eine Stellungsdatei",
                                                      f"Tisch 7b - Tisch 1 nach {entries} Einträgen"]


def test_a_position_question_that_cannot_be_asked_is_refused_with_the_kinds_that_can(store):
    scenario = giganten.scenario("auction_bluff").to_position()
    with pytest.raises(QuestionError, match="can be asked about this position .*legal_bids"):
        store.quiz.ask("giganten", "end_bonus", position=scenario)
    with pytest.raises(QuestionError, match="position was refused: players"):
        store.quiz.ask("giganten", None, position={**scenario, "players": []})
    assert store.quiz.recent() == []


def test_a_question_about_a_running_table_is_drawn_from_what_the_projector_shows(store):
    """Twin tables that differ only in hidden licenses and tiles: the questions about them (same seed) are the very
    same, kept with the same position -- the public one, not either table's own."""
    one, two, _blind = twin_games(seed=12)
    tables = [store.create_table(giganten, ["human"] * 4, title="twins", from_save=s.to_json()) for s in (one, two)]
    fitting = [k.name for k in giganten.questions.kinds_at(giganten.from_position(public_position(one, 9)))]
    assert fitting
    for kind in fitting:
        asked = [store.quiz.ask_about_table(t.table, kind, seed=9) for t in tables]
        assert asked[0].position == asked[1].position and asked[0].about == asked[1].about
        assert asked[0].position == json.dumps(public_position(one, 9), sort_keys=True, separators=(",", ":"))
        a, b = (q.question() for q in asked)
        assert (a.kind, a.seat, a.prompt, a.options, a.answer) == (b.kind, b.seat, b.prompt, b.options, b.answer)
    real = [json.dumps(s.to_position(), sort_keys=True, separators=(",", ":")) for s in (one, two)]
    assert asked[0].position not in real
    assert asked[0].about == f"table twins after {store.table_info(tables[0].table).length - 1} entries"


def test_a_store_written_before_position_questions_opens_and_asks_them(tmp_path):
    folder = str(tmp_path / "old")
    old = open_fast(folder)
    with old._transaction(write=True) as tx:
        tx.run("DROP TABLE gk_question_positions")
    old.close()
    store = open_fast(folder)
    asked = store.quiz.ask("giganten", None, position=giganten.scenario("price_zones").to_position())
    assert store.quiz.get(asked.id).position is not None
    store.close()
