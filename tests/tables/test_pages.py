"""The classroom pages without a browser: what reaches a seat, moves and refusals, the host, routing.

The pages are built in this process (``live=False`` unless the test is about live updates) on a SQLite
store; what "reaches the browser" is the whole widget state ipywidgets would send
(``ipywidgets.embed.embed_data``: every model's state and binary buffers, the pictures' SVG included),
with the random model ids replaced by their order in the widget tree.
"""
from __future__ import annotations

import html
import json
import re
import time

import pytest
from ipywidgets.embed import dependency_state, embed_data

import giganten
from gamekit.tables import codes as codes_module
from gamekit.tables import open_store
from gamekit.tables.app import classroom_page, code_from_query
from gamekit.tables.pages import ProjectorPage, SeatPage
from gamekit.tables.places import TEACHER_KEY_ENV
from gamekit.tables.teacher import TeacherPage, join_link

from .helpers import FAST, check_log
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
    assert joined.kind == "join" and joined.replaces_dashboard and 'name=\\"code\\"' in page_bytes(joined.widget).decode()
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
    assert teacher.scenario.disabled  # starting positions: issue 13


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
