"""Decklist checks by format. Every problem names the file, the line and the card.

Formats: ``horde`` (the Horde's own deck), ``horde-player`` (a player's deck
for Horde Magic), ``hunsberger``, ``commander``, ``highlander``, ``constructed``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, replace

from cardcli.cards.mtg.decklist import Decklist, Entry
from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.pool import CardPool, normalize
from cardcli.words import counted

FORMATS = ("horde", "horde-player", "hunsberger", "commander", "highlander", "constructed")
HORDE_SIZE = 100
TOKEN_SHARE = (0.50, 0.60)
HUNSBERGER_MIN = 18  # 15 for the Timer deck and 3 for a hand: below, a warning
HUNSBERGER_RECOMMENDED = 60
MAX_SUGGESTIONS = 20

# Cards that make a Horde chanceless with no effort (the Horde rules warn of
# Tainted Aether). The horde casts everything for free, attacks with all it
# has and has no life: these lock it out or wipe it every turn.
HORDE_PLAYER_BANNED = {
    "Tainted Aether": "each creature the horde casts makes it sacrifice a creature or land",
    "Moat": "the horde's ground creatures can never attack",
    "Propaganda": "it does nothing against a horde, which has unlimited mana",
    "Ghostly Prison": "it does nothing against a horde, which has unlimited mana",
    "Mana Leak": "it does nothing against a horde, which has unlimited mana",
    "Humility": "all the horde's creatures become 1/1 without abilities",
    "Peacekeeper": "no creature can attack: the horde never deals damage",
    "Platinum Angel": "the players cannot lose while it survives",
    "Worship": "the players' life cannot drop below 1",
    "Solitary Confinement": "the players take no damage",
    "Blazing Archon": "creatures cannot attack the players",
    "Elesh Norn, Grand Cenobite": "the horde's 2/2 tokens die on arrival",
    "Contamination": "the horde relies on creatures; this makes every land a lock",
    "Pestilence": "one activation a turn wipes every token the horde has",
    "Norn's Annex": "the horde cannot pay life; it never attacks",
    "Silent Arbiter": "the horde attacks with one creature a turn",
    "Dueling Grounds": "the horde attacks with one creature a turn",
}
# The rules name these as useless rather than unfair: a warning, not a refusal.
_WARN_ONLY = {"Propaganda", "Ghostly Prison", "Mana Leak"}


@dataclass(frozen=True)
class Problem:
    level: str  # "error", "warning" or "note"
    file: str
    line: int
    card: str
    message: str

    def text(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        about = f" {self.card}:" if self.card else ""
        return f"{where}: {self.level}:{about} {self.message}"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass
class Report:
    deck: Decklist
    format: str
    problems: list[Problem]
    cards: dict[str, Card]  # normalized name -> card, for the entries that resolved

    @property
    def valid(self) -> bool:
        return not any(p.level == "error" for p in self.problems)

    @property
    def with_commander(self) -> bool:
        """The deck is counted with its commander (a Commander deck)."""
        return self.format in ("commander", "horde-player") and bool(self.deck.section("commander"))

    @property
    def size(self) -> int:
        """The cards the format counts: the main deck, with the commander when it has one."""
        extra = self.deck.count("commander") if self.with_commander else 0
        return self.deck.count("main") + extra

    def size_text(self) -> str:
        """``60 cards`` or ``100 cards with the commander``: the one count a report gives."""
        return counted(self.size, "card") + (" with the commander" if self.with_commander else "")


def check(
    deck: Decklist, pool: CardPool, fmt: str | None = None, horde_size: int = HORDE_SIZE
) -> Report:
    """Check ``deck`` against ``fmt``'s rules (default: its own, else by its sections).

    A deck with a commander section is checked as Commander by default; a
    one-card sideboard that is a legendary creature is taken as the commander
    (MTGO exports the commander there) when the deck is checked as Commander.
    """
    problems = [Problem("error", deck.path, line, "", text) for line, text in deck.problems]
    problems += [Problem("note", deck.path, line, "", text) for line, text in deck.notes]
    cards: dict[str, Card] = {}
    local = CardPool([card for card, _ in deck.inline_cards])
    unknown = 0
    missing_at = 0  # the first line of a card with nothing close in the pool
    for entry in deck.entries:
        card = local.own(entry.name) or pool.get(entry.name, entry.printing, entry.token)
        if card is None:
            unknown += 1
            # Suggestions cost a search each: a long list of unknown names gets none.
            hints = pool.suggest(entry.name) if unknown <= MAX_SUGGESTIONS else []
            if hints:
                message = f"unknown card; did you mean {' or '.join(repr(h) for h in hints)}?"
            else:
                message = "no Magic card or token has this name"
                missing_at = missing_at or entry.line
            problems.append(_at(deck, entry, "error", message))
        else:
            cards[entry_key(entry)] = card
            taken_as = pool.note(entry.name, entry.printing, entry.token)
            if taken_as:
                problems.append(_at(deck, entry, "note", taken_as))
    if missing_at:  # said once, not once a card
        problems.append(Problem("note", deck.path, missing_at, "", pool.missing_hint()))
    fmt = fmt or deck.format or ("commander" if deck.section("commander") else None)
    commander = _sideboard_commander(deck, cards) if fmt in (None, *COMMANDER_FORMATS) else None
    if commander is not None and (fmt is not None or deck.count("main") == 99):
        fmt = fmt or "commander"
        deck = replace(
            deck,
            entries=[
                replace(e, section="commander") if e is commander else e for e in deck.entries
            ],
        )
        problems.append(
            _at(
                deck,
                commander,
                "note",
                "the one card of the sideboard is taken as the commander "
                "(MTGO exports the commander there)",
            )
        )
    fmt = fmt or "constructed"
    rules = {
        "horde": _horde,
        "horde-player": _horde_player,
        "hunsberger": _hunsberger,
        "commander": _commander,
        "highlander": _highlander,
        "constructed": _constructed,
    }
    problems.extend(rules[fmt](deck, cards, horde_size))
    problems.extend(status_notes(deck, cards))
    return Report(deck, fmt, problems, cards)


def status_notes(deck: Decklist, cards: dict[str, Card]) -> list[Problem]:
    """Each card's status, once a card: automated, partial (with the first line applied by
    hand) or manual (with why)."""
    notes = []
    seen: set[str] = set()
    for entry in deck.entries:
        card = _card(cards, entry)
        if card is None or entry_key(entry) in seen:
            continue
        seen.add(entry_key(entry))
        notes.append(_at(deck, entry, "note", card.status_text))
    return notes


COMMANDER_FORMATS = ("commander", "horde-player")


def _sideboard_commander(deck: Decklist, cards: dict[str, Card]) -> Entry | None:
    """The sideboard's one card, if the deck has no commander and it could be one."""
    side = deck.section("sideboard")
    if deck.section("commander") or len(side) != 1 or side[0].count != 1:
        return None
    card = _card(cards, side[0])
    if card is None or not _can_command(card):
        return None
    return side[0]


