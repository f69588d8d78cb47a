# Garden Club: `make run` runs the bot, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck unit lock clean

# Reinstall only when pyproject.toml changed since the last install (idempotent and fast).
$(VENV)/.installed-run: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@ $(VENV)/.installed-run

# A venv on an optimised interpreter (profile-guided, the interpreter linked in), as the Docker
# image's official Python is, beside the development one (pyenv's default build): for reading
# issue 31's side-by-side on the kind of interpreter owners run (docs/performance.md).
# OPTIMISED_PYTHON names it (here Debian's); `side_by_side.py --bot-python
# .venv-optimised/bin/python` runs both bots under it.
OPTIMISED_PYTHON ?= /usr/bin/python3
.venv-optimised/.installed: pyproject.toml $(VENV)/.installed-dev
	@test -x .venv-optimised/bin/python || $(OPTIMISED_PYTHON) -m venv --without-pip .venv-optimised
	$(BIN)/python -m pip --python .venv-optimised/bin/python install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@

run: $(VENV)/.installed-run
	@mkdir -p data
	$(BIN)/python -m bot

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy engine bot

unit: $(VENV)/.installed-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck unit

# After changing [project].dependencies: pin them again, every file by its hash, for the image.
lock: $(VENV)/.installed-dev
	$(BIN)/pip-compile --quiet --generate-hashes --strip-extras --no-emit-index-url \
		--no-emit-find-links --no-emit-trusted-host --output-file=requirements.lock pyproject.toml

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
