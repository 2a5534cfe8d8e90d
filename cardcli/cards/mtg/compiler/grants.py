"""Abilities in quotes that a static ability grants to other objects (613.1f, layer 6).

"Sliver creatures you control have "When this creature enters, it deals 1 damage to
target player or planeswalker and you gain 1 life."", "Other Zombies have "{B}:
Regenerate this permanent."", "Enchanted land has "{T}, Pay 1 life: Draw a card."".

The quoted text is compiled as a card's own text would be, for an object of the
receiving kind: there "this creature" (``~``) is the object that has the ability,
the receiver, and "you" its controller (113.10, 113.8). The grant is an
``ability_grant`` static (who it reaches: ``affects`` and ``controller``, as an
anthem's) or an ``attached`` one (an Aura's or Equipment's), holding the granted
abilities in ``abilities``. A quote whose text does not all compile, or that names
the granting card ("~" in the quote would be the receiver, not it), is left unread.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.context import Context
from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.statics import _affected
from cardcli.cards.mtg.compiler.words import engine_keyword

# The receiver's own name while its quoted text compiles ("this creature" becomes ~ too).
_RECEIVER = "this object"
_ATTACHED = re.compile(r"(Enchanted|Equipped) (creature|land|artifact|permanent)")
_KINDS = {"creature": "Creature", "land": "Land", "artifact": "Artifact"}


def granted_of(text: str, ctx: Context) -> tuple[str, list[dict[str, Any]]] | None:
    """("abilities", [the grant]) for a sentence that grants quoted abilities; None if it is
    none or cannot be read."""
    restriction = _restriction_of(text) or _loss_of(text)
    if restriction is not None:
        return restriction
    match = re.fullmatch(r'(.+?) (?:gets ([+-]\d+)/([+-]\d+) and )?(?:have|has) "([^"]+)"\.?', text)
    if match is None or ctx.compile_token is None:
        return None
    subject, power, toughness, quoted = match.groups()
    attached = _ATTACHED.fullmatch(subject)
    if attached is not None:
        types = [_KINDS.get(attached.group(2), "Creature")]
        grant: dict[str, Any] = {"static": "attached"}
        if power is not None:
            grant.update(power=int(power), toughness=int(toughness))
    else:
        if power is not None:
            return None
        reach = _affected(subject)
        if reach is None:
            return None
        affects, whose = reach
        types = list(affects.get("types", ["Creature"]))
        grant = {"static": "ability_grant", "affects": affects, "controller": whose}
    abilities = _quoted_abilities(quoted, types, ctx)
    if abilities is None:
        return None
    grant["abilities"] = abilities
    return "abilities", [grant]


def _restriction_of(text: str) -> tuple[str, list[dict[str, Any]]] | None:
    """ "Slivers can't be blocked except by Slivers." (509.1b): a blocking restriction the
    static gives the permanents it affects (the card's own is ``statics``'s)."""
    match = re.fullmatch(r"(.+?) can't be blocked except by (.+?)\.", text)
    if match is None or match.group(1) == "~":
        return None
    reach = _affected(match.group(1)) or _affected("all " + match.group(1))
    blockers = noun_phrase("all " + match.group(2))
    if reach is None or blockers is None or blockers.owner or blockers.zone != "battlefield":
        return None
    kinds = dict(blockers.filter)
    if kinds.get("types") == ["Creature"]:
        kinds.pop("types")
    if set(kinds) != {"subtypes"}:
        return None
    affects, whose = reach
    return "abilities", [
        {"static": "cant_be_blocked_by", "affects": affects, "controller": whose,
         "filter": {"not_subtypes": kinds["subtypes"]}}
    ]  # fmt: skip


def _loss_of(text: str) -> tuple[str, list[dict[str, Any]]] | None:
    """ "Creatures your opponents control lose first strike and can't have or gain first
    strike." (layer 6: whatever else would give it, they have it not)."""
    match = re.fullmatch(r"(.+?) lose (.+?) and can't have or gain (.+?)\.", text)
    if match is None or match.group(2) != match.group(3) or match.group(1) == "~":
        return None
    reach = _affected(match.group(1))
    keywords = [k.strip() for k in re.split(r",? and |, |,? or ", match.group(2))]
    if reach is None or not all(engine_keyword(k) for k in keywords):
        return None
    affects, whose = reach
    return "abilities", [
        {"static": "keyword_loss", "affects": affects, "controller": whose,
         "keywords": [k[:1].upper() + k[1:] for k in keywords]}
    ]  # fmt: skip


def _quoted_abilities(quoted: str, types: list[str], ctx: Context) -> list[dict[str, Any]] | None:
    """The quote compiled as the text of an object of ``types``: its abilities, or None if
    any of it is unread or it is more than abilities (keywords, a spell's text)."""
    assert ctx.compile_token is not None
    behaviour, whole = ctx.compile_token({"name": _RECEIVER, "types": types, "oracle": quoted})
    if not whole or set(behaviour) != {"abilities"}:
        return None
    abilities: list[dict[str, Any]] = behaviour["abilities"]
    if any("replacement" in a or "static" in a or a.get("zone") for a in abilities):
        return None  # only triggered, activated and mana abilities are granted here
    if any(a.get("when") in ("dies", "leaves") for a in abilities):
        return None  # (what it had as it left: not kept for a grant that leaves with it)
    return abilities
