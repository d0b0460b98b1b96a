"""Monte-Carlo experiments: many seeded games between bots, as rows that become a DataFrame.

>>> from gamekit.tournament import run_tournament
>>> result = run_tournament(giganten, ["heuristic", "random", "random", "random"],
...                         root_seed=1, games=500, rotate=True, processes=2, results="run.jsonl")
>>> result.summary()          # win share, mean return, mean rank per bot
>>> readable(result.summary())  # the same with column names for reading ("95% low", "mean result")
>>> df = result.to_dataframe()

Every game is a pure function of its seed and the seats: the chance outcomes come from one
generator seeded from the game's seed, each bot gets its own seed derived from the game's seed
and the bot's place in ``seats``.  So the results are identical whatever runs them — serially
(the default), on supervised worker processes (``processes=N``), or on any ``concurrent.futures``
executor such as a Dask cluster's ``client.get_executor()`` — and any single game can be
replayed alone from its row (``keep_logs=True`` also stores its save file).

Fair comparisons: ``rotate=True`` plays every seed once per rotation of the seats, so each bot
sits in every position against the same chance seed ("duplicate" play).

Nothing is lost when something goes wrong (docs/tournament.md): a failing game becomes a failed
row with the error and its save file up to the failure, rows can be streamed to a results file
and a run resumed from it, time limits stop hanging bots, a dead worker costs only its game.

Modules: :mod:`.games` (one game to its row), :mod:`.rows` (rows and tables), :mod:`.store` (the
results file), :mod:`.workers` (where games run), :mod:`.runner` (``run_tournament``), :mod:`.cli`.
"""
from .cli import main
from .games import GameRef, TimeLimitExceeded, derived_seed, game_ref, spawn_seeds
from .rows import Failure, GameResult, TournamentResult, readable
from .runner import GameFailed, TournamentInterrupted, run_tournament
from .store import read_results

__all__ = [
    "Failure",
    "GameFailed",
    "GameRef",
    "GameResult",
    "TimeLimitExceeded",
    "TournamentInterrupted",
    "TournamentResult",
    "derived_seed",
    "game_ref",
    "main",
    "read_results",
    "readable",
    "run_tournament",
    "spawn_seeds",
]
