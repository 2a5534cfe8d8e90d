"""Double Solitaire's ``summarize`` folded one result at a time (``simulate`` in constant
memory): exact sums of the hands per match and of each seat's hand scores."""

from __future__ import annotations

from typing import Any

from cardcli.stats import Total


class DoubleSolitaireTally:
    """``add(result)`` for each match; ``summary(first)`` is ``summarize(results)``."""

    def __init__(self) -> None:
        self.hands = Total()
        self.hand_scores: dict[str, Total] = {}

    def add(self, result: dict[str, Any]) -> None:
        self.hands.add(len(result["hands"]))
        for hand in result["hands"]:
            for seat, score in hand.items():
                total = self.hand_scores.get(seat)
                if total is None:
                    total = self.hand_scores[seat] = Total()
                total.add(score)

    def merge(self, other: DoubleSolitaireTally) -> None:
        """Add another share of the matches (a cluster worker's)."""
        self.hands.merge(other.hands)
        for seat, total in other.hand_scores.items():
            self.hand_scores.setdefault(seat, Total()).merge(total)

    def summary(self, first: dict[str, Any]) -> dict[str, Any]:
        per_seat = {}
        for seat in first["scores"]:
            total = self.hand_scores.get(seat)
            per_seat[seat] = round(total.mean(), 3) if total is not None and total.n else 0.0
        return {
            "hands_per_match": round(self.hands.mean(), 3) if self.hands.n else 0.0,
            "mean_hand_score": per_seat,
        }
