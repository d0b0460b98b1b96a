"""Class questions and what the class learnt: the questions a teacher poses to a lesson, every answer, the results.

A class question is one of the engines' questions (:mod:`gamekit.questions`) asked of every student of a lesson at
once: it is kept as what makes it again -- the game, the kind, the seed and the level (the same seed gives the same
question on every machine), and for a question about a given position (a position file, a scenario, a running
table's position: ``make_at``) that position -- with its time limit and whether the teacher has revealed it.  A
running table's position is kept as the projector may show it (:func:`gamekit.questions.public_position`): no
seat's hidden hand ever reaches a class question, not even the store's copy of it.  Each student answers
once, from their seat's page; the answer is kept with the seat, the time, whether it was right (a rule question) or
what it cost against the coach's best (a judgement question), the kind and its rulebook section.

:func:`results` gives every answer of a lesson, and every decision the coach judged in the students' reviews, as
rows (a pandas DataFrame with :func:`results_frame`), for the teacher's page, a CSV file and a notebook.

The tables (created with the store's others, :data:`SCHEMA`):

* ``gk_questions``: id, lesson, game module, kind, seed, level, seconds allowed, opened (time), status ('open',
  'closed': no more answers, 'revealed': the right answer shown), revision (raised at every change);
* ``gk_answers``: question, table, seat, the student's name, the option chosen, correct (1/0, null for a judgement
  question), cost and win_cost (judgement questions), when; one answer per seat and question;
* ``gk_judged``: table, seat, decision number, the review's cost in the game's unit and in chance of winning, the
  rulebook section: the decisions a student's review judged;
* ``gk_question_positions``: question, the position it is about (JSON text, as ``to_position()`` writes it), and
  what that position is in words ("the scenario auction_bluff", "table 7b after 52 moves"): the questions asked
  about a given position (a table of its own, so that stores written before it open as they are).
"""
from __future__ import annotations

import importlib
import json
import secrets
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ..i18n import gettext as _
from ..i18n import N_, format_number, ngettext
from ..questions import Question, public_position
from .errors import TableError
from .store import table_title

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS gk_questions (id TEXT PRIMARY KEY, lesson TEXT, module TEXT NOT NULL, "
    "kind TEXT NOT NULL, seed INTEGER NOT NULL, level INTEGER NOT NULL, seconds INTEGER NOT NULL, "
    "opened {real} NOT NULL, status TEXT NOT NULL CHECK (status IN ('open', 'closed', 'revealed')), "
    "revision INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS gk_answers (question TEXT NOT NULL REFERENCES gk_questions (id), "
    "table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, choice INTEGER NOT NULL, correct INTEGER, "
    "cost {real}, win_cost {real}, at {real} NOT NULL, PRIMARY KEY (question, table_id, seat))",
    "CREATE TABLE IF NOT EXISTS gk_judged (table_id TEXT NOT NULL, seat INTEGER NOT NULL, decision INTEGER NOT NULL, "
    "section TEXT NOT NULL, cost {real} NOT NULL, win_cost {real} NOT NULL, PRIMARY KEY (table_id, seat, decision))",
    "CREATE TABLE IF NOT EXISTS gk_question_positions (question TEXT PRIMARY KEY REFERENCES gk_questions (id), "
    "position TEXT NOT NULL, about TEXT NOT NULL)",
)
#: The longest and shortest time a teacher may give a question.
MIN_SECONDS, MAX_SECONDS = 5, 600
STATUSES = ("open", "closed", "revealed")


class QuestionError(TableError):
    """A class question that cannot be asked or answered, with why in words: ``template`` (an English message id)
    filled in with ``values``, worded when read in the reader's language."""

    def __init__(self, template: str, *values: Any, **named: Any) -> None:
        self._word(template, *values, **named)


@dataclass(frozen=True)
class ClassQuestion:
    """A class question as the store keeps it (see the module docstring); ``question()`` makes the question."""

    id: str
    lesson: str | None
    module: str
    kind: str
    seed: int
    level: int
    seconds: int
    opened: float
    status: str
    revision: int
    position: str | None = None
    """The position the question is about (JSON text), or None: a position the kind found by seeded play."""
    about_stored: str | None = None
    """What that position is, unworded (:func:`about_json`)."""

    @property
    def about(self) -> str | None:
        """That position in the reader's language ("the scenario Auction bluff", "table 7b after 52 entries")."""
        return None if self.about_stored is None else about_words(self.module, self.about_stored)

    def question(self) -> Question:
        return make_question(self.module, self.kind, self.seed, self.level, self.position)

    def seconds_left(self) -> int:
        """Whole seconds left to answer (0 once closed or over)."""
        return max(0, int(self.opened + self.seconds - time.time())) if self.status == "open" else 0

    def open_now(self, now: float | None = None) -> bool:
        """Whether answers are taken: open, and its time not over."""
        return self.status == "open" and (time.time() if now is None else now) < self.opened + self.seconds


