"""Common Oracle-text shapes read as behaviour; everything else is ``manual``.

Recognised: "deals N damage to any target / target creature / target player /
each opponent / each creature", "destroy target X", "destroy all creatures",
"exile target creature", "counter target spell", "draw N cards", "target
player draws N cards", "you gain N life", "each opponent loses N life",
"create N X/Y COLOUR SUBTYPE creature token(s) [with KEYWORD]", "target
creature gets +N/+N until end of turn", "return target creature card from
your graveyard to your hand", and "When ~ enters" / "When ~ dies" triggers of
those; "~ enters tapped." (a replacement), "This spell can't be countered.",
and a "Flashback {COST}" line (its cost). Keyword lines are skipped (the
keywords field holds them).
"""

from __future__ import annotations

import re
from typing import Any

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "twenty": 20,
}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_REMINDER = re.compile(r"\([^()]*\)")
_N = r"(\d+|x|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty)"
_TARGETS = {
    "any target": ("target", "any"),
    "target creature": ("target", "creature"),
    "target creature or planeswalker": ("target", "creature_or_planeswalker"),
    "target player": ("target", "player"),
    "target opponent": ("target", "opponent"),
    "target player or planeswalker": ("target", "player_or_planeswalker"),
    "each opponent": ("each", "each_opponent"),
    "each player": ("each", "each_player"),
    "each creature": ("each", "each_creature"),
    "each creature you don't control": ("each", "each_creature_you_dont_control"),
}
_DESTROY = {
    "creature": "creature",
    "artifact": "artifact",
    "enchantment": "enchantment",
    "land": "land",
    "planeswalker": "planeswalker",
    "permanent": "permanent",
    "nonland permanent": "nonland_permanent",
    "artifact or enchantment": "artifact_or_enchantment",
    "creature or planeswalker": "creature_or_planeswalker",
    "creature an opponent controls": "creature_an_opponent_controls",
    "creature you don't control": "creature_you_dont_control",
    "artifact or creature": "artifact_or_creature",
    "creature or enchantment": "creature_or_enchantment",
}


def _amount(word: str) -> int | str:
    word = word.lower()
    if word == "x":
        return "X"
    return int(word) if word.isdigit() else NUMBERS[word]


def read_effect(clause: str, name: str) -> dict[str, Any] | None:
    """One clause of Oracle text as an effect, or None."""
    text = clause.strip().rstrip(".").strip()
    optional = False
    if text.lower().startswith("you may "):
        text, optional = text[8:], True
        effect = read_effect(text, name)
        if effect is not None:
            effect["optional"] = optional
        return effect
    text = re.sub(
        rf"^(?:{re.escape(name)}|this creature|this spell|it)\s+", "~ ", text, flags=re.IGNORECASE
    )
    low = text.lower()
    match = re.fullmatch(rf"~ deals {_N} damage to (.+)", low)
    if match and match.group(2) in _TARGETS:
        key, value = _TARGETS[match.group(2)]
        return {"do": "damage", "amount": _amount(match.group(1)), key: value}
    match = re.fullmatch(r"destroy target (.+)", low)
    if match and match.group(1) in _DESTROY:
        return {"do": "destroy", "target": _DESTROY[match.group(1)]}
    if low == "destroy all creatures":
        return {"do": "destroy", "each": "each_creature"}
    if low == "destroy all creatures. they can't be regenerated":
        return {"do": "destroy", "each": "each_creature", "no_regenerate": True}
    if low == "exile target creature":
        return {"do": "exile", "target": "creature"}
    if low == "counter target spell":
        return {"do": "counter_spell", "target": "spell"}
    match = re.fullmatch(rf"draw {_N} cards?", low)
    if match:
        return {"do": "draw", "amount": _amount(match.group(1)), "each": "you"}
    match = re.fullmatch(rf"target player draws {_N} cards?", low)
    if match:
        return {"do": "draw", "amount": _amount(match.group(1)), "each": "target_player"}
    match = re.fullmatch(rf"you gain {_N} life", low)
    if match:
        return {"do": "gain_life", "amount": _amount(match.group(1)), "each": "you"}
    match = re.fullmatch(rf"each opponent loses {_N} life", low)
    if match:
        return {"do": "lose_life", "amount": _amount(match.group(1)), "each": "each_opponent"}
    match = re.fullmatch(r"target creature gets \+(\d+)/\+(\d+) until end of turn", low)
    if match:
        return {
            "do": "pump",
            "target": "creature",
            "power": int(match.group(1)),
            "toughness": int(match.group(2)),
            "until": "end_of_turn",
        }
    if low == "return target creature card from your graveyard to your hand":
        return {
            "do": "return_to_hand",
            "target": "creature_card_in_your_graveyard",
            "from": "your_graveyard",
        }
    return _token(text)


