"""The Horde decides by chance: "it decides as randomly as possible, for example by a die roll".

Barter in Blood ("Each player sacrifices two creatures of their choice") against a Horde with a
Zombie Giant (#1, 5/5), a Zombie token card (#2, 2/2) and two Zombie tokens (#3, #4): it used
to sacrifice two of its 2/2 Zombies, never the Giant, in every seed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cardcli.engine.rng import Rng
from cardcli.games.horde.chance import by_chance
from cardcli.magic.decisions import Decision
from tests.conftest import REPO, new_session
from tests.test_horde_mana import Pty

SETUP = str(REPO / "scenarios" / "horde" / "setups" / "barter-in-blood.yaml")


def _sacrificed(seed: int, **options: str) -> tuple[list[str], list[dict[str, object]]]:
    session, lines = new_session("horde", seed=seed, setup=SETUP, **options)
    outcome = session.submit("p1 cast Barter in Blood")
    assert outcome.accepted, outcome.reason
    choices = [line for line in lines if line["type"] == "choice" and line["who"] == "horde"]
    gone = [
        f"#{line['was']}"
        for line in lines
        if line["type"] == "moved" and line["why"] == "sacrificed" and line["owner"] == "horde"
    ]
    return gone, choices


def test_what_the_horde_sacrifices_is_drawn_and_logged() -> None:
    drawn: set[frozenset[str]] = set()
    for seed in range(1, 21):
        gone, choices = _sacrificed(seed)
        assert len(gone) == 2
        assert [c["chosen"] for c in choices if c["kind"] == "sacrifice"] == [gone]
        drawn.add(frozenset(gone))
    assert len(drawn) >= 4  # of the six pairs, not the weakest every time
    assert any("#1" in pair for pair in drawn)  # the Zombie Giant goes too, sometimes


def test_the_same_seed_draws_the_same() -> None:
    assert _sacrificed(7) == _sacrificed(7)


def test_the_old_policy_sacrificed_the_weakest_in_every_seed() -> None:
    """``--horde-choices policy``: how logs written before the option were played."""
    for seed in range(1, 11):
        gone, _choices = _sacrificed(seed, horde_choices="policy")
        assert len(gone) == 2 and "#1" not in gone


def test_any_number_is_a_coin_for_each() -> None:
    options = [f"#{n}" for n in range(1, 9)]
    sizes = set()
    for seed in range(12):
        ask = Decision("scry", "horde", "scry", options, low=0, high=len(options))
        picked = by_chance(ask, Rng(seed))
        assert picked is not None and set(picked) <= set(options)
        sizes.add(len(picked))
    assert len(sizes) > 2  # not all, not none every time


def test_a_colour_is_drawn_and_an_order_shuffled() -> None:
    colours = ["W", "U", "B", "R", "G"]
    drawn = set()
    for seed in range(20):
        picked = by_chance(Decision("choose_value", "horde", "a colour", colours), Rng(seed))
        assert picked is not None and len(picked) == 1
        drawn.add(picked[0])
    assert len(drawn) >= 3
    order = by_chance(Decision("library_order", "horde", "order", colours, 5, 5), Rng(3))
    assert order is not None and sorted(order) == sorted(colours)
    assert by_chance(Decision("attack_target", "horde", "?", colours), Rng(1)) is None


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_the_prompt_the_horde_sacrifices_by_chance_and_says_so(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    term = Pty(cardcli_exe, ["play", "horde", "--seed", "3", "--setup", SETUP], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("p1 cast Barter in Blood\r")
        term.wait_for("horde chooses #2 #1 (sacrifice)")
        term.wait_for("Zombie Giant #1 -> graveyard (sacrificed)")
        term.type("quit\r")
        term.process.wait(timeout=30)
    finally:
        term.close()


def _cavern_enters(tmp_path: Path, seed: int) -> tuple[str | None, list[dict[str, object]]]:
    """Cavern of Souls ("As Cavern of Souls enters, choose a creature type.") put onto the
    Horde's battlefield by an effect: nobody is asked; the Horde chooses as it chooses."""
    import json

    from cardcli.magic.table import Move

    setup = {
        "turn": 7,
        "active": "horde",
        "step": "upkeep",
        "horde": {"graveyard": ["Cavern of Souls"], "battlefield": ["Zombie", "Zombie Giant"]},
        "p1": {"battlefield": ["Grizzly Bears", "Llanowar Elves"], "library": ["Forest"]},
        "p2": {"battlefield": ["Serra Angel"], "library": ["Plains"]},
    }
    path = tmp_path / f"cavern-{seed}.yaml"
    path.write_text(json.dumps(setup), encoding="utf-8")
    session, _ = new_session("horde", seed=seed, players=2, setup=str(path))
    table = session.state.table  # type: ignore[attr-defined]
    cavern = next(o for o in table.players["horde"].graveyard if o.name == "Cavern of Souls")
    table.move_many([Move(cavern, "battlefield", "returned")])
    entered = next(o for o in table.battlefield.values() if o.name == "Cavern of Souls")
    return entered.chosen, table.events


def test_a_permanent_an_effect_puts_onto_the_hordes_battlefield_chooses_by_chance(
    tmp_path: Path,
) -> None:
    picks = {_cavern_enters(tmp_path, seed)[0] for seed in range(12)}
    assert len(picks) > 1  # not always the same type: chance
    chosen, events = _cavern_enters(tmp_path, 3)
    logged = [e for e in events if e.get("type") == "choice" and e.get("kind") == "choose_value"]
    assert logged and logged[-1]["chosen"] == [chosen]
