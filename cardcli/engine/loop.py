"""The play loop: bots answer for their seats, people's lines come from a reader."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cardcli.engine.errors import CardcliError
from cardcli.engine.log import Line
from cardcli.engine.rng import derive
from cardcli.engine.session import HUMAN, Outcome, Refusal, Session
from cardcli.records import record

# A bot loop stops here: this many bot commands in a row with no person's
# line and no milestone of the game (a pass ended, a hand over, stuck). A legal
# game does not come near it: Shuffle-Mania's passes take a few dozen commands,
# a Double Solitaire hand with no play is blocked after 60 stuck turns, and a
# person's line starts the count again. The length of a game is not limited.
MAX_BOT_RUN = 1_000_000

Reader = Callable[[str | None], str | None]
"""Given the seat to move (None if unknown), the next line of input, or None at its end."""


class BotLoopGuard:
    """Counts bot commands since the last person's line or milestone event."""

    def __init__(self, session: Session, limit: int = MAX_BOT_RUN) -> None:
        self.milestones = frozenset(session.game.milestones)
        self.limit = limit
        self.run = 0

    def person(self) -> None:
        self.run = 0

    def bot(self, lines: list[Line]) -> None:
        """One bot command, given its lines."""
        milestones = self.milestones
        for line in lines:
            if line["type"] in milestones:  # every line has a type
                self.run = 0
                return
        self.run += 1
        if self.run > self.limit:
            raise self.stopped(self.limit)

    @staticmethod
    def stopped(limit: int) -> CardcliError:
        return CardcliError(
            f"stopped: the bots gave {limit} commands in a row and the game made no "
            "progress (a bot or rule loops); every line so far is in the log"
        )


@record()  # made once a run: no code compiled at start-up for it
class RunEnd:
    reason: str  # "over", "input-ended", "rejected" (strict), "quit"
    rejected: Outcome | None = None


class Quit(Exception):
    """Raised by a reader when the player types ``quit``."""


def run(
    session: Session,
    read: Reader,
    show: Callable[[str, Outcome], None] = lambda text, outcome: None,
    strict: bool = False,
    max_bot_run: int = MAX_BOT_RUN,
    timed_read: TimedReader | None = None,
    wall: Clock | None = None,
    catch_up: CatchUp | None = None,
    on_live: Callable[[], None] | None = None,
) -> RunEnd:
    """Play until the game ends, the input ends, or (``strict``) a line is rejected.

    Real-time games go to ``run_timed``; ``timed_read`` and ``wall`` serve
    interactive real-time play (otherwise ``read`` is used without waiting),
    ``catch_up`` and ``on_live`` a resumed one.
    """
    if session.game.timed:
        step = session.options.get("clock") == "step"
        reader = timed_read or (lambda timeout: read(None))
        return run_timed(
            session,
            reader,
            show,
            strict,
            step,
            None if step else wall,
            max_bot_run,
            catch_up,
            on_live,
        )
    if session.quiet and HUMAN not in session.controllers.values():
        return _run_quiet_bots(session, max_bot_run)
    guard = BotLoopGuard(session, max_bot_run)
    while not session.over:
        seat, bot = session.next_actor()  # the seat to move, or a bot teammate
        if seat is not None and bot is not None:
            text = session.bot_command(seat)
            if text is None:
                raise CardcliError(f"the {bot} bot at {seat} chose no command")
            outcome = session.submit(text, seat=seat, bot=bot)
            show(text, outcome)
            if not outcome.accepted:
                raise CardcliError(
                    f"the {bot} bot at {seat} chose a rejected command: {outcome.reason}"
                )
            guard.bot(outcome.lines)
            continue
        try:
            line = read(seat)
        except Quit:
            return RunEnd("quit")
        if line is None:
            return RunEnd("input-ended")
        guard.person()
        outcome = session.submit(line)
        show(line, outcome)
        if strict and not outcome.accepted:
            return RunEnd("rejected", outcome)
    return RunEnd("over")


