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


def test_a_creature_or_you_dealt_damage_is_watched_with_its_source_as_it() -> None:
    assert abilities("Whenever a Human deals damage to you, destroy it.", "Enchantment") == [
        {
            "when": "source_deals_damage",
            "trigger_filter": {"subtypes": ["Human"], "types": ["Creature"]},
            "to": "you",
            "effects": [{"do": "destroy", "each": "that_creature"}],
        }
    ]
    darien = abilities("Whenever you're dealt damage, you may create that many 1/1 white "
                       "Soldier creature tokens.")  # fmt: skip
    assert darien[0]["when"] == "source_deals_damage" and darien[0]["to"] == "you"
    assert darien[0]["effects"][0]["amount"] == {"previous": "event_amount"}
    teysa = abilities("Whenever a creature deals combat damage to you, destroy that creature.")
    assert teysa[0]["combat"] is True and teysa[0]["effects"][0]["each"] == "that_creature"


def test_its_controller_in_a_damage_trigger_is_the_source_s_controller() -> None:
    essence = abilities("Whenever a Sliver deals damage, its controller gains that much life.")
    assert essence == [
        {
            "when": "source_deals_damage",
            "trigger_filter": {"subtypes": ["Sliver"], "types": ["Creature"]},
            "effects": [{"do": "gain_life", "amount": {"previous": "event_amount"},
                         "each": "that_source_controller"}],
        }
    ]  # fmt: skip
    # "its controller may": the model asks the ability's controller, not that player
    _, unread = compiled("Whenever a Sliver deals combat damage to a player, its controller may "
                         "create a 1/1 colorless Sliver creature token.")  # fmt: skip
    assert unread


def test_the_card_s_own_damage_to_a_player_and_a_creature_dealt_damage() -> None:
    order = abilities("Whenever this creature deals damage to a player, that player discards a "
                      "card.")  # fmt: skip
    assert order == [{"when": "deals_damage", "to": "player",
                      "effects": [{"do": "discard", "amount": 1, "each": "that_player"}]}]  # fmt: skip
    magpie = abilities("Whenever this creature deals damage to an opponent, draw a card.")
    assert magpie[0]["to"] == "opponent"
    # Its combat damage to a player stays the trigger it always was.
    assert (
        abilities("Whenever this creature deals combat damage to a player, draw a card.")[0]["when"]
        == "deals_combat_damage_to_player"
    )
    toxin = abilities("Whenever a Sliver deals combat damage to a creature, destroy that "
                      "creature. It can't be regenerated.")  # fmt: skip
    assert toxin[0]["to"] == "creature" and toxin[0]["effects"][0]["each"] == "that_creature"
    # The card's own damage to a creature: "that creature" would be read as the card itself.
    _, unread = compiled("Whenever this creature deals combat damage to a creature, destroy that "
                         "creature.")  # fmt: skip
    assert unread


def test_half_their_life_rounded_up_or_down() -> None:
    festival = abilities("At the beginning of each player's upkeep, that player loses half their "
                         "life, rounded up.", "Enchantment")  # fmt: skip
    assert festival[0]["effects"] == [{"do": "lose_life", "half_life": "up", "each": "that_player"}]
    bargain = compiled("Draw four cards. You lose half your life, rounded up.", "Sorcery")[0]
    assert bargain["spell"][1] == {"do": "lose_life", "half_life": "up", "each": "you"}
    raving = abilities("Whenever this creature deals combat damage to a player, that player "
                       "loses half their life, rounded down.")  # fmt: skip
    assert raving[0]["effects"][0]["half_life"] == "down"
    # Paying half one's life is a cost the model does not hold.
    _, unread = compiled("Pay half your life, rounded up: Draw a card.")
    assert unread


def test_damage_doubled_by_a_source_itself_or_by_a_static() -> None:
    tusk = "If this creature would deal combat damage to a player, it deals double that damage to "
    assert abilities(tusk + "that player instead.") == [
        {"static": "double_damage", "source_self": True, "combat": True, "to": "player"}
    ]
    servant = abilities("If a red instant or sorcery spell you control would deal damage, it "
                        "deals double that damage instead.")  # fmt: skip
    assert servant == [{"static": "double_damage", "controller": "you", "spell": True,
                        "source_filter": {"types": ["Instant", "Sorcery"], "colors": ["R"]}}]  # fmt: skip
    furnace = abilities("If a source would deal damage to a permanent or player, it deals double "
                        "that damage to that permanent or player instead.", "Enchantment")  # fmt: skip
    assert furnace == [{"static": "double_damage"}]
    # A condition before it ("As long as you have no cards in hand, if ...") is not read.
    _, unread = compiled("As long as you have no cards in hand, if a source you control would "
                         "deal damage to a permanent or player, it deals double that damage to "
                         "that permanent or player instead.", "Enchantment")  # fmt: skip
    assert unread


def test_damage_prevented_with_counters_and_all_but_one() -> None:
    hydra = abilities("If damage would be dealt to this creature, prevent that damage. Put a "
                      "-1/-1 counter on this creature for each 1 damage prevented this way.")  # fmt: skip
    assert hydra == [{"replacement": "prevent_damage", "put_counter": "-1/-1"}]
    horde = abilities("If this creature would be dealt damage, prevent that damage and remove a "
                      "+1/+1 counter from it.")  # fmt: skip
    assert horde == [{"replacement": "prevent_damage", "remove_counter": "+1/+1"}]
    altisaur = abilities("If a source would deal damage to another Dinosaur you control, prevent "
                         "all but 1 of that damage.")  # fmt: skip
    assert altisaur == [{"static": "prevent_damage_all_but", "amount": 1, "controller": "you",
                         "affects": {"subtypes": ["Dinosaur"], "types": ["Creature"],
                                     "other": True}}]  # fmt: skip


def test_damage_that_can_t_be_prevented_and_wither_for_all() -> None:
    assert abilities("Damage can't be prevented.", "Enchantment") == [
        {"static": "damage_unpreventable"}
    ]
    assert abilities("Combat damage can't be prevented.") == [
        {"static": "damage_unpreventable", "combat": True}
    ]
    assert abilities("All damage is dealt as though its source had wither.", "Enchantment") == [
        {"static": "all_wither"}
    ]
    spell, unread = compiled("Damage can't be prevented this turn.", "Instant")
    assert unread == () and spell["spell"] == [{"do": "damage_unpreventable"}]


def test_damage_from_an_enchanted_creature_and_damage_as_counters() -> None:
    defang = compiled("Enchant creature\nPrevent all damage that would be dealt by enchanted "
                      "creature.", "Enchantment", subtypes=["Aura"], keywords=["Enchant"])[0]  # fmt: skip
    assert defang["keywords"] == ["Enchant creature"]  # the Aura's target, from its text
    assert [a["static"] for a in defang["abilities"]] == ["prevent_damage_from"]
    candletrap = abilities("Prevent all combat damage that would be dealt by enchanted creature.",
                           "Enchantment")  # fmt: skip
    assert candletrap[0]["combat"] is True and candletrap[0]["source"] == "enchanted_creature"
    mage = abilities("If a source you control would deal noncombat damage to a creature an "
                     "opponent controls, put that many -1/-1 counters on that creature instead.")  # fmt: skip
    assert mage == [{"static": "damage_as_counters", "controller": "you", "to": "creature",
                     "to_controller": "opponents", "counter": "-1/-1", "noncombat": True}]  # fmt: skip
