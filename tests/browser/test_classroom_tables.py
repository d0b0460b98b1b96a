"""Classroom tables in Chromium, served by the classroom server (``make classroom-local``) on 127.0.0.1.

* Three pages -- the projector (host code) and two students -- play a Giganten table with a bot: every
  move (the students' and the bot's) appears on every page within 1 s, measured in the pages themselves
  (a MutationObserver notes when each log entry first shows); no student page ever contains the other
  student's hand; the same seat opened on a second device sends a move at the same instant as the first:
  one is accepted and the other refused with a clear message, and the log stays whole.  Before that, Red
  asks the coach for a Hint (at 1920x1080): the ranking appears, no label cut off, and goes with the move.
* A fault test kills the server and its kernels (SIGKILL) in the middle of a game, while a bot is
  thinking, restarts it on the same store: every table continues at its last accepted move, nothing lost.
* The host gives an absent student's seat to a bot and back; reloading the projector and the students'
  pages continues the same game; the host ends the table and every page says so.
* A wrong code shows a clear message and the code form, no code the code form: nothing of any game.
* The teacher page (the key the server prints) starts a table from a scenario and shows its codes; a
  student types a code into the landing page's form and gets that seat.
* Neither seat nor host codes (nor a wrong code) ever reach the server's log.
"""
from __future__ import annotations

import re
import time

import pytest

from gamekit.tables import open_store
from tests.tables.helpers import FAST, check_log

from .conftest import SCREENSHOTS
from .kit import cut_labels

pytestmark = pytest.mark.browser

#: Notes, in each page, when each log entry (its decision number, "#N") first shows.
SEEN_SCRIPT = """
window.__seen = {};
const scan = () => {
  for (const b of document.querySelectorAll('.gk-table-log .gk-log-entry > b:first-child')) {
    const n = parseInt(b.textContent.slice(1));
    if (!(n in window.__seen)) window.__seen[n] = Date.now();
  }
};
new MutationObserver(scan).observe(document, {subtree: true, childList: true, characterData: true});
window.__clicks = [];
document.addEventListener('click', e => {
  if (e.target.closest('.gk-choices button')) window.__clicks.push(Date.now());
}, true);
"""
LOAD_TIMEOUT = 120_000


def open_pages(context, urls: list[str]) -> list:
    """One page per url, loaded in parallel (each page is a kernel starting on the server)."""
    pages = [context.new_page() for _ in urls]
    for page, url in zip(pages, urls):
        page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT)
    for page in pages:
        page.locator(".gk-table-page .gk-table-status").first.wait_for(timeout=LOAD_TIMEOUT)
    return pages


def newest(page) -> int:
    return page.evaluate("Math.max(-1, ...Object.keys(window.__seen).map(Number))")


def wait_newest(page, number: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"Object.keys(window.__seen).map(Number).some(n => n >= {number})", timeout=timeout)


def your_turn(page) -> bool:
    return "Your turn" in page.locator(".gk-seat-page .gk-table-status").first.inner_text()


def next_mover(students, timeout: float = 30.0):
    """The student page that shows "Your turn", once one does (bots and chance may play first)."""
    deadline = time.monotonic() + timeout
    while True:
        mover = next((p for p in students if your_turn(p)), None)
        if mover is not None:
            return mover
        assert time.monotonic() < deadline, "no student page says it is its turn"
        time.sleep(0.1)


def choice_buttons(page):
    """The seat's choice buttons (or, when there are many, the Play button under the two menus)."""
    return page.locator(".gk-choices button.jupyter-button:visible")


def hand_text(page) -> str:
    return page.locator(".gk-hand").first.inner_text()


def decisions_at(store, table: str) -> list[float]:
    """When each decision of the table's public log was accepted (index = its number; 0: the setup)."""
    return [0.0] + [e.at for e in store.entries(table) if e.player is not None]


def check_hands_private(students) -> None:
    """No student page contains the other student's hand."""
    hands = [hand_text(p) for p in students]
    for page, own, other in ((students[0], hands[0], hands[1]), (students[1], hands[1], hands[0])):
        body = page.inner_text("body")
        title, _, values = other.partition("\n")
        assert title not in body  # "Only you see this, Blue" on Red's page
        if values.strip() != own.partition("\n")[2].strip():
            assert values.strip() not in body


