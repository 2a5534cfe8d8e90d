"""Long random Horde games at full life: invariants hold, and a rejected command changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.engine.game import get_game
from cardcli.engine.rng import Rng, derive
from cardcli.engine.session import Session

WRONG = (
    "p1 cast Nonexistent Card",
    "attack #99999",
    "block #1 with #1",
    "choose #0",
    "p4 play Forest",
    "tap #2",
    "activate #3 7",
    "adjust counter #99999 +1/+1",
    "adjust mill x",
    "keep",
    "unblock #5",
    "p2 cast Lightning Bolt -> #99999",
    "choose 999",
)


def fingerprint(session: Session) -> tuple[Any, ...]:
    table = session.state.table  # type: ignore[attr-defined]
    pending = table.pending
    return (
        tuple(session.game.render(session.state, seat, None) for seat in session.state.seats()),
        table.next_id,
        table.turn,
        table.step,
        table.passes,
        table.actions,
        len(table.stack),
        None if pending is None else (pending.kind, pending.player, tuple(pending.picked)),
        tuple(
            sorted(
                (p.name, len(p.hand), len(p.library), tuple(sorted(p.pool.items())))
                for p in table.players.values()
            )
        ),
    )


@pytest.mark.parametrize("index", range(20))
def test_random_games_keep_their_invariants_and_refusals_change_nothing(index: int) -> None:
    rng = Rng(derive(77, index))
    game = get_game("horde")
    players = 2 + index % 3
    given = {"players": players, "mulligan": "london" if index % 2 else "none"}
    if index % 4 == 3:
        given["horde"] = "decklists/horde-goblins.yaml"
    options, setup = game.resolve_options(game.load_given(given))
    session = Session(game, options, setup, rng.next64(), None)
    refused = 0
    while not session.over:
        assert session.commands < 5000
        seat = session.state.to_move()
        assert seat is not None
        legal = session.state.legal_commands(seat)
        assert legal
        if rng.below(5) == 0:
            before = fingerprint(session)
            wrong = rng.choice(list(WRONG))
            if wrong not in legal and not session.submit(wrong, seat).accepted:
                refused += 1
                assert fingerprint(session) == before, f"refused {wrong!r} changed the state"
        text = rng.choice(legal)
        outcome = session.submit(text, seat)
        assert outcome.accepted, (text, outcome.reason)
        session.state.check_invariants()
    assert refused > 0
    result = session.state.result()
    assert result["winner"] in ("players", "horde")


REAL_HORDES = sorted(
    (__import__("pathlib").Path(__file__).parent / "fixtures" / "decks" / "horde").glob("*.txt")
)


@pytest.mark.parametrize("deck", REAL_HORDES, ids=lambda p: p.stem)
def test_real_horde_decks_play_to_the_end_with_the_bots(deck: Any) -> None:
    """The Horde decks of the apps and articles (compiled cards, partial ones included) play
    whole games against three basic bots: every command accepted, the game over."""
    from click.testing import CliRunner

    from cardcli.cli import cli

    result = CliRunner().invoke(
        cli,
        ["simulate", "horde", "--horde", str(deck), "--bot", "basic", "--players", "3",
         "--games", "4", "--seed", "7", "--workers", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "4 games" in result.output, result.output
