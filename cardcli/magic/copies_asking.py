"""Asking what a clone enters as a copy of (614.1c, 706.2), before anything moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic import chars as chars_mod
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def copy_options(table: Table, obj: Obj, controller: str) -> list[Obj]:
    """What ``obj`` may enter as a copy of (its ``enters_as_copy``), as ``controller``'s."""
    data = obj.proto.enters_as_copy or {}
    whose = str(data.get("controller", "any"))
    filt = data.get("filter") or {}
    if data.get("zone") == "graveyard":
        pool: list[Obj] = [o for p in table.apnap() for o in p.graveyard if o.is_card]
    else:
        pool = list(table.battlefield.values())
    return [
        o
        for o in pool
        if o is not obj
        and chars_mod.controls(table, whose, o.controller, controller)
        and (not filt or chars_mod.matches(table, filt, o, table.chars(o), None))
    ]


def choose_entry(table: Table, answers: Answers, key: str, obj: Obj, controller: str) -> Obj | None:
    """ "You may have this creature enter as a copy of ...": its controller chooses as it
    enters (614.1c, 614.12), before anything moves; None: it enters as itself."""
    if obj.proto.enters_as_copy is None:
        return None
    options = copy_options(table, obj, controller)
    if not options:
        return None
    picks = ask(
        table,
        answers,
        key,
        Decision(
            "copy",
            controller,
            f"{obj.name}: choose what it enters as a copy of, or done: it enters as itself",
            [f"#{o.id}" for o in options],
            low=0,
            high=1,
            data={"copier": obj.id},
        ),
    )
    chosen = table.objects.get(int(picks[0][1:])) if picks else None
    return chosen


__all__ = ["choose_entry", "copy_options"]
