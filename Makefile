# Two commands: `make run` and `make test`. Both create .venv on first use and install into it
# exactly what uv.lock pins (`make lock` re-resolves it after a change to pyproject.toml).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# uv installs from the lock; it is itself pinned, and lives in .venv beside what it installs.
UV_VERSION := 0.13.9
UV     := $(BIN)/uv
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)

# `make run` installs what the server needs; `make test` adds the tools and research extras.
TEST_EXTRAS := --extra dev --extra arena --extra cluster --extra openspiel --extra pettingzoo
RUN_STAMP   := $(VENV)/.installed-run
TEST_STAMP  := $(VENV)/.installed-test

# make run HOST=0.0.0.0 PORT=8080 DB=postgresql+psycopg://user@host/kingscourt
HOST ?= 127.0.0.1
PORT ?= 8000
DB   ?=

# pytest on one worker per core (pytest-xdist; at most 4): most tests wait on a server, a
# socket or the browser. A file's tests stay on one worker (its fixtures are made once), and
# the cluster's files all on one (tests/conftest.py gives each test its group).
# `make test WORKERS=0` runs them in this process.
WORKERS ?= auto
PYTEST  := $(BIN)/python -m pytest $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --maxprocesses 4 --dist loadgroup)

# The tests that run a second time (the slow ones only once) on the pure-Python package when
# the compiled core is built.
PURE_TESTS := tests/king tests/engine tests/test_playthroughs.py tests/test_conformance.py
# `make check`: the fast tier (no slow, browser or cluster tests).
FAST := -m "not slow and not browser and not cluster"

.PHONY: run test check lint lint-js typecheck lock lock-check bench clean compiled cluster

$(UV):
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "kingscourt needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

# --locked: refuse to install when pyproject.toml and uv.lock disagree (run `make lock`);
# --inexact: keep uv itself and the other tier's packages in the venv.
$(RUN_STAMP): pyproject.toml uv.lock | $(UV)
	$(UV) sync --quiet --locked --inexact
	@touch $@

$(TEST_STAMP): pyproject.toml uv.lock | $(UV)
	$(UV) sync --quiet --locked --inexact $(TEST_EXTRAS)
	@touch $@ $(RUN_STAMP)

# Re-resolve uv.lock after editing pyproject.toml (keeps the other pins);
# `make lock UPGRADE=1` moves every package to its newest allowed release.
lock: | $(UV)
	$(UV) lock $(if $(UPGRADE),--upgrade)

# fails when pyproject.toml asks for something uv.lock does not pin
lock-check: | $(UV)
	$(UV) lock --check

# The compiled core (kingscourt/_compiled.py): mypyc builds of the hot modules in
# build/compiled/, where a C compiler and mypyc (the test tier) are present; a no-op while
# current (keyed on source hashes). The translation catalogues (kingscourt/locale/*.po) are
# compiled to .mo beside them.
compiled: $(RUN_STAMP)
	$(BIN)/python -m tools.build_compiled
	$(BIN)/python -c "from kingscourt.i18n import main; main(['compile'])"

run: $(RUN_STAMP) compiled
	$(BIN)/kingscourt serve --host '$(HOST)' --port '$(PORT)' $(if $(DB),--db '$(DB)')

# three processes on the local PostgreSQL and Redis behind haproxy on http://127.0.0.1:8000
cluster: $(TEST_STAMP)
	deploy/cluster.sh

# Where the core can be built, the whole suite runs on it (it must be in use) and the engine's
# tests run once more on the pure-Python package.
test: $(TEST_STAMP) lock-check compiled lint typecheck
	@if $(BIN)/python -m tools.build_compiled --can-build; then \
		echo "KINGSCOURT_REQUIRE_COMPILED=1 $(PYTEST)"; \
		KINGSCOURT_REQUIRE_COMPILED=1 $(PYTEST) && \
		echo "KINGSCOURT_PURE=1 $(PYTEST) -m 'not slow' $(PURE_TESTS)" && \
		KINGSCOURT_PURE=1 $(PYTEST) -m "not slow" $(PURE_TESTS); \
	else \
		echo "$(PYTEST)"; \
		$(PYTEST); \
	fi

# lint, types and the fast tests: under two minutes on 2 cores
check: $(TEST_STAMP) lock-check compiled lint typecheck
	$(PYTEST) $(FAST)

lint: $(TEST_STAMP) lint-js
	$(BIN)/ruff check kingscourt tests bench examples tools
	$(BIN)/lint-imports

# The browser client's JavaScript, linted by Biome (pinned in package.json and
# package-lock.json; biome.json says which files and rules). `npm ci` installs it into
# node_modules/ only when that is missing or older than the lock; without npm the JavaScript is
# not linted and the target says so (`.ci/run` installs npm).
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	@touch $@

lint-js:
	@if command -v npm >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(NODE_STAMP) && node_modules/.bin/biome lint --error-on-warnings; \
	else \
		echo "lint-js: skipped, npm is not installed (apt-get install npm): the JavaScript is not linted"; \
	fi

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

bench: $(TEST_STAMP) compiled
	$(BIN)/python bench/king_engine.py
	$(BIN)/python bench/kukakoenig_engine.py
	$(BIN)/python bench/uchokrola_engine.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build
