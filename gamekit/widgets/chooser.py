"""A human seat's choice among the legal actions: buttons when few, two menus when many, a number box for an
amount (a bid)."""
from __future__ import annotations

from typing import Callable, Mapping, Optional, Sequence

import ipywidgets as widgets

from ..actions import Action
from ..i18n import N_
from ..i18n import gettext as _
from .controls import Words, button

#: Legal actions as the chooser shows them: group title -> [(label, action), ...], in order.
ActionGroups = Mapping[str, Sequence[tuple[str, Action]]]
#: The amount an action names (a bid of 5: 5), or None for an action without one.
AmountOf = Callable[[Action], Optional[int]]


class ActionChooser:
    """Shows legal actions and calls ``on_choose(action)`` when one is picked.

    Up to ``max_buttons`` actions appear as one button each (Tab to one, Enter to play it).  More
    than that (Giganten can offer hundreds of truck destinations) appear as two menus: the group
    (e.g. "Build a derrick (3)"), then the action within it, and a Play button.  Actions naming an amount
    (``amount_of``, e.g. Giganten's bids of 1 to 23 licenses) are chosen with a number box (arrows, typing,
    the keyboard's up and down keys) and one button saying what it plays ("bid 5"), not from a long menu.
    """

    def __init__(self, on_choose: Callable[[Action], None], max_buttons: int = 12,
                 amount_of: AmountOf | None = None) -> None:
        self.on_choose = on_choose
        self.max_buttons = max_buttons
        self.amount_of = amount_of
        self.title = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        def wide() -> widgets.Layout:
            return widgets.Layout(width="100%")

        self.words = w = Words()
        self.group_menu = w(widgets.Dropdown(layout=wide()), description=N_("Kind"),
                            tooltip=N_("Which kind of action"))
        self.action_menu = w(widgets.Dropdown(layout=widgets.Layout(width="auto", flex="1 1 auto")),
                             description=N_("Action"), tooltip=N_("The action to play"))
        self.play = w.button(N_("Play it"), N_("Play the action chosen in the menu"), self._play_menu,
                             style="primary")
        self.menus = widgets.VBox([self.group_menu, widgets.HBox([self.action_menu, self.play], layout=wide())],
                                  layout=wide())
        #: More buttons under the actions (the stepper's "let chance decide", "Cancel"), set by ``show``.
        self.extras = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.amount = w(widgets.BoundedIntText(layout=widgets.Layout(width="200px")), description=N_("Amount"),
                        tooltip=N_("How much (the arrows or the up and down keys change it)"))
        self.amount_play = button("", "", self._play_amount, style="primary")
        self.amount_row = widgets.HBox([self.amount, self.amount_play], layout=widgets.Layout(
            flex_flow="row wrap", align_items="center"))
        self.amount.observe(lambda _c: self._label_amount(), names="value")
        self.box = widgets.VBox([self.title, self.amount_row, self.buttons, self.menus, self.extras], layout=wide())
        self.box.add_class("gk-chooser")
        self._groups: dict[str, list[tuple[str, Action]]] = {}
        self._menu_groups: dict[str, list[tuple[str, Action]]] = {}
        self._amounts: dict[int, tuple[str, Action]] = {}
        self.group_menu.observe(lambda _c: self._fill_actions(), names="value")
        self.hide()
        self._label_amount()

    # -- showing ---------------------------------------------------------------------------
    def word(self) -> None:
        """The menus' words in the reader's language (the actions on offer are worded by whoever shows them)."""
        self.words.word()
        self._label_amount()

    def show(self, title_html: str, groups: ActionGroups, extras: Sequence[widgets.Widget] = ()) -> None:
        """Offer ``groups`` under ``title_html``, with ``extras`` (buttons) below them."""
        self._groups = {g: list(items) for g, items in groups.items() if items}
        self.title.value = title_html
        self.extras.children = tuple(extras)
        self._split_amounts()
        rest = self._menu_groups
        total = sum(len(items) for items in rest.values())
        self.box.layout.display = None
        self.buttons.children = ()
        self.buttons.layout.display = self.menus.layout.display = "none"
        if rest and total <= self.max_buttons:
            self.buttons.children = tuple(self._button(label, action, group)
                                          for group, items in rest.items() for label, action in items)
            self.buttons.layout.display = None
        elif rest:
            self.menus.layout.display = None
            self.group_menu.options = [(f"{g} ({len(items)})", g) for g, items in rest.items()]
            self.group_menu.value = next(iter(rest))
            self._fill_actions()

    def _split_amounts(self) -> None:
        """Actions naming an amount go to the number box (when there are two or more), the rest to buttons or
        menus."""
        amounts: dict[int, tuple[str, Action]] = {}
        rest: dict[str, list[tuple[str, Action]]] = {}
        for group, items in self._groups.items():
            for label, action in items:
                amount = self.amount_of(action) if self.amount_of is not None else None
                if amount is None:
                    rest.setdefault(group, []).append((label, action))
                else:
                    amounts[amount] = (label, action)
        if len(amounts) < 2:
            amounts, rest = {}, self._groups
        self._amounts, self._menu_groups = amounts, rest
        self.amount_row.layout.display = None if amounts else "none"
        if amounts:
            with self.amount.hold_trait_notifications():
                self.amount.min, self.amount.max = min(amounts), max(amounts)
                self.amount.value = min(amounts)
            self._label_amount()

    def hide(self) -> None:
        self.box.layout.display = "none"
        self.buttons.children = ()
        self.extras.children = ()
        self._groups, self._menu_groups, self._amounts = {}, {}, {}

    @property
    def visible(self) -> bool:
        return self.box.layout.display != "none"

    def labels(self) -> list[str]:
        """Every action label on offer (for tests and scripts)."""
        return [label for items in self._groups.values() for label, _ in items]

    # -- choosing --------------------------------------------------------------------------
    def _button(self, label: str, action: Action, group: str) -> widgets.Button:
        return button(label, f"{group}: {label}", lambda _b: self.on_choose(action))

    def _label_amount(self) -> None:
        """The amount's button says what it plays ("bid 5"); disabled for an amount not on offer."""
        if not self._amounts:
            self.amount_play.description, self.amount_play.tooltip = _("Play it"), _("Play the amount in the box")
            return
        offered = self._amounts.get(self.amount.value)
        self.amount_play.description = offered[0] if offered else _("not allowed")
        self.amount_play.tooltip = _("Play: {}").format(offered[0]) if offered else _("That amount is not allowed now")
        self.amount_play.disabled = offered is None

    def _play_amount(self, _b: widgets.Button | None = None) -> None:
        offered = self._amounts.get(self.amount.value)
        if offered is not None:
            self.on_choose(offered[1])

    def _fill_actions(self) -> None:
        items = self._menu_groups.get(self.group_menu.value, [])
        self.action_menu.options = [(label, i) for i, (label, _) in enumerate(items)]
        if items:
            self.action_menu.value = 0

    def _play_menu(self, _b: widgets.Button | None = None) -> None:
        items = self._menu_groups.get(self.group_menu.value, [])
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
