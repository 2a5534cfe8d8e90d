"""The Magic core's quick answers against the full computations they stand for (issue 26).

Each quick path is checked on every state of whole seeded bot games (2 to 4 players, the
basic and planner bots): wherever the engine takes the quick answer, the full computation
is run too and must give the same answer.

- ``mana.too_few_sources``: a "no" without looking for a payment; the full ``pay`` finds
  none either (even with all the life in the world for Phyrexian symbols).
- ``costs.land_sources``: kept for each player; the kept answer is what a fresh look at
  the lands gives.
- ``Board.printed``: one ``Chars`` for each Proto; equal to one made afresh.
- A characteristic-defining ability whose power and toughness are the same amount counts
  it once (Soulless One).
- ``casting.cast_slots`` of a spell's printed effects: worked out once for each Proto;
  equal to ``slots_of`` afresh.
- ``costs.spell_cost`` reads the statics that change costs as kept for the battlefield's
  zone and static versions: the same as picking them out of every static afresh.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.engine.game import get_game
from cardcli.engine.loop import run
from cardcli.engine.session import Session
from cardcli.magic import casting, costs, mana
from cardcli.magic.board import Board
from cardcli.magic.chars import Chars
from cardcli.magic.mana import ManaCost, pay, too_few_sources
from cardcli.magic.targets import Slot, slots_of
from tests.magic_helpers import Duel

GAMES = [("basic", 2, 3), ("basic", 3, 1), ("basic", 4, 5), ("planner", 2, 2), ("planner", 3, 4)]


def _play(bot: str, players: int, seed: int) -> None:
    game = get_game("horde")
    options, setup = game.resolve_options(game.load_given({"players": players}))
    seats = {f"p{i}": bot for i in range(1, players + 1)}
    session = Session(game, options, setup, seed, seats, quiet=True)
    run(session, lambda seat: None)
    assert session.over


@pytest.mark.parametrize(("bot", "players", "seed"), GAMES)
def test_quick_answers_equal_the_full_ones_in_real_games(
    bot: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = {"short": 0, "long": 0, "lands": 0, "printed": 0, "slots": 0, "costs": 0}
    quick_short = mana.too_few_sources

    def checked_short(cost: ManaCost, pool: dict[str, int], lands: list[Any]) -> bool:
        short = quick_short(cost, pool, lands)
        if short:
            seen["short"] += 1
            monkeypatch.setattr(mana, "too_few_sources", quick_short)  # (the full path below)
            try:
                assert pay(cost, dict(pool), list(lands), 10**9) is None, (cost, pool, lands)
            finally:
                monkeypatch.setattr(mana, "too_few_sources", checked_short)
        else:
            seen["long"] += 1
        return short

    quick_lands = costs.land_sources

    def checked_lands(table: Any, player: str) -> Any:
        found = quick_lands(table, player)
        table.land_sources_seen.pop(player, None)
        assert quick_lands(table, player) == found  # (a fresh look, kept again)
        seen["lands"] += 1
        return found

    quick_printed = Board.printed

    def checked_printed(self: Board, obj: Any) -> Chars:
        found = quick_printed(self, obj)
        p = obj.proto
        fresh = Chars(
            p.types, p.subtypes, p.supertypes, p.colors, p.keywords, p.power or 0, p.toughness or 0
        )
        assert found == fresh
        seen["printed"] += 1
        return found

    quick_slots = casting.cast_slots

    def checked_slots(obj: Any, effects: Any = None) -> list[Slot]:
        found = quick_slots(obj, effects)
        if effects is None:
            fresh = slots_of(obj.proto.spell)
            if obj.proto.is_aura and obj.proto.enchant:
                fresh.insert(0, Slot(-1, obj.proto.enchant))
            assert found == fresh
            seen["slots"] += 1
        return found

    quick_cost = costs.spell_cost

    def checked_cost(table: Any, player: str, obj: Any, *args: Any, **kwargs: Any) -> Any:
        kept = table.memo("cost changers", lambda: costs._cost_changers(table))
        assert kept == [st for st in table.statics if st.ability.static == "cost_change"]
        seen["costs"] += 1
        return quick_cost(table, player, obj, *args, **kwargs)

    monkeypatch.setattr(casting, "cast_slots", checked_slots)
    monkeypatch.setattr(costs, "spell_cost", checked_cost)
    monkeypatch.setattr(casting, "spell_cost", checked_cost)
    monkeypatch.setattr(mana, "too_few_sources", checked_short)
    monkeypatch.setattr(costs, "land_sources", checked_lands)
    monkeypatch.setattr(Board, "printed", checked_printed)
    _play(bot, players, seed)
    assert seen["long"] and seen["lands"] and seen["slots"] and seen["costs"], seen
    assert seen["short"] or bot == "planner", seen


@pytest.mark.parametrize(
    ("cost", "pool", "lands", "short"),
    [
        ("{2}{R}", {}, [(1, ("R",)), (2, ("R",))], True),
        ("{2}{R}", {"G": 1}, [(1, ("R",)), (2, ("R",))], False),
        ("{R/P}{R/P}", {}, [], False),  # (Phyrexian: life pays)
        ("{2/W}", {}, [(1, ("G",))], False),  # (one source, two generic: pay says no itself)
        ("{W/U}{W/U}", {"W": 1}, [(1, ("U",))], False),
        ("{3}", {"C": 1, "R": 1}, [], True),
        ("{0}", {}, [], False),
    ],
)
def test_too_few_sources_only_where_no_payment_exists(
    cost: str, pool: dict[str, int], lands: list[Any], short: bool
) -> None:
    parsed = ManaCost.parse(cost)
    assert too_few_sources(parsed, pool, lands) is short
    if short:
        assert pay(parsed, pool, lands, 10**9) is None


SOULLESS_ONE = "Soulless One"


def test_a_cda_of_one_count_for_both_is_that_count() -> None:
    """Soulless One's power and toughness each equal the Zombies on the battlefield plus the
    Zombie cards in all graveyards: counted once, both are it."""
    duel = Duel()
    one = duel.card("alice", SOULLESS_ONE)
    duel.card("bob", SOULLESS_ONE)
    duel.card("bob", SOULLESS_ONE, "graveyard")
    ch = duel.table.chars(one)
    count = duel.table.amount_of(
        next(a for a in one.proto.statics if a.static == "cda").data["power"], "alice", one
    )
    assert (ch.power, ch.toughness) == (count, count) == (3, 3)
