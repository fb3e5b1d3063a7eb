"""Encounter files and the GM's library: storage, migrations, load errors, new and carried
encounters."""
