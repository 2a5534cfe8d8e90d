"""``counter #31``: a spell on the stack countered at the table.

A paper player casts a counterspell at the table; cardcli hears only what it did: the Horde
spell (or any spell or ability on the stack) named by its id or its name is countered (701.5:
a countered spell goes to its owner's graveyard, an ability just leaves the stack). The
players' team must have priority, as a player casting the counterspell would: the Horde
casts a revealed card and passes, and the players get priority while it waits on the stack.
A spell that can't be countered is refused (701.5a: the counterspell does nothing to it).
Then, as after any spell resolves, the active team gets priority (117.3b). In a paper game
``moves`` lists ``counter #ID`` for each Horde spell on the stack.
"""

from __future__ import annotations

from cardcli.cards.mtg.names import normalize
from cardcli.engine.errors import IllegalCommand
from cardcli.games.horde.commands import Counter, Named
from cardcli.games.horde.variant import HORDE
from cardcli.magic import flow
from cardcli.magic.effects import counter_item
from cardcli.magic.objects import StackItem
from cardcli.magic.play import may_answer, waiting_for
from cardcli.magic.table import Table
from cardcli.printable import one_line, shortened

SHOWN = 4  # stack items a refusal names, the top first


def _listed(table: Table) -> str:
    items = list(reversed(table.stack))
    more = f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""
    return ", ".join(f"#{i.id} {i.name}" for i in items[:SHOWN]) + more


def _item(table: Table, spell: int | Named) -> StackItem:
    if not table.stack:
        raise IllegalCommand("the stack is empty: nothing to counter")
    if isinstance(spell, Named):
        key = normalize(spell.text)
        named = [i for i in table.stack if normalize(i.name) == key] or [
            i for i in table.stack if normalize(i.name).startswith(key)
        ]
        if not named:
            listed = _listed(table)
            said = shortened(one_line(spell.text), 40)
            raise IllegalCommand(f"no '{said}' on the stack (the stack: {listed})")
        return named[-1]  # several of that name: the one on top, the latest
    item = table.items.get(spell)
    if item is None or item not in table.stack:
        listed = _listed(table)
        raise IllegalCommand(f"#{spell} is not on the stack (the stack: {listed})")
    return item


def counter(table: Table, seat: str, command: Counter) -> None:
    """Check, then counter the spell and let the game go on."""
    decision = table.pending
    if decision is None or decision.kind != "priority" or not may_answer(decision, table, seat):
        raise IllegalCommand(f"counter when the players have priority: {waiting_for(table)}")
    item = _item(table, command.spell)
    if item.obj is not None and item.obj.proto.cant_be_countered:
        raise IllegalCommand(f"#{item.id} {item.name} can't be countered (701.5a)")
    table.pending = None
    counter_item(table, item)
    table.actions += 1
    table.priority = table.active  # 117.3b: the counterspell resolved
    table.passes = 0
    flow.run(table)


def paper(table: Table) -> bool:
    """A game run for paper players (``--paper``): its rules say so (the variant's rules, or
    the table's extra)."""
    rules = getattr(table.variant, "rules", None) or {}
    return bool(rules.get("paper") or table.extra.get("paper"))


def moves(table: Table) -> list[str]:
    """In a paper game, ``counter #ID`` for each Horde spell on the stack, top first."""
    if not paper(table):
        return []
    return [
        f"counter #{item.id}"
        for item in reversed(table.stack)
        if item.kind == "spell" and item.controller == HORDE
    ]
