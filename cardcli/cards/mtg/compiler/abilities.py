"""Each line of Oracle text, classified and compiled into the card model's abilities.

A line is a keyword line ("Flying, vigilance", "Flashback {2}{R}"), an activated
ability ("{T}, Sacrifice ~: ..." or a loyalty "+1: ..."), a triggered ability
("When/Whenever/At ..."), a replacement of the card's own ("~ enters tapped"),
a static ability ("Creatures you control get +1/+1"), or a paragraph of a
spell. ``compile_line`` returns what it read into ``Parts``, or the reason the
line is left to the players.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.mtg.compiler.amounts import for_each
from cardcli.cards.mtg.compiler.attack_orders import random_opponent_attack
from cardcli.cards.mtg.compiler.chosen import entry_choice_line
from cardcli.cards.mtg.compiler.clauses import effects_of
from cardcli.cards.mtg.compiler.conditions import condition_of
from cardcli.cards.mtg.compiler.context import Context, any_effect
from cardcli.cards.mtg.compiler.copies import enters_as_copy
from cardcli.cards.mtg.compiler.costs import cost_of, split_cost
from cardcli.cards.mtg.compiler.damage_events import source_body, sources_known
from cardcli.cards.mtg.compiler.damage_replacements import damage_replacement
from cardcli.cards.mtg.compiler.delayed import this_turn_effect, this_turn_triggers
from cardcli.cards.mtg.compiler.grants import granted_of
from cardcli.cards.mtg.compiler.instead import instead_effects
from cardcli.cards.mtg.compiler.modes import ModalLines, choose_of, modes_of
from cardcli.cards.mtg.compiler.phrases import MANA, mana_cost, noun_phrase
from cardcli.cards.mtg.compiler.relics import reveal_cast, watch_body_ok
from cardcli.cards.mtg.compiler.spell_costs import affinity, own_cost
from cardcli.cards.mtg.compiler.statics import static_of
from cardcli.cards.mtg.compiler.text import Line, sentences, upper_first
from cardcli.cards.mtg.compiler.triggers import EVENT_AMOUNT_TRIGGERS, OTHERS_TRIGGERS, trigger_of
from cardcli.cards.mtg.compiler.words import (
    COLORS,
    COUNTED_KEYWORD,
    KEYWORDS_WITH_COST,
    RULELESS_KEYWORDS,
    engine_keyword,
    number,
)


@dataclass
class Parts:
    """What a card's lines compiled to, gathered."""

    spell: list[dict[str, Any]] = field(default_factory=list)
    abilities: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # flashback, equip, keywords...
    unread: list[str] = field(default_factory=list)  # the lines left to the players
    read: int = 0  # lines compiled


def compile_modal(unit: ModalLines, ctx: Context, parts: Parts) -> None:
    """A modal spell, or a modal triggered or activated ability (700.2)."""
    lead = unit.lead.strip().rstrip(",").strip()
    ability: dict[str, Any] | None = None
    if not lead and ctx.spell:
        modes = modes_of(unit, ctx.for_ability(itself=False), _body_effects)
        if modes is not None:
            parts.extra["modes"] = modes
            parts.extra["choose"] = choose_of(unit.count, len(modes))
            parts.read += 1
            return
    elif lead.endswith(":"):
        head, colon, _body = split_cost(lead + " ")
        cost = cost_of(head) if colon else None
        modes = modes_of(unit, ctx.for_ability(itself=True), _body_effects) if cost else None
        if cost is not None and modes is not None:
            ability = {"activated": True, "cost": cost}
    elif re.match(r"^(When|Whenever|At) ", lead):
        triggers = trigger_of(lead, ctx.types, ctx.subtypes)
        itself = triggers is not None and all(t["when"] not in OTHERS_TRIGGERS for t in triggers)
        modes = modes_of(unit, ctx.for_ability(itself), _body_effects) if triggers else None
        if triggers and modes is not None:
            for trigger in triggers:
                parts.abilities.append(
                    {**trigger, "modes": modes, "choose": choose_of(unit.count, len(modes)),
                     "text": "\n".join(unit.printed)}
                )  # fmt: skip
            parts.read += 1
            return
    if ability is not None and modes is not None:
        ability.update(modes=modes, choose=choose_of(unit.count, len(modes)))
        parts.abilities.append({**ability, "text": "\n".join(unit.printed)})
        parts.read += 1
        return
    parts.unread.extend(unit.printed)