def _can_command(card: Card) -> bool:
    return (card.is_legendary and card.is_creature) or "can be your commander" in card.oracle


def entry_key(entry: Entry) -> str:
    """The key a line's card is kept by: its name, and the printing that picks a token."""
    key = normalize(entry.name)
    key = f"{key} ({entry.printing})" if entry.printing else key
    return f"{key} [token]" if entry.token else key


def _card(cards: dict[str, Card], entry: Entry) -> Card | None:
    return cards.get(entry_key(entry))


def _first_line(deck: Decklist, section: str = "main") -> int:
    entries = deck.section(section)
    return entries[0].line if entries else 0


def _at(deck: Decklist, entry: Entry, level: str, message: str) -> Problem:
    return Problem(level, deck.path, entry.line, entry.name, message)


def _whole(deck: Decklist, level: str, message: str, section: str = "main") -> Problem:
    """A problem of the deck as a whole, shown at the section's first line."""
    return Problem(level, deck.path, _first_line(deck, section), "", message)


def _copies(
    deck: Decklist, cards: dict[str, Card], limit: int, sections: tuple[str, ...]
) -> list[Problem]:
    """At most ``limit`` copies of a card except basic lands, over ``sections``."""
    totals: Counter[str] = Counter()
    first: dict[str, Entry] = {}
    found: dict[str, Card] = {}
    for entry in deck.entries:
        card = _card(cards, entry)
        if entry.section in sections and card is not None:  # an unknown card is not counted
            key = normalize(card.name)  # two printings of a card are one card
            totals[key] += entry.count
            first.setdefault(key, entry)
            found[key] = card
    problems = []
    for key, total in totals.items():
        card = found[key]
        if total > limit and not card.is_basic_land and not _any_number(card):
            entry = first[key]
            rule = "singleton: one copy" if limit == 1 else f"at most {limit} copies"
            have = counted(total, "copy", "copies")
            problems.append(_at(deck, entry, "error", f"{have}; {rule} except basic lands"))
    return problems


def _any_number(card: Card | None) -> bool:
    return card is not None and "any number of cards named" in card.oracle


