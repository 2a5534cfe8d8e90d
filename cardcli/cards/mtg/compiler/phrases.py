"""Phrases that recur in every kind of clause: who and what, how many, for how long.

``noun_phrase`` reads what an effect reaches ("up to two target nonland
permanents an opponent controls", "each other creature you control with
flying", "a creature card from your graveyard") into a ``Noun``: how it is
chosen, how many, a filter of the card model, whose and where. ``as_target``
and ``as_each`` lower it to the card model's ``target`` or ``each`` words.
Every parser returns None for what it cannot
read: a clause is then left to the players, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.mtg.compiler.words import (
    BASIC_LANDS,
    CARD_TYPES,
    COLORS,
    SUPERTYPES,
    engine_keyword,
    number,
    singular,
)

Filter = dict[str, Any]

_OWNERS = (
    ("you don't control", "not_you"),
    ("you do not control", "not_you"),
    ("you control", "you"),
    ("an opponent controls", "opponents"),
    ("your opponents control", "opponents"),
    ("opponents control", "opponents"),
    ("target player controls", "target_player"),
    ("target opponent controls", "target_opponent"),
    ("that player controls", "that_player"),
    ("defending player controls", "defending_player"),
)
_ZONES = (
    ("from your graveyard", "your_graveyard"),
    ("in your graveyard", "your_graveyard"),
    ("from a graveyard", "graveyard"),
    ("in a graveyard", "graveyard"),
    ("from all graveyards", "graveyard"),
    ("in all graveyards", "graveyard"),
    ("from their graveyard", "graveyard"),
    ("from their graveyards", "graveyard"),
    ("from your hand", "hand"),
    ("in your hand", "hand"),
    ("from your library", "library"),
    ("in your library", "library"),
    ("from exile", "exile"),
)
_NOUNS = {
    "creature": ["Creature"], "artifact": ["Artifact"], "enchantment": ["Enchantment"],
    "land": ["Land"], "planeswalker": ["Planeswalker"], "battle": ["Battle"],
    "permanent": [], "card": [], "spell": [], "instant": ["Instant"], "sorcery": ["Sorcery"],
    "token": [],
}  # fmt: skip
# Land types a capitalised word may name ("Swamps you control": lands, not creatures).
LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave",
              "Locus", "Sphere", "Lair", "Mine", "Power-Plant", "Tower", "Urza's", "Town"}  # fmt: skip
_COMPARE = re.compile(
    r"^with (power|toughness|mana value) (\d+)(?: or (greater|more|less|fewer))?$"
)


@dataclass
class Noun:
    """What a phrase names: how chosen, how many, which ones, whose, where."""

    choose: str  # "target", "each", "a" (of the player's choice), "it", "that"
    count: int | str = 1  # a number or "X"
    up_to: bool = False
    any_number: bool = False
    filter: Filter = field(default_factory=dict)
    owner: str | None = None  # you, opponents, not_you, target_player, that_player...
    zone: str = "battlefield"  # or graveyard, your_graveyard, hand, library, stack, exile
    head: str = ""  # the head noun: creature, permanent, card, spell, player, opponent, any


def _words_before(text: str, endings: tuple[tuple[str, str], ...]) -> tuple[str, str | None]:
    for ending, value in endings:
        if text.endswith(" " + ending):
            return text[: -len(ending) - 1].rstrip(), value
    return text, None


def noun_phrase(text: str) -> Noun | None:
    """``"target nonblack creature an opponent controls"`` -> a ``Noun``; None if unread."""
    rest = " ".join(text.strip().rstrip(".").split())
    if not rest:
        return None
    low = rest.lower()
    special = {
        "any target": Noun("target", head="any"),
        "target player": Noun("target", head="player"),
        "target opponent": Noun("target", head="opponent"),
        "target player or planeswalker": Noun("target", head="player_or_planeswalker"),
        "target opponent or planeswalker": Noun("target", head="opponent_or_planeswalker"),
        "target creature or player": Noun("target", head="any"),
        "target creature or planeswalker": Noun(
            "target", head="creature", filter={"types": ["Creature", "Planeswalker"]}
        ),
        "target attacking or blocking creature": Noun("target", head="attacking_or_blocking"),
    }
    if low in special:
        return special[low]
    if rest.endswith(" other than ~"):  # "Dinosaurs you control other than this creature"
        found = noun_phrase(rest[: -len(" other than ~")])
        if found is not None:
            found.filter["other"] = True
        return found
    noun = Noun("a")
    # How it is chosen, and how many.
    quantifier = re.match(
        r"^(up to (\w+) (other )?target |any number of (other )?target |(\w+) (other )?target |"
        r"(another|other) target |target |each other |each |all other |all |another |other |"
        r"(\w+) )",
        rest,
        re.IGNORECASE,
    )
    if quantifier is None:
        return None
    lead = quantifier.group(0).lower()
    words = lead.split()
    if "target" in words:
        noun.choose = "target"
        if words[0] == "up":
            amount = number(words[2])
            if amount is None:
                return None
            noun.count, noun.up_to = amount, True
        elif words[0] == "any":
            noun.any_number = True
        elif words[0] not in ("target", "another", "other"):
            amount = number(words[0])
            if amount is None:
                return None
            noun.count = amount
        if "other" in words or "another" in words:
            noun.filter["other"] = True
    elif words[0] in ("each", "all"):
        noun.choose = "each"
        if "other" in words:
            noun.filter["other"] = True
    elif words[0] in ("another", "other"):
        noun.choose = "a" if words[0] == "another" else "each"  # "other Zombies": all of them
        noun.filter["other"] = True
    else:
        amount = number(words[0])
        if amount is None:  # "creatures you control": all of them, with no quantifier
            lead, noun.choose = "", "each"
        else:
            noun.count = amount
    rest = rest[len(lead) :].strip()
    return _finish(noun, rest)


def _finish(noun: Noun, rest: str) -> Noun | None:
    # Where, and whose.
    rest, zone = _words_before(rest, _ZONES)
    if zone is not None:
        noun.zone = zone
    for _ in range(2):
        rest, owner = _words_before(rest, _OWNERS)
        if owner is not None:
            noun.owner = owner
        modified = _post_modifiers(noun, rest)
        if modified is None:
            return None
        rest = modified
    return _head(noun, rest)


def _post_modifiers(noun: Noun, rest: str | None) -> str | None:
    """``... with flying``, ``... with power 3 or less``, ``... that's attacking``."""
    if rest is None:
        return None
    changed = True
    while changed:
        changed = False
        for phrase, key in (
            (" that's attacking", "attacking"),
            (" that are attacking", "attacking"),
            (" that's tapped", "tapped"),
        ):
            if rest.endswith(phrase):
                rest, changed = rest[: -len(phrase)], True
                noun.filter[key] = True
        match = re.search(r" that (?:aren't|isn't) of the chosen (?:creature )?type$", rest)
        if match:  # "Destroy all creatures that aren't of the chosen type."
            noun.filter["not_chosen_type"] = True
            rest, changed = rest[: match.start()], True
        match = re.search(r" of (?:the chosen|that) (type|creature type|colou?r)$", rest)
        if match:  # the value chosen as the source entered (614.12)
            key = "chosen_color" if match.group(1).startswith("colo") else "chosen_type"
            noun.filter[key] = True
            rest, changed = rest[: match.start()], True
        match = re.search(
            r" with (?:an?|one or more) ([+-]1/[+-]1 )?counters? on (?:it|them)$", rest
        )
        if match:  # "creature you control with a +1/+1 counter on it"
            noun.filter["counter"] = match.group(1).strip() if match.group(1) else "*"
            rest, changed = rest[: match.start()], True
        match = re.search(r" (with|without) ([a-z ]+?)$", rest)
        if match and engine_keyword(match.group(2)):
            key = "keywords" if match.group(1) == "with" else "not_keywords"
            noun.filter.setdefault(key, []).append(match.group(2).capitalize())
            rest, changed = rest[: match.start()], True
        match = re.search(r" (with (?:power|toughness|mana value) \d+(?: or \w+)?)$", rest)
        if match:
            compared = _COMPARE.match(match.group(1))
            if compared is None:
                return None
            what, value, way = compared.groups()
            word = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}[what]
            if word == "toughness":
                return None  # the filter has no toughness bound
            if way is None or way in ("greater", "more"):
                noun.filter[f"min_{word}"] = int(value)
            if way is None or way in ("less", "fewer"):
                noun.filter[f"max_{word}"] = int(value)
            rest, changed = rest[: match.start()], True
    return rest


