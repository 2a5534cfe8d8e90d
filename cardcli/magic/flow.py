"""Turns, steps and priority: the loop that runs the game until a decision is needed.

``run`` advances the game one small piece at a time: a casting in progress, a
resolution in progress, the turn-based actions of a new step, state-based
actions and triggers (settled before anyone gets priority, 117.5), and then
priority. A team with priority that has nothing to do but pass passes by
itself; an automated team acts through its variant; otherwise the table holds
a ``priority`` decision and ``run`` returns. Teams, not players, have priority
(805.5): a pass by a team is one pass, and when every team has passed in
succession the top of the stack resolves or, with an empty stack, the step ends
(117.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic import casting, combat, delayed, resolve, sba, stops, triggers
from cardcli.magic.choices import Answers, NeedDecision, ask
from cardcli.magic.costs import STEPS
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj
from cardcli.magic.table import Move

if TYPE_CHECKING:
    from cardcli.magic.table import Table

STEP_NAMES = {
    "untap": "untap step",
    "upkeep": "upkeep",
    "draw": "draw step",
    "main1": "first main phase",
    "begin_combat": "beginning of combat",
    "declare_attackers": "declare attackers",
    "declare_blockers": "declare blockers",
    "first_strike": "first-strike damage",
    "combat_damage": "combat damage",
    "end_combat": "end of combat",
    "main2": "second main phase",
    "end": "end step",
    "cleanup": "cleanup",
}
NO_PRIORITY = ("untap",)
COMBAT_AFTER_ATTACK = ("declare_blockers", "first_strike", "combat_damage")
# Declarations in one step (an attacker or blocker declared or taken back; a bulk line is one).
# The bound grows with the board, so no game a person plays reaches it (each permanent could be
# declared, taken back and declared again twice over), and an endless attack / unattack of a
# bot or a hostile script still ends.
DECLARATIONS_BASE = 150
DECLARATIONS_PER_PERMANENT = 4


def declaration_limit(table: Table) -> int:
    """How many declarations a step allows on this board."""
    return DECLARATIONS_BASE + DECLARATIONS_PER_PERMANENT * len(table.battlefield)


def declarations_spent(table: Table) -> bool:
    """The step's declarations are used up: the team can only pass."""
    return table.declarations >= declaration_limit(table)


# Actions in one step (casting a spell, activating an ability, playing a land), bounded the
# same way: each permanent could act a few times in a step (several abilities, or untapped
# again) beside the cards cast from a hand, so no game a person plays reaches the bound (300
# creatures with an ability each: 1350), and an endless loop of a bot or a script still ends.
ACTIONS_BASE = 150
ACTIONS_PER_PERMANENT = 4


def action_limit(table: Table) -> int:
    """How many actions a step allows on this board."""
    return ACTIONS_BASE + ACTIONS_PER_PERMANENT * len(table.battlefield)


def actions_spent(table: Table) -> bool:
    """The step's actions are used up: the team can only pass."""
    return table.actions >= action_limit(table)


MAX_SPINS = 1_000_000  # pieces of work without any decision: a loop (104.4b)


def run(table: Table) -> None:
    """Advance until the game waits for a player's decision or is over."""
    spins = 0
    while not table.over and table.pending is None:
        spins += 1
        if spins > MAX_SPINS:
            table.emit({"type": "loop", "why": "the game repeated itself without a decision"})
            table.outcome = {"loser": None, "reason": "loop"}
            table.over = True
            return
        try:
            _step_once(table)
        except NeedDecision as need:
            decision = need.decision
            decision.data["answers"] = need.answers
            table.pending = decision


def answer(table: Table, picks: list[str]) -> None:
    """A command answered the pending decision made by ``ask``: store it and go on."""
    decision = table.pending
    assert decision is not None
    answers: Answers = decision.data["answers"]
    answers[decision.data["key"]] = picks
    table.pending = None
    run(table)


