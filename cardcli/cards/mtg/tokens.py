"""Token cards: every token real cards make, known by name, and how a decklist picks one.

Where the tokens come from: the database build reads every "create ... token"
phrase in every card's Oracle text (``mine_tokens``). A token's name is its
subtypes ("Eldrazi Scion") unless the text names it ("named Storm Crow",
"Marit Lage, a legendary ..."). One name can cover several tokens (a Dinosaur
is 3/3 green with trample, 3/1 red, 1/1 red with haste...): they are its
variants, the one most cards make first. Set files imported with
``cardcli cards import`` add printed tokens with their set code and number.

How a decklist names one (``TokenSpec``): by its name alone ("Dinosaur": the
most common variant), or with what tells it apart, in any order: power and
toughness, colours, card types and keywords ("Dinosaur 3/1 red", "60 3/3 green
Dinosaur with trample", "Spirit 1/1 white flying"); or with a set code as the
Horde apps write it ("Dinosaur (TLCI) 5" or "Dinosaur (LCI)": a token of that
set, or made by a card of it). A description that no known token fits but that
gives power and toughness is made as described.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.mtg.model import COLORS
from cardcli.words import counted

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
WORD_OF_COLOR = {v: k for k, v in COLOR_WORDS.items()}
# Keywords a token is printed with (one word, or the first word of two, or with a number).
KEYWORDS = {
    "flying", "vigilance", "trample", "lifelink", "haste", "menace", "defender", "prowess",
    "decayed", "reach", "deathtouch", "hexproof", "indestructible", "changeling", "infect",
    "forestwalk", "islandwalk", "swampwalk", "mountainwalk", "plainswalk", "training", "shroud",
    "intimidate", "fear", "flanking", "wither", "persist", "undying", "flash", "horsemanship",
    "shadow", "exalted", "myriad", "afflict", "skulk", "annihilator", "toxic", "ward", "crew",
    "firebending", "banding", "devoid", "unblockable",
}  # fmt: skip
TWO_WORD_KEYWORDS = {"first strike", "double strike", "protection from"}
NUMBERED_KEYWORDS = {"toxic", "annihilator", "crew", "firebending", "afflict", "ward"}
MAX_EXAMPLES = 5  # cards kept to say where a token comes from
MAX_VARIANTS = 40  # of one name; the rest are rare

_REMINDER = re.compile(r"\([^()]*\)")
_COLORS = (
    r"colorless|(?:white|blue|black|red|green)(?:(?:,? and |, )(?:white|blue|black|red|green))*"
)
# What follows "token": up to the sentence's end or the next object ("and a 3/3 ..."),
# quoted abilities whole ("with 'This token gets ...'" inside a quoted ability).
_REST = (
    r"(?:(?! and (?:a|an|one|two|three|four|five|X|\d+) )"
    r"(?:[^.\"]|\"[^\"]*\"|(?<=with )'[^']*'))*"
)
_CREATURE_TOKEN = re.compile(
    r"(?:(?<=create )(?P<named>[A-Z][\w'’ -]*?), a )?(?P<legendary>legendary )?(?P<snow>snow )?"
    r"(?P<power>\d+|X)/(?P<toughness>\d+|X) (?P<colors>" + _COLORS + r") "
    r"(?P<subtypes>(?:[A-Z][\w'’-]* )*)(?P<types>(?:(?:artifact|enchantment) )*)creature tokens?"
    r"(?P<rest>" + _REST + ")"
)
_ARTIFACT_TOKEN = re.compile(
    r"(?:(?P<power>\d+|X)/(?P<toughness>\d+|X) )?(?P<colors>" + _COLORS + r") "
    r"(?P<subtypes>(?:[A-Z][\w'’-]* )+)artifact tokens?(?P<rest>" + _REST + ")"
)
_HAS = re.compile(
    r"^\s*(?:It has|They have|Those tokens have|That token has) ((?:\"[^\"]*\"(?: and )?)+)"
)
_ANY_QUOTED = re.compile(r"\"[^\"]*\"|(?<=with )'[^']*'")
_QUOTED = re.compile(r"\"([^\"]*)\"|^'([^']*)'")
_STOPS = re.compile(
    r" (?:that's|that are|where|for each|equal to|at the beginning|or |until|and put|"
    r"and suspect|attached|tapped and|then)\b|, then|, where"
)
_NAMED = re.compile(r"\bnamed ([A-Z][\w'’ -]*?)(?=$| that| with|,)")
_PT = re.compile(r"^(\d{1,7}|X)/(\d{1,7}|X)$")


# -- mining the database's Oracle text ------------------------------------------------


def _keywords(text: str) -> list[str] | None:
    """``flying, first strike, and lifelink`` -> the keywords, or None if any is not one."""
    found: list[str] = []
    for part in re.split(r",? and |, ", text.strip()):
        part = part.strip()
        if not part:
            continue
        words = part.split()
        first = words[0].lower()
        if " ".join(words[:2]).lower() in TWO_WORD_KEYWORDS:
            found.append(part[0].upper() + part[1:].lower())
        elif first in NUMBERED_KEYWORDS and len(words) == 2:
            found.append(words[0].capitalize() + " " + words[1])
        elif first in KEYWORDS and len(words) == 1:
            found.append(first.capitalize())
        else:
            return None
    return found


def _abilities(rest: str, after: str) -> tuple[list[str], list[str]] | None:
    """The keywords and quoted abilities of a token, or None where the text says more
    than a token's own characteristics (``where X is ...``, ``equal to``)."""
    keywords: list[str] = []
    quoted: list[str] = []
    masked = _ANY_QUOTED.sub(lambda m: "_" * len(m.group(0)), rest)  # stops inside quotes are none
    stop = _STOPS.search(masked)
    clause = rest[: stop.start()] if stop else rest
    clause = _NAMED.sub("", clause).strip()
    if clause.startswith("with "):
        body = clause[5:]
        quoted.extend(a or b for a, b in _QUOTED.findall(body))
        plain = _QUOTED.sub("", body).replace(" and ", ", ").strip(" ,")
        found = _keywords(plain) if plain else []
        if found is None:
            return None
        keywords.extend(found)
    elif clause:
        return None
    has = _HAS.match(after)
    if has:
        quoted.extend(a or b for a, b in _QUOTED.findall(has.group(1)))
    return keywords, quoted


