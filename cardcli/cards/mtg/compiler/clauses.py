"""Effect sentences into the card model's effects ("Draw two cards." -> ``{do: draw, ...}``).

A sentence is one or more clauses joined by "and", ", then" or "and then". Each
clause is an imperative ("Destroy target creature", ``imperatives``) or a
subject and its verb ("Target player draws two cards", ``verbs``). A clause
with no subject of its own takes the one before it: in "Target player draws
two cards and loses 2 life" the second clause is that player's. The whole
sentence is tried first, so "gets +2/+2 and gains flying" and "each creature
and each player" stay one clause.

Some sentences only qualify the effects before them ("It can't be
regenerated.", "If a creature dealt damage this way would die this turn,
exile it instead."): ``modifier`` folds them into those effects.

``effects_of`` returns a sentence's effects, or None if any clause of it is
not read: a sentence is compiled whole or left to the players whole.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.amounts import amount
from cardcli.cards.mtg.compiler.context import Context, Effect
from cardcli.cards.mtg.compiler.copies import copy_step
from cardcli.cards.mtg.compiler.damage_replacements import damage_clause
from cardcli.cards.mtg.compiler.delayed import at_later_time, later
from cardcli.cards.mtg.compiler.imperatives import imperative
from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.text import upper_first
from cardcli.cards.mtg.compiler.verbs import SINGULAR, VERB_WORDS, subject_verb
from cardcli.cards.mtg.compiler.words import number

MAX_SPLITS = 6  # "and" joins at most this many clauses; a longer sentence is read whole


def effects_of(sentence: str, ctx: Context) -> list[Effect] | None:
    """The effects of one sentence (``ctx.before``: the sentences' before it), or None."""
    text = sentence.strip().rstrip(".").strip()
    if not text:
        return []
    # "Colorless creatures you control also gain first strike": "also" adds nothing to read
    text = re.sub(r" also (?=(?:gains?|gets?|has|have|deals?|loses?)\b)", " ", text)
    modified = modifier(text, ctx.before, ctx)
    if modified is not None:
        return modified
    unpreventable = damage_clause(text)
    if unpreventable is not None:
        return unpreventable
    waits = later(text)
    if waits is not None:  # 603.7: "Destroy that creature at end of combat."
        inner = effects_of(waits[0], ctx)
        effect = at_later_time(inner or [], waits[1], sentence.strip())
        return None if effect is None else [effect]

    kicked = re.match(r"If (?:this spell|~) (was|wasn't) kicked, ", text)
    if kicked:  # "If this spell was kicked, draw two cards." (702.33d)
        found = _clauses(upper_first(text[kicked.end() :]), ctx, list(ctx.before), 0)
        if found is None or any("if" in effect for effect in found):
            return None
        return [{**e, "if": "kicked" if kicked.group(1) == "was" else "not_kicked"} for e in found]
    did = re.match(r"If you (do|don't), ", text)
    if did:  # "You may discard a card. If you do, draw a card." (608.2c)
        return _if_done(text[did.end() :], did.group(1) == "do", ctx)
    x_is = None
    where = re.search(r",? where X is (.+)$", text)
    if where:  # "Create X tokens, where X is the number of Goblins you control"
        x_is = amount(where.group(1))
        if x_is is None:
            return None
        text = text[: where.start()]
    if text.lower().startswith("until end of turn, "):  # the duration said first
        text = text[len("until end of turn, ") :] + " until end of turn"
    found = _clauses(text, ctx, list(ctx.before), 0)
    if found is None:
        return None
    if x_is is not None:
        found = [_with_x(effect, x_is) for effect in found]
    return found


def _if_done(text: str, done: bool, ctx: Context) -> list[Effect] | None:
    """The effects of "If you do, ..." after an optional effect or a payment, each only if it
    was done (or not); None where nothing before may or may not be done."""
    before = ctx.before
    if not before or not (before[-1].get("optional") or before[-1].get("do") == "pay_mana"):
        return None
    if any("if" in effect for effect in before):
        return None  # one "if you do" to an ability: the model keeps one answer
    found = _clauses(text[:1].upper() + text[1:], ctx, list(before), 0)
    if found is None or any("if" in effect for effect in found):
        return None
    return [{**effect, "if": "paid" if done else "not_paid"} for effect in found]


def _with_x(effect: Effect, value: Any) -> Effect:
    """The effect with its X as ``value``: its amount, a pump's +X/+X, an X/X token's size
    (``x``, which the engine reads as the token is made)."""
    found = dict(effect)
    for key in ("amount", "power", "toughness"):
        if found.get(key) == "X":
            found[key] = value
    token = found.get("token") or {}
    if "X" in (token.get("power"), token.get("toughness")):
        found["x"] = value
    return found


def _clauses(text: str, ctx: Context, before: list[Effect], depth: int) -> list[Effect] | None:
    """The effects of ``text`` read as one clause, else split at a joining word."""
    whole = _clause(text, ctx, before)
    if whole is not None:
        return whole
    if depth >= MAX_SPLITS:
        return None
    for match in re.finditer(r",? then |,? and then | and |, ", text):
        left, right = text[: match.start()].strip(), text[match.end() :].strip()
        if not left or not right:
            continue
        first = _clause(left, ctx, before)
        if first is None:
            continue
        after = before + first
        rest = _clauses(_with_subject(right, left), ctx, after, depth + 1)
        if rest is not None:
            return first + rest
    return None


def _with_subject(text: str, before: str) -> str:
    """A clause that begins with its verb takes the subject before ("they loses 2 life")."""
    first = text.split(" ", 1)[0].lower()
    return "they " + text if first in SINGULAR else text


def _clause(text: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    optional = False
    low = text.lower()
    if low.startswith("you may "):
        text, optional = text[8:], True
        have = re.fullmatch(r"have (~|it) (deal|fight) (.+)", text)
        if have:  # "you may have ~ deal 1 damage to each creature": ~ deals it, if you like
            text = f"{have.group(1)} {have.group(2)}s {have.group(3)}"
    read = imperative(text, ctx, before)
    if read is None:
        read = subject_verb(text, ctx, before)
    if read is None and text.split(" ", 1)[0].lower() in VERB_WORDS:
        read = subject_verb("you " + text, ctx, before)  # "gain 3 life": you do
    if read is None:
        return None
    if optional and read:
        read = [{**read[0], "optional": True}, *read[1:]]
    return read


# -- sentences that qualify the effects before them -----------------------------------------


_NO_REGENERATE = re.compile(
    r"(?:It|They|That creature|Those creatures|A creature dealt damage this way) "
    r"can't be regenerated(?: this turn)?"
)
_EXILE_INSTEAD = re.compile(
    r"If (?:a|that) creature (?:dealt damage this way )?would die this turn, exile it instead"
)


_BOTH = re.compile(
    r"If it's a creature, it can't be regenerated this turn, and if it would die this turn, "
    r"exile it instead"
)


_TOKENS_HAVE = re.compile(r"(?:It has|They have|That token has|Those tokens have) \"([^\"]+)\"")


def modifier(text: str, before: list[Effect], ctx: Context) -> list[Effect] | None:
    """A sentence that changes the effects before it, applied to them (returns no effects of
    its own, but ``[]``); None if the sentence is not one."""
    if not before:
        return None
    if before[-1].get("do") == "dig":
        step = dig_step(text, before[-1])
        if step is not None:
            return step
    if before[-1].get("do") in ("copy_token", "copy_spell"):  # "It gains haste. ..."
        step = copy_step(text, before[-1])
        if step is not None:
            return step
    has = _TOKENS_HAVE.fullmatch(text)
    if has and before[-1].get("do") == "create_token":  # 'They have "Sacrifice this token: ..."'
        return _token_has(before[-1], has.group(1), ctx)
    if _NO_REGENERATE.fullmatch(text):
        kinds = ("destroy", "damage")
        return _mark(before, kinds, "no_regenerate")
    if _EXILE_INSTEAD.fullmatch(text):
        return _mark(before, ("damage",), "exile_if_dies")
    if _BOTH.fullmatch(text):  # Disintegrate
        _mark(before, ("damage",), "no_regenerate")
        return _mark(before, ("damage",), "exile_if_dies")
    return None


def _mark(before: list[Effect], kinds: tuple[str, ...], key: str) -> list[Effect] | None:
    marked = False
    for effect in before:
        if effect.get("do") in kinds:
            effect[key] = True
            marked = True
    return [] if marked else None


def _token_has(effect: Effect, ability: str, ctx: Context) -> list[Effect] | None:
    token = effect["token"]
    if ctx.compile_token is None:
        return None
    behaviour, whole = ctx.compile_token({**token, "oracle": ability})
    if not whole or set(behaviour) != {"abilities"}:
        return None
    token["abilities"] = [*token.get("abilities", []), *behaviour["abilities"]]
    return []


_TAKE = re.compile(
    r"(You may reveal|You may put|Reveal|Put) (an?|one|two|up to (?:one|two|three)|any number) "
    r"(?:(.+?) (?:cards? )?)?(?:from among them|of them)"
    r"(?: and put (?:it|them) )?(?: ?(into your hand|onto the battlefield(?: tapped)?|"
    r"into your graveyard))"
    r"(?: and the (?:rest|other) (on the bottom of your library(?: in (?:a random|any) order)?|"
    r"into your graveyard))?"
)
_REST = re.compile(
    r"Put the rest (on the bottom of your library in (?:a random|any) order|into your graveyard"
    r"|back on top of your library in any order)"
)


def dig_step(text: str, dig: Effect) -> list[Effect] | None:
    """A sentence after "Look at the top N cards of your library" saying what is taken and
    where the rest go; changes the dig before it (``[]``), or None."""
    rest = _REST.fullmatch(text)
    if rest is not None and "rest" not in dig:
        dig["rest"] = _rest(rest.group(1))
        return []
    take = _TAKE.fullmatch(text)
    if take is None or dig.get("take"):
        return None
    verb, how_many, what, where, rest_where = take.groups()
    count = how_many.split()[-1]
    if count == "number":
        return None
    taken = number(count)
    if not isinstance(taken, int):
        return None
    if what:
        noun = noun_phrase("each " + what + " card")
        if noun is None or noun.head != "card":
            return None
        if noun.filter:
            dig["filter"] = dict(noun.filter)
    dig["take"] = taken
    if verb.startswith("You may") or how_many.startswith("up to"):
        dig["up_to"] = True
    if "reveal" in verb.lower():
        dig["reveal"] = True
    if where.startswith("onto"):
        dig["to"] = "battlefield"
        if where.endswith("tapped"):
            dig["tapped"] = True
    elif where == "into your graveyard":
        dig["to"] = "graveyard"
    if rest_where:
        dig["rest"] = _rest(rest_where)
    return []


def _rest(where: str) -> str:
    if where == "on the bottom of your library":
        return "bottom"
    if where.startswith("into"):
        return "graveyard"
    if where.startswith("back on top"):
        return "top"
    return "bottom_random" if "random" in where else "bottom"
