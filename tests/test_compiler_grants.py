"""The compiler on abilities granted in quotes by a static ability (613.1f)."""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.compiler import compile_card


def card(name: str, oracle: str, *types: str, **facts: Any) -> dict[str, Any]:
    return {"name": name, "oracle": oracle, "types": list(types or ["Creature"]), **facts}


def no_text(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: no_text(v) for k, v in value.items() if k != "text"}
    if isinstance(value, list):
        return [no_text(v) for v in value]
    return value


def test_a_quoted_trigger_granted_to_slivers_is_the_receivers_own() -> None:
    compiled = compile_card(
        card(
            "Lavabelly Sliver",
            'Sliver creatures you control have "When this creature enters, it deals 1 damage to '
            'target player or planeswalker and you gain 1 life."',
            subtypes=["Sliver"],
        )
    )
    assert compiled.status == "automated"
    assert no_text(compiled.behaviour["abilities"]) == [
        {
            "static": "ability_grant",
            "affects": {"types": ["Creature"], "subtypes": ["Sliver"]},
            "controller": "you",
            "abilities": [
                {
                    "when": "enters",
                    "effects": [
                        {"do": "damage", "amount": 1, "target": "player_or_planeswalker"},
                        {"do": "gain_life", "amount": 1, "each": "you"},
                    ],
                }
            ],
        }
    ]


def test_other_zombies_and_an_auras_land_get_activated_abilities() -> None:
    master = compile_card(
        card("Zombie Master", 'Other Zombies have "{B}: Regenerate this permanent."')
    )
    (grant,) = master.behaviour["abilities"]
    assert grant["affects"] == {"other": True, "subtypes": ["Zombie"], "types": ["Creature"]}
    assert grant["controller"] == "any"
    assert no_text(grant["abilities"]) == [
        {
            "activated": True,
            "cost": {"mana": "{B}"},
            "effects": [{"do": "regenerate", "each": "it"}],
        }
    ]
    connections = compile_card(
        card(
            "Underworld Connections",
            'Enchant land\nEnchanted land has "{T}, Pay 1 life: Draw a card."',
            "Enchantment",
            subtypes=["Aura"],
        )
    )
    assert connections.status == "automated"
    assert connections.behaviour["keywords"] == ["Enchant land"]  # what it targets (303.4a)
    (grant,) = connections.behaviour["abilities"]
    assert grant["static"] == "attached" and "affects" not in grant
    assert no_text(grant["abilities"]) == [
        {"activated": True, "cost": {"tap": True, "life": 1},
         "effects": [{"do": "draw", "amount": 1, "each": "you"}]}
    ]  # fmt: skip


def test_an_aura_with_a_bonus_and_a_quoted_trigger() -> None:
    umbra = compile_card(
        card(
            "Bear Umbra",
            'Enchant creature\nEnchanted creature gets +2/+2 and has "Whenever this creature '
            'attacks, untap all lands you control."',
            "Enchantment",
        )
    )
    (grant,) = umbra.behaviour["abilities"]
    assert (grant["static"], grant["power"], grant["toughness"]) == ("attached", 2, 2)
    assert grant["abilities"][0]["when"] == "attacks"


def test_a_quote_not_all_read_leaves_the_line_unread() -> None:
    for oracle in (
        # The quote names the granting card: not the receiver, not read.
        'Other creatures have "Whenever this creature attacks, you may have it fight Grothama, '
        'All-Devouring."',
        # A keyword in quotes is not an ability the model grants this way.
        'Other creatures you control have "Ward—Pay 2 life."',
        # A dies trigger granted: what it had as it left is not kept for it.
        'Creatures you control have "When this creature dies, draw a card."',
        'Creatures you control have "Frobnicate the widget."',
    ):
        compiled = compile_card(card("Granter", oracle))
        assert compiled.status == "manual", oracle


def test_keywords_with_a_number_are_kept_with_it_granted_or_printed() -> None:
    frenzy = compile_card(card("Frenzy Sliver", "All Sliver creatures have frenzy 1."))
    assert no_text(frenzy.behaviour["abilities"]) == [
        {"static": "keyword_grant", "affects": {"types": ["Creature"], "subtypes": ["Sliver"]},
         "controller": "any", "keywords": ["Frenzy 1"]}
    ]  # fmt: skip
    lymph = compile_card(card("Lymph Sliver", "All Sliver creatures have absorb 1."))
    assert lymph.behaviour["abilities"][0]["keywords"] == ["Absorb 1"]
    printed = compile_card(card("Absorber", "Absorb 2", keywords=["Absorb"]))
    assert printed.status == "automated" and printed.behaviour["keywords"] == ["Absorb 2"]


