"""The words of Oracle text the compiler knows: numbers, colours, types, keywords."""

from __future__ import annotations

import re

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "twenty": 20,
}  # fmt: skip
NUMBER = r"(?:\d+|X|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|twenty)"
ORDINALS = {"first": 1, "second": 2, "third": 3}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = {
    "artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
    "land": "Land", "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery",
    "battle": "Battle", "kindred": "Kindred", "tribal": "Tribal",
}  # fmt: skip
SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}
BASIC_LANDS = {"plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain",
               "forest": "Forest"}  # fmt: skip

# Keywords whose rules the engine applies (``cardcli.magic``): a card's keyword line of
# these compiles; any other keyword is a clause left to the players.
ENGINE_KEYWORDS = {
    "flying", "reach", "first strike", "double strike", "deathtouch", "trample", "lifelink",
    "vigilance", "haste", "defender", "menace", "hexproof", "indestructible", "intimidate",
    "fear", "shroud", "flash", "flanking", "plainswalk", "islandwalk", "swampwalk",
    "mountainwalk", "forestwalk", "changeling", "devoid", "infect", "wither",
    "undying", "persist", "split second", "convoke", "exalted", "storm",
    "improvise", "cascade",
}  # fmt: skip
# Keywords with a number whose every instance counts (``magic.instances``): frenzy 1 (702.68),
# absorb 1 (702.64), ward {2} (702.21, a mana cost). A card's own is kept with its number.
COUNTED_KEYWORD = re.compile(r"(frenzy|absorb) \d+|ward \{\d+\}")
# Keywords that mean nothing to a game of the engine (a deck-building or multiplayer rule).
RULELESS_KEYWORDS = {"partner", "friends forever", "choose a background", "doctor's companion"}
KEYWORDS_WITH_COST = {"flashback", "equip", "cycling", "echo", "kicker", "multikicker", "buyback",
                      "ninjutsu", "unearth", "evoke", "dash", "blitz", "embalm", "eternalize",
                      "escape", "foretell", "madness", "morph", "megamorph", "disturb",
                      "encore", "overload", "prototype", "plot", "spectacle", "surge",
                      "emerge", "reconfigure", "level up", "transmute", "channel",
                      "bestow", "mutate", "craft", "offspring", "harmonize", "mobilize",
                      "warp", "impending", "disguise", "cleave", "squad", "miracle",
                      "entwine", "awaken", "replicate", "retrace", "jump-start", "aftermath",
                      "crew", "outlast", "scavenge", "suspend", "forecast", "recover",
                      "station", "ward", "backup", "landcycling", "swampcycling",
                      "islandcycling", "forestcycling", "mountaincycling", "plainscycling",
                      "basic landcycling", "typecycling", "wizardcycling", "slivercycling"}  # fmt: skip
# Protection from what the engine tells apart (702.16a; ``magic.sources``): a colour, a card
# type or a creature type, several joined by "and from".
_QUALITY = (
    r"(?:white|blue|black|red|green|everything|artifacts|creatures|enchantments|"
    r"instants|sorceries|planeswalkers|lands|[a-z]+s)"
)
_PROTECTION = re.compile(rf"^protection from {_QUALITY}(?:(?:,| and) from {_QUALITY})*$")


def number(word: str) -> int | str | None:
    """``"three"`` -> 3, ``"X"`` -> "X", ``"7"`` -> 7; None for anything else."""
    low = word.lower()
    if low == "x":
        return "X"
    if word.isdigit():
        return int(word)
    return NUMBERS.get(low)


def singular(word: str) -> str:
    """``creatures`` -> ``creature``; ``Elves`` -> ``Elf``; ``Zombies`` -> ``Zombie``."""
    irregular = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "fungi": "fungus",
                 "mice": "mouse", "sorceries": "sorcery", "allies": "ally", "people": "person",
                 "foxes": "fox", "sphinxes": "sphinx", "lynxes": "lynx", "octopi": "octopus",
                 "leeches": "leech", "witches": "witch", "harpies": "harpy",
                 "faeries": "faerie", "zombies": "zombie", "spies": "spy",
                 "mercenaries": "mercenary", "plains": "plains", "aurochs": "aurochs"}  # fmt: skip
    low = word.lower()
    if low in irregular:
        single = irregular[low]
        return single.capitalize() if word[:1].isupper() else single
    if low.endswith(("sses", "shes", "ches")):
        return word[:-2]
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def engine_keyword(keyword: str) -> bool:
    """Does the engine apply this keyword (as MTGJSON or a keyword line names it)?"""
    low = keyword.strip().lower()
    return (
        low in ENGINE_KEYWORDS
        or bool(_PROTECTION.fullmatch(low))
        or low == "can't be blocked"
        or bool(COUNTED_KEYWORD.fullmatch(low))
    )
