"""The effects that look at the top of a library: scry (701.22) and surveil (701.25).

The player looks at the top N cards (fewer if the library is shorter, 701.22d),
chooses which go away (to the bottom, or into the graveyard) and in which order
the others go back on top; several players deciding at once decide in APNAP
order, then the cards move at once (701.22c). Library cards are named by id in
the log's events and choices; the terminal says only how many went where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
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
