"""Take the screenshots of docs/classroom.md (Debian's Chromium): a lesson on the classroom server.

    PYTHONPATH=. .venv/bin/python docs/img/classroom/screenshots.py

Starts the classroom server (as ``make classroom-local`` does) on a throwaway store, opens the teacher page with the
key the server prints, creates a lesson from a class list there (the seat cards sheet), opens a student's page on a
1920x1080 screen and on a phone, the host's page and the projector, plays a little, asks the coach for a hint, plays
another table to its end through the store and shows its final scores and a student's review.  Writes
docs/img/classroom/*.png.
"""
from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "docs" / "img" / "classroom"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def live(page) -> None:
    page.wait_for_selector("body[data-live='1']", state="attached", timeout=30_000)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    import giganten
    from gamekit import random_game
    from gamekit.tables import open_store

    base = Path(tempfile.mkdtemp(prefix="classroom-shots-"))
    os.environ.update(GIANTS_KIT_SECRET="5e" * 32, GIANTS_KIT_HOME=str(base / "home"))
    port = free_port()
    log = base / "server.log"
    proc = subprocess.Popen([sys.executable, "-m", "gamekit.tables.serve", f"--port={port}", f"--store={base / 't'}"],
                            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=open(log, "wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    while not re.search(r"Teacher page\s+(\S+)", log.read_text()):
        time.sleep(0.2)
    teacher = re.search(r"Teacher page\s+(\S+)", log.read_text()).group(1)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_context(**PROJECTOR).new_page()
            page.goto(teacher)
            page.fill("input[name=title]", "7b")
            page.fill("textarea[name=students]", "Ana\nBen\nChloe\nDan\nEva")
            page.fill("input[name=table_size]", "3")
            page.screenshot(path=str(OUT / "teacher.png"))
            page.click("button.gk-primary")
            page.wait_for_selector(".gk-seat-card")
            page.screenshot(path=str(OUT / "seat-cards.png"), full_page=True)
            codes = re.findall(r"Code <span class=\"gk-code\">([0-9A-Z-]+)<", page.content())
            host = re.findall(r"Host code <span class=\"gk-code\">([0-9A-Z-]+)<", page.content())[0]

            wrong = browser.new_context(**PHONE).new_page()
            wrong.goto(f"{url}?code=AAAAA-AAAAA")
            wrong.screenshot(path=str(OUT / "wrong-code.png"))

            store = open_store(base / "t")
            table, _ = store.seat_of(codes[0])
            students = []
            for code, settings in ((codes[0], PROJECTOR), (codes[1], PHONE)):
                student = browser.new_context(**settings).new_page()
                student.goto(f"{url}?code={code}")
                live(student)
                students.append(student)
            host_page = browser.new_context(**PROJECTOR).new_page()
            host_page.goto(f"{url}?code={host}")
            live(host_page)
            projector = browser.new_context(**PROJECTOR).new_page()
            projector.goto(f"{url}watch/{table}")
            live(projector)
            for _ in range(4):
                for student in students:
                    if student.locator("#gk-choices .gk-choice").count():
                        student.locator("#gk-choices .gk-choice").first.click()
                        student.wait_for_timeout(800)
            students[0].screenshot(path=str(OUT / "student.png"))
            students[1].screenshot(path=str(OUT / "student-phone.png"))
            host_page.screenshot(path=str(OUT / "host.png"))
            projector.screenshot(path=str(OUT / "projector.png"))
            for _ in range(100):
                mover = next((s for s in students if s.locator(".gk-hint:not([disabled])").count()), None)
                if mover is not None:
                    break
                students[0].wait_for_timeout(200)
            assert mover is not None, "no student's turn came"
            mover.click(".gk-hint")
            mover.wait_for_selector(".gk-advice b", timeout=60_000)
            mover.screenshot(path=str(OUT / "student-hint.png"))

            finished = random_game(giganten.new_game(3), seed=random.Random(4).randrange(100))
            done = store.create_table(giganten, ["human", "heuristic", "heuristic"], from_save=finished.to_json(),
                                      title="7b - table 9", names=["Ana", None, None])
            end = browser.new_context(**PROJECTOR).new_page()
            end.goto(f"{url}?code={done.seats[0]}")
            live(end)
            end.screenshot(path=str(OUT / "final-scores.png"))
            end.click(".gk-review")
            end.wait_for_selector(".gk-advice img, .gk-advice svg", timeout=120_000)
            end.locator("#gk-coach").scroll_into_view_if_needed()
            end.screenshot(path=str(OUT / "student-review.png"))
            page.goto(teacher)
            page.screenshot(path=str(OUT / "teacher-results.png"), full_page=True)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)


if __name__ == "__main__":
    main()
