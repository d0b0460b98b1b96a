"""A teacher runs the lessons in JupyterLab and saves: the repository stays clean, and nbval still passes.

The server starts the way `make lab` starts it: first the working copy is brought up to date with the
Makefile's own command (`make -s lessons-args`: ``python -m gamekit.lessons notebooks <copy>``), then
``jupyter lab $(LAB_ARGS)`` (read from the Makefile; port, token and the copy's place overridden).  The copy
sits in a temporary folder beside ``docs`` and ``benchmarks`` links, as ``my-notebooks/`` sits beside them
in a checkout.

In Chromium every notebook of the course is run from the top (Run All Cells) and saved (Ctrl+S; autosave
would do the same later): about 10 s to 30 s each in Lab on a 2-core machine, 2.5 minutes in all.  Then:

* the saved copies hold this run's outputs and no widget view or widget state (the pre-save hook);
* reopening the saved ``classroom.ipynb`` once its kernel is gone (as after a restart of Lab) shows no
  "model not found" (it did, with the widget views saved);
* ``git status --porcelain notebooks/`` and every byte of notebooks/ are as before the run (empty on a
  clean checkout);
* nbval passes on ``AFTERWARDS`` with the options `make test` uses (the others' bytes are unchanged, and
  the same pytest run checks them with nbval).
"""
from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from .conftest import REPO, free_port, http_status, lab_command, server_env, start, stop, wait_until
from .lab import IDLE, run_all_cells

pytestmark = pytest.mark.browser

LESSONS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
#: Run again with nbval after Lab, as `make test` runs them: a direct check that the tests still pass.  (Every
#: byte of notebooks/ is checked unchanged, so the same pytest run's nbval verdict on the others stands.)
AFTERWARDS = ["00_start_here.ipynb", "classroom.ipynb"]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MAKE_ENV = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def git_status() -> str:
    return subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "notebooks/"], capture_output=True,
                          text=True, check=True).stdout


def fingerprints(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def make_lessons(copy: Path) -> None:
    """`make lab`'s first step, the Makefile's command run with this Python (the venv's)."""
    args = subprocess.run(["make", "--no-print-directory", "-s", "-C", str(REPO), "lessons-args",
                           f"LESSONS={copy}"], capture_output=True, text=True, check=True, env=MAKE_ENV).stdout.split()
    subprocess.run([sys.executable, *args], cwd=REPO, check=True, capture_output=True, text=True)


def nbval_as_make_test_runs_it(names: list[str]) -> subprocess.CompletedProcess:
    dry = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(REPO), "test"], capture_output=True,
                         text=True, check=True, env=MAKE_ENV).stdout
    (line,) = [ln for ln in dry.splitlines() if "-m pytest" in ln]
    args = shlex.split(line)
    options = args[args.index("tests") + 1:]  # after the unit tests' path: the NOTEBOOK_TESTS options
    options = [o for o in options if o != "notebooks/"] + [f"notebooks/{n}" for n in names]
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options], cwd=REPO,
                          capture_output=True, text=True)


@pytest.fixture
def teachers_lab(tmp_path):
    """JupyterLab as `make lab` starts it, on a working copy in tmp_path; yields (url, token, copy)."""
    copy = tmp_path / "my-notebooks"
    for beside in ("docs", "benchmarks"):  # (lessons link to the docs; notebook 22 reads recorded games)
        (tmp_path / beside).symlink_to(REPO / beside)
    make_lessons(copy)
    port, token = free_port(), uuid.uuid4().hex
    log = tmp_path / "lab.log"
    proc = start(lab_command(port, token, copy), tmp_path, log, server_env(tmp_path / "jupyter"))
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: http_status(f"{url}/api/status?token={token}") == 200, proc, log, "JupyterLab")
        yield url, token, copy
    finally:
        stop(proc)


def shut_down_kernels(url: str, token: str) -> None:
    with urllib.request.urlopen(f"{url}/api/sessions?token={token}", timeout=30) as resp:
        sessions = json.load(resp)
    for session in sessions:
        request = urllib.request.Request(f"{url}/api/sessions/{session['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def save(page) -> None:
    """Ctrl+S in the notebook, then wait until its tab is no longer marked as changed."""
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    page.wait_for_function("!document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')",
                           timeout=30_000)


def test_running_and_saving_the_lessons_in_lab_leaves_the_repository_clean(teachers_lab, browser_page,
                                                                           aborted_requests, screenshot):
    url, token, copy = teachers_lab
    status_before, files_before = git_status(), fingerprints(REPO / "notebooks")
    page = browser_page
    for name in LESSONS:
        copied = (copy / name).stat().st_mtime_ns
        started = time.monotonic()
        run_all_cells(page, url, token, name, timeout_ms=300_000)
        save(page)
        print(f"{name}: run and saved in Lab in {time.monotonic() - started:.1f} s")
        assert (copy / name).stat().st_mtime_ns > copied, f"{name} was not saved in the copy"
        saved = json.loads((copy / name).read_text())
        assert "widgets" not in saved["metadata"], f"{name}: widget state saved"
        views = [i for i, c in enumerate(saved["cells"])
                 for o in c.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
        assert views == [], f"{name}: widget views saved in cells {views}"

    shut_down_kernels(url, token)  # as after a restart of Lab: the widgets' models are gone
    page.goto(f"{url}/lab/tree/classroom.ipynb?reset&token={token}")  # reopened, not run
    page.get_by_text(IDLE).first.wait_for(timeout=90_000)  # a new kernel: saved widget views find no model
    page.wait_for_timeout(3_000)
    shown = page.locator(".jp-Notebook").first.inner_text().lower()
    assert "model not found" not in shown and "loading widget" not in shown
    screenshot("classroom-reopened")
    assert aborted_requests == [], "JupyterLab tried to reach outside this machine"

    assert git_status() == status_before, "running the lessons in Lab changed notebooks/"
    assert fingerprints(REPO / "notebooks") == files_before
    if not status_before:
        assert git_status() == ""
    started = time.monotonic()
    nbval = nbval_as_make_test_runs_it(AFTERWARDS)
    print(f"nbval on {len(AFTERWARDS)} notebooks: {time.monotonic() - started:.1f} s")
    assert nbval.returncode == 0, nbval.stdout[-4000:]
