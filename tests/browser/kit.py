"""Checks of the kit's widgets in a real page, shared by the JupyterLab and the Voila tests.

* :func:`picture_problems` -- no raster picture shown larger than it was drawn (natural size against CSS
  size times the device pixel ratio), no SVG stretched beyond its drawn size, no raster inside an SVG, no
  text of a picture under 14 CSS px (issue 29), none running out of its picture or written over another;
* :func:`cut_labels` -- no label, button or slider readout of a widget too small for its words;
* :func:`click_the_board` -- a human's move made by clicking the picture (choose, then confirm by a
  second click);
* :func:`autoplay`, :func:`timeline_jump`, :func:`save_then_load`, :func:`winner_banner`;
* the coach (it works in a thread): :func:`review_abandoned`, :func:`coach_hint`.
"""
from __future__ import annotations

import re
import time

from .conftest import SCREENSHOTS

PICTURE_PROBLEMS = """() => {
  const dpr = window.devicePixelRatio, out = [];
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 ? r : null; };
  for (const img of document.querySelectorAll('img')) {
    const r = shown(img);
    if (!r || !img.complete || /^data:image\\/svg|\\.svg(\\?|$)/.test(img.currentSrc)) continue;
    if (img.naturalWidth + 1 < r.width * dpr || img.naturalHeight + 1 < r.height * dpr)
      out.push(`raster ${img.naturalWidth}x${img.naturalHeight} shown at ${r.width}x${r.height} css px x ${dpr}`);
  }
  for (const svg of document.querySelectorAll('.gk-kit svg')) {
    const r = shown(svg);
    if (!r) continue;
    if (r.width > svg.width.baseVal.value + 1) out.push(`svg drawn ${svg.width.baseVal.value} px shown at ${r.width}`);
    if (svg.querySelector('image')) out.push('a raster image inside an svg');
    for (const t of svg.querySelectorAll('text')) {
      if (!shown(t)) continue;
      const m = t.getScreenCTM();  // (rotated text: the scale is the length of the first column)
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < 13.95) out.push(`text ${JSON.stringify(t.textContent)} at ${px.toFixed(1)} px`);
    }
    const boxes = [...svg.querySelectorAll('text')].map(t => [t, t.getBoundingClientRect()]).filter(([, b]) => b.width);
    for (const [t, b] of boxes)  // cut off: a label running out of its picture
      if (b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1)
        out.push(`text ${JSON.stringify(t.textContent)} runs out of its picture`);
    for (let i = 0; i < boxes.length; i++)  // labels written over each other (2 px of slack for the glyphs' boxes)
      for (let j = i + 1; j < boxes.length; j++) {
        const [s, a] = boxes[i], [t, b] = boxes[j];
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        if (across > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2)
          out.push(`texts ${JSON.stringify(s.textContent)} and ${JSON.stringify(t.textContent)} overlap`);
      }
  }
  return out;
}"""


def picture_problems(page) -> list[str]:
    return page.evaluate(PICTURE_PROBLEMS)


FIT_PROBLEMS = """([sel, wholePage]) => {
  const el = document.querySelector(sel), r = el.getBoundingClientRect(), out = [];
  const scrolls = (a, axis) => /(auto|scroll)/.test(getComputedStyle(a)['overflow' + axis]) &&
    (axis === 'Y' ? a.scrollHeight > a.clientHeight + 1 : a.scrollWidth > a.clientWidth + 1);
  const name = (a) => a.tagName + (a.id ? '#' + a.id : '') + '.' + String(a.className).split(' ').slice(0, 3).join('.');
  let box = null;
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (scrolls(a, 'X')) out.push('scrolls sideways: ' + name(a));
    if (wholePage && scrolls(a, 'Y')) out.push(`scrolls: ${name(a)} ${a.scrollHeight} > ${a.clientHeight}`);
    if (!box && /(auto|scroll)/.test(getComputedStyle(a).overflowY) && a.clientHeight > 0) box = a;
  }
  if (!wholePage && box && (r.height > box.clientHeight || r.width > box.clientWidth))
    out.push(`${r.width}x${r.height} px do not fit the ${box.clientWidth}x${box.clientHeight} px of ${name(box)}`);
  for (const d of el.querySelectorAll('*')) if (scrolls(d, 'X')) out.push('scrolls sideways inside: ' + name(d));
  return out;
}"""


def fit_problems(page, selector: str, whole_page: bool) -> list[str]:
    """Why the element does not fit the screen without scrolling ([] when it does).  ``whole_page``: nothing
    around it may scroll (Voila); otherwise it must fit the visible box of the panel it scrolls in (a
    notebook in JupyterLab).  Nothing may scroll sideways, around it or inside it."""
    return page.evaluate(FIT_PROBLEMS, [selector, whole_page])


