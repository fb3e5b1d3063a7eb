"""Where things are: zone geometry (zones) and where a moved token goes (destination)."""
