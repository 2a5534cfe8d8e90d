"""Opening hands and mulligans (103.5, 805.3a), before the first turn.

The London mulligan with the multiplayer free first mulligan (103.5c): a
player who mulligans shuffles their hand into their library and draws seven
again; on keeping after N mulligans they put N - 1 of those cards on the bottom
of their library. The players decide in seat order, p1 first.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.decisions import Decision
from cardcli.magic.table import Move, Table

HAND = 7
MAX_MULLIGANS = HAND  # after seven, keeping puts six on the bottom: one card is left


def _state(table: Table) -> dict[str, Any]:
    opening: dict[str, Any] = table.extra["opening"]
    return opening


def current(table: Table) -> str:
    index = int(_state(table)["index"])
    return table.teams[0].players[index].name


def ask_next(table: Table) -> None:
    seat = current(table)
    count = _state(table)["mulligans"][seat]
    table.pending = Decision(
        "mulligan",
        seat,
        f"keep this hand or mulligan ({count} so far; the first is free)",
        ["keep", "mulligan"],
    )


def keep(table: Table, seat: str) -> bool:
    """True when every player has kept and the game can begin."""
    _check(table, seat, "mulligan")
    count = _state(table)["mulligans"][seat]
    table.emit({"type": "kept", "player": seat, "mulligans": count})
    bottom = max(0, count - 1)
    hand = table.players[seat].hand
    if bottom and hand:
        table.pending = Decision(
            "bottom",
            seat,
            f"put {min(bottom, len(hand))} card(s) from the hand on the bottom of the library",
            [f"#{o.id}" for o in hand],
            low=min(bottom, len(hand)),
            high=min(bottom, len(hand)),
        )
        return False
    return _advance(table)


def may_mulligan(table: Table, seat: str) -> bool:
    return int(_state(table)["mulligans"][seat]) < MAX_MULLIGANS


def mulligan(table: Table, seat: str) -> None:
    _check(table, seat, "mulligan")
    opening = _state(table)
    if not may_mulligan(table, seat):
        raise IllegalCommand(f"{seat} has no cards left to mulligan: keep")
    opening["mulligans"][seat] += 1
    player = table.players[seat]
    table.emit({"type": "mulligan", "player": seat, "count": opening["mulligans"][seat]})
    table.move_many([Move(o, "library", "mulligan") for o in list(player.hand)])
    table.rng(f"shuffle:{seat}").shuffle(player.library)
    table.emit(
        {
            "type": "library",
            "who": seat,
            "how": "shuffled",
            "deck": "mulligan",
            "cards": [o.name for o in reversed(player.library)],
        }
    )
    table.draw(seat, HAND)
    ask_next(table)


def bottom(table: Table, seat: str, picks: list[str]) -> bool:
    """Put the chosen cards on the bottom, first named lowest... then the next player."""
    decision = table.pending
    _check(table, seat, "bottom")
    assert decision is not None
    chosen = []
    for pick in picks:
        word = pick if pick.startswith("#") else f"#{pick}"
        if word not in decision.options:
            raise IllegalCommand(f"'{pick}' is not a card in {seat}'s hand")
        if word in chosen or word in decision.picked:
            raise IllegalCommand(f"{word} is chosen twice")
        chosen.append(word)
    if len(decision.picked) + len(chosen) > decision.high:
        raise IllegalCommand(f"put exactly {decision.high} card(s) on the bottom")
    decision.picked.extend(chosen)
    if len(decision.picked) < decision.high:
        return False
    table.move_many(
        [
            Move(table.objects[int(p[1:])], "library", "mulligan", bottom=True)
            for p in decision.picked
        ]
    )
    return _advance(table)


def _advance(table: Table) -> bool:
    opening = _state(table)
    opening["index"] += 1
    table.pending = None
    if opening["index"] >= len(table.teams[0].players):
        return True
    ask_next(table)
    return False


def _check(table: Table, seat: str, kind: str) -> None:
    decision = table.pending
    if decision is None or decision.kind != kind:
        raise IllegalCommand("that is not the question now")
    if decision.player != seat:
        raise IllegalCommand(f"{decision.player} decides now, not {seat}")
