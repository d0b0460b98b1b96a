"""The kit's widgets in a real JupyterLab on a projector (1920x1080 CSS pixels, device pixel ratio 2, Debian's
Chromium), in one notebook (one kernel start): the classroom app's cell, as notebooks/classroom.ipynb has it,
and the locomotive race.

* with Lab's left sidebar open, nothing scrolls sideways (the side panel goes below the picture); with it
  closed, the Giganten stepper fits the notebook panel without scrolling, and no
  picture is shown larger than it was drawn (nor any text of a picture under 14 px);
* the keyboard: S steps (JupyterLab's own shortcuts stay out of the way), Tab to Step and Enter steps;
* the log names rulebook sections and is not typeset as LaTeX;
* Giganten, hot seat: a move by clicking the board, the winner banner, the coach's Review (it works in a
  thread: its progress shows, the stepper still travels in time, and the review of the old position is
  dropped), save then load (the same game), a timeline jump; First Giants: autoplay, the coach's Hint (its
  ranking arrives from the thread); the price dice, the museum builder (by clicking cards into sets)
  and the locomotive race answer.

Each widget is photographed to test-artifacts/screenshots/widget-*.png (look at them).
"""
from __future__ import annotations

import json
import re

import nbformat
import pytest
from playwright.sync_api import expect

from .conftest import NOTEBOOKS, REPO, SCREENSHOTS
from .kit import (autoplay, button, click_the_board, close_settings, coach_hint, cut_labels, fit_problems,
                  move_number, picture_problems, review_abandoned, save_then_load, shoot, wait_move, winner_banner)
from .lab import run_all_cells

pytestmark = pytest.mark.browser

SETUP = f"""import sys
sys.path.insert(0, {str(REPO)!r})
"""
RACE = ("import giganten as g\nfrom gamekit import play\nfrom giganten.widgets import locomotive_race\n"
        "from giganten.bots import BOTS\n"
        "race = locomotive_race(play(g.new_game(4), [BOTS['heuristic'](i) for i in range(4)], seed=3))\nrace")


def classroom_cell() -> str:
    """The classroom notebook's code as one cell (the classroom server's page, then the dashboard)."""
    cells = json.loads((NOTEBOOKS / "classroom.ipynb").read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def write_notebook(root_dir, name: str, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, root_dir / name)


def dismiss_news(page) -> None:
    """Close Lab's "get notified about official Jupyter news?" toast (it covers the screenshots)."""
    toast = page.locator(".Toastify__toast", has_text="Jupyter news")
    if toast.count():
        toast.get_by_role("button", name="No").first.click()


def in_view(page, stepper, name: str) -> None:
    """Scroll the stepper to the top of the notebook panel and photograph the screen (it fits)."""
    stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"widget-{name}.png"), scale="css")


def show_tab(page, name: str) -> None:
    page.locator(".gk-classroom .widget-tab").first.get_by_role("tab", name=name).click()
    page.wait_for_timeout(500)