def test_what_a_sliver_does_is_watched_and_its_controller_is_the_slivers() -> None:
    essence = compile_card(card("Essence Sliver", "Whenever a Sliver deals damage, its controller gains that much life."))  # fmt: skip
    # (read by the damage watchers: "its controller" is the source's, as it dealt the damage)
    assert no_text(essence.behaviour["abilities"]) == [
        {"when": "source_deals_damage",
         "trigger_filter": {"subtypes": ["Sliver"], "types": ["Creature"]},
         "effects": [{"do": "gain_life", "amount": {"previous": "event_amount"},
                      "each": "that_source_controller"}]}
    ]  # fmt: skip
    toxin = compile_card(
        card(
            "Toxin Sliver",
            "Whenever a Sliver deals combat damage to a creature, destroy that creature. "
            "It can't be regenerated.",
        )
    )
    (ability,) = toxin.behaviour["abilities"]
    assert (ability["when"], ability["to"], ability["combat"]) == (
        "source_deals_damage",
        "creature",
        True,
    )
    assert ability["effects"] == [{"do": "destroy", "each": "that_creature", "no_regenerate": True}]
    # "that much" only where the event has an amount
    assert compile_card(card("X", "When ~ enters, you gain that much life.")).status == "manual"


def test_sliver_blocking_lines() -> None:
    shifting = compile_card(card("Shifting Sliver", "Slivers can't be blocked except by Slivers."))
    assert no_text(shifting.behaviour["abilities"]) == [
        {"static": "cant_be_blocked_by", "affects": {"subtypes": ["Sliver"], "types": ["Creature"]},
         "controller": "any", "filter": {"not_subtypes": ["Sliver"]}}
    ]  # fmt: skip
    spined = compile_card(
        card(
            "Spined Sliver",
            "Whenever a Sliver becomes blocked, that Sliver gets +1/+1 until end of turn for each "
            "creature blocking it.",
        )
    )
    (ability,) = spined.behaviour["abilities"]
    assert ability["when"] == "creature_becomes_blocked"
    assert no_text(ability["effects"]) == [
        {"do": "pump", "each": "that_creature", "until": "end_of_turn",
         "power": {"previous": "blockers"}, "toughness": {"previous": "blockers"}}
    ]  # fmt: skip


def test_ward_and_a_sliver_targeted_by_an_opponent() -> None:
    turtle = compile_card(card("Turtle", "Flying, ward {2}", keywords=["Flying", "Ward"]))
    assert turtle.status == "automated" and turtle.behaviour["keywords"] == ["Ward {2}"]
    guardian = compile_card(card("Guardian", "Other artifacts you control have ward {2}."))
    assert guardian.behaviour["abilities"][0]["keywords"] == ["Ward {2}"]
    life = compile_card(card("Squelcher", "Ward—Pay 2 life.", keywords=["Ward"]))
    assert life.status == "manual"  # a ward cost that is not mana: not read
    diffusion = compile_card(
        card(
            "Diffusion Sliver",
            "Whenever a Sliver creature you control becomes the target of a spell or ability an "
            "opponent controls, counter that spell or ability unless its controller pays {2}.",
        )
    )
    assert no_text(diffusion.behaviour["abilities"]) == [
        {"when": "creature_becomes_target", "controller": "you", "targeter": "opponents",
         "trigger_filter": {"subtypes": ["Sliver"]},
         "effects": [{"do": "counter_spell", "each": "that_spell", "unless_pays": "{2}"}]}
    ]  # fmt: skip


def test_lose_and_cant_have_or_gain() -> None:
    archetype = compile_card(
        card(
            "Archetype",
            "Creatures your opponents control lose first strike and can't have or gain first "
            "strike.",
        )
    )
    assert no_text(archetype.behaviour["abilities"]) == [
        {"static": "keyword_loss", "affects": {"types": ["Creature"]}, "controller": "opponents",
         "keywords": ["First strike"]}
    ]  # fmt: skip
