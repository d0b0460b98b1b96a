"""The game stepper both games share: step, autoplay, time travel, save and load, play by clicking.

The stepper is a thin layer: every rule lives in the engine (``state.apply``, ``legal_actions``,
``chance_outcomes``, ``observation``); a game only describes itself with a :class:`GameView`
(its bots, its phases and rounds, how to group its actions, how to draw a state and which part of
the picture chooses which action).

Determinism: a chance outcome is drawn from a generator seeded by (seed, move number), and a bot
is created afresh for each decision from (seed, seat, move number); while decisions are counted (see
Counting below) the decisions made stand for the move number, and a chance outcome's seed also names
what it decides and how many chance steps about the same came since the last decision.  So a game in
the stepper is a pure function of the seed and the humans' choices: undo then step gives the same move
again, and "why?" explains exactly the move the bot is about to play.

Hidden information: the picture and the private pane show what *one* seat may see
(``state.observation(seat)``), and only for the seat to move; otherwise the picture shows what
every seat sees (:func:`observed`).  With several human seats (hot-seat play) a seat's view stays
covered until the player presses Reveal ("pass the screen"); with one human it is shown for that
human's turns; with no human at all (a demonstration) it is shown for every seat to move.  Bots'
hands are never shown while a human plays: nothing the stepper shows then (status, summary,
picture and its clickable parts, log, text form, Hint, Why?, messages) depends on what the humans
may not see, except the view of the seat a human has revealed.  In particular a bot's Why? is
withheld while a human plays a game with hidden information (:attr:`GameView.hidden_information`);
the Hint of a human seat asks a bot sitting in that seat, which sees what that seat sees.  One
exception, by choice: a human who sets chance to "you choose" becomes the dealer and sees every
chance outcome offered, secret draws included.

Counting: whether a chance step happens at all may depend on what is hidden (Giganten's license pile
holding one value only needs no draw by chance).  So while a human plays a game with hidden
information the stepper counts what every seat sees, the decisions, as the classroom tables do
(:func:`gamekit.tables.views.public_log`): it never stops at a chance step the seeded chance decides
(Step plays on to the next decision), the status, the timeline, the move box and the log number
decisions, a chance step's events join the log entry before it, and Undo / Redo take back or play again
a decision with the chance steps after it (:meth:`GameStepper.public_move`).

Language: the stepper words everything it shows in its own language (the Game tab's Language menu, English,
Dansk, Deutsch; by default the kit's, :func:`gamekit.i18n.language`), whoever asks -- a control, the browser's
clock, code in a notebook -- since its methods run inside :func:`gamekit.i18n.using` (:func:`in_its_language`).
It keeps no worded text: the log keeps each entry as what words it, a message or a question as the function that
words it, the controls' words as their English message ids (:class:`~gamekit.widgets.controls.Words`), so a new
language rewords all of it (:meth:`GameStepper.reword`), and two steppers of one notebook may differ.

Every change of the current position goes through one place (:meth:`GameStepper._changed`), which
calls the functions in :attr:`GameStepper.on_change` with the new state: a page that stores the game
(a classroom table) listens there.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial, reduce, wraps
from typing import Any, Callable, Concatenate, Hashable, Mapping, ParamSpec, Protocol, Sequence, TypeVar

import ipywidgets as widgets
from babel.numbers import format_decimal, format_percent

from .. import i18n
from ..actions import Action
from ..i18n import N_, ngettext, using
from ..i18n import gettext as _
from ..plotting import player_color
from ..positions import ScenarioLibrary
from ..protocol import Event, GameState, IllegalAction
from ..spec import GameSpec
from .advice import Advisor
from .chooser import ActionChooser, ActionGroups, AmountOf
from .clickable import Bridge, Clickable
from .controls import MENU_LABELS, Confirm, Wording, Words, button, escape, escape_text, menu_layout
from .log import Entry, EventLog
from .seats import CHANCE_CHOOSE, HUMAN, SeatPicker, kind_name
from .style import stylesheet

BotFactory = Callable[..., Any]
P = ParamSpec("P")
R = TypeVar("R")
#: Autoplay speeds: label -> milliseconds between moves.
SPEEDS = {N_("slow (2 s)"): 2000, N_("normal (1 s)"): 1000, N_("fast (0.3 s)"): 300, N_("fastest"): 0}
#: Keyboard shortcuts inside the stepper: key -> (method name, what it does).
KEYS = {"s": ("step", N_("Step")), "u": ("undo", N_("Undo")), "r": ("redo", N_("Redo")),
        "p": ("toggle_play", N_("Play / Pause")), "f": ("finish_phase", N_("Finish phase"))}
#: The languages of the stepper's language menu, each in its own words.
LANGUAGE_NAMES = {"English": "en", "Dansk": "da", "Deutsch": "de"}


class Picture(Protocol):
    """Draws a state as SVG markup, from the public view or one seat's view, with clickable targets.

    ``targets`` maps the id of each part that chooses an action of the seat to move (see
    :attr:`GameView.target_of`) to its label; the picture marks those parts ``data-target``."""

    def render(self, state: GameState, viewer: int | None, targets: Mapping[str, str]) -> str: ...


def observed(state: GameState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` sees (``state.observation(viewer)``), or for ``viewer`` None what every seat sees:
    the parts of the seats' observations that agree (a secret differs between seats and becomes None)."""
    if viewer is not None:
        return state.observation(viewer)
    from ..tables.views import common

    return common([state.observation(p) for p in range(state.num_players)])


class ObservationPicture:
    """A :class:`Picture` drawn from an observation: ``draw(observation, targets) -> SVG`` (e.g.
    ``giganten.pictures.board_svg``), so it cannot show more than its viewer may see."""

    def __init__(self, draw: Callable[[Mapping[str, Any], Mapping[str, str]], str]) -> None:
        self.draw = draw

    def render(self, state: GameState, viewer: int | None, targets: Mapping[str, str]) -> str:
        return self.draw(observed(state, viewer), targets)


def group_by_kind(state: GameState, actions: Sequence[Action]) -> ActionGroups:
    """The default grouping of legal actions: by their ``kind``, labelled by ``str``."""
    groups: dict[str, list[tuple[str, Action]]] = {}
    for action in actions:
        groups.setdefault(action.kind, []).append((str(action), action))
    return groups


def observation_html(state: GameState, player: int) -> str:
    """The default private pane: the seat's observation, one key per line."""
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>"
                   for k, v in state.observation(player).items())
    return f"<table class='gk-table'>{rows}</table>"


def public_action_text(state: GameState, action: Action) -> str | None:
    """The default log text of an action: decisions are public, chance outcomes are not shown.

    A chance outcome may be a secret draw (a license's value, a dealt card), so by default only
    the events the engine emits for it appear in the log; a game view overrides this to show
    public chance outcomes such as die faces.
    """
    return None if state.is_chance() else str(action)


def bot_value_text(kind: str, value: float) -> str:
    """A bot's value of a move in words: the random bot's chance of picking it and the search bot's value
    (0 to 1: half its share of wins, half its margin) as percentages; other bots' as numbers (a game's view
    gives their unit: dollars, points)."""
    if kind in ("random", "search"):
        return percent_text(value)
    return decimal_text(value)


