"""Take the screenshots of docs/classroom.md (1920x1080, Debian's Chromium): a lesson with classroom tables.

    PYTHONPATH=. .venv/bin/python docs/img/classroom/screenshots.py

Starts the classroom server (as ``make classroom-local`` does) on a throwaway store, opens the teacher page
with the key the server prints, creates a table there, opens a student's page and the projector page,
plays a little, asks the coach for a hint, then plays another table to its end through the store, shows
its final scores and a student's review of the game.  Writes docs/img/classroom/*.png (teacher, wrong-code,
student, student-hint, projector, final-scores, student-review, teacher-results, student-firstgiants).
"""
from __future__ import annotations

import itertools
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
TIMEOUT = 120_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(store: Path, port: int, log: Path) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), GIANTS_KIT_HOME=str(store.parent / "home"))
    proc = subprocess.Popen([sys.executable, "-m", "gamekit.tables.serve", f"--port={port}", f"--store={store}"],
                            cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = re.search(r"Teacher page\s+(\S+)", log.read_text())
        if found:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                return proc, found.group(1)
            except OSError:
                pass
        time.sleep(0.3)
    raise RuntimeError(log.read_text())


def shoot(page, name: str) -> None:
    page.wait_for_timeout(600)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print("wrote", OUT / f"{name}.png")


def next_to_move(pages: list):
    """The student page that shows "Your turn" (waiting until one does)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for page in pages:
            if "Your turn" in page.locator(".gk-table-status").first.inner_text():
                return page
        time.sleep(0.2)
    raise TimeoutError("no student is to move")


def play_out(store, codes, seed: int, moves: int | None = None) -> None:
    """The students' moves chosen at random, to the end of the game (or ``moves`` of them)."""
    rng = random.Random(seed)
    for _ in itertools.count() if moves is None else range(moves):
        for code in codes.seats:
            if code is None:
                continue
            view = store.seat_view(code)
            if view.content["your_turn"]:
                store.play(code, rng.choice(view.content["choices"])["action"], view.log_length)
                break
        else:
            return


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from gamekit.tables import open_store

    work = Path(tempfile.mkdtemp(prefix="classroom-shots-"))
    store_dir, port = work / "tables", free_port()
    store = open_store(store_dir, synchronous="NORMAL")
    proc, teacher_url = start_server(store_dir, port, work / "server.log")
    base = f"http://127.0.0.1:{port}/"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1920, "height": 1080})
            context.route("**/*", lambda r: r.abort() if "127.0.0.1" not in r.request.url else r.continue_())
            context.set_default_timeout(TIMEOUT)

            teacher = context.new_page()
            teacher.goto(teacher_url)
            teacher.locator(".gk-teacher-page").wait_for()
            teacher.get_by_label("Title").fill("7b, table 1")
            teacher.get_by_label("Seed").fill("2026")
            teacher.locator(".gk-teacher-page button", has_text="Create the table").click()
            teacher.locator(".gk-table-codes h3").wait_for()
            teacher.locator(".gk-table-codes").scroll_into_view_if_needed()
            shoot(teacher, "teacher")
            codes_text = teacher.locator(".gk-table-codes").inner_text()
            seat_codes = re.findall(r"(?<![-\w])([0-9A-Z]{5}-[0-9A-Z]{5})(?![-\w])", codes_text)
            host_code = re.search(r"\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b", codes_text).group(1)

            join = context.new_page()
            join.goto(base)
            join.locator("form.gk-join input").fill("Q7KM3-XPAT9")
            join.locator("form.gk-join button").click()
            join.locator(".gk-refused").wait_for()
            shoot(join, "wrong-code")

            students = [context.new_page() for _ in seat_codes]
            for page, code in zip(students, seat_codes):
                page.goto(base + f"?code={code}")
            for page in students:
                page.locator(".gk-table-status").first.wait_for()
            for _ in range(3):  # a few moves, then the student whose turn it is
                page = next_to_move(students)
                page.locator(".gk-choices button.jupyter-button").first.click()
                page.wait_for_timeout(1500)
            student = next_to_move(students)
            shoot(student, "student")
            student.locator(".gk-coach button", has_text="Hint").click()
            student.locator(".gk-coach .gk-advice table").wait_for()
            student.locator(".gk-coach").scroll_into_view_if_needed()
            shoot(student, "student-hint")

            projector = context.new_page()
            projector.goto(base + f"?code={host_code}")
            projector.locator(".gk-host-controls").wait_for()
            shoot(projector, "projector")

            done = store.create_table("giganten", ["human", "human", "heuristic"], title="7b, table 2", seed=11)
            play_out(store, done, seed=1)
            end = context.new_page()
            end.goto(base + f"?code={done.host}")
            end.get_by_text("Game over").first.wait_for()
            shoot(end, "final-scores")
            mine = context.new_page()
            mine.goto(base + f"?code={done.seats[0]}")
            mine.locator(".gk-coach button", has_text="Review my game").click()
            mine.locator(".gk-coach .gk-advice img").wait_for()
            mine.locator(".gk-coach").scroll_into_view_if_needed()
            shoot(mine, "student-review")
            teacher.bring_to_front()
            teacher.locator(".gk-teacher-page button", has_text="Refresh").click()
            teacher.get_by_text("game over").first.wait_for()
            shoot(teacher, "teacher-results")

            museum = store.create_table("firstgiants", ["human", "human", "heuristic"], title="Museum club",
                                        seed=7)
            play_out(store, museum, seed=2, moves=6)
            student = context.new_page()
            student.goto(base + f"?code={museum.seats[0]}")
            student.locator(".gk-seat-page .gk-hand").wait_for()
            shoot(student, "student-firstgiants")
            browser.close()
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(30)


if __name__ == "__main__":
    main()
