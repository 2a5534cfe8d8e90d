"""The effects that ask a player a question as they resolve: sacrifice, discard, a payment any
player may make, and searching a library (101.4: in APNAP order, then all at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic import chosen as chosen_mod
from cardcli.magic.cards import Effect
from cardcli.magic.chars import matches
from cardcli.magic.choices import ask
from cardcli.magic.costs import entry_payment, pay_plan, payment
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost
from cardcli.magic.objects import Obj, StackItem
from cardcli.magic.reach import (
    Resolution,
    amount_of_effect,
    describe_effect,
    players_of,
    remember,
    subjects,
)
from cardcli.magic.table import Move

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def sacrifice(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """Each player the effect reaches sacrifices ``amount`` permanents of their choice that
    match ``filter`` (no filter: any permanent), all at once (701.17, 101.4)."""
    if effect.get("each") == "it":
        source = table.objects.get(res.item.source_id)
        if source is None or source.zone != "battlefield":
            return
        unless = effect.get("unless_pays")
        if unless is None or not _keeps(table, res, source, str(unless), key):
            table.sacrifice([source])
        return
    reached = subjects(table, res, effect, default="each_player")
    remember(table, res, reached)  # "... sacrifices a creature and loses 1 life" (that_player)
    players = players_of(table, reached)
    amount = amount_of_effect(table, res, effect)
    filt = effect.get("filter") or {}
    plural = "s" if amount != 1 else ""
    what = (
        " or ".join(str(t).lower() + plural for t in filt.get("types", ())) or "permanent" + plural
    )
    chosen: list[Obj] = []
    for player in players:
        team = table.players[player].team
        together = effect.get("each") == "defending_player" and len(team.players) > 1
        if together and not table.variant.team_sacrifices_together(table, team):
            together = False
        # A team that defends together sacrifices together: one choice among all it controls.
        owners = team.names if together else [player]
        own = [
            o
            for o in table.battlefield.values()
            if o.controller in owners and matches(table, filt, o, table.chars(o), None)
        ]
        if effect.get("all"):  # "sacrifices all creatures they control": no choice
            chosen.extend(o for o in own if o not in chosen)
            continue
        whose = team.name if together else player
        picks = ask(
            table,
            res.answers,
            f"{key}:sacrifice:{whose}",
            Decision(
                "sacrifice",
                team.players[0].name if together else player,
                f"{res.item.name}: {whose} sacrifice{'' if together else 's'} {amount} {what}",
                [f"#{o.id}" for o in own],
                low=min(amount, len(own)),
                high=min(amount, len(own)),
                team=team.name if together else None,
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    creatures = [o for o in chosen if "Creature" in table.chars(o).types]
    if creatures and "sacrificed_power" not in res.results:  # last known (608.2h)
        res.results["sacrificed_power"] = max(0, table.chars(creatures[0]).power)
    table.sacrifice(chosen)
    res.results["sacrificed"] = res.results.get("sacrificed", 0) + len(chosen)


def chosen_own(table: Table, res: Resolution, effect: Effect, key: str) -> list[Obj]:
    """ "Return a land you control to its owner's hand": each player the effect reaches
    (default: its controller) chooses ``amount`` permanents they control that match
    ``filter`` as it resolves, not a target (608.2c); fewer if they have fewer."""
    reached = subjects(table, res, effect, default="you")
    amount = amount_of_effect(table, res, effect)
    filt = effect.get("filter") or {}
    chosen: list[Obj] = []
    for player in players_of(table, reached):
        own = [
            o
            for o in table.battlefield.values()
            if o.controller == player and matches(table, filt, o, table.chars(o), None)
        ]
        count = min(amount, len(own))
        if count == len(own):
            chosen.extend(own)  # no choice to make
            continue
        prompt = f"{res.item.name}: {player} returns {count} to its owner's hand"
        chosen.extend(_chosen(table, res, f"{key}:return:{player}", "return", player, prompt,
                              own, count))  # fmt: skip
    return chosen


def _chosen(
    table: Table, res: Resolution, key: str, kind: str, player: str, prompt: str,
    among: list[Obj], count: int,
) -> list[Obj]:  # fmt: skip
    """``count`` of ``among`` that ``player`` chooses (a ``kind`` decision)."""
    if count <= 0 or not among:
        return []  # nothing to choose ("a card for each Swamp you control" with none)
    picks = ask(
        table,
        res.answers,
        key,
        Decision(kind, player, prompt, [f"#{o.id}" for o in among], low=count, high=count,
                 data={"item": res.item.id}),
    )  # fmt: skip
    return [table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects]


def pay_mana(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "You may pay {1}. If you do, ...": the controller pays ``mana`` from their pool and
    untapped lands if they can (``res.paid`` says whether they did); one who pays no mana
    costs (the Horde) pays."""
    player = table.players[res.item.controller]
    owed = table.variant.cost_to_pay(table, player, ManaCost.parse(str(effect.get("mana", ""))))
    if owed is None or owed.is_free():
        res.paid = True
        return
    plan = payment(table, player.name, owed)
    if plan is None:  # too little mana (118.3): not paid, and what depends on it not done
        res.paid = False
        return
    pay_plan(table, player.name, plan)
    res.paid = True


