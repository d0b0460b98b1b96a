"""The balance report's measurements, from the rows of a tournament (pure pandas, no plotting).

Every function takes a :class:`~gamekit.tournament.TournamentResult` whose rows were recorded with
:func:`gamekit.balance.trace.balance_trace` (so each finished row's ``metrics`` holds ``leader``,
``rounds`` and ``features``) and returns a DataFrame with 95% intervals: Wilson's for shares
(:func:`gamekit.stats.wilson_interval`, a shared win counting its share), ``mean ± 1.96`` standard
errors for means (:func:`gamekit.stats.mean_interval`).  Failed games are left out, as in the
tournament's own tables.

* :func:`seat_advantage`: win share and mean rank by place in the turn order (the first player is
  the option ``first_player``'s seat, then clockwise to the last player);
* :func:`game_table`: one row per game: its rounds, decisions, margin, lead changes, the decision
  after which the winner leads for good, and the winners' strategy features;
* :func:`spread_table`: mean, interval and spread of columns of the game table (duration, closeness);
* :func:`leader_wins`: how often the leader at each tenth of the game goes on to win;
* :func:`strategy`: each strategy feature of the winners against everyone's;
* :func:`luck_and_skill`: a level's win share against the level below, with its rule-of-thumb reading.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import pandas as pd

from ..i18n import N_
from ..stats import mean_interval, wilson_interval
from ..tournament import GameResult, TournamentResult
from .trace import TIE

TENTHS = tuple(range(1, 10))  # the leader after 1/10, 2/10, ..., 9/10 of the decisions


def place_name(place: int, players: int) -> str:
    """The name of a place in the turn order: "1st (first player)", "2nd", ..., "4th (last player)"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    role = " (first player)" if place == 1 else " (last player)" if place == players else ""
    return f"{place}{suffix}{role}"


def turn_place(seat: int, first_player: int, players: int) -> int:
    """Where ``seat`` plays in the turn order, 1 for the first player (seats follow each other clockwise)."""
    return (seat - first_player) % players + 1


def seat_advantage(result: TournamentResult) -> pd.DataFrame:
    """Per place in the turn order: games, win share (95% Wilson), mean rank (95%), and the fair share 1/n."""
    first = int(result.options.get("first_player", 0))
    seats = result.seat_table()
    seats["place"] = [turn_place(seat, first, result.players) for seat in seats["seat"]]
    records = []
    for place in range(1, result.players + 1):
        mine = seats[seats["place"] == place]
        low, high = wilson_interval(mine["win_share"].sum(), len(mine))
        rank, rank_low, rank_high = mean_interval(mine["rank"])
        records.append({"place": place_name(place, result.players), "games": len(mine),
                        "win_share": mine["win_share"].mean() if len(mine) else np.nan, "win_share_low": low,
                        "win_share_high": high, "mean_rank": rank, "rank_low": rank_low, "rank_high": rank_high,
                        "fair_share": 1.0 / result.players})
    return pd.DataFrame.from_records(records).set_index("place")


def lead_changes(leader: str) -> int:
    """How often the lead passes from one seat to another (a shared lead in between is no change)."""
    sole = [mark for mark in leader if mark != TIE]
    return sum(a != b for a, b in zip(sole, sole[1:]))


def leads_for_good_after(leader: str, winners: Sequence[int]) -> int | None:
    """The number of decisions after which the only winner leads to the end (0: from the first decision on);
    None when several seats share the win."""
    if len(winners) != 1:
        return None
    return len(leader.rstrip(str(winners[0])))  # the positions before the winner's last stretch in the lead


