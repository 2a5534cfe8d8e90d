"""The relics of Wizards' *Battle the Horde* challenge deck (Born of the Gods Hero's Path).

Altar of Mogis, Massacre Totem, Plundered Statue, Refreshing Elixir and Vitality Salve:

* "At the beginning of the Horde's first main phase, reveal an additional card from the top
  of the Horde's library. The Horde casts that card." -> ``{when: main_phase, whose:
  the_horde, effects: [{do: reveal_cast, each: the_horde, amount: 1}]}`` (505.4: "at the
  beginning of the precombat main phase" triggers as that phase begins; the Horde's only
  main phase is its first);
* "Hero's Reward — When ~ is put into a graveyard from anywhere, ..." -> ``{when:
  put_into_graveyard, ...}`` (the ability word has no rules meaning; ``triggers``);
* "put the top seven cards of the Horde's library into its graveyard" -> ``{do: mill,
  amount: 7, each: the_horde}`` (701.13a: that is what milling is).

"The Horde" is the player Horde Magic automates (``each: the_horde``).
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.words import number

Effect = dict[str, Any]

_WHOSE = {"your": "yours", "each player's": "each_player", "the Horde's": "the_horde"}
_MAIN = re.compile(r"At the beginning of (your|each player's|the Horde's) (?:first|precombat) "
                   r"main phase")  # fmt: skip


def main_phase_trigger(text: str) -> list[dict[str, Any]] | None:
    """ "At the beginning of the Horde's first main phase" -> ``main_phase`` with ``whose``."""
    match = _MAIN.fullmatch(" ".join(text.split()))
    if match is None:
        return None
    return [{"when": "main_phase", "whose": _WHOSE[match.group(1)]}]


_GRAVEYARD = re.compile(
    r"Whenever a card is put into (your|an opponent's|a) graveyard from anywhere"
)
_WHOSE_GRAVEYARD = {"your": "you", "an opponent's": "opponents", "a": "any"}


def graveyard_watch(text: str) -> list[dict[str, Any]] | None:
    """ "Whenever a card is put into an opponent's graveyard from anywhere" (Vulturous Zombie)
    -> ``card_to_graveyard`` with ``controller``: whose graveyard."""
    match = _GRAVEYARD.fullmatch(" ".join(text.split()))
    if match is None:
        return None
    return [{"when": "card_to_graveyard", "controller": _WHOSE_GRAVEYARD[match.group(1)]}]


def watch_body_ok(triggers: list[dict[str, Any]], effects: list[Effect]) -> bool:
    """A ``card_to_graveyard`` trigger's "it" would be the card in a graveyard, which the
    model's ``that_creature`` (a permanent) does not reach: such a body is not read."""
    if all(t.get("when") != "card_to_graveyard" for t in triggers):
        return True
    return "that_creature" not in repr(effects)


_REVEAL_CAST = re.compile(
    r"[Rr]eveal an additional card from the top of the Horde's library\. The Horde casts that "
    r"card\."
)


def reveal_cast(body: str) -> list[Effect] | None:
    """ "reveal an additional card from the top of the Horde's library. The Horde casts that
    card." (the whole body of the relic's trigger: the second sentence is what the first
    reveals for) -> ``reveal_cast``; None if it is not that."""
    if _REVEAL_CAST.fullmatch(" ".join(body.split())) is None:
        return None
    return [{"do": "reveal_cast", "each": "the_horde", "amount": 1}]


_TOP_TO_GRAVEYARD = re.compile(
    r"the top (\w+) cards? of (the Horde's|your) library into (?:its|your) graveyard"
)


def top_to_graveyard(rest: str) -> list[Effect] | None:
    """ "(Put) the top seven cards of the Horde's library into its graveyard" -> mill
    (701.13a); None if it is not that."""
    match = _TOP_TO_GRAVEYARD.fullmatch(rest)
    if match is None:
        return None
    count = number(match.group(1))
    if count is None:
        return None
    whose = "the_horde" if match.group(2) == "the Horde's" else "you"
    return [{"do": "mill", "amount": count, "each": whose}]


def chosen_one(noun: Any, where: str) -> Effect | None:
    """ "(Each player returns) a creature card from their graveyard (to the battlefield)": one
    card each player chooses as it resolves (Vitality Salve) -> ``chosen`` with ``amount``;
    None for any other noun (the engine chooses only what returns to the battlefield)."""
    if noun is None or noun.choose != "a" or noun.count != 1 or not where.startswith("the bat"):
        return None
    return {"chosen": True, "amount": 1}
