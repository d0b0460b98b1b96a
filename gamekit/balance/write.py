"""A balance report on disk: ``report.md`` with its figures (PNG) and the tables as CSV.

``report.md`` and the figures are worded in the language in force when they are written
(``python -m gamekit.balance ... --language da``); the CSV files are data, with English column names and
values, the same in every language.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pandas as pd

from ..i18n import format_number
from ..i18n import gettext as _
from .words import column_word, games_word, matchup_label, measure_word, place_label, players_word, variant_word

if TYPE_CHECKING:
    from .report import BalanceReport

TABLE_FILE, GAMES_CSV, REPORT_FILE = "table.csv", "games.csv", "report.md"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "" if value != value else format_number(value, 3 if abs(value) < 1000 else 0, trailing_zeros=False)
    return str(value)


def markdown_table(frame: pd.DataFrame, index: Callable[[Any], str] = str) -> str:
    """``frame`` (its index as the first column, each entry worded by ``index``) as a Markdown table in the
    reader's language, numbers to three decimals."""
    frame = frame.reset_index()
    frame[frame.columns[0]] = [index(v) for v in frame[frame.columns[0]]]
    lines = ["| " + " | ".join(column_word(str(c)) for c in frame.columns) + " |",
             "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)


def _section(title: str, text: str, table: pd.DataFrame, figure: str | None,
             index: Callable[[Any], str] = str) -> str:
    parts = [f"## {title}", text, markdown_table(table, index)]
    if figure:
        parts.append(f"![{title}]({figure})")
    return "\n\n".join(parts)


def report_markdown(report: "BalanceReport", figures: Mapping[str, str], command: str = "",
                    seconds: float | None = None) -> str:
    """The whole report in Markdown (``figures``: name -> file of each figure shown), in the reader's language."""
    finished, failed = len(report.result.finished), len(report.result.failed)
    options = ", ".join(f"`{k}={v}`" for k, v in report.options.items())
    games = (_("{} of {} `{}` players ({} failed, left out); options {}.") if failed
             else _("{} of {} `{}` players; options {}.")).format(
        *((games_word(finished), report.players, report.level, failed, options) if failed
          else (games_word(finished), report.players, report.level, options)))
    head = [_("# Balance report: {}, {}, {}").format(report.game, players_word(report.players),
                                                    variant_word(report.variant)),
            games + "  " + _("Intervals are 95%: Wilson's for shares, mean ± 1.96 standard errors for means (a guide "
                             "only for a handful of games).")]
    if command:
        head.append(_("Made by `{}` in {} s.").format(command, format_number(round(seconds))) if seconds is not None
                    else _("Made by `{}`.").format(command))
    places = {place: place_label(k + 1, report.players) for k, place in enumerate(report.seat_advantage().index)}
    sections = [
        _section(_("Seat advantage"), _("Win share and mean rank by place in the turn order (the first player is "
                 "the option `first_player`'s seat)."), report.seat_advantage(), figures.get("seats"),
                 places.__getitem__),
    ]
    if report.skill:
        skill = report.luck_and_skill().copy()
        skill["reading"] = [_(text) for text in skill["reading"]]
        sections.append(_section(
            _("Luck and skill"), _("A better level against copies of the level below, seats rotated.  Its edge is "
              "how far its win share goes from the fair share towards 1 (0: no better than fair, 1: always wins); the "
              "reading is the kit's rule of thumb (docs/bots-and-experiments.md)."), skill,
            figures.get("skill"), matchup_label))
    features = "; ".join(f"`{k}`: {_(v)}" for k, v in report.features.items())
    sections += [
        _section(_("Duration"), _("Rounds and decisions (every player's moves) per game."), report.duration(),
                 figures.get("duration"), measure_word),
        _section(_("Closeness and decisiveness"), _("Margin: the winner's result minus the second's.  The leader "
                 "is the seat the coach's model estimates highest (`gamekit.coach.model_of`); lead changes count "
                 "the lead passing from one seat to another; the winner leads for good after that share of the "
                 "game's decisions."), report.closeness(), figures.get("closeness"), measure_word),
        _section(_("Leader at each tenth"), _("How often the seat leading after that share of the decisions wins."),
                 report.leader_wins(), None, lambda tenth: format_number(tenth, 1)),
        _section(_("Strategy"), _("Per player and game: the winners' mean against everyone's.  {}.").format(features),
                 report.strategy(), figures.get("strategy")),
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
    path.write_text(report_markdown(report, shown, command, seconds), encoding="utf-8")
    return path
