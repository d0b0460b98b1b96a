"""Readable from the back of the room (issue 29), measured in Debian's Chromium: the classroom dashboard served
by Voila (one server for the module, a fresh page each test) and the Lab stepper (the shared Lab server).

* At 1920x1080 no text of the kit's widgets is under 14 px as shown: HTML text by its font size, a picture's
  SVG text by its font size times the picture's scale on the screen; with "Big type" none under 18 px.
* At 150 % browser zoom (device pixel ratio 1.5, a 1280x720 CSS window) and at 1366x768 the dashboard stays
  usable: nothing scrolls sideways, and the status line, the whole picture, Step, Play and the settings bar
  are on the screen without scrolling.
* The "New game" question shows next to its button; handing the seats to bots and pressing Play to end plays
  at a watchable pace (a few bot moves a second, not the whole game at once).

Screenshots go to test-artifacts/screenshots/readable-*.png (look at them).
"""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import SCREENSHOTS, free_port, server_env, start, stop, tcp_open, voila_command, wait_until, \
    copy_notebooks, NOTEBOOKS
from .kit import SETTINGS_HEADER, button, close_settings, fit_problems, move_number, open_settings, wait_move
from .lab import run_all_cells
from .readable import off_screen, small_texts, summary

pytestmark = pytest.mark.browser
STEPPERS = ("Giganten", "First Giants")
TABS = (*STEPPERS, "Price dice", "Museums")


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory, chromium_path) -> str:
    """The classroom dashboard (notebooks/classroom.ipynb) served by Voila once for this module: its URL."""
    base = tmp_path_factory.mktemp("voila-readable")
    root_dir = copy_notebooks(NOTEBOOKS, base / "notebooks")
    port, log = free_port(), base / "voila.log"
    proc = start(voila_command(root_dir / "classroom.ipynb", port), root_dir, log, server_env(base / "jupyter"))
    try:
        wait_until(lambda: tcp_open(port), proc, log, "Voila")
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


@pytest.fixture
def open_page(_browser, request):
    """``open_page(url, width, height, dpr=1)``: a page of a fresh context of that window, the dashboard loaded
    and its Giganten picture drawn; closed (photographed if the test failed) after the test."""
    contexts = []

    def load(url: str, width: int, height: int, dpr: float = 1):
        context = _browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=dpr,
                                       accept_downloads=True)
        contexts.append(context)
        page = context.new_page()
        page.goto(url, timeout=120_000)
        page.locator(".gk-classroom").first.wait_for(timeout=120_000)
        page.locator(".gk-stepper").first.locator(".gk-picture-view svg").first.wait_for(timeout=60_000)
        return page

    yield load
    report = getattr(request.node, "rep_call", None)
    for context in contexts:
        if report is not None and report.failed and context.pages:
            shot(context.pages[0], f"{request.node.name}-failed")
        context.close()


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"readable-{name}.png"), scale="css")


def show_tab(page, name: str) -> None:
    page.locator(".gk-classroom .widget-tab").first.get_by_role("tab", name=name).click()
    page.wait_for_timeout(500)


def fresh_game(page, stepper) -> None:
    """A fresh game in ``stepper`` with its seats as they are (the dashboard keeps its games between page
    loads: each test starts its own), settings closed again."""
    open_settings(stepper, "Game")
    moved = move_number(stepper) != 0  # (then New game asks first)
    button(stepper, "New game…").click()
    if moved:
        stepper.locator("button.jupyter-button:visible", has_text="Yes, new game").first.click()
    wait_move(page, stepper, "n === 0")
    close_settings(stepper)


def one_move(page, stepper) -> None:
    """One step of play: on a human's turn (hot seat: "Pass the screen to ...") Reveal and the human's first choice
    (the move number, which counts decisions, goes up), else Step (chance or a bot: the status changes)."""
    before, status = move_number(stepper), stepper.locator(".gk-status").inner_text()
    reveal = stepper.locator("button:visible", has_text="Reveal").first
    try:
        reveal.wait_for(state="visible", timeout=5_000)  # (a human's turn shows it once the status is drawn)
        human = True
    except PlaywrightTimeout:
        human = False
    if not human:
        button(stepper, "Step ▸").click()
        for _ in range(300):
            if stepper.locator(".gk-status").inner_text() != status:
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"Step changed nothing: {status}")
    reveal.click()
    choice = stepper.locator(".gk-chooser button.jupyter-button:visible").first
    choice.wait_for(timeout=30_000)
    choice.click()
    wait_move(page, stepper, f"n > {before}")


