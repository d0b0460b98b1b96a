"""Monte-Carlo experiments: many seeded games between bots, as rows that become a DataFrame.

>>> from gamekit.tournament import run_tournament
>>> result = run_tournament(giganten, ["heuristic", "random", "random", "random"],
...                         root_seed=1, games=500, rotate=True, processes=2)
>>> result.summary()          # win share, mean return, mean rank per bot
>>> df = result.to_dataframe()

Every game is a pure function of its seed and the seats: the chance outcomes come from one
generator seeded from the game's seed, each bot gets its own seed derived from the game's seed
and the bot's place in ``seats``.  So the results are identical whatever runs them — serially
(the default), on a local process pool (``processes=N``), or on any ``concurrent.futures``
executor such as a Dask cluster's ``client.get_executor()`` — and any single game can be
replayed alone from its row (``keep_logs=True`` also stores its save file).

Fair comparisons: ``rotate=True`` plays every seed once per rotation of the seats, so each bot
sits in every position against the same chance seed ("duplicate" play).
"""
from __future__ import annotations

import concurrent.futures as cf
import importlib
import math
import sys
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

import numpy as np

from .bots import SeatSpec, seat_factory, seat_label
from .play import play
from .protocol import GameState
from .spec import GameSpec

Metrics = Callable[[GameState], Mapping[str, Any]]
Progress = bool | Literal["auto"]


@dataclass(frozen=True)
class GameRef:
    """A game named by importable module and attribute, so worker processes can rebuild it."""

    module: str
    attribute: str = "SPEC"

    def spec(self) -> GameSpec:
        return getattr(importlib.import_module(self.module), self.attribute)


def game_ref(game: GameSpec | ModuleType | str) -> GameRef:
    """Where ``game`` (a game package, module name or GameSpec) can be imported from."""
    if isinstance(game, str):
        game = importlib.import_module(game)
    if isinstance(game, ModuleType):
        if not isinstance(getattr(game, "SPEC", None), GameSpec):
            raise TypeError(f"module {game.__name__} has no GameSpec called SPEC")
        return GameRef(game.__name__)
    if isinstance(game, GameSpec):
        home = getattr(game.create, "__module__", None)
        modules = [sys.modules[home]] if home in sys.modules else []
        modules += [m for m in list(sys.modules.values()) if m is not None]
        for module in modules:
            for name in ("SPEC", *vars(module)):
                if getattr(module, name, None) is game:
                    return GameRef(module.__name__, name)
        raise TypeError(f"GameSpec {game.name!r} is not a module-level name; pass its package instead")
    raise TypeError(f"expected a game package, module name or GameSpec, got {game!r}")


def derived_seed(seed: int, stream: int) -> int:
    """An independent 63-bit seed for ``stream`` (0 = chance, 1+i = the i-th bot) of a game."""
    words = np.random.SeedSequence([seed, stream]).generate_state(2, dtype=np.uint32)
    return (int(words[0]) << 31) ^ int(words[1])


def spawn_seeds(root_seed: int, games: int) -> list[int]:
    """``games`` independent 63-bit game seeds spawned from ``root_seed`` (numpy SeedSequence)."""
    children = np.random.SeedSequence(root_seed).spawn(games)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    ``seats[i]`` is the label of the bot in seat ``i``; ``returns[i]`` its final result;
    ``winners`` every seat with the highest return (ties share the win); ``length`` every action
    applied (chance outcomes included), ``decisions`` only the players' moves.
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

    def win_share(self, seat: int) -> float:
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def rank(self, seat: int) -> float:
        """1 for the best return; tied seats share the mean of their places."""
        mine = self.returns[seat]
        better = sum(r > mine for r in self.returns)
        equal = sum(r == mine for r in self.returns)
        return better + (equal + 1) / 2


@dataclass(frozen=True)
class _Task:
    index: int
    game: GameRef
    players: int
    options: Mapping[str, Any]
    seats: tuple[SeatSpec, ...]
    labels: tuple[str, ...]
    seed: int
    rotation: int
    metrics: Metrics | None
    keep_logs: bool
    max_moves: int


def _play_one(task: _Task) -> GameResult:
    spec = task.game.spec()
    n = task.players
    order = [(seat + task.rotation) % n for seat in range(n)]  # seat -> index into task.seats
    bots = [seat_factory(spec, task.seats[j])(derived_seed(task.seed, 1 + j)) for j in order]
    decisions = 0

    def count(before: GameState, after: GameState) -> None:
        nonlocal decisions
        decisions += not before.is_chance()

    state = spec.new_game(n, **dict(task.options))
    final = play(state, bots, derived_seed(task.seed, 0), max_moves=task.max_moves, on_move=count)
    returns = tuple(float(r) for r in final.returns())
    best = max(returns)
    return GameResult(
        index=task.index,
        seed=task.seed,
        rotation=task.rotation,
        seats=tuple(task.labels[j] for j in order),
        returns=returns,
        winners=tuple(i for i, r in enumerate(returns) if r == best),
        length=final.move_number,
        decisions=decisions,
        metrics=dict(task.metrics(final)) if task.metrics is not None else {},
        log=final.to_json() if task.keep_logs else None,
    )


