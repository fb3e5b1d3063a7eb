"""The GM's library in the window: keep a combatant, import from another encounter, write the
state after a fight back (the add dialog offers the library's entries)."""
