"""Clauses with a subject ("Target player draws two cards", "~ deals 3 damage to any target").

The subject is a player ("each opponent loses 2 life"), the card or what it
reached ("it deals damage equal to its power"), or a set of permanents
("Creatures you control get +1/+1 until end of turn").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.compiler.amounts import amount, cards_count, for_each, times
from cardcli.cards.mtg.compiler.context import Context, Effect
from cardcli.cards.mtg.compiler.damage_events import half_life
from cardcli.cards.mtg.compiler.delayed import lose_game
from cardcli.cards.mtg.compiler.imperatives import create
from cardcli.cards.mtg.compiler.phrases import noun_phrase, until
from cardcli.cards.mtg.compiler.relics import chosen_one
from cardcli.cards.mtg.compiler.subjects import player_reach, reach_of
from cardcli.cards.mtg.compiler.words import COLORS, NUMBER, engine_keyword, number

Handler = Callable[[str, str, Context, list[Effect]], list[Effect] | None]

# The verbs a clause may begin with when its subject is the one before ("and loses 2 life")
# or, in the plural, you ("gain 3 life").
SINGULAR = ("deals", "draws", "discards", "loses", "gains", "gets", "sacrifices", "mills",
            "creates", "has")  # fmt: skip
VERB_WORDS = set(SINGULAR) | {"gain", "lose", "discard", "mill", "draw", "get", "sacrifice"}

_VERBS = re.compile(
    r"^(?P<subject>.+?) (?P<verb>deals|draws|discards|loses|gains|gets|get|sacrifices|sacrifice|"
    r"mills|mill|gain|lose|draw|discard|creates|create|returns|fights)\b(?P<rest>.*)$"
)


def subject_verb(text: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    match = _VERBS.match(text)
    if match is None:
        return None
    handler = VERB_HANDLERS.get(match.group("verb"))
    if handler is None:
        return None
    return handler(match.group("subject"), match.group("rest").strip(), ctx, before)


def _deals(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    if subject.lower() not in ("~", "it") or (subject.lower() == "it" and not ctx.itself):
        return None  # damage from another source: the model's damage comes from the card
    parts = re.split(r",? and (?=\w+ damage to )", rest)
    if len(parts) > 1:  # "1 damage to any target and 1 damage to you"
        found: list[Effect] = []
        for part in parts:
            read = _deals(subject, part, ctx, before + found)
            if read is None:
                return None
            found.extend(read)
        return found
    match = re.fullmatch(rf"({NUMBER}|that much) damage to (.+)", rest)
    if match:
        value: Any = (
            number(match.group(1)) if match.group(1) != "that much" else amount("that much")
        )
        what = match.group(2)
        per = re.fullmatch(r"(.+?) for each (.+)", what)
        if per:
            what, value = per.group(1), for_each(value, per.group(2))
            if value is None:
                return None
        found = []
        for part in [p.strip() for p in re.split(r",? and ", what)]:
            reach = reach_of(part, ctx, before + found)
            if reach is None:
                return None
            found.append({"do": "damage", "amount": value, **reach})
        return found
    match = re.fullmatch(r"damage (?:to (.+?) )?equal to (.+?)(?: to (.+))?", rest)
    if match and (match.group(1) or match.group(3)):
        value = amount(match.group(2))
        reach = reach_of(match.group(1) or match.group(3), ctx, before)
        if value is None or reach is None:
            return None
        return [{"do": "damage", "amount": value, **reach}]
    return None


def _cards(kind: str) -> Handler:
    """A number of cards for a player: "draws two cards", "mills three cards"."""

    def handler(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
        reach = player_reach(subject, ctx, before)
        count = cards_count(rest)
        if reach is None or count is None:
            return None
        return [{"do": kind, "amount": count, **_each(reach)}]

    return handler


def _each(reach: Effect) -> Effect:
    """A targeted player as the model's ``each`` word (the draw and discard effects)."""
    target = reach.get("target")
    if target in ("player", "opponent"):
        return {"each": "target_player" if target == "player" else "target_opponent"}
    return reach


