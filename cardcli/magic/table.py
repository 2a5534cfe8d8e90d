"""The game state and the fixed points every change of it goes through.

Every change passes through one of a few methods: ``move_many`` (any zone
change), ``damage``, ``lose_life`` / ``gain_life``, ``draw``, ``mill``,
``create_tokens``, ``tap`` / ``untap`` and ``add_counters``. Each applies the
replacement and prevention effects registered for its kind of event (614-615),
changes the state, emits one event for the log and queues the triggered
abilities that event sets off. Triggers are found through an index by event
kind (``watchers``) and an object's own abilities, never by scanning every
permanent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.rng import Rng, derive
from cardcli.magic import chars as chars_mod
from cardcli.magic import counts
from cardcli.magic import damage as damage_mod
from cardcli.magic.cards import Ability, Proto
from cardcli.magic.chars import Chars, StaticEffect
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, Player, StackItem, Target, Team
from cardcli.magic.sources import DamageSource
from cardcli.magic.variant import Variant

Event = dict[str, Any]
WATCHED = ("another_creature_enters", "another_creature_dies", "spell_cast", "upkeep", "end_step")


@dataclass
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (603.3)."""

    source_id: int
    source_name: str
    source_proto: Proto
    controller: str
    ability: Ability
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Move:
    """One object's zone change in a batch of simultaneous moves."""

    obj: Obj
    to: str  # library, hand, graveyard, exile, battlefield, stack, or a variant's own zone
    why: str
    player: str | None = None  # whose zone (default: the owner's)
    bottom: bool = False
    tapped: bool = False
    controller: str | None = None


Replacement = Callable[["Table", dict[str, Any]], dict[str, Any] | None]
"""Gets an event about to happen; returns it (changed or not), or None if nothing happens.

Kinds: ``move`` (obj, to, why, tapped), ``damage`` (source, target, amount,
combat), ``lose_life`` and ``gain_life`` (player, amount, why), ``draw``
(player, count), ``token`` (proto, controller, count, tapped), ``tap`` (obj,
why), ``counters`` (obj, counter, count)."""


