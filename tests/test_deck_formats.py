"""Real decklists as public tools export them, and reports that say everything once (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from cardcli.cards.mtg.deckfile import load_decklist
from cardcli.cards.mtg.pool import CardPool
from cardcli.cards.mtg.textdecks import kind_of, parse_text_deck
from cardcli.cards.mtg.validate import check
from cardcli.cli import cli

FORGE = """\
[metadata]
Name=Forge Burn
Description=fast and red
[Main]
4 Lightning Bolt|M10
4 Shock|M19|1
52 Mountain|DOM|1
[Sideboard]
2 Pyroclasm|M10
[Planes]
1 Academy at Tolaria West|HOP
"""


def cardcli(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def entries(path: Path) -> list[tuple[int, str, str]]:
    return [(e.count, e.name, e.section) for e in load_decklist(path).entries]


def test_forge_dck_is_read_by_its_suffix_and_by_its_content(tmp_path: Path) -> None:
    expected = [
        (4, "Lightning Bolt", "main"),
        (4, "Shock", "main"),
        (52, "Mountain", "main"),
        (2, "Pyroclasm", "sideboard"),
    ]
    for name in ("burn.dck", "burn.txt"):
        path = write(tmp_path, name, FORGE)
        assert entries(path) == expected
        deck = load_decklist(path)
        assert deck.name == "Forge Burn"
        assert deck.notes == [
            (10, "[Planes] holds no cards of a Magic deck cardcli checks: not read")
        ]
    commander = write(
        tmp_path, "k.dck", "[Commander]\n1 Krenko, Mob Boss|M12\n[Main]\n99 Mountain\n"
    )
    assert entries(commander)[0] == (1, "Krenko, Mob Boss", "commander")
    result = cardcli("deck", "validate", str(commander))
    assert result.exit_code == 0 and "valid as commander (100 cards with the commander" in (
        result.stdout
    )


def test_formats_are_told_by_content_when_the_suffix_does_not_say() -> None:
    assert kind_of("", FORGE) == "forge"
    assert kind_of("", "name: x\nmain:\n  - {count: 4, card: Shock}\n") == "yaml"
    assert kind_of(".txt", "<Deck><Cards Quantity='1' Name='Shock'/></Deck>") == "xml"
    assert kind_of("", "Deck\n4 Shock\nSideboard:\n2 Pyroclasm\n") == "text"
    assert kind_of(".txt", "Main:\n4 Shock\n") == "text"  # a header, not YAML
    assert kind_of("", "name: [1]\nmain: 5\n") == "yaml"  # broken YAML decklists are YAML too
    assert kind_of("", "Circle of Protection: Red\n") == "text"


def test_an_arena_about_section_with_more_than_a_name_is_read_with_a_note(tmp_path: Path) -> None:
    text = (
        "About\nName Pinger Tron\npilot someone\nEvent FNM\nThumbnail 12345\n\nDeck\n60 Mountain\n"
    )
    path = write(tmp_path, "arena.txt", text)
    deck = load_decklist(path)
    assert deck.name == "Pinger Tron" and entries(path) == [(60, "Mountain", "main")]
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 0
    assert (
        f"{path}:3: note: the About section's lines other than Name are not read (lines 3, 4, 5)"
        in result.stdout
    )


def test_a_line_without_a_count_is_one_copy() -> None:
    deck = parse_text_deck("Lightning Helix\n4 Shock\nFire // Ice (APC) 128\n", "d.txt")
    assert [(e.count, e.name) for e in deck.entries] == [
        (1, "Lightning Helix"),
        (4, "Shock"),
        (1, "Fire // Ice"),
    ]


def test_every_text_syntax_error_is_reported_with_its_line(tmp_path: Path) -> None:
    text = "4 Lightning Bolt\n0 Shock\n4x\n{bad}\n9999 Mountain\n56 Mountain\n"
    path = write(tmp_path, "errs.txt", text)
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 1  # a decklist with bad lines is invalid, not unreadable
    for expected in (
        f"{path}:2: error: Shock: a count of 0 is out of range",
        f"{path}:3: error: '4x' names no card",
        f"{path}:4: error: not a card line: '{{bad}}'",
        f"{path}:5: error: Mountain: a count of 9999 is out of range",
    ):
        assert expected in result.stdout
    assert f"{path}: invalid, 4 errors as constructed (60 cards, 0 warnings)" in result.stdout


def test_every_yaml_schema_error_is_reported_at_its_line_never_a_list_index(
    tmp_path: Path,
) -> None:
    text = (
        "name: y\n"
        "main:\n"
        "  - {count: four, card: Shock}\n"
        "  - Lightning Bolt\n"
        "  - {count: 60, card: Mountain}\n"
        "  - count: 0\n"
        "    card: Island\n"
        "format: chess\n"
    )
    path = write(tmp_path, "e.yaml", text)
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert [line.split(": error: ")[0] for line in lines] == [
        f"{path}:3",
        f"{path}:4",
        f"{path}:6",
        f"{path}:8",
    ]
    assert "main entry count: 'four' is not of type 'integer'" in lines[0]
    assert "/0/" not in result.stdout and "main/" not in result.stdout
    assert "(60 cards" in result.stdout  # the good entry is still read


def test_a_commander_section_is_checked_as_commander_and_counted_once(tmp_path: Path) -> None:
    right = write(tmp_path, "k.txt", "Commander\n1 Krenko, Mob Boss\n\nDeck\n99 Mountain\n")
    result = cardcli("deck", "validate", str(right))
    assert result.exit_code == 0 and "valid as commander (100 cards with the commander" in (
        result.stdout
    )
    wrong = write(tmp_path, "k2.txt", "Commander\n1 Krenko, Mob Boss\nDeck\n100 Mountain\n")
    result = cardcli("deck", "validate", str(wrong))
    assert result.exit_code == 1
    assert "this one has 101" in result.stdout and "(101 cards with the commander" in result.stdout
    assert "100 cards," not in result.stdout and "(100 cards" not in result.stdout
    shown = cardcli("deck", "show", str(wrong))
    assert "101 cards with the commander" in shown.stdout


def test_an_mtgo_commander_in_a_one_card_sideboard_is_taken_as_the_commander(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, "mtgo.txt", "99 Mountain\n\n1 Krenko, Mob Boss\n")
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 0
    assert f"{path}:3: note: Krenko, Mob Boss: the one card of the sideboard is taken" in (
        result.stdout
    )
    assert "valid as commander (100 cards with the commander" in result.stdout
    pool = CardPool.bundled(with_user_pool=False)
    report = check(load_decklist(path), pool, "commander")
    assert [e.name for e in report.deck.section("commander")] == ["Krenko, Mob Boss"]
    # A 60-card deck with one legendary creature in the sideboard stays constructed.
    sixty = write(tmp_path, "sixty.txt", "60 Mountain\n\n1 Krenko, Mob Boss\n")
    assert "valid as constructed" in cardcli("deck", "validate", str(sixty)).stdout
    # Not legendary: no commander is made of it.
    plain = write(tmp_path, "plain.txt", "99 Mountain\n\n1 Shock\n")
    assert check(load_decklist(plain), pool).format == "constructed"


def test_a_dash_reads_the_decklist_from_stdin() -> None:
    validated = cardcli("deck", "validate", "-", stdin="4 Lightning Bolt\n56 Mountain\n")
    assert validated.exit_code == 0 and "<stdin>: valid as constructed (60 cards" in (
        validated.stdout
    )
    shown = cardcli("deck", "show", "-", stdin=FORGE)
    assert shown.exit_code == 0 and shown.stdout.startswith("Forge Burn (constructed): 60 cards")
    as_json = cardcli(
        "deck", "validate", "-", "--json", stdin="name: x\nmain:\n  - {count: 60, card: Swamp}\n"
    )
    assert json.loads(as_json.stdout)["file"] == "<stdin>"


def test_a_name_no_card_has_is_told_apart_from_a_typo(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "d.txt",
        "4 Cavern of Souls\n4 Lightnig Bolt\n4 Mana Crypt\n4 Quibblewick Unmade\n44 Mountain\n",
    )
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 1
    out = result.stdout
    assert "error: Cavern of Souls" not in out and "error: Mana Crypt" not in out  # real cards
    assert f"{path}:2: error: Lightnig Bolt: unknown card; did you mean 'Lightning Bolt'?\n" in out
    assert f"{path}:4: error: Quibblewick Unmade: no Magic card or token has this name\n" in out
    assert "Ghave" not in out and "Lightning Helix" not in out  # no far-fetched suggestions
    assert out.count("cardcli cards import AtomicCards.json.gz") == 1  # said once
    assert "https://mtgjson.com/api/v5/AtomicCards.json.gz" in out


def test_real_cards_are_never_suggested_for_one_another(tmp_path: Path) -> None:
    """Foresee and Lightning Blast are cards, not slips for Forest and Lightning Bolt."""
    path = write(tmp_path, "d.txt", "4 Foresee\n4 Lightning Blast\n52 Forest\n")
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 0, result.stdout
    assert "did you mean" not in result.stdout


def test_cards_search_and_show_take_several_words_without_quotes() -> None:
    unquoted = cardcli("cards", "search", "destroy", "target", "nonblack", "creature")
    assert unquoted.exit_code == 0 and "Doom Blade" in unquoted.stdout
    assert unquoted.stdout == cardcli("cards", "search", "destroy target nonblack creature").stdout
    shown = cardcli("cards", "show", "lightning", "bolt")
    assert shown.exit_code == 0 and shown.stdout.startswith("Lightning Bolt  {R}\n")


def test_cards_search_says_when_it_stops_at_its_limit() -> None:
    everything = cardcli("cards", "search", "creature", "--json")
    total = json.loads(everything.stdout)["total"]
    assert total > 3 and len(json.loads(everything.stdout)["cards"]) == min(total, 50)
    limited = cardcli("cards", "search", "creature", "--limit", "3")
    lines = limited.stdout.splitlines()
    assert (
        len(lines) == 4
        and lines[-1] == f"(3 of {total} cards shown; --limit {total} shows them all)"
    )
    whole = cardcli("cards", "search", "doom", "blade")
    assert "shown" not in whole.stdout  # nothing left out, nothing said


def test_cards_show_json_and_a_card_missing_from_the_pool() -> None:
    data = json.loads(cardcli("cards", "show", "grave", "titan", "--json").stdout)
    assert data["name"] == "Grave Titan" and data["mana_cost"] == "{4}{B}{B}"
    assert data["automated"] is True and data["source"].endswith(".yaml")
    cavern = json.loads(cardcli("cards", "show", "Cavern", "of", "Souls", "--json").stdout)
    assert cavern["source"] == "card data" and cavern["types"] == ["Land"]
    missing = cardcli("cards", "show", "Quibblewick", "Unmade")
    assert missing.exit_code == 1 and "did you mean" not in missing.stderr
    assert "no Magic card or token has this name" in missing.stderr
    assert "cards import" in missing.stderr


def test_empty_card_names_and_searches_are_usage_errors() -> None:
    assert cardcli("cards", "show", " ").exit_code == 2
    assert "needs words" in cardcli("cards", "search", "").stderr
