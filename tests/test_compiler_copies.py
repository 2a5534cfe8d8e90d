"""The compiler's copy effects (706): clones entering as a copy."""

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
        'it has "When this creature becomes the target of a spell or ability, sacrifice it."',
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
