"""What every attention_donjon action shares: the weapon option, Trait rolls with their
dice terms (Secoué, béni, maudit, a kept Joker, situation dice), the GM's overrides, the
Difficulty floor and the exact odds."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.contract.base import Words
from gui.engine.contract.edits import Edits, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import Preview, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.attention_donjon import traits
from gui.engine.rulesets.attention_donjon.sheet import (
    TYPE_LABEL,
    damage_text,
    shaken,
    weapon,
    weapons,
)
from gui.engine.rulesets.attention_donjon.words import ATTRIBUTES_EN, TYPE_LABEL_EN, weapon_name
from gui.engine.state.model import Combatant, Scalar
from gui.engine.state.schema import Choice, FieldSpec

DICE, DIFFICULTY, CROSSED = "des", "difficulte", "traversees"
OVERRIDE_LABELS = {
    DICE: Label(fr="Dés", en="Dice"),
    DIFFICULTY: Label(fr="Difficulté", en="Difficulty"),
    CROSSED: Label(fr="Zones traversées", en="Zones crossed"),
}
FLOOR_FLAG = "CFG-AD-6"
SHAKEN_FLAG = "CFG-AD-12"
JOKER = "joker_garde"  # a Joker a hero kept (card initiative) to bless or curse a roll
SITUATION_DICE = int_field(
    "mod_des", "Dés en plus ou en moins", "Dice more or fewer", "AD-25", -10, 10
)
ROLL_OPTIONS = (
    bool_field("beni", "Jet béni (3 à 5 = 1 succès)", "Blessed roll (3 to 5 = 1 success)", "AD-27"),
    bool_field(
        "maudit", "Jet maudit (seul 5 = 1 succès)", "Cursed roll (only 5 = 1 success)", "AD-27"
    ),
)


class Roll(Struct, frozen=True):
    """A Trait roll being built: its dice and Difficulty with their terms, and notices."""

    dice: int
    difficulty: int
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...] = ()
    how: traits.Faces = traits.NORMAL


class Ctx(ActionCtx):
    """One attention_donjon action being previewed or resolved."""

    def cost(self) -> str | None:
        """AD-37: the action of the activation this one spends (budget.STANDARD or BONUS),
        as its ActionDef's `cost` says; None when it spends none."""
        spent = self.ruleset.definition(self.action.kind).cost(self)
        return spent if isinstance(spent, str) else None

    def weapon(self, who: Combatant | None = None) -> dict[str, Scalar]:
        """The weapon chosen in the `arme` option (its row in `weapons`)."""
        raw = self.action.options.get("arme", "0")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else 0
        return weapon(who or self.actor, index)

    def dice_terms(self, trait: str, label: Words, rule: str, shaken_applies: bool) -> list[Term]:
        """The dice of a roll of `trait` (`label` names them in French and English): its
        value, −1 if Secoué (AD-33, when it applies), the situation dice (AD-25: bonuses
        change the dice before rolling)."""
        value = self.actor.stats.get(trait, 0)
        terms = [Term(label[0], value if isinstance(value, int) else 0, rule, label[1])]
        if shaken_applies and shaken(self.actor):
            terms.append(Term("Secoué", -1, "AD-33", "Shaken"))
        return self.with_situation(terms)

    def with_situation(self, terms: list[Term]) -> list[Term]:
        """AD-25: the situation's bonus or penalty dice, before rolling."""
        extra = self.number("mod_des")
        return [*terms, Term("situation", extra, "AD-25", "situation")] if extra else terms

    def blessing(self) -> tuple[traits.Faces, list[Term]]:
        """AD-27: béni and maudit from the options or a kept Joker (A-AD-16: both = normal)."""
        blessed, cursed = self.yes("beni"), self.yes("maudit")
        joker = self.choice("joker", "-")
        if joker.startswith("beni:"):
            blessed = True
        elif joker.startswith("maudit:"):
            cursed = True
        how = traits.faces(blessed, cursed, str(self.flag(traits.CURSED_SIX_FLAG)))
        terms = [] if how.rule == "AD-25" else [Term(how.label, "", how.rule, how.label_en)]
        if joker != "-" and ":" in joker:
            holder = self.enc.combatant(joker.split(":", 1)[1])
            terms.append(
                Term(
                    f"Joker gardé de {holder.name}", "", "AD-CARTES", f"{holder.name}'s kept Joker"
                )
            )
        return how, terms

    def spend_joker(self, edits: Edits) -> None:
        """The kept Joker chosen for this roll is used up (AD-CARTES)."""
        joker = self.choice("joker", "-")
        if ":" not in joker:
            return
        cid = joker.split(":", 1)[1]
        states = edits.states(cid)
        for s in states:
            if s.key == JOKER:
                left = (s.value or 1) - 1
                if left > 0:
                    edits.add_state(cid, s.replace(value=left))
                else:
                    edits.remove_state(cid, JOKER)

    def roll(
        self, dice_terms: list[Term], difficulty_terms: list[Term], notices: list[Notice]
    ) -> Roll:
        """A Roll from its dice terms and Difficulty terms (sums of their modifiers), with
        béni / maudit (AD-27)."""
        how, blessing = self.blessing()
        shown = [
            replace(t, label=f"dés — {t.label}", label_en=f"dice — {t.label_en or t.label}")
            for t in dice_terms
        ]
        shown += [
            replace(
                t,
                label=f"Difficulté — {t.label}",
                label_en=f"Difficulty — {t.label_en or t.label}",
            )
            for t in difficulty_terms
        ]
        return Roll(
            total(dice_terms),
            total(difficulty_terms),
            (*shown, *blessing),
            tuple(notices),
            how,
        )

    def settle(self, roll: Roll) -> Roll:
        """The GM's dice and Difficulty if overridden (G-3); the Difficulty never below 1
        (A-AD-14, CFG-AD-6)."""
        terms = list(roll.terms)
        diff = self.floored(roll.difficulty, terms)
        dice = int(overridden(self.action, DICE, max(0, roll.dice), ("dés", "dice"), terms))
        diff = int(overridden(self.action, DIFFICULTY, diff, ("Difficulté", "Difficulty"), terms))
        terms.append(
            Term(
                "jet",
                f"{dice}d6 contre Difficulté {diff}",
                "AD-28",
                "roll",
                value_en=f"{dice}d6 against Difficulty {diff}",
            )
        )
        return replace(roll, dice=dice, difficulty=diff, terms=tuple(terms))

    def floored(self, difficulty: int, terms: list[Term]) -> int:
        if self.flag(FLOOR_FLAG) and difficulty < 1:
            terms.append(
                Term("Difficulté minimale 1", 1 - difficulty, "A-AD-14", "minimum Difficulty 1")
            )
            return 1
        return difficulty

    def allowed(self, computed: Roll) -> tuple[Roll, list[Term]]:
        """The roll once its blocking notices are passed by the GM (G-3; otherwise
        ActionError), settled, and its terms with the overrides logged."""
        forced: list[Term] = []
        refuse_blocked(self.action, computed.notices, forced)
        settled = self.settle(computed)
        return settled, [*settled.terms, *forced]

    def preview_of(self, computed: Roll) -> Preview:
        """The preview of a roll as the rules compute it, settled with the GM's overrides."""
        return self.preview(self.settle(computed), computed)

    def rolled(self, computed: Roll, dice: DiceResult) -> tuple[Roll, int, list[Term], Edits]:
        """A roll resolved: allowed and settled (G-3), its successes counted into its terms,
        and the edits it starts with (the kept Joker it used is spent)."""
        roll, terms = self.allowed(computed)
        got, counted = self.read(roll, dice)
        terms.append(counted)
        edits = Edits(self.enc)
        self.spend_joker(edits)
        return roll, got, terms, edits

    def preview(
        self, roll: Roll, computed: Roll, need: int | None = None, why: Words = ("", "")
    ) -> Preview:
        """Terms, dice and exact odds of a settled roll; `computed` is the roll before the
        GM's overrides (the dialog pre-fills them); `need`: the successes to reach when it
        is not the Difficulty (an opposed roll), `why` says so in the odds note (in French
        and English)."""
        req = traits.request(roll.dice, roll.how)
        target = roll.difficulty if need is None else need
        dist, chance, note = traits.odds_words(roll.dice, roll.how, target)
        shown = {DICE: max(0, computed.dice), DIFFICULTY: self.floored(computed.difficulty, [])}
        return Preview(
            self.action,
            roll.terms,
            req,
            target_number=target,
            odds=chance,
            odds_note=f"{note[0]} {why[0]}".strip(),
            odds_note_en=f"{note[1]} {why[1]}".strip(),
            distribution=dist,
            notices=roll.notices,
            computed=shown,
        )

    def read(self, roll: Roll, dice: DiceResult) -> tuple[int, Term]:
        """The successes of a settled roll and how they were counted (AD-25, AD-26)."""
        req = traits.request(roll.dice, roll.how)
        return traits.successes(dice, req), traits.count_term(dice, req)

    def joker_option(self) -> FieldSpec | None:
        """A kept Joker any hero may spend on this roll to bless or curse it (AD-CARTES)."""
        holders = [c for c in self.enc.combatants if any(s.key == JOKER for s in c.states)]
        if not holders:
            return None
        items = [Choice(value="-", label=Label(fr="—", en="—"))]
        for c in holders:
            items.append(
                Choice(
                    value=f"beni:{c.id}",
                    label=Label(
                        fr=f"Béni par le Joker de {c.name}", en=f"Blessed by {c.name}'s Joker"
                    ),
                )
            )
            items.append(
                Choice(
                    value=f"maudit:{c.id}",
                    label=Label(
                        fr=f"Maudit par le Joker de {c.name}", en=f"Cursed by {c.name}'s Joker"
                    ),
                )
            )
        return FieldSpec(
            key="joker",
            label=Label(fr="Joker", en="Joker"),
            kind="choice",
            choices=tuple(items),
            default="-",
            rule="AD-CARTES",
        )

    def roll_options(self) -> tuple[FieldSpec, ...]:
        """Béni, maudit, a kept Joker and the situation dice, for any Trait roll."""
        joker = self.joker_option()
        return (*ROLL_OPTIONS, *((joker,) if joker else ()), SITUATION_DICE)


def total(terms: list[Term] | tuple[Term, ...]) -> int:
    """The sum of the modifiers among `terms` (values shown as text are not added)."""
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


def seuil(successes: int, difficulty: int) -> int:
    """AD-28: Seuil de réussite = successes − Difficulty."""
    return successes - difficulty


def weapon_option(c: Combatant, default: int = 0) -> FieldSpec:
    """The choice of a weapon of `c` (value: its row), with its Type, Allonge and Dommages."""
    items = []
    for i, w in enumerate(weapons(c)):
        kind, kind_en = TYPE_LABEL.get(str(w["type"]), "?"), TYPE_LABEL_EN.get(str(w["type"]), "?")
        fr, en = weapon_name(w)
        text = f"{fr} ({kind}, Allonge {w['allonge']}, Dommages {damage_text(w)})"
        text_en = f"{en} ({kind_en}, Reach {w['allonge']}, Damage {damage_text(w, ATTRIBUTES_EN)})"
        items.append((str(i), text, text_en))
    chosen = str(default) if 0 <= default < len(items) else "0"
    return choice_field("arme", "Arme", "Weapon", items, "AD-01", chosen)


ActionDef = BaseActionDef[Ctx]
