"""The one definition of "the same log": the bytes the engine writes.

A fresh session is set up from the header alone; each input line of the log
(``command``/``rejected``) is submitted again, and every line of the log must be
byte for byte the line the engine writes at that position. The comparison is
by position in the file, never by the ``seq`` a line claims, so a duplicated,
dropped or swapped line, a second header or a line after ``game_over`` is a
divergence. When bytes differ, ``Divergence.reason`` says how, in terms of
fields: values that differ, or the same values written differently (``7.0``
for ``7``, a ``\\r`` before the newline, keys in another order).

``replay``, ``diff``, ``validate`` and ``resume`` all use this module.
Lines are compared as they come and dropped, so memory stays flat however
long the log is.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeGuard

from cardcli import __version__
from cardcli.engine.errors import CardcliError, LogError
from cardcli.engine.game import Game, Options, get_game
from cardcli.engine.log import LOG_FORMAT, Line, encode, encode_bytes
from cardcli.engine.rng import RNG_V1, RNG_V2, RNG_V3, VERSIONS
from cardcli.engine.session import HUMAN, Session, Sink, clean_line
from cardcli.jsonsafe import same
from cardcli.printable import one_line

INPUT_TYPES = ("command", "rejected")
MAX_LENGTH = 1_000_000  # no reader passes on a longer line: a larger length is not ours
# Fields of the header that may differ without changing a single event.
VERSION_FIELDS = ("engine",)
HEADER_KEYS = (
    "seq",
    "type",
    "format",
    "game",
    "engine",
    "rng",
    "seed",
    "options",
    "setup",
    "seats",
)


# Every release of cardcli, and the RNGs its logs name: what a header may claim. 0.1.0 moved
# from v1 to v2 for new games; 0.2.0 and 0.3.0 wrote v2; 0.4.0 writes v3 (an older log,
# resumed, keeps its own header). A log of an older release replays by the rules written in
# the README: its bots' lines as written, rejections in its own words, options added since
# at the values it played by.
RELEASES: dict[str, tuple[str, ...]] = {
    "0.1.0": (RNG_V1, RNG_V2),
    "0.2.0": (RNG_V2,),
    "0.3.0": (RNG_V2,),
    __version__: (RNG_V3,),
}


def older_release(header: Line) -> bool:
    """Was this (checked) header written by a release before this one?"""
    return header.get("engine") != __version__


def _whole(value: Any) -> TypeGuard[int]:
    return type(value) is int


def check_header(header: Line, name: str) -> None:
    """The header's envelope: exactly the fields the engine writes, of their types."""
    where = f"{one_line(name)}:1"
    if header.get("type") != "game_started" or not _whole(header.get("seq")) or header["seq"] != 0:
        raise LogError(f"{where}: the first line must be game_started with seq 0")
    if not _whole(header.get("format")) or header["format"] != LOG_FORMAT:
        raise LogError(
            f"{where}: log format {header.get('format')!r}; this cardcli reads {LOG_FORMAT}"
        )
    if not isinstance(header.get("rng"), str) or header["rng"] not in VERSIONS:
        raise LogError(
            f"{where}: log made with RNG {one_line(repr(header.get('rng')))}; this cardcli has {', '.join(VERSIONS)}"
        )
    seed = header.get("seed")
    if not _whole(seed) or not 0 <= seed < 1 << 64:
        raise LogError(f"{where}: seed must be a whole number from 0 to 2**64-1, got {seed!r}")
    engine = header.get("engine")
    if not isinstance(engine, str):
        raise LogError(f"{where}: 'engine' must be the version text of the cardcli that wrote it")
    if engine not in RELEASES:
        raise LogError(
            f"{where}: written by cardcli {one_line(repr(engine))}, a version this cardcli "
            f"({__version__}) does not know; it reads logs of {', '.join(RELEASES)}"
        )
    if header["rng"] not in RELEASES[engine]:
        raise LogError(
            f"{where}: cardcli {engine} never wrote a log with RNG {header['rng']} "
            f"(its logs name {' or '.join(RELEASES[engine])})"
        )
    for key in ("options", "setup", "seats"):
        if not isinstance(header.get(key), dict):
            raise LogError(f"{where}: '{key}' must be an object")
    extra = [key for key in header if key not in HEADER_KEYS]
    if extra:
        raise LogError(
            f"{where}: the header has fields the engine never writes: {', '.join(extra)}"
        )


