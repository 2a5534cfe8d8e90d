"""The Horde Magic table as text, for a group around one screen, and event lines."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from cardcli.fit import wrap_line
from cardcli.games.horde.variant import HORDE, PLAYERS
from cardcli.games.horde.view_rare import dug_line, rare_line, unless_paid_line
from cardcli.magic import costs
from cardcli.magic.card_text import mark
from cardcli.magic.flow import STEP_NAMES
from cardcli.magic.mana import symbols
from cardcli.magic.objects import Obj
from cardcli.magic.play import waiting_for
from cardcli.magic.table import Table

WIDTH = 100  # the board's width when the terminal's is not known (a log read afterwards)
_WIDTH: ContextVar[int] = ContextVar("width", default=WIDTH)  # the board being drawn


def _pt(table: Table, obj: Obj) -> str:
    ch = table.chars(obj)
    return f"{ch.power}/{ch.toughness}" if "Creature" in ch.types else ""


def _state_words(table: Table, obj: Obj) -> list[str]:
    words = []
    if obj.tapped:
        words.append("tapped")
    fight = table.combat
    if fight is not None:
        if obj.id in fight.attackers:
            target = fight.attackers[obj.id]
            words.append(f"attacking {target if isinstance(target, str) else '#' + str(target)}")
            blockers = fight.blocked_by.get(obj.id)
            if blockers:
                words.append("blocked by " + " ".join(f"#{b}" for b in blockers))
            elif obj.id in fight.blocked:
                words.append("blocked")
        if obj.id in fight.blocks:
            words.append(f"blocking #{fight.blocks[obj.id]}")
    if obj.attached_to is not None:
        words.append(f"on #{obj.attached_to}")  # an Aura's or Equipment's creature
    if obj.damage:
        words.append(f"{obj.damage} damage")
    for kind, count in sorted(obj.counters.items()):
        words.append(f"{count}x {kind}")
    if (
        obj.sick
        and "Creature" in table.chars(obj).types
        and obj.controller in table.active_team.names
        and not table.variant.ignores_summoning_sickness(table, obj)
        and "haste" not in table.chars(obj).keywords
    ):
        words.append("sick")
    ch = table.chars(obj)
    shown = sorted(k for k in ch.keywords if not k.startswith(("enchant", "equip", "cycling")))
    if shown:
        words.insert(0, ", ".join(shown))
    if ch.no_combat_damage:
        words.append("assigns no combat damage")
    if mark(obj):  # "manual" or "partial": 'show #ID' says what to apply by hand
        words.append(str(mark(obj)))
    return words


def _kind(table: Table, obj: Obj) -> str:
    types = table.chars(obj).types
    for word in ("Creature", "Planeswalker", "Artifact", "Enchantment", "Land"):
        if word in types:
            return word.lower()
    return "permanent"


def _wrap(text: str, indent: str = "    ") -> list[str]:
    """Wrapped between words to the board's width, never inside an id or a card name."""
    return wrap_line(text, _WIDTH.get(), indent, indent + "  ")


BEFORE_MAIN = ("untap", "upkeep", "draw")


def _horde_lines(table: Table) -> list[str]:
    horde = table.players[HORDE]
    poison = f" · poison {horde.poison}" if horde.poison else ""
    lines = [
        f"HORDE   library {len(horde.library)} · hand {len(horde.hand)} · graveyard "
        f"{len(horde.graveyard)} · exile {len(horde.exile)}{poison}"
    ]
    revealed = table.extra.get("revealed_this_turn")
    # (Revealed in its first main phase: before it, the names are the last turn's.)
    if revealed and table.active_team.name == HORDE and table.step not in BEFORE_MAIN:
        lines.extend(_wrap("revealed this turn: " + ", ".join(revealed)))
    waiting = horde.zones.get("revealed") or []
    if waiting:
        lines.extend(_wrap("still to cast: " + ", ".join(f"#{o.id} {o.name}" for o in waiting)))
    if horde.hand:
        lines.extend(
            _wrap("hand (cast next turn): " + ", ".join(f"#{o.id} {o.name}" for o in horde.hand))
        )
    groups: dict[tuple[Any, ...], list[Obj]] = {}
    for obj in table.battlefield.values():
        if obj.controller != HORDE:
            continue
        key = (
            _kind(table, obj) != "creature",
            obj.name,
            _pt(table, obj),
            tuple(_state_words(table, obj)),
        )
        groups.setdefault(key, []).append(obj)
    if not groups:
        lines.append("    no creatures on the battlefield")
    for key in sorted(groups, key=lambda k: (k[0], -_power(k[2]), k[1], k[3])):
        objs = groups[key]
        _, name, pt, words = key
        head = f"{name} {pt}".strip()
        if len(objs) > 1:
            head += f" x{len(objs)}"
        state = f" ({'; '.join(words)})" if words else ""
        ids = " ".join(f"#{o.id}" for o in objs)
        lines.extend(_wrap(f"{ids} {head}{state}" if len(objs) == 1 else f"{head}{state}: {ids}"))
    return lines