def discards(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = player_reach(subject, ctx, before)
    random = rest.endswith(" at random")
    count = cards_count(rest[: -len(" at random")] if random else rest)
    if reach is None or count is None:
        return None
    found: Effect = {"do": "discard", "amount": count, **_each(reach)}
    if random:
        found["random"] = True
    return [found]


def life(
    subject: str, rest: str, ctx: Context, before: list[Effect], kind: str
) -> list[Effect] | None:
    reach = player_reach(subject, ctx, before)
    if reach is None:
        return None
    match = re.fullmatch(
        rf"({NUMBER}|(?:two|three) times X|that much) life(?: for each (.+))?", rest
    )
    if match:
        value: Any = number(match.group(1))
        if value is None:
            value = amount(match.group(1))  # "two times X life", "that much life"
        if match.group(2):
            value = for_each(value, match.group(2))
            if value is None:
                return None
        return [{"do": kind, "amount": value, **reach}]
    match = re.fullmatch(r"life equal to (.+)", rest)
    if match:
        value = amount(match.group(1))
        return None if value is None else [{"do": kind, "amount": value, **reach}]
    return half_life(kind, rest, reach)


def _loses(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    if rest == "the game":  # 104.3e
        reach = player_reach(subject, ctx, before)
        return None if reach is None else lose_game(reach)
    return life(subject, rest, ctx, before, "lose_life")


def _gains(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    found = life(subject, rest, ctx, before, "gain_life")
    if found is not None:
        return found
    bare, duration = until(rest)
    both = re.fullmatch(r"(.+?),? and (?:gets|get) ([+-](?:\d+|X)/[+-](?:\d+|X))", bare)
    if both:  # "gain trample and get +X/+X until end of turn": as "get ... and gain ..."
        return _gets(subject, f"{both.group(2)} and gain {both.group(1)}{rest[len(bare):]}", ctx,
                     before)  # fmt: skip
    keywords = keywords_of(bare)
    if keywords is None or duration is None:
        return None
    reach = reach_of(subject, ctx, before)
    if reach is None or _is_player(reach):
        return None
    return [{"do": "pump", **reach, "keywords": keywords, "until": duration}]


def _is_player(reach: Effect) -> bool:
    return reach.get("target") in ("player", "opponent") or reach.get("each") in (
        "you", "each_player", "each_opponent", "that_player", "target_player", "target_opponent",
    )  # fmt: skip


def _gets(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    poison = re.fullmatch(rf"({NUMBER}) poison counters?", rest)
    if poison:  # "target player gets a poison counter"
        reach = player_reach(subject, ctx, before)
        count = number(poison.group(1))
        return None if reach is None else [{"do": "poison", "amount": count, **_each(reach)}]
    per: Any = None
    each = re.fullmatch(r"(.+?) for each (.+?)( until end of turn)?", rest)
    if each:  # "+1/+0 until end of turn for each other attacking Aurochs"
        per = for_each(1, each.group(2))
        if per is None:
            return None
        rest = each.group(1) + (each.group(3) or "")
    rest, duration = until(rest)
    if duration is None:
        return None
    reach = reach_of(subject, ctx, before)
    if reach is None or _is_player(reach):
        return None
    if per is not None:
        return _pump_for_each(reach, rest, per, duration)
    match = re.fullmatch(r"([+-](?:\d+|X))/([+-](?:\d+|X))(?: and (?:gains|gain) (.+))?", rest)
    if not match or "-X" in (match.group(1), match.group(2)):
        return None
    found: Effect = {
        "do": "pump",
        **reach,
        "power": _boost(match.group(1)),
        "toughness": _boost(match.group(2)),
        "until": duration,
    }
    if match.group(3):
        keywords = keywords_of(match.group(3))
        if keywords is None:
            return None
        found["keywords"] = keywords
    return [found]


def _pump_for_each(reach: Effect, rest: str, per: Any, duration: str) -> list[Effect] | None:
    """+N/+M for each of a count: the count N and M times (N, M >= 0: the model counts up)."""
    match = re.fullmatch(r"\+(\d+)/\+(\d+)", rest)
    if match is None:
        return None
    found: Effect = {"do": "pump", **reach, "until": duration}
    for key, text in (("power", match.group(1)), ("toughness", match.group(2))):
        size = int(text)
        found[key] = times(per, size) if size else 0
        if found[key] is None:
            return None
    return [found]


def _boost(text: str) -> int | str:
    """ "+2" -> 2, "+X" -> "X" (its value given by a "where X is" or the spell's X)."""
    return "X" if text == "+X" else int(text)


def keywords_of(text: str) -> list[str] | None:
    parts = [p.strip() for p in re.split(r",? and |, ", text.strip()) if p.strip()]
    if not parts or any(not engine_keyword(p) for p in parts):
        return None
    return [p[:1].upper() + p[1:] for p in parts]


def _sacrifices(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = player_reach(subject, ctx, before)
    if reach is None:
        return None
    reach = _each(reach)  # "Target player sacrifices": a target slot for the player
    every = re.fullmatch(r"all (.+?) (?:they|you) controls?( that are one or more colors)?", rest)
    if every:  # "Each player sacrifices all creatures they control." (no choice)
        noun = noun_phrase("each " + every.group(1))
        if noun is None or noun.owner is not None or noun.zone != "battlefield":
            return None
        filt = dict(noun.filter)
        if every.group(2):
            filt["colors"] = list(COLORS.values())  # 105.2: a colored object has a colour
        if filt.pop("other", False):
            return None
        return [{"do": "sacrifice", "all": True, **reach, **({"filter": filt} if filt else {})}]
    match = re.fullmatch(rf"({NUMBER}|that many) (.+?)(?: of their choice)?", rest)
    if match is None:
        return None
    count = number(match.group(1)) if match.group(1) != "that many" else amount("that many")
    noun = noun_phrase("each " + match.group(2))
    if noun is None or noun.owner is not None or noun.zone != "battlefield":
        return None
    filt = dict(noun.filter)
    if filt.pop("other", False):
        return None
    found: Effect = {"do": "sacrifice", "amount": count, **reach}
    if filt:
        found["filter"] = filt
    return [found]


def _creates(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """Its controller creates a 3/3 green Beast creature token (Beast Within)."""
    reach = player_reach(subject, ctx, before)
    if reach is None or "target" in reach:
        return None
    found = create(rest, ctx, before)
    if found is None:
        return None
    if reach.get("each") == "you":
        return found
    return [{**effect, **reach} for effect in found]


def _returns(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """Each player returns all creature cards from their graveyard to the battlefield."""
    reach = player_reach(subject, ctx, before)
    match = re.fullmatch(r"(.+?) to (the battlefield( tapped)?|their hands?)", rest)
    if reach is None or "target" in reach or match is None:
        return None
    noun = noun_phrase(match.group(1))
    one = chosen_one(noun, match.group(2))  # "returns a creature card from their graveyard"
    if noun is None or (noun.choose != "each" and one is None) or noun.zone != "graveyard":
        return None
    kind = "return_to_hand" if match.group(2).startswith("their") else "return_to_battlefield"
    found: Effect = {"do": kind, **reach, "from": "graveyard", **(one or {})}
    if noun.filter:
        found["filter"] = dict(noun.filter)
    if match.group(3):
        found["tapped"] = True
    return [found]


def _fights(subject: str, rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """701.14: "Target creature you control fights target creature you don't control", "it
    fights up to one target creature you don't control"."""
    fighter = reach_of(subject, ctx, before)
    other = reach_of(rest, ctx, before)
    if fighter is None or other is None or "target" not in other:
        return None
    if _is_player(fighter) or other["target"] in ("player", "opponent", "any"):
        return None
    if "target" not in fighter and fighter.get("each") != "it":
        return None  # the model's fight is a target or the source itself
    return [{"do": "fight", **fighter, "against": other}]


VERB_HANDLERS: dict[str, Handler] = {
    "fights": _fights,
    "returns": _returns,
    "deals": _deals,
    "draws": _cards("draw"),
    "draw": _cards("draw"),
    "discards": discards,
    "discard": discards,
    "loses": _loses,
    "lose": _loses,
    "gains": _gains,
    "gain": _gains,
    "gets": _gets,
    "get": _gets,
    "sacrifices": _sacrifices,
    "sacrifice": _sacrifices,
    "mills": _cards("mill"),
    "mill": _cards("mill"),
    "creates": _creates,
    "create": _creates,
}
