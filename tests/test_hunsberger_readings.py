"""Hunsberger's Solitaire: the readings that real decks expose (issue 25).

RULES.md quotes only the rules text; each reading chosen is written as cardcli's
own, and the options that carry them play as RULES.md says.
"""

from __future__ import annotations

import re

from tests.conftest import REPO

RULES = REPO / "cardcli" / "games" / "hunsberger" / "RULES.md"
SEED = REPO / "tests" / "fixtures" / "seeds" / "hunsberger-solitaire.txt"


def _plain(text: str) -> str:
    """Whitespace, curly quotes and the kind of quote mark do not count."""
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(text.replace('"', "'").split())


def _blockquotes(markdown: str) -> list[str]:
    blocks: list[str] = []
    lines: list[str] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith(">"):
            lines.append(line[1:].strip())
        elif lines:
            blocks.append(" ".join(lines))
            lines = []
    return blocks


def test_every_quote_in_rules_md_is_in_the_rules_text() -> None:
    seed = _plain(SEED.read_text(encoding="utf-8"))
    blocks = _blockquotes(RULES.read_text(encoding="utf-8"))
    assert len(blocks) >= 30
    missing = []
    for block in blocks:
        quotes = re.findall(r'"(.*?)"', block)
        assert quotes, f"a blockquote in RULES.md quotes nothing: {block[:60]!r}"
        for quote in quotes:
            for piece in quote.split("\u2026"):  # "…" joins pieces of the text
                if piece.strip() and _plain(piece) not in seed:
                    missing.append(piece.strip())
    assert missing == []


def test_the_quote_test_can_fail() -> None:
    seed = _plain(SEED.read_text(encoding="utf-8"))
    made_up = "Lands in the hand and in the Save slots tap for one"
    assert _plain(made_up) not in seed
    assert _plain("All mana is  colorless\nin this realm.") in seed
