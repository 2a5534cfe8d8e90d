"""Static abilities ("Creatures you control get +1/+1", "Enchanted creature has flying").

A static line is an anthem (``anthem``), a keyword grant (``keyword_grant``),
what an Aura or Equipment gives (``attached``), a cost change of spells
(``cost_change``), an attack or block rule (``must_attack``, ``cant_attack``,
``cant_block``), or a keyword the card itself has in words ("~ can't be
blocked"), which joins its keywords.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.amounts import amount, count_of, for_each
from cardcli.cards.mtg.compiler.conditions import condition_of
from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.text import upper_first
from cardcli.cards.mtg.compiler.words import engine_keyword

Ability = dict[str, Any]


_LIFEGAIN = {
    "Players can't gain life.": "all",
    "If a player would gain life, that player gains no life instead.": "all",
    "Your opponents can't gain life.": "opponents",
    "Each opponent can't gain life.": "opponents",
    "You can't gain life.": "you",
}


def static_of(text: str) -> tuple[str, Any] | None:
    """("abilities", [...]) or ("keywords", [...]) for a static line; None if unread.

    "As long as ..." (before or after) makes it a conditional static: the condition goes
    on each ability it gives."""
    text = text.strip()
    lead = re.fullmatch(r"As long as (.+?), (.+)", text)
    tail = re.fullmatch(r"(.+?),? as long as (.+?)\.", text)
    if lead is not None or tail is not None:
        if lead is not None:
            cond_text, rest = lead.group(1), lead.group(2)
        else:
            assert tail is not None
            cond_text, rest = tail.group(2), tail.group(1) + "."
        condition = condition_of(cond_text)
        found = _plain_static(upper_first(rest)) if condition is not None else None
        if found is None or found[0] != "abilities":
            return None  # a keyword the card has only while ...: a static of the model
        return "abilities", [{**ability, "condition": condition} for ability in found[1]]
    return _plain_static(text)


def _plain_static(text: str) -> tuple[str, Any] | None:
    own = _own_keywords(text)
    if own is not None:
        return "keywords", own
    if text in _LIFEGAIN:
        return "abilities", [{"static": "no_lifegain", "players": _LIFEGAIN[text]}]
    if text == "Cards in graveyards lose all abilities.":
        return "abilities", [{"static": "lose_abilities", "zone": "graveyard"}]
    cda = _defining(text)
    if cda is not None:
        return "abilities", [cda]
    match = re.fullmatch(r"(.+?) lose all abilities(?: and have base power and toughness "
                         r"(\d+)/(\d+))?\.", text)  # fmt: skip
    if match:
        return _lose_all(match.group(1), match.group(2), match.group(3))
    match = re.fullmatch(r"(Enchanted|Equipped) creature (.+)\.", text)
    if match:
        attached = _attached(match.group(2))
        return None if attached is None else ("abilities", [attached])
    match = re.fullmatch(r"(.+?) (?:gets?|have|has) (.+)\.", text)
    if match:
        return _anthem(text)
    match = _COST_CHANGE.fullmatch(text)
    if match:
        return _cost_change(*match.groups())
    match = re.fullmatch(r"(.+?) attacks? each combat if able\.", text)
    if match:
        return _rule(match.group(1), "must_attack")
    match = re.fullmatch(r"(.+?) can't (attack|block)\.", text)
    if match:
        return _rule(match.group(1), "cant_" + match.group(2))
    match = re.fullmatch(r"~ can't be blocked (by|except by) (.+?)\.", text)
    if match:
        return _unblockable_by(match.group(1), match.group(2))
    if text == "~ doesn't untap during your untap step.":  # 502.3
        return "abilities", [{"static": "doesnt_untap"}]
    if text == "All creatures able to block ~ do so.":  # Lure (509.1c)
        return "abilities", [{"static": "must_be_blocked_by_all"}]
    match = re.fullmatch(r"(.+?) enter tapped\.", text)
    if match:  # "Creatures your opponents control enter tapped." (614.1c)
        reach = _affected(match.group(1))
        if reach is None or reach[0].get("self"):
            return None
        return "abilities", [
            {"static": "enters_tapped", "controller": reach[1], "affects": reach[0]}
        ]
    return None


def _unblockable_by(how: str, what: str) -> tuple[str, Any] | None:
    """ "~ can't be blocked by creatures with power 2 or less" (509.1b), "... except by
    creatures with flying" (those without can't)."""
    if how == "except by" and what == "two or more creatures":
        return "keywords", ["Menace"]
    noun = noun_phrase("each " + what)
    if noun is None or noun.zone != "battlefield" or noun.owner is not None:
        return None
    filt = dict(noun.filter)
    if filt.get("types") == ["Creature"]:
        filt.pop("types")
    if how == "except by":  # the creatures that can't block are the others: one key, negated
        if set(filt) != {"keywords"} or len(filt["keywords"]) != 1:
            return None
        filt = {"not_keywords": filt["keywords"]}
    if not filt:
        return None
    return "abilities", [{"static": "cant_be_blocked_by", "filter": filt}]


def _own_keywords(text: str) -> list[str] | None:
    """``~ can't be blocked.`` -> a keyword of the card's own."""
    own = {
        "~ can't be blocked.": "Can't be blocked",
        "~ can't block.": "Can't block",
    }
    return [own[text]] if text in own else None


def _affected(subject: str) -> tuple[dict[str, Any], str] | None:
    """Whom an anthem reaches: its filter and whose ("you", "opponents", "any")."""
    if subject.strip() == "~":  # the card itself: "~ gets +1/+1 for each ..."
        return {"self": True}, "you"
    noun = noun_phrase(subject)
    if noun is None or noun.zone != "battlefield" or noun.choose not in ("each", "a"):
        return None
    if noun.owner not in (None, "you", "opponents"):
        return None
    filt = dict(noun.filter)
    if "types" not in filt and noun.head == "permanent" and not filt.get("subtypes"):
        return None
    filt.setdefault("types", ["Creature"])
    return filt, noun.owner or "any"


