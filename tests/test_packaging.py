"""The packaging around the kit: pyproject.toml, environment.yml, the Makefile and .ci/run.

environment.yml is only parsed and cross-checked here, never solved: conda, mamba and micromamba
cannot be installed on the project's machines.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest itself depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gamekit", "giganten", "firstgiants")

# PyPI name -> conda-forge name(s), where they differ.
CONDA_NAMES = {
    "playwright": ["playwright-python"],  # conda-forge's `playwright` is the Node.js tool
    "dask": ["dask-core"],  # conda-forge's `dask` is a metapackage with many more dependencies
}
# (PyPI name, extra) -> the conda-forge packages that extra brings.
CONDA_EXTRAS = {
    ("dask", "distributed"): ["distributed"],
    ("psycopg", "binary"): [],  # conda-forge's psycopg comes with its libpq: nothing more to install
}

CONDA_NAME = re.compile(r"^[a-z0-9_][a-z0-9_.-]*$")
CONDA_CONSTRAINT = re.compile(r"^(==|!=|>=|<=|>|<|~=|=)?[0-9][0-9A-Za-z.+_]*(\.\*)?$")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text())


def conda_spec(text: str) -> tuple[str, SpecifierSet]:
    """Split a conda match spec such as 'ipywidgets >=8' into its name and version constraints,
    failing on anything that is not a plain `name [constraint[,constraint...]]`."""
    assert isinstance(text, str), f"environment.yml: {text!r} is not a package spec"
    name, *rest = text.split()
    assert CONDA_NAME.match(name), f"environment.yml: {text!r}: bad conda package name {name!r}"
    assert len(rest) <= 1, f"environment.yml: {text!r}: only `name [version]`, no build string"
    version = rest[0] if rest else ""
    constraints = version.split(",") if version else []
    specs = []
    for c in constraints:
        assert CONDA_CONSTRAINT.match(c), f"environment.yml: {text!r}: bad version constraint {c!r}"
        if c.startswith("=") and not c.startswith("=="):
            c = "==" + c[1:] + ("" if c.endswith(".*") else ".*")  # conda: =1.2 means 1.2.*
        elif c[0].isdigit():
            c = "==" + c
        specs.append(c)
    return name, SpecifierSet(",".join(specs))


def pyproject_requirements() -> list[Requirement]:
    project = pyproject()["project"]
    texts = project["dependencies"] + project["optional-dependencies"]["test"]
    return [Requirement(t) for t in texts]


def split_environment() -> tuple[dict[str, SpecifierSet], list[str]]:
    conda: dict[str, SpecifierSet] = {}
    pip: list[str] = []
    for dep in environment()["dependencies"]:
        if isinstance(dep, dict):
            assert list(dep) == ["pip"], f"environment.yml: unexpected section {dep!r}"
            assert isinstance(dep["pip"], list) and dep["pip"], "environment.yml: empty pip section"
            pip.extend(dep["pip"])
            continue
        name, spec = conda_spec(dep)
        assert name not in conda, f"environment.yml: {name} listed twice"
        conda[name] = spec
    return conda, pip


# --- pyproject.toml ------------------------------------------------------------------------------


def test_pyproject_metadata():
    data = pyproject()
    project = data["project"]
    assert project["name"] == "giants-kit"
    assert project["version"] == "0.1.0"
    assert SpecifierSet(project["requires-python"]) == SpecifierSet(">=3.10")
    assert set(project["optional-dependencies"]) >= {"test", "dist", "bench"}
    assert data["build-system"]["build-backend"] == "setuptools.build_meta"
    find = data["tool"]["setuptools"]["packages"]["find"]
    assert sorted(find["include"]) == sorted(f"{p}*" for p in PACKAGES)
    assert set(data["tool"]["setuptools"]["package-data"]["*"]) >= {"*.json", "*.md"}
    pytest_ini = data["tool"]["pytest"]["ini_options"]
    assert pytest_ini["testpaths"] == ["tests"]
    assert {m.split(":")[0] for m in pytest_ini["markers"]} >= {"browser", "slow"}


def test_pyproject_requirements_are_well_formed():
    project = pyproject()["project"]
    texts = project["dependencies"] + [
        t for extra in project["optional-dependencies"].values() for t in extra
    ]
    for text in texts:
        try:
            Requirement(text)
        except InvalidRequirement as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"pyproject.toml: {text!r}: {exc}")


def test_packages_import():
    for name in PACKAGES:
        module = importlib.import_module(name)
        assert Path(module.__file__).resolve().parent == ROOT / name, module.__file__


def test_installed_distribution_matches_pyproject():
    try:
        dist = importlib.metadata.distribution("giants-kit")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("giants-kit is not installed (make test installs it)")
    assert dist.version == pyproject()["project"]["version"]


@pytest.mark.slow
def test_wheel_holds_every_package_and_data_file(tmp_path):
    """Build the wheel from a copy of the packaging and the three packages: every package
    (subpackages included) and every *.json / *.md data file is in it, and nothing else is."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    out = tmp_path / "wheel"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (wheel,) = out.glob("giants_kit-0.1.0-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())

    expected = set()
    for name in PACKAGES:
        for path in (src / name).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".json", ".md"}:
                expected.add(path.relative_to(src).as_posix())
    missing = sorted(expected - names)
    assert not missing, f"not in the wheel: {missing}"
    stray = sorted(
        n for n in names if not n.startswith(PACKAGES) and ".dist-info/" not in n
    )
    assert not stray, f"in the wheel but not part of the kit: {stray}"