def decimal_text(value: float) -> str:
    """``value`` to three significant digits, as the reader's language writes numbers (0.167, 0,167)."""
    text = f"{value:,.3g}"
    lang = i18n.language()
    return text if lang == i18n.SOURCE else format_decimal(float(text.replace(",", "")), locale=lang)


def percent_text(value: float) -> str:
    """A share as a whole percentage, as the reader's language writes it (17%, 17 %)."""
    lang = i18n.language()
    return f"{value:.0%}" if lang == i18n.SOURCE else format_percent(value, locale=lang)


def bot_value_name(kind: str) -> str:
    """The heading of the values' column in the Hint / Why? pane."""
    names = {"random": N_("chance it is picked"), "search": N_("search value (wins and margin)")}
    return _(names.get(kind, N_("value")))


@dataclass
class GameView:
    """What the stepper needs to know about a game beyond the protocol.

    ``bots`` is the game's ``BOTS`` dict (name -> ``factory(seed, **params)``).  ``phase`` and
    ``round`` give labels whose change ends "finish phase" / "finish round" (None: no button).
    ``picture`` makes a fresh :class:`Picture` for each stepper (None: the text form only);
    ``target_of(state, action)`` names the picture's part that chooses ``action`` (None: menu only);
    ``summary_html`` gives a public table of the players (money, pieces) shown beside the picture.
    ``score_text`` words a final result (``$57,500``, ``31 points``); ``value_text(bot, value)`` and
    ``value_name(bot)`` word a bot's values in the Hint / Why? pane, with their unit.
    """

    spec: GameSpec
    bots: Mapping[str, BotFactory]
    title: str = ""
    player_name: Callable[[int], str] = lambda p: _("Player {}").format(p + 1)
    player_color: Callable[[int], str] = player_color
    summary_html: Callable[[GameState], str] | None = None
    phase: Callable[[GameState], Hashable] | None = None
    round: Callable[[GameState], Hashable] | None = None
    group_actions: Callable[[GameState, Sequence[Action]], ActionGroups] = group_by_kind
    private_html: Callable[[GameState, int], str] = observation_html
    action_text: Callable[[GameState, Action], str | None] = public_action_text
    chance_label: Callable[[GameState, Action, float], str] = lambda s, a, p: _("{} (p = {})").format(
        s.action_words(a), decimal_text(p))
    picture: Callable[[], Picture] | None = None
    target_of: Callable[[GameState, Action], str | None] | None = None
    #: Whether some seat may not see everything (license hands, face-down tiles, ...).  While a human
    #: plays such a game, a bot's Why? is not shown (a game without hidden information sets False).
    hidden_information: bool = True
    #: ``str(state)`` shows hidden information (e.g. every license hand): while a human plays, the
    #: stepper's text pane then shows ``public_text(state)`` if given, else nothing.
    text_shows_hidden: bool = False
    public_text: Callable[[Any], str] | None = None  # takes the game's own state class
    bot_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    score_text: Callable[[float], str] = lambda value: f"{value:g}"
    value_text: Callable[[str, float], str] = bot_value_text
    value_name: Callable[[str], str] = bot_value_name
    #: The Hint / Why? piece (:class:`gamekit.widgets.advice.Advisor` or a replacement taking the stepper).
    advisor: Callable[..., Any] = Advisor
    #: The amount an action names (a bid): such actions are chosen with a number box, not a long menu.
    amount_of: AmountOf | None = None
    #: The names of the game's options in the Game tab (English message ids, marked with ``N_``; default: the
    #: option's key, its underscores as spaces).
    option_names: Mapping[str, str] = field(default_factory=dict)


def decisions_in(state: GameState) -> int:
    """The decisions (moves of a seat, not chance) in ``state``'s history."""
    if not state.history():
        return 0
    from ..record import states_along

    return sum(not s.is_chance() for s in list(states_along(state))[:-1])


def derived_seed(*parts: object) -> int:
    """A 31-bit seed from ``parts`` (stable across runs and machines: str seeds hash with SHA-512)."""
    return random.Random("/".join(map(str, parts))).getrandbits(31)


