"""The balance report's figures: thin matplotlib layers over the tables of :mod:`gamekit.balance.metrics`.

Each function takes a :class:`~gamekit.balance.report.BalanceReport` and returns a new figure (made
with :func:`gamekit.plotting.new_figure`, outside pyplot: a notebook shows a returned figure once).
Every interval drawn is the table's 95% interval; a dashed line marks the fair share 1/n.  The words are the
reader's language's when the figure is drawn (:mod:`gamekit.balance.words`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..i18n import format_number
from ..i18n import gettext as _
from ..plotting import BLUE, GREY, ORANGE, VERMILLION, new_figure
from .words import games_word, matchup_label, place_label, players_word, variant_word

if TYPE_CHECKING:
    from .report import BalanceReport


def _errors(values: Any, low: Any, high: Any) -> np.ndarray:
    """Matplotlib's error bars from values and their interval (NaN ends draw no bar)."""
    v, lo, hi = (np.asarray(x, dtype=float) for x in (values, low, high))
    return np.nan_to_num(np.vstack([v - lo, hi - v]))


def _fair(ax: Axes, share: float, vertical: bool = False) -> None:
    line = ax.axvline if vertical else ax.axhline
    line(share, color="black", linestyle="--", linewidth=1, label=_("fair share 1/{}").format(round(1 / share)))


def _title(report: "BalanceReport") -> str:
    """ "giganten (default rules), 4 club players, 100 games"."""
    return _("{} ({}), {} {} players, {}").format(report.game, variant_word(report.variant), report.players,
                                                 report.level, games_word(len(report.result.finished)))


def seat_figure(report: "BalanceReport") -> Figure:
    """Win share and mean rank by place in the turn order."""
    table = report.seat_advantage()
    fig = new_figure(9, 3.4)
    share, rank = fig.subplots(1, 2)
    x = np.arange(len(table))
    share.bar(x, table["win_share"], yerr=_errors(table["win_share"], table["win_share_low"],
                                                  table["win_share_high"]), color=BLUE, capsize=4)
    _fair(share, 1.0 / report.players)
    share.set_ylabel(_("win share (95% interval)"))
    share.legend(loc="upper right")
    rank.errorbar(x, table["mean_rank"], yerr=_errors(table["mean_rank"], table["rank_low"], table["rank_high"]),
                  fmt="o", color=VERMILLION, capsize=4)
    rank.axhline((report.players + 1) / 2, color="black", linestyle="--", linewidth=1, label=_("fair mean rank"))
    rank.set_ylabel(_("mean rank (1 = winner)"))
    rank.invert_yaxis()
    rank.legend(loc="upper right")
    for ax in (share, rank):
        ax.set_xticks(x, [place_label(k + 1, report.players).replace(" (", "\n(") for k in range(len(table))])
    fig.suptitle(_("Seat advantage: {}").format(_title(report)))
    fig.tight_layout()
    return fig


def duration_figure(report: "BalanceReport") -> Figure:
    """Histograms of the rounds and the decisions per game."""
    games = report.games
    fig = new_figure(9, 3.2)
    rounds, decisions = fig.subplots(1, 2)
    counts = games["rounds"].value_counts().sort_index()
    rounds.bar(counts.index, counts.to_numpy(), width=0.7, color=BLUE)  # a round count is a whole number: a bar each
    rounds.set_xticks(counts.index)
    decisions.hist(games["decisions"], bins=15, color=BLUE)
    for ax, column, label in ((rounds, "rounds", _("rounds per game")),
                              (decisions, "decisions", _("decisions (all players) per game"))):
        mean = games[column].mean()
        ax.axvline(mean, color=VERMILLION, label=_("mean {}").format(format_number(mean, 1)))
        ax.set_xlabel(label)
        ax.set_ylabel(_("games"))
        ax.set_ylim(0, 1.25 * ax.get_ylim()[1])  # room for the legend
        ax.legend(loc="upper left")
    fig.suptitle(_("Duration: {}").format(_title(report)))
    fig.tight_layout()
    return fig


