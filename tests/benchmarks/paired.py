"""Timing A against B on a shared machine, for the benchmarks here.

On a machine that others use too, the wall-clock time of A then B measures the
machine as much as A and B (best/greedy came out 0.96x by wall clock, 1.37x in
paired CPU time). So: CPU time, never the wall clock alone; A and B interleaved
in one run (round r runs A then B, round r+1 B then A), and the median of the
rounds' ratios.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def interleaved(
    sides: dict[str, Callable[[int], Any]],
    rounds: int,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, list[tuple[float, Any]]]:
    """Each side's ``work(r)`` for rounds r = 0..rounds-1, the sides taking turns (the
    order reversed every other round): per side, each round's (seconds, value)."""
    names = list(sides)
    timed: dict[str, list[tuple[float, Any]]] = {name: [] for name in names}
    for number in range(rounds):
        for name in names if number % 2 == 0 else names[::-1]:
            started = clock()
            value = sides[name](number)
            timed[name].append((clock() - started, value))
    return timed


def median_ratio(a: list[float], b: list[float]) -> float:
    """The median of the rounds' ratios a[r] / b[r]."""
    return statistics.median(x / y for x, y in zip(a, b, strict=True) if y > 0)