def _power(pt: str) -> int:
    try:
        return int(pt.split("/")[0])
    except (ValueError, IndexError):
        return -99


def _player_lines(table: Table, seat: str, own: bool) -> list[str]:
    player = table.players[seat]
    mana = f" · mana {symbols(player.pool)}" if player.pool else ""
    land = " · land played" if player.lands_played else ""
    if player.poison:
        limit = table.variant.poison_limit(table, player.team)
        land += f" · poison {player.poison}" + (f" of {limit}" if limit else "")
    paper = bool(table.variant.rules.get("paper"))  # type: ignore[attr-defined]
    if paper:  # the hand and library are at the table: the engine knows what was entered
        lines = [
            f"{seat.upper():<7} at the table · graveyard {len(player.graveyard)} · exile "
            f"{len(player.exile)}{mana}{land}"
        ]
    else:
        lines = [
            f"{seat.upper():<7} hand {len(player.hand)} · library {len(player.library)} · "
            f"graveyard {len(player.graveyard)} · exile {len(player.exile)}{mana}{land}"
        ]
    lands = []
    others = []
    for obj in table.battlefield.values():
        if obj.controller != seat:
            continue
        if _kind(table, obj) == "land":
            said = "; ".join(w for w in ("tapped" if obj.tapped else "", mark(obj) or "") if w)
            lands.append(f"#{obj.id} {obj.name}" + (f" ({said})" if said else ""))
        else:
            words = _state_words(table, obj)
            pt = _pt(table, obj)
            kind = "" if pt else f" [{_kind(table, obj)}]"
            others.append(
                f"#{obj.id} {obj.name} {pt}".rstrip()
                + kind
                + (f" ({'; '.join(words)})" if words else "")
            )
    if lands:
        lines.extend(_wrap("lands: " + ", ".join(lands)))
    for text in others:
        lines.extend(_wrap(text))
    if paper and not lands and not others:
        lines.append("    nothing entered")
    if own and not paper:
        hand = ", ".join(_card_text(o, table) for o in player.hand) or "empty"
        lines.extend(_wrap(f"{seat}'s hand: " + hand))
    return lines


def _card_text(obj: Obj, table: Table | None = None) -> str:
    cost = obj.proto.cost
    text = f"#{obj.id} {obj.name}" + ("" if cost.is_free() else f" {cost}")
    if table is not None and _cost_changes(table, obj):
        now = costs.spell_cost(table, obj.owner, obj)
        if now is not None and str(now) != str(cost):
            text += f" (costs {now} now)"  # 601.2f: "costs {1} less for each ..."
    return text


def _cost_changes(table: Table, obj: Obj) -> bool:
    """Is there a cost change that may reach this card: its own, or a permanent's?"""
    if any(a.static == "cost_change" and a.data.get("itself") for a in obj.proto.statics):
        return True
    return any(st.ability.static == "cost_change" for st in table.statics)


def _stack_lines(table: Table) -> list[str]:
    if not table.stack:
        return []
    lines = ["STACK (top first)"]
    for item in reversed(table.stack):
        what = "spell" if item.kind == "spell" else f"{item.kind} ability"
        targets = [f"#{t}" if isinstance(t, int) else t for slot in item.targets for t in slot]
        aim = f" -> {' '.join(targets)}" if targets else ""
        text = ""
        if item.kind != "spell" and item.ability is not None and item.ability.text:
            text = f": {item.ability.text}"
        modal = item.ability.modal if item.ability is not None else None
        if item.kind == "spell" and item.source_proto is not None:
            modal = item.source_proto.modal
        if modal is not None:
            text += " [" + "; ".join(f"{i + 1}: {modal.modes[i].text}" for i in item.modes) + "]"
        lines.extend(_wrap(f"#{item.id} {item.name} ({what}, {item.controller}){aim}{text}", "  "))
    return lines