def big_type(page) -> None:
    page.locator(".gk-classroom button", has_text="Big type").first.click()
    page.wait_for_function("() => document.querySelector('.gk-classroom.gk-big')")
    page.wait_for_timeout(300)


def test_dashboard_text_is_at_least_14px_at_1920x1080_and_18px_in_big_type(dashboard, open_page):
    page = open_page(dashboard, 1920, 1080)
    for size, label in ((14, "normal"), (18, "big")):
        if size == 18:
            big_type(page)
        for name in TABS:
            show_tab(page, name)
            small = small_texts(page, size)
            shot(page, f"1920-{label}-{name.replace(' ', '-').lower()}")
            assert small == [], f"{name}, {label} type: {summary(small)}"
            sideways = [p for p in fit_problems(page, ".gk-classroom", whole_page=True) if "sideways" in p]
            assert sideways == [], f"{name}, {label} type: {sideways}"
    # a human's turn in Big type: the hand (revealed), the choices, the log's section badges
    show_tab(page, "Giganten")
    giganten = page.locator(".gk-stepper").first
    for _ in range(6):
        if giganten.get_by_text("Pass the screen to").count():
            break
        button(giganten, "Finish round").click()
        page.wait_for_timeout(1_000)
    giganten.locator("button", has_text="Reveal").first.click()
    giganten.get_by_text("your action").first.wait_for(timeout=30_000)
    assert giganten.locator(".gk-log-entry .gk-section").count() > 0
    small = small_texts(page, 18)
    shot(page, "1920-big-giganten-hand")
    assert small == [], f"a human's turn, big type: {summary(small)}"
    # the settings (seats, variants, the save tab) in Big type too
    show_tab(page, "First Giants")
    stepper = page.locator(".gk-stepper").nth(1)
    for tab in ("Game", "Save and load", "Text form", "Keys"):
        open_settings(stepper, tab)
        page.wait_for_timeout(300)
        small = small_texts(page, 18)
        assert small == [], f"settings tab {tab}, big type: {summary(small)}"
    shot(page, "1920-big-settings")


@pytest.mark.parametrize("width, height, dpr", [(1280, 720, 1.5), (1366, 768, 1)], ids=["zoom-150", "1366x768"])
def test_dashboard_is_usable_at_150_percent_zoom_and_at_1366x768(dashboard, open_page, width, height, dpr):
    """150 % browser zoom of a 1920x1080 screen is a 1280x720 CSS window at device pixel ratio 1.5: the Step
    button fell below the screen; now the picture is drawn smaller beside the side panel."""
    page = open_page(dashboard, width, height, dpr)
    name = "zoom-150" if dpr != 1 else f"{width}x{height}"
    fresh_game(page, page.locator(".gk-stepper").first)
    for tab, index in zip(STEPPERS, range(2)):
        show_tab(page, tab)
        stepper = page.locator(".gk-stepper").nth(index)
        page.evaluate("() => window.scrollTo(0, 0)")
        assert [p for p in fit_problems(page, ".gk-classroom", whole_page=True) if "sideways" in p] == [], tab
        needed = [stepper.locator(".gk-status"), stepper.locator(".gk-picture-view svg"), button(stepper, "Step ▸"),
                  button(stepper, "▶ Play"), stepper.locator(SETTINGS_HEADER)]
        assert off_screen(page, needed) == [], tab
        shot(page, f"{name}-{tab.replace(' ', '-').lower()}")
    for tab in TABS[2:]:  # the other tabs' pictures are drawn smaller too rather than scrolling sideways
        show_tab(page, tab)
        assert [p for p in fit_problems(page, ".gk-classroom", whole_page=True) if "sideways" in p] == [], tab
    stepper = page.locator(".gk-stepper").first
    show_tab(page, "Giganten")
    one_move(page, stepper)  # usable: Step (or, on a human's turn, a choice) plays a move
    # a human's turn (hot seat): Reveal, then the choices are on the screen too, and one of them plays
    for _ in range(6):
        if stepper.get_by_text("Pass the screen to").count():
            break
        button(stepper, "Finish round").click()
        page.wait_for_timeout(1_000)
    stepper.locator("button", has_text="Reveal").first.click()
    choice = stepper.locator(".gk-chooser button.jupyter-button:visible").first
    choice.wait_for(timeout=30_000)
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"{name}-giganten-hand")
    assert off_screen(page, [stepper.locator(".gk-chooser"), button(stepper, "Hide")]) == []
    before = move_number(stepper)
    choice.click()
    wait_move(page, stepper, f"n > {before}")


