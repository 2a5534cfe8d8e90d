"""Stops and ``pass until``: nothing a person types is applied to a decision they have not seen.

The issue's scene: p2 plays a Plains with nothing left to do; today the team's turn ends by
itself, the Horde's turn scrolls past, and the next ``pass`` (meant as "end my main phase")
is taken as "we block nothing". At a terminal the game now stops where the team could act,
in its main phases, and before it must declare blockers; scripts play as before.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.replay import replay_lines
from cardcli.games.horde import stops
from tests.conftest import new_session

SCENE = str(
    Path(__file__).parent.parent / "scenarios/horde/setups/stops-a-land-and-nothing-else.yaml"
)
COUNTER = str(Path(__file__).parent.parent / "scenarios/horde/setups/counter-horde.yaml")


def _session(setup: str = SCENE, seats: dict[str, str] | None = None) -> tuple[Any, list[Any]]:
    return new_session("horde", seed=1, seats=seats, players=2, setup=setup)


def _where(session: Any) -> tuple[int, str, str, str | None]:
    table = session.state.table
    pending = table.pending.kind if table.pending is not None else None
    return table.turn, table.active_team.name, table.step, pending


# -- the engine ---------------------------------------------------------------------------


def test_without_stops_the_scene_runs_into_the_hordes_blockers_as_a_script_documents() -> None:
    """A script's game is as it was: no stops, and 'pass' after the land answers the blocks."""
    session, lines = _session()
    assert session.submit("p2 play Plains").accepted
    assert _where(session) == (7, "horde", "declare_blockers", "blockers")
    assert "pass until combat" not in session.state.legal_commands("p1")
    assert not any(line["type"] == "stops" for line in lines)


def test_with_the_terminals_stops_each_pass_answers_what_the_team_sees() -> None:
    session, _ = _session()
    assert session.submit("stops default").accepted
    assert session.submit("p2 play Plains").accepted
    assert _where(session) == (6, "players", "main1", "priority")
    session.submit("pass")
    assert _where(session) == (6, "players", "main2", "priority")
    session.submit("pass")  # the Horde's turn: its attackers are declared, the team is asked
    assert _where(session) == (7, "horde", "declare_attackers", "priority")
    session.submit("pass")
    assert _where(session) == (7, "horde", "declare_blockers", "blockers")
    assert session.submit("block #1 with #5").accepted  # the Bears still block


def test_pass_until_is_listed_with_stops_and_accepted_without() -> None:
    session, _ = _session(COUNTER)
    assert "pass until combat" not in session.state.legal_commands("p1")
    assert session.submit("pass until combat").accepted  # accepted either way
    other, _ = _session(COUNTER)
    other.submit("stops default")
    legal = other.state.legal_commands("p1")
    assert "pass until combat" in legal and "pass until my turn" in legal


def test_pass_until_combat_stops_where_the_hordes_attackers_are_declared() -> None:
    session, lines = _session(COUNTER)
    session.submit("stops default")
    assert session.submit("pass until combat").accepted
    assert _where(session) == (7, "horde", "declare_attackers", "priority")
    assert [x["card"] for x in lines if x["type"] == "cast"] == ["Zombie", "Maggot Carrier"]


def test_pass_until_my_turn_asks_for_blockers_and_goes_on_after_them() -> None:
    session, _ = _session()
    session.submit("stops default")
    session.submit("p2 play Plains")
    assert session.submit("pass until my turn").accepted
    assert _where(session) == (7, "horde", "declare_blockers", "blockers")
    session.submit("pass")
    assert _where(session) == (8, "players", "main1", "priority")


def test_horde_spells_instant_stops_only_when_the_team_could_cast_a_spell(tmp_path: Path) -> None:
    """'Do not stop for each Horde spell unless we hold an instant': with Essence Scatter in
    hand the team is asked as the Zombie is cast; holding no spell, with only Prodigal
    Pyromancer's ability to use, it is asked under 'able' and not under 'instant'."""
    session, _ = _session(COUNTER)
    session.submit("stops default")
    session.submit("stops horde-spells instant")
    session.submit("pass")
    assert session.state.table.stack, "asked with the Horde's spell on the stack"
    pinger = tmp_path / "pinger.yaml"
    pinger.write_text(
        "turn: 7\nactive: horde\nstep: upkeep\nhorde: {library: [Zombie, Zombie]}\n"
        "p1: {battlefield: [Prodigal Pyromancer], library: [Island, Island]}\n"
        "p2: {library: [Island, Island]}\n",
        encoding="utf-8",
    )
    elves = tmp_path / "elves.yaml"  # Giant Growth paid by Llanowar Elves alone: a spell
    elves.write_text(
        "turn: 7\nactive: horde\nstep: upkeep\nhorde: {library: [Zombie, Zombie]}\n"
        "p1: {battlefield: [Llanowar Elves], hand: [Giant Growth], library: [Forest]}\n"
        "p2: {library: [Island, Island]}\n",
        encoding="utf-8",
    )
    game, _ = _session(str(elves))
    game.submit("stops default")
    game.submit("stops horde-spells instant")
    game.submit("pass")
    assert game.state.table.stack, "Giant Growth can be cast with the Elves' mana"
    for mode, asked in (("able", True), ("instant", False), ("never", False)):
        game, _ = _session(str(pinger))
        game.submit("stops default")
        game.submit(f"stops horde-spells {mode}")
        game.submit("pass")  # the upkeep: on to the Horde's main phase
        on_stack = bool(game.state.table.stack)
        assert on_stack == asked, mode


