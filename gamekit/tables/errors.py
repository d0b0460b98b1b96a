"""What a table refuses, as exceptions whose message can be shown to the seat that caused it.

No message ever contains a seat or host code, another seat's hidden cards or the raw log length
(which counts chance draws, whose number may depend on hidden cards).  Each message is worded when raised, in
the reader's language in force then (:func:`gamekit.i18n.using`).
"""
from __future__ import annotations

from ..i18n import N_
from ..i18n import gettext as _


class TableError(Exception):
    """Base class: a table operation was refused; ``str(exc)`` is a sentence for the person."""


class UnknownCode(TableError):
    """The code opens no seat (or, for host operations, no table)."""

    def __init__(self, what: str = "seat") -> None:
        super().__init__(_(_UNKNOWN[what]))


_UNKNOWN = {
    "seat": N_("This code does not open any seat: check it (letters and digits, as the teacher gave it) or ask "
               "the teacher for it again."),
    "table": N_("This code does not open any table: check it (letters and digits, as the teacher gave it) or ask "
                "the teacher for it again."),
    "seat or table": N_("This code does not open any seat or table: check it (letters and digits, as the teacher "
                        "gave it) or ask the teacher for it again."),
}
"""What a code may open -> the refusal when it opens nothing."""


class UnknownTable(TableError):
    def __init__(self, table_id: str) -> None:
        super().__init__(_("There is no table {table} in this store.").format(table=f"{table_id!r:.40}"))


class StaleMove(TableError):
    """The mover's screen was out of date: another entry reached the log first.

    ``expected`` is the log length the mover saw and ``length`` the current one (for the page's
    plumbing; neither is part of the message)."""

    def __init__(self, expected: int, length: int) -> None:
        self.expected = expected
        self.length = length
        super().__init__(_("The game moved on since your screen was last updated (another move was accepted "
                           "first), so your move was not played. Look at the new position and choose again."))


class NotYourTurn(TableError):
    def __init__(self, seat: int, to_move: int | None) -> None:
        self.seat = seat
        self.to_move = to_move
        super().__init__(_("It is not your turn: nobody (the game is over or waiting for the dealer) is to move.")
                         if to_move is None else
                         _("It is not your turn: seat {seat} is to move.").format(seat=to_move + 1))


class SeatPlayedByBot(TableError):
    def __init__(self, seat: int) -> None:
        self.seat = seat
        super().__init__(_("Seat {seat} is played by a bot now (the teacher gave it to a bot); ask the teacher to "
                           "give it back to you.").format(seat=seat + 1))


class TablePaused(TableError):
    def __init__(self) -> None:
        super().__init__(_("The table is paused by the teacher: no moves until it is resumed."))


class TableEnded(TableError):
    def __init__(self) -> None:
        super().__init__(_("The teacher has ended this table: no more moves."))


class StoreUnavailable(TableError):
    """The database could not be reached or stayed locked too long; trying again later may work."""


class CorruptTable(TableError):
    """A stored log does not replay (the database was edited by hand or damaged)."""
