"""The players' bots and the Horde's policies on the card model's newer constructs (scry and
surveil, ...), played from the scenarios' set-ups: every bot command is a legal one, and the
log replays."""

from __future__ import annotations

from typing import Any

from cardcli.engine.replay import replay_lines
from cardcli.engine.session import Session
from cardcli.games.horde.basic import POLICY
from cardcli.games.horde.view import describe
from tests.conftest import REPO, new_session

SETUPS = REPO / "scenarios" / "horde" / "setups"


def bot_until_priority(session: Session) -> list[str]:
    """The basic bot answers every question until the team has priority again; its commands,
    each one the ``moves`` list (or, for several picks at once, each of them is)."""
    said = []
    table = session.state.table  # type: ignore[attr-defined]
    while table.pending is not None and table.pending.kind != "priority":
        seat = session.state.to_move()
        assert seat is not None
        text = POLICY.move_on(table, seat)
        legal = session.state.legal_commands(seat)
        assert all(f"choose {pick}" in legal for pick in text.split()[1:]), (text, legal)
        outcome = session.submit(text, seat=seat)
        assert outcome.accepted, (text, outcome.reason)
        session.state.check_invariants()
        said.append(text)
    return said


def start(setup: str, *commands: str, **given: Any) -> tuple[Session, list[dict[str, Any]]]:
    session, lines = new_session("horde", seed=1, setup=str(SETUPS / setup), **given)
    for text in commands:
        assert session.submit(text).accepted, text
    return session, lines


def test_the_basic_bot_scries_lands_away_when_it_has_enough_and_keeps_spells_on_top() -> None:
    session, lines = start("scry.yaml", "p1 cast Foresee")  # six Islands: lands enough
    said = bot_until_priority(session)
    assert said == ["choose #14", "choose done", "choose #15 #16 #17"]
    table = session.state.table  # type: ignore[attr-defined]
    names = [o.name for o in reversed(table.players["p1"].library)]
    assert names == ["Llanowar Elves", "Mountain", "Plains", "Forest"]  # drew Bears, Bolt
    assert replay_lines(lines)[1] is None


def test_the_basic_bot_short_of_lands_surveils_away_the_spells_it_cannot_cast_soon() -> None:
    session, _ = start("scry.yaml", "adjust move #6 graveyard", "adjust move #7 graveyard")
    session.submit("adjust move #8 graveyard")
    assert session.submit("p1 cast Discovery").accepted  # three Islands left: short of lands
    said = bot_until_priority(session)
    table = session.state.table  # type: ignore[attr-defined]
    # Forest stays (a land), Grizzly Bears (2) stays: three lands and one more cast it.
    assert said == ["choose done", "choose #14 #15"]
    assert [o.name for o in table.players["p1"].hand][-1] == "Forest"


def test_the_basic_bot_digs_for_its_dearest_spell_with_lands_enough() -> None:
    session, lines = start("dig.yaml", "p1 cast Commune with Nature", "pass")
    # Grizzly Bears (2) over the Elves; the rest on the bottom in any order.
    assert bot_until_priority(session) == ["choose #17", "choose #18 #19 #16 #20"]
    assert replay_lines(lines)[1] is None


def test_the_terminal_names_a_card_taken_from_a_library_only_if_it_was_revealed() -> None:
    _, lines = start("dig.yaml", "p1 cast Forbidden Alchemy", "pass", "choose #18")
    shown = [describe(line) for line in lines]
    assert "p1 looks at the top 4: puts 1 into their hand; 3 into the graveyard" in shown
    assert not any("Lightning Bolt" in text for text in shown if text)
    _, lines = start(
        "dig.yaml", "p1 cast Commune with Nature", "pass", "choose #19", "choose #16 #17 #18 #20"
    )
    assert any("reveals Llanowar Elves" in (describe(line) or "") for line in lines)


def test_moves_list_a_modal_spells_modes_and_the_bot_chooses_the_modes_worth_most() -> None:
    session, lines = start("modal.yaml", "p1 cast Kolaghan's Command")
    # 700.2a: mode 1 has no legal target (no creature card in p1's graveyard).
    assert session.state.legal_commands("p1") == ["choose 2", "choose 3", "choose 4", "cancel"]
    said = bot_until_priority(session)
    # 2 damage to the Zombie and the Ornithopter destroyed are worth more than a discard.
    assert said == ["choose 4 3", "choose #1"]
    assert replay_lines(lines)[1] is None


def test_the_basic_bot_casts_a_modal_spell_when_a_mode_is_worth_it() -> None:
    session, _ = start("modal.yaml", "p1 play Swamp")
    table = session.state.table  # type: ignore[attr-defined]
    command = POLICY.move_on(table, "p1")
    assert command.startswith("p1 cast #") and "->" not in command
    assert session.submit(command).accepted
    bot_until_priority(session)
    assert table.stack and table.stack[-1].modes


def test_the_horde_chooses_as_many_modes_as_it_may() -> None:
    from cardcli.magic.decisions import Decision

    session, _ = start("modal.yaml")
    table = session.state.table  # type: ignore[attr-defined]
    decision = Decision("mode", "horde", "choose", ["1", "2", "3"], low=1, high=3)
    assert sorted(table.variant.answer(table, decision)) == ["1", "2", "3"]
    decision = Decision("mode", "horde", "choose", ["1", "3"], low=1, high=1)
    assert table.variant.answer(table, decision) in (["1"], ["3"])


def test_the_bots_keep_an_unless_counterspell_from_the_horde_and_pay_for_their_own() -> None:
    session, _ = start("horde-counter.yaml")  # a Horde Zombie on the stack, Mana Leak in hand
    table = session.state.table  # type: ignore[attr-defined]
    assert "p1 cast Mana Leak" in session.state.legal_commands("p1")
    assert POLICY.move_on(table, "p1") == "pass"  # the Horde would pay: no use
    session, _ = start("counter.yaml", "p2 cast Lightning Bolt -> #1", "p1 cast Mana Leak -> #20")
    assert bot_until_priority(session) == ["choose yes"]
