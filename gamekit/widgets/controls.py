"""Small helpers every widget of the kit uses: described controls and Output panes.

Conventions (the same in JupyterLab, Voila and plain pytest):

* every control has a ``description`` (what it is) and a ``tooltip`` (what it does); buttons
  and menus are native ``<button>``/``<select>`` elements, so Tab reaches them and Enter or Space
  activates them — :func:`undescribed_controls` finds any control that breaks the rule;
* a destructive action asks first (:class:`Confirm`);
* :func:`shown` is everything a widget shows, as data (the hidden-information tests compare it);
* a widget words its text in the reader's language (:mod:`gamekit.i18n`) when it renders; :class:`Words` keeps
  the words of controls that live long (the stepper's buttons) as their English message ids, to word them again
  when the reader's language changes.
"""
from __future__ import annotations

import hashlib
import html
from typing import Any, Callable, Iterator, Sequence, TypeVar, Union

import ipywidgets as widgets

from ..i18n import gettext as _

W = TypeVar("W", bound=widgets.Widget)

MENU_LABELS = {"description_width": "9em"}
"""The style of the Game tab's menus: one label column, wide enough for the longest label in every language of the
kit (Danish "Tilfældighed", "Chance"), so no label is cut short."""


def menu_layout() -> widgets.Layout:
    """The layout of a Game tab menu: as wide as its label column and its longest choice ("terninger og træk
    (seedet)"), so no choice is cut short either; never wider than its pane."""
    return widgets.Layout(width="max-content", max_width="100%")
#: A text kept to be worded when shown: an English message id (marked with ``N_``, translated when shown), or a
#: function wording it in the reader's language (text with values, options, titles).
Wording = Union[str, Callable[[], Any]]


def worded(text: Wording) -> Any:
    """``text`` in the reader's language now (:data:`Wording`)."""
    return _(text) if isinstance(text, str) else text()

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


def button(description: str, tooltip: str, on_click: Callable[[widgets.Button], object] | None = None,
           icon: str = "", style: str = "", width: str | None = None) -> widgets.Button:
    """A button with its label and its tooltip (both required by the kit's conventions)."""
    b = widgets.Button(description=description, tooltip=tooltip, icon=icon, button_style=style,
                       layout=widgets.Layout(width=width) if width else widgets.Layout(width="auto"))
    if on_click is not None:
        b.on_click(on_click)
    return b


def reword_options(widget: widgets.Widget, labels: Sequence[str]) -> None:
    """New words for a selection's options (a menu's, a slider's), in their order: its value stays, and no
    observer of its value or index hears anything (setting ``options`` anew would choose the first option)."""
    options = tuple(zip(labels, widget._options_values))
    if options == tuple(widget.options):
        return
    widget._initializing_traits_ = True  # (ipywidgets keeps the index while a widget's traits are initialised)
    try:
        widget.options = options
    finally:
        widget._initializing_traits_ = False
    if widget.index is not None and widget.label != labels[widget.index]:
        widget.label = labels[widget.index]


class Words:
    """The words of long-lived controls (labels, tooltips, options, titles), kept as :data:`Wording` and set in
    the reader's language at once and again by :meth:`word` (the stepper's language menu calls it)."""

    def __init__(self) -> None:
        self._traits: list[tuple[widgets.Widget, dict[str, Wording]]] = []

    def __call__(self, widget: W, **traits: Wording) -> W:
        """Word ``widget``'s ``traits`` (``description=N_("Seed")``, ``options=lambda: [...]``) now and at each
        :meth:`word`; returns ``widget``."""
        self._traits.append((widget, traits))
        self._set(widget, traits)
        return widget

    def button(self, description: Wording, tooltip: Wording,
               on_click: Callable[[widgets.Button], object] | None = None, **kwargs: Any) -> widgets.Button:
        """:func:`button` with its words kept."""
        return self(button("", "", on_click, **kwargs), description=description, tooltip=tooltip)

    def word(self) -> None:
        """Every kept text, in the reader's language now."""
        for widget, traits in self._traits:
            self._set(widget, traits)

    @staticmethod
    def _set(widget: widgets.Widget, traits: dict[str, Wording]) -> None:
        for key, text in traits.items():
            value = worded(text)
            if key == "options" and getattr(widget, "options", None):
                reword_options(widget, [label for label, _value in value])
            elif getattr(widget, key) != value:
                setattr(widget, key, value)


class Confirm:
    """A question that must be answered before a destructive action (a new game, loading a save):
    hidden until :meth:`ask`; the Yes button does it, the other one calls ``on_no`` (if any).  The question and
    its answers are worded again by :meth:`word` (a change of language)."""

    def __init__(self) -> None:
        self.question = widgets.HTML()
        self.yes = button("", "", lambda _b: self._answer(True), style="danger")
        self.no = button("", "", lambda _b: self._answer(False))
        self._question: Wording = ""
        self._yes: Wording = ""
        self.box = widgets.VBox([self.question, widgets.HBox([self.yes, self.no])],
                                layout=widgets.Layout(display="none"))
        self.box.add_class("gk-confirm")
        self._on_yes: Callable[[], None] | None = None
        self._on_no: Callable[[], None] | None = None
        self.word()

    @property
    def visible(self) -> bool:
        return self.box.layout.display != "none"

    def ask(self, question: Wording, yes: Wording, on_yes: Callable[[], None],
            on_no: Callable[[], None] | None = None) -> None:
        """Ask ``question`` (an English message id, or a function wording it), ``yes`` the words of the Yes button."""
        self._question, self._yes = question, yes
        self._on_yes, self._on_no = on_yes, on_no
        self.word()
        self.box.layout.display = None

    def word(self) -> None:
        """The question and the buttons in the reader's language."""
        self.question.value = f"<b>{escape(worded(self._question))}</b>" if self._question else ""
        yes = worded(self._yes) if self._yes else _("Yes")
        self.yes.description, self.yes.tooltip = yes, yes
        self.no.description, self.no.tooltip = _("No, keep this game"), _("Change nothing")

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


def escape_text(text: object) -> str:
    """``text`` as HTML text (quotes kept as they are: an apostrophe reads "'", not "&#x27;", in a test too)."""
    return html.escape(str(text), quote=False)


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
