# Set-up is idempotent: stamps make a second run quick.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PYSTAMP   := $(VENV)/.cordon-installed
NODESTAMP := node_modules/.cordon-installed

.PHONY: setup demo test lint bench bench-perf bench-attacks bench-content bench-taint bench-agentdojo clean

setup: $(PYSTAMP) $(NODESTAMP)

$(PYSTAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

$(NODESTAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

demo: setup
	$(PY) examples/demo/run.py

test: setup
	$(VENV)/bin/ruff check src tests bench examples
	$(VENV)/bin/pytest -q

lint: setup
	$(VENV)/bin/ruff check src tests bench examples
	$(VENV)/bin/ruff format --check src tests

bench-perf: setup
	$(PY) bench/perf/run.py

bench-attacks: setup
	$(PY) bench/attacks/run.py

bench-content: setup
	$(PY) bench/content/run.py

bench-taint: setup
	$(PY) bench/taint/run.py

bench: bench-perf bench-attacks bench-content bench-taint

clean:
	rm -rf $(VENV) node_modules examples/demo/out
