"""A plain two-player Magic table for the rules core's tests (no Horde in it)."""

from __future__ import annotations

from functools import cache

from cardcli.cards.mtg.pool import CardPool
from cardcli.magic import flow
from cardcli.magic.cards import Proto
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table
from cardcli.magic.variant import Variant


@cache
def _pool() -> CardPool:
    return CardPool.bundled(with_user_pool=False)


@cache
def proto(name: str) -> Proto:
    card = _pool().get(name)
    assert card is not None, name
    return Proto.from_card(card)


class Duel:
    """Alice and Bob, each a team of one, 20 life; Alice's turn, her first main phase."""

    def __init__(self, seed: int = 1, variant: Variant | None = None) -> None:
        self.table = Table(variant or Variant(), seed)
        self.table.add_team("a", ["alice"], life=20, automated=False)
        self.table.add_team("b", ["bob"], life=20, automated=False)
        self.table.extra["card_count"] = 0
        self.table.turn = 3
        self.table.step = "main1"
        self.table.step_begun = True

    def card(self, player: str, name: str, zone: str = "battlefield", sick: bool = False) -> Obj:
        number = self.table.extra["card_count"]
        self.table.extra["card_count"] = number + 1
        obj = self.table.add_card(player, proto(name), zone, number)
        obj.sick = sick
        return obj

    def library(self, player: str, *names: str) -> None:
        for name in reversed(names):
            self.card(player, name, "library")

    def run(self) -> None:
        flow.run(self.table)
