"""Hunsberger's Solitaire: the readings that real decks expose (issue 25).

RULES.md quotes only the rules text; each reading chosen is written as cardcli's
own, and the options that carry them play as RULES.md says.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardcli.engine.session import Session
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.view import render
from tests.conftest import REPO, new_session

RULES = REPO / "cardcli" / "games" / "hunsberger" / "RULES.md"
SEED = REPO / "tests" / "fixtures" / "seeds" / "hunsberger-solitaire.txt"


def _plain(text: str) -> str:
    """Whitespace, curly quotes and the kind of quote mark do not count."""
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(text.replace('"', "'").split())


def _blockquotes(markdown: str) -> list[str]:
    blocks: list[str] = []
    lines: list[str] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith(">"):
            lines.append(line[1:].strip())
        elif lines:
            blocks.append(" ".join(lines))
            lines = []
    return blocks


def test_every_quote_in_rules_md_is_in_the_rules_text() -> None:
    seed = _plain(SEED.read_text(encoding="utf-8"))
    blocks = _blockquotes(RULES.read_text(encoding="utf-8"))
    assert len(blocks) >= 30
    missing = []
    for block in blocks:
        quotes = re.findall(r'"(.*?)"', block)
        assert quotes, f"a blockquote in RULES.md quotes nothing: {block[:60]!r}"
        for quote in quotes:
            for piece in quote.split("\u2026"):  # "…" joins pieces of the text
                if piece.strip() and _plain(piece) not in seed:
                    missing.append(piece.strip())
    assert missing == []


def test_the_quote_test_can_fail() -> None:
    seed = _plain(SEED.read_text(encoding="utf-8"))
    made_up = "Lands in the hand and in the Save slots tap for one"
    assert _plain(made_up) not in seed
    assert _plain("All mana is  colorless\nin this realm.") in seed


# -- instant death: which lands count ------------------------------------------------

DEATH_ORDER = (
    "Mountain; Mountain; Swamp; Island; Island; Mountain; Swamp; Swamp; Swamp; Swamp; Swamp; Swamp"
)


def _death_game(**options: Any) -> tuple[Session, list[dict[str, Any]]]:
    session, lines = new_session(
        "hunsberger",
        seed=1,
        timer="Lightning Bolt; Lightning Bolt; Swamp; Raging Goblin",
        order=DEATH_ORDER,
        **options,
    )
    for text in ("save Mountain 1", "save Mountain 1", "end", "save Island 2", "save Island 2"):
        session.submit(text)
    session.submit("end")  # turn 3 deals a Swamp flipped and three Swamps: 8 lands out
    return session, lines


def test_instant_death_counts_the_hand_and_the_slots_by_default() -> None:
    session, lines = _death_game()
    assert session.over
    deaths = [line for line in lines if line["type"] == "instant_death"]
    assert deaths == [{**deaths[0], "lands": 8}] and "where" not in deaths[0]
    assert session.state.result()["death"] == "8 mana-producing lands out"


def test_instant_death_slots_counts_only_the_save_slots() -> None:
    session, lines = _death_game(instant_death="slots")
    assert not session.over
    assert not [line for line in lines if line["type"] == "instant_death"]
    state = session.state
    assert isinstance(state, HunsbergerState)
    assert len(state.table.mana_lands_out("slots")) == 4
    assert len(state.table.mana_lands_out()) == 8
    assert "Lands in the Save slots: 4 (8: instant death)" in " ".join(render(state).split())


def test_a_log_header_without_instant_death_plays_hand_and_slots() -> None:
    from cardcli.games.hunsberger import GAME

    header = {o.name: o.default for o in GAME.options if not o.setup}
    del header["instant_death"]
    options, _ = GAME.header_options({**header, "deck": None}, {})
    assert options["instant_death"] == "hand-and-slots"


# -- spell damage: the mana used ---------------------------------------------------------


def _spell_damage(reading: str | None, timer: str, order: str, commands: list[str]) -> list[Any]:
    options = {} if reading is None else {"spell_damage": reading}
    session, lines = new_session("hunsberger", seed=1, timer=timer, order=order, **options)
    for text in commands:
        assert session.submit(text).accepted, text
    return [(line["amount"], line["rule"]) for line in lines if line["type"] == "damage"]


@pytest.mark.parametrize(
    ("reading", "bolt", "disintegrate"),
    [
        (None, (1, "mana paid"), (2, "X damage")),  # the default: mana-used
        ("mana-used", (1, "mana paid"), (2, "X damage")),
        ("printed", (3, "printed damage"), (2, "X damage")),
        ("mana", (1, "mana paid"), (3, "mana paid")),  # older logs: X spells all the mana
    ],
)
def test_spell_damage_readings(
    reading: str | None, bolt: tuple[int, str], disintegrate: tuple[int, str]
) -> None:
    order = "Mountain; Swamp; Island; Mountain; Swamp; Island"
    commands = ["cast Lightning Bolt", "end", "cast Disintegrate X=2"]
    found = _spell_damage(reading, "Lightning Bolt; Disintegrate", order, commands)
    assert found == [bolt, disintegrate]


def test_the_board_and_the_deck_notes_say_mana_paid_for_a_printed_damage_spell() -> None:
    from cardcli.cards.mtg.pool import CardPool
    from cardcli.games.hunsberger.scoring import as_played, profile

    bolt = CardPool.bundled().get("Lightning Bolt")
    assert bolt is not None
    assert profile(bolt).tag(bolt) == "damage 3"  # the card's own nature
    assert as_played(profile(bolt), bolt, "mana-used").tag(bolt) == "mana paid"
    assert as_played(profile(bolt), bolt, "printed").tag(bolt) == "damage 3"
    session, _ = new_session("hunsberger", seed=1, timer="Lightning Bolt", order="Swamp; Swamp")
    board = render(session.state)  # type: ignore[arg-type]
    assert "Lightning Bolt" in board and "mana paid" in board
