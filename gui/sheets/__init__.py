"""The combatant sheet dock and its parts; shared here: inline error messages and rule tooltips."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

from gui.boot.i18n import either, message, pick
from gui.control.controller import Refused
from gui.engine.state.schema import FieldSpec, RulesetData

ERROR_COLOUR = "#b3261e"


class ErrorLabel(QLabel):
    """A red message next to the field it is about, hidden while there is nothing to say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(f"color: {ERROR_COLOUR};")
        self.hide()

    def set_error(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))

    def attempt(self, edit: Callable[..., object], *args: object) -> bool:
        """Run a controller edit: True when it was made, else its refusal is shown here."""
        try:
            edit(*args)
        except Refused as exc:
            self.set_error(message(exc))
            return False
        self.set_error("")
        return True


def told(why: tuple[str, str]) -> str:
    """A (French, English) problem from the schema checks in the current language."""
    return either(*why)


def rule_tip(data: RulesetData, rule_id: str) -> str:
    """A rule for a tooltip: "LIB-02 — Attaque : 1d20 + bonus…" (the id alone if unknown)."""
    text = next((pick(r.text) for r in data.rules if r.id == rule_id), "")
    return f"{rule_id} — {text}" if text else rule_id


def field_tip(data: RulesetData, spec: FieldSpec) -> str:
    """A field label's tooltip: the rule that defines it, then the field's help."""
    parts = [rule_tip(data, spec.rule) if spec.rule else "", pick(spec.help) if spec.help else ""]
    return "\n".join(p for p in parts if p)
