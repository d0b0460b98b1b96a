"""Driving a notebook in a real JupyterLab: open it, run every cell, wait until they all ran.

Lab may report the kernel idle before it is attached, and "Run All Cells" then silently runs nothing
(see the jupyter-testing notes); so the run is retried until a cell has actually started.
"""
from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

IDLE = "Python 3 (ipykernel) | Idle"

_PROMPTS = "[...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
_NONE_RAN = f"() => {_PROMPTS}.every(p => !/\\[(\\d+|\\*)\\]/.test(p.textContent))"
_SOME_STARTED = f"() => {_PROMPTS}.some(p => /\\[(\\d+|\\*)\\]/.test(p.textContent))"
_ALL_RAN = f"() => {{ const p = {_PROMPTS}; return p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x.textContent)); }}"


def _menu(page, menu: str, item: str) -> None:
    page.locator("#jp-MainMenu").get_by_text(menu, exact=True).first.click()
    page.locator(".lm-Menu-content").get_by_text(item, exact=True).first.click()


def run_all_cells(page, url: str, token: str, name: str, timeout_ms: int = 120_000) -> None:
    """Open ``name`` in a fresh workspace, clear its stored outputs, Run All Cells (again if Lab ran nothing),
    and wait until every code cell has an execution count and the kernel is idle again."""
    page.goto(f"{url}/lab/tree/{name}?reset&token={token}")  # reset: no tabs restored from an earlier test
    page.get_by_text(IDLE).first.wait_for(timeout=90_000)
    _menu(page, "Edit", "Clear Outputs of All Cells")  # so that "every cell has a number" means "ran now"
    page.wait_for_function(_NONE_RAN, timeout=30_000)
    for attempt in range(4):
        _menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(_SOME_STARTED, timeout=20_000)
            break
        except PlaywrightTimeout:
            if attempt == 3:
                raise
            page.get_by_text(IDLE).first.wait_for(timeout=60_000)
    page.wait_for_function(_ALL_RAN, timeout=timeout_ms)
    page.get_by_text(IDLE).first.wait_for(timeout=60_000)
