"""`make lab` works: JupyterLab starts with the Makefile's arguments and serves the kit's notebooks.

The servers are started by the fixtures in conftest.py, with the arguments `make lab` / `make voila`
use (read from the Makefile), overriding only port, token, ip, browser and root dir.
"""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request

import nbformat
import pytest

from .conftest import REPO, lab_command, makefile_args, with_overrides


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=30) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


def test_with_overrides_replaces_aliases_and_traits():
    base = ["--allow-root", "--ip=0.0.0.0", "--ServerApp.root_dir=/a", "--collaborative"]
    forced = ["--ServerApp.ip=127.0.0.1", "--notebook-dir=/b", "--allow-root"]
    assert with_overrides(base, forced) == ["--collaborative", *forced]


def test_make_lab_runs_jupyter_lab_with_lab_args():
    """The recipe of `make lab` brings the working copy up to date, then runs `jupyter lab $(LAB_ARGS)`
    on it (not on notebooks/: see gamekit/lessons.py), the args the fixture starts from."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    dry = subprocess.run(
        ["make", "--no-print-directory", "-n", "-C", str(REPO), "lab"],
        capture_output=True, text=True, check=True, env=env,
    ).stdout.splitlines()
    (line,) = [ln for ln in dry if "jupyter lab" in ln]
    (sync,) = [i for i, ln in enumerate(dry) if "-m gamekit.lessons notebooks my-notebooks" in ln]
    assert sync < dry.index(line)
    args = makefile_args("LAB_ARGS")
    assert line.split("jupyter lab", 1)[1].split() == args
    assert f"--ServerApp.root_dir={REPO / 'my-notebooks'}" in args
    assert "--ContentsManager.pre_save_hook=gamekit.lessons.strip_widget_views" in args
    if os.geteuid() == 0:
        assert "--allow-root" in args
    # the fixture keeps every Makefile argument it does not have to override
    command = lab_command(8888, "t", REPO / "x")
    kept = [a for a in args if not a.startswith(("--ip=", "--ServerApp.root_dir="))]
    assert all(a in command for a in kept)


def test_lab_server_answers(lab_server):
    url, token, root_dir = lab_server
    status, body = get(f"{url}/api/status?token={token}")
    assert status == 200
    assert "started" in json.loads(body)

    status, body = get(f"{url}/lab?token={token}")
    assert status == 200
    assert "JupyterLab" in body

    # the server works on a copy of notebooks/, never on the repository's files
    assert root_dir != REPO / "notebooks"
    copied = sorted(p.name for p in root_dir.glob("*.ipynb"))
    assert copied == sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    status, body = get(f"{url}/api/contents?token={token}")
    assert sorted(i["name"] for i in json.loads(body)["content"] if i["type"] == "notebook") == copied


@pytest.mark.browser
def test_lab_opens_in_chromium(lab_server, browser_page, aborted_requests, screenshot):
    url, token, root_dir = lab_server
    page = browser_page
    page.goto(f"{url}/lab?token={token}")
    page.wait_for_selector("#jp-main-dock-panel", timeout=60_000)
    notebooks = sorted(p.name for p in root_dir.glob("*.ipynb"))
    if notebooks:  # the file browser lists the kit's notebooks
        page.locator(".jp-DirListing-content").get_by_text(notebooks[0]).first.wait_for(timeout=30_000)
    screenshot("lab")
    assert aborted_requests == [], "JupyterLab tried to reach outside this machine"


@pytest.mark.browser
def test_voila_serves_a_notebook(tmp_path, voila_server, browser_page, aborted_requests, screenshot):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Voila check"),
        nbformat.v4.new_code_cell("print('voila says', 6 * 7)"),
    ]
    nbformat.write(nb, tmp_path / "check.ipynb")
    server = voila_server("check.ipynb", source_dir=tmp_path)
    page = browser_page
    page.goto(server.url)
    page.get_by_text("voila says 42").wait_for(timeout=60_000)
    screenshot("voila")
    # Voila's template links a few CDN stylesheets; nothing else may leave the machine
    assert all(u.split("?")[0].endswith(".css") for u in aborted_requests), aborted_requests
