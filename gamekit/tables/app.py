"""The classroom app's routing: the address's ``?code=...`` opens a seat, the projector or the teacher page.

Voila starts one kernel per page and gives it the address's query string in the ``QUERY_STRING``
environment variable (set when the kernel starts; with Voila's preheated kernels, which the classroom
server does not use, it would come later through ``voila.utils.get_query_string()``);
``notebooks/classroom.ipynb`` calls :func:`classroom_page` and shows what it returns:

* a seat code (10 characters) -> that student's :class:`~.pages.SeatPage`;
* a host code (15) -> the table's :class:`~.pages.ProjectorPage` with the host's controls;
* the teacher key the classroom server printed when it started (20) -> the :class:`~.teacher.TeacherPage`;
* a wrong code -> a clear message, the form to type a code again, and nothing of any game;
* no code, on the classroom server -> the form to type one (the students' landing page);
* no code elsewhere (``make voila``, JupyterLab) -> nothing: the notebook shows its hot-seat dashboard.

The parameter is called ``code`` because Jupyter's request log scrubs parameters whose name contains
"code"; the classroom server (:mod:`gamekit.tables.serve`) goes further and never logs a query string.
The store is the one :func:`~.places.tables_location` names (``$GIANTS_KIT_TABLES``).
"""
from __future__ import annotations

import hmac
import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..widgets.controls import escape
from . import codes
from .errors import TableError, UnknownCode
from .pages import PAGE_CSS, ProjectorPage, SeatPage
from .places import PUBLIC_URL_ENV, TEACHER_KEY_ENV, tables_location
from .store import TableStore


WELCOME = ("<h2 style='margin:4px 0'>Giants kit classroom</h2><div style='font-size:16px'>Type the code your "
           "teacher gave you: it opens your seat at your table.</div>")
JOIN_FORM = """<form method="get" action="" class="gk-join" autocomplete="off" style="margin:4px 0;font-size:16px">
<label>Your code:
<input name="code" size="14" maxlength="40" placeholder="e.g. Q7KM3-XPAT9" autocapitalize="characters"
 spellcheck="false" style="font-size:16px;font-family:monospace"></label>
<button type="submit" style="font-size:16px">Join</button></form>"""

#: In Voila, a page opened by a code shows nothing of the notebook's text (its notes are for the teacher).
ONLY_THIS_PAGE = "<style>body .jp-MarkdownCell { display: none; }</style>"


@dataclass
class ClassroomPage:
    """What the address opens: ``kind`` is 'seat', 'host', 'teacher', 'refused' (a wrong code or a store
    that cannot be read), 'join' (no code, on the classroom server) or 'none' (no code elsewhere);
    ``page`` the page object (None for the last three); ``widget`` what to show."""

    kind: str
    widget: widgets.Widget
    page: Any = None

    @property
    def replaces_dashboard(self) -> bool:
        """Whether the notebook shows this page only (not its hot-seat dashboard)."""
        return self.kind != "none"

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def code_from_query(query: str) -> str | None:
    """The ``code`` parameter of a query string (the first one), or None."""
    values = parse_qs(query, keep_blank_values=True).get("code")
    return values[0] if values else None


def refusal(text: str) -> widgets.Widget:
    """A page that says ``text`` and offers the code form again: nothing of any game."""
    page = widgets.VBox([widgets.HTML(PAGE_CSS), widgets.HTML(
        f"<div class='gk-table-status gk-refused' style='background:#FFD8D8'>{escape(text)}</div>"),
        widgets.HTML(JOIN_FORM)])
    page.add_class("gk-table-page")
    return page


def is_teacher_key(code: str) -> bool:
    """Whether ``code`` is the key the classroom server printed (compared by hash, in constant time)."""
    expected = os.environ.get(TEACHER_KEY_ENV, "")
    hashed = codes.code_hash(code)
    return bool(expected) and hashed is not None and hmac.compare_digest(hashed, expected)


def classroom_page(query: str | None = None, store: TableStore | None = None, live: bool = True) -> ClassroomPage:
    """The page the address opens (``query``: the query string; default Voila's ``QUERY_STRING``, and
    then the page hides the notebook's text)."""
    notes = [widgets.HTML(ONLY_THIS_PAGE)] if query is None else []
    if query is None:
        if "QUERY_STRING" not in os.environ:
            return ClassroomPage("none", widgets.VBox())
        query = os.environ["QUERY_STRING"]
    code = code_from_query(query)
    if code is None:
        if TEACHER_KEY_ENV not in os.environ:  # not the classroom server: the notebook's dashboard
            return ClassroomPage("none", widgets.VBox())
        landing = widgets.VBox([*notes, widgets.HTML(PAGE_CSS), widgets.HTML(WELCOME), widgets.HTML(JOIN_FORM)])
        landing.add_class("gk-table-page")
        return ClassroomPage("join", landing)
    kind = codes.kind_of(code)
    try:
        if kind is None or (kind == "teacher" and not is_teacher_key(code)):
            raise UnknownCode("seat or table")
        if store is None:
            from . import open_store

            store = open_store(tables_location())
        if kind == "seat":
            page: Any = SeatPage(store, code, live)
        elif kind == "host":
            page = ProjectorPage.for_host(store, code, live)
        else:
            from .teacher import TeacherPage

            page = TeacherPage(store, os.environ.get(PUBLIC_URL_ENV, ""))
    except TableError as exc:
        return ClassroomPage("refused", widgets.VBox([*notes, refusal(str(exc))]))
    return ClassroomPage(kind, widgets.VBox([*notes, page.widget]), page)