def test_widgets_in_jupyterlab_on_a_projector(lab_server, projector_page, screenshot):
    url, token, root_dir = lab_server
    write_notebook(root_dir, "kit_widgets.ipynb", [classroom_cell(), RACE])
    page = projector_page
    run_all_cells(page, url, token, "kit_widgets.ipynb")
    giganten, first = page.locator(".gk-stepper").nth(0), page.locator(".gk-stepper").nth(1)
    giganten.locator(".gk-picture-view svg").first.wait_for(timeout=90_000)
    giganten.evaluate("el => el.scrollIntoView({block: 'start'})")
    # with Lab's file browser open the side panel goes below the picture: nothing scrolls sideways
    assert [p for p in fit_problems(page, ".gk-stepper", whole_page=False) if "sideways" in p] == []
    page.keyboard.press("Control+b")  # the left sidebar closes: the notebook gets the screen's width
    page.locator("#jp-left-stack").wait_for(state="hidden", timeout=10_000)
    dismiss_news(page)
    page.wait_for_timeout(500)
    giganten.evaluate("el => el.scrollIntoView({block: 'start'})")
    assert fit_problems(page, ".gk-stepper", whole_page=False) == []
    assert picture_problems(page) == [] and cut_labels(page) == []
    in_view(page, giganten, "lab-giganten-stepper-start")

    # the keyboard: S inside the stepper steps (and Lab does not take the key): humans play a game with hidden
    # information, so the seeded chance deals on to the first decision, a human's, still move 0 (decisions are
    # counted); Tab to Undo, Enter: back to the start, where chance is to move
    giganten.locator(".gk-status").click()
    page.keyboard.press("s")
    giganten.get_by_text("Pass the screen to").first.wait_for(timeout=60_000)
    # (the status is a widget of its own, synced after the private pane: on a loaded machine it can come later)
    expect(giganten.locator(".gk-status")).not_to_contain_text("Chance to move", timeout=30_000)
    assert move_number(giganten) == 0
    button(giganten, "◂ Undo").focus()
    page.keyboard.press("Enter")
    giganten.locator(".gk-status", has_text="Chance to move").wait_for(timeout=60_000)

    click_the_board(page, giganten)
    assert giganten.locator(".gk-log-entry .gk-section").count() > 0  # events name their section
    assert "$" in giganten.locator(".gk-event-log").inner_text()
    assert giganten.locator(".gk-log-entry mjx-container").count() == 0  # dollars are not typeset
    in_view(page, giganten, "lab-giganten-blue-covered")
    winner_banner(page, giganten, ["Red", "Blue"])
    close_settings(giganten)
    assert fit_problems(page, ".gk-stepper", whole_page=False) == [] and picture_problems(page) == []
    assert cut_labels(page) == []
    in_view(page, giganten, "lab-giganten-game-over")
    review_abandoned(page, giganten, lambda name: in_view(page, giganten, name))
    save_then_load(page, giganten)

    show_tab(page, "First Giants")
    autoplay(page, first)
    first.get_by_text("Ana: your action").wait_for(timeout=30_000)
    coach_hint(page, first, "Ana")
    assert cut_labels(page) == []
    in_view(page, first, "lab-firstgiants-hint")
    shoot(first.locator(".gk-advice"), "lab-firstgiants-hint-pane")
    before = move_number(first)
    first.locator(".gk-picture-view .gk-target").first.click()  # a dig site: choose, then confirm
    button(first, "Cancel").click()
    first.locator(".gk-picture-view .gk-target").first.click()
    first.locator(".gk-picture-view .gk-target").first.click()
    wait_move(page, first, f"n > {before}")
    assert picture_problems(page) == []
    in_view(page, first, "lab-firstgiants-stepper")

    show_tab(page, "Price dice")
    dice = page.locator(".gk-price-dice").first
    button(dice, "Roll all three").click()
    dice.get_by_text("Hudson Oil Industries: the die shows").wait_for(timeout=30_000)
    assert picture_problems(page) == []
    shoot(dice, "lab-price-dice")

    show_tab(page, "Museums")
    museum = page.locator(".gk-museum-builder").first
    for target in ("card-24", "set-0-new", "card-28", "set-0-0"):
        museum.locator(f"[data-target={target}].gk-target").first.click()
        page.wait_for_timeout(300)
    museum.get_by_text("takes the Carnivore News token").wait_for(timeout=30_000)
    assert picture_problems(page) == []
    shoot(museum, "lab-museum-builder")

    race = page.locator(".gk-locomotive-race").first
    race.scroll_into_view_if_needed()
    button(race, "◂ Previous").click()
    race.get_by_text("the start of round").wait_for(timeout=30_000)
    assert picture_problems(page) == []
    assert re.search(r"black locomotive on space \d+", race.inner_text())
    shoot(race, "lab-locomotive-race")
    screenshot("lab")


def test_a_stepper_in_german_then_danish_in_jupyterlab(lab_server, projector_page, screenshot):
    """Issue 27: a stepper built in German shows German in the page (its buttons, its status, its log), and its
    Language menu (Game settings) rewords it in Danish there and then."""
    url, token, root_dir = lab_server
    write_notebook(root_dir, "kit_languages.ipynb", [
        "from giganten.widgets import stepper\nst = stepper(seed=1, language='de')\nst.step()\nst.step()\nst"])
    page = projector_page
    run_all_cells(page, url, token, "kit_languages.ipynb")
    st = page.locator(".gk-stepper").first
    st.locator(".gk-picture-view svg").first.wait_for(timeout=90_000)
    st.get_by_role("button", name="Schritt ▸").wait_for(timeout=30_000)
    assert "Zug 2" in st.locator(".gk-status").inner_text()
    log = st.locator(".gk-event-log").inner_text()
    assert "#1 Zufall: eine Förderkarte wird verdeckt ausgelegt" in log and "Chance" not in log
    st.get_by_text("Spieleinstellungen").first.click()
    menu = st.locator(".widget-dropdown", has_text="Sprache").locator("select")
    menu.wait_for(timeout=10_000)
    menu.select_option(label="Dansk")
    st.get_by_role("button", name="Skridt ▸").wait_for(timeout=30_000)
    # (the status is the last part of the page the stepper redraws: wait for it, then read the rest)
    st.locator(".gk-status", has_text="træk 2").wait_for(timeout=30_000)
    assert "#1 Tilfældighed: en oliebrik uddeles" in st.locator(".gk-event-log").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "widget-stepper-danish.png"), scale="css")
    assert cut_labels(page) == []  # (the Game tab's labels, "Tilfældighed" the longest, fit their column)
