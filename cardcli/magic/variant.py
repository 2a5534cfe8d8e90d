"""What a game variant may change in the rules core, with plain Magic as the default.

The core asks its variant a few questions (is this player automated, which
steps does a team skip, may this creature attack although it just arrived) and
lets an automated player answer decisions and act when it has priority. Horde
Magic is one such variant; the core itself knows nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost

if TYPE_CHECKING:
    from cardcli.magic.objects import Obj, Player, StackItem, Target, Team

Table = TypeVar("Table")  # the rules core's table: ``table.Table``, which takes a Variant[Table]


class Variant(Generic[Table]):
    """Plain Magic: every player decides for themselves."""

    def is_automated(self, table: Table, player: str) -> bool:
        return False

    def answer(self, table: Table, decision: Decision) -> list[str]:
        """An automated player's answer (options of the decision)."""
        raise NotImplementedError

    def asks_instead(self, table: Table, decision: Decision) -> Decision | None:
        """An automated player's decision that people answer instead (a Horde run for paper
        players asks them what its spells hit); None: the automated player answers."""
        return None

    def pass_answers(self, table: Table, decision: Decision) -> list[str] | None:
        """The answer a pass gives to a decision other than priority; None: a pass does not
        answer it."""
        return None

    def pass_turn_declares(self, table: Table) -> bool:
        """Does ``pass turn`` also end a declaration of attackers or blockers (as declared so
        far)? Otherwise it is refused there: what it passes is priority."""
        return False

    def acts_elsewhere(self, table: Table, team: Team) -> bool:
        """Could ``team`` act now in a way the engine does not see (paper players at their
        table)? Such a team is asked where it could act, though it holds nothing."""
        return False

    def resolving(self, table: Table, item: StackItem) -> None:
        """A spell or ability has done its effects and is about to leave the stack."""

    def declare_attackers(
        self, table: Table, team: Team, able: list[Obj]
    ) -> list[tuple[int, Target]]:
        """An automated team's attack: (attacker id, player or planeswalker) pairs."""
        raise NotImplementedError

    def declare_blockers(self, table: Table, team: Team, able: list[Obj]) -> list[tuple[int, int]]:
        """An automated team's block: (blocker id, attacker id) pairs."""
        raise NotImplementedError

    def priority_action(self, table: Table, team: Team) -> bool:
        """An automated team with priority acts; False means it passes."""
        return False

    def skips_step(self, table: Table, team: Team, step: str) -> bool:
        return False

    def begin_step(self, table: Table, step: str) -> None:
        """Turn-based actions of the variant, after the core's own."""

    def ignores_summoning_sickness(self, table: Table, obj: Obj) -> bool:
        return False

    def reveal_and_cast(self, table: Table, player: str, count: int) -> bool:
        """ "Reveal the top card of the Horde's library. The Horde casts that card." (an
        automated player's own way of casting); False: the variant has no such way."""
        return False

    def max_hand_size(self, table: Table, player: Player) -> int | None:
        return 7

    def loses_on_empty_draw(self, table: Table, player: Player) -> bool:
        return True

    def cost_to_pay(self, table: Table, player: Player, cost: ManaCost) -> ManaCost | None:
        """The mana a player must pay for ``cost``; None: the player pays nothing."""
        return cost

    def keeps_mana(self, table: Table) -> bool:
        """Does the automatic payment keep the colours its payer still needs (``mana_keep``),
        and say which mana each land made? (Else lands pay in their plain order, as older
        logs were played.)"""
        return True

    def check_end(self, table: Table) -> None:
        """Winning and losing rules of the variant, checked with state-based actions."""

    def cannot_lose(self, table: Table, team: Team) -> bool:
        return False

    def team_sacrifices_together(self, table: Table, team: Team) -> bool:
        """When a "defending player sacrifices" effect (annihilator) reaches a player of a team
        of several, does the team sacrifice that many permanents in all, choosing together?"""
        return False

    def shares_poison(self, table: Table, team: Team) -> bool:
        """Does the team share one poison total (810.10, Two-Headed Giant)? Else each player
        has their own."""
        return False

    def poison_limit(self, table: Table, team: Team) -> int | None:
        """The poison counters with which a player (or a team that shares them) loses
        (704.5c: ten); None: never."""
        return 10
