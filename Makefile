# Дурак онлайн. `make run` plays, `make test` checks everything. See README.md.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test lint lock typecheck pytest migrate bench-api bench-live bench-ratings superuser worker beat

# The virtualenv is made once, from the lock file (every package pinned, so a release
# elsewhere cannot break `make test`); the stamp reinstalls it when the lock changes.
$(VENV)/.installed: pyproject.toml requirements.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

# After changing pyproject.toml's dependencies: pin them all again.
lock: $(VENV)/.installed
	$(VENV)/bin/pip-compile --quiet --extra dev --strip-extras --no-emit-find-links --no-emit-index-url \
		--no-header --output-file requirements.lock pyproject.toml

migrate: $(VENV)/.installed
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py sweep_ai_turns --older-than 0
	$(PY) manage.py sweep_tournaments
	$(PY) manage.py sweep_timers
	@echo "Дурак онлайн on http://$(HOST):$(PORT)/"
	$(VENV)/bin/uvicorn durak_platform.asgi:application --host $(HOST) --port $(PORT)

# ruff, and the import contracts (pyproject.toml): the apps depend one way, the engine is pure.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy games accounts durak_platform live ratings tournaments

pytest: $(VENV)/.installed
	mkdir -p test-output
	$(VENV)/bin/pytest

test: lint typecheck pytest jstest

# The page's JS modules under node's test runner: the event fold against recorded games.
.PHONY: jstest
jstest:
	node --test tests/js/

superuser: migrate
	$(PY) manage.py createsuperuser

worker: $(VENV)/.installed
	$(VENV)/bin/celery -A durak_platform worker --loglevel=INFO

beat: $(VENV)/.installed
	$(VENV)/bin/celery -A durak_platform beat --loglevel=INFO

bench-api: $(VENV)/.installed
	$(PY) benchmarks/api.py

# Live play on PostgreSQL + Redis + a Celery worker: AI reply latency and spectator fan-out.
bench-live: $(VENV)/.installed
	$(PY) benchmarks/live.py

# Ratings' predictive quality: Plackett-Luce against pairwise Elo on arena games (one core).
bench-ratings: $(VENV)/.installed
	$(PY) benchmarks/ratings.py
