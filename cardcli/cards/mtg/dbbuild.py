"""Building a card database (``carddb.py``) from MTGJSON files.

``cardcli cards import FILE`` and ``scripts/build_card_db.py`` both come here.
An AtomicCards file gives every card (and the tokens their Oracle texts
create); a set file or AllPrintings gives printed tokens with their set codes.
Every record is checked against the card schema before it is written; one that
does not fit the model (an Un-card with half a mana symbol, a Hero card of a
Theros challenge deck) is left out and counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.carddb import CardDatabase, DatabaseContents, PoolError, write_database
from cardcli.cards.mtg.mtgjson import MtgjsonError, iter_data, open_text
from cardcli.cards.mtg.mtgjson_cards import card_record, token_record
from cardcli.cards.mtg.names import normalize
from cardcli.cards.mtg.tokens import mine_tokens, variant_key

SHOWN_SKIPS = 5


@dataclass
class BuildStats:
    kind: str = ""  # "AtomicCards", "set file" or "AllPrintings"
    cards: int = 0
    tokens: int = 0  # token variants known from Oracle text
    printed_tokens: int = 0  # tokens read from set files
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (name, why)
    kept_cards: int = 0  # cards an earlier import left in the database

    def summary(self) -> str:
        skipped = ""
        if self.skipped:
            shown = ", ".join(name for name, _ in self.skipped[:SHOWN_SKIPS])
            more = "..." if len(self.skipped) > SHOWN_SKIPS else ""
            skipped = (
                f"; {len(self.skipped)} left out that the card model cannot hold ({shown}{more})"
            )
        if self.kind == "AtomicCards":
            return f"{self.cards} cards and {self.tokens} tokens made by their text{skipped}"
        kept = f"; the {self.kept_cards} cards imported before are kept" if self.kept_cards else ""
        return f"{self.printed_tokens} printed tokens from an MTGJSON {self.kind}{kept}{skipped}"


@dataclass
class _Read:
    kind: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    cards: list[tuple[dict[str, Any], list[str]]] = field(default_factory=list)  # with printings
    ranks: dict[str, int] = field(default_factory=dict)  # card name -> EDHREC rank
    tokens: list[dict[str, Any]] = field(default_factory=list)


def _read(source: Path, stats: BuildStats) -> _Read:
    """Every card or printed token of an MTGJSON file, checked against the card schema."""
    from cardcli.cards.mtg.schemas import card_validator
    from cardcli.files import open_input

    validator = card_validator()
    read = _Read()

    def fits(record: dict[str, Any] | None, name: str) -> bool:
        if record is None:
            stats.skipped.append((name, "not a card of the model"))
            return False
        error = next(iter(validator.iter_errors(record)), None)
        if error is not None:
            stats.skipped.append((name, error.message[:80]))
            return False
        return True

    def add_tokens(tokens: Any) -> None:
        for token in tokens if isinstance(tokens, list) else ():
            record = token_record(token)
            if fits(record, str(token.get("name", "?")) if isinstance(token, dict) else "?"):
                assert record is not None
                read.tokens.append(record)

    with open_input(str(source), "") as raw:
        stream = open_text(raw, str(source))
        try:
            for key, value in iter_data(stream, str(source), read.meta):
                if not read.kind:
                    read.kind = _kind_of(key, value)
                if read.kind == "AtomicCards":
                    if not isinstance(value, list):
                        raise MtgjsonError(
                            f"{source}: {key!r} is no list of faces: not AtomicCards"
                        )
                    record = card_record(key, value)
                    if fits(record, key):
                        assert record is not None
                        read.cards.append((record, _printings(value)))
                        rank = _rank(value)
                        if rank is not None:
                            read.ranks[record["name"]] = rank
                elif read.kind == "AllPrintings":
                    if isinstance(value, dict):
                        add_tokens(value.get("tokens"))
                elif key == "tokens":
                    add_tokens(value)
        except UnicodeDecodeError:
            raise MtgjsonError(f"{source}: not UTF-8 text: not MTGJSON") from None
        except RecursionError:
            raise MtgjsonError(f"{source}: JSON nested too deeply: not MTGJSON") from None
        except (OSError, EOFError) as err:  # a damaged gzip, xz or bzip2 stream
            raise MtgjsonError(f"{source}: cannot be read: {err}") from None
    if not read.kind:
        raise MtgjsonError(f"{source}: its 'data' is empty: not an MTGJSON file of cards")
    return read


_SET_KEYS = {"baseSetSize", "block", "booster", "cards", "code", "decks", "name", "tokens", "type"}


def _kind_of(key: str, first: Any) -> str:
    """What an MTGJSON file is, from the first entry of its ``data``."""
    if key in _SET_KEYS or not isinstance(first, list | dict):
        return "set file"
    return "AtomicCards" if isinstance(first, list) else "AllPrintings"


def _rank(faces: list[Any]) -> int | None:
    """EDHREC's rank of a card (1: the most played in Commander), where MTGJSON has it."""
    for face in faces:
        rank = face.get("edhrecRank") if isinstance(face, dict) else None
        if isinstance(rank, int) and not isinstance(rank, bool) and 0 < rank < 10**7:
            return rank
    return None