_CHECKED: dict[tuple[str, str, str, bool], tuple[Options, Options]] = {}
CHECKED_HEADERS = 8  # headers whose checked options are kept (logs of the same decks)


def checked_options(
    game: Game, options: Any, setup: Any, older: bool = False
) -> tuple[Options, Options]:
    """``game.header_options``, remembered for the last few headers.

    Checking a Horde header's decks (every card definition against the card
    schema) costs more than replaying its game; logs of the same decks (one
    ``validate`` or ``diff`` of many logs, a benchmark) pay it once. The
    same bytes give the same result, so the bytes are the key; what is kept
    is a copy, apart from the header it was read from (a caller may change
    that). Sessions share the values inside, as a simulation's games share one
    set of options (the engine never changes them; the same card definitions
    are then the same objects, which the Horde's ``Protos`` recognise at once).
    """
    key = (game.name, encode(options), encode(setup), older)
    found = _CHECKED.get(key)
    if found is None:
        found = game.header_options(options, setup, older_release=older)
        if len(_CHECKED) >= CHECKED_HEADERS:
            del _CHECKED[next(iter(_CHECKED))]
        _CHECKED[key] = copy.deepcopy(found)  # apart from the header it came from
    return dict(found[0]), dict(found[1])


def session_from_header(header: Line, name: str, sinks: Iterable[Sink] = ()) -> Session:
    """A fresh session set up exactly as the header says, checked strictly."""
    check_header(header, name)
    try:
        game = get_game(str(header.get("game")))
        options, setup = checked_options(
            game, header["options"], header["setup"], older_release(header)
        )
        seats = header["seats"]
        names = game.seat_names(options)
        if sorted(seats) != sorted(names):
            raise LogError(
                f"{one_line(name)}:1: seats {', '.join(map(str, seats)) or 'none'}; "
                f"this game has {', '.join(names)}"
            )
        for seat, who in seats.items():
            if who != HUMAN and (not isinstance(who, str) or who not in game.bots):
                raise LogError(f"{one_line(name)}:1: seat {seat} is played by {who!r}: no such bot")
        return Session(game, options, setup, header["seed"], seats, sinks, header["rng"])
    except LogError:
        raise
    except CardcliError as err:
        raise LogError(f"{one_line(name)}:1: {err}") from None


def _an_earlier_release(version: Any) -> bool:
    """Is ``version`` the number of a cardcli before this one (``0.1.0``)? Not '' or 'x'.

    >>> _an_earlier_release("0.0.9"), _an_earlier_release(__version__), _an_earlier_release("x")
    (True, False, False)
    """
    parts = version.split(".") if isinstance(version, str) else []
    if len(parts) != 3 or not all(p.isdigit() and p.isascii() and len(p) <= 4 for p in parts):
        return False
    ours = tuple(int(p) for p in __version__.split("."))
    return tuple(int(p) for p in parts) < ours


def _without_later_options(header: Line, logged: Line) -> Line:
    """The replayed header as an older log has it: without the options added since.

    ``Game.header_options`` gave such an option the value the older log
    played by (its ``absent``); the engine writes it, the older log does not.
    """
    logged_options = logged.get("options")
    if not isinstance(logged_options, dict):
        return header
    game = get_game(str(header.get("game")))
    later = {o.name for o in game.options if o.absent is not None and o.name not in logged_options}
    if not later:
        return header
    options = {k: v for k, v in header["options"].items() if k not in later}
    return {**header, "options": options}


