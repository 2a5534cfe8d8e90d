"""Infect for the Horde against the players: poison counters, not life loss (702.90b).

The rule is scenario ``poison-a-horde-infect-creature-attacks-the-players``; here a person
meets it at the game prompt, in a real pseudo-terminal of 80 x 24.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_horde_mana import Pty


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_the_prompt_the_hordes_infect_attacker_gives_poison_not_life_loss(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    """(702.90b) Scenario poison-a-horde-infect-creature-attacks-the-players, at a terminal."""
    setup = str(REPO / "scenarios" / "horde" / "setups" / "poison-horde-infect-attacks.yaml")
    term = Pty(cardcli_exe, ["play", "horde", "--seed", "1", "--setup", setup], tmp_path)
    try:
        term.wait_for("declare blockers")
        term.wait_for("p1>")
        term.type("block #22 with #6\r")
        term.wait_for("p1>")
        term.type("pass\r")
        term.wait_for("Phyrexian Colossus deals 9 damage to p2")
        # (Combat damage is said summed: the life the Zombies took, the poison the Colossus gave.)
        term.wait_for("in all 17 combat damage: shared life 40 → 32; poison 0 → 9 of 15")
        assert "shared life 23" not in term.seen and "life -9" not in term.seen
        term.type("quit\r")
        term.process.wait(timeout=30)
    finally:
        term.close()
