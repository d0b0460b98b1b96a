"""Practice with questions from the engines (:mod:`gamekit.questions`): a question, the picture of its position,
immediate feedback, "Another one", a running score, and questions that get harder as answers come right.

    from gamekit.widgets.questions import practice
    import giganten as g
    practice(g.questions, kinds=["new_price", "price_zone"])     # or several games: practice([g.questions, ...])

The picture is the game's own (``<game>.widgets.view().picture``), drawn from what the asked seat may see
(or, for a question asked of no seat, what everyone sees).  When every option names a part of the picture
(``Question.targets``) the answer is given by clicking that part; otherwise by the option buttons.  After
``level_up`` right answers in a row the level goes up by one (a later round, more pieces); a wrong answer starts
the count again.  The same seed gives the same series of questions.
"""
from __future__ import annotations

import importlib
import random
from functools import partial
from typing import Any, Sequence

import ipywidgets as widgets

from ..protocol import GameState
from ..questions import Feedback, Kind, Question, Questions
from ..i18n import gettext as _
from .clickable import Clickable
from .controls import button, escape, escape_text
from .stepper import GameView, Picture
from .style import stylesheet

#: The highest level the widget asks for.
TOP_LEVEL = 9


def view_of(state: GameState) -> GameView | None:
    """The game's widget view (``<game>.widgets.view()``), or None for a game without one."""
    package = type(state).__module__.split(".")[0]
    try:
        module = importlib.import_module(f"{package}.widgets")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.widgets":
            raise
        return None
    view = getattr(module, "view", None)
    return view() if callable(view) else None