@lru_cache(maxsize=64)
def make_question(module: str, kind: str, seed: int, level: int, position: str | None = None) -> Question:
    """The question (made once per process: the same arguments give the same question): of ``kind`` from ``seed``
    and ``level``, or with ``position`` (JSON text) about that position (``make_at``)."""
    game = importlib.import_module(module)
    if position is None:
        return game.questions.make(kind, seed=seed, level=level)
    return game.questions.make_at(kind, game.from_position(position), seed=seed)


_COLUMNS = ("q.id, q.lesson, q.module, q.kind, q.seed, q.level, q.seconds, q.opened, q.status, q.revision, "
            "p.position, p.about")
_FROM = "gk_questions q LEFT JOIN gk_question_positions p ON p.question = q.id"


About = Mapping[str, Any]
"""What a question's position is, kept unworded and worded when read (:func:`about_words`): ``{"about": "file"}`` (a
position file), ``{"about": "scenario", "name": ...}``, ``{"about": "table", "title": <its stored title>, "lesson":
..., "entries": n}`` (a running table after n entries) or ``{"about": "text", "text": ...}`` (the teacher's words)."""


def about_json(about: str | About | None) -> str:
    """``about`` as the store keeps it (JSON text of an :data:`About`; None: a position file)."""
    if about is None:
        about = {"about": "file"}
    elif isinstance(about, str):
        about = {"about": "text", "text": about[:200]}
    return json.dumps(dict(about), sort_keys=True)


def about_words(module: str, stored: str) -> str:
    """A stored :data:`About` in the reader's language (a store written before they were kept unworded: its text)."""
    try:
        about = json.loads(stored)
        words = _about_words(module, about) if isinstance(about, dict) else None
    except (ValueError, KeyError, TypeError):  # (not JSON, or not an About: as it was stored)
        words = None
    return stored if words is None else words


def _about_words(module: str, about: dict[str, Any]) -> str | None:
    kind = about.get("about")
    if kind == "file":
        return _("a position file")
    if kind == "scenario":
        title = importlib.import_module(module).scenario_info(str(about["name"])).title
        return _("the scenario {title}").format(title=_(title))
    if kind == "table":
        entries = int(about["entries"])
        return ngettext("table {title} after {entries} entry", "table {title} after {entries} entries",
                        entries).format(title=table_title(str(about["title"]), about.get("lesson")),
                                        entries=format_number(entries))
    if kind == "text":
        return str(about["text"])
    return None


def _question(row: Sequence[Any]) -> ClassQuestion:
    qid, lesson, module, kind, seed, level, seconds, opened, status, revision, position, about = row
    return ClassQuestion(str(qid), None if lesson is None else str(lesson), str(module), str(kind), int(seed),
                         int(level), int(seconds), float(opened), str(status), int(revision),
                         None if position is None else str(position), None if about is None else str(about))


