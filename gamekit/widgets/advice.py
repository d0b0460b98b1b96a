"""Hint / Why?: one small, replaceable piece of the stepper.

:class:`Advisor` owns a button and a pane.  Pressed on a bot's turn it shows the bot's reasons (its
candidate moves and their values, each with its unit); on a human's turn it asks a bot sitting in
that seat for a hint.  While a human plays a game with hidden information a bot's reasons stay
hidden (they rest on the bot's hand).  A game's :class:`~gamekit.widgets.GameView` may name another
advisor class (``advisor=...``, e.g. a coach with levels): the stepper only calls ``refresh()``
after every change, ``word()`` when its language changes and ``advise()`` from code (``stepper.explain()``);
the button calls ``press()`` (here ``advise()``; the coach answers in a thread instead), in the stepper's
language (:meth:`Advisor.clicked`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import ipywidgets as widgets

from ..actions import Action
from ..i18n import gettext as _
from ..i18n import using
from .controls import button, escape, escape_text
from .seats import HUMAN, kind_name

if TYPE_CHECKING:
    from .stepper import GameStepper

#: Which bot gives a human's hint: the first of these the game has.
HINT_BOTS = ("heuristic", "search", "random")


class Advisor:
    """The Hint / Why? button and its pane (see the module docstring)."""

    def __init__(self, stepper: GameStepper, shown: int = 6) -> None:
        self.stepper = stepper
        self.shown = shown
        self.button = button(_("Why?"), _("Show the candidate actions the bot weighs, with their values"),
                             self.clicked(self.press))
        #: The button pressed last (its action): a new language asks it again while its answer is shown.
        self.pressed: Callable[[], object] | None = None
        self.pane = widgets.HTML()
        self.pane.add_class("gk-advice")
        self.box = widgets.VBox([widgets.HBox([self.button]), self.pane])

    def clicked(self, action: Callable[[], object]) -> Callable[[widgets.Button], None]:
        """A button's callback: ``action`` in the stepper's language."""
        def click(_b: widgets.Button) -> None:
            self.pressed = action
            with using(self.stepper.lang):
                action()

        return click

    def word(self) -> None:
        """The button's words in the reader's language (the stepper refreshes the rest)."""
        self.show_buttons()

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
        self.button.description = _("Hint") if human else _("Why?")
        self.button.tooltip = (
            _("Ask a bot which actions it would weigh here, with their values") if human else
            _("A bot's reasons stay hidden while a human plays (they would give its hand away)")
            if st.secrets_kept() else _("Show the candidate actions the bot weighs, with their values"))

    def press(self) -> None:
        """The button: :meth:`advise`."""
        self.advise()

    def advise(self) -> list[tuple[Action, float]]:
        """Fill the pane; returns the candidates shown (empty when none may be shown)."""
        st = self.stepper
        s = st.state
        seat = s.current_player()
        if seat is None:
            return self._say(_("No decision to explain here (chance or end of game)."))
        kind = st.seats[seat]
        if kind == HUMAN:
            if st.visible_seat() != seat:
                return self._say(_("Reveal this seat's view first: a hint would give away its hand."))
            kind = next((k for k in HINT_BOTS if k in st.view.bots), "")
            if not kind:
                return self._say(_("This game has no bot to ask."))
        elif st.secrets_kept():
            return self._say(_("{name}'s reasons stay hidden while a human plays: the {kind} bot weighs its "
                               "candidates with what only its seat may see. Ask for a Hint on your own turn, or "
                               "watch a game of bots only to see their reasons.").format(name=st.name(seat),
                                                                                         kind=kind_name(kind)))
        bot = st.bot(seat, kind)
        if not hasattr(bot, "explain"):
            return self._say(_("The {} bot cannot explain its choices.").format(kind_name(kind)))
        ranked = sorted(bot.explain(s), key=lambda av: -av[1])
        value = st.view.value_text
        rows = "".join(f"<tr><td>{escape(st.label(s, a))}</td><td class='gk-num'>{escape(value(kind, v))}</td></tr>"
                       for a, v in ranked[:self.shown])
        more = ("<div><i>{}</i></div>".format(escape_text(_("… and {} more").format(len(ranked) - self.shown)))
                if len(ranked) > self.shown else "")
        what = _("Hint") if st.seats[seat] == HUMAN else _("Why?")
        name = st.view.value_name(kind)
        head = _("{what} ({kind} bot, {name}):").format(what=what, kind=kind_name(kind), name=st.name(seat))
        ranked_by = _("The bot's candidates, ranked by its {}, best first:").format(name)
        self.pane.value = (f"<b>{escape_text(head)}</b><div>{escape_text(ranked_by)}</div>"
                           f"<table class='gk-table'><tr><th>{escape_text(_('candidate'))}</th><th>{escape(name)}</th>"
                           f"</tr>{rows}</table>{more}")
        return ranked

    def _say(self, text: str) -> list[tuple[Action, float]]:
        self.pane.value = f"<i>{escape(text)}</i>"
        return []
