"""Copy effects in the rules core (706): copiable values and clones."""

from __future__ import annotations

from cardcli.magic.cards import Proto
from cardcli.magic.copies import copy_proto
from tests.conftest import new_session
from tests.test_horde_scenarios import REPO, run_scenario

BEARS = Proto.token({"name": "Grizzly Bears", "power": "2", "toughness": "2",
                     "subtypes": ["Bear"], "keywords": ["Trample"]})  # fmt: skip
CLONE = Proto(name="Clone", types=frozenset({"Creature"}), power=0, toughness=0)


def test_a_copy_takes_the_copiable_values_and_keeps_what_is_its_own() -> None:
    made = copy_proto(BEARS, CLONE, {"add_types": ["Artifact"], "keywords": ["Flying"]}, False)
    assert made.name == "Grizzly Bears" and (made.power, made.toughness) == (2, 2)
    assert made.types == {"Creature", "Artifact"} and made.subtypes == {"Bear"}
    assert made.keywords == {"trample", "flying"}
    assert made.own is CLONE and not made.is_token  # a clone of a token is no token (706.2)


def test_copies_are_made_once_for_the_same_values() -> None:
    one = copy_proto(BEARS, CLONE, None, False)
    assert copy_proto(BEARS, CLONE, None, False) is one
    assert copy_proto(BEARS, CLONE, {"keywords": ["Flying"]}, False) is not one


def test_a_copy_of_a_copy_copies_the_copy_with_its_exceptions() -> None:
    # 706.9b: the exceptions are part of the copiable values a later copy takes.
    first = copy_proto(BEARS, CLONE, {"add_types": ["Artifact"]}, False)
    other = Proto(name="Other Clone", types=frozenset({"Creature"}))
    second = copy_proto(first, other, None, False)
    assert second.types == {"Creature", "Artifact"} and second.own is other


def test_the_clone_is_an_artifact_and_is_itself_again_off_the_battlefield() -> None:
    session, _, rejected, _ = run_scenario(REPO / "scenarios/horde/card-compiled-clone.yaml")
    assert rejected == []
    table = session.state.table  # type: ignore[attr-defined]
    copy = max(table.battlefield.values(), key=lambda o: o.id)
    chars = table.chars(copy)
    assert copy.name == "Elvish Visionary" and {"Artifact", "Creature"} <= chars.types
    assert (chars.power, chars.toughness) == (1, 1)  # not the original's +1/+1 counter
    gone = table.move(copy, "graveyard", "test")
    assert gone is not None and gone.name == "Phyrexian Metamorph"  # 400.7


def test_a_token_copy_is_a_token_everywhere_and_gets_the_granted_abilities() -> None:
    end_step = {"when": "end_step", "whose": "each", "effects": [{"do": "sacrifice", "each": "it"}]}
    clone_of_bears = copy_proto(BEARS, CLONE, None, False)
    token = copy_proto(clone_of_bears, None, {"keywords": ["Haste"], "abilities": [end_step]}, True)
    assert token.is_token and token.own is None and token.name == "Grizzly Bears"
    assert "haste" in token.keywords and len(token.triggers["end_step"]) == 1


def test_a_token_copy_with_an_exception_of_type_is_an_artifact() -> None:
    spec = REPO / "scenarios/horde/card-compiled-token-copy-until-end-step.yaml"
    session, _ = new_session("horde", seed=1, setup=str(spec.parent / "setups/token-copies.yaml"))
    assert session.submit("p1 cast Molten Duplication -> #9").accepted
    table = session.state.table  # type: ignore[attr-defined]
    # (The payment keeps two Forests for Second Harvest, an instant: the team may respond, so
    # the spell and then the token's trigger wait for the team to pass.)
    while table.stack:
        assert session.submit("pass").accepted
    token = table.objects[27]
    chars = table.chars(token)
    assert token.name == "Woodland Champion" and token.card_no is None
    assert {"Artifact", "Creature"} <= chars.types and "haste" in chars.keywords
    assert token.counters == {"+1/+1": 1}  # (it saw itself enter: one token entered)