def _printings(faces: list[Any]) -> list[str]:
    found: set[str] = set()
    for face in faces:
        if isinstance(face, dict) and isinstance(face.get("printings"), list):
            found.update(p for p in face["printings"] if isinstance(p, str) and len(p) <= 8)
    return sorted(found)


def _contents_of_cards(read: _Read, stats: BuildStats) -> DatabaseContents:
    cards = read.cards
    contents = DatabaseContents()
    for record, _printed in sorted(cards, key=lambda pair: normalize(pair[0]["name"])):
        key = normalize(record["name"])
        if key in contents.cards:
            stats.skipped.append(
                (record["name"], f"its name is taken by {contents.cards[key]['name']}")
            )
            continue
        contents.cards[key] = record
    for key, record in contents.cards.items():
        for alias in record.get("aliases", ()):
            alias_key = normalize(alias)
            if alias_key not in contents.cards:  # a real card's name is never an alias
                contents.aliases.setdefault(alias_key, key)
    with_printings = (
        {**record, "printings": printed}
        for record, printed in cards
        if normalize(record["name"]) in contents.cards
    )
    contents.tokens = mine_tokens(with_printings, normalize)
    contents.ranks = {
        key: read.ranks[record["name"]]
        for key, record in contents.cards.items()
        if record["name"] in read.ranks
    }
    for key, record in contents.cards.items():  # EDHREC leaves basic lands out: the most played
        if "Basic" in record.get("supertypes", ()) and "Land" in record["types"]:
            contents.ranks.setdefault(key, 1)
    stats.cards = len(contents.cards)
    stats.tokens = sum(len(v) for v in contents.tokens.values())
    return contents


def _add_printed(contents: DatabaseContents, printed: list[dict[str, Any]]) -> int:
    """Printed tokens after the known variants of their name, each printing once."""
    added = 0
    for token in printed:
        variants = contents.tokens.setdefault(normalize(token["name"]), [])
        if any(v.get("printing") == token["printing"] for v in variants if token.get("printing")):
            continue
        same = [v for v in variants if variant_key(v) == variant_key(token)]
        if same and not token.get("printing"):
            continue
        variants.append(token)
        added += 1
    return added


def build(source: Path, out_path: str, what: str = "--out") -> BuildStats:
    """A new database from an MTGJSON AtomicCards file (the shipped database's build)."""
    from cardcli.files import replace_whole

    stats = BuildStats()
    read = _read(source, stats)
    stats.kind = read.kind
    if read.kind != "AtomicCards":
        raise MtgjsonError(f"{source}: a database is built from an MTGJSON AtomicCards file")
    contents = _contents_of_cards(read, stats)
    contents.source = _source(source, read.meta)
    with replace_whole(out_path, what) as (out, _target):
        write_database(out, contents)
    return stats


def import_file(source: Path, target: Path) -> BuildStats:
    """Update the user's database at ``target`` from an MTGJSON file.

    AtomicCards replaces its cards (and the tokens their text makes); a set file
    or AllPrintings adds printed tokens. What an earlier import gave and this one
    does not replace is kept. The new database is written beside the old and
    renamed onto it only when whole: any refusal leaves the old one as it was.
    """
    from cardcli.files import replace_whole

    stats = BuildStats()
    read = _read(source, stats)
    stats.kind = read.kind
    old = _old_contents(target)
    if read.kind == "AtomicCards":
        if not read.cards:
            raise MtgjsonError(f"{source}: no card found in its 'data'; the database is unchanged")
        contents = _contents_of_cards(read, stats)
        printed = [t for variants in old.tokens.values() for t in variants if t.get("printing")]
        _add_printed(contents, printed)
        contents.source = {**old.source, "cards": _source(source, read.meta)}
    else:
        if not read.tokens:
            raise MtgjsonError(
                f"{source}: an MTGJSON {read.kind} with no tokens in it; the database is unchanged"
            )
        contents = old
        stats.kept_cards = len(old.cards)
        stats.printed_tokens = _add_printed(contents, read.tokens)
        imported = list(contents.source.get("tokens_from", []))
        contents.source = {
            **contents.source,
            "tokens_from": [*imported, _source(source, read.meta)],
        }
    with replace_whole(str(target), "the card database") as (out, _target):
        write_database(out, contents)
    return stats


def _source(path: Path, meta: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {"file": path.name}
    for key in ("date", "version"):
        if isinstance(meta.get(key), str):
            found[key] = meta[key]
    return found


def _old_contents(target: Path) -> DatabaseContents:
    """What the user's database holds now (nothing if there is none yet)."""
    if not target.is_file():
        return DatabaseContents()
    database = CardDatabase(target)
    contents = DatabaseContents(
        source=dict(database.source), aliases=database.aliases(), ranks=database.ranks()
    )
    try:
        for block in database.raw_blocks():
            for key, data in block:
                contents.cards[key] = database.record(data)
        contents.tokens = {k: list(v) for k, v in database.tokens().items()}
    except PoolError as err:
        raise MtgjsonError(f"{err}; remove it and import again") from None
    return contents
