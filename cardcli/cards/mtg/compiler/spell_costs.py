"""A spell's own cost changes (601.2f): "This spell costs {1} less to cast for each creature
card in your graveyard.", "... {X} less to cast, where X is ...", "... {2} less if ...", and
affinity (702.41a: "Affinity for artifacts" is "This spell costs {1} less to cast for each
artifact you control"): a ``cost_change`` static with ``itself``, counted from the caster's
seat as it is cast.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.amounts import amount, count_of
from cardcli.cards.mtg.compiler.conditions import condition_of

_OWN_COST = re.compile(r"~ costs \{(\d+|X)\} (less|more) to cast(?: for each (.+?)|, where X is (.+?)"
                       r"| if (.+?))?\.")  # fmt: skip


def own_cost(text: str) -> dict[str, Any] | None:
    """601.2f: "This spell costs {1} less to cast for each creature card in your graveyard."
    None if the line is not one; {} if it is one the model cannot hold."""
    match = _OWN_COST.fullmatch(text)
    if match is None:
        return None
    size, way, each, where, when = match.groups()
    sign = -1 if way == "less" else 1
    ability: dict[str, Any] = {"static": "cost_change", "itself": True}
    if size == "X":
        per = amount(where) if where else None
        if per is None:
            return {}
        ability.update(cost_delta=sign, per=per)
    elif each:
        per = count_of(each)
        if per is None:
            return {}
        ability.update(cost_delta=sign * int(size), per=per)
    else:
        ability["cost_delta"] = sign * int(size)
    if when:
        condition = condition_of(when)
        if condition is None:
            return {}
        ability["condition"] = condition
    elif not (each or where):
        return {}  # an unconditional change of its own cost: the printed cost says it
    return ability


def affinity(item: str) -> dict[str, Any] | None:
    """ "Affinity for artifacts", "Affinity for Forests": {1} less for each one you control."""
    match = re.fullmatch(r"affinity for (.+)", item, re.IGNORECASE)
    per = count_of(match.group(1) + " you control") if match else None
    if per is None:
        return None
    return {"static": "cost_change", "itself": True, "cost_delta": -1, "per": per}
