"""The classroom server's routes: one Starlette app serves every page of every table, live over websockets.

========================  ==========================================================================
``GET /``                 the join page (type a code); with ``?code=CODE``: a seat code opens that student's
                          seat, a host code the table's host controls, the server's teacher key the teacher page
``GET /watch/<table>``    the projector's view-only page of a table (the public view, no host rights)
``GET /language/<lang>``  the language menu: remembers the reader's language (a cookie) and goes back to the page
``WS /ws``                a page's live link: it says whose page it is (its code, or the table it watches),
                          then receives the regions that change and sends the seat's choices, Hint, review,
                          or the host's operations
``POST /teacher/lesson``  the teacher creates a lesson's tables; the answer is the sheet of seat cards
``POST /teacher/reissue`` a new code for one seat (the old one stops at once); the answer is its card
``POST /teacher/ask...``  a class question: of a kind (``ask``), about a scenario or a position file
                          (``ask-position``), about the position a table's projector shows (``ask-table``)
``GET /static/...``       the kit's one script and stylesheet
========================  ==========================================================================

Join links keep the form ``http://HOST:PORT/?code=CODE``.  Pages are rendered on the server from the store's views
(:mod:`.render`), so a page is usable as soon as its HTML arrives; the script only sends clicks and swaps in the
regions the server pushes.  Every response carries the headers of :mod:`.guard`.  Every page is in its reader's
language (:mod:`.languages`: the menu on every page, a cookie, the browser's Accept-Language).
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import jinja2
import markupsafe
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...i18n import gettext as _
from ...i18n import LANGUAGES, format_money, format_number, language, ngettext, npgettext, pgettext, using
from .. import codes, open_store
from ..errors import TableError, UnknownCode, UnknownTable
from ..store import TableStore
from . import guard, languages, teacher, work
from .hub import Hub, Page

HERE = Path(__file__).resolve().parent
log = logging.getLogger("gamekit.tables.web")
#: How often the server looks for tables left waiting for chance or a bot (a worker that died mid-move).
WATCHDOG_SECONDS = 1.0


def key_hash(key: str) -> str:
    """How the server keeps its teacher key in memory and hands it to its other processes (never the key itself)."""
    raw = codes.normalize(key) or ""
    return hashlib.sha256(raw.encode("ascii")).hexdigest()


class Headers:
    """ASGI middleware: the guard's headers on every HTTP response, and request bodies bounded in size."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        size = dict(scope.get("headers") or []).get(b"content-length")
        if size is not None and (not size.isdigit() or int(size) > guard.MAX_BODY):
            await Response(_("The request is too large."), 413)(scope, receive, send)
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > guard.MAX_BODY:
                raise ValueError("request body too large")
            return message

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in guard.HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, bounded, with_headers)


class Language:
    """ASGI middleware: each request is answered in its reader's language (:func:`.languages.choose`): everything
    worded while it is handled, in its threads too, is worded in that language (:func:`gamekit.i18n.using`).  A
    websocket starts in it as well; each page's pushes are then worded in its own page's language (:mod:`.hub`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        lang = languages.choose(connection.query_params.get("lang"), connection.cookies.get(languages.COOKIE),
                                connection.headers.get("accept-language"))
        with using(lang):
            await self.app(scope, receive, send)


def environment() -> jinja2.Environment:
    """The pages' templates (autoescaped) with the kit's catalogues: ``_``, ``gettext``, ``ngettext``, ``pgettext``
    and ``npgettext`` (newstyle: autoescaped, ``{}`` placeholders filled with ``.format``, which escapes its
    values), ``format_number`` and ``format_money``; they word in the language in force when a page renders."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), extensions=["jinja2.ext.i18n"],
                             autoescape=jinja2.select_autoescape(), auto_reload=False)
    install = env.install_gettext_callables  # type: ignore[attr-defined]  # (added by jinja2.ext.i18n)
    install(_, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext)
    env.globals.update(format_number=format_number, format_money=format_money, Markup=markupsafe.Markup,
                       lesson_name=teacher.lesson_name)
    return env