def _step_once(table: Table) -> None:
    if table.casting is not None:
        casting.advance_casting(table)
        if table.casting is None:
            took_action(table)
        return
    if table.resolving is not None:
        resolve.continue_resolution(table)
        table.priority = table.active  # 117.3b
        table.passes = 0
        manual = table.extra.pop("manual_pending", None)
        if manual is not None:
            _ask_for_manual(
                table,
                str(manual[0]),
                str(manual[1]),
                bool(manual[2:3] == [True]),
                at_table=manual[3:4] == ["table"],
            )
        return
    if not table.step_begun:
        _begin_step(table)
        return
    if table.step in NO_PRIORITY:
        end_step(table)
        return
    cleanup = table.step == "cleanup"
    if sba.check(table, table.extra.setdefault("sba_answers", {})):
        if cleanup:
            table.extra["cleanup_priority"] = True
        return
    if table.trigger_queue or table.placing is not None:
        if cleanup:
            table.extra["cleanup_priority"] = True
        triggers.place_triggers(table)
        return
    if cleanup and not table.extra.get("cleanup_priority"):
        end_step(table)  # 514.3: no priority unless something happened in cleanup
        return
    team = table.teams[table.priority]
    if team.automated:
        if not actions_spent(table) and table.variant.priority_action(table, team):
            table.passes = 0
            return
        do_pass(table)
        return
    if actions_spent(table) or stops.passes(table, team):  # "pass turn", stops
        do_pass(table, automatic=True)
        return
    table.pending = Decision(
        "priority",
        team.players[0].name,
        f"{team.name} have priority: cast, activate, play a land, or pass",
        team=team.name,
    )


def _ask_for_manual(
    table: Table, card: str, controller: str, partial: bool = False, at_table: bool = False
) -> None:
    """A manual (or partial) card resolved: its controller's team (or, for an automated player,
    the first team that is not) applies its text (or the lines the engine did not read) with
    adjustments, then says ``choose done``."""
    team = table.players[controller].team
    if team.automated:
        team = next((t for t in table.teams if not t.automated), team)
        if team.automated:
            return
    if at_table:
        prompt = f"{card} hit something at the table: apply it there by hand, then choose done"
    elif partial:
        prompt = (
            f"{card} is a partial card: apply by hand what the engine did not (adjust ...), "
            "then choose done"
        )
    else:
        prompt = f"{card} is a manual card: apply its text by hand (adjust ...), then choose done"
    table.pending = Decision(
        "manual",
        team.players[0].name,
        prompt,
        ["done"],
        team=team.name,
        data={"answers": {}, "key": "manual"},
    )


def took_action(table: Table) -> None:
    """117.3c: after a player acts, their team has priority again."""
    table.actions += 1
    table.passes = 0


def do_pass(table: Table, automatic: bool = False) -> None:
    """A team passes (not logged: a player's pass is its command, an automatic one is implied)."""
    table.passes += 1
    if table.passes >= len(table.teams):
        table.passes = 0
        table.priority = table.active
        if table.stack:
            resolve.begin_resolution(table)
        else:
            end_step(table)
        return
    table.priority = (table.priority + 1) % len(table.teams)


# -- steps ------------------------------------------------------------------------------------


def _stays_tapped(table: Table, obj: Obj) -> bool:
    return any(a.static == "doesnt_untap" for a in obj.proto.statics) and not (
        table.chars(obj).lost_abilities
    )


