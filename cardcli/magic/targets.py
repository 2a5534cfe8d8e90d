"""Targets: which slots a spell or ability has, and what may fill them (115, 601.2c).

A spell or ability has one slot per "target" word of its effects (an effect's
``target``, or ``each: target_player``, and a fight's ``against``: an effect may
have two). A slot names its kind (``creature``, ``any``, ``spell``...), how many
it takes and an optional filter. A target is
an object id or a player's name; an object that changed zone has a new id, so
a target that left is no longer found (608.2b).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import chars as chars_mod
from cardcli.magic import deeds, instances
from cardcli.magic.cards import Effect
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.sources import DamageSource, protection_against

if TYPE_CHECKING:
    from cardcli.magic.table import Table

BATTLEFIELD_KINDS = {
    "creature",
    "planeswalker",
    "creature_or_planeswalker",
    "permanent",
    "nonland_permanent",
    "artifact",
    "enchantment",
    "artifact_or_enchantment",
    "land",
    "nonbasic_land",
    "creature_you_control",
    "creature_you_dont_control",
    "attacking_creature",
    "attacking_or_blocking_creature",
    "tapped_creature",
    "creature_an_opponent_controls",
    "artifact_or_creature",
    "creature_or_enchantment",
}
SPELL_KINDS = {"spell", "creature_spell", "noncreature_spell"}
GRAVEYARD_KINDS = {
    "card_in_your_graveyard",
    "creature_card_in_your_graveyard",
    "card_in_a_graveyard",
}
PLAYER_KINDS = {"player", "opponent"}
MIXED_KINDS = {"any", "player_or_planeswalker", "opponent_or_planeswalker"}  # both


class Choosing(Protocol):
    """A spell or ability being put together: who, the targets so far, the answers given."""

    player: str
    targets: list[list[Target]] | None
    answers: Answers


@dataclass(frozen=True)
class Slot:
    effect: int  # index of the effect that names the target
    kind: str
    count: int = 1
    up_to: bool = False
    filter: Any = None
    part: int = 0  # 0: the effect's own target; 1: what it fights (``against``, 701.14)

    @property
    def low(self) -> int:
        return 0 if self.up_to else self.count

    def describe(self) -> str:
        word = self.kind.replace("_", " ")
        many = (
            f"{'up to ' if self.up_to else ''}{self.count} " if self.count > 1 or self.up_to else ""
        )
        return f"{many}target {word}"


def slots_of(effects: tuple[Effect, ...] | list[Effect]) -> list[Slot]:
    found = []
    for index, eff in enumerate(effects):
        if "target" in eff:
            found.append(
                Slot(
                    index,
                    str(eff["target"]),
                    int(eff.get("targets", 1)),
                    bool(eff.get("up_to", False)),
                    eff.get("filter"),
                )
            )
        elif eff.get("each") in ("target_player", "target_opponent"):
            kind = "player" if eff["each"] == "target_player" else "opponent"
            found.append(Slot(index, kind))
        against = eff.get("against")
        if isinstance(against, Mapping) and "target" in against:
            found.append(
                Slot(
                    index,
                    str(against["target"]),
                    1,
                    bool(against.get("up_to", False)),
                    against.get("filter"),
                    part=1,
                )
            )
    return found


def source_facts(
    table: Table, source: Obj | None, controller: str, fallback: Any = None
) -> DamageSource:
    if source is not None and source.id in table.objects:
        return table.source_of(source)
    if isinstance(fallback, DamageSource):
        return fallback
    return DamageSource(-1, "", controller)


def legal(
    table: Table,
    slot: Slot,
    target: Target,
    controller: str,
    source: DamageSource,
    spell_id: int | None = None,
) -> bool:
    """Is ``target`` legal for ``slot`` of a spell or ability ``controller`` controls?"""
    kind = slot.kind
    if isinstance(target, str):
        if target not in table.players:
            return False
        if kind in ("player", "any", "player_or_planeswalker"):
            return True
        if kind in ("opponent", "opponent_or_planeswalker"):
            return table.are_opponents(target, controller)
        return False
    if kind in SPELL_KINDS:
        item = table.items.get(target)
        if item is None or item.kind != "spell" or item.obj is None or target == spell_id:
            return False
        is_creature = "Creature" in item.obj.proto.types
        if slot.filter and not chars_mod.matches(
            table, slot.filter, item.obj, table.printed(item.obj), source.id
        ):
            return False  # "target instant or sorcery spell"
        return (
            kind == "spell"
            or (kind == "creature_spell" and is_creature)
            or (kind == "noncreature_spell" and not is_creature)
        )
    obj = table.objects.get(target)
    if obj is None:
        return False
    if kind in GRAVEYARD_KINDS:
        if obj.zone != "graveyard":
            return False
        if kind != "card_in_a_graveyard" and obj.owner != controller:
            return False
        ch = table.printed(obj)
        if kind == "creature_card_in_your_graveyard" and "Creature" not in ch.types:
            return False
        return not slot.filter or chars_mod.matches(table, slot.filter, obj, ch, source.id)
    if obj.zone != "battlefield":
        return False
    ch = table.chars(obj)
    if not _kind_matches(table, kind, obj, ch, controller):
        return False
    if slot.filter and not chars_mod.matches(table, slot.filter, obj, ch, source.id):
        return False
    # Hexproof (702.11b), shroud (702.18a) and protection (702.16b).
    if "shroud" in ch.keywords:
        return False
    if "hexproof" in ch.keywords and table.are_opponents(obj.controller, controller):
        return False
    return not protection_against(ch.keywords, source)


def _kind_matches(table: Table, kind: str, obj: Obj, ch: chars_mod.Chars, controller: str) -> bool:
    types = ch.types
    if kind == "any":
        return "Creature" in types or "Planeswalker" in types
    if kind == "creature":
        return "Creature" in types
    if kind == "planeswalker":
        return "Planeswalker" in types
    if kind == "creature_or_planeswalker":
        return "Creature" in types or "Planeswalker" in types
    if kind == "permanent":
        return True
    if kind == "nonland_permanent":
        return "Land" not in types
    if kind == "artifact":
        return "Artifact" in types
    if kind == "enchantment":
        return "Enchantment" in types
    if kind == "artifact_or_enchantment":
        return "Artifact" in types or "Enchantment" in types
    if kind == "land":
        return "Land" in types
    if kind == "nonbasic_land":
        return "Land" in types and "Basic" not in ch.supertypes
    if kind == "creature_you_control":
        return "Creature" in types and obj.controller == controller
    if kind == "creature_you_dont_control":  # "you don't control": teammates' too
        return "Creature" in types and obj.controller != controller
    if kind == "creature_an_opponent_controls":  # "an opponent controls": not a teammate's
        return "Creature" in types and table.are_opponents(obj.controller, controller)
    if kind in ("player_or_planeswalker", "opponent_or_planeswalker"):
        return "Planeswalker" in types
    if kind == "artifact_or_creature":
        return "Artifact" in types or "Creature" in types
    if kind == "creature_or_enchantment":
        return "Creature" in types or "Enchantment" in types
    if kind == "attacking_creature":
        return "Creature" in types and obj.attacking
    if kind == "attacking_or_blocking_creature":
        return "Creature" in types and (obj.attacking or obj.blocking)
    if kind == "tapped_creature":
        return "Creature" in types and obj.tapped
    return False


def candidates(
    table: Table, slot: Slot, controller: str, source: DamageSource, spell_id: int | None = None
) -> list[Target]:
    """Every legal target for ``slot``: players first, then objects by id."""
    found: list[Target] = []
    if slot.kind in PLAYER_KINDS or slot.kind in MIXED_KINDS:
        found.extend(p for p in table.players if legal(table, slot, p, controller, source))
    if slot.kind in SPELL_KINDS:
        found.extend(
            item.id
            for item in table.stack
            if legal(table, slot, item.id, controller, source, spell_id)
        )
    elif slot.kind in GRAVEYARD_KINDS:
        for player in table.players.values():
            found.extend(
                o.id
                for o in player.graveyard
                if legal(table, slot, o.id, controller, source, spell_id)
            )
    elif slot.kind not in PLAYER_KINDS:
        found.extend(
            oid
            for oid in table.battlefield
            if legal(table, slot, oid, controller, source, spell_id)
        )
    return found


def has_candidates(
    table: Table, slot: Slot, controller: str, source: DamageSource, spell_id: int | None = None
) -> bool:
    if slot.low == 0:
        return True
    if slot.kind in ("player", "any", "player_or_planeswalker", "opponent_or_planeswalker"):
        return True  # a player is always there (an opponent too, in every game of ours)
    need = slot.low
    count = 0
    for target in _iter_candidates(table, slot):
        if legal(table, slot, target, controller, source, spell_id):
            count += 1
            if count >= need:
                return True
    return False


def _iter_candidates(table: Table, slot: Slot) -> list[Target]:
    if slot.kind in SPELL_KINDS:
        return [item.id for item in table.stack]
    if slot.kind in GRAVEYARD_KINDS:
        return [o.id for p in table.players.values() for o in p.graveyard]
    if slot.kind in PLAYER_KINDS:
        return list(table.players)
    return list(table.battlefield)


# A target at the table: something of the players' the engine does not know (a Horde run for
# paper players); never legal, so the players apply what it does by hand.
AT_TABLE = "table"


def spell_label(target: Target) -> str:
    return target if isinstance(target, str) else f"#{target}"


def parse_target(word: str) -> Target | None:
    """``#17`` or ``17`` -> 17, ``p2``/``horde`` -> the name; None if neither."""
    text = word.strip().lower()
    if text.startswith("#"):
        text = text[1:]
    if text.isdigit() and text.isascii() and len(text) < 10:
        return int(text)
    return text if text.isidentifier() else None


