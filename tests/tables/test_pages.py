"""The classroom pages without a browser: what reaches a seat, moves and refusals, the host, routing.

The pages are built in this process (``live=False`` unless the test is about live updates) on a SQLite
store; what "reaches the browser" is the whole widget state ipywidgets would send
(``ipywidgets.embed.embed_data``: every model's state and binary buffers, the pictures' SVG included),
with the random model ids replaced by their order in the widget tree.
"""
from __future__ import annotations

import datetime
import html
import json
import re
import threading
import time

import pytest
from ipywidgets.embed import dependency_state, embed_data

import giganten
from gamekit.coach import advise
from gamekit.tables import codes as codes_module
from gamekit.tables import pages as pages_module
from gamekit.tables import open_store
from gamekit.tables.app import classroom_page, code_from_query
from gamekit.tables.pages import ProjectorPage, SeatPage
from gamekit.tables.places import TEACHER_KEY_ENV
from gamekit.tables.teacher import TeacherPage, join_link

from .helpers import FAST, check_log, play_out
from .test_views import twin_games

MODEL = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


def page_bytes(widget) -> bytes:
    """The widget state the browser receives for ``widget`` and everything it shows, canonical."""
    full = dependency_state([widget], drop_defaults=False)  # every trait, as the kernel sends them
    state = embed_data(views=[widget], drop_defaults=False, state=full)["manager_state"]["state"]
    order: dict[str, int] = {}

    def visit(model_id: str) -> None:
        if model_id in order:
            return
        order[model_id] = len(order)
        for ref in MODEL.findall(json.dumps(state[model_id]["state"], sort_keys=True)):
            visit(ref)

    visit(widget.model_id)
    assert set(order) == set(state)
    text = json.dumps([state[m] for m in sorted(order, key=order.get)], sort_keys=True)
    return MODEL.sub(lambda m: f"IPY_MODEL_{order[m.group(1)]}", text).encode()


def shown_text(page) -> str:
    return page_bytes(page.widget).decode()


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "tables", **FAST) as s:
        yield s


@pytest.fixture
def table(store):
    return store.create_table(giganten, ["human", "human", "heuristic"], title="7b, table 1", seed=3)


def to_move(store, codes):
    """The seat page of the human seat to move, and the other human seat's page."""
    pages = [SeatPage(store, codes.seats[i], live=False) for i in (0, 1)]
    mover = next(p for p in pages if p.view.content["your_turn"])
    return mover, next(p for p in pages if p is not mover)


def test_twin_tables_differing_only_in_hidden_cards_give_byte_identical_pages(store):
    """Two tables that differ only in a license draw and two face-down tiles: the seats that cannot tell
    them apart (and the projector) receive the very same bytes, pictures included; the seat holding the
    licenses does not."""
    one, two, blind = twin_games(seed=12)
    tables = [store.create_table(giganten, ["human"] * 4, title="twins", from_save=s.to_json()) for s in (one, two)]
    for seat in (blind[0], next(p for p in range(4) if p not in blind)):
        pages = [SeatPage(store, t.seats[seat], live=False) for t in tables]
        same = page_bytes(pages[0].widget) == page_bytes(pages[1].widget)
        assert same == (seat in blind), seat
    projectors = [ProjectorPage.for_host(store, t.host, live=False) for t in tables]
    assert page_bytes(projectors[0].widget) == page_bytes(projectors[1].widget)
    assert tables[0].table not in shown_text(projectors[0])


def test_a_seat_page_shows_its_own_hand_only_and_plays_its_move(store, table):
    mover, other = to_move(store, table)
    assert mover.chooser.visible and not other.chooser.visible
    state = store.state(table.table)
    for page in (mover, other):
        text = shown_text(page)
        own, foreign = page.viewer, 1 - page.viewer
        assert giganten.widgets.private_html(state, own) in text
        assert f"Only you see this, {page.name(own)}" in text and f"Only you see this, {page.name(foreign)}" not in text
        assert not any(code.replace("-", "") in text.replace("-", "") for code in (*table.seats[:2], table.host))
    before = store.table_info(table.table).length
    label = mover.chooser.labels()[0]
    mover.chooser.choose_label(label)
    assert store.table_info(table.table).length > before
    assert not mover.chooser.visible and "Your turn" not in mover.status.value
    other.refresh()
    assert f"<b>{mover.name(mover.viewer)}</b>: {label}" in html.unescape(other.log.value)


