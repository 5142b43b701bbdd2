# Two commands: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean cluster

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "kingscourt needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel,pettingzoo]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/kingscourt serve

# three processes on the local PostgreSQL and Redis behind haproxy on http://127.0.0.1:8000
cluster: $(STAMP)
	deploy/cluster.sh

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check kingscourt tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/king_engine.py
	$(BIN)/python bench/kukakoenig_engine.py
	$(BIN)/python bench/uchokrola_engine.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
