"""Conditions the model can check: a count of permanents or cards against a number.

They are intervening ifs ("if you control three or more artifacts", 603.4), the
"as long as" of a static ("As long as you control another Dinosaur"), and the
"unless" of a land that enters tapped ("unless you control a Plains or an
Island"). Each reads into ``{amount: COUNT, at_least | at_most | equals: N}``.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.amounts import count_of
from cardcli.cards.mtg.compiler.words import number

Condition = dict[str, Any]


def condition_of(text: str) -> Condition | None:
    """The condition a phrase states, or None if the model cannot check it."""
    text = " ".join(text.strip().rstrip(".").split())
    kicked = re.fullmatch(r"(?:it|~|this creature|this permanent) (was|wasn't) kicked", text)
    if kicked:  # 702.33d: the permanent resolved from a kicked spell
        return {"kicked": kicked.group(1) == "was"}
    match = re.fullmatch(r"no (.+?) (?:are|is) on the battlefield", text)
    if match:
        counted = count_of(match.group(1))
        return None if counted is None else {"amount": counted, "equals": 0}
    match = re.fullmatch(r"you control no (.+)", text)
    if match:
        counted = count_of(match.group(1) + " you control")
        return None if counted is None else {"amount": counted, "equals": 0}
    match = re.fullmatch(r"you control (\w+) or (more|fewer) (other )?(.+)", text)
    if match:
        bound, counted = number(match.group(1)), count_of(match.group(4) + " you control")
        if not isinstance(bound, int) or counted is None:
            return None
        if match.group(3):
            counted = {**counted, "filter": {**counted.get("filter", {}), "other": True}}
        return {"amount": counted, "at_least" if match.group(2) == "more" else "at_most": bound}
    match = re.fullmatch(r"you control (an?|another) (.+)", text)
    if match:
        counted = _any_of(match.group(2), match.group(1) == "another")
        return None if counted is None else {"amount": counted, "at_least": 1}
    match = re.fullmatch(r"you have (\w+) or more opponents", text)
    if match:  # the Commander lands ("unless you have two or more opponents")
        least = number(match.group(1))
        if not isinstance(least, int):
            return None
        return {"amount": {"count": "players", "controller": "opponents"}, "at_least": least}
    match = re.fullmatch(r"there are (\w+) or more (.+)", text)
    if match:
        least, counted = number(match.group(1)), count_of(match.group(2))
        if not isinstance(least, int) or counted is None:
            return None
        return {"amount": counted, "at_least": least}
    return None


def _any_of(text: str, other: bool) -> dict[str, Any] | None:
    """ "a Plains or an Island", "another Dinosaur": a count of what you control of those."""
    names = [re.sub(r"^an? ", "", part) for part in re.split(r",? or ", text)]
    counted = count_of(" or ".join(_plural(n) for n in names) + " you control")
    if counted is None:
        return None
    if other:
        counted = {**counted, "filter": {**counted.get("filter", {}), "other": True}}
    return counted


def _plural(name: str) -> str:
    """What "a Zombie" counts: Zombies (a phrase of one word a type or subtype)."""
    words = name.split()
    last = words[-1]
    kinds = ("creature", "artifact", "enchantment", "land", "planeswalker", "permanent")
    if (last[:1].isupper() and not last.endswith("s")) or last in kinds:
        words[-1] = last + "s"
    return " ".join(words)
