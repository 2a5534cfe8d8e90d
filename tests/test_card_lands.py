"""Lands that enter tapped unless (614.1c, 614.12): a condition counted as the land enters, and
a shock land's life paid, or not, by its controller as it enters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.magic import costs
from cardcli.magic.effects import token_proto
from tests.card_helpers import bot_plays, card, ids, position, put
from tests.magic_helpers import Duel, proto

FOUNTAIN = {
    "name": "Hallowed Fountain",
    "mana_cost": "",
    "types": ["Land"],
    "subtypes": ["Plains", "Island"],
    "produces": ["W", "U"],
    "oracle": "As this land enters, you may pay 2 life. If you don't, it enters tapped.",
    "abilities": [{"replacement": "enters_tapped", "pay_life": 2}],
}
CLIFFS = {
    "name": "Blackcleave Cliffs",
    "mana_cost": "",
    "types": ["Land"],
    "produces": ["B", "R"],
    "oracle": "This land enters tapped unless you control two or fewer other lands.",
    "abilities": [
        {"replacement": "enters_tapped", "unless": {"amount": {"count": "lands"}, "at_most": 2}}
    ],
}


def shock_position(life: int = 40, hand: tuple[str, ...] = (), lands: int = 1) -> dict[str, Any]:
    return {
        "turn": 6,
        "step": "main1",
        "life": life,
        "cards": [FOUNTAIN],
        "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 3},
        "p1": {
            "battlefield": ["Mountain"] * lands,
            "hand": ["Hallowed Fountain", *hand],
            "library": ["Island"] * 3,
        },
        "p2": {"library": ["Island"] * 3},
    }


def test_a_shock_land_not_paid_for_enters_tapped(tmp_path: Path) -> None:
    session, lines = position(tmp_path, shock_position())
    assert session.submit("p1 play Hallowed Fountain").accepted
    assert set(session.state.legal_commands("p1")) >= {"choose yes", "choose no", "cancel"}
    assert session.submit("choose no").accepted
    moved = [e for e in lines if e["type"] == "moved" and e["card"] == "Hallowed Fountain"]
    assert moved[-1]["tapped"] is True
    assert not [e for e in lines if e["type"] == "life" and e["why"] == "paid"]


def test_a_shock_land_play_can_be_taken_back_before_its_choice(tmp_path: Path) -> None:
    session, _lines = position(tmp_path, shock_position())
    assert session.submit("p1 play Hallowed Fountain").accepted
    assert session.submit("cancel").accepted
    table = session.state.table  # type: ignore[attr-defined]
    assert [o.name for o in table.players["p1"].hand] == ["Hallowed Fountain"]
    assert table.players["p1"].lands_played == 0
    assert session.submit("p1 play Hallowed Fountain").accepted  # still the land of this turn


def test_a_team_with_less_life_than_the_payment_is_not_asked(tmp_path: Path) -> None:
    session, lines = position(tmp_path, shock_position(life=1))
    assert session.submit("p1 play Hallowed Fountain").accepted  # no question: 119.4
    moved = [e for e in lines if e["type"] == "moved" and e["card"] == "Hallowed Fountain"]
    assert moved[-1]["tapped"] is True
    assert not [e for e in lines if e["type"] in ("chosen", "choice")]
    assert not [e for e in lines if e["type"] == "life" and e["why"] == "paid"]


def test_a_land_with_no_life_total_to_pay_from_enters_tapped() -> None:
    duel = Duel()
    duel.table.teams[1].life = None  # (the Horde has none)
    land = put(duel, "bob", card(FOUNTAIN), "hand")
    assert costs.entry_payment(duel.table, {}, "k", "bob", land) == 0
    moved = duel.table.move(land, "battlefield", "test")
    assert moved is not None and moved.tapped


def test_unless_counts_the_other_lands_as_the_land_enters() -> None:
    duel = Duel()
    table = duel.table
    for _ in range(2):
        put(duel, "alice", proto("Swamp"))
    first = table.move(put(duel, "alice", card(CLIFFS), "hand"), "battlefield", "test")
    assert first is not None and not first.tapped  # two other lands: "two or fewer"
    second = table.move(put(duel, "alice", card(CLIFFS), "hand"), "battlefield", "test")
    assert second is not None and second.tapped  # three others now
    # Bob's lands are not Alice's.
    bobs = table.move(put(duel, "bob", card(CLIFFS), "hand"), "battlefield", "test")
    assert bobs is not None and not bobs.tapped


def test_a_condition_makes_it_enter_tapped_only_while_it_holds() -> None:
    duel = Duel()
    table = duel.table
    # "If you control two or more other lands, this land enters tapped."
    horizon = card(
        {
            "name": "Horizon",
            "types": ["Land"],
            "abilities": [
                {
                    "replacement": "enters_tapped",
                    "condition": {"amount": {"count": "lands"}, "at_least": 2},
                }
            ],
        }
    )
    early = table.move(put(duel, "alice", horizon, "hand"), "battlefield", "test")
    assert early is not None and not early.tapped
    put(duel, "alice", proto("Swamp"))
    late = table.move(put(duel, "alice", horizon, "hand"), "battlefield", "test")
    assert late is not None and late.tapped
    # A token whose data says "enters tapped unless" reads it the same way.
    data = {"name": "Gate", "types": ["Land"], "abilities": horizon_abilities()}
    (gate,) = table.create_tokens(token_proto(data), "alice", 1)
    assert gate.tapped


def horizon_abilities() -> list[dict[str, Any]]:
    return [
        {"replacement": "enters_tapped", "condition": {"amount": {"count": "lands"}, "at_least": 2}}
    ]


def test_the_basic_bot_pays_for_a_spell_it_casts_now_and_keeps_its_life_otherwise(
    tmp_path: Path,
) -> None:
    session, lines = position(tmp_path, shock_position(hand=("Hill Giant",), lands=3))
    given = bot_plays(session, limit=3)
    fountain, giant = ids(lines, "Hallowed Fountain")[0], ids(lines, "Hill Giant")[0]
    assert given == [f"p1 play #{fountain}", "choose yes", f"p1 cast #{giant}"][: len(given)]
    assert len(given) == 3
    # With the life low, nothing to cast, or only removal it would not aim at a 2/2: tapped.
    for life, hand in ((21, ("Hill Giant",)), (40, ()), (40, ("Lightning Helix",))):
        session, _ = position(tmp_path, shock_position(life=life, hand=hand, lands=3))
        assert bot_plays(session, limit=2)[1] == "choose no"
