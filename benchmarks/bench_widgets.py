"""Step + redraw of the Giganten stepper on a mid-game board (issue: at most 100 ms, median).

    .venv/bin/python benchmarks/bench_widgets.py [--steps 200] [--rounds 4]

Plays random bots to round ``--rounds`` in the stepper, then times ``stepper.step()`` (one action:
the bot's decision or a chance outcome, the log entry, the status and summary panes, the private
pane, the chooser and the board picture re-encoded as PNG), ``--steps`` times, and prints the
median, the 90th percentile and the worst.  Also times a First Giants step for comparison.
No widget frontend is attached (as in pytest): the time is the kernel's side of a click.
"""
from __future__ import annotations

import argparse
import statistics
import time

import matplotlib

matplotlib.use("Agg")


def time_steps(stepper, steps: int) -> list[float]:
    times = []
    for _ in range(steps):
        if stepper.state.is_terminal():
            stepper.reset()
            stepper.finish_round()
        start = time.perf_counter()
        stepper.step()
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{name}: median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(0.9 * len(ms))]:.1f} ms, "
          f"worst {ms[-1]:.1f} ms over {len(ms)} steps")


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
    derricks = sum(1 for v in st.state.site_state if v == 2)
    print(f"Giganten mid-game: round {st.state.round}, move {st.state.move_number}, {derricks} derricks on the board")
    report("Giganten step + redraw", time_steps(st, args.steps))

    from firstgiants.widgets import stepper as firstgiants_stepper

    fg = firstgiants_stepper(players=4, seed=args.seed, seats=["random"] * 4)
    fg.finish_round()
    report("First Giants step + redraw", time_steps(fg, args.steps))


if __name__ == "__main__":
    main()
