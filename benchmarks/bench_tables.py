"""Load test of the classroom table store: 30 student seats on 8 tables with bots, for 60 seconds.

    python benchmarks/bench_tables.py                     # SQLite, then a throwaway PostgreSQL server
    python benchmarks/bench_tables.py --backend sqlite --seconds 20
    python benchmarks/bench_tables.py --backend postgres --url postgresql://kit@/db?host=/run/postgresql
    python benchmarks/bench_tables.py --list              # the teacher's table list instead (a few seconds)

The tables: four of Giganten (4 students; 4; 3 and a heuristic bot; 3 and a random bot) and four of
First Giants (4 students and a heuristic bot; 4 and a random bot; 4; 4): 30 student seats, 4 bots.
Each student seat is a thread in one of several client processes (seats of one table spread over the
processes), talking to the store only through its interface, as a page's server side would: it waits
for a change (``wait_for_change``), reads its view, and when it is its turn plays a random choice (a
random bot acting as the student; ``--think`` adds a pause before each move, exponential with that mean,
default none).  Bots and chance are played by the store when a student's move is accepted.  When a
table's game ends its seats move on to a fresh table of the same kind (made in advance).

Reported: moves accepted and refused (another seat or bot was first), and the time from an accepted
move (its commit time in the log) to its being visible to each *other* seat at that table (the seat's
view includes it): median, 95th percentile, maximum.  Then every table's log is checked: whole (indices
0..n-1), replaying legally as a gamekit save file, and holding exactly the student moves the clients
were told were accepted -- none lost, none duplicated.

``--list`` measures the teacher's table list instead (:func:`gamekit.tables.web.teacher.lesson_rows`):
a class of 30 tables (15 of each game, four students each; 24 mid-game, half a random game's log
imported, and 6 finished), then the time to open the page (its first list, in a process that has not
read the tables yet), to refresh the list when no move was made, and to refresh it after one move at
every unfinished table (made through another store object, as the students' pages' processes make them).

Writes are durable as in a lesson: SQLite with ``synchronous=FULL``; the throwaway PostgreSQL server
with its default fsync.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamekit.tables import StaleMove, TableError, open_store  # noqa: E402

#: (game, seats) of the 8 tables: "human" seats are played by the clients.
TABLES = [
    ("giganten", ["human"] * 4),
    ("giganten", ["human"] * 4),
    ("giganten", ["human"] * 3 + ["heuristic"]),
    ("giganten", ["human"] * 3 + ["random"]),
    ("firstgiants", ["human"] * 4 + ["heuristic"]),
    ("firstgiants", ["human"] * 4 + ["random"]),
    ("firstgiants", ["human"] * 4),
    ("firstgiants", ["human"] * 4),
]
GENERATIONS = 15  # fresh tables made in advance per slot, for seats whose game has ended


def seat_client(store, slot_tables: list, seat: int, deadline: float, think: float, rng: random.Random,
                out: dict) -> None:
    """One student seat: follow the slot's tables (the next one when a game ends) until the deadline."""
    generation = 0
    table_id, code = slot_tables[0][0], slot_tables[0][1][seat]
    known = 0  # log entries this seat has seen
    revision = -1
    while time.time() < deadline:
        if store.wait_for_change(table_id, revision, timeout=min(1.0, max(0.0, deadline - time.time()))) == revision:
            continue
        view = store.seat_view(code, log_limit=5)
        seen_at = time.time()
        revision = view.revision
        for entry in store.entries(table_id, known):
            if entry.index < view.log_length and entry.source in ("seat", "bot") and entry.player != seat:
                out["latencies"].append(seen_at - entry.at)
        known = view.log_length
        out["views"] += 1
        if view.content["terminal"]:
            generation += 1
            if generation == len(slot_tables):
                out["exhausted"] = True
                return
            table_id, code = slot_tables[generation][0], slot_tables[generation][1][seat]
            known, revision = 0, -1
            continue
        if not view.content["your_turn"]:
            continue
        if think:
            time.sleep(rng.expovariate(1 / think))
        choice = rng.choice(view.content["choices"])["action"]
        try:
            accepted = store.play(code, choice, view.log_length)
        except StaleMove:
            out["refused"] += 1
            continue
        except TableError as exc:
            out["errors"].append(repr(exc))
            continue
        out["accepted"].append((table_id, accepted.index, choice))


