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

Every change of the current position goes through one place (:meth:`GameStepper._changed`), which
calls the functions in :attr:`GameStepper.on_change` with the new state: a page that stores the game
(a classroom table) listens there.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence

import ipywidgets as widgets

from ..actions import Action
from ..plotting import player_color
from ..positions import ScenarioLibrary
from ..protocol import GameState, IllegalAction
from ..spec import GameSpec
from .advice import Advisor
from .chooser import ActionChooser, ActionGroups, AmountOf
from .clickable import Bridge, Clickable
from .controls import Confirm, button, escape
from .log import EventLog, format_entry
from .seats import CHANCE_CHOOSE, HUMAN, SeatPicker
from .style import stylesheet

BotFactory = Callable[..., Any]
#: Autoplay speeds: label -> milliseconds between moves.
SPEEDS = {"slow (2 s)": 2000, "normal (1 s)": 1000, "fast (0.3 s)": 300, "fastest": 0}
#: Keyboard shortcuts inside the stepper: key -> (method name, what it does).
KEYS = {"s": ("step", "Step"), "u": ("undo", "Undo"), "r": ("redo", "Redo"), "p": ("toggle_play", "Play / Pause"),
        "f": ("finish_phase", "Finish phase")}


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
        return f"{value:.0%}"
    return f"{value:,.3g}"