CUT_LABELS = """() => [...document.querySelectorAll(
    '.gk-kit .widget-readout, .gk-kit .jupyter-button, .gk-kit .widget-label, .gk-kit .widget-label-basic')]
  .filter(e => e.offsetParent && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
  .map(e => `${e.className.split(' ').pop()}: ${JSON.stringify(e.textContent.trim())} cut off`)"""


def cut_labels(page) -> list[str]:
    """The labels, buttons and slider readouts of the kit's widgets whose words do not fit their box."""
    return page.evaluate(CUT_LABELS)


def button(where, label: str):
    """The widget button whose words are exactly ``label``."""
    return where.locator("button.jupyter-button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first


def move_number(stepper) -> int:
    return int(re.search(r"move (\d+)", stepper.locator(".gk-status").inner_text()).group(1))


def wait_move(page, stepper, test: str, timeout: int = 90_000) -> int:
    """Wait until the stepper's move number ``test`` (a JS expression on ``n``) holds; return it."""
    handle = stepper.element_handle()
    page.wait_for_function(f"(el) => {{ const m = /move (\\d+)/.exec(el.querySelector('.gk-status').innerText); "
                           f"const n = m ? +m[1] : -1; return {test}; }}", arg=handle, timeout=timeout)
    return move_number(stepper)


def shoot(locator, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SCREENSHOTS / f"widget-{name}.png"), scale="css")


def click_the_board(page, stepper) -> None:
    """Hot seat: play until a human must choose, reveal, click a highlighted part twice: the move is made and
    the next human's view is covered again."""
    for _ in range(6):
        if stepper.get_by_text("Pass the screen to").count():
            break
        button(stepper, "Finish round").click()
        time.sleep(1)
    stepper.get_by_text("Pass the screen to").first.wait_for(timeout=90_000)
    who = re.search(r"Pass the screen to (\w+)", stepper.inner_text()).group(1)
    stepper.locator("button", has_text="Reveal").first.click()
    target = stepper.locator(".gk-picture-view .gk-target").first
    target.wait_for(timeout=30_000)
    before = move_number(stepper)
    target.click()
    stepper.locator(".gk-picture-view .gk-chosen").first.wait_for(timeout=30_000)
    stepper.get_by_text("confirm").first.wait_for(timeout=30_000)
    stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SCREENSHOTS / f"widget-{page_kind(page)}-giganten-chosen.png"), scale="css")
    # the tallest side panel (confirm, Cancel, the private pane, the players): the log shrinks, nothing scrolls
    assert fit_problems(page, ".gk-stepper", whole_page=page_kind(page) == "voila") == []
    target.click()
    wait_move(page, stepper, f"n > {before}")
    page.wait_for_function("([el, who]) => !el.innerText.includes('What ' + who + ' sees')",
                           arg=[stepper.element_handle(), who], timeout=60_000)


def autoplay(page, stepper) -> int:
    """Play: the moves advance one by one without a click, until a human must choose (it pauses)."""
    start = move_number(stepper)
    button(stepper, "▶ Play").click()
    button(stepper, "⏸ Pause").wait_for(timeout=30_000)
    n = wait_move(page, stepper, f"n >= {start + 2}")
    button(stepper, "▶ Play").wait_for(timeout=120_000)  # paused by itself: a human's turn
    return n


SETTINGS_HEADER = ".jupyter-widget-Collapse-header, .p-Collapse-header, .lm-AccordionPanel-title"


def open_settings(stepper, tab: str) -> None:
    if not stepper.locator(".widget-tab").first.is_visible():
        stepper.locator(SETTINGS_HEADER).first.click()
    stepper.get_by_role("tab", name=tab).click()


def close_settings(stepper) -> None:
    if stepper.locator(".widget-tab").first.is_visible():
        stepper.locator(SETTINGS_HEADER).first.click()
        stepper.locator(".widget-tab").first.wait_for(state="hidden")


def winner_banner(page, stepper, humans: list[str]) -> None:
    """The human seats go to bots (settings), Play to end at once (the watchable pace switched off): the banner
    names the winner and the ranking."""
    open_settings(stepper, "Game")
    pace = stepper.get_by_role("checkbox", name="Bots at a watchable pace")
    if pace.is_checked():
        pace.uncheck()
    for seat in humans:
        stepper.locator(".widget-dropdown", has_text=seat).locator("select").first.select_option(label="random bot")
    button(stepper, "Play to end").click()
    banner = stepper.locator(".gk-banner")
    banner.get_by_text("Final ranking").wait_for(timeout=120_000)
    assert re.search(r"Game over: \w+ wins? with", banner.inner_text())


