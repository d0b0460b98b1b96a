"""The classroom server in English, Danish and German: every page in every language, the language of each reader.

A page's language is the menu's choice (``?lang=``, remembered in a cookie), else the cookie's, else the browser's
Accept-Language; two seats at one table read one game each in their own language; the store and its saves keep
nothing worded, so they are the same whatever the language of the pages that played.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

import giganten
from gamekit.i18n import LANGUAGES, SOURCE, using
from gamekit.tables.web import languages, teacher
from gamekit.tables.web.render import game_view
from gamekit.tables.views import Said

from .helpers import FAST
from .test_web import BASE, TEACHER_KEY, TestClient, update

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A classroom server of this module's own, on a store of its own."""
    from gamekit.tables.web import Classroom
    from gamekit.tables.web.app import key_hash

    folder = str(tmp_path_factory.mktemp("web-languages") / "tables")
    classroom = Classroom(folder, key_hash(TEACHER_KEY), BASE, store_settings=FAST)
    with TestClient(classroom.app()) as client:
        client.store = classroom.store  # type: ignore[attr-defined]
        yield client
#: Words that are the same in English and in a translation (cognates), and the menu's names of the languages.
SAME_WORD = {"Start", "Status", "online", "Pause", "English", "Dansk", "Deutsch", "open_store(...).results()"}
#: Text nodes of a shape that carries no English: numbers, codes, addresses, punctuation, the countdown's "60 s".
NEUTRAL = re.compile(r"^[\d\W_]*$|^[\d\s]+s$|^[A-Z0-9]{5}(-[A-Z0-9]{5})+$|^https?://\S+$|^/\S*$", re.UNICODE)


