"""Events a Horde game seldom has still get a line at the terminal."""

from __future__ import annotations

import pytest

from cardcli.games.horde.view import describe


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ({"type": "no_lifegain", "player": "p1", "amount": 3, "source": 296},
         "p1 gains no life (3): #296 says players can't gain life"),
        ({"type": "empty_draw", "who": "p2"}, "p2 draws from an empty library (704.5b)"),
        ({"type": "regenerated", "id": 4},
         "#4 regenerates (tapped, removed from combat, damage gone)"),
        ({"type": "shield", "target": 12}, "damage to #12 will be prevented (a shield)"),
        ({"type": "shuffled", "who": "p1"}, "p1 shuffles their library"),
        ({"type": "loop", "why": "the game repeated itself without a decision"},
         "the game ends in a draw: the game repeated itself without a decision (104.4b)"),
    ],
)  # fmt: skip
def test_a_seldom_event_is_said(event: dict[str, object], said: str) -> None:
    assert describe({"seq": 1, **event}) == said
