"""The card database shipped with cardcli: every card known offline, tokens by name."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cards.mtg.behaviour import with_behaviour
from cardcli.cards.mtg.carddb import CardDatabase
from cardcli.cards.mtg.deckfile import load_decklist
from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.pool import SHIPPED_DB, CardPool
from cardcli.cards.mtg.resolve import resolve_deck_file
from cardcli.cards.mtg.schemas import card_validator
from cardcli.cards.mtg.validate import check
from cardcli.cli import cli
from tests.conftest import REPO

DECKS = REPO / "tests" / "fixtures" / "decks"
# Wizards' Hero's Path challenge-deck cards (2014): printed, but in no MTGJSON card list.
NOT_IN_MTGJSON = {
    "Minotaur Goreseeker",
    "Minotaur Younghorn",
    "Mogis's Chosen",
    "Phoberos Reaver",
    "Reckless Minotaur",
}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.bundled(with_user_pool=False)


def shipped() -> CardDatabase:
    return CardDatabase(SHIPPED_DB)


def test_the_shipped_database_holds_every_card_compactly() -> None:
    database = shipped()
    assert database.card_count > 34_000
    assert SHIPPED_DB.stat().st_size < 5_000_000  # a few MB in the wheel
    assert database.source["file"].startswith("AtomicCards") and database.source["date"]
    assert sum(len(v) for v in database.tokens().values()) > 500


def test_every_shipped_card_fits_the_card_schema_with_and_without_its_behaviour() -> None:
    validator = card_validator()
    database = shipped()
    count = 0
    for block in database.raw_blocks():
        for _key, data in block:
            record = database.record(data)
            assert next(iter(validator.iter_errors(record)), None) is None, record["name"]
            played = with_behaviour(record)
            assert next(iter(validator.iter_errors(played)), None) is None, record["name"]
            Card.from_data(played)
            count += 1
    assert count == database.card_count
    for variants in database.tokens().values():
        for token in variants:
            assert next(iter(validator.iter_errors(token)), None) is None, token["name"]


def test_the_cards_real_decks_are_refused_for_today_are_known(pool: CardPool) -> None:
    for name in ("Cultivate", "Rhystic Study", "Arcane Signet", "Birds of Paradise"):
        card = pool.get(name)
        assert card is not None and card.name == name and card.source == "card data"
    rift = pool.get("Cyclonic Rift")
    assert rift is not None and rift.mana_cost == "{1}{U}" and "Overload {6}{U}" in rift.oracle


SPECIAL = [
    "Fire // Ice",  # split
    "Bonecrusher Giant // Stomp",  # adventure
    "Delver of Secrets // Insectile Aberration",  # transform
    "Agadeem's Awakening // Agadeem, the Undercrypt",  # modal double-faced
    "Lim-Dûl's Vault",  # non-ASCII
    "Æther Vial",
    "Kitchen Finks",  # hybrid {G/W}
    "Reaper King",  # {2/W}
    "Kozilek, Compleated",  # {C/P}
]


def sample_names() -> list[str]:
    """A fixed random sample of 500 cards of the database, and the special ones."""
    names = sorted(shipped().names().values())
    return SPECIAL + random.Random(21).sample(names, 500)


def test_a_fixed_sample_of_500_cards_validates_and_shows(tmp_path: Path, pool: CardPool) -> None:
    names = sample_names()
    deck = tmp_path / "sample.txt"
    deck.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    report = check(load_decklist(deck), pool, "highlander")
    assert [p.message for p in report.problems if p.level == "error"] == []
    assert len(report.cards) == len(names)
    for name in names:
        card = pool.get(name)
        assert card is not None and card.describe().startswith(card.name)
    runner = CliRunner()
    for name in SPECIAL:
        shown = runner.invoke(cli, ["cards", "show", name], catch_exceptions=False)
        assert shown.exit_code == 0 and shown.stdout.startswith(name.replace("Æ", "Ae")[:3])


def test_every_face_of_a_card_of_several_is_shown(pool: CardPool) -> None:
    card = pool.get("Agadeem's Awakening")
    assert card is not None and card.name == "Agadeem's Awakening // Agadeem, the Undercrypt"
    assert [f["name"] for f in card.raw["faces"]] == [
        "Agadeem's Awakening",
        "Agadeem, the Undercrypt",
    ]
    assert "Agadeem, the Undercrypt: Land" in card.oracle
    assert (
        pool.get("Agadeem, the Undercrypt") is card or pool.get("Agadeem, the Undercrypt") == card
    )


def real_decks() -> list[Path]:
    return sorted(DECKS.glob("*/*.txt"))


@pytest.mark.parametrize("path", real_decks(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_card_of_a_real_decklist_is_known(path: Path, pool: CardPool) -> None:
    deck = load_decklist(path)
    unknown = [
        e.name
        for e in deck.entries
        if pool.get(e.name, e.printing, e.token) is None and e.name not in NOT_IN_MTGJSON
    ]
    assert unknown == [], path.name


def test_the_real_decks_span_horde_commander_constructed_and_precons() -> None:
    kinds = {p.parent.name: 0 for p in real_decks()}
    for path in real_decks():
        kinds[path.parent.name] += 1
    assert kinds["horde"] >= 10 and kinds["commander"] >= 20 and kinds["constructed"] >= 20
    assert kinds["precons"] >= 8
    for path in real_decks():
        assert path.read_text(encoding="utf-8").startswith("# Source: "), path.name


# -- token cards -----------------------------------------------------------------------


HORDE_TOKENS = (
    "Zombie", "Zombie Giant", "Goblin", "Saproling", "Spirit", "Angel", "Dragon", "Insect", "Rat",
    "Elf Warrior", "Cat", "Wolf", "Treasure", "Clue", "Food", "Eldrazi Scion", "Dinosaur",
    "Golem", "Metallic Sliver", "Human", "Soldier", "Bear", "Eldrazi Spawn", "Beast", "Elemental",
    "Elephant", "Wurm", "Knight", "Construct", "Eldrazi Horror", "Thopter", "Assembly-Worker",
)  # fmt: skip


@pytest.mark.parametrize("name", HORDE_TOKENS)
def test_every_token_real_horde_decks_use_is_known_by_name(name: str, pool: CardPool) -> None:
    card = pool.get(name, token=True)  # "Metallic Sliver" is a card too: the token is asked for
    assert card is not None and card.token and not card.mana_cost, name
    assert card.name == name
    if name not in ("Metallic Sliver", "Assembly-Worker"):
        assert pool.get(name) == card  # by its name alone
    if "Creature" in card.types:
        assert card.power is not None and card.toughness is not None


def test_a_token_is_picked_by_what_tells_it_apart(pool: CardPool) -> None:
    default = pool.get("Dinosaur")
    assert default is not None and (default.power, default.keywords) == ("3", ("Trample",))
    assert "the one most cards make" in pool.note("Dinosaur")
    small = pool.get("Dinosaur 1/1 red haste")
    assert small is not None and (small.power, small.colors) == ("1", ("R",))
    for words in ("Dinosaur 3/3 green trample", "3/3 green Dinosaur creature token with trample"):
        card = pool.get(words)
        assert card is not None and card.raw == default.raw, words
    scion, spawn = pool.get("Eldrazi Scion"), pool.get("Eldrazi Spawn")
    assert scion is not None and spawn is not None
    assert (scion.power, scion.toughness, spawn.power, spawn.toughness) == ("1", "1", "0", "1")
    assert "Add {C}" in scion.oracle and "Add {C}" in spawn.oracle
    treasure = pool.get("Treasure")
    assert treasure is not None and treasure.types == ("Artifact",)
    assert treasure.oracle == "{T}, Sacrifice this token: Add one mana of any color."


def test_a_set_code_picks_a_token_as_the_horde_apps_write_it(pool: CardPool) -> None:
    # The Horde app's Dinosaur horde: Forbidden Friendship (IKO) makes a 1/1 red Dinosaur.
    iko = pool.get("Dinosaur", "TIKO")
    assert iko is not None and (iko.power, iko.colors, iko.keywords) == ("1", ("R",), ("Haste",))
    golem = pool.get("Golem", "TNPH")  # New Phyrexia's Golems are Phyrexian Golems since 2022
    assert golem is not None and golem.subtypes == ("Phyrexian", "Golem")
    unknown = pool.get("Human Warrior", "TELD")
    assert unknown is not None and "no such token is known from TELD" in pool.note(
        "Human Warrior", "TELD"
    )


def test_a_token_no_card_makes_is_made_as_described(pool: CardPool) -> None:
    card = pool.get("Goblin Shaman 9/9 red haste")
    assert card is not None and card.token and (card.power, card.keywords) == ("9", ("Haste",))
    assert "made as the line describes it" in pool.note("Goblin Shaman 9/9 red haste")
    assert pool.get("Goblin Shaman red") is None  # no power and toughness: not a token at all


def test_the_word_token_plays_a_card_as_a_token_card(pool: CardPool) -> None:
    card = pool.get("Sliver Construct token")
    assert card is not None and card.token and card.mana_cost == "" and card.power == "2"
    assert "played as a token card" in pool.note("Sliver Construct token")
    real = pool.get("Sliver Construct")
    assert real is not None and not real.token and real.mana_cost == "{3}"
    zombie = pool.get("Zombie Token")
    assert zombie is not None and zombie.token and zombie.power == "2"


def test_a_face_name_comes_after_a_token_of_that_name(pool: CardPool) -> None:
    blood = pool.get("Blood")
    assert blood is not None and blood.token and blood.types == ("Artifact",)
    flesh = pool.get("Flesh")
    assert flesh is not None and flesh.name == "Flesh // Blood"


def test_the_horde_app_format_reads_with_its_set_codes_and_token_marks(tmp_path: Path) -> None:
    deck = tmp_path / "Dinosaur.txt"
    uuids = "29b74e83-90eb-4ced-87fc-10cea5822a62 f918b740-1984-4090-8886-9e290a698b95"
    deck.write_text(
        f"40 TIKO token NO Dinosaur {uuids}\n"
        f"22 M14 token NO Sliver Construct {uuids}\n"
        f"1 XLN creature NO Carnage Tyrant {uuids}\n",
        encoding="utf-8",
    )
    read = load_decklist(deck)
    assert [(e.count, e.name, e.printing, e.token) for e in read.entries] == [
        (40, "Dinosaur", "TIKO", True),
        (22, "Sliver Construct", "M14", True),
        (1, "Carnage Tyrant", "XLN", False),
    ]
    resolved = resolve_deck_file(str(deck), "--horde")
    assert resolved["definitions"]["Sliver Construct"]["token"] is True
    assert resolved["definitions"]["Dinosaur"]["power"] == "1"


def test_deck_validate_says_which_token_each_line_took(tmp_path: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("30 Dinosaur\n30 Dinosaur 3/1 red\n40 Carnage Tyrant\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "validate", str(deck), "--format", "horde", "--json"])
    notes = [p for p in json.loads(result.stdout)["problems"] if p["message"].startswith("token:")]
    assert [n["line"] for n in notes] == [1, 2]
    assert "3/3 green Dinosaur creature token with trample" in notes[0]["message"]
    assert "3/1 red Dinosaur creature token" in notes[1]["message"]


def test_two_tokens_of_one_name_in_a_deck_are_two_definitions(tmp_path: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("30 Dinosaur\n30 Dinosaur 3/1 red\n40 Carnage Tyrant\n", encoding="utf-8")
    resolved = resolve_deck_file(str(deck), "--horde")
    assert resolved["sections"]["main"].count("Dinosaur") == 30
    assert resolved["sections"]["main"].count("Dinosaur 3/1") == 30
    assert resolved["definitions"]["Dinosaur 3/1"]["power"] == "3"
    assert resolved["definitions"]["Dinosaur 3/1"]["toughness"] == "1"