def _option_label(table: Table, data: dict[str, Any], option: str) -> str:
    """An option with what it names: ``#17 Zombie``, ``#41 (When ... enters, ...)``."""
    triggers = data.get("triggers")
    if isinstance(triggers, dict) and option in triggers:
        return f"{option} ({triggers[option]})"
    labels = data.get("labels")  # a mode's number and its text
    if isinstance(labels, dict) and option in labels:
        return f"{option} ({labels[option]})"
    if option.startswith("#") and option[1:].isdigit():
        oid = int(option[1:])
        obj = table.objects.get(oid)
        if obj is not None:
            where = "" if obj.zone == "battlefield" else f", {obj.zone}"
            return f"{option} {obj.name}{where}"
        item = table.items.get(oid)
        if item is not None:
            return f"{option} {item.name} (on the stack)"
    return option


def render(
    table: Table, seat: str | None = None, width: int | None = None, stack: bool = True
) -> str:
    """The table ``width`` columns wide, with the hand of ``seat`` (``p1,p2``: of each);
    without the stack if ``stack`` is false (the live screen shows it in its own area)."""
    token = _WIDTH.set(max(20, width or WIDTH))
    try:
        lines = _render(table, set(seat.split(",")) if seat else set(), stack)
    finally:
        _WIDTH.reset(token)
    return "\n".join(_fitted(lines, max(20, width or WIDTH)))


def render_stack(table: Table, width: int) -> str:
    """The stack alone, top first ("" when it is empty), for the live screen's stack area."""
    token = _WIDTH.set(max(20, width))
    try:
        return "\n".join(_fitted(_stack_lines(table), max(20, width)))
    finally:
        _WIDTH.reset(token)


def _fitted(lines: list[str], width: int) -> list[str]:
    """The lines not wrapped as they were made (the headers), wrapped now."""
    return [part for line in lines for part in (wrap_line(line, width) if line else [line])]


PAPER_PRIORITY = (
    "Waiting for players: enter what you play or do at the table (adjust card p1 NAME,"
    " adjust ...), or pass"
)


def _render(table: Table, seats: set[str], with_stack: bool = True) -> list[str]:
    if table.pending is not None and table.pending.team is None and table.pending.player != HORDE:
        seats = seats | {table.pending.player}  # a player's own question: its hand too
    team = table.active_team
    turn_word = "the players' turn" if team.name == PLAYERS else "the Horde's turn"
    number = table.turn_count.get(team.name, 0)
    prep = int(table.extra.get("preparation", 0))
    if team.name == PLAYERS and number <= prep:
        turn_word += f" {number}, preparation {number} of {prep}"
    else:
        turn_word += f" {number}"
    life = str(table.teams[0].life)
    if table.teams[0].poison:
        limit = table.variant.poison_limit(table, table.teams[0])
        life += f" · poison {table.teams[0].poison}" + (f" of {limit}" if limit else "")
    step = STEP_NAMES.get(table.step, table.step)
    paper = bool(table.variant.rules.get("paper"))  # type: ignore[attr-defined]
    title = "Horde Magic (paper)" if paper else "Horde Magic"
    if "opening" in table.extra:
        lines = [f"{title} · opening hands, before the first turn · shared life {life}"]
    else:
        lines = [f"{title} · turn {table.turn} ({turn_word}) · {step} · shared life {life}"]
    lines.append("")
    lines.extend(_horde_lines(table))
    stack = _stack_lines(table) if with_stack else []
    if stack:
        lines.append("")
        lines.extend(stack)
    for name in table.teams[0].names:
        lines.append("")
        lines.extend(_player_lines(table, name, own=(name in seats)))
    lines.append("")
    decision = table.pending
    if table.over:
        lines.append("The game is over.")
    elif decision is not None and paper and decision.kind == "priority":
        top = table.stack[-1] if table.stack else None
        if top is not None and top.controller == HORDE:
            said = f"Waiting for players: counter #{top.id}, act at the table, or pass"
        else:
            said = PAPER_PRIORITY
        lines.extend(_wrap(said, ""))
    elif decision is not None:
        lines.extend(_wrap(waiting_for(table).replace("waiting for", "Waiting for", 1), ""))
        if decision.kind == "mulligan":
            lines.extend(
                _wrap(
                    f"commands: {decision.player} keep | {decision.player} mulligan ('show {decision.player}' shows the hand)"
                )
            )
        elif decision.kind not in ("priority", "attackers", "blockers") and decision.options:
            labels = [_option_label(table, decision.data, o) for o in decision.remaining[:20]]
            more = " ..." if len(decision.remaining) > 20 else ""
            lines.extend(_wrap("choose: " + " | ".join(labels) + more))
    return lines


