"""Quantities: "three", "X", "the number of Zombies you control", "equal to its power".

``amount`` reads the quantity phrases the model can hold: numbers and X, counts
of permanents or cards (``count_of``), half of one rounded down, and what an
earlier effect of the same ability did ("the damage dealt this way", "the life
lost this way", "its power"). ``for_each`` reads the "for each ..." that
multiplies a number ("2 life for each creature").
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.words import NUMBER, NUMBERS, number

_PREVIOUS = {
    "the damage dealt this way": "damage_dealt",
    "the damage dealt": "damage_dealt",
    "the life lost this way": "life_lost",
    "its power": "power",
    "that creature's power": "power",
    "the exiled creature's power": "power",
    "the sacrificed creature's power": "sacrificed_power",
    "that card's mana value": "mana_value",
    "that spell's mana value": "mana_value",
    "that artifact's mana value": "mana_value",
    "that enchantment's mana value": "mana_value",
    "that creature's mana value": "mana_value",
    "that permanent's mana value": "mana_value",
    "that many": "event_amount",
    "that much": "event_amount",
    "its mana value": "mana_value",
    "the number of creatures destroyed this way": "destroyed",
    "the number of permanents destroyed this way": "destroyed",
    "the number of creatures sacrificed this way": "sacrificed",
    "the number of cards discarded this way": "discarded",
}
# "for each creature destroyed this way": what an earlier effect of the ability did, counted.
_DONE_THIS_WAY = {
    "creature destroyed this way": "destroyed",
    "permanent destroyed this way": "destroyed",
    "creature sacrificed this way": "sacrificed",
    "permanent sacrificed this way": "sacrificed",
    "card discarded this way": "discarded",
    "creature blocking it": "blockers",  # the creatures blocking it as it resolves (608.2h)
}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def amount(text: str) -> Any:
    """A quantity, or None if the model cannot hold it."""
    low = " ".join(text.lower().strip().rstrip(".").split())
    if " " not in low:
        found = number(low)
        if found is not None:
            return found
    if low in NUMBERS:
        return NUMBERS[low]
    if low in _PREVIOUS:
        return {"previous": _PREVIOUS[low]}
    plain = " ".join(text.strip().rstrip(".").split())
    match = re.fullmatch(r"your devotion to (\w+)(?: and (\w+))?", low)
    if match:  # 700.5
        words = [w for w in match.groups() if w]
        if not all(w in _COLOR_WORDS for w in words):
            return None
        return {"count": "devotion", "controller": "you",
                "colors": [_COLOR_WORDS[w] for w in words]}  # fmt: skip
    match = re.fullmatch(r"(two|three|four) times (.+)", plain)
    if match:  # "two times X": the sum of that many of it
        inner = amount(match.group(2))
        many = NUMBERS[match.group(1)]
        if inner is None:
            return None
        return (
            times(inner, many)
            if isinstance(inner, dict) and "count" in inner
            else {"sum": [inner] * many}
        )
    match = re.fullmatch(r"the greatest power among (.+)", plain)
    if match:
        return _greatest_power(match.group(1))
    match = re.fullmatch(r"the total power of (.+)", plain)
    if match:
        return _greatest_power(match.group(1), "total_power")
    match = re.fullmatch(r"half (.+?),? rounded down", plain, re.IGNORECASE)
    if match:
        inner = amount(match.group(1))
        return None if inner is None else {"half": inner}
    match = re.fullmatch(r"(.+?) plus (.+)", plain)
    if match:
        left, right = amount(match.group(1)), amount(match.group(2))
        return None if left is None or right is None else {"sum": [left, right]}
    match = re.fullmatch(r"(?:twice )?the number of (.+)", text.strip(), re.IGNORECASE)
    if match:
        counted = count_of(match.group(1))
        if counted is not None and low.startswith("twice "):
            counted["times"] = 2
        return counted
    return None


def times(value: Any, factor: Any) -> Any:
    """``factor`` of ``value`` where value is a count: "2 life for each creature"."""
    counted = isinstance(value, dict) and ("count" in value or "previous" in value)
    if not counted or not isinstance(factor, int):
        return None
    if factor < 1:
        return None  # the model counts up, never down
    if factor == 1:
        return value
    return {**value, "times": factor * int(value.get("times", 1))}


def for_each(base: Any, what: str) -> Any:
    """``2`` and "creature on the battlefield" -> a count of creatures, twice."""
    done = _DONE_THIS_WAY.get(" ".join(what.lower().split()))
    if done is not None:
        if not isinstance(base, int) or base < 1:
            return None
        return {"previous": done, "times": base} if base > 1 else {"previous": done}
    counted = count_of(_plural(what))
    return None if counted is None else times(counted, base)


def _plural(text: str) -> str:
    """The singular ("creature you control") reads as the plural does."""
    return text


def count_of(text: str) -> dict[str, Any] | None:
    """``"Zombies you control"`` -> ``{count: permanents, controller: you, filter: ...}``."""
    text = " ".join(text.strip().rstrip(".").split())
    text = re.sub(r" on the battlefield$", "", text)
    low = text.lower()
    if low in ("cards in your hand", "cards in hand", "card in your hand"):
        return {"count": "cards_in_hand", "controller": "you"}
    match = re.fullmatch(r"(?:([+-]1/[+-]1|[a-z]+) )?counters? on (?:~|it)", low)
    if match:  # "+1/+1 counter on ~", "charge counters on it", "counter on ~" (any kind)
        on_self: dict[str, Any] = {"count": "counters_on_self"}
        if match.group(1):
            on_self["counter"] = match.group(1)
        return on_self
    if low in (
        "basic land type among lands you control",
        "basic land types among lands you control",
    ):
        return {"count": "basic_land_types", "controller": "you"}  # domain (305.6)
    poison = re.fullmatch(r"poison counters? (your opponents|each opponent|you) ha(?:ve|s)", low)
    if poison:  # "for each poison counter your opponents have" (Phyrexian Swarmlord)
        return {"count": "poison", "controller": "you" if poison.group(1) == "you" else "opponents"}
    match = re.fullmatch(
        r"(.*?)cards? in (your|all|each player's|all players'|your opponents'|an opponent's)"
        r" graveyards?",
        text,
    )
    if match:
        adjectives = match.group(1).strip()
        noun = noun_phrase("each " + adjectives + " card") if adjectives else None
        if adjectives and noun is None:
            return None
        whose = {"your": "you", "your opponents'": "opponents", "an opponent's": "opponents"}.get(
            match.group(2), "any"
        )
        kind = "cards_in_graveyard"
        filt = dict(noun.filter) if noun is not None else {}
        if filt.get("types") == ["Creature"] and len(filt) == 1:
            kind, filt = "creature_cards_in_graveyard", {}
        counted: dict[str, Any] = {"count": kind, "controller": whose}
        if filt:
            counted["filter"] = filt
        return counted
    noun = noun_phrase("each " + text)
    if noun is None or noun.zone != "battlefield" or noun.owner not in (None, "you", "opponents"):
        return None
    if noun.head in ("card", "spell", "player", "opponent"):
        return None
    filt = dict(noun.filter)
    types = filt.get("types", [])
    kind = "permanents"
    if types == ["Creature"] and not filt.get("subtypes"):
        filt.pop("types")
        kind = "creatures"
    elif types == ["Land"]:
        filt.pop("types")
        kind = "lands"
    elif types == ["Creature"]:
        filt.pop("types")  # "Zombies": a subtype counts permanents of that subtype
    found: dict[str, Any] = {"count": kind, "controller": noun.owner or "any"}
    if filt:
        found["filter"] = filt
    return found


def _greatest_power(what: str, kind: str = "greatest_power") -> dict[str, Any] | None:
    """ "creatures you control", "other creatures you control": the greatest power among
    them (``greatest_power``), or their total power (``total_power``)."""
    counted = count_of(what)
    if counted is None or counted["count"] not in ("creatures", "permanents"):
        return None
    if counted["count"] == "permanents" and "subtypes" not in counted.get("filter", {}):
        return None
    return {**counted, "count": kind}


def cards_count(rest: str) -> Any:
    """ "two cards", "a card for each Swamp you control", "that many cards", "cards equal to
    ...": how many cards a player draws, discards or mills; None if not read."""
    match = re.fullmatch(rf"({NUMBER}) cards?(?: for each (.+))?", rest, re.IGNORECASE)
    if match:
        count = number(match.group(1))
        return for_each(count, match.group(2)) if match.group(2) else count
    if rest == "that many cards":  # the amount of the event that triggered it
        return amount("that many")
    if rest == "an additional card":  # "that player draws an additional card" (Dictate)
        return 1
    match = re.fullmatch(r"cards equal to (.+)", rest)
    return amount(match.group(1)) if match else None
