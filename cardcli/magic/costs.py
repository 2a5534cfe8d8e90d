"""What a player pays: a spell's cost with its changes, the mana sources, the payment (601.2f-h)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardcli.magic.chars import controls, matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost, Plan, Source, pay, symbols
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

MAX_X = 99
MAIN_STEPS = ("main1", "main2")


def sorcery_timing(table: Table, player: str) -> bool:
    """307.1: own team's turn, a main phase, an empty stack."""
    return (
        table.players[player].team is table.active_team
        and table.step in MAIN_STEPS
        and not table.stack
    )


def with_flash_cost(table: Table, player: str, obj: Obj) -> bool:
    """Cast "as though it had flash" for its extra cost: only when nothing else allows it now."""
    proto = obj.proto
    if proto.flash_cost is None or "Instant" in proto.types or "flash" in proto.keywords:
        return False
    return not sorcery_timing(table, player)


def spell_cost(table: Table, player: str, obj: Obj, evoke: bool = False) -> ManaCost | None:
    """The mana ``player`` must pay to cast ``obj``, X left open; None: nothing (601.2f).

    From a graveyard the flashback cost replaces the mana cost (702.34a), evoked its evoke
    cost does (702.74a, an alternative cost: 118.9); cast as though it had flash, its flash
    cost is added.
    """
    proto = obj.proto
    cost = proto.flashback if obj.zone == "graveyard" and proto.flashback else proto.cost
    if evoke and proto.evoke is not None:
        cost = proto.evoke
    if proto.flash_cost is not None and with_flash_cost(table, player, obj):
        cost = cost.plus(proto.flash_cost)
    delta = 0
    for st in table.statics:
        if st.ability.static != "cost_change" or not table.static_on(st):
            continue
        data = st.ability.data
        if not controls(table, data.get("controller", "you"), player, st.source.controller):
            continue
        affects = data.get("affects")
        if affects and not matches(table, affects, obj, table.printed(obj), st.source.id):
            continue
        delta += cost_delta(table, data, st.source.controller, st.source)
    for ability in proto.statics:
        # 601.2f, 113.6d: "This spell costs {1} less to cast for each ...": the card's own.
        if ability.static == "cost_change" and ability.data.get("itself"):
            data = ability.data
            condition = data.get("condition")
            if condition is None or table.holds(condition, player, obj):
                delta += cost_delta(table, data, player, obj)
    return table.variant.cost_to_pay(table, table.players[player], cost.reduced(delta))


def cost_delta(table: Table, data: Mapping[str, Any], player: str, source: Obj) -> int:
    """A cost_change's generic mana more (or, negative, less): ``cost_delta``, times its
    ``per`` amount counted from ``player``'s seat ("{1} less for each creature card in your
    graveyard")."""
    delta = int(data.get("cost_delta", 0))
    per = data.get("per")
    return delta if per is None else delta * table.amount_of(per, player, source)


def entry_payment(table: Table, answers: Answers, key: str, player: str, obj: Obj) -> int:
    """The life ``player`` pays as ``obj`` enters to have it enter untapped ("As this land
    enters, you may pay 2 life. If you don't, it enters tapped."): asked of them (a decision
    ``pay_life``), 0 if they don't or can't (119.4: no more than their life total)."""
    rule = obj.proto.tapped_entry
    if rule is None or "pay_life" not in rule:
        return 0
    cost = int(rule["pay_life"])
    life = table.players[player].team.life
    if life is None or life < cost or table.enters_tapped(obj, player, paid=True):
        return 0  # it cannot be paid, or paying would not untap it
    picks = ask(
        table,
        answers,
        key,
        Decision(
            "pay_life",
            player,
            f"{obj.name}: pay {cost} life so that it enters untapped? (choose yes or no)",
            ["yes", "no"],
            data={"card": obj.id, "life": cost},
        ),
    )
    return cost if picks == ["yes"] else 0


def mana_sources(table: Table, player: str) -> list[Source]:
    """Untapped lands that tap for mana with no other cost: what pays a cost by itself."""
    found: list[Source] = []
    for obj in table.acting.values():
        if obj.controller != player or obj.tapped or not obj.proto.mana_abilities:
            continue
        if "Land" not in table.chars(obj).types:
            continue
        ability = obj.proto.mana_abilities[0]
        cost = ability.cost
        if cost is None or not cost.tap or not cost.mana.is_free() or cost.sacrifice or cost.life:
            continue
        kinds = tuple(sorted({choice[0] for choice in ability.mana if len(choice) == 1}))
        if kinds:
            found.append((obj.id, kinds))
    return found


def payment(table: Table, player: str, cost: ManaCost | None, x: int = 0) -> Plan | None:
    if cost is None:
        return Plan()
    p = table.players[player]
    life = p.team.life if p.team.life is not None else 0
    return pay(cost.with_x(x), p.pool, mana_sources(table, player), life)


def max_x(table: Table, player: str, cost: ManaCost | None) -> int:
    """The largest X ``player`` can pay (0 if none works)."""
    if cost is None or not cost.x:
        return 0
    best = 0
    for x in range(1, MAX_X + 1):
        if payment(table, player, cost, x) is None:
            break
        best = x
    return best


def pay_plan(table: Table, player: str, plan: Plan) -> None:
    p = table.players[player]
    for kind, count in plan.pool_used.items():
        p.pool[kind] -= count
        if not p.pool[kind]:
            del p.pool[kind]
    if plan.taps:
        table.tap_many([table.objects[oid] for oid, _kind in plan.taps], "mana")
    if plan.life:
        table.lose_life(player, plan.life, "paid")


def describe_plan(plan: Plan) -> str:
    parts = [f"#{oid} for {{{kind}}}" for oid, kind in plan.taps]
    parts.extend(f"{{{kind}}}x{n} from the pool" for kind, n in plan.pool_used.items())
    if plan.life:
        parts.append(f"{plan.life} life")
    return ", ".join(parts)


def pool_text(pool: dict[str, int]) -> str:
    return symbols(pool) or "empty"