def client_words() -> dict[str, str]:
    """What the page's script says itself (kept in the page's ``data-say-*`` attributes: no inline script)."""
    return {"lost": _("Connection lost: reconnecting…"),
            "unsent": _("Not connected: your click was not sent. Reconnecting…"),
            "again": _("Tap the same place again (or its highlighted button) to play it."),
            "highlighted": _("Choose one of the highlighted buttons."),
            "enlarge": _("Enlarge the board"), "back": _("Back to the page"),
            "seconds": _("{} s")}



async def uploaded_position(form: Any) -> bytes | None:
    """The position file a teacher's form uploaded (field ``position``), or None when none was chosen."""
    upload = form.get("position")
    return await upload.read() if isinstance(upload, UploadFile) and upload.filename else None

class Classroom:
    """One server process: the store, the worker pools, the hub of open pages, the teacher key's hash."""

    def __init__(self, location: str, teacher_hash: str, public_url: str, store_settings: dict[str, Any] | None = None,
                 bots: int = 1, coach: int = 1) -> None:
        self.location = location
        self.store_settings = dict(store_settings or {})
        self.teacher_hash = teacher_hash
        self.public_url = public_url
        self.pool_sizes = (bots, coach)
        self.limiter = guard.CodeLimiter()
        self.templates = Jinja2Templates(env=environment())
        self.store: TableStore
        self.workers: work.Workers
        self.hub: Hub
        self._watchdog: asyncio.Task | None = None

    # -- life ------------------------------------------------------------------------------------
    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.store = open_store(self.location, **self.store_settings)
        self.workers = work.Workers(self.location, self.store_settings, *self.pool_sizes)
        self.workers.warm_up()
        self.hub = Hub(self.store, self.workers, self.public_url)
        self.hub.start()
        # The bots of the tables left waiting (a server stopped mid-move) play in the pool: the server listens at once.
        self.workers.submit_bots(work.advance_waiting, 0.0)
        self._watchdog = asyncio.get_running_loop().create_task(self._watch_stalled(), name="gk-watchdog")
        try:
            yield
        finally:
            self._watchdog.cancel()
            await self.hub.stop()
            self.workers.shutdown()
            self.store.close()

    async def _watch_stalled(self) -> None:
        pending: Any = None
        while True:
            await asyncio.sleep(WATCHDOG_SECONDS)
            if pending is None or pending.done():
                pending = self.workers.submit_bots(work.advance_waiting, self.store.STALL_SECONDS)

    def app(self) -> Starlette:
        routes = [
            Route("/", self.index),
            Route("/watch/{table}", self.watch),
            Route("/language/{lang}", self.choose_language),
            Route("/question/{question}", self.question_page),
            Route("/teacher/ask", self.ask, methods=["POST"]),
            Route("/teacher/ask-position", self.ask_position, methods=["POST"]),
            Route("/teacher/ask-table", self.ask_table, methods=["POST"]),
            Route("/teacher/question", self.question_status, methods=["POST"]),
            Route("/teacher/play-on", self.play_on, methods=["POST"]),
            Route("/teacher/results.csv", self.results_csv),
            Route("/teacher/lesson", self.new_lesson, methods=["POST"]),
            Route("/teacher/reissue", self.reissue, methods=["POST"]),
            WebSocketRoute("/ws", self.socket),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        ]
        return Starlette(routes=routes, middleware=[Middleware(Language), Middleware(Headers)],
                         lifespan=self.lifespan)

    # -- pages -----------------------------------------------------------------------------------
    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        """``template`` rendered in the request's language, with the language menu; a ``?lang=`` is remembered."""
        lang = language()
        response = self.templates.TemplateResponse(
            request, template, {"public_url": self.public_url, "lang": lang, "say": client_words(),
                                "languages": languages.menu(lang, context.get("key")), **context},
            status_code=status)
        if request.query_params.get("lang") == lang:
            response.set_cookie(languages.COOKIE, lang, max_age=languages.COOKIE_SECONDS, samesite="lax")
        return response

    def refused(self, request: Request, text: str, status: int) -> HTMLResponse:
        return self.page(request, "join.html", status, problem=text)

    def is_teacher(self, key: object) -> bool:
        return isinstance(key, str) and codes.kind_of(key) == "teacher" and hmac.compare_digest(
            key_hash(key), self.teacher_hash)

    async def index(self, request: Request) -> Response:
        code = request.query_params.get("code")
        if code is None:
            return self.page(request, "join.html")
        client = request.client.host if request.client else "?"
        if self.limiter.blocked(client):
            return self.refused(request, _("Too many wrong codes from this device: wait a minute, then try again."),
                                429)
        kind = codes.kind_of(code)
        try:
            if kind == "teacher" and self.is_teacher(code):
                return await self.teacher_page(request, code)
            if kind == "seat":
                table, seat = await asyncio.to_thread(self.store.seat_of, code)
                return await self.table_page(request, "seat", table, seat, code)
            if kind == "host":
                table = await asyncio.to_thread(self.store.host_table, code)
                return await self.table_page(request, "host", table, None, code)
            raise UnknownCode("seat or table")
        except UnknownCode:
            self.limiter.wrong(client)
            return self.refused(request, _("That code does not open any seat or table. Check it and type it again."),
                                404)
        except TableError as exc:
            return self.refused(request, str(exc), 503)

    async def choose_language(self, request: Request) -> Response:
        """The language menu: remember the reader's choice in a cookie and go back to their page."""
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return self.refused(request, _("There is no such language."), 404)
        response = RedirectResponse(languages.back_to(request.headers.get("referer"), request.headers.get("host")),
                                    303)
        response.set_cookie(languages.COOKIE, lang, max_age=languages.COOKIE_SECONDS, samesite="lax")
        return response

    async def watch(self, request: Request) -> Response:
        table = request.path_params["table"]
        try:
            return await self.table_page(request, "watch", table, None, None)
        except UnknownTable:
            return self.refused(request, _("There is no such table."), 404)

    async def question_page(self, request: Request) -> Response:
        """The projector's view-only page of a class question."""
        qid = request.path_params["question"]
        try:
            regions = await asyncio.to_thread(self.hub._render_question, qid)
        except TableError:
            return self.refused(request, _("There is no such question."), 404)
        return self.page(request, "question.html", kind="question", regions=regions, watch=qid,
                         title=_("Question for the class"))

    async def table_page(self, request: Request, kind: str, table: str, seat: int | None, code: str | None) -> Response:
        """The page, rendered now with every region (usable before its websocket connects)."""
        page = Page(socket=None, kind=kind, table=table, seat=seat, code=code,  # type: ignore[arg-type]  # (no socket
                    lang=language())                                          # yet: rendered for the HTML page)
        regions = await asyncio.to_thread(self.hub._render, page)
        title = self.hub.renderer(self.store.table_info(table)).title or _("Giants kit table")
        return self.page(request, "table.html", kind=kind, regions=regions, watch=table if kind == "watch" else None,
                         title=title)

    async def teacher_page(self, request: Request, key: str, **extra: Any) -> HTMLResponse:
        online = {t: self.hub.online(t) for t in self.hub.pages}
        key = key.replace("-", "")
        rows = await asyncio.to_thread(teacher.lesson_rows, self.store, online)
        await asyncio.to_thread(teacher.add_ask_forms, self.store, rows, key)
        lessons = await asyncio.to_thread(self.store.lessons)
        asked = await asyncio.to_thread(teacher.recent_questions, self.store)
        learnt = await asyncio.to_thread(teacher.learnt, self.store)
        return self.page(request, "teacher.html", key=key, games=teacher.games(), rows=rows, lessons=lessons,
                         asked=asked, learnt=learnt, question_kinds=teacher.question_kinds(),
                         ask_position=teacher.ask_position_form(key, lessons), **extra)

    # -- the teacher's forms ---------------------------------------------------------------------
    async def _teacher_form(self, request: Request) -> tuple[str, Any] | Response:
        if not guard.same_origin(request.headers):
            return Response(_("Forms of the teacher page only."), 403)
        try:
            form = await request.form(max_files=1, max_fields=100, max_part_size=guard.MAX_BODY)
        except ValueError:
            return Response(_("The request is too large."), 413)
        key = form.get("key")
        if not self.is_teacher(key):
            client = request.client.host if request.client else "?"
            self.limiter.wrong(client)
            return self.refused(request, _("That is not the teacher key of this server."), 403)
        return str(key), form

    async def new_lesson(self, request: Request) -> Response:
        checked = await self._teacher_form(request)
        if isinstance(checked, Response):
            return checked
        key, form = checked
        position = await uploaded_position(form)
        try:
            lesson_form = teacher.read_lesson_form(form, position)
            lesson = await asyncio.wrap_future(self.workers.submit_bots(
                work.create_lesson, lesson_form.game, lesson_form.students, lesson_form.table_size,
                lesson_form.settings))
        except (teacher.FormError, TableError, ValueError, TypeError) as exc:
            return await self.teacher_page(request, key, problem=str(exc))
        sheet = await asyncio.to_thread(teacher.seat_cards, self.store, lesson, self.public_url)
        return self.page(request, "cards.html", key=key, lesson=lesson, sheet=sheet)

    async def ask(self, request: Request) -> Response:
        """The teacher poses a class question (a kind of a game's questions) to a lesson's students."""
        return await self._ask(request, lambda form, _upload: (self.store.quiz.ask, teacher.read_question_form(form)))

    async def ask_position(self, request: Request) -> Response:
        """The teacher poses a class question about a position: one of the kit's scenarios or an uploaded file."""
        return await self._ask(request, lambda form, upload: (
            self.store.quiz.ask, teacher.read_position_question_form(form, upload)))

    async def ask_table(self, request: Request) -> Response:
        """The teacher poses a class question about the position a table's projector shows now, to its lesson."""
        return await self._ask(request, lambda form, _upload: (
            self.store.quiz.ask_about_table, teacher.read_table_question_form(form)))

    async def _ask(self, request: Request, read: Callable[[Any, bytes | None], tuple[Callable[..., Any], Any]]
                   ) -> Response:
        """A teacher's form that poses a class question: ``read(form, uploaded position)`` checks it and gives the
        quiz's method and its (first, second, settings); the teacher page again, with the question or the problem."""
        checked = await self._teacher_form(request)
        if isinstance(checked, Response):
            return checked
        key, form = checked
        position = await uploaded_position(form)
        try:
            method, (first, second, settings) = read(form, position)
            asked = await asyncio.to_thread(method, first, second, **settings)
        except (teacher.FormError, TableError) as exc:
            return await self.teacher_page(request, key, problem=str(exc))
        return await self.teacher_page(request, key, asked_now=asked.id)

    async def question_status(self, request: Request) -> Response:
        """The teacher closes a class question's answers or reveals its answer."""
        checked = await self._teacher_form(request)
        if isinstance(checked, Response):
            return checked
        key, form = checked
        try:
            await asyncio.to_thread(self.store.quiz.set_status, str(form.get("question", "")),
                                    str(form.get("status", "")))
        except TableError as exc:
            return await self.teacher_page(request, key, problem=str(exc))
        return await self.teacher_page(request, key)

    async def play_on(self, request: Request) -> Response:
        """The class plays on from a question's position: the lesson's students at new tables that start there (as
        many players as the position has, bots in the gaps); the answer is the new tables' seat cards."""
        checked = await self._teacher_form(request)
        if isinstance(checked, Response):
            return checked
        key, form = checked
        try:
            asked = await asyncio.to_thread(self.store.quiz.get, str(form.get("question", "")))
            students = await asyncio.to_thread(teacher.students_of, self.store, asked.lesson)
            state = asked.question().state
            settings = {"position": state.to_position(), "title": f"from the question {asked.kind}",
                        "bot": "heuristic", "hints": True}
            lesson = await asyncio.wrap_future(self.workers.submit_bots(
                work.create_lesson, asked.module, students, state.num_players, settings))
        except (TableError, ValueError) as exc:
            return await self.teacher_page(request, key, problem=str(exc))
        sheet = await asyncio.to_thread(teacher.seat_cards, self.store, lesson, self.public_url)
        return self.page(request, "cards.html", key=key, lesson=lesson, sheet=sheet)

    async def results_csv(self, request: Request) -> Response:
        """What the class learnt, as CSV (``?code=TEACHERKEY[&lesson=ID]``)."""
        if not self.is_teacher(request.query_params.get("code")):
            client = request.client.host if request.client else "?"
            self.limiter.wrong(client)
            return Response(_("The teacher key of this server, please."), 403)
        lesson = request.query_params.get("lesson") or None
        text = await asyncio.to_thread(lambda: self.store.results(lesson).to_csv(index=False))
        return Response(text, media_type="text/csv", headers={
            "Content-Disposition": f"attachment; filename=results-{lesson or 'all'}.csv"})

    async def reissue(self, request: Request) -> Response:
        checked = await self._teacher_form(request)
        if isinstance(checked, Response):
            return checked
        key, form = checked
        table, seat = str(form.get("table", "")), str(form.get("seat", ""))
        try:
            if not seat.isdigit():
                raise ValueError(_("seat: a number"))
            code = await asyncio.to_thread(self.store.reissue_code, table, int(seat))
            info = await asyncio.to_thread(self.store.table_info, table)
        except (TableError, ValueError) as exc:
            return await self.teacher_page(request, key, problem=str(exc))
        view = teacher.game_view(info.module)
        name = next((getattr(s, "name", None) or "" for s in info.seats if s.seat == int(seat)), "")
        card = teacher.card(info.title, view.player_name(int(seat)), name, code, self.public_url)
        await self.hub.refresh_table(table)  # the old code's pages learn that it no longer works
        return self.page(request, "cards.html", key=key, lesson=None,
                         sheet=[{"title": info.title, "host": None, "watch": None, "cards": [card]}], reissued=True)

    # -- the live link -----------------------------------------------------------------------------
    async def socket(self, socket: WebSocket) -> None:
        client = socket.client.host if socket.client else "?"
        if not guard.same_origin(socket.headers) or self._pages_of(client) >= guard.PAGES_PER_CLIENT:
            await socket.close(code=1008)
            return
        await socket.accept()
        page = await self._hello(socket, client)
        if page is None:
            await socket.close(code=4001)
            return
        await self.hub.join(page)
        try:
            with using(page.lang):  # (what the page's own messages cause is worded in its language)
                while True:
                    text = await socket.receive_text()
                    if len(text) > guard.MAX_MESSAGE:
                        break
                    try:
                        message = json.loads(text)
                    except ValueError:
                        continue
                    await self.hub.handle(page, message)
        except WebSocketDisconnect:
            pass
        finally:
            await self.hub.leave(page)

    def _pages_of(self, client: str) -> int:
        return sum(1 for pages in self.hub.pages.values() for p in pages
                   if p.socket is not None and p.socket.client and p.socket.client.host == client)

    async def _hello(self, socket: WebSocket, client: str) -> Page | None:
        """The page's first message says whose page it is: ``{"t": "hello", "code": ...}`` or
        ``{"t": "watch", "table": ...}``, with the page's language (``"lang"``); anything else, or a wrong code, and
        the page gets nothing."""
        try:
            hello = json.loads(await asyncio.wait_for(socket.receive_text(), 10))
        except (ValueError, asyncio.TimeoutError, WebSocketDisconnect):
            return None
        if not isinstance(hello, dict) or self.limiter.blocked(client):
            return None
        # the language its page was rendered in (else the browser's: the cookie, Accept-Language)
        lang = hello["lang"] if hello.get("lang") in LANGUAGES else language()
        try:
            if hello.get("t") == "watch" and isinstance(hello.get("table"), str):
                await asyncio.to_thread(self.store.table_info, hello["table"])
                return Page(socket, "watch", hello["table"], lang=lang)
            if hello.get("t") == "question" and isinstance(hello.get("question"), str):
                await asyncio.to_thread(self.store.quiz.get, hello["question"])
                return Page(socket, "question", hello["question"], lang=lang)
            code = hello.get("code")
            if hello.get("t") == "hello" and codes.kind_of(code) == "seat":
                table, seat = await asyncio.to_thread(self.store.seat_of, code)
                return Page(socket, "seat", table, seat, code, lang=lang)
            if hello.get("t") == "hello" and codes.kind_of(code) == "host":
                table = await asyncio.to_thread(self.store.host_table, code)
                return Page(socket, "host", table, None, code, lang=lang)
        except (UnknownCode, UnknownTable):
            self.limiter.wrong(client)
        except TableError:
            pass
        return None


def create_app(location: str, teacher_hash: str, public_url: str, **settings: Any) -> Starlette:
    """The classroom app on the store at ``location`` (see :class:`Classroom` for ``settings``)."""
    return Classroom(location, teacher_hash, public_url, **settings).app()
