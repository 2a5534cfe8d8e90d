"""Copy effects (706): a permanent that enters as a copy of another (a clone, 614.1c).

"You may have this creature enter as a copy of any creature on the battlefield." reads
into a replacement of the card's own, ``enters_as_copy``: what it may copy (``zone``,
``filter``, ``controller``) and the exceptions the copy effect makes, which become part of
the copy's copiable values (706.9b): types and subtypes added, keywords it has
(``copy_except``). Exceptions the engine cannot make (a name, a granted ability in
quotes, a condition) leave the line to the players.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.words import CARD_TYPES, engine_keyword

_ENTER = re.compile(r"You may have ~ enter as a copy of (?:any |an? )(.+?)(?:, except (.+))?\.")
# Keywords a copy may be given that change nothing but the keyword itself.
_NO_COPY_KEYWORDS = {"changeling"}  # (it would change the copy's creature types too)


def enters_as_copy(text: str) -> dict[str, Any] | None:
    """A clone's line as its ``enters_as_copy`` replacement; {} for such a line the model
    cannot hold, None for another line."""
    match = _ENTER.fullmatch(text)
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
        made = copy_except(exceptions)
        if made is None:
            return {}
        ability["copy_except"] = made
    return ability


def copy_except(text: str) -> dict[str, Any] | None:
    """ "it's an artifact in addition to its other types and it has flying" -> what the copy
    effect changes (706.9a): ``add_types``, ``add_subtypes``, ``keywords``; None if unread."""
    made: dict[str, Any] = {}
    for part in re.split(r",? and (?=it)|, (?=it)", text):
        added = re.fullmatch(r"it's an? ([A-Za-z -]+?) in addition to its other types", part)
        if added:
            for word in added.group(1).split():
                card_type = CARD_TYPES.get(word.lower())
                if card_type is not None:
                    made.setdefault("add_types", []).append(card_type)
                elif word[:1].isupper() and word.isalpha():
                    made.setdefault("add_subtypes", []).append(word)
                else:
                    return None
            continue
        has = re.fullmatch(r"it has ([a-z ]+?)", part)
        if has:
            words = re.split(r",? and |, ", has.group(1))
            if not all(engine_keyword(w) and w not in _NO_COPY_KEYWORDS for w in words):
                return None
            made.setdefault("keywords", []).extend(w[:1].upper() + w[1:] for w in words)
            continue
        return None
    return made or None


__all__ = ["copy_except", "enters_as_copy"]
