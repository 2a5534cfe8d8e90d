"""Magic cards and decklists: the pool, every decklist format, every validation rule."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcli.cards.mtg.deckfile import load_decklist
from cardcli.cards.mtg.decklist import DeckError
from cardcli.cards.mtg.model import Card, mana_value
from cardcli.cards.mtg.pool import CardPool, bundled_card_files, normalize, read_card_file
from cardcli.cards.mtg.schemas import card_validator
from cardcli.cards.mtg.textdecks import parse_text_deck
from cardcli.cards.mtg.validate import check
from cardcli.cli import cli
from tests.conftest import REPO

DECKS = sorted((REPO / "decklists").glob("*.yaml"))


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.bundled(with_user_pool=False)


def cardcli(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def deck_text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# -- the bundled pool ----------------------------------------------------------


def test_every_bundled_card_matches_the_card_schema_and_names_are_unique() -> None:
    validator = card_validator()
    seen: dict[str, str] = {}
    total = 0
    for path in bundled_card_files():
        for data, line in read_card_file(path):
            errors = [e.message for e in validator.iter_errors(data)]
            assert errors == [], f"{path.name}:{line} {data['name']}: {errors}"
            key = normalize(data["name"])
            assert key not in seen, f"{data['name']} is in {seen.get(key)} and {path.name}"
            seen[key] = path.name
            total += 1
    assert total >= 300, f"the bundled pool has {total} cards; at least 300 are promised"


def test_the_pool_covers_the_zombie_horde_and_hunsbergers_cards(pool: CardPool) -> None:
    for name in (
        "Yixlid Jailer", "Nested Ghoul", "Infectious Host", "Blind Creeper", "Soulless One",
        "Vengeful Dead", "Fleshbag Marauder", "Carrion Wurm", "Maggot Carrier", "Cackling Fiend",
        "Death Baron", "Grave Titan", "Severed Legion", "Skulking Knight", "Undead Warchief",
        "Rotting Fensnake", "Unbreathing Horde", "Walking Corpse", "Twilight's Call",
        "Delirium Skeins", "Army of the Damned", "Plague Wind", "Damnation",
        "Endless Ranks of the Dead", "Bad Moon", "Call to the Grave", "Forsaken Wastes",
        "Zombie", "Zombie Giant", "Stone Rain", "Disintegrate", "Reconstruction", "Raise Dead",
        "Plains", "Island", "Swamp", "Mountain", "Forest",
    ):  # fmt: skip
        assert pool.get(name) is not None, name
    zombie = pool.get("zombie")
    assert zombie is not None and zombie.token and zombie.power == "2"


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_every_bundled_deck_validates_in_its_format(path: Path, pool: CardPool) -> None:
    deck = load_decklist(path)
    assert deck.format is not None
    report = check(deck, pool)
    errors = [p.text() for p in report.problems if p.level == "error"]
    assert errors == []
    if deck.format == "horde":
        assert deck.count() == 100
    else:
        assert deck.count() >= 60


def test_the_zombie_horde_has_55_zombies_5_giants_and_40_others() -> None:
    deck = load_decklist(REPO / "decklists" / "horde-zombies.yaml")
    counts = {normalize(e.name): e.count for e in deck.section("main")}
    assert counts[normalize("Zombie")] == 55
    assert counts[normalize("Zombie Giant")] == 5
    assert deck.count() - 60 == 40


def test_mana_values_and_colours_come_from_the_cost() -> None:
    assert mana_value("{2}{B}{B}") == 4
    assert mana_value("{X}{R}") == 1
    assert mana_value("{W/U}{2/B}{G/P}") == 4
    card = Card.from_data(
        {"name": "T", "mana_cost": "{1}{W/U}", "types": ["Instant"], "oracle": "{B}: x"}
    )
    assert card.colors == ("W", "U") and card.color_identity == ("W", "U", "B")


# -- names -------------------------------------------------------------------------


def test_names_match_ignoring_case_and_punctuation(pool: CardPool) -> None:
    card = pool.get("TWILIGHTS   call")
    assert card is not None and card.name == "Twilight's Call"
    assert pool.get("grave-titan") is not None


def test_an_unknown_name_gets_did_you_mean_suggestions(pool: CardPool) -> None:
    message = pool.unknown_message("Grave Titn")
    assert "did you mean 'Grave Titan'" in message


# -- text decklists ----------------------------------------------------------------


def test_arena_and_mtgo_text_forms() -> None:
    deck = parse_text_deck(
        deck_text(
            "About",
            "Name Burn Test",
            "// a comment",
            "# another",
            "Deck",
            "4 Lightning Bolt",
            "4x Shock",
            "2 Lava Axe (M10) 146",
            "1 Fire // Ice",
            "Sideboard",
            "3 Pyroclasm",
            "SB: 1 Negate",
            "Commander",
            "1 Krenko, Mob Boss",
            "Companion",
            "1 Lurrus of the Dream-Den",
        ),
        "burn.txt",
    )
    assert deck.name == "Burn Test"
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (4, "Lightning Bolt", "main"),
        (4, "Shock", "main"),
        (2, "Lava Axe", "main"),
        (1, "Fire // Ice", "main"),
        (3, "Pyroclasm", "sideboard"),
        (1, "Negate", "sideboard"),
        (1, "Krenko, Mob Boss", "commander"),
        (1, "Lurrus of the Dream-Den", "sideboard"),
    ]
    assert [e.line for e in deck.entries][:2] == [6, 7]


def test_mtgo_text_puts_cards_after_a_blank_line_in_the_sideboard() -> None:
    deck = parse_text_deck("4 Lightning Bolt\n20 Mountain\n\n2 Pyroclasm\n", "mtgo.txt")
    assert [e.section for e in deck.entries] == ["main", "main", "sideboard"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not: a card}\n", "not a card line"),
        ("0 Lightning Bolt\n", "out of range"),
        ("99999 Lightning Bolt\n", "out of range"),
        ("// nothing\n", "no cards found"),
    ],
)
def test_bad_text_lines_are_refused_with_file_and_line(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        parse_text_deck(text, "bad.txt")


@settings(max_examples=100)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=1, max_value=99),
            st.from_regex(r"[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8}){0,2}", fullmatch=True),
            st.sampled_from(["", "x", " (M10) 146", " (2XM) 12"]),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_text_parser_reads_back_what_it_is_given(entries: list[tuple[int, str, str]]) -> None:
    lines = []
    for count, name, extra in entries:
        lines.append(f"{count}x {name}" if extra == "x" else f"{count} {name}{extra}")
    deck = parse_text_deck("\n".join(lines), "gen.txt")
    assert [(e.count, e.name) for e in deck.entries] == [(c, n) for c, n, _ in entries]


@given(st.text(max_size=200))
def test_text_parser_raises_only_deck_errors(text: str) -> None:
    with contextlib.suppress(DeckError):
        parse_text_deck(text, "any.txt")


# -- XML decklists -----------------------------------------------------------------


def test_mtgo_dek_xml(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "deck.dek",
        '<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
        "  <NetDeckID>0</NetDeckID>\n"
        '  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n'
        '  <Cards CatID="2" Quantity="2" Sideboard="true" Name="Pyroclasm" />\n</Deck>\n',
    )
    deck = load_decklist(path)
    assert [(e.count, e.name, e.section, e.line) for e in deck.entries] == [
        (4, "Lightning Bolt", "main", 4),
        (2, "Pyroclasm", "sideboard", 5),
    ]


def test_cockatrice_cod_xml(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "deck.cod",
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        "  <deckname>Zombies</deckname>\n"
        '  <zone name="main">\n    <card number="4" name="Walking Corpse"/>\n  </zone>\n'
        '  <zone name="side">\n    <card number="1" name="Bad Moon"/>\n  </zone>\n'
        "</cockatrice_deck>\n",
    )
    deck = load_decklist(path)
    assert deck.name == "Zombies"
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (4, "Walking Corpse", "main"),
        (1, "Bad Moon", "sideboard"),
    ]


def test_xml_entity_tricks_are_refused(tmp_path: Path) -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n'
        '<Deck><Cards Quantity="1" Sideboard="false" Name="&lol2;" /></Deck>\n'
    )
    external = (
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Deck/>\n'
    )
    for name, text in (("bomb.dek", bomb), ("ext.cod", external)):
        result = cardcli("deck", "validate", str(write(tmp_path, name, text)))
        assert result.exit_code == 2
        assert "DOCTYPE and entity declarations are not allowed" in result.stderr
        assert "Traceback" not in result.output


# -- native YAML and bad input ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: x\nmain:\n  - {count: 4, card: Shock\n", "broken YAML"),
        ("a: &a [1, 2]\nb: [*a, *a]\n", "aliases"),
        ("just text\n", "a decklist is a mapping"),
        ("!!python/object/apply:os.system ['echo hacked']\n", "broken YAML"),
    ],
)
def test_bad_yaml_decklists_get_one_line_and_exit_2(
    tmp_path: Path, text: str, message: str
) -> None:
    result = cardcli("deck", "validate", str(write(tmp_path, "deck.yaml", text)))
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_binary_and_huge_files_are_refused(tmp_path: Path) -> None:
    binary = write(tmp_path, "deck.txt", b"\x00\x01\x02garbage" * 100)
    result = cardcli("deck", "validate", str(binary))
    assert result.exit_code == 2 and "binary" in result.stderr
    huge = tmp_path / "huge.txt"
    with huge.open("w") as handle:
        handle.write("4 Lightning Bolt\n" * 400_000)
    result = cardcli("deck", "validate", str(huge))
    assert result.exit_code == 2 and "too big" in result.stderr
    assert cardcli("deck", "validate", str(tmp_path / "missing.txt")).exit_code == 2


def test_inline_custom_cards_in_a_yaml_deck(tmp_path: Path, pool: CardPool) -> None:
    path = write(
        tmp_path,
        "custom.yaml",
        "name: Custom horde\nformat: horde\nmain:\n"
        "  - {count: 55, card: Skeleton Swarmling}\n  - {count: 45, card: Walking Corpse}\n"
        "cards:\n  - name: Skeleton Swarmling\n    token: true\n    mana_cost: ''\n"
        "    colors: [B]\n    types: [Creature]\n    subtypes: [Skeleton]\n"
        '    power: "1"\n    toughness: "1"\n    oracle: ""\n',
    )
    report = check(load_decklist(path), pool)
    assert report.valid, [p.text() for p in report.problems]


# -- validation rules ---------------------------------------------------------------


def validate(
    tmp_path: Path, text: str, fmt: str, *extra: str
) -> tuple[int, list[dict[str, object]]]:
    path = write(tmp_path, "deck.txt", text)
    result = cardcli("deck", "validate", str(path), "--format", fmt, "--json", *extra)
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    return result.exit_code, [p for p in data["problems"] if p["level"] != "note"]


def messages(problems: list[dict[str, object]], level: str = "error") -> str:
    return " | ".join(str(p["message"]) for p in problems if p["level"] == level)


def test_horde_rules_size_tokens_lands_and_token_cost(tmp_path: Path) -> None:
    code, problems = validate(tmp_path, deck_text("55 Zombie", "45 Walking Corpse"), "horde")
    assert code == 0 and problems == []
    code, problems = validate(
        tmp_path, deck_text("70 Zombie", "29 Walking Corpse", "1 Swamp"), "horde"
    )
    assert code == 1
    assert "no lands" in messages(problems)
    assert "70%" in messages(problems, "warning")
    code, problems = validate(tmp_path, deck_text("55 Zombie", "40 Walking Corpse"), "horde")
    assert "has 100 cards; this one has 95" in messages(problems)
    code, problems = validate(
        tmp_path, deck_text("55 Zombie", "5 Walking Corpse"), "horde", "--horde-size", "60"
    )
    assert code == 0 and "92%" in messages(problems, "warning")


def test_horde_says_which_cards_are_automated_and_flags_player_choices(
    tmp_path: Path, pool: CardPool
) -> None:
    manual = next(c for c in pool.cards.values() if c.manual and not c.is_land)
    path = write(
        tmp_path, "deck.txt", deck_text("55 Zombie", "44 Walking Corpse", f"1 {manual.name}")
    )
    result = cardcli("deck", "validate", str(path), "--format", "horde")
    assert result.exit_code == 0
    assert "automated by the engine (2): Walking Corpse, Zombie" in result.stdout
    assert "manual, applied by the players (1):\n" in result.stdout
    assert f"\n  {manual.name}: " in result.stdout
    assert f"warning: {manual.name}: the Horde cannot play it by itself (manual: " in result.stdout
    choosy = next((c for c in pool.cards.values() if c.player_choices and not c.is_land), None)
    if choosy is not None:
        _code, problems = validate(tmp_path, deck_text("55 Zombie", f"45 {choosy.name}"), "horde")
        assert "only a player can make" in messages(problems, "warning")


def test_a_token_card_with_a_cost_is_refused_in_a_horde(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "deck.yaml",
        "name: x\nformat: horde\nmain:\n  - {count: 55, card: Pricey Token}\n  - {count: 45, card: Walking Corpse}\n"
        "cards:\n  - {name: Pricey Token, token: true, mana_cost: '{1}', types: [Creature], oracle: ''}\n",
    )
    result = cardcli("deck", "validate", str(path), "--json")
    assert result.exit_code == 1
    assert "token cards cost {0}, not {1}" in result.stdout


def test_horde_player_refuses_tainted_aether_and_accepts_commander_decks(tmp_path: Path) -> None:
    code, problems = validate(tmp_path, deck_text("56 Swamp", "4 Tainted Aether"), "horde-player")
    assert code == 1 and "refused in Horde player decks" in messages(problems)
    code, problems = validate(tmp_path, deck_text("60 Swamp"), "horde-player")
    assert code == 0
    code, problems = validate(tmp_path, deck_text("59 Swamp"), "horde-player")
    assert "at least 60" in messages(problems)


def test_hunsberger_takes_any_size_warns_below_18_and_recommends_60(tmp_path: Path) -> None:
    # "Main decks can be any size."
    code, problems = validate(tmp_path, deck_text("1 Mountain"), "hunsberger")
    assert code == 0 and "any size plays, but below 18" in messages(problems, "warning")
    code, problems = validate(tmp_path, deck_text("17 Mountain"), "hunsberger")
    assert code == 0 and "any size plays, but below 18" in messages(problems, "warning")
    code, problems = validate(tmp_path, deck_text("18 Mountain"), "hunsberger")
    assert code == 0 and "60 or more are recommended" in messages(problems, "warning")
    code, problems = validate(tmp_path, deck_text("60 Mountain"), "hunsberger")
    assert code == 0 and problems == []


def commander_deck(pool: CardPool) -> tuple[str, list[str]]:
    commander = next(
        c for c in pool.cards.values() if c.is_legendary and c.is_creature and c.colors
    )
    color = commander.colors[0]
    basic = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}[color]
    others = sorted(
        {
            c.name
            for c in pool.cards.values()
            if not c.is_land
            and not c.token
            and set(c.color_identity) <= set(commander.color_identity)
            and c.name != commander.name
        }
    )
    return commander.name, [basic, *others]


def test_commander_rules(tmp_path: Path, pool: CardPool) -> None:
    commander, (basic, *others) = commander_deck(pool)
    singles = others[:30]
    good = deck_text(
        "Commander",
        f"1 {commander}",
        "Deck",
        *[f"1 {n}" for n in singles],
        f"{99 - len(singles)} {basic}",
    )
    code, problems = validate(tmp_path, good, "commander")
    assert code == 0, problems
    doubled = good.replace(f"1 {singles[0]}", f"2 {singles[0]}").replace(
        f"{99 - len(singles)} {basic}", f"{98 - len(singles)} {basic}"
    )
    code, problems = validate(tmp_path, doubled, "commander")
    assert "singleton" in messages(problems)
    code, problems = validate(
        tmp_path, deck_text("Commander", "1 Shock", "99 Mountain"), "commander"
    )
    assert "legendary creature" in messages(problems)
    off_color = next(
        c
        for c in pool.cards.values()
        if c.color_identity and not set(c.color_identity) <= set(pool.get(commander).color_identity)
    )  # type: ignore[union-attr]
    code, problems = validate(
        tmp_path,
        deck_text("Commander", f"1 {commander}", "Deck", f"1 {off_color.name}", f"98 {basic}"),
        "commander",
    )
    assert "colour identity" in messages(problems)
    code, problems = validate(
        tmp_path, deck_text("Commander", f"1 {commander}", "Deck", f"90 {basic}"), "commander"
    )
    assert "100 cards" in messages(problems)


def test_highlander_is_singleton_and_constructed_is_60_and_4_copies(tmp_path: Path) -> None:
    code, problems = validate(tmp_path, deck_text("2 Lightning Bolt", "58 Mountain"), "highlander")
    assert code == 1 and "singleton" in messages(problems)
    code, problems = validate(tmp_path, deck_text("4 Lightning Bolt", "56 Mountain"), "constructed")
    assert code == 0
    code, problems = validate(tmp_path, deck_text("5 Lightning Bolt", "55 Mountain"), "constructed")
    assert "at most 4 copies" in messages(problems)
    code, problems = validate(tmp_path, deck_text("4 Lightning Bolt", "50 Mountain"), "constructed")
    assert "at least 60" in messages(problems)


def test_unknown_cards_are_errors_with_line_and_suggestion(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.txt", deck_text("4 Lightning Bolt", "56 Mountian"))
    result = cardcli("deck", "validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:2: error: Mountian: unknown card; did you mean 'Mountain'?\n" in result.stdout


# -- show and cards ----------------------------------------------------------------


def test_deck_show_counts_types_curve_colours_and_automation() -> None:
    result = cardcli("deck", "show", str(REPO / "decklists" / "horde-zombies.yaml"))
    assert result.exit_code == 0
    assert "by type: Token 60" in result.stdout
    assert "mana curve" in result.stdout and "colours (cards): black" in result.stdout
    assert "automated" in result.stdout and "manual" in result.stdout


def test_cards_show_and_search() -> None:
    shown = cardcli("cards", "show", "grave titan")
    assert shown.exit_code == 0 and "{4}{B}{B}" in shown.stdout and "Deathtouch" in shown.stdout
    found = cardcli("cards", "search", "enters or attacks", "two 2/2 black zombie")
    assert found.exit_code == 0 and "Grave Titan" in found.stdout
    missing = cardcli("cards", "show", "Grave Titn")
    assert missing.exit_code == 1 and "did you mean 'Grave Titan'" in missing.stderr


def test_odd_inputs_found_in_review(tmp_path: Path) -> None:
    # A superscript digit is not a quantity; a device is not a decklist.
    quirky = write(tmp_path, "q.dek", '<Deck><Cards Quantity="\u00b2" Name="Mountain"/></Deck>')
    result = cardcli("deck", "validate", str(quirky))
    assert result.exit_code == 2 and "is not a number" in result.stderr  # its only entry
    result = cardcli("deck", "validate", "/dev/zero")
    assert result.exit_code == 2 and "a device" in result.stderr
    floaty = write(tmp_path, "f.yaml", "name: x\nmain:\n  - {count: 4.0, card: Shock}\n")
    floated = cardcli("deck", "validate", str(floaty))
    assert floated.exit_code == 1 and "f.yaml:3: error: count 4.0 is not a whole number" in (
        floated.stdout
    )
    bad_json = cardcli("deck", "validate", str(floaty), "--json")
    assert json.loads(bad_json.stdout)["valid"] is False
    binary = cardcli("deck", "validate", str(write(tmp_path, "b.txt", b"\x00\x01")), "--json")
    assert binary.exit_code == 2 and json.loads(binary.stdout)["valid"] is False


def test_comment_headed_groups_and_trailing_comments_in_text_decks() -> None:
    deck = parse_text_deck(
        "// Creatures\n4 Lightning Bolt  # burn\n\n// Lands\n56 Mountain\n4 Shock *F*\n", "g.txt"
    )
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (4, "Lightning Bolt", "main"),
        (56, "Mountain", "main"),
        (4, "Shock", "main"),
    ]


def test_colour_identity_counts_mana_symbols_not_what_a_card_produces() -> None:
    rock = Card.from_data(
        {
            "name": "Rock",
            "mana_cost": "{4}",
            "types": ["Artifact"],
            "oracle": "{T}: Add one mana of any color.",
            "produces": ["W", "U", "B", "R", "G"],
        }
    )
    assert rock.color_identity == ()
    swamp = Card.from_data(
        {"name": "Swamp", "mana_cost": "", "types": ["Land"], "oracle": "({T}: Add {B}.)"}
    )
    assert swamp.color_identity == ("B",)


def test_inline_cards_may_write_power_as_a_number(tmp_path: Path, pool: CardPool) -> None:
    path = write(
        tmp_path,
        "n.yaml",
        "name: n\nformat: horde\nmain:\n  - {count: 55, card: Rat}\n  - {count: 45, card: Walking Corpse}\n"
        "cards:\n  - {name: Rat, token: true, mana_cost: '', types: [Creature], power: 1, toughness: 1, oracle: ''}\n",
    )
    report = check(load_decklist(path), pool)
    assert report.valid, [p.text() for p in report.problems]


def test_aether_is_matched_with_or_without_the_ligature() -> None:
    assert normalize("\u00c6ther Vial") == normalize("Aether Vial")
