"""Double Solitaire drawn as text: your area in full, the others in brief."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.cards.playing import card_name
from cardcli.words import counted

if TYPE_CHECKING:
    from cardcli.games.double_solitaire.rules import DoubleSolitaireState


def render(state: DoubleSolitaireState, seat: str | None = None) -> str:
    me = seat if seat in state.areas else state.names[0]
    lines = [
        f"Double Solitaire - hand {state.hand} - clock {state.clock} ms - "
        + "scores: "
        + ", ".join(f"{n} {state.totals[n]}" for n in state.names)
    ]
    if state.foundations:
        shown = [
            f"f{i + 1}:{card_name(f.top)}({state.names[f.cards[-1][0]]})"
            for i, f in enumerate(state.foundations)
        ]
        lines.append("shared: " + " ".join(shown))
    else:
        lines.append("shared: (empty: an Ace starts a foundation)")
    area = state.areas[me]
    stack = f"{card_name(area.stack[-1])} +{len(area.stack) - 1}" if area.stack else "(out)"
    waste = area.waste_top()
    up = card_name(waste) if waste is not None else "--"
    lines.append(f"{me}: stack {stack} | deck {len(area.deck)} waste {len(area.waste)} up {up}")
    for i, pile in enumerate(area.piles):
        lines.append(f"  w{i + 1}: " + (" ".join(card_name(c) for c in pile) or "(empty)"))
    for name in state.names:
        if name == me:
            continue
        other = state.areas[name]
        tops = " ".join(card_name(pile[-1]) if pile else "--" for pile in other.piles)
        top = card_name(other.stack[-1]) if other.stack else "out"
        lines.append(
            f"{name}: stack {len(other.stack)} ({top}) | piles {tops} | score {state.totals[name]}"
        )
    return "\n".join(lines)


def describe(line: dict[str, Any]) -> str | None:
    kind = line.get("type")
    who = line.get("player", "")
    if kind == "moved":
        cards = " ".join(line["cards"])
        extra = f", {line['revealed']} turns up" if "revealed" in line else ""
        return f"{who}: {cards} {line['from']} -> {line['to']}{extra}"
    if kind == "flipped":
        return f"{who}: turns {' '.join(line['cards'])}"
    if kind == "picked_up":
        return f"{who}: picks up the waste ({counted(line['cards'], 'card')})"
    if kind == "passed":
        return f"{who}: passes"
    if kind == "stuck":
        turned = ", ".join(f"{seat} {card}" for seat, card in line["turned"].items())
        return "everybody is stuck: each deck turns one card" + (f" ({turned})" if turned else "")
    if kind == "out":
        return f"{who}: OUT!"
    if kind == "hand_over":
        scores = ", ".join(f"{s} {n:+d}" for s, n in line["scores"].items())
        totals = ", ".join(f"{s} {n}" for s, n in line["totals"].items())
        blocked = " (blocked)" if line["blocked"] else ""
        return f"hand {line['hand']} over{blocked}: {scores}; totals {totals}"
    if kind == "tie_break":
        return f"tie at the top ({', '.join(line['leaders'])}): another hand"
    if kind == "hand_started":
        return f"hand {line['hand']} begins"
    if kind == "game_over":
        result = line["result"]
        totals = ", ".join(f"{s} {n}" for s, n in result["scores"].items())
        if result["tie"]:
            return f"match over: shared win {', '.join(result['winners'])} ({totals})"
        return f"match over: {result['winners'][0]} wins ({totals})"
    return None
