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

Pressed, the buttons set the coach to work in a thread (:mod:`.background`), so the stepper stays live
(see :class:`CoachAdvisor`); called from code, :meth:`CoachAdvisor.advise` and :meth:`CoachAdvisor.review`
answer at once.
"""
from __future__ import annotations

import html
import threading
from typing import TYPE_CHECKING, Callable

import ipywidgets as widgets

from ..actions import Action
from ..coach import (Advice, CoachModel, Review, advise, margin_note, model_of, numbered_as_the_log, percent, ranked_by,
                     review, with_margin)
from ..i18n import gettext as _
from ..i18n import ngettext
from .advice import Advisor
from .background import CoachWork
from .controls import button, escape, escape_text
from .seats import HUMAN

if TYPE_CHECKING:
    from .stepper import GameStepper

#: Samples of the hidden information and the luck per option for a Hint / Why? (a fixed number, no time
#: limit: the advice must not depend on the machine's speed, or twin positions could get different advice).
HINT_SAMPLES = 12
#: Samples per reviewed decision (a review judges every decision of the reviewed seats).
REVIEW_SAMPLES = 4


class CoachAdvisor(Advisor):
    """Hint / Why? from the coach, and the game review (see the module docstring).

    Pressed, the buttons set the coach to work in a thread (:class:`~.background.CoachWork`; the stepper stays
    live): "The coach is thinking…" (a Hint, Why?) or "The coach is reviewing the game… k of n decisions"
    meanwhile, both buttons disabled; the answer replaces the pane when it comes, unless the position has
    changed by then (a move, undo, a new game, a load, another seat revealed or seated): then it is dropped.
    From code, :meth:`advise` and :meth:`review` answer at once (``wait=True``, the default)."""

    def __init__(self, stepper: GameStepper, shown: int = 6, samples: int = HINT_SAMPLES,
                 review_samples: int = REVIEW_SAMPLES) -> None:
        super().__init__(stepper, shown)
        self.samples, self.review_samples = samples, review_samples
        self.button.tooltip = _("Ask the coach to rank the options, in the game's unit and in chance of winning")
        self.review_button = button("", "", self.clicked(lambda: self.review(wait=False)))
        self.word()
        self.review_button.layout.display = "none"
        self.box.children = [widgets.HBox([self.button, self.review_button]), self.pane]
        self.last_review: Review | None = None
        self._lock = threading.RLock()
        self.coach = CoachWork(self.pane, self._lock, self.show_buttons)

    @property
    def coach_thread(self) -> threading.Thread | None:
        """The coach's last work in the background (None before the first): tests join it."""
        return self.coach.thread

    def wait_for_coach(self, timeout: float | None = None) -> None:
        """Wait until the coach's work in the background is done (its answer shown or dropped)."""
        self.coach.wait(timeout)

    def refresh(self) -> None:
        """After every change: the buttons, and the pane emptied unless the coach still works on this position."""
        with self._lock:
            if not self.coach.busy:
                self.pane.value = ""
            self.show_buttons()

    def word(self) -> None:
        """The buttons' words in the reader's language."""
        self.review_button.description = _("Review")
        self.review_button.tooltip = _("After the game: the coach's judgement of each human's moves, the costliest "
                                       "first, and every player's chance of winning along the game")
        if hasattr(self, "coach"):
            self.show_buttons()

    def show_buttons(self) -> None:
        """Hint / Why? and Review (after the game), neither pressable while the coach works."""
        with self._lock:
            super().show_buttons()
            self.review_button.layout.display = None if self.stepper.state.is_terminal() else "none"
            self.review_button.disabled = self.coach.busy
            if not self.button.disabled:
                seat = self.stepper.state.current_player()
                human = seat is not None and self.stepper.seats[seat] == HUMAN
                self.button.tooltip = (
                    _("Ask the coach which option is best for you, and why") if human else
                    _("A bot's reasons stay hidden while a human plays (they would give its hand away)")
                    if self.stepper.secrets_kept() else _("Ask the coach to weigh this bot's options"))
            self.button.disabled = self.button.disabled or self.coach.busy

    def press(self) -> None:
        """The Hint / Why? button: the coach's ranking, in the background."""
        self.advise(wait=False)

    def advise(self, wait: bool = True) -> list[tuple[Action, float]]:
        """Fill the pane with the coach's ranking; returns ``(action, chance of winning)`` best first (empty when
        no advice may be shown).  ``wait=False`` (the button): the coach works in a thread and this returns an
        empty list at once (nothing while the coach is still at work)."""
        if wait:
            self.coach.wait()
        elif self.coach.busy:
            return []
        st = self.stepper
        s = st.state
        seat = s.current_player()
        if seat is None:
            return self._say(_("No decision to explain here (chance or end of game)."))
        human = st.seats[seat] == HUMAN
        if human and st.visible_seat() != seat:
            return self._say(_("Reveal this seat's view first: a hint would give away its hand."))
        if not human and st.secrets_kept():
            return self._say(_("{}'s reasons stay hidden while a human plays: the coach would weigh them with what "
                               "only its seat may see. Ask for a Hint on your own turn, or watch a game of bots only "
                               "to see their reasons.").format(st.name(seat)))
        ranked: list[tuple[Action, float]] = []

        def work() -> str:
            advice = advise(s, seat, samples=self.samples, seed=st.public_move())
            ranked.extend((o.action, o.win.mean) for o in advice.options)
            return self.html(advice, _("Hint") if human else _("Why?"))

        self._ask(work, "<i>{}</i>".format(escape_text(_("The coach is thinking…"))), wait)
        return ranked if wait else []

    def html(self, advice: Advice, what: str) -> str:
        """The ranking as a table (each estimate with its 95% margin), then the coach's sentences."""
        return advice_html(advice, model_of(self.stepper.state), self.stepper.name(advice.seat), what, self.shown)

    def review(self, wait: bool = True) -> Review | None:
        """After the game: review the humans' decisions (every seat's if no human played); show the costliest
        moves and the chart, and keep the review in :attr:`last_review`.  Returns it with ``wait=True``;
        ``wait=False`` (the Review button): the coach works in a thread, its progress in the pane, and this
        returns None at once (the review is dropped if the position changes before it is done)."""
        if wait:
            self.coach.wait()
        elif self.coach.busy:
            return None
        st = self.stepper
        s = st.state
        if not s.is_terminal():
            self._say(_("The review comes after the game."))
            return None
        humans = [p for p in range(s.num_players) if st.seats[p] == HUMAN]
        found: list[Review] = []

        def progress(done: int, total: int) -> None:
            text = "<i>{}</i>".format(escape_text(_("The coach is reviewing the game… {done} of {total} decisions")
                                                  .format(done=done, total=total)))
            if wait:
                self.pane.value = text
            else:
                self.coach.report(text)  # (stops the review if its position has gone)

        def work() -> str:
            result = review(s, humans or None, samples=self.review_samples, progress=progress)
            found.append(numbered_as_the_log(result, s) if st.counts_decisions() else result)
            return review_html(found[0], _("the humans' moves") if humans else _("every seat's moves"))

        def keep() -> None:
            self.last_review = found[0]

        self._ask(work, "<i>{}</i>".format(escape_text(_("The coach is reviewing the game…"))), wait, keep)
        return found[0] if wait else None

    def _ask(self, work: Callable[[], str], thinking: str, wait: bool, shown: Callable[[], None] | None = None) -> None:
        """Show ``thinking``, then ``work``'s answer (HTML): at once (``wait``) or from a thread, if the position
        asked about is still the stepper's then (the same state, the same seat's view shown, the same seats)."""
        self.pane.value = thinking
        if wait:
            self.pane.value = work()
            if shown is not None:
                shown()
            return
        st = self.stepper
        asked = (st.state, st.visible_seat(), tuple(st.seats))

        def wanted() -> bool:
            return st.state is asked[0] and (st.visible_seat(), tuple(st.seats)) == asked[1:]

        self.coach.start(work, wanted, shown)


