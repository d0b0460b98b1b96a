"""Tests of the adapters to OpenSpiel and PettingZoo (the optional ``interop`` extra).

Each test module imports its library through :func:`needs`: without the extra the module is skipped, but under
``CI=true`` (where ``make test`` has installed the extra) a missing library is an error, not a skip.
"""
from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def needs(module: str) -> ModuleType:
    if os.environ.get("CI") == "true":
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (pip install -e '.[interop]')")
