"""The shared words of the engine, below everything: labels, terms, notices, problems located by a
JSON path, the app's own files, call checks."""
