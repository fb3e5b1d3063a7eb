"""The printed summary: HTML from the encounter, preview and PDF."""
