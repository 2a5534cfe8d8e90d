"""Sources of damage and of effects, by their last known information, and protection (702.16)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DamageSource:
    """What the rules ask of a source of damage (its last known information)."""

    id: int
    name: str
    controller: str
    colors: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()


def protection_against(keywords: frozenset[str], source: DamageSource) -> bool:
    """Protection from a colour, a card type or a creature type matches ``source`` (702.16a)."""
    for keyword in keywords:
        if not keyword.startswith("protection from "):
            continue
        quality = keyword[len("protection from ") :]
        for part in quality.replace(" and from ", ",").replace(" and ", ",").split(","):
            word = part.strip()
            if word in COLOR_BY_WORD and COLOR_BY_WORD[word] in source.colors:
                return True
            if word == "everything":
                return True
            name = word[:-1] if word.endswith("s") else word
            if name.capitalize() in source.subtypes or name.capitalize() in source.types:
                return True
    return False


COLOR_BY_WORD = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
