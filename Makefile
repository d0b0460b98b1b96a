# Two main targets, for a fresh Debian machine with only python3 and make:
#   make lab    create .venv if missing, install -e ".[test]", run JupyterLab on my-notebooks/ (a working
#               copy of notebooks/, brought up to date first: gamekit/lessons.py)
#   make test   install Debian's chromium and postgresql (as root), set up .venv the same way, run pytest
#   make classroom  serve the classroom app (tables: students at their own devices) to the local network
# Also: make classroom-local (127.0.0.1 only), make bench, make voila, make clean.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# Re-install when pyproject.toml is newer than this stamp (it lives in the venv, so a new venv has none).
STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench
CHROMIUM := /usr/bin/chromium
# Debian's postgresql puts its programs in /usr/lib/postgresql/<version>/bin (not on PATH); the table
# store's tests (tests/tables) start a throwaway server from there.
POSTGRES_INITDB = $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends

# Your working copy of the lessons (git ignores it): `make lab` brings it up to date from notebooks/ and
# opens it, so running and editing lessons never changes the kit's notebooks/ (gamekit/lessons.py says
# how an updated lesson reaches the copy, and why).
LESSONS ?= my-notebooks
LESSONS_SYNC = -m gamekit.lessons notebooks $(LESSONS)
# JupyterLab's arguments, in one place: `make lab` uses them, and tests/browser/conftest.py reads them
# (`make -s lab-args`) and only overrides ip/port/token/root_dir/browser for its throw-away server.  The
# pre-save hook drops widget views from saved notebooks (saved, they show "model not found").
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_ARGS = $(ALLOW_ROOT) --ip=127.0.0.1 --ServerApp.root_dir=$(abspath $(LESSONS)) \
	--ContentsManager.pre_save_hook=gamekit.lessons.strip_widget_views
VOILA_NOTEBOOK ?= notebooks/classroom.ipynb
# The hot-seat dashboard's own port (the classroom server has 8866), its kernels culled when their page has gone for
# a minute and capped in number (gamekit/voila_kernels.py).
VOILA_PORT ?= 8867
VOILA_ARGS = --Voila.ip=127.0.0.1 --port=$(VOILA_PORT) --MappingKernelManager.cull_interval=30 \
	--MappingKernelManager.cull_idle_timeout=60 --MappingKernelManager.cull_connected=False \
	--VoilaConfiguration.multi_kernel_manager_class=gamekit.voila_kernels.CappedKernelManager
# The classroom server (python -m gamekit.tables.serve: Starlette under uvicorn, gamekit/tables/web/): its port (the
# next free one if taken) and its table store, a folder (SQLite) or a postgresql:// URL; empty:
# $$GIANTS_KIT_TABLES, else ~/.giants-kit/tables.
CLASSROOM_PORT ?= 8866
TABLES ?=
CLASSROOM_ARGS = --port=$(CLASSROOM_PORT) $(if $(TABLES),--store=$(TABLES))

# pytest: everything under tests/ plus, in the same run (one closing line), the notebooks once they are
# ready, e.g. NOTEBOOK_TESTS = --nbval-lax --nbval-current-env notebooks/ (pytest goes down into the translated
# lessons' notebooks/da/ and notebooks/de/ too: tests/notebooks/test_course_notebooks.py)
TEST_PATHS ?= tests
NOTEBOOK_TESTS ?= --nbval-lax --nbval-current-env --nbval-sanitize-with tests/notebooks/sanitize.cfg notebooks/
# Extra pytest options, e.g. PYTEST_ARGS="-k lab -x". pytest-xdist (-n 2) is installed but not used by
# default: measured on 2 cores it made the run slower (each worker starts its own Lab server).
PYTEST_ARGS ?=

.PHONY: help lab lessons test bench voila classroom classroom-local chromium postgresql venv install lab-args lessons-args voila-args clean