def timeline_jump(page, stepper, move: int) -> None:
    """Type a move number into the timeline's box: the game travels there; then a log entry back."""
    box = stepper.locator(".gk-move-box input").first
    box.fill(str(move))
    box.press("Enter")
    wait_move(page, stepper, f"n === {move}")
    entry = stepper.locator(f".gk-event-log [data-target=move-{move + 2}]").first  # a move taken back, greyed
    entry.click()
    wait_move(page, stepper, f"n === {move + 2}")


REVIEWING = re.compile(r"The coach is reviewing the game… \d+ of \d+ decisions")


def wait_enabled(page, control, timeout: int = 60_000) -> None:
    page.wait_for_function("(b) => !b.disabled", arg=control.element_handle(), timeout=timeout)


def review_abandoned(page, stepper, shot) -> None:
    """After the game, Review: the coach's progress ("k of n decisions") shows in the pane, Review is disabled, and
    the stepper still answers (a timeline jump, a log entry); back at the end of the game (the same moves, a new
    position), the Review button is back (the abandoned review frees it at once), and its answer never shows.
    ``shot(name)`` photographs the screen while the coach works."""
    end = move_number(stepper)
    pane, review = stepper.locator(".gk-advice"), button(stepper, "Review")
    review.click()
    pane.get_by_text(REVIEWING).wait_for(timeout=30_000)
    assert review.is_disabled()
    shot("lab-giganten-reviewing")
    assert cut_labels(page) == []
    assert REVIEWING.search(pane.inner_text()), "the review ended before the stepper was moved (too fast to test)"
    timeline_jump(page, stepper, end - 10)  # the stepper answers while the coach works
    pane.get_by_text(REVIEWING).wait_for(state="detached", timeout=10_000)  # nor speaks of the old position
    box = stepper.locator(".gk-move-box input").first
    box.fill(str(end))
    box.press("Enter")
    wait_move(page, stepper, f"n === {end}")
    wait_enabled(page, review)  # (the abandoned review may still be stopping: its answer is dropped)
    assert review.is_visible() and pane.inner_text().strip() == ""


def coach_hint(page, stepper, seat: str) -> None:
    """On ``seat``'s turn (its view shown), Hint: the coach thinks in a thread, then the pane shows its ranking."""
    pane = stepper.locator(".gk-advice")
    button(stepper, "Hint").click()
    pane.locator("table").wait_for(timeout=60_000)
    assert f"Hint (the coach, {seat}" in pane.inner_text() and "chance of winning" in pane.inner_text()
    wait_enabled(page, button(stepper, "Hint"))
    wrapped = pane.evaluate(WRAPPED_NUMBERS)  # a number and its unit or margin on one line
    assert wrapped == [], wrapped


WRAPPED_NUMBERS = """(pane) => [...pane.querySelectorAll('td.gk-num')].filter(td => {
  const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length > 1;
}).map(td => `${JSON.stringify(td.textContent)} wraps`)"""


def snapshot(stepper) -> tuple[str, str, str]:
    return (stepper.locator(".gk-status").inner_text(), stepper.locator(".gk-picture-view svg").first.inner_html(),
            stepper.locator(".gk-event-log").inner_text())


def save_then_load(page, stepper) -> None:
    """Save (a download), travel back in time, load the file: the same position, log and picture."""
    saved = snapshot(stepper)
    end = move_number(stepper)
    open_settings(stepper, "Save and load")
    with page.expect_download() as info:
        button(stepper, "Save game (download)").click()
    path = info.value.path()
    close_settings(stepper)
    timeline_jump(page, stepper, max(0, end - 10))
    open_settings(stepper, "Save and load")
    with page.expect_file_chooser() as chooser:  # (ipywidgets' FileUpload keeps its <input> out of the page)
        stepper.locator("button", has_text="Load a save").first.click()
    chooser.value.set_files(str(path))
    # (the question shows in the tab whose button asked: the same widget sits in the Game tab, hidden)
    stepper.locator("button.jupyter-button:visible", has_text="Yes, open it").first.click()
    wait_move(page, stepper, f"n === {end}")
    page.wait_for_function("(el) => !el.querySelector('.gk-log-future')", arg=stepper.element_handle())
    close_settings(stepper)
    assert snapshot(stepper) == saved


def page_kind(page) -> str:
    return "voila" if "/lab" not in page.url else "lab"
