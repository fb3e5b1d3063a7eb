"""The main window: menus, actions, file handling, log panel, prompts and icons."""
