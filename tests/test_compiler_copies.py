"""The compiler's copy effects (706, 707): clones entering as a copy, token copies."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.compiler import compile_card
from tests.test_compiler import behaviour, card, no_text


def _copy(oracle: str, *types: str) -> dict[str, object]:
    (ability,) = no_text(behaviour("Test Clone", oracle, *types)["abilities"])
    assert isinstance(ability, dict)
    return ability


def test_a_clone_of_any_creature() -> None:
    clone = _copy("You may have this creature enter as a copy of any creature on the battlefield.")
    assert clone == {"replacement": "enters_as_copy", "filter": {"types": ["Creature"]}}


def test_a_clone_with_exceptions_of_types_and_keywords() -> None:
    metamorph = _copy(
        "You may have this creature enter as a copy of any artifact or creature on the "
        "battlefield, except it's an artifact in addition to its other types.",
        "Artifact", "Creature",
    )  # fmt: skip
    assert metamorph["filter"] == {"types": ["Artifact", "Creature"]}
    assert metamorph["copy_except"] == {"add_types": ["Artifact"]}
    bird = _copy(
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it's a Bird in addition to its other types and it has flying."
    )
    assert bird["copy_except"] == {"add_subtypes": ["Bird"], "keywords": ["Flying"]}


def test_clones_of_other_kinds_and_zones() -> None:
    impersonator = _copy(
        "You may have this creature enter as a copy of any nonland permanent on the battlefield."
    )
    assert impersonator["filter"] == {"not_types": ["Land"]}
    body_double = _copy(
        "You may have this creature enter as a copy of any creature card in a graveyard."
    )
    assert body_double["zone"] == "graveyard"
    mirror = _copy(
        "You may have this enchantment enter as a copy of an enchantment you control.",
        "Enchantment",
    )
    assert mirror["controller"] == "you" and mirror["filter"] == {"types": ["Enchantment"]}


@pytest.mark.parametrize(
    "oracle",
    [
        # a name, a quoted ability, a condition or a lost type: left to the players
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "its name is Sakashima the Impostor.",
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it has vanishing 3 if that creature doesn't have vanishing.",
        "You may have this Vehicle enter as a copy of a creature an opponent controls, except "
        "it's a Vehicle artifact with crew 3 and it loses all other card types.",
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it has changeling.",
        "You may have this creature enter as a copy of any creature on the battlefield with mana "
        "value less than or equal to the amount of mana spent to cast this creature.",
    ],
)
def test_clone_lines_the_engine_cannot_play_are_left(oracle: str) -> None:
    compiled = compile_card(card("Test Clone", oracle))
    assert compiled.unread == (oracle,)


def _token_copy(oracle: str, *types: str) -> dict[str, object]:
    compiled = behaviour("Test Copier", oracle, *(types or ("Sorcery",)))
    (effect,) = no_text(compiled["spell"])
    assert isinstance(effect, dict)
    return effect


def test_a_token_copy_of_a_target_with_exceptions() -> None:
    electro = _token_copy(
        "Create a token that's a copy of target creature you control, except it has haste and "
        '"At the beginning of the end step, sacrifice this token."'
    )
    assert electro["do"] == "copy_token" and electro["target"] == "creature_you_control"
    assert electro["copy_except"] == {
        "keywords": ["Haste"],
        "abilities": [{"when": "end_step", "whose": "each",
                       "effects": [{"do": "sacrifice", "each": "it"}]}],
    }  # fmt: skip
    assert _token_copy("Create a token that's a copy of target creature.") == {
        "do": "copy_token", "target": "creature"}  # fmt: skip


def test_what_a_token_copy_gains_and_its_end() -> None:
    molten = _token_copy(
        "Create a token that's a copy of target artifact or creature you control, except it's an "
        "artifact in addition to its other types. It gains haste until end of turn. Sacrifice it "
        "at the beginning of the next end step."
    )
    assert molten["copy_except"] == {"add_types": ["Artifact"]}
    assert molten["keywords"] == ["Haste"] and molten["until"] == "end_of_turn"
    assert molten["sacrifice_at"] == "next_end_step"
    feldon = behaviour(
        "Test Feldon",
        "{2}{R}, {T}: Create a token that's a copy of target creature card in your graveyard, "
        "except it's an artifact in addition to its other types. It gains haste. Sacrifice it "
        "at the beginning of the next end step.",
    )
    (effect,) = feldon["abilities"][0]["effects"]
    assert effect["target"] == "creature_card_in_your_graveyard" and effect["until"] == "leaves"


def test_a_copy_of_itself_and_copies_of_each() -> None:
    raptor = behaviour("Test Raptor", "Enrage — Whenever this creature is dealt damage, create a "
                       "token that's a copy of this creature.")  # fmt: skip
    assert no_text(raptor["abilities"]) == [
        {"when": "dealt_damage", "effects": [{"do": "copy_token", "each": "it"}]}
    ]
    harvest = _token_copy(
        "For each token you control, create a token that's a copy of that permanent.", "Instant"
    )
    assert harvest == {"do": "copy_token", "each": "each_permanent",
                       "filter": {"token": True, "controller": "you"}}  # fmt: skip
    evolution = _token_copy(
        "For each creature token on the battlefield, its controller creates a token that's a "
        "copy of that creature."
    )
    assert evolution["each"] == "each_creature" and evolution["under"] == "its_controller"


@pytest.mark.parametrize(
    "oracle",
    [
        "Create a token that's a copy of that creature.",  # no "for each" to say which
        "For each creature target player controls, create a token that's a copy of that creature.",
        "Create a token that's a copy of target creature, except its name is Copy.",
    ],
)
def test_token_copies_the_engine_cannot_play_are_left(oracle: str) -> None:
    compiled = compile_card(card("Test Copier", oracle, "Sorcery"))
    assert compiled.unread == (oracle,)


def test_a_clone_with_a_quoted_ability() -> None:
    image = _copy(
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it's an Illusion in addition to its other types and it has \"When this creature "
        'becomes the target of a spell or ability, sacrifice it."'
    )
    assert image["copy_except"] == {
        "add_subtypes": ["Illusion"],
        "abilities": [{"when": "becomes_target", "effects": [{"do": "sacrifice", "each": "it"}]}],
    }


def test_myriad_is_its_attack_trigger() -> None:
    herald = behaviour("Test Herald", "Flying, vigilance\nMyriad", keywords=["Flying", "Vigilance",
                       "Myriad"])  # fmt: skip
    assert no_text(herald["abilities"]) == [{"when": "attacks", "effects": [{"do": "myriad"}]}]


def test_copies_of_spells() -> None:
    (twincast,) = no_text(
        behaviour(
            "Test Twincast",
            "Copy target instant or sorcery spell. You may choose new targets for the copy.",
            "Instant",
        )["spell"]
    )
    assert twincast == {"do": "copy_spell", "target": "spell", "new_targets": True,
                        "filter": {"types": ["Instant", "Sorcery"]}}  # fmt: skip
    guildmage = behaviour("Test Guildmage", "{2}{U}{R}: Copy target instant or sorcery spell "
                          "you control. You may choose new targets for the copy.")  # fmt: skip
    (effect,) = guildmage["abilities"][0]["effects"]
    assert effect["filter"] == {"types": ["Instant", "Sorcery"], "controller": "you"}
    fork = ("Copy target instant or sorcery spell, except that the copy is red. You may choose "
            "new targets for the copy.")  # fmt: skip
    assert compile_card(card("Test Fork", fork, "Instant")).unread == (fork,)
