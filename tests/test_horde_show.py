"""``show`` at the Horde prompt: any card (by id, name or a start of one) and any zone a
player may see, the ``moves`` list naming abilities by their text, the board's manual
mark. Meta commands: never logged, nothing changes."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from cardcli import terminal
from cardcli.engine.session import Session
from cardcli.games.horde import moves as horde_moves
from cardcli.magic import card_text
from tests.conftest import new_session
from tests.test_horde_cli import cardcli

SETUPS = Path(__file__).resolve().parent.parent / "scenarios" / "horde" / "setups"

# A damaged, tapped Zombie Giant with a +1/+1 counter; p1's white creatures get +1/+1 from
# Honor of the Pure; p1 holds Pacifism and Lightning Bolt; a Zombie in the Horde's graveyard,
# a Zombie Giant in its exile.
BOARD = """\
turn: 6
active: players
step: main1
horde:
  battlefield:
    - {card: Zombie Giant, tapped: true, damage: 2, counters: {"+1/+1": 1}}
    - Zombie
    - Zombie
  graveyard: [Zombie, Walking Corpse, Zombie]
  exile: [Zombie Giant]
  library: [Zombie, Zombie, Zombie]
p1:
  battlefield: [Savannah Lions, Honor of the Pure, Prodigal Pyromancer, Plains, Plains, Mountain, Mountain]
  hand: [Pacifism, Lightning Bolt]
  library: [Plains, Plains]
p2:
  library: [Forest, Forest]
