"""What a command names, as objects: targets, attackers, blockers, by id or by name.

The commands keep the text as typed (``Named``); this reads it against the table at the
moment the command is applied, the same way every time, so the log keeps the text and a replay
picks the same objects (the events that follow name them by id). Each name is looked for first
among the objects the command can use, then on the whole battlefield, so that a name that fits
only an unusable object gets the rules' own reason (``#5 Serra Angel is tapped``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardcli.engine.errors import AmbiguousCommand, IllegalCommand
from cardcli.games.horde import naming
from cardcli.games.horde.commands import Attack, Block, Named, Ref, TargetRef
from cardcli.magic import combat
from cardcli.magic.objects import Obj, Target
from cardcli.magic.play import may_answer, waiting_for
from cardcli.magic.table import Table

_LEAVE_OUT = "of the team's to leave out"
ById = Callable[[int], Obj]  # an object by its id (or the game's "there is no #N")


def _battlefield(table: Table) -> list[Obj]:
    return sorted(table.battlefield.values(), key=lambda o: o.id)


def _team_creatures(table: Table, seat: str) -> list[Obj]:
    team = table.players[seat].team.names
    return [o for o in _battlefield(table) if o.controller in team and table.chars(o).is_creature]


def _declaring(table: Table, seat: str, kind: str) -> None:
    """Names are read only while they are asked for: else the game says what it waits for."""
    decision = table.pending
    if decision is None or decision.kind != kind or not may_answer(decision, table, seat):
        raise IllegalCommand(f"no {kind} are being declared now: {waiting_for(table)}")


def _named(refs: tuple[object, ...]) -> bool:
    return any(isinstance(r, Named) for r in refs)


def _objects(
    table: Table,
    refs: tuple[Ref, ...],
    tiers: list[list[Obj]],
    what: str,
    by_id: ById,
) -> list[Obj]:
    found: list[Obj] = []
    for ref in refs:
        if isinstance(ref, Named):
            taken = [o.id for o in found]
            found.extend(naming.several(table, ref.text, tiers, what, taken))
        else:
            found.append(by_id(ref))
    return found


def targets(table: Table, refs: tuple[TargetRef, ...] | None) -> list[Target] | None:
    """``-> Zombie Giant, #17 p2``: ids and players (a name on the battlefield first, then on
    the stack, then in a graveyard)."""
    if refs is None:
        return None
    stack = [item.obj for item in table.stack if item.obj is not None]
    graves = sorted((o for p in table.players.values() for o in p.graveyard), key=lambda o: o.id)
    tiers = [_battlefield(table), stack, graves]
    found: list[Target] = []
    for ref in refs:
        if isinstance(ref, Named):
            taken = [t for t in found if isinstance(t, int)]
            picked = naming.several(table, ref.text, tiers, "to target", taken)
            found.extend(o.id for o in picked)
        else:
            found.append(ref)
    return found


def attack_target(table: Table, ref: TargetRef | None) -> Target | None:
    """``-> Gideon``: a planeswalker by name (a whole name, commas and all)."""
    if not isinstance(ref, Named):
        return ref
    walkers = [o for o in _battlefield(table) if "Planeswalker" in table.chars(o).types]
    return naming.one(table, ref.text, [walkers, _battlefield(table)], "to attack").id


def attackers(table: Table, seat: str, command: Attack, by_id: ById) -> list[Obj]:
    """``attack #3 Serra Angel``, ``attack all``, ``attack all but Llanowar Elves``."""
    if command.every or _named(command.ids):
        _declaring(table, seat, "attackers")
    fight = table.combat
    declared = fight.attackers if fight is not None else {}
    mine = _team_creatures(table, seat)
    able = [o for o in mine if o.id not in declared and combat.can_attack(table, o)]
    tiers = [able, mine, _battlefield(table)]
    if not command.every:
        return _objects(table, command.ids, tiers, "to attack with", by_id)
    left_out = {o.id for o in _objects(table, command.but, tiers[:2], _LEAVE_OUT, by_id)}
    chosen = [o for o in able if o.id not in left_out]
    if not chosen:
        raise IllegalCommand(
            "no other creature of the team can attack now"
            if left_out
            else "no creature of the team can attack now"
        )
    return chosen