def _head(noun: Noun, rest: str) -> Noun | None:
    """The head noun ("artifact or enchantment", "Zombies") and the adjectives before it."""
    if ", or " in rest or ", and " in rest:  # "artifact, creature, or enchantment"
        joined = " or " if ", or " in rest else " and "
        rest = rest.replace(", or ", joined).replace(", and ", joined)
        front, _, last = rest.rpartition(joined)
        rest = front.replace(", ", joined) + joined + last
    words = [w for w in re.split(r",? ", rest) if w]
    if not words:
        return None
    heads: list[str] = []
    subtypes: list[str] = []
    while words:
        word = words.pop()
        single = singular(word)
        if single.lower() in _NOUNS and not subtypes:
            heads.insert(0, single.lower())
        elif word[:1].isupper() and not heads and single.lower() not in SUPERTYPES:
            subtypes.insert(0, single)  # "Zombies you control": a creature type names creatures
        else:
            words.append(word)
            break
        if len(words) >= 2 and words[-1] in ("or", "and"):
            words.pop()
            continue
        break
    if not heads and not subtypes:
        return None
    if "token" in heads:  # "creature tokens": tokens, of the types before
        if heads != ["token"]:
            return None
        noun.filter["token"] = True
        heads = ["permanent"]
    types = [t for head in heads for t in _NOUNS[head]]
    if heads in (["card"], ["spell"], ["permanent"]):
        noun.head = heads[0]
    else:
        noun.head = "permanent"
        if heads and len(types) != len(heads):
            return None  # "creature or card": no such phrase
    if types:
        noun.filter["types"] = types
    if subtypes:
        noun.filter["subtypes"] = subtypes
        if not heads:  # "Zombies": creatures; "Swamps": lands
            land = all(t in LAND_TYPES for t in subtypes)
            noun.filter["types"] = ["Land"] if land else ["Creature"]
    if "or" in words:  # "artifact or enchantment card": one of them, not both
        return _either(noun, words)
    for word in words:  # the words before the head: each an adjective the filter can say
        if not _adjective(noun, word):
            return None
    kinds = noun.filter.get("all_types", [])
    if len(kinds) == 1 and "types" not in noun.filter:
        # "creature card", "creature tokens": of that type (as a head word says it).
        noun.filter["types"] = noun.filter.pop("all_types")
    return noun


