"""Horde's balance report (``summarize``) folded one result at a time, for ``simulate``
in constant memory: counts, exact histograms and sums, never the list of results."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardcli.stats import Histogram, Total, wilson


def _whole_if_whole(value: float) -> float:
    """A median of whole numbers: 16, not 16.0 (and 36.5 stays)."""
    return int(value) if value == int(value) else value


class HordeTally:
    """``add(result)`` for each game; ``summary(first)`` is ``summarize(results)``."""

    def __init__(self) -> None:
        self.games = 0
        self.turns = Histogram()
        self.horde_turns = Total()
        self.life_when_won = Histogram()
        self.wins = 0
        self.losses = 0
        self.loss_reasons: Counter[str] = Counter()
        self.endings: Counter[str] = Counter()
        self.seen: Counter[str] = Counter()  # Horde cards on the battlefield at losses
        self.present: Counter[str] = Counter()  # lost games with at least one of the card

    def add(self, result: dict[str, Any]) -> None:
        self.games += 1
        self.turns.add(result["turns"])
        self.horde_turns.add(result["horde_turns"])
        reason = str(result.get("reason"))
        self.endings[reason] += 1
        winner = result.get("winner")
        if winner == "players":
            self.wins += 1
            self.life_when_won.add(result["life"])
        elif winner == "horde":
            self.losses += 1
            self.loss_reasons[reason] += 1
            field = result.get("horde_battlefield") or {}
            self.seen.update(field)
            self.present.update(set(field))

    def merge(self, other: HordeTally) -> None:
        """Add another share of the games (a cluster worker's)."""
        self.games += other.games
        self.turns.merge(other.turns)
        self.horde_turns.merge(other.horde_turns)
        self.life_when_won.merge(other.life_when_won)
        self.wins += other.wins
        self.losses += other.losses
        self.loss_reasons.update(other.loss_reasons)
        self.endings.update(other.endings)
        self.seen.update(other.seen)
        self.present.update(other.present)

    def summary(self, first: dict[str, Any]) -> dict[str, Any]:
        if not self.games:
            return {}
        n = self.games
        low, high = wilson(self.wins, n)
        present, seen = self.present, self.seen
        ranked = sorted(present, key=lambda name: (-present[name], -seen[name], name))
        won = self.life_when_won
        return {
            "players_win_rate": round(self.wins / n, 4),
            "players_win_rate_95": [round(low, 4), round(high, 4)],
            "mean_turns": round(self.turns.mean(), 2),
            "median_turns": _whole_if_whole(self.turns.median()),
            "mean_horde_turns": round(self.horde_turns.mean(), 2),
            "mean_life_when_won": round(won.mean(), 2) if won.n else None,
            "median_life_when_won": _whole_if_whole(won.median()) if won.n else None,
            "losses": dict(sorted(self.loss_reasons.items())),
            "endings": dict(sorted(self.endings.items())),
            "horde_cards_at_losses": {
                name: round(present[name] / self.losses, 3) for name in ranked
            },
        }