def client_process(location: str, seats: list, tables: list, deadline: float, think: float, seed: int,
                   results) -> None:
    """A client process: one thread per seat in ``seats`` (``(slot, seat)`` pairs)."""
    store = open_store(location)
    outs = []
    threads = []
    for slot, seat in seats:
        out = {"latencies": [], "accepted": [], "refused": 0, "views": 0, "errors": [], "exhausted": False}
        outs.append(out)
        rng = random.Random(seed * 1000 + slot * 10 + seat)
        threads.append(threading.Thread(target=seat_client,
                                        args=(store, tables[slot], seat, deadline, think, rng, out)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    results.put(outs)


def run(location: str, seconds: float, processes: int, think: float) -> dict:
    store = open_store(location)
    started = time.time()
    tables = []  # per slot: [(table_id, seat codes)] for each generation
    for slot, (game, seats) in enumerate(TABLES):
        generations = []
        for g in range(GENERATIONS):
            codes = store.create_table(game, seats, seed=f"bench-{slot}-{g}")
            generations.append((codes.table, list(codes.seats)))
        tables.append(generations)
    setup = time.time() - started
    humans = [(slot, seat) for slot, (_, seats) in enumerate(TABLES) for seat, kind in enumerate(seats)
              if kind == "human"]
    assignment = [humans[i::processes] for i in range(processes)]
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    deadline = time.time() + 5 + seconds  # 5 s for the processes to start
    clients = [context.Process(target=client_process, args=(location, part, tables, deadline, think, i, results))
               for i, part in enumerate(assignment)]
    for c in clients:
        c.start()
    outs = [o for _ in clients for o in results.get(timeout=seconds + 600)]
    for c in clients:
        c.join(60)
    latencies = sorted(x for o in outs for x in o["latencies"])
    accepted = [m for o in outs for m in o["accepted"]]
    report = {
        "seats": len(humans), "tables": len(TABLES), "processes": processes, "seconds": seconds, "think": think,
        "setup_seconds": setup, "accepted": len(accepted), "refused": sum(o["refused"] for o in outs),
        "errors": [e for o in outs for e in o["errors"]], "views": sum(o["views"] for o in outs),
        "seats_out_of_tables": sum(o["exhausted"] for o in outs),
        "visibility_samples": len(latencies),
        "p50": statistics.median(latencies) if latencies else None,
        "p95": latencies[int(0.95 * (len(latencies) - 1))] if latencies else None,
        "max": latencies[-1] if latencies else None,
    }
    report.update(verify(store, tables, accepted))
    store.close()
    return report


def verify(store, tables: list, accepted: list) -> dict:
    """Every table's log is whole and replays; its student moves are exactly the accepted ones."""
    from gamekit.record import load

    told = {(t, i): a for t, i, a in accepted}
    duplicates = len(accepted) - len(told)
    lost = extra = entries = games_over = 0
    for generations in tables:
        for table_id, _ in generations:
            log = store.entries(table_id)
            entries += len(log)
            assert [e.index for e in log] == list(range(store.table_info(table_id).length)), table_id
            state = store.state(table_id)
            replayed = load(store.save_file(table_id), state.spec)
            assert replayed.history() == [e.action for e in log], table_id
            games_over += replayed.is_terminal()
            in_log = {(table_id, e.index): e.action.to_json() for e in log if e.source == "seat"}
            mine = {k: v for k, v in told.items() if k[0] == table_id}
            lost += sum(1 for k, v in mine.items() if in_log.get(k) != v)
            extra += sum(1 for k in in_log if k not in mine)
    return {"log_entries": entries, "games_finished": games_over, "lost": lost, "duplicated": duplicates,
            "unreported": extra}


LIST_TABLES = 30
LIST_FINISHED = 6  # of the 30: games over, the list shows their final result
LIST_REFRESHES = 10


def list_refresh(location: str) -> dict:
    """The teacher's list of LIST_TABLES tables: opening the page, refreshing with no move, and
    refreshing after one student move at every unfinished table (seconds; refreshes: the median)."""
    import firstgiants
    import giganten
    from gamekit import random_game, rewind
    from gamekit.record import dump
    from gamekit.tables.web.teacher import lesson_rows

    store = open_store(location)
    codes = []
    for i in range(LIST_TABLES):
        game = (giganten, firstgiants)[i % 2]
        played = random_game(game.SPEC.new_game(4), seed=i)
        if i >= LIST_FINISHED:
            played = rewind(played, len(played.history()) // 2)
        codes.append(store.create_table(game, ["human"] * 4, from_save=dump(played), seed=f"list-{i}"))
    entries = sum(store.table_info(c.table).length for c in codes)
    teachers = open_store(location)  # the page's process (not the students'): nothing of the tables read yet
    started = time.perf_counter()
    lesson_rows(teachers, {})
    opened = time.perf_counter() - started
    idle = []
    for _ in range(LIST_REFRESHES):
        started = time.perf_counter()
        lesson_rows(teachers, {})
        idle.append(time.perf_counter() - started)
    moved = []
    rng = random.Random(1)
    for _ in range(3):
        for c in codes[LIST_FINISHED:]:
            play_random_turn(store, c, rng)
        started = time.perf_counter()
        shown = lesson_rows(teachers, {})
        moved.append(time.perf_counter() - started)
    rows = len(shown)
    teachers.close()
    store.close()
    return {"tables": LIST_TABLES, "finished": LIST_FINISHED, "log_entries": entries, "rows_shown": rows,
            "open_page": opened, "refresh_no_move": statistics.median(idle),
            "refresh_after_a_move_per_table": statistics.median(moved)}


def play_random_turn(store, codes, rng: random.Random) -> None:
    """The seat to move plays a random choice (every seat is a student's)."""
    for code in codes.seats:
        view = store.seat_view(code, log_limit=0)
        if view.content["your_turn"]:
            store.play(code, rng.choice(view.content["choices"])["action"], view.log_length)
            return


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.0, help="mean pause before a student's move (s)")
    parser.add_argument("--folder", help="SQLite: the store's folder (default: a temporary one)")
    parser.add_argument("--url", help="PostgreSQL: a server to use (default: a throwaway one)")
    parser.add_argument("--list", action="store_true", help="time the teacher's table list instead")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    for backend in (["sqlite", "postgres"] if args.backend == "both" else [args.backend]):
        cluster = None
        if backend == "sqlite":
            location = args.folder or tempfile.mkdtemp(prefix="gk-bench-tables-")
        elif args.url:
            location = args.url
        else:
            from tests.tables.pgcluster import Cluster

            cluster = Cluster(settings=("max_connections=200",)).start()
            location = cluster.url()
        try:
            report = list_refresh(location) if args.list else run(location, args.seconds, args.processes, args.think)
        finally:
            if cluster is not None:
                cluster.remove()
        print(f"== {backend}")
        for key, value in report.items():
            print(f"  {key}: {value:.3f}" if isinstance(value, float) else f"  {key}: {value}")
        if args.list:
            continue
        ok = report["lost"] == report["duplicated"] == report["unreported"] == 0 and not report["errors"]
        print("  verdict:", "no lost or duplicated moves" if ok else "MOVES LOST OR DUPLICATED")


if __name__ == "__main__":
    main()
