"""What the relics of Wizards' *Battle the Horde* ask of the rules core: "When ~ is put
into a graveyard from anywhere, ..." (Hero's Reward; the effects are in ``relic_effects``).

From the battlefield it is a leaves-the-battlefield ability and looks back in time (603.6c,
603.10a): the permanent's abilities as it left count. From any other zone it triggers on the
card as it is in the graveyard (603.2, 603.6), so an effect that makes cards in graveyards lose
their abilities keeps it from triggering. Its controller is the permanent's last controller,
else the card's owner (603.3a).
"""

from __future__ import annotations

from typing import Any, Protocol

from cardcli.magic.abilities import Ability
from cardcli.magic.chars import Chars
from cardcli.magic.objects import Obj


class Table(Protocol):
    """What the trigger is queued on (``table.Table`` is one; it imports this module)."""

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None: ...

    def graveyard_abilities_lost(self) -> bool: ...

    def watch(self, kind: str, context: dict[str, Any], player: str) -> None: ...


KIND = "put_into_graveyard"
# "Whenever a card is put into an opponent's graveyard from anywhere" (Vulturous Zombie): a
# permanent's watch, ``controller`` naming whose graveyard; a token is no card (it does not
# trigger it).
WATCHED_KIND = "card_to_graveyard"


def landed(table: Table, arrivals: list[tuple[Obj, Obj, str, Chars]]) -> None:
    """Queue the "put into a graveyard from anywhere" abilities of the cards that just went
    there: (the object that moved, the card in the graveyard, the zone it left, its
    characteristics as it left)."""
    lost_there: bool | None = None
    for old, new, was, lki in arrivals:
        if new.card_no is not None:  # a card, not a token (111.1)
            context = {"object": new.id, "player": new.owner, "name": new.name, "from": was}
            table.watch(WATCHED_KIND, context, new.owner)
        abilities = old.proto.triggers.get(KIND, ())
        if not abilities:
            continue
        if was == "battlefield":
            if lki.lost_abilities:
                continue
            controller = old.controller
        else:
            if lost_there is None:
                lost_there = table.graveyard_abilities_lost()
            if lost_there:
                continue
            controller = new.owner
        context = {"object": new.id, "player": controller, "name": new.name, "from": was}
        for ability in abilities:
            table.queue(new, controller, ability, context)
