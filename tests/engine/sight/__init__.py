"""Sight tests (issue 38): no QApplication."""
