"""Behaviour for a card of the database: its facts, read into what the games apply.

The database holds facts and Oracle text only. A card looked up there gets its
behaviour here, from its Oracle text (``oracle.py``); whatever cannot be read
makes the card ``manual``, played by hand from its text. A card of several
faces is manual: the players apply the face they play.
"""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.oracle import read_behaviour

BEHAVIOUR_KEYS = (
    "spell",
    "abilities",
    "manual",
    "manual_reason",
    "flashback",
    "flash_cost",
    "cant_be_countered",
    "equip",
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
    card.update(read_behaviour(card))
    return card