def compile_line(line: Line, keywords: set[str], ctx: Context, parts: Parts) -> None:
    """Compile one line into ``parts``, or note it as unread."""
    text = line.text
    if _keyword_line(text, keywords, parts):
        return
    chosen = entry_choice_line(line)
    if chosen is not None:  # "As ~ enters, choose a color." (and "~ enters tapped.")
        parts.abilities.extend(chosen)
        parts.read += 1
        return
    for reader in (_damage_line, _replacement, _activated, _triggered, _static_line, _spell_line,
                   _restriction):  # fmt: skip
        outcome = reader(line, ctx, parts)
        if outcome is True:
            parts.read += 1
            return
        if outcome is False:
            break
    parts.unread.append(line.printed or text)


def _damage_line(line: Line, ctx: Context, parts: Parts) -> bool | None:
    """A line that doubles or prevents damage (``damage_replacements``)."""
    found = None if ctx.spell else damage_replacement(line.text)
    if found is None:
        return None
    parts.abilities.extend({**ability, "text": line.printed} for ability in found)
    return True


# -- keywords ---------------------------------------------------------------------------------


def _keyword_line(text: str, keywords: set[str], parts: Parts) -> bool:
    """A line of keywords, ending without a period ("Flying, vigilance", "Equip {2}")."""
    if text.endswith("."):
        return False
    # "Flying, vigilance"; an older card's "Haste; fear"
    items = [p.strip() for p in re.split(r"[,;] (?![^{]*\})", text) if p.strip()]
    known = {k.lower() for k in keywords}
    found = []
    for item in items:
        low = item.lower()
        head = re.split(r" (?=\{|\d|X\b|—)", low)[0]
        if (
            low in known
            or head in known
            or engine_keyword(low)
            or low in _EXPANDED
            or _costed(item)
            or low.startswith(("enchant ", "protection from ", "affinity for "))
        ):
            found.append(item)
        else:
            return False
    for item in found:
        _keyword(item, parts)
    return True


def _costed(item: str) -> bool:
    match = re.match(r"^([A-Za-z' -]+?) (\{.+|\d+|X)$", item)
    return match is not None and match.group(1).lower() in KEYWORDS_WITH_COST


# Keywords that are a triggered ability in short (702): the ability the model holds for each.
_EXPANDED: dict[str, dict[str, Any]] = {
    "prowess": {  # 702.108a
        "when": "spell_cast", "controller": "you", "trigger_filter": {"not_types": ["Creature"]},
        "effects": [{"do": "pump", "each": "it", "power": 1, "toughness": 1,
                     "until": "end_of_turn"}],
    },
    "battle cry": {  # 702.91a
        "when": "attacks",
        "effects": [{"do": "pump", "each": "each_other_creature_you_control",
                     "filter": {"attacking": True}, "power": 1, "toughness": 0,
                     "until": "end_of_turn"}],
    },
    "ingest": {  # 702.115a
        "when": "deals_combat_damage_to_player",
        "effects": [{"do": "exile_top", "amount": 1, "each": "that_player"}],
    },
    "myriad": {"when": "attacks", "effects": [{"do": "myriad"}]},  # 702.116a (``copies``)
}  # fmt: skip