def test_three_pages_play_a_table_live_and_two_moves_at_once_give_one(classroom_server, browser_page, tmp_path,
                                                                        screenshot):
    store = open_store(tmp_path / "tables", **FAST)
    codes = store.create_table("giganten", ["human", "human", "heuristic"], title="7b, table 1", seed=5)
    server = classroom_server(tmp_path / "tables")
    context = browser_page.context
    context.add_init_script(SEEN_SCRIPT)
    context.set_default_timeout(30_000)
    # the projector, the two students, and (for the race below) Red's seat on a second device
    projector, red, blue, red_again = open_pages(
        context, [server.url + f"?code={c}" for c in (codes.host, *codes.seats[:2], codes.seats[0])])
    pages, students = [projector, red, blue, red_again], [red, blue]
    assert projector.locator(".gk-hand").count() == 0 and projector.locator(".gk-host-controls").count() == 1
    check_hands_private(students)
    # the host pauses and resumes the table: every page follows (and has settled after loading)
    for label, shown in (("Pause", "paused"), ("Resume", None)):
        projector.locator(".gk-host-controls button", has_text=label).first.click()
        for page in students:
            status = page.locator(".gk-table-status").first
            if shown:
                status.get_by_text(shown).wait_for()
            else:
                page.wait_for_function("!document.querySelector('.gk-table-status').innerText.includes('paused')")

    clicked: dict[int, float] = {}  # decision number -> when its choice was clicked, in the page (ms)
    first = max(newest(p) for p in pages)
    while len(clicked) < 3 or next_mover(students) is not red:  # a few moves, until Red is to move
        mover = next_mover(students)
        number = newest(mover) + 1
        choice_buttons(mover).first.click()
        clicked[number] = mover.evaluate("window.__clicks.at(-1)")  # when the click happened, in the page
        for page in pages:
            wait_newest(page, number)
        check_hands_private(students)
    screenshot("tables-student-moves", red)  # (the pages this test opened, not the fixture's empty one)
    hint_shows_the_coachs_ranking(red)

    # Red on two devices: both send a move at the same instant
    mover, twin = red, red_again
    twin.get_by_text("Your turn").first.wait_for()
    mover.get_by_text("Your turn").first.wait_for()
    before = store.table_info(codes.table).length
    at = mover.evaluate("Date.now()") + 400
    for page, index in ((mover, 0), (twin, -1)):
        page.evaluate("([index, at]) => { const b = [...document.querySelectorAll('.gk-choices button.jupyter-button')]"
                      ".filter(b => b.offsetParent !== null); const pick = b.at(index);"
                      "setTimeout(() => pick.click(), at - Date.now()); }", [index, at])
    refused = re.compile("The game moved on")
    deadline = time.monotonic() + 30
    while sum(p.get_by_text(refused).count() for p in (mover, twin)) == 0:
        assert time.monotonic() < deadline, "neither page showed a refusal"
        time.sleep(0.1)
    assert sum(p.get_by_text(refused).count() > 0 for p in (mover, twin)) == 1
    seat_moves = [e for e in store.entries(codes.table)[before:] if e.source == "seat"]
    assert len(seat_moves) == 1, seat_moves
    screenshot("tables-refused", mover)
    red.locator(".gk-coach .gk-advice table").wait_for(state="detached")  # the hint went with the position
    time.sleep(1.0)  # let the bot's answer, if any, reach the pages

    # every move appeared on every page within 1 s: from its click (a student's) or its acceptance (a bot's)
    accepted = decisions_at(store, codes.table)
    delays = []
    for page in pages:
        seen = {int(n): t for n, t in page.evaluate("window.__seen").items()}
        for number, shown in seen.items():
            if number <= first:
                continue
            made = clicked.get(number, accepted[number] * 1000)
            delays.append(shown - made)
            assert shown - made < 1000, (page.url.split("?")[0], number, shown - made)
    delays.sort()
    print(f"move -> shown on a page: {len(delays)} page-moves, median {delays[len(delays) // 2]:.0f} ms, "
          f"max {delays[-1]:.0f} ms")
    check_log(store, codes.table)
    check_hands_private(students)

    wrong_code = "7KQ0M-X1P4T"
    check_refusals(context, server.url, wrong_code)
    host_gives_a_seat_to_a_bot_and_back(projector, blue, store, codes.table)
    reloads_continue_the_game(projector, students)
    host_ends_the_table(projector, [red, blue, red_again], store, codes.table)
    check_log(store, codes.table)
    log = server.log_text()
    for code in (*codes.seats[:2], codes.host, wrong_code):
        assert code.replace("-", "") not in log.replace("-", ""), "a code reached the server's log"


