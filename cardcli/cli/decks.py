"""The Magic commands: deck validate and show; cards search, show and import."""

from __future__ import annotations

import click

from cardcli.cli.complete import complete_cards, complete_files
from cardcli.cli.params import WholeNumber
from cardcli.cli.run import call


@click.group()
def deck() -> None:
    """Check and summarise Magic decklists (YAML, Arena/MTGO text, Forge .dck, .dek, .cod)."""


FORMAT_CHOICE = click.Choice(
    ["horde", "horde-player", "hunsberger", "commander", "highlander", "constructed"]
)


@deck.command("validate")
@click.argument("file", shell_complete=complete_files)
@click.option(
    "--format",
    "fmt",
    type=FORMAT_CHOICE,
    help="the rules to check [default: the deck's own, else commander for a deck with a "
    "commander, else constructed]",
)
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
@click.option(
    "--horde-size",
    type=WholeNumber(1, 10_000),
    default=100,
    show_default=True,
    help="cards in a horde deck",
)
def deck_validate(file: str, fmt: str | None, as_json: bool, horde_size: int) -> None:
    """Check FILE against a format's rules: errors and warnings with file, line and card.

    FILE is YAML, Arena/MTGO text, Forge .dck, MTGO .dek or Cockatrice .cod,
    told by its suffix or its content ('-' is stdin). Exit 0 valid, 1 invalid
    (bad lines included), 2 unusable input (not a decklist at all).
    """
    from cardcli import deck_app

    call(lambda: deck_app.deck_validate(file, fmt, as_json, horde_size))


@deck.command("show")
@click.argument("file", shell_complete=complete_files)
@click.option("--format", "fmt", type=FORMAT_CHOICE, help="the format to read it as")
def deck_show(file: str, fmt: str | None) -> None:
    """Counts by type, a mana curve, colours, automated and manual cards of FILE ('-' is stdin)."""
    from cardcli import deck_app

    call(lambda: deck_app.deck_show(file, fmt))


@click.group()
def cards() -> None:
    """Look up any Magic card or token, and import newer MTGJSON card data."""


@cards.command("search")
@click.argument("words", nargs=-1, required=True, metavar="WORDS...")
@click.option(
    "--limit",
    type=WholeNumber(1, 10_000),
    default=50,
    show_default=True,
    help="show at most this many cards (the rest are counted)",
)
@click.option("--json", "as_json", is_flag=True, help="print the cards found as JSON")
def cards_search(words: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Cards whose name, type line or Oracle text contain every one of WORDS.

    No quotes needed: cardcli cards search destroy target creature. Exit 1 if none.
    """
    from cardcli import deck_app

    call(lambda: deck_app.cards_search(words, limit, as_json))


@cards.command("show")
@click.argument("words", nargs=-1, required=True, metavar="NAME...", shell_complete=complete_cards)
@click.option("--json", "as_json", is_flag=True, help="print the card as JSON")
def cards_show(words: tuple[str, ...], as_json: bool) -> None:
    """Show one card: cost, type line, Oracle text, automated or manual.

    No quotes needed: cardcli cards show lightning bolt. A token by name and what
    tells it apart: cardcli cards show dinosaur 3/1 red. Exit 1 if no card has the name.
    """
    from cardcli import deck_app

    call(lambda: deck_app.cards_show(words, as_json))


@cards.command("coverage")
@click.argument("files", nargs=-1, metavar="[DECK...]", shell_complete=complete_files)
@click.option("--summary", is_flag=True, help="only the totals, not each card")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
def cards_coverage(files: tuple[str, ...], summary: bool, as_json: bool) -> None:
    """How much the engine plays by itself: each card automated, partial or manual.

    A card is automated when every line of its Oracle text compiled, partial
    when some did (the players apply the rest, named here by its first line),
    manual when none did. With DECK files: each deck's distinct cards and
    totals, then the totals over all decks (each card once). Without: the
    totals over every card and token of the card data.
    """
    from cardcli import deck_app

    call(lambda: deck_app.cards_coverage(files, summary, as_json))


@cards.command("import")
@click.argument("file", shell_complete=complete_files)
@click.option(
    "--out",
    metavar="FILE",
    help="where to write the database [default: the user's card database]",
    shell_complete=complete_files,
)
def cards_import(file: str, out: str | None) -> None:
    """Update the card data from an MTGJSON file (plain, .gz, .xz or .bz2; streamed).

    cardcli ships every card; import a newer AtomicCards.json for cards printed
    since, or a set file (LCI.json) or AllPrintings.json for printed tokens by
    set code. The database is $CARDCLI_HOME/cards.db, else
    $XDG_DATA_HOME/cardcli/cards.db, else ~/.local/share/cardcli/cards.db; it
    comes before the shipped card data, and hand-written cards before both.
    """
    from cardcli import deck_app

    call(lambda: deck_app.cards_import(file, out))