def test_the_same_seat_open_twice_moving_at_once_gives_one_move_and_one_clear_refusal(store, table):
    mover, _ = to_move(store, table)
    twin = SeatPage(store, mover.code, live=False)
    before = store.table_info(table.table).length
    label = mover.chooser.labels()[0]
    seen = twin.chooser.buttons.children[-1]  # a choice the second device shows when its student clicks it
    mover.chooser.choose_label(label)
    twin.refresh()  # the click reaches the kernel only after the page has shown the new position
    seen.click()
    assert "The game moved on" in twin.message.value  # refused: it was made on the old position
    decisions = [e for e in store.entries(table.table)[before:] if e.source == "seat"]
    assert [e.player for e in decisions] == [mover.viewer]
    check_log(store, table.table)


def test_the_host_pauses_gives_a_seat_to_a_bot_and_back_and_ends_the_table(store, table):
    host = ProjectorPage.for_host(store, table.host, live=False)
    mover, other = to_move(store, table)
    text = shown_text(host)
    assert "Only you see this" not in text and "licenses: <b>" not in text.lower()
    assert not any(code.replace("-", "") in text.replace("-", "") for code in (*table.seats[:2], table.host))
    host.toggle_pause()
    assert "Paused" in host.status.value and host.pause_button.description == "Resume"
    mover.chooser.choose_label(mover.chooser.labels()[0])
    assert "paused by the teacher" in mover.message.value
    host.toggle_pause()
    host.toggle_seat(mover.viewer)  # the student to move is absent: a bot plays for them
    assert store.table_info(table.table).seats[mover.viewer].played_by == "bot"
    mover.refresh()
    assert "gave your seat to a bot" in mover.status.value and not mover.chooser.visible
    host.toggle_seat(mover.viewer)
    assert store.table_info(table.table).seats[mover.viewer].played_by == "human"
    host.end()
    assert store.table_info(table.table).status == "playing"  # the first click only asks
    assert "again" in host.end_button.description
    host.end()
    assert store.table_info(table.table).status == "ended" and host.end_button.disabled
    other.refresh()
    assert "ended" in other.status.value


def test_pages_follow_moves_made_elsewhere_within_a_second(store, table):
    mover, watcher = (SeatPage(store, c, live=True) for c in table.seats[:2])
    projector = ProjectorPage.for_host(store, table.host, live=True)
    if not mover.view.content["your_turn"]:
        mover, watcher = watcher, mover
    try:
        revisions = (watcher.revision, projector.revision)
        sent = time.monotonic()
        store.play(mover.code, mover.state.legal_actions()[0], mover.view.log_length, advance=False)
        while (watcher.revision, projector.revision)[0] == revisions[0] or projector.revision == revisions[1]:
            assert time.monotonic() - sent < 1.0, "a page did not follow within 1 s"
            time.sleep(0.02)
    finally:
        for page in (mover, watcher, projector):
            page.close()
    for page in (mover, watcher, projector):
        page.live.join(3.0)
        assert not page.live.running


def test_the_address_code_opens_the_seat_the_host_page_or_the_teacher_page(store, table, monkeypatch):
    seat = classroom_page(f"code={table.seats[0].lower()}", store, live=False)
    assert seat.kind == "seat" and seat.page.viewer == 0 and seat.replaces_dashboard
    host = classroom_page(f"x=1&code={table.host.replace('-', '')}", store, live=False)
    assert host.kind == "host" and host.page.host_code is not None
    key = codes_module.new_code(codes_module.TEACHER_LENGTH)
    assert classroom_page(f"code={key}", store).kind == "refused"  # no server key set
    monkeypatch.setenv(TEACHER_KEY_ENV, codes_module.code_hash(key))
    assert classroom_page(f"code={key}", store).kind == "teacher"
    assert code_from_query("a=b") is None and code_from_query("code=&code=x") == ""


@pytest.mark.parametrize("query", ["code=", "code=7KQ0M-X1P4T", "code=7KQ0M-X1P4T-ABCDE", "code=<b>x</b>",
                                   "code=" + "9" * 20])