def _keyword(item: str, parts: Parts) -> None:
    low = item.lower()
    if re.fullmatch(r"(annihilator|crew) \d+", low) or COUNTED_KEYWORD.fullmatch(low):
        # the engine reads "Annihilator N", "Frenzy N", "Absorb N" with their numbers, and
        # writes out "Crew N"
        parts.extra.setdefault("keywords", []).append(item[:1].upper() + item[1:])
        parts.read += 1
        return
    if low in _EXPANDED:
        parts.abilities.append({**copy.deepcopy(_EXPANDED[low]), "text": item})
        parts.read += 1
        return
    if low.startswith("affinity for "):
        found = affinity(item)
        if found is None:
            parts.unread.append(item)
            return
        parts.abilities.append({**found, "text": item})
        parts.read += 1
        return
    if engine_keyword(low) or low in RULELESS_KEYWORDS or low.startswith("enchant "):
        if low.startswith("enchant ") and low not in (
            "enchant creature", "enchant permanent", "enchant land", "enchant artifact",
            "enchant enchantment", "enchant creature you control",
        ):  # fmt: skip
            parts.unread.append(item)
            return
        if low.startswith("enchant "):  # 303.4a: what the Aura spell targets and attaches to
            parts.extra.setdefault("keywords", []).append(item[:1].upper() + item[1:])
        parts.read += 1
        return
    written = re.fullmatch(
        r"((?:basic land|[a-z]+)?cycling|unearth|evoke|echo|kicker) (" + MANA + r")",
        item,
        re.IGNORECASE,
    )
    if written and mana_cost(written.group(2)):  # the engine writes these out (702.29 ...)
        parts.extra.setdefault("keywords", []).append(item[:1].upper() + item[1:])
        parts.read += 1
        return
    outlast = re.fullmatch(r"outlast (" + MANA + r")", item, re.IGNORECASE)
    if outlast and mana_cost(outlast.group(1)):  # 702.107a, written out
        parts.abilities.append(
            {"activated": True, "cost": {"mana": outlast.group(1), "tap": True}, "sorcery": True,
             "effects": [{"do": "counters", "counter": "+1/+1", "amount": 1, "each": "it"}],
             "text": item}
        )  # fmt: skip
        parts.read += 1
        return
    match = re.fullmatch(r"(flashback|equip) (" + MANA + r")", item, re.IGNORECASE)
    if match and mana_cost(match.group(2)):
        parts.extra[match.group(1).lower()] = match.group(2)
        parts.read += 1
        return
    parts.unread.append(item)


# -- activated abilities ------------------------------------------------------------------------


_LOYALTY = re.compile(r"^([+−-]\d+|0): (.+)$")


def _activated(line: Line, ctx: Context, parts: Parts) -> bool | None:
    text = line.text
    loyalty = _LOYALTY.match(text)
    if loyalty:
        cost: dict[str, Any] | None = {"loyalty": int(loyalty.group(1).replace("−", "-"))}
        body = loyalty.group(2)
    else:
        head, colon, body = split_cost(text)
        if not colon:
            return None
        cost = cost_of(head)
        if cost is None:
            return False
    restrictions = re.findall(r"\s*Activate only (as a sorcery|once each turn)\.", body)
    body = re.sub(r"\s*Activate only (as a sorcery|once each turn)\.", "", body)
    only_if = re.search(r"\s*Activate only if (.+?)\.$", body)
    condition = None
    if only_if:  # 602.5b: "Activate only if you control a Plains or an Island."
        condition = condition_of(only_if.group(1))
        if condition is None:
            return False
        body = body[: only_if.start()]
    effects = _body_effects(body, ctx.for_ability(itself=True))
    if effects is None:
        return False
    if _chosen_mana(effects) and not _mana_ability(effects):
        return False  # mana of a choice, with more: only a mana ability chooses its mana
    ability: dict[str, Any] = {"activated": True, "cost": cost, "effects": effects}
    paid = cost or {}
    if paid.get("discard") == "self":
        ability["zone"] = "hand"  # 113.6k: it works where its cost takes the card from
    elif paid.get("exile") == "self":
        ability["zone"] = "graveyard"
    if condition is not None:
        ability["condition"] = condition
    if "as a sorcery" in restrictions:
        ability["sorcery"] = True
    if "once each turn" in restrictions:
        return False  # the model has no once-a-turn limit
    ability["text"] = line.printed
    parts.abilities.append(ability)
    return True


def _chosen_mana(effects: list[dict[str, Any]]) -> bool:
    return any("one_of" in effect or "of" in effect for effect in effects)


# What a mana ability may do besides adding mana and still be one (605.1a): no target, no
# choice but the mana's ("This land deals 1 damage to you.").
_WITH_MANA = {"damage", "lose_life", "gain_life", "counters", "remove_counters", "poison",
              "tap", "untap"}  # fmt: skip


def _mana_ability(effects: list[dict[str, Any]]) -> bool:
    """Mana first, then only what a mana ability may do too (the engine's mana abilities)."""
    adds = [e for e in effects if e.get("do") == "add_mana"]
    rest = effects[len(adds) :]
    return (
        bool(adds)
        and effects[: len(adds)] == adds
        and all(
            e.get("do") in _WITH_MANA
            and "target" not in e
            and not e.get("optional")
            and "if" not in e
            for e in rest
        )
    )


