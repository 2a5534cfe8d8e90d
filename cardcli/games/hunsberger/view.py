"""Hunsberger's Solitaire drawn as text (80 columns), and one line per event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.games.hunsberger.scoring import cost_of, has_x
from cardcli.games.hunsberger.table import SLOTS, STACK

if TYPE_CHECKING:
    from cardcli.games.hunsberger.rules import HunsbergerState

WIDTH = 80
NAME = 22
SHOWN_GRAVE = 6


def _clip(text: str, width: int = WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render(state: HunsbergerState) -> str:
    t = state.table
    rule = ">" if state.goal_rule == "more-than" else ">="
    lines = [
        _clip(
            f"Hunsberger's Solitaire  turn {state.turn}  Timer {len(t.timer)} left  "
            f"main deck {len(t.library)}  damage {state.total} (escape: {rule} {state.goal})"
        )
    ]
    lines.append("Hand:")
    if not t.hand:
        lines.append("  (empty)")
    for index, card in enumerate(t.hand, start=1):
        lines.append(_clip(f"  h{index:<2} " + _card_line(state, card)))
    lines.append("Save slots:")
    for index in range(SLOTS):
        lines.append(_clip(f"  s{index + 1}  " + _slot_line(state, index)))
    lines.append(_clip(_mana_line(state)))
    attack = _attack_line(state)
    if attack:
        lines.append(_clip(attack))
    lines.append(_clip(_graveyard_line(state)))
    if state.window is not None:
        name = t.name(state.window)
        lines.append(
            _clip(f"The Timer card {name} is a land: 'save {name} 1|2' now saves it at once")
        )
        lines.append("  and flips the next Timer card (no new deal of three).")
    if state.over:
        lines.append(_clip(state.result()["why"]))
    return "\n".join(lines)


def _cost(state: HunsbergerState, card: int) -> str:
    c = state.table.cards[card]
    if c.is_land:
        return ""
    return f"{cost_of(c)}{'+X' if has_x(c) else ''}"


def _card_line(state: HunsbergerState, card: int) -> str:
    t = state.table
    c, p = t.cards[card], t.profiles[card]
    marks = []
    if card in t.summoned:
        marks.append("attacking")
    elif card in t.host:
        marks.append(f"on {t.name(t.host[card])}")
    elif card in t.in_play:
        marks.append("in play")
    if card in t.tapped and card not in t.summoned:
        marks.append("tapped")
    if card == state.window:
        marks.append("Timer card")
    bonus = sum(b.power for b in t.bonuses.get(card, []))
    if bonus:
        marks.append(f"+{bonus}")
    status = f" [{', '.join(marks)}]" if marks else ""
    return f"{c.name:<{NAME}} {_cost(state, card):>4}  {p.tag(c)}{status}"


def _slot_line(state: HunsbergerState, index: int) -> str:
    t = state.table
    slot = t.slots[index]
    if not slot.cards:
        return "(empty)"
    lands = t.slot_lands(index)
    if lands:
        tapped = sum(1 for c in lands if c in t.tapped)
        size = f"stack of {len(lands)}" if len(lands) > 1 else "one land"
        full = " (full)" if len(lands) >= STACK else ""
        used = f", {tapped} tapped" if tapped else ""
        return f"{', '.join(t.names(lands))}  {size}{full}: mana +{len(lands)}{used}"
    line = _card_line(state, slot.cards[0])
    if slot.attached:
        line += "  with " + ", ".join(t.names(slot.attached))
    return line


def _mana_line(state: HunsbergerState) -> str:
    t = state.table
    untapped = t.sources()
    return (
        f"Mana: {t.available()} to spend (pool {t.pool}, untapped sources {len(untapped)})"
        f"  lands out {len(t.mana_lands_out())}/7 (8 is instant death)"
    )


def _attack_line(state: HunsbergerState) -> str:
    t = state.table
    parts = []
    for card in t.summoned:
        parts.append(f"{t.name(card)} {sum(n for _, n, _ in t.attack_parts(card))}")
    for token in t.tokens:
        parts.append(
            f"{token.data.get('name', 'token')} token {sum(n for _, n, _ in t.token_parts(token))}"
        )
    if not parts:
        return ""
    total = sum(int(p.rsplit(" ", 1)[1]) for p in parts)
    return f"Attacking (deals {total} at 'end'): " + ", ".join(parts)


def _graveyard_line(state: HunsbergerState) -> str:
    t = state.table
    reach: dict[str, int] = {}
    for card in t.graveyard:
        c = t.cards[card]
        if c.is_creature or c.is_type("Artifact"):
            reach[c.name] = reach.get(c.name, 0) + 1
    shown = [f"{name} x{n}" if n > 1 else name for name, n in sorted(reach.items())]
    more = f", +{len(shown) - SHOWN_GRAVE} more" if len(shown) > SHOWN_GRAVE else ""
    where = f"; creatures and artifacts: {', '.join(shown[:SHOWN_GRAVE])}{more}" if shown else ""
    return f"Graveyard {len(t.graveyard)}{where}"


# -- events --------------------------------------------------------------------


def describe(line: dict[str, Any]) -> str | None:
    """One line of text for an event, for the terminal; None to stay quiet."""
    kind = line.get("type")
    if kind == "setup":
        how = "shuffled" if line["shuffled"] else "as given"
        return f"deck {how}: {len(line['timer'])} Timer cards, {len(line['main'])} in the main deck"
    if kind == "turn_started":
        return f"turn {line['turn']} (Timer {line['timer_left']}, main deck {line['main_left']})"
    if kind == "flipped":
        again = " after the save" if line["at_once"] else ""
        return f"Timer card flipped{again}: {line['card']} ({line['timer_left']} left)"
    if kind == "dealt":
        extra = f" ({line['from_timer']} from the Timer deck)" if line["from_timer"] else ""
        return f"dealt: {', '.join(line['cards']) or 'nothing'}{extra}"
    if kind == "tapped":
        paid = f", paying {line['paid']}" if "paid" in line else ""
        return f"tapped {line['card']}: +{line['mana']}{paid} (pool {line['pool']})"
    if kind == "cast":
        x = f" X={line['x']}" if "x" in line else ""
        target = f" on {line['target']}" if "target" in line else ""
        return f"cast {line['card']}{x}{target} from {line['from']} for {line['paid']}"
    if kind == "damage":
        by = (
            f" ({line['attacker']})"
            if "attacker" in line and line["attacker"] != line["source"]
            else ""
        )
        return (
            f"{line['amount']} damage: {line['source']}{by}, {line['rule']}; total {line['total']}"
        )
    if kind == "saved":
        return _saved(line)
    if kind == "mana_burn":
        gone = ", ".join(line["discarded"]) or "nothing (the Timer deck is empty)"
        return f"mana burn: a stack of {line['stack']}; discarded from the Timer deck: {gone}"
    if kind == "summoned":
        return f"{line['card']} attacks" + (
            " (back from the graveyard)" if line["how"] == "returned" else ""
        )
    if kind == "returned":
        return f"{line['by']} returns {line['card']} to the hand"
    if kind == "pumped":
        return f"{line['card']} gets +{line['power']} ({line['by']}, {line['rule']})"
    if kind == "attached":
        return f"{line['card']} enchants {line['to']}"
    if kind == "mana_added":
        return f"{line['card']}: +{line['mana']} mana (pool {line['pool']})"
    if kind == "tokens":
        return f"{line['by']} makes {', '.join(line['tokens'])}: they attack for {line['power']}"
    if kind == "activated":
        return f"{line['card']} activated {line['times']} time(s) for {line['paid']}"
    if kind == "enters_tapped":
        return f"{line['card']} enters tapped"
    if kind == "discarded":
        return (
            f"discarded {len(line['cards'])}: {', '.join(line['cards'])}" if line["cards"] else None
        )
    if kind == "turn_ended":
        return f"turn {line['turn']} ends: {line['damage']} damage, {line['total']} in all"
    if kind == "instant_death":
        return f"INSTANT DEATH: {line['lands']} mana-producing lands out"
    if kind == "game_over":
        return result_text(line["result"])
    return None


def _saved(line: dict[str, Any]) -> str:
    text = f"saved {line['card']} in slot {line['slot']}"
    if len(line["stack"]) > 1:
        text += f" (a stack of {len(line['stack'])})"
    if line["replaced"]:
        text += f", replacing {', '.join(line['replaced'])}"
    if line["at_once"]:
        text += " at once"
    return text


def result_text(result: dict[str, Any]) -> str:
    return f"game over: {result['notation']} - {result['why']}"
