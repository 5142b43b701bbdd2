# Two commands: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# The tests that run a second time on the pure-Python package when the compiled core is built.
PURE_TESTS := tests/king tests/engine tests/test_playthroughs.py tests/test_conformance.py

.PHONY: run test lint typecheck bench clean compiled cluster

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "kingscourt needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel,pettingzoo]'
	@touch $(STAMP)

# The compiled core (kingscourt/_compiled.py): mypyc builds of the hot modules in
# build/compiled/, where a C compiler is present; a no-op while current (keyed on source hashes).
# The translation catalogues (kingscourt/locale/*.po) are compiled to .mo beside them.
compiled: $(STAMP)
	$(BIN)/python -m kingscourt._build
	$(BIN)/python -c "from kingscourt.i18n import main; main(['compile'])"

run: $(STAMP) compiled
	$(BIN)/kingscourt serve

# three processes on the local PostgreSQL and Redis behind haproxy on http://127.0.0.1:8000
cluster: $(STAMP)
	deploy/cluster.sh

# Where the core can be built, the whole suite runs on it (it must be in use) and the engine's
# tests run once more on the pure-Python package.
test: $(STAMP) compiled lint typecheck
	@if $(BIN)/python -m kingscourt._build --can-build; then \
		echo "KINGSCOURT_REQUIRE_COMPILED=1 $(BIN)/python -m pytest"; \
		KINGSCOURT_REQUIRE_COMPILED=1 $(BIN)/python -m pytest && \
		echo "KINGSCOURT_PURE=1 $(BIN)/python -m pytest $(PURE_TESTS)" && \
		KINGSCOURT_PURE=1 $(BIN)/python -m pytest $(PURE_TESTS); \
	else \
		echo "$(BIN)/python -m pytest"; \
		$(BIN)/python -m pytest; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check kingscourt tests bench examples

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP) compiled
	$(BIN)/python bench/king_engine.py
	$(BIN)/python bench/kukakoenig_engine.py
	$(BIN)/python bench/uchokrola_engine.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build
