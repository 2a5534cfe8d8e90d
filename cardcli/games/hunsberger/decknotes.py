"""What ``cardcli deck`` says of a deck for Hunsberger's Solitaire: how each card scores.

The deck checks of ``cards.mtg.validate`` know no game; for the ``hunsberger``
format, the deck commands add these notes: one a card of the main deck, and a
warning for each card that scores nothing.
"""

from __future__ import annotations

from cardcli.cards.mtg.validate import Problem, Report, entry_key
from cardcli.games.hunsberger.scoring import SPELL_DAMAGE, as_played, profile

NOTE = "scores: "  # the notes that say how a card plays in Hunsberger's Solitaire


def score_notes(report: Report) -> list[Problem]:
    """A note for each card of the main deck, and a warning if it is unusable."""
    deck = report.deck
    problems = []
    for entry in deck.section("main"):
        card = report.cards.get(entry_key(entry))
        if card is None:
            continue
        tag = as_played(profile(card), card, SPELL_DAMAGE[0]).tag(card)
        problems.append(Problem("note", deck.path, entry.line, entry.name, f"{NOTE}{tag}"))
        if tag.startswith("unusable"):
            problems.append(
                Problem(
                    "warning",
                    deck.path,
                    entry.line,
                    entry.name,
                    f"scores nothing in Hunsberger's Solitaire ({tag})",
                )
            )
    return problems


def scoring_table(report: Report) -> list[dict[str, object]]:
    """Each card of the main deck once: its count and how it scores."""
    counts: dict[str, int] = {}
    found: dict[str, str] = {}
    for entry in report.deck.section("main"):
        card = report.cards.get(entry_key(entry))
        if card is None:
            continue
        counts[card.name] = counts.get(card.name, 0) + entry.count
        found[card.name] = as_played(profile(card), card, SPELL_DAMAGE[0]).tag(card)
    return [{"card": name, "count": counts[name], "scores": found[name]} for name in counts]


def scoring_lines(report: Report) -> list[str]:
    rows = scoring_table(report)
    width = max((len(str(r["card"])) for r in rows), default=0)
    return [f"{r['count']:>3} {r['card']!s:<{width}}  {r['scores']}" for r in rows]
