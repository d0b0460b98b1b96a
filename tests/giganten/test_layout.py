"""Index arithmetic stays inside the module that owns a layout.

* The flat tuples of a state (``storage``: every player at every company; ``hand``: every player's ones and
  twos) are laid out by ``giganten/state.py`` alone; everyone else reads them through ``State.stored``,
  ``State.storage_of`` and ``State.licenses``.  No state field is indexed with arithmetic elsewhere.
* Squares are numbered row by row by ``giganten/components.py`` (``square``, ``row_col``); only it and
  ``giganten/board.py`` compute with ``COLUMNS``.
* Counts come from the data files: no ``range(3)`` for the three companies.

The test reads the source of ``giganten/`` and ``gamekit/`` (every ``.py`` file).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gamekit
import giganten
from giganten.state import FIELDS

PACKAGES = [Path(giganten.__file__).parent, Path(gamekit.__file__).parent]
SOURCES = sorted(path for package in PACKAGES for path in package.rglob("*.py"))
FLAT = {"storage", "hand"}
STATE_OWNER = Path(giganten.__file__).parent / "state.py"
SQUARE_OWNERS = {Path(giganten.__file__).parent / name for name in ("components.py", "board.py")}
ARITHMETIC = (ast.Mult, ast.FloorDiv, ast.Mod)


def _name(path: Path) -> str:
    root = PACKAGES[0].parent
    return str(path.relative_to(root)) if path.is_relative_to(root) else path.name


def _arithmetic(node: ast.AST) -> bool:
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ARITHMETIC) for n in ast.walk(node))


def _uses_columns(node: ast.BinOp) -> bool:
    return any(isinstance(side, ast.Name) and side.id == "COLUMNS" for side in (node.left, node.right))


def layout_leaks(path: Path) -> list[str]:
    """Places in ``path`` that compute positions in a layout another module owns."""
    tree = ast.parse(path.read_text(), str(path))
    out = []
    for node in ast.walk(tree):
        where = f"{_name(path)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and path != STATE_OWNER:
            field = node.value.attr
            if field in FLAT:
                out.append(f"{where}: .{field}[...] (read it through the State's accessors)")
            elif field in FIELDS and _arithmetic(node.slice):
                out.append(f"{where}: arithmetic in .{field}[...]")
        if path not in SQUARE_OWNERS:
            if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC) and _uses_columns(node):
                out.append(f"{where}: square arithmetic with COLUMNS (use components.square / row_col)")
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "divmod"
                    and any(getattr(arg, "id", "") == "COLUMNS" for arg in node.args)):
                out.append(f"{where}: divmod (use components.row_col)")
        if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "range" and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant) and node.args[0].value == 3):
            out.append(f"{where}: range(3) (the companies: COMPANY_COUNT, from the data)")
    return out


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_no_index_arithmetic_outside_the_module_that_owns_the_layout(path):
    assert layout_leaks(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("a = s.storage[c * s.n + p]\nb = s.hand[2 * p + 1]\nc = s.money[2 * p]\n"
                      "d = r * COLUMNS + c\ne = divmod(cell, COLUMNS)\nf = [x for x in range(3)]\n"
                      "ok = s.money[p] + s.stored(p, c) + s.prices[c]\n")
    found = layout_leaks(sample)
    assert sorted(line.split(":")[1] for line in found) == ["1", "2", "3", "4", "5", "6"]