def hint_shows_the_coachs_ranking(page) -> None:
    """On the seat's turn, at 1920x1080: Hint shows the coach's ranking (the options with their final result
    in dollars and chance of winning, each with its margin) and its sentences; no label is cut off."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    started = time.monotonic()
    page.locator(".gk-coach button", has_text="Hint").click()
    page.locator(".gk-coach .gk-advice table").wait_for()
    print(f"Hint: the ranking shown {time.monotonic() - started:.2f} s after the click")
    rows = page.locator(".gk-coach .gk-advice tr").all_inner_texts()
    assert "final result (dollars)" in rows[0] and "chance of winning" in rows[0]
    assert len(rows) >= 3 and all(re.search(r"\$[\d,]+( ± \$[\d,]+)?\s+\d+%( ± \d+%)?", r) for r in rows[1:]), rows
    assert "Best: " in page.locator(".gk-coach .gk-advice").inner_text()
    assert cut_labels(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "classroom-tables-student-hint.png"))


def check_nothing_of_any_game(page) -> None:
    for part in (".gk-picture-view", ".gk-table-log", ".gk-hand", ".gk-choices", ".gk-host-controls"):
        assert page.locator(part).count() == 0, part
    body = page.inner_text("body")
    assert "Giganten" not in body and "7b, table 1" not in body and "Red" not in body


def check_refusals(context, url: str, wrong_code: str) -> None:
    """A wrong code: a clear message and the code form; no code: the code form; nothing of any game."""
    page = context.new_page()
    page.goto(url + f"?code={wrong_code}", wait_until="commit", timeout=LOAD_TIMEOUT)
    page.locator(".gk-refused").wait_for(timeout=LOAD_TIMEOUT)
    assert "This code does not open any" in page.locator(".gk-refused").inner_text()
    assert page.locator("form.gk-join input[name=code]").count() == 1
    check_nothing_of_any_game(page)
    page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT)
    page.locator("form.gk-join input[name=code]").wait_for(timeout=LOAD_TIMEOUT)
    assert "Type the code your teacher gave you" in page.inner_text("body")
    check_nothing_of_any_game(page)
    page.close()


def status_text(page) -> str:
    return page.locator(".gk-table-status").first.inner_text()


def host_gives_a_seat_to_a_bot_and_back(projector, student, store, table: str) -> None:
    """Blue is absent: the host gives Blue's seat to the bot of the menu (Blue's page says so and only
    watches), then back to Blue."""
    controls = projector.locator(".gk-host-controls")
    controls.locator("button", has_text="Blue → bot").click()
    student.get_by_text("gave your seat to a bot").first.wait_for()
    assert store.table_info(table).seats[1].played_by == "bot"
    assert choice_buttons(student).count() == 0
    projector.locator(".gk-table-page", has_text="Blue: bot (heuristic)").first.wait_for()
    controls.locator("button", has_text="Blue → student").click()
    student.wait_for_function("!document.querySelector('.gk-table-status').innerText.includes('gave your seat')")
    assert store.table_info(table).seats[1].played_by == "human"


def reloads_continue_the_game(projector, students) -> None:
    """Once a student is to move (nothing changes until they do), reloading the projector and both
    students' pages shows the same game: the same status, log, hand and choices."""
    mover = next_mover(students)
    pages = [projector, *students]
    before = [(status_text(p), p.locator(".gk-table-log").inner_text()) for p in pages]
    hands = [hand_text(p) for p in students]
    choice_buttons(mover).first.wait_for(timeout=LOAD_TIMEOUT)  # (drawn a moment after "Your turn")
    choices = choice_buttons(mover).all_inner_texts()
    for page in pages:
        page.reload(wait_until="commit")
    for page in pages:
        page.locator(".gk-table-page .gk-table-log").first.wait_for(timeout=LOAD_TIMEOUT)
    mover.get_by_text("Your turn").first.wait_for(timeout=LOAD_TIMEOUT)
    choice_buttons(mover).first.wait_for(timeout=LOAD_TIMEOUT)
    assert [(status_text(p), p.locator(".gk-table-log").inner_text()) for p in pages] == before
    assert [hand_text(p) for p in students] == hands
    assert choice_buttons(mover).all_inner_texts() == choices
    assert projector.locator(".gk-host-controls").count() == 1 and projector.locator(".gk-hand").count() == 0
    check_hands_private(students)


def host_ends_the_table(projector, students, store, table: str) -> None:
    """End the table (a second click confirms): every page says so, nobody can move any more."""
    projector.locator(".gk-host-controls button", has_text="End the table").click()
    assert store.table_info(table).status == "playing"  # the first click only asks
    projector.locator(".gk-host-controls button", has_text="Click again to end for good").click()
    projector.get_by_text("This table has been ended").first.wait_for()
    for page in students:
        page.get_by_text("The teacher has ended this table").first.wait_for()
        assert choice_buttons(page).count() == 0
    assert store.table_info(table).status == "ended"


