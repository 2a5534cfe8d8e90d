"""Rebuild the card database shipped with cardcli from an MTGJSON AtomicCards file.

    python scripts/build_card_db.py AtomicCards.json.gz [--out cardcli/data/cards.db]

The input is any MTGJSON-shaped AtomicCards file (plain JSON, .gz, .xz or .bz2).
The same input gives the same bytes. Where the shipped file came from, and the
licence of the data, are in cardcli/data/SOURCE.md: update it with the file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cardcli.cards.mtg.dbbuild import build
from cardcli.engine.errors import CardcliError

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "cardcli" / "data" / "cards.db"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="an MTGJSON AtomicCards file")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write it")
    args = parser.parse_args()
    started = time.perf_counter()
    try:
        stats = build(args.source, str(args.out))
    except CardcliError as err:
        print(f"build_card_db: {err}", file=sys.stderr)
        return 2
    size = args.out.stat().st_size
    print(
        f"{args.out}: {stats.summary()}; {size / 1e6:.2f} MB, {time.perf_counter() - started:.1f} s"
    )
    for name, why in stats.skipped:
        print(f"  left out: {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
