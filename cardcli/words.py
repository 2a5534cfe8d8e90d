"""Counts in words: ``1 card``, ``2 cards``, ``1 win``; never ``card(s)``."""

from __future__ import annotations


def counted(number: int, word: str, plural: str | None = None) -> str:
    """``counted(1, "card")`` -> ``1 card``; ``counted(3, "copy", "copies")`` -> ``3 copies``.

    >>> counted(1, "card"), counted(0, "warning"), counted(2, "copy", "copies")
    ('1 card', '0 warnings', '2 copies')
    """
    return f"{number} {word if number == 1 else plural or word + 's'}"
