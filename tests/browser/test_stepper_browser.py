"""The kit's widgets in a real JupyterLab (Debian's Chromium), in one notebook (one kernel start):

* the Giganten stepper: a step from the keyboard (Tab to Step, Enter), a whole round with the mouse,
  the log grows (every entry naming its rulebook section), Undo takes the newest entry away;
* the First Giants stepper: a round; the price dice, the locomotive race and the museum builder
  answer their buttons.

Each widget is photographed to test-artifacts/screenshots/ (look at them).
"""
from __future__ import annotations

import re

import nbformat
import pytest

from .conftest import REPO, SCREENSHOTS
from .lab import run_all_cells

pytestmark = pytest.mark.browser

SETUP = f"""import sys
sys.path.insert(0, {str(REPO)!r})
"""
CELLS = [
    "from giganten.widgets import stepper\ngiganten = stepper(players=4, seed=1, seats=['random'] * 4)\ngiganten",
    "import firstgiants.widgets\nfirst = firstgiants.widgets.stepper(players=3, seed=1, seats=['random'] * 3)\nfirst",
    "from giganten.widgets import price_dice\ndice = price_dice(seed=1)\ndice",
    "import giganten as g\nfrom gamekit import play\nfrom giganten.widgets import locomotive_race\n"
    "from giganten.bots import BOTS\n"
    "race = locomotive_race(play(g.new_game(4), [BOTS['heuristic'](i) for i in range(4)], seed=3))\nrace",
    "from firstgiants.widgets import museum_builder\nmb = museum_builder()\nmb.display(0, 24); mb.display(0, 28, 0)\nmb",
    "hot = stepper(players=4, seed=4, seats=['human', 'human', 'random', 'random'])\nhot.play_to_end()\nhot",
]


def write_notebook(root_dir, name: str, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, root_dir / name)


def log_count(page, stepper: int) -> int:
    return page.evaluate(f"document.querySelectorAll('.gk-stepper')[{stepper}]"
                         ".querySelectorAll('.gk-log-entry').length")


def wait_log(page, stepper: int, op: str, n: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('.gk-stepper')[{stepper}]"
                           f".querySelectorAll('.gk-log-entry').length {op} {n}", timeout=60_000)


def shoot(locator, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SCREENSHOTS / f"widget-{name}.png"))


def test_widgets_in_jupyterlab(lab_server, browser_page, screenshot):
    url, token, root_dir = lab_server
    write_notebook(root_dir, "kit_widgets.ipynb", CELLS)
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 2400})  # tall: each widget fits in its screenshot
    run_all_cells(page, url, token, "kit_widgets.ipynb")
    giganten = page.locator(".gk-stepper").nth(0)
    giganten.locator("img").wait_for(timeout=90_000)
    assert log_count(page, 0) == 0
    shoot(giganten, "giganten-stepper-start")

    # the keyboard: focus the Step button and press Enter
    giganten.get_by_role("button", name=re.compile(r"\bStep$")).focus()
    page.keyboard.press("Enter")
    wait_log(page, 0, ">=", 1)
    # the mouse: a whole round, then a phase
    giganten.get_by_role("button", name=re.compile("Finish round")).click()
    wait_log(page, 0, ">", 3)
    before = log_count(page, 0)
    giganten.get_by_role("button", name=re.compile("Finish phase")).click()
    wait_log(page, 0, ">", before)
    assert giganten.locator(".gk-log-entry .gk-section").count() > 0  # events name their section
    assert "Round 1" in giganten.locator(".gk-status").inner_text()
    # dollars are not typeset as LaTeX: the log reads "$5,000 -> $6,500", not a formula
    assert giganten.locator(".gk-log-entry mjx-container").count() == 0
    assert "$5,000 ->" in giganten.locator(".gk-log-entry").filter(has_text="rolls").first.inner_text()
    shoot(giganten, "giganten-stepper-after-round")
    after = log_count(page, 0)
    giganten.get_by_role("button", name=re.compile("Undo")).click()
    wait_log(page, 0, "<", after)

    first = page.locator(".gk-stepper").nth(1)
    first.scroll_into_view_if_needed()
    first.get_by_role("button", name=re.compile("Finish round")).click()
    wait_log(page, 1, ">", 3)
    first.get_by_role("button", name=re.compile("Finish round")).click()
    page.wait_for_function("document.querySelectorAll('.gk-stepper')[1].querySelector('.gk-status')"
                           ".innerText.includes('Round 2')", timeout=60_000)
    shoot(first, "firstgiants-stepper")

    dice = page.locator(".gk-price-dice").first
    dice.scroll_into_view_if_needed()
    dice.get_by_role("button", name=re.compile("Roll all three")).click()
    dice.get_by_text("Hudson Oil Industries: the die shows").wait_for(timeout=30_000)
    shoot(dice, "price-dice")

    race = page.locator(".gk-locomotive-race").first
    race.scroll_into_view_if_needed()
    race.get_by_role("button", name=re.compile("Previous")).click()
    race.get_by_text("the start of round").wait_for(timeout=30_000)
    shoot(race, "locomotive-race")

    museum = page.locator(".gk-museum-builder").first
    museum.scroll_into_view_if_needed()
    museum.get_by_text("takes the Carnivore News token").wait_for(timeout=30_000)
    shoot(museum, "museum-builder")
    museum.get_by_role("button", name=re.compile("Undo")).focus()
    page.keyboard.press("Enter")
    museum.get_by_text("Took the last card back").wait_for(timeout=30_000)

    # hot seat: the hand stays covered until Reveal, then the licenses and the legal actions appear
    hot = page.locator(".gk-stepper").nth(2)
    hot.scroll_into_view_if_needed()
    hot.get_by_text("Pass the screen to").wait_for(timeout=30_000)
    assert hot.get_by_text("Licenses:").count() == 0
    shoot(hot, "hot-seat-covered")
    hot.get_by_role("button", name=re.compile("Reveal")).click()
    hot.get_by_text("Licenses:").wait_for(timeout=30_000)
    hot.get_by_text("your action").wait_for(timeout=30_000)
    shoot(hot, "hot-seat-revealed")
    screenshot("lab")


def test_stepper_in_voila(tmp_path, voila_server, browser_page):
    """The same stepper as an app (Voila): it renders and a click on Step adds a log entry."""
    write_notebook(tmp_path, "app.ipynb", [CELLS[0]])
    server = voila_server("app.ipynb", source_dir=tmp_path)
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.goto(server.url)
    stepper = page.locator(".gk-stepper").first
    stepper.locator("img").wait_for(timeout=90_000)
    stepper.get_by_role("button", name=re.compile(r"\bStep$")).click()
    wait_log(page, 0, ">=", 1)
    stepper.get_by_role("button", name=re.compile("Finish phase")).click()
    wait_log(page, 0, ">", 1)
    shoot(stepper, "voila-giganten-stepper")
