"""The words every layer shares: a text in both languages (Label), one term of a computed value
with its rule (Term), a warning or a block with its rule (Notice)."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from gui.engine.core.problems import Words


class Label(Struct, frozen=True, forbid_unknown_fields=True):
    """A text in French (shown first) and English."""

    fr: str
    en: str


class Term(Struct, frozen=True):
    """One term of a computed value, with the spec rule that produced it (G-2).

    An int value is a modifier added to the total; any other value is shown as it is.
    """

    label: str
    value: int | float | str | Fraction
    rule: str
    label_en: str = ""  # the label in English, where it differs from the French one
    value_en: str = ""  # a value in words, in English ("advantage")

    def __str__(self) -> str:
        """Modifiers read "AD-07 +1 zone traversée", other values "LIB-02 Défense : 13"."""
        return self._line(self.label, self.value, " : ")

    def english(self) -> str:
        """The same line in English: "LIB-03 hit points: 15/15"."""
        return self._line(self.label_en or self.label, self.value_en or self.value, ": ")

    def _line(self, label: str, value: int | float | str | Fraction, colon: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{self.rule} {value:+d} {label}"
        if value == "":
            return f"{self.rule} {label}"
        return f"{self.rule} {label}{colon}{value}"


class Notice(Struct, frozen=True):
    """A warning (an illegal action is a warning, never a block: G-3)."""

    rule: str
    fr: str
    en: str
    # A blocking notice: the engine refuses the action unless the GM overrides it (G-3,
    # with the override key FORCE, which is logged).
    blocking: bool = False

    def __str__(self) -> str:
        return f"{self.rule} {self.fr}".strip()


class Told:
    """A call told in French and English by its `words()`; `fr` and `en` read them."""

    __slots__ = ()

    def words(self) -> Words:
        raise NotImplementedError

    @property
    def fr(self) -> str:
        return self.words()[0]

    @property
    def en(self) -> str:
        return self.words()[1]
