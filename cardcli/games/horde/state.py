"""The Horde Magic state: the rules core's table, the players' commands, the result."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from cardcli.cards.mtg.pool import normalize
from cardcli.engine.errors import IllegalCommand
from cardcli.engine.game import Command, Event, Options, State
from cardcli.games.horde import adjust, asking, commands, handing, moves, opening, stops
from cardcli.games.horde import named as by_name
from cardcli.games.horde.commands import (
    Activate,
    Adjust,
    Attack,
    Block,
    Cancel,
    Cast,
    Choose,
    Keep,
    Mulligan,
    Named,
    Pass,
    Play,
    Tap,
    Withdraw,
)
from cardcli.games.horde.variant import HORDE, PLAYERS
from cardcli.magic import flow, play
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table


class HordeState(State):
    def __init__(self, table: Table, options: Options, events: list[Event]) -> None:
        self.table = table
        self.options = options
        self.seat_list = table.teams[0].names
        # Life as the log shows it: the start plus every logged change (an invariant).
        self.life_from_log = int(table.extra["life_start"])
        self._count_life(events)

    # -- the contract ---------------------------------------------------------------------

    def seats(self) -> list[str]:
        return list(self.seat_list)

    def to_move(self) -> str | None:
        if self.table.over or self.table.pending is None:
            return None
        return self.table.pending.player

    def is_over(self) -> bool:
        return self.table.over

    def legal_commands(self, seat: str) -> list[str]:
        return moves.legal(self.table, seat)

    def hint(self, seat: str) -> str | None:
        suggested = moves.hint(self.table, seat)
        return None if suggested is None else self._by_name(suggested, seat)

    def _by_name(self, text: str, seat: str) -> str:
        """``p1 play #227`` as ``moves`` words it, ``p1 play Plains``, where that is the same play.

        The bots name cards by id; a person reads names. The name is used only
        when it picks a card of the same name from the same zone (any copy in
        hand is as good as another), so the suggestion still does what the bot meant.
        """
        command = commands.parse(text)
        if not isinstance(command, Play | Cast) or not command.card.startswith("#"):
            return text
        player = command.player or seat
        verb = "play" if isinstance(command, Play) else "cast"
        meant = self._in_hand(player, command.card, verb)
        named = self._in_hand(player, meant.name, verb)
        if (named.name, named.zone) != (meant.name, meant.zone):
            return text  # e.g. flashback from the graveyard with a copy also in hand
        words = text.split()
        at = words.index(command.card)  # an id is one word: #227
        renamed = " ".join([*words[:at], meant.name, *words[at + 1 :]])
        return renamed if commands.parse(renamed) == replace(command, card=meant.name) else text

    def parse(self, text: str) -> Command:
        if stops.is_stops(text):  # stops NAME MODE ... (stops.py)
            return stops.parse(text)
        return commands.parse(text)

    def apply(self, command: Command, seat: str) -> list[Event]:
        table = self.table
        table.events = []
        if table.over:
            raise IllegalCommand("the game is over")
        if seat not in table.players or seat == HORDE:
            raise IllegalCommand(
                f"there is no player {seat}; the players are {', '.join(self.seat_list)}"
            )
        if isinstance(command, handing.Auto):  # the team's combat handed to its bots, or back
            handing.apply(table, seat, command)
        elif isinstance(command, stops.SetStops):  # a setting of the table, at any time
            stops.set_stops(table, command)
        elif isinstance(command, Adjust):
            adjust.apply(table, seat, command.what, list(command.args))
            pending = table.pending
            if "opening" not in table.extra and pending is not None and pending.kind == "priority":
                # 117.5: state-based actions and triggers before the team has priority again.
                table.pending = None
                flow.run(table)
        elif "opening" in table.extra:
            self._opening(command, seat)
        else:
            asking.play(table, seat, command, lambda meant: self._play(meant, seat))
        events = table.take_events()
        self._count_life(events)
        return events

    def _count_life(self, events: list[Event]) -> None:
        for event in events:
            if event.get("type") == "life" and event.get("team") == PLAYERS:
                self.life_from_log += int(event["delta"])

    def _opening(self, command: Command, seat: str) -> None:
        table = self.table
        if isinstance(command, Keep):
            ready = opening.keep(table, seat)
        elif isinstance(command, Mulligan):
            opening.mulligan(table, seat)
            ready = False
        elif isinstance(command, Choose):
            ready = opening.bottom(table, seat, list(command.picks))
        else:
            who = table.pending.player if table.pending else "?"
            raise IllegalCommand(f"the game has not begun: {who} keeps or mulligans first")
        if ready:
            from cardcli.games.horde.setup import start

            start(table)

    def _play(self, command: Command, seat: str) -> None:
        table = self.table
        if isinstance(command, Pass):
            play.pass_priority(table, seat, rest_of_turn=command.turn)
        elif isinstance(command, stops.PassUntil):
            stops.pass_until(table, seat, command.until)
        elif isinstance(command, Play):
            play.play_land(table, seat, self._in_hand(seat, command.card, "play"))
        elif isinstance(command, Cast):
            targets = by_name.targets(table, command.targets)
            obj = self._in_hand(seat, command.card, "cast")
            named = list(command.convoke) if command.convoke is not None else None
            play.cast(
                table,
                seat,
                obj,
                command.x,
                targets,
                evoke=command.evoke,
                convoke=named,
                improvise=command.improvise,
                kicked=command.kicked,
                overload=command.overload,
            )
        elif isinstance(command, Activate):
            targets = by_name.targets(table, command.targets)
            source = (
                self._card_with_ability(seat, command.card)
                if command.card is not None
                else self._source(command.id, seat)
            )
            play.activate(table, seat, source, command.index, targets)
        elif isinstance(command, Tap):
            tapped = by_name.permanent(table, seat, command.id, self._object, "to tap")
            play.tap_for_mana(table, seat, self._permanent(tapped.id, seat), command.color)
        elif isinstance(command, Attack):
            attackers = by_name.attackers(table, seat, command, self._object)
            play.attack(table, seat, attackers, by_name.attack_target(table, command.target))
        elif isinstance(command, Block):
            attacker, blockers = by_name.blocks(table, seat, command, self._object)
            play.block(table, seat, attacker, blockers)
        elif isinstance(command, Withdraw):
            play.withdraw(table, seat, by_name.withdrawn(table, command.id, self._object))
        elif isinstance(command, Choose):
            play.choose(table, seat, list(command.picks))
        elif isinstance(command, Cancel):
            play.cancel(table, seat)
        elif isinstance(command, commands.Counter):  # a spell countered at the table
            from cardcli.games.horde.countering import counter

            counter(table, seat, command)
        elif isinstance(command, Keep | Mulligan):
            raise IllegalCommand("the opening hands are kept already")
        else:  # pragma: no cover - the parser makes nothing else
            raise IllegalCommand("unknown command")

    def _object(self, oid: int) -> Obj:
        obj = self.table.objects.get(oid)
        if obj is None:
            gone = (
                " (it has left that zone: it has a new id now)" if oid in self.table.retired else ""
            )
            raise IllegalCommand(f"there is no #{oid}{gone}")
        return obj

    def _permanent(self, oid: int, seat: str) -> Obj:
        obj = self._object(oid)
        if obj.zone != "battlefield":
            raise IllegalCommand(f"#{oid} {obj.name} is not on the battlefield")
        if obj.controller != seat:
            raise IllegalCommand(
                f"#{oid} {obj.name} is {obj.controller}'s: write {obj.controller} ..."
            )
        return obj

    def _source(self, oid: int, seat: str) -> Obj:
        """What ``activate #ID`` names: a permanent, or a card in the seat's hand or graveyard
        with an ability that works there."""
        obj = self._object(oid)
        if obj.zone in ("hand", "graveyard") and obj.proto.card_abilities:
            if obj.owner != seat:
                raise IllegalCommand(f"#{oid} {obj.name} is {obj.owner}'s: write {obj.owner} ...")
            return obj
        return self._permanent(oid, seat)

    def _card_with_ability(self, seat: str, text: str) -> Obj:
        """``p1 activate Barren Moor``: that card in the seat's hand, else its graveyard."""
        key = normalize(text.strip())
        player = self.table.players[seat]
        for obj in [*player.hand, *reversed(player.graveyard)]:
            if normalize(obj.name) == key and any(
                a.zone == obj.zone for a in obj.proto.card_abilities
            ):
                return obj
        if by_name.on_battlefield(self.table, seat, text):  # a permanent by name
            named = by_name.permanent(self.table, seat, Named(text), self._object, "to activate")
            return self._permanent(named.id, seat)
        raise IllegalCommand(
            f"{seat} has no {text} with an ability in hand or graveyard"
            " (a permanent's ability: activate #ID)"
        )

    def _in_hand(self, seat: str, text: str, verb: str) -> Obj:
        table = self.table
        word = text.strip()
        if word.startswith("#") or word.isdigit():
            obj = self._object(int(word.lstrip("#")))
            flashback = verb == "cast" and obj.zone == "graveyard" and obj.proto.flashback
            if (obj.zone != "hand" and not flashback) or obj.owner != seat:
                raise IllegalCommand(f"#{obj.id} {obj.name} is not in {seat}'s hand")
            return obj
        key = normalize(word)
        for obj in table.players[seat].hand:
            if normalize(obj.name) == key:
                return obj
        if verb == "cast":  # flashback (702.34): from the graveyard
            for obj in reversed(table.players[seat].graveyard):
                if obj.proto.flashback is not None and normalize(obj.name) == key:
                    return obj
        prefixed = by_name.in_hand(table, seat, word, flashback=verb == "cast")  # "cast sav"
        if prefixed is not None:
            return prefixed
        for other in self.seat_list:
            if other != seat and any(normalize(o.name) == key for o in table.players[other].hand):
                raise IllegalCommand(f"{word} is in {other}'s hand: write {other} {verb} {word}")
        names = sorted({o.name for o in table.players[seat].hand})
        raise IllegalCommand(
            f"{seat} has no {word} in hand"
            + (f" (hand: {', '.join(names)})" if names else " (the hand is empty)")
        )

    # -- the result ------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        table = self.table
        loser = table.outcome.get("loser")
        players_won = loser == HORDE
        life = table.teams[0].life or 0
        horde = table.players[HORDE]
        on_field = Counter(o.name for o in table.battlefield.values() if o.controller == HORDE)
        return {
            "winners": list(self.seat_list) if players_won else [],
            "scores": {seat: max(0, life) if players_won else 0 for seat in self.seat_list},
            "winner": "players" if players_won else ("horde" if loser == PLAYERS else "none"),
            "reason": str(table.outcome.get("reason", "")),
            "turns": table.turn,
            "horde_turns": table.turn_count.get(HORDE, 0),
            "life": life,
            "horde_library": len(horde.library),
            "horde_battlefield": dict(sorted(on_field.items())),
        }

    # -- invariants (tests) ----------------------------------------------------------------

    def check_invariants(self) -> None:
        table = self.table
        # Every card in exactly one zone.
        seen: dict[int, str] = {}
        live_ids: set[int] = set()

        def note(obj: Obj, where: str) -> None:
            assert obj.id in table.objects and table.objects[obj.id] is obj, (
                f"#{obj.id} not indexed"
            )
            assert obj.id not in live_ids, f"#{obj.id} in two places"
            live_ids.add(obj.id)
            if obj.card_no is not None:
                assert obj.card_no not in seen, (
                    f"card {obj.card_no} in {seen[obj.card_no]} and {where}"
                )
                seen[obj.card_no] = where

        for player in table.players.values():
            for zone, objs in player.zones.items():
                for obj in objs:
                    assert obj.zone == zone, f"#{obj.id} says {obj.zone}, is in {zone}"
                    note(obj, f"{player.name} {zone}")
        for obj in table.battlefield.values():
            assert obj.zone == "battlefield"
            note(obj, "battlefield")
        for item in table.stack:
            if item.obj is not None:
                assert item.obj.zone == "stack"
                note(item.obj, "stack")
        for holder in table.turn_holders:  # delayed abilities' sources (603.7d), in no zone
            note(holder, "delayed")
        assert len(seen) == table.extra["card_count"], "a card is in no zone"
        # The index of cards with abilities in a hand or graveyard is exact.
        held = {
            o.id
            for p in table.players.values()
            for zone in ("hand", "graveyard")
            for o in p.zones[zone]
            if o.proto.card_abilities
        }
        assert held == set(table.zone_abilities), "the hand and graveyard abilities index is off"
        assert live_ids == set(table.objects), "an object is in no zone"
        # No object id is used twice.
        item_ids = {item.id for item in table.stack if item.obj is None}
        assert not (live_ids | item_ids) & table.retired, "an object id was reused"
        assert all(i < table.next_id for i in live_ids | item_ids)
        # Life changes only through logged events.
        assert table.teams[0].life == self.life_from_log, "life changed without a logged event"
        # No Horde creature blocks more than one attacker; no attacker has two Horde blockers
        # (unless a lure makes every creature able to block it do so, 509.1c).
        fight = table.combat
        if fight is not None:
            for attacker, blockers in fight.blocked_by.items():
                hordes = [b for b in blockers if table.objects[b].controller == HORDE]
                lure = attacker in table.objects and table.chars(table.objects[attacker]).lure
                assert len(hordes) <= 1 or lure, (
                    f"#{attacker} is blocked by {len(hordes)} Horde creatures"
                )
                for b in blockers:
                    assert fight.blocks.get(b) == attacker, f"#{b} blocks two attackers"