def _horde(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems = []
    total = deck.count("main")
    if total != size:
        problems.append(
            _whole(deck, "error", f"a horde deck has {size} cards; this one has {total}")
        )
    tokens = sum(e.count for e in deck.section("main") if (c := _card(cards, e)) and c.token)
    if total:
        share = tokens / total
        if not TOKEN_SHARE[0] <= share <= TOKEN_SHARE[1]:
            problems.append(
                _whole(
                    deck,
                    "warning",
                    f"token cards are {share:.0%} of the deck; 50-60% is the recommended share",
                )
            )
    for entry in deck.section("main"):
        card = _card(cards, entry)
        if card is None:
            continue
        if card.is_land:
            problems.append(
                _at(deck, entry, "error", "a horde plays no lands (it has unlimited mana)")
            )
        if card.token and card.mana_cost not in ("", "{0}"):
            problems.append(
                Problem(
                    "error",
                    deck.path,
                    entry.line,
                    entry.name,
                    f"token cards cost {{0}}, not {card.mana_cost}",
                )
            )
        if card.player_choices:
            problems.append(
                _at(
                    deck,
                    entry,
                    "warning",
                    "needs decisions only a player can make: a horde plays it badly",
                )
            )
        if not card.automated:
            # The rules text: a card the Horde cannot play well is a bad choice for its deck.
            problems.append(
                _at(
                    deck,
                    entry,
                    "warning",
                    f"the Horde cannot play it by itself ({card.status_text})",
                )
            )
    return problems


def _banned(deck: Decklist) -> list[Problem]:
    problems = []
    banned = {normalize(name): (name, why) for name, why in HORDE_PLAYER_BANNED.items()}
    for entry in deck.entries:
        hit = banned.get(normalize(entry.name))
        if hit:
            level = "warning" if hit[0] in _WARN_ONLY else "error"
            verdict = (
                "not useful in Horde" if level == "warning" else "refused in Horde player decks"
            )
            problems.append(_at(deck, entry, level, f"{verdict}: {hit[1]}"))
    return problems


def _horde_player(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems = _banned(deck)
    if deck.section("commander"):
        return problems + _commander(deck, cards, size)
    total = deck.count("main")
    if total < 60:
        problems.append(
            _whole(deck, "error", f"a player deck has at least 60 cards; this one has {total}")
        )
    limit = 1 if deck.format == "highlander" else 4
    return problems + _copies(deck, cards, limit, ("main", "sideboard"))


def _hunsberger(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems = []
    total = deck.count("main")
    if total == 0:
        problems.append(
            _whole(deck, "error", "no cards: Hunsberger's Solitaire needs one at least")
        )
    elif total < HUNSBERGER_MIN:
        # "Main decks can be any size": a small deck plays, all or most of it Timer deck.
        problems.append(
            _whole(
                deck,
                "warning",
                f"{counted(total, 'card')}: any size plays, but below {HUNSBERGER_MIN} (15 for "
                "the Timer deck and 3 for a hand) the Timer deck takes most of it; 60 or more "
                "are recommended",
            )
        )
    elif total < HUNSBERGER_RECOMMENDED:
        problems.append(
            _whole(deck, "warning", f"{counted(total, 'card')}: 60 or more are recommended")
        )
    return problems  # how each card scores: the game's own notes (hunsberger.decknotes)


def _commander(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems: list[Problem] = []
    commanders = deck.section("commander")
    total = deck.count("main") + deck.count("commander")
    line = _first_line(deck, "commander") or _first_line(deck)
    if total != 100:
        problems.append(
            Problem(
                "error",
                deck.path,
                line,
                "",
                f"a Commander deck has 100 cards with its commander; this one has {total}",
            )
        )
    if not commanders:
        problems.append(
            _whole(deck, "error", "no commander: add a 'commander' section (or a Commander header)")
        )
        return problems + _copies(deck, cards, 1, ("main", "commander"))
    identity: set[str] = set()
    for entry in commanders:
        card = _card(cards, entry)
        if card is None:
            continue
        if not _can_command(card):
            problems.append(_at(deck, entry, "error", "a commander must be a legendary creature"))
        identity.update(card.color_identity)
    if len(commanders) > 1 and not all(
        (c := _card(cards, e)) is not None and "Partner" in c.keywords for e in commanders
    ):
        problems.append(
            Problem(
                "error",
                deck.path,
                commanders[1].line,
                commanders[1].name,
                "only one commander (two need Partner)",
            )
        )
    for entry in deck.section("main"):
        card = _card(cards, entry)
        if card is None:
            continue
        outside = [c for c in card.color_identity if c not in identity]
        if outside:
            problems.append(
                _at(
                    deck,
                    entry,
                    "error",
                    f"colour identity {''.join(outside)} is outside the commander's ({''.join(sorted(identity)) or 'colourless'})",
                )
            )
    return problems + _copies(deck, cards, 1, ("main", "commander"))


def _highlander(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems = _copies(deck, cards, 1, ("main", "sideboard"))
    total = deck.count("main")
    if total < 60:
        problems.append(
            _whole(
                deck,
                "warning",
                f"{counted(total, 'card')}; Highlander decks usually have at least 60",
            )
        )
    return problems


def _constructed(deck: Decklist, cards: dict[str, Card], size: int) -> list[Problem]:
    problems = _copies(deck, cards, 4, ("main", "sideboard"))
    total = deck.count("main")
    if total < 60:
        problems.append(
            _whole(deck, "error", f"a constructed deck has at least 60 cards; this one has {total}")
        )
    side = deck.count("sideboard")
    if side > 15:
        problems.append(
            _whole(deck, "warning", f"a sideboard of {side}; 15 is the usual limit", "sideboard")
        )
    return problems
