"""What a table refuses, as exceptions whose message can be shown to the seat that caused it.

No message ever contains a seat or host code, another seat's hidden cards or the raw log length
(which counts chance draws, whose number may depend on hidden cards).
"""
from __future__ import annotations


class TableError(Exception):
    """Base class: a table operation was refused; ``str(exc)`` is a sentence for the person."""


class UnknownCode(TableError):
    """The code opens no seat (or, for host operations, no table)."""

    def __init__(self, what: str = "seat") -> None:
        super().__init__(f"This code does not open any {what}: check it (letters and digits, as the teacher "
                         "gave it) or ask the teacher for it again.")


class UnknownTable(TableError):
    def __init__(self, table_id: str) -> None:
        super().__init__(f"There is no table {table_id!r:.40} in this store.")


class StaleMove(TableError):
    """The mover's screen was out of date: another entry reached the log first.

    ``expected`` is the log length the mover saw and ``length`` the current one (for the page's
    plumbing; neither is part of the message)."""

    def __init__(self, expected: int, length: int) -> None:
        self.expected = expected
        self.length = length
        super().__init__("The game moved on since your screen was last updated (another move was accepted "
                         "first), so your move was not played. Look at the new position and choose again.")


class NotYourTurn(TableError):
    def __init__(self, seat: int, to_move: int | None) -> None:
        self.seat = seat
        self.to_move = to_move
        who = "nobody (the game is over or waiting for the dealer)" if to_move is None else f"seat {to_move + 1}"
        super().__init__(f"It is not your turn: {who} is to move.")


class SeatPlayedByBot(TableError):
    def __init__(self, seat: int) -> None:
        self.seat = seat
        super().__init__(f"Seat {seat + 1} is played by a bot now (the teacher gave it to a bot); ask the teacher "
                         "to give it back to you.")


class TablePaused(TableError):
    def __init__(self) -> None:
        super().__init__("The table is paused by the teacher: no moves until it is resumed.")


class TableEnded(TableError):
    def __init__(self) -> None:
        super().__init__("The teacher has ended this table: no more moves.")


class StoreUnavailable(TableError):
    """The database could not be reached or stayed locked too long; trying again later may work."""


class CorruptTable(TableError):
    """A stored log does not replay (the database was edited by hand or damaged)."""
