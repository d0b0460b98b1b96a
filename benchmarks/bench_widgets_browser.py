"""Step and redraw of a mid-game Giganten stepper as a user sees it: in Chromium, served by Voila.

    .venv/bin/python benchmarks/bench_widgets_browser.py [--steps 100] [--rounds 4] [--seed 1]

Serves a notebook holding the Giganten stepper (four random bots, played to round ``--rounds`` before it
is shown) with Voila, opens it in Debian's Chromium at 1920x1080 with device pixel ratio 2 (a projector
driven by a high-density screen), and clicks Step ``--steps`` times.  Each time is measured in the page:
from the click to the moment the stepper's status line shows the next move (the kernel's answer: the
bot's move, the log, the panes and the board's SVG, all sent over the widgets' websocket and put into the
page) and two animation frames later (the page painted).  Prints the median, the 95th percentile and the
worst, the CPU time per step of the browser and of the server (load-independent), and the machine's load
(other processes slow the wall-clock figures down).  Goal (issue 14): median at most
100 ms, 95th percentile at most 200 ms.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

CELL = """import sys
sys.path.insert(0, {repo!r})
from giganten.widgets import stepper
st = stepper(players=4, seed={seed}, seats=["random"] * 4)
while st.state.round < {rounds} and not st.state.is_terminal():
    st.finish_round()
st"""

TIME_STEPS = """async (n) => {
  const st = document.querySelector('.gk-stepper'), status = st.querySelector('.gk-status');
  const step = [...st.querySelectorAll('button')].find(b => b.textContent.trim() === 'Step ▸');
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const times = [];
  for (let i = 0; i < n && !step.disabled; i++) {
    const before = status.innerText;
    const changed = new Promise(resolve => {
      const watch = new MutationObserver(() => { if (status.innerText !== before) { watch.disconnect(); resolve(); } });
      watch.observe(status, {subtree: true, childList: true, characterData: true});
    });
    const start = performance.now();
    step.click();
    await changed;
    await frames();
    times.push(performance.now() - start);
  }
  return times;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(notebook: Path, port: int, log: Path) -> subprocess.Popen:
    voila = Path(sys.executable).parent / "voila"
    proc = subprocess.Popen([str(voila), str(notebook), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
                            stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"voila exited:\n{log.read_text()[-2000:]}")
            time.sleep(0.3)
    proc.terminate()
    raise SystemExit("voila did not start in 120 s")


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def cpu_ms(root: int) -> float:
    """CPU time (user + system) used so far by ``root`` and the processes below it, in ms."""
    ticks = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


MARKER = "--gk-bench-widgets-browser"  # (an unknown switch Chromium ignores: finds its process)


def measure(url: str, steps: int, server: int, dpr: float) -> tuple[list[float], float, float]:
    """The times of ``steps`` clicks (ms), and the CPU ms per step of the browser and of the server + kernel."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, MARKER])
        context = browser.new_context(viewport={"width": 1920, "height": 1080}, device_scale_factor=dpr)
        context.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
        page = context.new_page()
        page.goto(url, timeout=180_000)
        page.locator(".gk-stepper .gk-picture-view svg").first.wait_for(timeout=180_000)
        page.evaluate(TIME_STEPS, 3)  # warm up: the first steps load fonts and compile the page's code
        chromium = min(int(pid) for pid in subprocess.run(["pgrep", "-f", "--", MARKER], capture_output=True,
                                                          text=True).stdout.split())
        before = cpu_ms(chromium), cpu_ms(server)
        times = page.evaluate(TIME_STEPS, steps)
        after = cpu_ms(chromium), cpu_ms(server)
        browser.close()
    return times, (after[0] - before[0]) / len(times), (after[1] - before[1]) / len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4, help="play to this round before timing (mid-game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dpr", type=float, default=2.0, help="device pixel ratio (2: a high-density screen)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is absent (Debian: apt-get install chromium)")
    import nbformat

    with tempfile.TemporaryDirectory() as tmp:
        notebook = Path(tmp) / "bench.ipynb"
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell(CELL.format(repo=str(REPO), seed=args.seed, rounds=args.rounds))]
        nbformat.write(nb, notebook)
        port = free_port()
        load = os.getloadavg()[0]
        proc = serve(notebook, port, Path(tmp) / "voila.log")
        try:
            times, browser_cpu, server_cpu = measure(f"http://127.0.0.1:{port}/", args.steps, proc.pid, args.dpr)
            times.sort()
        finally:
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"Giganten stepper in Chromium (Voila, 1920x1080, DPR {args.dpr:g}), round {args.rounds} on: click Step -> "
          f"next move painted: median {statistics.median(times):.0f} ms, 95th percentile {p95:.0f} ms, "
          f"worst {times[-1]:.0f} ms over {len(times)} steps")
    print(f"CPU per step: Chromium {browser_cpu:.0f} ms (all its processes), Voila and the kernel {server_cpu:.0f} ms "
          f"(the same work on a quiet machine; other processes stretch the wall clock)")
    print(f"(load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