def _run_quiet_bots(session: Session, max_bot_run: int) -> RunEnd:
    """``run`` for a simulation: bots at every seat and nothing logged.

    The same steps as the bots' branch of ``run`` (the same bot, the same
    generator per decision, the same checks of ``Session.play``, the same
    ``BotLoopGuard`` count, here inline), with the lookups done once and the
    lines counted, not built.
    """
    state = session.state
    game = session.game
    seats = {
        seat: (game.bots[name], session.decision_rng("bot", seat), name)
        for seat, name in session.controllers.items()
    }
    milestones = frozenset(game.milestones)
    is_over, to_move, play = state.is_over, state.to_move, session.play
    if is_over():  # over from the start: its game_over line is written
        return RunEnd("over")
    in_a_row = 0  # bot commands since the last milestone
    seq = session.seq  # the session's counters, kept here and stored back at the end
    commands = 0
    try:
        while True:
            seat = to_move()  # None once the game is over
            if seat is None:
                if is_over():
                    break
                raise CardcliError("the game is not over and nobody is to move")
            bot, rng, name = seats[seat]
            text = bot(state, seat, rng.at(seq))
            if text is None:
                raise CardcliError(f"the {name} bot at {seat} chose no command")
            try:
                _, events = play(text, seat, name)
            except Refusal as refusal:
                raise CardcliError(
                    f"the {name} bot at {seat} chose a rejected command: {refusal.reason}"
                ) from None
            commands += 1
            seq += 1 + len(events)  # the command's line and its events
            for event in events:
                if event["type"] in milestones:
                    in_a_row = 0
                    break
            else:
                in_a_row += 1
                if in_a_row > max_bot_run:
                    raise BotLoopGuard.stopped(max_bot_run)
    finally:
        session.seq = seq
        session.commands += commands
    session.finish()  # the last command ended the game
    return RunEnd("over")


TIME_PREFIX = "@"
STEP_MS = 1000  # --clock step: an untimed line happens this long after the last command
MAX_STEP_TIME = 10**12  # the latest @TIME a timed game reads: a step never goes past it
Clock = Callable[[], int]
"""Milliseconds of wall-clock time since the game started (interactive play)."""
TimedReader = Callable[[float | None], str | None]
"""Wait at most that many seconds (None: as long as it takes) for a line; None if none."""


def stated_time(text: str) -> int | None:
    """The ``@TIME`` a line starts with, if it is well formed."""
    word = text.split(maxsplit=1)[0] if text.strip() else ""
    digits = word[1:]
    if word.startswith(TIME_PREFIX) and digits.isdigit() and digits.isascii() and len(digits) <= 13:
        return int(digits)
    return None


def _tie_key(session: Session, time: int, who: str) -> tuple[int, int]:
    # Equal times are ordered by a seeded draw; the log then records the order.
    return (time, derive(session.seed, "tie", time, who))


def _first_due(session: Session, due: dict[str, int]) -> str | None:
    """The bot whose time comes first; equal times go by the seeded draw."""
    if not due:
        return None
    soonest = min(due.values())
    tied = [seat for seat, time in due.items() if time == soonest]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda seat: _tie_key(session, soonest, seat))


class CatchUp:
    """A resumed real-time game, played again at once up to where its log ends.

    ``lines`` are the people's lines of the log in order; live play starts when
    the game has written ``until`` lines again and no logged line is left.
    """

    def __init__(self, lines: Iterator[str], until: int) -> None:
        self._lines = lines
        self._next: str | None = next(lines, None)
        self.until = until

    def peek(self) -> str | None:
        return self._next

    def pop(self) -> str | None:
        line = self._next
        if line is not None:
            self._next = next(self._lines, None)
        return line

    def done(self, session: Session) -> bool:
        """Caught up: asked when no logged line is left and ``until`` lines are written."""
        return self._next is None and session.seq >= self.until

    def bot_command(self, session: Session, seat: str, now: int) -> str | None:
        """What the bot at ``seat`` does now, while the log is played again (it is asked)."""
        return session.bot_command(seat, now=now)


