"""JSON from outside, read with bounds: no giant numbers, no NaN, no Infinity.

Python's ``json`` turns a 5000-digit number into an error deep inside ``int``
(or, under the digit limit, into a number big enough to make later arithmetic
crawl), and accepts ``NaN`` and ``Infinity``, which are not JSON. Everything
cardcli reads from a log, a card database or MTGJSON goes through ``loads`` here.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_INT_DIGITS = 40  # far beyond any seed (20 digits) or count cardcli writes
MAX_FLOAT_CHARS = 40


class JsonLimit(ValueError):
    """A JSON value beyond what cardcli reads (the message says which)."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise JsonLimit(f"a number of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise JsonLimit(f"a number of {len(text)} characters (at most {MAX_FLOAT_CHARS})")
    value = float(text)
    if not math.isfinite(value):
        raise JsonLimit(f"{text} is too large a number")
    return value


def _parse_constant(name: str) -> Any:
    raise JsonLimit(f"{name} is not a JSON value")


DECODER = json.JSONDecoder(
    parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
)
# For logs, read a million lines at a time: whole numbers are left to the C
# scanner (Python refuses more than 4,300 digits itself, and the checks of
# every field bound what is used); floats and NaN/Infinity still go through
# the bounded hooks.
_FAST = json.JSONDecoder(parse_float=_parse_float, parse_constant=_parse_constant)


def loads(text: str) -> Any:
    """Like ``json.loads``; raises ``json.JSONDecodeError``, ``JsonLimit`` or ``RecursionError``."""
    return DECODER.decode(text)


def loads_fast(text: str) -> Any:
    """``loads`` for log lines, whole numbers unbounded up to Python's own limit."""
    start = 0
    if text[:1] in (" ", "\t", "\r", "\n"):
        start = len(text) - len(text.lstrip(" \t\r\n"))
    try:
        value, end = _FAST.scan_once(text, start)  # type: ignore[attr-defined]
    except StopIteration:
        raise json.JSONDecodeError("Expecting value", text, start) from None
    except ValueError as err:
        if isinstance(err, json.JSONDecodeError | JsonLimit):
            raise
        raise JsonLimit(f"a number too long to read ({err})") from None
    if end != len(text) and text[end:].strip(" \t\r\n"):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values, types included: ``7 != 7.0``, ``True != 1``, ``0 != False``.

    The order of an object's keys does not count (it is how a value is written).
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
