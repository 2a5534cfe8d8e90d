"""Keywords written out as the abilities they stand for.

"Annihilator 2" is an attack trigger (702.86a); "Cycling {2}" is an activated ability of
the card in its owner's hand (702.29a). A keyword with a cost or a number carries it in
its own words, as the card data write it; a bare "Cycling" (no cost) gives nothing.
"""

from __future__ import annotations

import re

from cardcli.magic.abilities import Ability, ActivationCost, Effect
from cardcli.magic.mana import ManaCost

COST = r"((?:\{[^}]+\})+)"
CYCLING = re.compile(r"^(basic land|[a-z]+)?cycling " + COST + "$")


def keyword_number(keywords: frozenset[str], name: str) -> list[int]:
    """The N of each ``"name N"`` keyword (``"annihilator 2"`` -> [2]); a bare name has none."""
    found = []
    for keyword in sorted(keywords):
        word, _, number = keyword.partition(" ")
        if word == name and number.isdigit():
            found.append(int(number))
    return found


def keyword_cost(keywords: frozenset[str], name: str) -> ManaCost | None:
    """The cost of a ``"name {cost}"`` keyword (``"unearth {2}{b}"`` -> {2}{B}), or None."""
    prefix = name + " {"
    for keyword in sorted(k for k in keywords if k.startswith(prefix)):
        match = re.match("^" + re.escape(name) + " " + COST + "$", keyword)
        if match:
            return ManaCost.parse(match.group(1).upper())
    return None


def keyword_triggers(keywords: frozenset[str]) -> dict[str, tuple[Ability, ...]]:
    """The triggered abilities keywords stand for: "Annihilator N" is "Whenever this creature
    attacks, defending player sacrifices N permanents" (702.86a; each instance triggers,
    702.86b). Its sacrifice names no filter: any permanent."""
    attacks = [
        Ability(
            index=-3,
            data={},
            when="attacks",
            effects=({"do": "sacrifice", "amount": n, "each": "defending_player"},),
            text=f"Annihilator {n} (Whenever this creature attacks, defending player"
            f" sacrifices {n} permanent{'s' if n != 1 else ''}.)",
        )
        for n in keyword_number(keywords, "annihilator")
    ]
    found: dict[str, tuple[Ability, ...]] = {"attacks": tuple(attacks)} if attacks else {}
    dies = tuple(_returns(kind) for kind in ("undying", "persist") if kind in keywords)
    if dies:
        found["dies"] = dies
    echo = keyword_cost(keywords, "echo")
    if echo is not None:
        found["upkeep"] = (_echo(echo),)
    if "exalted" in keywords:
        found["creature_attacks_alone"] = (EXALTED,)
    return found


# Exalted (702.83a): "Whenever a creature you control attacks alone, that creature gets
# +1/+1 until end of turn." (Each permanent with exalted triggers once.)
EXALTED = Ability(
    index=-10,
    data={"controller": "you"},
    when="creature_attacks_alone",
    effects=(
        {"do": "pump", "each": "that_creature", "power": 1, "toughness": 1, "until": "end_of_turn"},
    ),
    text="Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1"
    " until end of turn.)",
)


def _echo(cost: ManaCost) -> Ability:
    """Echo (702.30a): "At the beginning of your upkeep, if this came under your control since
    the beginning of your last upkeep, sacrifice it unless you pay [cost]." (``echo``: it
    triggers at the first upkeep of its controller's after it came under their control.)"""
    return Ability(
        index=-9,
        data={"whose": "yours", "echo": True},
        when="upkeep",
        effects=({"do": "sacrifice", "each": "it", "unless_pays": str(cost)},),
        text=f"Echo {cost} (At the beginning of your upkeep, if this came under your control"
        f" since the beginning of your last upkeep, sacrifice it unless you pay {cost}.)",
    )


def _returns(keyword: str) -> Ability:
    """Undying (702.93a) and persist (702.79a): "When this creature dies, if it had no +1/+1
    (-1/-1) counters on it, return it to the battlefield under its owner's control with a
    +1/+1 (-1/-1) counter on it." The intervening if reads the counters it had as it died
    (603.10a, 603.4: ``if_no_counter``, checked as it triggers; what it had stays so)."""
    counter = "+1/+1" if keyword == "undying" else "-1/-1"
    return Ability(
        index=-5,
        data={"if_no_counter": counter},
        when="dies",
        effects=({"do": "return_to_battlefield", "each": "it", "counter": counter},),
        text=f"{keyword.capitalize()} (When this creature dies, if it had no {counter} counters"
        " on it, return it to the battlefield under its owner's control with a"
        f" {counter} counter on it.)",
    )


UNEARTH_TEXT = (
    "({cost}: Return this card from your graveyard to the battlefield. It gains haste. Exile it"
    " at the beginning of the next end step or if it would leave the battlefield. Unearth only"
    " as a sorcery.)"
)


def unearth_abilities(keywords: frozenset[str]) -> tuple[Ability, ...]:
    """ "Unearth {2}{B}" (702.84a): "{2}{B}: Return this card from your graveyard to the
    battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
    leave the battlefield, exile it instead of putting it anywhere else. Activate only as a
    sorcery." """
    cost = keyword_cost(keywords, "unearth")
    if cost is None:
        return ()
    return (
        Ability(
            index=-6,
            data={"zone": "graveyard", "sorcery": True},
            cost=ActivationCost(mana=cost),
            effects=(
                {
                    "do": "return_to_battlefield",
                    "each": "it",
                    "keywords": ["Haste"],
                    "exile_at": "next_end_step",
                    "exile_if_leaves": True,
                },
            ),
            text=f"Unearth {cost} " + UNEARTH_TEXT.format(cost=cost),
            zone="graveyard",
        ),
    )


def cycling_abilities(keywords: frozenset[str]) -> tuple[Ability, ...]:
    """ "Cycling {2}": "{2}, Discard this card: Draw a card." (702.29a); "Basic landcycling
    {1}": "... Search your library for a basic land card, reveal it, put it into your hand,
    then shuffle." (702.29e); "Landcycling {2}": a land card; "Forestcycling {2}" (any
    "<type>cycling"): a card of that subtype (702.29e). Each works only while the card is in
    its owner's hand."""
    found = []
    for keyword in sorted(k for k in keywords if "cycling {" in k):
        match = CYCLING.match(keyword)
        if match is None:
            continue
        kind, cost = match.group(1), ManaCost.parse(match.group(2).upper())
        effect: Effect
        if kind is None:
            effect = {"do": "draw", "amount": 1, "each": "you"}
            name = "Cycling"
        else:
            if kind == "basic land":
                filt = {"types": ["Land"], "supertypes": ["Basic"]}
            elif kind == "land":  # "Landcycling {2}": any land card
                filt = {"types": ["Land"]}
            else:
                filt = {"subtypes": [kind.capitalize()]}
            effect = {"do": "search_library", "amount": 1, "each": "you", "filter": filt}
            name = kind.capitalize() + "cycling"
        found.append(
            Ability(
                index=-4,
                data={"zone": "hand"},
                cost=ActivationCost(mana=cost, discard_self=True),
                effects=(effect,),
                text=f"{name} {cost}",
                zone="hand",
            )
        )
    return tuple(found)