def choose_targets(
    table: Table,
    casting: Choosing,
    slots: list[Slot],
    facts: DamageSource,
    spell_id: int | None,
    name: str,
) -> list[list[Target]]:
    if casting.targets is not None:
        return casting.targets
    chosen: list[list[Target]] = []
    for index, slot in enumerate(slots):
        options = [spell_label(t) for t in candidates(table, slot, casting.player, facts, spell_id)]
        high = min(slot.count, len(options))
        picks = ask(
            table,
            casting.answers,
            f"target{index}",
            Decision(
                "target",
                casting.player,
                f"{name}: choose {slot.describe()}",
                options,
                low=min(slot.low, high),
                high=high,
                data={"slot": index},
            ),
        )
        chosen.append([target_of(p) for p in picks])
    casting.targets = chosen
    return chosen


def target_of(text: str) -> Target:
    return int(text[1:]) if text.startswith("#") else text


def check_targets(
    table: Table,
    player: str,
    slots: list[Slot],
    given: list[Target],
    facts: DamageSource,
    name: str,
    spell_id: int | None = None,
) -> list[list[Target]]:
    """Split targets named in a command over the slots, checking each (115.3)."""
    if not slots:
        raise IllegalCommand(f"{name} has no targets; leave out '-> ...'")
    out: list[list[Target]] = []
    rest = list(given)
    for slot in slots:
        take: list[Target] = []
        while rest and len(take) < slot.count:
            target = rest[0]
            if not legal(table, slot, target, player, facts, spell_id):
                if len(take) >= slot.low and len(out) + 1 < len(slots):
                    break
                raise IllegalCommand(
                    f"{spell_label(target)} is not a legal target for {name} ({slot.describe()})"
                )
            if target in take:
                raise IllegalCommand(f"{spell_label(target)} is named twice for one target word")
            take.append(rest.pop(0))
        if len(take) < slot.low:
            raise IllegalCommand(f"{name} needs {slot.describe()}")
        out.append(take)
    if rest:
        raise IllegalCommand(
            f"{name} takes fewer targets: {' '.join(spell_label(t) for t in rest)}"
        )
    return out


def announce_targets(table: Table, item: StackItem) -> None:
    """Becomes-the-target triggers (603.2): "that spell's controller" is ``player``."""
    kind = "spell" if item.kind == "spell" else "ability"
    for slot in item.targets:
        for target in slot:
            if isinstance(target, int):
                obj = table.objects.get(target)
                if obj is not None and obj.zone == "battlefield":
                    context = {
                        "object": obj.id,
                        "by": item.id,
                        "by_kind": kind,
                        "player": item.controller,
                    }
                    table.fire("becomes_target", context, obj)
                    instances.warded(table, obj, context)  # ward (702.21a)
                    deeds.targeted(table, obj, context)  # "Whenever a Sliver ... is targeted"
