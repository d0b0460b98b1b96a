"""The classroom server's heavy work, off its event loop: two process pools, one for the bots, one for the coach.

Bots (a search bot may think for seconds) and the coach (a Hint samples the position a few hundred times, a review
judges every decision of a game) hold a CPU for long stretches; in the server's own process they would stall every
page.  So they run in worker processes, each with its own store opened on the same database (the store is safe to
share between processes: every write is a transaction that checks the log is where it was read).  Two pools, so
that a queue of Hints never delays the bots' moves and a slow bot never delays a Hint:

* ``bots``: :func:`advance` (chance and bots until a person must act), and the host's and teacher's operations that
  end by letting the bots play (:func:`host`, :func:`create_lesson`);
* ``coach``: :func:`hint` and :func:`review`, which return the HTML the seat's page shows.

The functions below run in a worker; each takes plain values (a table's id, a seat, a log length), reads the table
from the store itself and returns plain values, so nothing but those crosses between processes.
"""
from __future__ import annotations

import logging
import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable, Sequence

from ...coach import advise, model_of, review as coach_review
from ...i18n import SOURCE, using
from ...i18n import gettext as _
from ...record import states_along
from ..quiz import judged_decisions
from ..store import TableStore

_STORE: TableStore | None = None


def _open_worker_store(location: str, settings: dict[str, Any]) -> None:
    """A worker's initializer: open the store once for every job it runs."""
    global _STORE
    from .. import open_store

    _STORE = open_store(location, **settings)


def store() -> TableStore:
    if _STORE is None:
        raise RuntimeError("not a classroom worker: its store is opened by the pool's initializer")
    return _STORE


def ready() -> bool:
    """A no-op job: the pool's processes have started and opened the store."""
    return _STORE is not None


def advance(table_id: str) -> int:
    """Chance and the bots play at ``table_id`` until a person must act (see :meth:`TableStore.advance`)."""
    return store().advance(table_id)


def advance_waiting(stalled_for: float = 0.0, table_store: TableStore | None = None) -> int:
    """Advance every playing table unchanged for ``stalled_for`` seconds (a table that changed recently is being
    advanced by whoever changed it); a table that fails (a bot breaking a rule, a log that does not replay) is
    logged by its id and the others go on.  Returns the entries appended."""
    s = table_store or store()
    appended = 0
    now = time.time()
    for info in s.list_tables():
        if info.status != "playing" or now - info.updated < stalled_for:
            continue
        try:
            appended += s.advance(info.table)
        except Exception as exc:  # noqa: BLE001 -- one table's trouble must not stop the others
            logging.getLogger("gamekit.tables").warning("table %s could not be advanced: %s", info.table,
                                                        type(exc).__name__)
    return appended


def host(host_code: str, operation: str, seat: int | None = None, bot: str | None = None) -> None:
    """The host's ``operation`` ('pause', 'resume', 'end', 'seat'), by the host code (the store checks it)."""
    s = store()
    if operation == "pause":
        s.pause(host_code)
    elif operation == "resume":
        s.resume(host_code)
    elif operation == "end":
        s.end(host_code)
    elif operation == "seat" and seat is not None:
        s.set_seat(host_code, seat, bot)
    else:
        raise ValueError(f"unknown host operation {operation!r:.40}")


def create_lesson(game: str, students: Sequence[str] | int, table_size: int, settings: dict[str, Any]) -> Any:
    """The teacher's new lesson (its tables and their codes; :meth:`TableStore.create_lesson`)."""
    return store().create_lesson(game, students, table_size, **settings)


def hint(table_id: str, length: int, seat: int, samples: int, seed: int, lang: str = SOURCE) -> str:
    """The coach's Hint for ``seat`` on the table's position after ``length`` entries, as the seat's page shows it
    (in ``lang``, its reader's language).

    The coach samples only what the seat may see (``determinize(seat)``), with a fixed number of samples and a
    seed from the public log, so the hint depends neither on the machine's speed nor on hidden draws."""
    from ...widgets.coaching import advice_html
    from .render import game_view

    s = store()
    state = s.state(table_id, length)
    game = game_view(s.table_info(table_id).module)
    with using(lang):
        advice = advise(state, seat, samples=samples, seed=seed)
        return advice_html(advice, model_of(state), game.player_name(seat), _("Hint"))


def bot_moves(table_id: str, state: Any, seat: int) -> tuple[int, ...]:
    """The move numbers (the game's, as :func:`gamekit.coach.review` counts them) of the decisions a bot made
    for ``seat`` in the table's game ``state`` (while it stood in for the seat's student, or a bot's seat)."""
    numbers = [st.move_number for st in states_along(state)]
    return tuple(numbers[e.index] for e in store().entries(table_id) if e.player == seat and e.source == "bot")


def review(table_id: str, seat: int, samples: int, lang: str = SOURCE) -> str:
    """The coach's review of the decisions ``seat``'s student made (moves a bot made for the seat are left out,
    and named), as the seat's page shows it (in ``lang``)."""
    from ...widgets.coaching import review_html
    from ...coach import numbered_as_the_log
    from .render import bot_moves_note

    s = store()
    state = s.state(table_id)
    skipped = bot_moves(table_id, state, seat)
    judged = coach_review(state, [seat], samples=samples, skip=skipped)
    s.quiz.keep_judged(table_id, seat, judged_decisions(state, judged))
    result = numbered_as_the_log(judged, state)
    with using(lang):
        return review_html(result, _("your moves")) + bot_moves_note(result.skipped)


class Workers:
    """The two pools (see the module docstring); ``bots`` and ``coach`` workers each (1 by default: with the
    server's own process, that keeps a 2-core laptop's cores busy and no more)."""

    def __init__(self, location: str, settings: dict[str, Any] | None = None, bots: int = 1, coach: int = 1) -> None:
        context = multiprocessing.get_context("spawn")  # (fork is unsafe in a process with threads)
        args = (location, dict(settings or {}))
        self.bots = ProcessPoolExecutor(bots, context, initializer=_open_worker_store, initargs=args)
        self.coach = ProcessPoolExecutor(coach, context, initializer=_open_worker_store, initargs=args)

    def warm_up(self) -> list[Future]:
        """Start every worker now (each imports the games and opens the store), not at the first job."""
        return [pool.submit(ready) for pool in (self.bots, self.coach)]

    def submit_bots(self, fn: Callable[..., Any], *args: Any) -> Future:
        return self.bots.submit(fn, *args)

    def submit_coach(self, fn: Callable[..., Any], *args: Any) -> Future:
        return self.coach.submit(fn, *args)

    def shutdown(self) -> None:
        for pool in (self.bots, self.coach):
            pool.shutdown(wait=True, cancel_futures=True)
