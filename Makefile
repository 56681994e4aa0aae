# Set-up is idempotent: stamps make a second run quick.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PYSTAMP   := $(VENV)/.cordon-installed
NODESTAMP := node_modules/.cordon-installed
# mcp-atlassian needs mcp<2, which cordon's own venv cannot hold: its own venv, for the
# live check of the atlassian pack (tests/e2e/test_packs_live.py)
ATLASSIAN := mcp-atlassian==0.23.1
ATLSTAMP  := .venv-atlassian/.cordon-installed
# the reference SQLite server declares mcp>=1.6 but does not start under mcp 2: its own venv
# with mcp<2, for the sqlite pack's live check and tests/e2e/test_proxy_sqlite.py
SQLITESRV := mcp-server-sqlite==2025.4.25
SQLSTAMP  := .venv-sqlite/.cordon-installed

.PHONY: setup demo demo-remote test lint bench bench-perf bench-remote bench-attacks bench-content bench-taint bench-agentdojo clean

setup: $(PYSTAMP) $(NODESTAMP) $(ATLSTAMP) $(SQLSTAMP)

$(PYSTAMP): pyproject.toml
	# pip, not python: a venv made where ensurepip was missing (Debian's python3-venv) has no pip,
	# and making it again over the same directory adds it
	test -x $(VENV)/bin/pip || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

$(NODESTAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(ATLSTAMP): Makefile
	test -x .venv-atlassian/bin/pip || $(PYTHON) -m venv .venv-atlassian
	.venv-atlassian/bin/pip install -q '$(ATLASSIAN)'
	touch $@

$(SQLSTAMP): Makefile
	test -x .venv-sqlite/bin/pip || $(PYTHON) -m venv .venv-sqlite
	.venv-sqlite/bin/pip install -q '$(SQLITESRV)' 'mcp<2'
	touch $@

# the demo needs cordon only: its servers are Python (examples/demo), no npm server
demo: $(PYSTAMP)
	$(PY) examples/demo/run.py

# the same demo with the helpdesk server over Streamable HTTP (bearer token), behind cordon run --url
demo-remote: $(PYSTAMP)
	$(PY) examples/demo/run.py --remote

# one pytest worker per core, at most 4 (pytest-xdist): the e2e tests start real processes
# and keep a core busy each, so two workers on two cores take about half the time of one.
# worksteal: xdist's default hands each worker an eighth of the suite in collection order
# first, so one worker ran the whole e2e directory alone while the other sat idle
test: setup
	$(VENV)/bin/ruff check src tests bench examples
	$(VENV)/bin/pytest -q -n auto --maxprocesses=4 --dist worksteal

lint: setup
	$(VENV)/bin/ruff check src tests bench examples
	$(VENV)/bin/ruff format --check src tests
	$(VENV)/bin/mypy

# Peer tools for side-by-side rows (separate venvs: bouncer packages declare Python 3.12).
.venv-peers/bin/bouncer:
	test -x .venv-peers/bin/python || $(PYTHON) -m venv .venv-peers
	.venv-peers/bin/pip install -q --ignore-requires-python bouncer-mcp==0.1.4

.venv-agentdojo/.cordon-installed: pyproject.toml
	test -x .venv-agentdojo/bin/python || $(PYTHON) -m venv .venv-agentdojo
	.venv-agentdojo/bin/pip install -q -e '.[agentdojo]'
	.venv-agentdojo/bin/pip install -q --ignore-requires-python bouncer-core==0.1.4 toolbouncer==0.1.0
	touch $@

bench-perf: setup .venv-peers/bin/bouncer
	$(PY) bench/perf/run.py

# SDK client -> Streamable HTTP server: direct, through mcp-remote (npm, pinned), through cordon run --url.
bench-remote: setup
	$(PY) bench/remote/run.py

bench-agentdojo: .venv-agentdojo/.cordon-installed
	.venv-agentdojo/bin/python bench/agentdojo/run.py

bench-attacks: $(PYSTAMP) $(NODESTAMP)
	$(PY) bench/attacks/run.py

bench-content: setup
	$(PY) bench/content/run.py

bench-taint: setup
	$(PY) bench/taint/run.py

bench: bench-perf bench-remote bench-attacks bench-content bench-taint bench-agentdojo

clean:
	rm -rf $(VENV) .venv-atlassian .venv-sqlite node_modules examples/demo/out
