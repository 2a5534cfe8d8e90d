"""Bot teammates (810.2 as RULES.md reads it): a bot seat beside people plays its own
cards; the team's attacks and blocks stay with the people unless they say ``auto``."""

from __future__ import annotations

import json
import os
import select
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.errors import LogError
from cardcli.engine.loop import run
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import RNG_ID, RNG_V2
from cardcli.engine.session import Session
from tests.conftest import new_session

P2_LIBRARY = "; ".join(["Forest", "Llanowar Elves", *(["Forest"] * 10)])
ORDERED = {"mulligan": "none", "order": (f"p2={P2_LIBRARY}",)}


def team_game(
    seats: dict[str, str],
    first: list[str] | None = None,
    until_turn: int = 4,
    seed: int = 3,
    rng_id: str = RNG_ID,
) -> tuple[Session, list[dict[str, Any]], list[tuple[str | None, str, int]]]:
    """A game played by the loop: bots at their seats, the person's lines from a reader
    that answers ``first`` and then passes (or the first legal answer). Returns what
    the person was asked: (seat, the kind of decision, the turn)."""
    session, lines = new_session("horde", seed=seed, seats=seats, rng_id=rng_id, **ORDERED)
    asked: list[tuple[str | None, str, int]] = []
    given = list(first or [])

    def read(seat: str | None) -> str | None:
        table = session.state.table  # type: ignore[attr-defined]
        assert table.pending is not None
        asked.append((seat, table.pending.kind, table.turn))
        if given:
            return given.pop(0)
        if table.turn > until_turn or len(asked) > 400:
            return None
        legal = session.state.legal_commands(seat or "p1")
        return "pass" if "pass" in legal else legal[0]

    run(session, read)
    return session, lines, asked


def commands(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line["type"] in ("command", "rejected")]


def answered_at(lines: list[dict[str, Any]], step: str) -> list[dict[str, Any]]:
    """The command lines that came first after each ``step`` began (that step's answer)."""
    found = []
    for at, line in enumerate(lines):
        if line["type"] == "step" and line["step"] == step:
            nxt = next((c for c in lines[at + 1 :] if c["type"] in ("command", "step")), None)
            if nxt is not None and nxt["type"] == "command":
                found.append(nxt)
    return found


def test_a_bot_seat_plays_its_own_land_and_creature_without_the_person() -> None:
    _session, lines, asked = team_game({"p1": "human", "p2": "planner"})
    by_bot = [c["text"] for c in commands(lines) if c.get("bot") == "planner"]
    assert "p2 play Forest" in by_bot  # named as a person would type it
    assert "p2 cast Llanowar Elves" in by_bot
    cast = next(e for e in lines if e["type"] == "cast")
    assert (cast["who"], cast["card"]) == ("p2", "Llanowar Elves")
    # The person typed only passes and discards: nothing of p2's.
    person = [c["text"] for c in commands(lines) if "bot" not in c]
    assert person and all(t == "pass" or t.startswith("choose") for t in person)
    assert all(seat == "p1" for seat, _kind, _turn in asked)


def test_the_attack_stays_with_the_person_unless_handed_over() -> None:
    _s, lines, asked = team_game({"p1": "human", "p2": "planner"})
    assert ("p1", "attackers", 2) in asked  # the person was asked, and passed
    declared = answered_at(lines, "declare_attackers")
    assert declared and all("bot" not in c and c["player"] == "p1" for c in declared)

    _s, lines, asked = team_game({"p1": "human", "p2": "planner"}, first=["auto attacks"])
    assert [(e["by"], e["decisions"]) for e in lines if e["type"] == "handed"] == [
        ("p1", ["attacks"])
    ]
    assert not [a for a in asked if a[1] == "attackers"]  # never asked again
    declared = answered_at(lines, "declare_attackers")
    assert declared and all((c.get("bot"), c["player"]) == ("planner", "p2") for c in declared)


def test_auto_off_gives_the_attack_back_to_the_person() -> None:
    _s, lines, asked = team_game(
        {"p1": "human", "p2": "planner"}, first=["auto attacks", "auto off"]
    )
    assert [e["decisions"] for e in lines if e["type"] == "handed"] == [["attacks"], []]
    assert ("p1", "attackers", 2) in asked
    assert all("bot" not in c for c in answered_at(lines, "declare_attackers"))


