"""Two small anywidgets: a clickable picture, and the browser-side helper of the stepper.

Why anywidget (docs/widgets.md, "Choices"): it is a plain ipywidget whose front end is an ES module
shipped *inline* from Python (no build step, no CDN: the module travels over the widget's comm, so
it works offline in JupyterLab and in Voila alike), and it puts the picture's SVG into the page
itself, so each square, site or card is an element that can be highlighted and clicked, and stays
vector-crisp at any zoom or device pixel ratio.

* :class:`Clickable` shows SVG or HTML markup; the parts marked ``data-target="<id>"`` whose ids are
  in ``targets`` are highlighted, reachable with Tab and pressed with a click, Enter or Space; the
  ``chosen`` one is marked.  Python hears ``on_click(callback)``; tests call :meth:`Clickable.click`.
* :class:`Bridge` is invisible: a clock for autoplay (it asks for the next move ``interval`` ms after
  Python answered the last one, so a slow kernel never builds up a queue), keyboard shortcuts for
  the stepper it sits in, file downloads (a save file), and word that a page shows it (``watched``).
"""
from __future__ import annotations

import re
import zlib
from typing import Callable

import anywidget
import traitlets

#: A static layer as :class:`gamekit.svg.Svg` writes it: ``<g data-key="K" data-static="1">...<!--/K--></g>``.
STATIC_LAYER = re.compile(r'<g data-key="([^"]+)" data-static="1">(.*?)<!--/\1--></g>', re.S)

CLICKABLE_ESM = r"""
function render({ model, el }) {
  el.classList.add("gk-clickable");
  const box = document.createElement("div");
  box.className = "gk-clickable-box";
  el.appendChild(box);
  const label = () => { const d = model.get("description"); if (d) box.setAttribute("aria-label", d); };
  function mark() {
    const targets = new Set(model.get("targets"));
    const chosen = model.get("chosen");
    for (const node of box.querySelectorAll("[data-target]")) {
      const id = node.getAttribute("data-target");
      const on = targets.has(id);
      node.classList.toggle("gk-target", on);
      node.classList.toggle("gk-chosen", on && id === chosen);
      if (on) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
      else { node.removeAttribute("tabindex"); node.removeAttribute("role"); }
    }
  }
  // Keyed update: top-level parts (of the <svg>, or of the markup) carrying data-key (or data-target) are
  // kept when unchanged, so a step re-parses and repaints only what moved, not the whole picture.
  const keyOf = (n) => n.getAttribute("data-key") || n.getAttribute("data-target");
  // A static layer arrives once, in the "layers" trait; the markup holds an empty placeholder for it.
  function fill(node) {
    const tpl = document.createElement("template");
    tpl.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${model.get("layers")[keyOf(node)] || ""}</svg>`;
    node.replaceChildren(...tpl.content.firstElementChild.childNodes);
    return node;
  }
  function patch(parent, fresh) {
    const old = new Map();
    for (const c of parent.children) { const k = keyOf(c); if (k) old.set(k, c); }
    const next = [...fresh.children].map((n) => {
      const o = keyOf(n) && old.get(keyOf(n));
      if (n.hasAttribute("data-static")) return o || fill(n);
      if (o) { o.classList.remove("gk-target", "gk-chosen"); o.removeAttribute("tabindex"); o.removeAttribute("role"); }
      const same = o && (n.hasAttribute("data-h") ? o.getAttribute("data-h") === n.getAttribute("data-h")
                                                  : o.outerHTML === n.outerHTML);
      return same ? o : n;
    });
    next.forEach((node, i) => {
      if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
    });
    while (parent.children.length > next.length) parent.lastElementChild.remove();
  }
  function paint() {
    const tpl = document.createElement("template");
    tpl.innerHTML = model.get("markup");
    const a = box.firstElementChild, b = tpl.content.firstElementChild;
    const sameSvg = a && b && a.tagName === "svg" && b.tagName === "svg" && b.hasAttribute("data-keyed") &&
      ["width", "height", "viewBox"].every((k) => a.getAttribute(k) === b.getAttribute(k));
    if (sameSvg) patch(a, b);
    else if (b && b.tagName !== "svg" && a && a.tagName !== "svg") patch(box, tpl.content);
    else { tpl.content.querySelectorAll("[data-static]").forEach(fill); box.replaceChildren(tpl.content); }
    mark();
  }
  function press(node) {
    const id = node.getAttribute("data-target");
    if (new Set(model.get("targets")).has(id)) model.send({ event: "click", target: id });
  }
  box.addEventListener("click", (e) => {
    const node = e.target.closest("[data-target]");
    if (node && box.contains(node)) press(node);
  });
  box.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.matches && e.target.matches("[data-target]")) {
      e.preventDefault(); e.stopPropagation(); press(e.target);
    }
  });
  model.on("change:markup", paint);
  model.on("change:targets", mark);
  model.on("change:chosen", mark);
  model.on("change:description", label);
  label();
  paint();
}
export default { render };
"""

