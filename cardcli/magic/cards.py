"""The printed card, read once from the card model into what the rules ask of it.

A ``Proto`` holds a card's (or a token's) characteristics as the rules core
uses them: sets of types, integer power and toughness, normalised keywords,
the parsed mana cost, and its abilities sorted by kind: triggered (by event
kind), static, activated and mana abilities. Protos are shared by every object
made from the same card; objects never change them (effects live in
``chars``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.magic.abilities import Ability, ActivationCost, Effect, Modal, Mode
from cardcli.magic.cast_keywords import cast_triggers
from cardcli.magic.keywords import (
    cycling_abilities,
    keyword_cost,
    keyword_number,
    keyword_triggers,
    unearth_abilities,
)
from cardcli.magic.mana import MANA_TYPES, ManaCost, parse_added
from cardcli.magic.vehicles import crew_abilities

__all__ = [
    "LANDWALK",
    "Ability",
    "ActivationCost",
    "Effect",
    "Modal",
    "Mode",
    "Proto",
    "keyword_number",
    "keyword_triggers",
    "norm_keyword",
]

# Keyword spellings in card data that mean the same rule.
_KEYWORD_ALIASES = {
    "unblockable": "can't be blocked",
    "cant be blocked": "can't be blocked",
    "can’t be blocked": "can't be blocked",
    "cant block": "can't block",
    "can’t block": "can't block",
}
LANDWALK = {
    "plainswalk": "Plains",
    "islandwalk": "Island",
    "swampwalk": "Swamp",
    "mountainwalk": "Mountain",
    "forestwalk": "Forest",
}


def _with_triggers(
    triggers: Mapping[str, tuple[Ability, ...]], more: Mapping[str, tuple[Ability, ...]]
) -> dict[str, tuple[Ability, ...]]:
    joined = dict(triggers)
    for kind, abilities in more.items():
        joined[kind] = (*joined.get(kind, ()), *abilities)
    return joined


def norm_keyword(word: str) -> str:
    """``"First strike"`` -> ``"first strike"``; aliases folded together."""
    key = " ".join(word.strip().lower().split())
    return _KEYWORD_ALIASES.get(key, key)


def parse_pt(text: str | None) -> tuple[int | None, bool]:
    """Printed power or toughness: (its number, whether a CDA defines it).

    >>> parse_pt("3"), parse_pt("*"), parse_pt("1+*"), parse_pt(None)
    ((3, False), (0, True), (1, True), (None, False))
    """
    if text is None:
        return None, False
    try:
        return int(text), False
    except ValueError:
        pass
    digits = "".join(ch for ch in text if ch.isdigit() or ch == "-")
    sign = -1 if "*-" in text else 1
    base = int(digits.strip("-")) * sign if digits.strip("-") else 0
    return base, True


@dataclass(frozen=True, eq=False)
class Proto:
    """What is printed on a card, or what an effect says a token is."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    pt_cda: bool = False
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    cost: ManaCost = field(default_factory=ManaCost)
    mana_value: int = 0
    token_card: bool = False  # a Horde token card: a real card, cast as a creature spell
    is_token: bool = False  # a token an effect created: not a card (111)
    manual: bool = False
    unread: tuple[str, ...] = ()  # a partial card's lines the players apply by hand
    oracle: str = ""
    spell: tuple[Effect, ...] = ()
    modal: Modal | None = None  # a modal instant or sorcery: its modes, instead of spell
    triggers: Mapping[str, tuple[Ability, ...]] = field(default_factory=dict)
    statics: tuple[Ability, ...] = ()
    activated: tuple[Ability, ...] = ()  # non-mana activated abilities
    # Activated abilities of the card in its owner's hand or graveyard (cycling, channel,
    # unearth: 602.2, 113.6k), each with its ``zone``.
    card_abilities: tuple[Ability, ...] = ()
    mana_abilities: tuple[Ability, ...] = ()
    enchant: str | None = None  # an Aura's "Enchant ..." as a target kind
    produces: tuple[str, ...] = ()
    tapped_token: bool = False  # a token created tapped
    enters_tapped: bool = False  # a replacement of its own: it enters tapped (614.1c)
    # "... enters tapped unless ..." / "As this land enters, you may pay 2 life. If you don't,
    # it enters tapped.": the enters_tapped replacement's data (condition, unless, pay_life).
    tapped_entry: Mapping[str, Any] | None = None
    enters_with: Mapping[str, Any] | None = None  # it enters with counters (counter, amount)
    damage_shield: Mapping[str, Any] | None = None  # damage to it is prevented (615)
    entry_choice: Mapping[str, Any] | None = None  # "As ~ enters, choose a color" (614.12)
    flashback: ManaCost | None = None  # 702.34: castable from the graveyard for this cost
    flash_cost: ManaCost | None = None  # the extra cost to cast it as though it had flash
    additional_cost: ActivationCost | None = None  # a spell's own extra cost (601.2f)
    evoke: ManaCost | None = None  # 702.74a: "Evoke {2}{U}", an alternative cost
    kicker: ManaCost | None = None  # 702.33a: "Kicker {2}{G}", an optional additional cost
    # 702.96: "Overload {6}{U}", an alternative cost, and the spell's effects overloaded (its
    # text with "each" for "target", compiled: no targets)
    overload: ManaCost | None = None
    overload_spell: tuple[Effect, ...] = ()
    cant_be_countered: bool = False
    # A clone's "You may have this creature enter as a copy of ..." (614.1c, 706; ``copies``).
    enters_as_copy: Mapping[str, Any] | None = None
    own: Proto | None = None  # a copy's own card: what it is again off the battlefield (706)
    base: Proto | None = None  # a permanent's proto with granted abilities: its printed one

    def is_type(self, kind: str) -> bool:
        return kind in self.types

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & self.types)

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes and self.enchant is not None

    @classmethod
    def from_card(cls, card: Card) -> Proto:
        power, power_cda = parse_pt(card.power)
        toughness, tough_cda = parse_pt(card.toughness)
        keywords = frozenset(norm_keyword(k) for k in card.keywords)
        enchant = next((k[len("enchant ") :] for k in keywords if k.startswith("enchant ")), None)
        types = frozenset(card.types)
        abilities = () if card.manual else card.abilities
        triggers, statics, activated, mana = _sort_abilities(abilities)
        if card.equip and not card.manual:
            # 702.6a: "Equip [cost]" is "[cost]: attach to target creature you control; only
            # as a sorcery".
            equip = Ability(
                index=-2,
                data={"sorcery": True},
                cost=ActivationCost(mana=ManaCost.parse(card.equip)),
                effects=({"do": "attach", "target": "creature_you_control"},),
                text=f"Equip {card.equip}",
            )
            activated = (*activated, equip)
        replacements = {a["replacement"]: a for a in abilities if "replacement" in a}
        if not mana and card.produces and (card.is_land or not any(a.cost for a in activated)):
            # A land's (or mana rock's) "{T}: Add one mana of ...", from ``produces``.
            built_in = Ability(
                index=-1,
                data={},
                cost=ActivationCost(tap=True),
                text="{T}: Add " + " or ".join("{" + c + "}" for c in card.produces) + ".",
                mana=tuple((c,) for c in card.produces if c in MANA_TYPES),
            )
            mana = (built_in,)
        cda = any(a.static == "cda" for a in statics)
        card_abilities: tuple[Ability, ...] = ()
        if not card.manual:
            triggers = _with_triggers(triggers, keyword_triggers(keywords))
            triggers = _with_triggers(triggers, cast_triggers(keywords))
            card_abilities = (
                *(a for a in activated if a.zone != "battlefield"),
                *cycling_abilities(keywords),
                *unearth_abilities(keywords),
            )
            activated = tuple(a for a in activated if a.zone == "battlefield")
            activated = (*activated, *crew_abilities(keywords))
        return cls(
            name=card.name,
            types=types,
            subtypes=frozenset(card.subtypes),
            supertypes=frozenset(card.supertypes),
            colors=frozenset(card.colors),
            power=power,
            toughness=toughness,
            pt_cda=(power_cda or tough_cda) and cda,
            loyalty=int(card.loyalty) if card.loyalty and card.loyalty.isdigit() else None,
            keywords=keywords,
            cost=ManaCost.parse(card.mana_cost),
            mana_value=int(card.mana_value),
            token_card=card.token,
            manual=card.manual,
            unread=() if card.manual else card.unread,
            oracle=card.oracle,
            spell=() if card.manual else tuple(card.spell),
            modal=Modal.parse(card.modes, card.choose) if card.modes and not card.manual else None,
            triggers=triggers,
            statics=statics,
            activated=activated,
            card_abilities=card_abilities,
            mana_abilities=mana,
            enchant=_enchant_kind(enchant),
            produces=card.produces,
            enters_tapped=_always_tapped(replacements),
            tapped_entry=_tapped_entry(replacements),
            enters_with=replacements.get("enters_with_counters"),
            damage_shield=replacements.get("prevent_damage"),
            entry_choice=None if card.manual else replacements.get("choose_on_entry"),
            flashback=ManaCost.parse(card.flashback)
            if card.flashback and not card.manual
            else None,
            cant_be_countered=card.cant_be_countered and not card.manual,
            flash_cost=ManaCost.parse(card.flash_cost)
            if card.flash_cost and not card.manual
            else None,
            additional_cost=ActivationCost.parse(card.additional_cost)
            if card.additional_cost and not card.manual
            else None,
            evoke=None if card.manual else keyword_cost(keywords, "evoke"),
            enters_as_copy=replacements.get("enters_as_copy"),
            kicker=None if card.manual else keyword_cost(keywords, "kicker"),
            overload=_overload(card)[0],
            overload_spell=_overload(card)[1],
        )

    @classmethod
    def token(cls, data: Mapping[str, Any]) -> Proto:
        """A token as an effect's ``token`` data describes it (111.4), with the abilities
        its ``abilities`` give it, read as a card's are (a Treasure's mana ability, 111.10a)."""
        power, _ = parse_pt(data.get("power"))
        toughness, _ = parse_pt(data.get("toughness"))
        keywords = frozenset(norm_keyword(k) for k in data.get("keywords", ()))
        abilities = tuple(data.get("abilities", ()))
        triggers, statics, activated, mana = _sort_abilities(abilities)
        replacements = {a["replacement"]: a for a in abilities if "replacement" in a}
        return cls(
            name=str(data["name"]),
            types=frozenset(data.get("types", ("Creature",))),
            subtypes=frozenset(data.get("subtypes", ())),
            colors=frozenset(data.get("colors", ())),
            power=power,
            toughness=toughness,
            keywords=keywords,
            is_token=True,
            tapped_token=bool(data.get("tapped", False)),
            triggers=_with_triggers(triggers, keyword_triggers(keywords)),
            statics=statics,
            activated=activated,
            mana_abilities=mana,
            enters_tapped=_always_tapped(replacements),
            tapped_entry=_tapped_entry(replacements),
            enters_with=replacements.get("enters_with_counters"),
            damage_shield=replacements.get("prevent_damage"),
        )


