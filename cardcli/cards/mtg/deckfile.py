"""Which reader a decklist file gets, by its suffix where that tells, else by its content.

``.yaml``/``.yml``, ``.dek``/``.cod`` and ``.dck`` say what they are; anything
else (``-`` for stdin, ``.txt``) is told by its content, so a file of any
format reads. The readers and the types they read into are modules of their
own (``decklist.py``, ``textdecks.py``, ``xmldecks.py``, ``yamldecks.py``).
"""

from __future__ import annotations

from pathlib import Path

from cardcli.cards.mtg.decklist import (
    MAX_DECK_BYTES,
    MAX_YAML_DECK_BYTES,
    DeckError,
    Decklist,
    display_name,
)
from cardcli.safeyaml import read_text


def load_decklist(path: Path) -> Decklist:
    """Read a decklist in any format; ``-`` is stdin."""
    text = read_text(path, limit=MAX_DECK_BYTES)
    name = display_name(path)
    suffix = path.suffix.lower() if str(path) != "-" else ""
    if suffix in (".yaml", ".yml"):  # as kind_of says, without importing the text readers
        kind = "yaml"
    else:
        from cardcli.cards.mtg import textdecks

        kind = textdecks.kind_of(suffix, text)
    if kind == "yaml":
        from cardcli.cards.mtg.yamldecks import parse_yaml_deck

        if len(text) > MAX_YAML_DECK_BYTES:
            raise DeckError(
                f"{name}: {len(text)} characters; a YAML decklist has at most {MAX_YAML_DECK_BYTES}"
            )
        return parse_yaml_deck(text, name)
    if kind == "xml":
        from cardcli.cards.mtg.xmldecks import parse_xml_deck

        return parse_xml_deck(text, name)
    from cardcli.cards.mtg import textdecks

    if kind == "forge":
        return textdecks.parse_forge_deck(text, name)
    return textdecks.parse_text_deck(text, name)