def _color_list(words: str) -> list[str]:
    return [COLOR_WORDS[w] for w in COLOR_WORDS if w in words.split(", ") or w in words.split()]


def _variant_from(
    match: re.Match[str], after: str, artifact: bool, sized: bool = False
) -> dict[str, Any] | None:
    rest = match.group("rest")
    read = _abilities(rest, after)
    if read is None:
        return None
    keywords, quoted = read
    subtypes = match.group("subtypes").split()
    named = match.groupdict().get("named")
    named_after = _NAMED.search(rest)
    name = (named or (named_after.group(1) if named_after else "") or " ".join(subtypes)).strip()
    if not name or (match.group("power") == "X" and not sized) or len(name) > 60:
        return None
    types = ["Artifact"] if artifact else []
    if not artifact:
        types += [t.capitalize() for t in match.group("types").split()] + ["Creature"]
    colors = _color_list(match.group("colors").replace(",", " "))
    token: dict[str, Any] = {"name": name, "mana_cost": "", "token": True, "types": types}
    supertypes = [
        s for s in ("Legendary", "Snow") if match.groupdict().get(s.lower()) and not artifact
    ]
    if supertypes:
        token["supertypes"] = supertypes
    if subtypes:
        token["subtypes"] = list(dict.fromkeys(subtypes))
    token["colors"] = [c for c in COLORS if c in colors]
    if match.group("power") is not None:
        token["power"], token["toughness"] = match.group("power"), match.group("toughness")
    if keywords:  # MTGJSON's keyword list names a keyword without its number ("Toxic")
        token["keywords"] = list(
            dict.fromkeys(
                k.split()[0] if k.split()[0].lower() in NUMBERED_KEYWORDS else k for k in keywords
            )
        )
    # Older wording says "Sacrifice this creature" where newer says "this token": one token.
    quoted = [q.replace("this creature", "this token") for q in quoted]
    lines = []
    if keywords:
        lines.append(", ".join([keywords[0], *(k[0].lower() + k[1:] for k in keywords[1:])]))
    lines.extend(quoted)
    token["oracle"] = "\n".join(lines)
    return token


_PREDEFINED = re.compile(
    r"\b(?P<name>[A-Z][a-z]+) tokens?\b[^(]*\((?:It's an?|They're|The token is an?|A [A-Z][a-z]+ "
    r"token is an?|[A-Z][a-z]+ tokens are) (?P<kind>artifact|enchantment)s? with \"(?P<text>[^\"]+)\"\.?\)"
)


