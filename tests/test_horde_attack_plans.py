"""The players' attack plans made fast (issue 26) are the plans as they were.

``attack_model`` keeps what every attack on one table reads and works out each kind of
fight once: its outcome is ``fight.attack_outcome``'s, creature for creature, on seeded
boards of mixed creatures (first strike, deathtouch, trample, lifelink, menace, flying,
reach, lure, damaged), for attacks of any part of the players' creatures in any order.
``attack_home`` picks the candidate ``score_attack`` scores best. The plan kept for the
whole declaration (``plancache.ATTACKS``) hands out what working it out again would.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardcli.games.horde import fight, plancache
from cardcli.games.horde.attack_home import HomeAttack
from cardcli.games.horde.attack_model import AttackModel
from cardcli.games.horde.basic import Policy
from cardcli.games.horde.kinds import Kinds
from cardcli.magic import combat
from tests.test_horde_bot_speed import (
    HORDE_KINDS,
    PLAYER_KINDS,
    _attack_position,
    _fast,
    _reference,
    _to_blocks,
    attack_sides,
    declare_attack,
)


@pytest.mark.parametrize("seed", range(700, 724))
def test_the_model_gives_the_outcome_worked_out_from_nothing(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    position = _attack_position(seed, flyers=seed % 3 == 0)
    if seed % 4 == 0:  # a lure attacker: all able to block it must
        lure = {
            **PLAYER_KINDS[0],
            "name": "Unicorn",
            "abilities": [{"static": "must_be_blocked_by_all"}],
        }
        position["p1"]["battlefield"].append({"token": lure})
    if seed % 5 == 0:  # first strike in the Horde, so that a combat has two steps
        position["horde"]["battlefield"].append({"token": HORDE_KINDS[4]})
    table = _to_blocks(tmp_path, position, "attack").state.table
    ours = [o for o in table.battlefield.values() if o.controller != "horde"]
    ours = [o for o in ours if "Creature" in table.chars(o).types]
    model = AttackModel(table, combat.restricted(table, ours))
    for _ in range(12):
        attackers = rng.sample(ours, rng.randint(0, len(ours)))
        expected, _ = fight.attack_outcome(table, attackers) if attackers else (fight.Outcome(), [])
        found = model.outcome(attackers)
        assert found.dead == expected.dead
        assert found.to_defender == expected.to_defender
        assert found.gained == sum(expected.lifelink.values())


@pytest.mark.parametrize("seed", range(740, 764))
def test_the_pick_by_runs_is_the_best_of_every_candidate_scored(seed: int, tmp_path: Path) -> None:
    """Where who stays home matters, ``attack_home`` picks the candidate ``score_attack``
    scores best (the first of equals), with its very score, for any attack chosen so far:
    boards where the Horde's Bats are blocked by some of the players' creatures (Angels,
    Spiders with reach) and its other creatures by others, in runs of several sizes and
    harms."""
    rng = random.Random(seed)
    position = _attack_position(seed, flyers=seed % 2 == 0)
    extra = rng.sample([PLAYER_KINDS[3], PLAYER_KINDS[4]], rng.randint(1, 2))
    position["p2"]["battlefield"] += [{"token": rng.choice(extra)} for _ in range(6)]
    position["horde"]["battlefield"] += [
        {"token": rng.choice(HORDE_KINDS)} for _ in range(rng.randint(0, 8))
    ]
    table = _to_blocks(tmp_path, position, "attack").state.table
    planner, able, horde, defenders = attack_sides(table)
    team = table.active_team
    sides = Kinds(table, [*defenders, *horde])
    assert not combat.restricted(table, [*able, *horde])
    for _ in range(6):
        chosen = rng.sample(able, rng.randint(0, len(able) // 2))
        model = AttackModel(table, precise=False)
        home = HomeAttack.make(planner, table, team, able, [], horde, defenders, sides, model)
        assert home is not None  # no vigilance among these creatures
        for obj in chosen:
            home.add(obj)
        candidates = [o for o in able if o not in chosen]
        each = [
            planner.score_attack(table, team, [*chosen, obj], horde, defenders, sides)
            for obj in candidates
        ]
        best = max(each, default=None)
        first = None if best is None else candidates[each.index(best)]
        assert home.best(chosen) == (None if first is None else (best, first))


def test_vigilance_leaves_the_runs_to_the_scores_a_kind_at_a_time(tmp_path: Path) -> None:
    """A creature with vigilance may stay home or not, as the fights go: not for runs."""
    sentry = {**PLAYER_KINDS[0], "name": "Sentry", "keywords": ["vigilance"]}
    position = _attack_position(3, flyers=True)
    position["p1"]["battlefield"].append({"token": sentry})
    table = _to_blocks(tmp_path, position, "attack").state.table
    planner, able, horde, defenders = attack_sides(table)
    sides = Kinds(table, [*defenders, *horde])
    model = AttackModel(table, precise=False)
    made = HomeAttack.make(
        planner, table, table.active_team, able, [], horde, defenders, sides, model
    )
    assert made is None


def _wide(tmp_path: Path, name: str = "wide") -> Any:
    """160 Bears against the Horde's 20 Bats (flying, untapped): a plan of more than forty
    attackers, declared in parts."""
    bear, bat = PLAYER_KINDS[0], HORDE_KINDS[3]
    position = {
        "life": 999,
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": bat}] * 20, "library": ["Zombie"] * 60},
        "p1": {"battlefield": [{"token": bear}] * 80, "library": ["Forest"] * 5},
        "p2": {"battlefield": [{"token": bear}] * 80, "library": ["Forest"] * 5},
    }
    return _to_blocks(tmp_path, position, name)


def _planned(monkeypatch: pytest.MonkeyPatch, bot: Policy) -> list[int]:
    """Counts the plans ``bot`` works out (one entry a plan)."""
    made: list[int] = []
    plan = bot.plan_attack

    def counted(table: Any, team: Any) -> Any:
        made.append(1)
        return plan(table, team)

    monkeypatch.setattr(bot, "plan_attack", counted)
    return made


@pytest.mark.parametrize("bot", ["basic", "planner"])
def test_the_kept_attack_plan_hands_out_what_working_it_out_again_would(
    bot: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _wide(tmp_path)
    fast = _fast(bot)
    made = _planned(monkeypatch, fast)
    said = declare_attack(session, fast, _reference(bot))
    assert len(said) >= 3 and said[-1] == "pass"  # forty at most a command
    assert made == [1]  # one plan for the whole declaration


def test_a_persons_attacker_in_between_makes_the_bot_plan_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _wide(tmp_path)
    table = session.state.table
    fast, reference = _fast("planner"), _reference("planner")
    made = _planned(monkeypatch, fast)
    first = fast.move_on(table, "p1")
    assert session.submit(first, seat="p1").accepted
    last = max(o.id for o in table.battlefield.values() if o.controller == "p1")
    assert session.submit(f"attack #{last}", seat="p1").accepted  # not the plan's next
    assert fast.move_on(table, "p1") == reference.move_on(table, "p1")
    assert made == [1, 1]


def test_the_kept_attack_plan_is_for_its_own_table_and_bot(tmp_path: Path) -> None:
    one, two = _wide(tmp_path, "one"), _wide(tmp_path, "two")
    bot = _fast("planner")
    first = bot.move_on(one.state.table, "p1")
    team = one.state.table.players["p1"].team
    assert plancache.ATTACKS.left(bot, one.state.table, team)
    other = two.state.table.players["p1"].team
    assert plancache.ATTACKS.left(bot, two.state.table, other) is None
    assert plancache.ATTACKS.left(_fast("planner"), one.state.table, team) is None
    assert bot.move_on(two.state.table, "p1") == first  # the same board, worked out again
