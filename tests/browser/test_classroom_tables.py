"""Classroom tables in Chromium, served by the classroom server (``make classroom-local``) on 127.0.0.1.

A projector (the view-only page, 1920x1080), the host's page, Red on a phone (390x844) and Blue on a Chromebook
(1366x768) play a Giganten table with two bots by clicks: every move shows on every page; the phone never scrolls
sideways and its text and buttons are large enough to read and tap; on the Chromebook the hand, the choices and the
board fit the screen; on the projector no text is under 14 px; no student's page ever shows the other's hand.  A
reloaded page continues the game; the server killed (SIGKILL, its worker pools with it) and started again: every
page says it lost the connection, reconnects by itself and the table goes on at its last move.  Neither seat nor
host codes reach the server's log.
"""
from __future__ import annotations

import time

import pytest

import giganten
from gamekit.tables import open_store
from tests.tables.helpers import FAST, check_log

from .conftest import SCREENSHOTS, _new_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
CHROMEBOOK = {"viewport": {"width": 1366, "height": 768}}
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
ZOOM_150 = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1.5}  # 150 % of a 1920x1080 screen

#: Texts (outside the board's picture) under ``min`` px, and buttons under 44 px high, on a page.
SMALL_TEXT = """(min) => { const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || el.closest('[hidden]')) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!own || !box.width || !box.height) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < min) out.push(size + 'px: ' + el.textContent.trim().slice(0, 40));
  }
  return out; }"""
#: The smallest text of the board's picture as shown: font size times the picture's scale on screen.
SMALLEST_PICTURE_TEXT = """() => Math.min(...[...document.querySelectorAll('#gk-picture svg text')].map(t =>
  parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a))"""
SMALL_BUTTONS = """() => [...document.querySelectorAll('button')].filter(b => {
  const box = b.getBoundingClientRect(); return box.width && box.height < 44; }).map(b => b.textContent.trim())"""


def live(page, timeout: float = 30_000) -> None:
    page.wait_for_selector("body[data-live='1']", timeout=timeout, state="attached")


def newest(page) -> int:
    """The newest log entry's number shown on the page."""
    first = page.locator("#gk-log .gk-log-entry > b").first.text_content() or "#0"
    return int(first.lstrip("#"))


def wait_newest(page, number: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while newest(page) < number:
        assert time.monotonic() < deadline, f"entry #{number} never showed"
        page.wait_for_timeout(50)


def play_turns(students: list, others: list, turns: int) -> int:
    """The student to move clicks their first choice, ``turns`` times; every page shows each move."""
    played = 0
    deadline = time.monotonic() + 90
    while played < turns:
        assert time.monotonic() < deadline, "no student got a turn"
        mover = next((p for p in students if p.locator("#gk-choices .gk-choice, #gk-choices .gk-play-menu").count()),
                     None)
        if mover is None:
            students[0].wait_for_timeout(100)
            continue
        before = newest(mover)
        mover.locator("#gk-choices .gk-choice, #gk-choices .gk-play-menu").first.click()
        wait_newest(mover, before + 1)
        for page in students + others:
            wait_newest(page, before + 1)
        played += 1
    return played


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"classroom-{name}.png"))