def _play_chunk(tasks: Sequence[_Task]) -> list[GameResult]:
    return [_play_one(t) for t in tasks]


@dataclass
class TournamentResult:
    """The rows of a tournament, in seed order (and rotation order within a seed)."""

    rows: list[GameResult]
    players: int
    options: Mapping[str, Any]
    game: str

    def __len__(self) -> int:
        return len(self.rows)

    def to_dataframe(self):
        """One row per game: seed, rotation, seat labels, returns, winners, length, metrics."""
        import pandas as pd

        records = []
        for row in self.rows:
            rec: dict[str, Any] = {"seed": row.seed, "rotation": row.rotation}
            for i, (label, ret) in enumerate(zip(row.seats, row.returns)):
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

    def seat_table(self):
        """One row per (game, seat): label, return, win share and rank (long format for groupby)."""
        import pandas as pd

        records = [
            {"seed": row.seed, "rotation": row.rotation, "seat": i, "bot": label, "return": row.returns[i],
             "win_share": row.win_share(i), "rank": row.rank(i)}
            for row in self.rows
            for i, label in enumerate(row.seats)
        ]
        return pd.DataFrame.from_records(records)

    def summary(self):
        """Per bot label: seats played, mean win share (with a 95% interval), mean return and rank.

        With ``p`` players a bot no better than the others wins a share of ``1/p`` per seat.
        """
        table = self.seat_table()
        grouped = table.groupby("bot", sort=False)
        out = grouped.agg(seats=("win_share", "size"), win_share=("win_share", "mean"),
                          mean_return=("return", "mean"), mean_rank=("rank", "mean"))
        sd = grouped["win_share"].std(ddof=1).fillna(0.0)
        half = 1.96 * sd / np.sqrt(out["seats"].clip(lower=1))
        out.insert(2, "win_share_low", out["win_share"] - half)
        out.insert(3, "win_share_high", out["win_share"] + half)
        out["fair_share"] = 1.0 / self.players
        return out.sort_values("win_share", ascending=False)


def _chunks(tasks: list[_Task], size: int) -> list[list[_Task]]:
    return [tasks[i : i + size] for i in range(0, len(tasks), size)]


def _progress_bar(total: int, progress: Progress, description: str):
    if progress is False:
        return None
    from tqdm.auto import tqdm

    # "auto": only appears when the run lasts more than two seconds.
    return tqdm(total=total, desc=description, unit="game", delay=0 if progress is True else 2.0,
                leave=progress is True)


def _workers(processes: int | None, executor: cf.Executor | None) -> int:
    if processes:
        return processes
    for attr in ("_max_workers", "max_workers"):
        value = getattr(executor, attr, None)
        if isinstance(value, int) and value > 0:
            return value
    return 4


