"""Engine tests: pure Python, no QApplication."""