@dataclass
class Divergence:
    """The first line where the log is not what the engine writes."""

    number: int  # the log's line number (1-based); one past its end if the log is short
    logged: Line | None  # the log's line; None when the log ends there
    replayed: Line | None  # the engine's line there; None when it writes none
    waiting: bool = False  # the engine waits for a command where the log has another line
    over_at: int | None = None  # the line of game_over, when the log goes on after it
    copy_of_previous: bool = False  # the log's line repeats the one before it
    not_written: str | None = None  # why the engine writes no such line (a bot's, here)
    # A seq ahead of the engine's means lines are missing, unless the reader saw
    # that the next line does not go on from it (then the seq itself is wrong).
    lines_missing: bool = True

    @property
    def seq(self) -> int:
        """The seq the engine writes on this line."""
        return self.number - 1

    def reason(self) -> str:
        """What differs, in one line."""
        logged, replayed = self.logged, self.replayed
        if logged is None:
            shown = replayed.get("type") if replayed else "nothing"
            return f"the log ends before line {self.number}, where the engine writes a {shown} line"
        if self.over_at is not None:
            return f"a line after game_over (line {self.over_at}): the engine writes nothing more"
        if self.copy_of_previous:
            return "a copy of the line before it"
        claimed = logged.get("seq")
        if _whole(claimed) and claimed > self.seq and self.lines_missing:
            gap = claimed - self.seq
            lines = "one line is" if gap == 1 else f"{gap} lines are"
            here = (
                f"the engine writes a {one_line(repr(replayed.get('type')))} line here"
                if replayed is not None
                else "the engine waits for a command here"
            )
            return f"seq {claimed} follows {self.seq - 1}: {lines} missing before it ({here})"
        if self.not_written is not None:
            return self.not_written + _seq_hint(logged, self.seq)
        if replayed is None:
            kind = logged.get("type")
            if self.waiting:
                return (
                    f"the engine waits for a command here, the log has a {one_line(repr(kind))} line"
                    + _seq_hint(logged, self.seq)
                )
            return f"the engine writes nothing here, the log has a {one_line(repr(kind))} line"
        if same(logged, replayed):
            return "the same values written differently from the engine's bytes"
        return "differs in " + fields_that_differ(logged, replayed) + _seq_hint(logged, self.seq)


class _NotWritten(Exception):
    """An input line the engine would never have logged: the reason."""


class _NoSuchBotLine(_NotWritten):
    """A bot's line where the session loop would not ask that bot: the reason."""


def _unreadable_text(text: str, cut: bool) -> str | None:
    """Why no input cardcli reads logs a person's line with this text (None: one can).

    Every way a person's line comes in (a script, stdin, the prompt, the live
    screens) goes through ``clean_line``: no space around it, no ``#`` comment,
    never empty; and a line never holds a line break. A line too long to log
    whole (``cut``) keeps only its start, which may end in a space.
    """
    if "\n" in text:
        return "a person's line holding a line break, which no input line can"
    if cut:
        if text != text.lstrip():
            return "a person's line starting with a space, which cardcli strips before logging"
        return None
    if clean_line(text) != text:
        return (
            "a person's line with space around it, a # comment or nothing in it, "
            "which cardcli strips before logging"
        )
    return None


def confirm_gap(divergence: Divergence, following: Line | None) -> Divergence:
    """Lines are missing only if the line after a jump in seq goes on from it."""
    claimed = divergence.logged.get("seq") if divergence.logged is not None else None
    if _whole(claimed) and claimed > divergence.seq:
        after = following.get("seq") if following is not None else None
        divergence.lines_missing = following is None or after == claimed + 1
    return divergence


def _seq_hint(logged: Line, seq: int) -> str:
    claimed = logged.get("seq")
    if not _whole(claimed) or claimed == seq:
        return ""
    if claimed > seq:  # only when the next line did not go on from it (confirm_gap)
        return f" (it says seq {claimed}, and the line after it does not go on from there)"
    return f" (it says seq {claimed}: out of order or repeated)"


