"""An object's card as a player reads it: cost, type line, power and toughness now, rules
text, and its state (counters, damage, attachments, controller, tapped), with how much of
its text the engine plays (automated, partial, manual).

Game-independent: a game says where the object is and who may see it; this module only
writes the lines.
"""

from __future__ import annotations

import textwrap

from cardcli.magic.cards import Ability, Proto
from cardcli.magic.objects import Obj, StackItem
from cardcli.magic.table import Table
from cardcli.printable import printable

ELLIPSIS = "…"


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis when longer.

    >>> fit("Prodigal Pyromancer: {T}: deal 1 damage", 24)
    'Prodigal Pyromancer: {T…'
    >>> fit("short", 24)
    'short'
    """
    return text if len(text) <= width else text[: max(0, width - 1)] + ELLIPSIS


def status(proto: Proto) -> str:
    """``automated``, ``partial`` or ``manual``: how much of the card the engine plays."""
    if proto.manual:
        return "manual"
    if proto.unread:
        return "partial"
    return "automated"


def mark(obj: Obj) -> str | None:
    """The board's brief mark of a card the players apply in part or whole by hand."""
    found = status(obj.proto)
    return None if found == "automated" else found


def type_line(supertypes: frozenset[str], types: frozenset[str], subtypes: frozenset[str]) -> str:
    """``Legendary Creature — Zombie Giant`` (types in the order Magic prints them).

    >>> type_line(frozenset({"Legendary"}), frozenset({"Creature"}), frozenset({"Zombie"}))
    'Legendary Creature — Zombie'
    """
    order = ("Tribal", "Kindred", "Enchantment", "Artifact", "Land", "Planeswalker", "Creature")
    ranked = sorted(types, key=lambda t: (order.index(t) if t in order else -1, t))
    head = " ".join([*sorted(supertypes), *ranked])
    return f"{head} — {' '.join(sorted(subtypes))}" if subtypes else head


def _abilities_text(proto: Proto) -> list[str]:
    """The texts of a token's abilities (a token has no Oracle text of its own)."""
    found: list[Ability] = [a for kind in proto.triggers.values() for a in kind]
    found += [*proto.statics, *proto.activated, *proto.mana_abilities]
    seen: list[str] = []
    for ability in found:
        if ability.text and ability.text not in seen:
            seen.append(ability.text)
    return seen


def rules_text(proto: Proto) -> list[str]:
    """The paragraphs of its rules text: the Oracle text, or for a token its keywords and
    abilities."""
    if proto.oracle.strip():
        return [line for line in proto.oracle.splitlines() if line.strip()]
    words = sorted(proto.keywords)
    lines = [", ".join(k.capitalize() if i == 0 else k for i, k in enumerate(words))]
    return [line for line in [*lines, *_abilities_text(proto)] if line]


def _pt_now(table: Table, obj: Obj, proto: Proto) -> str:
    if obj.zone != "battlefield":
        if proto.power is None or proto.toughness is None:
            return ""
        return f"{proto.power}/{proto.toughness}" + (" (counts)" if proto.pt_cda else "")
    ch = table.chars(obj)
    if "Creature" not in ch.types:
        return ""
    now = f"{ch.power}/{ch.toughness}"
    base = proto.base or proto
    if base.power is not None and base.toughness is not None:
        printed = f"{base.power}/{base.toughness}"
        if printed != now and not base.pt_cda:
            now += f" (base {printed})"
    return now


def _state(table: Table, obj: Obj) -> list[str]:
    """Tapped, damage, counters, attachments: what the object is doing now."""
    words: list[str] = []
    if obj.zone != "battlefield":
        return words
    words.append("tapped" if obj.tapped else "untapped")
    if obj.damage:
        words.append(f"{obj.damage} damage")
    for kind, count in sorted(obj.counters.items()):
        words.append(f"{count} {kind} counter" + ("s" if count != 1 else ""))
    if obj.attached_to is not None:
        host = table.objects.get(obj.attached_to)
        words.append(f"attached to #{obj.attached_to}" + (f" {host.name}" if host else ""))
    attached = [o for o in table.battlefield.values() if o.attached_to == obj.id]
    if attached:
        words.append("with " + ", ".join(f"#{o.id} {o.name}" for o in attached))
    fight = table.combat
    if fight is not None and obj.id in fight.attackers:
        target = fight.attackers[obj.id]
        words.append(f"attacking {target if isinstance(target, str) else f'#{target}'}")
        blockers = fight.blocked_by.get(obj.id)
        if blockers:
            words.append("blocked by " + " ".join(f"#{b}" for b in blockers))
    if fight is not None and obj.id in fight.blocks:
        words.append(f"blocking #{fight.blocks[obj.id]}")
    if _sick(table, obj):
        words.append("summoning sick")
    return words


