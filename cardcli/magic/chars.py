"""Characteristics computed on read (rule 613), and filters over them.

An object's characteristics are its printed values with the continuous effects
applied in layer order, and within a layer in timestamp order:

* layer 4 (613.1d): types and subtypes gained;
* layer 6 (613.1f): keywords granted by static abilities (``keyword_grant``,
  an Aura's ``attached``) and by resolved effects, and "loses all abilities"
  (resolved effects and ``lose_abilities`` statics); last, the keywords a
  ``keyword_loss`` static says it "can't have or gain";
* layer 7a (613.4a): characteristic-defining abilities (``cda``);
* layer 7b (613.4b): effects that set power and toughness (``set_base_pt``);
* layer 7c (613.4c): anthems, an Aura's bonus, pumps and +1/+1 / -1/-1 counters.

Layer 1 (copy effects, 613.1a) is the object's ``proto`` itself: a copy's Proto
holds the copiable values (``copies``). Left out: layers 2, 3 and 5 (control,
text and colour changing; no card of the model has them) and dependency
ordering (613.8): effects apply in
timestamp order inside a layer even where one would change what another
applies to. A static ability applies while its source is on the battlefield,
whatever other effects do to the source's own abilities.

The result is cached on the object, keyed by the table's static version (bumped
when a static ability appears or goes, or the value of one that changes with
the game does: a ``condition``, "as long as ...", or a counted power or
toughness; ``Board.settle_statics``) and the object's own version (bumped when
its counters, effects, tapped or combat state change); objects with a
characteristic-defining ability also key on the table's zone version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from cardcli.magic.cards import Ability, Proto, norm_keyword
from cardcli.magic.instances import counted
from cardcli.magic.objects import Obj

Filter = Mapping[str, Any]


class Table(Protocol):
    """What characteristics are read from (``table.Table`` is one)."""

    statics: list[StaticEffect]  # the static abilities on the battlefield, in timestamp order
    cda_busy: set[int]  # objects whose characteristic-defining ability is counting
    objects: dict[int, Obj]
    # Each static with a condition or counted amounts: (its condition holds, power, toughness).
    dynamic_values: dict[StaticEffect, tuple[bool, int, int]]

    def amount_of(self, amount: Any, player: str, source: Obj | None = None, x: int = 0) -> int: ...

    def are_opponents(self, a: str, b: str) -> bool: ...


class Computing(Table, Protocol):
    """What characteristics are computed with (``board.Board`` is one)."""

    statics_by_role: tuple[tuple[int, int], list[StaticEffect], list[StaticEffect]] | None
    static_version: int


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
    no_combat_damage: bool = False
    lure: bool = False  # "All creatures able to block this creature do so." (509.1c)
    # The statics granting it abilities (613.1f; ``grants``), one for each permanent granting.
    grants: tuple[Ability, ...] = ()
    # Each instance of the keywords whose instances count (frenzy 1, absorb 1: ``instances``).
    instances: tuple[str, ...] = ()

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


@lru_cache(maxsize=4096)
def printed(proto: Proto) -> Chars:
    """The printed values (a Proto never changes: one ``Chars`` for each, shared)."""
    p = proto
    return Chars(
        p.types, p.subtypes, p.supertypes, p.colors, p.keywords, p.power or 0, p.toughness or 0
    )


def compute(table: Computing, obj: Obj) -> Chars:
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
    if obj.chosen is not None and any(a.static == "is_chosen_type" for a in proto.statics):
        subtypes = subtypes | {obj.chosen}  # "is the chosen type in addition to its other types"
    colors = proto.colors
    on_battlefield = obj.zone == "battlefield"
    layer6_statics, pt_statics = _by_role(table) if on_battlefield else ((), ())
    # Layer 6: abilities.
    keywords = set(proto.keywords)
    instances = counted(proto.keywords)
    lost = False
    layer6: list[tuple[int, int, Any]] = []
    if layer6_statics:  # (what the statics read so far: made only if one may read it)
        partial = Chars(types, subtypes, proto.supertypes, colors, frozenset(keywords), 0, 0)
    kept_off: set[str] = set()  # "... lose first strike and can't have or gain it"
    for st in layer6_statics:
        if not applies(table, st, obj, partial):
            continue
        static = st.ability.static
        if static == "keyword_loss":
            kept_off.update(norm_keyword(k) for k in st.ability.data.get("keywords", ()))
        else:
            layer6.append((st.timestamp, 2 if static == "lose_abilities" else 0, st))
    for eff in effects:
        if eff.keywords or eff.lose_all:
            layer6.append((eff.timestamp, 1, eff))
    if len(layer6) > 1:
        layer6.sort(key=lambda item: (item[0], item[1]))
    grants: list[Ability] = []
    for _, kind, item in layer6:
        if kind == 0:
            granted = [norm_keyword(k) for k in item.ability.data.get("keywords", ())]
            keywords.update(granted)
            instances.extend(counted(granted))
            if "abilities" in item.ability.data:
                grants.append(item.ability)
        elif kind == 2:
            keywords.clear()
            grants.clear()
            instances.clear()
            lost = True
        else:
            if item.lose_all:
                keywords.clear()
                grants.clear()
                instances.clear()
                lost = True
            keywords.update(item.keywords)
            instances.extend(counted(item.keywords))
    keywords -= kept_off  # whatever the timestamps: it can't have them (layer 6)
    frozen_keywords = frozenset(keywords)
    if pt_statics:
        partial = Chars(types, subtypes, proto.supertypes, colors, frozen_keywords, 0, 0, lost)
    # Rule-modifying statics (can't block, can't attack, must attack), read after layer 6.
    cant_block = "can't block" in keywords
    cant_attack = False
    must_attack = False
    # The card's own "All creatures able to block this creature do so" (not its controller's
    # other creatures'), unless it lost its abilities.
    lure = not lost and any(a.static == "must_be_blocked_by_all" for a in proto.statics)
    anthems: list[tuple[int, int, int]] = []
    base: list[tuple[int, int, int]] = []
    for st in pt_statics:
        if applies(table, st, obj, partial):
            static = st.ability.static
            data = st.ability.data
            if static == "cant_block":
                cant_block = True
            elif static == "cant_attack":
                cant_attack = True
            elif static == "must_attack":
                must_attack = True
            elif static == "set_base_pt":
                base.append(
                    (st.timestamp, int(data.get("power", 0)), int(data.get("toughness", 0)))
                )
            elif static == "attached":
                cant_attack = cant_attack or bool(data.get("cant_attack"))
                cant_block = cant_block or bool(data.get("cant_block"))
                lure = lure or bool(data.get("must_be_blocked_by_all"))
                anthems.append(
                    (st.timestamp, int(data.get("power", 0)), int(data.get("toughness", 0)))
                )
            else:
                value = table.dynamic_values.get(st) if table.dynamic_values else None
                power_of, toughness_of = data.get("power", 0), data.get("toughness", 0)
                if value is not None:
                    anthems.append((st.timestamp, value[1], value[2]))  # as last settled
                elif type(power_of) is int and type(toughness_of) is int:
                    anthems.append((st.timestamp, power_of, toughness_of))
                else:
                    anthems.append(
                        (
                            st.timestamp,
                            table.amount_of(data.get("power", 0), st.source.controller, st.source),
                            table.amount_of(
                                data.get("toughness", 0), st.source.controller, st.source
                            ),
                        )
                    )
    # Layer 7a: characteristic-defining abilities (604.3), unless removed in layer 6.
    power = proto.power or 0
    toughness = proto.toughness or 0
    # (Two Soulless Ones count each other's type, never each other's power: while one's CDA
    # is being counted, reading it again takes its printed values, so nothing recurses.)
    if proto.pt_cda and not lost and obj.id not in table.cda_busy:
        table.cda_busy.add(obj.id)
        try:
            for ability in proto.statics:
                if ability.static == "cda":
                    data = ability.data
                    count = None
                    if "power" in data:
                        count = table.amount_of(data["power"], obj.controller, obj)
                        power += count
                    if "toughness" in data:
                        if count is None or data["toughness"] != data["power"]:
                            count = table.amount_of(data["toughness"], obj.controller, obj)
                        toughness += count  # ("each equal to": the same count, counted once)
        finally:
            table.cda_busy.discard(obj.id)
    # Layer 7b: setting effects (statics and resolved effects by timestamp), then 7c:
    # modifications and counters.
    setting: list[tuple[int, int | None, int | None]] = [(ts, p, t) for ts, p, t in base]
    setting.extend(
        (eff.timestamp, eff.set_power, eff.set_toughness)
        for eff in effects
        if eff.set_power is not None or eff.set_toughness is not None
    )
    if len(setting) > 1:
        setting.sort(key=lambda item: item[0])
    for _, set_power, set_toughness in setting:
        if set_power is not None:
            power = set_power
        if set_toughness is not None:
            toughness = set_toughness
    no_combat_damage = any(eff.no_combat_damage for eff in effects) if effects else False
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
        no_combat_damage,
        lure,
        tuple(grants),
        tuple(instances),
    )


LAYER6_STATICS = frozenset(
    ("keyword_grant", "attached", "lose_abilities", "ability_grant", "keyword_loss")
)
PT_STATICS = frozenset(
    ("cant_block", "cant_attack", "must_attack", "anthem", "attached", "set_base_pt")
)


def _by_role(table: Computing) -> tuple[list[StaticEffect], list[StaticEffect]]:
    """The battlefield's static abilities that grant or take abilities (layer 6), and those
    that change power and toughness or who may attack and block (read after layer 6): kept
    while no static ability comes or goes."""
    key = (len(table.statics), table.static_version)
    known = table.statics_by_role
    if known is None or known[0] != key:
        layer6 = [st for st in table.statics if st.ability.static in LAYER6_STATICS]
        pt = [st for st in table.statics if st.ability.static in PT_STATICS]
        known = table.statics_by_role = (key, layer6, pt)
    return known[1], known[2]


def is_dynamic(ability: Ability) -> bool:
    """Does this static ability's effect change with the game: a ``condition`` ("as long as
    ..."), or power or toughness to count ("+1/+1 for each ...")?"""
    data = ability.data
    if "condition" in data:
        return True
    return any(type(data.get(key, 0)) is not int for key in ("power", "toughness"))