def leader_at(leader: str, tenth: int) -> str:
    """The leader's mark after ``tenth`` tenths of the game's decisions."""
    decisions = len(leader) - 1
    return leader[tenth * decisions // 10]


def margin(returns: Sequence[float]) -> float:
    """The winner's lead over the second at the end (0 for a shared win)."""
    best, second = sorted(returns, reverse=True)[:2]
    return float(best - second)


def _winners_mean(values: Sequence[float], winners: Sequence[int]) -> float:
    return float(np.mean([values[seat] for seat in winners]))


def _game_record(row: GameResult) -> dict[str, Any]:
    trace = row.metrics
    leader = trace["leader"]
    decided = leads_for_good_after(leader, row.winners)
    record: dict[str, Any] = {
        "seed": row.seed, "rotation": row.rotation, "winners": row.winners, "rounds": trace["rounds"],
        "decisions": row.decisions, "margin": margin(row.returns), "lead_changes": lead_changes(leader),
        "leads_for_good_after": decided,
        "leads_for_good_share": np.nan if decided is None else decided / max(1, len(leader) - 1),
    }
    for name, values in trace["features"].items():
        record[f"winner_{name}"] = _winners_mean(values, row.winners)
    record["leader"] = leader
    return record


def game_table(result: TournamentResult) -> pd.DataFrame:
    """One row per finished game: seed, rotation, winners, rounds, decisions, margin (first minus second),
    lead changes, the decision after which the winner leads for good (and its share of the game's decisions;
    empty for a shared win), each strategy feature of the winners (``winner_<feature>``, shared wins
    averaged), and the leader trace."""
    return pd.DataFrame.from_records([_game_record(row) for row in result.finished])


def spread_table(games: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """Per column of the game table: games, mean (95% interval), standard deviation, min, quartiles, max."""
    records = []
    for column in columns:
        values = games[column].astype(float).dropna() if column in games else pd.Series(dtype=float)
        mean, low, high = mean_interval(values)
        records.append({"measure": column, "games": len(values), "mean": mean, "low": low, "high": high,
                        "sd": values.std(ddof=1), "min": values.min(), "q25": values.quantile(0.25),
                        "median": values.median(), "q75": values.quantile(0.75), "max": values.max()})
    return pd.DataFrame.from_records(records).set_index("measure")


def duration(games: pd.DataFrame) -> pd.DataFrame:
    """Rounds and decisions per game (:func:`spread_table`)."""
    return spread_table(games, ["rounds", "decisions"])


def closeness(games: pd.DataFrame) -> pd.DataFrame:
    """Margin (first minus second, in the game's unit), lead changes per game, and the share of the game's
    decisions after which the winner leads for good (:func:`spread_table`)."""
    return spread_table(games, ["margin", "lead_changes", "leads_for_good_share"])


def leader_wins(result: TournamentResult) -> pd.DataFrame:
    """Per tenth of the game: the games with one leader there, how often that leader won (95% Wilson; a
    shared win counts its share), and the fair share 1/n a leader would have if leading meant nothing."""
    records = []
    for tenth in TENTHS:
        led = [(leader_at(row.metrics["leader"], tenth), row.winners) for row in result.finished]
        won = [1.0 / len(winners) if mark != TIE and int(mark) in winners else 0.0
               for mark, winners in led if mark != TIE]
        low, high = wilson_interval(sum(won), len(won))
        records.append({"tenth": tenth / 10, "games": len(won), "leader_wins": np.mean(won) if won else np.nan,
                        "low": low, "high": high, "fair_share": 1.0 / result.players})
    return pd.DataFrame.from_records(records).set_index("tenth")


def strategy(result: TournamentResult) -> pd.DataFrame:
    """Per strategy feature: the winners' mean per game (shared wins averaged) and everyone's, each with its
    95% interval over the games, and the ratio winners / everyone (above 1: the winners do more of it)."""
    finished = result.finished
    names = list(finished[0].metrics["features"]) if finished else []
    records = []
    for name in names:
        winners = [_winners_mean(row.metrics["features"][name], row.winners) for row in finished]
        everyone = [float(np.mean(row.metrics["features"][name])) for row in finished]
        w, w_low, w_high = mean_interval(winners)
        e, e_low, e_high = mean_interval(everyone)
        records.append({"feature": name, "games": len(finished), "winners": w, "winners_low": w_low,
                        "winners_high": w_high, "everyone": e, "everyone_low": e_low, "everyone_high": e_high,
                        "ratio": w / e if e else np.nan})
    columns = ["feature", "games", "winners", "winners_low", "winners_high", "everyone", "everyone_low",
               "everyone_high", "ratio"]
    return pd.DataFrame.from_records(records, columns=columns).set_index("feature")


#: The rule of thumb: how far a better level's win share goes from the fair share towards 1 (its edge), in words.
READINGS = (
    (0.15, N_("mostly luck: the better player wins only a little more often than the fair share")),
    (0.40, N_("luck and skill: skill shows clearly, yet luck often overturns it")),
    (0.70, N_("mostly skill: the better player wins most games")),
    (1.01, N_("skill decides: the better player nearly always wins")),
)


def edge(share: float, players: int) -> float:
    """How far ``share`` goes from the fair share 1/n towards winning always: 0 at 1/n, 1 at 1 (below 0: worse)."""
    fair = 1.0 / players
    return (share - fair) / (1.0 - fair)


def reading(share: float, low: float, high: float, players: int) -> str:
    """The rule-of-thumb reading of a better level's win share with its interval (docs/bots-and-experiments.md)."""
    fair = 1.0 / players
    if low <= fair <= high:
        return N_("no edge shown: the interval holds the fair share (more games, or the game is mostly luck)")
    if high < fair:
        return N_("the supposedly better level loses more than its share: its play does not suit this variant")
    return next(text for bound, text in READINGS if edge(share, players) < bound)


def measured_level(result: TournamentResult) -> str:
    """The label of the bot that sits once in every game (the level measured against the others)."""
    seats = result.rows[0].seats
    alone = [label for label in seats if seats.count(label) == 1]
    if len(alone) != 1:
        raise ValueError(f"a luck-and-skill match-up has one bot against copies of another, got seats {seats}")
    return alone[0]


def luck_and_skill(matchups: Sequence[TournamentResult]) -> pd.DataFrame:
    """Per match-up (one level against copies of another, seats rotated): games, the level's win share (95%
    Wilson), the fair share, its edge (0: no better than fair, 1: always wins) and the reading of :data:`READINGS`."""
    records = []
    for result in matchups:
        level = measured_level(result)
        others = next(label for label in result.rows[0].seats if label != level)
        row = result.summary().loc[level]
        share = float(row["win_share"])
        low, high = float(row["win_share_low"]), float(row["win_share_high"])
        records.append({"match-up": f"{level} vs {result.players - 1} {others}", "games": int(row["seats"]),
                        "win_share": share, "low": low, "high": high, "fair_share": 1.0 / result.players,
                        "edge": edge(share, result.players), "reading": reading(share, low, high, result.players)})
    columns = ["match-up", "games", "win_share", "low", "high", "fair_share", "edge", "reading"]
    return pd.DataFrame.from_records(records, columns=columns).set_index("match-up")