def test_a_server_killed_mid_game_continues_every_table_at_its_last_move(classroom_server, browser_page, tmp_path):
    """Two tables: one played in the browser, where the search bot is thinking when the server dies; the
    other played through the store (another device), waiting for its student."""
    store = open_store(tmp_path / "tables", **FAST)
    slow = store.create_table("firstgiants", ["human", ("search", {"iterations": 1000})], seed=9)  # 1-3 s a turn
    quick = store.create_table("giganten", ["human", "heuristic", "heuristic"], seed=8)
    server = classroom_server(tmp_path / "tables")
    context = browser_page.context
    context.add_init_script(SEEN_SCRIPT)
    context.set_default_timeout(60_000)
    (page,) = open_pages(context, [server.url + f"?code={slow.seats[0]}"])
    page.get_by_text("Your turn").first.wait_for()
    while True:  # the student's turn, up to the search bot's
        number = newest(page) + 1
        choice_buttons(page).first.click()
        wait_newest(page, number)
        if not your_turn(page):
            break
    view = store.seat_view(quick.seats[0])
    store.play(quick.seats[0], view.content["choices"][0]["action"], view.log_length)
    waiting = store.public_view(slow.table).content  # for the store: a chance draw and the search bot's turn,
    assert waiting["to_move"] in (None, 1) and not waiting["terminal"]  # committed together when it is done
    kept = {t: store.entries(t) for t in (quick.table, slow.table)}
    server.kill()

    server.restart()  # it first advances every table left waiting: the search bot's turn
    for table, entries in kept.items():
        after = store.entries(table)
        assert after[:len(entries)] == entries  # nothing lost, nothing rewritten
        check_log(store, table)
    assert len(store.entries(slow.table)) > len(kept[slow.table])
    assert store.seat_view(quick.seats[0]).content["your_turn"]
    page.reload(wait_until="commit")
    page.get_by_text("Your turn").first.wait_for(timeout=LOAD_TIMEOUT)
    shown = newest(page)
    assert shown == len(decisions_at(store, slow.table)) - 1  # the page continues where the store is
    choice_buttons(page).first.click()  # and the game goes on
    wait_newest(page, shown + 1)


def test_the_teacher_creates_a_table_from_a_scenario_and_a_student_joins_with_its_code(classroom_server,
                                                                                        browser_page, tmp_path):
    """The teacher page (the key the server prints) starts a table from a scenario and shows its codes; a
    student types a code, loosely (lower case, no dash), into the landing page's form and gets that seat."""
    import giganten

    server = classroom_server(tmp_path / "tables")
    deadline = time.monotonic() + 60
    while not (found := re.search(r"Teacher page\s+(\S+)", server.log_text())):
        assert time.monotonic() < deadline, server.log_text()
        time.sleep(0.2)
    page = browser_page
    page.context.set_default_timeout(60_000)
    page.goto(found.group(1), wait_until="commit", timeout=LOAD_TIMEOUT)
    page.locator(".gk-teacher-page").wait_for(timeout=LOAD_TIMEOUT)
    info = giganten.scenario_info("overfill")
    page.get_by_label("Start").select_option(label=info.title)
    page.get_by_text(info.teaches[:40]).wait_for()
    page.get_by_label("Title").fill("Overfill lesson")
    page.locator(".gk-teacher-page button", has_text="Create the table").click()
    page.locator(".gk-table-codes h3").wait_for()
    shown = page.locator(".gk-table-codes").inner_text()
    assert "Overfill lesson — Giganten, 3 players" in shown
    seat_codes = re.findall(r"(?<![-\w])([0-9A-Z]{5}-[0-9A-Z]{5})(?![-\w])", shown)
    host_code = re.search(r"\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b", shown).group(1)
    assert len(seat_codes) == 2  # Red and Blue students, Yellow a bot
    store = open_store(tmp_path / "tables", **FAST)
    (table,) = store.list_tables()
    assert store.state(table.table, 0).to_position() == giganten.scenario("overfill").to_position()

    page.goto(server.url, wait_until="commit", timeout=LOAD_TIMEOUT)
    page.locator("form.gk-join input[name=code]").fill(seat_codes[1].replace("-", "").lower())
    page.locator("form.gk-join button").click()
    page.locator(".gk-seat-page").wait_for(timeout=LOAD_TIMEOUT)
    assert "You play Blue" in page.locator(".gk-table-title").inner_text()
    assert "Only you see this, Blue" in page.locator(".gk-hand").inner_text()
    log = server.log_text()
    for code in (*seat_codes, host_code):
        assert code.replace("-", "") not in log.replace("-", "").upper(), "a code reached the server's log"
