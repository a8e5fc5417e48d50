# Table Companion: `make run` serves the app, `make test` runs every test.
# Both set up what a fresh machine lacks (a virtual environment with the project and its
# test tools; Debian's Chromium for the browser tests).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8550

.PHONY: run test setup chromium lint format bench screenshots clean

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

run: setup
	$(VENV)/bin/companion serve --host $(HOST) --port $(PORT)

# Types: mypy --strict over the core (the games are not clean yet, see README "Type checks").
# Boundaries: the import contracts in .importlinter.
lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict companion/core
	$(VENV)/bin/lint-imports

format: setup
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

test: setup chromium lint
	$(PY) -m pytest -q -n 2 --dist loadfile --cov --cov-report=term

# Retake the phone-size screenshots in docs/screenshots/ (the browser tests write them there).
screenshots: setup chromium
	UPDATE_SCREENSHOTS=1 $(PY) -m pytest -q -m browser tests/browser

bench: setup
	@for b in benchmarks/*_bench.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build
