"""What ``cardcli deck ...`` and ``cardcli cards ...`` do, as functions returning exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from cardcli.cards.mtg.decklist import STDIN_NAME, Decklist
from cardcli.cards.mtg.validate import HORDE_SIZE, Problem
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.games.hunsberger.decknotes import NOTE as SCORE_NOTE
from cardcli.games.hunsberger.decknotes import score_notes, scoring_lines, scoring_table
from cardcli.printable import printable
from cardcli.words import counted

if TYPE_CHECKING:
    from cardcli.cards.mtg.model import Card
    from cardcli.cards.mtg.validate import Report


def _echo(text: str) -> None:
    print(printable(text), flush=True)


def _summary_note(problem: Problem) -> bool:
    """A note the report sums up in a list of its own (automation, Hunsberger scores)."""
    message = problem.message
    return problem.level == "note" and (
        message == "automated" or message.startswith(("manual: ", "partial: ", SCORE_NOTE))
    )


def _checked(deck: Decklist, fmt: str | None, horde_size: int = HORDE_SIZE) -> Report:
    """The deck's report; for Hunsberger's Solitaire, with how each card scores."""
    from cardcli.cards.mtg.pool import CardPool
    from cardcli.cards.mtg.validate import check

    report = check(deck, CardPool.bundled(), fmt, horde_size)
    if report.format == "hunsberger":
        report.problems.extend(score_notes(report))
    return report


def _shown_name(file: str) -> str:
    return STDIN_NAME if file == "-" else file


def deck_validate(file: str, fmt: str | None, as_json: bool, horde_size: int) -> int:
    from cardcli.cards.mtg.deckfile import load_decklist

    try:
        deck = load_decklist(Path(file))
    except CardcliError as err:
        if as_json:  # tools get JSON even for input that cannot be read
            _echo(json.dumps({"file": _shown_name(file), "valid": False, "error": str(err)}))
        raise
    report = _checked(deck, fmt, horde_size)
    if as_json:
        _echo(
            json.dumps(
                {
                    "file": _shown_name(file),
                    "deck": report.deck.name,
                    "format": report.format,
                    "valid": report.valid,
                    "cards": report.size,
                    "problems": [p.as_dict() for p in report.problems],
                    **({"scoring": scoring_table(report)} if report.format == "hunsberger" else {}),
                },
                ensure_ascii=False,
            )
        )
        return 0 if report.valid else 1
    for problem in report.problems:
        if not _summary_note(problem):
            _echo(problem.text())
    notes = [p for p in report.problems if _summary_note(p)]
    scoring = [p for p in notes if p.message.startswith(SCORE_NOTE)]
    if scoring:
        _echo("how each card plays in Hunsberger's Solitaire:")
        for line in scoring_lines(report):
            _echo("  " + line)
        notes = [p for p in notes if p not in scoring]
    if notes:
        _status_lines(notes)
    errors = sum(1 for p in report.problems if p.level == "error")
    warnings = sum(1 for p in report.problems if p.level == "warning")
    verdict = "valid" if report.valid else f"invalid, {counted(errors, 'error')}"
    _echo(
        f"{_shown_name(file)}: {verdict} as {report.format} "
        f"({report.size_text()}, {counted(warnings, 'warning')})"
    )
    return 0 if report.valid else 1


def deck_show(file: str, fmt: str | None) -> int:
    from cardcli.cards.mtg.deckfile import load_decklist
    from cardcli.cards.mtg.show import deck_summary

    deck = load_decklist(Path(file))
    report = _checked(deck, fmt)
    _echo(deck_summary(report))
    if report.format == "hunsberger":
        _echo("how each card plays in Hunsberger's Solitaire:")
        for line in scoring_lines(report):
            _echo("  " + line)
    # What the summary could not count: lines not read, cards not in the pool.
    unread = {(line, text) for line, text in deck.problems}
    for problem in report.problems:
        not_read = (problem.line, problem.message) in unread
        unknown = problem.message.startswith(("unknown card", "no Magic card or token"))
        if not_read or unknown or (problem.level == "note" and not _summary_note(problem)):
            _echo(problem.text())
    return 0


def _status_lines(notes: list[Problem]) -> None:
    """Cards by status: the automated named, the partial and manual with what is by hand."""
    automated = sorted({p.card for p in notes if p.message == "automated"})
    partial = sorted({(p.card, p.message) for p in notes if p.message.startswith("partial: ")})
    manual = sorted({(p.card, p.message) for p in notes if p.message.startswith("manual: ")})
    _echo(f"automated by the engine ({len(automated)}): " + (", ".join(automated) or "none"))
    _echo(f"partial, the rest applied by the players ({len(partial)})" + (":" if partial else ""))
    for card, message in partial:
        _echo(f"  {card}: {message.removeprefix('partial: ')}")
    _echo(f"manual, applied by the players ({len(manual)})" + (":" if manual else ""))
    for card, message in manual:
        _echo(f"  {card}: {message.removeprefix('manual: ')}")


def _card_json(card: Card) -> dict[str, object]:
    data: dict[str, object] = dict(card.raw) if card.raw else {"name": card.name}
    data.update(
        {
            "mana_cost": card.mana_cost,
            "type_line": card.type_line,
            "oracle": card.oracle,
            "automated": card.automated,
            "status": card.status,
            "source": card.source,
        }
    )
    return data


def cards_search(words: tuple[str, ...], limit: int, as_json: bool) -> int:
    """Cards matching every word; says when it stops at ``limit``."""
    from cardcli.cards.mtg.pool import CardPool

    query = " ".join(words)
    if not query.strip():
        raise UsageError("cards search needs words to look for, e.g. cards search destroy creature")
    total, shown = CardPool.bundled().search(query, limit)
    if as_json:
        cards = [_card_json(card) for card in shown]
        _echo(json.dumps({"query": query, "total": total, "cards": cards}, ensure_ascii=False))
        return 0 if total else 1
    for card in shown:
        _echo(f"{card.name:<32} {card.mana_cost:<14} {card.type_line}")
    if not total:
        _echo(f"no card matches '{query}'")
        return 1
    if total > limit:
        _echo(f"({limit} of {counted(total, 'card')} shown; --limit {total} shows them all)")
    return 0


def cards_show(words: tuple[str, ...], as_json: bool) -> int:
    from cardcli.cards.mtg.pool import CardPool

    name = " ".join(words)
    if not name.strip():
        raise UsageError("cards show needs a card name, e.g. cards show lightning bolt")
    pool = CardPool.bundled()
    card = pool.get(name)
    if card is None:
        message = pool.unknown_message(name)
        hint = "" if "did you mean" in message else f"; {pool.missing_hint()}"
        raise CardcliError(message + hint)
    _echo(json.dumps(_card_json(card), ensure_ascii=False) if as_json else card.describe())
    return 0


def cards_import(file: str, out: str | None) -> int:
    """Update the user's card database from an MTGJSON file (AtomicCards, a set, AllPrintings)."""
    from cardcli.cards.mtg.dbbuild import import_file
    from cardcli.cards.mtg.pool import MTGJSON_URL, user_db_path

    if "://" in file:
        raise UsageError(
            f"cards import takes a file, not an address: download it first (for every card, "
            f"{MTGJSON_URL}; for a set's tokens, https://mtgjson.com/api/v5/SET.json), e.g. "
            f"'curl -O {MTGJSON_URL}', then run 'cardcli cards import AtomicCards.json.gz'"
        )
    target = Path(out) if out else user_db_path()
    stats = import_file(Path(file), target)
    _echo(f"imported {stats.summary()} into {target}")
    return 0


