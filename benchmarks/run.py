"""All the kit's speed figures in one run: ``python benchmarks/run.py`` (or ``make bench``).

1. the engine engineers' own benchmarks (``bench_giganten_engine.py``, ``bench_firstgiants_engine.py``),
2. random self-play: µs per apply and games/s for both games, side by side with OpenSpiel's
   pure-Python games when the ``bench`` extra (open_spiel) is installed,
3. the vectorised price simulation of ``giganten.analysis`` (a million paths),
4. the process-pool speed-up of the tournament runner on this machine's cores,
5. a profile of each game's search bot: what dominates its time.

Parts 1-3 and 5 run on ONE core (the process pins itself to core 0 where the OS allows it);
part 4 uses every core.  ``--quick`` shortens every part (a smoke test, not figures to record).
The figures to keep go into ``benchmarks/README.md`` with the machine they were measured on.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import bench_analysis  # noqa: E402
import bench_pool  # noqa: E402
import bench_search  # noqa: E402
import bench_selfplay  # noqa: E402

ENGINE_BENCHMARKS = ("bench_giganten_engine.py", "bench_firstgiants_engine.py")


def heading(text: str) -> None:
    print(f"\n== {text}", flush=True)


def one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        return f"pinned to core {min(os.sched_getaffinity(0))}"
    return "not pinned (no sched_setaffinity here)"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} on {platform.system()} "
            f"{platform.release()}, load average {load:.2f} at start")


def engine_benchmarks(quick: bool) -> None:
    for name in ENGINE_BENCHMARKS:
        path = HERE / name
        heading(f"{name} (the engine's own benchmark)")
        if not path.exists():
            print("  not there yet")
            continue
        env = dict(os.environ, BENCH_QUICK="1" if quick else "")
        done = subprocess.run([sys.executable, str(path), *(["--quick"] if quick else [])], env=env,
                              cwd=HERE.parent, capture_output=True, text=True)
        if done.returncode != 0 and quick and "unrecognized arguments: --quick" in done.stderr:
            done = subprocess.run([sys.executable, str(path)], env=env, cwd=HERE.parent, capture_output=True, text=True)
        print(done.stdout.rstrip())
        if done.returncode != 0:
            print(f"  (exit code {done.returncode}) {done.stderr.strip()[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description="the kit's speed figures in one run")
    parser.add_argument("--quick", action="store_true", help="short runs (smoke test)")
    parser.add_argument("--skip-engines", action="store_true", help="skip the engines' own benchmarks")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 8.0
    print(f"benchmarks/run.py on {machine()}")
    print(time.strftime("%Y-%m-%d %H:%M:%S"), "|", one_core())

    if not args.skip_engines:
        engine_benchmarks(args.quick)

    heading("random self-play, one core (µs per apply include legal actions / chance outcomes)")
    print(bench_selfplay.format_rows(bench_selfplay.run(seconds)))

    heading("giganten.analysis price simulation, one core")
    try:
        print(bench_analysis.format_row(bench_analysis.price_paths(rounds=10)))
    except Exception as exc:
        print(f"skipped: {type(exc).__name__}: {exc}")

    heading("search bots, one core: where the time goes")
    for package in ("giganten", "firstgiants"):
        try:
            result = bench_search.profile_search(package, decisions=4 if args.quick else 60)
        except Exception as exc:
            result = {"game": package, "error": f"{type(exc).__name__}: {exc}"}
        print(bench_search.format_result(result))

    heading("process pool speed-up (all cores)")
    for package, games in (("giganten", 40 if args.quick else 600), ("firstgiants", 100 if args.quick else 1500)):
        try:
            row = bench_pool.pool_speedup(package, 4, games, processes=2)
        except Exception as exc:
            row = {"game": package, "error": f"{type(exc).__name__}: {exc}"}
        print(bench_pool.format_row(row))


if __name__ == "__main__":
    main()
