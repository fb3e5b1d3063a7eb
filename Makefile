# Escarmouche — `make run` and `make test` do all the set-up on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
TS     := resources/i18n/escarmouche_en.ts
QM     := resources/i18n/escarmouche_en.qm

.PHONY: run test lint bench soak clean i18n

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

# The English UI: the committed .ts compiled to the .qm that gui/i18n.py loads (not committed).
$(QM): $(TS) $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $(TS) -qm $@

# `make i18n` refreshes the .ts from the tr("…") strings under gui/; then translate the new ones.
i18n: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $$(find gui -name '*.py' | LC_ALL=C sort) \
		-no-obsolete -locations none -source-language fr -target-language en -ts $(TS)

run: $(STAMP) $(QM)
	$(PY) -m gui --demo libre

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: lint $(QM)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

# The reliability tests at length: hundreds of kill -9 during saves, thousands of mutated files.
soak: $(STAMP) $(QM)
	ESCARMOUCHE_SOAK=1 QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider \
		tests/engine/test_save_kill.py tests/gui/test_file_mutations.py

bench: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis $(QM)
