"""The app as users install it: the wheel in a fresh venv, the desktop bundle (issue 22)."""
