"""Shuffle-Mania drawn as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.cards.playing import card_name
from cardcli.words import counted

if TYPE_CHECKING:
    from cardcli.games.shuffle_mania.rules import ShuffleManiaState

CELL = 7  # " 12:10h" and the space after it
MARGIN = 2
DEFAULT_WIDTH = 80


def per_row(width: int) -> int:
    """How many cards fit on a row of ``width`` columns, never splitting a card.

    >>> per_row(80), per_row(120), per_row(20)
    (11, 16, 2)
    """
    return max(1, (width - MARGIN) // CELL)


def render(state: ShuffleManiaState, seat: str | None = None, width: int = DEFAULT_WIDTH) -> str:
    lines: list[str] = []
    for name, hand in state.hands.items():
        title = f"{name}: " if state.multi else ""
        if hand.phase == "over":
            status = f"finished with {counted(len(hand.deck), 'card')}"
        elif hand.phase == "cut":
            status = f"pass {hand.passes} removed {hand.removed_this_pass}: cut next"
        else:
            status = f"pass {hand.passes}, removed {hand.removed_this_pass} so far"
        lines.append(
            f"{title}Shuffle-Mania ({state.level}, {state.model}) - {counted(len(hand.deck), 'card')} - {status}"
        )
        row_size = per_row(width)
        for row in range(0, len(hand.deck), row_size):
            cells = [
                f"{i + 1:>2}:{card_name(card):<3}"
                for i, card in enumerate(hand.deck[row : row + row_size], start=row)
            ]
            lines.append("  " + " ".join(cells).rstrip())
    return "\n".join(lines)


def describe(line: dict[str, object]) -> str | None:
    """One line of text for an event, for the terminal; None to stay quiet."""
    kind = line.get("type")
    who = f"{line['player']}: " if "player" in line else ""
    if kind == "removed":
        # Positions are those of the deck just before this removal: in an auto
        # that removes several anomalies the deck shrinks between them, and
        # "of N" says which deck they count in (the board shows the first).
        cards = line["cards"]
        positions = line["positions"]
        assert isinstance(cards, list) and isinstance(positions, list)
        before = int(line["cards_left"]) + len(cards)  # type: ignore[call-overload]
        patterns = ", ".join(line["patterns"])  # type: ignore[arg-type]
        return (
            f"{who}removed {' '.join(cards)} (positions {positions[0]}-{positions[-1]} of "
            f"{before}: {patterns}); {line['cards_left']} left"
        )
    if kind == "pass_ended":
        return f"{who}pass {line['number']} ended: {line['removed']} removed, {line['cards_left']} left"
    if kind == "player_finished":
        return f"{who}finished with {counted(int(line['cards_left']), 'card')}"  # type: ignore[call-overload]
    if kind == "cut":
        how = "at random" if line["random"] else "as asked"
        return f"{who}cut {counted(int(line['count']), 'card')} to the bottom ({how})"  # type: ignore[call-overload]
    if kind == "shuffled":
        return f"{who}shuffled face {line['face']} ({line['model']})"
    if kind == "pass_started":
        return f"{who}pass {line['number']} begins"
    if kind == "game_over":
        return result_text(line["result"])  # type: ignore[arg-type]
    return None


def result_text(result: dict[str, Any]) -> str:
    scores: dict[str, int] = result["scores"]
    if len(scores) == 1:
        left = next(iter(scores.values()))
        verdict = "a win (fewer than 10)" if result["winners"] else "a loss (10 or more)"
        return f"game over: {counted(left, 'card')} left, {verdict}"
    counts = ", ".join(f"{seat} {n}" for seat, n in scores.items())
    if result["tie"]:
        return f"game over: a tie ({counts} cards)"
    return f"game over: {result['winners'][0]} wins with fewer cards ({counts})"
