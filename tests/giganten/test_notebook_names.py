"""The Giganten notebooks use the engine's public names only: no private name, no phase constant, no field
of the engine's bookkeeping (they ask ``state.phase_name``, ``state.auction`` and ``gamekit.play_until``)."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
#: The Giganten lessons and their translations (notebooks/<language>/, the same code).
NOTEBOOKS = sorted(FOLDER.rglob("1*_giganten_*.ipynb"))
FORBIDDEN = {
    r"\.\b_[a-z]\w*": "a private name",
    r"\brules\.[A-Z]\w*\b|\bR\.[A-Z]\w*\b": "a phase constant (use state.phase_name)",
    r"\.(auc_\w+|cursor|prod_i|prod_sites|chip_site|lic_pending)\b": "the engine's bookkeeping (use state.auction)",
    r"\.phase\b(?!_)": "the phase number (use state.phase_name)",
}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(FOLDER).with_suffix("").as_posix())
def test_giganten_notebooks_use_public_names_only(path):
    found = []
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type != "code":
            continue
        for pattern, what in FORBIDDEN.items():
            found += [f"cell {i}: {m.group()} ({what})" for m in re.finditer(pattern, cell.source)]
    assert found == []
