"""The game stepper in a real JupyterLab (Debian's Chromium): it renders, a round is clicked through
with the mouse, a step is played from the keyboard, and the log grows.  Screenshots go to
test-artifacts/screenshots/ (look at them)."""
from __future__ import annotations

import re

import nbformat
import pytest

from .conftest import REPO

pytestmark = pytest.mark.browser

SETUP = f"""import sys
sys.path.insert(0, {str(REPO)!r})
"""


def write_notebook(root_dir, name: str, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, root_dir / name)


def run_all(page, url: str, token: str, name: str) -> None:
    """Open the notebook, wait for the kernel to be really idle, then Run > Run All Cells."""
    page.goto(f"{url}/lab/tree/{name}?token={token}")
    page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=90_000)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).first.click()
    page.locator(".lm-Menu-content").get_by_text("Run All Cells", exact=True).first.click()


def log_entries(page) -> int:
    return page.locator(".gk-stepper .gk-log-entry").count()


def stepper_cells(game: str) -> list[str]:
    return [f"from {game}.widgets import stepper\nst = stepper(players=4 if '{game}' == 'giganten' else 3, seed=1)\n"
            "st.widget"]


@pytest.mark.parametrize("game", ["giganten", "firstgiants"])
def test_stepper_in_jupyterlab_clicks_through_a_round(game, lab_server, browser_page, screenshot):
    pytest.importorskip(f"{game}.widgets")
    url, token, root_dir = lab_server
    name = f"stepper_{game}.ipynb"
    write_notebook(root_dir, name, stepper_cells(game))
    page = browser_page
    run_all(page, url, token, name)
    stepper = page.locator(".gk-stepper").first
    stepper.wait_for(timeout=90_000)
    page.locator(".gk-stepper img").first.wait_for(timeout=30_000)
    assert log_entries(page) == 0
    screenshot(f"{game}-start")

    # the keyboard: Tab to the Step button and press Enter
    step = stepper.get_by_role("button", name=re.compile(r"\bStep$"))
    step.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.gk-stepper .gk-log-entry').length >= 1",
                           timeout=30_000)

    # the mouse: finish a whole round
    stepper.get_by_role("button", name="Finish round").click()
    page.wait_for_function("document.querySelectorAll('.gk-stepper .gk-log-entry').length > 3",
                           timeout=60_000)
    before = log_entries(page)
    stepper.get_by_role("button", name="Finish phase").click()
    page.wait_for_function(f"document.querySelectorAll('.gk-stepper .gk-log-entry').length > {before}",
                           timeout=60_000)
    assert page.locator(".gk-stepper .gk-log-entry .gk-section").count() > 0  # events name their section
    screenshot(f"{game}-after-round")
    # undo takes the newest entry away
    after = log_entries(page)
    stepper.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"document.querySelectorAll('.gk-stepper .gk-log-entry').length < {after}",
                           timeout=30_000)
