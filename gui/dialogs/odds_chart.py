"""A small painted bar chart of a dice distribution, successes shaded against the target."""

from __future__ import annotations

import math
from fractions import Fraction

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from gui.boot.i18n import language, tr
from gui.engine.dice.odds import Distribution

SUCCESS = QColor("#2e7d32")
_LABELS = 16  # pixels under the bars for the outcome labels


def decimal(value: Fraction) -> str:
    """A number with one decimal, rounded half up exactly, French comma first ("70,5")."""
    tenths = math.floor(value * 10 + Fraction(1, 2))
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}{',' if language() == 'fr' else '.'}{tenth}"


def percent(odds: Fraction) -> str:
    """A probability as a percentage with one decimal ("70,0 %", narrow space in French)."""
    return f"{decimal(odds * 100)}{chr(0x202F) if language() == 'fr' else ''}%"


class DistributionChart(QWidget):
    """One bar per outcome from the smallest to the largest; the bars that reach the target
    number are green, a dashed line marks it; hovering a bar tells its probability."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.distribution: Distribution | None = None
        self.target: int | None = None
        self.setMinimumSize(200, 80)
        self.setAccessibleName(tr("Distribution des résultats"))

    def show_distribution(self, distribution: Distribution | None, target: int | None) -> None:
        self.distribution, self.target = distribution, target
        self.setVisible(distribution is not None)
        self.update()

    def sizeHint(self) -> QSize:  # Qt override
        return QSize(280, 110)

    def _outcomes(self) -> range:
        dist = self.distribution
        return range(0) if dist is None else range(dist.min_outcome, dist.max_outcome + 1)

    def _plot(self) -> QRectF:
        return QRectF(self.rect()).adjusted(4, 4, -4, -_LABELS)

    def _bar_width(self) -> float:
        return self._plot().width() / max(1, len(self._outcomes()))

    def _x(self, outcome: int) -> float:
        """The left edge of an outcome's bar."""
        return self._plot().left() + (outcome - self._outcomes().start) * self._bar_width()

    def paintEvent(self, event) -> None:  # Qt override
        dist = self.distribution
        if dist is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        plot, width = self._plot(), self._bar_width()
        top = max(dist.weights.values())
        plain = palette.color(QPalette.ColorRole.Highlight)
        if self.target is not None:
            plain = palette.color(QPalette.ColorRole.Mid)
        gap = 1.0 if width > 4 else 0.0
        painter.setPen(Qt.PenStyle.NoPen)
        for outcome in self._outcomes():
            height = plot.height() * dist.weights.get(outcome, 0) / top
            hit = self.target is not None and outcome >= self.target
            painter.setBrush(SUCCESS if hit else plain)
            bar = QRectF(self._x(outcome) + gap / 2, plot.bottom() - height, width - gap, height)
            painter.drawRect(bar)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        self._label(painter, dist.min_outcome, Qt.AlignmentFlag.AlignLeft)
        self._label(painter, dist.max_outcome, Qt.AlignmentFlag.AlignRight)
        if self.target is not None and self.target in self._outcomes():
            x = self._x(self.target)
            pen = QPen(SUCCESS.darker(130), 1.5, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            if self.target not in (dist.min_outcome, dist.max_outcome):
                self._label(painter, self.target, Qt.AlignmentFlag.AlignHCenter, x)
        painter.end()

    def _label(
        self, painter: QPainter, outcome: int, align: Qt.AlignmentFlag, x: float | None = None
    ) -> None:
        plot = self._plot()
        box = QRectF(plot.left(), plot.bottom() + 1, plot.width(), _LABELS - 1)
        if x is not None:
            box = QRectF(x - 20, plot.bottom() + 1, 40, _LABELS - 1)
        painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, str(outcome))

    def event(self, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            outcome = self._outcome_at(event.pos().x())
            if outcome is None or self.distribution is None:
                QToolTip.hideText()
            else:
                dist = self.distribution
                text = tr("{value} : {p} (au moins {value} : {q})").format(
                    value=outcome,
                    p=percent(dist.probability(outcome)),
                    q=percent(dist.at_least(outcome)),
                )
                QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().event(event)

    def _outcome_at(self, x: float) -> int | None:
        outcomes = self._outcomes()
        if not outcomes or not self._plot().left() <= x < self._plot().right():
            return None
        return outcomes.start + int((x - self._plot().left()) // self._bar_width())