def cards_coverage(files: tuple[str, ...], summary: bool, as_json: bool) -> int:
    """Each card's status (automated, partial, manual) over some decks, or the whole pool."""
    from cardcli.cards.mtg.coverage import Tally, by_status, deck_coverage, first_gap
    from cardcli.cards.mtg.deckfile import load_decklist
    from cardcli.cards.mtg.pool import CardPool

    pool = CardPool.bundled()
    if not files:
        tally = Tally()
        for card in pool.every_card(tokens=True):
            tally.add(card)
        if as_json:
            _echo(json.dumps({"pool": tally.as_dict()}))
        else:
            _echo("every card of the card data (hand-written, imported and shipped):")
            _echo("  " + Tally.line(tally.cards, "cards"))
            _echo("  " + Tally.line(tally.tokens, "tokens"))
        return 0
    overall = Tally()
    seen: set[str] = set()
    reports = []
    for file in files:
        covered = deck_coverage(load_decklist(Path(file)), pool)
        tally = covered.tally()
        overall.unknown += tally.unknown
        for card in covered.cards:
            key = card.name + (" [token]" if card.token else "")
            if key not in seen:
                seen.add(key)
                overall.add(card)
        cards = by_status(covered.cards)
        if as_json:
            reports.append(
                {
                    "file": _shown_name(file),
                    "deck": covered.deck.name,
                    "cards": [
                        {
                            "name": card.name,
                            "token": card.token,
                            "status": card.status,
                            "unread": list(card.unread),
                            **({"reason": card.manual_reason} if card.manual else {}),
                        }
                        for card in cards
                    ],
                    "unknown": covered.unknown,
                    "totals": tally.as_dict(),
                }
            )
            continue
        _echo(f"{_shown_name(file)}: {covered.deck.name}")
        if not summary:
            for card in cards:
                gap = first_gap(card)
                name = card.name + (" (token)" if card.token else "")
                _echo(f"  {card.status:<9} {name}" + (f": {gap}" if gap else ""))
            for name in covered.unknown:
                _echo(f"  unknown   {name}: no Magic card or token has this name")
        _echo("  " + Tally.line(tally.cards, "cards"))
        if sum(tally.tokens.values()):
            _echo("  " + Tally.line(tally.tokens, "tokens"))
    if as_json:
        _echo(json.dumps({"decks": reports, "totals": overall.as_dict()}, ensure_ascii=False))
        return 0
    if len(files) > 1:
        _echo(f"all {len(files)} decks, each card once:")
        _echo("  " + Tally.line(overall.cards, "cards"))
        if sum(overall.tokens.values()):
            _echo("  " + Tally.line(overall.tokens, "tokens"))
    if overall.unknown:
        _echo(f"  {counted(overall.unknown, 'name')} not found (see deck validate)")
    return 0
