"""The events of one command as lines a person reads: in the order they make sense.

``describe`` says one event; this module says a command's events together:

- A resolving spell's or ability's line comes before its effects. The log keeps the
  rules' order (608.2n: a spell leaves the stack as the last step of its resolution,
  so ``resolved`` follows the effects); read in that order, a chain of triggers put
  each trigger's life loss under the trigger before it.
- Combat damage is summed per attacker group and in total: "27 Zombies deal 108
  damage: shared life 34 → −74", with the attackers' ids where a group is small.
- Every line fits the terminal's width, wrapped between words, never inside an id
  or a card name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from cardcli.fit import wrap_line

Event = dict[str, Any]

SHOWN_IDS = 8  # a group of at most this many attackers is named by its ids
NAMED_CARDS = 8  # milled cards named one by one up to this many, else counted by name
INDENT = "  "  # an event's line under the command
EFFECT_INDENT = "    "  # an effect's line under the line of what resolved

# Events that are never an effect of a resolving spell or ability: they end the run of
# effects that the next "resolved" line is put before.
BOUNDARIES = frozenset(
    {
        "turn",
        "step",
        "cast",
        "activated",
        "triggered",
        "resolved",
        "fizzled",
        "attackers",
        "blockers",
        "horde_revealed",
        "land_played",
        "mulligan",
        "adjusted",
        "team_lost",
        "game_over",
        "manual",
        "commander",
        "undone",  # undo and redo (cardcli/engine/undo.py)
        "redone",
    }
)
# Moves made by state-based actions (704.5): after a resolution, not part of it.
SBA_MOVES = frozenset(
    {"lethal damage", "toughness", "loyalty", "unattached", "legend rule", "world rule"}
)
# What follows combat damage in the same instant: the life it costs, the poison of
# infect, the cards the Horde mills for it, lifelink, prevention.
COMBAT_FOLLOWERS = frozenset(
    {"life", "poison", "milled", "damage_prevented", "damage_as_counters", "no_lifegain"}
)


def narrate(
    events: Iterable[Event],
    describe: Callable[[Event], str | None],
    width: int,
    resolving: tuple[int, str] | None = None,
) -> list[str]:
    """The lines for a command's events (its command line left out), ``width`` wide.

    ``resolving``: the spell or ability whose resolution stopped for a decision at the
    end of these events (its id and name), said before the effects it has had so far.
    """
    chunks = _chunks(list(events), describe)
    lines: list[tuple[str, str]] = []  # (indent, text)
    run: list[str] = []  # effects since the last boundary

    def flush(indent: str = INDENT) -> None:
        lines.extend((indent, text) for text in run)
        run.clear()

    for kind, texts, event in chunks:
        if kind == "resolved":
            lines.append((INDENT, texts[0] if texts else ""))
            flush(EFFECT_INDENT)
        elif kind in BOUNDARIES or (kind == "moved" and event.get("why") in SBA_MOVES):
            flush()
            lines.extend((INDENT, text) for text in texts)
        else:
            run.extend(texts)
    if resolving is not None and run:
        lines.append((INDENT, f"#{resolving[0]} {resolving[1]} is resolving"))
        flush(EFFECT_INDENT)
    flush()
    out: list[str] = []
    for indent, text in lines:
        if text:
            out.extend(wrap_line(text, width, indent, indent + "  "))
    return out


def _chunks(
    events: list[Event], describe: Callable[[Event], str | None]
) -> list[tuple[str, list[str], Event]]:
    """(kind, lines, first event) for each event, a combat damage run as one chunk."""
    chunks: list[tuple[str, list[str], Event]] = []
    i = 0
    while i < len(events):
        event = events[i]
        if event.get("type") == "damage" and event.get("combat"):
            j = i + 1
            while j < len(events) and _in_combat_run(events[j], describe):
                j += 1
            chunks.append(("combat_damage", combat_lines(events[i:j], describe), event))
            i = j
            continue
        if _plain_token(event):
            ids = [int(event["id"])]
            j = i + 1
            while j < len(events) and (
                _same_token(events[j], event) or describe(events[j]) is None
            ):
                if _same_token(events[j], event):
                    ids.append(int(events[j]["id"]))
                j += 1
            if len(ids) > 1:
                summed = (
                    f"{event['controller']} creates {len(ids)} {event['name']} tokens:"
                    f" {id_ranges(ids)}"
                )
                chunks.append(("token_created", [summed], event))
                i = j
                continue
        if event.get("type") == "moved" and describe(event) is not None:
            alike = [event]
            j = i + 1
            while j < len(events) and (_same_move(events[j], event) or describe(events[j]) is None):
                if _same_move(events[j], event):
                    alike.append(events[j])
                j += 1
            if len(alike) > 1:
                chunks.append(("moved", [_moves_line(alike)], event))
                i = j
                continue
        said = describe(event)
        kind = str(event.get("type"))
        said_last = next((c for c in reversed(chunks) if c[1]), None)  # quiet ones aside
        if kind == "step" and said and said_last is not None and said_last[0] == "step":
            # Steps in which nothing was said: one line, "-- end step · cleanup".
            said_last[1][-1] += " · " + said.removeprefix("-- ")
        else:
            chunks.append((kind, [said] if said else [], event))
        i += 1
    return chunks


def _same_move(event: Event, first: Event) -> bool:
    """Another card alike moved alike: a line for all ("4 Zombies ... -> graveyard")."""
    keys = ("card", "from", "to", "why")
    return (
        event.get("type") == "moved"
        and all(event.get(k) == first.get(k) for k in keys)
        and not event.get("counters")
        and "copy_of" not in event
        and "copy_of" not in first
    )


def _moves_line(moves: list[Event]) -> str:
    """ "4 Zombies #347 #349 #351 #353 -> graveyard (destroyed) as #363-#366"."""
    first = moves[0]
    was = " ".join(f"#{m['was']}" for m in moves)
    now = id_ranges([int(m["id"]) for m in moves])
    return (
        f"{len(moves)} {plural(str(first['card']))} {was} -> {first['to']} ({first['why']})"
        f" as {now}"
    )


def _plain_token(event: Event) -> bool:
    return (
        event.get("type") == "token_created"
        and not event.get("counters")
        and ("copy_of" not in event)
    )


def _same_token(event: Event, first: Event) -> bool:
    return (
        _plain_token(event)
        and event.get("name") == first.get("name")
        and event.get("controller") == first.get("controller")
    )


def id_ranges(ids: list[int]) -> str:
    """Ids as ranges: ``#310-#322 #330``.

    >>> id_ranges([310, 311, 312, 330, 332, 333])
    '#310-#312 #330 #332-#333'
    """
    parts: list[str] = []
    start = previous = ids[0]
    for number in [*ids[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(f"#{start}" if start == previous else f"#{start}-#{previous}")
        if number is not None:
            start = previous = number
    return " ".join(parts)


def _in_combat_run(event: Event, describe: Callable[[Event], str | None]) -> bool:
    kind = event.get("type")
    if kind == "damage":
        return bool(event.get("combat"))
    if kind == "milled":
        return event.get("why") == "damage"
    # A quiet event (a milled card's move, a -1/-1 counter of infect) does not end it.
    return kind in COMBAT_FOLLOWERS or describe(event) is None


def combat_lines(events: list[Event], describe: Callable[[Event], str | None]) -> list[str]:
    """Combat damage dealt at once, summed.

    >>> hits = [{"type": "damage", "source": 10 + n, "source_name": "Zombie",
    ...          "target": "p1", "amount": 4, "combat": True} for n in range(27)]
    >>> lifes = [{"type": "life", "player": "p1", "delta": -4, "life": 34 - 4 * (n + 1),
    ...           "why": "damage"} for n in range(27)]
    >>> combat_lines([e for pair in zip(hits, lifes) for e in pair], lambda e: None)
    ['27 Zombies deal 108 damage to p1: shared life 34 → −74']
    """
    to_creatures: dict[int, list[Event]] = {}
    to_teams: dict[str, list[Event]] = {}  # source name -> damage to players or the Horde
    lives = [e for e in events if e.get("type") == "life"]
    poisons = [e for e in events if e.get("type") == "poison"]
    milled = [e for e in events if e.get("type") == "milled"]
    extra: list[str] = []
    for event in events:
        kind = event.get("type")
        if kind == "damage":
            if isinstance(event["target"], int):
                to_creatures.setdefault(int(event["source"]), []).append(event)
            else:
                to_teams.setdefault(str(event["source_name"]), []).append(event)
        elif _said_alone(event):  # lifelink, prevention, a player's own poison
            said = describe(event)
            if said:
                extra.append(said)
    lines: list[str] = []
    for source, hits in to_creatures.items():
        name = hits[0]["source_name"]
        aims = ", ".join(f"{h['amount']} to #{h['target']}" for h in hits)
        if len(hits) == 1:
            aims = f"{hits[0]['amount']} damage to #{hits[0]['target']}"
        lines.append(f"#{source} {name} deals {aims}" + _doubled(hits))
    lines.extend(extra)  # lifelink, prevention: before the total they are part of
    groups = [_group_line(name, hits) for name, hits in to_teams.items()]
    total = _total(lives, poisons, milled) if groups else ""
    if len(groups) == 1 and total:
        lines.append(f"{groups[0]}: {total}")
    else:
        lines.extend(groups)
        if total:
            dealt = sum(_dealt(h) for h in to_teams.values())
            lines.append(f"in all {dealt} combat damage: {total}")
    return lines


def _said_alone(event: Event) -> bool:
    kind = event.get("type")
    if kind == "life":
        return event.get("why") != "damage"
    if kind == "poison":
        return not event.get("shared")
    return kind != "milled"


def _dealt(hits: list[Event]) -> int:
    return sum(int(h["amount"]) for h in hits)


def _doubled(hits: list[Event]) -> str:
    by = sorted({str(b) for h in hits for b in h.get("doubled_by") or []})
    return f" (doubled: {', '.join(by)})" if by else ""


def _group_line(name: str, hits: list[Event]) -> str:
    """ "3 Zombies (#4 #5 #6) deal 12 damage to p1 (4) and p2 (8)"."""
    sources = list(dict.fromkeys(int(h["source"]) for h in hits))
    count = len(sources)
    who = f"#{sources[0]} {name}" if count == 1 else f"{count} {plural(name)}"
    if 1 < count <= SHOWN_IDS:
        who += " (" + " ".join(f"#{s}" for s in sources) + ")"
    verb = "deals" if count == 1 else "deal"
    per: Counter[str] = Counter()
    for h in hits:
        per[str(h["target"])] += int(h["amount"])
    if len(per) == 1:
        to = f" to {_target(next(iter(per)))}"
    else:
        to = " to " + " and ".join(f"{_target(t)} ({n})" for t, n in per.items())
    return f"{who} {verb} {_dealt(hits)} damage{to}" + _doubled(hits)


def _target(name: str) -> str:
    return "the Horde" if name == "horde" else name


def _total(lives: list[Event], poisons: list[Event], milled: list[Event]) -> str:
    parts: list[str] = []
    if lives:
        before = int(lives[0]["life"]) - int(lives[0]["delta"])
        parts.append(f"shared life {before} → {_signed(int(lives[-1]['life']))}")
    shared = [p for p in poisons if p.get("shared")]
    if shared:
        before = int(shared[0]["total"]) - int(shared[0]["delta"])
        limit = f" of {shared[-1]['limit']}" if "limit" in shared[-1] else ""
        parts.append(f"poison {before} → {shared[-1]['total']}{limit}")
    if milled:
        cards = [str(c) for m in milled for c in m["cards"]]
        count = sum(int(m["count"]) for m in milled)
        parts.append(f"the Horde mills {count}" + (f" ({_cards(cards)})" if cards else ""))
    return "; ".join(parts)


def _cards(cards: list[str]) -> str:
    if len(cards) <= NAMED_CARDS:
        return ", ".join(cards)
    counted = Counter(cards)
    return ", ".join(f"{name} x{n}" if n > 1 else name for name, n in counted.most_common())


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def plural(name: str) -> str:
    """A card name for several of it: Zombies, Zombie Giants, Boros Swiftblades.

    >>> plural("Zombie"), plural("Llanowar Elves"), plural("Savannah Lions"), plural("Wolf")
    ('Zombies', 'Llanowar Elves', 'Savannah Lions', 'Wolves')
    """
    if name.endswith(("s", "x", "z", "ch", "sh")):
        return name if name.endswith("s") else name + "es"
    if name.endswith("f"):
        return name[:-1] + "ves"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def resolving_now(table: Any) -> tuple[int, str] | None:
    """The spell or ability whose resolution waits for a decision, if one does."""
    res = getattr(table, "resolving", None)
    if res is None:
        return None
    return int(res.item.id), str(res.item.name)
