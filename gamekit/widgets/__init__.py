"""Widgets both games share (ipywidgets 8): the game stepper, the event log, seats, action menus.

Only widget modules import ipywidgets; the rule packages never do.  Everything here behaves the
same in JupyterLab, Voila and plain pytest (buttons are clicked with ``.click()``, values set
with ``.value``, outputs read from ``Output.outputs``).
"""
from .chooser import ActionChooser, ActionGroups
from .controls import (append_html, button, clear, output_texts, set_html, shown, undescribed_controls, walk)
from .log import EventLog, format_entry, section_badge
from .scrubber import Scrubber
from .seats import CHANCE_CHOOSE, CHANCE_SEEDED, HUMAN, SeatPicker, seat_options
from .stepper import (GameStepper, GameView, Picture, derived_seed, group_by_kind, observation_html,
                      public_action_text)

__all__ = [
    "ActionChooser", "ActionGroups", "CHANCE_CHOOSE", "CHANCE_SEEDED", "EventLog", "GameStepper", "GameView",
    "HUMAN", "Picture", "Scrubber", "SeatPicker", "append_html", "button", "clear", "derived_seed",
    "format_entry", "group_by_kind", "observation_html", "output_texts", "public_action_text", "section_badge",
    "seat_options", "set_html", "shown", "undescribed_controls", "walk",
]
