"""The game stepper both games share: step, finish a phase or a round, undo, redo, reset, play on.

The stepper is a thin layer: every rule lives in the engine (``state.apply``, ``legal_actions``,
``chance_outcomes``, ``observation``); a game only describes itself with a :class:`GameView`
(its bots, its phases and rounds, how to group its actions, how to draw a state).

Determinism: a chance outcome is drawn from a generator seeded by (seed, move number), and a bot
is created afresh for each decision from (seed, seat, move number).  So a game in the stepper is
a pure function of the seed and the humans' choices: undo then step gives the same move again,
and "why?" explains exactly the move the bot is about to play.

Hidden information: the picture and the private pane show what *one* seat may see
(``state.observation(seat)``), and only for the seat to move.  With several human seats (hot-seat
play) that view stays covered until the player presses Reveal ("pass the screen"); with one
human it is shown for that human's turns; with no human at all (a demonstration) it is shown for
every seat to move.  Bots' hands are never shown while a human plays: nothing the stepper shows
then (status, summary, picture, log, text form, Hint, Why?, messages) depends on what the humans
may not see, except the view of the seat a human has revealed.  In particular a bot's Why? (its
candidates and their values rest on its hand) is withheld while a human plays a game with hidden
information (:attr:`GameView.hidden_information`); the Hint of a human seat asks a bot sitting in
that seat, which sees what that seat sees.  One exception, by choice: a human who sets chance to
"you choose" becomes the dealer and sees every chance outcome offered, secret draws included.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence

import ipywidgets as widgets

from ..actions import Action
from ..plotting import player_color
from ..protocol import GameState, IllegalAction
from ..spec import GameSpec
from .chooser import ActionChooser, ActionGroups
from .controls import button, escape
from .log import EventLog, format_entry
from .seats import CHANCE_CHOOSE, HUMAN, SeatPicker

BotFactory = Callable[..., Any]


class Picture(Protocol):
    """Draws a state as PNG bytes, from the public view or one seat's view."""

    def render(self, state: GameState, viewer: int | None) -> bytes: ...


def group_by_kind(state: GameState, actions: Sequence[Action]) -> ActionGroups:
    """The default grouping of legal actions: by their ``kind``, labelled by ``str``."""
    groups: dict[str, list[tuple[str, Action]]] = {}
    for action in actions:
        groups.setdefault(action.kind, []).append((str(action), action))
    return groups


def observation_html(state: GameState, player: int) -> str:
    """The default private pane: the seat's observation, one key per line."""
    rows = "".join(f"<tr><th style='text-align:left;padding-right:8px'>{escape(k)}</th><td>{escape(v)}</td></tr>"
                   for k, v in state.observation(player).items())
    return f"<table style='font-size:12px'>{rows}</table>"


def public_action_text(state: GameState, action: Action) -> str | None:
    """The default log text of an action: decisions are public, chance outcomes are not shown.

    A chance outcome may be a secret draw (a license's value, a dealt card), so by default only
    the events the engine emits for it appear in the log; a game view overrides this to show
    public chance outcomes such as die faces.
    """
    return None if state.is_chance() else str(action)


