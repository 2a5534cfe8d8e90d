"""The command-line interface: click declarations only; the work is in ``app``.

Only click is imported at start-up; games, YAML and jsonschema load on demand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from cardcli import __version__
from cardcli.printable import one_line, shortened

MAX_SEED = (1 << 64) - 1
MAX_MESSAGE = 2000  # characters of an error message shown
MAX_DIGITS = 20  # 2**64 has 20 digits; no option of cardcli needs more


class WholeNumber(click.ParamType):  # type: ignore[type-arg]
    """A whole number in ASCII digits, within bounds: ``١٢`` or ``1e3`` is no number here."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text.startswith("-") else text
            shown = (
                one_line(str(value)) if len(str(value)) <= 40 else one_line(str(value)[:40]) + "..."
            )
            if not (digits.isascii() and digits.isdigit()):
                self.fail(f"'{shown}' is not a whole number (write digits 0-9)", param, ctx)
            if len(digits) > MAX_DIGITS:  # a number, too long to be one we take
                self.fail(
                    f"'{shown}' ({len(digits)} digits) is too large{self._range()}", param, ctx
                )
            number = int(text)
        if (self.low is not None and number < self.low) or (
            self.high is not None and number > self.high
        ):
            if self.high is None:
                self.fail(f"{number} is below {self.low}", param, ctx)
            self.fail(f"{number} is not in the range {self.low} to {self.high}", param, ctx)
        return number

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f": {self.low} to {self.high}"
        return ""


SEED = WholeNumber(0, MAX_SEED)
MAX_WORKERS = 256


def _cores() -> int:
    """The cores this process may use (every core, where the system says which)."""
    import os

    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


class Workers(WholeNumber):
    """``--workers N`` or ``--workers auto``: one worker a core."""

    name = "N|auto"

    def __init__(self) -> None:
        super().__init__(1, MAX_WORKERS)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str) and value.strip().lower() == "auto":
            return min(_cores(), MAX_WORKERS)
        text = str(value).strip()
        if not isinstance(value, int) and not (text.isascii() and text.isdigit()):
            shown = one_line(text[:40])
            self.fail(f"'{shown}' is not a number of workers: write 1 to 256, or auto", param, ctx)
        return super().convert(value, param, ctx)


# -- shell completion (click's _CARDCLI_COMPLETE; see the README) ------------------


def _complete_files(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def _complete_dirs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="dir")]


def _complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    from cardcli.registry import game_names

    return [CompletionItem(name) for name in game_names() if name.startswith(incomplete.lower())]


