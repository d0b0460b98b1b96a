"""The teacher's page: create tables (game, players, who sits where, options) and hand out their codes.

In JupyterLab: ``TeacherPage(open_store(folder))`` as the last expression of a cell.  Served by the
classroom server, it opens with the teacher key that ``make classroom`` prints (``?code=...``).

A table starts with a new game (the options chosen), from one of the game's scenarios (*Start*:
``<game>.scenarios()``, see ``docs/positions.md``), or from a position file (*Position file…*: the JSON
of ``state.to_position()``); a position fixes the players and the options.  *Students may ask the coach
for hints* (on unless the teacher unticks it, e.g. for a test) decides whether the students' pages
offer the coach's Hint during the game; the review after the game is always offered.

The codes of a new table are shown once, on this page, right after it is created (the store keeps only
their hashes): the host code with a link to the projector page, and per student seat its code and its
join link.  Print the page or note them before creating the next table.
"""
from __future__ import annotations

import datetime
import importlib
import os
from typing import Any, Sequence
from urllib.parse import quote

import ipywidgets as widgets

from ..protocol import GameState
from ..widgets import SeatPicker, button
from ..widgets.controls import escape
from .pages import PAGE_CSS, game_view, result_html
from .store import TableCodes, TableStore

#: The games a teacher can choose (their packages).
GAMES = ("giganten", "firstgiants")
LINK_STYLE = "color:#0072B2;text-decoration:underline"
#: The first entry of the Start menu: a new game with the options chosen.
NORMAL_START = ("the normal start", "")
#: The Start menu's value for the position file the teacher loaded.
FROM_FILE = "file:"


def join_link(base_url: str, code: str) -> str:
    """The address that opens a code's page on the classroom server at ``base_url`` ('' = this page's)."""
    return f"{base_url}?code={quote(code.replace('-', ''))}"


def start_menu(module: str) -> list[tuple[str, str]]:
    """The Start menu of ``module``'s game: the normal start, then each scenario by its title (a game
    without a ``scenarios()`` function has the normal start only)."""
    game = importlib.import_module(module)
    names = game.scenarios() if hasattr(game, "scenarios") else []
    return [NORMAL_START] + [(game.scenario_info(name).title, name) for name in names]


def _option_widget(key: str, default: Any, help_text: str) -> widgets.Widget:
    label = key.replace("_", " ")
    tip = help_text or label
    if isinstance(default, bool):
        return widgets.Checkbox(value=default, description=label, tooltip=tip, indent=False)
    if isinstance(default, int):
        return widgets.IntText(value=default, description=label, tooltip=tip)
    return widgets.Text(value=str(default), description=label, tooltip=tip)