def closeness_figure(report: "BalanceReport") -> Figure:
    """The leader's chance to win at each tenth, the margin, the lead changes, and when the winner's lead holds."""
    games, leader = report.games, report.leader_wins()
    fig = new_figure(9, 6.2)
    (wins, margin), (changes, holds) = fig.subplots(2, 2)
    wins.errorbar(leader.index, leader["leader_wins"], yerr=_errors(leader["leader_wins"], leader["low"],
                                                                     leader["high"]), fmt="o-", color=BLUE, capsize=3)
    _fair(wins, 1.0 / report.players)
    wins.set_ylim(0, 1.05)
    wins.set_xlabel(_("share of the game's decisions played"))
    wins.set_ylabel(_("the leader then wins (95%)"))
    wins.legend(loc="lower right")
    margin.hist(games["margin"], bins=15, color=ORANGE)
    margin.set_xlabel(_("margin: first minus second"))
    changes.hist(games["lead_changes"], bins=np.arange(games["lead_changes"].max() + 2) - 0.5, color=GREY)
    changes.set_xlabel(_("lead changes per game"))
    holds.hist(games["leads_for_good_share"].dropna(), bins=np.linspace(0, 1, 11), color=VERMILLION)
    holds.set_xlabel(_("the winner leads for good after this share of the game"))
    for ax in (margin, changes, holds):
        ax.set_ylabel(_("games"))
    fig.suptitle(_("Closeness and decisiveness: {}").format(_title(report)))
    fig.tight_layout()
    return fig


def strategy_figure(report: "BalanceReport") -> Figure:
    """Each strategy feature per game: the winners' mean against everyone's."""
    table = report.strategy()
    fig = new_figure(9, 0.8 + 0.55 * max(1, len(table)))
    ax = fig.subplots()
    y = np.arange(len(table))
    ax.barh(y - 0.2, table["winners"], height=0.4, color=BLUE, label=_("winners"),
            xerr=_errors(table["winners"], table["winners_low"], table["winners_high"]), capsize=3)
    ax.barh(y + 0.2, table["everyone"], height=0.4, color=ORANGE, label=_("everyone"),
            xerr=_errors(table["everyone"], table["everyone_low"], table["everyone_high"]), capsize=3)
    ax.set_yticks(y, [_(report.features[name]) if name in report.features else name for name in table.index])
    ax.invert_yaxis()
    ax.set_xlabel(_("per player and game (95% interval)"))
    ax.legend(loc="lower right")
    ax.set_title(_("Strategy: {}").format(_title(report)))
    fig.tight_layout()
    return fig


def skill_figure(report: "BalanceReport") -> Figure:
    """Each luck-and-skill match-up: the better level's win share against the fair share."""
    table = report.luck_and_skill()
    fig = new_figure(9, 0.9 + 0.6 * max(1, len(table)))
    ax = fig.subplots()
    y = np.arange(len(table))
    ax.barh(y, table["win_share"], xerr=_errors(table["win_share"], table["low"], table["high"]), color=BLUE,
            capsize=4)
    _fair(ax, 1.0 / report.players, vertical=True)
    ax.set_yticks(y, [matchup_label(matchup) for matchup in table.index])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(_("win share of the better level (95% interval)"))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title(_("Luck and skill: {} ({}), {}").format(report.game, variant_word(report.variant),
                                                          players_word(report.players)))
    fig.tight_layout()
    return fig


def report_figures(report: "BalanceReport") -> dict[str, Figure]:
    """Every figure of the report by name (``skill`` only when the report has its match-ups)."""
    figures = {"seats": seat_figure(report), "duration": duration_figure(report),
               "closeness": closeness_figure(report), "strategy": strategy_figure(report)}
    if report.skill:
        figures["skill"] = skill_figure(report)
    return figures
