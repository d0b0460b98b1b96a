"""The rows of a tournament (one per game, finished or failed) and the tables made from them."""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..stats import wilson_interval


@dataclass(frozen=True)
class Failure:
    """Why a game has no result, as plain data.

    ``error``: the exception's type name (``"IllegalAction"``, ``"TimeLimitExceeded"``, ...;
    ``"WorkerDied"`` when the process playing it died twice); ``message``: its text; ``traceback``:
    where it was raised ("" when the process died or was killed); ``rule``: the rule an
    ``IllegalAction`` names; ``seat`` and ``bot``: whose move it was at the failure (None at a chance
    outcome, after the end, or when unknown); ``move``: how many actions (chance outcomes included)
    had been applied, which is the length of the row's save file.
    """

    error: str
    message: str
    traceback: str = ""
    rule: str | None = None
    seat: int | None = None
    bot: str | None = None
    move: int | None = None


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    ``seats[i]`` is the label of the bot in seat ``i``; ``returns[i]`` its final result;
    ``winners`` every seat with the highest return (ties share the win); ``length`` every action
    applied (chance outcomes included), ``decisions`` only the players' moves.  ``log`` is the save
    file (``keep_logs=True``; always for a failed game: the game up to the failure).  A failed game
    has a ``failure``, no returns and no winners.
    """

    index: int
    seed: int
    rotation: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    decisions: int
    metrics: Mapping[str, Any] = field(default_factory=dict)
    log: str | None = None
    failure: Failure | None = None

    @property
    def failed(self) -> bool:
        return self.failure is not None

    def win_share(self, seat: int) -> float:
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def rank(self, seat: int) -> float:
        """1 for the best return; tied seats share the mean of their places."""
        mine = self.returns[seat]
        better = sum(r > mine for r in self.returns)
        equal = sum(r == mine for r in self.returns)
        return better + (equal + 1) / 2


@dataclass
class TournamentResult:
    """The rows of a tournament, in seed order (and rotation order within a seed).

    ``rows`` holds every game, failed ones included; the tables (:meth:`to_dataframe`,
    :meth:`seat_table`, :meth:`summary`) count the finished games only, :meth:`failures` lists the
    others.
    """

    rows: list[GameResult]
    players: int
    options: Mapping[str, Any]
    game: str

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def finished(self) -> list[GameResult]:
        return [row for row in self.rows if row.failure is None]

    @property
    def failed(self) -> list[GameResult]:
        return [row for row in self.rows if row.failure is not None]

    def _shown_returns(self) -> list[tuple[float, ...]]:
        """Each finished game's returns as the tables show them: as integers when every return of the tournament
        is a whole number (Giganten's dollars, First Giants' points), so a table reads 53500, not 53500.0
        (``state.returns()`` gives floats, as OpenSpiel's returns are)."""
        returns = [row.returns for row in self.finished]
        if all(float(r).is_integer() for game in returns for r in game):
            return [tuple(int(r) for r in game) for game in returns]
        return returns

    def to_dataframe(self):
        """One row per finished game: seed, rotation, seat labels, returns (integers when all are whole numbers),
        winners, length, metrics."""
        import pandas as pd

        records = []
        for row, returns in zip(self.finished, self._shown_returns()):
            rec: dict[str, Any] = {"seed": row.seed, "rotation": row.rotation}
            for i, (label, ret) in enumerate(zip(row.seats, returns)):
                rec[f"seat{i}"] = label
                rec[f"return{i}"] = ret
            rec["winners"] = row.winners
            rec["winner"] = row.winners[0] if len(row.winners) == 1 else None
            rec["length"] = row.length
            rec["decisions"] = row.decisions
            for key, value in row.metrics.items():
                if key in rec:
                    raise ValueError(f"metric name {key!r} clashes with a column of the table")
                rec[key] = value
            if row.log is not None:
                rec["log"] = row.log
            records.append(rec)
        frame = pd.DataFrame.from_records(records)
        if len(frame):
            frame["winner"] = frame["winner"].astype("Int64")  # <NA> when several seats share the win
        return frame

    def failures(self):
        """One row per failed game: seed, rotation, the error, and the seat, bot and move it failed at
        (the rows themselves, ``result.failed``, also hold the traceback and the save file)."""
        import pandas as pd

        columns = ["seed", "rotation", "error", "message", "rule", "seat", "bot", "move"]
        records = [{"seed": row.seed, "rotation": row.rotation, "error": f.error, "message": f.message,
                    "rule": f.rule, "seat": f.seat, "bot": f.bot, "move": f.move}
                   for row in self.failed if (f := row.failure) is not None]
        return pd.DataFrame.from_records(records, columns=columns)

    def seat_table(self):
        """One row per (finished game, seat): label, return, win share and rank (long format for groupby); returns
        as in :meth:`to_dataframe`."""
        import pandas as pd

        records = [
            {"seed": row.seed, "rotation": row.rotation, "seat": i, "bot": label, "return": returns[i],
             "win_share": row.win_share(i), "rank": row.rank(i)}
            for row, returns in zip(self.finished, self._shown_returns())
            for i, label in enumerate(row.seats)
        ]
        return pd.DataFrame.from_records(records, columns=["seed", "rotation", "seat", "bot", "return", "win_share",
                                                           "rank"])

    def summary(self):
        """Per bot label: seats played, mean win share (with a 95% interval), mean return and rank.

        The interval is Wilson's (:func:`gamekit.stats.wilson_interval`, every seat a trial, a shared
        win counting its share): it stays inside [0, 1] even for a handful of games.  With ``p``
        players a bot no better than the others wins a share of ``1/p`` per seat.
        """
        table = self.seat_table()
        grouped = table.groupby("bot", sort=False)
        out = grouped.agg(seats=("win_share", "size"), win_share=("win_share", "mean"),
                          mean_return=("return", "mean"), mean_rank=("rank", "mean"))
        low, high = wilson_interval(grouped["win_share"].sum(), out["seats"])
        out.insert(2, "win_share_low", low)
        out.insert(3, "win_share_high", high)
        out["fair_share"] = 1.0 / self.players
        return out.sort_values("win_share", ascending=False)


#: The summary's column names as a reader says them (:func:`readable`).
PLAIN_NAMES = {
    "win_share": "win share",
    "win_share_low": "95% low",
    "win_share_high": "95% high",
    "mean_return": "mean result",
    "mean_rank": "mean rank",
    "fair_share": "fair share",
}


def readable(table):
    """``table`` (a summary, a seat table, any DataFrame) with column names for reading, not for code:
    ``win_share_low`` becomes "95% low", ``mean_return`` "mean result", and any other ``snake_case``
    name its words ("bonus_per_derrick" -> "bonus per derrick"); a game row's ``seat0`` and ``return0`` read
    "seat 0" and "result 0".  The index's names likewise (every level of a multi-level index)."""
    def plain(name):
        if not isinstance(name, str):
            return name
        per_seat = re.fullmatch(r"(seat|return)(\d+)", name)  # a game row's seat0, return0, ...
        if per_seat:
            return f"{'seat' if per_seat[1] == 'seat' else 'result'} {per_seat[2]}"
        return PLAIN_NAMES.get(name, name.replace("_", " "))

    out = table.rename(columns=plain)
    out.index = out.index.set_names([plain(name) for name in out.index.names])
    return out
