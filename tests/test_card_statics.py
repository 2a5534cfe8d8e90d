"""Static abilities that change with the game: "as long as ..." conditions, and a creature's
bonuses of its own counted from the board ("this creature gets +1/+1 for each ..."), kept
cached per state and worked out again only when something changed."""

from __future__ import annotations

from cardcli.magic.effects import token_proto
from tests.card_helpers import card, put
from tests.magic_helpers import Duel, proto

BEAR = {"name": "Bear", "types": ["Creature"], "power": "2", "toughness": "2"}
SCOURGE = {
    "name": "Scourge",
    "power": "3",
    "toughness": "3",
    "abilities": [
        {
            "static": "anthem",
            "affects": {"self": True},
            "power": {"count": "creatures", "controller": "opponents"},
            "toughness": {"count": "creatures", "controller": "opponents"},
        }
    ],
}
# "As long as you control a tapped creature, this creature has flying and gets +1/+1."
WATCHMAN = {
    "name": "Watchman",
    "abilities": [
        {
            "static": kind,
            "affects": {"self": True},
            "condition": {
                "amount": {"count": "creatures", "filter": {"tapped": True}},
                "at_least": 1,
            },
            **extra,
        }
        for kind, extra in (
            ("anthem", {"power": 1, "toughness": 1}),
            ("keyword_grant", {"keywords": ["Flying"]}),
        )
    ],
}


def test_a_counted_bonus_of_its_own_follows_the_board_and_reaches_only_itself() -> None:
    duel = Duel()
    table = duel.table
    scourge = put(duel, "alice", card(SCOURGE))
    friend = put(duel, "alice", proto("Grizzly Bears"))
    assert table.chars(scourge).power == 3
    table.create_tokens(token_proto(BEAR), "bob", 2)  # only zones change: counted again
    assert (table.chars(scourge).power, table.chars(scourge).toughness) == (5, 5)
    assert table.chars(friend).power == 2  # "this creature": no one else
    table.create_tokens(token_proto(BEAR), "alice", 1)  # not an opponent's
    assert table.chars(scourge).power == 5


def test_a_condition_is_checked_whenever_the_game_changes_not_only_zones() -> None:
    duel = Duel()
    table = duel.table
    watchman = put(duel, "alice", card(WATCHMAN))
    bears = put(duel, "alice", proto("Grizzly Bears"))
    before = table.chars(watchman)
    assert (before.power, "flying" in before.keywords) == (1, False)
    table.tap(bears)  # no zone change, no static: the condition holds now
    now = table.chars(watchman)
    assert (now.power, now.toughness, "flying" in now.keywords) == (2, 2, True)
    table.untap(bears)
    assert table.chars(watchman).power == 1


def test_characteristics_stay_cached_while_nothing_changes() -> None:
    duel = Duel()
    table = duel.table
    watchman = put(duel, "alice", card(WATCHMAN))
    put(duel, "bob", card(SCOURGE))
    first = table.chars(watchman)
    version = table.static_version
    assert table.chars(watchman) is first and table.static_version == version
    table.create_tokens(token_proto(BEAR), "bob", 1)  # a zone changed, no static's value did
    assert table.chars(watchman) is first and table.static_version == version
    table.create_tokens(token_proto(BEAR), "alice", 1)  # the Scourge counts alice's creatures
    assert table.static_version == version + 1 and table.chars(watchman) is not first


def test_a_static_that_leaves_stops_counting() -> None:
    duel = Duel()
    table = duel.table
    scourge = put(duel, "alice", card(SCOURGE))
    table.create_tokens(token_proto(BEAR), "bob", 1)
    assert table.chars(scourge).power == 4 and len(table.dynamic) == 1
    table.move(scourge, "graveyard", "test")
    assert table.dynamic == [] and table.dynamic_values == {}


def test_a_conditional_cost_change_applies_only_while_it_holds() -> None:
    from cardcli.magic import costs

    duel = Duel()
    table = duel.table
    # "As long as you control a tapped creature, spells you cast cost {1} less."
    put(
        duel,
        "alice",
        card(
            {
                "name": "Discount",
                "types": ["Enchantment"],
                "abilities": [
                    {
                        "static": "cost_change",
                        "cost_delta": -1,
                        "condition": {
                            "amount": {"count": "creatures", "filter": {"tapped": True}},
                            "at_least": 1,
                        },
                    }
                ],
            }
        ),
    )
    bears = put(duel, "alice", proto("Grizzly Bears"))
    giant = put(duel, "alice", proto("Hill Giant"), "hand")
    assert str(costs.spell_cost(table, "alice", giant)) == "{3}{R}"
    table.tap(bears)
    cost = costs.spell_cost(table, "alice", giant)
    assert cost is not None and cost.generic == 2
