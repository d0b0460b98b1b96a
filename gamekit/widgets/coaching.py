"""The coach in the stepper: Hint and Why? from :mod:`gamekit.coach`, and the game review.

:class:`CoachAdvisor` replaces the stepper's :class:`~gamekit.widgets.advice.Advisor` (a game's
``GameView(advisor=CoachAdvisor)``).  Pressed on a human's turn (Hint) or a bot's (Why?), it ranks
the seat's options with the coach: each with its final result in the game's unit (dollars,
points) and its chance of winning, both with their 95% margins, and the coach's plain sentences.
The coach samples only what that seat may see (``determinize``), so the advice is the same for
any two positions that differ only in what the seat cannot see.  The same rules as the plain
advisor keep hands hidden: a Hint only while the seat's own view is shown, no Why? for a bot
while a human plays a game with hidden information.

Once the game is over a **Review** button appears: the coach judges every human's decisions (every
seat's when bots played alone), lists the costliest moves in sentences and charts each seat's
chance of winning along the game (:func:`gamekit.plotting.plot_review`).
"""
from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..actions import Action
from ..coach import Advice, CoachModel, Review, advise, model_of, review
from .advice import Advisor
from .controls import button, escape
from .seats import HUMAN

if TYPE_CHECKING:
    from .stepper import GameStepper

#: Samples of the hidden information and the luck per option for a Hint / Why? (a fixed number, no time
#: limit: the advice must not depend on the machine's speed, or twin positions could get different advice).
HINT_SAMPLES = 12
#: Samples per reviewed decision (a review judges every decision of the reviewed seats).
REVIEW_SAMPLES = 4


class CoachAdvisor(Advisor):
    """Hint / Why? from the coach, and the game review (see the module docstring)."""

    def __init__(self, stepper: GameStepper, shown: int = 6, samples: int = HINT_SAMPLES,
                 review_samples: int = REVIEW_SAMPLES) -> None:
        super().__init__(stepper, shown)
        self.samples, self.review_samples = samples, review_samples
        self.button.tooltip = "Ask the coach to rank the options, in the game's unit and in chance of winning"
        self.review_button = button("Review", "After the game: the coach's judgement of each human's moves, the "
                                    "costliest first, and every player's chance of winning along the game",
                                    lambda _b: self.review())
        self.review_button.layout.display = "none"
        self.box.children = [widgets.HBox([self.button, self.review_button]), self.pane]
        self.last_review: Review | None = None

    def refresh(self) -> None:
        super().refresh()
        over = self.stepper.state.is_terminal()
        self.review_button.layout.display = None if over else "none"
        if not self.button.disabled:
            human = self.button.description == "Hint"
            self.button.tooltip = ("Ask the coach which option is best for you, and why" if human else
                                   "A bot's reasons stay hidden while a human plays (they would give its hand away)"
                                   if self.stepper.secrets_kept() else "Ask the coach to weigh this bot's options")

    def advise(self) -> list[tuple[Action, float]]:
        """Fill the pane with the coach's ranking; returns ``(action, chance of winning)`` best first (empty when
        no advice may be shown)."""
        st = self.stepper
        s = st.state
        seat = s.current_player()
        if seat is None:
            return self._say("No decision to explain here (chance or end of game).")
        human = st.seats[seat] == HUMAN
        if human and st.visible_seat() != seat:
            return self._say("Reveal this seat's view first: a hint would give away its hand.")
        if not human and st.secrets_kept():
            return self._say(f"{st.name(seat)}'s reasons stay hidden while a human plays: the coach would weigh "
                             "them with what only its seat may see. Ask for a Hint on your own turn, or watch a "
                             "game of bots only to see their reasons.")
        advice = advise(s, seat, samples=self.samples, seed=s.move_number)
        self.pane.value = self.html(advice, "Hint" if human else "Why?")
        return [(o.action, o.win.mean) for o in advice.options]

    def html(self, advice: Advice, what: str) -> str:
        """The ranking as a table (each estimate with its 95% margin), then the coach's sentences."""
        return advice_html(advice, model_of(self.stepper.state), self.stepper.name(advice.seat), what, self.shown)

    def review(self) -> Review | None:
        """After the game: review the humans' decisions (every seat's if no human played); show the costliest
        moves and the chart."""
        st = self.stepper
        s = st.state
        if not s.is_terminal():
            self._say("The review comes after the game.")
            return None
        humans = [p for p in range(s.num_players) if st.seats[p] == HUMAN]
        self.pane.value = "<i>The coach is reviewing the game…</i>"
        result = review(s, humans or None, samples=self.review_samples)
        self.last_review = result
        self.pane.value = review_html(result, "the humans' moves" if humans else "every seat's moves")
        return result


def advice_html(advice: Advice, model: CoachModel, name: str, what: str, shown: int = 6) -> str:
    """The coach's ranking of ``name``'s options as a table, best first (the final result in the game's unit and
    the chance of winning, each with its 95% margin; the first ``shown`` options), then its sentences.  ``what``
    titles it ("Hint", "Why?").  The stepper's Hint / Why? and a classroom seat's Hint both show this."""
    rows = "".join(
        f"<tr><td>{escape(o.text)}</td>"
        f"<td class='gk-num'>{escape(model.format_value(o.value.mean))} ± "
        f"{escape(model.format_change(o.value.half_width))}</td>"
        f"<td class='gk-num'>{o.win.mean:.0%} ± {o.win.half_width:.0%}</td></tr>"
        for o in advice.options[:shown])
    more = len(advice.options) - shown + advice.unranked
    tail = f"<div><i>… and {more} more options</i></div>" if more > 0 else ""
    sentences = "".join(f"<p>{escape(t)}</p>" for t in advice.sentences)
    seat = escape(name)
    return (f"<b>{escape(what)} (the coach, {seat}, {advice.samples} samples of the luck and of what {seat} "
            "cannot see):</b>"
            f"<table class='gk-table'><tr><th>option</th><th>final result ({escape(advice.unit)})</th>"
            f"<th>chance of winning</th></tr>{rows}</table>{tail}{sentences}")


def review_html(result: Review, whose: str) -> str:
    """A review's costliest moves in sentences and its chart (an inline PNG); ``whose``: which moves it judged
    ("the humans' moves", "your moves").  The stepper's Review and a classroom seat's both show this."""
    from ..plotting import figure_png, new_figure, plot_review

    fig = new_figure(7.0, 3.6)
    plot_review(result, fig.add_subplot())
    png = base64.b64encode(figure_png(fig)).decode("ascii")
    lines = "".join(f"<li>{escape(line)}</li>" for line in result.text().splitlines())
    whose = html.escape(whose, quote=False)
    return (f"<b>Review ({whose}, {len(result.moves)} decisions; the costliest first):</b><ul>{lines}</ul>"
            f"<img alt=\"Each player's chance of winning along the game\" src='data:image/png;base64,{png}' "
            "style='max-width:100%'>")