class Quiz:
    """The class questions of one table store (``store.quiz``)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def ask(self, module: str, kind: str | None, *, seed: int | None = None, level: int = 0, seconds: int = 60,
            lesson: str | None = None, position: Any = None, about: str | About | None = None) -> ClassQuestion:
        """Pose a question of ``kind`` (a kind of ``<module>.questions``) to the students of ``lesson`` (None: of every
        table), for ``seconds``; a fresh seed unless given.  Any question still open for that lesson closes.

        With ``position`` (a position: a dict or its JSON text, as ``from_position`` reads it) the question is about
        that position, and ``about`` says what it is (the teacher's own words, or an :data:`About`; None: a position
        file); ``kind`` None then chooses the first kind that applies there
        (the coach's "what would you do?" when the seat to move has a choice)."""
        if module not in ("giganten", "firstgiants") and not module.startswith("tests."):
            raise QuestionError(N_("game: giganten or firstgiants, got {!r:.40}"), module)
        questions = importlib.import_module(module).questions
        text = None if position is None else self._position_text(module, position)
        if text is not None:
            fitting = [k.name for k in questions.kinds_at(importlib.import_module(module).from_position(text))]
            if not fitting:
                raise QuestionError(N_("no kind of question can be asked about this position"))
            kind = fitting[0] if kind is None else kind
            if kind not in fitting:
                raise QuestionError(N_("kind: one of those that can be asked about this position ({kinds}); got "
                                       "{kind}"), kinds=", ".join(fitting), kind=f"{kind!r:.40}")
        kinds = [k.name for k in questions.kinds()]
        if kind not in kinds:
            raise QuestionError(N_("kind: one of {}; got {!r:.40}"), ", ".join(kinds), kind)
        if type(seconds) is not int or not MIN_SECONDS <= seconds <= MAX_SECONDS:
            raise QuestionError(N_("seconds: {} to {}, got {!r:.20}"), MIN_SECONDS, MAX_SECONDS, seconds)
        if type(level) is not int or not 0 <= level <= 5:
            raise QuestionError(N_("level: 0 to 5, got {!r:.20}"), level)
        seed = secrets.randbelow(10 ** 6) if seed is None else seed
        if type(seed) is not int or not 0 <= seed < 2 ** 31:
            raise QuestionError(N_("seed: a whole number from 0, got {!r:.20}"), seed)
        assert kind is not None  # (checked above)
        level = 0 if text is not None else level  # (a given position: no level)
        make_question(module, kind, seed, level, text)  # (made now: a kind that cannot make it fails here)
        qid = f"q{secrets.token_hex(5)}"
        with self.store._transaction(write=True) as tx:
            tx.run("UPDATE gk_questions SET status = 'closed', revision = revision + 1 WHERE status = 'open' AND "
                   + ("lesson = ?" if lesson else "lesson IS NULL"), (lesson,) if lesson else ())
            tx.run("INSERT INTO gk_questions (id, lesson, module, kind, seed, level, seconds, opened, status, "
                   "revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', 1)",
                   (qid, lesson, module, kind, seed, level, seconds, time.time()))
            if text is not None:
                tx.run("INSERT INTO gk_question_positions (question, position, about) VALUES (?, ?, ?)",
                       (qid, text, about_json(about)))
        return self.get(qid)

    @staticmethod
    def _position_text(module: str, position: Any) -> str:
        """The position as the question keeps it: read by the game (refused with why, as a QuestionError) and
        written back complete, as canonical JSON text."""
        try:
            state = importlib.import_module(module).from_position(position)
        except (ValueError, TypeError) as exc:
            raise QuestionError(N_("the position was refused: {why}"), why=str(exc)) from None
        return json.dumps(state.to_position(), sort_keys=True, separators=(",", ":"))

    def ask_about_table(self, table_id: str, kind: str | None = None, *, seed: int | None = None,
                        seconds: int = 60) -> ClassQuestion:
        """Pose a question about the position a running table shows now, to the students of its lesson: drawn from
        what the projector may see (:func:`gamekit.questions.public_position`: every seat's hidden hand and every
        face-down tile not every seat has seen re-dealt from public information and the seed), so twin tables that
        differ only in hidden things give the very same question.  ``kind`` None: the first kind that applies (see
        :meth:`ask`)."""
        info = self.store.table_info(table_id)
        seed = secrets.randbelow(10 ** 6) if seed is None else seed
        if type(seed) is not int or not 0 <= seed < 2 ** 31:
            raise QuestionError(N_("seed: a whole number from 0, got {!r:.20}"), seed)
        state = self.store.state(table_id)
        about = {"about": "table", "title": (info.stored_title or info.table)[:120], "lesson": info.lesson,
                 "entries": max(info.length - 1, 0)}
        return self.ask(info.module, kind, seed=seed, seconds=seconds, lesson=info.lesson,
                        position=public_position(state, seed), about=about)

    def get(self, qid: str) -> ClassQuestion:
        with self.store._transaction(write=False) as tx:
            row = tx.one(f"SELECT {_COLUMNS} FROM {_FROM} WHERE q.id = ?", (qid,))
        if row is None:
            raise QuestionError(N_("there is no such question"))
        return _question(row)

    def current(self, lesson: str | None) -> ClassQuestion | None:
        """The lesson's newest question (open, closed or revealed), or None."""
        with self.store._transaction(write=False) as tx:
            row = tx.one(f"SELECT {_COLUMNS} FROM {_FROM} WHERE "
                         + ("q.lesson = ?" if lesson else "q.lesson IS NULL") + " ORDER BY q.opened DESC, q.id LIMIT 1",
                         (lesson,) if lesson else ())
        return None if row is None else _question(row)

    def current_for(self, lesson: str | None, within: float = 900.0) -> ClassQuestion | None:
        """The newest question a student of ``lesson`` is asked (one for the lesson or for every table), if it was
        posed in the last ``within`` seconds."""
        with self.store._transaction(write=False) as tx:
            row = tx.one(f"SELECT {_COLUMNS} FROM {_FROM} WHERE (q.lesson = ? OR q.lesson IS NULL) AND q.opened > ? "
                         "ORDER BY q.opened DESC, q.id LIMIT 1", (lesson, time.time() - within))
        return None if row is None else _question(row)

    def revision(self) -> int:
        """A number that changes whenever any question or answer does (the pages poll it)."""
        with self.store._transaction(write=False) as tx:
            row = tx.one("SELECT COALESCE(SUM(revision), 0) + COUNT(*) FROM gk_questions")
        return int(row[0]) if row else 0

    def set_status(self, qid: str, status: str) -> None:
        """Close a question (no more answers) or reveal it (the right answer and the distribution shown)."""
        if status not in STATUSES[1:]:
            raise QuestionError(N_("status: closed or revealed, got {!r:.20}"), status)
        with self.store._transaction(write=True) as tx:
            tx.run("UPDATE gk_questions SET status = ?, revision = revision + 1 WHERE id = ?", (status, qid))

    def answer(self, qid: str, code: str, choice: int) -> None:
        """The answer of the seat whose code this is (its first answer counts); refused when the question is not
        open for that seat's lesson, its time is up, or the choice is not one of its options."""
        table_id, seat = self.store.seat_of(code)
        info = self.store.table_info(table_id)
        asked = self.get(qid)
        if asked.lesson is not None and asked.lesson != info.lesson:
            raise QuestionError(N_("this question is not for your table"))
        current = self.current_for(info.lesson)
        if current is None or current.id != qid:
            raise QuestionError(N_("that question is over: answer the new one"))
        if not asked.open_now():
            raise QuestionError(N_("time is up for this question"))
        q = asked.question()
        if type(choice) is not int or not 0 <= choice < len(q.options):
            raise QuestionError(N_("choose one of the {} options"), len(q.options))
        feedback = q.check(choice)
        name = info.seats[seat].name
        with self.store._transaction(write=True) as tx:
            if tx.one("SELECT 1 FROM gk_answers WHERE question = ? AND table_id = ? AND seat = ?",
                      (qid, table_id, seat)) is not None:
                raise QuestionError(N_("you have answered this question already"))
            tx.run("INSERT INTO gk_answers (question, table_id, seat, name, choice, correct, cost, win_cost, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (qid, table_id, seat, name, choice, None if q.answer is None else int(feedback.correct),
                    feedback.cost, feedback.win_cost, time.time()))
            tx.run("UPDATE gk_questions SET revision = revision + 1 WHERE id = ?", (qid,))

    def students(self, lesson: str | None) -> int:
        """How many students (seats with a code, not given to a bot) a question for ``lesson`` is asked of."""
        return sum(1 for info in self.store.list_tables(lesson) if info.status != "ended"
                   for seat in info.seats if seat.has_code and seat.bot is None)

    def recent(self, count: int = 8) -> list[tuple[ClassQuestion, int]]:
        """The newest ``count`` questions, newest first, each with how many answers it has."""
        with self.store._transaction(write=False) as tx:
            rows = tx.all(f"SELECT {_COLUMNS}, (SELECT COUNT(*) FROM gk_answers a WHERE a.question = q.id) "
                          f"FROM {_FROM} ORDER BY q.opened DESC LIMIT ?", (count,))
        return [(_question(row[:-1]), int(row[-1])) for row in rows]

    def answers(self, qid: str) -> list[tuple[str, int, int]]:
        """Every answer to the question: (table, seat, choice)."""
        with self.store._transaction(write=False) as tx:
            rows = tx.all("SELECT table_id, seat, choice FROM gk_answers WHERE question = ? ORDER BY at", (qid,))
        return [(str(t), int(s), int(c)) for t, s, c in rows]

    def answer_of(self, qid: str, table_id: str, seat: int) -> int | None:
        with self.store._transaction(write=False) as tx:
            row = tx.one("SELECT choice FROM gk_answers WHERE question = ? AND table_id = ? AND seat = ?",
                         (qid, table_id, seat))
        return None if row is None else int(row[0])

    def keep_judged(self, table_id: str, seat: int, judged: Sequence[tuple[int, str, float, float]]) -> None:
        """Keep what a student's review found: (decision number, rulebook section, cost, win_cost) per decision."""
        with self.store._transaction(write=True) as tx:
            tx.run("DELETE FROM gk_judged WHERE table_id = ? AND seat = ?", (table_id, seat))
            tx.many("INSERT INTO gk_judged (table_id, seat, decision, section, cost, win_cost) "
                    "VALUES (?, ?, ?, ?, ?, ?)", [(table_id, seat, *row) for row in judged])

    def results(self, lesson: str | None = None) -> list[dict[str, Any]]:
        """Every answer (and every judged decision) of the lesson's students (None: of every table), one row each:
        what ("answer" or "decision"), table, seat, student, kind, section, correct, cost, win_cost, at."""
        tables = {info.table: info for info in self.store.list_tables(lesson)}
        rows: list[dict[str, Any]] = []
        with self.store._transaction(write=False) as tx:
            answers = tx.all("SELECT a.question, a.table_id, a.seat, a.name, a.choice, a.correct, a.cost, a.win_cost, "
                             "a.at, q.module, q.kind FROM gk_answers a JOIN gk_questions q ON q.id = a.question "
                             "ORDER BY a.at")
            judged = tx.all("SELECT table_id, seat, decision, section, cost, win_cost FROM gk_judged "
                            "ORDER BY table_id, seat, decision")
        for qid, table_id, seat, name, choice, correct, cost, win_cost, at, module, kind in answers:
            if table_id not in tables:
                continue
            section = _section(module, kind)
            rows.append({"what": "answer", "question": qid, "table": table_id, "seat": int(seat),
                         "student": name or _seat_name(tables[table_id], int(seat)), "kind": kind, "section": section,
                         "choice": int(choice), "correct": None if correct is None else bool(correct),
                         "cost": cost, "win_cost": win_cost, "at": float(at)})
        for table_id, seat, decision, section, cost, win_cost in judged:
            if table_id not in tables:
                continue
            info = tables[table_id]
            rows.append({"what": "decision", "question": None, "table": table_id, "seat": int(seat),
                         "student": info.seats[int(seat)].name or _seat_name(info, int(seat)), "kind": "decision",
                         "section": section, "choice": int(decision), "correct": None, "cost": float(cost),
                         "win_cost": float(win_cost), "at": None})
        return rows


