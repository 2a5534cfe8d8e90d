"""Hunsberger's Solitaire: the readings that real decks expose (issue 25).

RULES.md quotes only the rules text; each reading chosen is written as cardcli's
own, and the options that carry them play as RULES.md says.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardcli.cards.mtg.model import Card
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import Rng
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.scoring import profile
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
    from cardcli.games.hunsberger.scoring import as_played

    bolt = CardPool.bundled().get("Lightning Bolt")
    assert bolt is not None
    assert profile(bolt).tag(bolt) == "damage 3"  # the card's own nature
    assert as_played(profile(bolt), bolt, "mana-used").tag(bolt) == "mana paid"
    assert as_played(profile(bolt), bolt, "printed").tag(bolt) == "damage 3"
    session, _ = new_session("hunsberger", seed=1, timer="Lightning Bolt", order="Swamp; Swamp")
    board = render(session.state)  # type: ignore[arg-type]
    assert "Lightning Bolt" in board and "mana paid" in board


# -- artifacts: damage abilities and Equipment ------------------------------------------

ARTIFACTS = str(REPO / "scenarios" / "hunsberger" / "decks" / "artifacts.txt")


def _card(data: dict[str, Any]) -> Card:
    base = {"mana_cost": "{2}", "types": ["Artifact"], "oracle": ""}
    return Card.from_data({**base, **data})


@pytest.mark.parametrize(
    ("name", "tag"),
    [
        ("Rod of Ruin", "damage 1 a turn in play (activate: 3)"),
        ("Aeolipile", "damage 2 once in play (activate: 1, sacrificed)"),
        ("Bonesplitter", "equipment +2 (equip 1)"),
        ("Loxodon Warhammer", "equipment +3 (equip 3)"),
        ("Warlord's Axe", "equipment +3 (equip 4)"),
        ("Whispersilk Cloak", "unusable: an Equipment that gives no power adds no damage"),
        ("Meteorite", "mana +1 a turn in play (enters: 2 damage)"),
    ],
)
def test_artifacts_are_read_by_their_class(name: str, tag: str) -> None:
    from cardcli.cards.mtg.pool import CardPool

    card = CardPool.bundled().get(name)
    assert card is not None
    assert profile(card).tag(card) == tag


def test_artifacts_are_read_from_their_data_not_their_names() -> None:
    hammer = _card(
        {"name": "Not a Hammer", "subtypes": ["Equipment"], "equip": "{2}{R}",
         "abilities": [{"static": "attached", "power": 4, "toughness": 0}]}
    )  # fmt: skip
    assert profile(hammer).tag(hammer) == "equipment +4 (equip 3)"
    pinger = _card(
        {"name": "Not a Rod", "abilities": [{"activated": True, "cost": {"mana": "{2}"},
         "effects": [{"do": "lose_life", "amount": 1, "target": "player"}]}]}
    )  # fmt: skip
    assert profile(pinger).tag(pinger) == "damage 1 each activation in play (activate: 2)"
    # A cost this game cannot pay (another creature sacrificed), or harm to yourself: unusable.
    costly = _card(
        {"name": "Altar", "abilities": [{"activated": True, "cost": {"sacrifice": "creature"},
         "effects": [{"do": "damage", "amount": 2, "target": "any"}]}]}
    )  # fmt: skip
    selfish = _card(
        {"name": "Self", "abilities": [{"activated": True, "cost": {"tap": True},
         "effects": [{"do": "damage", "amount": 2, "each": "you"}]}]}
    )  # fmt: skip
    assert profile(costly).kind == profile(selfish).kind == "unusable"


def _play(timer: str, order: str, commands: list[str], **options: Any) -> Any:
    session, lines = new_session("hunsberger", seed=1, timer=timer, order=order, **options)
    for text in commands:
        assert session.submit(text).accepted, text
    return session, lines


def test_an_equipment_moved_to_another_creature_leaves_the_first() -> None:
    session, lines = _play(
        "Swamp; Bonesplitter",
        "Mountain; Mountain; Mountain; Raging Goblin; Raging Goblin; Dark Ritual",
        ["save Mountain 1", "save Mountain 1", "save Swamp 2", "end",
         "cast Dark Ritual", "cast Bonesplitter", "cast h2", "equip Bonesplitter", "cast h3"],
    )  # fmt: skip
    # Two Goblins summoned, Bonesplitter on the first: moving it costs 1 more, which is there.
    state = session.state
    assert isinstance(state, HunsbergerState)
    first, second = state.table.summoned
    assert sum(b.power for b in state.table.bonuses.get(first, [])) == 2
    legal = state.legal_commands("p1")
    assert "equip Bonesplitter -> h3" in legal or "equip Bonesplitter -> Raging Goblin" in legal
    outcome = session.submit("equip Bonesplitter -> h3")
    assert outcome.accepted
    assert sum(b.power for b in state.table.bonuses.get(first, [])) == 0
    assert sum(b.power for b in state.table.bonuses.get(second, [])) == 2
    moved = [line for line in lines if line["type"] == "equipped"][-1]
    assert moved["from"] == "Raging Goblin" and moved["paid"] == 1
    assert session.submit("end").accepted
    damage = [(line["source"], line["amount"]) for line in lines if line["type"] == "damage"]
    assert damage == [("Raging Goblin", 1), ("Raging Goblin", 1), ("Bonesplitter", 2)]


def test_an_equipment_left_in_the_hand_is_discarded_with_it() -> None:
    session, lines = _play(
        "Bonesplitter; Raging Goblin",
        "Raging Goblin; Mountain; Dark Ritual; Mountain; Mountain; Mountain",
        [
            "cast Dark Ritual",
            "cast Bonesplitter",
            "cast Raging Goblin",
            "equip Bonesplitter",
            "end",
        ],
    )
    discarded = next(line for line in lines if line["type"] == "discarded")["cards"]
    assert "Bonesplitter" in discarded
    assert "equip Bonesplitter" not in " ".join(session.state.legal_commands("p1"))


def test_a_saved_equipment_is_on_no_creature_next_turn_until_equipped() -> None:
    _session, lines = _play(
        "Bonesplitter; Raging Goblin",
        "Raging Goblin; Mountain; Dark Ritual; Mountain; Mountain; Mountain",
        ["cast Dark Ritual", "cast Bonesplitter", "cast Raging Goblin", "equip Bonesplitter",
         "save Bonesplitter 1", "end", "cast Raging Goblin", "end"],
    )  # fmt: skip
    damage = [(line["source"], line["amount"]) for line in lines if line["type"] == "damage"]
    assert damage == [("Raging Goblin", 1), ("Bonesplitter", 2), ("Raging Goblin", 1)]


def test_a_tapped_artifact_ability_is_not_paid_by_tapping_the_artifact_for_mana() -> None:
    state_cards = [
        Card.from_data(
            {"name": "Mana Rod", "mana_cost": "{1}", "types": ["Artifact"], "oracle": "",
             "abilities": [
                 {"activated": True, "cost": {"tap": True},
                  "effects": [{"do": "add_mana", "mana": "{C}{C}"}]},
                 {"activated": True, "cost": {"mana": "{2}", "tap": True},
                  "effects": [{"do": "damage", "amount": 3, "target": "any"}]}]}
        )
    ]  # fmt: skip
    p = profile(state_cards[0])
    assert p.kind == "mana" and p.ability_damage == 3 and p.ability_tap
    assert p.tag(state_cards[0]) == "mana +2 a turn in play (damage 3 a turn in play (activate: 2))"


@pytest.mark.parametrize(
    "options",
    [{}, {"spell_damage": "printed", "instant_death": "slots", "overstack": "burn"}],
)
def test_random_play_with_artifacts_keeps_every_invariant(options: dict[str, Any]) -> None:
    validator = LineValidator("hunsberger")
    kinds: set[str] = set()
    for seed in range(25):
        rng = Rng(seed)
        session, lines = new_session("hunsberger", seed=seed, deck=ARTIFACTS, **options)
        while not session.over:
            legal = session.state.legal_commands("p1")
            # Mostly a cast, an activation or an equip when there is one, so that they
            # are tried often enough (saves are the most numerous commands).
            acting = [t for t in legal if t.split()[0] in ("cast", "activate", "equip")]
            text = rng.choice(acting if acting and rng.randint(0, 4) else legal)
            kinds.add(text.split()[0])
            assert session.submit(text).accepted, text
            state = session.state
            assert isinstance(state, HunsbergerState)
            state.check_invariants()
        assert [e for line in lines for e in validator.errors(line)] == []
        _, divergence, _ = replay_lines(lines)
        assert divergence is None
    assert {"activate", "equip"} <= kinds


# -- doubtful readings: one colour in both slots, overstacking, attacks, removal ------------


def test_same_colour_slots_refuse_rejects_a_second_slot_of_a_colour_and_changes_nothing() -> None:
    session, _lines = _play(
        "Raging Goblin", "Island; Island; Island", ["save Island 1"], same_colour_slots="refuse"
    )
    state = session.state
    assert isinstance(state, HunsbergerState)
    before = [list(slot.cards) for slot in state.table.slots]
    outcome = session.submit("save Island 2")
    assert not outcome.accepted
    assert "slot 1 holds Island" in str(outcome.reason)
    assert [list(slot.cards) for slot in state.table.slots] == before
    assert "save Island 2" not in state.legal_commands("p1")
    assert "save Island 1" in state.legal_commands("p1")


@pytest.mark.parametrize("style", ["greedy", "best"])
def test_the_bots_save_in_an_order_same_colour_slots_refuse_accepts(style: str) -> None:
    """The search plans the saves of both slots in an order the engine takes."""
    from cardcli.games.hunsberger.bots import choose

    for seed in range(4):
        session, _ = new_session(
            "hunsberger", seed=seed, deck=ARTIFACTS, same_colour_slots="refuse"
        )
        while not session.over:
            state = session.state
            assert isinstance(state, HunsbergerState)
            text = choose(state, style)
            assert session.submit(text).accepted, text
            state.check_invariants()


def test_saves_are_ordered_so_a_colour_never_stands_in_both_slots() -> None:
    from cardcli.games.hunsberger.model import Action
    from cardcli.games.hunsberger.search import TurnSearch

    session, _ = new_session(
        "hunsberger",
        seed=1,
        timer="Raging Goblin",
        order="Island; Swamp; Swamp",
        same_colour_slots="refuse",
    )
    state = session.state
    assert isinstance(state, HunsbergerState)
    saving = TurnSearch(state, lambda slots, burned: 0.0).saving
    before = ((("Island",), False, 0, ()), (("Swamp", "Swamp"), False, 0, ()))
    to_swamps = [Action("save", "Island", slot=1, phase="B")]
    over_island = [Action("save", "Raging Goblin", slot=0, phase="B")]
    # The Island may only go to slot 2 once slot 1's Island is replaced.
    assert saving._ordered(before, to_swamps, over_island) == over_island + to_swamps
    assert saving._ordered(before, [], to_swamps) is None


def test_overstack_burn_discard_keeps_the_stack_at_two() -> None:
    session, lines = _play(
        "Raging Goblin; Raging Goblin; Raging Goblin",
        "Island; Island; Island; Swamp; Swamp; Swamp",
        ["save Island 1", "save Island 1", "save Island 1"],
        overstack="burn-discard",
    )
    state = session.state
    assert isinstance(state, HunsbergerState)
    assert state.table.names(state.table.slots[0].cards) == ["Island", "Island"]
    assert state.table.names(state.table.timer) == ["Raging Goblin"]
    assert state.table.name(state.table.graveyard[-1]) == "Island"
    burn = next(line for line in lines if line["type"] == "mana_burn")
    assert burn["land_discarded"] == "Island" and burn["discarded"] == ["Raging Goblin"]


def test_random_play_with_the_doubtful_options_keeps_every_invariant() -> None:
    validator = LineValidator("hunsberger")
    options = {"overstack": "burn-discard", "same_colour_slots": "refuse"}
    for seed in range(15):
        rng = Rng(seed)
        session, lines = new_session("hunsberger", seed=seed, deck=ARTIFACTS, **options)
        while not session.over:
            text = rng.choice(session.state.legal_commands("p1"))
            assert session.submit(text).accepted, text
            state = session.state
            assert isinstance(state, HunsbergerState)
            state.check_invariants()
        assert [e for line in lines for e in validator.errors(line)] == []
        _, divergence, _ = replay_lines(lines)
        assert divergence is None


def test_two_equipment_of_one_name_are_told_apart_by_the_creature_they_are_on() -> None:
    session, _lines = _play(
        "Swamp; Bonesplitter",
        "Mountain; Mountain; Mountain; Bonesplitter; Raging Goblin; Dark Ritual",
        ["save Mountain 1", "save Mountain 1", "save Swamp 2", "end",
         "cast Dark Ritual", "cast h1", "cast h2", "cast Raging Goblin", "equip h1"],
    )  # fmt: skip
    state = session.state
    assert isinstance(state, HunsbergerState)
    outcome = session.submit("equip Bonesplitter")
    assert not outcome.accepted and "h1 or h2" in str(outcome.reason)
    legal = [t for t in state.legal_commands("p1") if t.startswith("equip")]
    assert legal == ["equip h2 -> Raging Goblin"]
    assert session.submit("equip h2").accepted
    goblin = state.table.summoned[0]
    assert [b.power for b in state.table.bonuses[goblin]] == [2, 2]


def test_an_equipment_cast_with_a_target_says_how_to_equip_it() -> None:
    session, _lines = _play("Bonesplitter", "Raging Goblin; Mountain; Mountain", [])
    session.submit("cast Raging Goblin")
    outcome = session.submit("cast Bonesplitter -> Raging Goblin")
    assert not outcome.accepted
    assert "then 'equip Bonesplitter -> CREATURE'" in str(outcome.reason)


# -- the turn search uses artifacts (artifact_search.py) ----------------------------------


def test_the_search_predicts_the_damage_the_engine_deals_with_artifacts() -> None:
    from cardcli.games.hunsberger import bots
    from cardcli.games.hunsberger.search import TurnSearch

    checked = used = 0
    for game in range(8):
        style = ("greedy", "best")[game % 2]
        session, _lines = new_session("hunsberger", seed=game, deck=ARTIFACTS)
        state = session.state
        assert isinstance(state, HunsbergerState)
        while not session.over:
            if state.window is not None:
                assert session.submit(bots.choose(state, style)).accepted
                continue
            search = TurnSearch(state, lambda slots, burned: 0.0)
            if style == "best":
                search.evaluate = bots.evaluation(state, search.info)
            else:
                search.evaluate = bots._greedy_worth(search)
            predicted, _slots = search.predict(search.position())
            before, turn = state.turn_damage, state.turn
            while not session.over and state.turn == turn:
                text = bots.choose(state, style)
                used += text.startswith(("equip", "activate"))
                assert session.submit(text).accepted, text
            assert state.history[-1] - before == predicted, f"game {game} turn {turn}"
            checked += 1
    assert checked >= 60 and used >= 5


def _best_damage_by_brute_force(session: Session) -> int:
    """The most damage the rest of the turn can deal: every cast, activate and equip."""
    import copy

    state = session.state
    assert isinstance(state, HunsbergerState)
    best = 0
    for text in state.legal_commands("p1"):
        if text == "end" or text.split()[0] not in ("cast", "activate", "equip"):
            continue
        after = copy.deepcopy(session)
        assert after.submit(text).accepted, text
        best = max(best, _best_damage_by_brute_force(after))
    finished = copy.deepcopy(session)
    finished.submit("end")
    end_state = finished.state
    assert isinstance(end_state, HunsbergerState)
    done = end_state.history[-1] if end_state.history else 0
    return max(best, done)


def test_the_search_finds_the_most_damage_with_artifacts_on_small_positions(tmp_path: Any) -> None:
    """No recursion and no anthem in the deck: saving adds no damage this turn, so the
    turn's most damage is the best of every order of casts, activations and equips."""
    from cardcli.games.hunsberger.search import TurnSearch

    deck = tmp_path / "small.txt"
    deck.write_text(
        "6 Mountain\n4 Swamp\n3 Dark Ritual\n3 Rod of Ruin\n3 Aeolipile\n3 Bonesplitter\n"
        "2 Warlord's Axe\n4 Raging Goblin\n3 Dread Shade\n2 Lightning Bolt\n2 Giant Growth\n"
    )
    positions = 0
    for game in range(60):
        rng = Rng(game)
        session, _ = new_session("hunsberger", seed=game, deck=str(deck))
        for _ in range(rng.randint(0, 6)):  # a few turns in, and a few commands into a turn
            legal = session.state.legal_commands("p1")
            session.submit(rng.choice(legal))
            if session.over:
                break
        if session.over:
            continue
        state = session.state
        assert isinstance(state, HunsbergerState)
        search = TurnSearch(state, lambda slots, burned: 0.0)
        predicted = search.predict(search.position())[0]
        assert predicted + state.turn_damage == _best_damage_by_brute_force(session), game
        positions += 1
    assert positions >= 40
