"""How one variant switch moves the balance: a report per value of the switch, the key measures side by side.

>>> comparison = compare_variants("firstgiants", "news_values", players=4, games=100)
>>> comparison.table()   # one row per (value, measure): value, 95% low and high
>>> comparison.figure()  # one panel per measure, the values of the switch side by side

Every value plays the same seeds (``root_seed``), so the games differ only by the switch and what the
players make of it.  With a ``folder`` each value's results go to ``<folder>/<name>=<value>/``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ..plotting import BLUE, new_figure
from ..spec import GameSpec
from ..tournament import game_ref
from .options import switches
from .report import BalanceReport, balance_report


def compare_variants(game: GameSpec | ModuleType | str, option: str, values: Sequence[Any] | None = None, *,
                     players: int = 4, games: int = 100, folder: str | Path | None = None,
                     **kwargs: Any) -> "VariantComparison":
    """A balance report (without luck and skill, unless ``skill_games`` is given) for the default value of
    ``option`` and each of ``values`` (default: every other value the switch takes, :func:`switches`);
    other keyword arguments as :func:`~gamekit.balance.report.balance_report`."""
    spec = game_ref(game).spec()
    known = switches(spec, players)
    if option not in known:
        raise ValueError(f"{option!r} is no variant switch of {spec.name}; switches: {', '.join(known)}")
    chosen = [spec.option_defaults[option], *(known[option] if values is None else values)]
    kwargs.setdefault("skill_games", 0)
    reports = {}
    for value in dict.fromkeys(chosen):
        where = None if folder is None else Path(folder) / f"{option}={value}"
        reports[value] = balance_report(spec, players, games, options={option: value}, folder=where, **kwargs)
    return VariantComparison(option, reports)


@dataclass
class VariantComparison:
    """The reports of one switch's values (``reports``: value -> report, the default first)."""

    option: str
    reports: dict[Any, BalanceReport]

    def table(self) -> pd.DataFrame:
        """Per value and measure: value with its 95% interval; the measures are the first and last players' win
        shares, rounds, decisions, margin, lead changes, when the winner leads for good, the leader's wins at
        half-time, and the winners' strategy features."""
        frames = []
        for value, report in self.reports.items():
            seats, spread = report.seat_advantage(), pd.concat([report.duration(), report.closeness()])
            rows = [("first player's win share", seats.iloc[0], "win_share", "win_share_low", "win_share_high"),
                    ("last player's win share", seats.iloc[-1], "win_share", "win_share_low", "win_share_high")]
            rows += [(str(m), spread.loc[m], "mean", "low", "high") for m in spread.index]
            rows.append(("leader at half-time wins", report.leader_wins().loc[0.5], "leader_wins", "low", "high"))
            strategy = report.strategy()
            rows += [(f"winners' {f}", strategy.loc[f], "winners", "winners_low", "winners_high")
                     for f in strategy.index]
            frames.append(pd.DataFrame([{self.option: value, "measure": name, "games": len(report.result.finished),
                                         "value": r[v], "low": r[lo], "high": r[hi]} for name, r, v, lo, hi in rows]))
        return pd.concat(frames, ignore_index=True)

    def wide(self) -> pd.DataFrame:
        """The values of the switch as columns, one row per measure (the estimates only)."""
        table = self.table()
        wide = table.pivot(index="measure", columns=self.option, values="value")
        return wide.reindex(index=list(dict.fromkeys(table["measure"])), columns=list(self.reports))

    def figure(self, measures: Sequence[str] | None = None) -> Figure:
        """One small panel per measure: each value of the switch with its 95% interval."""
        table = self.table()
        chosen = list(dict.fromkeys(table["measure"])) if measures is None else list(measures)
        columns = 3
        rows = -(-len(chosen) // columns)
        fig = new_figure(10, 2.3 * rows)
        axes = np.atleast_1d(fig.subplots(rows, columns)).ravel()
        labels = [str(v) for v in self.reports]
        for ax, measure in zip(axes, chosen):
            part = table[table["measure"] == measure]
            x = np.arange(len(part))
            v, lo, hi = (part[c].to_numpy(dtype=float) for c in ("value", "low", "high"))
            ax.errorbar(x, v, yerr=np.nan_to_num(np.vstack([v - lo, hi - v])), fmt="o", color=BLUE, capsize=4)
            ax.set_xticks(x, labels, fontsize=8)
            ax.set_xlim(-0.5, len(part) - 0.5)
            ax.set_title(measure, fontsize=9)
        for ax in axes[len(chosen):]:
            ax.set_visible(False)
        first = next(iter(self.reports.values()))
        fig.suptitle(f"{first.game}: {self.option}, {first.players} {first.level} players, "
                     f"{len(first.result.finished)} games per value (95% intervals)")
        fig.tight_layout()
        return fig
