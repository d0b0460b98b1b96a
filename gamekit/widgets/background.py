"""Slow work in a thread, so a page stays live: the stepper's coach and a classroom table's pages share it.

:func:`run_in_background` runs any work in a daemon thread.  :class:`CoachWork` runs the coach (a Hint,
a game's review) for one pane: its buttons are disabled while wanted work runs (the ``on_busy``
callback redraws them), its progress shows in the pane, and its answer replaces the pane only if it is
still wanted when it comes (the position it was asked for is still on the screen), else it is dropped.
Work whose answer is no longer wanted frees the buttons at once (new work may start beside it) and
stops at its next progress report.  Tests wait for the threads (``CoachWork.thread``,
:meth:`CoachWork.wait`), never for a time.
"""
from __future__ import annotations

import contextvars
import threading
from typing import Callable

import ipywidgets as widgets

from ..i18n import gettext as _
from .controls import escape_text


def run_in_background(work: Callable[[], object], name: str, errors: tuple[type[Exception], ...] = (),
                      on_error: Callable[[Exception], None] | None = None) -> threading.Thread:
    """Run ``work`` in a started daemon thread named ``name``; an exception of ``errors`` goes to ``on_error``
    (any other is the thread's to report).  Returns the thread.  The work runs in a copy of the caller's context,
    so it words its answer in the caller's language (:func:`gamekit.i18n.using`)."""
    context = contextvars.copy_context()

    def run() -> None:
        try:
            work()
        except errors as exc:
            if on_error is not None:
                on_error(exc)

    thread = threading.Thread(target=context.run, args=(run,), name=name, daemon=True)
    thread.start()
    return thread


class Abandoned(Exception):
    """Raised by :meth:`CoachWork.report` in the work whose answer is no longer wanted: the work stops."""


class CoachWork:
    """The coach's work for ``pane``, in threads (see the module docstring).  ``lock`` guards the pane
    against the page's own redrawing (hold it while the position changes, or check :attr:`busy` under
    it); ``on_busy`` redraws the buttons, under the lock, when work starts and when it ends."""

    def __init__(self, pane: widgets.HTML, lock: threading.RLock, on_busy: Callable[[], None]) -> None:
        self.pane, self.lock, self.on_busy = pane, lock, on_busy
        self.thread: threading.Thread | None = None  # the last work's
        self._threads: list[threading.Thread] = []  # every work's not yet joined (abandoned work may still run)
        self._current: object | None = None  # the last work, while it runs
        self._wanted: Callable[[], bool] = lambda: False  # whether the last work's answer is still wanted
        self._own = threading.local()  # in a work's thread: that work's ``wanted``

    @property
    def busy(self) -> bool:
        """Whether work runs whose answer is still wanted (work abandoned but still stopping does not count)."""
        with self.lock:
            return self._current is not None and self._wanted()

    def start(self, work: Callable[[], str], wanted: Callable[[], bool],
              shown: Callable[[], None] | None = None) -> threading.Thread:
        """Run ``work`` (the coach; its answer as HTML) in a thread, then, if ``wanted()`` still holds, show
        its answer in the pane and call ``shown``.  An error is shown as such (and ``shown`` not called)."""
        this = object()

        def run() -> None:
            self._own.wanted = wanted
            answer: str | None = None
            failed = False
            try:
                answer = work()
            except Abandoned:
                pass
            except Exception as exc:  # noqa: BLE001 (the pane says so instead of thinking for ever)
                answer, failed = "<i>{}</i>".format(escape_text(_("The coach could not answer: {}").format(exc))), True
            with self.lock:
                if self._current is this:
                    self._current = None
                if answer is not None and wanted():
                    self.pane.value = answer
                    if shown is not None and not failed:
                        shown()
                self.on_busy()

        with self.lock:
            self._current, self._wanted = this, wanted
            self.on_busy()
            self.thread = run_in_background(run, "gk-coach")
            self._threads = [t for t in self._threads if t.is_alive()] + [self.thread]
        return self.thread

    def report(self, text: str) -> None:
        """From the work: show its progress ``text`` (HTML) in the pane, or raise :class:`Abandoned` when its
        answer is no longer wanted."""
        with self.lock:
            if not self._own.wanted():
                raise Abandoned
            self.pane.value = text

    def wait(self, timeout: float | None = None) -> None:
        """Wait until every work is done (its answer shown or dropped).  Never call it holding the lock."""
        with self.lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout)
