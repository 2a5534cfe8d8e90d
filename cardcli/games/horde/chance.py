"""The Horde's choices by chance: "If the horde must decide something ..., it decides as
randomly as possible, for example by a die roll."

Each answer is drawn from the Horde's stream of the seeded RNG labelled by the decision's kind
(``horde:sacrifice``, ``horde:choose_value``, ...) and logged as a ``choice`` event. How many it
takes is what the card makes it take; which ones is chance:

- which permanents it sacrifices or returns, which creature cards it puts back onto the
  battlefield, which cards it takes when it looks at the top of its library (as many as it
  may): a random draw among those it may choose;
- a colour or a creature type (as a permanent enters): one at random;
- the order of cards going back to its library: a random order;
- scry, surveil and proliferate ("any number"): a coin for each card, permanent or player;
- a copy's new targets, and whether it pays a cost any player may pay: at random.

>>> from cardcli.engine.rng import Rng
>>> from cardcli.magic.decisions import Decision
>>> ask = Decision("sacrifice", "horde", "sacrifice one", ["#4", "#5", "#6"], low=1, high=1)
>>> [by_chance(ask, Rng(seed)) for seed in range(6)]
[['#6'], ['#4'], ['#4'], ['#6'], ['#4'], ['#5']]
"""

from __future__ import annotations

from cardcli.engine.rng import Rng
from cardcli.magic.decisions import Decision

SOME = ("sacrifice", "return", "reanimate")  # exactly as many as it must
UP_TO = ("dig",)  # as many as it may
ONE = ("choose_value", "retarget", "pay")
COINS = ("scry", "surveil", "proliferate")  # "any number": a coin each


def by_chance(decision: Decision, rng: Rng) -> list[str] | None:
    """The Horde's answer by chance, or None: the kind is not one of these."""
    options = list(decision.options)
    kind = decision.kind
    if kind in SOME or kind in UP_TO:
        rng.shuffle(options)
        return options[: decision.low if kind in SOME else decision.high]
    if kind in ONE:
        return [options[rng.below(len(options))]]
    if kind == "library_order":
        rng.shuffle(options)
        return options
    if kind in COINS:
        picked = [o for o in options if rng.below(2)]
        if len(picked) < decision.low:
            rng.shuffle(options)
            return options[: decision.low]
        return picked[: decision.high]
    return None
