"""Fixtures for tests that start JupyterLab or Voila and drive Debian's Chromium through playwright.

- ``chromium_path``: /usr/bin/chromium; the test skips when it is absent, unless CI is set (then it fails).
- ``lab_server``: JupyterLab started with the Makefile's ``LAB_ARGS`` (the same as ``make lab``) on a copy
  of notebooks/, a free port and a random token; yields ``LabServer(url, token, root_dir)``.
- ``voila_server``: a factory, ``voila_server("classroom.ipynb")`` -> ``VoilaServer(url, root_dir)``.
- ``classroom_server``: a factory, ``classroom_server(store_dir)`` -> ``ClassroomServer`` (the classroom server of
  ``make classroom-local``, ``python -m gamekit.tables.serve``, on a free port and the given table store); its
  ``kill()`` SIGKILLs the server and its kernels, ``restart()`` starts it again on the same port and store.
- ``browser_page``: a fresh playwright page in Chromium (1280x900); every request that does not go to
  127.0.0.1 or localhost is aborted and recorded in ``aborted_requests``.
- ``projector_page``: the same at 1920x1080 CSS pixels with device pixel ratio 2, downloads accepted.
- ``screenshot``: ``screenshot("name")`` saves the page to test-artifacts/screenshots/ (done by itself
  when a test fails).

Tests that use ``browser_page`` or ``projector_page`` are marked ``browser`` automatically; mark the others by
hand.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
START_TIMEOUT = 90  # seconds for a server to answer


class LabServer(NamedTuple):
    url: str  # http://127.0.0.1:PORT, no trailing slash
    token: str
    root_dir: Path  # the copy of notebooks/ the server works in


class VoilaServer(NamedTuple):
    url: str  # http://127.0.0.1:PORT/ (the notebook is rendered there)
    root_dir: Path


class ClassroomServer:
    """The classroom server on 127.0.0.1:``port`` serving the table store ``store``; ``log`` holds its output."""

    def __init__(self, store: Path, base: Path) -> None:
        self.store, self.base, self.port = store, base, free_port()
        self.log = base / "classroom.log"
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "ClassroomServer":
        cmd = [sys.executable, "-m", "gamekit.tables.serve", f"--port={self.port}", f"--store={self.store}"]
        env = server_env(self.base / "jupyter")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=env, start_new_session=True)
        wait_until(lambda: tcp_open(self.port), self.proc, self.log, "the classroom server")
        return self

    def kernels(self) -> list[int]:
        """The PIDs of the server's child processes (its kernels)."""
        pids = []
        for task in Path(f"/proc/{self.proc.pid}/task").glob("*/children"):
            pids += [int(pid) for pid in task.read_text().split()]
        return pids

    def kill(self) -> None:
        """SIGKILL the server and each of its kernels, by PID (a crash: nothing gets to clean up)."""
        kernels = self.kernels()
        os.kill(self.proc.pid, signal.SIGKILL)
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait(timeout=10)

    def restart(self) -> "ClassroomServer":
        deadline = time.monotonic() + 20
        while tcp_open(self.port) and time.monotonic() < deadline:  # the killed server's socket going away
            time.sleep(0.1)
        return self.start()

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


# --- server command lines ------------------------------------------------------------------------


def makefile_args(variable: str) -> list[str]:
    """The arguments the Makefile gives a server (`make -s lab-args` / `make -s voila-args`)."""
    target = {"LAB_ARGS": "lab-args", "VOILA_ARGS": "voila-args"}[variable]
    out = subprocess.run(
        ["make", "--no-print-directory", "-s", "-C", str(REPO), target],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")},
    ).stdout
    return shlex.split(out)


# jupyter/voila aliases and flags -> the trait they set, so an override replaces them
_ALIASES = {
    "no-browser": "open_browser",
    "allow-root": "allow_root",
    "notebook-dir": "root_dir",
    "ServerApp.notebook_dir": "root_dir",
}


def _option_key(arg: str) -> str | None:
    if not arg.startswith("-"):
        return None
    name = arg.lstrip("-").split("=", 1)[0]
    return _ALIASES.get(name, name).rsplit(".", 1)[-1]


def with_overrides(base: list[str], forced: list[str]) -> list[str]:
    """`base` with every option that `forced` sets again removed, then `forced` (traitlets refuses an
    option given twice)."""
    keys = {_option_key(a) for a in forced} - {None}
    return [a for a in base if _option_key(a) not in keys] + forced


def venv_script(name: str) -> str:
    script = Path(sys.executable).parent / name
    return str(script) if script.exists() else shutil.which(name) or name


def lab_command(port: int, token: str, root_dir: Path) -> list[str]:
    forced = [
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
    ]
    if os.geteuid() == 0:
        forced.insert(0, "--allow-root")
    return [venv_script("jupyter"), "lab", *with_overrides(makefile_args("LAB_ARGS"), forced)]


