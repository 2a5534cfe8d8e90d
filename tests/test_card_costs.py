"""A spell's cost reduced by a count (601.2f): "This spell costs {1} less to cast for each ...",
the card's own static, counted from the caster's seat as it is cast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.games.horde.view import render
from cardcli.magic import costs
from cardcli.magic.mana import ManaCost
from tests.card_helpers import bot_plays, card, ids, position, put
from tests.magic_helpers import Duel, proto


def itself(per: Any = None, delta: int = -1, **more: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"static": "cost_change", "itself": True, "cost_delta": delta, **more}
    if per is not None:
        data["per"] = per
    return data


WALL_OFF = {
    "name": "Wall Off",
    "mana_cost": "{3}{W}",
    "types": ["Sorcery"],
    "oracle": "This spell costs {1} less to cast for each creature your opponents control.",
    "abilities": [itself({"count": "creatures", "controller": "opponents"})],
    "spell": [{"do": "gain_life", "amount": 4, "each": "you"}],
}


def test_the_count_takes_off_generic_mana_only_and_never_below_none() -> None:
    duel = Duel()
    table = duel.table
    wall = put(duel, "alice", card(WALL_OFF), "hand")
    assert str(costs.spell_cost(table, "alice", wall)) == "{3}{W}"
    put(duel, "bob", proto("Grizzly Bears"))
    put(duel, "alice", proto("Grizzly Bears"))  # not an opponent's
    assert str(costs.spell_cost(table, "alice", wall)) == "{2}{W}"
    for _ in range(5):
        put(duel, "bob", proto("Grizzly Bears"))
    cost = costs.spell_cost(table, "alice", wall)
    assert cost is not None and str(cost) == "{W}" and cost.mana_value == 1


def test_a_reduction_the_generic_mana_cannot_take_comes_off_x() -> None:
    # "{X}{R}: this spell costs {1} less to cast for each creature you control."
    duel = Duel()
    table = duel.table
    blast = put(
        duel,
        "alice",
        card(
            {
                "name": "Blast",
                "mana_cost": "{X}{R}",
                "types": ["Sorcery"],
                "abilities": [itself({"count": "creatures"})],
                "spell": [{"do": "damage", "amount": "X", "each": "each_opponent"}],
            }
        ),
        "hand",
    )
    for _ in range(2):
        put(duel, "alice", proto("Grizzly Bears"))
    cost = costs.spell_cost(table, "alice", blast)
    assert cost is not None
    assert cost.with_x(3).generic == 1 and cost.with_x(1).generic == 0
    assert ManaCost.parse("{2}{R}").reduced(-5).written() == "{R}"


def test_its_own_reduction_does_not_reach_other_spells_from_the_battlefield() -> None:
    duel = Duel()
    table = duel.table
    frogmite = card(
        {
            "name": "Frogmite",
            "mana_cost": "{4}",
            "types": ["Artifact", "Creature"],
            "abilities": [itself({"count": "permanents", "filter": {"types": ["Artifact"]}})],
        }
    )
    put(duel, "alice", frogmite)  # on the battlefield: its "this spell" means nothing now
    giant = put(duel, "alice", proto("Hill Giant"), "hand")
    assert str(costs.spell_cost(table, "alice", giant)) == "{3}{R}"
    second = put(duel, "alice", frogmite, "hand")
    assert str(costs.spell_cost(table, "alice", second)) == "{3}"  # one artifact


def test_a_conditional_reduction_of_its_own() -> None:
    duel = Duel()
    table = duel.table
    # "This spell costs {2} less to cast if you control a Dinosaur."
    roar = put(
        duel,
        "alice",
        card(
            {
                "name": "Roar",
                "mana_cost": "{4}{G}",
                "types": ["Sorcery"],
                "abilities": [
                    itself(
                        delta=-2,
                        condition={
                            "amount": {"count": "creatures", "filter": {"subtypes": ["Dinosaur"]}},
                            "at_least": 1,
                        },
                    )
                ],
            }
        ),
        "hand",
    )
    assert str(costs.spell_cost(table, "alice", roar)) == "{4}{G}"
    put(duel, "alice", proto("Frenzied Raptor"))
    assert str(costs.spell_cost(table, "alice", roar)) == "{2}{G}"


def wall_position() -> dict[str, Any]:
    return {
        "turn": 6,
        "step": "main1",
        "cards": [WALL_OFF],
        "horde": {"battlefield": ["Zombie"] * 3, "library": ["Zombie"] * 3},
        "p1": {"battlefield": ["Plains"], "hand": ["Wall Off"], "library": ["Plains"] * 3},
        "p2": {"library": ["Plains"] * 3},
    }


def test_the_board_shows_what_a_card_costs_now_and_the_bot_casts_it(tmp_path: Path) -> None:
    session, lines = position(tmp_path, wall_position())
    shown = render(session.state.table, "p1")  # type: ignore[attr-defined]
    assert f"#{ids(lines, 'Wall Off')[0]} Wall Off {{3}}{{W}} (costs {{W}} now)" in shown
    assert bot_plays(session, limit=1) == [f"p1 cast #{ids(lines, 'Wall Off')[0]}"]