@dataclass
class GameView:
    """What the stepper needs to know about a game beyond the protocol.

    ``bots`` is the game's ``BOTS`` dict (name -> ``factory(seed, **params)``).  ``phase`` and
    ``round`` give labels whose change ends "finish phase" / "finish round" (None: no button).
    ``picture`` makes a fresh :class:`Picture` for each stepper (None: the text form only);
    ``summary_html`` gives a public table of the players (money, pieces) shown under the status.
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
    #: Whether some seat may not see everything (license hands, face-down tiles, ...).  While a human
    #: plays such a game, a bot's Why? is not shown (a game without hidden information sets False).
    hidden_information: bool = True
    #: ``str(state)`` shows hidden information (e.g. every license hand): while a human plays, the
    #: stepper's text pane then shows ``public_text(state)`` if given, else nothing.
    text_shows_hidden: bool = False
    public_text: Callable[[GameState], str] | None = None
    bot_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


def derived_seed(*parts: object) -> int:
    """A 31-bit seed from ``parts`` (stable across runs and machines: str seeds hash with SHA-512)."""
    return random.Random("/".join(map(str, parts))).getrandbits(31)


class GameStepper:
    """Step through a game one action, one phase, one round at a time, or play it to the end.

    Use it from code (``stepper.step()``, ``stepper.undo()``, ``stepper.state``) or by its
    controls; display it as the last expression of a cell.
    """

    def __init__(self, view: GameView, players: int | None = None, seed: int = 0,
                 seats: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
                 autoplay: bool = True, log_limit: int = 200, max_buttons: int = 12,
                 start: GameState | None = None) -> None:
        self.view = view
        if start is not None and options:
            raise ValueError("a stepper that starts from a state plays with the state's options: give no options")
        self.options = dict(options or {} if start is None else start.options)
        spec = view.spec
        players = players or spec.min_players if start is None else start.num_players
        self.seat_picker = SeatPicker(view.bots, spec.min_players, spec.max_players, players, seats,
                                      view.player_name)
        self.log = EventLog(limit=log_limit)
        self.chooser = ActionChooser(self.choose, max_buttons=max_buttons)
        self._picture = view.picture() if view.picture else None
        self._revealed: int | None = None
        self._future: list[Action] = []
        self._build_controls(seed, autoplay)
        self.seat_picker.players.observe(lambda _c: self.reset(), names="value")
        for menu in (*self.seat_picker.menus, self.seat_picker.chance):
            menu.observe(lambda _c: self._refresh(), names="value")
        self.reset()
        if start is not None:  # (a position, a scenario, a loaded save: see start_from)
            self.start_from(start)

    # -- the widget tree -------------------------------------------------------------------
    def _build_controls(self, seed: int, autoplay: bool) -> None:
        v = self.view
        self.title = widgets.HTML(f"<h3 style='margin:2px 0'>{escape(v.title or v.spec.name)}</h3>")
        self.status = widgets.HTML()
        self.status.add_class("gk-status")
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.step_button = button("Step", "Play one action (a bot's move or a chance outcome)", self._on(self.step),
                                  icon="step-forward", style="primary")
        self.phase_button = button("Finish phase", "Play on until the phase changes or a human must choose",
                                   self._on(self.finish_phase), icon="forward")
        self.round_button = button("Finish round", "Play on until the round ends or a human must choose",
                                   self._on(self.finish_round), icon="fast-forward")
        self.end_button = button("Play to end", "Play on until the game ends or a human must choose",
                                 self._on(self.play_to_end), icon="flag-checkered")
        self.undo_button = button("Undo", "Take back the last action", self._on(self.undo), icon="undo")
        self.redo_button = button("Redo", "Play again the action just taken back", self._on(self.redo), icon="redo")
        self.seed_box = widgets.IntText(value=seed, description="Seed", tooltip="Seed of chance and bots; "
                                        "press New game to start a game with it",
                                        layout=widgets.Layout(width="170px"))
        self.reset_button = button("New game", "Start a new game with this seed and these seats",
                                   self._on(self.reset), icon="refresh", style="warning")
        self.autoplay = widgets.Checkbox(value=autoplay, description="Bots answer at once", indent=False,
                                         tooltip="After a human's action, bots and chance play on until "
                                                 "the next human decision")
        if v.phase is None:
            self.phase_button.layout.display = "none"
        if v.round is None:
            self.round_button.layout.display = "none"
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        if self._picture is None:
            self.image.layout.display = "none"
        self.text_form = widgets.HTML()
        self.private_title = widgets.HTML()
        self.reveal_button = widgets.ToggleButton(
            description="Reveal", icon="eye", layout=widgets.Layout(width="auto"),
            tooltip="Show the hidden information of the seat to move (pass the screen first)")
        self.reveal_button.observe(self._on_reveal, names="value")
        self.private = widgets.HTML()
        self.why_button = button("Why?", "Show the candidate actions the bot weighs, with their values",
                                 self._on(self.explain), icon="question")
        self.why = widgets.HTML()
        controls = widgets.HBox([self.step_button, self.phase_button, self.round_button, self.end_button,
                                 self.undo_button, self.redo_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        game_row = widgets.HBox([self.seed_box, self.reset_button, self.autoplay],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        side = widgets.VBox([self.private_title, self.reveal_button, self.private, self.chooser.box,
                             widgets.HBox([self.why_button]), self.why],
                            layout=widgets.Layout(min_width="320px", max_width="520px", padding="0 0 0 8px"))
        self.settings = widgets.Accordion(children=[self.seat_picker.box, self.text_form],
                                          titles=("Seats and chance", "Text form of the state"))
        self.settings.observe(lambda _c: self._refresh_text(), names="selected_index")
        self.widget = widgets.VBox([
            self.title, self.status, controls, game_row, self.message,
            widgets.HBox([self.image, side], layout=widgets.Layout(flex_flow="row wrap")), self.summary,
            widgets.HTML("<b>Event log</b> (newest first)"), self.log.output, self.settings,
        ])
        self.widget.add_class("gk-stepper")

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

    def start_from(self, state: GameState) -> None:
        """Continue from ``state`` (a loaded save, a position built in code) with the seats as they are.

        The game so far is not replayed: the log starts empty and Undo goes back no further than ``state``;
        New game starts a fresh game with the same options."""
        if type(state).spec is not self.view.spec:
            raise ValueError(f"this stepper plays {self.view.spec.name}, not {type(state).spec.name}")
        if state.num_players != self.seat_picker.players.value:
            self.seat_picker.players.value = state.num_players  # (a new player count starts a new game)
        self.options = state.options
        self._path = [state]
        self._future = []
        self._revealed = None
        self.log.clear()
        self.message.value = ""
        self._refresh()

    def reset(self) -> None:
        """A new game with the seed box's seed, the chosen player count and the options."""
        self._seed = int(self.seed_box.value)
        self._path: list[GameState] = [self.view.spec.new_game(self.seat_picker.players.value, **self.options)]
        self._future = []
        self._revealed = None
        self.log.clear()
        self.message.value = ""
        self._refresh()

    # -- who decides ----------------------------------------------------------------------
    def is_human_turn(self) -> bool:
        """A human seat (or a human-chosen chance outcome) must decide before play goes on."""
        s = self.state
        if s.is_terminal():
            return False
        if s.is_chance():
            return self.seat_picker.chance.value == CHANCE_CHOOSE
        return self.seats[s.current_player()] == HUMAN

    def bot(self, seat: int, kind: str | None = None) -> Any:
        """The bot deciding ``seat``'s move at this position (fresh and seeded, see the module doc)."""
        kind = kind or self.seats[seat]
        factory = self.view.bots[kind]
        return factory(derived_seed(self._seed, "seat", seat, self.state.move_number),
                       **dict(self.view.bot_params.get(kind, {})))

    def _automatic_action(self) -> Action | None:
        s = self.state
        if s.is_terminal() or self.is_human_turn():
            return None
        if s.is_chance():
            rng = random.Random(derived_seed(self._seed, "chance", s.move_number))
            from ..play import sample_chance
            return sample_chance(s, rng)
        return self.bot(s.current_player()).act(s)

    # -- moving ---------------------------------------------------------------------------
    def _push(self, action: Action) -> None:
        before = self.state
        after = before.apply(action)
        self._path.append(after)
        if self._future and self._future[-1] == action:
            self._future.pop()
        else:
            self._future = []
        seat = before.current_player()
        colour = None if seat is None else self.view.player_color(seat)
        html_text, plain = format_entry(before.move_number + 1, self.name(seat), colour,
                                        self.view.action_text(before, action), after.events)
        self.log.push(html_text, plain)

    def _run(self, until: Callable[[GameState], bool], max_moves: int = 100_000) -> int:
        """Play automatic moves until ``until(state)``, a human's turn or the end; redraw once."""
        moves = 0
        try:
            while moves < max_moves:
                action = self._automatic_action()
                if action is None:
                    break
                self._push(action)
                moves += 1
                if until(self.state):
                    break
            self.message.value = self._waiting_message() if moves == 0 else ""
        except IllegalAction as exc:  # a bot broke a rule: show it, keep the state
            self.message.value = f"<span style='color:#B00000'>Bot error: {escape(self._bot_error(exc))}</span>"
        self._refresh()
        return moves

    def _secrets_kept(self) -> bool:
        """Whether bots' hidden information must stay hidden: a human plays a game with hidden information."""
        return self.view.hidden_information and bool(self.seat_picker.humans)

    def _bot_error(self, exc: IllegalAction) -> str:
        """What a bot's refused action shows: the whole refusal, or (while a human plays a game with hidden
        information) only the rule, since the refused action and what was allowed instead may reveal the
        bot's hand."""
        if not self._secrets_kept():
            return str(exc)
        seat = self.state.current_player()
        return (f"the {self.seats[seat]} bot playing {self.name(seat)} chose an action that {exc.rule} "
                "forbids; the game stays where it was.")

    def _waiting_message(self) -> str:
        s = self.state
        if s.is_terminal():
            return "The game is over."
        if self.is_human_turn():
            who = "you (chance is set to 'you choose')" if s.is_chance() else self.name(s.current_player())
            return f"Waiting for {escape(who)}: choose an action on the right."
        return ""

    def step(self) -> int:
        """Play one automatic action (a bot's move or a chance outcome); 0 if a human must choose."""
        return self._run(lambda _s: True, 1)

    def finish_phase(self) -> int:
        """Play on until the engine's phase changes (or a human must choose, or the game ends)."""
        return self._until_changes(self.view.phase)

    def finish_round(self) -> int:
        """Play on until the engine's round changes (or a human must choose, or the game ends)."""
        return self._until_changes(self.view.round)

    def _until_changes(self, key: Callable[[GameState], Hashable] | None) -> int:
        if key is None:
            return self.step()
        start = key(self.state)
        return self._run(lambda s: key(s) != start)

    def play_to_end(self) -> int:
        """Play on until the game ends or a human must choose."""
        return self._run(lambda _s: False)

    def choose(self, action: Action) -> None:
        """A human's action (or chosen chance outcome); with autoplay, bots and chance answer."""
        try:
            self._push(action)
        except IllegalAction as exc:
            self.message.value = f"<span style='color:#B00000'>{escape(exc)}</span>"
            self._refresh()
            return
        self.message.value = ""
        if self.autoplay.value:
            self._run(lambda _s: False)
        else:
            self._refresh()

    def undo(self) -> bool:
        """Take back the last action (it stays available to Redo)."""
        if len(self._path) == 1:
            return False
        self._future.append(self.state.history()[-1])
        self._path.pop()
        self.log.pop()
        self.message.value = ""
        self._refresh()
        return True

    def redo(self) -> bool:
        """Play again the last action taken back."""
        if not self._future:
            return False
        self._push(self._future[-1])
        self.message.value = ""
        self._refresh()
        return True

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
        s = self.state
        seat = s.current_player()
        if seat is None:
            self.why.value = "<i>No decision to explain here (chance or end of game).</i>"
            return []
        kind = self.seats[seat]
        if kind == HUMAN:
            if self.visible_seat() != seat:
                self.why.value = "<i>Reveal this seat's view first: a hint would give away its hand.</i>"
                return []
            kind = next((k for k in ("heuristic", "search", "random") if k in self.view.bots), None)
            if kind is None:
                self.why.value = "<i>This game has no bot to ask.</i>"
                return []
        elif self._secrets_kept():
            self.why.value = (f"<i>{escape(self.name(seat))}'s reasons stay hidden while a human plays: the "
                              f"{escape(kind)} bot weighs its candidates with what only its seat may see. Ask for "
                              "a Hint on your own turn, or watch a game of bots only to see their reasons.</i>")
            return []
        bot = self.bot(seat, kind)
        if not hasattr(bot, "explain"):
            self.why.value = f"<i>The {escape(kind)} bot cannot explain its choices.</i>"
            return []
        ranked = sorted(bot.explain(s), key=lambda av: -av[1])
        rows = "".join(f"<tr><td>{escape(self._label(s, a))}</td><td style='text-align:right'>{v:.3g}</td></tr>"
                       for a, v in ranked[:8])
        more = f"<div><i>… and {len(ranked) - 8} more</i></div>" if len(ranked) > 8 else ""
        self.why.value = (f"<b>Why ({escape(kind)} bot, {escape(self.name(seat))}):</b>"
                          "<table style='font-size:12px'><tr><th>candidate</th><th>value</th></tr>"
                          f"{rows}</table>{more}")
        return ranked

    # -- drawing --------------------------------------------------------------------------
    def _label(self, state: GameState, action: Action) -> str:
        for items in self.view.group_actions(state, [action]).values():
            for label, _ in items:
                return label
        return str(action)

    def _status_html(self) -> str:
        s, v = self.state, self.view
        parts = []
        if v.round is not None:
            parts.append(str(v.round(s)))
        if v.phase is not None:
            parts.append(str(v.phase(s)))
        where = " · ".join(p for p in parts if p)
        if s.is_terminal():
            scores = ", ".join(f"{self.name(i)} {r:g}" for i, r in enumerate(s.returns()))
            who = f"<b>Game over</b> — {escape(scores)}"
        elif s.is_chance():
            who = "Chance to move" + (" (you choose)" if self.is_human_turn() else "")
        else:
            seat = s.current_player()
            who = f"<b>{escape(self.name(seat))}</b> to move ({escape(self.seats[seat])})"
        return (f"<div style='font-size:14px'>{escape(where)}{' — ' if where else ''}{who} · "
                f"move {s.move_number}</div>")

    def _refresh(self) -> None:
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
        self._refresh_chooser(seat, viewer)
        self.why.value = ""
        self.why_button.disabled = seat is None
        human = seat is not None and self.seats[seat] == HUMAN
        self.why_button.description = "Hint" if human else "Why?"
        self.why_button.tooltip = ("Ask a bot which actions it would weigh here, with their values" if human else
                                   "A bot's reasons stay hidden while a human plays (they would give its hand away)"
                                   if self._secrets_kept() else "Show the candidate actions the bot weighs, with their "
                                   "values")
        if self._picture is not None:
            self.image.value = self._picture.render(s, viewer)
        self.log.sync()
        self._refresh_text()
        self.status.value = self._status_html()  # last: once the status shows a move, the rest is there

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
            self.chooser.show("<b>Choose the chance outcome</b>", {"Chance outcome": items})
        elif viewer == seat:
            self.chooser.show(f"<b>{escape(self.name(seat))}: your action</b>",
                              self.view.group_actions(s, s.legal_actions()))
        else:
            self.chooser.hide()  # the legal actions would give the hand away

    def _refresh_text(self) -> None:
        if self.settings.selected_index != 1:
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
        self.text_form.value = f"<pre style='font-size:12px'>{escape(text)}</pre>"
