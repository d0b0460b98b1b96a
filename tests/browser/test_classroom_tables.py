"""Classroom tables in Chromium, served by the classroom server (``make classroom-local``) on 127.0.0.1.

* Three pages -- the projector (host code) and two students -- play a Giganten table with a bot: every
  move (the students' and the bot's) appears on every page within 1 s, measured in the pages themselves
  (a MutationObserver notes when each log entry first shows); no student page ever contains the other
  student's hand; the same seat opened on a second device sends a move at the same instant as the first:
  one is accepted and the other refused with a clear message, and the log stays whole.
* A fault test kills the server and its kernels (SIGKILL) in the middle of a game, while a bot is
  thinking, restarts it on the same store: every table continues at its last accepted move, nothing lost.
* Neither seat nor host codes ever reach the server's log.
"""
from __future__ import annotations

import re
import time

import pytest

from gamekit.tables import open_store
from tests.tables.helpers import FAST, check_log

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
    screenshot("tables-student-moves")

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
    screenshot("tables-refused")
    time.sleep(1.0)  # let the bot's answer, if any, reach the pages

    # every move appeared on every page within 1 s: from its click (a student's) or its acceptance (a bot's)
    accepted = decisions_at(store, codes.table)
    for page in pages:
        seen = {int(n): t for n, t in page.evaluate("window.__seen").items()}
        for number, shown in seen.items():
            if number <= first:
                continue
            made = clicked.get(number, accepted[number] * 1000)
            assert shown - made < 1000, (page.url.split("?")[0], number, shown - made)
    check_log(store, codes.table)
    check_hands_private(students)
    log = server.log_text()
    for code in (*codes.seats[:2], codes.host):
        assert code.replace("-", "") not in log.replace("-", ""), "a code reached the server's log"


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
