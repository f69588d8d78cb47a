# Garden Club: `make run` runs the bot, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck unit clean

# Reinstall only when pyproject.toml changed since the last install (idempotent and fast).
$(VENV)/.installed-run: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	@mkdir -p data
	$(BIN)/python -m bot

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy engine bot

unit: $(VENV)/.installed-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck unit

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
