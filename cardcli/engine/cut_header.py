"""What a log cut inside its first line still says, and what to do with it.

A log whose header was cut mid-write (the machine stopped as the game began)
holds no move: nothing in it can be replayed or resumed. What can be read of
the header (the game, the seed) tells the player how to start the same game.
"""

from __future__ import annotations

import re

from cardcli.printable import one_line

_GAME = re.compile(rb'"game"\s*:\s*"([a-z-]{1,40})"')
_SEED = re.compile(rb'"seed"\s*:\s*([0-9]{1,20})\b')


def cut_header_advice(head: bytes, name: str) -> str:
    """The message for a log cut inside its first line, whose first bytes are ``head``."""
    game = _GAME.search(head)
    seed = _SEED.search(head)
    again = "cardcli play GAME --log NEW"
    if game is not None:
        again = f"cardcli play {game.group(1).decode()} --log NEW"
        if seed is not None:
            again = (
                f"cardcli play {game.group(1).decode()} --seed {seed.group(1).decode()} --log NEW"
            )
    return (
        f"{one_line(name)}: cut off inside its first line (the header, {len(head)} bytes kept): "
        f"the game was cut before its first move was saved, so nothing in it can be resumed; "
        f"start it again with '{again}' (and its options), then delete this file"
    )