def _begin_step(table: Table) -> None:
    step = table.step
    team = table.active_team
    if step == "untap":
        # 302.6: permanents the team controls now have been theirs since its turn began.
        mine = [o for o in table.battlefield.values() if o.controller in team.names]
        for obj in mine:
            if obj.sick:
                obj.sick = False
        # 502.3; "This artifact doesn't untap during your untap step" (its own static)
        table.untap_all([o for o in mine if not _stays_tapped(table, o)])
    elif step == "upkeep":
        _beginning_triggers(table, "upkeep")
    elif step == "draw":
        for player in team.players:  # 805.4b: each player of the team draws
            table.draw(player.name)
        _beginning_triggers(table, "draw_step")  # 504.2: then abilities trigger
    elif step == "main1":
        _beginning_triggers(table, "main_phase")  # 505.4: "at the beginning of ... main phase"
    elif step == "begin_combat":
        combat.start(table)
        _beginning_triggers(table, "begin_combat")  # 507.1: "at the beginning of combat"
    elif step == "declare_attackers":
        _declare_attackers(table)
    elif step == "declare_blockers":
        _declare_blockers(table)
    elif step in ("first_strike", "combat_damage"):
        if table.combat is not None:
            combat.combat_damage(table, table.combat, step == "first_strike")
    elif step == "end":
        _beginning_triggers(table, "end_step")
        for obj, controller, ability in table.delayed.pop("end_step", []):
            # 603.7: a delayed trigger triggers once. Reading: one whose object has left the
            # battlefield (a new object now, 400.7) would do nothing and is not put on the stack.
            if obj.id in table.battlefield:
                context = {"object": obj.id, "player": controller, "name": obj.name}
                table.queue(obj, controller, ability, context)
    elif step == "end_combat":
        for obj, controller, ability in table.delayed.pop("end_combat", []):
            # 603.7: "Exile the tokens at end of combat" (myriad, 702.116a), once.
            if obj.id in table.battlefield:
                context = {"object": obj.id, "player": controller, "name": obj.name}
                table.queue(obj, controller, ability, context)
    elif step == "cleanup":
        _cleanup(table)
    delayed.at_step(table, step)  # 603.7: delayed abilities waiting for this step; 514.2
    table.variant.begin_step(table, step)
    table.step_begun = True


def _beginning_triggers(table: Table, kind: str) -> None:
    """ "At the beginning of ..." abilities (503.1a, 507.1, 513.1a), by whose turn they watch.

    With a team turn (805) the team's upkeep is each of its players' upkeep:
    ``each_player`` ("each player's upkeep") and ``opponents`` ("each opponent's
    upkeep") trigger once for each player of the active team, with that player;
    ``yours`` and ``each`` ("each upkeep", "the end step") once.
    """
    active = table.active_team
    for wid, abilities in list(table.watchers[kind].items()):
        watcher = table.objects[wid]
        if table.chars(watcher).lost_abilities:
            continue
        mine = watcher.controller in active.names
        for ability in abilities:
            whose = ability.data.get("whose", "yours")
            if whose == "yours" and mine:
                table.queue(watcher, watcher.controller, ability, {"player": watcher.controller})
            elif whose == "each":
                first = active.players[0].name
                context = {"player": watcher.controller if mine else first}
                table.queue(watcher, watcher.controller, ability, context)
            elif whose == "the_horde" and active.automated:  # "the Horde's first main phase"
                table.queue(watcher, watcher.controller, ability, {"player": active.names[0]})
            elif whose == "each_player" or (whose == "opponents" and not mine):
                for player in active.players:
                    table.queue(watcher, watcher.controller, ability, {"player": player.name})


def _declare_attackers(table: Table) -> None:
    fight = table.combat if table.combat is not None else combat.start(table)
    team = table.active_team
    able = [
        o
        for o in table.battlefield.values()
        if o.controller in team.names and combat.can_attack(table, o)
    ]
    if not able:
        combat.finish_attackers(table, fight)
        return
    if team.automated:
        for oid, target in table.variant.declare_attackers(table, team, able):
            combat.declare_attack(table, fight, table.objects[oid], target)
        combat.finish_attackers(table, fight)
        return
    table.pending = Decision(
        "attackers",
        team.players[0].name,
        f"{team.name}: declare attackers (attack NAME or #ID; attack all [but NAME]), then pass",
        team=team.name,
    )


def _declare_blockers(table: Table) -> None:
    fight = table.combat
    assert fight is not None
    defending = [t for t in table.teams if t is not table.active_team]
    attackers = [table.objects[a] for a in fight.attackers]
    for team in defending:
        candidates = [
            o
            for o in table.battlefield.values()
            if o.controller in team.names and not o.tapped and "Creature" in table.chars(o).types
        ]
        able = combat.able_blockers(table, candidates, attackers)
        if not able:
            continue
        if team.automated:
            for blocker, attacker in table.variant.declare_blockers(table, team, able):
                combat.declare_block(table, fight, table.objects[blocker], table.objects[attacker])
            continue
        table.pending = Decision(
            "blockers",
            team.players[0].name,
            f"{team.name}: declare blockers (block ATTACKER with BLOCKER, by name or #ID), then pass",
            team=team.name,
        )
        table.extra["blocking_team"] = team.name
        return
    combat.finish_blockers(table, fight, defending[0].name if defending else "")


