"""The automatic payment keeps what the hand needs, and says which land made which mana.

A person meets it at the game prompt, in a real pseudo-terminal of 80 x 24 (read back
through pyte); the rules are scenarios (``mana-payment-keeps-*``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from cardcli.magic.mana import ManaCost, pay
from cardcli.magic.mana_keep import kept_for, need_of
from tests import pty_screen
from tests.conftest import REPO, new_session

SETUPS = REPO / "scenarios" / "horde" / "setups"


def test_need_is_the_most_one_cost_asks_for_per_type() -> None:
    costs = [ManaCost.parse(t) for t in ("{W}", "{1}{W}{W}", "{R/W}", "{2/G}", "{U/P}")]
    assert need_of(costs) == {"W": 2, "G": 1, "U": 1}


def test_generic_mana_comes_from_the_type_with_most_to_spare() -> None:
    lands = [(1, ("R",)), (2, ("W",)), (3, ("R",)), (4, ("R",)), (5, ("W",))]
    cost = ManaCost.parse("{2}{R}")
    plain = pay(cost, {}, lands, 0)
    kept = pay(cost, {}, lands, 0, keep=lambda: {"W": 2})
    assert plain is not None and kept is not None
    assert sorted(k for _, k in plain.taps) == ["R", "W", "W"]  # (the old payment)
    assert sorted(k for _, k in kept.taps) == ["R", "R", "R"]  # both Plains kept


def test_a_hybrid_symbol_is_paid_with_the_colour_the_hand_needs_less() -> None:
    lands = [(1, ("G",)), (2, ("G",)), (3, ("W",))]
    cost = ManaCost.parse("{G/W}")  # (Kalonian Tusker, {G}{G}, in hand)
    plain = pay(cost, {}, lands, 0)
    kept = pay(cost, {}, lands, 0, keep=lambda: {"G": 2})
    assert plain is not None and plain.taps == [(1, "G")]  # (the old payment)
    assert kept is not None and kept.taps == [(3, "W")]


def test_the_pool_pays_first_whatever_is_kept() -> None:
    plan = pay(ManaCost.parse("{1}"), {"W": 1}, [(1, ("R",))], 0, keep=lambda: {"W": 1})
    assert plan is not None and plan.pool_used == {"W": 1} and plan.taps == []


def test_what_is_kept_counts_the_hand_and_the_boards_abilities() -> None:
    session, _ = new_session(
        "horde", seed=1, setup=str(SETUPS / "mana-keeps-an-abilitys-colour.yaml")
    )
    table = session.state.table  # type: ignore[attr-defined]
    assert kept_for(table, "p1") == {"R": 1, "B": 1}  # Volcanic Hammer, Drudge Skeletons


def test_an_older_log_s_payment_is_unchanged() -> None:
    """``--mana-payment in-order`` (a header without the option) pays as before."""
    setup = str(SETUPS / "mana-keeps-colours.yaml")
    session, lines = new_session("horde", seed=1, setup=setup, mana_payment="in-order")
    session.submit("p1 cast Prodigal Pyromancer")
    tapped = next(line for line in lines if line["type"] == "tapped")
    assert tapped == {"seq": tapped["seq"], "type": "tapped", "ids": [6, 7, 10], "why": "mana"}


def test_lands_pay_and_a_creature_that_taps_for_mana_is_left_alone() -> None:
    session, lines = new_session("horde", seed=1, setup=str(SETUPS / "mana-keeps-colours.yaml"))
    table = session.state.table  # type: ignore[attr-defined]
    creatures = [o for o in table.battlefield.values() if "Creature" in table.chars(o).types]
    session.submit("p1 cast Savannah Lions")
    tapped = [line for line in lines if line["type"] == "tapped"]
    assert tapped[-1]["cards"] == ["Plains"]
    assert all(not o.tapped for o in creatures)


# -- at the terminal -----------------------------------------------------------------------

ROWS, COLUMNS = 24, 80


class Pty(pty_screen.Pty):
    """A game in a pseudo-terminal, in line mode (``--plain``): what it says, line by line."""

    def __init__(self, exe: Path, args: list[str], cwd: Path) -> None:
        if args[:2] == ["play", "horde"]:
            args = [*args[:2], "--plain", *args[2:]]
        super().__init__(exe, args, cwd, ROWS, COLUMNS)

    @property
    def seen(self) -> str:
        """Every line that has been on the screen, even one scrolled away between two reads."""
        return self.said()

    def wait_for(self, wanted: str, seconds: float = 30, raw: bool = False) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            # (The live screen redraws only the cells that changed: look at it as shown too.)
            if wanted in self.seen or wanted in self.text():
                return self.text()
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_the_prompt_the_payment_leaves_a_plains_and_says_what_it_tapped(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    setup = str(SETUPS / "mana-keeps-colours.yaml")
    term = Pty(cardcli_exe, ["play", "horde", "--setup", setup], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("p1 cast Prodigal Pyromancer\r")
        term.wait_for("p1 taps #6 Mountain {R}, #8 Mountain {R}, #7 Plains {W}")
        term.wait_for("Prodigal Pyromancer resolves")
        term.type("p1 cast Savannah Lions\r")
        term.wait_for("p1 taps #10 Plains {W}")
        term.wait_for("p1 casts Savannah Lions")
        assert "cannot pay" not in term.seen
        term.type("quit\r")
        term.process.wait(timeout=30)
    finally:
        term.close()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_the_prompt_a_command_tower_without_a_commander_is_named_and_refused(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    setup = str(SETUPS / "mana-command-tower-alone.yaml")
    term = Pty(cardcli_exe, ["play", "horde", "--setup", setup], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("p1 play Command Tower\r")
        term.wait_for("p1 has no commander: #17 Command Tower adds no mana for them (903.4f)")
        term.type("p1 tap #6 G\r")
        term.wait_for("#6 Command Tower adds no mana now (903.4f")
        term.type("quit\r")
        term.process.wait(timeout=30)
    finally:
        term.close()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_the_prompt_a_refused_payment_names_the_mana_creature_to_tap(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    setup = str(SETUPS / "mana-elves-and-lands.yaml")
    term = Pty(cardcli_exe, ["play", "horde", "--setup", setup], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("p1 cast Centaur Courser\r")
        term.wait_for("first tap #6 Llanowar Elves")
        term.type("p1 tap #6\r")
        term.wait_for("p1 adds {G} with #6")
        term.type("p1 cast Centaur Courser\r")
        term.wait_for("p1 taps #7 Forest {G}, #8 Forest {G}")
        term.wait_for("p1 casts Centaur Courser")
        term.type("quit\r")
        term.process.wait(timeout=30)
    finally:
        term.close()
