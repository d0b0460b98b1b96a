"""A balance report: seeded games of one level through the tournament runner, then every measurement and figure.

>>> report = balance_report("firstgiants", players=4, games=100, options={"news_values": "two-sided"},
...                         folder="fg-two-sided", processes=2)
>>> report.table()          # the long table: section, measure, group, games, value, 95% low and high, note
>>> report.seat_advantage() # each section as its own DataFrame (see gamekit.balance.metrics)
>>> report.figures()        # the matplotlib figures, by name
>>> report.write("fg-two-sided")  # report.md, the figures as PNG, the table as CSV

The games: ``games`` seeds played by ``players`` copies of ``level`` under the given options, each row
recording the game's trace (:func:`gamekit.balance.trace.balance_trace`).  Luck and skill: two more
tournaments under the same options, ``strong`` against copies of ``club`` and ``club`` against copies of
``random``, each of ``skill_games`` seeds played in every rotation of the seats.  With a ``folder`` every
game's row is streamed to a results file there as it finishes (``games.jsonl``,
``skill-strong-vs-club.jsonl``, ``skill-club-vs-random.jsonl``) and the same call again goes on where an
interrupted one stopped (docs/tournament.md).
"""
from __future__ import annotations

import concurrent.futures as cf
import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping, Sequence

import pandas as pd

from ..bots import registry
from ..spec import GameSpec
from ..tournament import TournamentResult, game_ref, run_tournament
from ..tournament.runner import Progress
from . import metrics
from .options import COSMETIC, check_options
from .trace import balance_trace, strategy_module

#: The luck-and-skill match-ups: (level measured, the level below it, played by the other seats).
SKILL_MATCHUPS = (("strong", "club"), ("club", "random"))
#: The results file of the report's own games, in its folder.
GAMES_FILE = "games.jsonl"


def skill_file(level: str, below: str) -> str:
    return f"skill-{level}-vs-{below}.jsonl"


def _in(folder: Path | None, name: str) -> Path | None:
    return None if folder is None else folder / name


def balance_report(game: GameSpec | ModuleType | str, players: int = 4, games: int = 100, *, level: str = "club",
                   options: Mapping[str, Any] | None = None, root_seed: int = 1, skill_games: int | None = None,
                   folder: str | Path | None = None, processes: int | None = None,
                   executor: cf.Executor | None = None, progress: Progress = False) -> "BalanceReport":
    """Play the report's games (and the luck-and-skill match-ups) and return the :class:`BalanceReport`.

    ``skill_games``: seeds per match-up, each played in all ``players`` rotations of the seats (default:
    ``games / players`` rounded up, so about as many games as the report's own; 0 leaves luck and skill
    out).  ``folder``: where the results files go (resumed when they exist).  ``processes`` / ``executor``:
    as :func:`gamekit.tournament.run_tournament` (a Dask cluster's ``client.get_executor()``).
    """
    spec = game_ref(game).spec()
    given = dict(options or {})
    check_options(spec, players, given)
    if level not in registry(spec):
        raise ValueError(f"unknown level {level!r}; {spec.name}'s bots: {', '.join(sorted(registry(spec)))}")
    if games < 1:
        raise ValueError(f"a balance report needs at least one game, got games={games}")
    where = None if folder is None else Path(folder)
    if where is not None:
        where.mkdir(parents=True, exist_ok=True)
    common: dict[str, Any] = dict(root_seed=root_seed, players=players, options=given, processes=processes,
                                  executor=executor, progress=progress, resume=where is not None)
    result = run_tournament(spec, [level] * players, games=games, metrics=balance_trace,
                            results=_in(where, GAMES_FILE), **common)
    seeds = math.ceil(games / players) if skill_games is None else skill_games
    skill = [run_tournament(spec, [better] + [below] * (players - 1), games=seeds, rotate=True,
                            results=_in(where, skill_file(better, below)), **common)
             for better, below in SKILL_MATCHUPS] if seeds > 0 else []
    return BalanceReport(result, level, skill)


