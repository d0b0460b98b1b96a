"""The teacher's page: a lesson's tables made in one go from a class list, their seat cards, codes reissued, results.

A *lesson* is the tables of one class period: the teacher gives the game, the students' names (one per line; or
just how many students), the table size and the bot that fills the gaps; the store splits the class into tables
(:meth:`TableStore.create_lesson`).  The answer is **one printable sheet of seat cards** for the whole lesson: per
student the table, the seat, the name, the code and the join link as a QR code (drawn by ``segno``, a well-kept
pure-Python QR library, as inline SVG: no image file, nothing from the internet), and per table the host's card
(the host code opens the host controls) and the view-only projector link.  The codes are on that sheet only (the
store keeps keyed hashes): print it, or reissue a lost code later from the list (the old code stops at once).

Every form carries the teacher key in its body and must come from a page of this server (:mod:`.guard`).
"""
from __future__ import annotations

import importlib
import secrets
from dataclasses import dataclass
from typing import Any, Mapping, Sequence
from urllib.parse import quote

import segno

from ...coach import percent
from ...i18n import N_, format_number, format_time
from ...i18n import gettext as _
from ...questions import Kind, public_position
from ...widgets.controls import escape
from ..store import TableStore, TableSummary
from .render import game_view, result_html

#: The games a teacher can choose (their packages).
GAMES = ("giganten", "firstgiants")
#: The largest class a lesson takes at once.
MAX_STUDENTS = 200
#: The forms' number fields as their refusals name them (a game's option: by its own name).
FIELDS = {"count": N_("how many students"), "table_size": N_("players per table"), "seconds": N_("seconds to answer"),
          "level": N_("level"), "seed": N_("seed")}
#: A table's and a class question's status as the teacher's page says it.
STATUSES = {"playing": N_("playing"), "paused": N_("paused"), "ended": N_("ended"), "over": N_("over"),
            "open": N_("open"), "closed": N_("closed"), "revealed": N_("revealed")}


def status_text(status: str) -> str:
    """A table's or a question's status in the reader's language."""
    return _(STATUSES[status]) if status in STATUSES else status


class FormError(ValueError):
    """A teacher's form that cannot be used, with what is wrong in words."""


def join_link(base_url: str, code: str) -> str:
    """The address that opens a code's page on the classroom server at ``base_url``: ``http://HOST:PORT/?code=CODE``
    (the form printed sheets and bookmarks keep)."""
    return f"{base_url}?code={quote(code.replace('-', ''))}"


def qr_svg(link: str) -> str:
    """``link`` as a QR code, inline SVG (error correction M: a card that is a little creased still scans)."""
    return segno.make(link, error="m").svg_inline(scale=3, border=2, omitsize=False)


def start_menu(module: str) -> list[tuple[str, str]]:
    """The Start menu of a game: the normal start, then each scenario by its title."""
    game = importlib.import_module(module)
    names = game.scenarios() if hasattr(game, "scenarios") else []
    return [(_("the normal start"), "")] + [(_(game.scenario_info(name).title), name) for name in names]


@dataclass(frozen=True)
class LessonForm:
    """A teacher's lesson form, checked: what :meth:`TableStore.create_lesson` takes."""

    game: str
    students: Sequence[str] | int
    table_size: int
    settings: dict[str, Any]


