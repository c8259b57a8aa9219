# Two entry points for a fresh machine: `make demo` and `make test` (see README).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench install prereqs

install: $(STAMP)

# llama-cpp-python compiles from source on first install (~9 min on 2 cores). It is
# built for a portable x86-64 baseline (AVX2, no -march=native): a native build uses
# the newest CPU extensions (AMX, AVX-512), and under some kernels and sandboxes
# (gVisor) those crash at the first decode. The wheel is kept outside the repository,
# so later installs and fresh clones take seconds; pip's own cache cannot tell a
# portable build from a native one.
LLAMA_VERSION := $(shell sed -n 's/.*"llama-cpp-python==\([0-9.]*\)".*/\1/p' pyproject.toml | head -1)
LLAMA_WHEELS ?= $(HOME)/.cache/dev-agent/wheels
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON

# Python 3.11+, git, make, a sandbox (bwrap or Landlock) and, until the wheel is cached,
# a C compiler: checked in well under a second, before the long build starts.
prereqs:
	@python3 scripts/check_prereqs.py --installed $(STAMP) \
	  --llama-wheel-glob '$(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl'

# PIP runs `$(PY) -m pip` with the warning a machine's missing local index folder repeats
# for every package summarised in one line (scripts/pip_quiet.py); the rest is pip's own.
PIP := python3 scripts/pip_quiet.py $(PY)

$(STAMP): pyproject.toml | prereqs
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	ls $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PIP) wheel -q --no-cache-dir --no-deps \
	    llama-cpp-python==$(LLAMA_VERSION) -w $(LLAMA_WHEELS)
	$(PIP) install -q $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(PIP) install -q -e '.[dev]'
	touch $(STAMP)

demo: prereqs $(STAMP)
	$(PY) examples/run_demo.py

# The suite runs in two workers per core (pytest-xdist): tests spend part of their time
# waiting on subprocesses (sandboxes, git, pytest runs, servers, timeouts), and the second
# worker per core fills it (on 2 cores, in fresh clones: 2 workers 560 s; 3 workers 504 and
# 581 s; 4 workers 526 and 529 s; 6 workers 590 s). worksteal hands each worker a
# contiguous share, so a module's shared fixtures are mostly built once, and an idle worker
# takes tests from another's queue. `pytest` alone, or `-n 0`, runs it in one process.
# TEST_WORKERS sets the count; PYTEST_ARGS adds options (bench/test_suite.py adds --durations=10).
TEST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))
test: prereqs $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) -m bench.overhead
	$(PY) -m bench.engine
	$(PY) -m bench.backends
	$(PY) -m bench.reliability
	$(PY) -m bench.repair.run