@lru_cache(maxsize=128)
def _section(module: str, kind: str) -> str:
    """The rulebook section a kind of question asks about."""
    return next((k.section for k in importlib.import_module(module).questions.kinds() if k.name == kind), "")


def judged_decisions(game: Any, review: Any) -> list[tuple[int, str, float, float]]:
    """A review's judged decisions as the results keep them (:meth:`Quiz.keep_judged`): per decision its number as a
    table's log numbers it (the decisions before it, plus one), the rulebook section of the move played (its first
    event's), its cost in the game's unit and in chance of winning.  ``game``: the reviewed game (its history)."""
    from ..record import states_along

    states = list(states_along(game))
    before: dict[int, int] = {}
    decisions = 0
    for state in states:
        before[state.move_number] = decisions
        decisions += not (state.is_chance() or state.is_terminal())
    after = {s.move_number: s for s in states}
    rows = []
    for move in review.moves:
        events = after[move.move_number + 1].events if move.move_number + 1 in after else ()
        rows.append((before[move.move_number] + 1, events[0].section if events else "", float(move.value_cost.mean),
                     float(move.win_cost.mean)))
    return rows


def _seat_name(info: Any, seat: int) -> str:
    return _("{table}, seat {seat}").format(table=info.title or info.table, seat=seat + 1)


def results_frame(rows: Sequence[dict[str, Any]]) -> Any:
    """:meth:`Quiz.results` as a pandas DataFrame (one row per answer or judged decision)."""
    import pandas as pd

    columns = ["what", "question", "table", "seat", "student", "kind", "section", "choice", "correct", "cost",
               "win_cost", "at"]
    return pd.DataFrame(list(rows), columns=columns)