def _either(noun: Noun, words: list[str]) -> Noun | None:
    """Adjectives joined by "or": all card types ("instant or sorcery card") or all colours
    ("red or green creature") become one filter key with either of them; a mix of kinds
    ("Dinosaur or land card") is more than a filter can say."""
    words = [w for w in words if w.lower() not in ("or", "and")]
    basic = bool(words) and words[0].lower() == "basic"  # "a basic Island, Swamp, or Mountain card"
    if basic:
        words = words[1:]
    alternatives = [w.lower().rstrip(",") for w in words]
    if noun.filter.get("types") and noun.head not in ("card", "spell", "permanent"):
        return None
    names = [w.rstrip(",") for w in words]
    if names and all(_is_subtype_word(n) for n in names) and "subtypes" not in noun.filter:
        noun.filter["subtypes"] = names  # "a Mountain or Plains card": either subtype
        if basic:
            noun.filter["supertypes"] = ["Basic"]
        return noun
    if basic:
        return None
    if all(a in CARD_TYPES for a in alternatives) and "types" not in noun.filter:
        noun.filter["types"] = [CARD_TYPES[a] for a in alternatives]
        return noun
    if all(a in COLORS for a in alternatives) and "colors" not in noun.filter:
        noun.filter["colors"] = [COLORS[a] for a in alternatives]
        return noun
    return None


def _is_subtype_word(word: str) -> bool:
    low = word.lower()
    return (
        word[:1].isupper()
        and word.isalpha()
        and low not in CARD_TYPES
        and low not in COLORS
        and low not in SUPERTYPES
    )