def blocks(table: Table, seat: str, command: Block, by_id: ById) -> tuple[Obj, list[Obj]]:
    """``block Zombie Giant with Serra Angel, #7`` or ``... with all [but NAME]``."""
    if command.every or _named((command.attacker, *command.blockers)):
        _declaring(table, seat, "blockers")
    else:  # ids only (as the bots write them): nothing to look for, whatever the board's size
        (attacker,) = _objects(table, (command.attacker,), [], "attacking", by_id)
        return attacker, _objects(table, command.blockers, [], "to block with", by_id)
    fight = table.combat
    attacking = [table.objects[a] for a in (fight.attackers if fight else {}) if a in table.objects]
    attacking.sort(key=lambda o: o.id)
    # A name means an attacker nobody blocks yet first: "block Zombie with Soldier" twice
    # blocks two of 27 Zombies; a second blocker on the same one is named by its id.
    unblocked = [a for a in attacking if fight is not None and not fight.blocked_by.get(a.id)]
    tiers = [unblocked, attacking, _battlefield(table)]
    (attacker,) = _objects(table, (command.attacker,), tiers, "attacking", by_id)
    mine = _team_creatures(table, seat)
    blocking = fight.blocks if fight is not None else {}
    able = [
        o
        for o in mine
        if not o.tapped and o.id not in blocking and combat.can_block(table, o, attacker)
    ]
    tiers = [able, mine, _battlefield(table)]
    if not command.every:
        return attacker, _objects(table, command.blockers, tiers, "to block with", by_id)
    left_out = {o.id for o in _objects(table, command.but, tiers[:2], _LEAVE_OUT, by_id)}
    chosen = [o for o in able if o.id not in left_out]
    if not chosen:
        raise IllegalCommand(f"no creature of the team can block #{attacker.id} {attacker.name}")
    return attacker, chosen


def in_hand(table: Table, seat: str, text: str, flashback: bool) -> Obj | None:
    """A card in the seat's hand by a unique prefix of its name (``p1 cast sav``: Savannah
    Lions), then a flashback card in its graveyard; None if the text begins no such name.
    (An exact name is looked for before this.)"""
    player = table.players[seat]
    pool = list(player.hand)
    if flashback:
        pool += [o for o in reversed(player.graveyard) if o.proto.flashback is not None]
    found = naming.matches(text, pool)
    names = list(dict.fromkeys(o.name for o in found))
    if len(names) > 1:
        shown = ", ".join(sorted(names)[: naming.SHOWN]) + (" ..." if len(names) > 3 else "")
        raise AmbiguousCommand(f"'{text}' could be {shown}: write more of the name")
    return found[0] if found else None


def on_battlefield(table: Table, seat: str, text: str) -> bool:
    """Whether ``text`` names a permanent of the seat's team (``activate NAME``)."""
    team = table.players[seat].team.names
    return bool(naming.matches(text, [o for o in _battlefield(table) if o.controller in team]))


def permanent(table: Table, seat: str, ref: Ref, by_id: ById, what: str) -> Obj:
    """``tap Llanowar Elves``, ``activate Prodigal Pyromancer``: the seat's own untapped
    permanents first, then its team's untapped ones (which the rules refuse, saying whose),
    then the tapped ones."""
    if not isinstance(ref, Named):
        return by_id(ref)
    field = _battlefield(table)
    own = [o for o in field if o.controller == seat]
    team = [o for o in field if o.controller in table.players[seat].team.names]
    tiers = [[o for o in own if not o.tapped], [o for o in team if not o.tapped], own, team]
    return naming.one(table, ref.text, tiers, what)


def withdrawn(table: Table, ref: Ref, by_id: ById) -> Obj:
    """``unattack Serra Angel`` / ``unblock Serra Angel``: a declared creature first."""
    if not isinstance(ref, Named):
        return by_id(ref)
    fight = table.combat
    declared = set(fight.attackers) | set(fight.blocks) if fight is not None else set()
    first = [o for o in _battlefield(table) if o.id in declared]
    return naming.one(table, ref.text, [first, _battlefield(table)], "declared")
