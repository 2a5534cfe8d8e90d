"""Asking for a decision from inside the rules, without ever calling out to a player.

Rules code that needs a choice calls ``ask`` with a key and a ``Decision``.
If the answer is already known (the command that answered it, or an earlier
pass), ``ask`` returns it. An automated player answers at once through its
variant, and the answer is logged. Otherwise ``ask`` raises ``NeedDecision``:
the flow stores the decision, stops, and once a command answers it, runs the
same piece of rules again from its start. Rules code therefore makes all its
choices before it changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.magic.decisions import Decision

if TYPE_CHECKING:
    from cardcli.magic.objects import Target
    from cardcli.magic.table import Table

Answers = dict[str, list[str]]


@dataclass
class Casting:
    """A spell being cast, an ability being activated or a land being played, waiting for the
    player's choices (``casting.py`` and ``activation.py`` collect them)."""

    player: str
    obj_id: int
    ability: int | None = None  # index into the source's activated abilities; None: a spell
    x: int | None = None
    targets: list[list[Target]] | None = None
    answers: Answers = field(default_factory=dict)
    free: bool = False
    modes: list[int] | None = None  # a modal spell's or ability's chosen modes (601.2b)
    land: bool = False  # a land being played, waiting for how it enters (a payment of life)
    from_card: bool = False  # ``ability`` indexes the card's abilities in hand or graveyard
    evoke: bool = False  # cast for its evoke cost (702.74a)
    kicked: bool = False  # its kicker cost paid too (702.33a)
    overload: bool = False  # cast for its overload cost: its overloaded effects (702.96)
    convoke: list[int] | None = None  # the creatures the caster named to tap (702.51a)


class NeedDecision(Exception):
    """Raised by ``ask``: the flow must wait for ``decision`` (and its ``answers``)."""

    def __init__(self, decision: Decision, answers: Answers) -> None:
        super().__init__(decision.prompt)
        self.decision = decision
        self.answers = answers


def ask(table: Table, answers: Answers, key: str, decision: Decision) -> list[str]:
    if key in answers:
        return answers[key]
    options = decision.options
    forced = len(options) <= decision.low and decision.low == decision.high
    if decision.ordered and len(options) > 1:
        forced = False  # every option is taken, but in an order someone chooses
    if forced or not options:
        # Nothing to choose: every option must be taken (or there is none).
        answers[key] = list(options)
        return answers[key]
    if table.variant.is_automated(table, decision.player):
        instead = table.variant.asks_instead(table, decision)
        if instead is not None:
            instead.data["key"] = key
            raise NeedDecision(instead, answers)
        chosen = table.variant.answer(table, decision)
        answers[key] = chosen
        table.emit(
            {
                "type": "choice",
                "who": decision.player,
                "kind": decision.kind,
                "chosen": chosen,
                "among": len(options),
            }
        )
        return chosen
    decision.data["key"] = key
    raise NeedDecision(decision, answers)
