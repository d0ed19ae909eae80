# Two commands matter: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    ?= out

.PHONY: run run-system test docs lint typecheck bench bench-play clean dist web web-setup web-assets web-system web-test web-messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

# The main job: score the bundled demo event (a pairs session and a team match) and write
# its results pages and the seeds' worked examples into $(OUT)/ (the command line's job);
# then set up the web platform, load the demo club (a director, members, a finished pairs
# session, one in play, a team match) and serve the site at http://127.0.0.1:8000 with the
# demo log-ins printed.  Ctrl-C stops it.
run: $(VENV)/.installed-web run-system web-assets
	$(BIN)/bridgescore event-demo --out $(OUT)
	$(BIN)/bridgescore demo --out $(OUT)/tables
	$(BIN)/bridgescore web demo
	@echo "http://127.0.0.1:8000/  (Ctrl-C stops the server)"
	$(BIN)/bridgescore web serve

# Every check, in timed phases (tests/phases.py: lint, types, the suite on SQLite under
# pytest-xdist, the PostgreSQL/Redis tests), one line per phase at the end.
test: $(VENV)/.installed-dev web-setup
	$(BIN)/python tests/phases.py

# ---- The web platform (src/bridgescore/web) -------------------------------------------
WEB       := src/bridgescore/web
HTMX      := $(WEB)/vendor/htmx.org/htmx.min.js
PG_URL    ?= postgres://postgres@127.0.0.1:5432/test
REDIS_URL_TEST ?= redis://127.0.0.1:6379/0
export PG_URL REDIS_URL_TEST

# System packages the web tests need: Debian's Chromium (the tests drive its headless shell
# with Playwright, tests/chromium.py; no browser download; the full browser is for looking), GNU gettext (msgfmt compiles the translations), npm (htmx comes from the npm
# registry), a Chinese font (so that the screenshots show Chinese, not boxes) and nginx
# (the deployment test runs its own, from deploy/nginx.conf, on a free port).  Quick
# when present.
web-system:
	@$(MAKE) --no-print-directory run-system WITH_BROWSER=1

# What serving the site needs (gettext, npm); with WITH_BROWSER=1 also what its tests need.
run-system:
	@missing=""; \
	if [ -n "$(WITH_BROWSER)" ]; then \
	  command -v chromium >/dev/null || missing="$$missing chromium"; \
	  [ -x /usr/lib/chromium/chromium-headless-shell ] || missing="$$missing chromium-headless-shell"; \
	  [ -n "$$(fc-list :lang=zh 2>/dev/null)" ] || missing="$$missing fonts-wqy-microhei"; \
	  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	fi; \
	command -v msgfmt >/dev/null || missing="$$missing gettext"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing Debian packages:$$missing (run: sudo apt-get install$$missing)"; exit 1; fi; \
	fi

# htmx comes from the npm registry (package.json pins it); only the one file is kept.
$(HTMX): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	mkdir -p $(dir $(HTMX))
	cp node_modules/htmx.org/dist/htmx.min.js $(HTMX)

web-assets: $(HTMX)

# After changing a text in a template or the code: refresh the catalogues, then translate
# the new entries in each app's locale/zh_Hans/LC_MESSAGES/django.po (a test checks both).
web-messages: $(VENV)/.installed-dev
	for app in $(WEB)/*/apps.py; do app=$$(dirname $$app); \
	  (cd $$app && DJANGO_SETTINGS_MODULE=bridgescore.web.settings $(CURDIR)/$(BIN)/python -m django \
	    makemessages -l zh_Hans -l en --no-obsolete --add-location=file) || exit 1; \
	done

web-setup: $(VENV)/.installed-dev web-system web-assets
	$(BIN)/python -c "from bridgescore.web.setup import compile_catalogues as c; c()"

# The tests on PostgreSQL (those marked postgres or services) alone.
web-test: web-setup
	$(BIN)/python tests/phases.py postgres

$(VENV)/.installed-web: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(VENV)/.installed $@

# Serve the web platform at http://127.0.0.1:8000 (SQLite under ./var unless DATABASE_URL).
# `bridgescore web serve` compiles the translations, migrates and collects static files.
web: $(VENV)/.installed-web web-assets
	$(BIN)/bridgescore web serve

# The sdist and the wheel in dist/, as `python -m build` makes them anywhere: the build hook
# (src/bridgescore_build.py) puts htmx (by npm, else from the npm registry, its hash checked)
# and the compiled catalogues (msgfmt, else in Python) in both; the installed wheel needs
# neither npm nor gettext (docs/deploy.md).
dist: $(VENV)/.installed-dev
	$(BIN)/python -m build --outdir dist

# The documentation site into var/site (docs/*.md; make test builds it with --strict).
docs: $(VENV)/.installed-dev
	$(BIN)/mkdocs build --strict

# Benchmarks against endplay, in their own environment (not part of `make test`).
bench: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_scoring.py
	$(BIN)/python benchmarks/bench_events.py
	$(BIN)/python benchmarks/bench_live.py
	$(BIN)/python benchmarks/bench_deals.py
	$(BIN)/python benchmarks/bench_files.py

# Online play under load (issue 10): N tables of four WebSockets against the real server, on
# SQLite and on PostgreSQL + Redis (a scratch database next to PG_URL); about 40 minutes.
# `.venv/bin/python benchmarks/bench_web_play.py --quick` is the few-minute version.
bench-play: web-setup
	$(BIN)/python benchmarks/bench_web_play.py --pg-url $(PG_URL) --redis-url $(REDIS_URL_TEST) \
	  --json benchmarks/results_web_play.json

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .mypy_cache .ruff_cache node_modules $(WEB)/vendor artefacts dist build
