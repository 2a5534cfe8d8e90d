"""Did-you-mean: names within a few typing slips of what was typed, and nothing else.

A suggestion is offered only when it is close: a letter missing, extra,
wrong or two letters swapped, a few times at most for a long name. A name
that merely shares some letters ('Cavern of Souls' and 'Ghave, Guru of
Spores') is no typo, and suggesting it would mislead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, previous2[j - 2] + 1)
            current[j] = best
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[len(b)], limit + 1)


_LETTER_BITS = {c: 1 << i for i, c in enumerate("abcdefghijklmnopqrstuvwxyz0123456789")}


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

    ``masks`` (``letter_mask`` of each choice, in order) lets a long list be
    searched quickly: a choice whose letters differ by more than two a slip is
    passed over without working out its distance.
    """
    return [choice for _, choice in close_with_slips(word, choices, count, masks)]


def close_with_slips(
    word: str, choices: Iterable[str], count: int = 3, masks: Sequence[int] | None = None
) -> list[tuple[int, str]]:
    """(slips, choice) for the choices ``close_to`` gives, nearest first."""
    limit = slips_allowed(word)
    own = letter_mask(word)
    found: list[tuple[int, int, str]] = []
    for order, choice in enumerate(choices):
        if choice == word or abs(len(choice) - len(word)) > limit:
            continue
        if masks is not None and (masks[order] ^ own).bit_count() > 2 * limit:
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
    close = close_to(word.lower(), [c for c in dict.fromkeys(choices) if len(c) >= 3])
    if close:  # a slip: the guess, not the whole list
        guess = " or ".join(repr(c) for c in close)
        return f"unknown command '{word}'; did you mean {guess}? ('help' lists every command)"
    return f"unknown command '{word}'; {usage}"