def _complete_bots(game_name: str, people: bool) -> Callable[..., list[Any]]:
    """Bot names for --bot; ``SEAT=BOT`` (and ``SEAT=human``) for --seat."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        from cardcli.engine.game import get_game

        game = get_game(game_name)
        bots = list(game.bots)
        if param.name != "seat":
            return [CompletionItem(b) for b in bots if b.startswith(incomplete.lower())]
        from cardcli.actions.output import notes_held

        # Completion prints nothing on stderr: a deck's warning would break the line typed.
        with notes_held(show=False):
            try:  # the seats of the options given so far (--players 4), else of the defaults
                given = {k: v for k, v in ctx.params.items() if v is not None and v != ()}
                given = _split(dict(given), game_name)
                options, _setup = game.resolve_options(game.load_given(given))
                seats = game.seat_names(options)
            except Exception:  # completion never fails: the default seats
                seats = game.seat_names(game.resolve_options(game.load_given({}))[0])
        who = (["human"] if people else []) + bots
        found = [f"{seat}={name}" for seat in seats for name in who]
        return [CompletionItem(item) for item in found if item.startswith(incomplete.lower())]

    return complete


def _complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
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
        words = _shell_words(name)
        if normalize(" ".join(words)).startswith(prefix) and len(words) >= len(typed):
            found.add(" ".join(words[len(typed) - 1 :]))
    return [CompletionItem(item) for item in sorted(found)]


def _shell_words(name: str) -> list[str]:
    """A card name as words a shell takes unquoted: ``Twilight's Call`` -> Twilights Call.

    The pool matches names ignoring punctuation, so the words find the card.
    """
    import unicodedata

    plain = name.replace("\u00c6", "Ae").replace("\u00e6", "ae")
    plain = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode()
    kept = "".join(c if c.isalnum() or c in "- " else " " if c == "/" else "" for c in plain)
    return kept.split()


EXIT_HELP = """\b
Exit codes: 0 ok; 1 what was checked failed (a divergence, an invalid log,
a rejected command under --strict); 2 unusable input (bad options, missing
or special files, a file that is not a log or not a decklist)."""


def _fail(message: str, code: int) -> None:
    # One line, whatever the message holds (a file name with a newline, say),
    # and of a readable length whatever the input quoted in it.
    click.echo(f"cardcli: error: {shortened(one_line(message), MAX_MESSAGE)}", err=True)
    sys.exit(code)


def _call(action: Callable[[], int]) -> None:
    """Run an app function; turn input errors into one-line messages and exit codes."""
    from cardcli.engine.errors import CardcliError

    try:
        code = action()
    except CardcliError as err:
        _fail(str(err), err.exit_code)
    except KeyboardInterrupt:
        click.echo("\ninterrupted; every line so far is in the log", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as err:  # the machine, not the input: a full disk, a closed stream
        _fail(f"cannot read or write: {err.strerror or err}", 1)
    sys.exit(code)


def _game_params(game_name: str) -> list[click.Parameter]:
    """The ``--option`` parameters of one game, from its registered options."""
    from cardcli.engine.game import get_game

    game = get_game(game_name)
    params: list[click.Parameter] = []
    for opt in game.options:
        flag = opt.flag
        text = f"{opt.help}"
        if opt.kind == "flag":
            params.append(
                click.Option(
                    [f"{flag}/--no-{flag[2:]}", opt.name],
                    default=None,
                    help=text + " [default: off]",
                )
            )
            continue
        kind: Any = str
        if opt.kind == "data":
            params.append(
                click.Option(
                    [flag, opt.name],
                    type=str,
                    default=None,
                    multiple=opt.multiple,
                    metavar=opt.metavar or "FILE",
                    help=text,
                    shell_complete=_complete_files,
                )
            )
            continue
        if opt.kind == "choice":
            kind = click.Choice(opt.choices, case_sensitive=False)
        elif opt.kind == "int":
            kind = WholeNumber(opt.low, opt.high)
        shown = "" if opt.default is None else f" [default: {opt.default}]"
        params.append(click.Option([flag, opt.name], type=kind, default=None, help=text + shown))
    return params


class GameGroup(click.Group):
    """``cardcli play GAME`` / ``cardcli simulate GAME``: one subcommand per game, built on demand."""

    def __init__(self, *args: Any, build: Callable[[str], click.Command], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.build = build

    def list_commands(self, ctx: click.Context) -> list[str]:
        from cardcli.registry import game_names

        return game_names()

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The games and their summaries, from the registry: no game is imported."""
        from cardcli.registry import GAMES

        with formatter.section("Games"):
            formatter.write_dl([(name, summary) for name, (_module, summary) in GAMES.items()])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from cardcli.registry import game_names

        if cmd_name.lower() not in game_names():
            raise click.UsageError(
                f"unknown game '{cmd_name}': choose one of {', '.join(game_names())}", ctx
            )
        return self.build(cmd_name.lower())


def _split(kwargs: dict[str, Any], game_name: str) -> dict[str, Any]:
    from cardcli.engine.game import get_game

    names = {opt.name for opt in get_game(game_name).options}
    given = {name: kwargs.pop(name) for name in list(kwargs) if name in names}
    # An unused multiple option comes as an empty tuple: the same as not given.
    return {name: value for name, value in given.items() if value is not None and value != ()}


def _build_play(game_name: str) -> click.Command:
    from cardcli.engine.game import get_game

    def callback(**kwargs: Any) -> None:
        from cardcli.actions.play import play

        given = _split(kwargs, game_name)
        _call(
            lambda: play(
                game_name,
                given,
                kwargs["seed"],
                kwargs["bot"],
                kwargs["seat"],
                kwargs["log"],
                kwargs["strict"],
                kwargs["scripts"],
            )
        )

    params = [
        *_game_params(game_name),
        click.Option(
            ["--seed"], type=SEED, help="the deal's seed [default: a fresh random one, logged]"
        ),
        click.Option(
            ["--bot"],
            metavar="NAME",
            help="this bot plays every seat: " + ", ".join(get_game(game_name).bots),
            shell_complete=_complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--seat"],
            multiple=True,
            metavar="SEAT=WHO",
            help="who plays a seat: human or a bot name, e.g. p2=human",
            shell_complete=_complete_bots(game_name, people=True),
        ),
        click.Option(
            ["--log"],
            metavar="FILE",
            help="write the log to FILE (never overwrites a log)",
            shell_complete=_complete_files,
        ),
        click.Option(
            ["--strict"], is_flag=True, help="stop with exit 1 at the first rejected command"
        ),
        click.Argument(
            ["scripts"], nargs=-1, metavar="[SCRIPT]...", shell_complete=_complete_files
        ),
    ]
    return click.Command(
        game_name,
        callback=callback,
        params=params,
        short_help=get_game(game_name).summary,
        help=(
            f"Play {game_name}. Commands come from the SCRIPT files in order ('-' is stdin), "
            "else from stdin; at a terminal you get a prompt with 'help', 'moves', 'hint', "
            "'show' and 'quit'. When stdout is not a terminal it carries the JSON-lines log "
            "and nothing else. Rules: cardcli rules " + game_name
        ),
        epilog=EXIT_HELP,
    )


