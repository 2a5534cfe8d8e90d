"""Shell completion (click's _CARDCLI_COMPLETE; see the README): files, games, bots, cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click


def complete_files(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def complete_dirs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="dir")]


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    from cardcli.registry import game_names

    return [CompletionItem(name) for name in game_names() if name.startswith(incomplete.lower())]


def complete_bots(game_name: str, people: bool) -> Callable[..., list[Any]]:
    """Bot names for --bot; ``SEAT=BOT`` (and ``SEAT=human``) for --seat."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from cardcli.engine.game import get_game

        game = get_game(game_name)
        bots = list(game.bots)
        if param.name != "seat":
            return [CompletionItem(b) for b in bots if b.startswith(incomplete.lower())]
        from cardcli.cli.params import split_game_options
        from cardcli.output import notes_held

        # Completion prints nothing on stderr: a deck's warning would break the line typed.
        with notes_held(show=False):
            try:  # the seats of the options given so far (--players 4), else of the defaults
                given = {k: v for k, v in ctx.params.items() if v is not None and v != ()}
                given = split_game_options(dict(given), game_name)
                options, _setup = game.resolve_options(game.load_given(given))
                seats = game.seat_names(options)
            except Exception:  # completion never fails: the default seats
                seats = game.seat_names(game.resolve_options(game.load_given({}))[0])
        who = (["human"] if people else []) + bots
        found = [f"{seat}={name}" for seat in seats for name in who]
        return [CompletionItem(item) for item in found if item.startswith(incomplete.lower())]

    return complete


def complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Card names, a word at a time: the words typed so far and the one being typed."""
    from click.shell_completion import CompletionItem

    from cardcli.cards.mtg.pool import CardPool, normalize
    from cardcli.engine.errors import CardcliError

    typed = [*(ctx.params.get("words") or ()), incomplete]
    prefix = normalize(" ".join(typed))
    pool = CardPool.bundled()
    try:
        names = set(pool.all_names())
    except CardcliError:  # a damaged user database: complete from the hand-written cards
        names = {card.name for card in pool.cards.values()}
    found: set[str] = set()
    for name in names:
        words = shell_words(name)
        if normalize(" ".join(words)).startswith(prefix) and len(words) >= len(typed):
            found.add(" ".join(words[len(typed) - 1 :]))
    return [CompletionItem(item) for item in sorted(found)]


def shell_words(name: str) -> list[str]:
    """A card name as words a shell takes unquoted: ``Twilight's Call`` -> Twilights Call.

    The pool matches names ignoring punctuation, so the words find the card.
    """
    import unicodedata

    plain = name.replace("\u00c6", "Ae").replace("\u00e6", "ae")
    plain = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode()
    kept = "".join(c if c.isalnum() or c in "- " else " " if c == "/" else "" for c in plain)
    return kept.split()