help:
	@echo "make lab    - set up .venv (first time: about 3 minutes) and run JupyterLab on your copy of the"
	@echo "              lessons, $(LESSONS)/ (made from notebooks/ and brought up to date each time)"
	@echo "make test   - install chromium and postgresql (root, apt) and .venv if needed, then run all tests"
	@echo "make bench  - run benchmarks/run.py (installs the [bench] extra)"
	@echo "make voila  - serve $(VOILA_NOTEBOOK) as an app with Voila"
	@echo "make classroom        - serve the classroom app to the local network (prints the address for students)"
	@echo "make classroom-local  - the same on 127.0.0.1 only (TABLES=folder or postgresql:// URL, CLASSROOM_PORT=8866)"
	@echo "make clean  - remove .venv and test-artifacts/"

# --- environment -------------------------------------------------------------------------------

$(PY):
	@if ! $(PYTHON) -c 'import ensurepip, venv' 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "== $(PYTHON) has no venv/ensurepip: installing Debian's python3-venv"; \
	    apt-get update && $(APT_INSTALL) python3-venv; \
	  else \
	    echo "== $(PYTHON) has no venv/ensurepip; install it first (Debian: sudo apt-get install python3-venv)"; \
	    exit 1; \
	  fi; \
	fi
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(PY) -m pip install -q -U pip

venv: $(PY)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test]"
	touch $@

install: $(STAMP)

$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install -e ".[test,bench]"
	touch $@

chromium:
	@if [ -x $(CHROMIUM) ]; then \
	  echo "== chromium: $(CHROMIUM) present"; \
	elif [ "$$(id -u)" != 0 ]; then \
	  echo "== chromium: $(CHROMIUM) absent and not root: skipping the apt install (browser tests will skip)"; \
	elif ! command -v apt-get >/dev/null; then \
	  echo "== chromium: $(CHROMIUM) absent and no apt-get: skipping (browser tests will skip)"; \
	else \
	  echo "== chromium: installing Debian's chromium"; \
	  apt-get update && $(APT_INSTALL) chromium; \
	fi

postgresql:
	@if [ -n "$(POSTGRES_INITDB)" ]; then \
	  echo "== postgresql: $(POSTGRES_INITDB) present"; \
	elif [ "$$(id -u)" != 0 ]; then \
	  echo "== postgresql: absent and not root: skipping the apt install (PostgreSQL table tests will skip)"; \
	elif ! command -v apt-get >/dev/null; then \
	  echo "== postgresql: absent and no apt-get: skipping (PostgreSQL table tests will skip)"; \
	else \
	  echo "== postgresql: installing Debian's postgresql"; \
	  apt-get update && $(APT_INSTALL) postgresql; \
	fi

# --- main targets ------------------------------------------------------------------------------

lessons: $(STAMP)
	$(PY) $(LESSONS_SYNC)

lab: lessons
	$(VENV)/bin/jupyter lab $(LAB_ARGS)

test: chromium postgresql $(STAMP)
	$(PY) -m pytest -p no:cacheprovider $(PYTEST_ARGS) $(TEST_PATHS) $(NOTEBOOK_TESTS)

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run.py

voila: $(STAMP)
	$(VENV)/bin/voila $(VOILA_ARGS) $(VOILA_NOTEBOOK)

classroom: $(STAMP)
	$(PY) -m gamekit.tables.serve --lan $(CLASSROOM_ARGS)

classroom-local: $(STAMP)
	$(PY) -m gamekit.tables.serve $(CLASSROOM_ARGS)

# Printed for tests/browser/conftest.py, so the tests start the same servers as `make lab` / `make voila`.
lab-args:
	@echo $(LAB_ARGS)

# The working copy's update, as `make lab` runs it (after $(PY)), for tests/browser/test_lab_keeps_repo_clean.py.
lessons-args:
	@echo $(LESSONS_SYNC)

voila-args:
	@echo $(VOILA_ARGS)

clean:
	rm -rf $(VENV) test-artifacts
