"""Balance of the reconstructed First Giants deck, measured with the kit's own bots.

Seeded 4-player games between four identical bots (default: ``heuristic``), then three tables:

1. per family: its share of the displayed cards, the points of family sets of that family, and the
   win share of the players whose museum leans on it (the family with most displayed cards);
2. per card type (the 12 fossil effects of the template, plus eggs): how often taken (Study or
   display at the end), and the win share of the players who took at least one, against the fair
   0.25 (and the "lift": cards of that type per winner / per player);
3. family sets against size sets: built (2+ cards), completed, their points, and the win share of
   the players whose set points come mostly from that type.

Intervals: 1.96 standard errors over player-seats (the four seats of one game are not independent,
so read them as a guide).  A type is flagged when its interval excludes the fair share and the
estimate is more than 0.05 away from it.

    .venv/bin/python benchmarks/balance_firstgiants.py --games 500 --bot heuristic --processes 2
    .venv/bin/python benchmarks/balance_firstgiants.py --games 100 --bot strong --news-values two-sided \
        --results strong-two-sided.jsonl
"""
from __future__ import annotations

import argparse
import ast
import json
import time
from typing import Any

import numpy as np
import pandas as pd

import firstgiants
from firstgiants.components import FAMILY, FAMILY_NAMES, SIZE
from firstgiants.rules.museum import FAMILY_SET, SIZE_SET, is_complete, set_points
from gamekit.tournament import run_tournament

PLAYERS = 4
FAIR = 1.0 / PLAYERS
#: The template's twelve fossil effects (card id mod 12 = (size - 1) * 4 + row; see docs/firstgiants-deck.md).
TYPE_NAMES = (
    "S0 2 amber, opponents 1", "S1 display or 1 point", "S2 new family: 1 amber", "S3 carnivore: 1 amber",
    "M0 1 point per pair", "M1 1 amber per family", "M2 any take: 3 amber->2 pts", "M3 free display",
    "L0 1 point per carnivore", "L1 display 2 different", "L2 display 2 same family", "L3 any take: display 1",
    "egg",
)
EGG_TYPE = 12


def card_type(card: int) -> int:
    """The template row of a card (0-11), or 12 for an egg."""
    return EGG_TYPE if SIZE[card] == 0 else card % 12


def player_metrics(state: firstgiants.State) -> dict[str, Any]:
    """Per seat of a finished game: displayed cards per family, cards taken per type, set figures."""
    winners = state.winners()
    seats = []
    for p in range(state.num_players):
        displayed = [c for m in state.museum[p] for c in m.cards]
        taken = displayed + list(state.study[p])
        row: dict[str, Any] = {
            "seat": p, "points": state.score(p),
            "win_share": 1.0 / len(winners) if p in winners else 0.0,
            "displayed": [sum(FAMILY[c] == f for c in displayed) for f in range(len(FAMILY_NAMES))],
            "taken": [sum(card_type(c) == t for c in taken) for t in range(len(TYPE_NAMES))],
            "shown": [sum(card_type(c) == t for c in displayed) for t in range(len(TYPE_NAMES))],
            "family_points": [0] * len(FAMILY_NAMES),
        }
        for kind, name in ((FAMILY_SET, "family"), (SIZE_SET, "size")):
            sets = [m for m in state.museum[p] if m.kind == kind]
            row[f"{name}_built"] = len(sets)
            row[f"{name}_complete"] = sum(is_complete(m) for m in sets)
            row[f"{name}_set_points"] = sum(set_points(m) for m in sets)
        for m in state.museum[p]:
            if m.kind == FAMILY_SET:
                row["family_points"][m.key] += set_points(m)
        seats.append(row)
    return {"players": seats}


def measure(games: int, bot: str = "heuristic", root_seed: int = 4, processes: int | None = 2,
            progress: bool | str = "auto", news_values: str = "by-type", results: str | None = None,
            params: dict[str, Any] | None = None) -> pd.DataFrame:
    """One row per (game, seat) of ``games`` seeded 4-player games of ``bot`` (with its factory's ``params``)
    against itself, under the ``news_values`` reading of the News tokens (ruling R23); ``results``: a results
    file to stream the games to and resume from (docs/tournament.md)."""
    seat: Any = (bot, params) if params else bot
    result = run_tournament(firstgiants, [seat] * PLAYERS, root_seed=root_seed, games=games,
                            processes=processes, metrics=player_metrics, progress=progress,
                            options={"news_values": news_values}, results=results, resume=results is not None)
    rows = [dict(seat_row, game=g.index) for g in result.rows for seat_row in g.metrics["players"]]
    return pd.DataFrame.from_records(rows)