def voila_command(notebook: Path, port: int) -> list[str]:
    forced = ["--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    return [venv_script("voila"), *with_overrides(makefile_args("VOILA_ARGS"), forced), str(notebook)]


# --- process helpers -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(home: Path) -> dict[str, str]:
    """Keep the user's Jupyter config, workspaces and runtime files, and the kit's kept games and tables
    (``GIANTS_KIT_HOME``), out of the test servers."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"), ("GIANTS_KIT_HOME", "kit")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env.pop("GIANTS_KIT_TABLES", None)
    return env


def start(cmd: list[str], cwd: Path, log: Path, env: dict[str, str]) -> subprocess.Popen:
    with open(log, "wb") as out:
        return subprocess.Popen(
            cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=env, start_new_session=True,
        )


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM our own server process (never its group or a name), SIGKILL if it hangs."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def wait_until(ready, proc: subprocess.Popen, log: Path, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        if ready():
            return
        time.sleep(0.25)
    stop(proc)
    pytest.fail(f"{what} not ready after {START_TIMEOUT}s:\n{log.read_text(errors='replace')[-4000:]}")


def http_status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return None


def tcp_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def copy_notebooks(source: Path, dest: Path) -> Path:
    if source.is_dir():
        shutil.copytree(source, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    else:
        dest.mkdir(parents=True)
    return dest


# --- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if CHROMIUM.exists():
        return str(CHROMIUM)
    message = f"{CHROMIUM} is absent (make test installs Debian's chromium when run as root)"
    if under_ci():
        pytest.fail(message + "; CI is set, so browser tests may not skip")
    pytest.skip(message)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory) -> LabServer:
    base = tmp_path_factory.mktemp("lab")
    root_dir = copy_notebooks(NOTEBOOKS, base / "notebooks")
    port, token = free_port(), uuid.uuid4().hex
    log = base / "lab.log"
    proc = start(lab_command(port, token, root_dir), base, log, server_env(base / "jupyter"))
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: http_status(f"{url}/api/status?token={token}") == 200, proc, log, "JupyterLab")
        yield LabServer(url, token, root_dir)
    finally:
        stop(proc)


@pytest.fixture
def voila_server(tmp_path_factory):
    """Factory: ``voila_server(notebook_name, source_dir=notebooks/)`` serves a copy of source_dir's
    notebook with Voila and returns ``VoilaServer(url, root_dir)``; stopped after the test."""
    procs: list[subprocess.Popen] = []

    def serve(notebook_name: str, source_dir: Path | None = None) -> VoilaServer:
        base = tmp_path_factory.mktemp("voila")
        root_dir = copy_notebooks(Path(source_dir) if source_dir else NOTEBOOKS, base / "notebooks")
        notebook = root_dir / notebook_name
        assert notebook.is_file(), f"no notebook {notebook_name} in {source_dir or NOTEBOOKS}"
        port = free_port()
        log = base / "voila.log"
        proc = start(voila_command(notebook, port), root_dir, log, server_env(base / "jupyter"))
        procs.append(proc)
        wait_until(lambda: tcp_open(port), proc, log, "Voila")
        return VoilaServer(f"http://127.0.0.1:{port}/", root_dir)

    yield serve
    for proc in procs:
        stop(proc)


@pytest.fixture
def classroom_server(tmp_path_factory):
    """Factory: ``classroom_server(store_dir)`` starts the classroom server on that table store."""
    servers: list[ClassroomServer] = []

    def serve(store: Path) -> ClassroomServer:
        server = ClassroomServer(Path(store), tmp_path_factory.mktemp("classroom"))
        servers.append(server)
        return server.start()

    yield serve
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def _browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def aborted_requests() -> list[str]:
    """URLs of the requests ``browser_page`` refused because they left this machine."""
    return []


def _new_page(browser, aborted_requests: list[str], **context):
    """A page of a fresh context whose requests leave this machine only to be aborted and recorded."""
    context = browser.new_context(**context)

    def only_local(route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
            aborted_requests.append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", only_local)
    return context, context.new_page()


@pytest.fixture
def browser_page(_browser, aborted_requests, request):
    context, page = _new_page(_browser, aborted_requests, viewport={"width": 1280, "height": 900})
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        save_screenshot(page, request.node, "failed")
    context.close()


PROJECTOR = {"width": 1920, "height": 1080}
PROJECTOR_DPR = 2


@pytest.fixture
def projector_page(_browser, aborted_requests, request):
    """A page as a classroom projector (1920x1080 CSS pixels) driven by a high-density screen (device
    pixel ratio 2): every raster picture must be drawn at twice its CSS size to look sharp."""
    context, page = _new_page(_browser, aborted_requests, viewport=PROJECTOR,
                              device_scale_factor=PROJECTOR_DPR, accept_downloads=True)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        save_screenshot(page, request.node, "failed")
    context.close()


def save_screenshot(page, node, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", node.nodeid.split("::", 1)[-1])
    path = SCREENSHOTS / f"{stem}-{name}.png"
    page.screenshot(path=str(path), full_page=True, scale="css")
    return path


@pytest.fixture
def screenshot(request):
    """``screenshot("name", page=None)`` -> path of test-artifacts/screenshots/<test>-<name>.png, of ``page`` (a
    page the test opened itself), else of the test's page: ``projector_page`` if it uses one, else
    ``browser_page``."""
    fixture = "projector_page" if "projector_page" in request.fixturenames else "browser_page"
    return lambda name="page", page=None: save_screenshot(page or request.getfixturevalue(fixture), request.node, name)


# --- hooks ---------------------------------------------------------------------------------------


def pytest_collection_modifyitems(items):
    for item in items:
        if {"browser_page", "projector_page"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
