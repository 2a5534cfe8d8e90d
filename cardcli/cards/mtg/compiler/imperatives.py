"""Imperative clauses ("Destroy target creature", "Create two 1/1 ... tokens").

One handler a verb; each returns the effects of the clause, or None for a
clause it cannot read. The subject is the ability's controller: "Draw a card"
is "you draw a card".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.compiler.amounts import amount, cards_count, for_each
from cardcli.cards.mtg.compiler.context import Context, Effect
from cardcli.cards.mtg.compiler.copies import copy_spell, for_each_copy, token_copy
from cardcli.cards.mtg.compiler.phrases import MANA, as_target, mana_cost, noun_phrase
from cardcli.cards.mtg.compiler.relics import top_to_graveyard
from cardcli.cards.mtg.compiler.subjects import reach_of
from cardcli.cards.mtg.compiler.words import NUMBER, engine_keyword, number
from cardcli.cards.mtg.tokens import predefined, token_from_phrase

Handler = Callable[[str, Context, list[Effect]], list[Effect] | None]
_COLOR_SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}"]


def imperative(text: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    verb, _, rest = text.partition(" ")
    if verb.lower() == "create" and (copied := token_copy(rest.strip(), ctx)) is not None:
        return copied  # "Create a token that's a copy of ..." (``copies``)
    handler = IMPERATIVES.get(verb.lower())
    return None if handler is None else handler(rest.strip(), ctx, before)


def _objects(rest: str, ctx: Context, before: list[Effect]) -> Effect | None:
    """What a destroy/exile/tap clause reaches: objects only, never a player."""
    reach = reach_of(rest, ctx, before)
    if reach is None or reach.get("target") in ("player", "opponent", "any"):
        return None
    if str(reach.get("each", "")) in ("you", "each_player", "each_opponent", "that_player"):
        return None
    return reach


def _destroy(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = _objects(rest, ctx, before)
    return None if reach is None else [{"do": "destroy", **reach}]


def _exile(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    lasting = re.fullmatch(r"(.+?) until ~ leaves the battlefield", rest)
    if lasting:
        reach = _objects(lasting.group(1), ctx, before)
        return None if reach is None else [{"do": "exile", **reach, "until": "leaves"}]
    reach = _objects(rest, ctx, before)
    return None if reach is None else [{"do": "exile", **reach}]


def _draw(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    count = cards_count(rest)
    return None if count is None else [{"do": "draw", "amount": count, "each": "you"}]


def create(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """Tokens: "two 1/1 white Soldier creature tokens", "..., a 3/3 ... token, and a ..."."""
    parts = re.split(
        rf",? and (?=(?:{NUMBER}) (?:tapped )?\d+/\d+ )|, (?=(?:{NUMBER}) (?:tapped )?\d+/\d+ )",
        rest,
    )
    found: list[Effect] = []
    for part in parts:
        effect = _one_token(part, ctx)
        if effect is None:
            return None
        found.append(effect)
    return found


def _one_token(rest: str, ctx: Context) -> Effect | None:
    per: Any = None
    equal = re.fullmatch(r"a number of (tapped )?(.+?tokens) equal to (.+)", rest)
    if equal:  # "a number of 1/0 blue Elemental creature tokens equal to your devotion to blue"
        per = amount(equal.group(3))
        if per is None:
            return None
        rest = f"X {equal.group(1) or ''}{equal.group(2)}"
    if rest.startswith("that many "):  # "create that many 1/1 ... tokens": the event's amount
        per = amount("that many")
        rest = "X " + rest[len("that many ") :]
    match = re.fullmatch(rf"({NUMBER}) (tapped )?(.+?tokens?)(.*)", rest)
    if not match:
        return None
    count, tapped, phrase, tail = match.groups()
    tail = tail.strip()
    each_match = re.search(r" for each (.+)$", " " + tail)
    if each_match:
        per = for_each(number(count), each_match.group(1))
        if per is None:
            return None
        tail = tail[: each_match.start()].strip()
    token = token_from_phrase(phrase + (" " + tail if tail else ""), sized=True) or _named_token(
        phrase, tail, ctx
    )
    if token is None:
        return None
    data = token_data(token, ctx)
    if data is None:
        return None
    if tapped:
        data["tapped"] = True
    return {
        "do": "create_token",
        "amount": per if per is not None else number(count),
        "token": data,
    }


def _named_token(phrase: str, tail: str, ctx: Context) -> dict[str, Any] | None:
    """A token the rules define by name ("a Treasure token", 111.10), as the card's reminder
    text (or the rules) says it is."""
    match = re.fullmatch(r"([A-Z][a-z]+) tokens?", phrase)
    if match is None or tail:
        return None
    return ctx.tokens.get(match.group(1)) or predefined(match.group(1))


def token_data(token: dict[str, Any], ctx: Context) -> dict[str, Any] | None:
    """A token record as the model's ``token`` data: its text's keywords and abilities
    compiled; None if any of its text is not read."""
    if "Creature" in token.get("types", []) and token.get("power") is None:
        return None
    data: dict[str, Any] = {"name": token["name"], "types": token["types"]}
    for key in ("subtypes", "colors", "power", "toughness", "keywords"):
        if token.get(key):
            data[key] = token[key]
    written_out = any(not engine_keyword(k) for k in token.get("keywords", ()))
    if written_out and not token.get("oracle"):
        return None  # a keyword the engine lacks, and no text to compile it from
    if token.get("oracle") and (written_out or not _only_keywords(token)):
        # its text compiled whole: abilities, and keywords written out (prowess) or not read
        if ctx.compile_token is None:
            return None
        behaviour, whole = ctx.compile_token(token)
        if not whole or set(behaviour) - {"abilities", "keywords"}:
            return None  # a token with abilities the model cannot hold
        if behaviour.get("abilities"):
            data["abilities"] = behaviour["abilities"]
    return data


def _only_keywords(token: dict[str, Any]) -> bool:
    keywords = [k.lower() for k in token.get("keywords", ())]
    return all(part.strip().lower() in keywords for part in token["oracle"].split(","))


def _put(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    milled = top_to_graveyard(rest)  # "the top seven cards of the Horde's library into ..."
    if milled is not None:
        return milled
    match = re.fullmatch(rf"({NUMBER}|that many) ([+-]\d+/[+-]\d+|[a-z]+) counters? on (.+)", rest)
    if match:
        count, kind, what = match.groups()
        each_match = re.fullmatch(r"(.+?) for each (.+)", what)
        value: Any = number(count) if count != "that many" else amount(count)
        if each_match:
            what = each_match.group(1)
            value = for_each(value, each_match.group(2))
            if value is None:
                return None
        reach = reach_of(what, ctx, before)
        if reach is None:
            return None
        return [{"do": "counters", "counter": kind, "amount": value, **reach}]
    match = re.fullmatch(r"(.+?) onto the battlefield( tapped)?( under your control)?", rest)
    if match:
        noun = noun_phrase(match.group(1))
        if noun is not None and noun.choose == "target":  # Reanimate
            reach = as_target(noun)
            if reach is None or noun.zone not in ("your_graveyard", "graveyard"):
                return None
            found: Effect = {"do": "return_to_battlefield", "from": noun.zone, **reach}
            if match.group(2):
                found["tapped"] = True
            if match.group(3):
                found["under"] = "you"
            return [found]
        return _to_battlefield(match.group(1), bool(match.group(2)), bool(match.group(3)))
    return None


def _to_battlefield(what: str, tapped: bool, yours: bool) -> list[Effect] | None:
    """Each card of a graveyard phrase ("all creature cards from all graveyards")."""
    noun = noun_phrase(what)
    if noun is None or noun.zone not in ("your_graveyard", "graveyard") or noun.choose != "each":
        return None
    found: Effect = {"do": "return_to_battlefield", "from": noun.zone}
    found["each"] = "you" if noun.zone == "your_graveyard" else "each_player"
    if noun.filter:
        found["filter"] = dict(noun.filter)
    if tapped:
        found["tapped"] = True
    if yours:
        found["under"] = "you"
    return [found]


def _return(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    match = re.fullmatch(rf"({NUMBER}) (.+?) you control to (?:its|their) owners?'s? hands?", rest)
    if match and number(match.group(1)) is not None:  # chosen as it resolves, not targeted
        noun = noun_phrase("each " + match.group(2))
        if noun is None or noun.zone != "battlefield" or noun.owner or noun.head == "card":
            return None
        chosen: Effect = {"do": "bounce", "chosen": True, "amount": number(match.group(1)),
                          "each": "you"}  # fmt: skip
        if noun.filter:
            chosen["filter"] = dict(noun.filter)
        return [chosen]
    match = re.fullmatch(r"(.+?) to (?:its|their) owners?'s? hands?", rest)
    if match:
        reach = _objects(match.group(1), ctx, before)
        return None if reach is None else [{"do": "bounce", **reach}]
    match = re.fullmatch(
        r"(.+?) to (your hand|the battlefield( tapped)?( under (?:your|its owner's) control)?)",
        rest,
    )
    if not match:
        return None
    noun = noun_phrase(match.group(1))
    if noun is None or noun.zone not in ("your_graveyard", "graveyard"):
        return None
    if noun.choose == "each" and match.group(2) != "your hand":
        return _to_battlefield(
            match.group(1), bool(match.group(3)), "your" in (match.group(4) or "")
        )
    reach = as_target(noun)
    if reach is None:
        return None
    if match.group(2) == "your hand":
        return [{"do": "return_to_hand", "from": noun.zone, **reach}]
    found: Effect = {"do": "return_to_battlefield", "from": noun.zone, **reach}
    if match.group(3):
        found["tapped"] = True
    if match.group(4) and "your" in match.group(4):
        found["under"] = "you"
    return [found]


def _tap(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = _objects(rest, ctx, before)
    return None if reach is None else [{"do": "tap", **reach}]


def _untap(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = _objects(rest, ctx, before)
    return None if reach is None else [{"do": "untap", **reach}]


def _counter(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    unless = re.fullmatch(r"(.+?) unless its controller pays (\{[^ ]+\})", rest)
    if unless:  # 118.12a
        rest = unless.group(1)
        if not mana_cost(unless.group(2)):
            return None
    if rest in ("that spell", "that spell or ability"):  # the one the trigger saw: cast, or
        reach: Effect | None = {"each": "that_spell"}  # targeting (``that_spell``)
    else:
        reach = reach_of(rest, ctx, before)
    if reach is None or (
        reach != {"each": "that_spell"}
        and reach.get("target") not in ("spell", "creature_spell", "noncreature_spell")
    ):
        return None
    found: Effect = {"do": "counter_spell", **reach}
    if unless:
        found["unless_pays"] = unless.group(2) if unless.group(2) != "{X}" else "X"
    return [found]


_SEARCH = re.compile(
    r"your library for (an?|up to (?:one|two|three|four|X)) (.+?)"
    r"(?:,? (?:and )?reveal (?:it|them|that card|those cards))?"
    r"(?:,| and) put (?:it|that card|them|those cards) (into your hand|onto the battlefield( tapped)?)"
    r"(?:,? then shuffle| and shuffle)?"
)


_TUTOR_TOP = re.compile(
    r"your library for an? (.+?)(?:,? (?:and )?reveal it)?, then shuffle and put that card on top"
)


def _search(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    top = _TUTOR_TOP.fullmatch(rest)
    if top:
        noun = noun_phrase("each " + top.group(1))
        if noun is None or noun.head != "card":
            return None
        found_top: Effect = {"do": "search_library", "each": "you", "to": "library_top"}
        if noun.filter:
            found_top["filter"] = dict(noun.filter)
        return [found_top]
    match = _SEARCH.fullmatch(rest)
    if not match:
        return None
    noun = noun_phrase("each " + match.group(2))
    if noun is None or noun.head != "card":
        return None
    found: Effect = {"do": "search_library", "each": "you"}
    how_many = match.group(1).split()[-1]
    if how_many not in ("a", "an", "one"):
        found["amount"] = number(how_many)
    if noun.filter:
        found["filter"] = dict(noun.filter)
    if match.group(3).startswith("onto"):
        found["to"] = "battlefield"
        if match.group(4):
            found["tapped"] = True
    return [found]


def _shuffle(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """The "then shuffle" after a search: the search shuffles already."""
    if rest in ("", "your library") and before and before[-1].get("do") == "search_library":
        return []
    return None


_COULD = {
    "one mana of any color in your commander's color identity": "commander_identity",
    "one mana of any color that a land an opponent controls could produce": "opponents_lands",
    "one mana of any type that a land you control could produce": "your_lands",
}


def _add(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """``{G}{G}``, ``{R} or {G}``, ``one mana of any color``."""
    if re.fullmatch(MANA, rest) and mana_cost(rest):
        return [{"do": "add_mana", "mana": rest}]
    options = [p.strip() for p in re.split(r",? or |, ", rest)]
    if len(options) > 1 and all(re.fullmatch(MANA, o) and mana_cost(o) for o in options):
        return [{"do": "add_mana", "one_of": options}]
    chosen = re.fullmatch(r"(?:(\{[WUBRGC]\}) or )?one mana of the chosen colou?r", rest)
    if chosen:  # 614.12: the colour chosen as the permanent entered
        if chosen.group(1):
            return [{"do": "add_mana", "mana": chosen.group(1), "or_chosen_color": True}]
        return [{"do": "add_mana", "of": "chosen_color"}]
    of = _COULD.get(rest)
    if of is not None:  # mana a rule or other lands decide (903.4, 106.7)
        return [{"do": "add_mana", "of": of}]
    match = re.fullmatch(rf"({NUMBER}) mana of any (one )?colou?r", rest)
    if match:
        count = number(match.group(1))
        if not isinstance(count, int):
            return None
        if count > 1 and not match.group(2):
            return None  # mana of different colours: one choice a mana, not one in all
        return [{"do": "add_mana", "one_of": [c * count for c in _COLOR_SYMBOLS]}]
    return None


def _sacrifice(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    if rest.lower() in ("~", "it") and (rest == "~" or ctx.itself):
        return [{"do": "sacrifice", "each": "it"}]
    match = re.fullmatch(rf"({NUMBER}) (.+)", rest)
    if match and match.group(1).lower() in ("a", "an", "one", "two", "three"):
        noun = noun_phrase("each " + match.group(2))
        if noun is None or noun.owner not in (None, "you") or noun.zone != "battlefield":
            return None
        filt = dict(noun.filter)
        if filt.pop("other", False):
            return None
        found: Effect = {"do": "sacrifice", "amount": number(match.group(1)), "each": "you"}
        if filt:
            found["filter"] = filt
        return [found]
    return None


def _regenerate(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    reach = _objects(rest, ctx, before)
    return None if reach is None else [{"do": "regenerate", **reach}]


def _look(kind: str) -> Handler:
    """ "Scry 2", "surveil 1" (701.22, 701.25): the controller looks at the top cards."""

    def handler(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
        value = number(rest)
        if value is None:
            return None
        return [{"do": kind, "amount": value, "each": "you"}]

    return handler


def _look_at(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "Look at the top five cards of your library": a dig the sentences after it complete
    (``clauses.dig_step``); "..., then put them back in any order": nothing taken."""
    match = re.fullmatch(
        rf"at the top ({NUMBER}) cards of your library(, then put them back in any order)?", rest
    )
    if match is None:
        return None
    found: Effect = {"do": "dig", "amount": number(match.group(1)), "take": 0, "each": "you"}
    if match.group(2):
        found["rest"] = "top"
    return [found]


