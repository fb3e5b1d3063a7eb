"""What the GM chooses in the action dialog: actor, target, action, options, GM overrides."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.dialogs.breakdown import rule_text
from gui.engine.contract.aims import refusal, target_for
from gui.engine.contract.values import FORCE, Action, ActionSpec, AreaOf, Override, Preview
from gui.engine.core.words import Label
from gui.engine.state.model import Combatant
from gui.engine.timing.windows import offers_in
from gui.widgets.field_editor import FieldEditor, make_editor, narrow

_BIG = 9999
_UNABLE_STYLE = (
    "QLabel { background: #fde7e7; color: #8e1c1c; border-radius: 4px; padding: 6px;"
    " font-weight: bold; }"
)


def override_label(key: str, spec: ActionSpec | None = None) -> str:
    """A readable label for an overridable key: the action's own label for it first, else a
    known one ("target_number" → "Nombre à atteindre"), else the key itself."""
    if spec is not None and key in spec.override_labels:
        return pick(spec.override_labels[key])
    labels = {"bonus": tr("Bonus"), "target_number": tr("Nombre à atteindre")}
    return labels.get(key, key)


def computed_value(preview: Preview, key: str) -> int | None:
    """The value the ruleset computed for an overridable key (before any GM override)."""
    value = preview.computed.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class OverrideField(QWidget):
    """A ticked "Imposer" makes the spin box's value the GM's; unticked, the box shows the
    value the ruleset computed. `changed` fires when the imposed value may differ."""

    changed = Signal()

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check = QCheckBox(tr("Imposer"))
        self.spin = QSpinBox()
        self.spin.setRange(-_BIG, _BIG)
        self.spin.setKeyboardTracking(False)
        self.spin.setEnabled(False)
        self.spin.setAccessibleName(label)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.check)
        layout.addWidget(self.spin, 1)
        self.check.toggled.connect(self._toggled)
        self.spin.valueChanged.connect(self.changed)

    def value(self) -> int | None:
        """The imposed value, or None when the computed one applies."""
        return self.spin.value() if self.check.isChecked() else None

    def show_computed(self, value: int | None) -> None:
        """Pre-fill with the computed value while the GM imposes nothing."""
        if value is not None and not self.check.isChecked():
            with QSignalBlocker(self.spin):
                self.spin.setValue(value)

    def _toggled(self, on: bool) -> None:
        self.spin.setEnabled(on)
        if on:
            self.spin.setFocus()
            self.spin.selectAll()
        self.changed.emit()


class ActionChoice(QWidget):
    """Actor and target combos, the actor's actions (rule in the tooltip), the chosen action's
    option editors and override fields; `changed` fires whenever `action()` may differ.

    `set_force(True)` is the GM's decision to act despite a blocking notice (G-3): the action
    then carries the override FORCE (the dialog shows the « Passer outre » box).

    An actor that cannot act (Ruleset.cannot_act) is offered only what it takes all the same
    (Ruleset.offered_actions), under a line that says why; « Forcer une action (MJ) »
    (`forcing`) lists all its actions, whose preview then blocks until « Passer outre ».

    The target follows the action (issue 34): on opening, and when the GM picks another
    action or actor, a target the action may not aim at (aims.py: out of the fight, itself,
    a foe for an ally's action…) gives way to the one it aims at by default (`target_for`);
    a target the GM picks stays, its refusal a blocking notice he may pass over (G-3).
    Combatants out of the fight read « (hors de combat) » in both lists, and the targets
    the action may not aim at are greyed, with why in their tooltip. In a reaction window
    only its offers are listed, and only those who have one as actors."""

    changed = Signal()

    def __init__(
        self,
        controller: Controller,
        actor: str | None,
        target: str | None,
        kind: str | None,
        parent: QWidget | None = None,
        window: str | None = None,
        forcing: bool = False,
        area: AreaOf | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.window = window  # the reaction window the action is taken in
        self.area = area  # an area of effect drawn on the map: its creatures are the targets
        self.specs: list[ActionSpec] = []
        self.option_editors: dict[str, FieldEditor] = {}
        self.overrides: dict[str, OverrideField] = {}
        self._fields_for: ActionSpec | None = None
        self._force = False
        self.actor_combo = QComboBox()
        self.target_combo = QComboBox()
        self.caught = QLabel()  # an area's creatures, in place of the target
        self.caught.setObjectName("caught")
        self.caught.setWordWrap(True)
        self.action_list = QListWidget()
        self.action_list.setObjectName("actions")
        self.action_list.setMinimumHeight(self.fontMetrics().height() * 6)
        self.action_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.action_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.options_box = QGroupBox(tr("Options"))
        self.options_form = QFormLayout(self.options_box)
        self.overrides_box = QGroupBox(tr("Valeurs imposées par le MJ (G-3)"))
        self.overrides_form = QFormLayout(self.overrides_box)
        for form in (self.options_form, self.overrides_form):  # long labels above their field
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for box in (self.actor_combo, self.target_combo):
            narrow(box)
        self.unable = QLabel()  # why the actor cannot act (Ruleset.cannot_act)
        self.unable.setObjectName("unable")
        self.unable.setWordWrap(True)
        self.unable.setStyleSheet(_UNABLE_STYLE)
        self.unable.hide()
        self.force_all = QCheckBox(tr("&Forcer une action (MJ)"))
        self.force_all.setObjectName("forceAll")
        self.force_all.setToolTip(
            tr(
                "Propose toutes les actions de ce combattant ; « Passer outre » autorise celle"
                " choisie, et le journal note la décision du MJ (G-3)."
            )
        )
        self.force_all.setChecked(forcing)
        self.force_all.hide()
        self._layout()
        self.reload(actor, target, kind)
        if not forcing:
            self._follow_aim()
        self.force_all.toggled.connect(self._who_changed)
        self.actor_combo.currentIndexChanged.connect(self._actor_changed)
        self.target_combo.currentIndexChanged.connect(self._who_changed)
        self.action_list.currentRowChanged.connect(self._kind_picked)

    def _layout(self) -> None:
        who = QFormLayout()
        who.addRow(tr("Ac&teur"), self.actor_combo)
        if self.area is None:
            who.addRow(tr("Ci&ble"), self.target_combo)
        else:
            who.addRow(tr("Aire"), self.caught)
            self.target_combo.hide()
        heading = QLabel(tr("Actio&n"))
        heading.setBuddy(self.action_list)
        left = QVBoxLayout()
        left.addLayout(who)
        left.addWidget(self.unable)
        left.addWidget(self.force_all)
        left.addWidget(heading)
        left.addWidget(self.action_list, 1)
        right = QVBoxLayout()
        right.addWidget(self.options_box)
        right.addWidget(self.overrides_box)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)

    def actor_id(self) -> str | None:
        return self.actor_combo.currentData()

    def target_id(self) -> str | None:
        return None if self.area is not None else self.target_combo.currentData()

    def spec(self) -> ActionSpec | None:
        row = self.action_list.currentRow()
        return self.specs[row] if 0 <= row < len(self.specs) else None

    def forced(self) -> bool:
        """True when the GM overrides the blocking notices (FORCE goes into the action)."""
        return self._force

    def set_force(self, on: bool) -> None:
        if on != self._force:
            self._force = on
            self.changed.emit()

    def action(self) -> Action:
        """The action as chosen: options as shown, overrides only where "Imposer" is ticked,
        and FORCE while the GM overrides blocking notices."""
        spec = self.spec()
        overrides: dict[str, Override] = {
            k: v for k, f in self.overrides.items() if (v := f.value()) is not None
        }
        if self._force:
            overrides[FORCE] = True
        return Action(
            spec.kind if spec else "",
            self.actor_id(),
            self.target_id(),
            {key: editor.value() for key, editor in self.option_editors.items()},
            overrides,
            self.window,
            self.area,
        )

    def title(self) -> str:
        """ "Action — Ysolde la Rousse → Brigand 1" (no arrow without a target)."""
        names = {c.id: c.name for c in self.controller.enc.combatants}
        actor, target = names.get(self.actor_id() or "", "?"), self.target_id()
        if self.area is not None:
            return tr("Aire d’effet — {actor} → {count} créature(s)").format(
                actor=actor, count=len(self.area.caught)
            )
        if target is None:
            return tr("Action — {actor}").format(actor=actor)
        return tr("Action — {actor} → {target}").format(actor=actor, target=names.get(target))

    def show_computed(self, preview: Preview) -> None:
        """Pre-fill the override fields the GM has not ticked with the computed values."""
        for key, field in self.overrides.items():
            field.show_computed(computed_value(preview, key))

    def reload(self, actor: str | None, target: str | None, kind: str | None) -> None:
        """Re-read combatants and actions from the encounter (after any change to it)."""
        enc = self.controller.enc
        if self.area is not None:
            present = {c.id: c for c in enc.combatants}
            names = [self._name(present[cid]) for cid in self.area.caught if cid in present]
            self.caught.setText(", ".join(names) or tr("personne"))
        reacting = (
            {o.actor for o in offers_in(self.controller.ruleset, enc, self.window)} | {actor}
            if self.window is not None
            else None
        )
        with QSignalBlocker(self.actor_combo), QSignalBlocker(self.target_combo):
            self.actor_combo.clear()
            self.target_combo.clear()
            self.target_combo.addItem(tr("— aucune —"), None)
            for c in enc.combatants:
                if reacting is None or c.id in reacting:
                    self.actor_combo.addItem(self._name(c), c.id)
                self.target_combo.addItem(self._name(c), c.id)
            self.actor_combo.setCurrentIndex(max(0, self.actor_combo.findData(actor)))
            self.target_combo.setCurrentIndex(max(0, self.target_combo.findData(target)))
        self._reload_actions(kind)

    def _reload_actions(self, kind: str | None) -> None:
        """The actor's actions against the target; `kind` stays selected while offered."""
        self.specs = self._offered()
        kinds = [s.kind for s in self.specs]
        with QSignalBlocker(self.action_list):
            self.action_list.clear()
            for spec in self.specs:
                item = QListWidgetItem(pick(spec.label))
                item.setData(Qt.ItemDataRole.UserRole, spec.kind)
                item.setToolTip(rule_text(self.controller.ruleset, spec.rule))
                self.action_list.addItem(item)
            self.action_list.setCurrentRow(kinds.index(kind) if kind in kinds else 0)
        widest = max((self.action_list.sizeHintForColumn(0),), default=0)
        self.action_list.setMinimumWidth(min(320, widest + 24))
        self._kind_changed()

    def _name(self, c: Combatant) -> str:
        """A combatant as the lists name it: « Brigand 1 (hors de combat) » once out."""
        if self.controller.ruleset.is_out(self.controller.enc, c):
            return tr("{name} (hors de combat)").format(name=c.name)
        return c.name

    def _offered(self) -> list[ActionSpec]:
        """The actions listed: in a reaction window only those it offers the actor (its
        reactions and the steps that go on: windows.offers_in), else those offered
        (Ruleset.offered_actions), or all while « Forcer une action (MJ) » is ticked; the
        line that says why shows with the box."""
        actor, target, ruleset = self.actor_id(), self.target_id(), self.controller.ruleset
        enc = self.controller.enc
        why = None
        if actor is None:
            specs = []
        elif self.area is not None:
            specs = ruleset.area_actions(enc, actor, self.area)
            why = ruleset.cannot_act(enc, enc.combatant(actor))
            if why is not None and not self.force_all.isChecked():
                specs = []
        elif self.window is not None:
            kinds = {o.kind for o in offers_in(ruleset, enc, self.window, actor)}
            specs = [s for s in ruleset.actions(enc, actor, target) if s.kind in kinds]
        else:
            specs, why = ruleset.offered_actions(enc, actor, target)
        if why is not None and self.force_all.isChecked() and self.area is None:
            specs = ruleset.actions(enc, actor, target)
        self.unable.setText(pick(Label(fr=why.fr, en=why.en)) if why else "")
        self.unable.setToolTip(rule_text(ruleset, why.rule) if why else "")
        self.unable.setVisible(why is not None)
        self.force_all.setVisible(why is not None)
        return specs

    def _rebuild_fields(self) -> None:
        """Option editors and override fields of the chosen action (kept while it is the same,
        so what the GM typed survives a change of target)."""
        spec = self.spec()
        if spec == self._fields_for:
            return
        self._fields_for = spec
        for form in (self.options_form, self.overrides_form):
            while form.rowCount():
                form.removeRow(0)
        self.option_editors, self.overrides = {}, {}
        for option in spec.options if spec else ():
            editor = make_editor(option)
            editor.committed.connect(self.changed)
            self.options_form.addRow(pick(option.label), editor)
            self.option_editors[option.key] = editor
        for key in spec.overridable if spec else ():
            if key == FORCE:  # the dialog's « Passer outre » box, not a number
                continue
            label = override_label(key, spec)
            field = OverrideField(label)
            field.changed.connect(self.changed)
            self.overrides_form.addRow(label, field)
            self.overrides[key] = field
        self.options_box.setVisible(bool(self.option_editors))
        self.overrides_box.setVisible(bool(self.overrides))

    def _who_changed(self) -> None:
        spec = self.spec()
        self._reload_actions(spec.kind if spec else None)

    def _actor_changed(self) -> None:
        self._who_changed()
        self._follow_aim()

    def _kind_picked(self) -> None:
        """The GM picks another action: the target follows it, then its fields show."""
        if not self._follow_aim():
            self._kind_changed()

    def _follow_aim(self) -> bool:
        """Aim at whom the chosen action aims by default when the target shown is one it
        may not aim at (aims.target_for); True when the target changed (the actions read
        again for it). Not in a reaction window (its offers name their targets) nor while
        the GM forces an action."""
        spec, actor, target = self.spec(), self.actor_id(), self.target_id()
        if self.window is not None or spec is None or actor is None or self.force_all.isChecked():
            return False
        if self.area is not None:
            return False
        wanted = target_for(self.controller.ruleset, self.controller.enc, actor, spec, target)
        if wanted == target:
            return False
        with QSignalBlocker(self.target_combo):
            self.target_combo.setCurrentIndex(max(0, self.target_combo.findData(wanted)))
        self._reload_actions(spec.kind)
        return True

    def _mark_targets(self) -> None:
        """Grey the targets the chosen action may not aim at, why in their tooltip."""
        spec, actor = self.spec(), self.actor_id()
        enc, ruleset = self.controller.enc, self.controller.ruleset
        model = self.target_combo.model()
        me = enc.combatant(actor) if actor is not None else None
        for row in range(1, self.target_combo.count()):
            cid = self.target_combo.itemData(row)
            why = None
            if spec is not None and me is not None and self.window is None:
                why = refusal(ruleset, enc, me, spec, enc.combatant(cid))
            item = model.item(row) if hasattr(model, "item") else None
            if item is not None:
                item.setForeground(
                    self.palette().placeholderText() if why else self.palette().text()
                )
            self.target_combo.setItemData(
                row,
                pick(Label(fr=why.fr, en=why.en)) if why else None,
                Qt.ItemDataRole.ToolTipRole,
            )

    def _kind_changed(self) -> None:
        self._rebuild_fields()
        self._mark_targets()
        self.changed.emit()