def run_timed(
    session: Session,
    read: TimedReader,
    show: Callable[[str, Outcome], None] = lambda text, outcome: None,
    strict: bool = False,
    step: bool = False,
    wall: Clock | None = None,
    max_bot_run: int = MAX_BOT_RUN,
    catch_up: CatchUp | None = None,
    on_live: Callable[[], None] | None = None,
) -> RunEnd:
    """Play a real-time game: bots act at their own logical times, people's lines at theirs.

    Script lines without ``@TIME`` happen at the current clock; with ``wall`` they
    are stamped with the wall clock, and bots act as their times come. With
    ``step`` bots act only after each line a person enters, one action each.

    A bot that waits (answers None) when nothing has changed for longer than the
    game's ``bot_settle_ms`` is idle until something changes; when every bot is
    idle the next person's line comes at once, however far ahead its time, so
    a line timed hours later costs nothing.

    With ``catch_up`` (a resumed game) the logged part is played again first,
    at once and quietly: bots act at their logged times, the log's people's
    lines at theirs, and nothing is read until the whole log is written again.
    Then ``on_live`` is called and play goes on from the last logged time.
    """
    state = session.state
    humans = [seat for seat, who in session.controllers.items() if who == HUMAN]
    bots = [seat for seat in session.controllers if seat not in humans]
    own_seat = humans[0] if len(humans) == 1 else None
    names = {seat: session.bot_for(seat) for seat in bots}
    pacers = {seat: session.bot_pacer(seat) for seat in bots}  # session.bot_delay, per seat
    clock = getattr(state, "clock", 0)
    due = {seat: clock + pacers[seat](session.seq + i) for i, seat in enumerate(bots)}
    waited: dict[str, int] = {}  # seat -> the seq at which the bot last waited
    settle = session.game.bot_settle_ms
    guard = BotLoopGuard(session, max_bot_run)
    pending: str | None = None

    live = [catch_up is None]
    # Who gives a bot's line: the catch-up (a resumed log) until it is over, then the bot.
    asked = [catch_up.bot_command if catch_up is not None else None]

    def shown(text: str, outcome: Outcome) -> None:
        if live[0]:
            show(text, outcome)

    def bot_acts(seat: str, time: int) -> None:
        # An idle bot's time may have fallen behind a person's line: it acts now.
        time = max(time, getattr(state, "clock", 0))
        ask = asked[0]
        text = ask(session, seat, time) if ask is not None else session.bot_command(seat, now=time)
        if text is not None:
            outcome = session.submit(text, seat=seat, bot=names[seat])
            if live[0]:
                show(text, outcome)
            guard.bot(outcome.lines)
            waited.pop(seat, None)
        else:
            waited[seat] = session.seq
        due[seat] = time + pacers[seat](session.seq)

    def person_acts(line: str, time: int) -> Outcome:
        # A line that starts with "@" keeps it: a bad time gets the parser's message.
        text = line if line.startswith(TIME_PREFIX) else f"{TIME_PREFIX}{time} {line}"
        guard.person()
        outcome = session.submit(text, seat=own_seat)
        shown(text, outcome)
        return outcome

    def bots_after_step() -> None:
        after = getattr(state, "clock", 0)
        for offset, seat in enumerate(sorted(bots, key=lambda s: _tie_key(session, after, s))):
            if session.over:
                break
            bot_acts(seat, after + 1 + offset)

    def person_first(when: int, next_bot: str | None) -> bool:
        """Does a person's line at ``when`` come before the next bot's action?"""
        if next_bot is None:
            return True
        if due[next_bot] != when:
            return when < due[next_bot]
        return _tie_key(session, when, own_seat or "person") < _tie_key(session, when, next_bot)

    def awake() -> dict[str, int]:
        """The bots that may act: not idle since nothing changed after they waited."""
        changed_at = getattr(state, "clock", 0)
        return {
            seat: time
            for seat, time in due.items()
            if waited.get(seat) != session.seq or time <= changed_at + settle
        }

    def play_logged(catch_up: CatchUp) -> bool:
        """The catch-up: the live loop's choices for a log, at once; True once caught up.

        The same steps, in the same order, as the live loop takes with the
        log's people's lines for input (so the same lines and draws), with
        what cannot change between two lines worked out once: a logged
        line's time when it comes up, the next bot inline.
        """
        until = catch_up.until
        person = own_seat or "person"
        ask, submit, is_over = catch_up.bot_command, session.submit, state.is_over
        logged = catch_up.peek()
        logged_at = stated_time(logged) if logged is not None else None
        while not is_over():  # session.over
            seq = session.seq
            if logged is None and seq >= until and catch_up.done(session):
                return True
            now = getattr(state, "clock", 0)
            if step and logged is not None:
                catch_up.pop()
                person_acts(logged, logged_at or min(now + STEP_MS, MAX_STEP_TIME))
                bots_after_step()
                logged = catch_up.peek()
                logged_at = stated_time(logged) if logged is not None else None
                continue
            # The next bot: _first_due(session, awake()), without building either.
            limit = now + settle
            first: str | None = None
            soonest = 0
            tied = False
            for seat in bots:
                time = due[seat]
                if time > limit and waited.get(seat) == seq:
                    continue  # idle: it waited and nothing changed since
                if first is None or time < soonest:
                    first, soonest, tied = seat, time, False
                elif time == soonest:
                    tied = True
            if tied:
                first = _first_due(session, awake())
            if logged is not None:
                when = logged_at or now
                if (  # person_first(when, first)
                    first is None
                    or when < soonest
                    or (
                        when == soonest
                        and _tie_key(session, when, person) < _tie_key(session, when, first)
                    )
                ):
                    catch_up.pop()
                    person_acts(logged, when)
                    logged = catch_up.peek()
                    logged_at = stated_time(logged) if logged is not None else None
                    continue
            if first is None:
                raise CardcliError(
                    "cannot resume: playing the log again, nobody acts where it goes on"
                )
            # bot_acts(first, soonest), quietly
            time = soonest if soonest > now else now
            text = ask(session, first, time)
            if text is not None:
                guard.bot(submit(text, seat=first, bot=names[first]).lines)
                waited.pop(first, None)
            else:
                waited[first] = seq
            due[first] = time + pacers[first](session.seq)
        return False

    if catch_up is not None:
        if not play_logged(catch_up):
            return RunEnd("over")  # the game ended while the log was played again
        live[0], asked[0] = True, None
        if on_live is not None:
            on_live()

    while not session.over:
        now = getattr(state, "clock", 0)
        next_bot = _first_due(session, awake())
        if not humans:
            if next_bot is None:
                raise CardcliError(
                    "every bot waits and nobody else can play: the game cannot go on"
                )
            bot_acts(next_bot, due[next_bot])
            continue
        if step:
            try:
                line = read(None)
            except Quit:
                return RunEnd("quit")
            if line is None:
                return RunEnd("input-ended")
            # An untimed line comes a beat after the last: bots get time to see the table.
            outcome = person_acts(line, stated_time(line) or min(now + STEP_MS, MAX_STEP_TIME))
            if strict and not outcome.accepted:
                return RunEnd("rejected", outcome)
            bots_after_step()
            continue
        if pending is None:
            wait: float | None = None
            if wall is not None and next_bot is not None:
                wait = max(0.0, (due[next_bot] - wall()) / 1000)
            try:
                pending = read(wait)
            except Quit:
                return RunEnd("quit")
            if pending is None and (wall is None or next_bot is None):
                return RunEnd("input-ended")
            if pending is None:  # the wall clock reached the next bot's time
                assert next_bot is not None
                bot_acts(next_bot, due[next_bot])
                continue
        when = stated_time(pending)
        if when is None:
            when = max(now, wall()) if wall is not None else now
        if not person_first(when, next_bot):
            assert next_bot is not None
            bot_acts(next_bot, due[next_bot])
            continue
        line, pending = pending, None
        outcome = person_acts(line, when)
        if strict and not outcome.accepted:
            return RunEnd("rejected", outcome)
    return RunEnd("over")
