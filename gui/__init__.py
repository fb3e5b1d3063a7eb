"""Escarmouche: encounter manager for tabletop role-playing game masters."""

__version__ = "0.1.0"
