"""One test per rule of the Horde Magic text (cardcli/games/horde/RULES.md), named after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardcli.engine.errors import UsageError
from cardcli.engine.game import get_game
from cardcli.engine.session import Session
from tests.conftest import REPO, new_session
from tests.test_horde_scenarios import check_expectations, run_scenario

SCENARIOS = REPO / "scenarios" / "horde"


def scenario(name: str) -> tuple[Session, list[dict[str, Any]], list[str]]:
    session, lines, rejected, spec = run_scenario(SCENARIOS / f"{name}.yaml")
    check_expectations(session, lines, spec["expect"])
    return session, lines, rejected


def position(
    tmp_path: Path, data: dict[str, Any], **options: Any
) -> tuple[Session, list[dict[str, Any]]]:
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    options.setdefault("players", len([k for k in data if k.startswith("p")]))
    return new_session("horde", seed=options.pop("seed", 1), setup=str(path), **options)


def events(lines: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [line for line in lines if line["type"] == kind]


def play(session: Session, *commands: str) -> None:
    for text in commands:
        outcome = session.submit(text)
        assert outcome.accepted, (text, outcome.reason)
        session.state.check_invariants()


# -- life and damage -----------------------------------------------------------------------


def test_players_share_forty_life() -> None:
    session, _ = new_session("horde", seed=1, players=3, mulligan="none")
    table = session.state.table  # type: ignore[attr-defined]
    assert [team.life for team in table.teams] == [40, None]
    assert all(p.team is table.teams[0] for n, p in table.players.items() if n != "horde")


def test_each_players_life_loss_counts_against_the_shared_total(tmp_path: Path) -> None:
    # Maggot Carrier: "each player loses 1 life" costs a team of three 3 life.
    _session, lines = position(
        tmp_path,
        {
            "turn": 4,
            "active": "horde",
            "step": "upkeep",
            "horde": {"library": ["Maggot Carrier"]},
            "p1": {"library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
            "p3": {"library": ["Plains"] * 3},
        },
    )
    losses = [e for e in events(lines, "life") if e["why"] == "effect"]
    assert [(e["player"], e["delta"]) for e in losses] == [("p1", -1), ("p2", -1), ("p3", -1)]
    assert losses[-1]["life"] == 37


def test_damage_to_the_horde_mills_that_many_cards() -> None:
    _, lines, _ = scenario("mill-on-damage-and-life-loss")
    damage = next(e for e in lines if e["type"] == "damage" and e["target"] == "horde")
    milled = next(e for e in lines if e["type"] == "milled")
    assert damage["amount"] == milled["count"] == 3 and milled["why"] == "damage"


def test_life_the_horde_loses_mills_that_many_cards() -> None:
    _, lines, _ = scenario("mill-on-damage-and-life-loss")
    assert [e["why"] for e in events(lines, "milled")][:2] == ["damage", "life loss"]
    assert not any(e.get("player") == "horde" for e in events(lines, "life"))


def test_the_horde_cannot_lose_by_life_or_poison() -> None:
    session, _ = new_session("horde", seed=1, mulligan="none")
    table = session.state.table  # type: ignore[attr-defined]
    horde_team = table.teams[1]
    assert horde_team.life is None and table.variant.cannot_lose(table, horde_team)


# -- the Horde's deck ------------------------------------------------------------------------


def test_the_bundled_horde_is_a_hundred_cards_with_token_cards() -> None:
    session, lines = new_session("horde", seed=1, mulligan="none")
    library = next(e for e in lines if e["type"] == "library" and e["who"] == "horde")
    assert len(library["cards"]) == 100
    table = session.state.table  # type: ignore[attr-defined]
    tokens = [o for o in table.players["horde"].library if o.proto.token_card]
    assert len(tokens) == 60 and all(o.proto.cost.mana_value == 0 for o in tokens)


def test_token_cards_are_creature_spells_costing_nothing_and_stay_cards() -> None:
    session, lines, _ = scenario("token-cards-are-cards")
    table = session.state.table  # type: ignore[attr-defined]
    graveyard = table.players["horde"].graveyard
    assert [o.name for o in graveyard] == ["Zombie"] and graveyard[0].card_no is not None
    assert events(lines, "token_gone")


def test_the_horde_has_unlimited_mana() -> None:
    session, lines, _ = scenario("horde-has-unlimited-mana")
    table = session.state.table  # type: ignore[attr-defined]
    assert not any(
        o.proto.is_type("Land") for o in table.battlefield.values() if o.controller == "horde"
    )
    assert any(e["type"] == "cast" and e["card"] == "Grave Titan" for e in lines)


# -- the players' turn ------------------------------------------------------------------------


def test_the_players_do_not_draw_in_their_first_turn() -> None:
    session, lines, _ = scenario("no-draw-in-the-first-turn")
    play(session, "pass")  # to turn 2
    draws = [e for e in lines if e["type"] == "step" and e["step"] == "draw"]
    assert len(draws) == 1
    turn_two = next(i for i, e in enumerate(lines) if e["type"] == "turn" and e["turn"] == 2)
    assert lines.index(draws[0]) > turn_two


@pytest.mark.parametrize(("players", "first_horde_turn"), [(2, 5), (3, 4), (4, 3)])
def test_preparation_turns_depend_on_the_number_of_players(
    players: int, first_horde_turn: int
) -> None:
    _, lines, _ = scenario(f"preparation-turns-{players}-players")
    horde = next(e for e in lines if e["type"] == "turn" and e["team"] == "horde")
    assert horde["turn"] == first_horde_turn and horde["number"] == 1


def test_the_team_takes_one_turn_and_has_priority_together() -> None:
    _, lines, _ = scenario("team-priority")
    casts = [e["who"] for e in events(lines, "cast")]
    assert casts == ["p1", "p2"]
    resolved = [e["card"] for e in events(lines, "resolved")]
    assert resolved == ["Shock", "Lightning Bolt"]


def test_each_player_has_a_land_drop() -> None:
    _, _, rejected = scenario("one-land-per-player-per-turn")
    assert rejected == ["p1 play Plains"]


def test_each_player_draws_in_the_teams_draw_step(tmp_path: Path) -> None:
    _session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "draw",
            "horde": {"library": ["Zombie"]},
            "p1": {"library": ["Plains", "Island"]},
            "p2": {"library": ["Forest", "Swamp"]},
        },
    )
    draws = [(e["owner"], e["card"]) for e in events(lines, "moved") if e["why"] == "draw"]
    assert draws == [("p1", "Plains"), ("p2", "Forest")]


# -- the Horde's turn --------------------------------------------------------------------------


def test_the_horde_reveals_until_a_token_card_then_until_a_non_token_card() -> None:
    _, lines, _ = scenario("reveal-order")
    revealed = events(lines, "horde_revealed")[0]
    assert revealed["cast"] == ["Zombie", "Zombie", "Zombie Giant", "Maggot Carrier"]
    assert revealed["bottom"] == ["Bad Moon", "Damnation"]


def test_set_aside_cards_go_to_the_bottom_in_random_order_by_default() -> None:
    session, lines, _ = scenario("reveal-bottom-random")
    # Revealed Bad Moon then Damnation; the seeded draw put them under in the other order.
    assert events(lines, "horde_revealed")[0]["bottom"] == ["Damnation", "Bad Moon"]
    assert session.state.options["bottom"] == "random"  # type: ignore[attr-defined]


def test_the_library_running_out_while_revealing_casts_the_token_cards() -> None:
    _, lines, _ = scenario("reveal-library-runs-out")
    assert events(lines, "horde_revealed")[0]["cast"] == ["Zombie", "Zombie", "Zombie Giant"]


def test_no_token_card_left_casts_the_first_card_revealed() -> None:
    _, lines, _ = scenario("reveal-no-token-cast-first")
    assert events(lines, "horde_revealed")[0]["cast"] == ["Walking Corpse"]


def test_no_token_card_left_casts_nothing_with_the_option() -> None:
    _, lines, _ = scenario("reveal-no-token-nothing")
    assert events(lines, "horde_revealed")[0]["cast"] == []


def test_the_horde_casts_revealed_cards_one_after_another_and_players_may_respond() -> None:
    _, lines, _ = scenario("stack-players-counter-a-horde-spell")
    kinds = [
        (e["type"], e.get("card")) for e in lines if e["type"] in ("cast", "resolved", "countered")
    ]
    assert kinds.index(("countered", "Zombie")) < kinds.index(("cast", "Maggot Carrier"))


def test_the_horde_casts_its_hand_after_the_revealed_cards() -> None:
    _, lines, _ = scenario("horde-casts-its-hand-next-turn")
    horde_casts = [e["card"] for e in events(lines, "cast") if e["who"] == "horde"]
    assert horde_casts == ["Zombie", "Walking Corpse", "Zombie Giant"]


def test_the_horde_has_no_draw_step_and_no_second_main_phase() -> None:
    _, lines, _ = scenario("reveal-order")
    start = next(i for i, e in enumerate(lines) if e["type"] == "position")
    end = next(i for i, e in enumerate(lines) if e["type"] == "turn" and e["team"] == "players")
    steps = [e["step"] for e in lines[start:end] if e["type"] == "step"]
    assert "draw" not in steps and "main2" not in steps and "end" in steps


def test_an_uncastable_revealed_card_goes_to_the_graveyard(tmp_path: Path) -> None:
    # Counterspell needs a spell to target; the stack is empty when the Horde casts.
    session, lines = position(
        tmp_path,
        {
            "turn": 5,
            "active": "horde",
            "step": "upkeep",
            "horde": {"library": ["Zombie", "Counterspell"]},
            "p1": {"library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    assert events(lines, "uncastable")[0]["card"] == "Counterspell"
    table = session.state.table  # type: ignore[attr-defined]
    assert [o.name for o in table.players["horde"].graveyard] == ["Counterspell"]


# -- combat ----------------------------------------------------------------------------------


def test_every_horde_creature_that_can_attack_attacks() -> None:
    _, lines, _ = scenario("horde-attacks-with-everything")
    assert [a["id"] for a in events(lines, "attackers")[0]["attacks"]] == [1, 3]


def test_horde_token_cards_have_no_summoning_sickness() -> None:
    _, lines, _ = scenario("horde-attacks-with-everything")
    attackers = [a["id"] for a in events(lines, "attackers")[0]["attacks"]]
    assert 1 in attackers and 2 not in attackers and 4 not in attackers


@pytest.mark.parametrize(
    ("name", "ids"), [("horde-haste-tokens", [1, 3, 4]), ("horde-haste-all", [1, 2, 3, 4])]
)
def test_horde_haste_can_be_read_more_widely(name: str, ids: list[int]) -> None:
    _, lines, _ = scenario(name)
    assert [a["id"] for a in events(lines, "attackers")[0]["attacks"]] == ids


def test_the_horde_chooses_the_player_it_attacks_at_random() -> None:
    game = get_game("horde")
    setup = str(SCENARIOS / "setups" / "horde-attack.yaml")
    options, chosen_setup = game.resolve_options(game.load_given({"players": 2, "setup": setup}))
    targets = set()
    for seed in range(8):
        lines: list[dict[str, Any]] = []
        Session(game, options, chosen_setup, seed, None, [lines.append])
        attacks = events(lines, "attackers")[0]["attacks"]
        targets.update(a["target"] for a in attacks)
    assert targets == {"p1", "p2"}


def test_the_most_powerful_horde_creature_blocks_the_most_powerful_attacker() -> None:
    _, lines, _ = scenario("blocking-most-powerful")
    blocks = events(lines, "blockers")[0]["blocks"]
    assert blocks[0] == {"blocker": 1, "attacker": 7}  # Zombie Giant 5/5 on Craw Wurm 6/4
    assert blocks[1] == {"blocker": 2, "attacker": 8}  # Rotting Fensnake 5/1 on Hill Giant 3/3


def test_greatest_toughness_then_chance_breaks_ties() -> None:
    _, lines, _ = scenario("blocking-ties")
    record = events(lines, "horde_blocking")[0]
    assert record["attackers"][-1] == 4  # Garruk's Companion 3/2 ranks after the 3/3s
    assert set(record["chance"]) == {3, 5}


def test_the_horde_blocks_only_what_it_can_block() -> None:
    _, lines, _ = scenario("blocking-evasion")
    blocked = {b["attacker"] for b in events(lines, "blockers")[0]["blocks"]}
    assert blocked == {4, 7}  # not the Phantom Warrior (#5) nor the menace Brute (#6)


def test_no_player_creature_is_blocked_by_more_than_one_horde_creature() -> None:
    _, lines, _ = scenario("blocking-most-powerful")
    attackers = [b["attacker"] for b in events(lines, "blockers")[0]["blocks"]]
    assert len(attackers) == len(set(attackers))


def test_surplus_horde_creatures_do_not_block() -> None:
    _, lines, _ = scenario("blocking-most-powerful")
    assert len(events(lines, "blockers")[0]["blocks"]) == 3  # four Horde creatures, three attackers


def test_the_horde_divides_damage_among_several_blockers_by_its_policy() -> None:
    _, lines, _ = scenario("horde-divides-damage-among-blockers")
    assert events(lines, "choice")[0]["kind"] == "assign"


# -- winning and losing --------------------------------------------------------------------------


def test_the_players_win_when_the_horde_has_no_creatures_and_no_library() -> None:
    session, _, _ = scenario("win-the-horde-is-destroyed")
    assert session.state.result()["winner"] == "players"


def test_the_players_do_not_win_while_revealed_cards_wait(tmp_path: Path) -> None:
    # The reveal empties the library while the Horde has no creature yet: the game goes on.
    session, lines = position(
        tmp_path,
        {
            "turn": 5,
            "active": "horde",
            "step": "upkeep",
            "horde": {"library": ["Zombie"]},
            "p1": {"library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    assert not session.over
    assert [e["card"] for e in events(lines, "cast")] == ["Zombie"]


def test_the_horde_wins_when_the_shared_life_is_gone() -> None:
    session, _, _ = scenario("lose-no-life-left")
    assert session.state.result()["reason"] == "life"


def test_the_horde_wins_when_a_player_draws_from_an_empty_library() -> None:
    session, _, _ = scenario("lose-drawing-from-an-empty-library")
    assert session.state.result()["reason"] == "library"


# -- notes ------------------------------------------------------------------------------------


def test_the_horde_decides_at_random_and_logs_it() -> None:
    _, lines, _ = scenario("horde-chooses-targets-at-random")
    choice = events(lines, "choice")[0]
    assert choice["who"] == "horde" and choice["chosen"] == ["p2"]


def test_cards_returned_to_the_hordes_hand_are_cast_in_its_next_turn() -> None:
    _, lines, _ = scenario("horde-casts-its-hand-next-turn")
    bounce = next(i for i, e in enumerate(lines) if e["type"] == "moved" and e["why"] == "bounced")
    horde_turn = next(
        i for i, e in enumerate(lines) if e["type"] == "turn" and e["team"] == "horde"
    )
    giant = next(
        i for i, e in enumerate(lines) if e["type"] == "cast" and e["card"] == "Zombie Giant"
    )
    assert bounce < horde_turn < giant


def test_cards_the_horde_draws_are_cast_in_its_next_turn() -> None:
    _, lines, _ = scenario("horde-draws-extra-cards")
    assert any(e["type"] == "cast" and e["card"] == "Zombie Giant" for e in lines)
    assert not events(lines, "team_lost")


def test_the_horde_has_no_maximum_hand_size() -> None:
    session, _ = new_session("horde", seed=1, mulligan="none")
    table = session.state.table  # type: ignore[attr-defined]
    assert table.variant.max_hand_size(table, table.players["horde"]) is None
    assert table.variant.max_hand_size(table, table.players["p1"]) == 7


def test_opening_hands_use_the_london_mulligan_with_a_free_first() -> None:
    session, _lines, _ = scenario("mulligan-london-first-free")
    table = session.state.table  # type: ignore[attr-defined]
    assert len(table.players["p1"].hand) == 6


def test_a_setup_file_starts_from_any_position(tmp_path: Path) -> None:
    session, _lines = position(
        tmp_path,
        {
            "life": 12,
            "turn": 9,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": [{"card": "Zombie Giant", "tapped": True, "damage": 2}]},
            "p1": {
                "battlefield": [{"card": "Grizzly Bears", "counters": {"+1/+1": 2}}],
                "hand": ["Forest"],
            },
            "p2": {"land_played": True, "hand": ["Forest"]},
        },
    )
    table = session.state.table  # type: ignore[attr-defined]
    giant = table.objects[1]
    bears = table.objects[2]
    assert table.teams[0].life == 12 and table.turn == 9 and table.step == "main1"
    assert giant.tapped and giant.damage == 2 and table.chars(bears).power == 4
    assert table.players["p2"].lands_played == 1


def test_a_broken_setup_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "horde: {library: [Zombie]}\np1: {hand: [Not A Card]}\np2: {}\n", encoding="utf-8"
    )
    with pytest.raises(UsageError, match="unknown card 'Not A Card'"):
        new_session("horde", setup=str(path))
    path.write_text("horde: {}\np1: {hand: 3}\np2: {}\n", encoding="utf-8")
    with pytest.raises(UsageError, match="at p1/hand"):
        new_session("horde", setup=str(path))


def test_the_horde_chooses_x_by_a_die_roll() -> None:
    game = get_game("horde")
    setup = str(SCENARIOS / "setups" / "horde-x.yaml")
    options, chosen_setup = game.resolve_options(game.load_given({"players": 2, "setup": setup}))
    rolls = set()
    for seed in range(12):
        lines: list[dict[str, Any]] = []
        Session(game, options, chosen_setup, seed, None, [lines.append])
        rolls.add(next(e for e in events(lines, "cast") if e["card"] == "Blaze")["x"])
    assert rolls <= set(range(1, 7)) and len(rolls) >= 3


def test_an_empty_library_reveals_nothing_and_the_hand_is_still_cast() -> None:
    _, lines, _ = scenario("reveal-empty-library")
    assert events(lines, "horde_revealed")[0]["cards"] == []
    assert [e["card"] for e in events(lines, "cast")] == ["Zombie Giant"]


def test_a_header_written_before_set_aside_existed_plays_and_replays_the_old_way() -> None:
    """Options added later fill in the value older logs played by, and the replayed
    header leaves them out again, so the older log replays byte for byte."""
    from cardcli.engine.loop import run
    from cardcli.engine.replay import replay_lines
    from cardcli.engine.rng import RNG_V2

    game = get_game("horde")
    options, setup = game.resolve_options(game.load_given({"players": 2}))
    assert options["set_aside"] == "under-first"  # new games: as the text says
    older = {k: v for k, v in options.items() if k != "set_aside"}
    filled, _ = game.header_options(older, setup)
    assert filled["set_aside"] == "under-last"
    lines: list[dict[str, Any]] = []
    # As 0.3.0 wrote it: RNG v2 (this release writes v3 and every option).
    session = Session(
        game, filled, setup, 4, {"p1": "basic", "p2": "basic"}, [lines.append], RNG_V2
    )
    run(session, lambda seat: None)
    lines[0] = {**lines[0], "options": older, "engine": "0.3.0"}
    _replay, divergence, count = replay_lines(lines)
    assert divergence is None and count == len(lines)