# Filter keys that read what changes on an object without a zone change (tapping, attacking,
# pumps and counters): a count with one of them is counted again after any change.
OBJECT_STATE = frozenset(
    ("tapped", "attacking", "keywords", "not_keywords", "min_power", "max_power")
)


def reads_object_state(ability: Ability) -> bool:
    """Does this dynamic static count something that changes without a zone change (other
    characteristics change only with zones and static abilities)?"""
    data = ability.data
    condition = data.get("condition") or {}
    amounts = [condition.get("amount"), data.get("power"), data.get("toughness")]
    return any(_reads_state(amount) for amount in amounts)


def _reads_state(amount: Any) -> bool:
    if not isinstance(amount, Mapping):
        return False
    if "sum" in amount:
        return any(_reads_state(part) for part in amount["sum"])
    if "half" in amount:
        return _reads_state(amount["half"])
    return bool(OBJECT_STATE & set(amount.get("filter") or {}))


def applies(table: Table, st: StaticEffect, obj: Obj, chars: Chars) -> bool:
    """Does static ability ``st`` reach ``obj`` (with characteristics so far ``chars``)?"""
    data = st.ability.data
    if "condition" in data:
        value = table.dynamic_values.get(st)
        if value is None or not value[0]:
            return False  # "as long as ...": only while it holds (not yet settled: not yet)
    if st.ability.static == "attached":
        return st.source.attached_to == obj.id  # the creature the Aura is attached to
    if st.ability.static == "lose_abilities" and data.get("zone", "battlefield") != "battlefield":
        return False  # it reaches cards in another zone (``graveyard_abilities_lost``)
    if not controls(table, data.get("controller", "you"), obj.controller, st.source.controller):
        return False
    affects = data.get("affects")
    if affects is None:
        return "Creature" in chars.types
    return matches(table, affects, obj, chars, st.source.id)


