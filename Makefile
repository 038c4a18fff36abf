# Дурак онлайн. `make run` plays, `make test` checks everything. See README.md.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test lint typecheck pytest migrate bench-api bench-live superuser worker beat

# The virtualenv is made once; the stamp reinstalls it when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

migrate: $(VENV)/.installed
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py sweep_ai_turns --older-than 0
	@echo "Дурак онлайн on http://$(HOST):$(PORT)/"
	$(VENV)/bin/uvicorn durak_platform.asgi:application --host $(HOST) --port $(PORT)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy games accounts durak_platform live ratings tournaments

pytest: $(VENV)/.installed
	mkdir -p test-output
	$(VENV)/bin/pytest

test: lint typecheck pytest

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
