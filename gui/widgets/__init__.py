"""Small widgets shared by sheets and dialogs."""
