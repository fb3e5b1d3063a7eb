"""The players' view: a second window the GM turns towards the table (issue 21)."""
