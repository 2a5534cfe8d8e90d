"""The effects that look at the top of a library: scry (701.22), surveil (701.25), and
looking at the top N cards to take some of them (``dig``).

The player looks at the top N cards (fewer if the library is shorter, 701.22d),
chooses which go away (to the bottom, or into the graveyard) and in which order
the others go back on top; several players deciding at once decide in APNAP
order, then the cards move at once (701.22c). Library cards are named by id in
the log's events and choices; the terminal says only how many went where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.chars import matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
from cardcli.magic.reach import Resolution, amount_of_effect, players_of, subjects
from cardcli.magic.table import Move

if TYPE_CHECKING:
    from cardcli.magic.table import Table

ORDER = "library_order"  # the kind of decision that orders cards going back to a library
VERBS = {"scry": "scries", "surveil": "surveils"}


def top_cards(table: Table, player: str, count: int) -> list[Obj]:
    """The top ``count`` cards of a library, the top card first."""
    library = table.players[player].library
    return list(reversed(library[-count:])) if count > 0 else []


def ordered(
    table: Table, answers: Answers, key: str, player: str, objs: list[Obj], prompt: str
) -> list[Obj]:
    """``objs`` in the order the player puts them, the highest first (asked only for two or
    more: 401.4, the owner arranges cards put into a library at once)."""
    if len(objs) < 2:
        return list(objs)
    options = [f"#{o.id}" for o in objs]
    picks = ask(
        table,
        answers,
        key,
        Decision(
            ORDER,
            player,
            prompt,
            options,
            low=len(options),
            high=len(options),
            ordered=True,
        ),
    )
    by_label = {f"#{o.id}": o for o in objs}
    return [by_label[p] for p in picks if p in by_label]


def put_back(table: Table, player: str, top: list[Obj], bottom: list[Obj]) -> None:
    """Cards of ``player``'s library go back on its top and bottom, each list highest first
    (they stay the same objects: a place in a library is not a zone, 400.1)."""
    library = table.players[player].library
    for obj in (*top, *bottom):
        library.remove(obj)
    library[0:0] = list(reversed(bottom))
    library.extend(reversed(top))


def scry(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    _look(table, res, effect, key, "scry")


def surveil(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    _look(table, res, effect, key, "surveil")


def _look(table: Table, res: Resolution, effect: Effect, key: str, verb: str) -> None:
    amount = amount_of_effect(table, res, effect)
    if amount <= 0:
        return  # 701.22b, 701.25c: scry 0 (or surveil 0) is no scry at all
    where = "on the bottom of the library" if verb == "scry" else "into the graveyard"
    plans: list[tuple[str, list[Obj], list[Obj]]] = []
    # 701.22c: the players decide in APNAP order, then the cards move at once.
    for player in players_of(table, subjects(table, res, effect)):
        looked = top_cards(table, player, amount)
        options = [f"#{o.id}" for o in looked]
        picks = ask(
            table,
            res.answers,
            f"{key}:{verb}:{player}",
            Decision(
                verb,
                player,
                f"{res.item.name}: {player} {VERBS[verb]} {amount}: choose the cards to put {where}"
                " (any number, then done); the rest go back on top",
                options,
                low=0,
                high=len(options),
                data={"item": res.item.id},
            ),
        )
        away = [o for o in looked if f"#{o.id}" in picks]
        stay = [o for o in looked if f"#{o.id}" not in picks]
        if verb == "scry":
            away = ordered(
                table,
                res.answers,
                f"{key}:{verb}:bottom:{player}",
                player,
                away,
                f"{res.item.name}: {player} puts {len(away)} cards on the bottom: choose the"
                " highest first, the very bottom card last",
            )
        top = ordered(
            table,
            res.answers,
            f"{key}:{verb}:top:{player}",
            player,
            stay,
            f"{res.item.name}: {player} puts {len(stay)} cards back on top: choose the top card"
            " first, then the next",
        )
        plans.append((player, top, away))
    graveyard: list[Move] = []
    for player, top, away in plans:
        if verb == "scry":
            put_back(table, player, top, away)
        else:
            put_back(table, player, top, [])
            graveyard.extend(Move(obj, "graveyard", "surveilled") for obj in away)
        table.emit(
            {
                "type": "scried" if verb == "scry" else "surveilled",
                "who": player,
                "amount": amount,
                "top": [o.id for o in top],
                "bottom" if verb == "scry" else "graveyard": [o.id for o in away],
            }
        )
    if graveyard:
        table.move_many(graveyard)


REST = {
    "bottom_random": "on the bottom in a random order",
    "bottom": "on the bottom in any order",
    "top": "back on top in any order",
    "graveyard": "into the graveyard",
}
DESTINATIONS = {
    "hand": "into their hand",
    "battlefield": "onto the battlefield",
    "graveyard": "into the graveyard",
}


def dig(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """ "Look at the top N cards of your library. [You may reveal] [up to] M [filter] cards from
    among them and put them into your hand (onto the battlefield [tapped], into your
    graveyard). Put the rest [where]." The player takes what fits; the rest go where ``rest``
    says, in an order the player chooses (or a random one, from their ``bottom`` stream)."""
    amount = amount_of_effect(table, res, effect)
    source = table.objects.get(res.item.source_id)
    take = max(0, table.amount_of(effect.get("take", 1), res.item.controller, source, res.item.x))
    to = str(effect.get("to", "hand"))
    rest = str(effect.get("rest", "bottom_random"))
    if to not in DESTINATIONS or rest not in REST:
        table.emit({"type": "unsupported", "id": res.item.id, "do": "dig"})
        return
    filt = effect.get("filter")
    for player in players_of(table, subjects(table, res, effect)):
        looked = top_cards(table, player, amount)
        if not looked:
            continue
        able = [
            o
            for o in looked
            if (not filt or matches(table, filt, o, table.printed(o), res.item.source_id))
            and (to != "battlefield" or o.proto.is_permanent_card)
        ]
        high = min(take, len(able))
        up_to = bool(effect.get("up_to"))
        picks = ask(
            table,
            res.answers,
            f"{key}:dig:{player}",
            Decision(
                "dig",
                player,
                f"{res.item.name}: {player} looks at {', '.join(o.name for o in looked)}: choose"
                f" {'up to ' if up_to else ''}{high} card{'s' if high != 1 else ''} to"
                f"{' reveal and' if effect.get('reveal') else ''} put"
                f" {DESTINATIONS.get(to, to)}{', then done' if up_to else ''} (the ones listed"
                f" may be chosen); the rest go {REST.get(rest, rest)}",
                [f"#{o.id}" for o in able],
                low=0 if up_to else high,
                high=high,
                data={"item": res.item.id},
            ),
        )
        taken = [o for o in able if f"#{o.id}" in picks]
        others = [o for o in looked if o not in taken]
        if rest in ("bottom", "top"):
            others = ordered(
                table,
                res.answers,
                f"{key}:dig:{rest}:{player}",
                player,
                others,
                f"{res.item.name}: {player} puts {len(others)} cards {REST[rest]}: choose"
                + (" the top card first" if rest == "top" else " the highest first")
                + ", then the next",
            )
        elif rest == "bottom_random" and len(others) > 1:
            table.rng(f"bottom:{player}").shuffle(others)
        event = {
            "type": "dug",
            "who": player,
            "looked": [o.id for o in looked],
            "taken": [o.id for o in taken],
            "to": to,
            "rest": rest,
            "order": [o.id for o in others],
        }
        if effect.get("reveal") and taken:
            event["revealed"] = [o.name for o in taken]  # 701.20a: every player sees them
        table.emit(event)
        moves = [
            Move(
                obj,
                to,
                "dug",
                tapped=bool(effect.get("tapped")),
                controller=player if to == "battlefield" else None,
            )
            for obj in taken
        ]
        if rest == "graveyard":
            moves.extend(Move(obj, "graveyard", "dug") for obj in others)
        elif rest == "top":
            put_back(table, player, others, [])
        else:
            put_back(table, player, [], others)
        if moves:
            table.move_many(moves)
