"""Characteristics computed on read (rule 613), and filters over them.

An object's characteristics are its printed values with the continuous effects
applied in layer order, and within a layer in timestamp order:

* layer 4 (613.1d): types and subtypes gained;
* layer 6 (613.1f): keywords granted by static abilities (``keyword_grant``)
  and by resolved effects, and "loses all abilities";
* layer 7a (613.4a): characteristic-defining abilities (``cda``);
* layer 7b (613.4b): effects that set power and toughness;
* layer 7c (613.4c): anthems, pumps and +1/+1 / -1/-1 counters.

Left out: layers 1-3 and 5 (copy, control, text and colour changing; no card
of the model has them) and dependency ordering (613.8): effects apply in
timestamp order inside a layer even where one would change what another
applies to. A static ability applies while its source is on the battlefield,
whatever other effects do to the source's own abilities.

The result is cached on the object, keyed by the table's static version (bumped
when a static ability appears or goes) and the object's own version (bumped
when its counters, effects, tapped or combat state change); objects with a
characteristic-defining ability also key on the table's zone version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardcli.magic.cards import Ability, norm_keyword
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

Filter = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Chars:
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    keywords: frozenset[str]
    power: int
    toughness: int
    lost_abilities: bool = False
    cant_block: bool = False
    cant_attack: bool = False
    must_attack: bool = False

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """A static ability of a permanent on the battlefield, applying while it stays."""

    source: Obj
    ability: Ability
    timestamp: int


def compute(table: Table, obj: Obj) -> Chars:
    proto = obj.proto
    # Layer 4: types.
    types = proto.types
    subtypes = proto.subtypes
    effects = (
        sorted(obj.effects, key=lambda e: e.timestamp) if len(obj.effects) > 1 else obj.effects
    )
    for eff in effects:
        if eff.add_types:
            types = types | frozenset(eff.add_types)
        if eff.add_subtypes:
            subtypes = subtypes | frozenset(eff.add_subtypes)
    colors = proto.colors
    on_battlefield = obj.zone == "battlefield"
    statics = table.statics if on_battlefield else ()
    # Layer 6: abilities.
    keywords = set(proto.keywords)
    lost = False
    layer6: list[tuple[int, int, Any]] = []
    partial = Chars(types, subtypes, proto.supertypes, colors, frozenset(keywords), 0, 0)
    for st in statics:
        if st.ability.static == "keyword_grant" and applies(table, st, obj, partial):
            layer6.append((st.timestamp, 0, st))
    for eff in effects:
        if eff.keywords or eff.lose_all:
            layer6.append((eff.timestamp, 1, eff))
    layer6.sort(key=lambda item: (item[0], item[1]))
    for _, kind, item in layer6:
        if kind == 0:
            keywords.update(norm_keyword(k) for k in item.ability.data.get("keywords", ()))
        else:
            if item.lose_all:
                keywords.clear()
                lost = True
            keywords.update(item.keywords)
    frozen_keywords = frozenset(keywords)
    partial = Chars(types, subtypes, proto.supertypes, colors, frozen_keywords, 0, 0, lost)
    # Rule-modifying statics (can't block, can't attack, must attack), read after layer 6.
    cant_block = "can't block" in keywords
    cant_attack = False
    must_attack = False
    anthems: list[tuple[int, int, int]] = []
    for st in statics:
        static = st.ability.static
        if static in ("cant_block", "cant_attack", "must_attack", "anthem") and applies(
            table, st, obj, partial
        ):
            if static == "cant_block":
                cant_block = True
            elif static == "cant_attack":
                cant_attack = True
            elif static == "must_attack":
                must_attack = True
            else:
                data = st.ability.data
                anthems.append(
                    (
                        st.timestamp,
                        table.amount_of(data.get("power", 0), st.source.controller, st.source),
                        table.amount_of(data.get("toughness", 0), st.source.controller, st.source),
                    )
                )
    # Layer 7a: characteristic-defining abilities (604.3), unless removed in layer 6.
    power = proto.power or 0
    toughness = proto.toughness or 0
    if proto.pt_cda and not lost:
        for ability in proto.statics:
            if ability.static == "cda":
                if "power" in ability.data:
                    power += table.amount_of(ability.data["power"], obj.controller, obj)
                if "toughness" in ability.data:
                    toughness += table.amount_of(ability.data["toughness"], obj.controller, obj)
    # Layer 7b: setting effects, then 7c: modifications and counters.
    for eff in effects:
        if eff.set_power is not None:
            power = eff.set_power
        if eff.set_toughness is not None:
            toughness = eff.set_toughness
    for _, dp, dt in anthems:
        power += dp
        toughness += dt
    for eff in effects:
        power += eff.power
        toughness += eff.toughness
    if obj.counters:
        plus = obj.counters.get("+1/+1", 0)
        minus = obj.counters.get("-1/-1", 0)
        power += plus - minus
        toughness += plus - minus
    return Chars(
        types,
        subtypes,
        proto.supertypes,
        colors,
        frozen_keywords,
        power,
        toughness,
        lost,
        cant_block,
        cant_attack,
        must_attack,
    )


def applies(table: Table, st: StaticEffect, obj: Obj, chars: Chars) -> bool:
    """Does static ability ``st`` reach ``obj`` (with characteristics so far ``chars``)?"""
    data = st.ability.data
    whose = data.get("controller", "you")
    if whose == "you" and obj.controller != st.source.controller:
        return False
    if whose == "opponents" and not table.are_opponents(obj.controller, st.source.controller):
        return False
    affects = data.get("affects")
    if affects is None:
        return "Creature" in chars.types
    return matches(table, affects, obj, chars, st.source.id)


def matches(table: Table, filt: Filter, obj: Obj, chars: Chars, source_id: int | None) -> bool:
    """Every condition of a card-model filter holds for ``obj``."""
    for key, value in filt.items():
        if key == "types":
            if not chars.types & set(value):
                return False
        elif key == "not_types":
            if chars.types & set(value):
                return False
        elif key == "subtypes":
            if not chars.subtypes & set(value):
                return False
        elif key == "colors":
            if not chars.colors & set(value):
                return False
        elif key == "not_colors":
            if chars.colors & set(value):
                return False
        elif key == "keywords":
            if not any(norm_keyword(k) in chars.keywords for k in value):
                return False
        elif key == "token":
            # A Horde token card is a card, not a token (111.1): only effect-made tokens count.
            if (obj.card_no is None) != bool(value):
                return False
        elif key == "tapped":
            if obj.tapped != bool(value):
                return False
        elif key == "attacking":
            if obj.attacking != bool(value):
                return False
        elif key == "other":
            if bool(value) == (obj.id == source_id):
                return False
        elif key == "max_mana_value":
            if obj.proto.mana_value > int(value):
                return False
        elif key == "max_power":
            if chars.power > int(value):
                return False
        elif key == "min_power" and chars.power < int(value):
            return False
    return True
