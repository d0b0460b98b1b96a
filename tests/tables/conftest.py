"""Fixtures: ``store`` is a fresh table store, once on SQLite and once on a real PostgreSQL server.

The PostgreSQL server is a throwaway cluster (tests/tables/pgcluster.py) started once per session;
each test gets a schema of its own.  Without Debian's postgresql package the PostgreSQL runs skip,
unless CI is set: then they fail (``make test`` installs the package as root).
"""
from __future__ import annotations

import os
import secrets

import pytest

from .helpers import open_fast
from .pgcluster import Cluster, postgres_bin


def need_postgres() -> None:
    """Skip (or, under CI, fail) when PostgreSQL or psycopg is missing."""
    missing = []
    if postgres_bin() is None:
        missing.append("Debian's postgresql package (make postgresql)")
    try:
        import psycopg  # noqa: F401
    except ModuleNotFoundError:
        missing.append("psycopg (pip install -e '.[test]')")
    if missing:
        message = "PostgreSQL tests need " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + "; CI is set, so they must run")
        pytest.skip(message)


@pytest.fixture(scope="session")
def pg_cluster():
    need_postgres()
    cluster = Cluster().start()
    yield cluster
    cluster.remove()


def fresh_schema(cluster: Cluster) -> str:
    """A new, empty schema in the cluster; returns a URL whose connections use it."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return cluster.url(f"-csearch_path={name}")


@pytest.fixture(params=["sqlite", "postgres"])
def location(request, tmp_path):
    """Where a fresh store lives: a folder (SQLite) or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "tables")
    return fresh_schema(request.getfixturevalue("pg_cluster"))


@pytest.fixture
def store(location):
    with open_fast(location) as s:
        yield s
