"""What a player pays: a spell's cost with its changes, the mana sources, the payment (601.2f-h)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import chosen
from cardcli.magic.cards import Ability, ActivationCost
from cardcli.magic.chars import StaticEffect, controls, matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.crew import check_crew
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost, Plan, Source, pay, symbols
from cardcli.magic.mana_keep import kept_for
from cardcli.magic.manaopts import choices_of, condition_holds, pain_of
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

MAX_X = 99
MAIN_STEPS = ("main1", "main2")
# The steps of a turn, in order (500.1).
STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "begin_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike",
    "combat_damage",
    "end_combat",
    "main2",
    "end",
    "cleanup",
)


def sorcery_timing(table: Table, player: str) -> bool:
    """307.1: own team's turn, a main phase, an empty stack."""
    return (
        table.players[player].team is table.active_team
        and table.step in MAIN_STEPS
        and not table.stack
    )


def _cost_changers(table: Table) -> list[StaticEffect]:
    """The battlefield's static abilities that change what spells cost (``spell_cost``)."""
    return [st for st in table.statics if st.ability.static == "cost_change"]


def with_flash_cost(table: Table, player: str, obj: Obj) -> bool:
    """Cast "as though it had flash" for its extra cost: only when nothing else allows it now."""
    proto = obj.proto
    if proto.flash_cost is None or "Instant" in proto.types or "flash" in proto.keywords:
        return False
    return not sorcery_timing(table, player)


def spell_cost(
    table: Table,
    player: str,
    obj: Obj,
    evoke: bool = False,
    kicked: bool = False,
    overload: bool = False,
) -> ManaCost | None:
    """The mana ``player`` must pay to cast ``obj``, X left open; None: nothing (601.2f).

    From a graveyard the flashback cost replaces the mana cost (702.34a), evoked its evoke
    cost does (702.74a, an alternative cost: 118.9); cast as though it had flash, its flash
    cost is added; kicked, its kicker cost is added (702.33a, an additional cost: 601.2f).
    """
    proto = obj.proto
    cost = proto.flashback if obj.zone == "graveyard" and proto.flashback else proto.cost
    if evoke and proto.evoke is not None:
        cost = proto.evoke
    if overload and proto.overload is not None:
        cost = proto.overload  # 702.96a: an alternative cost
    if proto.flash_cost is not None and with_flash_cost(table, player, obj):
        cost = cost.plus(proto.flash_cost)
    if kicked and proto.kicker is not None:
        cost = cost.plus(proto.kicker)
    delta = 0
    for st in table.memo("cost changers", lambda: _cost_changers(table)):
        if not table.static_on(st):
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


def entry_choice(table: Table, answers: Answers, key: str, player: str, obj: Obj) -> str | None:
    """What ``player`` chooses as ``obj`` enters ("As this land enters, choose a color",
    614.12), asked of them (a decision ``choose_value``); None if it asks nothing."""
    rule = chosen.entry_rule(obj)
    if rule is None:
        return None
    options = chosen.options_for(table, player, rule)
    if not options:
        return None
    what = "a color" if rule.get("chooses") == "color" else "a creature type"
    picks = ask(
        table,
        answers,
        key,
        Decision(
            "choose_value",
            player,
            f"{obj.name}: {player} chooses {what} as it enters (choose {options[0]}, ...)",
            options,
            data={"card": obj.id},
        ),
    )
    return chosen.value_of(rule, picks[0]) if picks else None


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
    """Untapped lands that tap for mana with no cost but {T} (and perhaps life): what pays a
    cost by itself. Each source's kinds run those a free ability makes first."""
    return land_sources(table, player)[0]


Dear = dict[int, dict[str, int]]  # a source's kinds only a costly ability makes: its pain


