# Table Companion: `make run` serves the app, `make test` runs every test.
# Both set up what a fresh machine lacks (a virtual environment with the project and its
# test tools; Debian's Chromium for the browser tests, Debian's PostgreSQL for the store tests,
# Debian's nginx for `make run-hosted` and its tests).

# Python 3.12 when the machine has one (on PATH, or installed by pyenv without being selected),
# else python3 (3.11+): on 3.12 coverage measures the rules' tests through sys.monitoring, about
# half the CPU of 3.11's trace function (docs/PERFORMANCE.md, "Python 3.12 for make test").
# Each candidate is run (`-c ''`) rather than looked up: a pyenv shim is on PATH even where its
# version is not selected, and fails when run. PYTHON=... picks another.
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell for p in python3.12 "$$(pyenv prefix 3.12 2>/dev/null)/bin/python3.12"; do \
  "$$p" -c '' >/dev/null 2>&1 && { echo "$$p"; exit 0; }; done; echo python3)
endif
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8550

# A virtual environment belongs to the Python that made it: one made by another version (a 3.11
# .venv from before python3.12 was installed, or PYTHON=... given) is removed and made again.
PY_VERSION   := $(shell $(PYTHON) -c 'import sys; print(*sys.version_info[:2], sep=".")')
VENV_VERSION := $(shell $(PY) -c 'import sys; print(*sys.version_info[:2], sep=".")' 2>/dev/null)

.PHONY: run run-lan run-hosted compiled test test-store setup chromium postgres nginx lint format bench screenshots clean i18n

ifneq ($(PY_VERSION),$(VENV_VERSION))
$(VENV)/.installed: venv-of-another-python
endif

.PHONY: venv-of-another-python
venv-of-another-python:
	@if [ -d $(VENV) ]; then echo "$(VENV) is Python $(VENV_VERSION)'s; making it again with $(PYTHON) ($(PY_VERSION))"; fi
	rm -rf $(VENV)

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# Debian's Chromium drives the browser tests (Playwright never downloads a browser here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

# Debian's PostgreSQL for the store's [postgresql] tests: each test worker starts a throwaway
# server from it (tests/pg_server.py, as an unprivileged user in a temporary folder).
postgres:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "Installing Debian's postgresql for the store tests"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql >/dev/null; fi; }

# Debian's nginx for `make run-hosted` and tests/hosted: started as an unprivileged process with
# its configuration in a temporary folder (companion/devserver/nginx.py). On a machine with
# systemd the package also starts its own nginx on port 80: `systemctl disable --now nginx` if unwanted.
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  echo "Installing Debian's nginx for make run-hosted"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nginx >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq nginx >/dev/null; fi; }

# Byte-compile the app as an install does (and again after an edit): where PYTHONDONTWRITEBYTECODE
# is set, Python would compile every module at each start instead (docs/PERFORMANCE.md, cold start).
compiled: setup
	@$(PY) -m compileall -q companion

run: compiled
	$(VENV)/bin/companion serve --host $(HOST) --port $(PORT)

# The same on every network interface: phones on the same Wi-Fi open the printed address or QR code.
run-lan: compiled
	$(VENV)/bin/companion serve --lan --port $(PORT)

# The hosted setup on this machine (docs/HOSTING.md): a throwaway PostgreSQL, two workers in hosted
# mode and nginx in front of them on $(HOST):$(PORT). Ctrl+C stops all and removes their folder.
run-hosted: compiled postgres nginx
	$(PY) deploy/run_hosted.py --host $(HOST) --port $(PORT)

# Types: mypy with the settings in pyproject.toml (strict for core and games; README "Type checks").
# Boundaries: the import contracts in .importlinter. Texts: the catalogues against the code, then
# Translate Toolkit's pofilter checks on each English/Spanish pair (companion/i18n/qa_po.py).
lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	$(PY) -m companion.i18n.tools check
	$(PY) -m companion.i18n.lint_texts
	$(PY) -m companion.i18n.qa_po

# Re-extract messages.pot from the code and bring every language's .po in line with it.
i18n: setup
	$(PY) -m companion.i18n.tools extract
	$(PY) -m companion.i18n.tools update
	$(PY) -m companion.i18n.tools check
	$(PY) -m companion.i18n.lint_texts

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# Three workers on two cores: the browser tests spend part of each tap waiting for a quiet
# screen, and a third worker uses that time (idle 2-core machine: 11 min 30 s with -n 2, 10 min
# 51 s with -n 3, 82 % -> 95 % of both cores busy; docs/PERFORMANCE.md).
test: setup chromium postgres nginx lint
	$(PY) -m pytest -q -n 3 --dist loadfile --no-loadscope-reorder --cov --cov-report=term

# The store's tests alone, on SQLite and on a throwaway PostgreSQL ([sqlite] / [postgresql]).
test-store: setup postgres
	$(PY) -m pytest -q -n 2 tests/store tests/plays tests/security/test_store_conflict.py \
	  tests/security/test_store_faults.py tests/security/test_players_race.py

# Retake the phone-size screenshots in docs/screenshots/ (the browser tests write them there).
screenshots: setup chromium
	UPDATE_SCREENSHOTS=1 $(PY) -m pytest -q -m browser tests/browser

# Every benchmark but the hosted load one, which takes about 10 minutes (docs/PERFORMANCE.md,
# "Hosted load", names its command).
bench: setup
	@for b in $(filter-out benchmarks/hosted_bench.py,$(wildcard benchmarks/*_bench.py)); do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build
