"""What a person sees of a Horde game at a terminal: the narration's order, combat damage
summed, lines that fit the terminal, the board's hands (issue 23, "Narration and screen").

The pseudo-terminal tests run the installed ``cardcli`` at 80x24 in line mode (``--plain``)
and read what it wrote.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cardcli.fit import bind, fit_help, fit_rules, wrap_line
from cardcli.games.horde.narration import narrate
from cardcli.games.horde.view import describe

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

from tests.pty_screen import Pty

SETUPS = Path(__file__).resolve().parent.parent / "scenarios" / "horde" / "setups"
WIDTH = 80


@pytest.fixture
def pty(cardcli_exe: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    opened: list[Pty] = []

    def start(*args: str, rows: int = 24, columns: int = WIDTH) -> Pty:
        term = Pty(cardcli_exe, list(args), tmp_path, rows, columns)
        opened.append(term)
        return term

    yield start
    for term in opened:
        term.close()


def _plain(pty: Any, setup: str, tmp_path: Path) -> Any:
    term = pty(
        "play",
        "horde",
        "--plain",
        "--seed",
        "1",
        "--setup",
        str(SETUPS / setup),
        "--log",
        "game.jsonl",  # in tmp_path: the line that names it fits too
    )
    term.wait_for("p1>")
    return term


def _fits(text: str, width: int = WIDTH) -> list[str]:
    """The lines wider than the terminal."""
    return [line for line in text.splitlines() if len(line) > width]


# -- a resolving spell's or trigger's line comes before its effects ----------------------------


def test_each_trigger_of_a_chain_is_named_before_the_life_it_costs(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = _plain(pty, "players-bolt.yaml", tmp_path)
    term.type("p1 cast Lightning Bolt -> #2\r")
    term.wait_for("p1 casts Lightning Bolt", raw=True)
    term.type("pass\r")
    term.wait_for("trigger #25", raw=True)
    term.type("pass turn\r")
    said = term.wait_for("the Horde's turn 2 ==", raw=True)
    lines = said[said.index("pass turn") :].splitlines()
    host = next(i for i, line in enumerate(lines) if "#25 Infectious Host resolves" in line)
    dead = next(i for i, line in enumerate(lines) if "#26 Vengeful Dead resolves" in line)
    # Host's trigger: p2 loses 2, under its line; Vengeful Dead's: each player loses 1, under its.
    assert "life -2 (p2" in lines[host + 1]
    assert "life -1 (p1" in lines[dead + 1] and "life -1 (p2" in lines[dead + 2]
    assert host < dead
    assert _fits(said) == []
    term.type("quit\r")
    assert term.finish() == 0


def test_the_log_keeps_the_rules_order_resolved_after_the_effects() -> None:
    """608.2n: a spell leaves the stack as the last step of its resolution: the log's
    ``resolved`` follows the effects; only the narration puts the line first."""
    events = [
        {"type": "life", "player": "p1", "team": "players", "delta": -1, "life": 39, "why": "x"},
        {"type": "resolved", "id": 26, "card": "Vengeful Dead"},
        {"type": "life", "player": "p1", "team": "players", "delta": -2, "life": 37, "why": "x"},
        {"type": "resolved", "id": 25, "card": "Infectious Host"},
    ]
    lines = narrate(events, describe, WIDTH)
    assert lines == [
        "  #26 Vengeful Dead resolves",
        "    life -1 (p1, x): shared life 39",
        "  #25 Infectious Host resolves",
        "    life -2 (p1, x): shared life 37",
    ]


def test_a_death_by_state_based_action_is_not_put_under_the_next_resolution() -> None:
    events = [
        {"type": "resolved", "id": 22, "card": "Lightning Bolt"},
        {
            "type": "moved",
            "card": "Zombie",
            "id": 30,
            "was": 4,
            "from": "battlefield",
            "to": "graveyard",
            "owner": "horde",
            "why": "lethal damage",
        },
        {"type": "life", "player": "p1", "team": "players", "delta": -1, "life": 39, "why": "x"},
        {"type": "resolved", "id": 26, "card": "Vengeful Dead"},
    ]
    lines = narrate(events, describe, WIDTH)
    assert lines[1].startswith("  Zombie #4 -> graveyard") and lines[2].endswith("resolves")


def test_a_resolution_that_waits_for_a_choice_is_named_before_its_effects_so_far() -> None:
    events = [{"type": "life", "player": "p1", "team": "players", "delta": -3, "life": 37,
               "why": "x"}]  # fmt: skip
    lines = narrate(events, describe, WIDTH, resolving=(40, "Barter in Blood"))
    assert lines == ["  #40 Barter in Blood is resolving", "    life -3 (p1, x): shared life 37"]


# -- combat damage summed ------------------------------------------------------------------------


def test_combat_damage_is_one_line_a_group_and_a_total(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = _plain(pty, "screen-zombie-swarm.yaml", tmp_path)
    term.type("block #1 with #18\r")
    term.wait_for("> block #1 with #18", raw=True)
    term.type("pass\r")
    said = term.wait_for("the players' turn 6 ==", raw=True)
    combat = said[said.index("-- combat damage") : said.index("-- end of combat")]
    assert "11 Zombies deal 22 damage to" in combat
    assert "#13 Zombie Giant deals 5 damage to p" in combat
    assert "#1 Zombie deals 2 damage to #18" in combat  # a blocked one: by its ids
    assert "in all 27 combat damage: shared life 40 → 13" in combat
    assert "deals 2 damage to p1" not in combat  # not a line an attacker
    assert len(combat.splitlines()) <= 9  # with the two deaths: 14 lines before
    assert _fits(said) == []
    term.type("quit\r")
    assert term.finish() == 0


def test_a_small_group_names_its_attackers_and_a_large_one_counts_them() -> None:
    def hit(source: int, target: str = "p1", amount: int = 2) -> dict[str, Any]:
        return {"type": "damage", "source": source, "source_name": "Zombie", "target": target,
                "amount": amount, "combat": True}  # fmt: skip

    def life(delta: int, after: int) -> dict[str, Any]:
        return {"type": "life", "player": "p1", "team": "players", "delta": delta, "life": after,
                "why": "damage"}  # fmt: skip

    small = narrate([hit(4), life(-2, 38), hit(5), life(-2, 36)], describe, WIDTH)
    assert small == ["  2 Zombies (#4 #5) deal 4 damage to p1: shared life 40 → 36"]
    many = [e for n in range(27) for e in (hit(10 + n, amount=4), life(-4, 34 - 4 * (n + 1)))]
    big = narrate(
        [{"type": "step", "step": "combat_damage"}, *many], describe, WIDTH
    )  # the example
    assert big == ["  -- combat damage", "  27 Zombies deal 108 damage to p1: shared life 34 → −74"]


# -- every line fits -----------------------------------------------------------------------------


@pytest.mark.parametrize("width", [40, 60, 80])
def test_a_wrapped_line_never_splits_an_id_or_a_card_name(width: int) -> None:
    text = (
        "lands: #55 Plains, #58 Mountain (tapped), #61 Mountain, #62 Command Tower, "
        "#63 Army of the Damned, #64 Zombie Giant, #65 Prodigal Pyromancer (tapped)"
    )
    lines = wrap_line(text, width, "    ")
    assert all(len(line) <= width for line in lines)
    joined = [line.strip() for line in lines]
    for name in ("#58 Mountain", "#62 Command Tower", "#63 Army of the Damned",
                 "#64 Zombie Giant", "#65 Prodigal Pyromancer"):  # fmt: skip
        assert any(name in line for line in joined), (name, lines)


def test_bind_keeps_a_list_of_names_apart() -> None:
    assert bind("Zombie, Zombie Giant").count("\u00a0") == 1


def test_help_wraps_under_the_meaning_column() -> None:
    text = "  p1 play Forest                  play a land, one per player per turn and " * 2
    lines = fit_help(text.rstrip(), 80).splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[1].startswith(" " * 34) and not lines[1].startswith(" " * 35)


def test_a_rules_table_wider_than_the_page_becomes_blocks() -> None:
    table = "| Command | What it does |\n|---|---|\n| `p1 tap #4 [G]` | " + "word " * 30 + "|"
    lines = fit_rules(table, 60).splitlines()
    assert lines[0] == "`p1 tap #4 [G]`"
    assert all(line.startswith("    ") and len(line) <= 60 for line in lines[1:])


@pytest.mark.parametrize(
    "name", ["cardcli.fit", "cardcli.games.horde.narration", "cardcli.live_turns"]
)
def test_the_doctests_hold(name: str) -> None:
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(name))
    assert failed == 0 and tried > 0


# -- the board at the terminal -------------------------------------------------------------------


def test_the_board_fits_80_columns_and_keeps_the_leads_hand_after_p2_plays(
    pty, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    term = _plain(pty, "screen-two-hands.yaml", tmp_path)
    said = term.said()
    assert "p1's hand: #19 Lightning Bolt {R}" in said  # from the start: the lead's hand
    term.type("p2 play Forest\r")
    said = term.wait_for("p2's hand: #26 Grizzly Bears", raw=True)
    after = said[said.index("p2 plays Forest") :]
    assert "p1's hand: #19 Lightning Bolt {R}" in after, "p2's command hid p1's hand"
    lines = after.splitlines()
    assert any(line.strip().startswith("#21 Serra Angel {3}{W}{W}") for line in lines) or any(
        "#21 Serra Angel {3}{W}{W}" in line for line in lines
    )
    assert any("#14 Plains" in line for line in lines)  # the lands wrapped between ids
    assert _fits(said) == []
    term.type("help\r")
    said = term.wait_for("'show p2' shows", raw=True)
    assert _fits(said) == []
    term.type("quit\r")
    assert term.finish() == 0


def test_a_bots_command_shows_the_persons_hand_not_the_bots() -> None:
    from cardcli import terminal
    from tests.conftest import new_session

    session, _ = new_session("horde", seed=3, seats={"p1": "human", "p2": "planner"})
    assert terminal.shown_hands(session, "p2") == "p1"
    assert terminal.shown_hands(session, "p1") == "p1"
    both, _ = new_session("horde", seed=3)
    assert terminal.shown_hands(both, "p2") == "p1,p2"
    board = both.game.render(both.state, "p1,p2", 80)
    assert "p1's hand:" in board and "p2's hand:" in board


# -- the live screen -------------------------------------------------------------------------------


def _live(pty: Any, setup: str = "players-bolt.yaml", rows: int = 24, columns: int = 80) -> Any:
    term = pty(
        "play",
        "horde",
        "--seed",
        "1",
        "--setup",
        str(SETUPS / setup),
        "--log",
        "live.jsonl",
        rows=rows,
        columns=columns,
    )
    term.wait_for("quit or Ctrl-D to stop")
    term.pump(0.3)
    return term


def _row(screen: str, prefix: str) -> int:
    return next(i for i, line in enumerate(screen.splitlines()) if line.startswith(prefix))


def test_the_live_screen_has_board_stack_events_and_prompt_areas(pty) -> None:  # type: ignore[no-untyped-def]
    term = _live(pty)
    screen = term.text()
    lines = screen.splitlines()
    assert lines[0].startswith("Horde Magic · turn 6")
    assert lines[-1].startswith("p1>") and "quit or Ctrl-D" in lines[-2]
    assert "STACK" not in screen  # the stack's area only while something is on it
    term.type("p1 cast Lightning Bolt -> #2\r")
    term.pump(0.5)
    screen = term.wait_for("STACK (top first)")
    events = screen.splitlines()[-3]
    assert "p1 casts Lightning Bolt #22 -> #2" in events  # the newest event above the status
    assert _row(screen, "Horde Magic") < _row(screen, "STACK") < len(screen.splitlines()) - 3
    term.type("pass\r")
    term.type("pass\r")
    screen = term.wait_for("#25 Infectious Host resolves")
    rows = screen.splitlines()
    assert "life -2 (p2" in rows[_row(screen, "  #25 Infectious Host resolves") + 1]
    term.type("pass turn\r")
    term.wait_for("the Horde's turn 2 ==")
    term.type("\x1b[1;5A")  # Ctrl-Up: older events
    screen = term.wait_for("newer lines (Ctrl-Down)")
    assert "the Horde's turn 2 ==" not in screen
    term.type("\x1b[1;5B")  # Ctrl-Down: back to the newest
    term.pump(0.3)
    assert "newer lines" not in term.text() and "the Horde's turn 2 ==" in term.text()
    term.type("quit\r")
    assert term.finish() == 0
    assert term.modes_restored()
    assert "game not finished; continue with: cardcli resume" in term.said()


def test_ctrl_c_clears_a_typed_line_and_on_an_empty_line_stops_with_the_terminal_restored(
    pty,
) -> None:  # type: ignore[no-untyped-def]
    term = _live(pty)
    term.type("pass tur")
    assert term.text().splitlines()[-1].startswith("p1> pass tur")
    term.type("\x03")
    assert term.text().splitlines()[-1].strip() == "p1>", "the line is cleared"
    assert term.process.poll() is None, "the game goes on"
    term.type("\x03")
    assert term.finish() == 130
    assert term.modes_restored()
    assert "interrupted: every line so far is in the log" in term.said()


def test_a_killed_game_restores_the_terminal(pty) -> None:  # type: ignore[no-untyped-def]
    import signal

    term = _live(pty)
    term.process.send_signal(signal.SIGTERM)
    assert term.finish() == 130
    assert term.modes_restored()


def test_a_resize_redraws_the_board_at_the_new_width(pty) -> None:  # type: ignore[no-untyped-def]
    term = _live(pty)
    hand = "p1's hand: #14 Lightning Bolt {R}, #15 Lightning Bolt {R}, #16 Lightning Bolt {R},"
    assert hand not in term.text()  # 86 columns and more: wrapped at 80
    term.resize(30, 110)
    term.pump(1.0)
    screen = term.wait_for(hand)
    assert screen.splitlines()[-1].startswith("p1>")
    term.resize(24, 60)
    term.pump(1.0)
    screen = term.text()
    assert all(len(line) <= 60 for line in screen.splitlines())
    assert "#14 Lightning Bolt {R}" in screen or "PageDown" in screen
    term.type("quit\r")
    assert term.finish() == 0 and term.modes_restored()


def test_help_fills_the_boards_area_until_escape(pty) -> None:  # type: ignore[no-untyped-def]
    term = _live(pty)
    term.type("help\r")
    screen = term.wait_for("p1 play Forest")
    assert "Escape: the board" in screen and "PageDown" in screen
    term.type("\x1b")
    term.pump(0.5)
    assert term.text().startswith("Horde Magic · turn 6")
    term.type("quit\r")
    assert term.finish() == 0


def test_plain_keeps_line_mode_at_a_terminal(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = _plain(pty, "players-bolt.yaml", tmp_path)
    assert "quit or Ctrl-D to stop" not in term.text()
    assert "type 'help' for commands" in term.said()
    term.type("quit\r")
    assert term.finish() == 0


def test_resume_plain_keeps_line_mode_at_a_terminal(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = _plain(pty, "players-bolt.yaml", tmp_path)
    term.type("quit\r")
    assert term.finish() == 0
    resumed = pty("resume", "--plain", "game.jsonl")
    resumed.wait_for("p1>")
    assert "quit or Ctrl-D to stop" not in resumed.text()  # no live screen's footer
    resumed.type("quit\r")
    assert resumed.finish() == 0


def test_the_rules_pager_gets_pages_that_fit_80_columns(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import os

    paged = tmp_path / "paged.txt"
    os.environ["PAGER"] = f"tee {paged}"
    try:
        term = pty("rules", "horde")
        assert term.finish() == 0
    finally:
        del os.environ["PAGER"]
    text = paged.read_text(encoding="utf-8")
    assert text.startswith("# Horde Magic (as cardcli plays it)")
    assert _fits(text) == []
    assert "`pass turn`" in text  # a table row, set out as a block


def test_like_moves_and_like_tokens_are_one_line_each() -> None:
    def died(was: int, now: int) -> dict[str, Any]:
        return {"type": "moved", "card": "Zombie", "id": now, "was": was, "from": "battlefield",
                "to": "graveyard", "owner": "horde", "why": "destroyed"}  # fmt: skip

    def token(oid: int) -> dict[str, Any]:
        return {"type": "token_created", "controller": "horde", "name": "Zombie", "id": oid}

    lines = narrate(
        [died(4, 30), died(5, 31), died(7, 32), *(token(n) for n in range(40, 53))],
        describe,
        WIDTH,
    )
    assert lines == [
        "  3 Zombies #4 #5 #7 -> graveyard (destroyed) as #30-#32",
        "  horde creates 13 Zombie tokens: #40-#52",
    ]


def test_tab_completes_on_the_live_screen_and_never_reaches_the_log(pty, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = _live(pty)
    term.type("p1 c\t")
    term.pump(0.3)
    assert term.text().splitlines()[-1].rstrip() == "p1> p1 cast Lightning Bolt"
    term.type(" -> #2\r")
    term.wait_for("p1 casts Lightning Bolt #22 -> #2")
    term.type("p1 t\t")  # p1 tap #10 ... #13: completed as far as they agree, then listed
    term.pump(0.3)
    assert term.text().splitlines()[-1].rstrip() == "p1> p1 tap #1"
    term.type("\t")
    screen = term.wait_for("p1 tap #11 | p1 tap #12 | p1 tap #13")
    term.type("\x03quit\r")
    assert term.finish() == 0 and term.modes_restored()
    assert b"\\t" not in (tmp_path / "live.jsonl").read_bytes()
    assert "rejected" not in screen
