"""Static checks of the course notebooks as stored (fast; no kernel).

nbval (run by ``make test`` through the Makefile's NOTEBOOK_TESTS, with ``--nbval-lax``) executes every
notebook and compares only the cells marked to be checked with their stored outputs.  A cell is marked by
a comment (``# NBVAL_CHECK_OUTPUT``) or by a cell tag (``nbval-check-output``); nbval reads both.  That is
only a test if the stored outputs are there and the markers are where they should be; these checks make
sure of it:

* every cell that prints or returns text carries a marker: check (a value the lesson teaches: compared on
  every run) or ignore (``NBVAL_IGNORE_OUTPUT`` / ``nbval-ignore-output``: a widget, or text that may
  legitimately change); picture cells (a figure and nothing else) need none;
* every checked cell has its stored output and execution count (a stripped cell would compare nothing);
* no stored output is an error or went to stderr (a warning in a lesson is a bug);
* no widget state or widget views are stored (their model ids change on every run);
* every notebook named in a lesson's text exists, and the course list below matches notebooks/.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
COURSE = [
    "00_start_here",
    "05_teachers_positions_and_scenarios",
    "10_giganten_price_dice",
    "11_giganten_a_round_step_by_step",
    "12_giganten_locomotives_and_transport",
    "13_giganten_auctions_and_licenses",
    "14_giganten_strategy_lab",
    "20_firstgiants_sets_and_scoring",
    "21_firstgiants_a_game_step_by_step",
    "22_firstgiants_strategy_lab",
    "30_openspiel_and_pettingzoo",
    "classroom",
]
CHECK, IGNORE = "NBVAL_CHECK_OUTPUT", "NBVAL_IGNORE_OUTPUT"
TAGS = {CHECK: "nbval-check-output", IGNORE: "nbval-ignore-output"}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
PRESENT = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def marked(cell, marker: str) -> bool:
    """Whether ``cell`` carries ``marker`` as a comment or as its cell tag (nbval reads both)."""
    return marker in cell.source or TAGS[marker] in cell.metadata.get("tags", [])


def code_cells(nb):
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def text_outputs(cell) -> list[str]:
    """The text a cell shows, figures' ``<Figure ...>`` placeholders left out."""
    texts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            texts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            data = out.get("data", {})
            if "image/png" in data or "image/svg+xml" in data:
                continue
            texts.append(str(data.get("text/plain", "")))
    return [t for t in texts if t.strip()]


def test_the_course_is_complete():
    assert PRESENT == sorted(COURSE), "notebooks/ and the course list differ (update COURSE and docs/course.md)"


@pytest.mark.parametrize("name", PRESENT)
def test_valid_notebook_with_the_course_kernel(name):
    nb = read(name)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata, "saved widget state: run tests/notebooks/refresh.py"
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# "), "a notebook opens with its title"


@pytest.mark.parametrize("name", PRESENT)
def test_every_text_output_is_marked(name):
    unmarked = [i for i, c in code_cells(read(name)) if text_outputs(c) and not marked(c, CHECK)
                and not marked(c, IGNORE)]
    assert not unmarked, f"cells {unmarked} show text but carry neither {CHECK} nor {IGNORE}"


@pytest.mark.parametrize("name", PRESENT)
def test_checked_cells_keep_their_outputs(name):
    for i, cell in code_cells(read(name)):
        if marked(cell, CHECK):
            assert text_outputs(cell), f"cell {i} is checked but has no stored output (run refresh.py)"
            assert cell.execution_count is not None, f"cell {i} has no execution count"


@pytest.mark.parametrize("name", PRESENT)
def test_no_errors_warnings_or_widget_views_stored(name):
    for i, cell in code_cells(read(name)):
        for out in cell.outputs:
            assert out.output_type != "error", f"cell {i} stored an error"
            assert not (out.output_type == "stream" and out.name == "stderr"), f"cell {i} wrote to stderr"
            assert WIDGET_MIME not in out.get("data", {}), f"cell {i} stored a widget view"


@pytest.mark.parametrize("name", PRESENT)
def test_named_notebooks_exist(name):
    text = "\n".join(c.source for c in read(name).cells if c.cell_type == "markdown")
    for mentioned in set(re.findall(r"([0-9]{2}_[a-z_]+|classroom)\.ipynb", text)):
        assert mentioned in PRESENT, f"{name} points to {mentioned}.ipynb, which does not exist"


def test_make_test_runs_the_notebooks_under_nbval():
    """`make test` runs the notebooks in its one pytest command, lax, in this environment, sanitized."""
    import os
    import shlex
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    dry = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(REPO), "test"], capture_output=True,
                         text=True, check=True, env=env).stdout
    (line,) = [ln for ln in dry.splitlines() if "-m pytest" in ln]
    args = shlex.split(line)
    for flag in ("--nbval-lax", "--nbval-current-env", "notebooks/"):
        assert flag in args, f"make test does not pass {flag}: {line}"
    sanitize = args[args.index("--nbval-sanitize-with") + 1]
    assert (REPO / sanitize).is_file()
    assert args.count("notebooks/") == 1 and "tests" in args  # unit tests and notebooks, each once
