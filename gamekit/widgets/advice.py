"""Hint / Why?: one small, replaceable piece of the stepper.

:class:`Advisor` owns a button and a pane.  Pressed on a bot's turn it shows the bot's reasons (its
candidate moves and their values, each with its unit); on a human's turn it asks a bot sitting in
that seat for a hint.  While a human plays a game with hidden information a bot's reasons stay
hidden (they rest on the bot's hand).  A game's :class:`~gamekit.widgets.GameView` may name another
advisor class (``advisor=...``, e.g. a coach with levels): the stepper only calls ``refresh()``
after every change and ``advise()`` from code (``stepper.explain()``); the button calls ``press()``
(here ``advise()``; the coach answers in a thread instead).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..actions import Action
from .controls import button, escape
from .seats import HUMAN

if TYPE_CHECKING:
    from .stepper import GameStepper

#: Which bot gives a human's hint: the first of these the game has.
HINT_BOTS = ("heuristic", "search", "random")


class Advisor:
    """The Hint / Why? button and its pane (see the module docstring)."""

    def __init__(self, stepper: GameStepper, shown: int = 6) -> None:
        self.stepper = stepper
        self.shown = shown
        self.button = button("Why?", "Show the candidate actions the bot weighs, with their values",
                             lambda _b: self.press())
        self.pane = widgets.HTML()
        self.pane.add_class("gk-advice")
        self.box = widgets.VBox([widgets.HBox([self.button]), self.pane])

    def refresh(self) -> None:
        """After every change: the button's words, and the pane emptied."""
        self.pane.value = ""
        self.show_buttons()

    def show_buttons(self) -> None:
        """The button's words and whether it may be pressed (a decision to explain)."""
        st = self.stepper
        seat = st.state.current_player()
        self.button.disabled = seat is None
        human = seat is not None and st.seats[seat] == HUMAN
        self.button.description = "Hint" if human else "Why?"
        self.button.tooltip = (
            "Ask a bot which actions it would weigh here, with their values" if human else
            "A bot's reasons stay hidden while a human plays (they would give its hand away)"
            if st.secrets_kept() else "Show the candidate actions the bot weighs, with their values")

    def press(self) -> None:
        """The button: :meth:`advise`."""
        self.advise()

    def advise(self) -> list[tuple[Action, float]]:
        """Fill the pane; returns the candidates shown (empty when none may be shown)."""
        st = self.stepper
        s = st.state
        seat = s.current_player()
        if seat is None:
            return self._say("No decision to explain here (chance or end of game).")
        kind = st.seats[seat]
        if kind == HUMAN:
            if st.visible_seat() != seat:
                return self._say("Reveal this seat's view first: a hint would give away its hand.")
            kind = next((k for k in HINT_BOTS if k in st.view.bots), "")
            if not kind:
                return self._say("This game has no bot to ask.")
        elif st.secrets_kept():
            return self._say(f"{st.name(seat)}'s reasons stay hidden while a human plays: the {kind} bot weighs "
                             "its candidates with what only its seat may see. Ask for a Hint on your own turn, or "
                             "watch a game of bots only to see their reasons.")
        bot = st.bot(seat, kind)
        if not hasattr(bot, "explain"):
            return self._say(f"The {kind} bot cannot explain its choices.")
        ranked = sorted(bot.explain(s), key=lambda av: -av[1])
        value = st.view.value_text
        rows = "".join(f"<tr><td>{escape(st.label(s, a))}</td><td class='gk-num'>{escape(value(kind, v))}</td></tr>"
                       for a, v in ranked[:self.shown])
        more = f"<div><i>… and {len(ranked) - self.shown} more</i></div>" if len(ranked) > self.shown else ""
        what = "Hint" if st.seats[seat] == HUMAN else "Why"
        name = escape(st.view.value_name(kind))
        self.pane.value = (f"<b>{what} ({escape(kind)} bot, {escape(st.name(seat))}):</b>"
                           f"<div>The bot's candidates, ranked by its {name}, best first:</div>"
                           f"<table class='gk-table'><tr><th>candidate</th><th>{name}</th>"
                           f"</tr>{rows}</table>{more}")
        return ranked

    def _say(self, text: str) -> list[tuple[Action, float]]:
        self.pane.value = f"<i>{escape(text)}</i>"
        return []