def test_a_projector_a_host_a_phone_and_a_chromebook_play_live_and_survive_a_reload_and_a_restart(
        classroom_server, _browser, aborted_requests, tmp_path, monkeypatch):
    monkeypatch.setenv("GIANTS_KIT_SECRET", "5e" * 32)  # the server's key for the codes, as this test's store's
    store_dir = tmp_path / "tables"
    store = open_store(store_dir, **FAST)
    made = store.create_table(giganten, ["human", "human", "heuristic", "heuristic"], title="7b, table 1", seed=3,
                              names=["Ana", "Ben", None, None])
    server = classroom_server(store_dir)
    contexts = []

    def open_page(url: str, settings: dict):
        context, page = _new_page(_browser, aborted_requests, **settings)
        contexts.append(context)
        page.goto(url)
        live(page)
        return page

    try:
        projector = open_page(f"{server.url}watch/{made.table}", PROJECTOR)
        host = open_page(f"{server.url}?code={made.host}", PROJECTOR)
        red = open_page(f"{server.url}?code={made.seats[0]}", PHONE)
        blue = open_page(f"{server.url}?code={made.seats[1]}", CHROMEBOOK)
        assert "Host controls" in host.locator("#gk-controls").inner_text()
        assert projector.locator("#gk-controls").count() == 0 and projector.locator("#gk-hand").count() == 0
        assert "online" in host.locator("#gk-controls").inner_text()

        play_turns([red, blue], [projector, host], 4)
        for page, name in ((red, "phone"), (blue, "chromebook"), (projector, "projector"), (host, "host")):
            shoot(page, name)

        # the phone: no sideways scrolling, text at least 16 px, buttons at least 44 px high
        assert red.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert red.evaluate(SMALL_TEXT, 16) == []
        assert red.evaluate(SMALL_BUTTONS) == []
        # the Chromebook: the hand, the choices (when it is Blue's turn) and the board fit the screen
        for selector in ("#gk-hand", "#gk-picture svg"):
            box = blue.locator(selector).bounding_box()
            assert box is not None and box["y"] + min(box["height"], 200) <= 768, selector
        assert blue.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # the projector: no text under 14 px
        assert projector.evaluate(SMALL_TEXT, 14) == [] and host.evaluate(SMALL_TEXT, 14) == []
        assert projector.evaluate(SMALLEST_PICTURE_TEXT) >= 13.99  # the board's labels too, as shown
        # 150 % browser zoom on a 1920x1080 screen: still usable (no sideways scrolling, the hand on screen)
        zoomed = open_page(f"{server.url}?code={made.seats[1]}", ZOOM_150)
        assert zoomed.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        box = zoomed.locator("#gk-hand").bounding_box()
        assert box is not None and box["y"] < 720
        shoot(zoomed, "zoom-150")
        # hands stay private
        for page, other in ((red, "Ben"), (blue, "Ana")):
            assert f"Only you see this, {'Blue' if other == 'Ben' else 'Red'}" not in page.content()

        # a reload continues the game
        number = newest(blue)
        blue.reload()
        live(blue)
        assert newest(blue) == number

        # the server killed and started again: every page says so, reconnects by itself, and the game goes on
        server.kill()
        for page in (red, blue, projector, host):
            page.wait_for_selector("#gk-conn:not([hidden])", timeout=10_000, state="attached")
            assert "reconnecting" in page.locator("#gk-conn").inner_text()
        server.restart()
        for page in (red, blue, projector, host):
            page.wait_for_selector("#gk-conn[hidden]", timeout=30_000, state="attached")
            live(page)
        play_turns([red, blue], [projector, host], 2)
    finally:
        for context in contexts:
            context.close()
    check_log(store, made.table)
    log = server.log_text()
    for code in (*made.seats[:2], made.host):
        assert code.replace("-", "") not in log.replace("-", "")