def _build_simulate(game_name: str) -> click.Command:
    from cardcli.engine.game import get_game

    def callback(**kwargs: Any) -> None:
        from cardcli.actions.simulate import simulate

        given = _split(kwargs, game_name)
        _call(
            lambda: simulate(
                game_name,
                given,
                kwargs["games"],
                kwargs["seed"],
                kwargs["bot"],
                kwargs["seat"],
                kwargs["workers"],
                kwargs["as_json"],
                kwargs["logs"],
                kwargs["force"],
                kwargs["cluster"],
                kwargs["batch"],
            )
        )

    params = [
        *_game_params(game_name),
        click.Option(
            ["--games"], type=WholeNumber(1, 10000000), required=True, help="how many games"
        ),
        click.Option(
            ["--seed"], type=SEED, help="game i is seeded from (SEED, i) [default: random]"
        ),
        click.Option(
            ["--bot"],
            metavar="NAME",
            help="the bot at every seat [default: the game's own]",
            shell_complete=_complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--seat"],
            multiple=True,
            metavar="SEAT=BOT",
            help="a bot for one seat",
            shell_complete=_complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--workers"],
            type=Workers(),
            default="1",
            metavar="N|auto",
            help="worker processes playing the games; auto: one a core "
            f"({_cores()} here) [default: 1]",
        ),
        click.Option(["--json", "as_json"], is_flag=True, help="print the summary as JSON"),
        click.Option(
            ["--logs"],
            metavar="DIR",
            help="keep each game's log in DIR (a directory that holds logs only with --force)",
            shell_complete=_complete_dirs,
        ),
        click.Option(
            ["--force"], is_flag=True, help="with --logs: write over logs of the same names"
        ),
        click.Option(
            ["--cluster"],
            metavar="ADDRESS",
            help="play on a Dask cluster: a scheduler (tcp://host:8786) or local:N worker "
            "processes here; needs pip install 'cardcli[cluster]'",
        ),
        click.Option(
            ["--batch"],
            type=WholeNumber(1, 10_000),
            metavar="N",
            help="with --cluster: games a batch [default: about 0.3 s of work, measured]",
        ),
    ]
    return click.Command(
        game_name,
        callback=callback,
        params=params,
        help=(
            f"Simulate bot games of {game_name}: win rate with a 95% Wilson interval, "
            "score mean/median/min/max and a histogram. The summary is the same for any --workers."
            + (f"\n\n{extra}" if (extra := get_game(game_name).simulate_help) else "")
        ),
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardcli")
def cli() -> None:
    """A scriptable, deterministic engine for card games, with JSON-lines logs."""


def main() -> None:
    """The console script: click's errors become one line and exit code 2."""
    # Any stdout: a terminal that is not UTF-8 gets escapes, never a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        code = cli.main(standalone_mode=False)
    except click.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # plain "cardcli": show the help
            click.echo(err.format_message(), err=True)
            sys.exit(2)
        where = f" (see '{err.ctx.command_path} --help')" if err.ctx is not None else ""
        click.echo(f"cardcli: error: {one_line(err.format_message())}{where}", err=True)
        sys.exit(2)
    except click.ClickException as err:
        click.echo(f"cardcli: error: {one_line(err.format_message())}", err=True)
        sys.exit(err.exit_code)
    except click.Abort:
        click.echo("cardcli: aborted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


@cli.command()
def games() -> None:
    """List the registered games, one line each."""
    from cardcli.registry import GAMES

    for name, (_module, summary) in GAMES.items():
        click.echo(f"{name:<20} {summary}")


@cli.command()
@click.argument("game", shell_complete=_complete_games)
def rules(game: str) -> None:
    """Show GAME's rules as implemented (its RULES.md), through $PAGER at a terminal."""
    from cardcli.actions.play import rules_text

    def show() -> int:
        text = rules_text(game)
        if sys.stdout.isatty() and sys.stdin.isatty():
            click.echo_via_pager(text)  # $PAGER, else less or more
        else:
            click.echo(text, nl=False)
        return 0

    _call(show)


cli.add_command(
    GameGroup(
        "play", build=_build_play, help="Play a game: cardcli play GAME [options] [SCRIPT]..."
    )
)
cli.add_command(
    GameGroup(
        "simulate",
        build=_build_simulate,
        help="Simulate many bot games: cardcli simulate GAME --games N [options]",
    )
)


@cli.command()
@click.argument("log", shell_complete=_complete_files)
@click.option(
    "--show",
    is_flag=True,
    help="draw the starting board, then each command with its events and the board",
)
@click.option(
    "--seat",
    metavar="SEAT",
    help="with --show: draw the board as SEAT sees it [default: the seat that moved]",
)
@click.option("--to", "to", type=WholeNumber(0), metavar="SEQ", help="stop after this seq")
def replay(log: str, show: bool, seat: str | None, to: int | None) -> None:
    """Re-run LOG from its header and commands and compare every line ('-' is stdin).

    Exit 0 if identical; 1 naming the first divergent seq with both versions;
    2 if LOG is no log at all (its first line is not a game_started header).
    """
    from cardcli.actions.replay import replay as run_replay

    _call(lambda: run_replay(log, show, to, seat.strip().lower() if seat else None))


@cli.command()
@click.argument("a", shell_complete=_complete_files)
@click.argument("b", shell_complete=_complete_files)
def diff(a: str, b: str) -> None:
    """Show where logs A and B first differ, how they got there, and both results.

    Exit 0 if the logs are the same, 1 if they differ, 2 if one is no log at all.
    """
    from cardcli.actions.diff import diff as run_diff

    _call(lambda: run_diff(a, b))


@cli.command()
@click.argument("logs", nargs=-1, required=True, shell_complete=_complete_files)
def validate(logs: tuple[str, ...]) -> None:
    """Check every line of each LOG against the schemas, the seq order, header and result.

    Prints 'file:line: what is wrong'; exit 0 if all are valid, 1 if one is
    invalid, 2 if one is no log at all (or cannot be opened).
    """
    from cardcli.actions.validate import validate as run_validate

    _call(lambda: run_validate(logs))


@cli.command()
@click.argument("log", shell_complete=_complete_files)
@click.argument("scripts", nargs=-1, metavar="[SCRIPT]...", shell_complete=_complete_files)
def resume(log: str, scripts: tuple[str, ...]) -> None:
    """Continue the unfinished game in LOG, appending to it.

    Commands come from the SCRIPT files, else stdin (a prompt at a terminal).
    A last line cut off mid-write is dropped and the game resumes from the last
    whole line. When stdout is not a terminal it carries the appended lines.
    """
    from cardcli.actions.resume import resume as run_resume

    _call(lambda: run_resume(log, scripts))


@cli.group()
def deck() -> None:
    """Check and summarise Magic decklists (YAML, Arena/MTGO text, Forge .dck, .dek, .cod)."""


FORMAT_CHOICE = click.Choice(
    ["horde", "horde-player", "hunsberger", "commander", "highlander", "constructed"]
)


@deck.command("validate")
@click.argument("file", shell_complete=_complete_files)
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

    _call(lambda: deck_app.deck_validate(file, fmt, as_json, horde_size))


@deck.command("show")
@click.argument("file", shell_complete=_complete_files)
@click.option("--format", "fmt", type=FORMAT_CHOICE, help="the format to read it as")
def deck_show(file: str, fmt: str | None) -> None:
    """Counts by type, a mana curve, colours, automated and manual cards of FILE ('-' is stdin)."""
    from cardcli import deck_app

    _call(lambda: deck_app.deck_show(file, fmt))


@cli.group()
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

    _call(lambda: deck_app.cards_search(words, limit, as_json))


@cards.command("show")
@click.argument("words", nargs=-1, required=True, metavar="NAME...", shell_complete=_complete_cards)
@click.option("--json", "as_json", is_flag=True, help="print the card as JSON")
def cards_show(words: tuple[str, ...], as_json: bool) -> None:
    """Show one card: cost, type line, Oracle text, automated or manual.

    No quotes needed: cardcli cards show lightning bolt. A token by name and what
    tells it apart: cardcli cards show dinosaur 3/1 red. Exit 1 if no card has the name.
    """
    from cardcli import deck_app

    _call(lambda: deck_app.cards_show(words, as_json))


@cards.command("import")
@click.argument("file", shell_complete=_complete_files)
@click.option(
    "--out",
    metavar="FILE",
    help="where to write the database [default: the user's card database]",
    shell_complete=_complete_files,
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

    _call(lambda: deck_app.cards_import(file, out))
