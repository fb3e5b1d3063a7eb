# Escarmouche — `make run` and `make test` do all the set-up on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean

# The virtual environment is made with a Python >= 3.12 found by tools/find_python.sh
# (PATH first, then `pyenv root`/versions); a .venv made by an older Python is replaced.
$(STAMP): pyproject.toml tools/find_python.sh
	@set -e; \
	if [ -x $(PY) ] && $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then :; \
	else \
		base=$$(tools/find_python.sh); \
		echo "Creating $(VENV) with $$base"; \
		rm -rf $(VENV); "$$base" -m venv $(VENV); \
	fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(PY) -m gui --demo libre

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
