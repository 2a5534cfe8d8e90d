"""Hunsberger's Solitaire: one test per rule or reading that the scenarios do not cover.

The scenarios in scenarios/hunsberger/ play each rule on explicit decks; these
tests cover the set-up from a shuffled deck, the options, the results, the
card profiles, the board and the CLI.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardcli.cards.mtg.pool import CardPool
from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.engine.log import encode
from cardcli.engine.loop import run
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import Rng
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session
from cardcli.games.hunsberger import check_goal
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.scoring import profile
from cardcli.games.hunsberger.view import describe, render
from tests.conftest import REPO, new_session

GAME = get_game("hunsberger")
ZOO = str(REPO / "scenarios" / "hunsberger" / "decks" / "zoo.txt")
SHADE = str(REPO / "decklists" / "hunsberger-shade-ritual.yaml")
ENGINE = str(REPO / "decklists" / "hunsberger-colourless-engine.yaml")


@cache
def pool() -> CardPool:
    return CardPool.bundled(with_user_pool=False)


def state_of(session: Session) -> HunsbergerState:
    assert isinstance(session.state, HunsbergerState)
    return session.state


def first(lines: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(line for line in lines if line["type"] == kind)


def ok(session: Session, text: str) -> None:
    outcome = session.submit(text)
    assert outcome.accepted, f"{text!r}: {outcome.reason}"


def deck_file(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# -- starting the game ------------------------------------------------------------


def test_the_timer_deck_is_the_first_fifteen_cards_of_the_shuffled_deck() -> None:
    _session, lines = new_session("hunsberger", seed=3)
    setup = first(lines, "setup")
    assert setup["shuffled"] is True
    assert len(setup["timer"]) == 15 and len(setup["main"]) == 45
    deck = json.loads(encode(lines[0]))["options"]["deck"]["sections"]["main"]
    assert Counter(setup["timer"] + setup["main"]) == Counter(deck)
    # The first Timer card is flipped first; the deal is the main deck's top three.
    assert first(lines, "flipped")["card"] == setup["timer"][0]
    assert first(lines, "dealt")["cards"] == setup["main"][:3]


def test_the_shuffle_is_seeded() -> None:
    orders = [first(new_session("hunsberger", seed=s)[1], "setup") for s in (5, 5, 6)]
    assert orders[0] == orders[1] != orders[2]


def test_main_decks_can_be_any_size_and_a_small_one_is_all_timer_deck(tmp_path: Path) -> None:
    session, lines = new_session("hunsberger", deck=deck_file(tmp_path, "5 Mountain", "5 Shock"))
    setup = first(lines, "setup")
    assert len(setup["timer"]) == 10 and setup["main"] == []
    assert first(lines, "dealt")["from_timer"] == 3
    assert state_of(session).result()["deck_size"] == 10


def test_take_plays_the_first_cards_of_the_shuffled_deck() -> None:
    _session, lines = new_session("hunsberger", seed=2, take=20)
    setup = first(lines, "setup")
    assert len(setup["timer"]) == 15 and len(setup["main"]) == 5
    whole = first(new_session("hunsberger", seed=2)[1], "setup")
    assert setup["timer"] + setup["main"] == (whole["timer"] + whole["main"])[:20]


def test_timer_alone_plays_the_whole_shuffled_deck_under_it() -> None:
    _session, lines = new_session("hunsberger", seed=1, timer="Shock; Shock")
    setup = first(lines, "setup")
    assert setup["timer"] == ["Shock", "Shock"] and len(setup["main"]) == 60


def test_order_alone_deals_the_timer_deck_from_the_shuffled_deck() -> None:
    _session, lines = new_session("hunsberger", seed=1, order="Mountain; Shock; Forest")
    setup = first(lines, "setup")
    assert setup["main"] == ["Mountain", "Shock", "Forest"] and len(setup["timer"]) == 15


def test_order_and_timer_leave_no_room_for_a_deck_file() -> None:
    with pytest.raises(UsageError, match="leave --deck out"):
        new_session("hunsberger", deck=SHADE, order="Mountain", timer="Shock")
    with pytest.raises(UsageError, match="leave --take out"):
        new_session("hunsberger", take=5, order="Mountain", timer="Shock")


def test_an_unknown_card_name_is_a_usage_error_with_suggestions() -> None:
    with pytest.raises(UsageError, match="did you mean 'Dread Shade'"):
        new_session("hunsberger", order="Dread Shad", timer="Shock")


def test_every_unknown_name_is_said_at_once_and_a_word_of_a_name_is_suggested() -> None:
    with pytest.raises(UsageError) as raised:
        new_session("hunsberger", order="Swmp; Bolt; Dark Ritul; Swmp", timer="Shock")
    said = str(raised.value)
    assert said.count("unknown card") == 3, said
    for hint in ("'Swamp'", "'Lightning Bolt'", "'Dark Ritual'"):
        assert hint in said
    assert "AtomicCards" not in said  # every name had a suggestion


@pytest.mark.parametrize(
    ("text", "value"), [("40", "40"), (" 045 ", "45"), ("deck", "deck"), ("DECK-15", "deck-15")]
)
def test_goal_takes_a_number_or_a_deck_goal(text: str, value: str) -> None:
    assert check_goal(text) == value


@pytest.mark.parametrize("text", ["", "-3", "forty", "deck-10", "1e3", "9999999"])
def test_a_bad_goal_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError, match="--goal takes"):
        check_goal(text)


def test_the_log_replays_from_its_header_alone(tmp_path: Path) -> None:
    path = deck_file(tmp_path, "30 Swamp", "30 Dread Shade")
    session, lines = new_session("hunsberger", seed=4, seats={"p1": "greedy"}, deck=path)
    run(session, lambda seat: None)
    Path(path).unlink()  # replay must not need the file again
    _, divergence, count = replay_lines(lines)
    assert divergence is None and count == len(lines)


# -- the turn ------------------------------------------------------------------------


def test_a_last_timer_card_land_cannot_be_saved_at_once() -> None:
    session, lines = new_session("hunsberger", timer="Forest", order="Mountain; Mountain; Mountain")
    assert state_of(session).window is None
    ok(session, "save Forest 1")
    assert first(lines, "saved")["at_once"] is False


def test_a_land_flipped_after_an_at_once_save_may_be_saved_at_once_too() -> None:
    session, lines = new_session(
        "hunsberger", timer="Forest; Island; Shock", order="Mountain; Mountain; Mountain"
    )
    ok(session, "save Forest 1")
    assert state_of(session).table.name(state_of(session).window or 0) == "Island"
    ok(session, "save Island 2")
    flips = [line["card"] for line in lines if line["type"] == "flipped"]
    assert flips == ["Forest", "Island", "Shock"]
    assert state_of(session).window is None


def test_the_flipped_timer_land_is_saved_at_once_by_its_name_beside_a_dealt_namesake() -> None:
    """The board offers 'save Swamp 1'; a dealt Swamp does not make the name ambiguous."""
    session, lines = new_session("hunsberger", timer="Swamp; Shock", order="Swamp; Island; Island")
    assert "'save Swamp 1'" in render(state_of(session))
    ok(session, "save Swamp 1")
    assert first(lines, "saved")["at_once"] is True
    assert [line["card"] for line in lines if line["type"] == "flipped"] == ["Swamp", "Shock"]
    assert state_of(session).table.names(state_of(session).table.hand) == [
        "Swamp",
        "Island",
        "Island",
        "Shock",
    ]


def test_a_dealt_namesake_of_the_timer_land_is_saved_by_its_place() -> None:
    session, lines = new_session("hunsberger", timer="Swamp; Shock", order="Swamp; Island; Island")
    ok(session, "save h2 1")  # h1 is the flipped Swamp, h2 the dealt one
    assert first(lines, "saved")["at_once"] is False
    assert [line["card"] for line in lines if line["type"] == "flipped"] == ["Swamp"]


def test_no_at_once_save_when_the_deal_took_the_rest_of_the_timer_deck() -> None:
    """The main deck is out: the deal takes the last Timer cards, so none is left to flip."""
    session, lines = new_session("hunsberger", timer="Swamp; Shock; Shock", order="Mountain")
    assert state_of(session).window is None
    assert "at once" not in render(state_of(session))
    ok(session, "save Swamp 1")
    assert first(lines, "saved")["at_once"] is False
    assert [line["card"] for line in lines if line["type"] == "flipped"] == ["Swamp"]


def test_with_overstack_burn_a_full_stack_says_another_land_burns() -> None:
    session, _lines = new_session(
        "hunsberger",
        overstack="burn",
        timer="Shock; Shock; Shock; Shock; Shock",
        order="Swamp; Swamp; Swamp; Plains; Plains; Plains",
    )
    ok(session, "save h2 1")
    ok(session, "save h2 1")
    assert "a stack of 2, full: another land burns" in render(state_of(session))
    ok(session, "save h2 1")
    assert "a stack of 3, over full" in render(state_of(session))


def test_a_card_with_no_mana_cost_such_as_a_horde_token_card_cannot_be_cast() -> None:
    """118.6: a Zombie Giant token card is no free 5 damage."""
    session, _lines = new_session(
        "hunsberger", timer="Zombie Giant", order="Zombie; Zombie; Zombie"
    )
    outcome = session.submit("cast Zombie Giant")
    assert not outcome.accepted and "no mana cost" in (outcome.reason or "")
    assert "cast Zombie Giant" not in state_of(session).legal_commands("p1")


def test_a_refused_command_changes_nothing() -> None:
    session, lines = new_session("hunsberger", timer="Shock", order="Forest; Island; Hill Giant")
    before = render(state_of(session))
    count = len(lines)
    assert not session.submit("cast Hill Giant").accepted
    assert render(state_of(session)) == before
    assert [line["type"] for line in lines[count:]] == ["rejected"]


# -- mana ------------------------------------------------------------------------------


def test_a_mana_artifact_that_costs_mana_to_tap_is_never_stranded() -> None:
    # Forest, Swamp and two Dimir Signets in play ({1}, {T}: add two): 4 mana in all.
    session, _ = new_session(
        "hunsberger",
        timer="Dimir Signet; Dimir Signet; Grizzly Bears",
        order="Swamp; Swamp; Swamp; Swamp; Swamp; Swamp; Forest; Raging Goblin; Swamp",
    )
    for _turn in (1, 2):
        ok(session, "cast Dimir Signet")
        ok(session, "save Dimir Signet 1" if _turn == 1 else "save Dimir Signet 2")
        ok(session, "end")
    state = state_of(session)
    assert state.table.available() == 4
    ok(session, "cast Grizzly Bears")  # the lands alone would pay it and strand the Signets
    ok(session, "cast Raging Goblin")
    assert state.table.available() == 1


def test_the_pool_lasts_the_turn_and_empties_at_the_next() -> None:
    session, _ = new_session(
        "hunsberger",
        timer="Shock; Shock",
        order="Mountain; Mountain; Mountain; Island; Island; Island",
    )
    ok(session, "tap Mountain")
    ok(session, "tap Mountain")
    assert state_of(session).table.pool == 2
    ok(session, "end")
    assert state_of(session).table.pool == 0


def test_a_creature_discarded_after_it_attacks_does_not_die() -> None:
    session, lines = new_session("hunsberger", timer="Su-Chi", order="Swamp; Swamp; Swamp")
    state = state_of(session)
    state.table.pool = 4  # enough for Su-Chi
    ok(session, "cast Su-Chi")
    ok(session, "end")
    assert not [line for line in lines if line["type"] == "mana_added"]  # no "when it dies"


# -- spells ----------------------------------------------------------------------------


def test_a_spell_hits_the_enchantment_once_with_its_largest_damage() -> None:
    session, lines = new_session(
        "hunsberger",
        timer="Chandra's Outrage",
        order="Mountain; Mountain; Dark Ritual",
        spell_damage="printed",
    )
    ok(session, "cast Dark Ritual")
    ok(session, "cast Chandra's Outrage")
    damage = [(line["amount"], line["rule"]) for line in lines if line["type"] == "damage"]
    assert damage == [(4, "printed damage")]


# -- the cards -----------------------------------------------------------------------


@pytest.mark.parametrize("deck", [SHADE, ENGINE], ids=["shade-ritual", "colourless-engine"])
def test_every_card_of_the_bundled_decks_plays(deck: str) -> None:
    session, _lines = new_session("hunsberger", deck=deck)
    state = state_of(session)
    unusable = {
        c.name
        for c, p in zip(state.table.cards, state.table.profiles, strict=True)
        if p.kind == "unusable"
    }
    assert unusable == set()


@pytest.mark.parametrize(
    ("name", "tag"),
    [
        ("Swamp", "mana +1"),
        ("Dread Shade", "creature 3 (+1 per mana)"),
        ("Boros Swiftblade", "creature 1 (double strike)"),
        ("Borderland Marauder", "creature 1 (+2 attacking)"),
        ("Flametongue Kavu", "creature 4 (enters: 4 damage)"),
        ("Benalish Marshal", "creature 3 (others +1)"),
        ("Disintegrate", "damage X"),
        ("Lightning Bolt", "damage 3"),
        ("Soul Feast", "damage 4"),
        ("Corrupt", "damage = Swamps out"),
        ("Stone Rain", "mana paid"),
        ("Murder", "mana paid"),
        ("Dark Ritual", "mana +3"),
        ("Sol Ring", "mana +2 a turn in play"),
        ("Worn Powerstone", "mana +2 a turn in play (enters tapped)"),
        ("Dimir Signet", "mana +2 a turn in play (pay 1 to tap)"),
        ("Giant Growth", "pump +3"),
        ("Overrun", "pump +3 each"),
        ("Unholy Strength", "aura +2"),
        ("Glorious Anthem", "anthem +1"),
        ("Raise the Alarm", "tokens 2"),
        ("Raise Dead", "recursion: a creature card to the hand"),
        ("Reconstruction", "recursion: an artifact card to the hand"),
        ("Zombify", "recursion: a creature card attacks"),
        ("Fireball", "damage X"),
        ("Swords to Plowshares", "mana paid"),
        ("Counterspell", "unusable: it counters a spell: there is none to counter"),
        ("Wall of Omens", "unusable: it cannot attack, so it deals no damage"),
        (
            "Army of the Damned",
            "unusable: its tokens cannot attack (they enter tapped or have no power)",
        ),
    ],
)
def test_a_cards_profile_comes_from_its_behaviour_data(name: str, tag: str) -> None:
    card = pool().get(name)
    assert card is not None
    assert profile(card).tag(card) == tag


def test_a_cards_own_hunsberger_entry_wins_over_its_behaviour() -> None:
    fireball, pacifism = pool().get("Fireball"), pool().get("Pacifism")
    assert fireball is not None and pacifism is not None
    assert profile(fireball).explicit and profile(fireball).x
    assert profile(pacifism).kind == "unusable" and "stop your own" in profile(pacifism).note


def test_cards_are_read_from_their_data_not_their_names() -> None:
    from cardcli.cards.mtg.model import Card

    renamed = Card.from_data(
        {"name": "Not Lightning Bolt", "mana_cost": "{R}", "types": ["Instant"], "oracle": "",
         "spell": [{"do": "damage", "amount": 5, "target": "any"}]}
    )  # fmt: skip
    assert profile(renamed).tag(renamed) == "damage 5"


# -- the result, the board, the log ------------------------------------------------


def test_the_result_has_the_notation_the_goal_and_why() -> None:
    session, _ = new_session("hunsberger", seed=1, seats={"p1": "best"})
    run(session, lambda seat: None)
    result = state_of(session).result()
    assert result["notation"] == f"60/{result['scores']['p1']}"
    assert result["goal"] == 40 and result["goal_rule"] == "more-than"
    assert result["winners"] == (["p1"] if result["scores"]["p1"] > 40 else [])
    assert result["why"].startswith("escaped" if result["winners"] else "trapped")


def test_forty_damage_is_not_an_escape_but_forty_one_is() -> None:
    session, _ = new_session("hunsberger", seed=1)
    state = state_of(session)
    state.total = 40
    assert not state.met_goal()
    state.total = 41
    assert state.met_goal()


def test_every_event_of_the_schema_has_words_at_the_terminal() -> None:
    schema = json.loads((REPO / "schemas" / "hunsberger.schema.json").read_text())
    kinds = set(schema["properties"]["type"]["enum"]) - {"game_started", "command", "rejected"}
    session, lines = new_session("hunsberger", seed=2, deck=ZOO, seats={"p1": "best"})
    run(session, lambda seat: None)
    seen = {line["type"] for line in lines}
    for kind in kinds:
        sample = next((line for line in lines if line["type"] == kind), None)
        if sample is not None:
            assert describe(sample), kind
    assert {"setup", "turn_started", "flipped", "dealt", "cast", "damage", "saved"} <= seen


def test_the_board_fits_eighty_columns() -> None:
    rng = Rng(9)
    for seed in range(6):
        session, _ = new_session("hunsberger", seed=seed, deck=ZOO)
        while not session.over:
            board = render(state_of(session))
            assert max(len(line) for line in board.splitlines()) <= 80, board
            legal = session.state.legal_commands("p1")
            session.submit(rng.choice(legal))
        assert max(len(line) for line in render(state_of(session)).splitlines()) <= 80


def test_a_bot_game_log_validates_against_the_schema() -> None:
    validator = LineValidator("hunsberger")
    session, lines = new_session("hunsberger", seed=3, deck=ZOO, seats={"p1": "best"})
    run(session, lambda seat: None)
    assert [error for line in lines for error in validator.errors(line)] == []


def test_the_invariants_notice_a_card_in_two_places() -> None:
    session, _ = new_session("hunsberger", seed=1)
    state = state_of(session)
    state.check_invariants()
    state.table.graveyard.append(state.table.hand[0])
    with pytest.raises(AssertionError, match="two places"):
        state.check_invariants()


def test_the_invariants_notice_a_score_that_is_not_its_damage_events() -> None:
    session, _ = new_session("hunsberger", seed=1)
    state = state_of(session)
    state.total += 1
    with pytest.raises(AssertionError, match="sum of the damage events"):
        state.check_invariants()


# -- the command line ------------------------------------------------------------------


def cli(exe: Path, *args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(exe), *args], input=text, capture_output=True, text=True, timeout=60, check=False
    )


def test_play_takes_order_and_timer_and_writes_the_log(cardcli_exe: Path) -> None:
    done = cli(
        cardcli_exe,
        "play", "hunsberger", "--timer", "Shock", "--order", "Mountain; Grizzly Bears; Forest",
        "--goal", "1",
        text="cast Grizzly Bears\nend\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert last["result"]["scores"] == {"p1": 2} and last["result"]["winners"] == ["p1"]
    assert last["result"]["notation"] == "4/2"


def test_an_unknown_card_is_exit_two_with_a_suggestion(cardcli_exe: Path) -> None:
    done = cli(cardcli_exe, "play", "hunsberger", "--timer", "Shok", "--order", "Mountain")
    assert done.returncode == 2
    assert "did you mean 'Shock'" in done.stderr and "Traceback" not in done.stderr


def test_simulate_says_the_deck_in_the_players_terms(cardcli_exe: Path) -> None:
    done = cli(
        cardcli_exe, "simulate", "hunsberger", "--bot", "greedy", "--games", "6", "--seed", "1"
    )
    assert done.returncode == 0, done.stderr
    assert "in players terms: typical 60/" in done.stdout and "escapes" in done.stdout


def test_deck_validate_says_how_each_card_scores(cardcli_exe: Path) -> None:
    done = cli(cardcli_exe, "deck", "validate", SHADE, "--json")
    report = json.loads(done.stdout)
    scores = {row["card"]: row["scores"] for row in report["scoring"]}
    assert scores["Dread Shade"] == "creature 3 (+1 per mana)"
    assert scores["Murder"] == "mana paid" and scores["Swamp"] == "mana +1"
    text = cli(cardcli_exe, "deck", "validate", ZOO, "--format", "hunsberger").stdout
    assert "how each card plays in Hunsberger's Solitaire:" in text
    assert "Counterspell: scores nothing in Hunsberger's Solitaire" in text
    shown = cli(cardcli_exe, "deck", "show", ENGINE).stdout
    assert "Disintegrate     damage X" in shown


@pytest.mark.parametrize(
    "options", [{}, {"spell_damage": "mana", "saved_pumps": "end-of-turn", "overstack": "burn"}]
)
def test_random_play_with_every_kind_of_card_keeps_every_invariant(options: dict[str, Any]) -> None:
    """The conformance test plays the bundled deck; this plays every kind of card."""
    validator = LineValidator("hunsberger")
    for seed in range(15):
        rng = Rng(seed)
        session, lines = new_session("hunsberger", seed=seed, deck=ZOO, **options)
        while not session.over:
            legal = session.state.legal_commands("p1")
            text = rng.choice(legal)
            assert session.submit(text).accepted, text
            state_of(session).check_invariants()
        assert [e for line in lines for e in validator.errors(line)] == []
        _, divergence, _ = replay_lines(lines)
        assert divergence is None


def test_the_board_says_where_the_damage_came_from() -> None:
    session, _ = new_session("hunsberger", timer="Dread Shade", order="Swamp; Swamp; Dark Ritual")
    for text in ("cast Dark Ritual", "cast Dread Shade", "activate Dread Shade 1", "end"):
        ok(session, text)
    assert "Scored 4: Dread Shade 4 (creature 3, pump ability 1)" in render(state_of(session))