CLICKABLE_CSS = r"""
.gk-clickable { max-width: 100%; overflow-x: auto; contain: layout paint; }
.gk-clickable-box svg { display: block; }
.gk-clickable .gk-hit { fill: transparent; stroke: none; }
.gk-clickable .gk-target { cursor: pointer; }
.gk-clickable .gk-target .gk-hit { stroke: #000000; stroke-width: 3px; stroke-dasharray: 7 4; }
.gk-clickable .gk-target:hover .gk-hit, .gk-clickable .gk-target:focus .gk-hit {
  fill: rgba(240, 228, 66, 0.45); mix-blend-mode: multiply; stroke-dasharray: none; stroke-width: 4px; }
.gk-clickable .gk-target:focus { outline: none; }
.gk-clickable .gk-chosen .gk-hit, .gk-clickable .gk-chosen:hover .gk-hit { fill: transparent;
  stroke: #000000; stroke-width: 6px; stroke-dasharray: none; }
"""
"""Targets are outlined (dashed) without tinting what they cover, since colour carries meaning (terrain,
families); hover and keyboard focus fill them yellow, multiplied into what they cover (black text stays black,
white turns light yellow: a plain yellow veil over a card greys its words out), the chosen one is framed thick and
solid."""


class Clickable(anywidget.AnyWidget):
    """SVG or HTML markup with clickable targets (see the module docstring).

    ``markup`` is the picture; ``targets`` the ids (``data-target`` values) that may be clicked now;
    ``chosen`` the id shown as chosen (or "").  ``description`` labels the whole picture for screen
    readers.
    """

    _esm = CLICKABLE_ESM
    _css = CLICKABLE_CSS
    markup = traitlets.Unicode("").tag(sync=True)
    #: Static layers (key -> markup) the markup shows through placeholders: sent once, not at every redraw.
    layers = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    chosen = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_message)

    def show(self, markup: str, targets: list[str] | None = None) -> None:
        """Show ``markup`` (and make ``targets`` clickable, none chosen), sending its static layers
        (:meth:`gamekit.svg.Svg.layer` with ``static=True``) to the browser only when they change."""
        layers: dict[str, str] = {}

        def hold(match: re.Match) -> str:
            key = f"{match.group(1)}-{zlib.crc32(match.group(2).encode()):08x}"
            layers[key] = match.group(2)
            return f'<g data-key="{key}" data-static="1"></g>'

        body = STATIC_LAYER.sub(hold, markup)
        with self.hold_sync():
            if layers != self.layers:
                self.layers = layers
            self.markup = body
            self.targets = list(targets or [])
            self.chosen = ""

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(target_id)`` when a target is clicked (or pressed with Enter)."""
        self._handlers.append(callback)

    def click(self, target: str) -> None:
        """Click ``target`` as a user would (KeyError if it is not clickable now)."""
        if target not in self.targets:
            raise KeyError(f"{target!r} is not clickable now; clickable: {list(self.targets)[:20]}")
        for handler in list(self._handlers):
            handler(target)

    def _on_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            target = content.get("target")
            if isinstance(target, str) and target in self.targets:
                self.click(target)


BRIDGE_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  let timer = null;
  let root = null;
  function schedule() {
    clearTimeout(timer);
    if (!model.get("playing")) return;
    const seen = model.get("ticks");
    timer = setTimeout(() => model.send({ event: "tick", seen }), Math.max(0, model.get("interval")));
  }
  function onKey(e) {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) ||
              (t.getAttribute && t.getAttribute("role") === "slider"))) return;
    const key = (e.key || "").toLowerCase();
    if (!model.get("shortcuts").includes(key)) return;
    e.preventDefault(); e.stopPropagation();
    model.send({ event: "key", key });
  }
  function attach(tries) {
    const scope = model.get("scope");
    root = scope ? el.closest("." + scope) : null;
    if (!root) { if (tries > 0) setTimeout(() => attach(tries - 1), 100); return; }
    root.setAttribute("data-lm-suppress-shortcuts", "true");  // JupyterLab: our keys, not the notebook's
    if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");  // a click inside focuses it
    root.addEventListener("keydown", onKey);
  }
  model.on("msg:custom", (msg) => {
    if (msg && msg.download) {
      const blob = new Blob([msg.text], { type: msg.mime || "application/octet-stream" });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url; a.download = msg.download; a.style.display = "none";
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 5000);
    }
  });
  model.on("change:ticks", schedule);
  model.on("change:playing", schedule);
  model.on("change:interval", schedule);
  attach(50);
  schedule();
  model.send({ event: "shown" });  // a page shows the stepper: people may be watching
  return () => { clearTimeout(timer); if (root) root.removeEventListener("keydown", onKey); };
}
export default { render };
"""


