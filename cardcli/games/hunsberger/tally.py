"""Hunsberger's ``summarize`` folded one result at a time (``simulate`` in constant
memory): an exact histogram of the scores, the escapes and the instant deaths."""

from __future__ import annotations

from typing import Any

from cardcli.stats import Histogram


class HunsbergerTally:
    """``add(result)`` for each game; ``summary(first)`` is ``summarize(results)``."""

    def __init__(self) -> None:
        self.scores = Histogram()
        self.escapes = 0
        self.deaths = 0

    def add(self, result: dict[str, Any]) -> None:
        self.scores.add(result["scores"]["p1"])
        if result["escaped"]:
            self.escapes += 1
        if result["death"]:
            self.deaths += 1

    def merge(self, other: HunsbergerTally) -> None:
        """Add another share of the games (a cluster worker's)."""
        self.scores.merge(other.scores)
        self.escapes += other.escapes
        self.deaths += other.deaths

    def summary(self, first: dict[str, Any]) -> dict[str, Any]:
        size = first["deck_size"]
        typical = self.scores.median_low()  # a score some game really had
        escapes = self.escapes / self.scores.n
        rule = "more than" if first["goal_rule"] == "more-than" else "at least"
        return {
            "in_players_terms": f"typical {size}/{typical:g}, escapes {escapes:.0%}",
            "goal": f"{rule} {first['goal']} damage",
            "best_game": f"{size}/{self.scores.max()}",
            "instant_deaths": self.deaths,
        }
