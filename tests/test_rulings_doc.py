"""Every ruling names the test that pins it: check that each named test exists."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = sorted((ROOT / "docs").glob("rulings*.md"))
REFERENCE = re.compile(r"`(?:tests/)?(?:(giganten|firstgiants)/)?(test_\w+\.py)::(\w+)")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


def _references():
    for doc in RULINGS:
        game = None
        for line in doc.read_text().splitlines():
            heading = line.lstrip("#").strip().lower()
            if line.startswith("#") and heading.startswith("first giants"):
                game = "firstgiants"
            elif line.startswith("#") and heading.startswith("giganten"):
                game = "giganten"
            for folder, module, name in REFERENCE.findall(line):
                assert folder or game, f"{doc.name}: {module}::{name} names no game and stands under no game heading"
                yield doc.name, folder or game, module, name


REFS = list(_references())


def test_the_rulings_exist_and_name_tests():
    assert (ROOT / "docs" / "rulings.md").exists()
    assert len(REFS) >= 30


@pytest.mark.parametrize("doc, game, module, name", REFS, ids=[f"{r[1]}/{r[2]}::{r[3]}" for r in REFS])
def test_each_ruling_names_an_existing_test(doc, game, module, name):
    path = ROOT / "tests" / game / module
    assert path.exists(), f"{doc} names {module}, which is not in tests/{game}/"
    assert name in _test_names(path), f"{doc} names {module}::{name}, which does not exist"