"""


def session_of(tmp_path: Path, text: str = BOARD) -> Session:
    path = tmp_path / "setup.yaml"
    path.write_text(text)
    session, _ = new_session("horde", setup=str(path))
    return session


def asked(session: Session, line: str, seat: str | None = "p1") -> str:
    """What the prompt answers to ``line`` (a meta command)."""
    meta = terminal.meta_command(line, seat)
    assert meta is not None, line
    said: list[str] = []
    terminal.answer_meta(session, meta[0], meta[1], said.append)
    return "\n".join(said)


def ids(session: Session, name: str) -> list[int]:
    table = session.state.table  # type: ignore[attr-defined]
    return [o.id for o in table.objects.values() if o.name == name]


def test_show_an_id_prints_the_card_with_its_state_now(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    giant = ids(session, "Zombie Giant")[0]
    said = asked(session, f"show #{giant}")
    lines = said.splitlines()
    assert lines[0] == f"#{giant} Zombie Giant (Horde token card)"
    assert "6/6 (base 5/5)" in lines[1] and lines[1].startswith("Creature — ")
    assert "controller horde" in said and "tapped" in said and "untapped" not in said
    assert "2 damage" in said and "1 +1/+1 counter" in said
    assert "automated" in said


def test_show_a_name_or_a_start_of_one_and_the_pt_changed_by_a_static(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    lions = asked(session, "show savannah")
    assert lions.startswith("#") and "Savannah Lions {W}" in lions
    assert "3/2 (base 2/1)" in lions  # Honor of the Pure
    pyro = asked(session, "show Prodigal Pyromancer")
    assert "{T}: Prodigal Pyromancer deals 1 damage to any target." in pyro
    assert "controller p1 · untapped" in pyro


def test_a_name_that_fits_several_lists_them_with_ids(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    said = asked(session, "show Zombie")
    assert said.splitlines()[0].startswith("'Zombie' fits 4 objects")
    battlefield = " ".join(f"#{i}" for i in ids(session, "Zombie")[:2])
    assert f"Zombie x2 (on the battlefield): {battlefield}" in said
    assert "Zombie x2 (in the Horde's graveyard)" in said
    several = asked(session, "show zomb")  # Zombie and Zombie Giant alike
    assert "Zombie Giant (on the battlefield)" in several
    assert "Zombie Giant (in exile (the Horde's))" in several


def test_cards_in_hand_graveyard_and_exile_are_shown(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    bolt = asked(session, "show Lightning Bolt")
    assert "Lightning Bolt {R}" in bolt and "in p1's hand · owner p1" in bolt
    assert "Lightning Bolt deals 3 damage to any target." in bolt
    corpse = asked(session, "show walking")
    assert "in the Horde's graveyard" in corpse and "Creature — Zombie · 2/2" in corpse
    exiled = ids(session, "Zombie Giant")[1]
    assert "in exile (the Horde's)" in asked(session, f"show #{exiled}")


def test_an_aura_and_its_creature_name_each_other(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    giant = ids(session, "Zombie Giant")[0]
    assert session.submit(f"p1 cast Pacifism -> #{giant}").accepted
    assert session.submit("pass").accepted
    aura = ids(session, "Pacifism")[0]
    assert f"with #{aura} Pacifism" in asked(session, f"show #{giant}")
    pacifism = asked(session, "show pacifism")
    assert f"attached to #{giant} Zombie Giant" in pacifism
    assert "Enchanted creature can't attack or block." in pacifism


def test_the_zones_are_listed(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    graveyards = asked(session, "show graveyard").splitlines()
    assert graveyards[0] == "the Horde's graveyard: 3 cards, oldest first"
    zombies = " ".join(f"#{i}" for i in ids(session, "Zombie")[2:4])
    assert f"  Zombie x2: {zombies}" in graveyards
    assert "p1's graveyard: empty" in graveyards and "p2's graveyard: empty" in graveyards
    assert asked(session, "show graveyard p1") == "p1's graveyard: empty"
    assert asked(session, "show horde graveyard").startswith("the Horde's graveyard: 3 cards")
    exile = asked(session, "show exile horde").splitlines()
    assert exile[0] == "the Horde's exile: 1 card" and "Zombie Giant" in exile[1]
    assert "Pacifism {1}{W}" in asked(session, "show hand p1")
    assert asked(session, "show stack") == "the stack is empty"
    assert asked(session, "show library p2") == "p2's library: 2 cards, hidden"


def test_show_and_show_p2_keep_their_meaning(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    assert asked(session, "show") == terminal.board(session, "p1")
    assert "p2's hand: empty" in asked(session, "show p2")
    assert "p2's hand: empty" in asked(session, "p2 show")
    assert asked(session, "p2 show graveyard p1") == "p1's graveyard: empty"


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("show #3 yes", "show takes: [pN] | #ID ... | NAME | graveyard|exile|hand"),
        ("show graveyard p7", "there is no seat p7: horde, p1, p2"),
        ("show #99999", "#99999: there is no such object"),
        ("show Zomby Gaint", "no card 'Zomby Gaint' in sight; did you mean 'Zombie Giant'?"),
        ("show Grave Titan", "no card 'Grave Titan' in sight (battlefield, stack, hands,"),
        ("show p9", "there is no seat p9"),
        ("show stack p1", "the stack is shared by all: show stack"),
    ],
)
def test_a_wrong_show_says_what_it_expected(tmp_path: Path, line: str, answer: str) -> None:
    session = session_of(tmp_path)
    said = asked(session, line)
    assert said.startswith(answer) and "\n" not in said and len(said) <= 80


def test_hidden_and_gone_objects(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    table = session.state.table  # type: ignore[attr-defined]
    top = table.players["p2"].library[-1].id
    assert asked(session, f"show #{top}") == f"#{top} is in p2's library: hidden"
    bolt = ids(session, "Lightning Bolt")[0]
    giant = ids(session, "Zombie Giant")[0]
    assert session.submit(f"p1 cast Lightning Bolt -> #{giant}").accepted
    assert asked(session, f"show #{bolt}").startswith(f"#{bolt} is gone: it changed zone")
    on_stack = asked(session, "show stack")
    assert "on the stack" in on_stack and f"targets: #{giant}" in on_stack


def test_manual_and_partial_cards_say_so(tmp_path: Path) -> None:
    manual, _ = new_session("horde", setup=str(SETUPS / "manual.yaml"))
    grounds = asked(manual, "show Dueling Grounds")
    assert "manual: the engine applies none of its text" in grounds
    assert "No more than one creature can attack each turn." in grounds
    board = asked(manual, "show")
    assert f"#{ids(manual, 'Dueling Grounds')[0]} Dueling Grounds (manual)" in board
    partial, _ = new_session("horde", setup=str(SETUPS / "partial.yaml"))
    golem = asked(partial, "show Coin-Flip Golem")
    assert "partial: by hand: At the beginning of your upkeep, flip a coin." in golem
    assert partial.submit("p1 cast Coin-Flip Golem").accepted
    assert partial.submit("choose done").accepted
    assert "Coin-Flip Golem 2/2 (partial)" in asked(partial, "show")


def test_the_board_marks_a_manual_land(tmp_path: Path) -> None:
    text = BOARD.replace(
        "p1:\n  battlefield: [",
        "cards:\n  - {name: Odd Land, mana_cost: '', types: [Land], manual: true, oracle: 'Odd.'}\np1:\n"
        "  battlefield: [Odd Land, ",
    )
    session = session_of(tmp_path, text)
    assert f"#{ids(session, 'Odd Land')[0]} Odd Land (manual)" in asked(session, "show")


def test_moves_names_each_activated_ability_by_its_text(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    table = session.state.table  # type: ignore[attr-defined]
    before = horde_moves.legal(table, "p1")
    pyro = ids(session, "Prodigal Pyromancer")[0]
    said = asked(session, "moves").splitlines()
    line = next(line for line in said if line.startswith(f"p1 activate #{pyro}"))
    assert line.startswith(f"p1 activate #{pyro}   Prodigal Pyromancer: {{T}}: Prodigal")
    assert all(len(line) < 80 for line in said), said
    assert line.endswith("…")  # cut to the width
    assert horde_moves.legal(table, "p1") == before  # the list itself is what it was
    assert f"p1 activate #{pyro}" in before


def test_the_renderer_fits_narrow_widths(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    table = session.state.table  # type: ignore[attr-defined]
    pyro = table.objects[ids(session, "Prodigal Pyromancer")[0]]
    for width in (40, 60, 80):
        lines = card_text.card_lines(table, pyro, "on the battlefield", width)
        assert all(len(line) <= width for line in lines), lines


def test_the_card_text_doctests_hold() -> None:
    failed, _ = doctest.testmod(card_text)
    assert failed == 0
    failed, _ = doctest.testmod(terminal)
    assert failed == 0


def test_show_in_a_piped_script_is_answered_and_never_logged(tmp_path: Path) -> None:
    setup = tmp_path / "setup.yaml"
    setup.write_text(BOARD)
    script = tmp_path / "moves.txt"
    script.write_text("show Lightning Bolt\nshow graveyard horde\nshow #3 yes\npass turn\n")
    shown = cardcli("play", "horde", "--setup", str(setup), "--seed", "3", str(script))
    plain = tmp_path / "plain.txt"
    plain.write_text("pass turn\n")
    quiet = cardcli("play", "horde", "--setup", str(setup), "--seed", "3", str(plain))
    assert shown.exit_code == 0 and quiet.exit_code == 0, shown.stderr
    assert "Lightning Bolt deals 3 damage to any target." in shown.stderr
    assert "the Horde's graveyard: 3 cards" in shown.stderr
    assert "show takes:" in shown.stderr
    logged = [json.loads(line) for line in shown.stdout.splitlines()]
    assert not any("show" in str(line.get("text", "")) for line in logged)
    assert shown.stdout == quiet.stdout  # the same log bytes, as if no show was there


def test_a_game_without_show_forms_says_what_show_takes() -> None:
    session, _ = new_session("shuffle-mania", seed=7)
    said = asked(session, "show #3")
    assert said == "'show #3': show takes: show, show pN (the board with pN's hand)"


def test_show_tells_combat_and_summoning_sickness(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    lions = ids(session, "Savannah Lions")[0]
    assert "summoning sick" not in asked(session, f"show #{lions}")
    table = session.state.table  # type: ignore[attr-defined]
    for _ in range(5):  # pass on to the declaration of attackers
        if table.pending.kind == "attackers":
            break
        assert session.submit("pass").accepted
    assert session.submit(f"attack #{lions}").accepted
    assert "attacking horde" in asked(session, f"show #{lions}")
    fresh = session_of(
        tmp_path, BOARD.replace("[Savannah Lions,", "[{card: Savannah Lions, sick: true},")
    )
    assert "summoning sick" in asked(fresh, f"show #{lions}")


def test_several_of_one_name_show_the_card_once(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    said = asked(session, "show Zombie").splitlines()
    assert said[-2:] == [
        "Zombie, as printed: Creature — Zombie · 2/2",
        "automated: the engine plays all of its text",
    ]
    mixed = asked(session, "show zomb")  # Zombie and Zombie Giant: no one card to print
    assert "as printed" not in mixed


@pytest.mark.parametrize("typed", ["lions", "sav l", "Savannah", "SAVANNAH LIONS"])
def test_a_name_is_found_by_its_start_word_by_word_or_a_word_it_starts(
    tmp_path: Path, typed: str
) -> None:
    session = session_of(tmp_path)
    assert asked(session, f"show {typed}").startswith(
        f"#{ids(session, 'Savannah Lions')[0]} Savannah Lions {{W}}"
    )


def test_a_whole_name_comes_before_a_longer_one(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    assert "Zombie Giant" not in asked(session, "show zombie").splitlines()[1]
    assert asked(session, "show giant").startswith("'giant' fits 2 objects")


def test_several_ids_are_shown_one_after_another(tmp_path: Path) -> None:
    session = session_of(tmp_path)
    said = asked(session, "show #2 #3").split("\n\n")
    assert [part.splitlines()[0] for part in said] == [
        "#2 Zombie (Horde token card)",
        "#3 Zombie (Horde token card)",
    ]
