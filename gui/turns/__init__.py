"""The combat dock (panel.py) with the pieces every turn mode shares, and each mode's GUI in
its own place: cards/, declare/, passes.py, ranked.py. A mode's GUI is imported at its first
need (cells.of_kind), not at start-up (P1b): MODE_GUIS names, for each kind of turn mode, the
module that registers its GUI (mode_actions.for_modes)."""

MODE_GUIS = {
    "alternating": "gui.turns.passes",
    "ranked": "gui.turns.ranked",
    "gm_order": "gui.turns.ranked",
    "cards": "gui.turns.cards.actions",
    "declare": "gui.turns.declare.actions",
}
