"""Statistics of many games: the 95% Wilson interval of a win rate, and exact histograms
and sums that fold results one at a time (``simulate`` in constant memory)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + Z95 * Z95 / n
    centre = (p + Z95 * Z95 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Total:
    """An exact running sum and count: ``mean()`` is ``statistics.fmean`` of the values."""

    __slots__ = ("_total", "n")

    def __init__(self) -> None:
        self.n = 0
        self._total: int | Fraction = 0

    def add(self, value: Any, times: int = 1) -> None:
        self.n += times
        self._total += (value if isinstance(value, int) else Fraction(value)) * times

    def merge(self, other: Total) -> None:
        self.n += other.n
        self._total += other._total

    def mean(self) -> float:
        """``statistics.fmean``: the sum rounded once, over n."""
        if not self.n:
            raise ValueError("the mean of no values")
        return float(self._total) / self.n


class Histogram(Total):
    """Exact counts of the values seen, and the figures ``statistics`` would give from
    the full list of them: the mean of ``fmean``, ``median``, ``median_low``, min and
    max. Memory grows with the distinct values, never with how many were seen.

    >>> h = Histogram()
    >>> for value in (3, 1, 4, 1, 5, 9): h.add(value)
    >>> h.mean(), h.median(), h.median_low(), h.min(), h.max()
    (3.8333333333333335, 3.5, 3, 1, 9)
    """

    __slots__ = ("counts",)

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[Any, int] = {}

    def add(self, value: Any, times: int = 1) -> None:
        self.counts[value] = self.counts.get(value, 0) + times
        super().add(value, times)

    def merge(self, other: Total) -> None:
        """Add what ``other`` saw (another worker's share of the games)."""
        assert isinstance(other, Histogram)
        for value, count in other.counts.items():
            self.counts[value] = self.counts.get(value, 0) + count
        super().merge(other)

    def _at(self, position: int) -> Any:
        """The value at ``position`` of the sorted list of every value seen."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if position < seen:
                return value
        raise IndexError(position)

    def median(self) -> Any:
        """``statistics.median``: the middle value, or the mean of the middle two."""
        if not self.n:
            raise ValueError("the median of no values")
        middle = self.n // 2
        if self.n % 2:
            return self._at(middle)
        return (self._at(middle - 1) + self._at(middle)) / 2

    def median_low(self) -> Any:
        """``statistics.median_low``: a value that was seen."""
        if not self.n:
            raise ValueError("the median of no values")
        return self._at(self.n // 2 if self.n % 2 else self.n // 2 - 1)

    def min(self) -> Any:
        return min(self.counts)

    def max(self) -> Any:
        return max(self.counts)