def _adjective(noun: Noun, word: str) -> bool:
    low = word.lower().rstrip(",")
    if low in ("", "and", "or"):
        return True
    negated = low.startswith("non")
    base = low[4:] if low.startswith("non-") else low[3:] if negated else low
    original = word[4:] if low.startswith("non-") else word[3:] if negated else word
    if base == "colorless" and not negated:  # "colorless creatures": none of the colours
        noun.filter["not_colors"] = list(COLORS.values())
        return True
    if base in COLORS:
        noun.filter.setdefault("not_colors" if negated else "colors", []).append(COLORS[base])
        return True
    if base in CARD_TYPES:  # "artifact creature": both types; "nonartifact": neither
        noun.filter.setdefault("not_types" if negated else "all_types", []).append(CARD_TYPES[base])
        return True
    if base in SUPERTYPES and not negated:
        noun.filter.setdefault("supertypes", []).append(SUPERTYPES[base])
        return True
    if base == "basic" and negated:
        noun.filter.setdefault("not_supertypes", []).append("Basic")
        return True
    if base == "token":
        noun.filter["token"] = not negated
        return True
    if base in ("tapped", "untapped") and not negated:
        noun.filter["tapped"] = base == "tapped"
        return True
    if base == "attacking" and not negated:
        noun.filter["attacking"] = True
        return True
    if base in ("other", "another") and not negated:
        noun.filter["other"] = True
        return True
    if original[:1].isupper() and base in BASIC_LANDS:
        noun.filter.setdefault("not_subtypes" if negated else "subtypes", []).append(
            BASIC_LANDS[base]
        )
        return True
    if original[:1].isupper():
        noun.filter.setdefault("not_subtypes" if negated else "subtypes", []).append(
            singular(original)
        )
        return True
    return False


# -- lowering to the card model -----------------------------------------------------------


_TARGET_KINDS = {
    ("Creature",): "creature",
    ("Planeswalker",): "planeswalker",
    ("Artifact",): "artifact",
    ("Enchantment",): "enchantment",
    ("Land",): "land",
    ("Creature", "Planeswalker"): "creature_or_planeswalker",
    ("Artifact", "Enchantment"): "artifact_or_enchantment",
    ("Artifact", "Creature"): "artifact_or_creature",
    ("Creature", "Enchantment"): "creature_or_enchantment",
}
_OWNED_CREATURE = {
    "you": "creature_you_control",
    "not_you": "creature_you_dont_control",
    "opponents": "creature_an_opponent_controls",
}


def as_target(noun: Noun) -> dict[str, Any] | None:
    """The card model's ``target`` (and ``filter``, ``targets``, ``up_to``) of a target phrase."""
    if noun.choose != "target" or noun.any_number:
        return None
    filt = dict(noun.filter)
    kind: str | None
    if noun.head in ("any", "player", "opponent", "player_or_planeswalker",
                     "opponent_or_planeswalker"):  # fmt: skip
        kind = noun.head
    elif noun.head == "attacking_or_blocking":
        kind = "attacking_or_blocking_creature"
    elif noun.head == "spell":
        types = filt.pop("types", [])
        not_types = filt.get("not_types", [])
        if types == ["Creature"]:
            kind = "creature_spell"
        elif not types and not_types == ["Creature"]:
            filt.pop("not_types")
            kind = "noncreature_spell"
        else:
            kind = "spell"
            if types:
                filt["types"] = types
    elif noun.head == "card" or noun.zone != "battlefield":
        if noun.zone == "your_graveyard" and noun.owner is None:
            kind = "card_in_your_graveyard"
            if filt.get("types") == ["Creature"]:
                filt.pop("types")
                kind = "creature_card_in_your_graveyard"
        elif noun.zone == "graveyard":
            kind = "card_in_a_graveyard"
        else:
            return None
    else:
        kind = _battlefield_kind(noun, filt)
        if kind is None:
            return None
    found: dict[str, Any] = {"target": kind}
    if filt:
        found["filter"] = filt
    if noun.count != 1:
        if not isinstance(noun.count, int):
            return None
        found["targets"] = noun.count
    if noun.up_to:
        found["up_to"] = True
    return found


