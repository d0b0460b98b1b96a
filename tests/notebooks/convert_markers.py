"""Turn nbval's comment markers (``# NBVAL_CHECK_OUTPUT`` heading a code cell) into cell tags.

    .venv/bin/python tests/notebooks/convert_markers.py            # every notebook in notebooks/ and below
    .venv/bin/python tests/notebooks/convert_markers.py notebooks/12_giganten_locomotives_and_transport.ipynb

A student reads the code of a lesson; a test marker in it is noise.  nbval reads the same markers from the
cell's tags (``nbval-check-output``, ``nbval-ignore-output``, ``nbval-skip``, ``raises-exception``), which
JupyterLab keeps out of sight (the property inspector shows them).  This script moves every marker comment
nbval would read into the matching tag and drops the comment line; cells, outputs and execution counts are
otherwise left as they are.  Running it again changes nothing, so it can be re-applied after a merge brings
in a notebook that still has comments.  ``tests/notebooks/test_course_notebooks.py`` fails while any code
cell of the course still carries such a comment.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: nbval's comment markers -> the cell tag nbval reads instead (nbval's own table, spelled out).
TAG_OF_COMMENT = {
    "NBVAL_CHECK_OUTPUT": "nbval-check-output",
    "NBVAL_IGNORE_OUTPUT": "nbval-ignore-output",
    "PYTEST_VALIDATE_IGNORE_OUTPUT": "nbval-ignore-output",
    "NBVAL_SKIP": "nbval-skip",
    "NBVAL_RAISES_EXCEPTION": "raises-exception",
}


def marker_of(line: str) -> str | None:
    """The nbval marker ``line`` is, read as nbval reads it (a comment holding only the marker), or None."""
    stripped = line.strip()
    if not stripped.startswith("#"):
        return None
    word = stripped.lstrip("#").strip()
    return word if word in TAG_OF_COMMENT else None


def convert_cell(cell: nbformat.NotebookNode) -> bool:
    """Move ``cell``'s marker comments into its tags; True if the cell changed."""
    lines = cell.source.split("\n")
    markers = [m for m in map(marker_of, lines) if m]
    if not markers:
        return False
    kept = [line for line in lines if not marker_of(line)]
    while kept and not kept[0].strip():  # the marker often stood alone above a blank line
        kept.pop(0)
    cell.source = "\n".join(kept)
    tags = list(cell.metadata.get("tags", []))
    for marker in markers:
        if TAG_OF_COMMENT[marker] not in tags:
            tags.append(TAG_OF_COMMENT[marker])
    cell.metadata["tags"] = tags
    return True


def convert(path: Path) -> int:
    """Convert the notebook at ``path`` in place (written only when something changed); cells changed."""
    nb = nbformat.read(path, as_version=4)
    changed = sum(convert_cell(cell) for cell in nb.cells if cell.cell_type == "code")
    if changed:
        nbformat.validate(nb)
        nbformat.write(nb, path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    # notebooks/*.ipynb and the translated lessons, notebooks/<language>/*.ipynb
    found = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for path in args.notebooks or found:
        changed = convert(path)
        name = path.relative_to(NOTEBOOKS) if path.is_relative_to(NOTEBOOKS) else path
        print(f"{name}: {changed} cell(s) converted" if changed else f"{name}: nothing to convert")
    return 0


if __name__ == "__main__":
    sys.exit(main())
