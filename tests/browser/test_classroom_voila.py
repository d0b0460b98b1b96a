"""The classroom app served by Voila (as `make voila` does) on a projector: 1920x1080 CSS pixels, device
pixel ratio 2, Debian's Chromium, nothing fetched from outside 127.0.0.1.

* every tab fits the screen without scrolling, and no picture is shown larger than it was drawn (nor any
  text of a picture under 14 px, cut off or written over another); in Big type (pictures shown 1.29 times
  larger, the side panel below them: the page scrolls down) nothing scrolls sideways or is cut off;
* no code and no teacher's notes on the page;
* Giganten, hot seat: Red reveals, clicks a card on the board and confirms: the move is made and the
  screen passes to Blue covered; then both human seats go to bots and Play to end shows the winner banner;
  save, travel back on the timeline (and forward by a click on the log), load: the same game;
* First Giants: Play deals the dig sites move by move and pauses by itself for Ana (a human).
* Reload-safe: a reloaded page (a new kernel) continues the kept Giganten stepper at the same move.

Screenshots go to test-artifacts/screenshots/ (look at them).
"""
from __future__ import annotations

import pytest

from .kit import (autoplay, button, click_the_board, close_settings, cut_labels, fit_problems, move_number,
                  picture_problems, save_then_load, shoot, timeline_jump, winner_banner)

pytestmark = pytest.mark.browser
TABS = ("Giganten", "First Giants", "Price dice", "Museums")


def show_tab(page, name: str) -> None:
    page.locator(".gk-classroom > .widget-tab, .gk-classroom .widget-tab").first.get_by_role("tab", name=name).click()
    page.wait_for_timeout(500)


def test_classroom_in_voila_on_a_projector(voila_server, projector_page, aborted_requests, screenshot):
    page = projector_page
    page.goto(voila_server("classroom.ipynb").url, timeout=120_000)
    page.locator(".gk-classroom").first.wait_for(timeout=120_000)
    giganten, first = page.locator(".gk-stepper").nth(0), page.locator(".gk-stepper").nth(1)
    giganten.locator(".gk-picture-view svg").first.wait_for(timeout=60_000)
    text = page.inner_text("body")
    assert "import " not in text and "make voila" not in text and "docs/" not in text  # no code, no notes

    for name in TABS:
        show_tab(page, name)
        assert fit_problems(page, ".gk-classroom", whole_page=True) == [], name
        assert picture_problems(page) == [], name
        assert cut_labels(page) == [], name
        screenshot(f"tab-{name.replace(' ', '-').lower()}")

    page.locator(".gk-classroom button", has_text="Big type").first.click()  # for the back of the room
    page.wait_for_function("() => document.querySelector('.gk-classroom.gk-big')")
    for name in ("Giganten", "First Giants"):
        show_tab(page, name)
        problems = fit_problems(page, ".gk-classroom", whole_page=True)
        assert [p for p in problems if "sideways" in p] == [], f"{name} in big type"
        assert cut_labels(page) == [], f"{name} in big type"
        screenshot(f"big-type-{name.replace(' ', '-').lower()}")
    page.locator(".gk-classroom button", has_text="Big type").first.click()

    show_tab(page, "Giganten")
    click_the_board(page, giganten)
    assert fit_problems(page, ".gk-classroom", whole_page=True) == [] and picture_problems(page) == []
    screenshot("giganten-blue-covered")
    winner_banner(page, giganten, ["Red", "Blue"])
    close_settings(giganten)
    assert fit_problems(page, ".gk-classroom", whole_page=True) == []
    screenshot("giganten-game-over")
    shoot(giganten, "voila-giganten-game-over")
    save_then_load(page, giganten)
    timeline_jump(page, giganten, 40)
    screenshot("giganten-timeline")

    show_tab(page, "First Giants")
    autoplay(page, first)
    first.get_by_text("Ana: your action").wait_for(timeout=30_000)
    assert fit_problems(page, ".gk-classroom", whole_page=True) == [] and picture_problems(page) == []
    screenshot("first-giants-autoplayed")

    assert all(u.split("?")[0].endswith(".css") for u in aborted_requests), aborted_requests


def test_a_reloaded_classroom_page_continues_its_kept_games(voila_server, browser_page):
    """The hot-seat steppers are kept (``gamekit.tables.saves.keep``): a reloaded page (a new kernel)
    continues the Giganten game at the same move, with the same log."""
    page = browser_page
    page.goto(voila_server("classroom.ipynb").url, timeout=120_000)
    giganten = page.locator(".gk-stepper").nth(0)
    giganten.locator(".gk-picture-view svg").first.wait_for(timeout=120_000)
    button(giganten, "Step ▸").click()  # (humans play: the seeded chance deals on to the first decision, theirs)
    giganten.get_by_text("Pass the screen to").first.wait_for(timeout=90_000)
    moved = move_number(giganten)
    page.wait_for_timeout(500)  # (the kept game is written on each change, before the page shows it)
    log = giganten.locator(".gk-event-log").inner_text()
    page.reload(timeout=120_000)
    giganten = page.locator(".gk-stepper").nth(0)
    giganten.locator(".gk-picture-view svg").first.wait_for(timeout=120_000)
    assert move_number(giganten) == moved
    assert giganten.locator(".gk-event-log").inner_text() == log