# -- event lines ------------------------------------------------------------------------------


def _modes(line: dict[str, Any]) -> str:
    """ " (mode 2: Destroy target artifact.)" for a modal spell or ability."""
    modes = line.get("modes")
    if modes is None:
        return ""
    if not modes:
        return " (no mode)"
    word = "mode" if len(modes) == 1 else "modes"
    return f" ({word} " + " / ".join(f"{m['number']}: {m['text']}" for m in modes) + ")"


def _ids(values: Any) -> str:
    return " ".join(f"#{v}" if isinstance(v, int) else str(v) for v in values)


def describe(line: dict[str, Any]) -> str | None:
    """One line for an event at the terminal; None to stay quiet."""
    kind = line.get("type")
    if kind == "stops":
        from cardcli.games.horde.stops import describe as stops_line

        return stops_line(line)
    if kind == "turn":
        who = "the players'" if line["team"] == PLAYERS else "the Horde's"
        return f"== turn {line['turn']}: {who} turn {line['number']} =="
    if kind == "step":
        return f"-- {STEP_NAMES.get(str(line['step']), line['step'])}"
    if kind == "cast":
        aim = f" -> {' '.join(line['targets'])}" if line.get("targets") else ""
        x = f" (X={line['x']})" if line.get("x") else ""
        how = " by flashback" if line.get("flashback") else ""
        how += " as though it had flash" if line.get("flash") else ""
        how += " for its evoke cost" if line.get("evoked") else ""
        how += " kicked" if line.get("kicked") else ""
        how += " for its overload cost" if line.get("overloaded") else ""
        how += f" convoking {_ids(line['convoke'])}" if line.get("convoke") else ""
        how += f" improvising {_ids(line['improvise'])}" if line.get("improvise") else ""
        return f"{line['who']} casts {line['card']} #{line['id']}{how}{x}{_modes(line)}{aim}"
    if kind == "activated":
        aim = f" -> {' '.join(line['targets'])}" if line.get("targets") else ""
        where = f" from {line['zone']}" if line.get("zone") else ""
        where += f" crewed by {_ids(line['crew'])}" if line.get("crew") else ""
        return (
            f"{line['who']} activates #{line['source']} {line['card']}{where} (#{line['id']})"
            f"{_modes(line)}{aim}"
        )
    if kind == "copied":
        aim = f" -> {' '.join(line['targets'])}" if line.get("targets") else ""
        return f"a copy of #{line['of']} {line['card']} is put on the stack (#{line['id']}){aim}"
    if kind == "becomes":
        until = " until end of turn" if line["until"] == "end_of_turn" else ""
        return f"#{line['id']} becomes {' '.join(line['types']).lower()}{until}"
    if kind == "triggered":
        aim = f" -> {' '.join(line['targets'])}" if line.get("targets") else ""
        return f"trigger #{line['id']}: {line['text']}{_modes(line)}{aim}"
    if kind == "resolved":
        return f"#{line['id']} {line['card']} resolves"
    if kind == "chosen_at_random":
        return (
            f"{line['who']} chooses {line['chosen']} at random (among {', '.join(line['among'])}):"
            f" {_ids(line['for'])} attacks {line['chosen']} this combat if able"
        )
    if kind == "delayed_trigger":
        how = "until end of turn" if line["until"] == "end_of_turn" else "once"
        about = f" (#{line['object']})" if "object" in line else ""
        return f"{line['card']}: delayed trigger #{line['id']} ({how}): {line['text']}{about}"
    if kind == "countered":
        return f"#{line['id']} {line['card']} is countered"
    if kind == "fizzled":
        return f"#{line['id']} {line['card']} does nothing: its targets are gone (608.2b)"
    if kind == "damage":
        doubled = f" (doubled: {', '.join(line['doubled_by'])})" if line.get("doubled_by") else ""
        by = f"#{line['source']} {line['source_name']}"  # the source's id: which one of several
        by = by if line["source"] else line["source_name"]  # 0: a source at the table (adjust)
        dealt = f"{by} deals {line['amount']} damage to {_ids([line['target']])}"
        return dealt + doubled
    if kind == "life":
        change = f"+{line['delta']}" if line["delta"] > 0 else str(line["delta"])
        return f"life {change} ({line['player']}, {line['why']}): shared life {line['life']}"
    rare = rare_line(line)
    if rare is not None:
        return rare
    if kind == "no_lifegain":  # "Players can't gain life." (Forsaken Wastes)
        return (
            f"{line['player']} gains no life ({line['amount']}): #{line['source']} says "
            "players can't gain life"
        )
    if kind == "commander":
        colours = "".join("{" + c + "}" for c in line["identity"]) or "colourless"
        return f"{line['who']}'s commander: {' and '.join(line['cards'])} (identity {colours})"
    if kind == "no_identity_mana":  # 903.4f
        whose = "no commander" if line["commander"] == "none" else "a colourless commander"
        cards = (f"#{line['id']} " if "id" in line else "") + " and ".join(line["cards"])
        verb = "adds" if len(line["cards"]) == 1 else "add"
        return f"{line['who']} has {whose}: {cards} {verb} no mana for them (903.4f)"
    if kind == "damage_as_counters":
        return (
            f"{line['why']}: instead of {line['amount']} damage to #{line['target']}, "
            f"{line['amount']} {line['counter']} counters"
        )
    if kind == "damage_unpreventable":
        return f"{line['card']}: damage can't be prevented this turn"
    if kind == "prevent_all":
        what = "all combat damage" if line["combat"] else "all damage"
        to = f" to {' '.join(line['to'])}" if line.get("to") else ""
        return f"{line['card']}: {what} that would be dealt{to} this turn is prevented"
    if kind == "fight":
        if not line["dealt"]:
            return f"no fight ({_ids(line['ids'])}): {line.get('why', '')} (701.14b)"
        a, b = line["ids"]
        return f"#{a} {line['cards'][0]} fights #{b} {line['cards'][1]}"
    if kind == "poison":
        change = f"+{line['delta']}" if line["delta"] > 0 else str(line["delta"])
        whose = f"the {line['team']}' shared" if line["shared"] else f"{line['player']}'s"
        limit = f" of {line['limit']}" if "limit" in line else " (it never loses by poison)"
        return (
            f"poison {change} ({line['player']}, {line['why']}): {whose} poison counters"
            f" {line['total']}{limit}"
        )
    if kind == "milled":
        return f"{line['who']} mills {line['count']} ({line['why']}): {', '.join(line['cards'])}"
    if kind in ("scried", "surveilled"):
        # Which cards: hidden (the log names them by id); how many went where: public.
        away = "on the bottom" if kind == "scried" else "into the graveyard"
        looked = len(line["top"]) + len(line.get("bottom", line.get("graveyard", [])))
        verb = "scries" if kind == "scried" else "surveils"
        return (
            f"{line['who']} {verb} {line['amount']}: looks at {looked},"
            f" {len(line['top'])} back on top, {looked - len(line['top'])} {away}"
        )
    if kind == "dug":
        return dug_line(line)
    if kind == "moved":
        why = line["why"]
        if why == "dug" and line["to"] in ("hand", "library"):
            return None  # a hidden card: the dug line names it only if it was revealed
        if "copy_of" in line:  # a clone (706.2)
            copied = f"{line['copy_name']} #{line['copy_of']}"
            return f"{line['card']} #{line['was']} enters as a copy of {copied}, as #{line['id']}"
        if why in ("cast", "resolved", "draw", "revealed", "set aside", "milled"):
            return None
        if line["from"] == "outside" and not line.get("counters"):
            return None  # adjust card: its adjusted line says it (adjust_card)
        counters = line.get("counters") or {}
        with_ = " with " + ", ".join(f"{n}x {k}" for k, n in counters.items()) if counters else ""
        return f"{line['card']} #{line['was']} -> {line['to']} ({why}) as #{line['id']}{with_}"
    if kind == "token_created":
        counters = line.get("counters") or {}
        with_ = " with " + ", ".join(f"{n}x {k}" for k, n in counters.items()) if counters else ""
        copy = f", a copy of #{line['copy_of']}" if "copy_of" in line else ""  # (707.2)
        return f"{line['controller']} creates a {line['name']} token #{line['id']}{copy}{with_}"
    if kind == "mana":
        source = f" with #{line['source']}" if "source" in line else ""
        return f"{line['who']} adds {line['added']}{source}"
    if kind == "tapped" and "mana" in line:  # a payment: which land made which mana
        paid = ", ".join(
            f"#{oid} {card} {{{kind}}}"
            for oid, card, kind in zip(line["ids"], line["cards"], line["mana"], strict=True)
        )
        return f"{line['who']} taps {paid}"
    if kind == "land_played":
        return f"{line['player']} plays {line['card']}"
    if kind == "attackers":
        if not line["attacks"]:
            return f"{line['team']} attack with nothing"
        by_aim: dict[str, list[str]] = {}  # each attacked player or permanent: its attackers
        for a in line["attacks"]:
            aim = _ids([a["target"]])
            by_aim.setdefault("the Horde" if aim == HORDE else aim, []).append(f"#{a['id']}")
        return f"{line['team']} attack " + "; ".join(
            f"{aim} with {len(ids)}: {' '.join(ids)}" if len(ids) > 1 else f"{aim} with {ids[0]}"
            for aim, ids in by_aim.items()
        )
    if kind == "blockers":
        if not line["blocks"]:
            return f"{line['team']} block nothing"
        return f"{line['team']} block: " + ", ".join(
            f"#{b['blocker']} blocks #{b['attacker']}" for b in line["blocks"]
        )
    if kind == "horde_revealed":
        bottom = f"; to the bottom: {', '.join(line['bottom'])}" if line["bottom"] else ""
        return f"the Horde reveals {', '.join(line['cards']) or 'nothing'}{bottom}"
    if kind == "which":  # a name that fits several objects (asking)
        return f"which {line['name']}? {', '.join(line['options'])}: choose one, or cancel"
    if kind == "chosen" and line["kind"] == "which":
        return f"{line['player']} answers {' '.join(line['picked'])}"
    if kind == "choice":
        return f"{line['who']} chooses {' '.join(line['chosen']) or 'nothing'} ({line['kind']})"
    if kind == "team_lost":
        return {
            "life": "the players have no life left",
            "library": "a player drew from an empty library",
            "poison": "the players have too many poison counters",
            "effect": f"{' and '.join(line['players'])} lost the game by an effect (104.3e)",
        }.get(str(line["reason"]), "the Horde has no creatures and no library left")
    if kind == "paid":
        return f"{line['who']} pays for {line['card']}: exiles {' '.join(line['exiled'])}"
    if kind == "spell_copied":  # 707.10
        aimed = " -> " + " ".join(line["targets"]) if line.get("targets") else ""
        return f"{line['controller']} copies {line['card']} #{line['of']}: #{line['id']}{aimed}"
    if kind == "attacking":  # myriad's tokens (702.116a)
        return f"#{line['id']} is attacking {line['target']}"
    if kind == "no_combat_damage":
        return f"#{line['id']} assigns no combat damage this turn"
    if kind == "unless_paid":
        return unless_paid_line(line)
    if kind == "entry_choice":
        return f"#{line['id']} {line['card']}: {line['chosen']} chosen"
    if kind == "not_countered":
        return f"#{line['id']} {line['card']} can't be countered"
    if kind == "attached":
        return f"#{line['id']} is attached to #{line['to']}"
    if kind == "unattached":
        return f"#{line['id']} is no longer attached"
    if kind == "damage_prevented" and line.get("why"):
        doubled = f" (doubled: {', '.join(line['doubled_by'])})" if line.get("doubled_by") else ""
        return f"{line['why']}: {line['amount']} damage to {_ids([line['target']])} prevented" + (
            doubled
        )
    if kind == "manual":
        if line.get("at_table"):
            return f"#{line['id']} {line['card']} hit something at the table: {line['text']}"
        what = "a partial card" if line.get("partial") else "a manual card"
        return f"#{line['id']} {line['card']} is {what}: apply by hand: {line['text']}"
    if kind == "handed":  # auto attacks / auto blocks / auto off (handing.py)
        if not line["decisions"]:
            return "the people at the table declare the team's attacks and blocks"
        return f"the team's bot seat declares its {' and '.join(line['decisions'])} now"
    if kind == "adjusted":
        if line["what"] == "card" and "ids" in line:
            return f"{line['by']} adjusts: card {line['card']} enters as {_ids(line['ids'])}"
        return f"{line['by']} adjusts: {line['what']} {' '.join(line['args'])}"
    if kind == "mulligan":
        return f"{line['player']} mulligans ({line['count']})"
    if kind == "game_over":
        result = line["result"]
        if result.get("winner") == "players":
            return (
                f"game over: the players win on turn {result['turns']} with {result['life']} life"
            )
        if result.get("winner") == "horde":
            why = {
                "life": "their life ran out",
                "poison": "the players have too many poison counters",
                "effect": "an effect made a player lose the game",
            }.get(str(result.get("reason")), "a player drew from an empty library")
            return f"game over: the Horde wins on turn {result['turns']} ({why})"
        return f"game over: nobody wins ({result.get('reason')})"
    return None