def _cleanup(table: Table) -> None:
    """514.1-2: discard to hand size, then damage wears off and "this turn" effects end."""
    answers: Answers = table.extra.setdefault("cleanup_answers", {})
    discards: list[Obj] = []
    for player in table.active_team.players:
        limit = table.variant.max_hand_size(table, player)
        if limit is None or len(player.hand) <= limit:
            continue
        count = len(player.hand) - limit
        picks = ask(
            table,
            answers,
            f"discard:{player.name}",
            Decision(
                "discard",
                player.name,
                f"{player.name}: discard {count} card(s) down to {limit} (514.1)",
                [f"#{o.id}" for o in player.hand],
                low=count,
                high=count,
            ),
        )
        discards.extend(table.objects[int(p[1:])] for p in picks)
    table.extra["cleanup_answers"] = {}
    if discards:
        table.move_many([Move(o, "graveyard", "discarded") for o in discards])
    for obj in table.battlefield.values():
        changed = False
        if obj.damage or obj.deathtouched:
            obj.damage = 0
            obj.deathtouched = False
        if obj.effects:
            kept = [e for e in obj.effects if e.until != "end_of_turn"]
            if len(kept) != len(obj.effects):
                obj.effects = kept
                changed = True
        if obj.regen_shields:
            obj.regen_shields = 0
        if changed:
            obj.touch()
    table.prevention = []
    table.dirty = True


def end_step(table: Table) -> None:
    """500.4: mana empties; then the next step (or turn) begins."""
    for player in table.players.values():
        if player.pool:
            player.pool.clear()
    if table.step == "end_combat" and table.combat is not None:
        for oid in list(table.combat.attackers) + list(table.combat.blocks):
            obj = table.objects.get(oid)
            if obj is not None:
                obj.attacking = False
                obj.blocking = False
                obj.touch()
        table.combat = None
    if table.step == "cleanup":
        # 514.3a: if something happened in cleanup, players got priority; then cleanup again.
        if table.extra.get("cleanup_priority"):
            table.extra["cleanup_priority"] = False
            _enter_step(table, "cleanup")
            return
        next_turn(table)
        return
    index = STEPS.index(table.step) + 1
    while index < len(STEPS) and _skipped(table, STEPS[index]):
        index += 1
    if index >= len(STEPS):
        next_turn(table)
        return
    _enter_step(table, STEPS[index])


def _skipped(table: Table, step: str) -> bool:
    fight = table.combat
    if step in COMBAT_AFTER_ATTACK and (fight is None or not fight.attackers):
        return True  # 508.8: no attackers, no blockers or damage
    if step == "first_strike" and (fight is None or not combat.has_first_strikers(table, fight)):
        return True  # 510.4
    return table.variant.skips_step(table, table.active_team, step)


def _enter_step(table: Table, step: str) -> None:
    table.step = step
    table.step_begun = False
    table.priority = table.active
    table.passes = 0
    table.actions = 0
    table.declarations = 0
    table.emit({"type": "step", "step": step})


def next_turn(table: Table) -> None:
    nxt = table.extra.get("next_team")
    table.active = int(nxt(table)) if callable(nxt) else (table.active + 1) % len(table.teams)
    begin_turn(table)


def begin_turn(table: Table) -> None:
    team = table.active_team
    table.turn += 1
    table.turn_count[team.name] = table.turn_count.get(team.name, 0) + 1
    for player in team.players:
        player.lands_played = 0
    table.emit(
        {
            "type": "turn",
            "turn": table.turn,
            "team": team.name,
            "number": table.turn_count[team.name],
        }
    )
    _enter_step(table, "untap")
