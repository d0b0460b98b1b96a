"""The practice widget in a real JupyterLab (Debian's Chromium): notebook 40 runs to the end, an answer (a button,
or a highlighted part of the board) shows the feedback and counts in the score, "Another one" asks the next.

No request may leave 127.0.0.1.  Screenshots go to test-artifacts/screenshots/.
"""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from .lab import run_all_cells
from .test_notebooks_browser import button, dismiss_news, errors_shown

pytestmark = pytest.mark.browser
NOTEBOOK = "40_practice_questions.ipynb"


@pytest.fixture
def lab(lab_server, browser_page):
    """The shared Lab server, left as found: this test's kernel shut down, its tab forgotten."""
    url, token, _root = lab_server
    yield lab_server
    with urllib.request.urlopen(f"{url}/api/sessions?token={token}", timeout=30) as resp:
        sessions = json.load(resp)
    for session in sessions:
        if session.get("path", "").split("/")[-1] == NOTEBOOK:
            request = urllib.request.Request(f"{url}/api/sessions/{session['id']}?token={token}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()
    browser_page.goto(f"{url}/lab?reset&token={token}")


def practice_widget(page, n: int):
    """The ``n``-th practice widget of the notebook (0: the mixed one, 1: the truck squares)."""
    return page.locator(".jp-OutputArea-output", has=page.locator("button", has_text="Another one")).nth(n)


def feedback_of(practice):
    return practice.locator(".gk-lesson, .gk-error").filter(has_text=re.compile("^[✔✘]"))


def test_practice_buttons_answer_score_and_another_one(lab, browser_page, aborted_requests, screenshot):
    url, token, _root = lab
    page = browser_page
    run_all_cells(page, url, token, NOTEBOOK)
    assert errors_shown(page) == []
    dismiss_news(page)

    mixed, squares = practice_widget(page, 0), practice_widget(page, 1)
    assert mixed.get_by_text("Score: 0 of 0 · level 0").count() == 1
    mixed.scroll_into_view_if_needed()
    assert mixed.locator("svg").count() >= 1  # the position's picture
    screenshot("practice-question")
    options = mixed.locator(".widget-hbox button.jupyter-button").filter(has_not_text="Another one")
    if options.count():
        options.first.click()
    else:  # a question answered on the board
        mixed.locator(".gk-clickable .gk-target").first.click()
    mixed.get_by_text("of 1 · level").first.wait_for(timeout=60_000)
    feedback_of(mixed).first.wait_for(timeout=30_000)
    assert "[" in feedback_of(mixed).first.inner_text()  # the rulebook section closes the feedback
    screenshot("practice-feedback")
    button(mixed, "Another one").click()
    feedback_of(mixed).first.wait_for(state="detached", timeout=30_000)

    squares.scroll_into_view_if_needed()
    targets = squares.locator(".gk-clickable .gk-target")
    targets.first.wait_for(timeout=30_000)
    assert targets.count() == 4 and squares.get_by_text("Click your answer on the picture").count() == 1
    targets.nth(2).click()
    squares.get_by_text("Score: 0 of 1").or_(squares.get_by_text("Score: 1 of 1")).first.wait_for(timeout=30_000)
    assert feedback_of(squares).count() == 1 and squares.locator(".gk-clickable .gk-chosen").count() == 1
    screenshot("practice-clicked-square")
    assert aborted_requests == [], "the notebook tried to reach outside this machine"
