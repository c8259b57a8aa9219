# Two entry points for a fresh machine: `make demo` and `make test` (see README).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench install

install: $(STAMP)

# llama-cpp-python compiles from source on first install (~9 min on 2 cores); pip
# caches the wheel, so later installs take seconds.
$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) examples/run_demo.py

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) -m bench.overhead
	$(PY) -m bench.engine
	$(PY) -m bench.backends
	$(PY) -m bench.reliability