def test_the_blocks_stay_with_the_person_unless_handed_over() -> None:
    _s, _lines, asked = team_game({"p1": "human", "p2": "planner"}, until_turn=5)
    assert any(kind == "blockers" and seat == "p1" for seat, kind, _t in asked)
    _s, lines, asked = team_game(
        {"p1": "human", "p2": "planner"}, first=["auto blocks"], until_turn=5
    )
    assert not [a for a in asked if a[1] == "blockers"]
    assert [e["decisions"] for e in lines if e["type"] == "handed"] == [["blocks"]]


def test_with_a_bot_at_p1_the_person_at_p2_keeps_the_teams_decisions() -> None:
    _s, lines, asked = team_game({"p1": "planner", "p2": "human"})
    assert asked and all(seat == "p2" for seat, _kind, _turn in asked)
    assert ("p2", "attackers", 2) in asked
    # The person's passes are p2's; p1's bot played p1's own cards.
    passes = [c for c in commands(lines) if c["text"] == "pass"]
    assert passes and all(c["player"] == "p2" and "bot" not in c for c in passes)
    assert any(c.get("bot") == "planner" and c["text"].startswith("p1 play") for c in lines)


def test_auto_is_refused_with_no_bot_at_the_table() -> None:
    session, _lines = new_session("horde", seed=3, mulligan="none")
    outcome = session.submit("auto attacks")
    assert not outcome.accepted
    assert "no bot sits at the table" in (outcome.reason or "")
    assert not session.submit("auto").accepted  # says what it takes
    assert "auto takes" in (session.submit("auto sometimes").reason or "")


def test_with_bots_at_every_seat_the_seating_is_not_consulted() -> None:
    session, _lines = new_session("horde", seed=3, seats={"p1": "planner", "p2": "planner"})
    assert session.seating is None


def test_the_log_of_a_bot_teammate_replays_and_validates() -> None:
    _s, lines, _asked = team_game({"p1": "human", "p2": "planner"}, first=["auto attacks"])
    _replay, divergence, count = replay_lines(lines)
    assert divergence is None and count == len(lines)
    # Without the bot: a log of an older release (0.3.0 wrote RNG v2) gives its lines as
    # written, and says so; a version no release had is refused.
    _s, v2_lines, _asked = team_game(
        {"p1": "human", "p2": "planner"}, first=["auto attacks"], rng_id=RNG_V2
    )
    older = [{**v2_lines[0], "engine": "0.3.0"}, *v2_lines[1:]]
    replayed, divergence, _count = replay_lines(older)
    assert divergence is None
    assert any("bots' lines are taken as written" in note for note in replayed.notes)
    with pytest.raises(LogError, match="does not know"):
        replay_lines([{**lines[0], "engine": "0.0.1"}, *lines[1:]])
    # A bot's line where the bot would not play is a divergence.
    at = next(i for i, c in enumerate(lines) if c.get("bot") and "cast" in c.get("text", ""))
    changed = [*lines[:at], {**lines[at], "text": "p2 play #999"}, *lines[at + 1 :]]
    _replay, divergence, _count = replay_lines(changed)
    assert divergence is not None


# -- at a real terminal --------------------------------------------------------------------

ROWS, COLUMNS = 24, 80


