"""Bots beside people at one team's seats: who the game asks now.

A team game (``Game.team_decisions``) asks the seat to move, and that seat
decides for its team. When people and bots sit at the team together, the
game's ``Game.team_seats`` says which pending decision is the team's
(``shared``), which kinds of them the people handed over to their bots
(``handed``), what a bot plays of its own cards at the team's priority
(``own_move``) and whose own cards a command uses (``own_seat``). Then:

* a decision of one seat's own (its mulligan, its spell's targets) is
  answered by whoever plays that seat;
* a decision of the team (priority, attacks, blocks, a shared choice) is
  answered by the people, unless they handed that kind over: then by the
  first bot seat of the table;
* before the people answer the team's priority, each bot seat in seat order
  plays what it wants of its own cards, one command at a time, and the
  people are asked once no bot wants anything more.

With bots at every seat, or people at every seat, the seat to move is asked
as before: a game of bots plays and logs exactly as it did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from cardcli.engine.game import Bot, Command, State
from cardcli.engine.rng import Rng

HUMAN = "human"  # a person at a seat, as session.HUMAN (session imports this module)


class TeamSeats(Protocol):
    """What a team game tells the seating about its decisions and commands."""

    def shared(self, state: State) -> str | None:
        """The kind of the team's decision pending; None: a seat's own decision, or none."""

    def handed(self, state: State) -> frozenset[str]:
        """The kinds of team decisions the people handed over to their bots."""

    def hands_over(self, command: Command) -> bool:
        """Does the command hand decisions over (or take them back)?"""

    def own_seat(self, state: State, command: Command) -> str | None:
        """The seat whose own cards the command plays (a land, a spell, an ability)."""

    def own_move(self, state: State, seat: str, bot: Bot, rng: Rng) -> str | None:
        """What the bot at ``seat`` plays of its own cards now; None: nothing."""


class Seating:
    """Who answers for a team game's seats, people and bots together."""

    def __init__(self, rules: TeamSeats, controllers: Mapping[str, str]) -> None:
        self.rules = rules
        self.controllers = controllers  # the session's, read as they are now

    @property
    def people(self) -> list[str]:
        return [s for s, who in self.controllers.items() if who == HUMAN]

    @property
    def bots(self) -> list[str]:
        return [s for s, who in self.controllers.items() if who != HUMAN]

    @property
    def mixed(self) -> bool:
        who = set(self.controllers.values())
        return HUMAN in who and len(who) > 1

    def asked(self, state: State) -> str | None:
        """The seat that answers the pending decision (None: the game is over)."""
        seat = state.to_move()
        if seat is None or not self.mixed:
            return seat
        kind = self.rules.shared(state)
        if kind is None:
            return seat  # a seat's own decision
        if kind in self.rules.handed(state):
            return seat if seat in self.bots else self.bots[0]
        return seat if seat in self.people else self.people[0]

    def helper(
        self, state: State, bots: Mapping[str, Bot], rng_for: Callable[[str], Rng]
    ) -> tuple[str, str] | None:
        """A bot seat that plays its own cards before the people answer the team's
        priority, and its command; None when no bot wants to."""
        if not self.mixed or self.rules.shared(state) != "priority":
            return None
        if self.asked(state) not in self.people:
            return None
        for seat in self.bots:
            text = self.rules.own_move(state, seat, bots[self.controllers[seat]], rng_for(seat))
            if text is not None:
                return seat, text
        return None

    def refusal(self, state: State, command: Command, acting: str, bot: str | None) -> str | None:
        """Why the seat's controller may not give this command now; None: it may."""
        rules = self.rules
        if bot is None and rules.hands_over(command) and not self.bots:
            names = ", ".join(state.seats()[1:2]) or "p2"
            return f"no bot sits at the table to hand it to (play with --seat {names}=planner)"
        who = bot or HUMAN
        if (
            bot is not None
            and self.controllers.get(acting) == bot
            and rules.shared(state) == "priority"
            and rules.own_seat(state, command) == acting
        ):
            return None  # a bot teammate plays its own cards
        asked = self.asked(state)
        # The seat to move is also accepted: a log written before bots sat beside
        # people (the seat to move decided for its team) replays as it was played.
        if any(self.controllers.get(s) == who for s in (asked, state.to_move()) if s):
            return None
        decider = asked or acting
        controller = self.controllers.get(decider, HUMAN)
        if bot is None:
            return f"{decider} is played by the {controller} bot"
        return f"{decider} is not played by the {bot} bot"