def ranking(returns: Sequence[float]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal results share a place ("1, 1, 3")."""
    order = sorted(range(len(returns)), key=lambda p: -returns[p])
    out: list[tuple[int, int]] = []
    for k, p in enumerate(order):
        place = out[-1][0] if k and returns[p] == returns[order[k - 1]] else k + 1
        out.append((place, p))
    return out


#: The side panel's tallest: the screen less the page's title and tabs, the stepper's title, the winner's
#: banner and the settings bar (1080 px: 820; 720 px, a 1920x1080 screen at 150 % zoom: 460), so that the
#: event log shrinks before the page scrolls.
SIDE_MAX_HEIGHT = "calc(100vh - 260px)"


def in_its_language(method: Callable[Concatenate[GameStepper, P], R]) -> Callable[Concatenate[GameStepper, P], R]:
    """A method of the stepper that words what it shows in the stepper's language, whoever calls it (a control,
    the browser's clock, code in a notebook)."""
    @wraps(method)
    def worded(self: GameStepper, *args: P.args, **kwargs: P.kwargs) -> R:
        with using(self.lang):
            return method(self, *args, **kwargs)

    return worded


class GameStepper:
    """Step through a game one action, one phase, one round at a time, play it by clicking, let it
    play itself (autoplay), travel back and forth in it, save it and load it.

    Use it from code (``stepper.step()``, ``stepper.undo()``, ``stepper.jump(12)``, ``stepper.state``)
    or by its controls; display it as the last expression of a cell.  ``state`` (a loaded save, a
    finished game) opens that game with its whole history (:meth:`load_game`); ``scenario``, the name of the
    game's scenario ``state`` is, says what it teaches (:meth:`tell_scenario`).
    """

    def __init__(self, view: GameView, players: int | None = None, seed: int = 0,
                 seats: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
                 autoplay: bool = True, log_limit: int = 40, max_buttons: int = 12,
                 state: GameState | None = None, scenario: str | None = None, language: str | None = None) -> None:
        #: The language the stepper words everything in (the Game tab's Language menu; default: the kit's).
        self.lang = language or i18n.language()
        with using(self.lang):
            self._setup(view, players, seed, seats, options, autoplay, log_limit, max_buttons, state, scenario)

    def _setup(self, view: GameView, players: int | None, seed: int, seats: Sequence[str] | None,
               options: Mapping[str, Any] | None, autoplay: bool, log_limit: int, max_buttons: int,
               state: GameState | None, scenario: str | None) -> None:
        self.view = view
        self.words = Words()  # the controls' words, worded again when the language changes
        self._message: Callable[[], str] = str  # what words the message line (see _tell)
        self._lesson: Callable[[], str] = str  # what words the scenario's lesson
        self.options = dict(options or {})
        spec = view.spec
        players = players or (state.num_players if state is not None else spec.min_players)
        #: Called with the new current state whenever it changes (see the module docstring).
        self.on_change: list[Callable[[GameState], None]] = []
        self.seat_picker = SeatPicker(view.bots, spec.min_players, spec.max_players, players, seats,
                                      view.player_name)
        self.log = EventLog(limit=log_limit)
        self.log.on_jump.append(self.jump)
        self.chooser = ActionChooser(self.choose, max_buttons=max_buttons, amount_of=view.amount_of)
        self._picture = view.picture() if view.picture else None
        self._revealed: int | None = None
        self._future: list[Action] = []
        self._future_decided: list[bool] = []  # for each move taken back: whether it was a decision (not chance)
        self._decisions_before = 0  # decisions made before the first position of the path (public_move)
        self._counted = False  # whether the log and counters count decisions only (see counts_decisions)
        self._targets: dict[str, list[Action]] = {}
        self._chance_free = False  # "let chance finish this phase" is running
        self._until: Callable[[GameState], bool] | None = None  # the goal of a paced run (autoplay stops there)
        self._quiet = False  # a control is being set by the stepper itself
        self.advisor = view.advisor(self)
        self.why_button, self.why = self.advisor.button, self.advisor.pane
        self._build_controls(seed, autoplay)
        self.seat_picker.players.observe(self._worded(self._on_players), names="value")
        for menu in (*self.seat_picker.menus, self.seat_picker.chance):
            menu.observe(lambda _c: self._refresh(), names="value")
        if state is not None:
            self._seed = seed  # (reset sets it from the seed box otherwise)
            self.load_game(state)
        else:
            self.reset()
        if scenario is not None:
            self.tell_scenario(scenario)

    # -- the widget tree -------------------------------------------------------------------
    def _build_controls(self, seed: int, autoplay: bool) -> None:
        v = self.view
        w = self.words
        self.title = widgets.HTML(f"<h3>{escape(v.title or v.spec.name)}</h3>")
        self.title.add_class("gk-title")
        self.status = widgets.HTML()
        self.status.add_class("gk-status")
        self.banner = widgets.HTML(layout=widgets.Layout(display="none"))
        self.banner.add_class("gk-banner")
        self.lesson = widgets.HTML(layout=widgets.Layout(display="none"))  # the scenario's lesson, while it lasts
        self.lesson.add_class("gk-lesson")
        self.message = widgets.HTML()
        self.confirm = Confirm()
        self.summary = widgets.HTML()
        self.step_button = w.button(N_("Step ▸"), N_("Play one action (a bot's move or a chance outcome) [key S]"),
                                    self._on(self.step), style="primary")
        self.phase_button = w.button(N_("Finish phase"),
                                     N_("Play on until the phase changes or a human must choose [key F]"),
                                     self._on(self.finish_phase))
        self.round_button = w.button(N_("Finish round"), N_("Play on until the round ends or a human must choose"),
                                     self._on(self.finish_round))
        self.end_button = w.button(N_("Play to end"), N_("Play on until the game ends or a human must choose"),
                                   self._on(self.play_to_end))
        self.undo_button = w.button(N_("◂ Undo"), N_("Take back the last action [key U]"), self._on(self.undo))
        self.redo_button = w.button(N_("Redo ▸"), N_("Play again the action just taken back [key R]"),
                                    self._on(self.redo))
        self.play_button = widgets.ToggleButton(layout=widgets.Layout(width="auto"))
        w(self.play_button, description=lambda: _("⏸ Pause") if self.play_button.value else _("▶ Play"),
          tooltip=N_("Let the game play itself at the chosen speed; it pauses when a human must choose [key P]"))
        self.play_button.observe(self._worded(self._on_play), names="value")
        self.speed = w(widgets.SelectionSlider(options=list(SPEEDS.items()), value=SPEEDS["normal (1 s)"],
                                               continuous_update=False, style={"description_width": "initial"},
                                               layout=widgets.Layout(width="22em")),  # (its readout grows: Big type)
                       description=N_("Speed"), tooltip=N_("Time between moves while playing"),
                       options=lambda: [(_(label), ms) for label, ms in SPEEDS.items()])
        # (no readout on the slider: the browser would measure the page at every move to fit it; the
        # box beside it shows the move and takes a number)
        self.timeline = w(widgets.IntSlider(min=0, max=0, readout=False, continuous_update=False,
                                            layout=widgets.Layout(flex="1 1 auto")),
                          description=N_("Move"), tooltip=N_("Travel to any move of this game (the moves after it "
                                                             "can be played again with Redo)"))
        self.move_box = w(widgets.BoundedIntText(min=0, max=0, layout=widgets.Layout(width="90px")),
                          tooltip=N_("The move shown: type one to go there"))
        self.move_box.add_class("gk-move-box")
        self.timeline.observe(self._worded(self._on_timeline), names="value")
        self.move_box.observe(self._worded(self._on_timeline), names="value")
        self.bridge = Bridge(shortcuts=list(KEYS), scope="gk-stepper", interval=self.speed.value,
                             layout=widgets.Layout(display="none"))
        self.bridge.on_tick(self._worded(self._tick))
        self.bridge.on_key(self._worded(self.press_key))
        self.speed.observe(lambda c: setattr(self.bridge, "interval", c["new"]), names="value")
        self.seed_box = w(widgets.IntText(value=seed, layout=widgets.Layout(width="200px")), description=N_("Seed"),
                          tooltip=N_("Seed of chance and bots; press New game to start a game with it"))
        self.reset_button = w.button(N_("New game…"), N_("Start a new game with this seed, these seats and these "
                                                         "variants (asks first)"), self._on(self.ask_reset),
                                     style="warning")
        self.autoplay = w(widgets.Checkbox(value=autoplay, indent=False), description=N_("Bots answer at once"),
                          tooltip=N_("After a human's action, bots and chance play on until the next human decision"))
        self.pace = w(widgets.Checkbox(value=True, indent=False), description=N_("Bots at a watchable pace"),
                      tooltip=N_("While a page shows the game, bots answer and play Finish phase, Finish round and "
                                 "Play to end one move per beat of the Speed setting (chance at once; Pause stops "
                                 "them); off: all at once"))
        self.variants = self._variant_controls()
        self.scenarios = ScenarioLibrary(v.spec.name, v.spec) if v.spec.from_position is not None else None
        names = self.scenarios.names() if self.scenarios is not None else []
        library = self.scenarios

        def scenario_titles() -> list[tuple[str, str]]:
            return [(_(library.get(name).title), name) for name in names] if library is not None else []

        self.scenario_menu = w(widgets.Dropdown(options=scenario_titles(), style=MENU_LABELS, layout=menu_layout()),
                               options=scenario_titles,
                               description=N_("Scenario"),
                               tooltip=N_("A lesson that comes with the game: it starts from a chosen situation"))
        self.scenario_button = w.button(N_("Open the scenario…"), N_("Start from the chosen scenario's position, "
                                                                     "with its players and variants (asks first)"),
                                        self._on(self.ask_scenario))
        if v.phase is None:
            self.phase_button.layout.display = "none"
        if v.round is None:
            self.round_button.layout.display = "none"
        self.picture = w(Clickable(layout=widgets.Layout(flex="0 0 auto")),
                         description=lambda: _("{}: the table").format(v.title or v.spec.name))
        self.picture.add_class("gk-picture-view")
        self.picture.on_click(self._worded(self.pick_target))
        if self._picture is None:
            self.picture.layout.display = "none"
        self.text_form = widgets.HTML()
        self.private_title = widgets.HTML()
        self.reveal_button = w(widgets.ToggleButton(layout=widgets.Layout(width="auto")), description=N_("Reveal"),
                               tooltip=N_("Show the hidden information of the seat to move (pass the screen first)"))
        self.reveal_button.observe(self._on_reveal, names="value")
        self.private = widgets.HTML()
        self.chance_one = w.button(N_("Let chance decide this one"), N_("Draw this chance outcome from the seed"),
                                   self._on(self.chance_decides))
        self.chance_phase = w.button(N_("Let chance finish this phase"), N_("Draw every chance outcome from the seed "
                                                                            "until the phase changes (bots play on; "
                                                                            "a human's decision stops it)"),
                                     self._on(self.chance_finishes_phase))
        self.save_button = w.button(N_("Save game (download)"), N_("Download this game as a save file (JSON)"),
                                    self._on(self.download))
        self.upload = w(widgets.FileUpload(accept=".json,application/json", multiple=False),
                        description=N_("Load a save…"),
                        tooltip=N_("Open a save file or a position file (it replaces this game: asks first)"))
        self.upload.observe(self._worded(self._on_upload), names="value")
        wrap = partial(widgets.Layout, flex_flow="row wrap", align_items="center")
        controls = widgets.VBox([
            widgets.HBox([self.step_button, self.phase_button, self.round_button, self.end_button], layout=wrap()),
            widgets.HBox([self.undo_button, self.redo_button, self.play_button, self.speed], layout=wrap()),
            widgets.HBox([self.timeline, self.move_box], layout=widgets.Layout(width="calc(100% - 8px)")),
        ])
        log_title = w(widgets.HTML(), value=lambda: "<b>{}</b> {}".format(
            escape_text(_("Event log")), escape_text(_("(newest first; click an entry to go back to it)"))))
        self.side = widgets.VBox([
            controls, self.lesson, self.message, self.chooser.box,
            widgets.HBox([self.private_title, self.reveal_button], layout=wrap()), self.private, self.advisor.box,
            self.summary, log_title, self.log.view,
        ], layout=widgets.Layout(min_width="420px", flex="1 1 420px", max_width="640px", padding="0 0 0 10px",
                                 max_height=SIDE_MAX_HEIGHT))
        self.log.view.layout.height = None  # 260 px, shrinking to 120 when the side panel would outgrow the screen
        self.log.view.layout.flex = "1 1 260px"
        self.log.view.layout.min_height = "120px"
        self.side.add_class("gk-side")
        scenario_row = widgets.HBox([self.scenario_menu, self.scenario_button], layout=wrap())
        if not names:
            scenario_row.layout.display = "none"
        self.language_menu = w(widgets.Dropdown(options=list(LANGUAGE_NAMES.items()), value=self.lang,
                                                style=MENU_LABELS, layout=menu_layout()),
                               description=N_("Language"),
                               tooltip=N_("The language this stepper words everything in (its log too)"))
        self.language_menu.observe(self._on_language, names="value")
        # the question before New game, a new player count, a scenario or a load shows under the button asked
        game = widgets.VBox([self.language_menu, self.seat_picker.box, *self.variants,
                             widgets.HBox([self.seed_box, self.reset_button, self.autoplay, self.pace],
                                          layout=wrap()),
                             scenario_row, self.confirm.box])

        def files_help() -> str:
            positions = (" " + _("A position file (<code>to_position()</code> as JSON, see docs/positions.md) loads "
                                 "too: play continues from that position.") if v.spec.from_position is not None else "")
            return _("A save file holds the options and every move: loading it replays the game, so the timeline "
                     "reaches back to its first move.") + positions

        files = widgets.VBox([w(widgets.HTML(), value=files_help),
                              widgets.HBox([self.save_button, self.upload], layout=wrap()), self.confirm.box])

        def keys_help() -> str:
            keys = " · ".join(f"{k.upper()} {_(words)}" for k, (_method, words) in KEYS.items())
            return "<div>{}</div>".format(escape_text(_(
                "Click the stepper, then: {}. Tab reaches every button and every clickable part of the picture; "
                "Enter or Space presses it.").format(keys)))

        self.settings = w(widgets.Tab(children=[game, files, self.text_form, w(widgets.HTML(), value=keys_help)]),
                          titles=lambda: (_("Game"), _("Save and load"), _("Text form"), _("Keys")))
        self.settings.selected_index = 0
        self.settings.observe(self._worded(lambda _c: self._refresh_text()), names="selected_index")
        more = w(widgets.Accordion(children=[self.settings]),
                 titles=lambda: (_("Game settings (language, players, seats, chance, variants, new game) · Save and "
                                   "load · Text form · Keys"),))
        self.widget = widgets.VBox([
            stylesheet(),
            widgets.HBox([self.title, self.status], layout=widgets.Layout(align_items="baseline",
                                                                          flex_flow="row wrap")),
            self.banner,
            # (beside the picture from 1,610 px on; narrower, e.g. Lab with its sidebar open, below it)
            widgets.HBox([self.picture, self.side], layout=widgets.Layout(flex_flow="row wrap",
                                                                         align_items="flex-start")),
            more, self.bridge,
        ])
        self.widget.add_class("gk-stepper")
        self.widget.add_class("gk-kit")
        self.settings_box = more

    def _variant_controls(self) -> list[widgets.Widget]:
        """One control per option of the game (a checkbox for a switch), applied by New game; its name
        (``GameView.option_names``) and its help (``GameSpec.option_help``) in the reader's language."""
        spec = self.view.spec
        out = []
        for key, default in spec.option_defaults.items():
            value = self.options.get(key, default)
            if isinstance(default, bool):
                control = widgets.Checkbox(value=value, indent=False)
            elif isinstance(default, int):
                control = widgets.IntText(value=value, style={"description_width": "initial"})
            else:
                control = widgets.Text(value=str(value), style={"description_width": "initial"})
            control.option = key
            self.words(control, description=partial(self._option_name, key), tooltip=partial(self._option_tip, key))
            out.append(control)
        return out

    def _option_name(self, key: str) -> str:
        return _(self.view.option_names.get(key, key.replace("_", " ")))

    def _option_tip(self, key: str) -> str:
        words = self.view.spec.option_help.get(key)
        return _("{} (applies to the next new game)").format(_(words) if words else self._option_name(key))

    def _on(self, method: Callable[[], Any]) -> Callable[[widgets.Button], None]:
        return self._worded(lambda _b: method())

    def _worded(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """``callback`` (a control's, the browser's) run in the stepper's language."""
        def run(*args: Any) -> Any:
            with using(self.lang):
                return callback(*args)

        return run

    # -- the language ----------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Word everything the stepper shows in ``lang`` ("en", "da", "de"), as the Language menu does."""
        self.language_menu.value = lang

    def _on_language(self, change: dict) -> None:
        self.lang = change["new"]
        self.reword()

    @in_its_language
    def reword(self) -> None:
        """Word again everything the stepper shows, in its language: every control, the log, the status, the
        messages, the picture (nothing worded is kept across a change of language)."""
        asked = self.advisor.pressed if self.why.value else None  # (a Hint, Why? or Review on screen: ask again)
        self.words.word()
        for part in (self.seat_picker, self.chooser, self.log, self.confirm, self.advisor):
            part.word()
        self.message.value = self._message()
        self.lesson.value = self._lesson()
        self._refresh()
        if asked is not None:
            asked()

    def _tell(self, words: Callable[[], str] = str) -> None:
        """Show the message ``words`` words (HTML), worded again when the language changes; none by default."""
        self._message = words
        self.message.value = words()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- state ----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current position."""
        return self._path[-1]

    @property
    def seats(self) -> list[str]:
        return self.seat_picker.seats

    @property
    def seed(self) -> int:
        return self._seed

    def name(self, seat: int | None) -> str:
        return _("Chance") if seat is None else self.view.player_name(seat)

    def _changed(self) -> None:
        """The one place the current position is announced: every ``on_change`` callback gets it."""
        for callback in list(self.on_change):
            callback(self.state)

    def _begin(self, path: list[GameState]) -> None:
        self._path = path
        self._future, self._future_decided = [], []
        self._decisions_before = decisions_in(path[0])
        self._counted = self.counts_decisions()
        self._revealed = None
        self._set_playing(False)
        self.log.clear()
        self._tell()
        self._show_lesson()
        self.confirm.hide()

    @in_its_language
    def start_from(self, state: GameState) -> None:
        """Continue from ``state`` (a loaded save, a position built in code) with the seats as they are.

        The game so far is not replayed: the log starts empty and Undo goes back no further than ``state``;
        New game starts a fresh game with the same options."""
        self._check_game(state)
        self._begin([state])
        self._refresh()
        self._changed()

    @in_its_language
    def load_game(self, state: GameState) -> None:
        """Open the game ``state`` belongs to at ``state``, with its whole history: the log, the timeline
        and Undo reach back to its first move (its moves are replayed once)."""
        from ..record import states_along

        self._check_game(state)
        path = list(states_along(state))
        self._begin(path[:1])
        for before, after in zip(path, path[1:]):
            self._path.append(after)
            self._log_move(before, after.history()[-1], after)
        self._refresh()
        self._changed()

    def _check_game(self, state: GameState) -> None:
        if type(state).spec is not self.view.spec:
            raise ValueError(f"this stepper plays {self.view.spec.name}, not {type(state).spec.name}")
        if state.num_players != self.seat_picker.players.value:
            self._quiet = True
            try:
                self.seat_picker.players.value = state.num_players
            finally:
                self._quiet = False
        self.options = dict(state.options)
        for control in self.variants:
            control.value = self.options[control.option]

    @in_its_language
    def reset(self) -> None:
        """A new game with the seed box's seed, the chosen player count and the variants."""
        options = {c.option: c.value for c in self.variants}
        try:
            first = self.view.spec.new_game(self.seat_picker.players.value, **options)
        except ValueError as refused:
            exc = refused  # (kept for wording it again)
            self._tell(lambda: "<span class='gk-error'>{}</span>".format(
                escape_text(_("Cannot start that game: {}").format(exc))))
            return
        self.options = options
        self._seed = int(self.seed_box.value)
        self._begin([first])
        self._refresh()
        self._changed()

    @in_its_language
    def ask_reset(self) -> None:
        """New game, after asking when the current game has moves (it would be lost unless saved)."""
        self._ask(N_("Start a new game? This game will be lost unless you save it first (Save and load)."),
                  N_("Yes, new game"), self.reset)

    @in_its_language
    def open_scenario(self, name: str) -> None:
        """Continue from the game's scenario ``name`` (:meth:`start_from` its position) and say what it teaches."""
        if self.scenarios is None:
            raise ValueError(f"{self.view.spec.name} has no scenarios")
        self.start_from(self.scenarios.get(name).state())
        self.tell_scenario(name)

    @in_its_language
    def tell_scenario(self, name: str) -> None:
        """Say what the game's scenario ``name`` teaches (its title, rulebook section and lesson) above the controls'
        messages, for as long as this game lasts (steps, undo; until a new game or a load), and choose it in the
        Game tab's menu, so that "Open the scenario…" starts the lesson again."""
        if self.scenarios is None:
            raise ValueError(f"{self.view.spec.name} has no scenarios")
        scenario = self.scenarios.get(name)
        self.scenario_menu.value = name
        self._show_lesson(lambda: _("Lesson: <b>{title}</b> ({section}): {teaches}").format(
            title=escape(_(scenario.title)), section=escape(_(scenario.rulebook)),
            teaches=escape(_(scenario.teaches))))

    def _show_lesson(self, words: Callable[[], str] = str) -> None:
        self._lesson = words
        self.lesson.value = text = words()
        self.lesson.layout.display = None if text else "none"

    @in_its_language
    def ask_scenario(self) -> None:
        """Open the scenario chosen in the Game tab, after asking when the current game has moves."""
        name = self.scenario_menu.value
        self._ask(N_("Open the scenario? This game will be lost unless you save it first (Save and load)."),
                  N_("Yes, open it"), lambda: self.open_scenario(name))

    def _ask(self, question: Wording, yes: Wording, action: Callable[[], None],
             no: Callable[[], None] | None = None) -> None:
        if len(self._path) == 1 and not self._future:
            action()
        else:
            self.confirm.ask(question, yes, action, no)

    def _on_players(self, change: dict) -> None:
        if self._quiet:
            return

        def keep() -> None:
            self._quiet = True
            try:
                self.seat_picker.players.value = change["old"]
            finally:
                self._quiet = False

        players = change["new"]
        self._ask(lambda: ngettext("Start a new game with {} player? This game will be lost unless you save it "
                                   "first.", "Start a new game with {} players? This game will be lost unless you "
                                   "save it first.", players).format(players),
                  N_("Yes, new game"), self.reset, keep)

    # -- who decides ----------------------------------------------------------------------
    def is_human_turn(self) -> bool:
        """A human seat (or a human-chosen chance outcome) must decide before play goes on."""
        s = self.state
        if s.is_terminal():
            return False
        if s.is_chance():
            return self.seat_picker.chance.value == CHANCE_CHOOSE and not self._chance_free
        seat = s.current_player()
        assert seat is not None  # neither the end nor chance
        return self.seats[seat] == HUMAN

    def bot(self, seat: int, kind: str | None = None) -> Any:
        """The bot deciding ``seat``'s move at this position (fresh and seeded, see the module doc)."""
        kind = kind or self.seats[seat]
        factory = self.view.bots[kind]
        return factory(derived_seed(self._seed, "seat", seat, self.public_move()),
                       **dict(self.view.bot_params.get(kind, {})))

    def _chance_action(self) -> Action:
        from ..play import sample_chance

        s = self.state
        if not self._counted:
            return sample_chance(s, random.Random(derived_seed(self._seed, "chance", s.move_number)))
        concern = s.chance_concerns()
        what = "" if concern is None else concern.text
        since = 0  # earlier chance steps about the same since the last decision (how many there were may be hidden)
        for before in reversed(self._path[:-1]):
            if not before.is_chance():
                break
            since += (c.text if (c := before.chance_concerns()) is not None else "") == what
        return sample_chance(s, random.Random(derived_seed(self._seed, "chance", self.public_move(), what, since)))

    def _automatic_action(self) -> Action | None:
        s = self.state
        if s.is_terminal() or self.is_human_turn():
            return None
        if s.is_chance():
            return self._chance_action()
        seat = s.current_player()
        assert seat is not None  # neither the end nor chance
        return self.bot(seat).act(s)

    # -- moving ---------------------------------------------------------------------------
    def _log_move(self, before: GameState, action: Action, after: GameState, index: int | None = None) -> None:
        """The log entry of the move from ``before`` to ``after`` (the path's position ``index``, default the
        last); while decisions are counted a chance step's action and events join the entry before it."""
        seat = before.current_player()
        view = self.view

        def text() -> str | None:
            return view.action_text(before, action)

        def events() -> Sequence[Event]:
            return after.events

        if self._counted and seat is None and len(self.log):
            self.log.add_to_last(lambda: _("Chance: {}").format(words) if (words := text()) else None, events)
            return
        colour = None if seat is None else self.view.player_color(seat)
        self.log.push(Entry(self.public_move(index), partial(self.name, seat), colour, text, events))

    def _push(self, action: Action) -> None:
        before = self.state
        after = before.apply(action)
        self._path.append(after)
        if self._future and self._future[-1] == action:
            self._future.pop()
            self._future_decided.pop()
            self.log.redo(self._entries_at(len(self._path)) - self._entries_at(len(self._path) - 1))
        else:
            self._future, self._future_decided = [], []
            self._log_move(before, action, after)
        self._changed()

    def _run(self, until: Callable[[GameState], bool], max_moves: int = 100_000, paced: bool = False) -> int:
        """Play automatic moves until ``until(state)``, a human's turn or the end; redraw once.  ``paced`` (a run
        people watch, see :meth:`watched_pace`): the moves are played by autoplay's beats instead (0 now)."""
        if paced and self.watched_pace():
            self._until = until
            if self.playing:
                self._refresh()  # (a human's move, while the clock already runs)
            else:
                self._set_playing(True)
            return 0
        moves = 0
        try:
            while moves < max_moves:
                action = self._automatic_action()
                if action is None:
                    break
                self._push(action)
                self._pass_chance()
                moves += 1
                if until(self.state):
                    break
            self._tell(self._waiting_message if moves == 0 else str)
        except IllegalAction as refused:  # a bot broke a rule: show it, keep the state
            exc = refused  # (kept for wording it again)
            self._tell(lambda: "<span class='gk-error'>{}</span>".format(
                escape_text(_("Bot error: {}").format(self._bot_error(exc)))))
        self._refresh()
        return moves

    def secrets_kept(self) -> bool:
        """Whether bots' hidden information must stay hidden: a human plays a game with hidden information."""
        return self.view.hidden_information and bool(self.seat_picker.humans)

    def counts_decisions(self) -> bool:
        """Whether the stepper counts decisions only and passes over chance steps (see the module docstring):
        while a human plays a game with hidden information and chance is not theirs to choose."""
        return self.secrets_kept() and self.seat_picker.chance.value != CHANCE_CHOOSE

    def public_move(self, index: int | None = None) -> int:
        """The number the stepper shows for the position ``index`` of the path (default: the current one): its
        move number, or while :meth:`counts_decisions` the decisions made up to it."""
        index = len(self._path) - 1 if index is None else index % len(self._path)
        if not self._counted:
            return self._path[index].move_number
        return self._decisions_before + sum(not s.is_chance() for s in self._path[:index])

    def _entries_at(self, length: int) -> int:
        """How many log entries the first ``length`` positions of the path make: one per move, or while
        decisions are counted one per decision (chance steps join the entry before; those before the first
        decision make entry 0)."""
        moves = self._path[:length - 1]
        if not self._counted:
            return len(moves)
        return sum(not s.is_chance() for s in moves) + bool(moves and moves[0].is_chance())

    def _recount(self) -> None:
        """After the seats or chance's setting changed: count as :meth:`counts_decisions` now says, the log
        rebuilt from the game's path (the moves taken back are played again to rebuild theirs)."""
        if self._counted == self.counts_decisions():
            return
        self._counted = not self._counted
        now = len(self._path)
        self.log.clear()
        for i in range(1, now):
            self._log_move(self._path[i - 1], self._path[i].history()[-1], self._path[i], i)
        for action in reversed(self._future):
            after = self._path[-1].apply(action)
            self._path.append(after)
            self._log_move(self._path[-2], action, after, len(self._path) - 1)
        taken_back = self._entries_at(len(self._path)) - self._entries_at(now)
        del self._path[now:]
        self.log.undo(taken_back)

    def _pass_chance(self) -> None:
        """While decisions are counted: the seeded chance plays the chance steps up to the next decision."""
        while self._counted and self.state.is_chance() and not self.state.is_terminal() and not self.is_human_turn():
            self._push(self._future[-1] if self._future else self._chance_action())

    def _bot_error(self, exc: IllegalAction) -> str:
        """What a bot's refused action shows: the whole refusal, or (while a human plays a game with hidden
        information) only the rule, since the refused action and what was allowed instead may reveal the
        bot's hand."""
        if not self.secrets_kept():
            return str(exc)
        seat = self.state.current_player()
        assert seat is not None  # a bot chose: a decision node
        return _("the {kind} bot playing {name} chose an action that {rule} forbids; the game stays where it "
                 "was.").format(kind=kind_name(self.seats[seat]), name=self.name(seat), rule=_(exc.rule))

    def _waiting_message(self) -> str:
        s = self.state
        if s.is_terminal():
            return escape_text(_("The game is over."))
        if self.is_human_turn():
            if s.is_chance():
                return escape_text(_("Waiting for you (chance is set to 'you choose'): choose the outcome below."))
            name = self.name(s.current_player())
            if self.visible_seat() != s.current_player():
                return escape_text(_("Waiting for {} (pass the screen, then Reveal).").format(name))
            if self.view.target_of:
                return escape_text(_("Waiting for {}: click a highlighted part of the picture or choose an action "
                                "below.").format(name))
            return escape_text(_("Waiting for {}: choose an action below.").format(name))
        return ""

    def watched_pace(self) -> bool:
        """Whether bots play at a watchable pace: the setting is on (the default) and a page shows the stepper
        (its browser side has reported; in plain Python, scripts and tests, every run is played at once)."""
        return self.pace.value and self.bridge.watched

    @in_its_language
    def step(self) -> int:
        """Play one automatic action (a bot's move or a chance outcome); 0 if a human must choose."""
        return self._run(lambda _s: True, 1)

    @in_its_language
    def finish_phase(self) -> int:
        """Play on until the engine's phase changes (or a human must choose, or the game ends); at a watchable
        pace while a page shows it (:meth:`watched_pace`)."""
        return self._until_changes(self.view.phase, paced=True)

    @in_its_language
    def finish_round(self) -> int:
        """Play on until the engine's round changes (or a human must choose, or the game ends); paced likewise."""
        return self._until_changes(self.view.round, paced=True)

    def _until_changes(self, key: Callable[[GameState], Hashable] | None, paced: bool = False) -> int:
        if key is None:
            return self.step()
        start = key(self.state)
        return self._run(lambda s: key(s) != start, paced=paced)

    @in_its_language
    def play_to_end(self) -> int:
        """Play on until the game ends or a human must choose; paced likewise."""
        return self._run(lambda _s: False, paced=True)

    @in_its_language
    def choose(self, action: Action) -> None:
        """A human's action (or chosen chance outcome); with autoplay, bots and chance answer."""
        try:
            self._push(action)
        except IllegalAction as refused:
            exc = refused  # (kept for wording it again)
            self._tell(lambda: f"<span class='gk-error'>{escape(exc)}</span>")
            self._refresh()
            return
        self._pass_chance()
        self._tell()
        if self.autoplay.value:
            self._run(lambda _s: False, paced=True)
        else:
            self._refresh()

    # -- chance under control ---------------------------------------------------------------
    @in_its_language
    def chance_decides(self) -> None:
        """At a chance outcome the human was to choose: draw it from the seed instead."""
        if self.state.is_chance():
            self.choose(self._chance_action())

    @in_its_language
    def chance_finishes_phase(self) -> int:
        """Draw chance outcomes from the seed (bots play on) until the phase changes or a human decides."""
        self._chance_free = True
        try:
            return self._until_changes(self.view.phase)
        finally:
            self._chance_free = False
            self._refresh()

    # -- time travel ---------------------------------------------------------------------------
    @in_its_language
    def undo(self) -> bool:
        """Take back the last action (it stays available to Redo)."""
        if len(self._path) == 1:
            return False
        back = 1
        while self._counted and back < len(self._path) - 1 and self._path[-1 - back].is_chance():
            back += 1  # (the decision with the chance steps after it)
        self._back(back)
        self._tell()
        self._refresh()
        self._changed()
        return True

    def _back(self, n: int) -> None:
        entries = self._entries_at(len(self._path))
        for _step in range(n):
            self._future.append(self.state.history()[-1])
            self._future_decided.append(not self._path[-2].is_chance())
            self._path.pop()
        self.log.undo(entries - self._entries_at(len(self._path)))

    @in_its_language
    def redo(self) -> bool:
        """Play again the last action taken back."""
        if not self._future:
            return False
        self._push(self._future[-1])
        self._pass_chance()
        self._tell()
        self._refresh()
        return True

    @in_its_language
    def jump(self, move: int) -> None:
        """Travel to the position after move ``move`` of this game (back with undo, forward with redo)."""
        first, last = self.public_move(0), self._last_public_move()
        move = min(max(int(move), first), last)
        self._set_playing(False)
        if move < self.public_move():
            back = 0
            while self.public_move(-1 - back) > move or (self._counted and self._path[-1 - back].is_chance()
                                                         and back < len(self._path) - 1):
                back += 1
            self._back(back)
            self._changed()
        while self.public_move() < move and self._future:
            self._push(self._future[-1])
        self._pass_chance()
        self._tell()
        self._refresh()

    def _on_timeline(self, change: dict) -> None:
        if not self._quiet and change["new"] != self.public_move():
            self.jump(change["new"])

    # -- autoplay ------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.play_button.value

    def toggle_play(self) -> None:
        """Play / Pause."""
        self.play_button.value = not self.play_button.value

    def _set_playing(self, on: bool) -> None:
        if self.play_button.value != on:
            self.play_button.value = on

    def _on_play(self, change: dict) -> None:
        on = change["new"]
        self.play_button.description = _("⏸ Pause") if on else _("▶ Play")
        self.bridge.playing = on
        if on:
            self._beat()
        else:
            self._until = None

    def _tick(self) -> None:
        if self.playing:
            self._beat()

    def _beat(self) -> None:
        """One beat of autoplay: one move (in a paced run: one bot's move, the chance outcomes around it at
        once); pause when a human must choose, the game is over or the paced run has reached its goal."""
        until = self._until
        if until is None:
            moved = self.step()
        else:
            moved = self._run(lambda s: until(s) or not s.is_chance())
        if moved == 0 or (until is not None and until(self.state)):
            self._set_playing(False)

    @in_its_language
    def press_key(self, key: str) -> None:
        """A keyboard shortcut (:data:`KEYS`) pressed inside the stepper."""
        if key in KEYS:
            getattr(self, KEYS[key][0])()

    # -- save and load ---------------------------------------------------------------------------
    def save_text(self) -> str:
        """The current game as a save file (JSON, ``gamekit.record``)."""
        from ..record import dump

        return dump(self.state)

    @in_its_language
    def download(self) -> str:
        """Make the browser download the save file; returns its name."""
        name = f"{self.view.spec.name}-move-{self.public_move()}.json"
        self.bridge.download(name, self.save_text())
        self._tell(lambda: _("Saved as <b>{}</b> (see your browser's downloads).").format(escape(name)))
        return name

    @in_its_language
    def load_text(self, text: str | bytes) -> None:
        """Open the game in a save file's ``text`` with its whole history, or continue from the position in a
        position file's (``docs/positions.md``: what ``to_position()`` writes, as JSON; a file that names no save
        "format" is read as one); asks first when the current game has moves."""
        from ..record import is_position_file, load

        spec = self.view.spec
        position = is_position_file(text, spec)
        try:
            state = spec.position_state(text) if position else load(text, spec)
        except ValueError as refused:
            exc = refused  # (kept for wording it again)
            def refusal() -> str:
                words = (_("Cannot load that file (read as a position: it names no save format): {}") if position
                         else _("Cannot load that file: {}"))
                return f"<span class='gk-error'>{escape_text(words.format(exc))}</span>"

            self._tell(refusal)
            return
        if position:
            self._ask(N_("Open the position? The game on screen will be lost unless you save it first."),
                      N_("Yes, open it"), lambda: self.start_from(state))
        else:
            self._ask(N_("Open the saved game? The game on screen will be lost unless you save it first."),
                      N_("Yes, open it"), lambda: self.load_game(state))

    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        self.upload.value = ()
        self.load_text(content)

    # -- hidden information ----------------------------------------------------------------
    def visible_seat(self) -> int | None:
        """The seat whose hidden information may be shown now (see the module docstring)."""
        s = self.state
        seat = s.current_player()
        if seat is None:
            return None
        humans = self.seat_picker.humans
        if not humans:
            return seat
        if self.seats[seat] != HUMAN:
            return None
        if len(humans) == 1 or self._revealed == seat:
            return seat
        return None

    @in_its_language
    def _on_reveal(self, change: dict) -> None:
        seat = self.state.current_player()
        self._revealed = seat if change["new"] else None
        self._refresh()

    @in_its_language
    def explain(self) -> list[tuple[Action, float]]:
        """The bot's candidate actions for the seat to move, with values (a hint for a human seat)."""
        return self.advisor.advise()

    # -- playing by clicking ------------------------------------------------------------------
    @in_its_language
    def pick_target(self, target: str) -> None:
        """A click on the picture's part ``target``: the first click chooses it (marked, and its action
        offered to confirm), a second click on it plays its action (when it has only one)."""
        actions = self._targets.get(target, [])
        if not actions:
            return
        if target == self.picture.chosen and len(actions) == 1:
            self.choose(actions[0])
            return
        s = self.state
        self.picture.chosen = target
        cancel = button(_("Cancel"), _("Back to every action"), self._worded(lambda _b: self._refresh()))
        self.chooser.show(_("<b>{}: confirm</b> (press the button, or click the same place again)").format(
                          escape(self.name(s.current_player()))),
                          {_("Chosen on the picture"): [(self.label(s, a), a) for a in actions]},
                          [cancel])

    @in_its_language
    def label(self, state: GameState, action: Action) -> str:
        for items in self.view.group_actions(state, [action]).values():
            for label, _action in items:
                return label
        return str(action)

    def _human_targets(self, seat: int | None, viewer: int | None) -> dict[str, list[Action]]:
        """The picture's parts that choose an action, from the legal actions of the seat whose view is
        shown (a human's own); none at a chance outcome or while a seat's view is covered."""
        s = self.state
        if self.view.target_of is None or s.is_chance() or not self.is_human_turn() or viewer != seat:
            return {}
        targets: dict[str, list[Action]] = {}
        for action in s.legal_actions():
            target = self.view.target_of(s, action)
            if target is not None:
                targets.setdefault(target, []).append(action)
        return targets

    # -- drawing --------------------------------------------------------------------------
    def _status_html(self) -> str:
        s, v = self.state, self.view
        parts = []
        if v.round is not None:
            parts.append(str(v.round(s)))
        if v.phase is not None:
            parts.append(str(v.phase(s)))
        where = " · ".join(p for p in parts if p)
        if s.is_terminal():
            who = "<b>{}</b>".format(escape_text(_("Game over")))
        elif s.is_chance():
            who = escape_text(_("Chance to move (you choose)") if self.is_human_turn() else _("Chance to move"))
        else:
            seat = s.current_player()
            assert seat is not None  # neither the end nor chance
            who = _("<b>{name}</b> to move ({kind})").format(name=escape(self.name(seat)),
                                                             kind=escape(kind_name(self.seats[seat])))
        move = escape_text(_("move {}").format(self.public_move()))
        return f"<div>{escape(where)}{' — ' if where else ''}{who} · {move}</div>"

    def _banner_html(self) -> str:
        """The winner and the final ranking, with each result in the game's words."""
        returns = self.state.returns()
        ranked = ranking(returns)
        winners = [p for place, p in ranked if place == 1]
        score = self.view.score_text(returns[winners[0]])
        if len(winners) == 1:
            head = _("{name} wins with {score}").format(name=self.name(winners[0]), score=score)
        else:
            names = _("{names} and {last}").format(names=", ".join(self.name(p) for p in winners[:-1]),
                                                   last=self.name(winners[-1]))
            head = _("{names} win with {score} each (tied players share the victory)").format(names=names,
                                                                                               score=score)
        rows = " · ".join(f"{place}. {escape(self.name(p))} {escape(self.view.score_text(returns[p]))}"
                          for place, p in ranked)
        return "<b>{}</b><div class='gk-ranking'>{}</div>".format(
            escape_text(_("Game over: {}").format(head)), _("Final ranking: {}").format(rows))

    @in_its_language
    def _refresh(self) -> None:
        self._recount()
        s = self.state
        seat = s.current_player()
        viewer = self.visible_seat()
        if self._revealed is not None and self._revealed != seat:
            self._revealed = None
        if self.view.summary_html is not None:
            self.summary.value = self.view.summary_html(s)
        self.undo_button.disabled = len(self._path) == 1
        self.redo_button.disabled = not self._future
        automatic = not s.is_terminal() and not self.is_human_turn()
        for b in (self.step_button, self.phase_button, self.round_button, self.end_button):
            b.disabled = not automatic
        self._refresh_private(seat, viewer)
        self._targets = self._human_targets(seat, viewer)
        self._refresh_chooser(seat, viewer)
        self.advisor.refresh()
        if s.is_terminal():
            self.banner.value = self._banner_html()
            self.banner.layout.display = None
        else:
            self.banner.layout.display = "none"
        if self._picture is not None:
            labels = {target: reduce(_("{} or {}").format, [self.label(s, a) for a in actions])
                      for target, actions in self._targets.items()}
            self.picture.show(self._picture.render(s, viewer, labels), list(labels))
        self._refresh_timeline()
        self.log.sync()
        self._refresh_text()
        self.status.value = self._status_html()  # last: once the status shows a move, the rest is there

    def _last_public_move(self) -> int:
        """The number of the last position on the timeline (the moves taken back included)."""
        if not self._counted:
            return self._path[-1].move_number + len(self._future)
        return self.public_move() + sum(self._future_decided)

    def _refresh_timeline(self) -> None:
        first = self.public_move(0)
        self._quiet = True
        try:
            for control in (self.timeline, self.move_box):
                with control.hold_sync():
                    control.max = self._last_public_move()
                    control.min = first
                    control.value = self.public_move()
                    control.disabled = control.min == control.max
        finally:
            self._quiet = False

    def _refresh_private(self, seat: int | None, viewer: int | None) -> None:
        humans = self.seat_picker.humans
        hotseat = seat is not None and self.seats[seat] == HUMAN and len(humans) > 1
        self.reveal_button.layout.display = None if hotseat else "none"
        if hotseat:
            with self.reveal_button.hold_trait_notifications():
                self.reveal_button.unobserve(self._on_reveal, names="value")
                self.reveal_button.value = viewer == seat
                self.reveal_button.observe(self._on_reveal, names="value")
            self.reveal_button.description = (_("Reveal {}'s view").format(self.name(seat)) if viewer is None
                                              else _("Hide"))
        if viewer is not None:
            self.private_title.value = "<b>{}</b>".format(escape_text(_("What {} sees").format(self.name(viewer))))
            self.private.value = self.view.private_html(self.state, viewer)
        elif hotseat:
            self.private_title.value = _("<b>Pass the screen to {}</b>, then press Reveal.").format(
                escape(self.name(seat)))
            self.private.value = ""
        elif seat is not None:
            self.private_title.value = "<i>{}</i>".format(escape_text(_(
                "{}'s hidden information stays hidden (a bot's hand is not shown while a human plays).").format(
                self.name(seat))))
            self.private.value = ""
        else:
            self.private_title.value = ""
            self.private.value = ""

    def _refresh_chooser(self, seat: int | None, viewer: int | None) -> None:
        s = self.state
        if not self.is_human_turn():
            self.chooser.hide()
            return
        if s.is_chance():
            items = [(self.view.chance_label(s, a, p), a) for a, p in s.chance_outcomes()]
            extras = [self.chance_one] + ([self.chance_phase] if self.view.phase is not None else [])
            concern = s.chance_concerns()  # (what the outcome decides: whose draw, which square, which pile)
            about = f": {escape(str(concern))}" if concern is not None else ""
            self.chooser.show("<b>{}</b>{}".format(escape_text(_("Choose the chance outcome")), about),
                              {_("Chance outcome"): items}, extras)
        elif viewer == seat:
            where = " " + escape_text(_("(or click a highlighted part of the picture)")) if self._targets else ""
            self.chooser.show(_("<b>{}: your action</b>").format(escape(self.name(seat))) + where,
                              self.view.group_actions(s, s.legal_actions()))
        else:
            self.chooser.hide()  # the legal actions would give the hand away

    def _refresh_text(self) -> None:
        if self.settings.selected_index != 2:
            return
        v = self.view
        if not v.text_shows_hidden or not self.seat_picker.humans:
            text = str(self.state)
        elif v.public_text is not None:
            text = v.public_text(self.state)
        else:
            self.text_form.value = "<i>{}</i>".format(escape_text(_("The text form shows every hidden hand, so it is "
                                                               "not shown while a human plays.")))
            return
        self.text_form.value = f"<pre>{escape(text)}</pre>"