def _body_effects(body: str, ctx: Context) -> list[dict[str, Any]] | None:
    """The effects of an ability's (or spell's) sentences; each later sentence may qualify
    the effects before it ("It can't be regenerated.")."""
    found: list[dict[str, Any]] = []
    for sentence in sentences(body):
        ctx.before = found
        read = effects_of(sentence, ctx)
        if read is None:
            return None
        found.extend(read)
    ctx.before = []
    if not ctx.event_amount and _says_that_many(found):
        return None  # "that many" with no event amount to be: something the model cannot say
    return found or None


def _effects_after(text: str, before: list[dict[str, Any]], ctx: Context) -> list[Any] | None:
    """One sentence's effects, with a paragraph's before it (what "that spell" names)."""
    inner = ctx.for_ability(itself=False)
    inner.before = list(before)
    return effects_of(text, inner)


def _says_that_many(value: Any) -> bool:
    return any_effect(value, lambda e: e.get("previous") == "event_amount")


# -- triggered abilities ----------------------------------------------------------------------


def _triggered(line: Line, ctx: Context, parts: Parts) -> bool | None:
    text = line.text
    if not re.match(r"^(When|Whenever|At) ", text):
        return None
    split = _trigger_split(text)
    if split is None:
        return False
    condition_text, body = split
    delayed = this_turn_triggers(condition_text) if ctx.spell else None  # 603.7c
    triggers = delayed or trigger_of(condition_text, ctx.types, ctx.subtypes)
    if triggers is None:
        return False
    intervening = re.match(r"^if (.+?), (.+)$", body)
    if intervening:  # 603.4: checked as it triggers and as it resolves
        condition = condition_of(intervening.group(1))
        if condition is None:
            return False
        body = intervening.group(2)
        triggers = [{**t, "condition": condition} for t in triggers]
    said = source_body(triggers, body)  # "its controller": the source's, in a damage trigger
    if said is None:
        return False
    body = said
    itself = all(t["when"] not in OTHERS_TRIGGERS for t in triggers)
    gone = any(t["when"] in ("dies", "leaves", "put_into_graveyard") for t in triggers)
    amounted = all(  # "that many": the damage dealt, the life gained, how many entered
        t["when"] in EVENT_AMOUNT_TRIGGERS or t.get("one_or_more") for t in triggers
    )
    effects = (
        reveal_cast(body)
        or (itself and random_opponent_attack(body))
        or _body_effects(upper_first(body), ctx.for_ability(itself, gone, amounted))
    )
    if (
        effects is None
        or _chosen_mana(effects)
        or not sources_known(triggers, effects)
        or not watch_body_ok(triggers, effects)
    ):
        return False
    for trigger in triggers:
        if delayed:
            made = this_turn_effect(trigger, effects, line.printed)
            if made is None:
                return False
            parts.spell.append(made)
            continue
        parts.abilities.append({**trigger, "effects": effects, "text": line.printed})
    return True


def _trigger_split(text: str) -> tuple[str, str] | None:
    """``When ~ enters, draw a card.`` -> ("When ~ enters", "draw a card.")."""
    depth = 0
    for index, char in enumerate(text):
        if char == '"':
            depth ^= 1
        elif char == "," and not depth:
            return text[:index], text[index + 1 :].strip()
    return None


# -- replacements and statics -------------------------------------------------------------------


_SHOCK = re.compile(r"As ~ enters, you may pay (\d+) life\. If you don't, it enters tapped\.")
_REVEAL = re.compile(
    r"As ~ enters, you may reveal an? (.+? card) from your hand\. If you don't, ~ enters tapped\."
)


