"""The summary of a ``simulate`` run, folded one result at a time.

A ``Tally`` keeps counts, exact histograms of the integer scores and exact sums,
never the list of results, so a million games take the memory of a thousand. Its
``summary()`` is byte for byte ``simulate.summarize(game, results)`` of the same
results (the medians come from the histograms, the means from exact sums rounded
once, as ``statistics.fmean`` does). The order results are added in does not
matter: the seats and a game's first-game figures are those of the lowest index;
tallies of parts of a run merge (a cluster's workers fold their batches).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from cardcli.engine.game import Game, get_game
from cardcli.stats import Histogram, wilson


class ExtraTally(Protocol):
    """A game's own statistics (``Game.tally``): ``summary(first)`` equals
    ``Game.summarize(results)`` of the results added, ``first`` being game 0's;
    ``merge(other)`` adds another tally's games (the order does not matter)."""

    def add(self, result: dict[str, Any]) -> None: ...

    def merge(self, other: Any) -> None: ...

    def summary(self, first: dict[str, Any]) -> dict[str, Any]: ...


class _Listed:
    """A game with ``summarize`` and no ``tally`` of its own: its results are kept
    (the memory grows with the games, as it did before folding)."""

    def __init__(self, game: Game) -> None:
        assert game.summarize is not None
        self.summarize = game.summarize
        self.results: list[tuple[int, dict[str, Any]]] = []

    def add_at(self, index: int, result: dict[str, Any]) -> None:
        self.results.append((index, result))

    def summary(self) -> dict[str, Any]:
        return self.summarize([result for _, result in sorted(self.results, key=lambda x: x[0])])


class Tally:
    """Win counts, score histograms and ties per seat, and the game's own statistics."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.games = 0
        self.first: dict[str, Any] | None = None
        self._first_index = -1
        self.wins: Counter[str] = Counter()
        self.scores: dict[str, Histogram] = {}
        self.ties = 0
        self.extra: ExtraTally | None = game.tally() if game.tally is not None else None
        self.listed = _Listed(game) if self.extra is None and game.summarize else None

    def __len__(self) -> int:
        return self.games

    def add(self, result: dict[str, Any], index: int | None = None) -> None:
        """Fold game ``index``'s result in (``None``: the next game in order)."""
        if index is None:
            index = self.games
        if self.first is None or index < self._first_index:
            self.first, self._first_index = result, index
        self.wins.update(result["winners"])
        for seat, score in result["scores"].items():
            histogram = self.scores.get(seat)
            if histogram is None:
                histogram = self.scores[seat] = Histogram()
            histogram.add(score)
        if result.get("tie"):
            self.ties += 1
        if self.extra is not None:
            self.extra.add(result)
        elif self.listed is not None:
            self.listed.add_at(index, result)
        self.games += 1

    def merge(self, other: Tally) -> None:
        """Add another tally of other games of the same run (a cluster worker's batch)."""
        if other.first is not None and (
            self.first is None or other._first_index < self._first_index
        ):
            self.first, self._first_index = other.first, other._first_index
        self.wins.update(other.wins)
        for seat, histogram in other.scores.items():
            self.scores.setdefault(seat, Histogram()).merge(histogram)
        self.ties += other.ties
        if self.extra is not None and other.extra is not None:
            self.extra.merge(other.extra)
        elif self.listed is not None and other.listed is not None:
            self.listed.results += other.listed.results
        self.games += other.games

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a worker's tally sent back) without its ``Game``, found again by name."""
        state = dict(self.__dict__)
        state["game"] = self.game.name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.game = get_game(state["game"])

    def summary(self) -> dict[str, Any]:
        """What ``simulate.summarize`` says of the results added."""
        n = self.games
        seats = list(self.first["scores"]) if self.first is not None else []
        per_seat: dict[str, Any] = {}
        for seat in seats:
            wins = self.wins[seat]
            scores = self.scores[seat]
            low, high = wilson(wins, n)
            per_seat[seat] = {
                "wins": wins,
                "win_rate": round(wins / n, 4) if n else 0.0,
                "win_rate_95": [round(low, 4), round(high, 4)],
                "score_mean": round(scores.mean(), 4),
                "score_median": scores.median(),
                "score_min": scores.min(),
                "score_max": scores.max(),
                "histogram": {str(k): scores.counts[k] for k in sorted(scores.counts)},
            }
        summary: dict[str, Any] = {
            "game": self.game.name,
            "games": n,
            "score": self.game.score_label,
            "win_label": self.game.win_label,
            "seats": per_seat,
            "ties": self.ties,
        }
        if self.first is not None:
            if self.extra is not None:
                summary["extra"] = self.extra.summary(self.first)
            elif self.listed is not None:
                summary["extra"] = self.listed.summary()
        return summary
