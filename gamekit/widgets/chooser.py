"""A human seat's choice among the legal actions: buttons when few, two menus when many."""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..actions import Action
from .controls import button

#: Legal actions as the chooser shows them: group title -> [(label, action), ...], in order.
ActionGroups = Mapping[str, Sequence[tuple[str, Action]]]


class ActionChooser:
    """Shows legal actions and calls ``on_choose(action)`` when one is picked.

    Up to ``max_buttons`` actions appear as one button each (Tab to one, Enter to play it).  More
    than that (Giganten can offer hundreds of truck destinations) appear as two menus: the group
    (e.g. "Build a derrick (3)"), then the action within it, and a Play button.
    """

    def __init__(self, on_choose: Callable[[Action], None], max_buttons: int = 12) -> None:
        self.on_choose = on_choose
        self.max_buttons = max_buttons
        self.title = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        def wide() -> widgets.Layout:
            return widgets.Layout(width="100%")

        self.group_menu = widgets.Dropdown(description="Kind", tooltip="Which kind of action", layout=wide())
        self.action_menu = widgets.Dropdown(description="Action", tooltip="The action to play",
                                            layout=widgets.Layout(width="auto", flex="1 1 auto"))
        self.play = button("Play it", "Play the action chosen in the menu", self._play_menu, style="primary")
        self.menus = widgets.VBox([self.group_menu, widgets.HBox([self.action_menu, self.play], layout=wide())],
                                  layout=wide())
        #: More buttons under the actions (the stepper's "let chance decide", "Cancel"), set by ``show``.
        self.extras = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.box = widgets.VBox([self.title, self.buttons, self.menus, self.extras], layout=wide())
        self.box.add_class("gk-chooser")
        self._groups: dict[str, list[tuple[str, Action]]] = {}
        self.group_menu.observe(lambda _c: self._fill_actions(), names="value")
        self.hide()

    # -- showing ---------------------------------------------------------------------------
    def show(self, title_html: str, groups: ActionGroups, extras: Sequence[widgets.Widget] = ()) -> None:
        """Offer ``groups`` under ``title_html``, with ``extras`` (buttons) below them."""
        self._groups = {g: list(items) for g, items in groups.items() if items}
        self.title.value = title_html
        self.extras.children = tuple(extras)
        total = sum(len(items) for items in self._groups.values())
        self.box.layout.display = None
        if total <= self.max_buttons:
            self.buttons.children = tuple(self._button(label, action, group)
                                          for group, items in self._groups.items() for label, action in items)
            self.buttons.layout.display = None
            self.menus.layout.display = "none"
        else:
            self.buttons.children = ()
            self.buttons.layout.display = "none"
            self.menus.layout.display = None
            self.group_menu.options = [(f"{g} ({len(items)})", g) for g, items in self._groups.items()]
            self.group_menu.value = next(iter(self._groups))
            self._fill_actions()

    def hide(self) -> None:
        self.box.layout.display = "none"
        self.buttons.children = ()
        self.extras.children = ()
        self._groups = {}

    @property
    def visible(self) -> bool:
        return self.box.layout.display != "none"

    def labels(self) -> list[str]:
        """Every action label on offer (for tests and scripts)."""
        return [label for items in self._groups.values() for label, _ in items]

    # -- choosing --------------------------------------------------------------------------
    def _button(self, label: str, action: Action, group: str) -> widgets.Button:
        return button(label, f"{group}: {label}", lambda _b: self.on_choose(action))

    def _fill_actions(self) -> None:
        items = self._groups.get(self.group_menu.value, [])
        self.action_menu.options = [(label, i) for i, (label, _) in enumerate(items)]
        if items:
            self.action_menu.value = 0

    def _play_menu(self, _b: widgets.Button | None = None) -> None:
        items = self._groups.get(self.group_menu.value, [])
        if items and self.action_menu.value is not None:
            self.on_choose(items[self.action_menu.value][1])

    def choose_label(self, label: str) -> None:
        """Play the action shown as ``label`` (as a click would; KeyError if not on offer)."""
        for items in self._groups.values():
            for text, action in items:
                if text == label:
                    self.on_choose(action)
                    return
        raise KeyError(f"no action labelled {label!r} on offer; offered: {self.labels()[:20]}")
