"""The balance report's words in the reader's language (figures and ``report.md``).

The measurements' tables keep English names and values (they are data: ``table.csv`` and ``games.csv`` are
the same in every language); what a reader sees is worded here, when the report is drawn or written.
"""
from __future__ import annotations

import re

from ..i18n import N_, ngettext
from ..i18n import gettext as _

COLUMNS = {
    "place": N_("place"), "games": N_("games"), "win_share": N_("win share"), "win_share_low": N_("win share low"),
    "win_share_high": N_("win share high"), "mean_rank": N_("mean rank"), "rank_low": N_("rank low"),
    "rank_high": N_("rank high"), "fair_share": N_("fair share"), "match-up": N_("match-up"), "low": N_("low"),
    "high": N_("high"), "edge": N_("edge"), "reading": N_("reading"), "measure": N_("measure"), "mean": N_("mean"),
    "sd": N_("sd"), "min": N_("min"), "q25": N_("q25"), "median": N_("median"), "q75": N_("q75"), "max": N_("max"),
    "tenth": N_("tenth"), "leader_wins": N_("leader wins"), "feature": N_("feature"), "winners": N_("winners"),
    "winners_low": N_("winners low"), "winners_high": N_("winners high"), "everyone": N_("everyone"),
    "everyone_low": N_("everyone low"), "everyone_high": N_("everyone high"), "ratio": N_("ratio"),
}
"""A table's column (or index) name -> its heading in the report."""

MEASURES = {"rounds": N_("rounds"), "decisions": N_("decisions"), "margin": N_("margin"),
            "lead_changes": N_("lead changes"), "leads_for_good_share": N_("leads for good (share)")}
"""The rows of the duration and closeness tables."""

_MATCHUP = re.compile(r"(.+) vs (\d+) (.+)")


def column_word(name: str) -> str:
    """A column's heading: "win share", "Gewinnanteil"."""
    return _(COLUMNS[name]) if name in COLUMNS else name.replace("_", " ")


def measure_word(name: str) -> str:
    return _(MEASURES[name]) if name in MEASURES else name.replace("_", " ")


def place_label(place: int, players: int) -> str:
    """A place in the turn order: "1st (first player)", "2nd", "4th (last player)", in the reader's language."""
    if place == 1:
        return _("1st (first player)")
    word = _ordinal(place)
    return _("{} (last player)").format(word) if place == players else word


def _ordinal(place: int) -> str:
    return {2: _("2nd"), 3: _("3rd")}.get(place) or _("{}th").format(place)


def matchup_label(matchup: str) -> str:
    """ "strong vs 3 club" (one level against copies of another) in the reader's language; the levels are the
    bots' names."""
    found = _MATCHUP.fullmatch(matchup)
    if not found:
        return matchup
    level, copies, others = found.groups()
    return _("{} vs {} {}").format(level, copies, others)


def variant_word(variant: str) -> str:
    """The report's variant: its switches as written (``bluff_bids=True``), or "default rules"."""
    return _("default rules") if variant == "default rules" else variant


def players_word(players: int) -> str:
    return ngettext("{} player", "{} players", players).format(players)


def games_word(games: int) -> str:
    return ngettext("{} game", "{} games", games).format(games)
