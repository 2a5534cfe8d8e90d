"""Behaviour for a card of the database: its facts, read into what the games apply.

The database holds facts and Oracle text only. A card looked up there gets its
behaviour here, compiled from its Oracle text (``compiler``): every line read
is played by the engine; the lines left are named in ``unread`` and applied by
the players (a ``partial`` card), and a card none of whose lines was read is
``manual``. A card of several faces is manual: the players apply the face they
play.
"""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.compiler import compile_card, reason

BEHAVIOUR_KEYS = (
    "spell",
    "modes",
    "choose",
    "abilities",
    "manual",
    "manual_reason",
    "flashback",
    "flash_cost",
    "additional_cost",
    "cant_be_countered",
    "equip",
    "unread",
)


def with_behaviour(record: dict[str, Any]) -> dict[str, Any]:
    """The record with the behaviour its Oracle text says (a new dict)."""
    card = {key: value for key, value in record.items() if key not in BEHAVIOUR_KEYS}
    faces = record.get("faces")
    if faces:
        card["manual"] = True
        card["manual_reason"] = (
            f"a {record.get('layout', 'multi-face')} card of {len(faces)} faces: "
            "apply the face played by hand"
        )
        return card
    compiled = compile_card(card)
    behaviour = dict(compiled.behaviour)
    extra_keywords = behaviour.pop("keywords", [])
    if extra_keywords:
        card["keywords"] = list(dict.fromkeys([*card.get("keywords", []), *extra_keywords]))
    card.update(behaviour)
    if compiled.status == "manual":
        card["manual"] = True
        card["manual_reason"] = reason(compiled)
        for key in ("spell", "modes", "choose", "abilities"):
            card.pop(key, None)
    elif compiled.unread:
        card["unread"] = list(compiled.unread)
    return card
