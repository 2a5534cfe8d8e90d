"""Copy effects (706, 707): copiable values, clones and (later) token copies.

An object's copiable values (706.2) are what is printed on it (its ``Proto``) as
changed by other copy effects and their exceptions, and by nothing else: not its
counters, not the effects of resolved spells, not static abilities. Here an object's
``proto`` already is exactly that, so a copy effect in layer 1 (613.1a) is a new
``Proto``: the copied object's, with the copy effect's exceptions made part of it
(706.9b), and with what is the copy's own and not a copiable value kept (whether it is a
token or a Horde token card). Everything else reads that Proto as it reads any card's:
abilities, triggers, statics, legendary-ness, mana value, characteristics on read.

A clone that entered as a copy remembers its own card (``Proto.own``): it is itself
again once it leaves the battlefield (400.7). Copies are made once per copied
Proto, copy and exceptions: a board of hundreds of token copies shares one. What a
clone is asked as it enters is in ``copies_asking``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardcli.magic.cards import Proto, norm_keyword
from cardcli.magic.keywords import keyword_triggers
from cardcli.magic.objects import Obj


@dataclass(frozen=True)
class AsCopy:
    """What a clone enters as: a copy of ``of``; an Aura's copy attached to ``attach_to``
    (303.4f: chosen as it enters, not targeted)."""

    of: Obj
    attach_to: int | None = None


_COPIES: dict[tuple[int, int, bool, str], tuple[Proto, Proto | None, Proto]] = {}


def copy_proto(
    copied: Proto, own: Proto | None, exceptions: Mapping[str, Any] | None, token: bool
) -> Proto:
    """The copiable values of an object whose copiable values are ``copied``, changed by
    ``exceptions`` (706.9); ``own``: the copying card's own Proto (None for a token that is
    a copy: it stays one wherever it goes, 111.10, 707.2)."""
    copied = copied.base or copied  # abilities granted to it are no copiable value (706.2)
    key = (id(copied), id(own), token, json.dumps(exceptions, sort_keys=True) if exceptions else "")
    found = _COPIES.get(key)
    if found is not None:
        return found[2]
    exceptions = exceptions or {}
    keywords = frozenset(norm_keyword(k) for k in exceptions.get("keywords", ()))
    triggers = dict(copied.triggers)
    for kind, abilities in keyword_triggers(keywords - copied.keywords).items():
        triggers[kind] = (*triggers.get(kind, ()), *abilities)
    # Abilities the exceptions give ('it has "At the beginning of the end step, sacrifice
    # this token."'), read as a token's are.
    granted = Proto.token({"name": copied.name, "abilities": exceptions.get("abilities", ())})
    for kind, abilities in granted.triggers.items():
        triggers[kind] = (*triggers.get(kind, ()), *abilities)
    made = dataclasses.replace(
        copied,
        types=copied.types | frozenset(exceptions.get("add_types", ())),
        subtypes=copied.subtypes | frozenset(exceptions.get("add_subtypes", ())),
        keywords=copied.keywords | keywords,
        triggers=triggers,
        statics=copied.statics + granted.statics,
        activated=copied.activated + granted.activated,
        mana_abilities=copied.mana_abilities + granted.mana_abilities,
        is_token=token,
        token_card=own.token_card if own is not None else False,
        tapped_token=False,
        own=own,
    )
    _COPIES[key] = (copied, own, made)  # (the keys' Protos kept alive: ids stay unique)
    return made


def entering_copy(entering: Proto, copied: Obj) -> Proto:
    """What a clone (``entering``: its own card) is once it enters as a copy of ``copied``."""
    own = entering.own or entering
    return copy_proto(copied.proto, own, (own.enters_as_copy or {}).get("copy_except"), False)


__all__ = ["AsCopy", "copy_proto", "entering_copy"]