# --- environment.yml -----------------------------------------------------------------------------


def test_environment_yml_shape():
    env = environment()
    assert env["name"] == "giants-kit"
    assert env["channels"] == ["conda-forge"]
    conda, pip = split_environment()
    if pip:
        assert "pip" in conda, "environment.yml has a pip: section, so it must list pip"
    for text in pip:
        try:
            Requirement(text)
        except InvalidRequirement as exc:
            pytest.fail(f"environment.yml pip: {text!r}: {exc}")


def test_environment_python_matches_requires_python():
    conda, _ = split_environment()
    assert "python" in conda, "environment.yml must pin python"
    assert conda["python"] == SpecifierSet(pyproject()["project"]["requires-python"])


def test_environment_yml_agrees_with_pyproject():
    conda, pip = split_environment()
    pip_reqs = {canonicalize_name(Requirement(t).name): Requirement(t) for t in pip}
    wanted: set[str] = set()  # conda names that pyproject accounts for
    problems = []
    for req in pyproject_requirements():
        name = canonicalize_name(req.name)
        if name in pip_reqs:
            if pip_reqs[name].specifier != req.specifier or pip_reqs[name].extras != req.extras:
                problems.append(f"{req}: environment.yml pip: has {pip_reqs[name]}")
            continue
        conda_names = list(CONDA_NAMES.get(name, [name]))
        for extra in sorted(req.extras):
            if (name, extra) not in CONDA_EXTRAS:
                problems.append(f"{req}: no conda mapping for extra [{extra}] (add it to CONDA_EXTRAS)")
            conda_names += CONDA_EXTRAS.get((name, extra), [])
        wanted.update(conda_names)
        for cname in conda_names:
            if cname not in conda:
                problems.append(f"{req}: {cname} missing from environment.yml")
            elif cname == conda_names[0] and conda[cname] != req.specifier:
                problems.append(f"{req}: environment.yml has {cname} {conda[cname]}")
    extra_conda = sorted(set(conda) - wanted - {"python", "pip"})
    if extra_conda:
        problems.append(f"in environment.yml but not in pyproject runtime/test deps: {extra_conda}")
    assert not problems, "\n".join(problems)


def test_conda_spec_parser_rejects_malformed_specs():
    assert conda_spec("ipywidgets >=8") == ("ipywidgets", SpecifierSet(">=8"))
    assert conda_spec("python =3.11")[1] == SpecifierSet("==3.11.*")
    for bad in ("ipywidgets>=8", "dask[distributed]", "Numpy", "numpy >=", "numpy >=1 py311_0"):
        with pytest.raises(AssertionError):
            conda_spec(bad)


# --- Makefile and CI -----------------------------------------------------------------------------


def test_ci_runs_make_test():
    lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert "set -euo pipefail" in lines
    assert lines[-1] == "make test"


def test_makefile_test_target_includes_notebook_tests():
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    proc = subprocess.run(
        ["make", "--no-print-directory", "-n", "test", "NOTEBOOK_TESTS=--nbval-lax notebooks/"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    pytest_lines = [line for line in proc.stdout.splitlines() if " -m pytest " in line]
    assert len(pytest_lines) == 1, proc.stdout
    assert "-p no:cacheprovider" in pytest_lines[0]
    assert pytest_lines[0].split()[-3:] == ["tests", "--nbval-lax", "notebooks/"]


def test_makefile_test_target_installs_postgresql_for_the_table_store_tests():
    """`make test` installs Debian's postgresql as it does chromium (tests/tables start a server from it)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    proc = subprocess.run(["make", "--no-print-directory", "-n", "test"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "--no-install-recommends postgresql" in proc.stdout
    assert "--no-install-recommends chromium" in proc.stdout
