"""Which cards of a deck form removable anomalies, at each level.

The model (RULES.md explains each reading):

* Two neighbouring cards are *linked* when they are an anomaly on their own:
  the same rank, or consecutive ranks (the Ace next to both the 2 and the
  King) in one suit (any suit on Easy). Two jokers are always linked; on Easy
  a joker is wild and is linked to every card.
* A *window* is a run of neighbouring cards that one basic pattern removes:
  a linked pair (every level); a double sandwich ``a b c d`` with ``a-c`` and
  ``b-d`` linked (Medium, Easy); a sandwich ``a x b`` with ``a-b`` linked
  (Easy); and on Medium and Easy any of these with one joker next to it.
* An *anomaly* that may be removed in one go is a block of neighbouring cards
  covered exactly by windows that overlap one another: "double anomalies"
  such as 9c-9d-8d come out together.
* On Hard a pair only counts if its cards were neighbours when the pass began
  (no inner-outers); on Medium and Easy the current neighbours count.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, pairwise
from typing import NamedTuple

LEVELS = ("hard", "medium", "easy")

# Window kinds, as written to the log's "patterns".
TWO_OF_A_KIND = "two-of-a-kind"
RUN = "run"
WILD_JOKER = "wild-joker"
DOUBLE_SANDWICH = "double-sandwich"
SANDWICH = "sandwich"
JOKER_FOLLOWS = "joker-follows"


def _pair_kind(a: int, b: int, level: str) -> str | None:
    a_joker, b_joker = a >= 52, b >= 52
    if a_joker or b_joker:
        if a_joker and b_joker:
            return TWO_OF_A_KIND
        return WILD_JOKER if level == "easy" else None
    rank_a, rank_b = a % 13, b % 13
    if rank_a == rank_b:
        return TWO_OF_A_KIND
    if (rank_a - rank_b) % 13 in (1, 12) and (level == "easy" or a // 13 == b // 13):
        return RUN
    return None


class _Links(dict[str, tuple[tuple[str | None, ...], ...]]):
    """LINK[level][a][b]: the kind of the pair a-b, or None (54 x 54 a level).

    A level's table is built the first time it is asked for, not at import:
    ``cardcli`` starts faster when it plays no Shuffle-Mania.
    """

    def __missing__(self, level: str) -> tuple[tuple[str | None, ...], ...]:
        if level not in LEVELS:
            raise KeyError(level)
        table = tuple(tuple(_pair_kind(a, b, level) for b in range(54)) for a in range(54))
        self[level] = table
        return table


LINK = _Links()


class Window(NamedTuple):
    """Cards ``start`` to ``end`` (inclusive) that one basic pattern removes.

    A tuple, so windows sort by (start, end) at C speed, and are cheap to make.
    """

    start: int
    end: int  # inclusive
    kind: str


# Window(start, end, kind) without the named tuple's Python-level __new__:
# a pass of a simulated game makes a handful of windows.
_window = tuple.__new__


def find_windows(
    deck: Sequence[int], level: str, pass_next: dict[int, int] | None = None
) -> list[Window]:
    """All basic-pattern windows of ``deck``, sorted by end then start.

    ``pass_next`` maps each card to its right-hand neighbour at the start of
    the pass; on Hard only such original neighbours may form a pair.
    """
    link = LINK[level]
    n = len(deck)
    windows: list[Window] = []
    if level == "hard":
        # Every pair's kind, then only the few linked ones (picked at C speed
        # by compress) are looked at and checked against the pass's neighbours.
        kinds = [link[a][b] for a, b in pairwise(deck)]
        for i in compress(range(n - 1), kinds):
            if pass_next is None or pass_next.get(deck[i]) == deck[i + 1]:
                windows.append(_window(Window, (i, i + 1, kinds[i])))
        return windows
    base: list[Window] = []
    for i in range(n - 1):
        kind = link[deck[i]][deck[i + 1]]
        if kind is not None:
            base.append(Window(i, i + 1, kind))
        if i + 3 < n and link[deck[i]][deck[i + 2]] and link[deck[i + 1]][deck[i + 3]]:
            base.append(Window(i, i + 3, DOUBLE_SANDWICH))
        if level == "easy" and i + 2 < n and link[deck[i]][deck[i + 2]]:
            base.append(Window(i, i + 2, SANDWICH))
    windows.extend(base)
    # A joker that follows an anomaly (in either reading direction) goes with it.
    for w in base:
        if w.end + 1 < n and deck[w.end + 1] >= 52:
            windows.append(Window(w.start, w.end + 1, JOKER_FOLLOWS))
        if w.start > 0 and deck[w.start - 1] >= 52:
            windows.append(Window(w.start - 1, w.end, JOKER_FOLLOWS))
    windows.sort(key=lambda w: (w.end, w.start))
    return windows


def cover(start: int, end: int, windows: Sequence[Window]) -> list[Window] | None:
    """The windows inside ``[start, end]`` if they cover it as one overlapping chain.

    Returns None when the block is not one removable anomaly.
    """
    used: list[Window] = []
    reach = -1
    for w in sorted(windows):  # by start, then end
        if w.start < start or w.end > end:
            continue
        if reach < 0:
            if w.start != start:
                return None
        elif w.start > reach:
            return None
        used.append(w)
        reach = max(reach, w.end)
    return used if reach == end else None


def first_gap(start: int, end: int, windows: Sequence[Window]) -> int | None:
    """Where a block that is no anomaly breaks: ``i`` such that no pattern joins ``i`` and ``i+1``.

    Walks the block from the left as ``cover`` does; None when it is covered.

    >>> first_gap(0, 2, [Window(0, 1, RUN)]), first_gap(0, 1, [Window(0, 1, RUN)])
    (1, None)
    """
    reach = start
    for w in sorted(windows):  # by start, then end
        if w.start < start or w.end > end:
            continue
        if w.start > reach:
            break
        reach = max(reach, w.end)
    return reach if reach < end else None


def pair_reason(a: int, b: int, level: str) -> str:
    """Why two cards side by side are no pair at this level (the cards: indexes, jokers 52+)."""
    if a >= 52 or b >= 52:
        if level == "medium":
            return "a joker pairs only with the other joker, or goes with an anomaly next to it"
        return "a joker pairs only with the other joker"
    if level == "easy":
        return "neither the same rank nor neighbouring ranks"
    return "neither the same rank nor neighbouring ranks of one suit"


def removable_blocks(n: int, windows: Sequence[Window]) -> list[tuple[int, int]]:
    """Every block ``(start, end)`` that is one removable anomaly, in order."""
    blocks: list[tuple[int, int]] = []
    longest = max((w.end - w.start for w in windows), default=0)
    for start in range(n):
        reach = -1
        ends: list[int] = []
        for w in windows:  # sorted by end
            if w.start < start:
                continue
            if reach < 0:
                if w.start != start:
                    if w.end - longest > start:
                        break
                    continue
                reach = w.end
            elif w.start <= reach:
                reach = max(reach, w.end)
            elif w.end - longest > reach:
                break  # every later window starts beyond the chain
            else:
                continue
            if not ends or ends[-1] != reach:
                ends.append(reach)
        blocks.extend((start, end) for end in ends)
    return blocks


def first_maximal_block(windows: Sequence[Window]) -> tuple[int, int] | None:
    """The longest anomaly that starts as far left as possible."""
    if not windows:
        return None
    by_start = sorted(windows)  # by start, then end
    start = reach = by_start[0].start
    for w in by_start:
        if w.start > reach:
            break
        reach = max(reach, w.end)
    return start, reach


def maximal_blocks(windows: Sequence[Window]) -> list[tuple[int, int]]:
    """The disjoint maximal anomalies, left to right (unions of overlapping windows).

    >>> maximal_blocks([Window(0, 1, RUN), Window(1, 2, RUN), Window(4, 5, RUN)])
    [(0, 2), (4, 5)]
    """
    blocks: list[tuple[int, int]] = []
    start = end = -1
    for w_start, w_end, _ in sorted(windows):  # by start, then end
        if w_start <= end:  # overlaps the block being built
            if w_end > end:
                end = w_end
            continue
        if end >= 0:
            blocks.append((start, end))
        start, end = w_start, w_end
    if end >= 0:
        blocks.append((start, end))
    return blocks