def _predefined(oracle: str) -> list[dict[str, Any]]:
    """Tokens the rules define by name (111.10: Treasure, Food, Clue...), as the
    reminder text of the cards that make them says they are."""
    found = []
    for match in _PREDEFINED.finditer(oracle):
        name = match.group("name")
        found.append(
            {
                "name": name,
                "mana_cost": "",
                "token": True,
                "types": [match.group("kind").capitalize()],
                "subtypes": [name],
                "colors": [],
                "oracle": match.group("text").replace("this artifact", "this token"),
            }
        )
    return found


# Tokens the rules define by name (111.10), with their text as the cards' reminders say it:
# for a card that makes one without the reminder.
PREDEFINED_TEXT = {
    "Treasure": ("Artifact", "{T}, Sacrifice this token: Add one mana of any color."),
    "Food": ("Artifact", "{2}, {T}, Sacrifice this token: You gain 3 life."),
    "Clue": ("Artifact", "{2}, Sacrifice this token: Draw a card."),
    "Gold": ("Artifact", "Sacrifice this token: Add one mana of any color."),
    "Blood": ("Artifact", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
}


def predefined(name: str) -> dict[str, Any] | None:
    """The token record of a token the rules define by name ("Treasure"), or None."""
    known = PREDEFINED_TEXT.get(name)
    if known is None:
        return None
    kind, text = known
    return {"name": name, "mana_cost": "", "token": True, "types": [kind], "subtypes": [name],
            "colors": [], "oracle": text}  # fmt: skip


def tokens_in(oracle: str) -> list[dict[str, Any]]:
    """The tokens an Oracle text creates, as token records (those it describes fully)."""
    text = _REMINDER.sub("", oracle)
    found = _predefined(oracle)
    for pattern, artifact in ((_CREATURE_TOKEN, False), (_ARTIFACT_TOKEN, True)):
        for match in pattern.finditer(text):
            after = text[match.end() :].lstrip(".")
            token = _variant_from(match, after, artifact)
            if token is not None:
                found.append(token)
    return found


def variant_key(token: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two tokens of one name the same token."""
    return tuple(
        (key, tuple(value) if isinstance(value, list) else value)
        for key, value in sorted(token.items())
        if key not in ("token_of", "token_sets", "printing")
    )


def mine_tokens(
    records: Iterable[dict[str, Any]], normalize: Any
) -> dict[str, list[dict[str, Any]]]:
    """Every token the records' Oracle texts create, by token key, most made first.

    Each variant keeps a few of the cards that make it (``token_of``) and the
    sets those cards were printed in (``token_sets``, from the records'
    ``printings``), so that a set code can pick a variant.
    """
    makers: dict[tuple[Any, ...], list[str]] = {}
    sets: dict[tuple[Any, ...], set[str]] = {}
    tokens: dict[tuple[Any, ...], dict[str, Any]] = {}
    for record in records:
        texts = [face.get("oracle", "") for face in record.get("faces", ())] or [record["oracle"]]
        seen: set[tuple[Any, ...]] = set()
        for text in texts:
            for token in tokens_in(text):
                key = variant_key(token)
                if key in seen:
                    continue
                seen.add(key)
                tokens.setdefault(key, token)
                makers.setdefault(key, []).append(record["name"])
                sets.setdefault(key, set()).update(record.get("printings", ()))
    by_name: dict[str, list[tuple[Any, ...]]] = {}
    for key, token in tokens.items():
        by_name.setdefault(normalize(token["name"]), []).append(key)
    result: dict[str, list[dict[str, Any]]] = {}
    for name_key, keys in by_name.items():
        keys.sort(key=lambda k: (-len(makers[k]), sorted(makers[k])[0]))
        variants = []
        for key in keys[:MAX_VARIANTS]:
            token = dict(tokens[key])
            token["token_of"] = sorted(makers[key])[:MAX_EXAMPLES]
            if sets[key]:
                token["token_sets"] = sorted(sets[key])
            variants.append(token)
        result[name_key] = variants
    return result


# -- a decklist's words for a token ---------------------------------------------------------


@dataclass(frozen=True)
class TokenSpec:
    """What a decklist line says of a token: its name and what tells it apart."""

    name: str
    power: str | None = None
    toughness: str | None = None
    colors: tuple[str, ...] | None = None  # None: not said; () : colorless
    types: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    printing: str | None = None  # "TLCI 5" or "LCI"
    described: bool = field(default=False)  # anything beyond the name was said

    def words(self) -> str:
        return describe_spec(self)


def parse_spec(text: str, printing: str | None = None) -> TokenSpec | None:
    """A decklist's token words, or None if they are no token description.

    >>> parse_spec("Dinosaur 3/3 green trample")
    TokenSpec(name='Dinosaur', power='3', toughness='3', colors=('G',), types=(), keywords=('Trample',), printing=None, described=True)
    >>> parse_spec("3/3 green Dinosaur creature token with trample").keywords
    ('Trample',)
    """
    words = re.split(r"[\s,]+", text.strip())
    name: list[str] = []
    power = toughness = None
    colors: list[str] = []
    colorless = False
    types: list[str] = []
    keywords: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        low = word.lower()
        two = " ".join(words[index : index + 2]).lower()
        pt = _PT.match(word.upper() if word[:1] in "xX" else word)
        if pt and power is None:
            power, toughness = pt.group(1), pt.group(2)
        elif low in COLOR_WORDS:
            colors.append(COLOR_WORDS[low])
        elif low == "colorless" or low == "colourless":
            colorless = True
        elif low in ("artifact", "enchantment", "creature", "legendary"):
            types.append(low.capitalize())
        elif low in ("token", "tokens", "with", "and", "a", "an"):
            pass
        elif two in TWO_WORD_KEYWORDS and two != "protection from":
            keywords.append(two.capitalize())
            index += 1
        elif low in NUMBERED_KEYWORDS and index + 1 < len(words) and words[index + 1].isdigit():
            keywords.append(f"{low.capitalize()} {words[index + 1]}")
            index += 1
        elif low in KEYWORDS:
            keywords.append(low.capitalize())
        else:
            name.append(word)
        index += 1
    if not name:
        return None
    said_colors: tuple[str, ...] | None = None
    if colors or colorless:
        said_colors = tuple(c for c in COLORS if c in colors)
    described = bool(power or colors or colorless or types or keywords or printing)
    return TokenSpec(
        " ".join(name),
        power,
        toughness,
        said_colors,
        tuple(dict.fromkeys(types)),
        tuple(dict.fromkeys(keywords)),
        printing,
        described,
    )


def _fits(token: dict[str, Any], spec: TokenSpec) -> bool:
    if spec.power is not None and (token.get("power"), token.get("toughness")) != (
        spec.power,
        spec.toughness,
    ):
        return False
    if spec.colors is not None and tuple(token.get("colors", ())) != spec.colors:
        return False
    all_types = set(token.get("types", ())) | set(token.get("supertypes", ()))
    if not set(spec.types) <= all_types:
        return False
    if spec.keywords and sorted(k.lower() for k in token.get("keywords", ())) != sorted(
        k.lower() for k in spec.keywords
    ):
        return False
    return spec.printing is None or _printed_in(token, spec.printing)


def _printed_in(token: dict[str, Any], printing: str) -> bool:
    """``TLCI 5`` names a printed token; a set code alone, a token of the set or made by
    one of its cards (a token set's code is ``T`` and the set's)."""
    code, _, number = printing.partition(" ")
    if token.get("printing"):
        own_code, _, own_number = str(token["printing"]).partition(" ")
        return own_code == code and (not number or own_number == number)
    sets = set(token.get("token_sets", ()))
    if code in sets:
        return True
    # TPCA: the tokens of PCA, whose cards MTGJSON may file under a set of its own (OPCA).
    base = code[1:] if len(code) == 4 and code.startswith("T") else ""
    return bool(base) and any(s == base or (len(s) == 4 and s.endswith(base)) for s in sets)


def choose(variants: list[dict[str, Any]], spec: TokenSpec) -> dict[str, Any] | None:
    """The variant the spec names: the first (most made) that fits it."""
    return next((token for token in variants if _fits(token, spec)), None)


def made_from(spec: TokenSpec) -> dict[str, Any] | None:
    """A token built from a description that gives at least power and toughness."""
    if spec.power is None:
        return None
    subtypes = [w for w in spec.name.split() if w[:1].isupper()] or spec.name.split()
    types = [t for t in ("Artifact", "Enchantment") if t in spec.types] + ["Creature"]
    token: dict[str, Any] = {
        "name": " ".join(word[:1].upper() + word[1:] for word in spec.name.split()),
        "mana_cost": "",
        "token": True,
        "types": types,
        "subtypes": [w[:1].upper() + w[1:] for w in subtypes],
        "colors": list(spec.colors or ()),
        # A token card described "X/X" has nothing to say what X is: X is 0 (107.3).
        "power": "0" if spec.power == "X" else spec.power,
        "toughness": "0" if spec.toughness == "X" else spec.toughness,
        "oracle": ", ".join(spec.keywords).capitalize() if spec.keywords else "",
    }
    if "Legendary" in spec.types:
        token["supertypes"] = ["Legendary"]
    if spec.keywords:
        token["keywords"] = list(spec.keywords)
    return token


def token_words(token: dict[str, Any]) -> str:
    """``3/3 green Dinosaur creature token with trample``: a token as Oracle text says it."""
    colors = token.get("colors") or []
    color_words = (
        " and ".join(WORD_OF_COLOR[c] for c in colors)
        if len(colors) <= 2
        else ", ".join(WORD_OF_COLOR[c] for c in colors[:-1]) + f", and {WORD_OF_COLOR[colors[-1]]}"
    ) or "colorless"
    types = [t.lower() for t in token.get("types", ()) if t != "Creature"]
    if "Creature" in token.get("types", ()):
        types.append("creature")
    pt = f"{token['power']}/{token['toughness']} " if token.get("power") is not None else ""
    legendary = "legendary " if "Legendary" in token.get("supertypes", ()) else ""
    subtypes = " ".join(token.get("subtypes", ()))
    named = "" if subtypes == token["name"] else f" named {token['name']}"
    text = f"{legendary}{pt}{color_words} {subtypes + ' ' if subtypes else ''}{' '.join(types)} token{named}"
    keywords = [k.lower() for k in token.get("keywords", ())]
    if keywords:
        text += " with " + (
            keywords[0] if len(keywords) == 1 else ", ".join(keywords[:-1]) + " and " + keywords[-1]
        )
    return text


def describe_spec(spec: TokenSpec) -> str:
    parts = [spec.name]
    if spec.power is not None:
        parts.append(f"{spec.power}/{spec.toughness}")
    if spec.colors is not None:
        parts.append(" ".join(WORD_OF_COLOR[c] for c in spec.colors) or "colorless")
    parts.extend(t.lower() for t in spec.types)
    parts.extend(k.lower() for k in spec.keywords)
    if spec.printing:
        parts.append(f"({spec.printing})")
    return " ".join(parts)


def short_words(token: dict[str, Any]) -> str:
    """``Dinosaur 3/1 red``: a token the way a decklist line can name it."""
    parts = [token["name"]]
    if token.get("power") is not None:
        parts.append(f"{token['power']}/{token.get('toughness')}")
    parts.append(" ".join(WORD_OF_COLOR[c] for c in token.get("colors", ())) or "colorless")
    parts.extend(k.lower() for k in token.get("keywords", ()))
    return " ".join(parts)


def choice_note(token: dict[str, Any], variants: list[dict[str, Any]], made: bool) -> str:
    """What ``deck validate`` says of the token a line took."""
    words = token_words(token)
    if made:
        return f"token: {words} (no card makes this token: made as the line describes it)"
    printing = f", printed {token['printing']}" if token.get("printing") else ""
    others = [v for v in variants if v is not token]
    if not others:
        return f"token: {words}{printing}"
    which = "the one most cards make" if variants[0] is token else "as the line describes it"
    return (
        f"token: {words}{printing} ({which}, of {counted(len(variants), 'token')} named "
        f"{token['name']}; name another by what tells it apart, e.g. '{short_words(others[0])}')"
    )


def token_from_phrase(phrase: str, after: str = "", sized: bool = False) -> dict[str, Any] | None:
    """The token a phrase of Oracle text describes whole ("1/1 white Soldier creature token
    with flying"), as a token record; None for anything else. ``sized``: an "X/X" token is
    read too (its size is given as it is made), not only tokens of a fixed size."""
    for pattern, artifact in ((_CREATURE_TOKEN, False), (_ARTIFACT_TOKEN, True)):
        match = pattern.fullmatch(phrase.strip())
        if match is not None:
            return _variant_from(match, after, artifact, sized)
    return None
