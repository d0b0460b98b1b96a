"""Widgets both games share (ipywidgets 8 and two small anywidgets): the game stepper, the event log,
seats, action menus, clickable pictures.

Only widget modules import ipywidgets; the rule packages never do.  Everything here behaves the
same in JupyterLab, Voila and plain pytest (buttons are clicked with ``.click()``, values set
with ``.value``, a picture's targets with ``Clickable.click(id)``).
"""
from .advice import Advisor
from .chooser import ActionChooser, ActionGroups
from .clickable import Bridge, Clickable
from .controls import Confirm, button, shown, undescribed_controls, walk
from .log import EventLog, format_entry, section_badge
from .scrubber import Scrubber
from .seats import CHANCE_CHOOSE, CHANCE_SEEDED, HUMAN, SeatPicker, seat_options
from .stepper import (GameStepper, GameView, ObservationPicture, Picture, bot_value_name, bot_value_text,
                      derived_seed, group_by_kind, observation_html, observed, public_action_text, ranking)
from .style import stylesheet

__all__ = [
    "ActionChooser", "ActionGroups", "Advisor", "Bridge", "CHANCE_CHOOSE", "CHANCE_SEEDED", "Clickable", "Confirm",
    "EventLog", "GameStepper", "GameView", "HUMAN", "ObservationPicture", "Picture", "Scrubber", "SeatPicker",
    "bot_value_name", "bot_value_text", "button", "derived_seed", "format_entry", "group_by_kind",
    "observation_html", "observed", "public_action_text", "ranking", "section_badge", "seat_options", "shown",
    "stylesheet", "undescribed_controls", "walk",
]
