"""The effects that ask a player a question as they resolve: sacrifice, discard, a payment any
player may make, and searching a library (101.4: in APNAP order, then all at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.chars import matches
from cardcli.magic.choices import ask
from cardcli.magic.costs import entry_payment
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
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
    if effect.get("each") == "it":
        source = table.objects.get(res.item.source_id)
        if source is not None and source.zone == "battlefield":
            table.sacrifice([source])
        return
    players = players_of(table, subjects(table, res, effect, default="each_player"))
    amount = amount_of_effect(table, res, effect)
    filt = effect.get("filter") or {"types": ["Creature"]}
    chosen: list[Obj] = []
    for player in players:
        own = [
            o
            for o in table.battlefield.values()
            if o.controller == player and matches(table, filt, o, table.chars(o), None)
        ]
        picks = ask(
            table,
            res.answers,
            f"{key}:sacrifice:{player}",
            Decision(
                "sacrifice",
                player,
                f"{res.item.name}: {player} sacrifices {amount}",
                [f"#{o.id}" for o in own],
                low=min(amount, len(own)),
                high=min(amount, len(own)),
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    table.sacrifice(chosen)


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
        picks = ask(
            table,
            res.answers,
            f"{key}:discard:{player}",
            Decision(
                "discard",
                player,
                f"{res.item.name}: {player} discards {count}",
                [f"#{o.id}" for o in able],
                low=count,
                high=count,
                data={"item": res.item.id},
            ),
        )
        chosen.extend(table.objects[int(p[1:])] for p in picks if int(p[1:]) in table.objects)
    table.move_many([Move(obj, "graveyard", "discarded") for obj in chosen])


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


def next_effect(res: Resolution) -> Effect:
    effects = res.item.effects
    return effects[res.index + 1] if res.index + 1 < len(effects) else {}


def search(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    filt = effect.get("filter")
    for player in players_of(table, subjects(table, res, effect)):
        library = table.players[player].library
        able = [o for o in library if not filt or matches(table, filt, o, table.printed(o), None)]
        picks = ask(
            table,
            res.answers,
            f"{key}:search:{player}",
            Decision(
                "search",
                player,
                f"{res.item.name}: {player} may take a card from their library",
                [f"#{o.id}" for o in able],
                low=0,
                high=1 if able else 0,
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
            elif to == "hand":
                table.move(obj, "hand", "searched")
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
