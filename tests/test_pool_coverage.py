"""Every card a bundled deck, a scenario or a README example names is known to cardcli.

A user who copies an example has only what cardcli ships (the hand-written
cards and the card database): a card it lacks would make the example fail for
them. The user's own imported database is kept out.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardcli.cards.mtg.deckfile import load_decklist
from cardcli.cards.mtg.pool import CardPool
from cardcli.cards.mtg.resolve import split_names
from cardcli.cards.mtg.textdecks import parse_text_deck
from cardcli.engine.game import get_game
from tests.conftest import REPO

# README examples that show a name being refused, on purpose.
SHOWN_REFUSED = {"Mountian", "Lightnig Bolt", "Quibblewick Unmade"}
MAGIC_GAMES = ("hunsberger", "horde")


@pytest.fixture
def bundled_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CardPool:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))  # an empty home: no imported database
    return CardPool.bundled(with_user_pool=False)


def test_every_card_of_a_bundled_deck_is_in_the_pool(bundled_only: CardPool) -> None:
    for path in sorted((REPO / "decklists").glob("*.yaml")):
        for entry in load_decklist(path).entries:
            assert bundled_only.get(entry.name) is not None, f"{path.name}:{entry.line}"


def _scenario_options(path: Path, game: str) -> dict[str, Any]:
    spec: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    options = dict(spec.get("options") or {})
    for opt in get_game(game).options:
        value = options.get(opt.name)
        if opt.kind == "data" and isinstance(value, str) and (path.parent / value).is_file():
            options[opt.name] = str(path.parent / value)
    return options


def test_every_card_a_hunsberger_scenario_names_is_in_the_bundled_pool(
    bundled_only: CardPool,
) -> None:
    scenarios = sorted((REPO / "scenarios" / "hunsberger").glob("*.yaml"))
    assert scenarios
    for path in scenarios:
        # Loading the options resolves every card of their decks and orders.
        get_game("hunsberger").load_given(_scenario_options(path, "hunsberger"))


def _setup_names(setup: Any) -> list[str]:
    """Card names in a Horde setup: each side's zone lists hold names or ``{card: NAME}``."""
    found = []
    sides = {k: v for k, v in setup.items() if k != "cards"} if isinstance(setup, dict) else {}
    for side in sides.values():
        for items in side.values() if isinstance(side, dict) else ():
            for item in items if isinstance(items, list) else ():
                name = item.get("card") if isinstance(item, dict) else item
                if isinstance(name, str):
                    found.append(name)
    return found


def test_every_card_a_horde_scenario_names_is_in_the_bundled_pool(bundled_only: CardPool) -> None:
    scenarios = sorted((REPO / "scenarios" / "horde").glob("*.yaml"))
    assert scenarios
    names: dict[str, str] = {}
    for path in scenarios:
        options = _scenario_options(path, "horde")
        for key in ("order", "horde_order"):
            given = options.get(key) or []
            for part in [given] if isinstance(given, str) else given:
                for name in split_names(part.split("=", 1)[-1]):
                    names.setdefault(name, path.name)
        for key in ("deck", "horde"):
            given = options.get(key) or []
            for file in [given] if isinstance(given, str) else given:
                for entry in load_decklist(Path(file.split("=", 1)[-1])).entries:
                    names.setdefault(entry.name, path.name)
        if isinstance(options.get("setup"), str):
            setup = yaml.safe_load(Path(options["setup"]).read_text(encoding="utf-8"))
            own = {card["name"] for card in setup.get("cards") or []}  # defined by the set-up
            for name in _setup_names(setup):
                if name not in own:
                    names.setdefault(name, f"{path.name} ({Path(options['setup']).name})")
    assert len(names) > 40
    missing = {name: where for name, where in names.items() if bundled_only.get(name) is None}
    assert missing == {}


def readme_card_names() -> list[str]:
    """The card names README examples give as input: decklists, card lookups, orders, commands."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:console|text|sh)\n(.*?)```", text, flags=re.S)
    names: list[str] = []
    for block in blocks:
        lines = block.splitlines()
        for line in lines:
            deck = re.search(r"printf '(.*)' > \S+\.txt", line)
            if deck and "deck" in block:
                decoded = deck.group(1).replace("\\n", "\n")
                names += [e.name for e in parse_text_deck(decoded, "example.txt").entries]
            shown = re.match(r"\$ cardcli cards show (.+?)(\s+#.*)?$", line)
            if shown:
                names.append(shown.group(1).strip("'\""))
            if "play hunsberger" in line:
                for option in re.findall(r'--(?:order|timer) "([^"]*)"', line):
                    names += split_names(option)
            if "play horde" in line:
                names += re.findall(r"cast ([A-Z][\w',\- ]*?) ->", line)
        if any("play hunsberger" in line for line in lines):  # the script the example plays
            for line in lines:
                found = re.fullmatch(
                    r"(?:p1> )?(?:cast|save|tap) ([A-Z][\w',\- ]*?)(?: X=\d+| \d)?", line
                )
                if found:
                    names.append(found.group(1))
    return names


def test_every_card_a_readme_example_names_is_known(bundled_only: CardPool) -> None:
    names = readme_card_names()
    assert {"Lightning Bolt", "Disintegrate", "Essence Scatter", "Mountian"} <= set(names)
    missing = sorted({n for n in names if bundled_only.get(n) is None} - SHOWN_REFUSED)
    assert missing == [], "README examples name cards cardcli does not know"
    for name in SHOWN_REFUSED:
        assert bundled_only.get(name) is None, name  # refused on purpose, and really so


def test_every_card_of_the_real_decks_builds_and_scores(bundled_only: CardPool) -> None:
    """Each card of the 70 real decklists (tests/fixtures/decks) becomes the engine's card,
    gets a Hunsberger score and is reckoned by the Horde bots without an error, whatever
    shape its compiled data has (counted pumps, X tokens, mana of a choice...)."""
    from cardcli.games.horde import judge
    from cardcli.games.hunsberger.scoring import profile
    from cardcli.magic.cards import Proto

    paths = sorted((REPO / "tests" / "fixtures" / "decks").glob("*/*.txt"))
    assert len(paths) >= 70
    seen: set[str] = set()
    for path in paths:
        for entry in parse_text_deck(path.read_text(encoding="utf-8"), path.name).entries:
            if entry.name in seen:
                continue
            seen.add(entry.name)
            card = bundled_only.get(entry.name)
            if card is None:
                continue  # a name no card has (deck validate says which)
            proto = Proto.from_card(card)
            profile(card)
            for effect in (*proto.spell, *(e for a in proto.activated for e in a.effects)):
                judge.harmful(effect)
    assert len(seen) > 1800