def _replacement(line: Line, ctx: Context, parts: Parts) -> bool | None:
    text = line.text
    if text in ("~ enters tapped.", "~ enters the battlefield tapped."):
        parts.abilities.append({"replacement": "enters_tapped", "text": line.printed})
        return True
    match = re.fullmatch(r"~ enters tapped unless (.+)\.", text)
    if match:  # 614.1c: checked as it enters
        condition = condition_of(match.group(1))
        if condition is None:
            return False
        parts.abilities.append(
            {"replacement": "enters_tapped", "unless": condition, "text": line.printed}
        )
        return True
    match = _SHOCK.fullmatch(text)
    if match:  # a shock land: its controller chooses as it enters
        parts.abilities.append(
            {"replacement": "enters_tapped", "pay_life": int(match.group(1)),
             "text": line.printed}
        )  # fmt: skip
        return True
    match = _REVEAL.fullmatch(text)
    if match:  # a reveal land: untapped if its controller holds such a card (they reveal it)
        noun = noun_phrase("each " + match.group(1))
        if noun is None or noun.head != "card" or not noun.filter:
            return False
        held = {"count": "cards_in_hand", "controller": "you", "filter": dict(noun.filter)}
        parts.abilities.append({"replacement": "enters_tapped", "text": line.printed,
                                "unless": {"amount": held, "at_least": 1}})  # fmt: skip
        return True
    cost = own_cost(text)
    if cost is None:
        cost = enters_as_copy(text, ctx)  # (a clone's: ``copies``)
    if cost is not None:
        if not cost:
            return False
        parts.abilities.append({**cost, "text": line.printed})
        return True
    match = re.fullmatch(
        r"~ enters with (\w+) ([+-]\d/[+-]\d|[a-z]+) counters? on it"
        r"(?: for each (.+))?\.",
        text,
    )
    if match:
        count: Any = number(match.group(1))
        if count is not None and match.group(3):
            count = for_each(count, match.group(3))
        if count is None:
            return False
        parts.abilities.append(
            {
                "replacement": "enters_with_counters",
                "counter": match.group(2),
                "amount": count,
                "text": line.printed,
            }
        )
        return True
    if text in ("This spell can't be countered.", "~ can't be countered."):
        parts.extra["cant_be_countered"] = True
        return True
    match = re.fullmatch(
        r"You may cast ~ as though it had flash if you pay (\{\d+\}) more to cast it\.", text
    )
    if match:
        parts.extra["flash_cost"] = match.group(1)
        return True
    match = re.fullmatch(r"As an additional cost to cast (?:~|this spell), (.+)\.", text)
    if match:  # 601.2f: "sacrifice a creature", "discard a card", "pay 3 life"
        extra = cost_of(upper_first(match.group(1)))
        if extra is None or set(extra) & {"tap", "mana"} or extra.get("sacrifice") == "self":
            return False
        parts.extra["additional_cost"] = extra
        return True
    if _LINKED_RETURN.fullmatch(text):
        return _linked_return(parts)
    return None


_LINKED_RETURN = re.compile(
    r"When ~ leaves the battlefield, return the exiled (?:card|permanent|creature)s? to the "
    r"battlefield under (?:its|their) owners?'s? control\."
)


def _linked_return(parts: Parts) -> bool | None:
    """Oblivion Ring's second line: what its first exiled comes back when it leaves (610.3c
    reads the pair as one "until ~ leaves the battlefield")."""
    for ability in parts.abilities:
        exiles = [e for e in ability.get("effects", ()) if e.get("do") == "exile"]
        if ability.get("when") == "enters" and len(exiles) == 1 and "until" not in exiles[0]:
            exiles[0]["until"] = "leaves"
            return True
    return None


def _static_line(line: Line, ctx: Context, parts: Parts) -> bool | None:
    """A line of static abilities, each sentence one of them."""
    if ctx.spell or line.text.startswith(("When", "Whenever", "At ")):
        return None
    found = []
    for sentence in sentences(line.text):
        read = granted_of(sentence, ctx) or static_of(sentence)
        if read is None:
            return None
        found.append(read)
    for kind, data in found:
        if kind == "keywords":
            parts.extra.setdefault("keywords", []).extend(data)
        else:
            parts.abilities.extend({**ability, "text": line.printed} for ability in data)
    return True


def _spell_line(line: Line, ctx: Context, parts: Parts) -> bool | None:
    if not ctx.spell:
        return None
    effects = instead_effects(line.text, parts.spell, lambda text, before: _effects_after(
        text, before, ctx))  # fmt: skip
    if effects is None:
        effects = _body_effects(line.text, ctx.for_ability(itself=False))
    if effects is None or _chosen_mana(effects):
        return False
    parts.spell.extend(effects)
    return True


def _restriction(line: Line, ctx: Context, parts: Parts) -> bool | None:
    return None


__all__ = ["COLORS", "Parts", "compile_line", "cost_of"]