def _defining(text: str) -> Ability | None:
    """604.3: "~'s power and toughness are each equal to the number of creatures you control"."""
    match = re.fullmatch(
        r"~'s (power and toughness are each|power is|toughness is) equal to (.+)\.", text
    )
    if not match:
        return None
    value = amount(match.group(2))
    if value is None or not isinstance(value, dict):
        return None
    ability: Ability = {"static": "cda"}
    if "power" in match.group(1):
        ability["power"] = value
    if "toughness" in match.group(1):
        ability["toughness"] = value
    return ability


def _lose_all(subject: str, power: str | None, toughness: str | None) -> tuple[str, Any] | None:
    reach = _affected(subject)
    if reach is None:
        return None
    filt, whose = reach
    found: list[Ability] = [{"static": "lose_abilities", "controller": whose, "affects": filt}]
    if power is not None and toughness is not None:
        found.append(
            {"static": "set_base_pt", "controller": whose, "affects": filt,
             "power": int(power), "toughness": int(toughness)}
        )  # fmt: skip
    return "abilities", found


def _anthem(text: str) -> tuple[str, Any] | None:
    match = re.fullmatch(
        r"(.+?) (?:gets?|get) ([+-]\d+)/([+-]\d+)(?: for each (.+?))?(?: and (?:have|has) (.+))?\.",
        text,
    )
    keywords_text = per = None
    if match:
        subject, power, toughness, per, keywords_text = match.groups()
    else:
        match = re.fullmatch(r"(.+?) (?:have|has) (.+)\.", text)
        if not match:
            return None
        subject, keywords_text = match.groups()
        power = toughness = None
    subjects = re.split(
        r" and (?=other |[A-Z])", subject
    )  # "Skeletons you control and other Zombies"
    found: list[Ability] = []
    for one in subjects:
        read = _anthem_of(one, power, toughness, per, keywords_text)
        if read is None:
            return None
        found.extend(read)
    return "abilities", found


def _anthem_of(
    subject: str,
    power: str | None,
    toughness: str | None,
    per: str | None,
    keywords_text: str | None,
) -> list[Ability] | None:
    reach = _affected(subject)
    if reach is None:
        return None
    filt, whose = reach
    found: list[Ability] = []
    if power is not None and toughness is not None:
        bonus: list[Any] = [int(power), int(toughness)]
        if per is not None:
            bonus = [for_each(int(power), per) if int(power) else 0,
                     for_each(int(toughness), per) if int(toughness) else 0]  # fmt: skip
            if any(b is None or (isinstance(b, int) and b < 0) for b in bonus):
                return None
        found.append(
            {
                "static": "anthem",
                "affects": filt,
                "controller": whose,
                "power": bonus[0],
                "toughness": bonus[1],
            }
        )
    if keywords_text:
        keywords = _keywords(keywords_text)
        if keywords is None:
            return None
        found.append(
            {"static": "keyword_grant", "affects": filt, "controller": whose, "keywords": keywords}
        )
    return found


def _keywords(text: str) -> list[str] | None:
    parts = [p.strip() for p in re.split(r",? and |, ", text) if p.strip()]
    if not parts or any(not engine_keyword(p) for p in parts):
        return None
    return [p[:1].upper() + p[1:] for p in parts]


def _attached(rest: str) -> Ability | None:
    match = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?", rest)
    ability: Ability = {"static": "attached"}
    if match:
        ability["power"], ability["toughness"] = int(match.group(1)), int(match.group(2))
        if match.group(3):
            keywords = _keywords(match.group(3))
            if keywords is None:
                return None
            ability["keywords"] = keywords
        return ability
    match = re.fullmatch(r"has (.+)", rest)
    if match:
        keywords = _keywords(match.group(1))
        if keywords is None:
            return None
        ability["keywords"] = keywords
        return ability
    if rest == "can't attack or block":
        return {"static": "attached", "cant_attack": True, "cant_block": True}
    return None


_COST_CHANGE = re.compile(
    r"(.+?) spells (you|your opponents) cast(?: with (.+?))? cost \{(\d+)\} (less|more) to cast"
    r"(?: for each (.+?))?\."
)


def _cost_change(
    what: str, whose: str, quality: str | None, size: str, way: str, each: str | None
) -> tuple[str, Any] | None:
    """ "Creature spells you cast cost {1} less to cast.", "... with power 4 or greater ...",
    "Artifact and enchantment spells your opponents cast cost {2} more to cast.", "... for each
    +1/+1 counter on ~." (601.2f): a generic change of the cost of the spells it names."""
    # "artifact and enchantment spells", "Angel spells and Human spells": each of either
    what = re.sub(r"(?: spells)? and ", " or ", what)
    noun = noun_phrase("each " + what + " spell" + (f" with {quality}" if quality else ""))
    if noun is None or noun.head != "spell":
        return None
    delta = -int(size) if way == "less" else int(size)
    ability: dict[str, Any] = {"static": "cost_change", "affects": dict(noun.filter),
                               "controller": "you" if whose == "you" else "opponents",
                               "cost_delta": delta}  # fmt: skip
    if each:
        per = count_of(each)
        if per is None:
            return None
        ability["per"] = per
    return "abilities", [ability]


def _rule(subject: str, static: str) -> tuple[str, Any] | None:
    reach = _affected(subject)
    if reach is None:
        return None
    filt, whose = reach
    return "abilities", [{"static": static, "affects": filt, "controller": whose}]
