"""Tokens that are copies (111.10, 707.2): the card model's ``copy_token`` effect.

"Create a token that's a copy of target creature you control": the token's copiable values
are the copied object's (``copies.copy_proto``; its counters and the effects on it are not
copied), changed by the effect's exceptions (706.9b: "except it has haste"). It is a token
wherever it goes. What the effect then says of the token is applied to it: keywords it
gains (not copiable: a copy of the token would not have them) and a delayed trigger
(603.7) that sacrifices or exiles it at the beginning of the next end step. Tokens the
effect makes for several originals ("for each token you control") enter together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Ability, Effect, Proto, norm_keyword
from cardcli.magic.choices import ask
from cardcli.magic.copies import copy_proto
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import ObjEffect
from cardcli.magic.reach import Resolution, amount_of_effect, objects_of, remember, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table

SACRIFICE_IT = Ability(
    index=-10,
    data={},
    when="end_step",
    effects=({"do": "sacrifice", "each": "it"},),
    text="At the beginning of the next end step, sacrifice it.",
)
EXILE_THE_TOKEN = Ability(
    index=-11,
    data={},
    when="end_step",
    effects=({"do": "exile", "each": "that_creature"},),
    text="At the beginning of the next end step, exile it.",
)


def _originals(table: Table, res: Resolution, effect: Effect) -> list[tuple[Proto, int, str]]:
    """What is copied: each original's copiable values, its id, and who creates its copy."""
    item = res.item
    if effect.get("each") == "it":  # "a copy of this creature" (Polyraptor)
        source = table.objects.get(item.source_id)
        if source is not None and source.zone == "battlefield":
            return [(source.proto, source.id, item.controller)]
        # Gone: the copiable values it had as it last existed (608.2h).
        return [(item.source_proto, item.source_id, item.controller)] if item.source_proto else []
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    theirs = effect.get("under") == "its_controller"  # "its controller creates"
    return [
        (obj.proto, obj.id, obj.controller if theirs else item.controller)
        for obj in objects_of(table, reached)
        if obj.zone in ("battlefield", "graveyard")
    ]


def copy_token(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    originals = _originals(table, res, effect)
    amount = amount_of_effect(table, res, effect)
    exceptions = effect.get("copy_except")
    batch = [
        (copy_proto(proto, None, exceptions, True), who, amount, oid)
        for proto, oid, who in originals
    ]
    made = table.create_token_batch(batch, bool(effect.get("tapped", False)))
    keywords = tuple(norm_keyword(k) for k in effect.get("keywords", ()))
    until = str(effect.get("until", "end_of_turn"))
    if keywords:
        table.clock += 1
    for token in made:
        if token.zone != "battlefield":
            continue
        if keywords:  # "It gains haste (until end of turn)."
            token.effects.append(
                ObjEffect(table.clock, keywords=keywords, until=until, source=res.item.name)
            )
            token.touch()
            table.emit({"type": "pumped", "id": token.id, "power": 0, "toughness": 0,
                        "keywords": list(keywords), "until": until})  # fmt: skip
        at_end = SACRIFICE_IT if effect.get("sacrifice_at") else None
        if effect.get("exile_at"):
            at_end = EXILE_THE_TOKEN
        if at_end is not None:  # a delayed trigger (603.7), once, at the next end step
            table.delayed.setdefault("end_step", []).append((token, res.item.controller, at_end))


EXILE_AT_END_OF_COMBAT = Ability(
    index=-12,
    data={},
    when="end_combat",
    effects=({"do": "exile", "each": "that_creature"},),
    text="Exile the tokens at end of combat.",
)


def myriad(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """702.116a: for each opponent other than the defending player, a token copy of the
    attacking creature (as it last existed, if it has left), tapped and attacking that player
    or a planeswalker they control, if its controller wants one: one decision per opponent
    (the player, one of their planeswalkers, or no)."""
    item = res.item
    combat = table.combat
    defending = item.context.get("defending")
    source = table.objects.get(item.source_id)
    proto = source.proto if source is not None and source.zone == "battlefield" else None
    proto = proto or item.source_proto
    if combat is None or proto is None:
        return
    you = item.controller
    chosen: list[tuple[str, str]] = []
    for player in table.apnap():
        name = player.name
        if name == defending or not table.are_opponents(name, you):
            continue
        walkers = [
            f"#{o.id}"
            for o in table.battlefield.values()
            if o.controller == name and "Planeswalker" in table.chars(o).types
        ]
        picks = ask(table, res.answers, f"{key}:myriad:{name}", Decision(
            "myriad", you,
            f"{item.name}: myriad: a token copy attacking {name} (or a planeswalker of theirs),"
            " or no",
            [name, *walkers, "no"], data={"item": item.id},
        ))  # fmt: skip
        if picks and picks[0] != "no":
            chosen.append((name, picks[0]))
    if not chosen:
        return
    copy = copy_proto(proto, None, None, True)
    made = table.create_token_batch([(copy, you, 1, item.source_id)] * len(chosen), tapped=True)
    for token, (_, attacked) in zip(made, chosen, strict=False):
        target = int(attacked[1:]) if attacked.startswith("#") else attacked
        combat.attackers[token.id] = target  # attacking, never declared: no attack triggers
        token.attacking = True
        token.touch()
        table.emit({"type": "attacking", "id": token.id, "target": attacked})
        table.delayed.setdefault("end_combat", []).append((token, you, EXILE_AT_END_OF_COMBAT))


__all__ = ["copy_token", "myriad"]
