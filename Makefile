# Escarmouche — `make run` and `make test` do all the set-up on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
TS     := resources/i18n/escarmouche_en.ts
QM     := resources/i18n/escarmouche_en.qm resources/i18n/escarmouche_fr.qm
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
WHEEL  := dist/escarmouche-$(VERSION)-py3-none-any.whl
LINUX  := packaging/linux
STAGE  := build/stage/escarmouche
TARBALL := dist/escarmouche-$(VERSION)-linux-$(shell uname -m).tar.gz
METAINFO := $(LINUX)/io.github.escarmouche.escarmouche.metainfo.xml

.PHONY: run test lint bench soak clean i18n wheel wheel-test package package-test

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

# The committed .ts compiled to the .qm that gui/language.py loads (not committed): the English
# UI, and the French of the few words of Qt's own dialogs that Qt's French lacks.
resources/i18n/%.qm: resources/i18n/%.ts $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

# `make i18n` refreshes the .ts from the tr("…") strings under gui/; then translate the new ones.
i18n: $(STAMP)
	$(VENV)/bin/pyside6-lupdate $$(find gui -name '*.py' | LC_ALL=C sort) \
		-no-obsolete -locations none -source-language fr -target-language en -ts $(TS)

run: $(STAMP) $(QM)
	$(PY) -m gui --demo libre

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache

test: lint $(QM) wheel-test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

# The wheel users install (pip, pipx): setup.py adds the ruleset data, the icons and the .qm.
wheel: $(STAMP)
	rm -rf build/lib build/bdist.* dist/*.whl
	$(PY) -m pip wheel --quiet --no-deps --wheel-dir dist .

# That wheel in a fresh venv outside the repository runs every command (tests/install/).
wheel-test: wheel
	ESCARMOUCHE_WHEEL=$(WHEEL) $(PY) -m pytest -q -p no:cacheprovider tests/install/test_wheel.py

# The desktop bundle for a GM without Python: PyInstaller onedir of the wheel, the launcher,
# the file type, the icons and the metainfo, with install.sh and uninstall.sh, in one .tar.gz.
package: wheel
	@if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net $(METAINFO); \
	else echo "appstreamcli not found: $(METAINFO) is not validated (apt-get install appstream)"; fi
	rm -rf build/package-venv && $(PY) -m venv build/package-venv
	build/package-venv/bin/python -m pip install --quiet '$(WHEEL)[package]'
	build/package-venv/bin/pyinstaller --noconfirm --clean --log-level ERROR \
		--distpath $(dir $(STAGE)) --workpath build/pyinstaller $(LINUX)/escarmouche.spec
	install -D -m 644 $(LINUX)/escarmouche.desktop $(STAGE)/share/applications/escarmouche.desktop
	install -D -m 644 $(LINUX)/escarmouche-mime.xml $(STAGE)/share/mime/packages/escarmouche.xml
	install -D -m 644 $(METAINFO) $(STAGE)/share/metainfo/$(notdir $(METAINFO))
	QT_QPA_PLATFORM=offscreen $(PY) $(LINUX)/render_icons.py resources/icons/escarmouche.svg \
		$(STAGE)/share/icons/hicolor
	install -m 755 $(LINUX)/install.sh $(STAGE)/install.sh
	install -m 755 $(LINUX)/uninstall.sh $(STAGE)/uninstall.sh
	tar -C $(dir $(STAGE)) -czf $(TARBALL) $(notdir $(STAGE))
	@echo "$(TARBALL): $$(du -sh $(STAGE) | cut -f1) unpacked"

# The bundle unpacked in a temporary folder runs with no Python on PATH; install.sh into a
# temporary home puts the launcher, the file type and the icons where the desktop finds them.
package-test: package
	ESCARMOUCHE_BUNDLE=$(TARBALL) $(PY) -m pytest -q -p no:cacheprovider tests/install/test_bundle.py

# The reliability tests at length: hundreds of kill -9 during saves and after painted gestures,
# thousands of mutated files, a thousand random plays with hidden things and the players' view.
soak: $(STAMP) $(QM)
	ESCARMOUCHE_SOAK=1 QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider \
		tests/engine/files/test_save_kill.py tests/gui/test_file_mutations.py \
		tests/gui/test_autosave_kill.py tests/gui/test_players_filter.py

bench: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis $(QM)
