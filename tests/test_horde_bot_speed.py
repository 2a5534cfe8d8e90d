"""The players' bots made linear in the board (issue 26) decide exactly as before.

The block plans worked out by kinds of creature (``kinds``) are the plans worked out one
creature at a time (``slow_plan_blocks``), and the plan kept for the whole declaration
(``plancache``) hands out what working the plan out again after every block would: on many
seeded boards of mixed creatures (flying, reach, first strike, deathtouch, trample, menace,
lifelink, indestructible, damaged, tapped, lure, blocking restrictions), with a person's
blocks and take-backs in between. The reference is the bot as it was: plans one creature at
a time, worked out again for every command.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardcli.games.horde import plancache
from cardcli.games.horde.basic import Policy
from cardcli.games.horde.kinds import Kinds
from cardcli.games.horde.planner import Planner
from cardcli.magic.table import Table
from tests.conftest import REPO, new_session


def _token(name: str, power: int, toughness: int, *keywords: str, **more: Any) -> dict[str, Any]:
    token = {
        "name": name,
        "types": ["Creature"],
        "colors": more.get("colors", ["B"]),
        "power": str(power),
        "toughness": str(toughness),
    }
    if keywords:
        token["keywords"] = list(keywords)
    return token


HORDE_KINDS = [
    _token("Zombie", 2, 2),
    _token("Zombie Giant", 3, 3),
    _token("Ogre", 4, 4, "trample"),
    _token("Bat", 1, 1, "flying"),
    _token("Skeleton Knight", 2, 2, "first strike"),
    _token("Rat", 1, 1, "deathtouch"),
    _token("Brute", 3, 3, "menace"),
    _token("Vampire", 2, 2, "lifelink"),
    _token("Horror", 5, 5),
]
PLAYER_KINDS = [
    _token("Bear", 2, 2, colors=["G"]),
    _token("Wall", 0, 4, "defender", colors=["W"]),
    _token("Soldier", 1, 1, colors=["W"]),
    _token("Angel", 3, 3, "flying", colors=["W"]),
    _token("Spider", 1, 3, "reach", "deathtouch", colors=["G"]),
    _token("Knight", 2, 2, "first strike", colors=["W"]),
    _token("Cleric", 2, 2, "lifelink", colors=["W"]),
    _token("Golem", 4, 4, "indestructible", colors=[]),
    _token("Elephant", 3, 3, colors=["G"]),
]


def _permanent(rng: random.Random, kinds: list[dict[str, Any]], tap: bool) -> dict[str, Any]:
    token = rng.choice(kinds)
    permanent: dict[str, Any] = {"token": token}
    if int(token["toughness"]) > 1 and rng.random() < 0.15:
        permanent["damage"] = 1
    if tap and rng.random() < 0.1:
        permanent["tapped"] = True
    return permanent


def _position(seed: int, attackers: int, blockers: int) -> dict[str, Any]:
    """The Horde's combat on a seeded board: a few kinds of each side, many alike."""
    rng = random.Random(seed)
    horde_kinds = rng.sample(HORDE_KINDS, rng.randint(1, 4))
    player_kinds = rng.sample(PLAYER_KINDS, rng.randint(1, 4))
    p1 = [_permanent(rng, player_kinds, True) for _ in range(blockers // 2)]
    p2 = [_permanent(rng, player_kinds, True) for _ in range(blockers - blockers // 2)]
    return {
        "life": rng.choice([3, 8, 15, 25, 40, 120]),
        "turn": 7,
        "active": "horde",
        "step": "begin_combat",
        "horde": {
            "battlefield": [_permanent(rng, horde_kinds, False) for _ in range(attackers)],
            "library": ["Zombie"] * 5,
        },
        "p1": {"battlefield": p1, "library": ["Forest"] * 5},
        "p2": {"battlefield": p2, "library": ["Forest"] * 5},
    }


def _to_blocks(tmp_path: Path, position: dict[str, Any], name: str = "board") -> Any:
    path = tmp_path / f"{name}.yaml"
    path.write_text(json.dumps(position), encoding="utf-8")
    session, _ = new_session("horde", seed=1, players=2, setup=str(path))
    return session


def _reference(bot: str) -> Policy:
    """The bot as it was: one creature at a time, the plan worked out again every time."""
    reference = Planner() if bot == "planner" else Policy()
    reference.fast = False
    reference.cached = False
    return reference


def _fast(bot: str) -> Policy:
    return Planner() if bot == "planner" else Policy()


def _declare(
    session: Any, bot: str, rng: random.Random | None = None, limit: int = 400
) -> list[str]:
    """Declare the players' blocks by the fast, cached bot, checking each command against the
    reference's; with ``rng``, a person's block or take-back now and then. Returns the bot's
    commands."""
    fast, reference = _fast(bot), _reference(bot)
    table: Table = session.state.table
    said = []
    for _ in range(limit):
        decision = table.pending
        if table.over or decision is None or decision.kind != "blockers":
            break
        seat = session.state.to_move()
        if rng is not None and rng.random() < 0.2:
            person = _person(table, rng)
            if person is not None and session.submit(person, seat=seat).accepted:
                continue
        expected = reference.move_on(table, seat)
        text = fast.move_on(table, seat)
        assert text == expected, (len(said), said[-3:])
        said.append(text)
        if not session.submit(text, seat=seat).accepted:
            # Only a person's blocks make a bot's line refused: a menace attacker blocked by
            # one creature, which the bot leaves to the person (and so did the bot before).
            assert rng is not None and text == "pass", text
            break
    return said


def _person(table: Table, rng: random.Random) -> str | None:
    """A block a person might declare or take back, off the bot's plan."""
    fight = table.combat
    assert fight is not None
    if fight.blocks and rng.random() < 0.4:
        return f"unblock #{rng.choice(sorted(fight.blocks))}"
    free = [
        o.id
        for o in table.battlefield.values()
        if o.controller != "horde" and not o.tapped and o.id not in fight.blocks
    ]
    attackers = sorted(fight.attackers)
    if not free or not attackers:
        return None
    return f"block #{rng.choice(attackers)} with #{rng.choice(free)}"


@pytest.mark.parametrize("bot", ["basic", "planner"])
@pytest.mark.parametrize("seed", range(12))
def test_the_plan_by_kinds_is_the_plan_one_creature_at_a_time(
    bot: str, seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    session = _to_blocks(tmp_path, _position(seed, rng.randint(2, 40), rng.randint(1, 24)))
    table = session.state.table
    assert table.pending.kind == "blockers"
    team = table.players["p1"].team
    fast, reference = _fast(bot), _reference(bot)
    assert fast.plan_blocks(table, team) == reference.plan_blocks(table, team)


@pytest.mark.parametrize("bot", ["basic", "planner"])
@pytest.mark.parametrize("seed", range(100, 112))
def test_the_kept_plan_hands_out_what_working_it_out_again_would(
    bot: str, seed: int, tmp_path: Path
) -> None:
    """Prefix stability: every command of the declaration equals the reference's."""
    rng = random.Random(seed)
    session = _to_blocks(tmp_path, _position(seed, rng.randint(2, 30), rng.randint(1, 20)))
    said = _declare(session, bot)
    assert not said or said[-1] == "pass"  # (no blockers asked for: every one tapped or walls)


@pytest.mark.parametrize("bot", ["basic", "planner"])
@pytest.mark.parametrize("seed", range(200, 208))
def test_a_persons_blocks_in_between_make_the_bot_plan_again(
    bot: str, seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    session = _to_blocks(tmp_path, _position(seed, rng.randint(4, 24), rng.randint(3, 16)))
    _declare(session, bot, rng)


@pytest.mark.parametrize("bot", ["basic", "planner"])
@pytest.mark.parametrize(
    "setup", ["lure-players-block.yaml", "cant-be-blocked-by-horde.yaml", "cant-be-blocked-by.yaml"]
)
def test_requirements_and_restrictions_as_before(bot: str, setup: str) -> None:
    """Lure's requirement (509.1c) and a blocking restriction of an attacker's own, which
    makes each creature a kind of its own."""
    path = REPO / "scenarios" / "horde" / "setups" / setup
    session, _ = new_session("horde", seed=1, players=2, setup=str(path))
    table = session.state.table
    while not table.over and table.pending is not None and table.pending.kind != "blockers":
        if table.active_team.name != "horde" and table.step in ("main1", "begin_combat"):
            break  # (a players' turn: not this test's)
        session.submit("pass")
    if table.pending is not None and table.pending.kind == "blockers":
        _declare(session, bot)


def test_a_wide_board_is_one_kind_and_the_plan_is_kept(tmp_path: Path) -> None:
    """300 Zombies and 150 Bears: the plan is worked out once for the whole declaration."""
    position = {
        "life": 999,
        "turn": 7,
        "active": "horde",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": HORDE_KINDS[0]}] * 300, "library": ["Zombie"] * 3},
        "p1": {"battlefield": [{"token": PLAYER_KINDS[0]}] * 75, "library": ["Forest"] * 3},
        "p2": {"battlefield": [{"token": PLAYER_KINDS[0]}] * 75, "library": ["Forest"] * 3},
    }
    session = _to_blocks(tmp_path, position)
    table = session.state.table
    bot = _fast("planner")
    made = 0
    original = bot.plan_blocks

    def counting(*args: Any) -> Any:
        nonlocal made
        made += 1
        return original(*args)

    bot.plan_blocks = counting  # type: ignore[method-assign]
    said = []
    while table.pending is not None and table.pending.kind == "blockers":
        said.append(bot.move_on(table, "p1"))
        assert session.submit(said[-1], seat="p1").accepted
    assert made == 1
    assert len(said) == 151 and said[-1] == "pass"


def test_the_kept_plan_is_for_its_own_table_bot_and_combat(tmp_path: Path) -> None:
    position = _position(5, 12, 8)
    one, two = _to_blocks(tmp_path, position, "one"), _to_blocks(tmp_path, position, "two")
    bot = _fast("basic")
    first = bot.move_on(one.state.table, "p1")
    assert plancache.BLOCKS.next_block(bot, one.state.table, one.state.table.players["p1"].team)
    team = two.state.table.players["p1"].team
    assert plancache.BLOCKS.next_block(bot, two.state.table, team) is None
    assert plancache.BLOCKS.next_block(_fast("basic"), one.state.table, team) is None
    assert bot.move_on(two.state.table, "p1") == first  # the same board, worked out again


def test_more_than_150_actions_in_a_step_and_more_than_150_blocks_one_by_one(
    tmp_path: Path,
) -> None:
    """No cap a legal game reaches: 300 creatures each activate their ability in one step
    (the cap was 150 actions a step), and 200 attackers are each blocked on a line of its
    own. The bound still exists: it grows with the board (``flow.action_limit``)."""
    from cardcli.magic import flow

    cleric = _token("Cleric", 1, 1, colors=["W"])
    cleric["abilities"] = [
        {
            "activated": True,
            "cost": {"tap": True},
            "effects": [{"do": "gain_life", "amount": 1, "each": "you"}],
            "text": "{T}: You gain 1 life.",
        }
    ]
    position = {
        "life": 20,
        "turn": 6,
        "active": "players",
        "step": "main1",
        "horde": {"library": ["Zombie"] * 5},
        "p1": {"battlefield": [{"token": cleric}] * 300, "library": ["Plains"] * 5},
        "p2": {"library": ["Plains"] * 5},
    }
    session = _to_blocks(tmp_path, position, "clerics")
    table = session.state.table
    clerics = sorted(o.id for o in table.battlefield.values() if o.controller == "p1")
    for oid in clerics[:-1]:  # (the last one left: the team still has something to do)
        outcome = session.submit(f"p1 activate #{oid}")
        assert outcome.accepted, (oid, outcome.reason)
    assert table.step == "main1" and table.actions == 299 and len(table.stack) == 299
    assert flow.action_limit(table) == 150 + 4 * 300
    table.actions = flow.action_limit(table)  # as after an endless loop: only passing is left
    refused = session.submit(f"p1 activate #{clerics[-1]}")
    assert not refused.accepted
    assert refused.reason == "1350 actions in this step already: pass"

    position = {
        "life": 999,
        "turn": 7,
        "active": "horde",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": HORDE_KINDS[0]}] * 200, "library": ["Zombie"] * 3},
        "p1": {"battlefield": [{"token": PLAYER_KINDS[2]}] * 200, "library": ["Forest"] * 3},
        "p2": {"library": ["Forest"] * 3},
    }
    session = _to_blocks(tmp_path, position, "wide")
    table = session.state.table
    soldiers = sorted(o.id for o in table.battlefield.values() if o.controller == "p1")
    for attacker, blocker in zip(sorted(table.combat.attackers), soldiers, strict=True):
        outcome = session.submit(f"block #{attacker} with #{blocker}")
        assert outcome.accepted, (attacker, outcome.reason)
    assert len(table.combat.blocks) == 200
    assert session.submit("pass").accepted


def _attack_position(seed: int, flyers: bool = False) -> dict[str, Any]:
    """The players' combat on a seeded board: their creatures of a few kinds, the Horde's
    partly tapped (attacking is often worth it), here and there a flyer (the kinds' shortcut
    holds when each Horde creature can be blocked by all the players' kinds or by none, as
    a Bat by Bears; not when by some, as a Bat by Bears and Angels: then every creature is
    scored). ``flyers``: the Horde's Bats and Zombies, so that it often is."""
    rng = random.Random(seed)
    player_kinds = rng.sample(PLAYER_KINDS, rng.randint(1, 3))
    horde_kinds = rng.sample(HORDE_KINDS[:3] if seed % 2 else HORDE_KINDS, rng.randint(1, 3))
    if flyers:
        horde_kinds = [HORDE_KINDS[0], HORDE_KINDS[3]]
    horde = []
    for _ in range(rng.randint(0, 20)):
        permanent = _permanent(rng, horde_kinds, False)
        permanent["tapped"] = rng.random() < 0.7
        horde.append(permanent)
    return {
        "life": rng.choice([10, 40, 200]),
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {"battlefield": horde, "library": ["Zombie"] * 80},
        "p1": {
            "battlefield": [
                _permanent(rng, player_kinds, False) for _ in range(rng.randint(1, 30))
            ],
            "library": ["Forest"] * 5,
        },
        "p2": {
            "battlefield": [
                _permanent(rng, player_kinds, False) for _ in range(rng.randint(0, 30))
            ],
            "library": ["Forest"] * 5,
        },
    }


@pytest.mark.parametrize("flyers", [False, True])
@pytest.mark.parametrize("seed", range(300, 316))
def test_the_planners_attack_by_kinds_is_its_attack_one_creature_at_a_time(
    seed: int, flyers: bool, tmp_path: Path
) -> None:
    """Every attack command of the declaration equals the reference's (which scores every
    creature able to attack at every pick, and the Horde's next attack blocker by blocker)."""
    session = _to_blocks(tmp_path, _attack_position(seed, flyers), "attack")
    said = declare_attack(session, _fast("planner"), _reference("planner"))
    assert not said or said[-1] == "pass"


def declare_attack(session: Any, fast: Policy, reference: Policy) -> list[str]:
    """Declare p1's team's attack by ``fast``, checking each command against ``reference``'s;
    returns the commands."""
    table = session.state.table
    said: list[str] = []
    while table.pending is not None and table.pending.kind == "attackers":
        text = fast.move_on(table, "p1")
        assert text == reference.move_on(table, "p1"), said
        said.append(text)
        assert session.submit(text, seat="p1").accepted, text
    return said


@pytest.mark.parametrize("seed", range(400, 412))
def test_the_next_attacks_damage_by_kinds_is_the_damage_blocker_by_blocker(
    seed: int, tmp_path: Path
) -> None:
    """Any part of the players' creatures staying home, in any order, against any part of
    the Horde's: the first blocker of each kind stands for its kind."""
    rng = random.Random(seed)
    session = _to_blocks(tmp_path, _attack_position(seed, flyers=seed % 3 == 0), "attack")
    table = session.state.table
    creatures = [o for o in table.battlefield.values() if "Creature" in table.chars(o).types]
    horde = [o for o in creatures if o.controller == "horde"]
    players = [o for o in creatures if o.controller != "horde"]
    planner = _fast("planner")
    for _ in range(25):
        home = rng.sample(players, rng.randint(0, len(players)))
        attackers = rng.sample(horde, rng.randint(0, len(horde)))
        fast = planner.next_attack_damage(table, attackers, home)
        assert fast == planner.scanned_attack_damage(table, attackers, home)


@pytest.mark.parametrize(
    ("ours", "theirs", "by_kinds"),
    [
        ([0, 0], [0, 3], True),  # Bears: a Zombie by all, a Bat by none
        ([0, 3], [0], True),  # Bears and Angels against Zombies: all of them
        ([0, 3], [0, 3], False),  # a Bat by the Angels only: who stays home matters
        ([4, 0], [3], False),  # a Bat by the Spiders (reach) only
    ],
)
def test_the_attack_goes_by_kinds_only_where_who_stays_home_does_not_matter(
    ours: list[int], theirs: list[int], by_kinds: bool, tmp_path: Path
) -> None:
    kinds = {0: PLAYER_KINDS[0], 3: PLAYER_KINDS[3], 4: PLAYER_KINDS[4]}
    horde = [{"token": HORDE_KINDS[k]} for k in theirs]
    position = {
        "life": 40,
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {"battlefield": horde, "library": ["Zombie"] * 10},
        "p1": {"battlefield": [{"token": kinds[k]} for k in ours], "library": ["Forest"] * 5},
        "p2": {"battlefield": [], "library": ["Forest"] * 5},
    }
    table = _to_blocks(tmp_path, position, "attack").state.table
    planner = _fast("planner")
    team = table.active_team
    creatures = [o for o in table.battlefield.values() if "Creature" in table.chars(o).types]
    able = planner.attackers_able(table, team)
    horde_creatures = [o for o in creatures if o.controller == "horde"]
    pools = planner._attack_kinds(table, able, horde_creatures, planner._defenders(table, team))
    assert (pools is not None) == by_kinds


@pytest.mark.parametrize("seed", range(500, 512))
def test_candidates_scored_a_kind_at_a_time_score_as_each_alone(seed: int, tmp_path: Path) -> None:
    """Where who stays home matters, the planner scores every candidate, alike ones worked
    out together: the very numbers ``score_attack`` gives each, for any attack chosen so far."""
    from cardcli.games.horde.attack_kinds import scores_by_kind
    from cardcli.games.horde.kinds import Kinds

    rng = random.Random(seed)
    position = _attack_position(seed, flyers=True)
    position["p2"]["battlefield"] += [{"token": PLAYER_KINDS[3]}] * 3  # Angels: some block Bats
    table = _to_blocks(tmp_path, position, "attack").state.table
    planner, able, horde, defenders = attack_sides(table)
    team = table.active_team
    sides = Kinds(table, [*defenders, *horde])
    for _ in range(6):
        chosen = rng.sample(able, rng.randint(0, len(able) // 2))
        candidates = [o for o in able if o not in chosen]
        alike = Kinds(table, able)
        fast = scores_by_kind(
            planner, table, team, chosen, candidates, horde, defenders, sides, alike
        )
        each = [
            planner.score_attack(table, team, [*chosen, obj], horde, defenders, sides)
            for obj in candidates
        ]
        assert fast == each


def attack_sides(table: Table) -> tuple[Planner, list[Any], list[Any], list[Any]]:
    """A planner and, for the players' attack on ``table``: the creatures able to attack, the
    Horde's creatures, the players' creatures that could block its next attack."""
    planner = Planner()
    team = table.active_team
    able = planner.attackers_able(table, team)
    creatures = [o for o in table.battlefield.values() if "Creature" in table.chars(o).types]
    horde = [o for o in creatures if o.controller == "horde"]
    return planner, able, horde, planner._defenders(table, team)


def _counted(table: Table) -> tuple[Any, Planner, list[Any], list[Any], list[Any]]:
    """The count model of the players' attack on ``table`` (None where it is not exact)."""
    from cardcli.games.horde.attack_counts import CountedAttack

    planner, able, horde, defenders = attack_sides(table)
    team = table.active_team
    made = None
    if planner._attack_kinds(table, able, horde, defenders) is not None:
        made = CountedAttack.make(planner, table, team, able, horde, defenders)
    return made, planner, able, horde, defenders


def test_an_attack_scored_by_counts_scores_as_worked_out_creature_by_creature(
    tmp_path: Path,
) -> None:
    """Where how many of each kind attack decides an attack's score (``attack_counts``), the
    count model gives the very number ``score_attack`` gives, for any attack."""
    from collections import Counter

    def one_a_size(kinds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        sizes = {(k["power"], k["toughness"]): k for k in kinds}  # a kind for each size
        return list(sizes.values())

    sentry = _token("Sentry", 1, 4, "vigilance", colors=["W"])
    made_on = 0
    for seed in range(600, 640):
        rng = random.Random(seed)
        position = _attack_position(seed, flyers=seed % 3 == 0)
        ours = one_a_size(rng.sample([*PLAYER_KINDS, sentry], rng.randint(1, 4)))
        theirs = one_a_size(rng.sample(HORDE_KINDS, rng.randint(1, 4)))
        for side, kinds in (("p1", ours), ("p2", ours), ("horde", theirs)):
            for permanent in position[side]["battlefield"]:
                permanent.pop("damage", None)
                permanent["token"] = rng.choice(kinds)
        table = _to_blocks(tmp_path, position, f"attack{seed}").state.table
        counted, planner, able, horde, defenders = _counted(table)
        if counted is None:
            continue
        made_on += 1
        sides = Kinds(table, [*defenders, *horde])
        for _ in range(8):
            chosen = rng.sample(able, rng.randint(0, len(able)))
            counts = Counter(counted.of_obj[o.id] for o in chosen)
            each = planner.score_attack(table, table.active_team, chosen, horde, defenders, sides)
            assert counted.score(counts) == each, (seed, [o.name for o in chosen])
    assert made_on >= 10  # the boards give the model enough to check


@pytest.mark.parametrize(
    ("ours", "theirs", "exact"),
    [
        ([0, 0, 8], [0, 2, 3], True),  # every power and toughness held by one kind each side
        ([0, 5], [0], False),  # Bears and Knights, 2/2 both: the Horde's tie-break picks
        ([0], [0, 7], False),  # the Horde's Zombies and Vampires, 2/2 both
        ([0, "lure"], [0], False),  # an attacker all able creatures must block
    ],
)
def test_the_counts_decide_only_where_the_horde_leaves_nothing_to_chance(
    ours: list[Any], theirs: list[int], exact: bool, tmp_path: Path
) -> None:
    lure = {
        **_token("Unicorn", 3, 1, colors=["G"]),
        "abilities": [{"static": "must_be_blocked_by_all"}],
    }
    mine = [{"token": lure if k == "lure" else PLAYER_KINDS[k]} for k in ours]
    position = {
        "life": 40,
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {"battlefield": [{"token": HORDE_KINDS[k]} for k in theirs], "library": []},
        "p1": {"battlefield": mine * 3, "library": ["Forest"] * 5},
        "p2": {"battlefield": [], "library": ["Forest"] * 5},
    }
    table = _to_blocks(tmp_path, position, "attack").state.table
    counted = _counted(table)[0]
    assert (counted is not None) == exact
