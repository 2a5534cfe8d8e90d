"""``cardcli deck show``: what a deck is made of."""

from __future__ import annotations

from collections import Counter

from cardcli.cards.mtg.model import COLOR_NAMES, COLORS
from cardcli.cards.mtg.validate import Report, entry_key

CURVE_TOP = 7  # mana values of 7 or more share the last bar


def deck_summary(report: Report, width: int = 30) -> str:
    deck = report.deck
    lines = [f"{deck.name} ({report.format}): {report.size_text()}" + _others(report)]
    types: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    colors: Counter[str] = Counter()
    automated = manual = tokens = 0
    manual_names: list[str] = []
    for entry in deck.section("main") + deck.section("commander"):
        card = report.cards.get(entry_key(entry))
        if card is None:
            types["(unknown)"] += entry.count
            continue
        types["Token" if card.token else card.main_type] += entry.count
        if not card.is_land:
            curve[min(CURVE_TOP, int(card.mana_value))] += entry.count
        for color in card.colors:
            colors[color] += entry.count
        if not card.colors and not card.is_land:
            colors["C"] += entry.count
        if card.token:
            tokens += entry.count
        if card.manual:
            manual += entry.count
            manual_names.append(card.name)
        else:
            automated += entry.count
    lines.append("by type: " + ", ".join(f"{kind} {n}" for kind, n in types.most_common()))
    lines.append("mana curve (non-land cards by mana value):")
    biggest = max(curve.values(), default=1)
    for value in range(CURVE_TOP + 1):
        label = f"{value}+" if value == CURVE_TOP else str(value)
        count = curve.get(value, 0)
        lines.append(f"  {label:>2} | {'#' * round(count * width / biggest)} {count}")
    names = [f"{COLOR_NAMES[c]} {colors[c]}" for c in COLORS if colors[c]]
    if colors["C"]:
        names.append(f"colourless {colors['C']}")
    lines.append("colours (cards): " + (", ".join(names) or "none"))
    lines.append(
        f"automated {automated}, manual {manual}"
        + (f" ({', '.join(sorted(set(manual_names)))})" if manual_names else "")
    )
    if tokens:
        lines.append(f"token cards: {tokens}")
    return "\n".join(lines)


def _others(report: Report) -> str:
    parts = []
    shown = ("sideboard",) if report.with_commander else ("sideboard", "commander")
    for section in shown:
        n = report.deck.count(section)
        if n:
            parts.append(f"{section} {n}")
    return f" (+ {', '.join(parts)})" if parts else ""
