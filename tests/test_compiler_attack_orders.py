"""'choose an opponent at random. This creature attacks that player this combat if able.'"""

from __future__ import annotations

from cardcli.cards.mtg.compiler import compile_card

LINE = (
    "At the beginning of combat on your turn, choose an opponent at random. This creature "
    "attacks that player this combat if able."
)


def test_raving_deads_line() -> None:
    compiled = compile_card({"name": "Test Dead", "types": ["Creature"], "oracle": LINE,
                             "power": "2", "toughness": "6"})  # fmt: skip
    assert compiled.unread == ()
    (ability,) = compiled.behaviour["abilities"]
    assert ability["when"] == "begin_combat" and ability["whose"] == "yours"
    assert ability["effects"] == [
        {"do": "must_attack_player", "each": "it", "player": "random_opponent"}
    ]


def test_another_creatures_trigger_is_not_read_so() -> None:
    # "This creature" must be the trigger's own card: a watcher's trigger names another.
    compiled = compile_card(
        {"name": "Test Dead", "types": ["Creature"], "power": "2", "toughness": "6",
         "oracle": "Whenever a creature you control attacks, choose an opponent at random. This "
                   "creature attacks that player this combat if able."}
    )  # fmt: skip
    assert compiled.unread
