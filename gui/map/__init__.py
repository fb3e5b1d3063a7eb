"""The zone map: scene, zone and token items, token layout."""