def _overload(card: Card) -> tuple[ManaCost | None, tuple[Effect, ...]]:
    """The card data's ``overload``: its cost and the overloaded spell's effects."""
    data = card.raw.get("overload")
    if card.manual or not isinstance(data, Mapping) or not data.get("spell"):
        return None, ()
    return ManaCost.parse(str(data["cost"])), tuple(data["spell"])


ENTRY_TERMS = ("condition", "unless", "pay_life")


def _always_tapped(replacements: Mapping[str, Mapping[str, Any]]) -> bool:
    rule = replacements.get("enters_tapped")
    return rule is not None and not any(term in rule for term in ENTRY_TERMS)


def _tapped_entry(replacements: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Any] | None:
    rule = replacements.get("enters_tapped")
    return rule if rule is not None and any(term in rule for term in ENTRY_TERMS) else None


def trigger_kind(data: Mapping[str, Any]) -> str:
    """The event kind a triggered ability is indexed by: its ``when``, except that "one or
    more ... enter" (``permanent_enters`` with ``one_or_more``) triggers once a batch."""
    when = str(data["when"])
    if when == "permanent_enters" and data.get("one_or_more"):
        return "permanents_enter"
    return when


def _enchant_kind(text: str | None) -> str | None:
    """``"creature"`` -> the target kind an Aura's spell targets (303.4a)."""
    if text is None:
        return None
    kinds = {
        "creature": "creature",
        "permanent": "permanent",
        "land": "land",
        "artifact": "artifact",
        "enchantment": "enchantment",
        "creature you control": "creature_you_control",
    }
    return kinds.get(text, "permanent")


