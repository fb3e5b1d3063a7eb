"""The computation of an action before and after its dice: terms, rules, target and odds."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, pick, tr
from gui.dialogs.odds_chart import DistributionChart, decimal, percent
from gui.engine.contract.base import Ruleset
from gui.engine.contract.values import Preview
from gui.engine.core.words import Notice, Term

_ROWS_SHOWN = 6
_WARNING_STYLE = (
    "QLabel { background: #fff4d6; color: #5d4300; border: 1px solid #e0b84c;"
    " border-radius: 4px; padding: 4px; }"
)
_BLOCKING_STYLE = (
    "QLabel { background: #fde7e7; color: #8e1c1c; border: 2px solid #c62828;"
    " border-radius: 4px; padding: 4px; font-weight: bold; }"
)


def rule_text(ruleset: Ruleset, rule: str) -> str:
    """A rule id with its statement, for tooltips ("LIB-02 — Attaque : 1d20 …")."""
    for spec in ruleset.data.rules:
        if spec.id == rule:
            return f"{rule} — {pick(spec.text)}"
    if rule == "G-3":
        return tr(
            "G-3 — Le MJ a le dernier mot : il peut passer outre une règle, "
            "et sa décision est consignée au journal."
        )
    return rule


def term_value(term: Term) -> str:
    """A term's value as the Valeur column shows it: modifiers signed ("+5"), words in the
    interface's language."""
    value = either(term.value, term.value_en or term.value) if term.value_en else term.value
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}"
    return str(value)


def notice_text(notice: Notice) -> str:
    """ "⚠ LIB-02 Cible hors de portée"; a blocking notice reads "✖ …" instead (not "⛔",
    which many desktops' fonts, DejaVu included, cannot draw)."""
    text = either(notice.fr, notice.en)
    sign = "✖" if notice.blocking else "⚠"
    return f"{sign} {notice.rule} {text}".strip()


class BreakdownView(QGroupBox):
    """Shows a Preview (terms with their rules, target number, exact odds, distribution,
    warnings) and, once the action is resolved, the terms of its Resolution.

    Blocking notices (the rules forbid the action unless the GM overrides them, G-3) show
    apart, first, in bold red with ✖; the other warnings below them, with ⚠."""

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(tr("Calcul"), parent)
        self.ruleset = ruleset
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("terms")
        self.table.setHorizontalHeaderLabels([tr("Règle"), tr("Terme"), tr("Valeur")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.target_label = QLabel()
        self.target_label.setObjectName("targetNumber")
        self.odds_label = QLabel()
        self.odds_label.setObjectName("odds")
        big = self.odds_label.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.odds_label.setFont(big)
        self.mean_label = QLabel()
        self.mean_label.setObjectName("mean")
        self.note_label = QLabel()  # what the odds assume (a policy, a chance of botch…)
        self.note_label.setObjectName("oddsNote")
        self.note_label.setWordWrap(True)
        small = self.note_label.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.note_label.setFont(small)
        self.chart = DistributionChart()
        self.blocking_notices = QLabel()
        self.blocking_notices.setObjectName("blockingNotices")
        self.blocking_notices.setWordWrap(True)
        self.blocking_notices.setStyleSheet(_BLOCKING_STYLE)
        self.notices = QLabel()
        self.notices.setObjectName("notices")
        self.notices.setWordWrap(True)
        self.notices.setStyleSheet(_WARNING_STYLE)
        self._layout()
        self.clear()

    def _layout(self) -> None:
        side = QVBoxLayout()
        side.setSpacing(2)
        side.addWidget(self.target_label)
        side.addWidget(self.odds_label)
        side.addWidget(self.mean_label)
        side.addWidget(self.chart, 1)
        side.addWidget(self.note_label)
        row = QHBoxLayout()
        row.addWidget(self.table, 3, Qt.AlignmentFlag.AlignTop)
        row.addLayout(side, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.blocking_notices)
        layout.addWidget(self.notices)

    def clear(self) -> None:
        """Nothing to show (the action does not fit: the dialog says why)."""
        self.show_terms(())
        for label in (self.target_label, self.odds_label, self.mean_label, self.note_label):
            label.hide()
        self.show_notices(())
        self.chart.show_distribution(None, None)

    def show_preview(self, preview: Preview) -> None:
        self.show_terms(preview.terms)
        number = preview.target_number
        self.target_label.setText(tr("Nombre à atteindre : {n}").format(n=number))
        self.target_label.setVisible(number is not None)
        self.odds_label.setVisible(preview.odds is not None)
        if preview.odds is not None:
            self.odds_label.setText(tr("Chances : {p}").format(p=percent(preview.odds)))
            note = f" — {either(*preview.notes)}" if preview.odds_note else ""
            self.odds_label.setToolTip(
                tr("Probabilité exacte : {fraction}").format(fraction=preview.odds) + note
            )
        self.note_label.setText(either(*preview.notes))
        self.note_label.setVisible(preview.odds is not None and bool(preview.odds_note))
        dist = preview.distribution
        self.mean_label.setVisible(dist is not None)
        if dist is not None:
            self.mean_label.setText(tr("Moyenne : {mean}").format(mean=decimal(dist.mean())))
        self.chart.show_distribution(dist, number)
        self.show_notices(preview.notices)

    def show_notices(self, notices: Sequence[Notice]) -> None:
        """Blocking notices in their own red box, the other warnings in the yellow one."""
        for label, blocking in ((self.blocking_notices, True), (self.notices, False)):
            shown = [notice_text(n) for n in notices if n.blocking == blocking]
            label.setText("\n".join(shown))
            label.setVisible(bool(shown))

    def show_terms(self, terms: Sequence[Term]) -> None:
        """Fill the table: one row per term, the rule's text as the Règle cell's tooltip."""
        self.table.setRowCount(len(terms))
        for row, term in enumerate(terms):
            cells = (term.rule, either(term.label, term.label_en or term.label), term_value(term))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0:
                    item.setToolTip(rule_text(self.ruleset, term.rule))
                if column == 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        shown = min(max(len(terms), 1), _ROWS_SHOWN)
        height = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
        self.table.setFixedHeight(height + shown * self.table.verticalHeader().defaultSectionSize())

    def texts(self) -> list[str]:
        """The rows as they read ("LIB-02 bonus d'attaque +5"), for tests and accessibility."""
        table = self.table
        return [
            " ".join(table.item(row, c).text() for c in range(3) if table.item(row, c).text())
            for row in range(table.rowCount())
        ]
