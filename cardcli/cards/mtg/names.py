"""The key a card name is matched by: case, accents and punctuation left out."""

from __future__ import annotations

import re
import unicodedata

_PUNCTUATION = re.compile(r"[^0-9a-z ]+")


def normalize(name: str) -> str:
    """The key a name is matched by.

    >>> normalize("Twilight’s Call") == normalize("twilights call")
    True
    >>> normalize("Fire // Ice"), normalize("Æther Vial"), normalize("Lim-Dûl's Vault")
    ('fire ice', 'aether vial', 'lim duls vault')
    """
    name = name.replace("\u00c6", "Ae").replace("\u00e6", "ae")  # Æther, as cards print it
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(_PUNCTUATION.sub("", text.replace("-", " ").replace("/", " ")).split())
