"""What paper players tell cardcli touches the Horde (issue 24): ``adjust card``, ``adjust
damage``, ``adjust exile``, ``adjust bounce`` and ``counter``, in any Horde game.

Each form, each refusal (one line, nothing changed), a real card entered that attacks and is
blocked by the Horde's rule, damage that kills and damage that mills, a Horde spell countered,
a log of all of them replayed byte for byte, and the forms typed at a real terminal.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session
from cardcli.games.horde import countering
from cardcli.games.horde.completion import lines as completions
from cardcli.magic.objects import Obj
from tests.conftest import REPO, new_session

SETUPS = REPO / "scenarios" / "horde" / "setups"
# adjust.yaml: the players' main phase. Horde #1 Zombie Giant, #2 Zombie; library #3-#9;
# p1 #10 Grizzly Bears, #11 Forest, #12 Forest in hand. The next id is 17.
ADJUST = SETUPS / "adjust.yaml"
# paper-entered.yaml: the players' main phase; Horde #1 Zombie Giant, #2 Wind Drake, #3 Zombie.
ENTERED = SETUPS / "paper-entered.yaml"
# paper-counter.yaml: the Horde's main phase with #14 Bad Moon on the stack, the players asked.
COUNTER = SETUPS / "paper-counter.yaml"


def at(setup: Path, *texts: str, seed: int = 1) -> tuple[Session, list[dict[str, Any]]]:
    session, lines = new_session("horde", seed=seed, setup=str(setup))
    for text in texts:
        outcome = session.submit(text)
        assert outcome.accepted, f"{text}: {outcome.reason}"
        session.state.check_invariants()
    return session, lines


def table_of(session: Session) -> Any:
    return session.state.table  # type: ignore[attr-defined]


def on_battlefield(session: Session, name: str) -> list[Obj]:
    return [o for o in table_of(session).battlefield.values() if o.name == name]


def events_of(session: Session, lines: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """The events the accepted command ``text`` caused."""
    before = len(lines)
    outcome = session.submit(text)
    assert outcome.accepted, f"{text}: {outcome.reason}"
    session.state.check_invariants()
    return lines[before + 1 :]


def snapshot(session: Session) -> tuple[Any, ...]:
    table = table_of(session)
    return (
        table.next_id,
        table.extra["card_count"],
        sorted(table.objects),
        table.teams[0].life,
        [(o.id, o.damage, o.tapped) for o in table.battlefield.values()],
        [item.id for item in table.stack],
        table.pending.kind if table.pending else None,
    )


# -- adjust card ---------------------------------------------------------------------------


def test_adjust_card_puts_the_real_card_with_its_abilities_onto_the_battlefield() -> None:
    session, lines = at(ADJUST)
    table = table_of(session)
    cards = table.extra["card_count"]
    events = events_of(session, lines, "adjust card p1 Serra Angel")
    (angel,) = on_battlefield(session, "Serra Angel")
    chars = table.chars(angel)
    assert (angel.owner, angel.controller, chars.power, chars.toughness) == ("p1", "p1", 4, 4)
    assert {"flying", "vigilance"} <= set(chars.keywords)
    assert angel.is_card and not angel.sick and not angel.tapped
    assert table.extra["card_count"] == cards + 1
    adjusted, moved = events
    assert adjusted["what"] == "card" and adjusted["card"] == "Serra Angel"
    assert adjusted["ids"] == [angel.id]
    assert adjusted["definition"]["oracle"] == "Flying, vigilance"
    assert moved["from"] == "outside" and moved["to"] == "battlefield" and moved["id"] == angel.id
    assert "outside" not in table.players["p1"].zones  # nothing waits there afterwards


def test_adjust_card_takes_quotes_copies_tapped_and_the_commanders_seat() -> None:
    session, _ = at(
        ADJUST,
        'adjust card p1 "Serra Angel"',
        "adjust card p2 Llanowar Elves x3 tapped",
        "p2 adjust card Glorious Anthem",
    )
    elves = on_battlefield(session, "Llanowar Elves")
    assert len(elves) == 3 and all(e.tapped and e.controller == "p2" for e in elves)
    (anthem,) = on_battlefield(session, "Glorious Anthem")
    assert anthem.controller == "p2"
    # Its static ability plays: p2's creatures get +1/+1, p1's Serra Angel does not.
    table = table_of(session)
    assert table.chars(elves[0]).power == 2
    assert table.chars(on_battlefield(session, "Serra Angel")[0]).power == 4


def test_a_card_entered_sick_cannot_attack_and_one_entered_plainly_can() -> None:
    session, _ = at(ENTERED, "adjust card p1 Serra Angel sick", "adjust card p1 Craw Wurm", "pass")
    refused = session.submit("attack Serra Angel")
    assert not refused.accepted and "since the turn began (302.6)" in (refused.reason or "")
    assert session.submit("attack Craw Wurm").accepted


def test_a_card_entered_triggers_its_enters_ability() -> None:
    session, lines = at(ADJUST)
    events = events_of(session, lines, "adjust card p1 Thragtusk")
    assert any(e["type"] == "triggered" and e["card"] == "Thragtusk" for e in events)
    assert table_of(session).teams[0].life == 45


def test_a_planeswalker_enters_with_its_loyalty_and_a_land_taps_for_mana() -> None:
    session, _ = at(ADJUST, "adjust card p1 Jace Beleren", "adjust card p1 Plains")
    (jace,) = on_battlefield(session, "Jace Beleren")
    assert jace.counters.get("loyalty") == 3
    (plains,) = on_battlefield(session, "Plains")
    assert session.submit(f"p1 tap #{plains.id}").accepted


def test_an_aura_or_equipment_enters_attached_to_the_permanent_named() -> None:
    session, lines = at(ADJUST, "adjust card p1 Serra Angel")  # #18
    events = events_of(session, lines, "adjust card p1 Rancor on #18")
    (rancor,) = on_battlefield(session, "Rancor")
    assert events[-1] == {"seq": events[-1]["seq"], "type": "attached", "id": rancor.id, "to": 18}
    events_of(session, lines, "adjust card p1 Bonesplitter on #18")
    chars = table_of(session).chars(table_of(session).objects[18])
    assert (chars.power, chars.toughness) == (8, 4) and "trample" in chars.keywords
    events_of(session, lines, "adjust destroy #18")
    assert not on_battlefield(session, "Rancor")  # 704.5m: an Aura attached to nothing
    assert on_battlefield(session, "Bonesplitter")[0].attached_to is None  # 704.5n


def test_a_prefix_of_one_card_enters_it() -> None:
    session, _ = at(ADJUST, "adjust card p1 serra an")
    assert len(on_battlefield(session, "Serra Angel")) == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("adjust card p1 Sera Angle", "unknown card 'Sera Angle'; did you mean 'Serra Angel'?"),
        ("adjust card p5 Serra Angel", "'p5' is not a player (p1, p2, horde)"),
        ("adjust card p3 Serra Angel", "'p3' is not a player (p1, p2, horde)"),
        ("adjust card p1 Llanowar Elves x21", "enter 1 to 20 copies at a time (x21)"),
        ("adjust card p1 Llanowar Elves x0", "enter 1 to 20 copies at a time (x0)"),
        ("adjust card p1 Lightning Bolt", "Lightning Bolt is an instant, no permanent"),
        ("adjust card p1 Rancor", "Rancor is an Aura: say what it enchants"),
        ("adjust card p1 Wild Growth on #10", "can't be put on #10 Grizzly Bears (enchant land)"),
        ("adjust card p1 Bonesplitter on #11", "can't be put on #11 Forest (equip: a creature)"),
        ("adjust card p1 Serra Angel on #10", "Serra Angel is no Aura or Equipment"),
        ("adjust card p1 Rancor on #99", "#99 is not on the battlefield"),
        ("adjust card p1 serra", "'serra' could be "),
        ("adjust card p1 Zombie Giant", "Zombie Giant is a token, not a card"),
        ("adjust card p1 " + "a" * 200, "no card has a name of 200 characters"),
        ("adjust card p1", "adjust card takes: adjust card p1 Serra Angel"),
        ("adjust card", "adjust card takes: adjust card p1 Serra Angel"),
        ("adjust damage #11 2", "#11 Forest is no creature or planeswalker"),
        ("adjust damage #1 0", "0 damage? deal 1 or more"),
        ("adjust damage #1 -2", "-2 damage? deal 1 or more"),
        ("adjust damage #1", "adjust damage takes: adjust damage #12 3"),
        ("adjust damage #1 3 with #2", "adjust damage takes: adjust damage #12 3"),
        ("adjust damage #1 x", "adjust damage: 'x' is not a number"),
        ("adjust damage #99 3", "there is no #99"),
        ("adjust damage #1 3 from #12", "#12 Forest is not on the battlefield"),
        ("adjust damage p7 3", "'p7' is not an object id"),
        ("adjust exile #12", "#12 Forest is not on the battlefield"),
        ("adjust bounce #99", "there is no #99"),
        ("adjust bounce", "adjust bounce takes one permanent: adjust bounce #12"),
        ("adjust exile", "adjust exile takes one permanent: adjust exile #12"),
        ("adjust dmage #1 3", "unknown adjustment 'dmage'; did you mean 'damage'?"),
        ("counter #1", "the stack is empty: nothing to counter"),
        ("counter", "counter takes one spell on the stack"),
    ],
)
def test_a_refusal_is_one_line_and_changes_nothing(text: str, said: str) -> None:
    session, lines = at(ADJUST)
    before = snapshot(session)
    outcome = session.submit(text)
    assert not outcome.accepted
    assert said in (outcome.reason or ""), outcome.reason
    assert "\n" not in (outcome.reason or "")
    assert snapshot(session) == before
    assert lines[-1]["type"] == "rejected"


# -- the Horde blocks an entered card by the text's rule --------------------------------------


def test_an_entered_serra_angel_attacks_and_the_horde_blocks_it_by_the_texts_rule() -> None:
    session, lines = at(
        ENTERED,
        "adjust card p1 Serra Angel",  # #13, 4/4 flying, vigilance
        "adjust card p2 Craw Wurm",  # #15, 6/4
        "pass",
        "attack Serra Angel, Craw Wurm",
        "pass",
    )
    blocks = next(e for e in lines if e["type"] == "blockers" and e["team"] == "horde")
    # Zombie Giant (#1, the most powerful) blocks the most powerful attacker, Craw Wurm; Wind
    # Drake (#2, flying) blocks the most powerful one left it can block, Serra Angel; the
    # Zombie (#3) cannot block a flyer.
    assert blocks["blocks"] == [{"blocker": 1, "attacker": 15}, {"blocker": 2, "attacker": 13}]
    dealt = [(e["source"], e["target"], e["amount"]) for e in lines if e["type"] == "damage"]
    assert (13, 2, 4) in dealt and (2, 13, 2) in dealt
    (angel,) = on_battlefield(session, "Serra Angel")
    assert not angel.tapped and angel.damage == 2  # vigilance; the Drake's 2 damage


def test_the_players_block_the_horde_with_an_entered_creature() -> None:
    session, lines = at(ENTERED, "adjust card p1 Serra Angel", "pass turn", "pass")
    table = table_of(session)
    assert table.active_team.name == "horde" and table.pending.kind == "blockers"
    attackers = sorted(table.combat.attackers)
    assert session.submit(f"block #{attackers[0]} with Serra Angel").accepted
    assert session.submit("pass").accepted
    blocks = [e for e in lines if e["type"] == "blockers" and e["team"] == "players"]
    assert blocks[-1]["blocks"] == [{"blocker": 13, "attacker": attackers[0]}]


# -- adjust damage, exile, bounce --------------------------------------------------------


def test_damage_is_marked_and_lethal_damage_destroys() -> None:
    session, lines = at(ADJUST)
    events = events_of(session, lines, "adjust damage #1 3")
    assert events[1] == {
        "seq": events[1]["seq"],
        "type": "damage",
        "source": 0,
        "source_name": "a source at the table",
        "target": 1,
        "amount": 3,
        "combat": False,
    }
    assert table_of(session).objects[1].damage == 3
    events = events_of(session, lines, "adjust damage #1 2")
    assert any(
        e["type"] == "moved" and e["was"] == 1 and e["why"] == "lethal damage" for e in events
    )
    assert not on_battlefield(session, "Zombie Giant")


def test_damage_to_the_horde_mills_that_many_and_to_a_player_costs_life() -> None:
    session, lines = at(ADJUST)
    library = len(table_of(session).players["horde"].library)
    events = events_of(session, lines, "adjust damage horde 3")
    milled = next(e for e in events if e["type"] == "milled")
    assert milled["count"] == 3 and milled["why"] == "damage"
    assert len(table_of(session).players["horde"].library) == library - 3
    events_of(session, lines, "adjust damage p2 4")
    assert table_of(session).teams[0].life == 36


def test_damage_goes_through_prevention_protection_indestructible_and_its_source() -> None:
    session, lines = at(
        ADJUST,
        "adjust card p1 White Knight",  # #18: protection from black
        "adjust card p1 Darksteel Myr",  # #20: indestructible
        "adjust card p1 Typhoid Rats",  # #22: deathtouch
    )
    events = events_of(session, lines, "adjust damage #18 3 from #1")  # the black Zombie Giant
    assert [e["type"] for e in events] == ["adjusted", "damage_prevented"]
    events_of(session, lines, "adjust damage #20 5")
    assert table_of(session).objects[20].damage == 5  # still there
    events = events_of(session, lines, "adjust damage #1 1 from #22")
    assert events[1]["source"] == 22 and events[1]["source_name"] == "Typhoid Rats"
    assert not on_battlefield(session, "Zombie Giant")  # deathtouch (704.5h)


def test_exile_and_bounce_move_a_permanent_and_a_bounced_token_ceases_to_exist() -> None:
    session, lines = at(ADJUST, 'adjust token p1 "Soldier" 1/1 white')
    table = table_of(session)
    (soldier,) = on_battlefield(session, "Soldier")
    events = events_of(session, lines, "adjust exile #1")
    assert events[1]["to"] == "exile" and events[1]["why"] == "exiled"
    assert [o.name for o in table.players["horde"].zones["exile"]] == ["Zombie Giant"]
    events_of(session, lines, "adjust bounce #10")
    assert [o.name for o in table.players["p1"].hand] == ["Forest", "Grizzly Bears"]
    events_of(session, lines, "adjust bounce #2")  # a Horde card: to the Horde's hand
    assert [o.name for o in table.players["horde"].hand] == ["Zombie"]
    events_of(session, lines, f"adjust bounce #{soldier.id}")
    assert all(o.name != "Soldier" for o in table.objects.values())


def test_a_wrath_destroys_all_creatures_at_once_and_spares_the_indestructible() -> None:
    session, lines = at(
        ADJUST, "adjust card p1 Darksteel Myr", 'adjust token horde "Zombie" 2/2 black x3'
    )  # the Myr #18, the tokens #19-#21
    events = events_of(session, lines, "adjust destroy all creatures")
    assert events[0]["args"] == ["all", "creatures"]
    moved = [e["was"] for e in events if e["type"] == "moved"]
    assert moved == [1, 2, 10, 19, 20, 21]  # one simultaneous move, in id order
    table = table_of(session)
    assert [o.name for o in table.battlefield.values() if table.chars(o).is_creature] == [
        "Darksteel Myr"
    ]


def test_several_permanents_by_id_or_by_all_of_a_kind() -> None:
    session, lines = at(ADJUST, 'adjust token horde "Zombie" 2/2 black x3')  # #17-#19
    events = events_of(session, lines, "adjust damage all horde creatures 2")
    assert [e["target"] for e in events if e["type"] == "damage"] == [1, 2, 17, 18, 19]
    # Dealt to each before state-based actions: the 2/2s die together, the Giant keeps 2.
    died = [e["was"] for e in events if e["type"] == "moved"]
    assert died == [2, 17, 18, 19] and table_of(session).objects[1].damage == 2
    events_of(session, lines, "adjust tap #1 #10")
    assert table_of(session).objects[1].tapped and table_of(session).objects[10].tapped
    events_of(session, lines, "adjust exile all horde permanents")
    assert not [o for o in table_of(session).battlefield.values() if o.controller == "horde"]


def test_permanents_named_by_name_or_its_start() -> None:
    session, lines = at(ADJUST, "adjust card p1 Serra Angel")  # #18
    events = events_of(session, lines, "adjust exile zombie g")
    assert events[1]["was"] == 1 and events[1]["to"] == "exile"
    events_of(session, lines, "adjust damage Serra 2")
    assert table_of(session).objects[18].damage == 2
    events = events_of(session, lines, "adjust destroy Grizzly Bears, Serra Angel")
    assert [e["was"] for e in events if e["type"] == "moved"] == [10, 18]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("adjust destroy Wind Drake", "no 'Wind Drake' on the battlefield"),
        ("adjust destroy all horde goblins", "'goblins' is not one of creatures,"),
        ("adjust destroy all p3 creatures", "'p3' is not a player"),
        ("adjust exile all horde tokens", "there are no horde tokens on the battlefield"),
        ("adjust exile #1 #1", "#1 is named twice"),
        ("adjust destroy #1 #12", "#12 Forest is not on the battlefield"),
        ("adjust damage #1 #11 2", "#11 Forest is no creature or planeswalker"),
        ("adjust damage all creatures 0", "0 damage? deal 1 or more"),
        ("adjust tap all", "adjust tap takes: adjust tap #3 #5"),
    ],
)
def test_a_refusal_about_several_changes_none_of_them(text: str, said: str) -> None:
    session, _ = at(ADJUST)
    before = snapshot(session)
    outcome = session.submit(text)
    assert not outcome.accepted and said in (outcome.reason or ""), outcome.reason
    assert snapshot(session) == before


# -- counter -----------------------------------------------------------------------------------


def test_a_horde_spell_is_countered_by_id_and_goes_to_the_graveyard_unresolved() -> None:
    session, lines = at(COUNTER)
    table = table_of(session)
    assert [(i.id, i.name) for i in table.stack] == [(14, "Bad Moon")]
    assert table.pending.kind == "priority" and table.pending.team == "players"
    events = events_of(session, lines, "counter #14")
    assert events[0] == {"seq": events[0]["seq"], "type": "countered", "id": 14, "card": "Bad Moon"}
    assert events[1]["to"] == "graveyard" and events[1]["why"] == "countered"
    assert not table.stack
    assert [o.name for o in table.players["horde"].graveyard] == ["Bad Moon"]
    assert not any(e["type"] == "resolved" and e["card"] == "Bad Moon" for e in lines)


def test_counter_names_a_spell_by_its_name_or_its_start() -> None:
    session, _ = at(COUNTER, "counter bad moon")
    assert not table_of(session).stack


def test_counter_is_refused_without_priority_and_for_a_spell_that_cant_be_countered(
    tmp_path: Path,
) -> None:
    # The players declare attackers: nobody has priority.
    session, _ = at(ENTERED, "adjust card p1 Serra Angel", "pass")
    before = snapshot(session)
    refused = session.submit("counter #1")
    assert not refused.accepted and "counter when the players have priority" in str(refused.reason)
    assert snapshot(session) == before
    setup = tmp_path / "tyrant.yaml"
    setup.write_text(
        COUNTER.read_text().replace(
            "[Zombie, Bad Moon, Zombie, Zombie]", "[Zombie, Carnage Tyrant]"
        )
    )
    session, _ = at(setup)
    (item,) = table_of(session).stack
    assert item.name == "Carnage Tyrant"
    refused = session.submit(f"counter #{item.id}")
    assert not refused.accepted
    assert refused.reason == f"#{item.id} Carnage Tyrant can't be countered (701.5a)"


def test_a_paper_game_lists_counter_for_each_horde_spell_on_the_stack() -> None:
    session, _ = at(COUNTER)
    table = table_of(session)
    assert not any(m.startswith("counter") for m in session.state.legal_commands("p1"))
    table.variant.rules["paper"] = True  # what --paper sets (the variant's rules)
    assert countering.paper(table)
    assert "counter #14" in session.state.legal_commands("p1")


# -- the log ---------------------------------------------------------------------------------


SCRIPT = """\
adjust card p1 Serra Angel
adjust card p2 "Llanowar Elves" x2 tapped
adjust card p1 Thragtusk
adjust card p1 Sera Angle
adjust damage #1 3
adjust damage #2 2
adjust damage horde 2
adjust damage #1 1 from #18
adjust exile #1
adjust bounce #10
adjust card p1 Lightning Bolt
pass
"""


def test_a_log_with_every_form_validates_and_replays_byte_for_byte(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    runner = CliRunner()
    played = runner.invoke(
        cli,
        ["play", "horde", "--seed", "3", "--setup", str(ADJUST), "--log", str(log)],
        input=SCRIPT,
    )
    assert "Traceback" not in played.output
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = {(e.get("what"), e["type"]) for e in lines if e["type"] == "adjusted"}
    assert {("card", "adjusted"), ("damage", "adjusted"), ("exile", "adjusted")} <= kinds
    assert [e["text"] for e in lines if e["type"] == "rejected"] == [
        "adjust card p1 Sera Angle",
        "adjust card p1 Lightning Bolt",
    ]
    validator = LineValidator("horde")
    assert [line for line in lines if validator.errors(line)] == []
    replayed = runner.invoke(cli, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert "replayed identically" in replayed.output
    checked = runner.invoke(cli, ["validate", str(log)])
    assert checked.exit_code == 0, checked.output


# -- discoverable ------------------------------------------------------------------------------


def test_tab_completes_the_adjustments_and_card_names() -> None:
    session, _ = at(ADJUST)
    assert "adjust card" in completions(session.state, "p1", "adjust ca")
    assert "adjust damage" in completions(session.state, "p1", "adjust da")
    named = completions(session.state, "p1", "adjust card p1 Serra An")
    assert "adjust card p1 Serra Angel" in named
    assert "counter" in completions(session.state, "p1", "coun")


def test_help_and_rules_name_the_new_forms() -> None:
    from cardcli.games.horde import HELP

    for words in ("adjust card p1 Serra Angel", "adjust damage #12 3", "adjust exile #12"):
        assert words in HELP
    assert "counter #31" in HELP
    rules = (REPO / "cardcli" / "games" / "horde" / "RULES.md").read_text()
    assert "`adjust card p1 Serra Angel`" in rules and "a source at the table" in rules


# -- at a real terminal ------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_a_terminal_entered_cards_damage_and_a_counter_are_said_and_drawn(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    from tests.test_horde_show_pty import Prompt

    term = Prompt(cardcli_exe, ["play", "horde", "--setup", str(ENTERED), "--seed", "1"], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("adjust card p1 Serra Angel\r")
        screen = term.wait_for("p1 adjusts: card Serra Angel enters as #13")
        assert any("#13 Serra Angel 4/4 (flying, vigilance)" in line for line in screen)
        term.type("adjust damage #3 2\r")
        term.wait_for("a source at the table deals 2 damage to #3")
        term.type("adjust card p1 Sera Angle\r")
        term.wait_for("did you mean 'Serra Angel'?")
    finally:
        term.close()
    term = Prompt(cardcli_exe, ["play", "horde", "--setup", str(COUNTER), "--seed", "1"], tmp_path)
    try:
        term.wait_for("p1>")
        term.type("counter bad\r")
        term.wait_for("#14 Bad Moon is countered")
    finally:
        term.close()
