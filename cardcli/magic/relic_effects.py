"""The effects of Wizards' *Battle the Horde* relics that the rules core plays.

* ``reveal_cast``: "reveal an additional card from the top of the Horde's library. The Horde
  casts that card." The core moves nothing itself: revealing and casting for an automated
  player is its variant's (``Variant.reveal_and_cast``); a variant without it logs the effect
  as unsupported.
* ``return_to_battlefield`` with ``chosen``: "each player returns a creature card from their
  graveyard to the battlefield" (Vitality Salve), each player choosing their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.chars import matches
from cardcli.magic.choices import ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
from cardcli.magic.reach import Resolution, amount_of_effect, players_of, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def reveal_cast(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """Each player the effect reaches reveals the top ``amount`` cards of their library and
    casts them, as their variant does it."""
    count = amount_of_effect(table, res, effect)
    for player in players_of(table, subjects(table, res, effect)):
        if not table.variant.reveal_and_cast(table, player, count):
            table.emit({"type": "unsupported", "id": res.item.id, "do": "reveal_cast"})


def chosen_from_graveyard(table: Table, res: Resolution, effect: Effect, key: str) -> list[Obj]:
    """ "Each player returns a creature card from their graveyard to the battlefield" (Vitality
    Salve): each player the effect reaches, in APNAP order, chooses ``amount`` cards of their
    own graveyard that match ``filter`` as it resolves (not a target, 608.2c; all of them if
    they have no more); the cards then move together (101.4). A ``reanimate`` decision."""
    count = amount_of_effect(table, res, effect)
    filt = effect.get("filter") or {}
    chosen: list[Obj] = []
    for player in players_of(table, subjects(table, res, effect, default="you")):
        own = [
            o
            for o in table.players[player].graveyard
            if o.card_no is not None and matches(table, filt, o, table.printed(o), None)
        ]
        if len(own) <= count:
            chosen.extend(own)
            continue
        picks = ask(
            table,
            res.answers,
            f"{key}:reanimate:{player}",
            Decision(
                "reanimate",
                player,
                f"{res.item.name}: {player} returns {count} from their graveyard to the "
                "battlefield",
                [f"#{o.id}" for o in own],
                low=count,
                high=count,
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    return chosen
