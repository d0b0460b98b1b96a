"""A balance report on disk: ``report.md`` with its figures (PNG) and the tables as CSV."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

import pandas as pd

if TYPE_CHECKING:
    from .report import BalanceReport

TABLE_FILE, GAMES_CSV, REPORT_FILE = "table.csv", "games.csv", "report.md"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "" if value != value else f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 \
            else f"{value:,.0f}"
    return str(value)


def markdown_table(frame: pd.DataFrame) -> str:
    """``frame`` (its index as the first column) as a Markdown table, numbers to three decimals."""
    frame = frame.reset_index()
    lines = ["| " + " | ".join(str(c).replace("_", " ") for c in frame.columns) + " |",
             "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)


def _section(title: str, text: str, table: pd.DataFrame, figure: str | None) -> str:
    parts = [f"## {title}", text, markdown_table(table)]
    if figure:
        parts.append(f"![{title}]({figure})")
    return "\n\n".join(parts)


def report_markdown(report: "BalanceReport", figures: Mapping[str, str], command: str = "",
                    seconds: float | None = None) -> str:
    """The whole report in Markdown (``figures``: name -> file of each figure shown)."""
    finished, failed = len(report.result.finished), len(report.result.failed)
    head = [f"# Balance report: {report.game}, {report.players} players, {report.variant}",
            f"{finished} games of {report.players} `{report.level}` players"
            + (f" ({failed} failed, left out)" if failed else "") + "; options "
            + ", ".join(f"`{k}={v}`" for k, v in report.options.items()) + ".  Intervals are 95%: Wilson's for "
            "shares, mean ± 1.96 standard errors for means (a guide only for a handful of games)."]
    if command:
        head.append(f"Made by `{command}`" + (f" in {seconds:.0f} s." if seconds is not None else "."))
    sections = [
        _section("Seat advantage", "Win share and mean rank by place in the turn order (the first player is "
                 "the option `first_player`'s seat).", report.seat_advantage(), figures.get("seats")),
    ]
    if report.skill:
        sections.append(_section(
            "Luck and skill", "A better level against copies of the level below, seats rotated.  Its edge is how "
            "far its win share goes from the fair share towards 1 (0: no better than fair, 1: always wins); the "
            "reading is the kit's rule of thumb (docs/bots-and-experiments.md).", report.luck_and_skill(),
            figures.get("skill")))
    sections += [
        _section("Duration", "Rounds and decisions (every player's moves) per game.", report.duration(),
                 figures.get("duration")),
        _section("Closeness and decisiveness", "Margin: the winner's result minus the second's.  The leader is "
                 "the seat the coach's model estimates highest (`gamekit.coach.model_of`); lead changes count the "
                 "lead passing from one seat to another; the winner leads for good after that share of the "
                 "game's decisions.", report.closeness(), figures.get("closeness")),
        _section("Leader at each tenth", "How often the seat leading after that share of the decisions wins.",
                 report.leader_wins(), None),
        _section("Strategy", "Per player and game: the winners' mean against everyone's.  "
                 + "; ".join(f"`{k}`: {v}" for k, v in report.features.items()) + ".", report.strategy(),
                 figures.get("strategy")),
    ]
    return "\n\n".join(["\n\n".join(head), *sections]) + "\n"


def write_report(report: "BalanceReport", folder: Path, command: str = "", seconds: float | None = None) -> Path:
    """``report.md``, one PNG per figure, ``table.csv`` (the long table) and ``games.csv`` (one row per game)."""
    folder.mkdir(parents=True, exist_ok=True)
    shown = {}
    for name, figure in report.figures().items():
        shown[name] = f"{name}.png"
        figure.savefig(folder / shown[name], dpi=100)
    report.table().to_csv(folder / TABLE_FILE, index=False)
    report.games.to_csv(folder / GAMES_CSV, index=False)
    path = folder / REPORT_FILE
    path.write_text(report_markdown(report, shown, command, seconds))
    return path
