"""Client processes for the concurrency and fault tests (started with the 'spawn' method, so each
opens the store itself, as a separate server process would)."""
from __future__ import annotations

import os
import random
import signal
from pathlib import Path

from gamekit.tables import NotYourTurn, StaleMove, TableStore
from gamekit.tables.store import TableStore as _Store

from .helpers import action_key, open_fast


def play_turns(store: TableStore, tables: list, rng: random.Random, record) -> dict[str, int]:
    """Play the human seats of ``tables`` (each ``(table_id, [codes])``) at random until every game is
    over, whoever's turn it is, racing any other client doing the same.  Each accepted move goes to
    ``record(table_id, index, action_key)``.  Returns how many moves were accepted and refused."""
    counts = {"accepted": 0, "stale": 0, "not_your_turn": 0}
    live = list(tables)
    while live:
        for table_id, seat_codes in list(live):
            view = store.seat_view(seat_codes[0])
            if view.content["terminal"]:
                live.remove((table_id, seat_codes))
                continue
            to_move = view.content["to_move"]
            if to_move is None or seat_codes[to_move] is None:
                store.advance(table_id)
                continue
            view = store.seat_view(seat_codes[to_move])
            if not view.content["your_turn"]:
                continue
            choice = rng.choice(view.content["choices"])["action"]
            try:
                accepted = store.play(seat_codes[to_move], choice, view.log_length)
            except StaleMove:
                counts["stale"] += 1
                continue
            except NotYourTurn:
                counts["not_your_turn"] += 1
                continue
            record(table_id, accepted.index, action_key(choice))
            counts["accepted"] += 1
    return counts


def hammer(location: str, tables: list, seed: int, start, results) -> None:
    """A client process: once every client is ready (``start``, a barrier), play ``tables`` to the end;
    puts the accepted moves and the counts on the ``results`` queue."""
    accepted = []
    with open_fast(location) as store:
        for _, seat_codes in tables:
            store.seat_view(seat_codes[0])  # replayed once before the race
        start.wait()
        counts = play_turns(store, tables, random.Random(seed),
                            lambda table, index, key: accepted.append((table, index, key)))
    results.put((accepted, counts))


def killed_mid_append(location: str, tables: list, seed: int, appends: int, journal: str) -> None:
    """A client process that is killed (SIGKILL) inside its ``appends``-th write transaction, after
    the entries and the table's new length were written but before the commit.  Each move accepted
    before that is written to ``journal`` (a line per move) as soon as the store accepts it."""
    original = _Store._append
    calls = 0

    def append_then_die(self, tx, table, replay, planned):
        nonlocal calls
        result = original(self, tx, table, replay, planned)
        calls += 1
        if calls == appends:
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    _Store._append = append_then_die
    with open(journal, "a") as out, open_fast(location) as store:
        def record(table_id, index, key):
            out.write(f"{table_id}\t{index}\t{key}\n")
            out.flush()

        play_turns(store, tables, random.Random(seed), record)
    Path(journal).with_suffix(".finished").touch()  # not reached: the kill comes first