class Table:
    def __init__(self, variant: Variant, seed: int, spawn: Callable[[int], Rng] = Rng) -> None:
        self.variant = variant
        self.seed = seed
        self.spawn = spawn  # makes a stream of the game's RNG version
        self.teams: list[Team] = []
        self.players: dict[str, Player] = {}
        self.objects: dict[int, Obj] = {}
        self.battlefield: dict[int, Obj] = {}
        self.acting: dict[int, Obj] = {}  # permanents with activated or mana abilities
        self.legends = 0  # legendary permanents on the battlefield (704.5j has work to do)
        self.stack: list[StackItem] = []
        self.items: dict[int, StackItem] = {}
        self.next_id = 1
        self.retired: set[int] = set()
        self.clock = 0  # timestamps (613.7)
        self.static_version = 0
        self.zone_version = 0
        self.statics: list[StaticEffect] = []
        self.watchers: dict[str, dict[int, tuple[Ability, ...]]] = {k: {} for k in WATCHED}
        self.replacements: dict[str, list[Replacement]] = {}
        self.trigger_queue: list[PendingTrigger] = []
        self.events: list[Event] = []
        self.life_logged: dict[str, int] = {}
        self.streams: dict[str, Rng] = {}
        self.prevention: list[dict[str, Any]] = []  # shields from prevent_damage effects
        self.stray_tokens: list[Obj] = []  # tokens moved off the battlefield (704.5d)
        self.dirty = True  # something changed since state-based actions were last checked
        self._memo: dict[str, tuple[tuple[int, int], Any]] = {}
        self.cda_busy: set[int] = set()  # objects whose characteristic-defining ability is counting
        # Turn and flow state, driven by ``flow``.
        self.turn = 0
        self.active = 0  # index into teams
        self.step = "untap"
        self.step_begun = False
        self.priority = 0
        self.passes = 0
        self.actions = 0  # actions taken in this step (capped by flow)
        self.pending: Decision | None = None
        self.resolving: Any = None
        self.placing: Any = None
        self.casting: Any = None
        self.combat: Any = None
        self.over = False
        self.outcome: dict[str, Any] = {}
        self.turn_count: dict[str, int] = {}
        self.extra: dict[str, Any] = {}  # the variant's own state

    # -- set-up ----------------------------------------------------------------

    def add_team(
        self, name: str, players: Iterable[str], life: int | None, automated: bool
    ) -> Team:
        team = Team(name, life=life, automated=automated)
        for seat in players:
            player = Player(seat, team)
            team.players.append(player)
            self.players[seat] = player
        self.teams.append(team)
        self.life_logged[name] = 0
        self.turn_count[name] = 0
        return team

    def new_id(self) -> int:
        oid = self.next_id
        self.next_id += 1
        return oid

    def add_card(
        self, player: str, proto: Proto, zone: str, card_no: int, bottom: bool = False
    ) -> Obj:
        """Put a card into a zone at set-up (no event; the set-up logs the order)."""
        obj = Obj(self.new_id(), proto, player, zone, card_no)
        self.objects[obj.id] = obj
        if zone == "battlefield":
            self._enter(obj, self.players[player].name)
        else:
            zone_list = self.players[player].zones.setdefault(zone, [])
            if bottom:
                zone_list.insert(0, obj)
            else:
                zone_list.append(obj)
        return obj

    def rng(self, label: str) -> Rng:
        """A labelled stream of the seeded generator (one per purpose)."""
        stream = self.streams.get(label)
        if stream is None:
            stream = self.streams[label] = self.spawn(derive(self.seed, label))
        return stream

    # -- reading -----------------------------------------------------------------

    def chars(self, obj: Obj) -> Chars:
        key = (self.static_version, obj.version, self.zone_version if obj.proto.pt_cda else 0)
        if obj.cache is not None and obj.cache_key == key:
            cached: Chars = obj.cache
            return cached
        result = chars_mod.compute(self, obj)
        obj.cache = result
        obj.cache_key = key
        return result

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """A value computed once for the battlefield as it is now (zone and static versions)."""
        version = (self.zone_version, self.static_version)
        cached = self._memo.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]
        value = compute()
        self._memo[key] = (version, value)
        return value

    def team_of(self, player: str) -> Team:
        return self.players[player].team

    def are_opponents(self, a: str, b: str) -> bool:
        """102.3: opponents are the players not on your team."""
        return self.players[a].team is not self.players[b].team

    def opponents(self, player: str) -> list[Player]:
        team = self.players[player].team
        return [p for t in self.teams if t is not team for p in t.players]

    @property
    def active_team(self) -> Team:
        return self.teams[self.active]

    def apnap(self) -> list[Player]:
        """Players in APNAP order: the active team's first, then the others (101.4, 805.6)."""
        order = self.teams[self.active :] + self.teams[: self.active]
        return [p for team in order for p in team.players]

    def creatures(self, controller: str | None = None) -> list[Obj]:
        found = []
        for obj in self.battlefield.values():
            if (controller is None or obj.controller == controller) and "Creature" in self.chars(
                obj
            ).types:
                found.append(obj)
        return found

    def zone_of(self, obj: Obj) -> list[Obj] | None:
        if obj.zone in ("battlefield", "stack"):
            return None
        return self.players[obj.owner].zones[obj.zone]

    def live(self, oid: int) -> Obj | None:
        return self.objects.get(oid)

    def source_of(self, obj: Obj) -> DamageSource:
        ch = self.chars(obj)
        return DamageSource(
            obj.id, obj.name, obj.controller, ch.colors, ch.keywords, ch.types, ch.subtypes
        )

    def amount_of(self, amount: Any, player: str, source: Obj | None = None, x: int = 0) -> int:
        """A card-model amount: a number, X, or a count of things (``counts``)."""
        return counts.amount_of(self, amount, player, source, x)

    def _printed(self, obj: Obj) -> Chars:
        p = obj.proto
        return Chars(
            p.types, p.subtypes, p.supertypes, p.colors, p.keywords, p.power or 0, p.toughness or 0
        )

    # -- the log -------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.dirty = True  # every change is an event: state-based actions look again

    def take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events

    def replace(self, kind: str, event: dict[str, Any]) -> dict[str, Any] | None:
        """Apply each replacement or prevention effect for ``kind`` once, in the order registered."""
        for effect in self.replacements.get(kind, ()):
            result = effect(self, event)
            if result is None:
                return None
            event = result
        return event

    # -- the battlefield's indexes -------------------------------------------------

    def _enter(self, obj: Obj, controller: str, tapped: bool = False) -> None:
        obj.zone = "battlefield"
        obj.controller = controller
        obj.tapped = tapped
        obj.sick = True
        self.clock += 1
        obj.timestamp = self.clock
        if obj.proto.loyalty is not None and "Planeswalker" in obj.proto.types:
            obj.counters.setdefault("loyalty", obj.proto.loyalty)  # 306.5b
        self.battlefield[obj.id] = obj
        proto = obj.proto
        if proto.activated or proto.mana_abilities:
            self.acting[obj.id] = obj
        if "Legendary" in proto.supertypes:
            self.legends += 1
        self.zone_version += 1
        proto = obj.proto
        if proto.statics:
            for ability in proto.statics:
                if ability.static != "cda":
                    self.statics.append(StaticEffect(obj, ability, obj.timestamp))
            self.static_version += 1
        for kind in WATCHED:
            found = proto.triggers.get(kind)
            if found:
                self.watchers[kind][obj.id] = found

    def _leave_battlefield(self, obj: Obj) -> None:
        del self.battlefield[obj.id]
        self.acting.pop(obj.id, None)
        if "Legendary" in obj.proto.supertypes:
            self.legends -= 1
        if obj.proto.statics:
            self.statics = [st for st in self.statics if st.source is not obj]
            self.static_version += 1
        for kind in WATCHED:
            self.watchers[kind].pop(obj.id, None)
        if self.combat is not None:
            self.combat.remove(obj.id)

    # -- fixed point: moving objects ------------------------------------------------

    def move(self, obj: Obj, to: str, why: str, **kwargs: Any) -> Obj | None:
        moved = self.move_many([Move(obj, to, why, **kwargs)])
        return moved[0] if moved else None

    def move_many(self, moves: list[Move]) -> list[Obj | None]:
        """Simultaneous zone changes: each object becomes a new one with a fresh id."""
        dying_watchers = dict(self.watchers["another_creature_dies"])
        gone: dict[int, Obj] = {}  # objects that left in this batch, by their old id
        left: list[tuple[Obj, Chars, Move]] = []
        results: list[Obj | None] = []
        entered: list[Obj] = []
        # 614.1c, 614.12: how a permanent enters is decided before any of the batch moves.
        counters: dict[int, tuple[str, int]] = {}
        for mv in moves:
            if mv.to == "battlefield" and mv.obj.proto.enters_with is not None:
                data = mv.obj.proto.enters_with
                owner = mv.controller or mv.obj.owner
                counters[mv.obj.id] = (
                    str(data.get("counter", "+1/+1")),
                    self.amount_of(data.get("amount", 0), owner, mv.obj),
                )
        for mv in moves:
            if (
                mv.to == "graveyard"
                and mv.obj.zone == "battlefield"
                and any(e.exile_if_dies for e in mv.obj.effects)
            ):
                mv.to, mv.why = "exile", "exiled instead"  # "exile it instead" (614.6)
            replaced = self.replace(
                "move", {"obj": mv.obj, "to": mv.to, "why": mv.why, "tapped": mv.tapped}
            )
            if replaced is None:
                results.append(None)
                continue
            mv.to = replaced["to"]
            mv.tapped = replaced.get("tapped", mv.tapped)
            old = mv.obj
            if old.id not in self.objects:
                results.append(None)
                continue
            was = old.zone
            lki = self.chars(old)
            if was == "battlefield":
                self._leave_battlefield(old)
                left.append((old, lki, mv))
            elif was == "stack":
                pass
            else:
                zone = self.players[old.owner].zones[was]
                zone.remove(old)
            del self.objects[old.id]
            self.retired.add(old.id)
            gone[old.id] = old
            new = Obj(self.new_id(), old.proto, old.owner, mv.to, old.card_no)
            self.objects[new.id] = new
            if mv.to == "battlefield":
                proto = old.proto
                tapped = mv.tapped or proto.tapped_token or proto.enters_tapped
                self._enter(new, mv.controller or old.owner, tapped)
                kind, count = counters.get(old.id, ("", 0))
                if count > 0:
                    new.counters[kind] = count  # it enters with them: no counters event (614.1c)
                entered.append(new)
            elif mv.to != "stack":
                zone = self.players[mv.player or old.owner].zones.setdefault(mv.to, [])
                new.owner = old.owner
                if mv.bottom:
                    zone.insert(0, new)
                else:
                    zone.append(new)
                if new.card_no is None:
                    self.stray_tokens.append(new)
            results.append(new)
            event: Event = {
                "type": "moved",
                "card": old.name,
                "id": new.id,
                "was": old.id,
                "from": was,
                "to": mv.to,
                "owner": old.owner,
                "why": mv.why,
            }
            if mv.bottom:
                event["bottom"] = True
            if mv.to == "battlefield" and new.tapped:
                event["tapped"] = True
            kind, count = counters.get(old.id, ("", 0))
            if count > 0:
                event["counters"] = {kind: count}
            self.emit(event)
        self.zone_version += 1
        # Leaves-the-battlefield abilities look back in time (603.10a).
        for old, lki, mv in left:
            self._left_triggers(old, lki, mv, dying_watchers, gone)
            if old.linked:
                self._return_linked(old)
        for new in entered:
            self._entered_triggers(new, entered)
        return results

    def _left_triggers(
        self,
        old: Obj,
        lki: Chars,
        mv: Move,
        watchers: dict[int, tuple[Ability, ...]],
        gone: dict[int, Obj],
    ) -> None:
        dies = mv.to == "graveyard" and "Creature" in lki.types
        own: Mapping[str, tuple[Ability, ...]] = {} if lki.lost_abilities else old.proto.triggers
        context = {"object": old.id, "player": old.controller, "name": old.name}
        for ability in own.get("leaves", ()):
            self.queue(old, old.controller, ability, context)
        if dies:
            for ability in own.get("dies", ()):
                self.queue(old, old.controller, ability, context)
            for wid, abilities in watchers.items():
                if wid == old.id:
                    continue
                # A watcher that left in the same batch still sees the others go (603.10a).
                watcher_obj = self.objects.get(wid) or gone.get(wid)
                if watcher_obj is None:
                    continue
                for ability in abilities:
                    if self._creature_trigger_matches(ability, watcher_obj, old, lki):
                        self.queue(watcher_obj, watcher_obj.controller, ability, context)

    def _entered_triggers(self, new: Obj, batch: list[Obj]) -> None:
        ch = self.chars(new)
        context = {"object": new.id, "player": new.controller, "name": new.name}
        if not ch.lost_abilities:
            for ability in new.proto.triggers.get("enters", ()):
                self.queue(new, new.controller, ability, context)
        if "Creature" not in ch.types:
            return
        for wid, abilities in self.watchers["another_creature_enters"].items():
            if wid == new.id:
                continue
            watcher = self.objects[wid]
            for ability in abilities:
                if self._creature_trigger_matches(ability, watcher, new, ch):
                    self.queue(watcher, watcher.controller, ability, context)

    def _creature_trigger_matches(
        self, ability: Ability, watcher: Obj, other: Obj, other_chars: Chars
    ) -> bool:
        data = ability.data
        # The default is any player's creature ("another creature", schemas/card.schema.json).
        if not chars_mod.controls(
            self, data.get("controller", "any"), other.controller, watcher.controller
        ):
            return False
        if watcher.zone == "battlefield" and self.chars(watcher).lost_abilities:
            return False
        filt = data.get("trigger_filter")
        return not filt or chars_mod.matches(self, filt, other, other_chars, watcher.id)

    def _return_linked(self, source: Obj) -> None:
        """Cards exiled "until this leaves the battlefield" come back (610.3c)."""
        back = []
        for oid in source.linked:
            obj = self.objects.get(oid)
            if obj is not None and obj.zone == "exile":
                back.append(Move(obj, "battlefield", "returned", controller=obj.owner))
        source.linked = []
        if back:
            self.move_many(back)

    # -- fixed point: triggers ---------------------------------------------------------

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None:
        condition = ability.data.get("condition")
        if condition is not None and not self.holds(condition, controller, source):
            return  # 603.4: an intervening "if" false as it triggers: it does not trigger
        self.trigger_queue.append(
            PendingTrigger(source.id, source.name, source.proto, controller, ability, dict(context))
        )

    def holds(self, condition: Mapping[str, Any], player: str, source: Obj | None) -> bool:
        """A card model condition: an amount compared with a number."""
        value = self.amount_of(condition.get("amount", 0), player, source)
        if "equals" in condition and value != int(condition["equals"]):
            return False
        if "at_least" in condition and value < int(condition["at_least"]):
            return False
        return not ("at_most" in condition and value > int(condition["at_most"]))

    def graveyard_abilities_lost(self) -> bool:
        """Cards in graveyards lose all abilities (Yixlid Jailer): flashback among them."""
        return any(
            st.ability.static == "lose_abilities" and st.ability.data.get("zone") == "graveyard"
            for st in self.statics
        )

    def fire(self, kind: str, context: dict[str, Any], only: Obj | None = None) -> None:
        """Triggers of an object's own ``kind`` abilities (``only``) or of every watcher."""
        if only is not None:
            if self.chars(only).lost_abilities:
                return
            for ability in only.proto.triggers.get(kind, ()):
                by = ability.data.get("by", "any")
                if by != "any" and context.get("by_kind") != by:
                    continue  # becomes the target of a spell, not an ability (or the reverse)
                self.queue(only, only.controller, ability, context)
            return
        for wid, abilities in list(self.watchers.get(kind, {}).items()):
            watcher = self.objects[wid]
            for ability in abilities:
                self.queue(watcher, watcher.controller, ability, context)

    # -- fixed points: damage and life (``damage``) ----------------------------------

    def damage(
        self,
        source: DamageSource,
        target: Target,
        amount: int,
        combat: bool = False,
        exile_if_dies: bool = False,
    ) -> int:
        """Deal damage (120); returns how much was dealt after prevention."""
        return damage_mod.damage(self, source, target, amount, combat, exile_if_dies)

    def lose_life(self, player: str, amount: int, why: str) -> int:
        return damage_mod.lose_life(self, player, amount, why)

    def gain_life(self, player: str, amount: int, why: str) -> int:
        return damage_mod.gain_life(self, player, amount, why)

    def change_life(self, team: Team, player: str, delta: int, why: str) -> int:
        """A change of the team's life that no replacement touches (a manual adjustment)."""
        return damage_mod.change_life(self, team, player, delta, why)

    # -- fixed point: cards from libraries ----------------------------------------------------

    def draw(self, player: str, count: int = 1) -> int:
        """Draw ``count`` cards; drawing from an empty library is noted for 704.5b."""
        p = self.players[player]
        event = self.replace("draw", {"player": player, "count": count})
        if event is None:
            return 0
        count = int(event["count"])
        drawn = 0
        for _ in range(count):
            if not p.library:
                if self.variant.loses_on_empty_draw(self, p):
                    p.drew_from_empty = True
                self.emit({"type": "empty_draw", "who": player})
                break
            self.move(p.library[-1], "hand", "draw")
            drawn += 1
        return drawn

    def mill(self, player: str, count: int, why: str) -> int:
        p = self.players[player]
        top = list(reversed(p.library[-count:])) if count > 0 else []
        if not top:
            return 0
        self.emit(
            {
                "type": "milled",
                "who": player,
                "count": len(top),
                "why": why,
                "cards": [o.name for o in top],
            }
        )
        self.move_many([Move(obj, "graveyard", "milled") for obj in top])
        return len(top)

    # -- fixed point: tokens, tapping, counters ------------------------------------------------

    def create_tokens(
        self, proto: Proto, controller: str, count: int, tapped: bool = False
    ) -> list[Obj]:
        event = self.replace(
            "token", {"proto": proto, "controller": controller, "count": count, "tapped": tapped}
        )
        if event is None:
            return []
        count, tapped = int(event["count"]), bool(event["tapped"])
        made: list[Obj] = []
        for _ in range(count):
            obj = Obj(self.new_id(), proto, controller, "battlefield", None)
            self.objects[obj.id] = obj
            self._enter(obj, controller, tapped or proto.tapped_token)
            made.append(obj)
            self.emit(
                {
                    "type": "token_created",
                    "id": obj.id,
                    "name": proto.name,
                    "controller": controller,
                    "tapped": obj.tapped,
                }
            )
        self.zone_version += 1
        for obj in made:
            self._entered_triggers(obj, made)
        return made

    def tap(self, obj: Obj, why: str = "") -> bool:
        if obj.tapped or self.replace("tap", {"obj": obj, "why": why}) is None:
            return False
        obj.tapped = True
        obj.touch()
        self.emit({"type": "tapped", "ids": [obj.id], **({"why": why} if why else {})})
        return True

    def tap_many(self, objs: list[Obj], why: str) -> None:
        """Several permanents tapped at once (paying a cost): one event."""
        done = []
        for obj in objs:
            if not obj.tapped:
                obj.tapped = True
                obj.touch()
                done.append(obj.id)
        if done:
            self.emit({"type": "tapped", "ids": done, "why": why})

    def untap(self, obj: Obj) -> bool:
        if not obj.tapped:
            return False
        obj.tapped = False
        obj.touch()
        self.emit({"type": "untapped", "ids": [obj.id]})
        return True

    def untap_all(self, objs: list[Obj]) -> None:
        """The untap step: one event for all of them (502.3)."""
        done = []
        for obj in objs:
            if obj.tapped:
                obj.tapped = False
                obj.touch()
                done.append(obj.id)
        if done:
            self.emit({"type": "untapped", "ids": done})

    def add_counters(self, obj: Obj, kind: str, count: int) -> None:
        if count <= 0 or obj.zone != "battlefield":
            return
        event = self.replace("counters", {"obj": obj, "counter": kind, "count": count})
        if event is None or int(event["count"]) <= 0:
            return
        count = int(event["count"])
        obj.counters[kind] = obj.counters.get(kind, 0) + count
        obj.touch()
        self.emit(
            {
                "type": "counters",
                "id": obj.id,
                "counter": kind,
                "delta": count,
                "total": obj.counters[kind],
            }
        )

    def remove_counters(self, obj: Obj, kind: str, count: int) -> None:
        have = obj.counters.get(kind, 0)
        count = min(count, have)
        if count <= 0:
            return
        obj.counters[kind] = have - count
        if not obj.counters[kind]:
            del obj.counters[kind]
        obj.touch()
        self.emit(
            {
                "type": "counters",
                "id": obj.id,
                "counter": kind,
                "delta": -count,
                "total": have - count,
            }
        )

    # -- destroying and sacrificing -----------------------------------------------------------

    def destroy(self, objs: list[Obj], why: str = "destroyed", no_regenerate: bool = False) -> None:
        """701.8: to the graveyard, unless indestructible (702.12b) or regenerated (701.19)."""
        going = self.destroy_moves(objs, why, no_regenerate)
        if going:
            self.move_many(going)

    def destroy_moves(self, objs: list[Obj], why: str, no_regenerate: bool = False) -> list[Move]:
        """The moves destroying ``objs`` makes, after indestructible and regeneration."""
        going = []
        for obj in objs:
            if obj.zone != "battlefield":
                continue
            ch = self.chars(obj)
            if "indestructible" in ch.keywords:
                self.emit({"type": "indestructible", "id": obj.id})
                continue
            if obj.regen_shields and not no_regenerate:
                obj.regen_shields -= 1
                obj.damage = 0
                obj.deathtouched = False
                if self.combat is not None:
                    self.combat.remove(obj.id)
                self.tap(obj, "regenerated")
                self.emit({"type": "regenerated", "id": obj.id})
                continue
            going.append(Move(obj, "graveyard", why))
        return going

    def sacrifice(self, objs: list[Obj]) -> None:
        """701.17: to the graveyard; neither regeneration nor indestructible helps."""
        going = [Move(obj, "graveyard", "sacrificed") for obj in objs if obj.zone == "battlefield"]
        if going:
            self.move_many(going)