def _prevent(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "Prevent all combat damage that would be dealt this turn" (Fog), "... to you ...",
    "Prevent the next 3 damage that would be dealt to any target this turn"."""
    match = re.fullmatch(r"all (combat )?damage that would be dealt (?:to (.+?) )?this turn", rest)
    if match:
        found: Effect = {"do": "prevent_damage", "all": True}
        if match.group(1):
            found["combat"] = True
        if match.group(2):
            reach = reach_of(match.group(2), ctx, before)
            if reach is None:
                return None
            found.update(reach)
        return [found]
    match = re.fullmatch(
        rf"the next ({NUMBER}) damage that would be dealt to (.+?) this turn", rest
    )
    if match:
        reach = reach_of(match.group(2), ctx, before)
        count = number(match.group(1))
        if reach is None or count is None:
            return None
        return [{"do": "prevent_damage", "amount": count, **reach}]
    return None


def _discard(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "discard a card", "discard two cards at random": you discard."""
    random = rest.endswith(" at random")
    count = cards_count(rest[: -len(" at random")] if random else rest)
    if count is None:
        return None
    found: Effect = {"do": "discard", "amount": count, "each": "you"}
    if random:
        found["random"] = True
    return [found]


def _mill(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    count = cards_count(rest)
    return None if count is None else [{"do": "mill", "amount": count, "each": "you"}]


def _pay(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "pay {1}" (as "you may pay {1}. If you do, ..."): the controller pays mana."""
    cost = mana_cost(rest)
    return None if cost is None else [{"do": "pay_mana", "mana": cost}]


def _choose(rest: str, ctx: Context, before: list[Effect]) -> list[Effect] | None:
    """ "Choose a creature type." / "Choose a color." as a spell resolves (608.2d)."""
    kinds = {"a creature type": "creature_type", "a color": "color", "a colour": "color"}
    kind = kinds.get(rest)
    return None if kind is None else [{"do": "choose_value", "chooses": kind}]


IMPERATIVES: dict[str, Handler] = {
    "pay": _pay,
    "choose": _choose,
    "proliferate": lambda rest, ctx, before: [{"do": "proliferate"}] if not rest else None,
    "mill": _mill,
    "prevent": _prevent,
    "discard": _discard,
    "look": _look_at,
    "scry": _look("scry"),
    "surveil": _look("surveil"),
    "destroy": _destroy,
    "exile": _exile,
    "draw": _draw,
    "create": create,
    "for": for_each_copy,  # "For each token you control, create a token that's a copy ..."
    "copy": copy_spell,  # "Copy target instant or sorcery spell." (``copies``)
    "put": _put,
    "return": _return,
    "tap": _tap,
    "untap": _untap,
    "counter": _counter,
    "search": _search,
    "shuffle": _shuffle,
    "add": _add,
    "sacrifice": _sacrifice,
    "regenerate": _regenerate,
}

__all__ = ["IMPERATIVES", "create", "imperative"]
