"""Ctrl-C between two steps that belong together: the signal waits until both are done.

A finished game is kept twice, in the run's rows and in the results file; a Ctrl-C landing between
the two would leave the file one row short of what the run reports (or the other way round).
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Iterator


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Run the block whole; a Ctrl-C that arrives meanwhile is delivered as it ends.

    Only the main thread receives signals, so elsewhere (and when SIGINT is ignored or not Python's
    to handle) the block simply runs."""
    before = signal.getsignal(signal.SIGINT) if threading.current_thread() is threading.main_thread() else None
    if not callable(before):
        yield
        return
    arrived: list[tuple[int, FrameType | None]] = []
    signal.signal(signal.SIGINT, lambda number, frame: arrived.append((number, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        if arrived:
            before(*arrived[0])
