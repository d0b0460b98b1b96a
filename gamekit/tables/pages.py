"""The pages of a classroom table: a student's seat and the projector (with the host's controls).

Both are live (:class:`~.live.LiveLink`): a move made anywhere shows on every page of the table within
a fraction of a second.  What a page shows comes from its view (:meth:`TableStore.seat_view`, or
:meth:`TableStore.public_view` for the projector) and from the game's own drawing functions called for
that viewer only, on the state the view was computed from (``store.state(table, view.log_length)``):

* the picture: the game's :class:`~gamekit.widgets.Picture` (an SVG drawn from the viewer's observation,
  :class:`~gamekit.widgets.ObservationPicture`), ``render(state, viewer=seat, targets)``, in a
  :class:`~gamekit.widgets.Clickable` (the projector: ``viewer=None``, what every seat sees); on the
  seat's turn its legal actions' parts of the picture are clickable (the game's ``target_of``);
* the seat's private pane: the game's ``private_html(state, seat)`` (its own hand, the tiles it saw);
* the public summary (money, pieces, license counts), the round and phase labels, and on the seat's
  turn its legal actions grouped as the game's stepper groups them;
* the log, the status, the seats and the final result: from the view's ``content`` only;
* the coach (:mod:`gamekit.coach`), on a seat's page only: on its own turn, when the teacher allows hints
  (``TableInfo.hints``), **Hint** ranks the seat's options (:func:`~gamekit.coach.advise`, which samples
  only what the seat may see, ``determinize(seat)``; a fixed number of samples, seeded with the number of
  decisions in the public log, so the advice depends neither on the machine's speed nor on hidden draws);
  after the game **Review my game** judges the seat's own decisions (:func:`~gamekit.coach.review`, whose
  chart estimates every seat from what the game's model reads: public things only).  Both run in a
  thread, so the page stays live; a hint is cleared when the position changes, a review is kept.

Nothing else of the state is read, so two tables that differ only in what a seat may not see give
that seat byte-identical pages (the twin-table test in tests/tables/test_pages.py compares the whole
widget state the browser receives, pictures included, also after a Hint).  The page never shows a
code, the table's id, the raw log length or a chance draw.
"""
from __future__ import annotations

import importlib
import re
import threading
import time
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..actions import Action
from ..bots import registry
from ..coach import Review, advise, model_of, numbered_as_the_log, review
from ..protocol import Event, GameState, IllegalAction
from ..widgets import ActionChooser, Clickable, GameView, button, format_entry, ranking, stylesheet
from ..widgets.background import CoachWork, run_in_background
from ..widgets.coaching import HINT_SAMPLES, REVIEW_SAMPLES, advice_html, review_html
from ..widgets.controls import escape
from .errors import TableError
from .live import LiveLink
from .store import TableStore
from .views import SeatView

#: How many of the newest log entries a page shows.
LOG_ENTRIES = 30
#: A second click on "End the table" within this many seconds ends it.
CONFIRM_SECONDS = 10.0

PAGE_CSS = """<style>
.gk-table-page { font-size: 15px; max-width: 1900px; }
.gk-table-page .gk-table-title h2 { margin: 2px 0 4px 0; font-size: 22px; }
.gk-table-page .gk-table-status { font-size: 17px; padding: 6px 10px; border-radius: 4px; margin: 2px 0; }
.gk-table-page .gk-hand { border: 2px solid #0072B2; border-radius: 4px; padding: 4px 8px; margin-bottom: 6px; }
.gk-table-page .gk-table-log { max-height: 420px; overflow-y: auto; overflow-x: hidden; border: 1px solid #CCCCCC;
  padding: 2px 6px; }
.gk-table-page .gk-table-log .gk-section { white-space: normal; }
.gk-table-page .jupyter-button { font-size: 15px; height: 34px; }
</style>"""

STATUS_COLORS = {"turn": "#D8F0D8", "wait": "#EEEEEE", "paused": "#FFF0C0", "over": "#DDE8FF", "problem": "#FFD8D8"}


