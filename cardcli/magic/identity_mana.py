"""903.4f: "any color in your commander's color identity" adds no mana for a player with no
commander (or a colourless one), and the game says so: as it begins, and as such a permanent
enters (``no_identity_mana`` events), before anyone taps it."""

from __future__ import annotations

from cardcli.magic.board import Board
from cardcli.magic.objects import Obj

IDENTITY = "commander_identity"  # the ``of`` of such an ``add_mana`` effect


def identity_mana_cards(board: Board, player: str) -> list[str]:
    """The names of ``player``'s cards (any zone) with a mana ability that adds "one mana of any
    color in your commander's color identity" (Command Tower, Arcane Signet), sorted."""
    found = {
        obj.name
        for obj in board.objects.values()
        if obj.owner == player and any(a.mana_of == IDENTITY for a in obj.proto.mana_abilities)
    }
    return sorted(found)


def identity_word(board: Board, obj: Obj) -> None:
    """Said as ``obj`` enters: its colour-identity mana ability adds no mana for a controller
    with no commander or a colourless one."""
    if not any(a.mana_of == IDENTITY for a in obj.proto.mana_abilities):
        return
    identity = board.players[obj.controller].commander_identity
    if identity:
        return
    why = "none" if identity is None else "colourless"
    word = {"who": obj.controller, "cards": [obj.name], "commander": why, "id": obj.id}
    board.emit({"type": "no_identity_mana", **word})