def land_sources(table: Table, player: str) -> tuple[list[Source], Dear]:
    """The untapped lands' mana (``mana_sources``), and for each land the kinds of mana only
    a costly mana ability of it makes (a pain land's coloured mana, a horizon land's), with
    the life each costs its controller. An ability whose pain would leave the player's team
    at 0 life or less is not counted (a player's payment never kills them); nor one whose
    condition ("Activate only if ...", 602.5b) does not hold, nor one that adds more than one
    mana (a person taps those)."""
    life = table.players[player].team.life
    # (Asked many times a step by the moves list and the bots: kept while no permanent, static
    # or object has changed.)
    key = (table.battlefield_version, table.static_version, Obj.touches, life)
    known = table.land_sources_seen.get(player)
    if known is not None and known[0] == key:
        return list(known[1]), dict(known[2])
    found: list[Source] = []
    dear: Dear = {}
    for obj in table.acting.values():
        if obj.controller != player or obj.tapped or not obj.proto.mana_abilities:
            continue
        if "Land" not in table.chars(obj).types:
            continue
        abilities = obj.proto.mana_abilities
        if len(abilities) == 1 and abilities[0].index == -1:  # a basic land's, say
            kinds = _single_kinds(abilities[0].mana)
            if kinds:
                found.append((obj.id, kinds))
            continue
        free: set[str] = set()
        costly: dict[str, int] = {}
        for ability in abilities:
            cost = ability.cost
            if cost is None or not cost.tap or not cost.mana.is_free() or cost.sacrifice:
                continue
            if cost.discard or not condition_holds(table, obj, ability, player):
                continue
            kinds_of = {c[0] for c in choices_of(table, obj, ability, player) if len(c) == 1}
            if not ability.costly:
                free |= kinds_of
                continue
            pain = pain_of(ability)
            if life is not None and pain >= life:
                continue
            for kind in kinds_of:
                costly[kind] = min(costly.get(kind, pain), pain)
        for kind in free:
            costly.pop(kind, None)
        kinds = (*sorted(free), *sorted(costly))
        if kinds:
            found.append((obj.id, kinds))
        if costly:
            dear[obj.id] = costly
    table.land_sources_seen[player] = (key, list(found), dict(dear))
    return found, dear