def _int(form: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    text = str(form.get(key) or "").strip()
    if not text and default is not None:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        name = _(FIELDS[key]) if key in FIELDS else key.replace("_", " ")
        raise FormError(_("{}: a whole number from {} to {}").format(name, format_number(low), format_number(high)))
    return int(text)


def read_lesson_form(form: Mapping[str, Any], position: bytes | None) -> LessonForm:
    """The lesson form's fields, checked (``position``: the uploaded position file's bytes, if any)."""
    game = str(form.get("game", ""))
    if game not in GAMES:
        raise FormError(_("game: one of {}").format(", ".join(GAMES)))
    spec = game_view(game).spec
    names = [line.strip() for line in str(form.get("students", "")).splitlines() if line.strip()]
    if len(names) > MAX_STUDENTS:
        raise FormError(_("students: at most {} names").format(format_number(MAX_STUDENTS)))
    students: Sequence[str] | int = names or _int(form, "count", 1, MAX_STUDENTS)
    table_size = _int(form, "table_size", spec.min_players, spec.max_players)
    bot = str(form.get("bot", "heuristic"))
    if bot not in game_view(game).bots or bot == "human":
        raise FormError(_("bot: one of the game's bots"))
    title = str(form.get("title", "")).strip()
    if len(title) > 120:
        raise FormError(_("title: at most {} characters").format(format_number(120)))
    settings: dict[str, Any] = {"bot": bot, "title": title, "hints": form.get("hints") == "on"}
    seed = str(form.get("seed", "")).strip()
    if seed:
        settings["seed"] = seed[:40]
    start = str(form.get(f"start:{game}", ""))
    if position:
        settings["position"] = _position(spec, position)
    elif start:
        if start not in dict((v, t) for t, v in start_menu(game)):
            raise FormError(_("start: one of the game's scenarios"))
        settings["position"] = importlib.import_module(game).scenario(start).to_position()
    else:
        settings["options"] = _options(game, spec, form)
    return LessonForm(game, students, table_size, settings)


def _position(spec: Any, data: bytes) -> Any:
    if spec.from_position is None:
        raise FormError(_("{} has no positions").format(spec.name))
    try:
        return spec.position_state(data.decode("utf-8")).to_position()
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        raise FormError(_("the position file was refused: {}").format(exc)) from None


def _options(module: str, spec: Any, form: Mapping[str, Any]) -> dict[str, Any]:
    """The game's variant switches that differ from their defaults (a box per boolean, a field per other)."""
    chosen: dict[str, Any] = {}
    for key, default in spec.option_defaults.items():
        if isinstance(default, bool):
            value: Any = form.get(f"{module}:{key}") == "on"
        elif isinstance(default, int):
            value = _int(form, f"{module}:{key}", 0, 99, default)
        else:
            value = str(form.get(f"{module}:{key}", default))[:200]
        if value != default:
            chosen[key] = value
    return chosen


def option_fields(module: str) -> list[dict[str, Any]]:
    """The lesson form's fields for a game's options: name, label, help, kind ('bool', 'int', 'text'), default."""
    spec = game_view(module).spec
    fields = []
    for key, default in spec.option_defaults.items():
        kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "text"
        fields.append({"name": f"{module}:{key}", "label": key.replace("_", " "), "kind": kind, "default": default,
                       "help": spec.option_help.get(key, "")})
    return fields


def games() -> list[dict[str, Any]]:
    """Each game the teacher can choose, with what its form needs."""
    out = []
    for module in GAMES:
        view = game_view(module)
        out.append({"module": module, "title": view.title or module, "min": view.spec.min_players,
                    "max": view.spec.max_players, "bots": [b for b in view.bots if b != "human"],
                    "starts": start_menu(module), "options": option_fields(module)})
    return out


@dataclass(frozen=True)
class Card:
    """One printed card: a seat's (a student's code) or a table's host card."""

    table_title: str
    seat: str  # "Red" (a seat) or "Host" (the host card)
    name: str
    code: str
    link: str
    qr: str


def seat_cards(store: TableStore, lesson: Any, base_url: str) -> list[dict[str, Any]]:
    """The sheet of a new lesson: per table its title, host card, projector link and student cards."""
    sheet = []
    for table in lesson.tables:
        info = store.table_info(table.table)
        view = game_view(info.module)
        names = tuple(table.names) or (None,) * len(table.seats)
        cards = [card(info.title, view.player_name(seat), name or "", code, base_url)
                 for seat, (code, name) in enumerate(zip(table.seats, names)) if code is not None]
        sheet.append({"title": info.title, "host": card(info.title, _("Host"), _("the teacher"), table.host, base_url),
                      "watch": f"{base_url}watch/{info.table}", "cards": cards})
    return sheet


def card(title: str, seat: str, name: str, code: str, base_url: str) -> Card:
    link = join_link(base_url, code)
    return Card(title, seat, name, code, link, qr_svg(link))


def lesson_rows(store: TableStore, online: Mapping[str, set[int]]) -> list[dict[str, Any]]:
    """The teacher's list: every table (newest lesson first) with its seats, who is online and its result."""
    rows = []
    for summary in reversed(store.summaries()):
        rows.append(_row(summary, online.get(summary.info.table, set())))
    return rows


def _row(summary: TableSummary, online: set[int]) -> dict[str, Any]:
    info = summary.info
    view = game_view(info.module)
    seats = [{"seat": s.seat, "color": view.player_name(s.seat), "name": getattr(s, "name", None) or "",
              "played_by": _("bot: {}").format(s.label) if s.bot is not None else _("student"),
              "online": s.seat in online, "has_code": s.has_code} for s in info.seats]
    result = result_html(view, summary.returns) if summary.returns is not None else ""
    status = "over" if summary.terminal else info.status
    return {"table": info.table, "title": info.title or view.title, "game": view.title, "status": status_text(status),
            "lesson": getattr(info, "lesson", None), "seats": seats, "result": result,
            "moves": max(info.length - 1, 0)}


# -- class questions and what the class learnt ---------------------------------------------------------------------
def question_kinds() -> list[dict[str, Any]]:
    """Each game's kinds of question, for the teacher's "Ask the class" form."""
    out = []
    for module in GAMES:
        questions = importlib.import_module(module).questions
        out.append({"module": module, "title": game_view(module).title or module,
                    "kinds": [{"name": k.name, "title": k.title, "section": k.section, "judgement": k.judgement}
                              for k in questions.kinds()]})
    return out


def read_question_form(form: Mapping[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """The "Ask the class" form, checked: the game, the kind, and the settings of :meth:`Quiz.ask`."""
    module = str(form.get("game", ""))
    if module not in GAMES:
        raise FormError(_("game: one of {}").format(", ".join(GAMES)))
    kind = str(form.get(f"kind:{module}", ""))
    settings: dict[str, Any] = {"seconds": _int(form, "seconds", 5, 600, 60), "level": _int(form, "level", 0, 5, 0),
                                "lesson": str(form.get("lesson") or "") or None}
    seed = str(form.get("seed", "")).strip()
    if seed:
        settings["seed"] = _int(form, "seed", 0, 2 ** 31 - 1)
    return module, kind, settings


def students_of(store: TableStore, lesson: str | None) -> list[str] | int:
    """The students of a lesson (their names, in the lesson's order; or how many, when they have no names)."""
    seats = [seat for info in store.list_tables(lesson) for seat in info.seats if seat.has_code]
    if not seats:
        raise FormError(_("that question's lesson has no students"))
    names = [seat.name for seat in seats]
    return [n for n in names if n] if all(names) else len(seats)


def recent_questions(store: TableStore, count: int = 8) -> list[dict[str, Any]]:
    """The newest class questions: id, lesson, game, kind, status, answers given, and the position a question is about
    (None: one the kind found)."""
    return [{"id": q.id, "lesson": q.lesson, "game": game_view(q.module).title, "kind": q.kind, "status": q.status,
             "status_text": status_text(q.status), "answers": format_number(answers), "about": q.about}
            for q, answers in store.quiz.recent(count)]


def learnt(store: TableStore, lesson: str | None = None) -> dict[str, Any]:
    """What the class learnt, for the teacher's page: per student, right answers of all answers to rule questions,
    the mean cost of their judgement answers and of their reviewed decisions (in chance of winning); per rulebook
    section, right answers of all; and the class leaderboard (most right answers, then least cost)."""
    rows = store.quiz.results(lesson)
    students: dict[str, dict[str, Any]] = {}
    sections: dict[str, list[int]] = {}
    for row in rows:
        s = students.setdefault(row["student"], {"student": row["student"], "right": 0, "asked": 0, "costs": [],
                                                 "decisions": []})
        if row["what"] == "answer" and row["correct"] is not None:
            s["asked"] += 1
            s["right"] += int(row["correct"])
            tally = sections.setdefault(row["section"], [0, 0])
            tally[0] += int(row["correct"])
            tally[1] += 1
        elif row["what"] == "answer":
            s["costs"].append(row["win_cost"] or 0.0)
        else:
            s["decisions"].append(row["win_cost"] or 0.0)
    table = []
    for s in students.values():
        table.append({"student": s["student"], "right": s["right"], "asked": s["asked"],
                      "judgement_cost": _mean_percent(s["costs"]), "decisions": len(s["decisions"]),
                      "decision_cost": _mean_percent(s["decisions"])})
    table.sort(key=lambda r: (-r["right"], r["asked"], r["student"]))
    return {"students": table, "sections": sorted((k, v[0], v[1]) for k, v in sections.items())}


def _mean_percent(values: list[float]) -> str:
    return "–" if not values else percent(sum(values) / len(values))


# -- class questions about a position: a position file, a scenario, a running table -------------------------------
def read_position_question_form(form: Mapping[str, Any], position: bytes | None) -> tuple[str, str | None,
                                                                                          dict[str, Any]]:
    """The "Ask about a position" form, checked: the game, the kind (None: the first that applies) and the settings
    of :meth:`Quiz.ask` with the position (an uploaded position file's text, else the chosen scenario's position)
    and what it is in words."""
    module = str(form.get("game", ""))
    if module not in GAMES:
        raise FormError(f"game: one of {', '.join(GAMES)}")
    settings: dict[str, Any] = {"seconds": _int(form, "seconds", 5, 600, 60),
                                "lesson": str(form.get("lesson") or "") or None}
    seed = str(form.get("seed", "")).strip()
    if seed:
        settings["seed"] = _int(form, "seed", 0, 2 ** 31 - 1)
    if position:
        try:
            settings["position"] = position.decode("utf-8")
        except UnicodeDecodeError:
            raise FormError(_("the position file was refused: it is not UTF-8 text")) from None
        settings["about"] = {"about": "file"}
    else:
        name = str(form.get(f"scenario:{module}", ""))
        titles = dict((value, title) for title, value in start_menu(module)[1:])
        if name not in titles:
            raise FormError(_("a position: a position file, or one of the game's scenarios"))
        settings["position"] = importlib.import_module(module).scenario(name).to_position()
        settings["about"] = {"about": "scenario", "name": name}
    return module, str(form.get(f"kind_at:{module}", "")) or None, settings


def lesson_name(title: str, created: float) -> str:
    """A lesson as the teacher's menus name it: by its title, or an untitled one by when it was made."""
    if title:
        return _("lesson {title}").format(title=title)
    return _("lesson of {when}").format(when=format_time(created))


def ask_position_form(key: str, lessons: Sequence[tuple[str, str, float]]) -> str:
    """The teacher's "Ask about a position" form (HTML): the students, the game, a scenario or a position file, the
    kind of question (or whichever applies), the seconds and a seed."""
    students = "".join(f"<option value='{escape(lesson)}'{' selected' if i == 0 else ''}>"
                       f"{escape(lesson_name(title, created))}</option>"
                       for i, (lesson, title, created) in enumerate(reversed(lessons)))
    games_menu = "".join(f"<option value='{g}'>{escape(game_view(g).title or g)}</option>" for g in GAMES)
    whichever = escape(_("whichever applies (what would you do? first)"))
    sets = []
    for g in GAMES:
        scenarios = "".join(f"<option value='{escape(value)}'>{escape(title)}</option>"
                            for title, value in start_menu(g)[1:])
        kinds = "".join(f"<option value='{k.name}'>{escape(k.title)}</option>"
                        for k in importlib.import_module(g).questions.kinds())
        legend = escape(_("{game}: the position and the kind of question").format(game=game_view(g).title or g))
        sets.append(f"<fieldset class='gk-game-options' data-game='{g}'><legend>{legend}</legend>"
                    f"<label>{escape(_('Scenario'))} <select name='scenario:{g}'>{scenarios}</select></label>"
                    f"<label>{escape(_('Kind'))} <select name='kind_at:{g}'><option value=''>{whichever}</option>"
                    f"{kinds}</select></label></fieldset>")
    help_text = escape(_("A question about one of the kit's scenarios or about a position file of your own (a JSON "
                         "position, as docs/positions.md describes); a file, if given, is used instead of the "
                         "scenario. Each table's row below asks about the position its projector shows."))
    return (f"<h3>{escape(_('Ask about a position'))}</h3><p class='gk-help'>{help_text}</p>"
            "<form method='post' action='/teacher/ask-position' enctype='multipart/form-data' "
            "class='gk-lesson-form gk-ask-form'>"
            f"<input type='hidden' name='key' value='{escape(key)}'>"
            f"<label>{escape(_('Students'))} <select name='lesson'><option value=''>{escape(_('every table'))}</option>"
            f"{students}</select></label><label>{escape(_('Game'))} <select name='game'>{games_menu}</select></label>"
            f"{''.join(sets)}<label>{escape(_('Or a position file'))} <input type='file' name='position' "
            "accept='.json,application/json'></label>"
            f"<label>{escape(_('Seconds to answer'))} <input name='seconds' inputmode='numeric' size='4' value='60'>"
            f"</label><label>{escape(_('Seed (empty: a fresh question)'))} <input name='seed' inputmode='numeric' "
            f"size='8'></label><button type='submit' class='gk-primary'>{escape(_('Ask the class'))}</button></form>")


def table_kinds(store: TableStore, table_id: str, seed: int) -> list[Kind]:
    """The kinds of question that can be asked about the position a table's projector shows now, as the class
    would be asked it with ``seed`` (:meth:`Quiz.ask_about_table`)."""
    info = store.table_info(table_id)
    game = importlib.import_module(info.module)
    try:
        state = game.from_position(public_position(store.state(table_id), seed))
    except ValueError:
        return []  # (a moment no position file can hold, e.g. the deal of a new game)
    return list(game.questions.kinds_at(state))


def ask_table_form(key: str, table_id: str, kinds: Sequence[Kind], seed: int) -> str:
    """A table's "Ask the class about this position" form (HTML): the kinds that apply now, the seconds; the seed
    that chose them goes with it, so the question is about the position they were chosen for."""
    if not kinds:
        return f"<p class='gk-help'>{escape(_('No question fits this position now.'))}</p>"
    menu = "".join(f"<option value='{k.name}'>{escape(k.title)}</option>" for k in kinds)
    kind_label, seconds_label = escape(_("Kind of question")), escape(_("Seconds to answer"))
    return ("<div class='gk-ask-table'><form method='post' action='/teacher/ask-table' class='gk-inline'>"
            f"<input type='hidden' name='key' value='{escape(key)}'><input type='hidden' name='table' "
            f"value='{escape(table_id)}'><input type='hidden' name='seed' value='{seed}'>"
            f"<select name='kind' aria-label='{kind_label}'>{menu}</select> "
            f"<input name='seconds' inputmode='numeric' size='3' value='60' aria-label='{seconds_label}'>"
            f" <button type='submit' class='gk-small'>{escape(_('Ask the class about this position'))}</button></form>"
            "</div>")


def read_table_question_form(form: Mapping[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """A table's "Ask the class about this position" form, checked: the table, the kind, the seconds and seed."""
    table = str(form.get("table", ""))
    kind = str(form.get("kind", ""))
    return table, kind, {"seconds": _int(form, "seconds", 5, 600, 60), "seed": _int(form, "seed", 0, 2 ** 31 - 1)}


def add_ask_forms(store: TableStore, rows: list[dict[str, Any]], key: str) -> None:
    """Give each row of the teacher's list its "Ask the class about this position" form (``row["ask"]``), with the
    kinds that apply to its projector's position for a fresh seed."""
    for row in rows:
        seed = secrets.randbelow(10 ** 6)
        row["ask"] = ask_table_form(key, row["table"], table_kinds(store, row["table"], seed), seed)
