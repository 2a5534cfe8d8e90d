"""Hunsberger's Solitaire drawn as text (at most 80 columns), and one line per event."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import TYPE_CHECKING, Any

from cardcli.games.hunsberger.scoring import cost_of, has_x
from cardcli.games.hunsberger.table import DEATH_LANDS, SLOTS, STACK
from cardcli.words import counted

if TYPE_CHECKING:
    from cardcli.games.hunsberger.rules import HunsbergerState

WIDTH = 80
PLACE = 6  # "  h1  "
NAME = 30  # the name and its marks
COST = 4


def _wrap(first: str, rest: str, indent: int) -> list[str]:
    """``first`` then ``rest``, wrapped within WIDTH; continuation lines at ``indent``."""
    room = WIDTH - indent
    pieces = textwrap.wrap(rest, width=room) or [""]
    lines = [(first + pieces[0]).rstrip()]
    lines.extend(" " * indent + piece for piece in pieces[1:])
    return lines


def _say(text: str, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, width=WIDTH, subsequent_indent=" " * indent) or [""]


def render(state: HunsbergerState) -> str:
    t = state.table
    rule = "more than" if state.goal_rule == "more-than" else "at least"
    lines = [
        f"Hunsberger's Solitaire - turn {state.turn} - Timer deck {len(t.timer)}"
        f" - main deck {len(t.library)}"
    ]
    lines.append(
        f"Damage {state.total} ({state.turn_damage} this turn); escape: {rule} {state.goal}"
    )
    lines.append(f"{'Hand':<{PLACE + NAME}}{'cost':>{COST}}  in this game")
    if not t.hand:
        lines.append("  (empty)")
    for index, card in enumerate(t.hand, start=1):
        lines.extend(_card_lines(state, card, f"h{index}"))
    lines.append("Save slots")
    for index in range(SLOTS):
        lines.extend(_slot_lines(state, index))
    lines.extend(_mana_lines(state))
    lines.extend(_attack_lines(state))
    lines.extend(_graveyard_lines(state))
    lines.extend(_scored_lines(state))
    if state.window is not None:
        name = t.name(state.window)
        lines.extend(
            _say(
                f"The Timer card {name} is a land: 'save {name} 1' (or 2) now saves it at "
                "once and flips the next Timer card, with no new deal of three."
            )
        )
    if state.over:
        lines.extend(_say(state.result()["why"]))
    return "\n".join(lines)


def _marks(state: HunsbergerState, card: int) -> list[str]:
    t = state.table
    marks = []
    if card in t.summoned:
        marks.append("attacking")
    elif card in t.host:
        marks.append(f"on {t.name(t.host[card])}")
    elif card in t.equipped:
        marks.append(f"on {t.name(t.equipped[card])}")
    elif card in t.in_play:
        marks.append("cast")
    elif (
        not _is_spell(state, card)
        and t.slot_of(card) is not None
        and t.profiles[card].kind
        in (
            "mana",
            "anthem",
            "damage",
            "ability",
            "equipment",
        )
    ):
        marks.append("not cast")
    if card in t.tapped and card not in t.summoned:
        marks.append("tapped")
    if card == state.window:
        marks.append("Timer card")
    bonus = sum(b.power for b in t.bonuses.get(card, []))
    if bonus:
        marks.append(f"+{bonus}")
    return marks


def _is_spell(state: HunsbergerState, card: int) -> bool:
    c = state.table.cards[card]
    return c.is_type("Instant") or c.is_type("Sorcery")


def _card_lines(state: HunsbergerState, card: int, place: str) -> list[str]:
    t = state.table
    c, p = t.cards[card], t.profiles[card]
    marks = _marks(state, card)
    name = c.name + (f" [{', '.join(marks)}]" if marks else "")
    cost = "" if c.is_land else f"{cost_of(c)}{'+X' if has_x(c) else ''}"
    head = f"  {place:<{PLACE - 2}}"
    if len(name) > NAME - 1:
        # A long name and its marks take a line of their own.
        lines = [(head + name)[:WIDTH]]
        return lines + _wrap(
            " " * (PLACE + NAME) + f"{cost:>{COST}}  ", p.tag(c), PLACE + NAME + COST + 2
        )
    return _wrap(f"{head}{name:<{NAME}}{cost:>{COST}}  ", p.tag(c), PLACE + NAME + COST + 2)


def _slot_lines(state: HunsbergerState, index: int) -> list[str]:
    t = state.table
    slot = t.slots[index]
    place = f"s{index + 1}"
    if not slot.cards:
        return [f"  {place}  (empty)"]
    lands = t.slot_lands(index)
    if lands:
        tapped = sum(1 for c in lands if c in t.tapped)
        size = f"a stack of {len(lands)}" if len(lands) > 1 else "one land"
        if len(lands) < STACK:
            full = ""
        elif state.overstack == "refuse":
            full = ", full"
        elif state.overstack == "burn-discard":
            full = ", full: another land burns a Timer card and is discarded"
        else:  # --overstack burn: another land joins, and burns a Timer card
            full = ", full: another land burns" if len(lands) == STACK else ", over full"
        used = f", {tapped} tapped" if tapped else ""
        names = ", ".join(t.names(lands))
        return _say(f"  {place}  {names}: {size}{full}{used}; mana +{len(lands)} a turn", PLACE)
    lines = _card_lines(state, slot.cards[0], place)
    if slot.attached:
        lines.extend(_say(" " * PLACE + "with " + ", ".join(t.names(slot.attached)), PLACE))
    return lines


def _mana_lines(state: HunsbergerState) -> list[str]:
    t = state.table
    counts = Counter(t.names(t.sources()))
    untapped = ", ".join(f"{n} x{k}" if k > 1 else n for n, k in counts.items()) or "none"
    lands = len(t.mana_lands_out(state.instant_death))
    where = "out" if state.instant_death == "hand-and-slots" else "in the Save slots"
    return _say(
        f"Mana {t.available()}: pool {t.pool} + untapped {untapped}. "
        f"Lands {where}: {lands} ({DEATH_LANDS}: instant death)"
    )


def _attack_lines(state: HunsbergerState) -> list[str]:
    t = state.table
    parts = [(t.name(c), sum(n for _, n, _ in t.attack_parts(c))) for c in t.summoned]
    parts += [
        (f"{token.data.get('name', 'token')} token", sum(n for _, n, _ in t.token_parts(token)))
        for token in t.tokens
    ]
    if not parts:
        return []
    total = sum(n for _, n in parts)
    counts = Counter(parts)
    said = ", ".join(
        f"{name} {n}" + (f" (x{k})" if k > 1 else "") for (name, n), k in counts.items()
    )
    return _say(f"Attacking, {total} damage at 'end': {said}")


def _graveyard_lines(state: HunsbergerState) -> list[str]:
    t = state.table
    recursion = [c for c in t.out() if t.profiles[c].kind == "recursion"]
    if recursion:
        reach = sorted({r for c in recursion for r in t.recursion_targets(c)}, key=t.name)
        what = "recursion can reach"
    else:
        reach = [c for c in t.graveyard if t.cards[c].is_creature or t.cards[c].is_type("Artifact")]
        what = "creature and artifact cards"
    counts = Counter(t.names(reach))
    shown = ", ".join(f"{n} x{k}" if k > 1 else n for n, k in sorted(counts.items()))
    tail = f"; {what}: {shown}" if shown else ""
    return _say(f"Graveyard {len(t.graveyard)}{tail}")


def _scored_lines(state: HunsbergerState) -> list[str]:
    """Where the damage so far came from, card by card (the log has every event)."""
    by_card: Counter[str] = Counter()
    by_rule: dict[str, Counter[str]] = {}
    for source, amount, rule in state.ledger:
        by_card[source] += amount
        by_rule.setdefault(source, Counter())[rule] += amount
    if not by_card:
        return []
    parts = []
    for name, total in by_card.most_common():
        rules = by_rule[name]
        how = (
            f" ({', '.join(f'{r} {n}' for r, n in rules.most_common())})" if len(rules) > 1 else ""
        )
        parts.append(f"{name} {total}{how}")
    return _say(f"Scored {state.total}: {', '.join(parts)}")


# -- events --------------------------------------------------------------------


def describe(line: dict[str, Any]) -> str | None:
    """Text for an event, for the terminal (None to stay quiet).

    The terminal puts two spaces before it; a long text goes on more lines,
    indented under the first, so that none is wider than 80 columns.
    """
    kind = line.get("type")
    said = _DESCRIBE.get(str(kind))
    text = said(line) if said is not None else None
    if text is None or kind == "game_over":
        return text
    return "\n  ".join(textwrap.wrap(text, width=WIDTH - 2, subsequent_indent="  "))


def _damage(line: dict[str, Any]) -> str:
    by, source = line.get("attacker"), line["source"]
    if line["rule"] == "token":
        who = f"{by} made by {source}"
    else:
        who = source + (f" on {by}" if by and by != source else "")
    return f"{line['amount']} damage: {who} ({line['rule']}); total {line['total']}"


def _saved(line: dict[str, Any]) -> str:
    text = f"saved {line['card']} in slot {line['slot']}"
    if len(line["stack"]) > 1:
        text += f" (a stack of {len(line['stack'])})"
    if line["replaced"]:
        text += f", replacing {', '.join(line['replaced'])}"
    if line["at_once"]:
        text += ", at once"
    return text


def _cast(line: dict[str, Any]) -> str:
    x = f" X={line['x']}" if "x" in line else ""
    target = f" on {line['target']}" if "target" in line else ""
    return f"cast {line['card']}{x}{target} from the {line['from']} for {line['paid']}"


def result_text(result: dict[str, Any]) -> str:
    return f"game over: {result['notation']} - {result['why']}"


_DESCRIBE: dict[str, Any] = {
    "setup": lambda e: (
        f"deck {'shuffled' if e['shuffled'] else 'as given'}: {len(e['timer'])} Timer cards, "
        f"{len(e['main'])} in the main deck"
    ),
    "turn_started": lambda e: (
        f"turn {e['turn']}: everything untaps (Timer deck {e['timer_left']}, "
        f"main deck {e['main_left']})"
    ),
    "flipped": lambda e: (
        f"Timer card{' flipped after the save' if e['at_once'] else ''}: {e['card']} "
        f"({e['timer_left']} left)"
    ),
    "dealt": lambda e: (
        f"dealt: {', '.join(e['cards']) or 'nothing'}"
        + (f" ({e['from_timer']} from the Timer deck)" if e["from_timer"] else "")
    ),
    "tapped": lambda e: (
        f"tapped {e['card']}: +{e['mana']}"
        + (f" for {e['paid']}" if "paid" in e else "")
        + f" (pool {e['pool']})"
    ),
    "cast": _cast,
    "damage": _damage,
    "saved": _saved,
    "mana_burn": lambda e: (
        f"mana burn: a stack of {e['stack']}; the Timer deck loses "
        f"{', '.join(e['discarded']) or 'nothing (it is empty)'}"
        + (f"; the {e['land_discarded']} goes to the graveyard" if "land_discarded" in e else "")
    ),
    "summoned": lambda e: (
        f"{e['card']} attacks" + (" (back from the graveyard)" if e["how"] == "returned" else "")
    ),
    "returned": lambda e: f"{e['by']} returns {e['card']} from the graveyard",
    "pumped": lambda e: f"{e['card']} gets +{e['power']} ({e['by']}, {e['rule']})",
    "attached": lambda e: f"{e['card']} enchants {e['to']}",
    "mana_added": lambda e: f"{e['card']}: +{e['mana']} mana (pool {e['pool']})",
    "tokens": lambda e: f"{e['by']} makes {', '.join(e['tokens'])}: they attack for {e['power']}",
    "activated": lambda e: (
        f"{e['card']} activated {counted(e['times'], 'time')} for {e['paid']}"
        + (" and sacrificed" if e.get("sacrificed") else "")
    ),
    "equipped": lambda e: (
        f"{e['card']} equips {e['to']} for {e['paid']}"
        + (f" (moved from {e['from']})" if "from" in e else "")
    ),
    "enters_tapped": lambda e: f"{e['card']} enters tapped",
    "discarded": lambda e: (
        f"discarded {len(e['cards'])}: {', '.join(e['cards'])}" if e["cards"] else None
    ),
    "turn_ended": lambda e: f"turn {e['turn']} ends: {e['damage']} damage, {e['total']} in all",
    "instant_death": lambda e: (
        f"INSTANT DEATH: {e['lands']} mana-producing lands "
        f"{'in the Save slots' if e.get('where') == 'slots' else 'out'} ({', '.join(e['cards'])})"
    ),
    "game_over": lambda e: result_text(e["result"]),
}