class Bridge(anywidget.AnyWidget):
    """The stepper's browser side: autoplay clock, keyboard shortcuts, downloads (module docstring).

    While ``playing``, the browser sends a tick ``interval`` ms after ``ticks`` last changed; Python
    answers by playing a move and incrementing ``ticks`` (:meth:`answered`), which starts the next
    wait.  Keys listed in ``shortcuts`` pressed inside the element of CSS class ``scope`` are reported.
    """

    _esm = BRIDGE_ESM
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(600).tag(sync=True)
    ticks = traitlets.Int(0).tag(sync=True)
    shortcuts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    scope = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._tick_handlers: list[Callable[[], None]] = []
        self._key_handlers: list[Callable[[str], None]] = []
        #: Whether a page has shown the widget (its browser side said so): people may be watching.
        self.watched = False
        self.on_msg(self._on_message)

    def on_tick(self, callback: Callable[[], None]) -> None:
        self._tick_handlers.append(callback)

    def on_key(self, callback: Callable[[str], None]) -> None:
        self._key_handlers.append(callback)

    def tick(self) -> None:
        """One tick of the clock, as the browser sends it (for tests and scripts)."""
        try:
            for handler in list(self._tick_handlers):
                handler()
        finally:
            self.answered()

    def answered(self) -> None:
        """Tell the browser the last tick is answered (it then waits ``interval`` ms for the next)."""
        self.ticks += 1

    def press(self, key: str) -> None:
        """A shortcut key pressed (for tests and scripts)."""
        for handler in list(self._key_handlers):
            handler(key)

    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        """Make the browser download ``text`` as ``filename``."""
        self.send({"download": filename, "text": text, "mime": mime})

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "tick" and content.get("seen") == self.ticks and self.playing:
            self.tick()
        elif content.get("event") == "key" and content.get("key") in self.shortcuts:
            self.press(content["key"])
        elif content.get("event") == "shown":
            self.watched = True
