"""Keeping a page live: a background thread waits for its table to change and redraws the page.

ipywidgets send a widget's new value to the browser from any thread of the kernel (the kernel's IOPub
channel is thread-safe), so a thread that sets ``widget.value`` updates the page in JupyterLab and in
Voila alike; what is not thread-safe is the page's own drawing, which the page guards with a lock.
"""
from __future__ import annotations

import threading
from typing import Callable

from .errors import TableError
from .store import TableStore

#: How long one wait lasts before the thread looks again whether it should stop (a change ends the
#: wait at once: SQLite is polled every 50 ms, PostgreSQL notifies).
WAIT_SECONDS = 2.0
#: After a failure (the database unreachable), the pause before trying again.
RETRY_SECONDS = 2.0


class LiveLink:
    """Calls ``redraw()`` whenever table ``table_id``'s revision differs from ``revision()`` (the one
    the page shows); ``problem(text)`` is told when the store fails and ``problem(None)`` when it
    answers again.  A daemon thread: it ends with the kernel, or with :meth:`stop`."""

    def __init__(self, store: TableStore, table_id: str, revision: Callable[[], int], redraw: Callable[[], None],
                 problem: Callable[[str | None], None]) -> None:
        self.store = store
        self.table_id = table_id
        self.revision = revision
        self.redraw = redraw
        self.problem = problem
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"gk-live-{table_id}", daemon=True)

    def start(self) -> "LiveLink":
        self._thread.start()
        return self

    def stop(self) -> None:
        """Ask the thread to end (it does within WAIT_SECONDS; :meth:`join` waits for it)."""
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        failing = False
        while not self._stop.is_set():
            try:
                known = self.revision()
                if self.store.wait_for_change(self.table_id, known, WAIT_SECONDS) != known and not self._stop.is_set():
                    self.redraw()
                if failing:
                    failing = False
                    self.problem(None)
            except TableError as exc:
                failing = True
                self.problem(f"{exc} The page tries again every {RETRY_SECONDS:g} s.")
                self._stop.wait(RETRY_SECONDS)
            except Exception as exc:  # a page must not go silently dead: say so (the kind only: the text might
                failing = True       # name what the seat may not see) and keep trying
                self.problem(f"The page could not update ({type(exc).__name__}); it tries again.")
                self._stop.wait(RETRY_SECONDS)