def _token(text: str) -> dict[str, Any] | None:
    match = re.fullmatch(
        rf"[Cc]reate {_N} (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)(?:(?:,| and) (?:white|blue|black|red|green))*) "
        r"([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*) (artifact )?creature tokens?(?: with ([a-z]+(?:(?:,| and) [a-z]+)*))?",
        text.strip(),
        flags=0,
    )
    if not match:
        return None
    count, power, toughness, colors, subtypes, artifact, keywords = match.groups()
    color_list = [COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", colors)]
    token: dict[str, Any] = {
        "name": subtypes,
        "types": ["Artifact", "Creature"] if artifact else ["Creature"],
        "subtypes": subtypes.split(),
        "colors": color_list,
        "power": power,
        "toughness": toughness,
    }
    if keywords:
        token["keywords"] = [k.capitalize() for k in re.split(r",\s*|\s+and\s+", keywords)]
    return {"do": "create_token", "amount": _amount(count), "token": token}


def read_clauses(text: str, name: str) -> list[dict[str, Any]] | None:
    effects = []
    for sentence in filter(None, (s.strip() for s in re.split(r"(?<=\.)\s+", text))):
        effect = read_effect(sentence, name)
        if effect is None:
            return None
        effects.append(effect)
    return effects or None


def read_behaviour(card: dict[str, Any]) -> dict[str, Any]:
    """``spell``/``abilities`` read from the card's Oracle text, or ``manual``."""
    name = card["name"]
    keywords = {k.lower() for k in card.get("keywords", [])}
    spell: list[dict[str, Any]] = []
    abilities: list[dict[str, Any]] = []
    instant = "Instant" in card["types"] or "Sorcery" in card["types"]
    extra: dict[str, Any] = {}
    self_names = rf"(?:{re.escape(name)}|this (?:land|artifact|creature|enchantment|permanent))"
    for paragraph in _REMINDER.sub("", card.get("oracle", "")).split("\n"):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        flashback = re.fullmatch(r"Flashback ((?:\{[0-9WUBRGCX]+\})+)", paragraph)
        if flashback:
            extra["flashback"] = flashback.group(1)
            continue
        if _keyword_line(paragraph, keywords):
            continue
        if "Land" in card["types"] and re.fullmatch(
            r"\{T\}: Add \{[WUBRGC]\}(?: or \{[WUBRGC]\})?\.?", paragraph
        ):
            continue
        if re.fullmatch(rf"{self_names} enters tapped\.", paragraph, flags=re.IGNORECASE):
            abilities.append({"replacement": "enters_tapped", "text": paragraph})
            continue
        if re.fullmatch(
            rf"(?:This spell|{re.escape(name)}) can't be countered\.", paragraph, flags=re.I
        ):
            extra["cant_be_countered"] = True
            continue
        if instant:
            effects = read_clauses(paragraph, name)
            if effects is None:
                return _manual(paragraph)
            spell.extend(effects)
            continue
        match = re.fullmatch(
            rf"When(?:ever)? (?:{re.escape(name)}|this creature) (enters(?: the battlefield)?|dies), (.+)",
            paragraph,
            flags=re.IGNORECASE,
        )
        if not match:
            return _manual(paragraph)
        effects = read_clauses(match.group(2)[0].upper() + match.group(2)[1:], name)
        if effects is None:
            return _manual(paragraph)
        when = "dies" if match.group(1).lower() == "dies" else "enters"
        abilities.append({"when": when, "effects": effects, "text": paragraph})
    result: dict[str, Any] = dict(extra)
    if spell:
        result["spell"] = spell
    if abilities:
        result["abilities"] = abilities
    return result


def _keyword_line(paragraph: str, keywords: set[str]) -> bool:
    """A line of keywords ("Flying, vigilance", "Cycling {2}"), which ends without a period.

    "Scry 1." is a keyword action with a period: a sentence, not a keyword line.
    """
    if not keywords or paragraph.endswith("."):
        return False
    parts = [p.strip().lower() for p in paragraph.split(",")]
    return all(p in keywords or any(p.startswith(k + " ") for k in keywords) for p in parts)


def _manual(paragraph: str) -> dict[str, Any]:
    shown = paragraph if len(paragraph) <= 80 else paragraph[:77] + "..."
    return {"manual": True, "manual_reason": f"text not read: {shown}"}