def advice_html(advice: Advice, model: CoachModel, name: str, what: str, shown: int = 6) -> str:
    """The coach's ranking of ``name``'s options as a table, best first by the chance of winning (said above it;
    the final result in the game's unit and the chance of winning, each with its 95% margin; the first ``shown``
    options), the margin explained once under it, then its sentences.  ``what`` titles it ("Hint", "Why?").  The
    stepper's Hint / Why? and a classroom seat's Hint both show this."""
    cells = [(escape(o.text), with_margin(o.value, model.format_value, model.format_change),
              with_margin(o.win, percent)) for o in advice.options[:shown]]
    rows = "".join(f"<tr><td>{option}</td><td class='gk-num'>{escape(value)}</td><td class='gk-num'>{win}</td></tr>"
                   for option, value, win in cells)
    more = len(advice.options) - shown + advice.unranked
    tail = "<div><i>{}</i></div>".format(escape_text(_("… and {} more options").format(more))) if more > 0 else ""
    margins = any("±" in value + win for _, value, win in cells)
    note = f"<div class='gk-help'>{html.escape(margin_note(advice.samples), quote=False)}</div>" if margins else ""
    sentences = "".join(f"<p>{escape(t)}</p>" for t in advice.sentences)
    sampled = escape(model.sampled.format(seat=name))
    head = _("{what} (the coach, {name}, {samples} samples of {sampled}):").format(
        what=escape(what), name=escape(name), samples=advice.samples, sampled=sampled)
    columns = "".join(f"<th>{escape_text(c)}</th>" for c in (
        _("option"), _("final result ({})").format(advice.unit), _("chance of winning")))
    return (f"<b>{head}</b><div>{escape(ranked_by(advice))}</div><table class='gk-table'><tr>{columns}</tr>"
            f"{rows}</table>{tail}{note}{sentences}")


def review_html(result: Review, whose: str) -> str:
    """A review's costliest moves in sentences and its chart (inline SVG: sharp at any pixel ratio, its type at
    least 14 px as shown); ``whose``: which moves it judged ("the humans' moves", "your moves").  The stepper's
    Review and a classroom seat's both show this."""
    from ..plotting import figure_svg, new_figure, plot_review, readable_type

    with readable_type():
        fig = new_figure(6.0, 3.4)
        plot_review(result, fig.add_subplot())
        fig.tight_layout()
        chart = figure_svg(fig)
    sentences = result.sentences()
    lines = "".join(f"<li>{escape(line)}</li>" for line in sentences)
    note = (f"<div class='gk-help'>{html.escape(margin_note(result.samples), quote=False)}</div>"
            if any("±" in line for line in sentences) else "")
    whose = html.escape(whose, quote=False)
    head = ngettext("Review ({whose}, {n} decision; the costliest first):",
                    "Review ({whose}, {n} decisions; the costliest first):", len(result.moves)).format(
        whose=whose, n=len(result.moves))
    label = escape(_("Each player's chance of winning along the game"))
    return (f"<b>{head}</b><ul>{lines}</ul>{note}<div class='gk-chart' role='img' aria-label=\"{label}\">"
            f"{chart}</div>")
