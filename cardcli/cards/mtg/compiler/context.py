"""What the clauses of one ability share while they compile."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Effect = dict[str, Any]


@dataclass
class Context:
    """The card's kind, and what "it" names where no earlier clause reached anything.

    ``spell``: an instant's or sorcery's text (no abilities of its own). ``itself``:
    "it" is the card (its own trigger or activated ability, "When ~ enters, ... it");
    otherwise "it" is what the trigger saw ("Whenever another creature enters, put a
    counter on it") or what an earlier clause reached. ``gone``: the card's own dies or
    leaves trigger, where "it" is a card in another zone that the model's ``it`` (the
    permanent) no longer reaches: such a clause is left to the players.
    """

    spell: bool = False
    itself: bool = False
    types: tuple[str, ...] = ()
    before: list[Effect] = field(default_factory=list)  # the effects of earlier sentences
    gone: bool = False  # a trigger on the card's leaving: the permanent "it" was is no more
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)  # its reminders' tokens
    # Compiles a token's own text (its quoted abilities) as a card's: the compiler itself,
    # handed down so that a clause can call it without importing it.
    compile_token: Callable[[dict[str, Any]], tuple[dict[str, Any], bool]] | None = None
    # A trigger whose event has an amount (damage dealt, life gained): "that many" is it.
    event_amount: bool = False
    subtypes: tuple[str, ...] = ()  # the card's own ("a Dinosaur you control": itself too?)

    def for_ability(self, itself: bool, gone: bool = False, event_amount: bool = False) -> Context:
        return Context(self.spell, itself, self.types, gone=gone, tokens=self.tokens,
                       compile_token=self.compile_token, event_amount=event_amount,
                       subtypes=self.subtypes)  # fmt: skip


def any_effect(value: Any, test: Callable[[dict[str, Any]], bool]) -> bool:
    """Does ``test`` hold for some mapping anywhere inside ``value`` (effects, nested too)?"""
    if isinstance(value, dict):
        return test(value) or any(any_effect(v, test) for v in value.values())
    if isinstance(value, list):
        return any(any_effect(v, test) for v in value)
    return False