def _spawn(exe: Path, args: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], int, int]:
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "XDG_STATE_HOME": str(cwd / "state"),
        "COLUMNS": str(COLUMNS),
        "LINES": str(ROWS),
    }
    process = subprocess.Popen(
        [str(exe), *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=cwd,
        env=env,
        start_new_session=True,
    )
    return process, master, slave


def _reader(master: int) -> Callable[..., str]:
    import pyte

    screen = pyte.HistoryScreen(COLUMNS, ROWS, history=5000)
    stream = pyte.ByteStream(screen)
    seen: list[str] = []

    def wait_for(wanted: str, seconds: float = 60, since: int = 0) -> str:
        """All the output so far, once ``wanted`` is in it after character ``since``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                stream.feed(data)
                seen.append(data.decode("utf-8", "replace"))
            if wanted in "".join(seen)[since:]:
                return "".join(seen)
        raise AssertionError(
            f"{wanted!r} never appeared; the screen:\n" + "\n".join(screen.display)
        )

    return wait_for


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_a_terminal_the_bot_at_p2_plays_its_land_and_creature(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    log = tmp_path / "team.jsonl"
    args = ["play", "horde", "--plain", "--seed", "3", "--seat", "p2=planner", "--mulligan", "none"]
    args += ["--order", f"p2={P2_LIBRARY}", "--log", str(log)]
    process, master, slave = _spawn(cardcli_exe, args, tmp_path)
    try:
        wait_for = _reader(master)
        wait_for("p2 (planner)> p2 play Forest")  # the bot's line, as anyone's is shown
        wait_for("p2 plays Forest")  # the bot's land, before the person typed a line
        wait_for("p2 casts Llanowar Elves")
        os.write(master, b"pass\n")
        os.write(master, b"pass\n")  # the team's turn 2: its second main phase, then the end
        wait_for("turn 2")
        os.write(master, b"quit\n")
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
        os.close(slave)
    lines = [json.loads(text) for text in log.read_text().splitlines()]
    typed = [c["text"] for c in lines if c["type"] == "command" and "bot" not in c]
    assert typed and not [t for t in typed if "p2" in t]
    played = [c["text"] for c in lines if c["type"] == "command" and c.get("bot") == "planner"]
    assert "p2 play Forest" in played and "p2 cast Llanowar Elves" in played
    replayed = subprocess.run(
        [str(cardcli_exe), "replay", str(log)], capture_output=True, text=True, check=False
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert "replayed identically" in replayed.stdout


def test_a_bot_seat_casts_its_instant_on_the_hordes_turn(tmp_path: Path) -> None:
    """Two Zombie Giants attack (10 power): the planner at p2 answers with its Aetherize
    while the person at p1 only passes."""
    setup = tmp_path / "aetherize.yaml"
    setup.write_text(
        json.dumps(
            {
                "turn": 7,
                "active": "horde",
                "step": "begin_combat",
                "horde": {"battlefield": ["Zombie Giant"] * 2, "library": ["Zombie"] * 4},
                "p1": {"library": ["Plains"] * 2},
                "p2": {
                    "battlefield": ["Island"] * 4,
                    "hand": ["Aetherize"],
                    "library": ["Island"] * 2,
                },
            }
        ),
        encoding="utf-8",
    )
    session, lines = new_session(
        "horde", seed=1, seats={"p1": "human", "p2": "planner"}, setup=str(setup)
    )
    said: list[str] = []

    def read(seat: str | None) -> str | None:
        table = session.state.table  # type: ignore[attr-defined]
        if table.turn > 7 or len(said) > 30:
            return None
        said.append("pass")
        return "pass"

    run(session, read)
    cast = [e for e in lines if e["type"] == "cast"]
    assert [(e["who"], e["card"]) for e in cast] == [("p2", "Aetherize")]
    by_bot = [c for c in commands(lines) if c.get("bot") == "planner"]
    assert by_bot and by_bot[0]["text"] == "p2 cast Aetherize"
    assert all(c["text"] == "pass" for c in commands(lines) if "bot" not in c)
    assert not [e for e in lines if e["type"] == "life" and e.get("delta", 0) < 0]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_a_terminal_the_person_declares_the_attack_until_auto_attacks(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    """The game asks the person at p1 for the team's attack (p2's Elves could attack);
    after ``auto attacks`` the planner at p2 answers it."""
    log = tmp_path / "team.jsonl"
    args = ["play", "horde", "--plain", "--seed", "3", "--seat", "p2=planner", "--mulligan", "none"]
    args += ["--order", f"p2={P2_LIBRARY}", "--log", str(log)]
    process, master, slave = _spawn(cardcli_exe, args, tmp_path)
    try:
        wait_for = _reader(master)
        seen = wait_for("p1> ")
        for _ in range(30):  # pass, one prompt at a time, until the attack is asked
            if "declare attackers (attack NAME" in seen.rsplit("p1> ", 2)[-2]:
                break
            prompts = seen.count("p1> ")
            os.write(master, b"pass\n")
            while seen.count("p1> ") <= prompts:
                seen = wait_for("p1> ")
        else:
            raise AssertionError("the person was never asked to declare attackers")
        os.write(master, b"auto attacks\n")
        seen = wait_for("declares its attacks")
        at = seen.index("declares its attacks")
        wait_for("p2 (planner)> ", since=at)  # the bot answers the team's attack
        os.write(master, b"quit\n")
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
        os.close(slave)
    lines = [json.loads(text) for text in log.read_text().splitlines()]
    handed = next(i for i, c in enumerate(lines) if c["type"] == "handed")
    before = [c for c in lines[:handed] if c["type"] == "command"]
    assert before[-1] == {**before[-1], "text": "auto attacks", "player": "p1"}
    assert "bot" not in before[-1]
    after = [c for c in lines[handed:] if c["type"] == "command"]
    assert after and after[0].get("bot") == "planner"
    assert after[0]["text"] == "pass" or after[0]["text"].startswith("attack")
