"""Asking what a clone enters as a copy of (614.1c, 706.2), before anything moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic import chars as chars_mod
from cardcli.magic.cards import Proto
from cardcli.magic.choices import Answers, ask
from cardcli.magic.copies import AsCopy
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
from cardcli.magic.sources import DamageSource, protection_against

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def copy_options(table: Table, obj: Obj, controller: str) -> list[Obj]:
    """What ``obj`` may enter as a copy of (its ``enters_as_copy``), as ``controller``'s; an
    Aura only if there is something its copy could enchant (303.4f-g)."""
    data = obj.proto.enters_as_copy or {}
    whose = str(data.get("controller", "any"))
    filt = data.get("filter") or {}
    if data.get("zone") == "graveyard":
        pool: list[Obj] = [o for p in table.apnap() for o in p.graveyard if o.is_card]
    else:
        pool = list(table.battlefield.values())
    return [
        o
        for o in pool
        if o is not obj
        and chars_mod.controls(table, whose, o.controller, controller)
        and (not filt or chars_mod.matches(table, filt, o, table.chars(o), None))
        and (not o.proto.is_aura or bool(enchantable(table, o.proto, controller)))
    ]


_ENCHANT_TYPES = {"creature": "Creature", "land": "Land", "artifact": "Artifact",
                  "enchantment": "Enchantment", "creature_you_control": "Creature"}  # fmt: skip


def enchantable(table: Table, aura: Proto, controller: str) -> list[Obj]:
    """What an Aura with these values may be put onto the battlefield attached to (303.4f:
    what it could enchant, protection included; no target, so hexproof does not matter)."""
    kind = aura.enchant or "permanent"
    facts = DamageSource(0, aura.name, controller, aura.colors, aura.keywords, aura.types,
                         aura.subtypes)  # fmt: skip
    found = []
    for o in table.battlefield.values():
        ch = table.chars(o)
        wanted = _ENCHANT_TYPES.get(kind)
        if wanted is not None and wanted not in ch.types:
            continue
        if kind == "creature_you_control" and o.controller != controller:
            continue
        if not protection_against(ch.keywords, facts):
            found.append(o)
    return found


def choose_entry(
    table: Table, answers: Answers, key: str, obj: Obj, controller: str
) -> AsCopy | None:
    """ "You may have this creature enter as a copy of ...": its controller chooses as it
    enters (614.1c, 614.12), before anything moves, and for an Aura's copy what it enters
    attached to (303.4f); None: it enters as itself."""
    if obj.proto.enters_as_copy is None:
        return None
    options = copy_options(table, obj, controller)
    if not options:
        return None
    picks = ask(
        table,
        answers,
        key,
        Decision(
            "copy",
            controller,
            f"{obj.name}: choose what it enters as a copy of, or done: it enters as itself",
            [f"#{o.id}" for o in options],
            low=0,
            high=1,
            data={"copier": obj.id},
        ),
    )
    chosen = table.objects.get(int(picks[0][1:])) if picks else None
    if chosen is None:
        return None
    if not chosen.proto.is_aura:
        return AsCopy(chosen)
    hosts = enchantable(table, chosen.proto, controller)
    if not hosts:
        return None  # (gone since: nothing it could enchant, 303.4g: it enters as itself)
    where = ask(
        table,
        answers,
        key + ":attach",
        Decision(
            "attach",
            controller,
            f"{obj.name} as a copy of {chosen.name}: choose what it enters attached to",
            [f"#{o.id}" for o in hosts],
            data={"copier": obj.id},
        ),
    )
    return AsCopy(chosen, int(where[0][1:]))


__all__ = ["choose_entry", "copy_options", "enchantable"]
