"""The compiler on damage: triggers that know the source of the damage and who was dealt it."""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.compiler import compile_card


def compiled(oracle: str, *types: str, **facts: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    record = {"name": "Testcard", "oracle": oracle, "types": list(types or ["Creature"]), **facts}
    found = compile_card(record)
    return found.behaviour, found.unread


def abilities(oracle: str, *types: str, **facts: Any) -> list[dict[str, Any]]:
    behaviour, unread = compiled(oracle, *types, **facts)
    assert unread == (), unread
    return [{k: v for k, v in a.items() if k != "text"} for a in behaviour["abilities"]]


def test_that_source_s_controller_is_the_controller_of_the_source_of_the_damage() -> None:
    line = ("Whenever a source deals damage to this creature, that source's controller "
            "sacrifices that many permanents of their choice.")  # fmt: skip
    assert abilities(line) == [
        {
            "when": "dealt_damage",
            "effects": [
                {"do": "sacrifice", "amount": {"previous": "event_amount"},
                 "each": "that_source_controller"}
            ],
        }
    ]  # fmt: skip
    poison = "Whenever a source deals damage to this creature, that source's controller gets a "
    assert abilities(poison + "poison counter.")[0]["effects"] == [
        {"do": "poison", "amount": 1, "each": "that_source_controller"}
    ]


def test_that_source_s_controller_is_unread_where_the_trigger_has_no_source() -> None:
    for line in (
        "Whenever this creature attacks, that source's controller loses 1 life.",
        "Whenever you gain life, that source's controller loses 1 life.",
    ):
        _, unread = compiled(line)
        assert unread == (line,)
    _, unread = compiled("That source's controller loses 2 life.", "Instant")
    assert unread
