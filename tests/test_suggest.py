"""Did-you-mean: the fast distance against the plain table, and the offers it makes."""

from __future__ import annotations

import doctest

from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli import suggest
from cardcli.suggest import close_with_slips, distance, letter_mask, unknown_command


def plain_distance(a: str, b: str) -> int:
    """The whole table of inserts, deletes, replaces and neighbour swaps, nothing skipped."""
    rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        rows[i][0] = i
    for j in range(len(b) + 1):
        rows[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[len(a)][len(b)]


WORDS = st.text(alphabet="abcr ", max_size=9)


@settings(max_examples=3000, deadline=None)
@given(WORDS, WORDS, st.integers(min_value=0, max_value=4))
def test_distance_is_the_plain_tables_up_to_the_limit(a: str, b: str, limit: int) -> None:
    assert distance(a, b, limit) == min(plain_distance(a, b), limit + 1)


def test_shared_starts_and_ends_cost_nothing_and_swaps_one() -> None:
    assert distance("remove", "remove", 0) == 0
    assert distance("lightning bolt", "lightning bolts", 1) == 1
    assert distance("abcdef", "abdcef", 2) == 1  # a swap in the middle
    assert distance("aab", "aba", 2) == 1  # a swap next to the shared start
    assert distance("xyzzy", "auto", 2) == 3  # more than the limit: limit + 1


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abcdeghr", min_size=1, max_size=8), st.lists(WORDS, max_size=12))
def test_letter_masks_only_pass_over_choices_too_far_to_offer(
    word: str, choices: list[str]
) -> None:
    found = close_with_slips(word, choices, count=len(choices) + 1)
    limit = suggest.slips_allowed(word)
    every = sorted(
        (plain_distance(word, c), order, c)
        for order, c in enumerate(choices)
        if c != word and plain_distance(word, c) <= limit
    )
    assert found == [(gap, c) for gap, _, c in every]
    given_masks = [letter_mask(c) for c in choices]
    assert close_with_slips(word, choices, len(choices) + 1, given_masks) == found


def test_an_unknown_command_offers_the_near_long_words_only() -> None:
    words = ("remove", "cut", "r", "c", "done", "help")
    said = unknown_command("remvoe", words, "usage")
    assert said == "unknown command 'remvoe'; did you mean 'remove'? ('help' lists every command)"
    assert unknown_command("xyzzy", words, "usage") == "unknown command 'xyzzy'; usage"
    assert "'r'" not in unknown_command("x", words, "usage")  # short aliases are near everything


def test_the_doctests_hold() -> None:
    failed, tried = doctest.testmod(suggest)
    assert failed == 0 and tried > 0
