"""Requirements on one attacker made as the game goes (508.1d): "choose an opponent at random.
This creature attacks that player this combat if able." (Raving Dead).

``{do: must_attack_player, each: it, player: random_opponent}``: as it resolves the
controller chooses one of their opponents at random (a labelled stream of the seeded RNG,
``random:opponent``, logged as ``chosen_at_random``); for the rest of this combat the creature
attacks that player if able. The requirement is the combat's: when attackers are declared, a
creature under one that can attack that player is made to (the team's declaration is
completed, as a creature that "attacks each combat if able" is, 508.1d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.reach import Resolution, objects_of, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def must_attack_player(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    controller = res.item.controller
    opponents = [p.name for p in table.opponents(controller)]
    creatures = [o for o in objects_of(table, subjects(table, res, effect, default="it"))]
    if not opponents or not creatures:
        return
    chosen = opponents[table.rng("random:opponent").below(len(opponents))]
    table.emit({"type": "chosen_at_random", "who": controller, "chosen": chosen,
                "among": opponents, "for": [o.id for o in creatures]})  # fmt: skip
    if table.combat is None:
        return  # "this combat": none now, so no requirement
    for obj in creatures:
        table.combat.must_attack_target[obj.id] = chosen
