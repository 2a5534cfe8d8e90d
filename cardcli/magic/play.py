"""What a player's commands do: play, cast, activate, tap for mana, pass, attack, block, choose.

Each function checks first and raises ``IllegalCommand`` (changing nothing)
when the rules do not allow the action now, then acts and lets the flow run
on to the next decision. Who may act is read from the pending decision: a team
decision (priority, attackers, blockers) may be answered by any player of the
team (805.5), any other only by the player it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import activation, casting, combat, costs, flow, requirements
from cardcli.magic import convoke as convoke_mod
from cardcli.magic.actions import can_play_land, mana_problem, tap_word
from cardcli.magic.cards import Ability
from cardcli.magic.choices import Casting
from cardcli.magic.decisions import Decision
from cardcli.magic.manaopts import ManaOption, options_of
from cardcli.magic.manause import option_problem, use_option
from cardcli.magic.objects import Obj, Target
from cardcli.magic.targets import check_targets, slots_of, spell_label

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def may_answer(decision: Decision, table: Table, player: str) -> bool:
    if decision.team is not None:
        return table.players[player].team.name == decision.team
    return decision.player == player


def _with_priority(table: Table, player: str) -> None:
    decision = table.pending
    if decision is None or decision.kind != "priority":
        raise IllegalCommand(f"nobody has priority now: {waiting_for(table)}")
    if not may_answer(decision, table, player):
        raise IllegalCommand(f"{player}'s team does not have priority: {waiting_for(table)}")
    if flow.actions_spent(table):
        raise IllegalCommand(f"{flow.action_limit(table)} actions in this step already: pass")


def waiting_for(table: Table) -> str:
    decision = table.pending
    if table.over:
        return "the game is over"
    if decision is None:
        return "nothing"
    who = decision.team or decision.player
    return f"waiting for {who}: {decision.prompt}"


def play_land(table: Table, player: str, obj: Obj) -> None:
    _with_priority(table, player)
    problem = can_play_land(table, player, obj)
    if problem is not None:
        raise IllegalCommand(problem)
    table.pending = None
    # Played once how it enters is settled (a land that asks for life as it enters).
    table.casting = Casting(player, obj.id, land=True)
    flow.run(table)


def cast(
    table: Table,
    player: str,
    obj: Obj,
    x: int | None,
    targets: list[Target] | None,
    evoke: bool = False,
    convoke: list[int] | None = None,
    improvise: bool = False,
    kicked: bool = False,
    overload: bool = False,
) -> None:
    _with_priority(table, player)
    where = casting.castable_zone(table, player, obj)
    if where is not None:
        raise IllegalCommand(where)
    if x is not None and not obj.proto.cost.x:
        raise IllegalCommand(f"{obj.name} has no X in its cost; leave out X=")
    casting.check_cast(table, player, obj, x, evoke=evoke, kicked=kicked, overload=overload)
    if convoke is not None:
        word = "improvise" if improvise else "convoke"
        convoke_mod.check_named(table, player, obj, convoke, word)
        cost = costs.spell_cost(table, player, obj, evoke, kicked, overload)
        if (
            cost is not None
            and convoke_mod.convoke_plan(table, player, cost, x or 0, convoke, obj) is None
        ):
            each = (
                "artifact named pays one generic mana"
                if improvise
                else "creature named pays one mana: one of its colours, or generic"
            )
            raise IllegalCommand(
                f"{obj.name}: those permanents and {player}'s lands cannot pay {cost} (each {each})"
            )
    chosen = None
    if targets is not None and obj.proto.modal is not None:
        raise IllegalCommand(
            f"{obj.name} is modal: cast it without '-> ...' ({player} cast {obj.name}), then"
            " choose its modes by number and their targets"
        )
    if targets is not None and overload:
        raise IllegalCommand(f"{obj.name} overloaded has no targets (702.96c); leave out '-> ...'")
    if targets is not None:
        chosen = check_targets(
            table,
            player,
            casting.cast_slots(obj),
            targets,
            casting.facts_of(table, obj, player),
            obj.name,
        )
    table.pending = None
    table.casting = Casting(
        player,
        obj.id,
        None,
        x,
        chosen,
        evoke=evoke,
        convoke=convoke,
        kicked=kicked,
        overload=overload,
    )
    flow.run(table)


def activate(
    table: Table, player: str, obj: Obj, index: int | None, targets: list[Target] | None
) -> None:
    _with_priority(table, player)
    from_card = obj.zone in ("hand", "graveyard")
    abilities = usable_abilities(obj)
    if from_card and not abilities:
        raise IllegalCommand(f"#{obj.id} {obj.name} has no ability to activate from the {obj.zone}")
    if not abilities:
        if obj.proto.mana_abilities:
            raise IllegalCommand(f"#{obj.id} {obj.name} has only a mana ability: tap #{obj.id}")
        raise IllegalCommand(f"#{obj.id} {obj.name} has no ability to activate")
    if index is None:
        if len(abilities) > 1:
            listed = "; ".join(
                f"{i + 1}: {a.text or a.cost.describe() if a.cost else ''}"
                for i, a in enumerate(abilities)
            )
            raise IllegalCommand(
                f"#{obj.id} {obj.name} has {len(abilities)} abilities: say which ({listed})"
            )
        index = 0
    if not 0 <= index < len(abilities):
        raise IllegalCommand(f"#{obj.id} {obj.name} has abilities 1 to {len(abilities)}")
    ability = abilities[index]
    activation.check_activation(table, player, obj, ability)
    if from_card:
        index = obj.proto.card_abilities.index(ability)
    chosen = None
    if targets is not None and ability.modal is not None:
        raise IllegalCommand(
            f"#{obj.id} {obj.name}: this ability is modal: activate it without '-> ...', then"
            " choose its modes by number and their targets"
        )
    if targets is not None:
        chosen = check_targets(
            table, player, slots_of(ability.effects), targets, table.source_of(obj), obj.name
        )
    table.pending = None
    table.casting = Casting(player, obj.id, index, None, chosen, from_card=from_card)
    flow.run(table)


def usable_abilities(obj: Obj) -> list[Ability]:
    """The activated abilities ``obj`` has where it is: a permanent's, or those of a card in a
    hand or graveyard that work there (cycling in a hand, unearth in a graveyard)."""
    if obj.zone == "battlefield":
        return list(obj.proto.activated)
    return [a for a in obj.proto.card_abilities if a.zone == obj.zone]


def tap_for_mana(table: Table, player: str, obj: Obj, word: str | None) -> None:
    """``tap #ID [WHAT]``: activate one of ``obj``'s mana abilities (605.3a), the option named
    by the mana it adds (``U``, ``WW``) or by its number across all of the permanent's mana
    options (``tap #12 2``); a free option before a costly one that adds the same."""
    decision = table.pending
    if decision is None or not may_answer(decision, table, player) or decision.kind != "priority":
        raise IllegalCommand(f"{player} cannot tap for mana now: {waiting_for(table)}")
    problem = mana_problem(table, player, obj)
    if problem is not None:
        raise IllegalCommand(problem)
    options = options_of(table, obj, player)
    if word is None:
        if len(options) > 1:
            raise IllegalCommand(
                f"#{obj.id} {obj.name} makes more than one kind of mana: "
                + _options_text(obj, options)
            )
        option = options[0]
    elif word.isdigit():
        number = int(word)
        if not 1 <= number <= len(options):
            raise IllegalCommand(f"#{obj.id} {obj.name} has mana options 1 to {len(options)}")
        option = options[number - 1]
    else:
        matching = [o for o in options if o.word == word]
        if not matching:
            made = ", ".join(o.word for o in options)
            raise IllegalCommand(f"#{obj.id} {obj.name} makes {made}, not {word}")
        usable = [o for o in matching if option_problem(table, player, obj, o) is None]
        option = min(usable or matching, key=lambda o: (o.ability.costly, o.number))
    problem = option_problem(table, player, obj, option)
    if problem is not None:
        raise IllegalCommand(problem)
    use_option(table, player, obj, option)


def _options_text(obj: Obj, options: list[ManaOption]) -> str:
    """``tap #7 C or tap #7 U or tap #7 R``, each ability's text after its options when the
    permanent has more than one mana ability."""
    groups: list[tuple[Ability, list[str]]] = []
    for option in options:
        word = f"tap #{obj.id} {tap_word(options, option)}"
        if groups and groups[-1][0] is option.ability:
            groups[-1][1].append(word)
        else:
            groups.append((option.ability, [word]))
    if len(groups) == 1:
        return " or ".join(groups[0][1])
    return " or ".join(
        " or ".join(words) + (f" ({ability.text})" if ability.text else "")
        for ability, words in groups
    )


def pass_priority(table: Table, player: str, rest_of_turn: bool = False) -> None:
    """Pass (or finish declaring); ``rest_of_turn``: keep passing until this turn ends."""
    decision = table.pending
    if decision is None:
        raise IllegalCommand(f"there is nothing to pass: {waiting_for(table)}")
    if not may_answer(decision, table, player):
        raise IllegalCommand(f"{player} cannot pass now: {waiting_for(table)}")
    passed = table.variant.pass_answers(table, decision)
    if passed is not None:  # a question a pass answers (a Horde run for paper players)
        if rest_of_turn:
            table.extra["passing"] = [table.players[player].team.name, table.turn]
        flow.answer(table, passed)
        return
    declaring = decision.kind in ("attackers", "blockers")
    ends_declaring = declaring and table.variant.pass_turn_declares(table)
    if rest_of_turn and decision.kind != "priority" and not ends_declaring:
        raise IllegalCommand(f"'pass turn' passes priority; now: {decision.prompt}")
    if rest_of_turn:  # (a declaration it ends: as declared so far, then on to the turn's end)
        table.extra["passing"] = [table.players[player].team.name, table.turn]
    if decision.kind == "priority":
        table.pending = None
        flow.do_pass(table)
    elif decision.kind == "attackers":
        finish_attackers(table)
        return
    elif decision.kind == "blockers":
        finish_blockers(table)
        return
    else:
        raise IllegalCommand(f"pass does not answer this: {decision.prompt}; use choose")
    flow.run(table)


def _declaring(table: Table) -> None:
    """Declarations are counted: a step's bound ends an endless attack / unattack."""
    if flow.declarations_spent(table):
        raise IllegalCommand(f"{table.declarations} declarations in this step already: pass")
    table.declarations += 1


def attack(table: Table, player: str, objs: list[Obj], target: Target | None) -> None:
    decision = table.pending
    if decision is None or decision.kind != "attackers" or not may_answer(decision, table, player):
        raise IllegalCommand(f"no attackers are being declared now: {waiting_for(table)}")
    fight = table.combat
    assert fight is not None
    for obj in objs:
        if obj.id in fight.attackers:
            raise IllegalCommand(f"#{obj.id} {obj.name} is already attacking")
        problem = combat.attack_problem(table, obj)
        if problem is not None:
            raise IllegalCommand(problem)
    for obj in objs:
        options = combat.attack_targets(table, obj)
        chosen = target if target is not None else _default_target(options)
        if chosen is None or chosen not in options:
            shown = ", ".join(spell_label(o) for o in options) or "nothing"
            raise IllegalCommand(f"#{obj.id} can attack {shown}")
    _declaring(table)
    for obj in objs:
        options = combat.attack_targets(table, obj)
        chosen = target if target is not None else _default_target(options)
        assert chosen is not None
        combat.declare_attack(table, fight, obj, chosen)
    table.emit({"type": "attack_declared", "ids": [o.id for o in objs]})


def _default_target(options: list[Target]) -> Target | None:
    """Without '->', a creature attacks the defending team's first player."""
    players = [o for o in options if isinstance(o, str)]
    return players[0] if players else (options[0] if options else None)


def withdraw(table: Table, player: str, obj: Obj) -> None:
    """Take back an attacker or a blocker before the declaration is finished."""
    decision = table.pending
    fight = table.combat
    if decision is None or fight is None or not may_answer(decision, table, player):
        raise IllegalCommand(f"nothing to take back now: {waiting_for(table)}")
    if decision.kind in ("attackers", "blockers") and (
        obj.id in fight.attackers or obj.id in fight.blocks
    ):
        _declaring(table)
    if decision.kind == "attackers" and obj.id in fight.attackers:
        del fight.attackers[obj.id]
        obj.attacking = False
        obj.touch()
    elif decision.kind == "blockers" and obj.id in fight.blocks:
        combat.undo_block(table, fight, obj)
    else:
        raise IllegalCommand(f"#{obj.id} is not declared")
    table.emit({"type": "withdrawn", "id": obj.id})


def finish_attackers(table: Table) -> None:
    fight = table.combat
    assert fight is not None
    table.pending = None
    combat.finish_attackers(table, fight)
    flow.run(table)


def block(table: Table, player: str, attacker: Obj, blockers: list[Obj]) -> None:
    decision = table.pending
    if decision is None or decision.kind != "blockers" or not may_answer(decision, table, player):
        raise IllegalCommand(f"no blockers are being declared now: {waiting_for(table)}")
    fight = table.combat
    assert fight is not None
    if attacker.id not in fight.attackers:
        raise IllegalCommand(f"#{attacker.id} {attacker.name} is not attacking")
    team = table.players[player].team
    for obj in blockers:
        if obj.controller not in team.names:
            raise IllegalCommand(f"#{obj.id} {obj.name} is not your team's")
        if obj.id in fight.blocks:
            raise IllegalCommand(
                f"#{obj.id} {obj.name} is already blocking #{fight.blocks[obj.id]}"
            )
        problem = combat.block_problem(table, obj, attacker)
        if problem is not None:
            raise IllegalCommand(problem)
    _declaring(table)
    for obj in blockers:
        combat.declare_block(table, fight, obj, attacker)
    table.emit({"type": "block_declared", "attacker": attacker.id, "ids": [o.id for o in blockers]})


def finish_blockers(table: Table) -> None:
    fight = table.combat
    assert fight is not None
    blocking = table.pending.team if table.pending is not None else None
    team = next((t.names for t in table.teams if t.name == blocking), [])
    problem = combat.blocks_problem(table, fight) or requirements.lure_problem(table, fight, team)
    if problem is not None and not flow.declarations_spent(table):
        raise IllegalCommand(problem)
    if problem is not None:
        # The cap is reached: the creatures a lure requires block it (509.1c) ...
        for blocker_id, attacker_id in requirements.obey(table, fight, team):
            blocker = table.objects[blocker_id]
            if blocker_id in fight.blocks:
                combat.undo_block(table, fight, blocker)
            combat.declare_block(table, fight, blocker, table.objects[attacker_id])
            table.emit({"type": "block_declared", "attacker": attacker_id, "ids": [blocker_id]})
        # ... and the blocks that break a restriction are taken back.
        for attacker, blockers in list(fight.blocked_by.items()):
            obj = table.objects.get(attacker)
            if obj is not None and "menace" in table.chars(obj).keywords and len(blockers) == 1:
                lone = table.objects[blockers[0]]
                combat.undo_block(table, fight, lone)
                table.emit({"type": "withdrawn", "id": lone.id})
    table.pending = None
    combat.finish_blockers(table, fight, str(table.extra.get("blocking_team", "")))
    flow.run(table)


def choose(table: Table, player: str, picks: list[str]) -> None:
    """Answer the pending decision, one pick or several; 'done' ends an optional one."""
    decision = table.pending
    if decision is None or decision.kind in ("priority", "attackers", "blockers"):
        raise IllegalCommand(f"nothing to choose now: {waiting_for(table)}")
    if not may_answer(decision, table, player):
        raise IllegalCommand(f"{decision.player} chooses this, not {player}")
    if decision.kind == "assign":
        _choose_assignment(table, decision, " ".join(picks))
        return
    if decision.kind == "manual":
        if [p.lower() for p in picks] != ["done"]:
            raise IllegalCommand("apply the card with adjust commands, then: choose done")
        table.emit({"type": "chosen", "player": player, "kind": "manual", "picked": ["done"]})
        flow.answer(table, ["done"])
        return
    new: list[str] = []
    finish = False
    alike = False
    for pick in picks:
        word = pick.lower()
        if word in ("done", "none"):
            finish = True
            continue
        if word == "all" and "same" in decision.data:
            alike = True
            continue
        if word.isdigit() and decision.kind not in ("x",) and f"#{word}" in decision.options:
            word = f"#{word}"
        if word not in [o.lower() for o in decision.options]:
            shown = ", ".join(decision.options[:12]) + (
                " ..." if len(decision.options) > 12 else ""
            )
            raise IllegalCommand(f"'{pick}' is not one of the choices: {shown}")
        option = next(o for o in decision.options if o.lower() == word)
        if option in decision.picked or option in new:
            raise IllegalCommand(f"{option} is chosen already")
        new.append(option)
    if len(decision.picked) + len(new) > decision.high:
        raise IllegalCommand(f"choose at most {decision.high}")
    if finish and len(decision.picked) + len(new) < decision.low:
        raise IllegalCommand(f"choose at least {decision.low} before done")
    if alike and len(decision.picked) + len(new) < decision.low:
        raise IllegalCommand(f"choose {decision.low} before 'all'")
    decision.picked.extend(new)
    if decision.picked:
        table.emit({"type": "chosen", "player": player, "kind": decision.kind, "picked": list(new)})
    if alike:
        answers = decision.data["answers"]
        answers[decision.data["same"]] = list(decision.picked)
        finish = True
    if finish or decision.complete:
        flow.answer(table, list(decision.picked))


def _choose_assignment(table: Table, decision: Decision, text: str) -> None:
    attacker = table.objects.get(int(decision.data["attacker"]))
    fight = table.combat
    if attacker is None or fight is None:
        raise IllegalCommand("that attacker is gone")
    blockers = [
        table.objects[b] for b in fight.blocked_by.get(attacker.id, []) if b in table.objects
    ]
    raw = decision.data["target"]
    target: Target = int(raw[1:]) if raw.startswith("#") else raw
    split = combat.parse_assignment(text)
    problem = combat.assignment_problem(table, attacker, blockers, target, split)
    if problem is not None:
        raise IllegalCommand(problem)
    canonical = " ".join(f"{spell_label(k)}={v}" for k, v in split.items())
    table.emit(
        {"type": "chosen", "player": decision.player, "kind": "assign", "picked": [canonical]}
    )
    flow.answer(table, [canonical])


def cancel(table: Table, player: str) -> None:
    """Take back a spell or ability whose choices are not finished (nothing was paid)."""
    decision = table.pending
    casting = table.casting
    if casting is None or decision is None or casting.player != player:
        raise IllegalCommand(f"nothing of {player}'s to cancel: {waiting_for(table)}")
    table.casting = None
    table.pending = None
    obj = table.objects.get(casting.obj_id)
    table.emit({"type": "cancelled", "player": player, "card": obj.name if obj else "?"})
    table.pending = Decision(
        "priority",
        table.players[player].team.players[0].name,
        f"{table.players[player].team.name} have priority: cast, activate, play a land, or pass",
        team=table.players[player].team.name,
    )