def _keeps(table: Table, res: Resolution, source: Obj, text: str, key: str) -> bool:
    """ "Sacrifice it unless you pay {3}{R}" (echo, 702.30a): its controller is asked yes or no
    if they can pay (118.3); one who pays no mana costs (the Horde) pays."""
    player = table.players[res.item.controller]
    cost = unless_cost(text, res.item.x)
    owed = table.variant.cost_to_pay(table, player, cost)
    plan = None if owed is None or owed.is_free() else payment(table, player.name, owed)
    if owed is None:
        how = "unlimited"
    elif owed.is_free():
        how = "paid"
    elif plan is None:
        how = "cannot"
    else:
        answer = ask(
            table,
            res.answers,
            f"{key}:keep",
            Decision(
                "unless_pay",
                player.name,
                f"{res.item.name}: {player.name}, pay {owed} or sacrifice #{source.id}"
                f" {source.name}? (choose yes or no)",
                ["yes", "no"],
                data={"item": res.item.id, "keep": source.id, "cost": str(owed)},
            ),
        )
        how = "paid" if answer == ["yes"] else "declined"
        if plan is not None and how == "paid":
            pay_plan(table, player.name, plan)
    paid = how in ("paid", "unlimited")
    table.emit(
        {
            "type": "unless_paid",
            "who": player.name,
            "id": source.id,
            "card": source.name,
            "cost": str(cost),
            "how": how,
            "paid": paid,
            "keep": True,
        }
    )
    return paid


