"""The columns of the turn order (TurnOrderModel): which ones a turn mode shows is its GUI's
choice (ModeActions.columns), what they hold its cells' (OrderCells)."""

MARK, NAME, SIDE, INIT, ACTIONS, STATES, DECLARED = range(7)
OPTIONAL = (SIDE, INIT, ACTIONS, STATES, DECLARED)  # the columns a turn mode shows or not