def _battlefield_kind(noun: Noun, filt: Filter) -> str | None:
    types = tuple(sorted(filt.get("types", [])))
    owner = noun.owner
    if owner not in (None, "you", "not_you", "opponents"):
        return None
    if types == ("Creature",) and owner in _OWNED_CREATURE:
        filt.pop("types")
        return _OWNED_CREATURE[owner]
    for state in ("tapped", "attacking"):  # "target tapped creature"
        if types == ("Creature",) and owner is None and filt.get(state) is True:
            filt.pop("types")
            filt.pop(state)
            return f"{state}_creature"
    if owner is not None:
        filt["controller"] = owner
    if noun.head == "permanent" and not types:
        not_types = filt.get("not_types")
        if not_types == ["Land"]:
            filt.pop("not_types")
            return "nonland_permanent"
        return "permanent"
    kind = _TARGET_KINDS.get(types)
    if kind is not None:
        filt.pop("types")
        if kind == "land" and filt.get("not_supertypes") == ["Basic"]:
            filt.pop("not_supertypes")
            return "nonbasic_land"
        return kind
    return "permanent"  # several types: a permanent of one of them (the filter keeps them)


_EACH_CREATURE = {
    (None, False): "each_creature",
    (None, True): "each_other_creature",
    ("you", False): "each_creature_you_control",
    ("you", True): "each_other_creature_you_control",
    ("not_you", False): "each_creature_you_dont_control",
    ("opponents", False): "each_creature_an_opponent_controls",
}


def as_each(noun: Noun) -> dict[str, Any] | None:
    """The card model's ``each`` (and ``filter``) of an "each"/"all" phrase on the battlefield."""
    if noun.choose != "each" or noun.zone != "battlefield" or noun.head in ("card", "spell"):
        return None
    filt = dict(noun.filter)
    other = bool(filt.pop("other", False))
    if filt.get("types") == ["Creature"]:
        each = _EACH_CREATURE.get((noun.owner, other))
        if each is None:
            return None
        filt.pop("types")
        found: dict[str, Any] = {"each": each}
    else:
        if noun.owner is not None:
            if noun.owner not in ("you", "not_you", "opponents"):
                return None
            filt["controller"] = noun.owner
        if other:
            filt["other"] = True
        nonland = filt.get("not_types") == ["Land"] and "types" not in filt
        if nonland:
            filt.pop("not_types")
        found = {"each": "each_nonland_permanent" if nonland else "each_permanent"}
    if filt:
        found["filter"] = filt
    return found


# -- players ---------------------------------------------------------------------------------


PLAYERS = {
    "you": "you",
    "each player": "each_player",
    "each opponent": "each_opponent",
    "each other player": "each_other_player",
    "target player": "target_player",
    "target opponent": "target_opponent",
    "that player": "that_player",
    "its controller": "that_player",
    "its owner": "that_player",
    "that creature's controller": "that_player",
    "that spell's controller": "that_player",
    "defending player": "defending_player",
    "the defending player": "defending_player",
    "the player or planeswalker it's attacking": "defending_player",
    "the player it's attacking": "defending_player",
    "the horde": "the_horde",  # Horde Magic's automated player (Battle the Horde's relics)
}


def player(text: str) -> str | None:
    """``"each opponent"`` -> the card model's chooser; None if it names no player."""
    return PLAYERS.get(" ".join(text.lower().split()))


# -- durations -------------------------------------------------------------------------------


def until(text: str) -> tuple[str, str | None]:
    """The text without a duration it ends or begins with, and the duration."""
    for phrase, value in (
        (" until end of turn", "end_of_turn"),
        (" this turn", "end_of_turn"),
        (" until your next turn", "your_next_turn"),
    ):
        if text.endswith(phrase):
            return text[: -len(phrase)], value
    for phrase, value in (("until end of turn, ", "end_of_turn"),):
        if text.lower().startswith(phrase):
            return text[len(phrase) :], value
    return text, None


# -- mana ------------------------------------------------------------------------------------


MANA = r"(?:\{[^}]+\})+"


def mana_cost(text: str) -> str | None:
    """``"{2}{B}"`` as a mana string the model takes, or None."""
    text = text.strip()
    if re.fullmatch(MANA, text) and re.fullmatch(
        r"(\{([0-9]{1,7}|[WUBRGCXS]|[WUBRGC2]/[WUBRG]|[WUBRGC]/P|[WUBRG]/[WUBRG]/P)\})+", text
    ):
        return text
    return None
