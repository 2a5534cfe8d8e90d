"""MTGO ``.dek`` and Cockatrice ``.cod`` decklists, parsed safely with expat.

A DOCTYPE or any entity declaration is refused before it can expand, so
"billion laughs" and external entities cannot do anything.
"""

from __future__ import annotations

from xml.parsers import expat

from cardcli.cards.mtg.decklist import (
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_LINE_CHARS,
    DeckError,
    Decklist,
    Entry,
    clean_name,
    count_problem,
    parse_count,
)


class _Refused(Exception):
    pass


def parse_xml_deck(text: str, name: str) -> Decklist:
    deck = Decklist(name=name.rsplit("/", 1)[-1].rsplit(".", 1)[0], path=name)
    parser = expat.ParserCreate()
    zone = ["main"]
    in_deckname = [False]

    def refuse(*_args: object) -> int:
        raise _Refused

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        lowered = tag.lower()
        if lowered == "cards":  # MTGO .dek
            section = "sideboard" if attrs.get("Sideboard", "false").lower() == "true" else "main"
            _add(deck, attrs.get("Name", ""), attrs.get("Quantity", ""), line, section, name)
        elif lowered == "zone":  # Cockatrice .cod
            zone[0] = {"side": "sideboard", "main": "main", "tokens": "tokens"}.get(
                attrs.get("name", "main").lower(), "main"
            )
        elif lowered == "card" and zone[0] != "tokens":
            _add(deck, attrs.get("name", ""), attrs.get("number", ""), line, zone[0], name)
        elif lowered == "deckname":
            in_deckname[0] = True

    def end(tag: str) -> None:
        if tag.lower() == "deckname":
            in_deckname[0] = False

    def chars(data: str) -> None:
        if in_deckname[0] and data.strip():
            deck.name = data.strip()

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text, True)
    except _Refused:
        raise DeckError(
            f"{name}:{parser.CurrentLineNumber}: DOCTYPE and entity declarations are not allowed in a decklist"
        ) from None
    except expat.ExpatError as err:
        raise DeckError(f"{name}:{err.lineno}: broken XML: {expat.ErrorString(err.code)}") from None
    if not deck.entries:
        first = f" ({deck.problems[0][0]}: {deck.problems[0][1]})" if deck.problems else ""
        raise DeckError(f"{name}: no cards found{first} (an MTGO .dek or Cockatrice .cod deck?)")
    return deck


def _add(deck: Decklist, card: str, quantity: str, line: int, section: str, name: str) -> None:
    """One card entry; a problem with it is a problem of its line, and reading goes on."""
    if len(deck.entries) >= MAX_ENTRIES:
        raise DeckError(f"{name}:{line}: more than {MAX_ENTRIES} cards entries: not a decklist")
    if not card.strip():
        deck.problem(line, "a card without a name")
        return
    if len(card) > MAX_LINE_CHARS:
        deck.problem(line, f"a card name of {len(card)} characters: not a card")
        return
    shown_card = clean_name(card)
    count = parse_count(quantity.strip())
    if count is None:
        shown = quantity if len(quantity) <= 12 else quantity[:12] + "..."
        deck.problem(
            line, f"{shown_card}: quantity '{shown}' is not a number from 1 to {MAX_COUNT}"
        )
        return
    if not 1 <= count <= MAX_COUNT:
        deck.problem(line, f"{shown_card}: {count_problem(quantity.strip())}")
        return
    deck.entries.append(Entry(count, shown_card, line, section))
