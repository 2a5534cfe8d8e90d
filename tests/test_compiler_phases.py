"""Phase and step triggers read from Oracle text: the draw step (504.2)."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.compiler import compile_card


def abilities(oracle: str) -> list[dict[str, object]]:
    compiled = compile_card({"name": "Test Relic", "types": ["Enchantment"], "oracle": oracle})
    assert compiled.unread == (), compiled.unread
    return list(compiled.behaviour["abilities"])


@pytest.mark.parametrize(
    ("whose_text", "whose"),
    [("each player's", "each_player"), ("your", "yours"), ("each opponent's", "opponents")],
)
def test_draw_step_triggers(whose_text: str, whose: str) -> None:
    (ability,) = abilities(
        f"At the beginning of {whose_text} draw step, that player draws an additional card."
        if whose_text != "your"
        else "At the beginning of your draw step, draw an additional card."
    )
    assert ability["when"] == "draw_step" and ability["whose"] == whose
    assert ability["effects"] == [
        {"do": "draw", "amount": 1, "each": "that_player" if whose_text != "your" else "you"}
    ]


def test_an_additional_card_is_one_card_only_where_a_count_is_read() -> None:
    compiled = compile_card(
        {"name": "Test Relic", "types": ["Enchantment"],
         "oracle": "If you would draw a card, draw an additional card instead."}
    )  # fmt: skip
    assert compiled.unread  # a replacement effect: not a trigger, not read