# What a mana ability may do besides adding mana (605.1a, 605.3b): effects that neither
# target nor ask anyone anything, so that the ability resolves at once.
MANA_SIDE_EFFECTS = frozenset(
    {"damage", "lose_life", "gain_life", "counters", "remove_counters", "poison", "tap", "untap"}
)
MANA_OF = ("commander_identity", "opponents_lands", "your_lands", "chosen_color")


def _mana_ability_parts(
    effects: tuple[Effect, ...],
) -> tuple[list[Effect], tuple[Effect, ...]] | None:
    """A mana ability's effects split: its ``add_mana`` effects (first) and the others, or
    None if these effects are not a mana ability's (605.1a: no target; here also nothing
    that asks a player, a modal or loyalty ability aside)."""
    adds = [e for e in effects if e.get("do") == "add_mana"]
    if not adds or effects[0].get("do") != "add_mana":
        return None
    rest = tuple(e for e in effects if e.get("do") != "add_mana")
    for effect in effects:
        if "target" in effect or effect.get("optional") or "if" in effect:
            return None
        if effect.get("each") in ("target_player", "target_opponent"):
            return None
    if any(e.get("do") not in MANA_SIDE_EFFECTS for e in rest):
        return None
    return adds, rest


def _mana_choices(adds: list[Effect]) -> tuple[tuple[str, ...], ...]:
    """What a mana ability may add: one choice (``{R}{G}``), or one of several (``one_of``:
    "{R} or {G}", "one mana of any color")."""
    fixed = tuple(kind for e in adds for kind in parse_added(str(e.get("mana", ""))))
    choices = [fixed] if fixed else []
    for effect in adds:
        for option in effect.get("one_of", ()):
            choices.append((*fixed, *parse_added(str(option))))
    return tuple(choices) or ((),)