def test_new_game_question_shows_next_to_its_button(dashboard, open_page):
    page = open_page(dashboard, 1920, 1080)
    stepper = page.locator(".gk-stepper").first
    fresh_game(page, stepper)
    one_move(page, stepper)
    open_settings(stepper, "Game")
    new_game = button(stepper, "New game…")
    new_game.click()
    question = stepper.locator(".gk-confirm", has_text="Start a new game?").first
    question.wait_for(timeout=30_000)
    b, q = new_game.bounding_box(), question.bounding_box()
    gap = max(q["y"] - (b["y"] + b["height"]), b["y"] - (q["y"] + q["height"]))
    shot(page, "new-game-question")
    assert gap < 80, f"the question is {gap:.0f} px from its button (it was about 600 px above it)"
    button(stepper, "No, keep this game").click()


def test_bots_handed_the_seats_play_to_the_end_at_a_watchable_pace(dashboard, open_page):
    """The human seats go to bots, Play to end: a few seconds later the game is still going, a move at a time
    (it played about 400 moves in a second); Pause stops it."""
    page = open_page(dashboard, 1920, 1080)
    stepper = page.locator(".gk-stepper").first
    fresh_game(page, stepper)
    open_settings(stepper, "Game")
    assert stepper.get_by_role("checkbox", name="Bots at a watchable pace").is_checked()  # on by default
    for seat in ("Red", "Blue"):
        stepper.locator(".widget-dropdown", has_text=seat).locator("select").first.select_option(label="random bot")
    button(stepper, "Play to end").click()
    button(stepper, "⏸ Pause").wait_for(timeout=30_000)
    start = move_number(stepper)
    page.wait_for_timeout(3_000)
    played = move_number(stepper) - start
    assert 1 <= played < 60, f"{played} moves in 3 s"
    assert not stepper.locator(".gk-banner").is_visible()
    button(stepper, "⏸ Pause").click()
    button(stepper, "▶ Play").wait_for(timeout=30_000)


@contextmanager
def projector_lab(lab_server, browser, name: str, cell: str):
    """A notebook of ``cell`` run in JupyterLab at 1920x1080, its left sidebar closed as on a projector, once its
    stepper's picture is drawn: the page (its context closed afterwards)."""
    from .test_stepper_browser import dismiss_news, write_notebook

    url, token, root_dir = lab_server
    write_notebook(root_dir, name, [cell])
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        run_all_cells(page, url, token, name)
        page.locator(".gk-stepper .gk-picture-view svg").first.wait_for(timeout=90_000)
        page.keyboard.press("Control+b")
        page.locator("#jp-left-stack").wait_for(state="hidden", timeout=10_000)
        dismiss_news(page)
        yield page
    finally:
        context.close()


def test_lab_stepper_text_is_at_least_14px_at_1920x1080_and_18px_in_big_type(lab_server, _browser):
    """The classroom cell in JupyterLab (its left sidebar closed), as the projector shows it."""
    from .test_stepper_browser import classroom_cell

    with projector_lab(lab_server, _browser, "readable.ipynb", classroom_cell()) as page:
        for size, label in ((14, "normal"), (18, "big")):
            if size == 18:
                page.locator(".gk-classroom button", has_text="Big type").first.click()
                page.wait_for_function("() => document.querySelector('.gk-classroom.gk-big')")
            for index, name in enumerate(STEPPERS):
                page.locator(".gk-classroom .widget-tab").first.get_by_role("tab", name=name).click()
                stepper = page.locator(".gk-stepper").nth(index)
                stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(500)
                small = small_texts(page, size)
                shot(page, f"lab-1920-{label}-{name.replace(' ', '-').lower()}")
                assert small == [], f"Lab, {name}, {label} type: {summary(small)}"


LATE_FIVE = ("import firstgiants as fg\nfrom gamekit import play\nfrom firstgiants.bots import BOTS\n"
             "from firstgiants.widgets import stepper\n"
             "stepper(players=5, state=play(fg.new_game(5), [BOTS['heuristic'](i) for i in range(5)], seed=5))")


def test_late_five_player_first_giants_table_is_at_least_14px_in_the_lab_at_1920x1080(lab_server, _browser):
    """The tallest and widest table (five museums at the end of a game, drawn a row each): as the projector shows
    it in the Lab stepper, no label under 14 px (a picture is never shrunk to the screen's height there)."""
    with projector_lab(lab_server, _browser, "late-five.ipynb", LATE_FIVE) as page:
        page.locator(".gk-stepper").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        shot(page, "lab-1920-first-giants-late-five")
        small = small_texts(page, 14)
        assert small == [], f"Lab, a late five-player First Giants table: {summary(small)}"
