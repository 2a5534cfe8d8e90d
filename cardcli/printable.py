"""Text from outside, made safe to print.

A log, a decklist or a file name can hold control characters: ESC and OSC
sequences that would drive the terminal, a newline that breaks a one-line
error in two, bidirectional overrides that reorder what is shown, and lone
surrogates that no encoding can write. ``printable`` escapes them all so the
text shows what it holds; ``one_line`` also escapes line breaks.
"""

from __future__ import annotations

import functools
import re

# C0 controls but tab and newline, DEL, C1 controls, the bidirectional
# embeddings, overrides and isolates, and lone surrogates.
_UNSAFE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
_UNSAFE_LINE = "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]"


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """Compiled on first use: most runs print nothing from outside (start-up is faster)."""
    return re.compile(pattern)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every character that could drive a terminal escaped.

    >>> printable("ok\\x1b[2Jgone")
    'ok\\\\x1b[2Jgone'
    """
    return _compiled(_UNSAFE).sub(_escape, text)


def one_line(text: str) -> str:
    """``printable`` and on one line: newlines and tabs escaped too.

    >>> one_line("a\\nb")
    'a\\\\x0ab'
    """
    return _compiled(_UNSAFE_LINE).sub(_escape, text)


def shortened(text: str, width: int = 40) -> str:
    """At most ``width`` characters of ``text``, saying how long it was when cut.

    >>> shortened("x" * 100, 10)
    'xxxxxxxxxx... (100 characters)'
    """
    return text if len(text) <= width else f"{text[:width]}... ({len(text)} characters)"