class TeacherPage:
    """Create tables and list the store's tables.  ``public_url``: the classroom server's address for
    the students (``http://192.168.1.23:8866/``), for the join links; the classroom server gives it."""

    def __init__(self, store: TableStore, public_url: str = "", games: Sequence[str] = GAMES) -> None:
        self.store = store
        self.public_url = public_url
        self.games = tuple(games)
        self.created: list[tuple[str, TableCodes]] = []
        self.game_menu = widgets.Dropdown(options=[(game_view(g).title or g, g) for g in self.games],
                                          description="Game", tooltip="The game the table plays")
        self.title = widgets.Text(description="Title", placeholder="e.g. 7b, table 1",
                                  tooltip="The table's name, shown on its pages")
        self.scenario = widgets.Dropdown(options=[NORMAL_START], description="Start",
                                         tooltip="A new game, or a scenario: a lesson's starting position (its "
                                                 "position sets the players and the options)")
        self.lesson = widgets.HTML()
        self.position_file = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                                description="Position file…",
                                                tooltip="Start from a position of your own: a JSON file written "
                                                        "from state.to_position() (docs/positions.md)")
        self.position_file.observe(self._on_position_file, names="value")
        self._file: tuple[str, GameState] | None = None
        self.seed = widgets.Text(description="Seed", placeholder="blank: random",
                                 tooltip="The same seed and the same moves give the same game (blank: a fresh one)")
        self.hints = widgets.Checkbox(value=True, description="Students may ask the coach for hints", indent=False,
                                      tooltip="A Hint button on each student's page during the game (untick it for "
                                              "a test); the review after the game is always there")
        self.create_button = button("Create the table", "Create the table and show its codes",
                                    self._on_create, icon="plus", style="primary")
        self.seats_box = widgets.VBox()
        self.options_box = widgets.VBox()
        self.message = widgets.HTML()
        self.codes = widgets.HTML()
        self.codes.add_class("gk-table-codes")
        self.tables = widgets.HTML()
        self.refresh_button = button("Refresh", "Read the list of tables again", lambda _b: self.refresh_tables(),
                                     icon="refresh")
        self.game_menu.observe(lambda _c: self._game_changed(), names="value")
        self.scenario.observe(lambda _c: self._start_changed(), names="value")
        self._game_changed()
        form = widgets.VBox([
            widgets.HTML("<h2 style='margin:2px 0'>New table</h2>"), self.game_menu, self.title,
            widgets.HTML("<b>Seats</b> (human: a student with a code; or a bot)"), self.seats_box,
            widgets.HTML("<b>Options</b>"), self.options_box,
            widgets.HBox([self.scenario, self.position_file]), self.lesson, self.seed, self.hints,
            widgets.HBox([self.create_button]), self.message], layout=widgets.Layout(flex="0 1 auto"))
        made = widgets.VBox([
            self.codes,
            widgets.HBox([widgets.HTML("<h2 style='margin:2px 8px 2px 0'>Tables</h2>"), self.refresh_button]),
            self.tables], layout=widgets.Layout(flex="1 1 600px", padding="0 0 0 24px"))
        self.widget = widgets.VBox([widgets.HTML(PAGE_CSS), widgets.HBox(
            [form, made], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))])
        self.widget.add_class("gk-table-page")
        self.widget.add_class("gk-teacher-page")
        self.refresh_tables()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def module(self) -> str:
        return self.game_menu.value

    def _game_changed(self) -> None:
        view = game_view(self.module)
        spec = view.spec
        players = min(max(3, spec.min_players), spec.max_players)
        self.seat_picker = SeatPicker(view.bots, spec.min_players, spec.max_players, players,
                                      ["human", "human"] + ["heuristic"] * (spec.max_players - 2), view.player_name)
        self.seat_picker.chance.layout.display = "none"  # chance is always the table's seed
        self.seats_box.children = [self.seat_picker.box]
        self.option_widgets = {key: _option_widget(key, default, spec.option_help.get(key, ""))
                               for key, default in spec.option_defaults.items()}
        self.options_box.children = list(self.option_widgets.values())
        self._file = None  # (a position is of one game)
        self.scenario.options = start_menu(self.module)
        self.scenario.value = ""
        self.scenario.disabled = len(self.scenario.options) == 1
        self.position_file.layout.display = None if spec.from_position is not None else "none"
        self._start_changed()

    def _on_position_file(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        name, content = str(files[0]["name"]), bytes(files[0]["content"])
        self.position_file.value = ()
        self.load_position(name, content)

    def load_position(self, name: str, text: str | bytes) -> None:
        """Offer the position ``text`` (a file's JSON) under Start, chosen; a refused one is shown, not offered."""
        try:
            state = game_view(self.module).spec.position_state(text)
        except ValueError as exc:
            self.message.value = f"<span style='color:#B00000'>{escape(name)}: {escape(exc)}</span>"
            return
        self.message.value = ""
        self._file = (name, state)
        self.scenario.options = [*start_menu(self.module), (f"the position in {name}", FROM_FILE)]
        self.scenario.disabled = False
        self.scenario.value = FROM_FILE
        self._start_changed()

    def _start_changed(self) -> None:
        """A scenario fixes the players and the options (shown, not editable) and shows its lesson; the
        normal start gives them back to the teacher."""
        start = self.start()
        fixed = (self.seat_picker.players, *self.option_widgets.values())
        if start is None:
            if self.seat_picker.players.disabled:  # (back from a scenario: a new game's defaults)
                spec = importlib.import_module(self.module).SPEC
                for key, widget in self.option_widgets.items():
                    widget.value = spec.option_defaults[key]
            for widget in fixed:
                widget.disabled = False
            self.lesson.value = ""
            return
        for widget in fixed:
            widget.disabled = True
        self.seat_picker.players.value = start.num_players
        for key, widget in self.option_widgets.items():
            widget.value = start.options[key]
        if self.scenario.value == FROM_FILE:
            assert self._file is not None
            about = f"<b>The position in {escape(self._file[0])}</b>: {start.num_players} players"
        else:
            info = importlib.import_module(self.module).scenario_info(self.scenario.value)
            about = f"<b>{escape(info.title)}</b> ({escape(info.rulebook)}): {escape(info.teaches)}"
        self.lesson.value = f"<div style='max-width:640px'>{about}</div>"

    def start(self) -> GameState | None:
        """The position chosen under Start (a scenario's, or the position file's), or None for the normal start."""
        name = self.scenario.value
        if name == FROM_FILE:
            return self._file[1] if self._file is not None else None
        return importlib.import_module(self.module).scenario(name) if name else None

    def options(self) -> dict[str, Any]:
        """The options that differ from the game's defaults."""
        spec = importlib.import_module(self.module).SPEC
        return {key: w.value for key, w in self.option_widgets.items() if w.value != spec.option_defaults[key]}

    def _on_create(self, _button: widgets.Button) -> None:
        self.create()

    def create(self) -> TableCodes | None:
        """Create the table the form describes; show its codes (once)."""
        seed = self.seed.value.strip() or None
        start = self.start()
        begin: dict[str, Any] = {"options": self.options()} if start is None else {"position": start.to_position()}
        try:
            codes = self.store.create_table(self.module, self.seat_picker.seats, title=self.title.value.strip(),
                                            seed=seed, hints=self.hints.value, **begin)
        except (ValueError, TypeError) as exc:
            self.message.value = f"<span style='color:#B00000'>{escape(exc)}</span>"
            return None
        self.message.value = ""
        self.created.append((self.title.value.strip(), codes))
        self.codes.value = self.codes_html(codes)
        self.refresh_tables()
        return codes

    @property
    def links(self) -> bool:
        """Whether to show links: with the classroom server's address, or on a page that server serves
        (relative links); in JupyterLab without an address, the codes only."""
        return bool(self.public_url) or "QUERY_STRING" in os.environ

    def _link(self, code: str, text: str | None = None) -> str:
        link = join_link(self.public_url, code)
        return f"<a href='{escape(link)}' target='_blank' style='{LINK_STYLE}'>{escape(text or link)}</a>"

    def codes_html(self, codes: TableCodes) -> str:
        """The new table's codes: the host code and projector link, a code and join link per student seat."""
        info = self.store.table_info(codes.table)
        view = game_view(info.module)
        rows = []
        for seat, code in enumerate(codes.seats):
            name = f"<td><b>{escape(view.player_name(seat))}</b></td>"
            if code is None:
                rows.append(f"<tr>{name}<td colspan=2>bot ({escape(info.seats[seat].label)})</td></tr>")
                continue
            rows.append(f"<tr>{name}<td style='font-family:monospace;font-size:18px;padding:0 12px'>{escape(code)}</td>"
                        f"<td>{self._link(code) if self.links else ''}</td></tr>")
        projector = f" — {self._link(codes.host, 'open the projector page')}" if self.links else ""
        return (f"<div style='border:2px solid #0072B2;border-radius:4px;padding:6px 10px;margin:8px 0'>"
                f"<h3 style='margin:2px 0'>{escape(info.title or 'New table')} — {escape(view.title or info.game)}, "
                f"{info.players} players</h3>"
                f"<div>The coach's hints for the students: <b>{'on' if info.hints else 'off'}</b></div>"
                f"<div>Host code (keep it to yourself): <b style='font-family:monospace;font-size:18px'>"
                f"{escape(codes.host)}</b>{projector}</div>"
                f"<table style='margin:6px 0'><tr><th>seat</th><th>student code</th><th>join link</th></tr>"
                f"{''.join(rows)}</table><div><i>These codes are shown only now: print this page or write them "
                f"down. A student opens the join link, or the classroom address and types the code.</i></div></div>")

    def refresh_tables(self) -> None:
        """The store's tables, newest first: title, game, who sits where, status, and a finished game's
        final result.  Cheap to repeat: a table's game is replayed only by the moves made since the last
        refresh (:meth:`TableStore.summaries`)."""
        rows = []
        for summary in reversed(self.store.summaries()):
            info = summary.info
            view = game_view(info.module)
            seats = ", ".join(f"{view.player_name(s.seat)}: {'student' if s.played_by == 'human' else s.label}"
                              for s in info.seats)
            when = datetime.datetime.fromtimestamp(info.created).strftime("%d %b %H:%M")
            status = (("game over", result_html(view, summary.returns)) if summary.returns is not None
                      else (info.status, ""))
            rows.append(f"<tr><td>{escape(info.title or '–')}</td><td>{escape(view.title or info.game)}</td>"
                        f"<td>{escape(seats)}</td><td>{escape(status[0])}</td><td>{escape(when)}</td>"
                        f"<td>{status[1]}</td></tr>")
        head = ("<tr><th>title</th><th>game</th><th>seats</th><th>status</th><th>created</th>"
                "<th>final result</th></tr>")
        self.tables.value = (f"<table class='gk-table-list' style='border-spacing:10px 2px'>{head}{''.join(rows)}"
                             "</table>" if rows else "<i>No tables yet.</i>")
