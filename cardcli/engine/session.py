"""A game being played: the state, its log lines, and who controls each seat.

The session turns command text into log lines. It never reads input or
prints: the CLI feeds it text and hands its lines to writers (``sinks``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli import __version__
from cardcli.engine import undo_words
from cardcli.engine.errors import CommandError, UsageError
from cardcli.engine.game import Command, Game, Options, State
from cardcli.engine.log import LOG_FORMAT, Line
from cardcli.engine.rng import RNG_ID, DecisionRng, Rng, derive, derive_on, rng_for
from cardcli.engine.seating import Seating

if TYPE_CHECKING:  # loaded by a game that allows undo only (undo_words answers every line)
    from cardcli.engine import undo

HUMAN = "human"
# Longer lines are rejected, and logged shortened. No legal game reaches it: the
# longest command a game needs names each of its creatures once (``attack #17
# #18 ...``, three to ten characters an id), and 100,000 characters are over ten
# thousand creatures (``attack all`` names them in two words). It bounds hostile
# input: a line is refused by its length before it is parsed.
MAX_COMMAND_CHARS = 100_000
SHOWN_CHARS = 80  # how much of an over-long line the log keeps

Sink = Callable[[Line], None]
_QUIET_COMMAND: Line = {"type": "command"}  # what a quiet session keeps of a command line


_COMMENT = re.compile(r"#(?!\d)")


def clean_line(raw: str) -> str | None:
    """A script or prompt line without its ``#`` comment; None if nothing is left.

    A ``#`` directly followed by a digit is an object id (``cast Shock -> #17``),
    not a comment.

    >>> clean_line("remove 7c 7h   # the sevens"), clean_line("block #21 with #3  # ok")
    ('remove 7c 7h', 'block #21 with #3')
    """
    # (no "#": no comment to look for; most lines, and every line a replay checks)
    text = (_COMMENT.split(raw, 1)[0] if "#" in raw else raw).strip()
    return text or None


class Refusal(Exception):
    """A line the session does not accept: why, and the seat it is put down to."""

    def __init__(self, reason: str, seat: str | None, length: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.length = length  # a line too long: its length (the log keeps it shortened)


@dataclass(slots=True)
class Outcome:
    """What one submitted line did."""

    accepted: bool
    lines: list[Line] = field(default_factory=list)
    reason: str | None = None


class Session:
    def __init__(
        self,
        game: Game,
        options: Options,
        setup: Options,
        seed: int,
        seats: Mapping[str, str] | None = None,
        sinks: Iterable[Sink] = (),
        rng_id: str = RNG_ID,
        quiet: bool = False,
    ) -> None:
        """``quiet``: nobody reads the lines (a simulation keeping no logs), so they
        are counted but not built; a game with ``Game.quiet_events`` then builds
        its events bare (their type only). The play is the same to the last draw."""
        if quiet and sinks:
            raise ValueError("a quiet session has no sinks")
        self.quiet = quiet
        self._decision_rngs: dict[tuple[str, str], DecisionRng] = {}
        self.game = game
        self._team_decisions = game.team_decisions  # asked at every command
        self.options = options
        self.setup = setup
        self.seed = seed
        self.rng_id = rng_id
        self.sinks = list(sinks)
        self.seq = 0
        self.commands = 0  # accepted and rejected lines so far
        names = game.seat_names(options)
        self.controllers = {name: HUMAN for name in names}
        for name, who in (seats or {}).items():
            if name not in self.controllers:
                raise UsageError(f"{game.name} has no seat '{name}' (seats: {', '.join(names)})")
            if who != HUMAN and who not in game.bots:
                raise UsageError(
                    f"no bot '{who}' for {game.name}: choose one of {', '.join(game.bots)} or human"
                )
            self.controllers[name] = who
        self.multi = len(names) > 1
        # People at a team game's seats: the team's decisions are theirs (engine/seating.py).
        rules = game.team_seats
        people = HUMAN in self.controllers.values()
        self.seating = Seating(rules, self.controllers) if rules and people else None
        self._helping: tuple[int, str, str] | None = None  # (seq, seat, text): a bot's own move
        # The commands in effect, for undo and redo, in a game that allows them (engine/undo.py);
        # a quiet session (a simulation: bots only, nothing logged) keeps none.
        allowed = not quiet and undo_words.refusal(game, options) is None
        self.history = _new_history() if allowed else None
        # Set up first: a bad explicit arrangement fails before a line is written.
        rng = rng_for(rng_id, seed)
        if quiet and game.quiet_events:
            state, events = game.new_state(options, setup, rng, quiet=True)  # type: ignore[call-arg]
        else:
            state, events = game.new_state(options, setup, rng)
        self.state: State = state
        if quiet:  # the header and the set-up's events, counted
            self.seq = 1 + len(events)
        else:
            header: Line = {
                "type": "game_started",
                "format": LOG_FORMAT,
                "game": game.name,
                "engine": __version__,
                "rng": rng_id,
                "seed": seed,
                "options": dict(options),
                "setup": dict(setup),
                "seats": dict(self.controllers),
            }
            self._emit(header)
            for event in events:
                self._emit(event)
        if state.is_over():
            self.finish()

    # -- output --------------------------------------------------------------

    def _emit(self, line: Line) -> Line:
        if self.quiet:
            self.seq += 1
            return line
        full = {"seq": self.seq, **line}
        self.seq += 1
        for sink in self.sinks:
            sink(full)
        return full

    def finish(self) -> Line:
        """The game_over line, with the result: written once, when the state is over."""
        if self.quiet:  # counted: a simulation asks the state for the result itself
            self.seq += 1
            return {"type": "game_over"}
        return self._emit({"type": "game_over", "result": self.state.result()})

    # -- input ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def bot_for(self, seat: str) -> str | None:
        who = self.controllers.get(seat, HUMAN)
        return None if who == HUMAN else who

    def next_actor(self) -> tuple[str | None, str | None]:
        """The seat the play loop asks now and the bot that plays it (None: a person).

        Usually the seat to move; with bots beside people at a team's seats, the
        seating's choice: a bot playing its own cards first, the people for the team.
        """
        seating = self.seating
        if seating is None:
            seat = self.state.to_move()
            return seat, (self.bot_for(seat) if seat is not None else None)
        helping = seating.helper(
            self.state, self.game.bots, lambda s: self.decision_rng("bot", s).at(self.seq)
        )
        if helping is not None:
            self._helping = (self.seq, *helping)
            return helping[0], self.bot_for(helping[0])
        seat = seating.asked(self.state)
        return seat, (self.bot_for(seat) if seat is not None else None)

    def bot_command(self, seat: str, now: int | None = None) -> str | None:
        """The command the bot at ``seat`` chooses now (not applied); None: it waits.

        In a real-time game the text gets the time and seat: ``@1250 p2 s f``.
        """
        name = self.bot_for(seat)
        if name is None:
            raise UsageError(f"{seat} is played by a human")
        if self._helping is not None and self._helping[:2] == (self.seq, seat):
            return self._helping[2]  # its own move, as ``next_actor`` found it
        # Seeded by the decision's seq: resuming a log gives the same choices.
        rng = self.decision_rng("bot", seat).at(self.seq)
        bot = self.game.bots[name]
        if not self.game.timed:
            return bot(self.state, seat, rng)
        when = 0 if now is None else now
        text = bot(self.state, seat, rng, when)
        return None if text is None else f"@{when} {seat} {text}"

    def bot_delay(self, seat: str, label: int) -> int:
        """Milliseconds until the bot at ``seat`` acts again (real-time games)."""
        return self.bot_pacer(seat)(label)

    def bot_pacer(self, seat: str) -> Callable[[int], int]:
        """``bot_delay`` for one seat, its lookups done once (the play loop asks it often).

        The draw is ``decision_rng("pace", seat).at(label)``'s: a generator
        seeded with ``derive(seed, "pace", seat, label)``.
        """
        pace = self.game.bot_pace.get(self.bot_for(seat) or "")
        if pace is None:
            return lambda label: 1000
        prefix = derive(self.seed, "pace", seat)
        rng = Rng(0)

        def pacer(label: int) -> int:
            rng.state = derive_on(prefix, label)
            return pace(rng)

        return pacer

    def decision_rng(self, kind: str, seat: str) -> DecisionRng:
        """The generator of ``derive(seed, kind, seat, n)`` for each decision ``n`` of a seat."""
        key = (kind, seat)
        rng = self._decision_rngs.get(key)
        if rng is None:
            rng = self._decision_rngs[key] = DecisionRng(self.seed, kind, seat)
        return rng

    def submit(self, text: str, seat: str | None = None, bot: str | None = None) -> Outcome:
        """Apply one command line and log it (accepted or rejected).

        ``seat`` is who the text is attributed to when it names no seat;
        ``bot`` is the bot that chose it (None for a person).
        """
        self.commands += 1
        try:
            acting, events = self.play(text, seat, bot)
        except Refusal as refusal:
            if refusal.length:
                return self._reject(
                    text[:SHOWN_CHARS], refusal.seat, refusal.reason, bot, refusal.length
                )
            return self._reject(text, refusal.seat, refusal.reason, bot)
        if self.quiet:  # counted, not built
            self.seq += 1 + len(events)
            lines = [_QUIET_COMMAND, *events]
        else:
            record: Line = {"type": "command", "text": text}
            if self.multi:
                record["player"] = acting
            if bot is not None:
                record["bot"] = bot
            lines = [self._emit(record)]
            for event in events:
                lines.append(self._emit(event))
        if self.state.is_over():
            lines.append(self.finish())
        return Outcome(True, lines)

    def play(self, text: str, seat: str | None, bot: str | None) -> tuple[str, list[Line]]:
        """Apply ``text`` to the state: the seat that played it and the game's events.

        Writes nothing (``submit`` logs the line); raises ``Refusal``, with the
        state unchanged, when the line is not accepted. A simulation that keeps
        no log calls it directly and counts the lines itself.
        """
        if len(text) > MAX_COMMAND_CHARS:
            raise Refusal(
                f"line too long ({len(text)} characters; a command has at most {MAX_COMMAND_CHARS})",
                seat,
                len(text),
            )
        state = self.state
        if state.is_over():
            raise Refusal("the game is over", seat)
        acting: str | None = seat
        controllers = self.controllers
        asked_for = undo_words.word(text, controllers)
        if asked_for is not None:
            return self._undo_or_redo(*asked_for, seat, bot)
        try:
            command = state.parse(text)
            asked = self.seating.asked(state) if self.seating is not None else None
            acting = command.player or seat or asked or state.to_move()
            if acting not in controllers:
                if acting is None:
                    raise Refusal(f"say which seat plays it: {', '.join(controllers)}", seat)
                raise Refusal(f"there is no seat {acting}", None)
            if self.seating is not None:  # people and bots at a team's seats
                reason = self.seating.refusal(state, command, acting, bot)
                if reason is not None:
                    raise Refusal(reason, acting)
                return acting, self._apply(command, acting, bot, text)
            decider = acting
            # The seat to move decides for its team; a setting of the table (``anyone``:
            # Horde's stops) is any person's to give.
            if self._team_decisions and not getattr(command, "anyone", False):
                decider = state.to_move() or acting
            controller = controllers.get(decider, HUMAN)
            if controller != (bot or HUMAN):
                if bot is None:
                    raise Refusal(f"{decider} is played by the {controller} bot", acting)
                raise Refusal(f"{decider} is not played by the {bot} bot", acting)
            return acting, self._apply(command, acting, bot, text)
        except CommandError as err:
            raise Refusal(str(err), acting) from None

    def _apply(self, command: Command, seat: str, bot: str | None, text: str) -> list[Line]:
        """Apply a parsed command; kept for undo in a game that has it."""
        events = self.state.apply(command, seat)
        if self.history is not None:
            from cardcli.engine import undo

            self.history.add(undo.Step(command, seat, bot, self.seq, text))
        return events

    def _undo_or_redo(
        self, word: str, named: str | None, rest: list[str], seat: str | None, bot: str | None
    ) -> tuple[str, list[Line]]:
        """``undo`` or ``redo`` (``engine/undo.py``): the seat it is put down to, its events."""
        from cardcli.engine import undo

        acting = named or seat or self._asked()
        history = self.history
        if history is None:
            reason = undo_words.refusal(self.game, self.options) or "a simulation has no undo"
            raise Refusal(reason, acting)
        if rest:
            raise Refusal(
                f"{word} takes no more words: say '{word}' alone, and again for the one before",
                acting,
            )
        if bot is not None:
            raise Refusal(f"{word} is for the people at the table, not the {bot} bot", acting)
        if word == "undo":
            taken = history.take_back()
            if taken is None:
                raise Refusal(
                    "nothing to undo: no move is left to take back (undo takes back "
                    "moves, not the stops)",
                    acting,
                )
            self.state = self._rebuilt(history.steps)
            return acting, [undo.undone_line(step, self.multi) for step in reversed(taken)]
        if not history.undone:
            raise Refusal(
                "nothing to redo: redo puts back what undo took back, until a new move is made",
                acting,
            )
        put_back = history.undone[-1]
        events: list[Line] = []
        try:
            for step in put_back:
                events.append(undo.redone_line(step, self.multi))
                events.extend(self.state.apply(step.command, step.seat))
        except CommandError as err:  # the table changed since (a setting): nothing redone
            self.state = self._rebuilt(history.steps)
            raise Refusal(f"cannot redo '{put_back[0].text}' now: {err}", acting) from None
        history.undone.pop()
        history.steps.extend(put_back)
        return acting, events

    def _asked(self) -> str:
        """The seat an undo or redo naming none is put down to: the seat asked now."""
        asked = self.seating.asked(self.state) if self.seating is not None else None
        found = asked or self.state.to_move()
        if found is not None:
            return found
        people = [s for s, who in self.controllers.items() if who == HUMAN]
        return (people or list(self.controllers))[0]

    def _rebuilt(self, steps: list[undo.Step]) -> State:
        """The state set up as the header says, with ``steps`` applied again."""
        from cardcli.engine import undo

        make = undo.fresh(self.game, self.options, self.setup, self.rng_id, self.seed, self.quiet)
        return undo.rebuild(make, steps)

    def _reject(
        self, text: str, seat: str | None, reason: str, bot: str | None, truncated: int = 0
    ) -> Outcome:
        record: Line = {"type": "rejected", "text": text}
        if self.multi and seat is not None:
            record["player"] = seat
        if bot is not None:
            record["bot"] = bot
        if truncated:
            record["length"] = truncated
        record["reason"] = reason
        return Outcome(False, [self._emit(record)], reason)


def _new_history() -> undo.History:
    """An empty history of the commands in effect (undo's own module, loaded now)."""
    from cardcli.engine import undo

    return undo.History()
