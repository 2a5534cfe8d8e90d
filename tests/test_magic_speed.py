"""The speed-ups of the Magic core give the answers the work they spare would have given."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli.magic import mana
from cardcli.magic.mana import ManaCost, pay, payable

KINDS = st.sampled_from([("W",), ("U",), ("B",), ("G",), ("C",), ("U", "B"), ("W", "G", "R")])
COSTS = st.sampled_from(
    ["{0}", "{1}", "{2}{B}{B}", "{U}{B}", "{W/U}{W/U}", "{2/B}{1}", "{G/P}{G/P}{1}", "{3}{R}{R}"]
)


@settings(max_examples=300, deadline=None)
@given(
    COSTS,
    st.dictionaries(st.sampled_from(["W", "U", "B", "C"]), st.integers(0, 2), max_size=3),
    st.lists(KINDS, max_size=6),
    st.integers(0, 5),
    st.booleans(),
)
def test_payable_answers_as_pay_does(
    text: str, pool: dict[str, int], kinds: list[tuple[str, ...]], life: int, can_pay_life: bool
) -> None:
    cost = ManaCost.parse(text)
    lands = [(100 - i * 7 % 13, k) for i, k in enumerate(kinds)]  # ids out of order
    expected = pay(cost, pool, lands, life, can_pay_life) is not None
    assert payable(cost, pool, lands, life, can_pay_life) is expected
    assert payable(cost, pool, lands, life, can_pay_life) is expected  # remembered


def test_the_payable_memo_stays_bounded() -> None:
    cost = ManaCost.parse("{G/P}")  # (with Phyrexian mana the life is part of the key)
    for n in range(mana._PAYABLE_MAX + 5):
        payable(cost, {}, [(i, ("G",)) for i in range(n % 40)], n)
    assert len(mana._payable) <= mana._PAYABLE_MAX


def test_a_command_text_read_again_is_the_same_command_and_a_bad_one_fails_each_time() -> None:
    from cardcli.engine.errors import InvalidCommand
    from cardcli.games.horde import commands

    first = commands.parse("p2 cast Lightning Bolt -> #17")
    assert commands.parse("p2 cast Lightning Bolt -> #17") == first
    for _ in range(2):
        with pytest.raises(InvalidCommand):
            commands.parse("p2 frobnicate #17")


def test_games_share_protos_and_the_shared_table_stays_bounded() -> None:
    from cardcli.games.horde import setup

    definition = {"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"}
    protos = setup.shared_protos()
    proto = protos.of(definition)
    assert setup.shared_protos().of(dict(definition)) is proto  # an equal definition: shared
    for n in range(setup.SHARED_MAX + 2):
        setup.shared_protos().of({**definition, "name": f"Bear {n}"})
    assert len(setup.shared_protos().by_key) <= setup.SHARED_MAX + 1
