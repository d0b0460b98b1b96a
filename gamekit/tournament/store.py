"""The results file: JSON Lines, one line per game, appended and flushed as each game finishes.

JSON Lines because a row is written with one ``write`` of one line and nothing else in the file
changes, so a run killed at any moment leaves every finished game's line intact and at worst one
torn last line (it lacks its newline), which resuming drops and plays again; and because it needs
no new dependency and stays readable (``pandas.read_json(path, lines=True)``, ``jq``, an editor).
Parquet writes whole row groups, so it would either lose the rows of an unfinished group or need
a file per game.

The first line is the tournament's header (game, players, options, seat labels, ...): resuming
checks it against the run being resumed, so that rows of another tournament are never mixed in.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any, Mapping

import numpy as np

from .rows import Failure, GameResult, TournamentResult

FORMAT = "gamekit-tournament-results"
VERSION = 1
_TUPLE = "__tuple__"  # how a tuple in the metrics is written, so that it reads back as a tuple


def _plain(value: Any, where: str) -> Any:
    """``value`` as JSON data that reads back equal (tuples tagged, numpy scalars as Python numbers)."""
    if isinstance(value, tuple):
        return {_TUPLE: [_plain(v, where) for v in value]}
    if isinstance(value, list):
        return [_plain(v, where) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError(f"metric {where!r}: the results file holds dicts with string keys only")
        return {k: _plain(v, where) for k, v in value.items()}
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"metric {where!r}: a {type(value).__name__} cannot go into the results file; "
                    "use numbers, strings, lists, tuples and dicts")


def _unplain(value: Any) -> Any:
    if isinstance(value, list):
        return [_unplain(v) for v in value]
    if isinstance(value, dict):
        if list(value) == [_TUPLE]:
            return tuple(_unplain(v) for v in value[_TUPLE])
        return {k: _unplain(v) for k, v in value.items()}
    return value


def row_line(row: GameResult) -> str:
    """One game's line of the results file (with its newline)."""
    record = asdict(row)
    record["metrics"] = {k: _plain(v, k) for k, v in row.metrics.items()}
    return json.dumps(record, separators=(",", ":")) + "\n"


def row_from_record(record: Mapping[str, Any]) -> GameResult:
    failure = record["failure"]
    return GameResult(
        index=record["index"], seed=record["seed"], rotation=record["rotation"], seats=tuple(record["seats"]),
        returns=tuple(record["returns"]), winners=tuple(record["winners"]), length=record["length"],
        decisions=record["decisions"], metrics=_unplain(record["metrics"]), log=record["log"],
        failure=None if failure is None else Failure(**failure),
    )


def _read(path: Path) -> tuple[dict[str, Any], list[GameResult], int]:
    """The header, the rows and the length in bytes of the complete lines (a torn last line is left out)."""
    data = path.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    lines = complete.splitlines()
    try:
        header = json.loads(lines[0]) if lines else {}
        rows = [row_from_record(json.loads(line)) for line in lines[1:]]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path} is not a tournament results file (or a line in it is damaged): {exc}") from None
    if header.get("format") != FORMAT:
        raise ValueError(f"{path} is not a tournament results file")
    return header, rows, len(complete)


def read_results(path: str | os.PathLike[str]) -> TournamentResult:
    """The rows saved in a results file (a torn last line is ignored), in game order."""
    header, rows, _ = _read(Path(path))
    return TournamentResult(rows=sorted(rows, key=lambda r: r.index), players=header["players"],
                            options=header["options"], game=header["game"])


class ResultsFile:
    """A results file open for appending.  ``rows``: the games it already held (when resuming)."""

    def __init__(self, path: str | os.PathLike[str], header: Mapping[str, Any], resume: bool) -> None:
        self.path = Path(path)
        first: dict[str, Any] = json.loads(json.dumps({"format": FORMAT, "version": VERSION, **header}))
        self.rows: list[GameResult] = []
        if self.path.exists() and self.path.stat().st_size:
            if not resume:
                raise FileExistsError(f"{self.path} exists: pass resume=True to go on with the tournament it "
                                      "holds, or another file name")
            self.rows = self._resumed(first)
        else:
            self.path.write_text(json.dumps(first, separators=(",", ":")) + "\n")
        self.file: IO[str] = self.path.open("a")

    def _resumed(self, header: dict[str, Any]) -> list[GameResult]:
        found, rows, good = _read(self.path)
        if found != header:
            changed = sorted(k for k in header.keys() | found.keys() if header.get(k) != found.get(k))
            raise ValueError(f"{self.path} holds another tournament (it differs in {', '.join(changed)}): "
                             "resume with the same game, seats, options, keep_logs, max_moves and metrics")
        with self.path.open("r+b") as file:
            file.truncate(good)  # drop a torn last line: its game is played again
        return rows

    def write(self, row: GameResult) -> None:
        self.file.write(row_line(row))
        self.file.flush()

    def close(self) -> None:
        self.file.close()
