"""Bot teammates: a bot seat beside people plays its own cards (810.2, as RULES.md reads it).

The seating (``cardcli/engine/seating.py``) asks ``HordeSeats``: which pending
decision is the team's (any decision with a team: priority, attacks, blocks, a
shared choice), what the people handed over (``auto attacks``), and what a bot
seat plays of its own at the team's priority. The bot is the seat's own (basic,
planner, random) asked as if its seat were the whole team, so it sees only its
own hand, lands and permanents; a command it gives for its own seat (``p2 play
Forest``, ``p2 cast Llanowar Elves``, ``p2 activate #12``, ``p2 tap #5``: a card in
hand by its name, as ``hint`` words it) is played, anything else (``pass``, an
attack) is not its to give and means it wants nothing now.
"""

from __future__ import annotations

from cardcli.engine.errors import CommandError
from cardcli.engine.game import Bot, Command, State
from cardcli.engine.rng import Rng
from cardcli.games.horde import commands, handing
from cardcli.games.horde.commands import Activate, Cast, Play, Tap
from cardcli.magic.flow import actions_spent
from cardcli.magic.play import may_answer
from cardcli.magic.table import Table

SEAT_HELP = (
    "who plays a seat: human or a bot name, e.g. p2=planner. A bot seat beside people "
    "plays its own lands, spells and abilities; the team's attacks and blocks stay with "
    "the people unless they say 'auto attacks' or 'auto blocks' at the prompt"
)


def _table(state: State) -> Table:
    return state.table  # type: ignore[attr-defined, no-any-return]


class HordeSeats:
    """The Horde game's answers to the seating (``seating.TeamSeats``)."""

    seat_help = SEAT_HELP

    def shared(self, state: State) -> str | None:
        table = _table(state)
        decision = table.pending
        if table.over or decision is None or decision.team is None:
            return None
        return decision.kind

    def handed(self, state: State) -> frozenset[str]:
        return handing.kinds(_table(state))

    def hands_over(self, command: Command) -> bool:
        return isinstance(command, handing.Auto)

    def own_seat(self, state: State, command: Command) -> str | None:
        if isinstance(command, Play | Cast | Activate | Tap):
            return command.player
        return None

    def own_move(self, state: State, seat: str, bot: Bot, rng: Rng) -> str | None:
        table = _table(state)
        decision = table.pending
        if table.over or decision is None or decision.kind != "priority":
            return None
        player = table.players.get(seat)
        if player is None or not may_answer(decision, table, seat):
            return None
        if actions_spent(table):
            return None  # the step's cap: only passing is left, and that is the people's
        team = player.team
        whole = team.players
        team.players = [player]  # the bot sees its seat as its team: its own cards only
        try:
            text = bot(state, seat, rng)
        finally:
            team.players = whole
        if not text:
            return None
        try:
            command = commands.parse(text)
        except CommandError:
            return None
        if self.own_seat(state, command) != seat:
            return None
        # A card in hand by its name where that is the same card (``p2 play Forest``), as
        # ``hint`` words it: what the person reads at the prompt and in the log.
        return state._by_name(text, seat)  # type: ignore[attr-defined, no-any-return]


SEATS = HordeSeats()
