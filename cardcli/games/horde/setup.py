"""Setting up a Horde game: the teams, the libraries, opening hands, or a given position."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.engine.errors import UsageError
from cardcli.engine.game import Event, Options
from cardcli.engine.rng import Rng
from cardcli.games.horde import paper, sizing
from cardcli.games.horde.variant import (
    HORDE,
    PLAYERS,
    PREPARATION,
    HordeVariant,
    horde_life_loss,
    horde_poison,
    next_team,
)
from cardcli.magic import flow
from cardcli.magic.cards import Proto
from cardcli.magic.chosen import WORD_COLORS
from cardcli.magic.effects import token_proto
from cardcli.magic.identity_mana import identity_mana_cards
from cardcli.magic.table import Table

OPENING_HAND = 7
RULE_OPTIONS = (
    "bottom",
    "set_aside",
    "late_hand",
    "no_token",
    "horde_haste",
    "mulligan",
    "poison",
    "mana_payment",
    "horde_choices",
    "paper",
)


class Protos:
    """One Proto per card definition (shared by every copy)."""

    def __init__(self) -> None:
        self.by_key: dict[str, Proto] = {}
        self.by_object: dict[int, tuple[dict[str, Any], Proto]] = {}

    def of(self, definition: dict[str, Any]) -> Proto:
        known = self.by_object.get(id(definition))
        if known is not None and known[0] is definition:
            return known[1]  # the same definition object as before: no need to compare
        key = json.dumps(definition, sort_keys=True)
        proto = self.by_key.get(key)
        if proto is None:
            proto = self.by_key[key] = Proto.from_card(Card.from_data(definition, source="log"))
        self.by_object[id(definition)] = (definition, proto)
        return proto


# The Protos of the games played in this process: a Proto is immutable and made from its
# definition alone, so every game (of a simulation, say) shares them; nothing makes one stale.
# Emptied when it holds more than ``SHARED_MAX`` definitions, so memory stays flat.
_shared = Protos()
SHARED_MAX = 5000


def shared_protos() -> Protos:
    global _shared
    if len(_shared.by_key) > SHARED_MAX or len(_shared.by_object) > SHARED_MAX:
        _shared = Protos()
    return _shared


def seats_for(count: int) -> list[str]:
    return [f"p{i}" for i in range(1, count + 1)]


def new_table(
    options: Options, seed: int, players: int, life: int, spawn: Callable[[int], Rng] = Rng
) -> Table:
    variant = HordeVariant({name: options.get(name) for name in RULE_OPTIONS})
    table = Table(variant, seed, spawn)
    table.add_team(PLAYERS, seats_for(players), life=life, automated=False)
    table.add_team(HORDE, [HORDE], life=None, automated=True)
    table.players[HORDE].zones["revealed"] = []
    table.replacements["lose_life"] = [horde_life_loss]
    table.replacements["poison"] = [horde_poison]
    if options.get("paper"):
        table.replacements["draw"] = [paper.draws_at_table]
    table.extra["preparation"] = PREPARATION[players]
    table.extra["next_team"] = next_team
    table.extra["life_start"] = life
    table.extra["life_option"] = int(options["life"])  # the game's shared life (--life)
    table.extra["card_count"] = 0
    return table


def _add(table: Table, protos: Protos, player: str, definition: dict[str, Any], zone: str) -> Any:
    number = table.extra["card_count"]
    table.extra["card_count"] = number + 1
    return table.add_card(player, protos.of(definition), zone, number)


def build(
    options: Options, setup: Options, seed: int, spawn: Callable[[int], Rng] = Rng
) -> tuple[Table, list[Event]]:
    """The table and the events of dealing it; ``spawn`` makes the game's labelled
    streams, of the RNG version the log names."""
    if setup.get("setup") is not None:
        return _from_position(options, setup["setup"], seed, spawn)
    if options["players"] == "all":
        raise UsageError("--players all is for simulate: a game has 2, 3 or 4 players")
    players = int(options["players"])
    table = new_table(options, seed, players, int(options["life"]), spawn)
    protos = shared_protos()
    sources: dict[str, tuple[dict[str, Any], str]] = {}
    horde_order = setup.get("horde_order")
    sources[HORDE] = (horde_order, "order") if horde_order else (options["horde"], "shuffled")
    orders = setup.get("order") or {}
    decks = options.get("deck") or {}
    # A paper game: the players' decks, hands and libraries stay at the table.
    paper = bool(options.get("paper"))
    seats = [] if paper else seats_for(players)
    for seat in seats:
        if seat in orders:
            sources[seat] = (orders[seat], "order")
        elif seat in decks:
            sources[seat] = (decks[seat], "shuffled")
        else:
            raise UsageError(f"{seat} has no deck: give --deck {seat}=FILE")
    for seat in [*seats, HORDE]:
        resolved, how = sources[seat]
        names = list(resolved["sections"]["main"])
        if how == "shuffled":
            table.rng(f"shuffle:{seat}").shuffle(names)
        if seat == HORDE:
            names, sized = sizing.cut(options, names)
            if sized is not None:
                table.emit(sized)
        # The library's top is the end of its list; the names run top first.
        for name in reversed(names):
            _add(table, protos, seat, resolved["definitions"][name], "library")
        table.emit(
            {
                "type": "library",
                "who": seat,
                "how": how,
                "deck": resolved["name"],
                "cards": names,
            }
        )
    for seat in seats:
        resolved = sources[seat][0]
        named = resolved.get("sections", {}).get("commander") or []
        set_commander(table, seat, [resolved["definitions"][name] for name in named])
    for seat in seats:
        table.draw(seat, OPENING_HAND)
    if options.get("mulligan") == "london" and not paper:
        table.extra["opening"] = {"index": 0, "mulligans": {s: 0 for s in seats_for(players)}}
        from cardcli.games.horde.opening import ask_next

        ask_next(table)
    else:
        start(table)
    return table, table.take_events()


def set_commander(table: Table, seat: str, cards: list[dict[str, Any]]) -> None:
    """A player's commander (two with partner), named by their deck's Commander section or a
    set-up's ``commander``: only its colour identity is played, for "any color in your
    commander's color identity" (903.4: the colours of the mana symbols in its cost and rules
    text, and of its colour indicator; 903.4c: a pair's together)."""
    identity = frozenset(c for card in cards for c in Card.from_data(card).color_identity)
    if cards:
        table.players[seat].commander_identity = identity
        table.emit(
            {
                "type": "commander",
                "who": seat,
                "cards": [str(card["name"]) for card in cards],
                "identity": "".join(c for c in "WUBRG" if c in identity),
            }
        )
    if not identity:  # 903.4f: a word before their Command Tower is played
        named = identity_mana_cards(table, seat)
        if named:
            why = "colourless" if cards else "none"
            table.emit({"type": "no_identity_mana", "who": seat, "cards": named, "commander": why})


