"""Lines that change how much damage is dealt: doubling (614.1a) and prevention (615).

"If a red instant or sorcery spell you control would deal damage, it deals double that
damage instead." -> ``{static: double_damage, ...}``; "If damage would be dealt to ~,
prevent that damage. Put a -1/-1 counter on ~ for each 1 damage prevented this way." ->
``{replacement: prevent_damage, put_counter: "-1/-1"}``; "If a source would deal damage to
another Dinosaur you control, prevent all but 1 of that damage." -> ``{static:
prevent_damage_all_but, ...}``.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.words import COLORS, number

Ability = dict[str, Any]

_DOUBLE = re.compile(
    r"If (.+?) would deal (combat )?damage(?: to (.+?))?, (?:it|that source) deals double that "
    r"damage(?: to (?:that (?:player|creature|permanent)(?: or (?:player|permanent))?|~|you))? "
    r"instead\."
)
_TO = {None: None, "a player": "player", "an opponent": "opponent", "you": "you",
       "a creature": "creature", "~": "self", "a permanent or player": None}  # fmt: skip
_COUNTERS = r"([+-]\d/[+-]\d)"
_PREVENT_PUT = re.compile(
    r"If damage would be dealt to ~, prevent that damage\. Put an? " + _COUNTERS
    + r" counter on ~ for each 1 damage prevented this way\."
)  # fmt: skip
_PREVENT_REMOVE = re.compile(
    r"If ~ would be dealt damage, prevent that damage and remove an? " + _COUNTERS
    + r" counter from it\."
)  # fmt: skip
_ALL_BUT = re.compile(
    r"If a source would deal damage to (another .+? you control), prevent all but (\w+) of "
    r"that damage\."
)


_STATICS: dict[str, Ability] = {
    "Damage can't be prevented.": {"static": "damage_unpreventable"},
    "Combat damage can't be prevented.": {"static": "damage_unpreventable", "combat": True},
    "All damage is dealt as though its source had wither.": {"static": "all_wither"},
}


def damage_clause(text: str) -> list[Ability] | None:
    """A spell's "Damage can't be prevented this turn." (615.12), its period dropped."""
    if text == "Damage can't be prevented this turn":
        return [{"do": "damage_unpreventable"}]
    return None


_FROM = re.compile(r"Prevent all (combat )?damage that would be dealt by (enchanted|equipped) "
                   r"creature\.")  # fmt: skip
_AS_COUNTERS = re.compile(
    r"If a source you control would deal (noncombat )?damage to a creature an opponent controls, "
    r"put that many " + _COUNTERS + r" counters on that creature instead\."
)


def damage_replacement(text: str) -> list[Ability] | None:
    """The abilities a line that changes damage is; None if it is not one this reads."""
    if text in _STATICS:
        return [dict(_STATICS[text])]
    match = _FROM.fullmatch(text)
    if match:  # Defang, Candletrap
        found: Ability = {"static": "prevent_damage_from", "source": match.group(2) + "_creature"}
        if match.group(1):
            found["combat"] = True
        return [found]
    match = _AS_COUNTERS.fullmatch(text)
    if match:  # Soul-Scar Mage
        found = {"static": "damage_as_counters", "controller": "you", "to": "creature",
                 "to_controller": "opponents", "counter": match.group(2)}  # fmt: skip
        if match.group(1):
            found["noncombat"] = True
        return [found]
    match = _DOUBLE.fullmatch(text)
    if match:
        return _double(match.group(1), bool(match.group(2)), match.group(3))
    match = _PREVENT_PUT.fullmatch(text)
    if match:
        return [{"replacement": "prevent_damage", "put_counter": match.group(1)}]
    match = _PREVENT_REMOVE.fullmatch(text)
    if match:
        return [{"replacement": "prevent_damage", "remove_counter": match.group(1)}]
    match = _ALL_BUT.fullmatch(text)
    if match:
        noun = noun_phrase("each " + match.group(1))
        left = number(match.group(2))
        if noun is None or noun.owner != "you" or not isinstance(left, int):
            return None
        return [{"static": "prevent_damage_all_but", "amount": left, "controller": "you",
                 "affects": dict(noun.filter)}]  # fmt: skip
    return None


def _double(source: str, combat: bool, to: str | None) -> list[Ability] | None:
    if to not in _TO:
        return None
    ability: Ability = {"static": "double_damage"}
    if source == "~":
        ability["source_self"] = True
    else:
        found = _source(source)
        if found is None:
            return None
        ability.update(found)
    if combat:
        ability["combat"] = True
    if _TO[to] is not None:
        ability["to"] = _TO[to]
    return [ability]


def _source(text: str) -> Ability | None:
    """ "a source you control", "a red instant or sorcery spell you control", "a creature you
    control", "a Giant source": which sources, as ``controller`` and ``source_filter``."""
    match = re.fullmatch(r"(?:a|an|any) (.+?)( you control| an opponent controls)?", text)
    if match is None:
        return None
    found: Ability = {}
    if match.group(2):
        found["controller"] = "you" if match.group(2) == " you control" else "opponents"
    what = match.group(1)
    if what == "source":
        return found
    words = what.split(" ")
    colors = []
    while words and words[0] in COLORS:
        colors.append(COLORS[words.pop(0)])
    rest = " ".join(words)
    if rest.endswith("spell"):
        noun = noun_phrase(f"each {rest}") if rest != "spell" else None
        if rest != "spell" and (noun is None or noun.head != "spell"):
            return None
        found["spell"] = True
        filt = dict(noun.filter) if noun is not None else {}
    else:
        rest = rest.removesuffix(" source")
        noun = noun_phrase(f"each {rest}") if rest != "source" else None
        if rest != "source" and (noun is None or noun.head != "permanent" or noun.owner):
            return None
        filt = dict(noun.filter) if noun is not None else {}
        if what.endswith(" source") and filt.get("subtypes") and filt.get("types") == ["Creature"]:
            del filt["types"]  # "a Giant source": any Giant, a kindred spell too
    if colors:
        filt["colors"] = colors
    if filt.pop("other", False):
        return None
    if filt:
        found["source_filter"] = filt
    return found
