"""What a table refuses, as exceptions whose message can be shown to the seat that caused it.

No message ever contains a seat or host code, another seat's hidden cards or the raw log length
(which counts chance draws, whose number may depend on hidden cards).

The refusals a seat is shown keep their English template and its values and are worded when read, in the reader's
language (``str(exc)`` inside :func:`gamekit.i18n.using`), wherever they were raised (a worker process too).
"""
from __future__ import annotations

from typing import Any

from ..i18n import N_, gettext


class TableError(Exception):
    """Base class: a table operation was refused; ``str(exc)`` is a sentence for the person."""

    template: str | None = None
    values: tuple[Any, ...] = ()
    named: dict[str, Any] = {}

    def _word(self, template: str, *values: Any, **named: Any) -> None:
        """Keep ``template`` (an English message id) and its ``values``; the English sentence is the exception's
        argument (logs, pickles), ``str`` words it in the reader's language."""
        self.template, self.values, self.named = template, values, named
        Exception.__init__(self, template.format(*values, **named))

    def __str__(self) -> str:
        if self.template is None:
            return super().__str__()
        return gettext(self.template).format(*self.values, **self.named)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (to cross from a worker process) with its template, values and fields, not through ``__init__``
        (whose arguments differ from class to class)."""
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


def _rebuilt(cls: type[TableError], args: tuple[Any, ...], fields: dict[str, Any]) -> TableError:
    """A refusal as :meth:`TableError.__reduce__` pickled it."""
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(fields)
    return exc


UNKNOWN_CODE = {
    "seat": N_("This code does not open any seat: check it (letters and digits, as the teacher gave it) or ask the "
               "teacher for it again."),
    "table": N_("This code does not open any table: check it (letters and digits, as the teacher gave it) or ask "
                "the teacher for it again."),
    "seat or table": N_("This code does not open any seat or table: check it (letters and digits, as the teacher "
                        "gave it) or ask the teacher for it again."),
}


class UnknownCode(TableError):
    """The code opens no seat (or, for host operations, no table)."""

    def __init__(self, what: str = "seat") -> None:
        self.what = what
        self._word(UNKNOWN_CODE.get(what, UNKNOWN_CODE["seat"]))


class UnknownTable(TableError):
    def __init__(self, table_id: str) -> None:
        self._word(N_("There is no table {} in this store."), f"{table_id!r:.40}")


class StaleMove(TableError):
    """The mover's screen was out of date: another entry reached the log first.

    ``expected`` is the log length the mover saw and ``length`` the current one (for the page's
    plumbing; neither is part of the message)."""

    def __init__(self, expected: int, length: int) -> None:
        self.expected = expected
        self.length = length
        self._word(N_("The game moved on since your screen was last updated (another move was accepted first), so "
                      "your move was not played. Look at the new position and choose again."))


class NotYourTurn(TableError):
    def __init__(self, seat: int, to_move: int | None) -> None:
        self.seat = seat
        self.to_move = to_move
        if to_move is None:
            self._word(N_("It is not your turn: nobody is to move (the game is over or waiting for the dealer)."))
        else:
            self._word(N_("It is not your turn: seat {} is to move."), to_move + 1)


class SeatPlayedByBot(TableError):
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._word(N_("Seat {} is played by a bot now (the teacher gave it to a bot); ask the teacher to give it "
                      "back to you."), seat + 1)


class TablePaused(TableError):
    def __init__(self) -> None:
        self._word(N_("The table is paused by the teacher: no moves until it is resumed."))


class TableEnded(TableError):
    def __init__(self) -> None:
        self._word(N_("The teacher has ended this table: no more moves."))


STORE_FAILED = N_("the table store failed ({why}); try again")


class StoreUnavailable(TableError):
    """The database could not be reached or stayed locked too long; trying again later may work.  ``template`` is a
    catalogue message (``N_``) and ``named`` its values, worded when read."""

    def __init__(self, template: str, **named: Any) -> None:
        self._word(template, **named)


class CorruptTable(TableError):
    """A stored log does not replay (the database was edited by hand or damaged).  ``template`` is a catalogue
    message (``N_``) and ``named`` its values, worded when read."""

    def __init__(self, template: str, **named: Any) -> None:
        self._word(template, **named)


class NewerStore(TableError):
    """The store's schema is newer than this kit reads: the kit must be updated before it opens the store."""

    def __init__(self, found: int, reads: int) -> None:
        self._word(N_("This table store was written by a newer kit (schema {found}; this kit reads {reads}): update "
                      "the kit."), found=found, reads=reads)


class TableFull(TableError):
    """A table's log has as many entries as a table may hold (:data:`gamekit.record.MAX_ACTIONS`)."""

    def __init__(self, table_id: str, most: int) -> None:
        self._word(N_("Table {table} is full ({most} log entries): start a new table."), table=table_id, most=most)