def discard(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    reached = subjects(table, res, effect)
    remember(table, res, reached)
    amount = amount_of_effect(table, res, effect)
    filt = effect.get("filter")
    chosen: list[Obj] = []
    # 101.4: each player chooses in APNAP order, then all discard at once.
    for player in players_of(table, reached):
        hand = table.players[player].hand
        able = [o for o in hand if not filt or matches(table, filt, o, table.printed(o), None)]
        count = min(amount, len(able))
        if effect.get("random") and count < len(able):
            # "At random": the game's own stream chooses (701.9a-b), logged as a choice.
            rng = table.rng(f"random:{player}")
            pool = list(able)
            rng.shuffle(pool)
            picked = pool[:count]
            table.emit(
                {
                    "type": "choice",
                    "who": player,
                    "kind": "discard at random",
                    "chosen": [f"#{o.id}" for o in picked],
                    "among": len(able),
                }
            )
            chosen.extend(picked)
            continue
        prompt = f"{res.item.name}: {player} discards {count}"
        chosen.extend(_chosen(table, res, f"{key}:discard:{player}", "discard", player, prompt,
                              able, count))  # fmt: skip
    table.move_many([Move(obj, "graveyard", "discarded") for obj in chosen])
    res.results["discarded"] = res.results.get("discarded", 0) + len(chosen)


def pay(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Any player may exile three cards from their graveyard": offered in APNAP order (101.4)
    until one player pays; ``res.paid`` says whether anyone did."""
    need = int((effect.get("cost") or {}).get("exile_from_graveyard", 0))
    res.paid = False
    for player in table.apnap():
        graveyard = player.graveyard
        if len(graveyard) < need:
            continue
        answer = ask(
            table,
            res.answers,
            f"{key}:pay:{player.name}",
            Decision(
                "pay",
                player.name,
                f"{res.item.name}: {player.name}, exile {need} cards from your graveyard"
                f" ({describe_effect(next_effect(res))})? (choose yes or no)",
                ["yes", "no"],
                data={"item": res.item.id, "source": res.item.source_id},
            ),
        )
        if answer != ["yes"]:
            continue
        cards = [f"#{o.id}" for o in graveyard]
        picks = ask(
            table,
            res.answers,
            f"{key}:paycards:{player.name}",
            Decision(
                "exile_cards",
                player.name,
                f"{res.item.name}: choose {need} cards of {player.name}'s graveyard to exile",
                cards,
                low=need,
                high=need,
                data={"item": res.item.id},
            ),
        )
        chosen = [table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects]
        table.emit({"type": "paid", "who": player.name, "card": res.item.name, "exiled": picks})
        table.move_many([Move(obj, "exile", "paid") for obj in chosen])
        res.paid = True
        return


def unless_cost(text: str, x: int) -> ManaCost:
    """ "{3}", "{1}{U}", "{X}" or "X": X is the X of the spell or ability that asks."""
    text = "{X}" if text.strip().upper() == "X" else text
    return ManaCost.parse(text.replace("{X}", "{" + str(x) + "}"))


def unless_payments(
    table: Table, res: Resolution, items: list[StackItem], text: str, key: str
) -> set[int]:
    """ "Counter target spell unless its controller pays {N}" (118.12a): the ids of the items
    whose controllers pay. Each controller who can pay (118.3: from their mana pool and
    untapped lands, as any cost) is asked yes or no, in APNAP order (101.4); one who pays no
    mana costs (the Horde's unlimited mana) pays. Every answer is known before anything is
    paid."""
    order = {p.name: i for i, p in enumerate(table.apnap())}
    cost = unless_cost(text, res.item.x)
    decided: list[tuple[StackItem, ManaCost | None, str]] = []
    for item in sorted(items, key=lambda i: order.get(i.controller, 0)):
        player = table.players[item.controller]
        owed = table.variant.cost_to_pay(table, player, cost)
        if owed is None:
            decided.append((item, owed, "unlimited"))  # it pays no mana costs: it pays
        elif owed.is_free():
            decided.append((item, owed, "paid"))  # {0}: nothing to pay
        elif payment(table, player.name, owed, costly=False) is None:
            decided.append((item, owed, "cannot"))  # 118.3
        else:
            answer = ask(
                table,
                res.answers,
                f"{key}:unless:{item.id}",
                Decision(
                    "unless_pay",
                    player.name,
                    f"{res.item.name}: {player.name}, pay {owed} or {item.name} is countered?"
                    " (choose yes or no)",
                    ["yes", "no"],
                    data={"item": res.item.id, "spell": item.id},
                ),
            )
            decided.append((item, owed, "pay" if answer == ["yes"] else "declined"))
    paying: set[int] = set()
    for item, owed, how in decided:
        if how == "pay" and owed is not None:
            plan = payment(table, item.controller, owed, costly=False)
            how = "cannot" if plan is None else "paid"  # (its mana paid for an earlier one)
            if plan is not None:
                pay_plan(table, item.controller, plan)
        paid = how in ("paid", "unlimited")
        table.emit(
            {
                "type": "unless_paid",
                "who": item.controller,
                "id": item.id,
                "card": item.name,
                "cost": str(cost),
                "how": how,
                "paid": paid,
            }
        )
        if paid:
            paying.add(item.id)
    return paying


def next_effect(res: Resolution) -> Effect:
    effects = res.item.effects
    return effects[res.index + 1] if res.index + 1 < len(effects) else {}


def search(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    filt = effect.get("filter")
    most = amount_of_effect(table, res, effect)  # "up to two basic land cards"
    for player in players_of(table, subjects(table, res, effect)):
        library = table.players[player].library
        able = [o for o in library if not filt or matches(table, filt, o, table.printed(o), None)]
        what = "a card" if most == 1 else f"up to {most} cards"
        picks = ask(
            table,
            res.answers,
            f"{key}:search:{player}",
            Decision(
                "search",
                player,
                f"{res.item.name}: {player} may take {what} from their library",
                [f"#{o.id}" for o in able],
                low=0,
                high=min(most, len(able)),
                data={"item": res.item.id},
            ),
        )
        to = str(effect.get("to", "battlefield" if effect.get("tapped") else "hand"))
        found: list[Obj] = []
        paid = 0
        if to == "battlefield" and not effect.get("tapped") and picks:
            chosen = table.objects.get(int(picks[0][1:]))
            if chosen is not None:  # a shock land found: its controller may pay as it enters
                paid = entry_payment(table, res.answers, f"{key}:enter:{player}", player, chosen)
        for pick in picks:
            obj = table.objects.get(int(pick[1:]))
            if obj is None:
                continue
            if to == "battlefield":
                if paid:
                    table.lose_life(player, paid, "paid")
                table.move(
                    obj,
                    "battlefield",
                    "searched",
                    tapped=bool(effect.get("tapped")),
                    controller=player,
                    paid=bool(paid),
                )
            elif to in ("hand", "graveyard"):
                table.move(obj, to, "searched")
            else:
                found.append(obj)  # put on top after the shuffle
        table.rng(f"shuffle:{player}").shuffle(library)
        table.emit({"type": "shuffled", "who": player})
        for obj in found:
            library.remove(obj)
            library.append(obj)  # the top of a library is the end of its list
            table.emit(
                {
                    "type": "moved",
                    "card": obj.name,
                    "id": obj.id,
                    "was": obj.id,
                    "from": "library",
                    "to": "library",
                    "owner": obj.owner,
                    "why": "on top",
                }
            )


def choose_value(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Choose a creature type." as a spell resolves (608.2d): its controller chooses, best
    first as for a permanent's entry choice; what follows reads it as "the chosen type" (the
    spell's own, kept on it until it leaves the stack)."""
    source = table.objects.get(res.item.source_id)
    if source is None:
        return
    options = chosen_mod.options_for(table, res.item.controller, effect)
    if not options:
        return
    what = "a color" if effect.get("chooses") == "color" else "a creature type"
    picks = ask(
        table,
        res.answers,
        f"{key}:choose_value",
        Decision(
            "choose_value",
            res.item.controller,
            f"{res.item.name}: {res.item.controller} chooses {what} (choose {options[0]}, ...)",
            options,
            data={"card": source.id},
        ),
    )
    if picks:
        chosen_mod.record(table, source, chosen_mod.value_of(effect, picks[0]))
