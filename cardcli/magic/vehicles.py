"""Crew (702.122): a Vehicle's keyword written out as the activated ability it stands for.

"Crew N" means "Tap any number of other untapped creatures you control with total power N or
greater: This permanent becomes an artifact creature until end of turn." (702.122a) It is an
activated ability like any other: any time its controller has priority, no {T} in its cost (a
creature that came this turn may crew, 302.6). Paying it is ``crew``'s job.
"""

from __future__ import annotations

from cardcli.magic.abilities import Ability, ActivationCost
from cardcli.magic.keywords import keyword_number

BECOMES_CREATURE = {
    "do": "becomes",
    "each": "it",
    "types": ["Artifact", "Creature"],
    "until": "end_of_turn",
}


def crew_abilities(keywords: frozenset[str]) -> tuple[Ability, ...]:
    """ "Crew 3": one activated ability for each crew keyword the permanent has."""
    return tuple(
        Ability(
            index=-11,
            data={},
            cost=ActivationCost(crew=n),
            effects=(BECOMES_CREATURE,),
            text=f"Crew {n} (Tap any number of other untapped creatures you control with total"
            f" power {n} or more: This Vehicle becomes an artifact creature until end of turn.)",
        )
        for n in keyword_number(keywords, "crew")
    )