class QuestionPractice:
    """The practice widget (see the module docstring); show it as a cell's last line.

    ``questions``: a game's questions (``g.questions``: anything with ``kinds()`` and ``make()``) or several;
    ``kinds``: the names of the kinds to ask (default: all); ``level``: where to start; ``level_up``: right
    answers in a row before the level rises.
    For tests and notebooks: :meth:`answer` (an option's index or text), :meth:`click` (a picture part),
    :meth:`another`; :attr:`question`, :attr:`feedback`, :attr:`right`, :attr:`asked`, :attr:`level`."""

    def __init__(self, questions: Questions | Sequence[Questions], kinds: Sequence[str] | None = None, *,
                 seed: int = 0, level: int = 0, level_up: int = 2) -> None:
        sets = [questions] if isinstance(questions, Questions) else list(questions)
        self.pool: list[tuple[Questions, Kind]] = [(qs, k) for qs in sets for k in qs.kinds()
                                                   if kinds is None or k.name in kinds]
        if not self.pool:
            known = ", ".join(k.name for qs in sets for k in qs.kinds())
            raise ValueError(f"no kind of question to ask: choose among {known}")
        self.rng = random.Random(seed)
        self.level, self.level_up = level, level_up
        self.right = self.asked = self.streak = 0
        self.question: Question | None = None
        self.kind: Kind | None = None
        self.feedback: Feedback | None = None
        self._pictures: dict[str, Picture | None] = {}
        self._build()
        self.another()

    # -- layout ----------------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.header = widgets.HTML()
        self.picture = Clickable(description=_("The position of the question"))
        self.picture.on_click(self._clicked)
        self.prompt = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback_pane = widgets.HTML()
        self.score = widgets.HTML()
        self.next_button = button(_("Another one"), _("Ask another question"), lambda _b: self.another(),
                                  icon="forward")
        self.widget = widgets.VBox([stylesheet(), self.header, self.picture, self.prompt, self.buttons,
                                    self.feedback_pane, widgets.HBox([self.next_button, self.score])])
        self.widget.add_class("gk-kit")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def clicking(self) -> bool:
        """Whether this question is answered by clicking the picture (every option names a part of it)."""
        q = self.question
        return q is not None and bool(q.targets) and all(q.targets) and self._picture_of(q.state) is not None

    def _picture_of(self, state: GameState) -> Picture | None:
        package = type(state).__module__.split(".")[0]
        if package not in self._pictures:
            view = view_of(state)
            self._pictures[package] = view.picture() if view is not None and view.picture is not None else None
        return self._pictures[package]

    # -- asking and answering --------------------------------------------------------------------------------
    def another(self) -> Question:
        """Ask the next question (a kind drawn from the pool, at the current level)."""
        questions, self.kind = self.rng.choice(self.pool)
        self.question = questions.make(self.kind.name, seed=self.rng.getrandbits(32), level=self.level)
        self.feedback = None
        self._show()
        return self.question

    def answer(self, choice: int | str) -> Feedback:
        """Answer the question (an option's index or its text): the feedback, counted in the score once."""
        q = self.question
        assert q is not None
        if self.feedback is not None:
            return self.feedback
        self.feedback = feedback = q.check(choice)
        self.asked += 1
        if feedback.correct:
            self.right += 1
            self.streak += 1
            if self.streak >= self.level_up and self.level < TOP_LEVEL:
                self.level += 1
                self.streak = 0
        else:
            self.streak = 0
        self._show_feedback(q.index(choice))
        return feedback

    def click(self, target: str) -> Feedback:
        """Answer by the picture's part ``target`` (as a click on it does)."""
        q = self.question
        assert q is not None
        option = q.target_option(target)
        if option is None:
            raise ValueError(f"{target!r} is not an answer to this question")
        return self.answer(option)

    def _clicked(self, target: str) -> None:
        self.click(target)

    def _answer_button(self, i: int, _button: widgets.Button) -> None:
        self.answer(i)

    # -- showing ---------------------------------------------------------------------------------------------
    def _show(self) -> None:
        q, kind = self.question, self.kind
        assert q is not None and kind is not None
        sort = _("what would you do? (the coach judges)") if kind.judgement else _("a rule question")
        level = _("level {}").format(self.level)
        self.header.value = (f"<div class='gk-lesson'><b>{escape(kind.title)}</b> · {escape(_(kind.section))} · "
                             f"{escape_text(sort)} · {escape_text(level)}</div>")
        self.prompt.value = f"<div class='gk-status'>{escape(q.prompt)}</div>" + (
            "<div class='gk-help'>{}</div>".format(escape_text(_(
                "Click your answer on the picture (the highlighted parts: {}).").format(", ".join(q.options))))
            if self.clicking else "")
        self._draw()
        self.buttons.children = [] if self.clicking else [
            button(option, _("Answer: {}").format(option), partial(self._answer_button, i))
            for i, option in enumerate(q.options)]
        self.feedback_pane.value = ""
        self._score()

    def _draw(self, chosen: str = "") -> None:
        """The position as the asked seat sees it; the options' parts clickable until answered, then the chosen
        one marked."""
        q = self.question
        assert q is not None
        picture = self._picture_of(q.state)
        if picture is None:
            self.picture.layout.display = "none"
            return
        self.picture.layout.display = None
        labels = {t: o for t, o in zip(q.targets, q.options) if t and (self.feedback is None or t == chosen)} \
            if self.clicking else {}
        self.picture.show(picture.render(q.state, q.seat, labels), list(labels))
        self.picture.chosen = chosen

    def _show_feedback(self, chosen: int) -> None:
        q, feedback = self.question, self.feedback
        assert q is not None and feedback is not None
        for i, b in enumerate(self.buttons.children):
            b.disabled = True
            if i == chosen:
                b.button_style = "success" if feedback.correct else "danger"
            elif i in (q.answer, feedback.best):
                b.button_style = "info"
        self._draw(q.targets[chosen] or "" if self.clicking else "")
        mark = "✔" if feedback.correct else "✘"
        self.feedback_pane.value = (f"<div class='{'gk-lesson' if feedback.correct else 'gk-error'}'><b>{mark}</b> "
                                    f"{escape(feedback.text)}</div>")
        self._score()

    def _score(self) -> None:
        parts = [_("Score: {right} of {asked}").format(right=self.right, asked=self.asked),
                 _("level {}").format(self.level)]
        if self.streak:
            parts.append(_("{} right in a row").format(self.streak))
        self.score.value = f"<span class='gk-status'>{escape_text(' · '.join(parts))}</span>"


def practice(questions: Questions | Sequence[Questions], kinds: Sequence[str] | None = None, *, seed: int = 0,
             level: int = 0, level_up: int = 2) -> QuestionPractice:
    """The practice widget for one game's questions or several (see :class:`QuestionPractice`)."""
    return QuestionPractice(questions, kinds, seed=seed, level=level, level_up=level_up)
