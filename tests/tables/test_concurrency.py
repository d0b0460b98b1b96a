"""Several processes hammering the same tables: no lost, duplicated or reordered moves."""
from __future__ import annotations

import multiprocessing

from .helpers import TOY, action_key, check_log
from .workers import hammer

PROCESSES = 3
TABLES = 4


def race(store, location, round_: int) -> tuple[list, list, int]:
    """``PROCESSES`` clients playing ``TABLES`` fresh tables to the end at once: the tables' codes and seeds, the
    moves accepted, and how many moves were refused as stale or out of turn (the clients racing)."""
    seeds = [f"race-{round_}-{i}" for i in range(TABLES)]
    created = [store.create_table(TOY, ["human", "human", "random"], seed=s) for s in seeds]
    tables = [(c.table, list(c.seats)) for c in created]
    context = multiprocessing.get_context("spawn")
    start, queue = context.Barrier(PROCESSES), context.Queue()
    clients = [context.Process(target=hammer, args=(location, tables, worker, start, queue))
               for worker in range(PROCESSES)]
    for client in clients:
        client.start()
    results = [queue.get(timeout=120) for _ in clients]
    for client in clients:
        client.join(30)
        assert client.exitcode == 0
    accepted = [move for moves, _ in results for move in moves]
    refused = sum(counts["stale"] + counts["not_your_turn"] for _, counts in results)
    return list(zip(created, seeds)), accepted, refused


def test_processes_racing_for_every_move_lose_and_duplicate_nothing(store, location):
    for round_ in range(3):  # (a heavily loaded machine can run the clients one after another: race again)
        tables, accepted, refused = race(store, location, round_)
        if refused > 0:
            break
    assert refused > 0  # the clients did race
    assert len(set((t, i) for t, i, _ in accepted)) == len(accepted)  # no index accepted twice
    for codes, seed in tables:
        entries = check_log(store, codes.table, seed)  # whole, replays, chance as the seed draws it
        assert store.state(codes.table).is_terminal()
        seat_moves = {(codes.table, e.index, action_key(e.action)) for e in entries if e.source == "seat"}
        assert seat_moves == {m for m in accepted if m[0] == codes.table}  # every accepted move, nothing else
