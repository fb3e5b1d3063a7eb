"""Finds French in texts meant to be English (issue 17, deliver 5): accented letters, French
guillemets and common French words, once the GM's own words are set aside — names, notes and
every other text the encounter holds (its log apart), the names of the ruleset's catalogues and
bestiary (the GM's stock of weapons and creatures, in French as the rules name them), and the
words the ruleset's data gives as English (a rules term it keeps, such as Réserve)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator

from gui.engine.model import Encounter
from gui.engine.rulesets.base import Ruleset

_ACCENTS = re.compile(r"[àâçéèêëîïôûùüœÀÂÇÉÈÊÎÔÛ«»]")
_WORDS = (
    "de|du|des|le|la|les|et|ou|un|une|au|aux|pour|avec|sans|contre|jet|jets|dés|tour|cible|vie|"
    "dégâts|touché|raté|succès|échec|attaque|défense|niveau|blessure|imposé|calculé|personne|"
    "réagit|fin|agit|perd|regagne|subit|reste|est|sur|par|dans|état|états|résultat|relance|"
    "seuil|fiche|camp|carte|tenue|suivant|précédent|retirer|ajouter|annuler|fermer|lancer"
)
_FRENCH_WORDS = re.compile(rf"\b({_WORDS})\b")


def _strings(data: object, english_only: bool) -> Iterator[str]:
    if isinstance(data, dict):
        if english_only and isinstance(data.get("en"), str):
            yield data["en"]
        for value in data.values():
            yield from _strings(value, english_only)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, english_only)
    elif isinstance(data, str) and not english_only:
        yield data


class FrenchFinder:
    """`french(texts)`: the texts that still hold French, for an encounter of a ruleset."""

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        data = json.loads((ruleset.folder / "ruleset.json").read_bytes())
        words = {w for s in _strings(data, True) for w in re.findall(r"[\w’'-]+", s)}
        held = json.loads(enc.model_dump_json(exclude={"log"}))
        own = {s.strip() for s in _strings(held, False) if len(s.strip()) > 1}
        for stock in ("catalogs.json", "bestiary.json"):
            path = ruleset.folder / stock
            if path.is_file():
                own |= {s.strip() for s in _strings(json.loads(path.read_bytes()), False)}
        self.allowed = sorted(words | own, key=len, reverse=True)
        self._pattern = re.compile(
            "|".join(rf"(?<!\w){re.escape(a)}(?!\w)" for a in self.allowed if len(a) > 1)
        )

    def holds_french(self, text: str) -> bool:
        rest = self._pattern.sub(" ", text) if self.allowed else text
        return bool(_ACCENTS.search(rest) or _FRENCH_WORDS.search(rest.lower()))

    def french(self, texts: Iterable[tuple[str, str]]) -> list[str]:
        """Of (where, text) pairs, "where: 'text'" for each text that holds French."""
        return sorted({f"{where}: {text!r}" for where, text in texts if self.holds_french(text)})