def test_a_teacher_makes_a_lesson_a_student_types_the_code_and_the_class_answers_a_question(
        classroom_server, _browser, aborted_requests, tmp_path, monkeypatch):
    """The teacher page (the key the server prints) makes a lesson from a class list and shows the seat cards with
    QR codes; a student types a code into the join form on a phone; the teacher asks the class a question; the
    student answers on the phone; the projector page shows the count, then the answer once revealed."""
    import re

    monkeypatch.setenv("GIANTS_KIT_SECRET", "5e" * 32)
    server = classroom_server(tmp_path / "tables")
    while not (found := re.search(r"Teacher page\s+(\S+)", server.log_text())):
        time.sleep(0.1)
    contexts = []

    def page_in(settings: dict):
        context, page = _new_page(_browser, aborted_requests, **settings)
        contexts.append(context)
        return page

    try:
        teacher = page_in(PROJECTOR)
        teacher.goto(found.group(1))
        teacher.fill("textarea[name=students]", "Ana\nBen\nCleo")
        teacher.fill("input[name=table_size]", "3")
        teacher.click("button:has-text('Create the tables')")
        teacher.wait_for_selector(".gk-seat-card")
        assert teacher.locator(".gk-seat-card svg").count() == 4  # three students and the host, each with a QR code
        code = teacher.locator(".gk-seat-card:not(.gk-host-card) .gk-code").first.inner_text()
        shoot(teacher, "seat-cards")

        phone = page_in(PHONE)
        phone.goto(server.url)
        phone.fill("input[name=code]", code.lower().replace("-", " "))
        phone.click("button:has-text('Join')")
        live(phone)
        assert "Ana" in phone.locator("#gk-header").inner_text()

        teacher.goto(found.group(1))
        teacher.fill("input[name=seed]", "3")
        teacher.click("button:has-text('Ask the class')")
        link = teacher.locator("a[href^='/question/']").first.get_attribute("href")
        wall = page_in(PROJECTOR)
        wall.goto(server.url.rstrip("/") + link)
        live(wall)
        phone.wait_for_selector("#gk-quiz .gk-answer", timeout=15_000)
        shoot(phone, "question-phone")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.locator("#gk-quiz .gk-answer").first.click()
        phone.wait_for_selector("#gk-quiz:has-text('Your answer')", timeout=15_000)
        wall.wait_for_selector("#gk-question:has-text('1 of 3 has answered')", timeout=15_000)
        teacher.goto(found.group(1))
        teacher.locator("button:has-text('Reveal the answer')").first.click()
        wall.wait_for_selector("#gk-question .gk-feedback", timeout=15_000)
        phone.wait_for_selector("#gk-quiz .gk-feedback", timeout=15_000)
        shoot(wall, "question-projector")
        assert wall.evaluate(SMALL_TEXT, 14) == []
    finally:
        for context in contexts:
            context.close()


def test_two_students_at_one_table_play_in_danish_and_german_and_switch_with_the_menu(
        classroom_server, _browser, aborted_requests, tmp_path, monkeypatch):
    """A Danish browser and a German one at one table: each page opens in its browser's language, a move clicked on
    one shows on both, each in its own language; the menu switches a page to another language, which it keeps on
    reload (a cookie) while its live updates go on."""
    monkeypatch.setenv("GIANTS_KIT_SECRET", "5e" * 32)
    store_dir = tmp_path / "tables"
    made = open_store(store_dir, **FAST).create_table(giganten, ["human", "human", "heuristic"], seed=3,
                                                       names=["Ana", "Ben", None])
    server = classroom_server(store_dir)
    contexts = []
    try:
        pages = []
        for code, locale in zip(made.seats[:2], ("da-DK", "de-DE")):
            context, page = _new_page(_browser, aborted_requests, locale=locale, **CHROMEBOOK)
            contexts.append(context)
            page.goto(f"{server.url}?code={code}")
            live(page)
            pages.append(page)
        danish, german = pages
        assert danish.evaluate("document.documentElement.lang") == "da"
        assert german.evaluate("document.documentElement.lang") == "de"
        assert "Ved dette bord" in danish.locator("#gk-seats").inner_text()
        assert "An diesem Tisch" in german.locator("#gk-seats").inner_text()
        play_turns(pages, [], 2)
        assert "Hvad der skete" in danish.locator("#gk-log").inner_text()
        assert "Was geschah" in german.locator("#gk-log").inner_text()
        danish.click("nav.gk-languages a[hreflang=de]")
        live(danish)
        assert danish.evaluate("document.documentElement.lang") == "de"
        assert "An diesem Tisch" in danish.locator("#gk-seats").inner_text()
        danish.reload()
        live(danish)
        assert danish.evaluate("document.documentElement.lang") == "de"
        play_turns(pages, [], 1)
        shoot(german, "german-seat")
    finally:
        for context in contexts:
            context.close()
