"""The Horde run for a table of paper players (``--paper``): what changes in the rules.

cardcli plays the Horde alone. The players' decks, hands and libraries stay at the table:
they have none in the engine and draw no card in it. Their permanents that matter are entered
by hand (``adjust card``, ``adjust token``), and what they do to the Horde by adjustments.

- **What the Horde's spells hit.** A Horde spell or ability that could target something of
  the players' asks them which (``choose #ID``, ``choose p2``), since only they know their
  whole board: ``choose table`` names something the engine does not know, and the spell
  resolves for the rest, then shows its text for the players to apply by hand (``choose
  done``). A ``pass`` leaves it to chance among what the engine knows of theirs, as the
  automated Horde decides.
- **A pass answers what only the table can do.** A manual Horde card (and a target at the
  table) waits for ``choose done``; a ``pass`` says done too, so a table that only passes
  plays the whole game.
- **Draws.** A Horde card that makes a player draw says so (``p1 draws 2 at the table``).
"""

from __future__ import annotations

from typing import Any

from cardcli.magic.decisions import Decision
from cardcli.magic.objects import StackItem, Team
from cardcli.magic.table import Table
from cardcli.magic.targets import AT_TABLE

HORDE = "horde"
PLAYERS = "players"


def is_paper(table: Table) -> bool:
    return bool(table.variant.rules.get("paper"))  # type: ignore[attr-defined]


def _players_side(table: Table, option: str) -> bool:
    """Is ``option`` (``#17``, ``p2``) a thing of the players'?"""
    if option in table.players:
        return option != HORDE
    if option.startswith("#") and option[1:].isdigit():
        oid = int(option[1:])
        obj = table.objects.get(oid)
        if obj is not None:
            return obj.controller != HORDE
        item = table.items.get(oid)
        return item is not None and item.controller != HORDE
    return False


def ask_targets(table: Table, decision: Decision) -> Decision | None:
    """The players' question for a Horde target that could be theirs; None: not asked."""
    if decision.kind != "target" or not is_paper(table):
        return None
    theirs = [o for o in decision.options if _players_side(table, o)]
    if not theirs:
        return None
    team = table.teams[0]
    card, _, what = decision.prompt.partition(": choose ")
    return Decision(
        "target",
        team.players[0].name,
        f"the Horde's {card} ({what}): choose what it hits, "
        + ("one" if decision.high == 1 else f"up to {decision.high}")
        + " of yours, or table (something not entered), or pass (chance)",
        [*theirs, AT_TABLE],
        low=min(decision.low, 1),
        high=max(1, min(decision.high, len(theirs))),
        team=team.name,
        data={
            **{k: v for k, v in decision.data.items() if k != "key"},
            "paper": {"options": list(decision.options), "low": decision.low,
                      "high": decision.high},
        },
    )  # fmt: skip


def pass_answers(table: Table, decision: Decision) -> list[str] | None:
    """What a pass answers in a paper game: a Horde target by chance, a manual card done."""
    if not is_paper(table):
        return None
    if decision.kind == "manual":
        return ["done"]
    asked: dict[str, Any] | None = decision.data.get("paper")
    if decision.kind != "target" or asked is None:
        return None
    original = Decision(
        "target", HORDE, decision.prompt, list(asked["options"]), low=asked["low"],
        high=asked["high"],
    )  # fmt: skip
    chosen = table.variant.answer(table, original)
    table.emit(
        {"type": "choice", "who": HORDE, "kind": "target", "chosen": chosen,
         "among": len(original.options)}
    )  # fmt: skip
    return chosen


def acts_at_table(table: Table, team: Team) -> bool:
    """Where paper players could act at their table, so the game asks them though they hold
    nothing in it: their own main phases, the Horde's attack once declared (before blocks),
    and a Horde spell on the stack that is not a token card (to counter it)."""
    if team.automated or not is_paper(table):
        return False
    if table.stack:
        top = table.stack[-1]
        return (
            top.controller == HORDE
            and top.kind == "spell"
            and top.obj is not None
            and not top.obj.proto.token_card
        )
    if table.active_team is team:
        return table.step in ("main1", "main2")
    fight = table.combat
    return table.step == "declare_attackers" and fight is not None and bool(fight.attackers)


# Effects that reach things of the players' the engine may not know: their hands, libraries,
# graveyards and permanents not entered. (Damage and life loss to the players themselves are
# the engine's: the shared life is known.)
PLAYERS_EACH = ("each_player", "each_opponent", "each_other_player", "that_player",
                "defending_player", "target_player", "target_opponent")  # fmt: skip
PERMANENTS_EACH = ("each_creature", "each_other_creature", "each_creature_you_dont_control",
                   "each_creature_an_opponent_controls", "each_nonland_permanent",
                   "each_permanent")  # fmt: skip
TO_PLAYERS_ONLY = ("lose_life", "damage", "gain_life", "poison", "draw")  # (draws: said apart)


def remind(table: Table, item: StackItem) -> None:
    """A Horde spell or ability that reached the players' cards: its text, for them to apply
    at the table to what the engine does not know (an ``at_table`` event)."""
    if item.controller != HORDE or not is_paper(table):
        return
    for effect in item.effects:
        each = str(effect.get("each", ""))
        reaches_cards = each in PLAYERS_EACH and effect.get("do") not in TO_PLAYERS_ONLY
        if each == "that_player" and item.context.get("player") == HORDE:
            reaches_cards = False  # (the Horde's own upkeep, say)
        targets = [t for slot in item.targets for t in slot]
        if each in ("target_player", "target_opponent") and targets == [HORDE]:
            reaches_cards = False
        if reaches_cards or each in PERMANENTS_EACH:
            break
    else:
        return
    if item.obj is not None:
        text = item.obj.proto.oracle
    else:
        text = item.ability.text if item.ability is not None else ""
    table.emit({"type": "at_table", "who": PLAYERS, "what": "apply", "card": item.name,
                "text": text})  # fmt: skip


def draws_at_table(table: Table, event: dict[str, Any]) -> dict[str, Any] | None:
    """A player's draw happens at the table: said, not done (replaces ``draw``)."""
    player = str(event["player"])
    if player == HORDE:
        return event
    table.emit({"type": "at_table", "who": player, "what": "draw", "count": int(event["count"])})
    return None