class _Texts(HTMLParser):
    """The text nodes of a page outside what the games draw themselves (the picture, the public summary, the private
    pane's content, the choices' and log's words: the games' own catalogue entries, tested with the games)."""

    SKIPPED = {"svg", "script", "style"}
    GAME_DRAWN = ("gk-summary", "gk-log-entry", "gk-group", "gk-private", "gk-picture", "gk-answer",
                  "gk-question-picture", "gk-prompt", "gk-option")

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("br", "input", "meta", "link", "img", "path", "rect", "line", "circle", "use", "polygon"):
            return
        classes = " ".join(f"{v} " for k, v in attrs if k in ("class", "id") and v)
        game = tag in self.SKIPPED or any(f"{name} " in classes for name in self.GAME_DRAWN)
        self.stack.append(game or bool(self.stack and self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "input", "meta", "link", "img", "path", "rect", "line", "circle", "use", "polygon"):
            return
        if self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not (self.stack and self.stack[-1]):
            self.texts.append(text)


def texts(html_text: str) -> list[str]:
    parser = _Texts()
    parser.feed(html_text)
    return parser.texts


def names_of(*modules: str) -> set[str]:
    """The names a page shows as they are (the games' players, titles, bots, scenarios, options, kinds)."""
    out: set[str] = set()
    for module in modules:
        view = game_view(module)
        out |= {view.player_name(p) for p in range(view.spec.max_players)} | {view.title or module, *view.bots}
        out |= {f"{b} bot" for b in view.bots}
        out |= {key.replace("_", " ") for key in view.spec.option_defaults}
        out |= {title for title, _ in teacher.start_menu(module)}  # (scenarios' titles: the games' data)
        for game in teacher.question_kinds():
            out |= {f"{k['title']} ({k['section']}{'; judged by the coach' if k['judgement'] else ''})"
                    for k in game["kinds"]}
    return out


def english_left(english: str, translated: str, allowed: set[str]) -> list[str]:
    """The text nodes of ``translated`` that are the English page's own, other than names and neutral texts."""
    mine = set(texts(english))
    return sorted({t for t in texts(translated) if t in mine and t not in allowed and t not in SAME_WORD
                   and not NEUTRAL.match(t) and not any(t == f"{n}:" or t == f"{n} ·" for n in allowed)})


def pages_of(server, lang: str, codes, lesson=None, question: str | None = None) -> dict[str, str]:
    """Every kind of page, in ``lang`` (the menu's ``?lang=``)."""
    get = lambda path, **params: server.get(path, params={**params, "lang": lang}).text  # noqa: E731
    pages = {"join": get("/"), "seat": get("/", code=codes.seats[0]), "host": get("/", code=codes.host),
             "watch": get(f"/watch/{codes.table}"), "teacher": get("/", code=TEACHER_KEY),
             "wrong code": get("/", code="ZZZZZ-ZZZZZ"), "no table": get("/watch/nosuchtable")}
    if question is not None:
        pages["question"] = get(f"/question/{question}")
    server.cookies.clear()
    return pages


@pytest.fixture(scope="module")
def lesson_pages(server):
    """Every page of a lesson (seat, host, projector, teacher, class question, seat cards, refusals) per language."""
    lesson = server.store.create_lesson(giganten, ["Ana", "Ben", "Cleo"], 3, title="7b", seed=2)
    codes = lesson.tables[0]
    form = {"key": TEACHER_KEY, "lesson": lesson.id, "game": "giganten", "kind:giganten": "new_price",
            "seconds": "60", "level": "0", "seed": "7"}
    assert server.post("/teacher/ask", data=form).status_code == 200
    asked = server.store.quiz.current_for(lesson.id)
    out = {}
    for lang in LANGUAGES:
        out[lang] = pages_of(server, lang, codes, question=asked.id)
        cards = {"key": TEACHER_KEY, "game": "giganten", "students": "Dora\nEmil", "table_size": "2",
                 "bot": "heuristic", "hints": "on", "seed": "5"}
        out[lang]["cards"] = server.post("/teacher/lesson", data=cards, cookies={languages.COOKIE: lang}).text
        out[lang]["teacher refusal"] = server.post("/teacher/lesson", data={**cards, "table_size": "9"},
                                                   cookies={languages.COOKIE: lang}).text
        server.cookies.clear()
    out["tables"] = server.store.list_tables()
    return out


STUDENTS = ("Ana", "Ben", "Cleo", "Dora", "Emil")
ALLOWED = names_of("giganten", "firstgiants") | {"7b", *STUDENTS, "Giganten: new_price", "testserver"}
ALLOWED |= {f"{name} ({student})" for name in ALLOWED for student in STUDENTS}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_in_each_language_keeps_no_english_text_of_its_own(lesson_pages, lang):
    """Each page (join, seat, host, projector, class question, teacher, seat cards, refusals) in Danish and German:
    its language in <html lang>, and no text node of the English page's own left (names, numbers, codes aside)."""
    allowed = ALLOWED | {info.title for info in lesson_pages["tables"]}  # (a table's title: its name)
    if lang == "da":  # ("bot" is Danish too)
        allowed |= {f"{name} → bot" for name in ALLOWED}
    left = {}
    for name, english in lesson_pages[SOURCE].items():
        translated = lesson_pages[lang][name]
        assert f'<html lang="{lang}">' in translated, name
        left[name] = english_left(english, translated, allowed)
    assert left == {name: [] for name in left}, left


def test_the_pages_differ_between_the_languages(lesson_pages):
    for name in lesson_pages[SOURCE]:
        assert len({lesson_pages[lang][name] for lang in LANGUAGES}) == len(LANGUAGES), name


def test_the_catalogue_words_the_pages_chrome_in_each_language(lesson_pages):
    assert "Type the code your teacher gave you" in lesson_pages["en"]["join"]
    assert "Skriv den kode, din lærer gav dig" in lesson_pages["da"]["join"]
    assert "Gib den Code ein, den deine Lehrkraft dir gegeben hat" in lesson_pages["de"]["join"]
    assert "An diesem Tisch" in lesson_pages["de"]["seat"] and "Ved dette bord" in lesson_pages["da"]["seat"]
    assert "Frag die Klasse" in lesson_pages["de"]["teacher"] and "Platzkarten" in lesson_pages["de"]["cards"]
    assert "Spieler pro Tisch: eine ganze Zahl von 3 bis 4" in lesson_pages["de"]["teacher refusal"]


def test_accept_language_is_parsed_with_its_q_values():
    assert languages.accepted("da;q=0.5, de-AT, *;q=0.1") == ["de-AT", "da", "*"]
    assert languages.accepted("fr;q=0, da;q=bad, de") == ["de"]
    assert languages.negotiate("fr-CH, fr;q=0.9, da;q=0.8, de;q=0.7") == "da"
    assert languages.negotiate("de-CH") == "de" and languages.negotiate("sv, nb") == "en"
    assert languages.negotiate(None) == "en" and languages.negotiate("") == "en"


def test_the_browser_s_language_is_the_default_and_the_menu_s_choice_is_remembered(server):
    lang_of = lambda response: re.search(r'<html lang="(\w+)">', response.text).group(1)  # noqa: E731
    assert lang_of(server.get("/")) == "en"
    assert lang_of(server.get("/", headers={"Accept-Language": "fr, de-DE;q=0.9, da;q=0.8"})) == "de"
    chosen = server.get("/", params={"lang": "da"}, headers={"Accept-Language": "de"})
    assert lang_of(chosen) == "da" and chosen.cookies.get(languages.COOKIE) == "da"
    assert lang_of(server.get("/", headers={"Accept-Language": "de"})) == "da"  # the cookie, over the browser
    back = server.get("/language/de", headers={"Referer": "http://testserver/watch/abc?lang=da&x=1"},
                      follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == "/watch/abc?x=1"
    assert lang_of(server.get("/")) == "de"
    away = server.get("/language/en", headers={"Referer": "http://elsewhere.example/x"}, follow_redirects=False)
    assert away.headers["location"] == "/"
    assert server.get("/language/xx").status_code == 404
    server.cookies.clear()


def test_the_menu_is_on_every_page_and_holds_no_code(lesson_pages):
    for name, page in lesson_pages["da"].items():
        menu = re.search(r'<nav class="gk-languages".*?</nav>', page).group(0)
        assert 'aria-label="Sprog"' in menu and "Deutsch" in menu and "English" in menu, name
        if name not in ("teacher", "cards", "teacher refusal"):  # (the teacher's pages link their own key)
            assert "code" not in menu, name


def test_two_seats_at_one_table_read_a_move_each_in_their_own_language(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], seed=3)
    mover = next(s for s in (0, 1) if server.store.seat_view(codes.seats[s]).content["your_turn"])
    langs = {mover: "da", 1 - mover: "de"}
    with server.websocket_connect("/ws") as other, server.websocket_connect("/ws") as ws:
        other.send_text(json.dumps({"t": "hello", "code": codes.seats[1 - mover], "lang": "de"}))
        assert "An diesem Tisch" in update(other.receive_text())["seats"]
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[mover], "lang": "da"}))
        first = update(ws.receive_text())
        assert "Ved dette bord" in first["seats"] and "dit træk" in first["choices"]
        ws.send_text(json.dumps({"t": "move", "offer": 1, "choice": 0}))
        seen = {1 - mover: update(other.receive_text()), mover: update(ws.receive_text())}
    for seat, regions in seen.items():
        with using(langs[seat]):
            view = server.store.seat_view(codes.seats[seat], log_limit=30)
        entry = next(e for e in view.content["log"] if e["number"] == 1)
        assert entry["events"] and all(e["text"] in regions["log"].replace("&#x27;", "'") for e in entry["events"])
        assert ("Was geschah" if langs[seat] == "de" else "Hvad der skete") in regions["log"]
    with using("en"):
        english = [e["text"] for e in server.store.seat_view(codes.seats[0]).content["log"][1]["events"]]
    with using("de"):
        german = [e["text"] for e in server.store.seat_view(codes.seats[0]).content["log"][1]["events"]]
    assert english != german  # (the same log, worded per reader)


