"""The course in a real JupyterLab (Debian's Chromium): a notebook opens, Run All Cells runs it to the end
without an error, and clicking one of its controls changes what it shows.

* ``00_start_here``: the ten-line stepper's Step button plays a move and the event log changes.
* ``10_giganten_price_dice``: the price-dice widget's "Roll all three" moves the markers and explains why.

No request may leave 127.0.0.1.  Screenshots go to test-artifacts/screenshots/ (look at them).
"""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from .lab import run_all_cells

pytestmark = pytest.mark.browser


@pytest.fixture
def lab(lab_server, browser_page):
    """The shared Lab server, left as found: this test's kernels shut down, its tabs forgotten."""
    url, token, _root = lab_server
    yield lab_server
    with urllib.request.urlopen(f"{url}/api/sessions?token={token}", timeout=30) as resp:
        sessions = json.load(resp)
    for session in sessions:
        if session.get("path", "").split("/")[-1] in COURSE_NOTEBOOKS:
            request = urllib.request.Request(f"{url}/api/sessions/{session['id']}?token={token}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()
    browser_page.goto(f"{url}/lab?reset&token={token}")  # an empty workspace for the next test


COURSE_NOTEBOOKS = {"00_start_here.ipynb", "10_giganten_price_dice.ipynb"}

def dismiss_news(page) -> None:
    """Close Lab's "get notified about official Jupyter news?" toast (it covers the screenshots)."""
    toast = page.locator(".Toastify__toast", has_text="Jupyter news")
    if toast.count():
        toast.get_by_role("button", name="No").first.click()
        toast.first.wait_for(state="detached", timeout=10_000)


def button(where, label: str):
    """The widget button labelled ``label`` (an icon may precede the label)."""
    return where.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first


def errors_shown(page) -> list[str]:
    """Tracebacks and stderr text (warnings) in the notebook's outputs."""
    selector = (".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
                ".jp-OutputArea-output.jp-mod-error, .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
    return page.locator(selector).all_inner_texts()


def test_start_here_runs_and_its_stepper_steps(lab, browser_page, aborted_requests, screenshot):
    url, token, _root = lab
    page = browser_page
    run_all_cells(page, url, token, "00_start_here.ipynb")
    assert errors_shown(page) == []

    step = button(page, "Step")
    step.scroll_into_view_if_needed()
    log = page.locator(".jp-OutputArea-output", has=page.locator("ul.gk-events")).first
    # Lab draws a cell's text only once it is scrolled into view (the questions cells come after the stepper)
    page.wait_for_function("document.body.innerText.includes('Move 0')", timeout=30_000)
    assert "Move 0" in log.inner_text()
    dismiss_news(page)
    screenshot("start-here-before-step")
    step.click()
    page.wait_for_function("document.body.innerText.includes('Move 1')", timeout=30_000)
    step.click()
    page.wait_for_function("document.body.innerText.includes('Move 2')", timeout=30_000)
    assert "[Setup]" in log.inner_text()  # the deal's event names its rulebook section
    button(page, "Undo").click()
    page.wait_for_function("document.body.innerText.includes('Move 1')", timeout=30_000)
    log.scroll_into_view_if_needed()
    screenshot("start-here-after-step")
    assert aborted_requests == [], "the notebook tried to reach outside this machine"


def test_price_dice_notebook_runs_and_the_dice_roll(lab, browser_page, aborted_requests, screenshot):
    url, token, _root = lab
    page = browser_page
    run_all_cells(page, url, token, "10_giganten_price_dice.ipynb")
    assert errors_shown(page) == []

    page.locator(".jp-Notebook .jp-MarkdownOutput", has_text="Roll it yourself").first.scroll_into_view_if_needed()
    dice = page.locator(".gk-price-dice").first
    dice.scroll_into_view_if_needed()
    dice.get_by_text("Press a Roll button.").wait_for(timeout=30_000)
    tracks = dice.locator(".gk-clickable-box").first  # the price tracks (an SVG in the page)
    tracks.locator("svg").wait_for(timeout=30_000)
    before = tracks.inner_html()
    dismiss_news(page)
    screenshot("price-dice-before-roll")
    button(dice, "Roll all three").click()
    dice.get_by_text("the marker stands in the").first.wait_for(timeout=30_000)
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old", arg=[tracks.element_handle(), before], timeout=30_000
    )
    assert dice.locator("li").count() == 3  # one explanation per company
    screenshot("price-dice-after-roll")
    assert aborted_requests == [], "the notebook tried to reach outside this machine"
