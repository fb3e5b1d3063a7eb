"""Escarmouche's tests: engine/ (no Qt), gui/ (pytest-qt), data/ (golden files), bench/."""
