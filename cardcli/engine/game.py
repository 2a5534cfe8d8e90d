"""The contract every game fulfils, and the registry of games.

A game package registers one ``Game``: its name, its options with defaults,
its seats, its bots, how to set up a ``State`` from options and an ``Rng``, and
how a state is drawn and hinted at (a state knows neither its view nor who
plays it). The CLI, replay, diff, simulate and the conformance tests are
written once against these two classes.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.errors import UsageError
from cardcli.engine.rng import Rng
from cardcli.records import record
from cardcli.registry import GAMES

Event = dict[str, Any]
Options = dict[str, Any]


@record()
class Option:
    """One game option, shown as ``--NAME`` on the command line.

    ``kind`` is ``choice`` (one of ``choices``), ``int`` (between ``low`` and
    ``high``), ``flag`` (a boolean), ``text`` or ``data``. ``setup`` options
    describe an explicit initial arrangement (such as ``--order``); they default
    to None and are written to the header's ``setup`` rather than its ``options``.

    A ``data`` option is given as text on the command line (a file name, say)
    and recorded as the JSON value ``load`` makes of it: ``load`` runs in the
    CLI only, may read files, and raises ``UsageError``; the engine and replay
    only ever see the loaded value, which ``check`` tests (raising
    ``UsageError``) when it comes back from a log header. ``check`` also
    tests (and may normalise) the value of a ``text`` or ``int`` option (a
    number that must be one of a few within its range). ``multiple`` options
    may be given more than once; ``load`` then gets the tuple of texts. An
    absent data option stays absent in the engine; a game whose data options
    have defaults (a bundled deck) fills them in ``Game.prepare``. An option
    added after logs were written without it names in ``absent`` how those
    logs played (the old behaviour), so that they replay as they were.
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    setup: bool = False
    load: Callable[[Any], Any] | None = None
    check: Callable[[Any], Any] | None = None
    multiple: bool = False
    metavar: str | None = None
    absent: Any = None  # an option added later: the value a log header without it played by

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def exact(self, raw: Any) -> Any:
        """Check a value read from a log header: exactly what the engine writes.

        No conversion: a whole number is a JSON integer (not ``10.7``, ``"10"``
        or ``true``), a flag is ``true``/``false``, text is a string.
        """
        wanted = {"flag": bool, "int": int, "choice": str, "text": str}.get(self.kind)
        if wanted is not None and (
            type(raw) is not wanted or (wanted is int and isinstance(raw, bool))
        ):
            shown = {
                "flag": "true or false",
                "int": "a whole number",
                "choice": "text",
                "text": "text",
            }
            raise UsageError(f"option {self.name} must be {shown[self.kind]}, got {raw!r}")
        value = self.convert(raw)
        if type(value) is not type(raw) or value != raw:
            raise UsageError(f"option {self.name}: {raw!r} is written {value!r} by the engine")
        return value

    def convert(self, raw: Any) -> Any:
        """Check and convert a value given by a user or read from a log header."""
        if raw is None:
            # A data option's default is the text its ``load`` reads (the CLI
            # loads it); in the engine an absent data option stays absent.
            return None if self.kind == "data" else self.default
        if self.kind == "flag":
            if isinstance(raw, bool):
                return raw
            raise UsageError(f"option {self.flag} takes true or false, got {raw!r}")
        if self.kind == "choice":
            if raw in self.choices:
                return raw
            raise UsageError(
                f"option {self.flag} takes one of {', '.join(self.choices)}, got {raw!r}"
            )
        if self.kind == "int":
            if isinstance(raw, bool):
                raise UsageError(f"option {self.flag} takes a whole number, got {raw!r}")
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise UsageError(f"option {self.flag} takes a whole number, got {raw!r}") from None
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise UsageError(
                    f"option {self.flag} takes a number from {self.low} to {self.high}, got {value}"
                )
            return self.check(value) if self.check is not None else value
        if self.kind == "data":
            return self.check(raw) if self.check is not None else raw
        if not isinstance(raw, str):
            raise UsageError(f"option {self.flag} takes text, got {raw!r}")
        return self.check(raw) if self.check is not None else raw


@dataclass(frozen=True)
class Command:
    """A parsed command. ``player`` is the seat the text named, if any."""

    player: str | None


class State(ABC):
    """A game in progress. Commands change it; it never does I/O."""

    @abstractmethod
    def seats(self) -> list[str]:
        """All seats, in order (``p1``, ``p2``...)."""

    @abstractmethod
    def to_move(self) -> str | None:
        """The seat expected to act next, or None when the game is over."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_commands(self, seat: str) -> list[str]:
        """Every command ``seat`` may give now, in text the parser accepts."""

    @abstractmethod
    def parse(self, text: str) -> Command:
        """Parse command text; raises ``InvalidCommand`` or ``AmbiguousCommand``."""

    @abstractmethod
    def apply(self, command: Command, seat: str) -> list[Event]:
        """Apply ``command`` for ``seat`` and return the events it caused.

        Raises a ``CommandError`` and leaves the state unchanged if the rules do
        not allow the command now.
        """

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The result of a finished game: ``winners``, ``scores`` and game details."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state is inconsistent (tests only)."""