def _sort_abilities(
    abilities: tuple[Mapping[str, Any], ...],
) -> tuple[
    dict[str, tuple[Ability, ...]], tuple[Ability, ...], tuple[Ability, ...], tuple[Ability, ...]
]:
    triggers: dict[str, list[Ability]] = {}
    statics: list[Ability] = []
    activated: list[Ability] = []
    mana: list[Ability] = []
    for index, data in enumerate(abilities):
        text = str(data.get("text", ""))
        effects = tuple(data.get("effects", ()))
        modal = Modal.parse(data["modes"], data.get("choose")) if "modes" in data else None
        if "when" in data:
            ability = Ability(
                index, data, when=data["when"], effects=effects, text=text, modal=modal
            )
            triggers.setdefault(trigger_kind(data), []).append(ability)
        elif "static" in data:
            statics.append(Ability(index, data, static=data["static"], text=text))
        elif data.get("activated"):
            cost = ActivationCost.parse(data.get("cost", {}))
            parts = _mana_ability_parts(effects)
            on_field = data.get("zone", "battlefield") == "battlefield"
            if parts is not None and modal is None and cost.loyalty is None and on_field:
                # 605.1a: no target, adds mana: a mana ability, off the stack; what else it
                # does happens as it resolves, after the mana is added (605.3b).
                adds, rest = parts
                mana_of = next((str(e["of"]) for e in adds if e.get("of") in MANA_OF), None)
                if any(e.get("or_chosen_color") for e in adds):
                    mana_of = "chosen_color"  # "Add {G} or one mana of the chosen color."
                mana.append(
                    Ability(
                        index,
                        data,
                        cost=cost,
                        effects=rest,
                        text=text,
                        mana=() if mana_of and "mana" not in adds[0] else _mana_choices(adds),
                        mana_of=mana_of,
                    )
                )
            else:
                zone = str(data.get("zone", "battlefield"))
                activated.append(
                    Ability(
                        index, data, cost=cost, effects=effects, text=text, modal=modal, zone=zone
                    )
                )
    return (
        {kind: tuple(found) for kind, found in triggers.items()},
        tuple(statics),
        tuple(activated),
        tuple(mana),
    )
