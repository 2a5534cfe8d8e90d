"""Make the parse cache's shipped layer anew: cardcli/data/parsed.json.

    python scripts/ship_parsed.py [--check]

Run it after changing a bundled card file or decklist, the code that reads
them (``parsecache.READERS``), the card or decklist schema, or cardcli's
version: until then cardcli passes the old file over and reads YAML at its
first start (``tests/test_shipped_parse.py`` fails to say so). ``--check``
writes nothing and exits 1 if the file is not what it would write.
"""

from __future__ import annotations

import argparse
import json
import sys

from cardcli.cards.mtg.parsecache import SHIPPED
from cardcli.cards.mtg.shipbuild import shipped_text
from cardcli.engine.errors import CardcliError


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    try:
        text = shipped_text()
    except CardcliError as err:
        print(f"ship_parsed: {err}", file=sys.stderr)
        return 2
    if args.check:
        current = SHIPPED.read_text(encoding="utf-8") if SHIPPED.is_file() else ""
        if current != text:
            print(f"{SHIPPED}: not up to date; run python scripts/ship_parsed.py", file=sys.stderr)
            return 1
        print(f"{SHIPPED}: up to date")
        return 0
    SHIPPED.write_text(text, encoding="utf-8")
    entries = len(json.loads(text)["entries"])
    print(f"{SHIPPED}: {entries} entries, {len(text):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