def test_a_wrong_or_missing_code_shows_a_clear_message_and_nothing_of_any_game(store, table, query):
    page = classroom_page(query, store)
    assert page.kind == "refused" and page.replaces_dashboard
    text = page_bytes(page.widget).decode()
    assert "This code does not open any" in text and 'name=\\"code\\"' in text
    assert "Giganten" not in text and "7b" not in text and "<b>x</b>" not in text


def test_without_a_code_the_classroom_server_shows_the_code_form_and_elsewhere_the_dashboard(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.delenv(TEACHER_KEY_ENV, raising=False)
    assert classroom_page().kind == "none"  # make voila: the notebook's hot-seat dashboard
    monkeypatch.setenv(TEACHER_KEY_ENV, "0" * 64)
    joined = classroom_page()
    assert joined.kind == "join" and joined.replaces_dashboard
    assert 'name=\\"code\\"' in page_bytes(joined.widget).decode()
    monkeypatch.delenv("QUERY_STRING")
    assert classroom_page().kind == "none"  # JupyterLab


def test_the_teacher_creates_a_table_and_sees_its_codes_once(store):
    teacher = TeacherPage(store, "http://192.168.1.23:8866/")
    teacher.game_menu.value = "firstgiants"
    teacher.seat_picker.players.value = 3
    teacher.seat_picker.menus[2].value = "random"
    teacher.title.value = "Museum club"
    teacher.seed.value = "42"
    codes = teacher.create()
    info = store.table_info(codes.table)
    assert info.game == "firstgiants" and info.title == "Museum club" and info.players == 3
    assert [s.played_by for s in info.seats] == ["human", "human", "bot"] and codes.seats[2] is None
    shown = teacher.codes.value
    assert codes.host in shown and all(c in shown for c in codes.seats[:2])
    assert join_link("http://192.168.1.23:8866/", codes.seats[0]) in shown
    assert "Museum club" in teacher.tables.value
    teacher.game_menu.value = "giganten"
    teacher.option_widgets["open_licenses"].value = True
    assert teacher.options() == {"open_licenses": True}
    teacher.seed.value = ""
    opened = teacher.create()
    assert store.state(opened.table).options["open_licenses"] is True


@pytest.mark.parametrize("module", ["giganten", "firstgiants"])
def test_the_teacher_starts_a_table_from_a_scenario(store, module):
    import importlib

    game = importlib.import_module(module)
    teacher = TeacherPage(store)
    teacher.game_menu.value = module
    assert [name for _, name in teacher.scenario.options] == ["", *game.scenarios()]
    name = game.scenarios()[-1]
    start = game.scenario(name)
    teacher.scenario.value = name
    info = game.scenario_info(name)
    assert teacher.seat_picker.players.value == start.num_players and teacher.seat_picker.players.disabled
    assert {key: w.value for key, w in teacher.option_widgets.items()} == start.options
    assert html.escape(info.title) in teacher.lesson.value and html.escape(info.rulebook) in teacher.lesson.value
    codes = teacher.create()
    assert store.state(codes.table) == start and store.entries(codes.table) == []
    assert json.loads(store.save_file(codes.table))["position"] == start.to_position()
    teacher.scenario.value = ""  # back to the normal start: the players and a new game's options are free again
    assert not teacher.seat_picker.players.disabled and teacher.lesson.value == "" and teacher.options() == {}
    assert store.state(teacher.create().table).origin is None


def test_in_jupyterlab_without_the_servers_address_the_teacher_page_shows_codes_without_links(store, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    teacher = TeacherPage(store)
    codes = teacher.create()
    assert codes.seats[0] in teacher.codes.value and "href" not in teacher.codes.value
    monkeypatch.setenv("QUERY_STRING", "code=X")  # served by the classroom server: links relative to the page
    assert f"href='?code={codes.host.replace('-', '')}'" in teacher.codes_html(codes)


def test_a_student_plays_by_clicking_the_picture_twice(store, table):
    mover, other = to_move(store, table)
    assert mover.targets and not other.targets  # only the seat to move has clickable parts
    assert set(mover.picture.targets) == set(mover.targets)
    target = next(t for t, actions in mover.targets.items() if len(actions) == 1)
    before = store.table_info(table.table).length
    mover.picture.click(target)  # the first click marks it and asks to confirm
    assert mover.picture.chosen == target and "confirm" in mover.chooser.title.value
    assert store.table_info(table.table).length == before
    mover.picture.click(target)
    assert [e.player for e in store.entries(table.table)[before:] if e.source == "seat"] == [mover.viewer]


def test_the_teacher_starts_a_table_from_a_position_file(store):
    import firstgiants

    start = firstgiants.scenario("simultaneous_triggers").apply(firstgiants.TakeCard(40))  # (a position of her own)
    text = json.dumps(start.to_position()).encode()
    upload = ({"name": "lesson.json", "type": "application/json", "size": len(text), "content": memoryview(text),
               "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    teacher = TeacherPage(store)
    teacher.game_menu.value = "giganten"
    teacher.position_file.value = upload
    refusal = "lesson.json: game: this is a position of 'firstgiants', not of giganten"
    assert html.escape(refusal) in teacher.message.value
    assert teacher.scenario.value == "" and teacher.position_file.value == ()
    teacher.game_menu.value = "firstgiants"
    teacher.position_file.value = upload
    assert teacher.message.value == "" and teacher.scenario.value == "file:"
    assert "lesson.json" in teacher.lesson.value and teacher.seat_picker.players.value == 3
    codes = teacher.create()
    assert store.state(codes.table) == firstgiants.from_position(text) and store.entries(codes.table) == []
    teacher.game_menu.value = "giganten"  # (a position is of one game: the file is no longer offered)
    assert "file:" not in [value for _, value in teacher.scenario.options]


def test_the_teachers_list_shows_each_finished_tables_final_result(store):
    done = store.create_table("firstgiants", ["human", "random"], title="finished", seed=4)
    store.create_table("firstgiants", ["human", "random"], title="still playing", seed=5)
    while (view := store.seat_view(done.seats[0])).content["your_turn"]:
        store.play(done.seats[0], view.content["choices"][0]["action"], view.log_length)
    assert view.content["terminal"]
    teacher = TeacherPage(store)
    rows = {row.split("</td>")[0].split(">")[-1]: row for row in teacher.tables.value.split("<tr>")[2:]}
    assert "<td>game over</td>" in rows["finished"] and "1. <b>" in rows["finished"]
    assert "<td>playing</td>" in rows["still playing"] and "1. <b>" not in rows["still playing"]


# -- the coach on a seat's page ----------------------------------------------------------------------

def hint(page) -> str:
    """Press Hint and wait for the coach's answer (it works in a thread); returns the pane."""
    page.hint_button.click()
    page.wait_for_coach(60)
    return page.coach_pane.value


@pytest.mark.parametrize("module", ["giganten", "firstgiants"])
def test_hint_ranks_the_seats_options_on_its_turn_only_and_goes_when_the_position_changes(store, module):
    codes = store.create_table(module, ["human", "human", "heuristic"], seed=3)
    pages = [SeatPage(store, c, live=False, samples=3) for c in codes.seats[:2]]
    mover = next(p for p in pages if p.view.content["your_turn"])
    other = next(p for p in pages if p is not mover)
    assert not mover.hint_button.disabled and other.hint_button.disabled
    assert mover.review_button.layout.display == "none"  # (after the game)
    other.hint_button.click()  # not its turn: nothing
    assert other.coach_pane.value == "" and other.coach_thread is None
    unit = {"giganten": "dollars", "firstgiants": "points"}[module]
    state, seat = mover.state, mover.viewer
    shown = hint(mover)
    assert f"Hint (the coach, {mover.name(seat)}, 3 samples" in shown and f"final result ({unit})" in shown
    assert "chance of winning" in shown and "<p>Best: " in shown
    table, after = shown.split("</table>")
    assert ("±" in table) is ("± is the coach's 95% margin" in after)  # the note only where a margin shows
    hidden = {"giganten": f"of the luck and of what {mover.name(seat)} cannot see",
              "firstgiants": "of the cards the deck turns up"}[module]
    assert f"3 samples {hidden}):" in shown
    advice = advise(state, seat, samples=3, seed=mover.view.content["log_entries"])  # fixed samples and seed
    assert all(html.escape(o.text) in shown for o in advice.options[:6])
    assert html.escape(advice.sentences[0]) in shown and not mover.hint_button.disabled
    mover.refresh()  # a redraw of the same position keeps the hint
    assert mover.coach_pane.value == shown
    mover.chooser.choose_label(mover.chooser.labels()[0])
    assert mover.coach_pane.value == ""  # the position changed: the hint is gone
    if not mover.view.content["your_turn"]:
        assert mover.hint_button.disabled


def test_the_coach_thinks_in_the_background_and_its_answer_for_a_gone_position_is_dropped(store, table,
                                                                                          monkeypatch):
    release = threading.Event()
    real = pages_module.advise

    def slow(*args, **kwargs):
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(pages_module, "advise", slow)
    mover, _ = to_move(store, table)
    mover.hint_button.click()  # returns at once: the page stays live
    assert "The coach is thinking" in mover.coach_pane.value and mover.hint_button.disabled
    mover.chooser.choose_label(mover.chooser.labels()[0])  # the student moves meanwhile
    release.set()
    mover.wait_for_coach(60)
    assert mover.coach_pane.value == ""  # (the hint was for the position before the move)


def test_no_hint_while_the_table_is_paused(store, table):
    mover, _ = to_move(store, table)
    store.pause(table.host)
    mover.refresh()
    assert mover.hint_button.disabled
    mover.hint_button.click()
    assert mover.coach_pane.value == ""


def test_twin_tables_differing_only_in_hidden_cards_give_byte_identical_pages_after_a_hint(store):
    """The coach samples only what the seat may see: after Hint on the seat's turn, its whole page (the coach's
    ranking and sentences included) is the same bytes for two tables that differ only in what it cannot see."""
    one, two, blind = twin_games(seed=12)
    seat = one.current_player()
    assert seat in blind and one != two
    tables = [store.create_table(giganten, ["human"] * 4, from_save=s.to_json()) for s in (one, two)]
    pages = [SeatPage(store, t.seats[seat], live=False, samples=4) for t in tables]
    shown = [hint(p) for p in pages]
    assert "Hint (the coach" in shown[0] and "chance of winning" in shown[0]
    assert page_bytes(pages[0].widget) == page_bytes(pages[1].widget)


def test_after_the_game_the_seat_reviews_its_own_moves_once_with_the_chart(store, monkeypatch):
    codes = store.create_table("firstgiants", ["human", "human"], seed=4)
    page = SeatPage(store, codes.seats[1], live=False, review_samples=2)
    assert page.review_button.layout.display == "none"
    play_out(store, codes, seed=1)
    page.refresh()
    assert page.hint_button.layout.display == "none" and page.review_button.layout.display is None
    calls = []
    real = pages_module.review
    monkeypatch.setattr(pages_module, "review", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    page.review_button.click()
    page.wait_for_coach(120)
    shown = page.coach_pane.value
    result = page.last_review
    assert calls == [[1]] and result is not None and result.moves
    assert {m.seat for m in result.moves} == {1}  # its own decisions only
    assert "Review (your moves" in shown and "<svg" in shown and "<li>Move " in shown
    log = {e["number"]: e["player"] for e in store.seat_view(codes.seats[1], log_limit=None).content["log"]}
    for m in result.mistakes(5):  # numbered as the table's log numbers the decisions
        assert log[m.move_number + 1] == 1
        assert f"Move {m.move_number + 1}, " in html.unescape(shown)
    page.coach_pane.value = ""
    page.review_button.click()  # shown again, not made again
    assert page.coach_pane.value == shown and calls == [[1]]
    store.end(codes.host)  # a redraw (the host ends the finished table) keeps it
    page.refresh()
    assert page.coach_pane.value == shown


def test_the_teacher_can_leave_the_hints_out_and_the_review_stays(store):
    teacher = TeacherPage(store)
    assert teacher.hints.value is True and teacher.hints.description == "Students may ask the coach for hints"
    teacher.game_menu.value = "firstgiants"
    teacher.seat_picker.players.value = 2
    teacher.hints.value = False
    codes = teacher.create()
    assert store.table_info(codes.table).hints is False and "hints for the students: <b>off" in teacher.codes.value
    pages = [SeatPage(store, c, live=False, review_samples=2) for c in codes.seats]
    mover = next(p for p in pages if p.view.content["your_turn"])
    assert all(p.hint_button.layout.display == "none" for p in pages)
    mover.hint_button.click()
    assert mover.coach_pane.value == "" and mover.coach_thread is None
    play_out(store, codes, seed=2)
    page = pages[0]
    page.refresh()
    assert page.review_button.layout.display is None
    page.review_button.click()
    page.wait_for_coach(120)
    assert "Review (your moves" in page.coach_pane.value
