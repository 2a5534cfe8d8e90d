"""Objects named in a command: a name, or a unique prefix of one, read against the board.

``-> Zombie Giant``, ``block zombie g with Serra Angel, Llanowar Elves``, ``attack all but
Llanowar``. A name is matched as a card name is (case, accents and punctuation left out): an
exact name first, else every name it begins. The candidates come in tiers, the objects the
command can use first (the untapped creatures that can block, say), then the others on the
battlefield, so a tapped Serra Angel is found and the rules say why it cannot block.

When the name fits objects that nobody could tell apart (same name, controller, state,
characteristics, counters, damage, attachments, combat role), the one with the lowest id is
taken, as Hunsberger's Solitaire takes any of two equal cards; when they differ, a
``NameQuestion`` lists them with their ids, and the game asks which (``asking``). An answer is
pinned (``PINS``): the same text then names that object.

Everything here is a function of the table, so a log that keeps the text as typed replays to
the same choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardcli.cards.mtg.names import normalize
from cardcli.engine.errors import AmbiguousCommand, IllegalCommand
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table

SHOWN = 3  # candidates listed in a message; the rest are counted
PINS = "name_pins"  # table.extra: a name's normalized text -> the ids answered for it, in order


class NameQuestion(AmbiguousCommand):
    """A name that fits objects that differ: the game asks which (``asking``)."""

    def __init__(self, text: str, name: str, ids: list[int], listing: str) -> None:
        super().__init__(f"which {name}? {listing}: write its id")
        self.text = text
        self.name = name
        self.ids = ids
        self.listing = listing


def matches(text: str, pool: Iterable[Obj]) -> list[Obj]:
    """The objects of ``pool`` that ``text`` names: exact names, else names it begins.

    Prefixes are taken word by word as well (``zom g`` is Zombie Giant), and last from any
    word of the name on (``swift`` is Boros Swiftblade, ``elves`` Llanowar Elves).
    """
    key = normalize(text)
    if not key:
        return []
    objs = list(pool)
    exact = [o for o in objs if normalize(o.name) == key]
    if exact:
        return exact
    found = [o for o in objs if normalize(o.name).startswith(key)]
    if found:
        return found
    words = key.split()
    found = [o for o in objs if _words_begin(normalize(o.name).split(), words)]
    if found:
        return found
    return [o for o in objs if _words_begin_inside(normalize(o.name).split(), words)]


def _words_begin_inside(name: list[str], typed: list[str]) -> bool:
    return any(_words_begin(name[start:], typed) for start in range(1, len(name)))


def _words_begin(name: list[str], typed: list[str]) -> bool:
    return len(typed) <= len(name) and all(
        n.startswith(t) for n, t in zip(name, typed, strict=False)
    )


def alike(table: Table, a: Obj, b: Obj) -> bool:
    """Two objects no command could tell apart."""
    return (
        a.name == b.name
        and a.controller == b.controller
        and a.zone == b.zone
        and a.is_card == b.is_card
        and a.tapped == b.tapped
        and a.sick == b.sick
        and a.damage == b.damage
        and a.counters == b.counters
        and a.attacking == b.attacking
        and a.blocking == b.blocking
        and a.attached_to == b.attached_to
        and not _attachments(table, a)
        and not _attachments(table, b)
        and _combat_role(table, a) == _combat_role(table, b)
        and (a.zone != "battlefield" or table.chars(a) == table.chars(b))
    )


def _attachments(table: Table, obj: Obj) -> bool:
    return any(o.attached_to == obj.id for o in table.battlefield.values())


def _combat_role(table: Table, obj: Obj) -> tuple[object, ...]:
    fight = table.combat
    if fight is None:
        return ()
    blockers = tuple(fight.blocked_by.get(obj.id, ()))
    return (
        fight.attackers.get(obj.id),
        fight.blocks.get(obj.id),
        blockers,
        obj.id in fight.blocked,
    )


def label(table: Table, obj: Obj, common: Iterable[str] = ()) -> str:
    """``#21 2/2 (horde, token, tapped)``: enough to tell one of a name from another; the
    ``common`` notes (those every object asked about has) are left out."""
    notes = [n for n in notes_of(table, obj) if n not in set(common)]
    return f"#{obj.id}" + (f" ({', '.join(notes)})" if notes else "")


def notes_of(table: Table, obj: Obj) -> list[str]:
    """What a label says of an object: power/toughness, controller, card or token, state."""
    notes = []
    if obj.zone == "battlefield":
        chars = table.chars(obj)
        if chars.is_creature:
            notes.append(f"{chars.power}/{chars.toughness}")
    notes.append(obj.controller if obj.zone in ("battlefield", "stack") else obj.owner)
    notes.append("card" if obj.is_card else "token")
    if obj.zone not in ("battlefield",):
        notes.append(obj.zone)
    if obj.tapped:
        notes.append("tapped")
    fight = table.combat
    if fight is not None and obj.id in fight.attackers:
        aim = fight.attackers[obj.id]
        notes.append(f"attacking {aim if isinstance(aim, str) else f'#{aim}'}")
    if fight is not None and obj.id in fight.blocked:
        notes.append("blocked")
    if obj.damage:
        notes.append(f"{obj.damage} damage")
    notes.extend(f"{n} {kind}" for kind, n in sorted(obj.counters.items()) if n)
    return notes


def one(
    table: Table,
    text: str,
    tiers: Sequence[Sequence[Obj]],
    what: str,
    taken: Iterable[int] = (),
) -> Obj:
    """The object ``text`` names among the tiers (the first tier it fits), not one ``taken``."""
    skip = set(taken)
    pinned = (table.extra.get(PINS) or {}).get(normalize(text), [])
    for tier in tiers:
        found = matches(text, [o for o in tier if o.id not in skip])
        for oid in pinned:
            answered = next((o for o in found if o.id == oid), None)
            if answered is not None:
                return answered
        if found:
            return _one_of(table, text, found)
    raise IllegalCommand(f"no '{text.strip()}' {what}")


def several(
    table: Table,
    text: str,
    tiers: Sequence[Sequence[Obj]],
    what: str,
    taken: Iterable[int] = (),
) -> list[Obj]:
    """The objects a list of names separated by commas names (``Serra Angel, Llanowar``).

    A name may hold a comma itself (``Avacyn, Angel of Hope``): the longest run of pieces
    that names something is taken first. The same name twice names two objects.
    """
    pieces = [p.strip() for p in text.split(",")]
    if not all(pieces):
        raise IllegalCommand(f"'{text.strip()}': a name is missing between commas")
    picked: list[Obj] = []
    skip = set(taken)
    at = 0
    while at < len(pieces):
        for end in range(len(pieces), at, -1):
            name = ", ".join(pieces[at:end])
            if end - at > 1 and not any(matches(name, tier) for tier in tiers):
                continue
            obj = one(table, name, tiers, what, skip)
            picked.append(obj)
            skip.add(obj.id)
            at = end
            break
    return picked


def _one_of(table: Table, text: str, found: list[Obj]) -> Obj:
    names = sorted({o.name for o in found})
    if len(names) > 1:
        shown = ", ".join(names[:SHOWN]) + (
            f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        )
        raise AmbiguousCommand(f"'{text.strip()}' could be {shown}: write more of the name")
    ordered = sorted(found, key=lambda o: o.id)
    kinds: list[list[Obj]] = []  # objects nobody could tell apart, each kind by its lowest id
    for obj in ordered:
        kind = next((k for k in kinds if alike(table, k[0], obj)), None)
        if kind is None:
            kinds.append([obj])
        else:
            kind.append(obj)
    if len(kinds) == 1:
        return ordered[0]
    # Each kind by its lowest id, with what tells it from the others (what all share is left
    # out: "attacking p1" and "attacking p2", not "2/2, horde, token, tapped" every time).
    noted = [set(notes_of(table, k[0])) for k in kinds]
    common = set.intersection(*noted)
    if len({frozenset(n) for n in noted}) < len(noted):
        common = set()  # they differ in something a label does not say: say all it says
    shown = ", ".join(
        label(table, k[0], common) + (f" and {len(k) - 1} alike" if len(k) > 1 else "")
        for k in kinds[:SHOWN]
    )
    more = f", and {len(kinds) - SHOWN} more" if len(kinds) > SHOWN else ""
    raise NameQuestion(text, names[0], [k[0].id for k in kinds], shown + more)
