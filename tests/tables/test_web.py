"""The classroom server's pages and live link, in process (Starlette's test client; the pools are real processes).

What a page receives -- its HTML and every websocket message -- is compared byte for byte between twin tables that
differ only in what a seat may not see; codes, forged messages, cross-site forms and sizes are tried as an
unfriendly page would.
"""
from __future__ import annotations

import json
import warnings

import pytest

import giganten
from gamekit.i18n import LANGUAGES
from gamekit.tables import open_store
from gamekit.tables.web import Classroom
from gamekit.tables.web.app import key_hash
from gamekit.tables.web.guard import CSP, WRONG_CODES

from .helpers import FAST
from .test_views import twin_games

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (starlette asks for httpx2; the test client works with httpx)
    from starlette.testclient import TestClient

TEACHER_KEY = "ABCDE-FGHJK-MNPQR-STVWX"
BASE = "http://testserver/"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One classroom server for the module (its worker pools take a second to start), on a store of its own."""
    folder = str(tmp_path_factory.mktemp("web") / "tables")
    classroom = Classroom(folder, key_hash(TEACHER_KEY), BASE, store_settings=FAST)
    with TestClient(classroom.app()) as client:
        client.classroom = classroom  # type: ignore[attr-defined]
        client.store = classroom.store  # type: ignore[attr-defined]
        yield client


def messages(client, hello: dict, count: int, send: list[dict] = ()) -> list[str]:
    """The first ``count`` messages a page receives after ``hello`` (and after sending ``send`` once the first came)."""
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps(hello))
        received = [ws.receive_text()]
        for message in send:
            ws.send_text(json.dumps(message))
        while len(received) < count:
            received.append(ws.receive_text())
    return received


def update(text: str) -> dict:
    message = json.loads(text)
    assert message["t"] == "update", message
    return message["regions"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_twin_tables_give_byte_identical_pages_and_messages_to_the_seats_that_cannot_tell_them_apart(server, lang):
    """Two tables that differ only in a license draw and two face-down tiles: the seats that cannot tell them apart
    and the host receive the very same bytes (HTML and websocket messages, pictures included); the seat holding the
    licenses does not.  In every language."""
    one, two, blind = twin_games(seed=12)
    tables = [server.store.create_table(giganten, ["human"] * 4, title="twins", from_save=s.to_json())
              for s in (one, two)]
    for seat in (blind[0], next(p for p in range(4) if p not in blind)):
        pages = [server.get("/", params={"code": t.seats[seat], "lang": lang}).text for t in tables]
        sent = [messages(server, {"t": "hello", "code": t.seats[seat], "lang": lang}, 1) for t in tables]
        assert (pages[0] == pages[1] and sent[0] == sent[1]) == (seat in blind), seat
        assert f'<html lang="{lang}">' in pages[0]
    hosts = [server.get("/", params={"code": t.host, "lang": lang}).text for t in tables]
    host_sent = [messages(server, {"t": "hello", "code": t.host, "lang": lang}, 1) for t in tables]
    server.cookies.clear()
    assert hosts[0].replace(tables[0].table, "ID") == hosts[1].replace(tables[1].table, "ID")
    assert host_sent[0] == [m.replace(tables[1].table, tables[0].table) for m in host_sent[1]]


def test_a_seat_page_shows_its_own_hand_only_and_never_a_code_or_the_tables_id(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], title="7b", seed=3)
    state = server.store.state(codes.table)
    for seat in (0, 1):
        page = server.get("/", params={"code": codes.seats[seat]})
        assert page.status_code == 200
        text = page.text
        assert giganten.widgets.private_html(state, seat) in text
        names = [giganten.widgets.view().player_name(p) for p in (seat, 1 - seat)]
        assert f"Only you see this, {names[0]}" in text and f"Only you see this, {names[1]}" not in text
        assert codes.table not in text
        assert not any(c.replace("-", "") in text.replace("-", "") for c in (*codes.seats[:2], codes.host))


def test_a_move_chosen_on_one_page_shows_on_the_other_pages_of_the_table(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], seed=3)
    mover = next(s for s in (0, 1) if server.store.seat_view(codes.seats[s]).content["your_turn"])
    with server.websocket_connect("/ws") as other, server.websocket_connect("/ws") as ws:
        other.send_text(json.dumps({"t": "hello", "code": codes.seats[1 - mover]}))
        update(other.receive_text())
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[mover]}))
        first = update(ws.receive_text())
        assert "data-offer='1'" in first["choices"]
        ws.send_text(json.dumps({"t": "move", "offer": 1, "choice": 0}))
        seen = update(other.receive_text())
        assert "#1" in seen["log"]
    assert server.store.table_info(codes.table).length > 1


def test_a_choice_from_an_old_offer_or_out_of_range_is_refused_and_plays_nothing(server):
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], seed=5)
    length = server.store.table_info(codes.table).length
    with server.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[0]}))
        update(ws.receive_text())
        for forged in ({"t": "move", "offer": 7, "choice": 0}, {"t": "move", "offer": 1, "choice": 999},
                       {"t": "move", "offer": 1, "choice": "0"}, {"t": "host", "op": "end"}, ["nonsense"]):
            ws.send_text(json.dumps(forged))
        ws.send_text(json.dumps({"t": "move", "offer": 7, "choice": 0}))
        refusal = update(ws.receive_text())
        assert "no longer on offer" in refusal["message"]
    assert server.store.table_info(codes.table).length == length
    assert server.store.table_info(codes.table).status == "playing"  # a seat's page cannot end the table


def test_the_host_pauses_gives_a_seat_to_a_bot_and_ends_the_table(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], seed=4)
    with server.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"t": "hello", "code": codes.host}))
        regions = update(ws.receive_text())
        assert "Host controls" in regions["controls"] and "not joined yet" in regions["controls"]
        ws.send_text(json.dumps({"t": "host", "op": "pause"}))
        assert "paused" in update(ws.receive_text())["status"]
        assert server.store.table_info(codes.table).status == "paused"
        ws.send_text(json.dumps({"t": "host", "op": "resume"}))
        update(ws.receive_text())
        ws.send_text(json.dumps({"t": "host", "op": "seat", "seat": 0, "bot": "random"}))
        update(ws.receive_text())
        assert server.store.table_info(codes.table).seats[0].bot is not None
        ws.send_text(json.dumps({"t": "host", "op": "end"}))
        update(ws.receive_text())
    assert server.store.table_info(codes.table).status == "ended"


def test_a_wrong_code_is_refused_and_too_many_from_one_device_get_429(server):
    page = server.get("/", params={"code": "AAAAA-AAAAA"}, headers={"x-forwarded-for": "1.2.3.4"})
    assert page.status_code == 404 and "does not open any seat" in page.text
    server.classroom.limiter._wrong.clear()
    codes = [server.get("/", params={"code": f"AAAAA-AAAA{i}"}).status_code for i in range(WRONG_CODES + 2)]
    assert codes[:WRONG_CODES] == [404] * WRONG_CODES and codes[WRONG_CODES:] == [429, 429]
    server.classroom.limiter._wrong.clear()


def test_every_page_carries_a_strict_content_security_policy_and_no_referrer_to_other_sites(server):
    page = server.get("/")
    assert page.headers["content-security-policy"] == CSP and "script-src 'self'" in CSP
    assert page.headers["referrer-policy"] == "same-origin" and page.headers["cache-control"] == "no-store"
    assert "<script src=\"/static/kit.js\"" in page.text and "<script>" not in page.text


def test_titles_and_names_are_escaped_on_every_page(server):
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], seed=1,
                                      title="<script>alert(1)</script>")
    for code in (codes.seats[0], codes.host):
        text = server.get("/", params={"code": code}).text
        assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    teacher = server.get("/", params={"code": TEACHER_KEY}).text
    assert "<script>alert" not in teacher


def test_the_teachers_forms_refuse_other_sites_wrong_keys_and_large_bodies(server):
    form = {"key": TEACHER_KEY, "table": "t0", "seat": "0"}
    assert server.post("/teacher/reissue", data=form, headers={"origin": "http://evil.example"}).status_code == 403
    assert server.post("/teacher/reissue", data={**form, "key": "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"}).status_code == 403
    big = server.post("/teacher/lesson", content=b"x" * 2_000_000, headers={"content-type": "text/plain"})
    assert big.status_code == 413
    server.classroom.limiter._wrong.clear()


def test_a_websocket_from_another_site_or_with_a_wrong_code_gets_nothing(server):
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with server.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_text()
    with pytest.raises(WebSocketDisconnect):
        with server.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"t": "hello", "code": "AAAAA-AAAAA"}))
            ws.receive_text()
    server.classroom.limiter._wrong.clear()


def test_pressing_hint_many_times_starts_the_coach_once(server, monkeypatch):
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], seed=2)
    submitted = []
    real = server.classroom.workers.submit_coach

    def counting(fn, *args):
        submitted.append(fn.__name__)
        return real(fn, *args)
    monkeypatch.setattr(server.classroom.workers, "submit_coach", counting)
    with server.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[0]}))
        update(ws.receive_text())
        for _ in range(20):
            ws.send_text(json.dumps({"t": "hint"}))
        answer = ""
        while "gk-advice'><i>" in answer or "Hint" not in answer or "thinking" in answer:
            answer = update(ws.receive_text()).get("coach", answer)
    assert submitted == ["hint"]
    assert "chance of winning" in answer


def test_the_server_is_one_process_and_its_workers_no_jupyter_kernel(server):
    import psutil

    workers = server.classroom.workers
    pids = [p for pool in (workers.bots, workers.coach) for p in pool._processes]
    assert 1 <= len(pids) <= 2
    for pid in pids:
        assert not any("ipykernel" in part for part in psutil.Process(pid).cmdline())


def test_a_store_opened_afresh_sees_the_tables_the_server_made(server, tmp_path):
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], seed=9)
    other = open_store(server.classroom.location, **FAST)
    assert other.seat_of(codes.seats[0]) == (codes.table, 0)


def test_the_teacher_makes_a_lesson_from_a_class_list_and_gets_one_sheet_of_seat_cards(server):
    form = {"key": TEACHER_KEY, "game": "giganten", "title": "7b <i>", "students": "Ana\nBen\n<b>Cleo</b>\nDan\nEva",
            "table_size": "3", "bot": "heuristic", "hints": "on", "start:giganten": ""}
    sheet = server.post("/teacher/lesson", data=form)
    assert sheet.status_code == 200, sheet.text[:500]
    text = sheet.text
    assert text.count("class=\"gk-seat-card\"") == 5 and text.count("gk-host-card") == 2
    assert text.count("<svg") >= 7  # a QR code per card
    assert "&lt;b&gt;Cleo&lt;/b&gt;" in text and "<b>Cleo</b>" not in text
    codes = [c.replace("-", "") for c in __import__("re").findall(r"Code <span class=\"gk-code\">([0-9A-Z-]+)<", text)]
    assert len(codes) == 5 and all(f"{BASE}?code={c}" in text for c in codes)
    opened = server.get("/", params={"code": codes[0]})
    assert opened.status_code == 200 and "Ana" in opened.text


def test_a_reissued_code_opens_the_seat_and_the_old_pages_are_told_their_code_has_gone(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], seed=6)
    with server.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[1]}))
        update(ws.receive_text())
        card = server.post("/teacher/reissue", data={"key": TEACHER_KEY, "table": codes.table, "seat": "1"})
        assert card.status_code == 200 and "A new code" in card.text
        gone = json.loads(ws.receive_text())
        while gone["t"] == "update":
            gone = json.loads(ws.receive_text())
        assert gone["t"] == "gone" and "no longer works" in gone["text"]
    assert server.get("/", params={"code": codes.seats[1]}).status_code == 404
    server.classroom.limiter._wrong.clear()


def test_the_projector_page_is_view_only_and_shows_where_to_join_and_who_has_joined(server):
    codes = server.store.create_table(giganten, ["human", "human", "heuristic"], seed=8, names=["Ana", "Ben", None])
    page = server.get(f"/watch/{codes.table}")
    assert page.status_code == 200 and 'id="gk-controls"' not in page.text and 'id="gk-hand"' not in page.text
    assert "Join at <b class='gk-address'>testserver</b>" in page.text and "not yet: Red (Ana), Blue (Ben)" in page.text
    assert server.get("/watch/tnosuchtable").status_code == 404
    with server.websocket_connect("/ws") as watch, server.websocket_connect("/ws") as seat:
        watch.send_text(json.dumps({"t": "watch", "table": codes.table}))
        update(watch.receive_text())
        seat.send_text(json.dumps({"t": "hello", "code": codes.seats[0]}))
        update(seat.receive_text())
        joined = update(watch.receive_text())
        assert "Joined: Red (Ana); not yet: Blue (Ben)" in joined["joining"]
        for forged in ({"t": "host", "op": "end"}, {"t": "move", "offer": 1, "choice": 0}, {"t": "hint"}):
            watch.send_text(json.dumps(forged))
    assert server.store.table_info(codes.table).status == "playing"


def test_after_the_game_a_student_reviews_their_own_game(server):
    from gamekit import random_game

    finished = random_game(giganten.new_game(3), seed=4)
    codes = server.store.create_table(giganten, ["human", "heuristic", "heuristic"], from_save=finished.to_json())
    with server.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"t": "hello", "code": codes.seats[0]}))
        first = update(ws.receive_text())
        assert "Game over" in first["status"] and "gk-review" in first["coach"]
        ws.send_text(json.dumps({"t": "review"}))
        shown = ""
        while "Review (your moves" not in shown:
            shown = update(ws.receive_text()).get("coach", shown)
    assert "<img" in shown or "<svg" in shown


def test_a_class_question_played_by_a_projector_and_students_reaches_the_results(server):
    """The teacher asks; the projector counts the answers; one student answers in time, one late, one never; the
    reveal shows the distribution and the right answer; every answer given in time reaches the CSV export."""
    lesson = server.store.create_lesson(giganten, ["Ana", "Ben", "Cleo"], 3, title="quiz", seed=2)
    codes = lesson.tables[0].seats
    form = {"key": TEACHER_KEY, "lesson": lesson.id, "game": "giganten", "kind:giganten": "new_price",
            "seconds": "60", "level": "0", "seed": "7"}
    page = server.post("/teacher/ask", data=form)
    assert page.status_code == 200 and "The question is posed" in page.text
    asked = server.store.quiz.current_for(lesson.id)
    question = asked.question()
    projector = server.get(f"/question/{asked.id}").text
    assert question.prompt.replace("'", "&#39;")[:30] in projector or question.prompt[:30] in projector
    assert "<b>0</b> of 3 have answered" in projector
    with server.websocket_connect("/ws") as ana, server.websocket_connect("/ws") as ben, \
            server.websocket_connect("/ws") as wall:
        wall.send_text(json.dumps({"t": "question", "question": asked.id}))
        assert "<b>0</b> of 3" in update(wall.receive_text())["question"]
        for ws, code in ((ana, codes[0]), (ben, codes[1])):
            ws.send_text(json.dumps({"t": "hello", "code": code}))
            quiz = update(ws.receive_text())["quiz"]
            assert "gk-answer" in quiz and question.options[0] in quiz
        ana.send_text(json.dumps({"t": "answer", "question": asked.id, "choice": question.answer}))
        mine = ""
        while "Your answer" not in mine:
            mine = update(ana.receive_text()).get("quiz", mine)
        counted = ""
        while "<b>1</b> of 3" not in counted:
            counted = update(wall.receive_text()).get("question", counted)
        assert "gk-bar-count" not in counted  # no distribution while the question is open
        server.post("/teacher/question", data={"key": TEACHER_KEY, "question": asked.id, "status": "closed"})
        ben.send_text(json.dumps({"t": "answer", "question": asked.id, "choice": 0}))  # too late
        late = ""
        while "time is up" not in late.lower():
            late = update(ben.receive_text()).get("message", late)
        server.post("/teacher/question", data={"key": TEACHER_KEY, "question": asked.id, "status": "revealed"})
        shown = ""
        while "✓ right" not in shown:
            shown = update(wall.receive_text()).get("question", shown)
        assert "gk-bar-count" in shown and "gk-feedback" in shown
        verdict = ""
        while "Right!" not in verdict:
            verdict = update(ana.receive_text()).get("quiz", verdict)
    csv = server.get("/teacher/results.csv", params={"code": TEACHER_KEY, "lesson": lesson.id})
    assert csv.status_code == 200 and csv.text.count("\n") == 2 and "Ana" in csv.text and "Ben" not in csv.text
    assert server.get("/teacher/results.csv", params={"code": "nope"}).status_code == 403
    teacher_page = server.get("/", params={"code": TEACHER_KEY}).text
    assert "What the class learnt" in teacher_page and "1 of 1" in teacher_page
    server.classroom.limiter._wrong.clear()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_twin_tables_give_identical_class_question_boxes(server, lang):
    one, two, blind = twin_games(seed=12)
    tables = [server.store.create_table(giganten, ["human"] * 4, title="twins", from_save=s.to_json())
              for s in (one, two)]
    server.store.quiz.ask("giganten", "price_zone", seed=3, seconds=60)  # for every table
    boxes = [update(messages(server, {"t": "hello", "code": t.seats[blind[0]], "lang": lang}, 1)[0])["quiz"]
             for t in tables]
    assert boxes[0] == boxes[1] and "gk-answer" in boxes[0]


def test_the_class_plays_on_from_a_questions_position(server):
    lesson = server.store.create_lesson(giganten, ["Ana", "Ben", "Cleo", "Dan"], 4, title="on", seed=3)
    asked = server.store.quiz.ask("giganten", "truck_cost", seed=4, lesson=lesson.id)
    sheet = server.post("/teacher/play-on", data={"key": TEACHER_KEY, "question": asked.id})
    assert sheet.status_code == 200 and sheet.text.count('class="gk-seat-card"') == 4
    newest = server.store.list_tables()[-1]
    position = asked.question().state
    assert newest.players == position.num_players and newest.title.startswith("from the question truck_cost")
    assert server.store.state(newest.table).observation(0) == position.observation(0) or newest.length > 0


def test_the_teacher_asks_about_a_scenario_and_about_a_position_file(server):
    lesson = server.store.create_lesson(giganten, ["Ana", "Ben", "Cleo"], 3, title="positions", seed=5)
    page = server.get("/", params={"code": TEACHER_KEY}).text
    assert "Ask about a position" in page and "Ask the class about this position" in page
    form = {"key": TEACHER_KEY, "lesson": lesson.id, "game": "giganten", "scenario:giganten": "auction_bluff",
            "kind_at:giganten": "legal_bids", "seconds": "60", "seed": "3"}
    answer = server.post("/teacher/ask-position", data=form)
    assert answer.status_code == 200 and "The question is posed" in answer.text
    asked = server.store.quiz.current_for(lesson.id)
    about = f"the scenario {giganten.scenario_info('auction_bluff').title}"
    assert asked.kind == "legal_bids" and asked.about == about
    assert asked.question().state.to_position() == giganten.scenario("auction_bluff").to_position()
    assert about in answer.text  # (the list of questions says what each is about)
    projector = server.get(f"/question/{asked.id}").text
    assert asked.question().options[0] in projector
    file = json.dumps(giganten.scenario("price_zones").to_position()).encode()
    answer = server.post("/teacher/ask-position", data={**form, "kind_at:giganten": ""},
                         files={"position": ("zones.json", file, "application/json")})
    asked = server.store.quiz.current_for(lesson.id)
    assert "The question is posed" in answer.text and asked.about == "a position file"
    assert asked.kind == giganten.questions.kinds_at(giganten.scenario("price_zones"))[0].name
    refused = server.post("/teacher/ask-position", data=form, files={"position": ("x.json", b"{\"round\": -1}",
                                                                                  "application/json")})
    assert "gk-problem" in refused.text and "position was refused" in refused.text
    wrong_kind = server.post("/teacher/ask-position", data={**form, "kind_at:giganten": "end_bonus"})
    assert "gk-problem" in wrong_kind.text and "legal_bids" in wrong_kind.text
    assert server.post("/teacher/ask-position", data={**form, "key": "nope"}).status_code == 403
    server.classroom.limiter._wrong.clear()


def test_a_question_about_twin_tables_positions_gives_byte_identical_question_pages(server):
    """The teacher asks about the position on a table's projector: twin tables that differ only in a license draw and
    two face-down tiles give the same question, byte for byte, on the projector's question page and in every seat's
    question box (the seat holding the licenses too: the question is drawn from what the projector shows)."""
    one, two, blind = twin_games(seed=12)
    tables = [server.store.create_table(giganten, ["human"] * 4, title="twin questions", from_save=s.to_json())
              for s in (one, two)]
    page = server.get("/", params={"code": TEACHER_KEY}).text
    assert f"name='table' value='{tables[0].table}'" in page
    projectors, boxes = [], []
    for t in tables:
        form = {"key": TEACHER_KEY, "table": t.table, "kind": "what_would_you_do", "seconds": "60", "seed": "21"}
        answer = server.post("/teacher/ask-table", data=form)
        assert "The question is posed" in answer.text, answer.text[-3000:]
        asked = server.store.quiz.current_for(None)
        assert asked.about.startswith("table twin questions after ")
        projectors.append(server.get(f"/question/{asked.id}").text.replace(asked.id, "QID"))
        boxes.append([update(messages(server, {"t": "hello", "code": t.seats[seat]}, 1)[0])["quiz"].replace(
            asked.id, "QID") for seat in range(4)])
    assert projectors[0] == projectors[1] and "What would you do?" in projectors[0]
    assert boxes[0] == boxes[1] and "gk-answer" in boxes[0][blind[0]]
    holder = next(p for p in range(4) if p not in blind)
    assert boxes[0][holder] == boxes[1][holder]
    refused = server.post("/teacher/ask-table", data={"key": TEACHER_KEY, "table": tables[0].table,
                                                      "kind": "end_bonus", "seconds": "60", "seed": "21"})
    assert "gk-problem" in refused.text and "what_would_you_do" in refused.text
