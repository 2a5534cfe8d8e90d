"""Shared helpers of the card-construct tests: positions, ids, bot moves, cards from data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.engine.session import Session
from cardcli.magic.cards import Proto
from cardcli.magic.objects import Obj
from tests.conftest import new_session
from tests.magic_helpers import Duel

TREASURE = {
    "name": "Treasure",
    "types": ["Artifact"],
    "subtypes": ["Treasure"],
    "abilities": [
        {
            "activated": True,
            "cost": {"tap": True, "sacrifice": "self"},
            "effects": [{"do": "add_mana", "one_of": ["{W}", "{U}", "{B}", "{R}", "{G}"]}],
            "text": "{T}, Sacrifice this token: Add one mana of any color.",
        }
    ],
}
SPAWN = {
    "name": "Eldrazi Spawn",
    "types": ["Creature"],
    "subtypes": ["Eldrazi", "Spawn"],
    "power": "0",
    "toughness": "1",
    "abilities": [
        {
            "activated": True,
            "cost": {"sacrifice": "self"},
            "effects": [{"do": "add_mana", "mana": "{C}"}],
            "text": "Sacrifice this token: Add {C}.",
        }
    ],
}
CLUE = {
    "name": "Clue",
    "types": ["Artifact"],
    "subtypes": ["Clue"],
    "abilities": [
        {
            "activated": True,
            "cost": {"mana": "{2}", "sacrifice": "self"},
            "effects": [{"do": "draw", "amount": 1, "each": "you"}],
            "text": "{2}, Sacrifice this token: Draw a card.",
        }
    ],
}


def position(tmp_path: Path, data: dict[str, Any], **options: Any) -> tuple[Session, list[Any]]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    options.setdefault("players", len([k for k in data if k.startswith("p")]))
    return new_session("horde", seed=options.pop("seed", 1), setup=str(path), **options)


def ids(lines: list[Any], name: str, player: str | None = None) -> list[int]:
    """The ids the set-up's ``position`` event gives the objects named ``name``."""
    found = next(line for line in lines if line["type"] == "position")["objects"]
    return [o["id"] for o in found if o["card"] == name and player in (None, o["player"])]


def bot_plays(session: Session, seat: str = "p1", bot: str = "basic", limit: int = 12) -> list[str]:
    """The bot's commands for ``seat`` while the team has something to decide (at most
    ``limit``), each accepted."""
    session.controllers[seat] = bot
    given = []
    for _ in range(limit):
        if session.state.to_move() != seat:
            break
        text = session.bot_command(seat)
        assert text is not None
        given.append(text)
        outcome = session.submit(text, seat=seat, bot=bot)
        assert outcome.accepted, (text, outcome.reason)
        if text == "pass":
            break
    return given


def card(data: dict[str, Any]) -> Proto:
    """A Proto from card data given here (name, types, abilities...)."""
    full = {"mana_cost": "", "oracle": "", "types": ["Creature"], "power": "1", "toughness": "1"}
    return Proto.from_card(Card.from_data({**full, **data}))


def put(duel: Duel, player: str, proto: Proto, zone: str = "battlefield") -> Obj:
    number = duel.table.extra["card_count"]
    duel.table.extra["card_count"] = number + 1
    return duel.table.add_card(player, proto, zone, number)


def queued(duel: Duel) -> list[str]:
    names = [t.source_name for t in duel.table.trigger_queue]
    duel.table.trigger_queue = []
    return names


GAIN = [{"do": "gain_life", "amount": 1, "each": "you"}]