def game_view(module: str) -> GameView:
    """The game's description for widgets (``<module>.widgets.view()``: picture, private pane, summary,
    action groups); a game without a widgets module gets the plain defaults (text, no picture)."""
    spec = importlib.import_module(module).SPEC
    try:
        widgets_module = importlib.import_module(f"{module}.widgets")
    except ModuleNotFoundError as exc:
        if exc.name is None or not f"{module}.widgets".startswith(exc.name):
            raise
        return GameView(spec=spec, bots=registry(module))
    return widgets_module.view()


def result_html(game: GameView, returns: Sequence[float]) -> str:
    """The final result, ranked: "1. <b>Yellow</b> $98,000, 2. <b>Red</b> $19,500, ..."."""
    return ", ".join(f"{place}. <b>{escape(game.player_name(p))}</b> {escape(game.score_text(returns[p]))}"
                     for place, p in ranking(returns))


_TRAVEL_HINT = re.compile(r' title="Go to the position after move \d+"')


def _banner(kind: str, html_text: str) -> str:
    return f"<div class='gk-table-status gk-status-{kind}' style='background:{STATUS_COLORS[kind]}'>{html_text}</div>"


class TablePage:
    """What a seat's page and the projector share: title, status, picture, summary, seats, log, and the
    live link.  Subclasses read their view (:meth:`_read`) and add their own panes."""

    viewer: int | None = None
    widget: widgets.VBox  # the whole page, built by the subclass

    def __init__(self, store: TableStore, table_id: str, live: bool = True) -> None:
        self.store = store
        self.table_id = table_id
        self.info = store.table_info(table_id)
        self.title_text = self.info.title
        self.game = game_view(self.info.module)
        self._lock = threading.RLock()
        self.targets: dict[str, list[Action]] = {}  # the picture's clickable parts -> their actions
        self._picture = self.game.picture() if self.game.picture else None
        self.view: SeatView | None = None
        self.state: GameState | None = None
        self._build()
        self.refresh()
        self.live = LiveLink(store, table_id, lambda: self.revision, self.refresh, self._problem) if live else None
        if self.live is not None:
            self.live.start()

    # -- the widget tree ----------------------------------------------------------------------
    def _build(self) -> None:
        self.header = widgets.HTML()
        self.header.add_class("gk-table-title")
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.problem = widgets.HTML()
        self.picture = Clickable(description=f"{self.game.title or self.game.spec.name}: the table",
                                 layout=widgets.Layout(flex="0 0 auto"))
        self.picture.add_class("gk-picture-view")
        if self._picture is None:
            self.picture.layout.display = "none"
        self.summary = widgets.HTML()
        self.seats = widgets.HTML()
        self.log = widgets.HTML()
        self.log.add_class("gk-table-log")

    def _page(self, side: list[widgets.Widget], css_class: str) -> widgets.VBox:
        """The page: title and status above; the picture with the public summary under it, and beside them
        the ``side`` column (it wraps below on a narrow screen)."""
        board = widgets.VBox([self.picture, self.summary], layout=widgets.Layout(flex="0 0 auto"))
        page = widgets.VBox([
            stylesheet(), widgets.HTML(PAGE_CSS), self.header, self.status, self.problem, self.message,
            widgets.HBox([board, widgets.VBox(side, layout=widgets.Layout(flex="1 1 340px", min_width="340px",
                                                                         max_width="720px", padding="0 0 0 10px"))],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
        ])
        page.add_class("gk-kit")
        page.add_class("gk-table-page")
        page.add_class(css_class)
        return page

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- reading and drawing -------------------------------------------------------------------
    @property
    def revision(self) -> int:
        return -1 if self.view is None else self.view.revision

    def _read(self) -> SeatView:
        raise NotImplementedError

    def refresh(self) -> None:
        """Read the view again and redraw what changed (called by the live link and after an action)."""
        with self._lock:
            view = self._read()
            if self.view is not None and view.revision == self.view.revision and view.content == self.view.content:
                return
            state = self.store.state(view.table, view.log_length)
            self.view, self.state = view, state
            self._draw(view, state)

    def _targets(self, view: SeatView, state: GameState) -> dict[str, list[Action]]:
        """The picture's parts that choose an action (none but on a seat's own turn)."""
        return {}

    def label(self, state: GameState, action: Action) -> str:
        """How the choices name ``action`` (the game's grouping labels)."""
        for items in self.game.group_actions(state, [action]).values():
            for label, _ in items:
                return label
        return str(action)

    def _draw(self, view: SeatView, state: GameState) -> None:
        c = view.content
        self.targets = self._targets(view, state)
        if self._picture is not None:
            labels = {target: " or ".join(self.label(state, a) for a in actions)
                      for target, actions in self.targets.items()}
            self.picture.show(self._picture.render(state, self.viewer, labels), list(labels))
        if self.game.summary_html is not None:
            self.summary.value = self.game.summary_html(state)
        self.seats.value = self._seats_html(c)
        self.status.value = self._status_html(c, state)
        self.header.value = self._header_html(c, state)
        self.log.value = self._log_html(c)  # last: once the log shows a move, the whole page shows it

    def _problem(self, text: str | None) -> None:
        self.problem.value = "" if text is None else _banner("problem", escape(text))

    def name(self, seat: int | None) -> str:
        return "Setup" if seat is None else self.game.player_name(seat)

    def _progress(self, c: dict[str, Any], state: GameState) -> str:
        parts = [str(label(state)) for label in (self.game.round, self.game.phase) if label is not None]
        moves = max(c["log_entries"] - 1, 0)  # entry 0: the setup
        parts.append(f"{moves} move{'' if moves == 1 else 's'}")
        return " · ".join(p for p in parts if p)

    def _header_html(self, c: dict[str, Any], state: GameState) -> str:
        title = escape(self.title_text or self.game.title or self.game.spec.name)
        return (f"<h2>{title} <span style='font-weight:normal;font-size:16px;color:#444'>"
                f"{escape(self.game.title or self.game.spec.name)} · {escape(self._progress(c, state))}</span></h2>")

    def _result_html(self, c: dict[str, Any]) -> str:
        return f"<b>Game over.</b> Final result: {result_html(self.game, c['returns'] or [])}"

    def _seat_line(self, seat: dict[str, Any], c: dict[str, Any]) -> str:
        p = seat["seat"]
        who = "student" if seat["played_by"] == "human" else f"bot ({escape(seat['bot'])})"
        you = " <b>(you)</b>" if p == c["seat"] else ""
        turn = " ◀ to move" if p == c["to_move"] and not c["terminal"] else ""
        return (f"<div style='border-left:8px solid {self.game.player_color(p)};padding-left:6px;margin:2px 0'>"
                f"<b>{escape(self.name(p))}</b>{you}: {who}{turn}</div>")

    def _seats_html(self, c: dict[str, Any]) -> str:
        return "<div><b>At this table</b></div>" + "".join(self._seat_line(s, c) for s in c["seats"])

    def _log_html(self, c: dict[str, Any]) -> str:
        rows = []
        for entry in reversed(c["log"]):
            player = entry["player"]
            events = [Event(e["text"], e["section"], e["player"]) for e in entry["events"]]
            colour = None if player is None else self.game.player_color(player)
            html_text, _ = format_entry(entry["number"], self.name(player), colour, entry["action"], events)
            rows.append(_TRAVEL_HINT.sub("", html_text))  # (the stepper's log goes back in time; a table's does not)
        hidden = c["log_entries"] - len(c["log"])
        more = f"<div style='color:#666666;font-size:12px'>… and {hidden} earlier entries</div>" if hidden > 0 else ""
        return "<div><b>What happened</b> (newest first)</div>" + "".join(rows) + more

    def _status_html(self, c: dict[str, Any], state: GameState) -> str:
        raise NotImplementedError

    def _waiting_text(self, c: dict[str, Any]) -> str:
        to_move = c["to_move"]
        if to_move is None:
            return "Chance and the bots are playing…"  # (a bot's move is stored with the draws before it)
        seat = c["seats"][to_move]
        if seat["played_by"] == "bot":
            return f"{escape(self.name(to_move))} (a bot) is thinking…"
        return f"Waiting for <b>{escape(self.name(to_move))}</b>."

    def close(self) -> None:
        """Stop the live updates (the page stays as it is)."""
        if self.live is not None:
            self.live.stop()


class SeatPage(TablePage):
    """A student's page: their seat's view only (their own hand and choices, the public board, the log),
    and the coach's Hint on their turn (if the teacher allows it) and review after the game.  ``samples``:
    the coach's samples per option for a Hint, ``review_samples`` per reviewed decision."""

    viewer: int

    def __init__(self, store: TableStore, code: str, live: bool = True, samples: int = HINT_SAMPLES,
                 review_samples: int = REVIEW_SAMPLES) -> None:
        self.code = code
        table_id, self.viewer = store.seat_of(code)
        self.samples, self.review_samples = samples, review_samples
        self._coach_at: int | None = None  # the log length of the position the hint shown is for
        self.last_review: Review | None = None  # the review of the seat's moves, once made (never twice)
        self._review: str | None = None  # ... as shown
        super().__init__(store, table_id, live)

    def _build(self) -> None:
        super()._build()
        self.hand_title = widgets.HTML()
        self.hand = widgets.HTML()
        self.hand_box = widgets.VBox([self.hand_title, self.hand])
        self.hand_box.add_class("gk-hand")
        self.choices = widgets.VBox()
        self.choices.add_class("gk-choices")
        self._chooser_for(-1).hide()
        self._chosen_at = -1
        self.picture.on_click(self.pick_target)
        self.hint_button = button("Hint", "Ask the coach which option is best for you, and why",
                                  lambda _b: self.hint(), icon="lightbulb-o")
        self.review_button = button("Review my game", "The coach's judgement of your moves, the costliest first, "
                                    "and every player's chance of winning along the game",
                                    lambda _b: self.review(), icon="line-chart")
        self.coach_pane = widgets.HTML()
        self.coach_pane.add_class("gk-advice")
        self.coach = CoachWork(self.coach_pane, self._lock, self._coach_buttons)  # the Hint's and the review's
        self.coach_box = widgets.VBox([widgets.HBox([self.hint_button, self.review_button]), self.coach_pane])
        self.coach_box.add_class("gk-coach")
        self.widget = self._page([self.hand_box, self.choices, self.coach_box, self.seats, self.log], "gk-seat-page")

    def _chooser_for(self, seen: int) -> ActionChooser:
        """A fresh chooser whose buttons and menus play with the log length the student saw (``seen``): a
        click that reaches the kernel after the page has shown a newer position is refused as stale, never
        played on a position the student did not see."""
        self.chooser = ActionChooser(lambda action: self.choose(action, seen), max_buttons=12)
        self.choices.children = (self.chooser.box,)
        return self.chooser

    def _read(self) -> SeatView:
        return self.store.seat_view(self.code, log_limit=LOG_ENTRIES)

    def _draw(self, view: SeatView, state: GameState) -> None:
        c = view.content
        seat = self.viewer
        self.hand_title.value = f"<b>Only you see this, {escape(self.name(seat))}</b>"
        self.hand.value = self.game.private_html(state, seat)
        self.picture.chosen = ""
        if c["your_turn"]:
            self._offer(state)
        else:
            self.chooser.hide()
        if self._coach_at not in (None, view.log_length):  # the position the hint was for has gone
            self.coach_pane.value, self._coach_at = "", None
        self._coach_buttons()
        super()._draw(view, state)

    # -- the coach ---------------------------------------------------------------------------------
    def _coach_buttons(self) -> None:
        """Hint: while the game goes on, if the teacher allows hints; pressable on the seat's own turn.
        Review my game: once the game is over.  Neither while the coach is at work."""
        c = self.view.content if self.view is not None else {"terminal": False, "your_turn": False}
        self.hint_button.layout.display = None if self.info.hints and not c["terminal"] else "none"
        self.hint_button.disabled = self.coach.busy or not c["your_turn"]
        self.review_button.layout.display = None if c["terminal"] else "none"
        self.review_button.disabled = self.coach.busy

    def hint(self) -> None:
        """On the seat's turn: the coach ranks its options in the background ("The coach is thinking..."
        meanwhile) and shows them, unless the position has changed by then."""
        with self._lock:
            view, state = self.view, self.state
            if (view is None or state is None or not view.content["your_turn"] or not self.info.hints
                    or self.hint_button.disabled):
                return
            at, seed = view.log_length, view.content["log_entries"]  # (the seed: public, unlike log_length)
            self.coach_pane.value, self._coach_at = "<i>The coach is thinking…</i>", at

            def work() -> str:
                advice = advise(state, self.viewer, samples=self.samples, seed=seed)
                return advice_html(advice, model_of(state), self.name(self.viewer), "Hint")

            self.coach.start(work, lambda: self._coach_at == at)

    def review(self) -> None:
        """After the game: the coach judges this seat's decisions in the background (its progress shown)
        and shows the costliest and the chart; made once, then shown again as it was."""
        with self._lock:
            view, state = self.view, self.state
            if view is None or state is None or not view.content["terminal"] or self.review_button.disabled:
                return
            if self._review is not None:
                self.coach_pane.value = self._review
                return
            self.coach_pane.value, self._coach_at = "<i>The coach is reviewing your game…</i>", None

            def progress(done: int, total: int) -> None:
                self.coach.report(f"<i>The coach is reviewing your game: {done} of {total} decisions…</i>")

            def work() -> str:
                result = numbered_as_the_log(
                    review(state, [self.viewer], samples=self.review_samples, progress=progress), state)
                self.last_review, self._review = result, review_html(result, "your moves")
                return self._review

            self.coach.start(work, lambda: True)  # (a review is kept: the game is over, nothing changes)

    @property
    def coach_thread(self) -> threading.Thread | None:
        """The coach's last work (None before the first)."""
        return self.coach.thread

    def wait_for_coach(self, timeout: float | None = None) -> None:
        """Wait until the coach's work (a Hint, the review) is done and shown."""
        self.coach.wait(timeout)

    def _offer(self, state: GameState) -> None:
        where = " (or click a highlighted part of the picture)" if self.game.target_of is not None else ""
        seen = self.view.log_length if self.view is not None else -1
        self._chooser_for(seen).show(f"<b>{escape(self.name(self.viewer))}: your move</b>{where}",
                                     self.game.group_actions(state, state.legal_actions()))

    def _targets(self, view: SeatView, state: GameState) -> dict[str, list[Action]]:
        if not view.content["your_turn"] or self.game.target_of is None:
            return {}
        targets: dict[str, list[Action]] = {}
        for action in state.legal_actions():
            target = self.game.target_of(state, action)
            if target is not None:
                targets.setdefault(target, []).append(action)
        return targets

    def pick_target(self, target: str) -> None:
        """A click on the picture's part ``target``: the first click marks it and offers its action(s) to
        confirm; a second click on it plays its action (when it has only one)."""
        with self._lock:
            actions = self.targets.get(target, [])
            state, view = self.state, self.view
            if not actions or state is None or view is None:
                return
            if target == self.picture.chosen and len(actions) == 1:
                action, seen = actions[0], self._chosen_at
            else:
                self.picture.chosen, self._chosen_at = target, view.log_length
                cancel = button("Cancel", "Back to every move", lambda _b: self._cancel())
                self._chooser_for(view.log_length).show(
                    f"<b>{escape(self.name(self.viewer))}: confirm</b> (press the button, or click the same place "
                    "again)", {"Chosen on the picture": [(self.label(state, a), a) for a in actions]}, [cancel])
                return
        self.choose(action, seen)

    def _cancel(self) -> None:
        with self._lock:
            self.picture.chosen = ""
            if self.state is not None and self.view is not None and self.view.content["your_turn"]:
                self._offer(self.state)

    def _header_html(self, c: dict[str, Any], state: GameState) -> str:
        you = (f"<div style='font-size:16px'>You play <b style='border-left:10px solid "
               f"{self.game.player_color(self.viewer)};padding-left:5px'>{escape(self.name(self.viewer))}</b></div>")
        return super()._header_html(c, state) + you

    def _status_html(self, c: dict[str, Any], state: GameState) -> str:
        mine = c["seats"][self.viewer]
        if c["terminal"]:
            return _banner("over", self._result_html(c))
        if c["status"] == "ended":
            return _banner("paused", "The teacher has ended this table.")
        if c["status"] == "paused":
            return _banner("paused", "The teacher has paused the table: wait until it goes on.")
        if mine["played_by"] == "bot":
            return _banner("wait", f"The teacher gave your seat to a bot ({escape(mine['bot'])}): you can watch. "
                                   "Ask the teacher to give it back to you.")
        if c["your_turn"]:
            return _banner("turn", f"<b>Your turn, {escape(self.name(self.viewer))}:</b> choose your move.")
        return _banner("wait", self._waiting_text(c))

    def choose(self, action: Action, seen: int | None = None) -> None:
        """Send the seat's move, made on the position with ``seen`` log entries (default: the one the page
        shows now); refused, with the reason shown, if the game moved on meanwhile."""
        with self._lock:
            if seen is None:
                seen = self.view.log_length if self.view is not None else -1
        try:
            self.store.play(self.code, action, seen, advance=False)
        except (TableError, IllegalAction) as exc:
            self.message.value = _banner("problem", escape(str(exc)))
            self.refresh()
            return
        self.message.value = ""
        self.refresh()
        # (bots' moves and chance in a thread: the page stays responsive and the live link shows them one by one)
        run_in_background(lambda: self.store.advance(self.table_id), "gk-advance", (TableError,),
                          lambda exc: self._problem(str(exc)))


class ProjectorPage(TablePage):
    """The projector: the public view only (no hand, ever), the table's progress, and with the host
    code the host's controls: pause and resume, give a seat to a bot (or back), end the table."""

    def __init__(self, store: TableStore, table_id: str, host_code: str | None = None, live: bool = True) -> None:
        self.host_code = host_code
        self._confirm_end_until = 0.0
        super().__init__(store, table_id, live)

    @classmethod
    def for_host(cls, store: TableStore, host_code: str, live: bool = True) -> "ProjectorPage":
        return cls(store, store.host_table(host_code), host_code, live)

    def _build(self) -> None:
        super()._build()
        self.controls = widgets.VBox()
        self.seat_buttons: list[widgets.Button] = []
        if self.host_code is not None:
            self._build_controls()
        self.widget = self._page([self.controls, self.seats, self.log], "gk-projector-page")

    def _build_controls(self) -> None:
        self.pause_button = button("Pause", "Stop the table: no moves and no bots until you resume",
                                   lambda _b: self.toggle_pause(), icon="pause")
        self.end_button = button("End the table", "End this table for good (a second click confirms)",
                                 lambda _b: self.end(), icon="stop", style="danger")
        bots = [name for name in registry(self.info.module) if name != "human"]
        self.bot_menu = widgets.Dropdown(options=[(f"{b} bot", b) for b in bots],
                                         value="heuristic" if "heuristic" in bots else bots[0],
                                         description="Absent →", tooltip="The bot that plays a seat you give to a bot",
                                         layout=widgets.Layout(width="240px"))
        self.seat_buttons = [
            button(self.name(info.seat), f"Give {self.name(info.seat)}'s seat to the bot, or back to its student",
                   self._seat_toggler(info.seat), icon="exchange")
            for info in self.info.seats]
        for info, b in zip(self.info.seats, self.seat_buttons):
            if not info.has_code:  # created as a bot seat: no student to give it back to
                b.layout.display = "none"
        self.controls_title = widgets.HTML()
        self.control_rows = [
            widgets.HBox([self.pause_button, self.end_button]),
            widgets.HBox([self.bot_menu, *self.seat_buttons], layout=widgets.Layout(flex_flow="row wrap"))]
        self.controls.children = [self.controls_title, *self.control_rows]
        self.controls.add_class("gk-host-controls")

    def _read(self) -> SeatView:
        return self.store.public_view(self.table_id, log_limit=LOG_ENTRIES)

    def _draw(self, view: SeatView, state: GameState) -> None:
        if self.host_code is not None:
            self._draw_controls(view.content)
        super()._draw(view, state)

    def _draw_controls(self, c: dict[str, Any]) -> None:
        self.pause_button.description = "Resume" if c["status"] == "paused" else "Pause"
        self.pause_button.icon = "play" if c["status"] == "paused" else "pause"
        over = c["status"] == "ended" or c["terminal"]
        for b in (self.pause_button, self.end_button, *self.seat_buttons):
            b.disabled = over
        for row in self.control_rows:  # nothing left to control: the final result and the log stay
            row.layout.display = "none" if over else None
        self.controls_title.value = ("<b>Host controls</b>: none, the table is over" if over else
                                     "<b>Host controls</b> (press F11 before projecting: the address bar holds "
                                     "the host code)")
        for seat, b in zip(c["seats"], self.seat_buttons):
            name = self.name(seat["seat"])
            b.description = f"{name} → bot" if seat["played_by"] == "human" else f"{name} → student"

    def _status_html(self, c: dict[str, Any], state: GameState) -> str:
        if c["terminal"]:
            return _banner("over", self._result_html(c))
        if c["status"] == "ended":
            return _banner("paused", "This table has been ended.")
        if c["status"] == "paused":
            return _banner("paused", "Paused: no moves until the teacher resumes the table.")
        return _banner("wait", self._waiting_text(c))

    # -- the host's actions -------------------------------------------------------------------
    def _host(self, work: Callable[[], Any]) -> None:
        try:
            work()
        except (TableError, ValueError) as exc:
            self.message.value = _banner("problem", escape(str(exc)))
        else:
            self.message.value = ""
        self.refresh()

    def toggle_pause(self) -> None:
        """Pause a playing table, resume a paused one."""
        if self.view is not None and self.view.content["status"] == "paused":
            self._host(lambda: self.store.resume(self.host_code))
        else:
            self._host(lambda: self.store.pause(self.host_code))

    def set_seat(self, seat: int, bot: str | None) -> None:
        """Give ``seat`` to the bot ``bot`` (an absent student), or back to its student (``None``)."""
        self._host(lambda: self.store.set_seat(self.host_code, seat, bot))

    def _seat_toggler(self, seat: int) -> Callable[[widgets.Button], None]:
        return lambda _b: self.toggle_seat(seat)

    def toggle_seat(self, seat: int) -> None:
        """A student's seat goes to the bot chosen in the menu; a seat a bot plays goes back to its student."""
        played_by = self.view.content["seats"][seat]["played_by"] if self.view is not None else "human"
        self.set_seat(seat, self.bot_menu.value if played_by == "human" else None)

    def end(self) -> None:
        """The first call asks for a second within CONFIRM_SECONDS, which ends the table for good."""
        now = time.monotonic()
        if now > self._confirm_end_until:
            self._confirm_end_until = now + CONFIRM_SECONDS
            self.end_button.description = "Click again to end for good"
            return
        self._confirm_end_until = 0.0
        self.end_button.description = "End the table"
        self._host(lambda: self.store.end(self.host_code))
