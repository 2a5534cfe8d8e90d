"""Copy effects (706, 707): clones (614.1c) and tokens that are copies (111.10, 707.2).

"You may have this creature enter as a copy of any creature on the battlefield." reads
into a replacement of the card's own, ``enters_as_copy``: what it may copy (``zone``,
``filter``, ``controller``) and the exceptions the copy effect makes, which become part of
the copy's copiable values (706.9b): types and subtypes added, keywords it has
(``copy_except``). Exceptions the engine cannot make (a name, a granted ability in
quotes that does not compile, a condition) leave the line to the players.

"Create a token that's a copy of target creature you control" reads into a ``copy_token``
effect: what it copies (a target, ``each``, or the card itself), the exceptions, and what
later sentences say of the token ("It gains haste until end of turn.", "Sacrifice it at
the beginning of the next end step."; ``copy_step``). "Copy target instant or sorcery
spell." reads into ``copy_spell`` (707.10).
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.context import Context, Effect
from cardcli.cards.mtg.compiler.phrases import as_each, as_target, noun_phrase
from cardcli.cards.mtg.compiler.words import CARD_TYPES, engine_keyword, number

_ENTER = re.compile(r"You may have ~ enter as a copy of (?:any |an? )(.+?)(?:, except (.+))?\.")
# Keywords an exception may not give here: changeling would change the copy's creature
# types too (702.73a), which the engine does not make of a keyword.
_NO_COPY_KEYWORDS = {"changeling"}


def enters_as_copy(text: str, ctx: Context | None = None) -> dict[str, Any] | None:
    """A clone's line as its ``enters_as_copy`` replacement; {} for such a line the model
    cannot hold, None for another line."""
    # (a line that ends in a quoted ability ends with its period inside the quotes)
    match = _ENTER.fullmatch(text + "." if text.endswith('."') else text)
    if match is None:
        return None
    what, exceptions = match.groups()
    what = what.removesuffix(" on the battlefield")
    noun = noun_phrase("a " + what)
    if noun is None or noun.choose != "a" or noun.count != 1 or noun.up_to:
        return {}
    ability: dict[str, Any] = {"replacement": "enters_as_copy"}
    if noun.zone == "graveyard" and noun.head == "card":
        ability["zone"] = "graveyard"  # "a creature card in a graveyard" (Body Double)
    elif noun.zone != "battlefield" or noun.head == "card":
        return {}
    if noun.owner in ("you", "opponents"):
        ability["controller"] = noun.owner
    elif noun.owner is not None:
        return {}
    if noun.filter:
        if "other" in noun.filter or "self" in noun.filter or "controller" in noun.filter:
            return {}
        ability["filter"] = dict(noun.filter)
    if exceptions:
        made = copy_except(exceptions, ctx)
        if made is None:
            return {}
        ability["copy_except"] = made
    return ability


_QUOTED = re.compile(r'"[^"]*"')


def copy_except(text: str, ctx: Context | None = None) -> dict[str, Any] | None:
    """ "it's an artifact in addition to its other types and it has flying" -> what the copy
    effect changes (706.9a): ``add_types``, ``add_subtypes``, ``keywords``, ``abilities``
    (an ability in quotes, compiled as a card's); None if unread."""
    made: dict[str, Any] = {}
    masked = _QUOTED.sub(lambda m: "\0" * len(m.group(0)), text)
    cuts = [0, *(m.start() for m in re.finditer(r",? and (?=it)|, (?=it)", masked)), len(text)]
    starts = [0, *(m.end() for m in re.finditer(r",? and (?=it)|, (?=it)", masked))]
    for start, end in zip(starts, cuts[1:], strict=True):
        if not _exception(text[start:end].strip(), made, ctx):
            return None
    return made or None


def _exception(part: str, made: dict[str, Any], ctx: Context | None) -> bool:
    added = re.fullmatch(r"it's an? ([A-Za-z -]+?) in addition to its other types", part)
    if added:
        for word in added.group(1).split():
            card_type = CARD_TYPES.get(word.lower())
            if card_type is not None:
                made.setdefault("add_types", []).append(card_type)
            elif word[:1].isupper() and word.isalpha():
                made.setdefault("add_subtypes", []).append(word)
            else:
                return False
        return True
    has = re.fullmatch(r"it has (.+)", part)
    if has is None:
        return False
    listed = has.group(1)
    masked = _QUOTED.sub(lambda m: "\0" * len(m.group(0)), listed)
    bounds = [(m.start(), m.end()) for m in re.finditer(r",? and |, ", masked)]
    starts = [0, *(end for _, end in bounds)]
    ends = [*(start for start, _ in bounds), len(listed)]
    for start, end in zip(starts, ends, strict=True):
        item = listed[start:end].strip()
        if item.startswith('"') and item.endswith('"'):
            # a granted ability, part of the copy's values: compiled as a card's own
            if ctx is None or ctx.compile_token is None:
                return False
            token = {"name": "Copy", "types": ["Creature"], "oracle": item[1:-1]}
            behaviour, whole = ctx.compile_token(token)
            if not whole or set(behaviour) != {"abilities"}:
                return False
            made.setdefault("abilities", []).extend(behaviour["abilities"])
        elif engine_keyword(item) and item not in _NO_COPY_KEYWORDS:
            made.setdefault("keywords", []).append(item[:1].upper() + item[1:])
        else:
            return False
    return True


# -- tokens that are copies (707.2, 111.10) ---------------------------------------------------

_TOKEN_COPY = re.compile(r"(tapped )?(?:a|(\w+)) (?:tapped )?tokens? that(?:'s| are) (?:a )?"
                         r"cop(?:y|ies) of (.+?)(?:, except (.+))?")  # fmt: skip


def token_copy(rest: str, ctx: Context, each_one: bool = False) -> list[Effect] | None:
    """ "a token that's a copy of target creature you control[, except ...]" (after "create")
    -> a ``copy_token`` effect; None for another phrase."""
    match = _TOKEN_COPY.fullmatch(rest)
    if match is None:
        return None
    tapped, count, what, exceptions = match.groups()
    effect: Effect = {"do": "copy_token"}
    if count is not None:
        amount = number(count)
        if amount is None:
            return None
        effect["amount"] = amount
    if what == "~":
        if not ctx.itself or ctx.gone:
            return None
        effect["each"] = "it"  # the card itself (Polyraptor)
    elif what in ("that permanent", "that creature", "that token"):
        if not each_one:
            return None
        effect["each"] = "that_one"  # the one a "for each" names (``for_each_copy``)
    else:
        noun = noun_phrase(what)
        found = as_target(noun) if noun is not None else None
        if found is None or noun is None or noun.count != 1 or noun.up_to:
            return None
        effect.update(found)
    if tapped:
        effect["tapped"] = True
    if exceptions:
        made = copy_except(exceptions, ctx)
        if made is None:
            return None
        effect["copy_except"] = made
    return [effect]


_FOR_EACH = re.compile(r"each (.+?), (its controller creates|create) (a token that's a copy of "
                       r"that (?:permanent|creature|token))")  # fmt: skip


def for_each_copy(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "For each token you control, create a token that's a copy of that permanent." (after
    "For"): one token copy of each such permanent; "its controller creates" one under the
    copied permanent's controller (Parallel Evolution)."""
    match = _FOR_EACH.fullmatch(rest)
    if match is None:
        return None
    noun = noun_phrase("each " + match.group(1).removesuffix(" on the battlefield"))
    reach = as_each(noun) if noun is not None else None
    made = token_copy(match.group(3), ctx, each_one=True)
    if reach is None or not made or made[0].get("each") != "that_one":
        return None
    effect = {**made[0], **reach}
    if match.group(2) == "its controller creates":
        effect["under"] = "its_controller"
    return [effect]


_GAINS = re.compile(r"(?:It|They) gains? ([a-z ,]+?)( until end of turn)?")
_AT_END = re.compile(r"(Sacrifice|Exile) (?:it|them|the tokens?) at the beginning of the next "
                     r"end step")  # fmt: skip


def copy_step(text: str, effect: Effect) -> list[Effect] | None:
    """A sentence after a token copy that says what becomes of the token: "It gains haste
    (until end of turn).", "Sacrifice it at the beginning of the next end step."; after a
    copy of a spell, "You may choose new targets for the copy." ([]: read, into ``effect``);
    None for another sentence."""
    if effect.get("do") == "copy_spell":
        if text == "You may choose new targets for the copy" and "new_targets" not in effect:
            effect["new_targets"] = True
            return []
        return None
    gains = _GAINS.fullmatch(text)
    if gains and "keywords" not in effect:
        words = re.split(r",? and |, ", gains.group(1))
        if not all(engine_keyword(w) for w in words):
            return None
        effect["keywords"] = [w[:1].upper() + w[1:] for w in words]
        effect["until"] = "end_of_turn" if gains.group(2) else "leaves"
        return []
    at_end = _AT_END.fullmatch(text)
    if at_end and "sacrifice_at" not in effect and "exile_at" not in effect:
        effect["sacrifice_at" if at_end.group(1) == "Sacrifice" else "exile_at"] = "next_end_step"
        return []
    return None


# -- copies of spells (707.10) ----------------------------------------------------------------


def copy_spell(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "Copy target instant or sorcery spell [you control]." (after "Copy"): a copy of the
    spell on the stack (707.10); "You may choose new targets for the copy." after it
    (``copy_step``) lets its controller change them (707.10c)."""
    noun = noun_phrase(rest)
    if noun is None or noun.head != "spell" or noun.count != 1 or noun.up_to:
        return None
    found = as_target(noun)
    if found is None or noun.owner not in (None, "you"):
        return None
    if noun.owner == "you":
        found["filter"] = {**found.get("filter", {}), "controller": "you"}
    return [{"do": "copy_spell", **found}]


__all__ = [
    "copy_except",
    "copy_spell",
    "copy_step",
    "enters_as_copy",
    "for_each_copy",
    "token_copy",
]