@dataclass
class BalanceReport:
    """The games of a balance report and every measurement of them (:mod:`gamekit.balance.metrics`).

    ``result``: the level's games (rows with the balance trace); ``skill``: the luck-and-skill match-ups
    (none when left out).  Each section is a DataFrame with 95% intervals; :meth:`table` puts them all
    into one long table, :meth:`figures` draws them, :meth:`write` saves the report to a folder.
    """

    result: TournamentResult
    level: str
    skill: Sequence[TournamentResult] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.result.game

    @property
    def players(self) -> int:
        return self.result.players

    @property
    def options(self) -> Mapping[str, Any]:
        return self.result.options

    @property
    def variant(self) -> str:
        """The options that differ from the game's defaults ("default rules" if none; player names left out)."""
        defaults = game_ref(self.game).spec().option_defaults
        changed = [f"{k}={v}" for k, v in self.options.items() if k not in COSMETIC and v != defaults.get(k)]
        return ", ".join(changed) or "default rules"

    @cached_property
    def features(self) -> dict[str, str]:
        """The game's strategy features, name -> what it counts (``<game>.strategy.FEATURES``)."""
        return dict(strategy_module(self.game).FEATURES)

    @cached_property
    def games(self) -> pd.DataFrame:
        """One row per game (:func:`gamekit.balance.metrics.game_table`)."""
        return metrics.game_table(self.result)

    def seat_advantage(self) -> pd.DataFrame:
        return metrics.seat_advantage(self.result)

    def duration(self) -> pd.DataFrame:
        return metrics.duration(self.games)

    def closeness(self) -> pd.DataFrame:
        return metrics.closeness(self.games)

    def leader_wins(self) -> pd.DataFrame:
        return metrics.leader_wins(self.result)

    def strategy(self) -> pd.DataFrame:
        return metrics.strategy(self.result)

    def luck_and_skill(self) -> pd.DataFrame:
        return metrics.luck_and_skill(self.skill)

    def table(self) -> pd.DataFrame:
        """Every measurement in one long table: section, measure, group, games, value, low, high, note."""
        rows: list[dict[str, Any]] = []

        def add(section: str, measure: str, group: str, games: int, value: float, low: float, high: float,
                note: str = "") -> None:
            rows.append({"section": section, "measure": measure, "group": group, "games": int(games), "value": value,
                         "low": low, "high": high, "note": note})

        for place, r in self.seat_advantage().iterrows():
            add("seat advantage", "win share", str(place), r["games"], r["win_share"], r["win_share_low"],
                r["win_share_high"], f"fair share {r['fair_share']:.3f}")
            add("seat advantage", "mean rank", str(place), r["games"], r["mean_rank"], r["rank_low"], r["rank_high"])
        for matchup, r in self.luck_and_skill().iterrows():
            add("luck and skill", "win share", str(matchup), r["games"], r["win_share"], r["low"], r["high"],
                f"edge {r['edge']:.2f}: {r['reading']}")
        for section, frame in (("duration", self.duration()), ("closeness", self.closeness())):
            for measure, r in frame.iterrows():
                add(section, str(measure), "per game", r["games"], r["mean"], r["low"], r["high"],
                    f"sd {r['sd']:.3g}, median {r['median']:.3g}, quartiles {r['q25']:.3g} to {r['q75']:.3g}, "
                    f"range {r['min']:.3g} to {r['max']:.3g}")
        for tenth, r in self.leader_wins().iterrows():
            add("closeness", "leader wins", f"after {tenth:.1f} of the game", r["games"], r["leader_wins"], r["low"],
                r["high"], f"fair share {r['fair_share']:.3f}")
        for feature, r in self.strategy().iterrows():
            add("strategy", str(feature), "winners", r["games"], r["winners"], r["winners_low"], r["winners_high"],
                f"winners / everyone {r['ratio']:.2f}")
            add("strategy", str(feature), "everyone", r["games"], r["everyone"], r["everyone_low"],
                r["everyone_high"])
        return pd.DataFrame.from_records(rows, columns=["section", "measure", "group", "games", "value", "low",
                                                        "high", "note"])

    def figures(self) -> dict[str, Any]:
        """The report's matplotlib figures by name (see :mod:`gamekit.balance.figures`)."""
        from .figures import report_figures

        return report_figures(self)

    def markdown(self, figures: Mapping[str, str] | None = None, command: str = "",
                 seconds: float | None = None) -> str:
        """The report as Markdown; ``figures``: name -> file name of each figure to show."""
        from .write import report_markdown

        return report_markdown(self, figures or {}, command, seconds)

    def write(self, folder: str | Path, command: str = "", seconds: float | None = None) -> Path:
        """Write ``report.md``, a PNG per figure and ``table.csv`` (and ``games.csv``) into ``folder``;
        return the report's path."""
        from .write import write_report

        return write_report(self, Path(folder), command, seconds)
