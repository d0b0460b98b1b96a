"""The classroom dashboard served by Voila (as `make voila` does) in Debian's Chromium: it renders without
code, a click on Step plays a move of the Giganten game (the event log grows), a hot-seat turn is played
(Red reveals, chooses a card, and the screen passes to Blue with Red's view covered), the tabs switch to the
other widgets, and no request leaves 127.0.0.1 (Voila's template links CDN stylesheets: those are aborted).
Screenshots go to test-artifacts/screenshots/ (look at them).
"""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def button(where, label: str):
    """The widget button labelled ``label`` (an icon may precede the label)."""
    return where.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first


def log_entries(page) -> int:
    return page.locator(".gk-stepper .gk-log-entry").count()


def test_classroom_dashboard_in_voila_steps_the_game(voila_server, browser_page, aborted_requests, screenshot):
    server = voila_server("classroom.ipynb")
    page = browser_page
    page.goto(server.url, timeout=120_000)
    dashboard = page.locator(".gk-classroom").first
    dashboard.wait_for(timeout=120_000)
    giganten = page.locator(".gk-stepper").first
    giganten.locator("img").first.wait_for(timeout=60_000)
    assert "import ipywidgets" not in page.inner_text("body"), "Voila must hide the code"
    assert log_entries(page) == 0
    screenshot("classroom-start")

    button(giganten, "Step").click()
    page.wait_for_function("document.querySelectorAll('.gk-stepper .gk-log-entry').length >= 1", timeout=30_000)
    button(giganten, "Finish round").click()
    page.wait_for_function("document.querySelectorAll('.gk-stepper .gk-log-entry').length > 3", timeout=60_000)
    assert page.locator(".gk-stepper .gk-log-entry .gk-section").count() > 0  # events name their section
    page.locator(".gk-stepper .gk-log-entry").first.scroll_into_view_if_needed()
    screenshot("classroom-after-steps")

    # hot-seat: Red (a human seat) must choose; the view stays covered until Red presses Reveal
    button(giganten, "Finish round").click()
    giganten.get_by_text("Pass the screen to Red").wait_for(timeout=60_000)
    giganten.locator("button", has_text="Reveal Red's view").first.click()
    giganten.get_by_text("What Red sees").wait_for(timeout=30_000)
    take = giganten.locator("button.jupyter-button", has_text="take the").first
    take.wait_for(timeout=30_000)
    take.scroll_into_view_if_needed()
    screenshot("classroom-red-revealed")
    take.click()
    giganten.get_by_text("Pass the screen to Blue").wait_for(timeout=60_000)
    assert giganten.get_by_text("What Red sees").count() == 0  # Red's hand is covered again

    # the other tabs: the price dice roll
    page.get_by_role("tab", name="Price dice").click()
    dice = page.locator(".gk-price-dice").first
    dice.wait_for(timeout=30_000)
    button(dice, "Roll all three").click()
    dice.get_by_text("the marker stands in the").first.wait_for(timeout=30_000)
    screenshot("classroom-price-dice")

    assert all(u.split("?")[0].endswith(".css") for u in aborted_requests), aborted_requests
