"""Whom and what a clause reaches: the card itself, "it", players, or a noun phrase.

"It" and "they" name what an earlier clause reached, else (in the card's own
trigger or activated ability) the card itself, else what the trigger saw. A
player phrase ("each opponent", "its controller") lowers to the model's
``each`` players; a noun phrase to ``target`` or ``each`` with a filter.
"""

from __future__ import annotations

from cardcli.cards.mtg.compiler.context import Context, Effect
from cardcli.cards.mtg.compiler.phrases import as_each, as_target, noun_phrase, player

_PRONOUNS = ("it", "they", "them", "that creature", "those creatures", "that permanent",
             "those permanents", "the creature", "that land", "that artifact", "those tokens",
             "that token", "the token", "the tokens")  # fmt: skip
_ATTACHED = {"enchanted creature": "enchanted_creature", "equipped creature": "equipped_creature"}


def reached_objects(before: list[Effect]) -> bool:
    """Did the last effect before reach objects (a target or a set of permanents)?"""
    if not before:
        return False
    last = before[-1]
    target = last.get("target")
    if target is not None:
        return target not in ("player", "opponent")
    each = str(last.get("each", ""))
    return (each.startswith("each_") and each not in ("each_player", "each_opponent")) or each in (
        "that_creature",
        "it",
        "enchanted_creature",
        "equipped_creature",
    )


def reached_players(before: list[Effect]) -> bool:
    if not before:
        return False
    last = before[-1]
    return last.get("target") in ("player", "opponent") or last.get("each") in (
        "each_player",
        "each_opponent",
        "that_player",
        "target_player",
        "target_opponent",
    )


def pronoun(ctx: Context, before: list[Effect]) -> Effect:
    """What "it" (or "they") names here."""
    if reached_objects(before):
        last = before[-1]
        if last.get("each") == "it":
            return {"each": "it"}
        return {"each": "that_creature"}
    return {"each": "it"} if ctx.itself else {"each": "that_creature"}


def reach_of(text: str, ctx: Context, before: list[Effect]) -> Effect | None:
    """What a clause reaches, as ``target``/``each`` fields; None if unread."""
    found = _reach_of(text, ctx, before)
    if found == {"each": "it"} and ctx.gone:
        return None  # "When ~ dies, return it to its owner's hand": the card, not a permanent
    return found


def _reach_of(text: str, ctx: Context, before: list[Effect]) -> Effect | None:
    low = " ".join(text.strip().lower().split())
    if low == "~":
        return {"each": "it"}
    if low in _PRONOUNS:
        if low in ("they", "them") and reached_players(before):
            return {"each": "that_player"}
        return pronoun(ctx, before)
    if low in _ATTACHED:
        return {"each": _ATTACHED[low]}
    who = player(low)
    if who is not None:
        if who in ("target_player", "target_opponent"):
            return {"target": "player" if who == "target_player" else "opponent"}
        return {"each": who}
    if low.startswith("that ") and _creature_type(" ".join(text.split())[5:]):  # "that Sliver"
        return pronoun(ctx, before)
    noun = noun_phrase(text)
    if noun is None:
        return None
    return as_target(noun) or as_each(noun)


def _creature_type(word: str) -> bool:
    """Is ``word`` a creature type alone ("sliver", "zombie")?"""
    noun = noun_phrase("each " + word) if " " not in word else None
    return noun is not None and set(noun.filter) == {"subtypes", "types"} and not noun.owner


def player_reach(text: str, ctx: Context, before: list[Effect]) -> Effect | None:
    """A player a clause names as its subject (draws, discards, loses life)."""
    low = " ".join(text.strip().lower().split())
    if low in ("they", "that player", "he or she") and before:
        return {"each": "that_player"}
    if low in ("its controller", "their controller", "that creature's controller",
               "its owner", "that permanent's controller", "that spell's controller",
               "that player or that planeswalker's controller",
               "that creature's controller or that planeswalker's controller"):  # fmt: skip
        return {"each": "that_player"}
    if low == "that source's controller" and ctx.event_amount:  # a damage trigger's source's
        return {"each": "that_source_controller"}
    who = player(low)
    if who is None:
        return None
    if who in ("target_player", "target_opponent"):
        return {"target": "player" if who == "target_player" else "opponent"}
    return {"each": who}