def start(table: Table) -> None:
    """The first turn: the players' first preparation turn."""
    table.extra.pop("opening", None)
    table.active = 0
    flow.begin_turn(table)
    flow.run(table)


def _schedule(turn: int, prep: int) -> str:
    if turn <= prep:
        return PLAYERS
    return HORDE if (turn - prep) % 2 == 1 else PLAYERS


def _from_position(
    options: Options, loaded: dict[str, Any], seed: int, spawn: Callable[[int], Rng] = Rng
) -> tuple[Table, list[Event]]:
    """A game that starts from a ``--setup`` position (ids in the documented order)."""
    position = loaded["position"]
    definitions = loaded["definitions"]
    seats = [s for s in ("p1", "p2", "p3", "p4") if s in position]
    if seats != seats_for(len(seats)):
        raise UsageError("--setup: the players are p1, p2 (, p3, p4) without gaps")
    if len(seats) != int(options["players"]):
        raise UsageError(
            f"--setup has {len(seats)} players but --players is {options['players']}:"
            f" give --players {len(seats)}"
        )
    life = int(position.get("life", options["life"]))
    table = new_table(options, seed, len(seats), life, spawn)
    protos = shared_protos()
    shown: list[dict[str, Any]] = []
    for side in [HORDE, *seats]:
        zones = position.get(side) or {}
        for entry in zones.get("battlefield", []):
            if "token" in entry:
                obj = table.create_tokens(token_proto(entry["token"]), side, 1)[0]
            else:
                obj = _add(table, protos, side, definitions[entry["card"]], "battlefield")
            obj.tapped = bool(entry.get("tapped", False))
            obj.sick = bool(entry.get("sick", False))
            obj.damage = int(entry.get("damage", 0))
            obj.counters.update({k: int(v) for k, v in (entry.get("counters") or {}).items()})
            if entry.get("chosen"):
                obj.chosen = WORD_COLORS.get(str(entry["chosen"]).lower(), str(entry["chosen"]))
            obj.touch()
            shown.append({"id": obj.id, "card": obj.name, "player": side, "zone": "battlefield"})
        for zone in ("hand", "graveyard", "exile"):
            for entry in zones.get(zone, []):
                obj = _add(table, protos, side, definitions[entry["card"]], zone)
                shown.append({"id": obj.id, "card": obj.name, "player": side, "zone": zone})
        for entry in zones.get("library", []):
            _add(table, protos, side, definitions[entry["card"]], "library")
        # Listed top first; the top of a library is the end of its list.
        table.players[side].library.reverse()
        if zones.get("land_played"):
            table.players[side].lands_played = 1
        poison = int(zones.get("poison", 0))
        if poison:
            player = table.players[side]
            if table.variant.shares_poison(table, player.team):
                player.team.poison += poison  # the team's shared total: the sum of its players'
            else:
                player.poison = poison
    table.trigger_queue = []  # the position is as given: setting it up triggers nothing
    table.take_events()
    turn = int(position.get("turn", 1))
    prep = int(table.extra["preparation"])
    active = str(position.get("active", _schedule(turn, prep)))
    for t in range(1, turn):
        team = _schedule(t, prep)
        table.turn_count[team] = table.turn_count.get(team, 0) + 1
    table.turn_count[active] = table.turn_count.get(active, 0) + 1
    table.turn = turn
    table.active = 0 if active == PLAYERS else 1
    step = str(position.get("step", "main1"))
    table.emit(
        {
            "type": "position",
            "source": loaded["source"],
            "turn": turn,
            "team": active,
            "step": step,
            "life": life,
            "objects": shown,
        }
    )
    for side in seats:
        named = (position.get(side) or {}).get("commander") or []
        set_commander(table, side, [definitions[entry["card"]] for entry in named])
    # The step begins as the position starts: its turn-based actions happen now.
    table.step = step
    table.step_begun = False
    priority = str(position.get("priority", active))
    table.priority = 0 if priority == PLAYERS else 1
    flow.run(table)
    return table, table.take_events()