def _sick(table: Table, obj: Obj) -> bool:
    """Can't attack or use {T} abilities yet (302.6), as the variant reads it."""
    ch = table.chars(obj)
    return (
        obj.sick
        and "Creature" in ch.types
        and "haste" not in ch.keywords
        and obj.controller in table.active_team.names
        and not table.variant.ignores_summoning_sickness(table, obj)
    )


def _now_differs(table: Table, obj: Obj, proto: Proto) -> list[str]:
    """What effects change now: keywords it has or lost, types it gained."""
    if obj.zone != "battlefield":
        return []
    ch = table.chars(obj)
    lines = []
    gained = sorted(ch.keywords - proto.keywords)
    lost = sorted(proto.keywords - ch.keywords)
    if gained:
        lines.append("has now: " + ", ".join(gained))
    if lost or ch.lost_abilities:
        lines.append("lost: " + (", ".join(lost) if lost else "its abilities"))
    if ch.types != proto.types or ch.subtypes != proto.subtypes:
        lines.append("is now: " + type_line(ch.supertypes, ch.types, ch.subtypes))
    return lines


def card_lines(table: Table, obj: Obj, where: str, width: int = 80) -> list[str]:
    """The card of ``obj`` as lines of at most ``width`` columns; ``where`` names its zone
    (``on the battlefield``, ``in p1's hand``)."""
    proto = obj.proto
    cost = "" if proto.cost.is_free() else f" {proto.cost}"
    kind = " (token)" if proto.is_token else (" (Horde token card)" if proto.token_card else "")
    lines = [f"#{obj.id} {proto.name}{cost}{kind}"]
    head = type_line(proto.supertypes, proto.types, proto.subtypes)
    pt = _pt_now(table, obj, proto)
    if pt:
        head += f" · {pt}"
    if proto.loyalty is not None and obj.zone != "battlefield":
        head += f" · loyalty {proto.loyalty}"
    lines.append(head)
    for paragraph in rules_text(proto):
        lines.extend(_wrap(paragraph, width, "  "))
    for line in _now_differs(table, obj, proto):
        lines.extend(_wrap(line, width))
    owner = obj.owner if obj.zone != "battlefield" or obj.controller == obj.owner else None
    who = f"controller {obj.controller}" if obj.zone == "battlefield" else f"owner {obj.owner}"
    if owner is None:
        who += f" (owner {obj.owner})"
    lines.extend(_wrap(" · ".join([where, who, *_state(table, obj)]), width))
    lines.extend(_wrap(_status_line(proto), width))
    return [printable(line) for line in lines]


def printed_lines(proto: Proto, width: int = 80) -> list[str]:
    """The card as printed, with no object's state: what several objects of one name share."""
    cost = "" if proto.cost.is_free() else f" {proto.cost}"
    head = type_line(proto.supertypes, proto.types, proto.subtypes)
    if proto.power is not None and proto.toughness is not None and not proto.pt_cda:
        head += f" · {proto.power}/{proto.toughness}"
    lines = _wrap(f"{proto.name}{cost}, as printed: {head}", width)
    for paragraph in rules_text(proto):
        lines.extend(_wrap(paragraph, width, "  "))
    lines.extend(_wrap(_status_line(proto), width))
    return [printable(line) for line in lines]


def _status_line(proto: Proto) -> str:
    found = status(proto)
    if found == "manual":
        return "manual: the engine applies none of its text; apply it by hand"
    if found == "partial":
        return "partial: by hand: " + " / ".join(proto.unread)
    return "automated: the engine plays all of its text"


def item_lines(table: Table, item: StackItem, width: int = 80) -> list[str]:
    """A spell or ability on the stack."""
    if item.kind == "spell" and item.obj is not None:
        lines = card_lines(table, item.obj, "on the stack", width)
    else:
        text = item.ability.text if item.ability is not None and item.ability.text else ""
        lines = _wrap(
            f"#{item.id} {item.kind} ability of #{item.source_id} {item.source_name}"
            f" ({item.controller}): {text}".rstrip(": "),
            width,
        )
    targets = [f"#{t}" if isinstance(t, int) else t for slot in item.targets for t in slot]
    if targets:
        lines.append(fit("targets: " + " ".join(targets), width))
    return [printable(line) for line in lines]


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    return textwrap.wrap(
        text,
        max(20, width),
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
    ) or [text]
