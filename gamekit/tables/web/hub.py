"""The live part of the classroom server: the open pages, what each was last sent, and the updates pushed to them.

Each open page is a websocket (:class:`Page`): a seat's (opened by its seat code), the host's (by the host code)
or a view-only projector (by the table's id).  The :class:`Hub` keeps them by table and:

* **pushes** every change: one task polls the revisions of the tables that have open pages
  (:meth:`TableStore.revisions`, one query every :data:`POLL_SECONDS`; it sees moves made through other server
  processes too), and a move made through this process refreshes its table at once;
* **renders** a page from its view (:meth:`TableStore.seat_view` or :meth:`TableStore.public_view`) with the game's
  drawing functions (:mod:`.render`), in a thread, and sends only the regions that changed since the page's last
  message;
* **offers** a seat its choices, numbered: a move names the offer it was chosen from and the choice's index, so a
  page can play only what it was offered, on the position it was shown (an older offer is refused as stale);
* **runs** the bots and the coach in the worker pools (:mod:`.work`): at most one Hint (per position) and one review
  (per seat) at a time, shared by every page of the seat, so a page that sends a request again, or many times,
  starts no more work;
* forgets a page when its websocket closes: nothing of it stays.

Each page is worded in its own reader's language (:attr:`Page.lang`, :func:`gamekit.i18n.using`): a move pushed to
the pages of a table is rendered for each page, so two seats at one table read it each in their own language.

What a page is sent never depends on what its viewer may not see: the regions are drawn from the view only, and a
page's messages carry no table id, no log length, no code.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from starlette.websockets import WebSocket

from ...i18n import SOURCE, using
from ...i18n import gettext as _
from ...protocol import IllegalAction
from ...widgets.controls import escape
from ..errors import TableError, UnknownCode
from ..store import TableInfo, TableStore
from ..views import SeatView
from . import render, work
from .render import LOG_ENTRIES, Offer, Renderer

#: How often the hub reads the revisions of the tables with open pages.
POLL_SECONDS = 0.1
#: The coach's samples per option for a Hint and per decision for a review (as the stepper's coach).
HINT_SAMPLES = 12
REVIEW_SAMPLES = 4
#: What each kind of page may send (a projector's pages, view-only, send nothing that acts).
ALLOWED = {"seat": ("move", "hint", "review", "answer"), "host": ("host",)}

log = logging.getLogger("gamekit.tables.web")


@dataclass(eq=False)
class Page:
    """One open page: its websocket, whose page it is (``kind``: 'seat', 'host' or 'watch'), and what it was sent."""

    socket: WebSocket
    kind: str
    table: str
    seat: int | None = None
    code: str | None = None  # the seat or host code that opened it (never sent back)
    lang: str = SOURCE  # the language its reader reads it in
    sent: dict[str, str] = field(default_factory=dict)
    offer: Offer = Offer((), {})
    offer_number: int = 0
    offer_length: int = -1  # the log length the offer was made at (server side only)
    view: SeatView | None = None
    coach: str = ""  # the coach pane's HTML
    coach_at: int | None = None  # the log length of the position the hint shown is for
    message: str = ""
    refreshing: bool = False
    again: bool = False


class Hub:
    """The open pages of one server process (see the module docstring)."""

    def __init__(self, store: TableStore, workers: work.Workers, public_url: str = "") -> None:
        self.store = store
        self.workers = workers
        self.public_url = public_url
        self.pages: dict[str, set[Page]] = {}
        self.revisions: dict[str, int] = {}
        self.joined: dict[str, set[int]] = {}  # the seats whose student has opened their page since the start
        self._renderers: dict[str, Renderer] = {}
        self._hints: dict[tuple[str, int, int, str], asyncio.Future[str]] = {}
        self._reviews: dict[tuple[str, int, str], asyncio.Future[str]] = {}
        self._advancing: set[str] = set()
        self._task: asyncio.Task | None = None
        self._quiz_revision = -1
        self._deadline = float("inf")  # when the open class question's time is up (its pages then change)

    # -- pages come and go -----------------------------------------------------------------------
    async def join(self, page: Page) -> None:
        self.pages.setdefault(page.table, set()).add(page)
        if page.kind == "seat" and page.seat is not None:
            self.joined.setdefault(page.table, set()).add(page.seat)
            await self.refresh_table(page.table, others_only=page)  # the host page shows who joined
        await self.refresh(page)

    async def leave(self, page: Page) -> None:
        pages = self.pages.get(page.table)
        if pages is not None:
            pages.discard(page)
            if not pages:
                del self.pages[page.table]
                self.revisions.pop(page.table, None)
        if page.kind == "seat":
            await self.refresh_table(page.table)

    def online(self, table: str) -> set[int]:
        """The seats of ``table`` with a page open now (in this process)."""
        return {p.seat for p in self.pages.get(table, ()) if p.kind == "seat" and p.seat is not None}

    def renderer(self, info: TableInfo) -> Renderer:
        if info.table not in self._renderers:
            self._renderers[info.table] = Renderer(info.module, info.stored_title, info.lesson)
        return self._renderers[info.table]

    # -- pushing changes -------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch(), name="gk-hub-watch")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            tables = list(self.pages)
            if not tables:
                continue
            try:
                now = await asyncio.to_thread(self.store.revisions, tables)
                quiz = await asyncio.to_thread(self.store.quiz.revision)
            except TableError as exc:
                log.warning("reading the tables' revisions: %s", type(exc).__name__)
                continue
            if quiz != self._quiz_revision or time.time() > self._deadline:
                self._quiz_revision, self._deadline = quiz, float("inf")
                await asyncio.gather(*(self.refresh(p) for pages in list(self.pages.values()) for p in list(pages)
                                       if p.kind in ("seat", "question")))
            for table, revision in now.items():
                if self.revisions.get(table) != revision:
                    self.revisions[table] = revision
                    await self.refresh_table(table)

    async def refresh_table(self, table: str, others_only: Page | None = None) -> None:
        await asyncio.gather(*(self.refresh(p) for p in list(self.pages.get(table, ())) if p is not others_only))

    async def refresh(self, page: Page) -> None:
        """Render ``page`` again, in its reader's language, and send what changed (a refresh asked for while one
        runs runs once after it)."""
        if page.refreshing:
            page.again = True
            return
        page.refreshing = True
        try:
            with using(page.lang):
                await self._refresh(page)
        finally:
            page.refreshing = False

    async def _refresh(self, page: Page) -> None:
        while True:
            page.again = False
            try:
                regions = await asyncio.to_thread(self._render, page)
            except UnknownCode:
                await self._send(page, {"t": "gone", "text": _("This code no longer works: ask your teacher for "
                                                               "your new code.")})
                await page.socket.close(code=4001)
                return
            except TableError as exc:
                again = _("The page tries again.")
                regions = {"problem": f"<div class='gk-problem'>{escape(str(exc))} {escape(again)}</div>"}
            changed = {k: v for k, v in regions.items() if page.sent.get(k) != v}
            if changed:
                page.sent.update(changed)
                await self._send(page, {"t": "update", "regions": changed})
            if not page.again:
                return

    def _render(self, page: Page) -> dict[str, str]:
        """Every region of ``page`` in its reader's language (in a thread: the store's reads, the replay and the
        drawing)."""
        with using(page.lang):
            return self._regions(page)

    def _regions(self, page: Page) -> dict[str, str]:
        if page.kind == "question":
            return self._render_question(page.table)
        if page.kind == "seat":
            view = self.store.seat_view(page.code, log_limit=LOG_ENTRIES)
        else:
            view = self.store.public_view(page.table, log_limit=LOG_ENTRIES)
        state = self.store.state(view.table, view.log_length)
        info = self.store.table_info(page.table)
        renderer = self.renderer(info)
        if page.view is not None and view.log_length != page.view.log_length:
            page.message = ""  # (a refusal is about the position it was made on)
        viewer = page.seat if page.kind == "seat" else None
        offer = renderer.offer(view, state) if page.kind == "seat" else Offer((), {})
        if offer != page.offer or (offer.actions and view.log_length != page.offer_length):
            page.offer, page.offer_length = offer, view.log_length
            page.offer_number += 1
        if page.coach_at is not None and page.coach_at != view.log_length:  # the hint's position has gone
            page.coach, page.coach_at = "", None
        page.view = view
        regions = renderer.regions(view, state, viewer, offer)
        regions["problem"] = ""
        regions["message"] = page.message
        if page.kind == "seat":
            regions["choices"] = self._numbered(regions["choices"], page)
            regions["coach"] = self._coach(page, info, view)
            regions["quiz"] = self._quiz(page, info.lesson)
        if page.kind == "host":
            regions["controls"] = render.host_controls(renderer, view.content, info, self.online(page.table),
                                                       self.joined.get(page.table, set()), self.public_url)
        if page.kind == "watch":
            regions["joining"] = render.joining(renderer, view.content, info, self.online(page.table),
                                                self.joined.get(page.table, set()), self.public_url)
        return regions

    def _watch_deadline(self, asked: Any) -> None:
        if asked.status == "open":
            self._deadline = min(self._deadline, asked.opened + asked.seconds + 0.2)

    def _quiz(self, page: Page, lesson: str | None) -> str:
        """The seat's class-question box (empty when no question is posed)."""
        asked = self.store.quiz.current_for(lesson)
        if asked is None or page.seat is None:
            return ""
        self._watch_deadline(asked)
        question = asked.question()
        chosen = self.store.quiz.answer_of(asked.id, page.table, page.seat)
        feedback = question.check(chosen) if chosen is not None and asked.status == "revealed" else None
        return render.quiz_for_seat(asked.module, asked, question, chosen, feedback, asked.open_now())

    def _render_question(self, qid: str) -> dict[str, str]:
        """The projector's page of a class question."""
        asked = self.store.quiz.get(qid)
        self._watch_deadline(asked)
        answers = [choice for _, _, choice in self.store.quiz.answers(qid)]
        return render.question_regions(asked.module, asked, asked.question(), answers,
                                       self.store.quiz.students(asked.lesson))

    @staticmethod
    def _numbered(choices: str, page: Page) -> str:
        if not choices:
            return ""
        targets = json.dumps({t: list(i) for t, i in sorted(page.offer.targets.items())}, separators=(",", ":"))
        return (f"<div class='gk-offer' data-offer='{page.offer_number}' data-targets='{escape(targets)}'>"
                f"{choices}</div>")

    def _coach(self, page: Page, info: TableInfo, view: SeatView) -> str:
        c = view.content
        busy = (page.table, view.log_length, page.seat, page.lang) in self._hints and page.coach_at is not None
        buttons = []
        if info.hints and not c["terminal"]:
            disabled = "" if c["your_turn"] and not busy else " disabled"
            buttons.append(f"<button type='button' class='gk-hint'{disabled}>{escape(_('Hint'))}</button>")
        if c["terminal"]:
            buttons.append(f"<button type='button' class='gk-review'>{escape(_('Review my game'))}</button>")
        return f"<div class='gk-coach-buttons'>{''.join(buttons)}</div><div class='gk-advice'>{page.coach}</div>"

    async def _send(self, page: Page, message: dict[str, Any]) -> None:
        try:
            await page.socket.send_text(json.dumps(message, sort_keys=True, separators=(",", ":")))
        except Exception:  # noqa: BLE001 -- the page has gone: its receive loop ends and it leaves
            pass

    # -- what a page asks for --------------------------------------------------------------------
    async def handle(self, page: Page, message: Any) -> None:
        """One message from ``page``: a move, a Hint, a review, or (the host's page) a host operation."""
        if not isinstance(message, dict) or not isinstance(message.get("t"), str):
            return
        kind = message["t"]
        actions: dict[str, Callable[[Page, dict], Awaitable[None]]] = {
            "move": self._move, "hint": self._hint, "review": self._review, "host": self._host, "answer": self._answer}
        if kind in ALLOWED.get(page.kind, ()):
            await actions[kind](page, message)

    async def _answer(self, page: Page, message: dict) -> None:
        """A student's answer to the class question (their first counts; the store checks the rest)."""
        qid, choice = message.get("question"), message.get("choice")
        if not isinstance(qid, str) or type(choice) is not int or page.code is None:
            return
        try:
            await asyncio.to_thread(self.store.quiz.answer, qid, page.code, choice)
        except TableError as exc:
            await self._say(page, str(exc))
            return
        await self.refresh(page)

    async def _say(self, page: Page, text: str) -> None:
        page.message = f"<div class='gk-problem' role='alert'>{escape(text)}</div>" if text else ""
        await self.refresh(page)

    async def _move(self, page: Page, message: dict) -> None:
        offer, choice = message.get("offer"), message.get("choice")
        if type(offer) is not int or type(choice) is not int:
            return
        if offer != page.offer_number or not 0 <= choice < len(page.offer.actions):
            await self._say(page, _("That choice is no longer on offer: the game moved on. Choose again."))
            return
        action, length = page.offer.actions[choice], page.offer_length
        try:
            await asyncio.to_thread(self.store.play, page.code, action, length, advance=False)
        except (TableError, IllegalAction) as exc:
            await self._say(page, str(exc))
            return
        page.message = ""
        await self.refresh_table(page.table)
        self.advance(page.table)

    def advance(self, table: str) -> None:
        """Let chance and the bots play at ``table`` in the bots' pool (one job per table at a time)."""
        if table in self._advancing:
            return
        self._advancing.add(table)
        future = self.workers.submit_bots(work.advance, table)
        loop = asyncio.get_running_loop()

        def done(f: Future) -> None:
            loop.call_soon_threadsafe(self._advanced, table, f)

        future.add_done_callback(done)

    def _advanced(self, table: str, future: Future) -> None:
        self._advancing.discard(table)
        if future.exception() is not None:
            log.warning("table %s could not be advanced: %s", table, type(future.exception()).__name__)

    async def _hint(self, page: Page, message: dict) -> None:
        view = page.view
        if view is None or page.seat is None or not view.content["your_turn"]:
            return
        info = await asyncio.to_thread(self.store.table_info, page.table)
        if not info.hints:
            return
        key = (page.table, view.log_length, page.seat, page.lang)
        if key not in self._hints:
            seed = view.content["log_entries"]  # public, unlike the log length
            job = self.workers.submit_coach(work.hint, page.table, view.log_length, page.seat, HINT_SAMPLES, seed,
                                            page.lang)
            self._hints[key] = asyncio.wrap_future(job)
        page.coach, page.coach_at = f"<i>{escape(_('The coach is thinking…'))}</i>", view.log_length
        await self.refresh(page)
        try:
            answer = await self._hints[key]
        except Exception as exc:  # noqa: BLE001 -- say so on the page; the next Hint tries again
            self._hints.pop(key, None)
            could_not = _("The coach could not answer ({}).").format(type(exc).__name__)
            answer = f"<div class='gk-problem'>{escape(could_not)}</div>"
        if page.coach_at == view.log_length:
            page.coach = answer
            await self.refresh(page)
        self._forget_hints(page.table, view.log_length)

    def _forget_hints(self, table: str, current: int) -> None:
        for key in [k for k, f in self._hints.items() if k[0] == table and k[1] < current and f.done()]:
            del self._hints[key]

    async def _review(self, page: Page, message: dict) -> None:
        view = page.view
        if view is None or page.seat is None or not view.content["terminal"]:
            return
        key = (page.table, page.seat, page.lang)
        if key not in self._reviews:
            job = self.workers.submit_coach(work.review, page.table, page.seat, REVIEW_SAMPLES, page.lang)
            self._reviews[key] = asyncio.wrap_future(job)
        page.coach = f"<i>{escape(_('The coach is reviewing your game…'))}</i>"
        await self.refresh(page)
        try:
            page.coach = await self._reviews[key]
        except Exception as exc:  # noqa: BLE001
            self._reviews.pop(key, None)
            page.coach = (f"<div class='gk-problem'>"
                          f"{escape(_('The coach could not review the game ({}).').format(type(exc).__name__))}</div>")
        await self.refresh(page)

    async def _host(self, page: Page, message: dict) -> None:
        operation, seat, bot = message.get("op"), message.get("seat"), message.get("bot")
        view = page.view
        if operation not in ("pause", "resume", "end", "seat") or view is None:
            return
        if operation == "seat":
            seats = view.content["seats"]
            if type(seat) is not int or not 0 <= seat < len(seats):
                return
            if seats[seat]["played_by"] == "bot":
                bot = None
            elif bot not in self.renderer(self.store.table_info(page.table)).game.bots or bot == "human":
                return
        try:
            await asyncio.wrap_future(self.workers.submit_bots(work.host, page.code, operation, seat, bot))
        except (TableError, ValueError) as exc:
            await self._say(page, str(exc))
            return
        page.message = ""
        await self.refresh_table(page.table)
