"""Measuring what the back row reads: the size of every text of the kit's widgets as shown on the page, and
whether the controls a teacher needs are on the screen.

* :func:`small_texts` -- every visible text of the kit's widgets (HTML text: its computed font size; SVG text:
  its font size times the picture's scale on the screen) below a size, with a sample of the words;
* :func:`off_screen` -- the named controls that are not wholly inside the window (or not shown at all).
"""
from __future__ import annotations

SMALL_TEXTS = """([root, least]) => {
  const out = [];
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  for (const el of document.querySelectorAll(root + ' *')) {
    if (el.closest('style, script, .lm-mod-hidden, .p-mod-hidden') || !shown(el)) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let px;
    if (el.tagName === 'text' || el.tagName === 'tspan') {
      if (el.tagName === 'tspan' || !el.textContent.trim()) continue;
      const m = el.getScreenCTM();
      px = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
    } else if (el.closest('svg')) {
      continue;
    } else {
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const field = /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
      if (!own && !field) continue;
      px = parseFloat(getComputedStyle(el).fontSize);
    }
    if (px < least - 0.05) {
      const words = (el.tagName === 'INPUT' ? el.value : el.tagName === 'SELECT'
        ? (el.selectedOptions[0] || {}).textContent || '' : el.textContent).trim().slice(0, 40);
      out.push([Math.round(px * 10) / 10, (el.tagName + '.' + String(el.className.baseVal ?? el.className)
        .split(' ').filter(Boolean).slice(-1)).toLowerCase(), words]);
    }
  }
  return out;
}"""


def small_texts(page, least: float, root: str = ".gk-kit") -> list[tuple[float, str, str]]:
    """(size in CSS px, element, words) of each visible text under ``root`` shown smaller than ``least`` px."""
    return [tuple(t) for t in page.evaluate(SMALL_TEXTS, [root, least])]


def summary(texts: list[tuple[float, str, str]], sample: int = 12) -> str:
    """How many texts at each size, and a sample of them (for an assertion's message)."""
    sizes: dict[float, int] = {}
    for px, _, _ in texts:
        sizes[px] = sizes.get(px, 0) + 1
    counts = ", ".join(f"{n} at {px} px" for px, n in sorted(sizes.items()))
    return f"{len(texts)} texts too small ({counts}); e.g. {texts[:sample]}"


OFF_SCREEN = """(els) => els.map(el => {
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
  return inside ? null : `${JSON.stringify(el.innerText.trim())} at ${Math.round(r.left)},${Math.round(r.top)} ` +
    `to ${Math.round(r.right)},${Math.round(r.bottom)} (window ${innerWidth}x${innerHeight})`;
}).filter(Boolean)"""


def off_screen(page, locators) -> list[str]:
    """The elements of ``locators`` (playwright locators, first match each) not wholly inside the window."""
    return page.evaluate(OFF_SCREEN, [loc.first.element_handle() for loc in locators])
