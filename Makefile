# Two commands matter: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    ?= out

.PHONY: run test lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

# The main job: score a bundled demo event (a pairs session and a team match) and write its
# results pages; then the sixteen worked examples of the seeds with their explanations and
# the printable score tables (HTML, CSV, JSON).  Everything goes into $(OUT)/.
run: $(VENV)/.installed
	$(BIN)/bridgescore event-demo --out $(OUT)
	$(BIN)/bridgescore demo --out $(OUT)/tables

test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

# Benchmarks against endplay, in their own environment (not part of `make test`).
bench: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_scoring.py
	$(BIN)/python benchmarks/bench_events.py
	$(BIN)/python benchmarks/bench_live.py
	$(BIN)/python benchmarks/bench_deals.py
	$(BIN)/python benchmarks/bench_files.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .mypy_cache .ruff_cache
