"""The classroom app's projector page: the kit's widgets as tabs, with a "Big type" switch.

``classroom({"Giganten": stepper, "Price dice": dice, ...})`` is what ``notebooks/classroom.ipynb``
shows (served by Voila with ``make voila``, or run in JupyterLab).  Laid out for a projector at
1920x1080: each stepper's picture, controls, players and the newest log entries fit on one screen;
the teacher's notes live in ``docs/classroom.md``, not on the projected page.
"""
from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as widgets

from ..i18n import gettext as _
from .style import stylesheet


def _widget(item: Any) -> widgets.Widget:
    return item if isinstance(item, widgets.Widget) else item.widget


def classroom(tabs: Mapping[str, Any], selected: str | None = None) -> widgets.VBox:
    """One tab per entry (a widget, or a kit object with a ``.widget``), ``selected`` open first."""
    names = list(tabs)
    tab = widgets.Tab(children=[_widget(tabs[name]) for name in names], titles=tuple(names))
    if selected is not None:
        tab.selected_index = names.index(selected)
    big = widgets.ToggleButton(description=_("Big type"),
                               tooltip=_("Larger type in the panels (for the back of the room)"),
                               layout=widgets.Layout(width="auto"))
    corner = widgets.HBox([big], layout=widgets.Layout(justify_content="flex-end", height="0px", overflow="visible"))
    corner.add_class("gk-big-switch")  # (drawn over the tab bar's right end: style.py lifts it above the bar)
    page = widgets.VBox([stylesheet(), corner, tab])
    page.add_class("gk-classroom")
    page.add_class("gk-kit")

    def switch(change: dict) -> None:
        (page.add_class if change["new"] else page.remove_class)("gk-big")

    big.observe(switch, names="value")
    page.big_type = big
    page.tab = tab
    return page