def controls(table: Table, whose: str, controller: str, you: str) -> bool:
    """Is ``controller`` among the players a card model ``controller`` word names, seen from ``you``?"""
    if whose == "you":
        return controller == you
    if whose == "opponents":
        return table.are_opponents(controller, you)
    if whose == "not_you":
        return controller != you
    return True


def matches(table: Table, filt: Filter, obj: Obj, chars: Chars, source_id: int | None) -> bool:
    """Every condition of a card-model filter holds for ``obj``."""
    for key, value in filt.items():
        if key == "types":
            if chars.types.isdisjoint(value):
                return False
        elif key == "not_types":
            if not chars.types.isdisjoint(value):
                return False
        elif key == "all_types":  # "artifact creature": every one of them
            if not chars.types.issuperset(value):
                return False
        elif key == "not_supertypes":  # "nonbasic"
            if not chars.supertypes.isdisjoint(value):
                return False
        elif key == "controller":  # whose, seen from the source's controller
            source = table.objects.get(source_id) if source_id is not None else None
            if source is None or not controls(table, str(value), obj.controller, source.controller):
                return False
        elif key == "subtypes":
            if chars.subtypes.isdisjoint(value):
                return False
        elif key == "not_subtypes":
            if not chars.subtypes.isdisjoint(value):
                return False
        elif key == "supertypes":
            if chars.supertypes.isdisjoint(value):
                return False
        elif key == "not_keywords":
            if any(norm_keyword(k) in chars.keywords for k in value):
                return False
        elif key == "min_mana_value":
            if obj.proto.mana_value < int(value):
                return False
        elif key in ("chosen_type", "chosen_color", "not_chosen_type"):  # (the source's choice)
            source = table.objects.get(source_id) if source_id is not None else None
            chosen = source.chosen if source is not None else None
            if key == "not_chosen_type":
                if chosen is not None and chosen in chars.subtypes:
                    return False
                continue
            if chosen is None:
                return False
            if key == "chosen_color" and chosen not in chars.colors:
                return False
            if key == "chosen_type" and chosen not in chars.subtypes:
                return False
        elif key == "counter":  # "with a +1/+1 counter on it" (any kind: "*")
            held = obj.counters.values() if value == "*" else [obj.counters.get(str(value), 0)]
            if not any(count > 0 for count in held):
                return False
        elif key == "colors":
            if chars.colors.isdisjoint(value):
                return False
        elif key == "not_colors":
            if not chars.colors.isdisjoint(value):
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
        elif key == "self":  # "this creature": the very object whose ability it is
            if bool(value) != (obj.id == source_id):
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
