"""Start-up: the command line, the QApplication, the first paint, the language and where the data
is kept."""