def run_tournament(
    game: GameSpec | ModuleType | str,
    seats: Sequence[SeatSpec],
    seeds: Iterable[int] | None = None,
    *,
    root_seed: int | None = None,
    games: int | None = None,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    rotate: bool = False,
    processes: int | None = None,
    executor: cf.Executor | None = None,
    progress: Progress = "auto",
    metrics: Metrics | None = None,
    keep_logs: bool = False,
    max_moves: int = 1_000_000,
    chunksize: int | None = None,
) -> TournamentResult:
    """Play seeded games between the bots in ``seats`` and return one row per game.

    ``game``: a game package (``giganten``), its module name, or its ``GameSpec``.
    ``seats``: one entry per seat — a registered bot name (``"heuristic"``), ``(name, params)``
    (``("search", {"iterations": 200})``), or a picklable factory ``f(seed) -> bot``.
    Seeds: an explicit list ``seeds``, or ``root_seed`` and ``games`` (spawned with numpy's
    SeedSequence).  ``rotate=True`` plays each seed once per rotation of the seats.
    ``processes=N`` runs on a local process pool; ``executor`` on any ``concurrent.futures``
    executor (e.g. Dask's ``client.get_executor()``); neither: serially in this process.
    ``metrics(final_state) -> dict`` adds columns; ``keep_logs`` keeps each game's save file.
    Results are identical whichever way the games run (bots with time budgets excepted).
    """
    if seeds is not None and (root_seed is not None or games is not None):
        raise ValueError("give either seeds or root_seed and games, not both")
    if seeds is None:
        if root_seed is None or games is None:
            raise ValueError("give the seeds, or a root_seed and a number of games")
        seed_list = spawn_seeds(root_seed, games)
    else:
        seed_list = [int(s) for s in seeds]
    if processes is not None and executor is not None:
        raise ValueError("give processes or executor, not both")
    seats = tuple(seats)
    n = players if players is not None else len(seats)
    if len(seats) != n:
        raise ValueError(f"{n} players need {n} seats, got {len(seats)}")
    ref = game_ref(game)
    spec = ref.spec()
    spec.validate_options(n, dict(options or {}))  # fail here, not in a worker
    for seat in seats:
        seat_factory(spec, seat)  # unknown bot names fail here too
    labels = tuple(seat_label(s) for s in seats)
    rotations = range(n) if rotate else range(1)
    tasks = [
        _Task(i * len(rotations) + r, ref, n, dict(options or {}), seats, labels,
              seed, r, metrics, keep_logs, max_moves)
        for i, seed in enumerate(seed_list)
        for r in rotations
    ]
    if processes is not None and tasks:
        _check_picklable(tasks[0])
    bar = _progress_bar(len(tasks), progress, f"{spec.name} {n}p")
    try:
        if processes is None and executor is None:
            rows = []
            for task in tasks:
                rows.append(_play_one(task))
                if bar is not None:
                    bar.update(1)
        else:
            size = chunksize or max(1, min(50, math.ceil(len(tasks) / (4 * _workers(processes, executor)))))
            rows = _run_parallel(_chunks(tasks, size), processes, executor, bar)
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: r.index)
    return TournamentResult(rows=rows, players=n, options=spec.validate_options(n, dict(options or {})),
                            game=spec.name)


def _check_picklable(task: _Task) -> None:
    """Worker processes receive the seats and metrics by pickle: say clearly if they cannot travel."""
    import pickle

    try:
        pickle.dumps(task)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise TypeError(
            "processes=N sends the seats and the metrics function to worker processes by pickle, and "
            f"this one cannot be pickled ({exc}); use bot names, (name, params), module-level "
            "functions or functools.partial instead of lambdas or local functions"
        ) from None


def _run_parallel(chunks: list[list[_Task]], processes: int | None, executor: cf.Executor | None,
                  bar) -> list[GameResult]:
    own = executor is None
    pool = cf.ProcessPoolExecutor(max_workers=processes) if own else executor
    rows: list[GameResult] = []
    try:
        futures = [pool.submit(_play_chunk, chunk) for chunk in chunks]
        for future in cf.as_completed(futures):
            done = future.result()
            rows.extend(done)
            if bar is not None:
                bar.update(len(done))
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return rows


def main(argv: Sequence[str] | None = None) -> TournamentResult:
    """Command line: ``python -m gamekit.tournament GAME BOT BOT ... [--games N] [--rotate] ...``.

    Example (the strength figures of docs/bots-and-experiments.md)::

        python -m gamekit.tournament giganten heuristic random random random \\
            --root-seed 1 --games 125 --rotate --processes 2 --csv heuristic-vs-random.csv
    """
    import argparse
    import json
    import time

    parser = argparse.ArgumentParser(prog="python -m gamekit.tournament", description="Seeded games between bots.")
    parser.add_argument("game", help="game package: giganten or firstgiants")
    parser.add_argument("seats", nargs="+", help="one bot name per seat (see <game>.bots.BOTS)")
    parser.add_argument("--params", default="{}", help='JSON: bot name -> parameters, e.g. {"search": {"iterations": 40}}')
    parser.add_argument("--root-seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=100, help="seeds to play (each seat rotation counts once more)")
    parser.add_argument("--rotate", action="store_true", help="play every seed in every rotation of the seats")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--csv", default=None, help="write the per-game table here")
    args = parser.parse_args(argv)
    params = json.loads(args.params)
    seats = [(name, params[name]) if name in params else name for name in args.seats]
    start = time.perf_counter()
    result = run_tournament(args.game, seats, root_seed=args.root_seed, games=args.games, rotate=args.rotate,
                            processes=args.processes, progress="auto")
    seconds = time.perf_counter() - start
    if args.csv:
        result.to_dataframe().to_csv(args.csv, index=False)
    summary = result.summary()
    print(f"{len(result)} games of {result.game} ({result.players} players) in {seconds:.0f} s")
    print(summary.to_string(float_format=lambda x: f"{x:.3f}"))
    return result


if __name__ == "__main__":
    main()
