"""The teacher's page: create tables (game, players, who sits where, options) and hand out their codes.

In JupyterLab: ``TeacherPage(open_store(folder))`` as the last expression of a cell.  Served by the
classroom server, it opens with the teacher key that ``make classroom`` prints (``?code=...``).

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

from ..widgets import SeatPicker, button
from ..widgets.controls import escape
from .pages import PAGE_CSS, game_view
from .store import TableCodes, TableStore

#: The games a teacher can choose (their packages).
GAMES = ("giganten", "firstgiants")
LINK_STYLE = "color:#0072B2;text-decoration:underline"
#: Where starting positions will come from (issue 13: scenarios); until then, the normal start only.
SCENARIOS: Sequence[tuple[str, str]] = (("the normal start", "start"),)


def join_link(base_url: str, code: str) -> str:
    """The address that opens a code's page on the classroom server at ``base_url`` ('' = this page's)."""
    return f"{base_url}?code={quote(code.replace('-', ''))}"


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
        self.scenario = widgets.Dropdown(options=list(SCENARIOS), description="Start", disabled=True,
                                         tooltip="Starting positions (scenarios) will come with issue 13; "
                                                 "for now every table starts at the beginning")
        self.seed = widgets.Text(description="Seed", placeholder="blank: random",
                                 tooltip="The same seed and the same moves give the same game (blank: a fresh one)")
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
        self._game_changed()
        form = widgets.VBox([
            widgets.HTML("<h2 style='margin:2px 0'>New table</h2>"), self.game_menu, self.title,
            widgets.HTML("<b>Seats</b> (human: a student with a code; or a bot)"), self.seats_box,
            widgets.HTML("<b>Options</b>"), self.options_box, self.scenario, self.seed,
            widgets.HBox([self.create_button]), self.message])
        self.widget = widgets.VBox([
            widgets.HTML(PAGE_CSS), form, self.codes,
            widgets.HBox([widgets.HTML("<h2 style='margin:2px 8px 2px 0'>Tables</h2>"), self.refresh_button]),
            self.tables])
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

    def options(self) -> dict[str, Any]:
        """The options that differ from the game's defaults."""
        spec = importlib.import_module(self.module).SPEC
        return {key: w.value for key, w in self.option_widgets.items() if w.value != spec.option_defaults[key]}

    def _on_create(self, _button: widgets.Button) -> None:
        self.create()

    def create(self) -> TableCodes | None:
        """Create the table the form describes; show its codes (once)."""
        seed = self.seed.value.strip() or None
        try:
            codes = self.store.create_table(self.module, self.seat_picker.seats, options=self.options(),
                                            title=self.title.value.strip(), seed=seed)
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
                f"<div>Host code (keep it to yourself): <b style='font-family:monospace;font-size:18px'>"
                f"{escape(codes.host)}</b>{projector}</div>"
                f"<table style='margin:6px 0'><tr><th>seat</th><th>student code</th><th>join link</th></tr>"
                f"{''.join(rows)}</table><div><i>These codes are shown only now: print this page or write them "
                f"down. A student opens the join link, or the classroom address and types the code.</i></div></div>")

    def refresh_tables(self) -> None:
        rows = []
        for info in reversed(self.store.list_tables()):
            view = game_view(info.module)
            seats = ", ".join(f"{view.player_name(s.seat)}: {'student' if s.played_by == 'human' else s.label}"
                              for s in info.seats)
            when = datetime.datetime.fromtimestamp(info.created).strftime("%d %b %H:%M")
            rows.append(f"<tr><td>{escape(info.title or '–')}</td><td>{escape(view.title or info.game)}</td>"
                        f"<td>{escape(seats)}</td><td>{escape(info.status)}</td><td>{escape(when)}</td></tr>")
        head = "<tr><th>title</th><th>game</th><th>seats</th><th>status</th><th>created</th></tr>"
        self.tables.value = (f"<table class='gk-table-list' style='border-spacing:10px 2px'>{head}{''.join(rows)}"
                             "</table>" if rows else "<i>No tables yet.</i>")
