"""A trigger's whole body that orders one creature's attack (508.1d): "choose an opponent at
random. This creature attacks that player this combat if able." (Raving Dead) ->
``{do: must_attack_player, each: it, player: random_opponent}``; the engine's
``magic.attack_orders`` plays it."""

from __future__ import annotations

import re
from typing import Any

_RANDOM = re.compile(
    r"[Cc]hoose an opponent at random\. ~ attacks that player this combat if able\."
)


def random_opponent_attack(body: str) -> list[dict[str, Any]] | None:
    if _RANDOM.fullmatch(" ".join(body.split())) is None:
        return None
    return [{"do": "must_attack_player", "each": "it", "player": "random_opponent"}]
