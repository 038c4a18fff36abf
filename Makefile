# Дурак онлайн. `make run` plays, `make test` checks everything. See README.md.
VENV ?= .venv
PY := $(VENV)/bin/python
JSTOOLS := tools/js
PORT ?= 8000
HOST ?= 127.0.0.1
# A client's socket frame is at most 64 KiB (live/frames.py MAX_FRAME_BYTES): uvicorn refuses
# bigger ones itself (close 1009) instead of buffering up to its default 16 MiB.
UVICORN_LIMITS := --ws-max-size 65536

.PHONY: run test lint lock typecheck pytest migrate bench-api bench-live bench-load bench-ratings bench-stream superuser worker beat stack \
	engine engine-test bench-engine

# The virtualenv is made once, from the lock file (every package pinned, so a release
# elsewhere cannot break `make test`); the stamp reinstalls it when the lock changes.
$(VENV)/.installed: pyproject.toml requirements.lock
	@$(MAKE) --no-print-directory icu
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

# PyICU (players' names: accounts/names.py) builds against ICU's headers. On Debian or
# Ubuntu as root they are installed here; elsewhere the message says what to install.
.PHONY: icu
icu:
	@pkg-config --exists icu-i18n 2>/dev/null || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libicu-dev pkg-config; \
		else echo "Install ICU's headers first (Debian/Ubuntu: sudo apt-get install libicu-dev pkg-config)"; exit 1; fi; }

# After changing pyproject.toml's dependencies: pin them all again.
lock: $(VENV)/.installed
	$(VENV)/bin/pip-compile --quiet --extra dev --strip-extras --no-emit-find-links --no-emit-index-url \
		--no-header --output-file requirements.lock pyproject.toml

migrate: $(VENV)/.installed engine
	$(PY) manage.py migrate --noinput

# The engine's core compiled ahead of time by mypyc (build_engine.py) into C extensions
# beside its sources; rebuilt when a source changes. Without a C compiler nothing is built
# and the engine runs as plain Python (games/engine/README.md, "Two builds of one source").
games/engine/.compiled: $(wildcard games/engine/*.py games/engine/ai/*.py) build_engine.py mypyc.ini | $(VENV)/.installed
	@if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then \
		mkdir -p build; echo "Compiling the engine (mypyc; build/engine.log)"; \
		$(PY) build_engine.py >build/engine.log 2>&1 || { cat build/engine.log; exit 1; }; \
	else echo "No C compiler: the engine runs as plain Python."; fi
	touch $@

engine: games/engine/.compiled

# The engine's whole suite on both builds: compiled, then plain Python.
engine-test: engine
	$(PY) -c 'import games.engine as e, sys; sys.exit(0 if e.BUILD == "compiled" else "the engine is not compiled")'
	$(VENV)/bin/pytest tests/engine
	DURAK_PURE_ENGINE=1 $(VENV)/bin/pytest tests/engine

bench-engine: engine
	$(PY) benchmarks/engine.py
	DURAK_PURE_ENGINE=1 $(PY) benchmarks/engine.py

run: migrate
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py sweep_ai_turns --older-than 0
	$(PY) manage.py sweep_tournaments
	$(PY) manage.py sweep_timers
	@echo "Дурак онлайн on http://$(HOST):$(PORT)/"
	# --no-proxy-headers $(UVICORN_LIMITS): uvicorn would take a loopback client's X-Forwarded-For as its
	# address; the app alone reads that header, from the proxies it is told of
	# (DURAK_NUM_PROXIES, DURAK_FORWARDED_ALLOW_IPS: core/clients.py).
	$(VENV)/bin/uvicorn durak_platform.asgi:application --host $(HOST) --port $(PORT) --no-proxy-headers $(UVICORN_LIMITS)

# ruff, and the import contracts (pyproject.toml): the apps depend one way, the engine is pure;
# then the pages' JavaScript: ESLint, and TypeScript's check of its JSDoc types (no build step).
lint: $(VENV)/.installed $(JSTOOLS)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(JSTOOLS)/node_modules/.bin/eslint -c $(JSTOOLS)/eslint.config.js static/durak tests/js
	$(JSTOOLS)/node_modules/.bin/tsc -p $(JSTOOLS)/tsconfig.json

# The JavaScript checks' own tools (eslint, typescript), pinned by tools/js/package-lock.json;
# reinstalled when the lock changes.
$(JSTOOLS)/.installed: $(JSTOOLS)/package.json $(JSTOOLS)/package-lock.json
	cd $(JSTOOLS) && npm ci --no-audit --no-fund
	touch $@

typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy -p core -p accounts -p coins -p games -p live -p ratings -p players -p tournaments -p retries -p challenges -p stream -p push -p durak_platform -p benchmarks.ceiling

# Two processes, a file each at a time (pytest-xdist): most files wait on a browser, a
# server or a socket, so two keep two cores busy. TEST_PROCESSES=0 runs in this process.
TEST_PROCESSES ?= 2
pytest: $(VENV)/.installed engine
	mkdir -p test-output
	$(VENV)/bin/pytest -n $(TEST_PROCESSES) --dist loadfile $(PYTEST_ARGS)

test: lint typecheck pytest jstest

# The page's JS modules under node's test runner: the event fold against recorded games.
.PHONY: jstest
jstest:
	node --test tests/js/

# The server's texts: collect new gettext strings into locale/en (Russian is the source
# language; fill in their English), then compile the .mo that is committed beside it.
# Needs GNU gettext (apt-get install gettext).
.PHONY: messages
messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l en --no-obsolete --ignore=.venv --ignore=tests --ignore=benchmarks \
		--ignore=staticfiles --ignore='*/migrations/*'
	$(PY) manage.py compilemessages -l en --ignore=.venv

superuser: migrate
	$(PY) manage.py createsuperuser

worker: $(VENV)/.installed
	$(VENV)/bin/celery -A durak_platform worker --loglevel=INFO

beat: $(VENV)/.installed
	$(VENV)/bin/celery -A durak_platform beat --loglevel=INFO

# The production stack on this machine (docs/deploy.md): nginx on DURAK_STACK_PORT (8080) in front
# of two uvicorn processes (sockets) and two gunicorn processes (REST), two Celery workers and
# beat, run by honcho over the Procfile. Needs
# DJANGO_SECRET_KEY, DATABASE_URL, REDIS_URL and CELERY_BROKER_URL; deploy/stack.py --help.
stack: $(VENV)/.installed
	$(PY) deploy/stack.py

bench-api: $(VENV)/.installed
	$(PY) benchmarks/api.py

# Live play on PostgreSQL + Redis + a Celery worker: AI reply latency and spectator fan-out.
bench-live: $(VENV)/.installed
	$(PY) benchmarks/live.py

# Hundreds of tables through nginx and the whole stack, with faults (benchmarks/README.md).
bench-load: $(VENV)/.installed
	$(PY) benchmarks/load.py --faults

# The account stream: 1,000 open streams on one server process, a round dealing 256 tables.
bench-stream: $(VENV)/.installed
	$(PY) benchmarks/stream.py

# Ratings' predictive quality: Plackett-Luce against pairwise Elo on arena games (one core).
bench-ratings: $(VENV)/.installed
	$(PY) benchmarks/ratings.py
