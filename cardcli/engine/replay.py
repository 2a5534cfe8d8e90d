"""Re-running a log from its header and commands, and comparing every line."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardcli.engine.errors import CardcliError, LogError
from cardcli.engine.game import get_game
from cardcli.engine.log import LOG_FORMAT, Line
from cardcli.engine.rng import RNG_ID
from cardcli.engine.session import Session, Sink

INPUT_TYPES = ("command", "rejected")
MAX_LENGTH = 1_000_000  # no reader passes on a longer line: a larger length is not ours
# Fields of the header that may differ without changing a single event.
VERSION_FIELDS = ("engine",)


@dataclass
class Divergence:
    """The first line where the log and the re-run disagree."""

    seq: int
    logged: Line | None
    replayed: Line | None


def session_from_header(header: Line, name: str, sinks: Iterable[Sink] = ()) -> Session:
    """A fresh session set up exactly as the header says."""
    if header.get("type") != "game_started" or header.get("seq") != 0:
        raise LogError(f"{name}:1: the first line must be game_started with seq 0")
    if header.get("format") != LOG_FORMAT:
        raise LogError(
            f"{name}:1: log format {header.get('format')!r}; this cardcli reads {LOG_FORMAT}"
        )
    if header.get("rng") != RNG_ID:
        raise LogError(
            f"{name}:1: log made with RNG {header.get('rng')!r}; this cardcli has {RNG_ID}"
        )
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise LogError(f"{name}:1: seed must be a whole number from 0 to 2**64-1")
    for key in ("options", "setup", "seats"):
        if not isinstance(header.get(key, {}), dict):
            raise LogError(f"{name}:1: '{key}' must be an object")
    try:
        game = get_game(str(header.get("game")))
        given: dict[str, Any] = {**header.get("options", {}), **header.get("setup", {})}
        options, setup = game.resolve_options(given)
        return Session(game, options, setup, seed, header.get("seats", {}), sinks)
    except CardcliError as err:
        raise LogError(f"{name}:1: {err}") from None


class Replay:
    """Feeds a log's lines to a fresh session and compares what it produces."""

    def __init__(self, header: Line, name: str = "log") -> None:
        self.name = name
        self.produced: list[Line] = []
        self.session = session_from_header(header, name, [self.produced.append])
        self.notes: list[str] = []
        for key in VERSION_FIELDS:
            if header.get(key) != self.produced[0].get(key):
                self.notes.append(
                    f"{name}: written by cardcli {header.get(key)}, replayed by {self.produced[0].get(key)}"
                )
                self.produced[0][key] = header.get(key)

    def feed(self, line: Line) -> Divergence | None:
        """Compare one logged line (after re-running it if it is a command)."""
        seq = line.get("seq")
        expected = seq if isinstance(seq, int) and not isinstance(seq, bool) else len(self.produced)
        if expected != seq or seq > len(self.produced) or seq < 0:
            return Divergence(expected, line, self._at(expected))
        if seq == len(self.produced):
            if line.get("type") not in INPUT_TYPES:
                return Divergence(seq, line, None)
            text = line.get("text")
            if not isinstance(text, str):
                return Divergence(seq, line, None)
            length = line.get("length")
            if isinstance(length, int) and len(text) < length <= MAX_LENGTH:
                text = text.ljust(length)  # an over-long line: only its length matters
            player = line.get("player")
            bot = line.get("bot")
            self.session.submit(
                text,
                seat=player if isinstance(player, str) else None,
                bot=bot if isinstance(bot, str) else None,
            )
        replayed = self._at(seq)
        if replayed != line:
            return Divergence(seq, line, replayed)
        return None

    def _at(self, seq: int) -> Line | None:
        return self.produced[seq] if 0 <= seq < len(self.produced) else None

    def extra(self, logged: int) -> list[Line]:
        """Lines the re-run produced beyond the first ``logged`` lines."""
        return self.produced[logged:]


def replay_lines(lines: Iterable[Line], name: str = "log") -> tuple[Replay, Divergence | None, int]:
    """Replay every line; returns the replay, the first divergence and the line count."""
    iterator = iter(lines)
    header = next(iterator, None)
    if header is None:
        raise LogError(f"{name}: empty log")
    replay = Replay(header, name)
    count = 1
    for line in iterator:
        count += 1
        divergence = replay.feed(line)
        if divergence is not None:
            return replay, divergence, count
    return replay, None, count
