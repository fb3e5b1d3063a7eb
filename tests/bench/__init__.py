"""Benchmarks run by `make bench` (python -m tests.bench), not collected by pytest."""
