"""Names as targets, attackers and blockers; bulk declarations; the step's declaration bound."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.errors import AmbiguousCommand, IllegalCommand
from cardcli.engine.replay import replay_lines
from cardcli.engine.session import Session
from cardcli.games.horde import naming
from tests.conftest import new_session

ZOMBIE = {
    "token": {
        "name": "Zombie",
        "types": ["Creature"],
        "subtypes": ["Zombie"],
        "colors": ["B"],
        "power": "2",
        "toughness": "2",
    }
}
SOLDIER = {
    "token": {
        "name": "Soldier",
        "types": ["Creature"],
        "subtypes": ["Soldier"],
        "colors": ["W"],
        "power": "1",
        "toughness": "1",
    }
}


def position(tmp_path: Path, data: dict[str, Any], seed: int = 1) -> Session:
    path = tmp_path / "position.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # YAML, without aliases
    players = len([k for k in data if k.startswith("p")])
    session, _ = new_session("horde", seed=seed, setup=str(path), players=players)
    return session


def session_lines(session: Session) -> list[dict[str, Any]]:
    """The lines a session made by ``new_session`` wrote (its one sink is a list's append)."""
    lines: list[dict[str, Any]] = session.sinks[0].__self__  # type: ignore[attr-defined]
    return lines


def ids_of(session: Session, name: str, controller: str) -> list[int]:
    table = session.state.table  # type: ignore[attr-defined]
    return sorted(
        o.id for o in table.battlefield.values() if o.name == name and o.controller == controller
    )


def test_more_than_150_attackers_can_each_be_blocked_on_its_own_line(tmp_path: Path) -> None:
    count = 170
    session = position(
        tmp_path,
        {
            "turn": 7,
            "active": "horde",
            "step": "begin_combat",
            "horde": {"battlefield": [ZOMBIE] * count, "library": ["Zombie"]},
            "p1": {"battlefield": [SOLDIER] * count, "library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    assert session.state.to_move() is not None
    zombies, soldiers = ids_of(session, "Zombie", "horde"), ids_of(session, "Soldier", "p1")
    for zombie, soldier in zip(zombies, soldiers, strict=True):
        outcome = session.submit(f"block #{zombie} with #{soldier}")
        assert outcome.accepted, outcome.reason
    table = session.state.table  # type: ignore[attr-defined]
    assert table.declarations == count
    assert len(table.combat.blocks) == count


def test_an_endless_attack_and_unattack_still_ends(tmp_path: Path) -> None:
    session = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "begin_combat",
            "horde": {"battlefield": [ZOMBIE], "library": ["Zombie"]},
            "p1": {"battlefield": [SOLDIER], "library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    (soldier,) = ids_of(session, "Soldier", "p1")
    table = session.state.table  # type: ignore[attr-defined]
    bound = 150 + 4 * len(table.battlefield)
    said = []
    for n in range(bound + 2):
        outcome = session.submit(f"attack #{soldier}" if n % 2 == 0 else f"unattack #{soldier}")
        said.append(outcome.accepted)
    assert said[:bound] == [True] * bound and said[bound:] == [False, False]
    assert session.state.legal_commands("p1") == ["pass"]


# -- the resolver --------------------------------------------------------------------------

SETUPS = Path(__file__).resolve().parent.parent / "scenarios" / "horde" / "setups"


def setup_session(name: str) -> tuple[Session, list[dict[str, Any]]]:
    return new_session("horde", seed=1, players=2, setup=str(SETUPS / f"{name}.yaml"))


def table_of(session: Session) -> Any:
    return session.state.table  # type: ignore[attr-defined]


def test_an_exact_name_comes_before_the_names_it_begins() -> None:
    session, _ = setup_session("names-targets")
    table = table_of(session)
    field = sorted(table.battlefield.values(), key=lambda o: o.id)
    assert [o.id for o in naming.matches("zombie", field)] == [2, 3]
    assert [o.id for o in naming.matches("ZOMBIE G", field)] == [1]
    assert [o.id for o in naming.matches("zom gi", field)] == [1]  # word by word
    assert [o.id for o in naming.matches("moun", field)] == [8, 9, 10]
    assert [o.id for o in naming.matches("giant", field)] == [1]  # last: a word it begins
    assert naming.matches("iant", field) == []  # a prefix of a word, not any part of one
    assert naming.matches("", field) == []


def test_objects_nobody_could_tell_apart_give_the_lowest_id() -> None:
    session, _ = setup_session("names-targets")
    table = table_of(session)
    field = [sorted(table.battlefield.values(), key=lambda o: o.id)]
    assert naming.one(table, "Mountain", field, "to tap").id == 8
    table.objects[8].tapped = True  # now #8 differs from #9 and #10
    with pytest.raises(AmbiguousCommand) as asked:
        naming.one(table, "Mountain", field, "to tap")
    assert str(asked.value) == ("which Mountain? #8 (tapped), #9 and 1 alike: write its id")
    assert naming.one(table, "Mountain", field, "to tap", taken=[8]).id == 9


def test_a_name_that_fits_two_names_asks_for_more_of_it() -> None:
    session, _ = setup_session("names-targets")
    table = table_of(session)
    field = [sorted(table.battlefield.values(), key=lambda o: o.id)]
    # "zombie" is an exact name; "zo" begins both names.
    with pytest.raises(AmbiguousCommand, match="'zo' could be Zombie, Zombie Giant"):
        naming.one(table, "zo", field, "to target")
    with pytest.raises(IllegalCommand, match="no 'Serra Angel' to target"):
        naming.one(table, "Serra Angel", field, "to target")


def test_a_list_of_names_takes_each_object_once_and_a_name_may_hold_a_comma() -> None:
    session, _ = setup_session("names-targets")
    table = table_of(session)
    field = [sorted(table.battlefield.values(), key=lambda o: o.id)]
    picked = naming.several(table, "Mountain, mountain, zombie g", field, "to tap")
    assert [o.id for o in picked] == [8, 9, 1]
    with pytest.raises(IllegalCommand, match="a name is missing"):
        naming.several(table, "Mountain,, Zombie Giant", field, "to tap")
    table.objects[1].proto = replace(table.objects[1].proto, name="Gisa, Glorious Resurrector")
    picked = naming.several(table, "Gisa, Glorious Resurrector, Mountain", field, "to tap")
    assert [o.id for o in picked] == [1, 8]


def test_a_question_changes_nothing_until_answered_and_a_named_game_replays() -> None:
    session, lines = setup_session("names-targets")
    table = table_of(session)
    hand = [o.id for o in table.players["p1"].hand]
    assert session.submit("p1 cast Lightning Bolt -> Zombie").accepted
    assert lines[-1] == {**lines[-1], "type": "which", "options": ["#2", "#3"]}
    assert session.state.legal_commands("p1") == ["choose #2", "choose #3", "cancel"]
    assert [o.id for o in table.players["p1"].hand] == hand and not table.stack
    for refused in ("pass", "choose #1", "choose #2 #3", "attack all"):
        assert not session.submit(refused).accepted
    assert session.submit("cancel").accepted  # back to priority, nothing cast
    assert [o.id for o in table.players["p1"].hand] == hand and not table.stack
    assert table.pending.kind == "priority"
    for text in ("p1 cast Lightning Bolt -> zombie g", "pass", "p1 cast Lightning Bolt -> Zombie"):
        assert session.submit(text).accepted
    assert session.submit("choose 2").accepted  # "#" may be left out
    casts = [
        line.get("targets") for line in lines if line["type"] == "cast" and line["who"] == "p1"
    ]
    assert casts == [["#1"], ["#2"]]
    assert "name_pins" not in table.extra  # an answer holds for its own command only
    logged = [line for line in lines if line["type"] == "command"]
    assert logged[2]["text"] == "p1 cast Lightning Bolt -> zombie g"  # the text as typed
    _, divergence, count = replay_lines(json.loads(json.dumps(line)) for line in lines)
    assert divergence is None and count == len(lines)


def test_attack_all_but_and_block_with_all_read_the_board() -> None:
    session, lines = setup_session("blocking-evasion")
    outcome = session.submit("attack all but Zombie Giant")  # not the team's
    assert outcome.reason == "no 'Zombie Giant' of the team's to leave out"
    assert session.submit("attack all but suntail, brute, griz").accepted
    assert lines[-1] == {**lines[-1], "type": "attack_declared", "ids": [5]}
    # The Warrior attacks already: left out by name, it is found all the same.
    assert session.submit("attack all but phantom").accepted
    assert lines[-1] == {**lines[-1], "type": "attack_declared", "ids": [4, 6, 7]}
    assert session.submit("attack all").reason == "no creature of the team can attack now"


def test_names_are_read_only_while_they_are_asked_for() -> None:
    session, _ = setup_session("names-targets")
    outcome = session.submit("block Zombie Giant with Mountain")
    assert outcome.reason is not None
    assert outcome.reason.startswith("no blockers are being declared now: waiting for players")


# -- what a rejection says ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "show me",
            "show takes: #ID, NAME, pN, graveyard, exile, hand, stack (not 'show me')",
        ),
        ("moves all", "moves takes: moves, p2 moves (not 'moves all')"),
        ("hint please", "hint takes: hint, p2 hint (not 'hint please')"),
        ("frobnicate", "unknown command 'frobnicate': try cast, play, attack, block, pass"),
        ("atack #3", "unknown command 'atack'; did you mean 'attack'?"),
        ("block #21", "block takes: block ATTACKER with BLOCKER[, BLOCKER] or with all"),
        ("attack", "attack takes creatures: attack #3 Serra Angel, attack all [but NAME]"),
        ("adjust", "adjust takes: card, damage, destroy, exile, bounce, token, counter... (help)"),
        ("p1", "'p1' needs a command after it: p1 play Forest"),
    ],
)
def test_a_rejection_says_briefly_what_was_expected(text: str, said: str) -> None:
    session, _ = new_session("horde", seed=1, mulligan="none")
    reason = session.submit(text).reason or ""
    assert reason.startswith(said)
    assert len(reason) <= 80


def test_a_named_attacker_to_block_is_one_nobody_blocks_yet(tmp_path: Path) -> None:
    session = position(
        tmp_path,
        {
            "turn": 7,
            "active": "horde",
            "step": "begin_combat",
            "horde": {"battlefield": [ZOMBIE] * 3, "library": ["Zombie"]},
            "p1": {"battlefield": [SOLDIER] * 3, "library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    zombies, soldiers = ids_of(session, "Zombie", "horde"), ids_of(session, "Soldier", "p1")
    table = table_of(session)
    aims = {z: table.combat.attackers[z] for z in zombies}
    assert sorted(aims.values()) == ["p1", "p2", "p2"]  # the Horde's attacks, by chance
    # The Zombies attacking p2 are alike; the one attacking p1 is not: asked.
    assert session.submit("block zombie with soldier").accepted
    asked = table.pending.prompt
    assert asked.endswith("(attacking p2) and 1 alike, #3 (attacking p1)"), asked
    first = min(z for z in zombies if aims[z] == "p2")
    assert session.submit(f"choose #{first}").accepted
    # Blocked, #first is no longer named by "zombie" while another is not blocked.
    assert session.submit("block zombie with soldier").accepted
    assert table.pending.kind == "which" and f"#{first}" not in table.pending.options
    second = next(z for z in zombies if z != first and aims[z] == "p2")
    assert session.submit(f"choose {second}").accepted
    assert session.submit("block zombie with soldier").accepted  # one left: no question
    assert {a: b for a, b in table.combat.blocked_by.items() if b} == {
        first: [soldiers[0]],
        second: [soldiers[1]],
        next(z for z in zombies if aims[z] == "p1"): [soldiers[2]],
    }
    # A second blocker on a blocked Zombie is named by its id.
    assert session.submit(f"unblock #{soldiers[2]}").accepted
    assert session.submit(f"block #{first} with Soldier").accepted
    assert table.combat.blocked_by[first] == [soldiers[0], soldiers[2]]


def test_a_script_with_names_and_an_answer_replays_and_validates(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    script = tmp_path / "moves.txt"
    script.write_text(
        "p1 cast Lightning Bolt -> Zombie\nchoose #3\npass\np1 cast Lightning Bolt -> zom g\n",
        encoding="utf-8",
    )
    setup = str(SETUPS / "names-targets.yaml")
    run = CliRunner().invoke(cli, ["play", "horde", "--seed", "1", "--setup", setup, str(script)])
    assert run.exit_code == 0, run.stderr
    log = tmp_path / "game.jsonl"
    log.write_text(run.stdout, encoding="utf-8")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["type"] for line in lines if line["type"] in ("which", "rejected")] == ["which"]
    for action in ("validate", "replay"):
        checked = CliRunner().invoke(cli, [action, str(log)])
        assert checked.exit_code == 0, checked.stdout + checked.stderr


def test_tap_and_activate_a_permanent_by_name(tmp_path: Path) -> None:
    session = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": ["Zombie Giant", ZOMBIE], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Mountain", "Forest", "Prodigal Pyromancer", "Llanowar Elves"],
                "library": ["Plains"] * 3,
            },
            "p2": {"battlefield": ["Llanowar Elves"], "library": ["Plains"] * 3},
        },
    )
    table = table_of(session)
    elves = ids_of(session, "Llanowar Elves", "p1")
    assert session.submit("p1 tap llan").accepted  # p1's own Elves, not p2's
    assert table.objects[elves[0]].tapped
    assert session.submit("p1 tap Forest G").accepted
    # p2's Elves by name, for p1 (p1's are tapped): the rules say whose they are.
    reason = session.submit("p1 tap Llanowar Elves").reason or ""
    assert "is p2's: write p2" in reason, reason
    pyromancer = ids_of(session, "Prodigal Pyromancer", "p1")[0]
    assert session.submit("p1 activate prodigal -> zombie g").accepted
    activated = next(
        line for line in reversed(session_lines(session)) if line["type"] == "activated"
    )
    assert activated["source"] == pyromancer and activated["targets"] == ["#1"]


def test_a_card_in_hand_by_a_unique_prefix(tmp_path: Path) -> None:
    session = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": [ZOMBIE], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Plains", "Plains"],
                "hand": ["Savannah Lions", "Serra Angel", "Plains", "Shock"],
                "library": ["Plains"] * 3,
            },
            "p2": {"library": ["Plains"] * 3},
        },
    )
    lines = session_lines(session)
    assert session.submit("p1 cast sav").accepted
    assert [line["card"] for line in lines if line["type"] == "cast"] == ["Savannah Lions"]
    reason = session.submit("p1 cast s").reason or ""
    assert reason == "'s' could be Serra Angel, Shock: write more of the name", reason
    assert session.submit("p1 play pla").accepted
    assert session.submit("p1 cast Lightning").reason == (
        "p1 has no Lightning in hand (hand: Serra Angel, Shock)"
    )