def fields_that_differ(
    logged: Line,
    replayed: Line,
    limit: int = 4,
    labels: tuple[str, str] = ("in the log", "replayed"),
) -> str:
    """``cards_left (26 in the log, 27 replayed), options.target (...)``."""
    found: list[str] = []
    left, right = labels

    def walk(a: Any, b: Any, path: str) -> None:
        if len(found) >= limit:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in [*a, *(k for k in b if k not in a)]:
                here = f"{path}.{key}" if path else str(key)
                if key not in a:
                    found.append(f"{one_line(here)} (missing {left}, {_short(b[key])} {right})")
                elif key not in b:
                    found.append(f"{one_line(here)} ({_short(a[key])} {left}, missing {right})")
                elif not same(a[key], b[key]):
                    walk(a[key], b[key], here)
            return
        found.append(f"{one_line(path or 'the line')} ({_short(a)} {left}, {_short(b)} {right})")

    walk(logged, replayed, "")
    return ", ".join(found) if found else "how it is written"


def _short(value: Any, width: int = 60) -> str:
    text = one_line(encode(value) if isinstance(value, dict | list) else repr(value))
    return text if len(text) <= width else text[: width - 3] + "..."


class Replay:
    """Feeds a log's lines, the header first, to a fresh session and compares bytes.

    ``feed`` takes each line of the log in order and returns the first
    divergence (then stop feeding). ``keep`` keeps every line the engine
    wrote in ``produced`` (tests); otherwise a line is dropped once compared.
    """

    def __init__(self, header: Line, name: str = "log", keep: bool = False) -> None:
        self.name = name
        self.pending: deque[Line] = deque()
        self.produced: list[Line] | None = [] if keep else None
        self.notes: list[str] = []
        self._reworded_noted = False
        self.matched = 0  # lines of the log that matched so far
        self.over_at: int | None = None
        self._logged_header = header
        self._previous: bytes | None = None
        self.session = session_from_header(header, name, [self._take])
        # A bot's line is what the bot chooses there, asked again, when the log was
        # written by this version (another version's bots may choose otherwise, and
        # then its line is played as written). Real-time bots act on their own clock.
        self._bots_choose = header.get("engine") == __version__ and not self.session.game.timed

    def _bots_choice(self, bot: str) -> tuple[str, str]:
        """What the bot chooses now, and its seat; ``_NoSuchBotLine`` if it writes no line here.

        The bot asked is the one the session loop asks: the seat to move. A
        line's ``player`` is the seat that acts, which in a team's decision
        may be a teammate of the seat that decided.
        """
        session = self.session
        seat, who = session.next_actor()  # as the loop asks: a bot teammate may come first
        if seat is None:
            raise _NoSuchBotLine(f"a line of the {one_line(bot)} bot, but nobody is to move")
        if who != bot:
            played_by = "a person" if who is None else f"the {who} bot"
            raise _NoSuchBotLine(
                f"a line of the {one_line(bot)} bot, but the game waits on {seat}, played by {played_by}"
            )
        chosen = session.bot_command(seat)
        if chosen is None:
            raise _NoSuchBotLine(
                f"a line of the {one_line(bot)} bot at {seat}, which chooses nothing here"
            )
        return chosen, seat

    def _take(self, line: Line) -> None:
        if line["seq"] == 0:
            for key in VERSION_FIELDS:
                logged = self._logged_header.get(key)
                if isinstance(logged, str) and logged != line.get(key):
                    self.notes.append(
                        f"{one_line(self.name)}: written by cardcli {one_line(logged)}, replayed by {line.get(key)}"
                    )
                    line = {**line, key: logged}
            if older_release(self._logged_header):
                line = _without_later_options(line, self._logged_header)
                seats = self._logged_header.get("seats", {})
                timed = get_game(str(self._logged_header.get("game"))).timed
                if any(who != HUMAN for who in seats.values()) and not timed:
                    self.notes.append(
                        f"{one_line(self.name)}: its bots' lines are taken as written "
                        f"(this cardcli asks again only the bots of cardcli {__version__})"
                    )
        if line.get("type") == "game_over":
            self.over_at = line["seq"] + 1
        self.pending.append(line)
        if self.produced is not None:
            self.produced.append(line)

    def feed_bytes(self, data: bytes) -> Line | None:
        """``feed``'s common case, with no need to decode the log's line.

        When the engine has a line waiting and ``data`` is its bytes, the line
        matches: it is taken (as ``feed`` takes it) and returned. Otherwise
        nothing changes and None says to decode the line and ``feed`` it.
        """
        pending = self.pending
        if pending and data == encode_bytes(pending[0]):
            self.matched += 1
            self._previous = data
            return pending.popleft()
        return None

    def feed(self, line: Line, data: bytes | None = None) -> Divergence | None:
        """Compare the log's next line (its bytes ``data``, newline included)."""
        data = encode_bytes(line) if data is None else data
        number = self.matched + 1
        if not self.pending:
            if self.over_at is not None and self.over_at <= self.matched:
                return Divergence(number, line, None, over_at=self.over_at)
            if data == self._previous:
                return Divergence(number, line, None, copy_of_previous=True)
            try:
                if not self._submit(line):
                    return Divergence(number, line, None, waiting=True)
            except _NotWritten as no_line:
                return Divergence(number, line, None, not_written=str(no_line))
        expected = self.pending.popleft()
        if data != encode_bytes(expected) and not self._reworded(line, data, expected):
            copy = data == self._previous
            return Divergence(number, line, expected, copy_of_previous=copy)
        self.matched = number
        self._previous = data
        return None

    def _reworded(self, line: Line, data: bytes, expected: Line) -> bool:
        """A rejection another version of cardcli explained in other words.

        The reason of a rejected command is an explanation for people, not a
        fact of the game: a log written by another engine version replays when
        its lines differ from today's only there (said once in ``notes``). A log
        of this version is held to every byte.
        """
        logged_engine = self._logged_header.get("engine")
        if not _an_earlier_release(logged_engine) or line.get("type") != "rejected":
            return False
        if expected.get("type") != "rejected" or not isinstance(line.get("reason"), str):
            return False
        if data != encode_bytes(line):  # the line itself as the engine writes lines
            return False
        if encode_bytes({**line, "reason": expected.get("reason")}) != encode_bytes(expected):
            return False
        if not self._reworded_noted:
            self._reworded_noted = True
            self.notes.append(
                f"{one_line(self.name)}: rejections worded as cardcli {one_line(str(logged_engine))} "
                f"wrote them; this cardcli ({__version__}) words some differently"
            )
        return True

    def _submit(self, line: Line) -> bool:
        """Give the engine the input a log line records; False if it is no input line.

        Raises ``_NotWritten`` for a line the engine would not write (a bot's, a person's).
        """
        text = line.get("text")
        if line.get("type") not in INPUT_TYPES or not isinstance(text, str):
            return False
        length = line.get("length")  # only a line too long to log whole has one
        cut = length is not None and _whole(length) and len(text) < length <= MAX_LENGTH
        player, bot = line.get("player"), line.get("bot")
        if not isinstance(bot, str):
            problem = _unreadable_text(text, cut)
            if problem is not None:
                raise _NotWritten(problem)
        if cut and isinstance(length, int):
            text = text.ljust(length)  # an over-long line: only its length matters
        seat = player if isinstance(player, str) else None
        if isinstance(bot, str) and self._bots_choose:
            text, seat = self._bots_choice(bot)  # submitted as the session loop does
        self.session.submit(text, seat=seat, bot=bot if isinstance(bot, str) else None)
        return True

    def end(self) -> Divergence | None:
        """After the log's last line: a divergence if the engine writes more there."""
        if self.pending:
            return Divergence(self.matched + 1, None, self.pending[0])
        return None

    def extra(self) -> list[Line]:
        """Lines the engine writes beyond the log's last (a log cut after a command)."""
        return list(self.pending)


def replay_lines(lines: Iterable[Line], name: str = "log") -> tuple[Replay, Divergence | None, int]:
    """Replay lines held in memory (tests); returns the replay, the first divergence, the count."""
    iterator = iter(lines)
    header = next(iterator, None)
    if header is None:
        raise LogError(f"{name}: empty log")
    replay = Replay(header, name, keep=True)
    count = 0
    for line in [header, *iterator]:
        count += 1
        divergence = replay.feed(line)
        if divergence is not None:
            return replay, divergence, count
    return replay, None, count
