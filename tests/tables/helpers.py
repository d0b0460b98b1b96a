"""Shared helpers of the table store's tests (and the load benchmark's checks)."""
from __future__ import annotations

import json
import random

from gamekit import sample_chance
from gamekit.record import load, start_of
from gamekit.tables import TableStore, open_store
from gamekit.tables.store import chance_rng

TOY = "tests.gamekit.toygame"
#: SQLite in tests: synchronous=NORMAL (no fsync per commit; as safe against a killed process, which is
#: what the fault tests kill). The PostgreSQL test cluster likewise runs with fsync=off.
FAST = {"synchronous": "NORMAL"}


def open_fast(location: str) -> TableStore:
    """The store at ``location`` (a folder or a PostgreSQL URL), SQLite without fsync per commit."""
    return open_store(location, **({} if location.startswith("postgresql://") else FAST))


def play_random_turn(store: TableStore, codes, rng: random.Random) -> bool:
    """Let whichever human seat is to move play a random legal move; False when no human must act."""
    for code in codes.seats:
        if code is None:
            continue
        view = store.seat_view(code)
        if view.content["your_turn"]:
            store.play(code, rng.choice(view.content["choices"])["action"], view.log_length)
            return True
    return False


def play_out(store: TableStore, codes, seed: int = 0, max_moves: int = 10_000) -> int:
    """Play the table's human seats at random until the game ends; returns the moves played."""
    rng = random.Random(seed)
    for moves in range(max_moves):
        if not play_random_turn(store, codes, rng):
            return moves
    raise AssertionError("the game did not end")


def check_log(store: TableStore, table_id: str, seed: str | None = None) -> list:
    """The table's log is whole: indices 0..n-1, as long as the table says, replaying legally as a
    gamekit save file, and (``seed`` given) every chance entry is the draw the table's seed gives."""
    entries = store.entries(table_id)
    info = store.table_info(table_id)
    assert [e.index for e in entries] == list(range(info.length))
    state = load(store.save_file(table_id), store.state(table_id).spec)
    assert [a.to_json() for a in state.history()] == [e.action.to_json() for e in entries]
    if seed is not None:
        current = start_of(state)
        for entry in entries:
            if entry.source == "chance":
                assert entry.action == sample_chance(current, chance_rng(seed, entry.index)), entry
            current = current.apply(entry.action)
    return entries


def action_key(action) -> str:
    return json.dumps(action if isinstance(action, dict) else action.to_json(), sort_keys=True)
