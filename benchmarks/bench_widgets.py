"""Step + redraw of the Giganten stepper on a mid-game board (issue: at most 100 ms, median).

    .venv/bin/python benchmarks/bench_widgets.py [--steps 200] [--rounds 4]

Plays random bots to round ``--rounds`` in the stepper, then times ``stepper.step()`` (one action:
the bot's decision or a chance outcome, the log entry, the status and summary panes, the private
pane, the chooser and the board drawn as SVG), ``--steps`` times, and prints the median, the 90th
percentile and the worst.  Also times a First Giants step for comparison.  No widget frontend is
attached (as in pytest): the time is the kernel's side of a click; ``bench_widgets_browser.py``
measures what a user sees in Chromium.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import matplotlib

matplotlib.use("Agg")


def time_steps(stepper, steps: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each ``stepper.step()``."""
    wall, cpu = [], []
    for _ in range(steps):
        if stepper.state.is_terminal():
            stepper.reset()
            stepper.finish_round()
        start, start_cpu = time.perf_counter(), time.process_time()
        stepper.step()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    """Wall clock is what a user waits; CPU time is the same work without other processes' share of
    the cores (on a busy machine the wall-clock figure grows, the CPU figure does not)."""
    wall, cpu = (sorted(t * 1000 for t in ts) for ts in times)
    print(f"{name}: median {statistics.median(wall):.1f} ms wall clock ({statistics.median(cpu):.1f} ms CPU), "
          f"90th percentile {wall[int(0.9 * len(wall))]:.1f} ms, worst {wall[-1]:.1f} ms over {len(wall)} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4, help="play to this round before timing (mid-game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from giganten.widgets import stepper as giganten_stepper

    st = giganten_stepper(players=4, seed=args.seed, seats=["random"] * 4)
    while st.state.round < args.rounds and not st.state.is_terminal():
        st.finish_round()
    derricks = sum(1 for site in st.state.observation(0)["sites"] if site["state"] == "derrick")
    print(f"Giganten mid-game: round {st.state.round}, move {st.state.move_number}, {derricks} derricks on the board")
    report("Giganten step + redraw", time_steps(st, args.steps))
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: other processes slow the wall clock)")

    from firstgiants.widgets import stepper as firstgiants_stepper

    fg = firstgiants_stepper(players=4, seed=args.seed, seats=["random"] * 4)
    fg.finish_round()
    report("First Giants step + redraw", time_steps(fg, args.steps))


if __name__ == "__main__":
    main()
