"""Keywords written out as "when you cast this spell" triggers (``cast_self``): cascade.

"Cascade" (702.85a) is the trigger whose effect ``cascade`` resolves.
(Storm counts the spells cast before it as it triggers: ``storm`` queues it.)
"""

from __future__ import annotations

from cardcli.magic.abilities import Ability

CASCADE = Ability(
    index=-13,
    data={},
    when="cast_self",
    effects=({"do": "cascade"},),
    text="Cascade (When you cast this spell, exile cards from the top of your library until"
    " you exile a nonland card that costs less. You may cast it without paying its mana cost."
    " Put the exiled cards on the bottom in a random order.)",
)


def cast_triggers(keywords: frozenset[str]) -> dict[str, tuple[Ability, ...]]:
    return {"cast_self": (CASCADE,)} if "cascade" in keywords else {}