def _interval(values: pd.Series) -> tuple[float, float, float]:
    n = len(values)
    mean = float(values.mean()) if n else float("nan")
    half = 1.96 * float(values.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def family_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Per family: share of displayed cards, family-set points per player, win share of its leaners."""
    displayed = np.array(seats["displayed"].tolist())
    fam_points = np.array(seats["family_points"].tolist())
    total = displayed.sum()
    best = displayed.max(axis=1)
    unique = (displayed == best[:, None]).sum(axis=1) == 1
    lean = np.where(unique & (best > 0), displayed.argmax(axis=1), -1)
    out = []
    for f, name in enumerate(FAMILY_NAMES):
        share = displayed[:, f].sum() / total
        half = 1.96 * np.sqrt(share * (1 - share) / total)
        ws, lo, hi = _interval(seats["win_share"][lean == f])
        out.append({"family": name, "displayed_share": share, "share_low": share - half,
                    "share_high": share + half, "set_points_per_player": fam_points[:, f].mean(),
                    "leaners": int((lean == f).sum()), "lean_win_share": ws, "win_low": lo, "win_high": hi})
    ws, lo, hi = _interval(seats["win_share"][lean == -1])
    out.append({"family": "(no single family)", "leaners": int((lean == -1).sum()),
                "lean_win_share": ws, "win_low": lo, "win_high": hi})
    return pd.DataFrame(out).set_index("family")


def type_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Per card type: taken per player, displayed share, win share of takers, lift among winners."""
    taken = np.array(seats["taken"].tolist())
    shown = np.array(seats["shown"].tolist())
    win = seats["win_share"].to_numpy()
    out = []
    for t, name in enumerate(TYPE_NAMES):
        took = taken[:, t] > 0
        ws, lo, hi = _interval(pd.Series(win[took]))
        per_winner = (taken[:, t] * win).sum() / win.sum()
        per_player = taken[:, t].mean()
        flag = (lo > FAIR or hi < FAIR) and abs(ws - FAIR) > 0.05
        out.append({"type": name, "taken_per_player": per_player,
                    "displayed_share": shown[:, t].sum() / max(1, taken[:, t].sum()),
                    "took_share": took.mean(), "taker_win_share": ws, "win_low": lo, "win_high": hi,
                    "lift": per_winner / per_player if per_player else float("nan"),
                    "flag": "FLAG" if flag else ""})
    return pd.DataFrame(out).set_index("type")


def set_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Family sets against size sets: per player built, completed, points, their share of all points,
    and the win share of the players whose set points come mostly from that type."""
    fam, size = seats["family_set_points"], seats["size_set_points"]
    lean = np.where(fam > size, "family", np.where(size > fam, "size", "equal"))
    out = []
    for name in ("family", "size"):
        built, complete = seats[f"{name}_built"], seats[f"{name}_complete"]
        pts = seats[f"{name}_set_points"]
        out.append({"set type": name, "built_per_player": built.mean(), "completed_per_player": complete.mean(),
                    "completion_rate": complete.sum() / max(1, built.sum()),
                    "set_points_per_player": pts.mean(), "share_of_points": pts.sum() / seats["points"].sum(),
                    "winners_set_points": (pts * seats["win_share"]).sum() / seats["win_share"].sum()})
        ws, lo, hi = _interval(seats["win_share"][lean == name])
        out[-1].update({"leaners": int((lean == name).sum()), "lean_win_share": ws, "win_low": lo, "win_high": hi})
    return pd.DataFrame(out).set_index("set type")


def read_csv(path: str) -> pd.DataFrame:
    """A per-seat table written by ``--csv`` (its list columns parsed back)."""
    seats = pd.read_csv(path)
    for column in ("displayed", "taken", "shown", "family_points"):
        seats[column] = seats[column].apply(ast.literal_eval)
    return seats


def report(seats: pd.DataFrame) -> str:
    fmt = lambda x: f"{x:.3f}"  # noqa: E731
    games = seats["game"].nunique()
    return "\n\n".join([
        f"{games} games, {len(seats)} player-seats, mean points {seats['points'].mean():.1f}, fair win share {FAIR}",
        "Per family\n" + family_table(seats).to_string(float_format=fmt),
        "Per card type\n" + type_table(seats).to_string(float_format=fmt),
        "Family sets vs size sets\n" + set_table(seats).to_string(float_format=fmt),
    ])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bot", default="heuristic", help="bot name in firstgiants.bots.BOTS (all 4 seats)")
    parser.add_argument("--root-seed", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--params", default=None, help='the bot\'s parameters as JSON, e.g. \'{"depth": 4}\'')
    parser.add_argument("--news-values", default="by-type", help="the News tokens' reading (option news_values, R23)")
    parser.add_argument("--results", default=None, help="stream the games to this results file (resumes from it)")
    parser.add_argument("--csv", default=None, help="write the per-seat table here")
    parser.add_argument("--from-csv", default=None, help="print the tables of a per-seat table saved by --csv")
    args = parser.parse_args(argv)
    if args.from_csv:
        print(report(read_csv(args.from_csv)))
        return
    start = time.perf_counter()
    params = json.loads(args.params) if args.params else None
    seats = measure(args.games, args.bot, args.root_seed, args.processes or None, news_values=args.news_values,
                    results=args.results, params=params)
    print(f"{args.bot} x{PLAYERS}, news_values {args.news_values}, root seed {args.root_seed}: "
          f"{time.perf_counter() - start:.0f} s")
    print(report(seats))
    if args.csv:
        seats.to_csv(args.csv, index=False)


if __name__ == "__main__":
    main()
