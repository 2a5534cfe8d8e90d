"""Whole numbers read from outside: ASCII digits of a bounded length, never a long conversion.

Python refuses to turn a string of more than 4,300 digits into an int (a
``ValueError`` that is not one of cardcli's), and a number that large has no
use in any game. Every number a person or a file gives is read here.
"""

from __future__ import annotations

MAX_DIGITS = 20  # 2**64 has 20 digits; nothing cardcli counts needs more


def whole_number(word: str, digits: int = MAX_DIGITS) -> int | None:
    """``word`` as a whole number of at most ``digits`` ASCII digits (a leading ``-`` allowed),
    else None.

    >>> whole_number("12"), whole_number("-3"), whole_number("1e3"), whole_number("٣")
    (12, -3, None, None)
    >>> whole_number("9" * 5000) is None
    True
    """
    body = word[1:] if word.startswith("-") else word
    if not body or len(body) > digits or not (body.isascii() and body.isdigit()):
        return None
    return int(word)
