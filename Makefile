# Caldera Park: one-command build, serve, test and benchmark.
#   make serve          install what is needed, build dist/ and serve it at http://127.0.0.1:8000/
#   make test           install what is needed and run the whole pytest suite (engine + browser)
#   make site           build dist/ only
#   make bench-startup  startup benchmark (cold/warm, app vs bare PyScript page, bytes)
#   make bench-phone    startup under a phone's profile (4x CPU, slow network, first screen)
# Installs are idempotent and quick when already done.

PYTHON ?= python
NPM ?= npm
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: help install deps-python deps-node deps-browser deps-pyodide site serve test bench-startup bench-phone clean

help:
	@sed -n '2,7p' Makefile | sed 's/^# *//'

install: deps-python deps-node deps-browser deps-pyodide

deps-python:
	@$(PYTHON) tools/ensure_deps.py python

# npm ci only when the lock file is newer than the last install
deps-node: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

# Chromium; and Firefox ESR, WebKitGTK (MiniBrowser, WebKitWebDriver) and Xvfb for the smoke
# tests in the other engines (Debian's packages; puppeteer-core, which drives Firefox, never
# downloads a browser)
deps-browser:
	@$(PYTHON) tools/ensure_deps.py chromium engines

# the build's Python 3.13 venv with pyodide-build, and micropip's wheel (.pyodide-build/)
deps-pyodide:
	@$(PYTHON) tools/pyodide_env.py

site: deps-python deps-node deps-pyodide
	$(PYTHON) tools/build_site.py --out dist

serve: site
	$(PYTHON) tools/serve.py dist --host $(HOST) --port $(PORT)

# two workers (pytest-xdist), each test file on one of them: the suite's browser tests keep both
# cores busy (TEST_JOBS=0 runs it in this one process)
TEST_JOBS ?= 2

test: deps-python deps-node deps-browser deps-pyodide
	$(PYTHON) -m pytest -p no:cacheprovider -n $(TEST_JOBS) --dist loadfile tests $(PYTEST_ARGS)

bench-startup: deps-python deps-node deps-browser deps-pyodide
	$(PYTHON) tools/bench_startup.py

bench-phone: deps-python deps-node deps-browser deps-pyodide
	$(PYTHON) tools/bench_phone.py

clean:
	rm -rf dist .pyodide-build
