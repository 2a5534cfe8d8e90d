"""Did-you-mean: names within a few typing slips of what was typed, and nothing else.

A suggestion is offered only when it is close: a letter missing, extra,
wrong or two letters swapped, a few times at most for a long name. A name
that merely shares some letters ('Cavern of Souls' and 'Ghave, Guru of
Spores') is no typo, and suggesting it would mislead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

# Words the prompt answers itself, in every game: a slip on them deserves a hint too.
PROMPT_WORDS = ("help", "moves", "hint", "show", "quit")


def slips_allowed(word: str) -> int:
    """How many slips a word of this length may hold and still be a typo."""
    if len(word) <= 4:
        return 1
    if len(word) <= 9:
        return 2
    return 3


def distance(a: str, b: str, limit: int) -> int:
    """Edits (insert, delete, replace, swap two neighbours) from ``a`` to ``b``; > limit if more.

    >>> distance("remvoe", "remove", 2), distance("mountian", "mountain", 2), distance("ab", "xyz", 1)
    (1, 1, 2)
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    # A start or an end the two share costs nothing (a swap across its edge would swap
    # equal letters), so only the middles are compared: most typos are one short middle.
    start, end_a, end_b = 0, len(a), len(b)
    while start < end_a and start < end_b and a[start] == b[start]:
        start += 1
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    if not a or not b:
        return min(len(a) + len(b), limit + 1)
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, letter in enumerate(a, 1):
        current = [i]
        left, diagonal = i, previous[0]
        for j, other in enumerate(b, 1):
            up = previous[j]
            best = diagonal if letter == other else diagonal + 1
            if up < best:  # up + 1 <= best
                best = up + 1
            if left < best:
                best = left + 1
            if i > 1 and j > 1 and letter == b[j - 2] and a[i - 2] == other:
                swapped = previous2[j - 2] + 1
                if swapped < best:
                    best = swapped
            current.append(best)
            left, diagonal = best, up
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


_LETTER_BITS = {c: 1 << i for i, c in enumerate("abcdefghijklmnopqrstuvwxyz0123456789")}


@lru_cache(maxsize=4096)  # the same command words are offered after every slip
def letter_mask(word: str) -> int:
    """The letters and digits a word holds, as bits: one slip changes at most two."""
    mask = 0
    for char in set(word):
        mask |= _LETTER_BITS.get(char, 0)
    return mask


def close_to(
    word: str, choices: Iterable[str], count: int = 3, masks: Sequence[int] | None = None
) -> list[str]:
    """The choices within ``slips_allowed`` of ``word``, nearest first (ties: given order).

    A choice whose letters differ by more than two a slip is passed over
    without working out its distance. ``masks`` (``letter_mask`` of each
    choice, in order) spares working out those of a long list.
    """
    return [choice for _, choice in close_with_slips(word, choices, count, masks)]


def close_with_slips(
    word: str, choices: Iterable[str], count: int = 3, masks: Sequence[int] | None = None
) -> list[tuple[int, str]]:
    """(slips, choice) for the choices ``close_to`` gives, nearest first."""
    limit = slips_allowed(word)
    own = letter_mask(word)
    found: list[tuple[int, int, str]] = []
    length, most = len(word), 2 * limit
    for order, choice in enumerate(choices):
        if choice == word or abs(len(choice) - length) > limit:
            continue
        mask = letter_mask(choice) if masks is None else masks[order]
        if (mask ^ own).bit_count() > most:
            continue
        gap = distance(word, choice, limit)
        if gap <= limit:
            found.append((gap, order, choice))
    return [(gap, choice) for gap, _, choice in sorted(found)[:count]]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean 'remove'?"`` for a close choice, else ``""``.

    >>> did_you_mean("remvoe", ["remove", "auto", "done", "cut"])
    "; did you mean 'remove'?"
    >>> did_you_mean("banana", ["remove", "auto"])
    ''
    """
    close = close_to(word.lower(), list(dict.fromkeys(c.lower() for c in choices)))
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def unknown_command(word: str, choices: Iterable[str], usage: str) -> str:
    """``unknown command 'remvoe'; did you mean 'remove'? ...``, else the usage.

    Short aliases (``r``, ``c``) are never suggested: every slip is near them.
    """
    offered, masks = _long_words(choices if type(choices) is tuple else tuple(choices))
    close = close_to(word.lower(), offered, masks=masks)
    if close:  # a slip: the guess, not the whole list
        guess = " or ".join(repr(c) for c in close)
        return f"unknown command '{word}'; did you mean {guess}? ('help' lists every command)"
    return f"unknown command '{word}'; {usage}"


@lru_cache(maxsize=64)  # a game offers the same few words after every slip
def _long_words(choices: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The choices of three letters or more, each once, in their order; their letter masks."""
    offered = tuple(c for c in dict.fromkeys(choices) if len(c) >= 3)
    return offered, tuple(letter_mask(c) for c in offered)
