"""The game commands: play and simulate (one subcommand a game, built on demand), games, rules."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from cardcli.cli.complete import complete_bots, complete_dirs, complete_files, complete_games
from cardcli.cli.params import SEED, WholeNumber, Workers, cores, split_game_options
from cardcli.cli.run import EXIT_HELP, call


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
                    shell_complete=complete_files,
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


def _build_play(game_name: str) -> click.Command:
    from cardcli.engine.game import get_game

    def callback(**kwargs: Any) -> None:
        from cardcli.actions.play import play

        given = split_game_options(kwargs, game_name)
        call(
            lambda: play(
                game_name,
                given,
                kwargs["seed"],
                kwargs["bot"],
                kwargs["seat"],
                kwargs["log"],
                kwargs["strict"],
                kwargs["scripts"],
                plain=kwargs.get("plain", False),
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
            shell_complete=complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--seat"],
            multiple=True,
            metavar="SEAT=WHO",
            help=getattr(get_game(game_name).team_seats, "seat_help", None)
            or "who plays a seat: human or a bot name, e.g. p2=human",
            shell_complete=complete_bots(game_name, people=True),
        ),
        click.Option(
            ["--log"],
            metavar="FILE",
            help="write the log to FILE (never overwrites a log)",
            shell_complete=complete_files,
        ),
        click.Option(
            ["--strict"], is_flag=True, help="stop with exit 1 at the first rejected command"
        ),
        click.Option(
            ["--plain"],
            is_flag=True,
            help="at a terminal, play line by line instead of on the live screen "
            "(pipes and scripts always are)",
        ),
        click.Argument(["scripts"], nargs=-1, metavar="[SCRIPT]...", shell_complete=complete_files),
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

        given = split_game_options(kwargs, game_name)
        call(
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
            shell_complete=complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--seat"],
            multiple=True,
            metavar="SEAT=BOT",
            help="a bot for one seat",
            shell_complete=complete_bots(game_name, people=False),
        ),
        click.Option(
            ["--workers"],
            type=Workers(),
            default="1",
            metavar="N|auto",
            help="worker processes playing the games; auto: one a core "
            f"({cores()} here) [default: 1]",
        ),
        click.Option(["--json", "as_json"], is_flag=True, help="print the summary as JSON"),
        click.Option(
            ["--logs"],
            metavar="DIR",
            help="keep each game's log in DIR (a directory that holds logs only with --force)",
            shell_complete=complete_dirs,
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


@click.command()
def games() -> None:
    """List the registered games, one line each."""
    from cardcli.registry import GAMES

    for name, (_module, summary) in GAMES.items():
        click.echo(f"{name:<20} {summary}")


@click.command()
@click.argument("game", shell_complete=complete_games)
def rules(game: str) -> None:
    """Show GAME's rules as implemented (its RULES.md), through $PAGER at a terminal."""
    from cardcli.actions.play import rules_text

    def show() -> int:
        text = rules_text(game)
        if sys.stdout.isatty() and sys.stdin.isatty():
            from cardcli.fit import fit_rules
            from cardcli.terminal import width

            click.echo_via_pager(fit_rules(text, width()))  # $PAGER, else less or more
        else:
            click.echo(text, nl=False)
        return 0

    call(show)


play = GameGroup(
    "play", build=_build_play, help="Play a game: cardcli play GAME [options] [SCRIPT]..."
)
simulate = GameGroup(
    "simulate",
    build=_build_simulate,
    help="Simulate many bot games: cardcli simulate GAME --games N [options]",
)