def test_a_rejected_stops_command_changes_nothing() -> None:
    session, lines = _session()
    for bad in ("stops bogus always", "stops main1 sometimes", "stops main1", "pass until dawn"):
        outcome = session.submit(bad)
        assert not outcome.accepted and outcome.reason and len(outcome.reason) < 160
    assert "stops" not in session.state.table.extra
    assert [x["type"] for x in lines[-4:]] == ["rejected"] * 4


def test_stops_may_be_set_by_a_person_whatever_seat_is_to_move() -> None:
    session, _ = _session(seats={"p1": "basic", "p2": "human"})
    outcome = session.submit("stops default", seat="p2")
    assert outcome.accepted, outcome.reason


def test_a_log_with_stops_replays_to_the_same_lines() -> None:
    session, lines = _session()
    for text in ("stops default", "p2 play Plains", "pass", "stops main2 never", "pass"):
        assert session.submit(text).accepted
    _replay, divergence, count = replay_lines(lines)
    assert divergence is None and count == len(lines)


def test_a_resumed_game_keeps_its_stops_and_a_new_one_gets_the_defaults() -> None:
    session, _ = _session()
    assert stops.terminal_start(session.state) == ["stops default"]
    session.submit("stops off")
    assert stops.terminal_start(session.state) == []


def test_what_stops_shows_fits_80_columns() -> None:
    session, _ = _session()
    session.submit("stops default")
    shown = stops.show(session.state, 80)
    assert "horde-attackers always" in shown and "main1 always" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())


# -- at a terminal ---------------------------------------------------------------------------


@pytest.fixture
def terminal(cardcli_exe: Path, tmp_path: Path) -> Iterator[Any]:
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("pseudo-terminals are POSIX")
    from tests.horde_terminal import HordeTerminal

    opened: list[HordeTerminal] = []

    def start(*args: str) -> HordeTerminal:
        term = HordeTerminal(cardcli_exe, list(args), tmp_path)
        opened.append(term)
        return term

    yield start
    for term in opened:
        term.close()


def test_at_a_terminal_pass_after_a_land_ends_the_main_phase_not_the_blocks(terminal: Any) -> None:
    """The issue's scene at 80 x 24: after 'p2 play Plains' the game waits in the main phase;
    'pass' ends it, the next the second main phase, the next lets the Horde's attack go on,
    and the game asks for blockers: the Bears block the Zombie Giant."""
    term = terminal("--seed", "1", "--setup", SCENE)
    term.prompt()
    screen = term.command("p2 play Plains")
    assert "first main phase" in screen and "declare blockers" not in screen
    screen = term.command("pass")
    assert "second main phase" in screen
    term.command("pass")
    assert "declare attackers" in term.seen and "declare blockers" not in term.seen
    term.command("pass")
    assert "declare blockers" in term.seen
    term.command("block #1 with #5")
    term.command("pass")
    blocks = [x for x in term.lines() if x["type"] == "blockers"]
    assert blocks and blocks[0]["blocks"] == [{"blocker": 5, "attacker": 1}]
    assert term.commands()[0] == "stops default"


def test_at_a_terminal_stops_shows_and_changes_them_and_pass_until_my_turn(terminal: Any) -> None:
    term = terminal("--seed", "1", "--setup", SCENE)
    term.prompt()
    term.command("stops")
    assert "horde-attackers always" in term.seen
    assert all(len(line) <= 80 for line in term.text().splitlines())
    term.command("stops horde-attackers able")
    assert "stops: horde-attackers able" in term.seen
    term.command("p2 play Plains")
    term.command("pass until my turn")
    assert "declare blockers" in term.seen  # still asked to declare blockers
    term.command("pass")
    assert "the players' turn 6" in term.seen
    texts = term.commands()
    assert texts == [
        "stops default",
        "stops horde-attackers able",
        "p2 play Plains",
        "pass until my turn",
        "pass",
    ]  # 'stops' alone is never logged


def test_a_script_game_resumed_at_a_terminal_gets_the_stops_then(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    import subprocess

    from tests.horde_terminal import HordeTerminal

    log = tmp_path / "game.jsonl"
    subprocess.run(
        [str(cardcli_exe), "play", "horde", "--seed", "1", "--setup", SCENE, "--log", str(log)],
        input="p2 play Plains\n",
        capture_output=True,
        text=True,
        check=True,
    )
    term = HordeTerminal(cardcli_exe, [], tmp_path, command=["resume", str(log)])
    try:
        term.prompt()
        term.type("quit\r")
        assert term.finish() == 0
    finally:
        term.close()
    assert term.commands() == ["p2 play Plains", "stops default"]


def test_one_instant_in_hand_costs_a_pass_a_horde_spell_and_three_more_a_horde_turn() -> None:
    """Today one instant meant a pass at every step of the Horde's turn. With the terminal's
    stops the team holding Essence Scatter and Lightning Bolt is asked as each Horde spell
    or trigger is on the stack, once the attackers are declared, after its blocks, and in
    the end step; without stops it was asked at every step it could act."""

    def passes_to_our_turn(session: Any) -> tuple[int, int]:
        count = 0
        while session.state.table.active_team.name == "horde":
            assert session.submit("pass").accepted
            count += 1
        stacked = sum(1 for x in lines if x["type"] in ("cast", "triggered"))
        return count, stacked

    session, lines = _session(COUNTER)  # it begins in the Horde's upkeep, the team asked
    session.submit("stops default")
    count, stacked = passes_to_our_turn(session)
    assert count == 1 + stacked + 3  # 7
    session, lines = _session(COUNTER)
    before, _ = passes_to_our_turn(session)
    assert before == count + 4  # 11: the Horde's main phase, beginning of combat, ...