def first_legal(state: State, seat: str) -> str | None:
    """The hint of a game that has no better one: the first legal command."""
    moves = state.legal_commands(seat)
    return moves[0] if moves else None


_SEAT_NAMES = tuple(f"p{i}" for i in range(1, 9))


def numbered_seats(options: Options) -> list[str]:
    """Seats p1, p2, ... for the ``players`` option."""
    count = int(options["players"])
    if count <= len(_SEAT_NAMES):  # the usual case, asked once a game or more
        return list(_SEAT_NAMES[:count])
    return [f"p{i}" for i in range(1, count + 1)]


Bot = Callable[..., str | None]
"""A bot reads the state and its seat and answers with command text.

Turn-based games call ``bot(state, seat, rng)``; real-time games call
``bot(state, seat, rng, now)`` with the logical time in milliseconds, and the
bot may answer None to wait.
"""


@record(eq=False, repr=False)  # one of each, compared as itself
class Game:
    """A registered game."""

    name: str
    summary: str
    options: tuple[Option, ...]
    bots: Mapping[str, Bot]
    new_state: Callable[[Options, Options, Rng], tuple[State, list[Event]]]
    """(options, setup, rng) -> the state and the events of dealing it."""
    seat_names: Callable[[Options], list[str]]
    rules_file: str  # absolute path of the RULES.md shown by `cardcli rules`
    help_text: str
    render: Callable[[Any, str | None, int | None], str]
    """(state, seat, width) -> the board as text from ``seat``'s point of view, drawn
    for a terminal ``width`` columns wide (None: the game's own width). A state
    never draws itself: the game's view does, wired here."""
    hint: Callable[[Any, str], str | None] = first_legal
    """(state, seat) -> a suggested command (``hint`` at the prompt)."""
    default_bot: str = "random"
    score_label: str = "score"
    win_label: str = "win rate"
    """What ``simulate`` calls a seat's share of games won ("escape rate")."""
    score_lower_is_better: bool = False
    describe: Callable[[dict[str, Any]], str | None] = lambda line: None
    """One line of text for an event, shown at the terminal (None: stay quiet)."""
    areas: Callable[[Any, str | None, int], tuple[str, str]] | None = None
    """(state, seat, width) -> the board without the stack, and the stack: a turn-based
    game with these gets the live screen at a terminal (``cardcli.live_turns``)."""
    narrate: Callable[[Any, list[dict[str, Any]], int], list[str]] | None = None
    """(state after, a command's events, width) -> their lines at the terminal, in the
    order a person reads them (None: ``describe`` each event, in the log's order)."""
    timed: bool = False
    """Real-time: commands carry ``@TIME`` and bots act at their own pace."""
    bot_pace: Mapping[str, Callable[[Rng], int]] = field(default_factory=dict)
    """Real-time games: each bot's milliseconds until its next action."""
    bot_settle_ms: int = 0
    """Real-time games: how long after the last command a bot's view may still
    change (its reaction time). A bot that waits (answers None) later than this
    with nothing new on the table waits until something changes."""
    quiet_events: bool = False
    """``new_state`` takes ``quiet=True`` and the state a ``quiet`` attribute: with
    them the game builds its events bare ({"type": ...} only), for simulations
    that log nothing. The play must be the same either way (a test proves it)."""
    team_decisions: bool = False
    """Teammates decide as one (Horde): the seat to move makes the team's decision and its
    commands may name a teammate (``p2 play Forest``); who plays that seat is the check."""
    team_seats: Any = None
    """Team games where bots may sit beside people (Horde): its ``seating.TeamSeats``, which
    sends the team's decisions to the people and lets a bot seat play its own cards."""
    milestones: tuple[str, ...] = ()
    """Event types that mark progress (a pass ended, a hand over, a turn begun).
    The guard against a bot loop counts bot commands since the last of them."""
    summarize: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None
    """Extra statistics for ``simulate``, from the games' results."""
    tally: Callable[[], Any] | None = None
    """The same statistics folded one result at a time: a fresh object with ``add(result)``
    and ``summary(first_result)`` equal to ``summarize`` (``cardcli.tally``)."""
    simulate_help: str = ""
    """What ``simulate``'s help adds about the game's own report (``summarize``)."""
    variants: Callable[[Options], list[tuple[str, Options]] | None] | None = None
    """``simulate``: options that stand for several runs (Horde's ``--players all``): the
    label and options of each, played and summarized one after another; None: one run."""
    help_for: Callable[[Options], str | None] | None = None
    """(options) -> the ``help`` text for a game so set up (Horde's paper mode), or None:
    ``help_text``."""
    terminal_start: Callable[[Any], list[str]] | None = None
    """(state) -> the commands a game with a person at a terminal begins with, logged like
    any (Horde's ``stops default``); [] when the state has them already (a resumed game)."""
    meta: Mapping[str, Callable[[Any, int], str]] = field(default_factory=dict)
    """The game's own meta-commands, never logged: a word -> (state, width) -> its text
    (Horde's ``stops``)."""
    complete: Callable[[Any, str | None, str], list[str]] | None = None
    """Tab at the prompt: (state, seat, the line before the cursor) -> the whole lines it
    may become. None: the legal commands and the meta-commands."""
    prepare: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """CLI side, after each ``data`` option is loaded: the given values with the
    game's file-backed defaults filled in (a bundled deck when none is given).
    May read files; raises ``UsageError``. Never called on replay."""
    show: Callable[[Any, str | None, str, int], str] | None = None
    """(state, seat, words, width) -> the answer to ``show WORDS`` at the prompt beyond the
    board (``show #17``, ``show graveyard``); None: ``show`` takes ``show [SEAT]`` only."""
    move_note: Callable[[Any, str], str | None] | None = None
    """(state, command) -> what a command of ``moves`` does where its text does not say
    (an ability's text), shown beside it; None: nothing."""
    undo_option: str | None = None
    """The flag option that allows ``undo`` and ``redo`` in a game (Horde: ``paper``);
    None: the game has none (``cardcli/engine/undo.py``)."""

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise UsageError(f"{self.name} has no option --{name}")

    def load_given(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """CLI side: the given values with every ``data`` option loaded (may read files)."""
        loaded = dict(given)
        for opt in self.options:
            if opt.load is not None and loaded.get(opt.name) is not None:
                loaded[opt.name] = opt.load(loaded[opt.name])
        return self.prepare(loaded) if self.prepare is not None else loaded

    def header_options(
        self, options: Mapping[str, Any], setup: Mapping[str, Any], older_release: bool = True
    ) -> tuple[Options, Options]:
        """A log header's options and setup, checked to be exactly what the engine writes.

        ``options`` holds every non-setup option, no more and no fewer; ``setup``
        only setup options; every value of the exact type and range. A log of an
        ``older_release`` may lack the options added since (each has its ``absent``
        value); this release writes every one.
        """
        wanted = [opt.name for opt in self.options if not opt.setup]
        if older_release:
            older = {opt.name: opt.absent for opt in self.options if opt.absent is not None}
            options = {**{k: v for k, v in older.items() if k not in options}, **options}
        missing = [name for name in wanted if name not in options]
        if missing:
            raise UsageError(f"the header's options lack {', '.join(map(repr, missing))}")
        for key in options:
            if key not in wanted:
                raise UsageError(f"{self.name} has no option {key!r} (the header names it)")
        setup_names = {opt.name for opt in self.options if opt.setup}
        for key in setup:
            if key not in setup_names:
                raise UsageError(f"{self.name} has no setup {key!r} (the header names it)")
        exact = {opt.name: opt.exact(options[opt.name]) for opt in self.options if not opt.setup}
        for opt in self.options:
            if opt.setup and opt.name in setup:
                if setup[opt.name] is None:
                    raise UsageError(f"setup {opt.name} is null; the engine leaves it out")
                exact[opt.name] = opt.exact(setup[opt.name])
        return self.resolve_options(exact, converted=True)

    def resolve_options(
        self, given: Mapping[str, Any], converted: bool = False
    ) -> tuple[Options, Options]:
        """Fill in defaults and check values; split into (options, setup).

        ``converted``: the given values are checked already (a header's, by ``exact``).
        """
        names = {opt.name for opt in self.options}
        for key in given:
            if key not in names:
                raise UsageError(f"{self.name} has no option '{key}'")
        options: Options = {}
        setup: Options = {}
        for opt in self.options:
            if converted and opt.name in given:
                value = given[opt.name]
            else:
                value = opt.convert(given.get(opt.name))
            if opt.setup:
                if value is not None:
                    setup[opt.name] = value
            else:
                options[opt.name] = value
        return options, setup


# Games are imported only when asked for (cardcli/registry.py names them).
_LOADED: dict[str, Game] = {}


def game_names() -> list[str]:
    return list(GAMES)


def get_game(name: str) -> Game:
    key = name.strip().lower()
    if key not in GAMES:
        raise UsageError(f"unknown game '{name}': choose one of {', '.join(GAMES)}")
    if key not in _LOADED:
        module = importlib.import_module(GAMES[key][0])
        _LOADED[key] = module.GAME
    return _LOADED[key]


def all_games() -> list[Game]:
    return [get_game(name) for name in GAMES]
