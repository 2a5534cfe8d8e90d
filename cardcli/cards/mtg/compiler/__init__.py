"""A compiler from Oracle text to the card model, clause by clause.

``compile_card`` reads a card's Oracle text line by line (``abilities``), each
line through shared phrase parsers (``phrases``: who and what, how many, how
long; ``effects``: what a sentence does; ``triggers``, ``statics``) into the
same schema-checked data that hand-written cards hold. A line it cannot read
is named, not dropped: the card is ``automated`` when every line compiled,
``partial`` when some did (the engine plays those, the players apply the rest
by hand), and ``manual`` when none did.

No parsing library is used: Oracle text is English with a few hundred set
phrases, and regular expressions over words, tried most specific first, read
it deterministically and fast (the whole card database in seconds); a grammar
of English for a parser generator would be larger and slower than the phrases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardcli.cards.mtg.compiler.abilities import Parts, compile_line, compile_modal
from cardcli.cards.mtg.compiler.context import Context
from cardcli.cards.mtg.compiler.modes import ModalLines, grouped
from cardcli.cards.mtg.compiler.overload import overload_of
from cardcli.cards.mtg.compiler.text import lines_of
from cardcli.cards.mtg.tokens import tokens_in

STATUSES = ("automated", "partial", "manual")
MAX_REASON = 80


@dataclass(frozen=True)
class Compiled:
    """A card's behaviour as data, and the lines it could not read."""

    behaviour: dict[str, Any]
    unread: tuple[str, ...]
    read: int

    @property
    def status(self) -> str:
        if not self.unread:
            return "automated"
        return "partial" if self.read else "manual"


def compile_card(record: dict[str, Any]) -> Compiled:
    """Compile one card's Oracle text (facts from ``record``) into behaviour."""
    types = record.get("types", [])
    ctx = Context(spell="Instant" in types or "Sorcery" in types, types=tuple(types),
                  subtypes=_own_subtypes(record))  # fmt: skip
    # Tokens the card's reminder text defines ("Create a Treasure token. (It's an artifact
    # with ...)"): read before the reminders are dropped.
    ctx.tokens = {t["name"]: t for t in tokens_in(record.get("oracle", "")) if "oracle" in t}
    ctx.compile_token = _token_abilities
    keywords = set(record.get("keywords", ()))
    parts = Parts()
    for unit in grouped(lines_of(record.get("oracle", ""), record["name"])):
        if isinstance(unit, ModalLines):
            compile_modal(unit, ctx, parts)
        else:
            compile_line(unit, keywords, ctx, parts)
    if "Land" in types:
        _land_mana(record, parts)
    overload = overload_of(record, parts.unread, _spell_of) if ctx.spell else None
    if overload is not None:  # 702.96b: the text with "each" for "target", compiled
        parts.extra["overload"] = overload[0]
        parts.unread.remove(overload[1])
        parts.read += 1
    behaviour: dict[str, Any] = dict(parts.extra)
    if parts.spell:
        behaviour["spell"] = parts.spell
    if parts.abilities:
        behaviour["abilities"] = parts.abilities
    return Compiled(behaviour, tuple(parts.unread), parts.read)


def _spell_of(record: dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """A card's spell effects compiled, and whether all of its text compiled."""
    compiled = compile_card(record)
    return list(compiled.behaviour.get("spell", [])), not compiled.unread


def _own_subtypes(record: dict[str, Any]) -> tuple[str, ...]:
    """The card's creature types; a changeling has all of them (702.73a): ``*``."""
    if "Changeling" in record.get("keywords", ()):
        return ("*",)
    return tuple(record.get("subtypes", ()))


def _token_abilities(token: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A token's text compiled as a card's: its behaviour, and whether all of it compiled."""
    compiled = compile_card({**token, "oracle": token.get("oracle", "")})
    return compiled.behaviour, not compiled.unread


def _land_mana(record: dict[str, Any], parts: Parts) -> None:
    """A land's "{T}: Add {G}." (or "{R} or {G}") is its ``produces``, the engine's built-in
    mana ability: when every mana ability of a land is such a one, they are dropped for it
    (as hand-written lands have them); a land with any other mana ability keeps them all."""
    if not record.get("produces"):
        return
    mana = [a for a in parts.abilities if _adds_mana(a)]
    if mana and all(_plain_mana(a) for a in mana):
        parts.abilities = [a for a in parts.abilities if a not in mana]


def _plain_mana(ability: dict[str, Any]) -> bool:
    """ "{T}: Add {G}." or "{T}: Add {R} or {G}.": one mana of one kind, for {T} alone, with
    nothing else and no condition (what ``produces`` says)."""
    effects = ability.get("effects", [])
    if set(ability) - {"activated", "cost", "effects", "text"} or ability.get("cost") != {
        "tap": True
    }:
        return False
    if len(effects) != 1 or set(effects[0]) - {"do", "mana", "one_of"}:
        return False
    added = effects[0].get("one_of") or [effects[0].get("mana", "")]
    return all(re.fullmatch(r"\{[WUBRGC]\}", symbol) for symbol in added)


def _adds_mana(ability: dict[str, Any]) -> bool:
    """A mana ability (its mana first, maybe more after: a pain land's damage)."""
    effects = ability.get("effects", [])
    return bool(ability.get("activated")) and bool(effects) and effects[0].get("do") == "add_mana"


def reason(compiled: Compiled) -> str:
    """The first line left to the players, shortened: why a card is partial or manual."""
    if not compiled.unread:
        return ""
    first = compiled.unread[0]
    shown = first if len(first) <= MAX_REASON else first[: MAX_REASON - 3] + "..."
    return f"text not read: {shown}"
