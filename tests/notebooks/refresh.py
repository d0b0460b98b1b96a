"""Run the course notebooks top to bottom and store their outputs (what nbval later compares).

    .venv/bin/python tests/notebooks/refresh.py                 # every notebook in notebooks/ and its language folders
    .venv/bin/python tests/notebooks/refresh.py notebooks/10_giganten_price_dice.ipynb notebooks/da/*.ipynb

Run it after an engine change alters a value a notebook teaches, look at the diff (`git diff
notebooks/`), and commit the notebooks whose new values are right.  Each notebook runs in a fresh
kernel with notebooks/ as its working directory, exactly as nbval and JupyterLab run it, and the
kit's data folder (``GIANTS_KIT_HOME``) a fresh temporary one, as under the tests.

A notebook fails here (and is not written) when a cell raises, writes to stderr (a warning is a bug
in a lesson), or the whole notebook takes longer than the course's budget of 60 seconds.
Widget-view outputs and saved widget state are dropped: their model ids change on every run, and a
widget only lives in a running kernel anyway.  Consecutive pieces of a cell's stdout are joined into one
output (where the kernel cut them varies from run to run).  So is a ``<... at 0x7f...>`` text form stored beside a
richer one (HTML, an image): it would change the file on every run.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
BUDGET_SECONDS = 60.0
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def stderr_outputs(nb: nbformat.NotebookNode) -> list[str]:
    """The stderr text of every cell that wrote some (warnings, tqdm bars, tracebacks)."""
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and out.get("name") == "stderr":
                found.append(f"cell {i}: {out.get('text', '')[:300]}")
    return found


def tidy(nb: nbformat.NotebookNode) -> None:
    """Drop widget views and widget state; join a cell's consecutive pieces of stdout (or stderr) into one
    output, as nbval compares them (how a print is cut into pieces depends on when the kernel flushed); set
    the kernelspec every notebook of the course uses."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for out in cell.outputs:
            data = out.get("data", {})
            if WIDGET_MIME in data:
                continue  # a widget's view: meaningless without its kernel
            if len(data) > 1 and ADDRESS.search(data.get("text/plain", "")):
                del data["text/plain"]  # "<... at 0x7f...>" beside a richer form: new on every run
            if kept and out.output_type == "stream" == kept[-1].output_type and out.name == kept[-1].name:
                kept[-1].text += out.text
                continue
            kept.append(out)
        cell.outputs = kept
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)


def course_notebooks() -> list[Path]:
    """Every notebook of the course: notebooks/*.ipynb and the translated lessons, notebooks/<language>/*.ipynb."""
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def run(path: Path, timeout: int = 120) -> float:
    """Execute ``path`` in place; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    problems = stderr_outputs(nb)
    if problems:
        raise RuntimeError(f"{path.name} wrote to stderr:\n" + "\n".join(problems))
    if seconds > BUDGET_SECONDS:
        raise RuntimeError(f"{path.name} took {seconds:.1f} s (budget {BUDGET_SECONDS:.0f} s)")
    tidy(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def shown(path: Path) -> str:
    """``path`` as the reports name it: relative to notebooks/ (``da/11_...ipynb``) where it lies there."""
    path = path.resolve()
    return path.relative_to(NOTEBOOKS).as_posix() if NOTEBOOKS in path.parents else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.notebooks or course_notebooks()
    # Games the lessons keep (gamekit.tables.saves.keep) go to a fresh folder, as under nbval (conftest.py):
    # a game kept by an earlier run must not be continued, nor a teacher's kept games touched.
    os.environ["GIANTS_KIT_HOME"] = tempfile.mkdtemp(prefix="giants-kit-refresh-")
    failed = 0
    for path in paths:
        try:
            seconds = run(path.resolve())
            print(f"{shown(path)}: {seconds:.1f} s")
        except Exception as exc:  # report every notebook, then fail
            failed += 1
            print(f"{shown(path)}: FAILED: {exc}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
