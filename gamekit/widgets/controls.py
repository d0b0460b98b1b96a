"""Small helpers every widget of the kit uses: described controls and Output panes.

Conventions (the same in JupyterLab, Voila and plain pytest):

* every control has a ``description`` (what it is) and a ``tooltip`` (what it does); buttons
  and menus are native ``<button>``/``<select>`` elements, so Tab reaches them and Enter or Space
  activates them — :func:`undescribed_controls` finds any control that breaks the rule;
* a destructive action asks first (:class:`Confirm`);
* :func:`shown` is everything a widget shows, as data (the hidden-information tests compare it).
"""
from __future__ import annotations

import hashlib
import html
from typing import Any, Callable, Iterator

import ipywidgets as widgets

#: The widget classes a user operates (and which therefore need a description and a tooltip).
CONTROL_TYPES: tuple[type, ...] = (
    widgets.Button,
    widgets.ToggleButton,
    widgets.Dropdown,
    widgets.Select,
    widgets.ToggleButtons,
    widgets.RadioButtons,
    widgets.IntText,
    widgets.BoundedIntText,
    widgets.IntSlider,
    widgets.SelectionSlider,
    widgets.Checkbox,
    widgets.Text,
    widgets.FileUpload,
)


def button(description: str, tooltip: str, on_click: Callable[[widgets.Button], None] | None = None,
           icon: str = "", style: str = "", width: str | None = None) -> widgets.Button:
    """A button with its label and its tooltip (both required by the kit's conventions)."""
    b = widgets.Button(description=description, tooltip=tooltip, icon=icon, button_style=style,
                       layout=widgets.Layout(width=width) if width else widgets.Layout(width="auto"))
    if on_click is not None:
        b.on_click(on_click)
    return b


class Confirm:
    """A question that must be answered before a destructive action (a new game, loading a save):
    hidden until :meth:`ask`; the Yes button does it, the other one calls ``on_no`` (if any)."""

    def __init__(self) -> None:
        self.question = widgets.HTML()
        self.yes = button("Yes", "Do it", lambda _b: self._answer(True), style="danger")
        self.no = button("No, keep this game", "Change nothing", lambda _b: self._answer(False))
        self.box = widgets.VBox([self.question, widgets.HBox([self.yes, self.no])],
                                layout=widgets.Layout(display="none"))
        self.box.add_class("gk-confirm")
        self._on_yes: Callable[[], None] | None = None
        self._on_no: Callable[[], None] | None = None

    @property
    def visible(self) -> bool:
        return self.box.layout.display != "none"

    def ask(self, question: str, yes: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        self.question.value = f"<b>{escape(question)}</b>"
        self.yes.description = yes
        self.yes.tooltip = yes
        self._on_yes, self._on_no = on_yes, on_no
        self.box.layout.display = None

    def hide(self) -> None:
        self.box.layout.display = "none"
        self._on_yes = self._on_no = None

    def _answer(self, yes: bool) -> None:
        action = self._on_yes if yes else self._on_no
        self.hide()
        if action is not None:
            action()


def shown(widget: Any) -> Any:
    """Everything ``widget`` and the widgets inside it show, as plain data: every synced trait (values,
    descriptions, tooltips, disabled flags, layouts, outputs), children followed rather than named by
    their model ids, images and other bytes by their SHA-256.  Two renderings look the same exactly
    when ``shown`` gives equal data (the hidden-information tests compare twin states this way)."""
    if isinstance(widget, widgets.Widget):
        return {key: shown(getattr(widget, key)) for key in sorted(widget.keys)}
    if isinstance(widget, (bytes, bytearray, memoryview)):
        return "sha256:" + hashlib.sha256(bytes(widget)).hexdigest()
    if isinstance(widget, (list, tuple)):
        return [shown(x) for x in widget]
    if isinstance(widget, dict):
        return {k: shown(v) for k, v in widget.items()}
    return widget


def escape(text: object) -> str:
    return html.escape(str(text))


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and every widget inside it (boxes, accordions, tabs), depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def undescribed_controls(root: widgets.Widget) -> list[widgets.Widget]:
    """The controls under ``root`` lacking a description or (for buttons) a tooltip.

    A control labelled only by the box around it counts as described when its ``tooltip`` is
    set: screen readers read the ``title`` attribute the tooltip becomes.
    """
    bad = []
    for w in walk(root):
        if not isinstance(w, CONTROL_TYPES):
            continue
        description = getattr(w, "description", "") or ""
        tooltip = getattr(w, "tooltip", None) or ""
        if isinstance(w, (widgets.Button, widgets.ToggleButton)):
            # an icon alone gives a screen reader (and a test) nothing to read: buttons need words
            if not description or not tooltip:
                bad.append(w)
        elif not (description or tooltip):
            bad.append(w)
    return bad