def bot_value_name(kind: str) -> str:
    """The heading of the values' column in the Hint / Why? pane."""
    return {"random": "chance it is picked", "search": "search value (wins and margin)"}.get(kind, "value")


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
    player_name: Callable[[int], str] = lambda p: f"Player {p + 1}"
    player_color: Callable[[int], str] = player_color
    summary_html: Callable[[GameState], str] | None = None
    phase: Callable[[GameState], Hashable] | None = None
    round: Callable[[GameState], Hashable] | None = None
    group_actions: Callable[[GameState, Sequence[Action]], ActionGroups] = group_by_kind
    private_html: Callable[[GameState, int], str] = observation_html
    action_text: Callable[[GameState, Action], str | None] = public_action_text
    chance_label: Callable[[GameState, Action, float], str] = lambda s, a, p: f"{a} (p = {p:.3g})"
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
                 state: GameState | None = None, scenario: str | None = None) -> None:
        self.view = view
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
        self.seat_picker.players.observe(self._on_players, names="value")
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
        self.step_button = button("Step ▸", "Play one action (a bot's move or a chance outcome) [key S]",
                                  self._on(self.step), style="primary")
        self.phase_button = button("Finish phase", "Play on until the phase changes or a human must choose [key F]",
                                   self._on(self.finish_phase))
        self.round_button = button("Finish round", "Play on until the round ends or a human must choose",
                                   self._on(self.finish_round))
        self.end_button = button("Play to end", "Play on until the game ends or a human must choose",
                                 self._on(self.play_to_end))
        self.undo_button = button("◂ Undo", "Take back the last action [key U]", self._on(self.undo))
        self.redo_button = button("Redo ▸", "Play again the action just taken back [key R]", self._on(self.redo))
        self.play_button = widgets.ToggleButton(description="▶ Play", tooltip="Let the game play itself at the "
                                                "chosen speed; it pauses when a human must choose [key P]",
                                                layout=widgets.Layout(width="auto"))
        self.play_button.observe(self._on_play, names="value")
        self.speed = widgets.SelectionSlider(options=list(SPEEDS.items()), value=SPEEDS["normal (1 s)"],
                                             description="Speed", tooltip="Time between moves while playing",
                                             continuous_update=False, style={"description_width": "initial"},
                                             layout=widgets.Layout(width="22em"))  # (its readout grows with Big type)
        # (no readout on the slider: the browser would measure the page at every move to fit it; the
        # box beside it shows the move and takes a number)
        self.timeline = widgets.IntSlider(description="Move", tooltip="Travel to any move of this game (the moves "
                                          "after it can be played again with Redo)", min=0, max=0, readout=False,
                                          continuous_update=False, layout=widgets.Layout(flex="1 1 auto"))
        self.move_box = widgets.BoundedIntText(min=0, max=0, tooltip="The move shown: type one to go there",
                                               layout=widgets.Layout(width="90px"))
        self.move_box.add_class("gk-move-box")
        self.timeline.observe(self._on_timeline, names="value")
        self.move_box.observe(self._on_timeline, names="value")
        self.bridge = Bridge(shortcuts=list(KEYS), scope="gk-stepper", interval=self.speed.value,
                             layout=widgets.Layout(display="none"))
        self.bridge.on_tick(self._tick)
        self.bridge.on_key(self.press_key)
        self.speed.observe(lambda c: setattr(self.bridge, "interval", c["new"]), names="value")
        self.seed_box = widgets.IntText(value=seed, description="Seed", tooltip="Seed of chance and bots; "
                                        "press New game to start a game with it", layout=widgets.Layout(width="200px"))
        self.reset_button = button("New game…", "Start a new game with this seed, these seats and these variants "
                                   "(asks first)", self._on(self.ask_reset), style="warning")
        self.autoplay = widgets.Checkbox(value=autoplay, description="Bots answer at once", indent=False,
                                         tooltip="After a human's action, bots and chance play on until "
                                                 "the next human decision")
        self.pace = widgets.Checkbox(value=True, description="Bots at a watchable pace", indent=False,
                                     tooltip="While a page shows the game, bots answer and play Finish phase, Finish "
                                             "round and Play to end one move per beat of the Speed setting (chance "
                                             "at once; Pause stops them); off: all at once")
        self.variants = self._variant_controls()
        self.scenarios = ScenarioLibrary(v.spec.name, v.spec) if v.spec.from_position is not None else None
        names = self.scenarios.names() if self.scenarios is not None else []
        self.scenario_menu = widgets.Dropdown(
            options=[(self.scenarios.get(name).title, name) for name in names] if self.scenarios else [],
            description="Scenario", tooltip="A lesson that comes with the game: it starts from a chosen situation")
        self.scenario_button = button("Open the scenario…", "Start from the chosen scenario's position, with its "
                                      "players and variants (asks first)", self._on(self.ask_scenario))
        if v.phase is None:
            self.phase_button.layout.display = "none"
        if v.round is None:
            self.round_button.layout.display = "none"
        self.picture = Clickable(description=f"{v.title or v.spec.name}: the table",
                                 layout=widgets.Layout(flex="0 0 auto"))
        self.picture.add_class("gk-picture-view")
        self.picture.on_click(self.pick_target)
        if self._picture is None:
            self.picture.layout.display = "none"
        self.text_form = widgets.HTML()
        self.private_title = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(
            description="Reveal", layout=widgets.Layout(width="auto"),
            tooltip="Show the hidden information of the seat to move (pass the screen first)")
        self.reveal_button.observe(self._on_reveal, names="value")
        self.private = widgets.HTML()
        self.chance_one = button("Let chance decide this one", "Draw this chance outcome from the seed",
                                 self._on(self.chance_decides))
        self.chance_phase = button("Let chance finish this phase", "Draw every chance outcome from the seed until "
                                   "the phase changes (bots play on; a human's decision stops it)",
                                   self._on(self.chance_finishes_phase))
        self.save_button = button("Save game (download)", "Download this game as a save file (JSON)",
                                  self._on(self.download))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False, description="Load a save…",
                                         tooltip="Open a save file or a position file (it replaces this game: "
                                                 "asks first)")
        self.upload.observe(self._on_upload, names="value")
        wrap = partial(widgets.Layout, flex_flow="row wrap", align_items="center")
        controls = widgets.VBox([
            widgets.HBox([self.step_button, self.phase_button, self.round_button, self.end_button], layout=wrap()),
            widgets.HBox([self.undo_button, self.redo_button, self.play_button, self.speed], layout=wrap()),
            widgets.HBox([self.timeline, self.move_box], layout=widgets.Layout(width="calc(100% - 8px)")),
        ])
        keys = " · ".join(f"{k.upper()} {words}" for k, (_, words) in KEYS.items())
        self.side = widgets.VBox([
            controls, self.lesson, self.message, self.chooser.box,
            widgets.HBox([self.private_title, self.reveal_button], layout=wrap()), self.private, self.advisor.box,
            self.summary, widgets.HTML("<b>Event log</b> (newest first; click an entry to go back to it)"),
            self.log.view,
        ], layout=widgets.Layout(min_width="420px", flex="1 1 420px", max_width="640px", padding="0 0 0 10px",
                                 max_height=SIDE_MAX_HEIGHT))
        self.log.view.layout.height = None  # 260 px, shrinking to 120 when the side panel would outgrow the screen
        self.log.view.layout.flex = "1 1 260px"
        self.log.view.layout.min_height = "120px"
        self.side.add_class("gk-side")
        scenario_row = widgets.HBox([self.scenario_menu, self.scenario_button], layout=wrap())
        if not names:
            scenario_row.layout.display = "none"
        # the question before New game, a new player count, a scenario or a load shows under the button asked
        game = widgets.VBox([self.seat_picker.box, *self.variants,
                             widgets.HBox([self.seed_box, self.reset_button, self.autoplay, self.pace],
                                          layout=wrap()),
                             scenario_row, self.confirm.box])
        positions = (" A position file (<code>to_position()</code> as JSON, see docs/positions.md) loads too: play "
                     "continues from that position." if v.spec.from_position is not None else "")
        files = widgets.VBox([widgets.HTML("A save file holds the options and every move: loading it replays the "
                                           f"game, so the timeline reaches back to its first move.{positions}"),
                              widgets.HBox([self.save_button, self.upload], layout=wrap()), self.confirm.box])
        keys_help = widgets.HTML(f"<div>Click the stepper, then: {keys}. Tab reaches every button and every "
                                 "clickable part of the picture; Enter or Space presses it.</div>")
        self.settings = widgets.Tab(children=[game, files, self.text_form, keys_help],
                                    titles=("Game", "Save and load", "Text form", "Keys"))
        self.settings.selected_index = 0
        self.settings.observe(lambda _c: self._refresh_text(), names="selected_index")
        more = widgets.Accordion(children=[self.settings], titles=("Game settings (players, seats, chance, variants, "
                                                                   "new game) · Save and load · Text form · Keys",))
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
        """One control per option of the game (a checkbox for a switch), applied by New game."""
        spec = self.view.spec
        out = []
        for key, default in spec.option_defaults.items():
            value = self.options.get(key, default)
            words = key.replace("_", " ")
            tip = f"{spec.option_help.get(key, words)} (applies to the next new game)"
            if isinstance(default, bool):
                control = widgets.Checkbox(value=value, description=words, tooltip=tip, indent=False)
            elif isinstance(default, int):
                control = widgets.IntText(value=value, description=words, tooltip=tip,
                                          style={"description_width": "initial"})
            else:
                control = widgets.Text(value=str(value), description=words, tooltip=tip,
                                       style={"description_width": "initial"})
            control.option = key
            out.append(control)
        return out

    def _on(self, method: Callable[[], Any]) -> Callable[[widgets.Button], None]:
        return lambda _b: method()

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
        return "Chance" if seat is None else self.view.player_name(seat)

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
        self.message.value = ""
        self._show_lesson("")
        self.confirm.hide()

    def start_from(self, state: GameState) -> None:
        """Continue from ``state`` (a loaded save, a position built in code) with the seats as they are.

        The game so far is not replayed: the log starts empty and Undo goes back no further than ``state``;
        New game starts a fresh game with the same options."""
        self._check_game(state)
        self._begin([state])
        self._refresh()
        self._changed()

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

    def reset(self) -> None:
        """A new game with the seed box's seed, the chosen player count and the variants."""
        options = {c.option: c.value for c in self.variants}
        try:
            first = self.view.spec.new_game(self.seat_picker.players.value, **options)
        except ValueError as exc:
            self.message.value = f"<span class='gk-error'>Cannot start that game: {escape(exc)}</span>"
            return
        self.options = options
        self._seed = int(self.seed_box.value)
        self._begin([first])
        self._refresh()
        self._changed()

    def ask_reset(self) -> None:
        """New game, after asking when the current game has moves (it would be lost unless saved)."""
        self._ask("Start a new game? This game will be lost unless you save it first (Save and load).",
                  "Yes, new game", self.reset)

    def open_scenario(self, name: str) -> None:
        """Continue from the game's scenario ``name`` (:meth:`start_from` its position) and say what it teaches."""
        if self.scenarios is None:
            raise ValueError(f"{self.view.spec.name} has no scenarios")
        self.start_from(self.scenarios.get(name).state())
        self.tell_scenario(name)

    def tell_scenario(self, name: str) -> None:
        """Say what the game's scenario ``name`` teaches (its title, rulebook section and lesson) above the controls'
        messages, for as long as this game lasts (steps, undo; until a new game or a load), and choose it in the
        Game tab's menu, so that "Open the scenario…" starts the lesson again."""
        if self.scenarios is None:
            raise ValueError(f"{self.view.spec.name} has no scenarios")
        scenario = self.scenarios.get(name)
        self.scenario_menu.value = name
        self._show_lesson(f"Lesson: <b>{escape(scenario.title)}</b> ({escape(scenario.rulebook)}): "
                          f"{escape(scenario.teaches)}")

    def _show_lesson(self, text: str) -> None:
        self.lesson.value = text
        self.lesson.layout.display = None if text else "none"

    def ask_scenario(self) -> None:
        """Open the scenario chosen in the Game tab, after asking when the current game has moves."""
        name = self.scenario_menu.value
        self._ask("Open the scenario? This game will be lost unless you save it first (Save and load).",
                  "Yes, open it", lambda: self.open_scenario(name))

    def _ask(self, question: str, yes: str, action: Callable[[], None], no: Callable[[], None] | None = None) -> None:
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

        self._ask(f"Start a new game with {change['new']} players? This game will be lost unless you save it "
                  "first.", "Yes, new game", self.reset, keep)

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
        text = self.view.action_text(before, action)
        if self._counted and seat is None and len(self.log):
            self.log.add_to_last(f"Chance: {text}" if text else None, after.events)
            return
        colour = None if seat is None else self.view.player_color(seat)
        number = self.public_move(index)
        html_text, plain = format_entry(number, self.name(seat), colour, text, after.events)
        self.log.push(number, html_text, plain)

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
            self.message.value = self._waiting_message() if moves == 0 else ""
        except IllegalAction as exc:  # a bot broke a rule: show it, keep the state
            self.message.value = f"<span class='gk-error'>Bot error: {escape(self._bot_error(exc))}</span>"
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
        return (f"the {self.seats[seat]} bot playing {self.name(seat)} chose an action that {exc.rule} "
                "forbids; the game stays where it was.")

    def _waiting_message(self) -> str:
        s = self.state
        if s.is_terminal():
            return "The game is over."
        if self.is_human_turn():
            if s.is_chance():
                return "Waiting for you (chance is set to 'you choose'): choose the outcome below."
            seat = s.current_player()
            if self.visible_seat() != seat:
                return f"Waiting for {escape(self.name(seat))} (pass the screen, then Reveal)."
            where = " click a highlighted part of the picture or" if self.view.target_of else ""
            return f"Waiting for {escape(self.name(seat))}:{where} choose an action below."
        return ""

    def watched_pace(self) -> bool:
        """Whether bots play at a watchable pace: the setting is on (the default) and a page shows the stepper
        (its browser side has reported; in plain Python, scripts and tests, every run is played at once)."""
        return self.pace.value and self.bridge.watched

    def step(self) -> int:
        """Play one automatic action (a bot's move or a chance outcome); 0 if a human must choose."""
        return self._run(lambda _s: True, 1)

    def finish_phase(self) -> int:
        """Play on until the engine's phase changes (or a human must choose, or the game ends); at a watchable
        pace while a page shows it (:meth:`watched_pace`)."""
        return self._until_changes(self.view.phase, paced=True)

    def finish_round(self) -> int:
        """Play on until the engine's round changes (or a human must choose, or the game ends); paced likewise."""
        return self._until_changes(self.view.round, paced=True)

    def _until_changes(self, key: Callable[[GameState], Hashable] | None, paced: bool = False) -> int:
        if key is None:
            return self.step()
        start = key(self.state)
        return self._run(lambda s: key(s) != start, paced=paced)

    def play_to_end(self) -> int:
        """Play on until the game ends or a human must choose; paced likewise."""
        return self._run(lambda _s: False, paced=True)

    def choose(self, action: Action) -> None:
        """A human's action (or chosen chance outcome); with autoplay, bots and chance answer."""
        try:
            self._push(action)
        except IllegalAction as exc:
            self.message.value = f"<span class='gk-error'>{escape(exc)}</span>"
            self._refresh()
            return
        self._pass_chance()
        self.message.value = ""
        if self.autoplay.value:
            self._run(lambda _s: False, paced=True)
        else:
            self._refresh()

    # -- chance under control ---------------------------------------------------------------
    def chance_decides(self) -> None:
        """At a chance outcome the human was to choose: draw it from the seed instead."""
        if self.state.is_chance():
            self.choose(self._chance_action())

    def chance_finishes_phase(self) -> int:
        """Draw chance outcomes from the seed (bots play on) until the phase changes or a human decides."""
        self._chance_free = True
        try:
            return self._until_changes(self.view.phase)
        finally:
            self._chance_free = False
            self._refresh()

    # -- time travel ---------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last action (it stays available to Redo)."""
        if len(self._path) == 1:
            return False
        back = 1
        while self._counted and back < len(self._path) - 1 and self._path[-1 - back].is_chance():
            back += 1  # (the decision with the chance steps after it)
        self._back(back)
        self.message.value = ""
        self._refresh()
        self._changed()
        return True

    def _back(self, n: int) -> None:
        entries = self._entries_at(len(self._path))
        for _ in range(n):
            self._future.append(self.state.history()[-1])
            self._future_decided.append(not self._path[-2].is_chance())
            self._path.pop()
        self.log.undo(entries - self._entries_at(len(self._path)))

    def redo(self) -> bool:
        """Play again the last action taken back."""
        if not self._future:
            return False
        self._push(self._future[-1])
        self._pass_chance()
        self.message.value = ""
        self._refresh()
        return True

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
        self.message.value = ""
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
        self.play_button.description = "⏸ Pause" if on else "▶ Play"
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

    def press_key(self, key: str) -> None:
        """A keyboard shortcut (:data:`KEYS`) pressed inside the stepper."""
        if key in KEYS:
            getattr(self, KEYS[key][0])()

    # -- save and load ---------------------------------------------------------------------------
    def save_text(self) -> str:
        """The current game as a save file (JSON, ``gamekit.record``)."""
        from ..record import dump

        return dump(self.state)

    def download(self) -> str:
        """Make the browser download the save file; returns its name."""
        name = f"{self.view.spec.name}-move-{self.public_move()}.json"
        self.bridge.download(name, self.save_text())
        self.message.value = f"Saved as <b>{escape(name)}</b> (see your browser's downloads)."
        return name

    def load_text(self, text: str | bytes) -> None:
        """Open the game in a save file's ``text`` with its whole history, or continue from the position in a
        position file's (``docs/positions.md``: what ``to_position()`` writes, as JSON; a file that names no save
        "format" is read as one); asks first when the current game has moves."""
        from ..record import is_position_file, load

        spec = self.view.spec
        position = is_position_file(text, spec)
        try:
            state = spec.position_state(text) if position else load(text, spec)
        except ValueError as exc:
            read_as = " (read as a position: it names no save format)" if position else ""
            self.message.value = f"<span class='gk-error'>Cannot load that file{read_as}: {escape(exc)}</span>"
            return
        if position:
            self._ask("Open the position? The game on screen will be lost unless you save it first.",
                      "Yes, open it", lambda: self.start_from(state))
        else:
            self._ask("Open the saved game? The game on screen will be lost unless you save it first.",
                      "Yes, open it", lambda: self.load_game(state))

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

    def _on_reveal(self, change: dict) -> None:
        seat = self.state.current_player()
        self._revealed = seat if change["new"] else None
        self._refresh()

    def explain(self) -> list[tuple[Action, float]]:
        """The bot's candidate actions for the seat to move, with values (a hint for a human seat)."""
        return self.advisor.advise()

    # -- playing by clicking ------------------------------------------------------------------
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
        cancel = button("Cancel", "Back to every action", lambda _b: self._refresh())
        self.chooser.show(f"<b>{escape(self.name(s.current_player()))}: confirm</b> (press the button, or click "
                          "the same place again)", {"Chosen on the picture": [(self.label(s, a), a) for a in actions]},
                          [cancel])

    def label(self, state: GameState, action: Action) -> str:
        for items in self.view.group_actions(state, [action]).values():
            for label, _ in items:
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
            who = "<b>Game over</b>"
        elif s.is_chance():
            who = "Chance to move" + (" (you choose)" if self.is_human_turn() else "")
        else:
            seat = s.current_player()
            assert seat is not None  # neither the end nor chance
            who = f"<b>{escape(self.name(seat))}</b> to move ({escape(self.seats[seat])})"
        return f"<div>{escape(where)}{' — ' if where else ''}{who} · move {self.public_move()}</div>"

    def _banner_html(self) -> str:
        """The winner and the final ranking, with each result in the game's words."""
        returns = self.state.returns()
        ranked = ranking(returns)
        winners = [p for place, p in ranked if place == 1]
        names = " and ".join(self.name(p) for p in winners)
        head = (f"{escape(names)} win{'s' if len(winners) == 1 else ''} with "
                f"{escape(self.view.score_text(returns[winners[0]]))}")
        if len(winners) > 1:
            head += " each (tied players share the victory)"
        rows = " · ".join(f"{place}. {escape(self.name(p))} {escape(self.view.score_text(returns[p]))}"
                          for place, p in ranked)
        return f"<b>Game over: {head}</b><div class='gk-ranking'>Final ranking: {rows}</div>"

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
            labels = {target: " or ".join(self.label(s, a) for a in actions)
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
            self.reveal_button.description = f"Reveal {self.name(seat)}'s view" if viewer is None else "Hide"
        if viewer is not None:
            self.private_title.value = f"<b>What {escape(self.name(viewer))} sees</b>"
            self.private.value = self.view.private_html(self.state, viewer)
        elif hotseat:
            self.private_title.value = (f"<b>Pass the screen to {escape(self.name(seat))}</b>, "
                                        "then press Reveal.")
            self.private.value = ""
        elif seat is not None:
            self.private_title.value = (f"<i>{escape(self.name(seat))}'s hidden information stays hidden "
                                        "(a bot's hand is not shown while a human plays).</i>")
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
            about = f": {escape(concern.text)}" if concern is not None else ""
            self.chooser.show(f"<b>Choose the chance outcome</b>{about}", {"Chance outcome": items}, extras)
        elif viewer == seat:
            where = " (or click a highlighted part of the picture)" if self._targets else ""
            self.chooser.show(f"<b>{escape(self.name(seat))}: your action</b>{where}",
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
            self.text_form.value = ("<i>The text form shows every hidden hand, so it is not shown while a "
                                    "human plays.</i>")
            return
        self.text_form.value = f"<pre>{escape(text)}</pre>"