@lru_cache(maxsize=256)
def _single_kinds(mana: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The kinds of the choices of one mana each, sorted (kept: they read the ability alone)."""
    return tuple(sorted({choice[0] for choice in mana if len(choice) == 1}))


def check_cost(table: Table, player: str, obj: Obj, cost: ActivationCost) -> None:
    if cost.tap:
        if obj.tapped:
            raise IllegalCommand(f"#{obj.id} {obj.name} is tapped")
        if (
            "Creature" in table.chars(obj).types
            and obj.sick
            and "haste" not in table.chars(obj).keywords
            and not table.variant.ignores_summoning_sickness(table, obj)
        ):
            raise IllegalCommand(
                f"#{obj.id} {obj.name} came under {player}'s control this turn: it can't use {{T}} yet (302.6)"
            )
    if cost.crew:
        check_crew(table, player, obj, cost.crew)
    if (
        cost.sacrifice
        and cost.sacrifice != "self"
        and not sacrifice_options(table, player, obj, cost)
    ):
        raise IllegalCommand(f"#{obj.id} {obj.name}: nothing to sacrifice for its cost")
    if cost.life:
        life = table.players[player].team.life
        if life is None or life < cost.life:
            raise IllegalCommand(f"{player} cannot pay {cost.life} life")
    others = [o for o in table.players[player].hand if o.id != obj.id]  # not itself
    if cost.discard and len(others) < cost.discard:
        raise IllegalCommand(f"{player} has too few cards to discard")
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    if mana is not None and not mana.is_free():
        # The source itself is not tapped for mana when {T} is part of the cost.
        plan = payment(table, player, mana)
        if plan is None or (cost.tap and any(oid == obj.id for oid, _ in plan.taps)):
            raise IllegalCommand(f"{player} cannot pay {mana} for #{obj.id} {obj.name}")


def sacrifice_options(table: Table, player: str, source: Obj, cost: ActivationCost) -> list[Obj]:
    kind = cost.sacrifice
    found = []
    for obj in table.battlefield.values():
        if obj.controller != player:
            continue
        ch = table.chars(obj)
        if kind == "another_creature" and obj.id == source.id:
            continue
        wanted = {
            "creature": "Creature",
            "another_creature": "Creature",
            "land": "Land",
            "artifact": "Artifact",
        }.get(str(kind))
        if wanted and wanted not in ch.types:
            continue
        if cost.sacrifice_filter and not matches(table, cost.sacrifice_filter, obj, ch, source.id):
            continue
        found.append(obj)
    return found


def payment(
    table: Table,
    player: str,
    cost: ManaCost | None,
    x: int = 0,
    costly: bool = True,
    keeping: bool = True,
) -> Plan | None:
    """How ``player`` pays ``cost`` from their pool and lands, or None. Free mana first: a
    costly ability (a pain land's coloured mana, a horizon land's) is used only if the cost
    cannot be paid without, and only if ``costly`` (an effect's payment runs no mana
    ability's side effects: it pays with free mana only). ``keeping``: the lands left
    untapped keep the colours the player's hand and abilities ask for (``mana_keep``)."""
    if cost is None:
        return Plan()
    p = table.players[player]
    life = p.team.life if p.team.life is not None else 0
    sources, dear = land_sources(table, player)
    keeping = keeping and table.variant.keeps_mana(table)
    keep = (lambda: kept_for(table, player)) if keeping else None
    if not dear:
        return pay(cost.with_x(x), p.pool, sources, life, keep=keep)
    cheap: list[Source] = []
    for oid, kinds in sources:
        left = tuple(k for k in kinds if k not in dear.get(oid, ()))
        if left:
            cheap.append((oid, left))
    plan = pay(cost.with_x(x), p.pool, cheap, life, keep=keep)
    if plan is not None or not costly:
        return plan
    plan = pay(cost.with_x(x), p.pool, sources, life, keep=keep)
    if plan is None:
        return None
    pain = sum(dear[oid][kind] for oid, kind in plan.taps if kind in dear.get(oid, ()))
    if pain and p.team.life is not None and life - plan.life - pain <= 0:
        return None
    return plan


def max_x(table: Table, player: str, cost: ManaCost | None) -> int:
    """The largest X ``player`` can pay (0 if none works)."""
    if cost is None or not cost.x:
        return 0
    best = 0
    for x in range(1, MAX_X + 1):
        if payment(table, player, cost, x, keeping=False) is None:
            break
        best = x
    return best


def pay_plan(table: Table, player: str, plan: Plan) -> list[tuple[Obj, Ability]]:
    """Pay ``plan``: pool mana spent, lands tapped, life paid. A land tapped for a kind of
    mana only a costly ability of it makes has that ability's costs paid here (its life);
    those abilities are returned: their other effects are still to happen (605.3b)."""
    p = table.players[player]
    for kind, count in plan.pool_used.items():
        p.pool[kind] -= count
        if not p.pool[kind]:
            del p.pool[kind]
    costly: list[tuple[Obj, Ability]] = []
    if plan.taps:
        tapped = [table.objects[oid] for oid, _kind in plan.taps]
        for obj, (_oid, kind) in zip(tapped, plan.taps, strict=True):
            ability = _ability_for(table, player, obj, kind)
            if ability is not None:
                costly.append((obj, ability))
        # The payment says which land made which mana (all untapped: the event lists them all).
        said: dict[str, object] = {}
        if table.variant.keeps_mana(table):
            said = {"who": player, "cards": [o.name for o in tapped]}
            said["mana"] = [kind for _oid, kind in plan.taps]
        table.tap_many(tapped, "mana", **said)
        for _obj, ability in costly:
            if ability.cost is not None and ability.cost.life:
                table.lose_life(player, ability.cost.life, "paid")
    if plan.life:
        table.lose_life(player, plan.life, "paid")
    return costly


def _ability_for(table: Table, player: str, obj: Obj, kind: str) -> Ability | None:
    """The costly mana ability of ``obj`` that the payment used for ``kind``, or None if a
    free one makes it (the least painful, then the first printed)."""
    abilities = obj.proto.mana_abilities
    if len(abilities) == 1 and not abilities[0].costly:
        return None
    best: Ability | None = None
    for ability in abilities:
        cost = ability.cost
        if cost is None or not cost.tap or not cost.mana.is_free() or cost.sacrifice:
            continue
        if not condition_holds(table, obj, ability, player):
            continue
        if not any(c == (kind,) for c in choices_of(table, obj, ability, player)):
            continue
        if not ability.costly:
            return None
        if best is None or pain_of(ability) < pain_of(best):
            best = ability
    return best


def describe_plan(plan: Plan) -> str:
    parts = [f"#{oid} for {{{kind}}}" for oid, kind in plan.taps]
    parts.extend(f"{{{kind}}}x{n} from the pool" for kind, n in plan.pool_used.items())
    if plan.life:
        parts.append(f"{plan.life} life")
    return ", ".join(parts)


def pool_text(pool: dict[str, int]) -> str:
    return symbols(pool) or "empty"
