"""What the clauses of one ability share while they compile."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Effect = dict[str, Any]


@dataclass
class Context:
    """The card's kind, and what "it" names where no earlier clause reached anything.

    ``spell``: an instant's or sorcery's text (no abilities of its own). ``itself``:
    "it" is the card (its own trigger or activated ability, "When ~ enters, ... it");
    otherwise "it" is what the trigger saw ("Whenever another creature enters, put a
    counter on it") or what an earlier clause reached.
    """

    spell: bool = False
    itself: bool = False
    types: tuple[str, ...] = ()
    before: list[Effect] = field(default_factory=list)  # the effects of earlier sentences

    def for_ability(self, itself: bool) -> Context:
        return Context(self.spell, itself, self.types)