def test_a_refusal_is_worded_in_its_page_s_language(server):
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], seed=5)
    for lang, words in (("de", "Diese Wahl gibt es nicht mehr"), ("da", "Det valg er der ikke længere")):
        with server.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"t": "hello", "code": codes.seats[0], "lang": lang}))
            update(ws.receive_text())
            ws.send_text(json.dumps({"t": "move", "offer": 7, "choice": 0}))
            assert words in update(ws.receive_text())["message"]


def test_the_store_keeps_no_worded_text_and_saves_the_same_in_every_language(server):
    """Two twin tables played move for move, one read and played in Danish, one in German: their entries and save
    files are equal; the store's replay keeps each event unworded (template and arguments), so a Danish reader's
    read leaves an English reader English words."""
    store = server.store
    tables = [store.create_table(giganten, ["human", "human", "heuristic"], seed=9) for _ in range(2)]
    for _ in range(4):
        for codes, lang in zip(tables, ("da", "de")):
            with using(lang):
                view = next(v for v in map(store.seat_view, codes.seats[:2]) if v.content["your_turn"])
                code = codes.seats[view.content["seat"]]
                store.play(code, view.content["choices"][0]["action"], view.log_length)
                store.public_view(codes.table)
    assert store.save_file(tables[0].table) == store.save_file(tables[1].table)
    entries = [[(e.index, e.player, e.action, e.source) for e in store.entries(c.table)] for c in tables]
    assert entries[0] == entries[1] and len(entries[0]) > 4
    replay = store._replays[tables[0].table]
    events = [e for words in replay.words for e in words.events]
    assert events and all(isinstance(e, Said) for e in events)
    with using("da"):
        danish = store.public_view(tables[0].table).to_json()
    english = store.public_view(tables[0].table).to_json()
    with using("de"):
        german = store.public_view(tables[1].table).to_json()
    assert len({danish, english, german}) == 3
    with using("en"):
        assert store.public_view(tables[1].table).to_json() == english  # (twins: one English, whoever read before)


def test_an_untitled_lesson_is_named_by_when_it_was_made_as_the_language_writes_dates():
    made = 1796300000.0
    with using("en"):
        assert re.fullmatch(r"lesson of \d{1,2}/\d{1,2}/\d\d, \d{1,2}:\d\d\s[AP]M", teacher.lesson_name("", made))
        assert teacher.lesson_name("7b", made) == "lesson 7b"
    with using("de"):
        assert re.fullmatch(r"Stunde vom \d\d\.\d\d\.\d\d, \d\d:\d\d", teacher.lesson_name("", made))
    with using("da"):
        assert re.fullmatch(r"lektion fra \d\d\.\d\d\.\d{4} \d\d\.\d\d", teacher.lesson_name("", made))
