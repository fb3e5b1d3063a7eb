"""Finds French in texts meant to be English (issue 17, deliver 5): accented letters, French
guillemets and common French words, once the GM's own words are set aside — names, notes and
every other text the encounter holds (its log apart), the names of the ruleset's catalogues and
bestiary (the GM's stock of weapons and creatures, in French as the rules name them), and the
words the ruleset's data gives as English (a rules term it keeps, such as Réserve). The
ruleset's own defaults that a sheet holds (conteur's health levels, « Blessé »…) are not the
GM's words: the ruleset names them in English itself (issue 34, deliver 5).

And the other way round (issue 34, deliver 5): English in texts meant to be French
(« Taille : medium »), that is the words the app's translation and the ruleset's data write
only in English, the GM's own words again set aside."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import msgspec

from gui.engine.contract.base import Ruleset
from gui.engine.state.model import Encounter

_ACCENTS = re.compile(r"[àâçéèêëîïôûùüœÀÂÇÉÈÊÎÔÛ«»]")
_WORDS = (
    "de|du|des|le|la|les|et|ou|un|une|au|aux|pour|avec|sans|contre|jet|jets|dés|tour|cible|vie|"
    "dégâts|touché|raté|succès|échec|attaque|défense|niveau|blessure|imposé|calculé|personne|"
    "réagit|fin|agit|perd|regagne|subit|reste|est|sur|par|dans|état|états|résultat|relance|"
    "seuil|fiche|camp|carte|tenue|suivant|précédent|retirer|ajouter|annuler|fermer|lancer"
)
_FRENCH_WORDS = re.compile(rf"\b({_WORDS})\b")
_WORD = re.compile(r"[^\W\d_]{3,}")  # a word of letters (three or more: « à », « of » aside)
TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "escarmouche_en.ts"


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


def _labels(data: object, language: str) -> Iterator[str]:
    """The texts of the ruleset's data in one language (its labels' "fr" or "en")."""
    if isinstance(data, dict):
        if isinstance(data.get(language), str):
            yield data[language]
        for value in data.values():
            yield from _labels(value, language)
    elif isinstance(data, list):
        for value in data:
            yield from _labels(value, language)


def _defaults(data: object, inside: bool = False) -> Iterator[str]:
    """The texts of the ruleset's data under a "default" (a new sheet's values)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _defaults(value, inside or key == "default")
    elif isinstance(data, list):
        for value in data:
            yield from _defaults(value, inside)
    elif isinstance(data, str) and inside:
        yield data.strip()


def choice_values(data: object) -> Iterator[str]:
    """The values of the ruleset's choices (« medium »: a key, shown by its label)."""
    if isinstance(data, dict):
        if isinstance(data.get("value"), str) and isinstance(data.get("label"), dict):
            yield data["value"]
        for value in data.values():
            yield from choice_values(value)
    elif isinstance(data, list):
        for value in data:
            yield from choice_values(value)


def _stock(ruleset: Ruleset, enc: Encounter) -> set[str]:
    """The GM's own words: the encounter's texts (its log apart) and the ruleset's catalogues
    and bestiary, but for the ruleset's defaults and choices, which it names in both
    languages."""
    data = json.loads((ruleset.folder / "ruleset.json").read_bytes())
    held = {k: v for k, v in msgspec.to_builtins(enc).items() if k != "log"}
    own = {s.strip() for s in _strings(held, False) if len(s.strip()) > 1}
    for stock in ("catalogs.json", "bestiary.json"):
        path = ruleset.folder / stock
        if path.is_file():
            own |= {s.strip() for s in _strings(json.loads(path.read_bytes()), False)}
    return own - set(_defaults(data)) - set(choice_values(data))


def _pattern(allowed: Iterable[str]) -> re.Pattern[str] | None:
    texts = sorted((a for a in allowed if len(a) > 1), key=len, reverse=True)
    if not texts:
        return None
    return re.compile("|".join(rf"(?<!\w){re.escape(a)}(?!\w)" for a in texts))


class FrenchFinder:
    """`french(texts)`: the texts that still hold French, for an encounter of a ruleset."""

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        data = json.loads((ruleset.folder / "ruleset.json").read_bytes())
        words = {w for s in _strings(data, True) for w in re.findall(r"[\w’'-]+", s)}
        self.allowed = sorted(words | _stock(ruleset, enc), key=len, reverse=True)
        self._pattern = _pattern(self.allowed)
        # The ruleset's own French defaults (« Invalide »: no accent, no common word).
        folded = {w.casefold() for w in words} | _app_words()[1]
        own_french = {
            d
            for d in _defaults(data)
            if _WORD.search(d) and not {w.casefold() for w in _WORD.findall(d)} <= folded
        }
        self._defaults = _pattern(own_french)

    def holds_french(self, text: str) -> bool:
        rest = self._pattern.sub(" ", text) if self._pattern else text
        if self._defaults and self._defaults.search(rest):
            return True
        return bool(_ACCENTS.search(rest) or _FRENCH_WORDS.search(rest.lower()))

    def french(self, texts: Iterable[tuple[str, str]]) -> list[str]:
        """Of (where, text) pairs, "where: 'text'" for each text that holds French."""
        return sorted({f"{where}: {text!r}" for where, text in texts if self.holds_french(text)})


@cache
def _app_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words of the app's French sources and of their English translations."""
    root = ET.parse(TS).getroot()
    french, english = set(), set()
    for message in root.iter("message"):
        french |= {w.casefold() for w in _WORD.findall(message.findtext("source") or "")}
        english |= {w.casefold() for w in _WORD.findall(message.findtext("translation") or "")}
    return frozenset(french), frozenset(english)


class EnglishFinder:
    """`english(texts)`: the French texts that hold a word the app or the ruleset writes only
    in English (« medium », « Health »), the GM's own words set aside."""

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        data = json.loads((ruleset.folder / "ruleset.json").read_bytes())
        en_texts = list(_strings(data, True))
        fr_texts = list(_labels(data, "fr"))
        app_fr, app_en = _app_words()
        french = app_fr | {w.casefold() for s in fr_texts for w in _WORD.findall(s)}
        english = app_en | {w.casefold() for s in en_texts for w in _WORD.findall(s)}
        self.english_only = english - french
        self._pattern = _pattern(_stock(ruleset, enc))

    def words(self, text: str) -> list[str]:
        """The English-only words of a French text."""
        rest = self._pattern.sub(" ", text) if self._pattern else text
        return [w for w in _WORD.findall(rest) if w.casefold() in self.english_only]

    def english(self, texts: Iterable[tuple[str, str]]) -> list[str]:
        """Of (where, text) pairs, "where: 'text' [words]" for each that holds English."""
        return sorted(
            {f"{where}: {text!r} {words}" for where, text in texts if (words := self.words(text))}
        )
