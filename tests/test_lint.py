"""The linter and the type checker, run as part of the test command.

ruff checks the packages, the tests and the benchmarks with the rules chosen in pyproject.toml
([tool.ruff]); mypy checks the three packages with the settings there ([tool.mypy]), among them
``warn_unused_ignores``, so every ``# type: ignore[code]`` left in the code is still needed.  mypy keeps its
cache in .mypy_cache (git-ignored), so a run after a small change takes seconds.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gamekit", "giganten", "firstgiants")


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    module = args[0]
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (it is in the [test] extra)")
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing_in_the_repository():
    """The packages, tests, benchmarks and conftest.py (the notebooks are excluded in pyproject.toml)."""
    proc = run_tool("ruff", "check", "--no-fix", "--output-format", "concise")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_finds_nothing_in_the_packages():
    proc = run_tool("mypy")  # the packages and settings: pyproject.toml [tool.mypy]
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_every_type_ignore_names_its_error_code_and_a_reason():
    """mypy checks the code (``ignore-without-code``); the reason is a comment after it on the same line."""
    bare = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                _, found, after = line.partition("# type: ignore")
                if found and not after.partition("]")[2].strip().startswith("#"):
                    bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare, "a `# type: ignore[code]` without `# reason` after it:\n" + "\n".join(bare)
