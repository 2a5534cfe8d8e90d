"""The game's state as data: players, objects, zones, the log, and what reads them.

``Board`` holds what a game is (teams and players, every object by id, the
battlefield and its indexes, the stack, the continuous effects, the turn) and
answers what it is now: an object's characteristics (``chars``), amounts,
opponents, the order of players. It emits the log's events, applies the
replacement effects registered for a kind of event, and queues the triggered
abilities an event sets off. The changes themselves go through the fixed
points of ``table.Table``, which is a ``Board``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cardcli.engine.rng import Rng, derive
from cardcli.magic import chars as chars_mod
from cardcli.magic import counts, grants
from cardcli.magic.cards import Ability, Proto
from cardcli.magic.chars import Chars, StaticEffect
from cardcli.magic.copies import AsCopy
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, Player, StackItem, Team
from cardcli.magic.sources import DamageSource
from cardcli.magic.variant import Variant

Event = dict[str, Any]
WATCHED = (
    "another_creature_enters",
    "another_creature_dies",
    "spell_cast",
    "upkeep",
    "end_step",
    "permanent_enters",
    "permanents_enter",  # "one or more ... enter": once for each batch (``cards.trigger_kind``)
    "gain_life",
    "draw",
    "begin_combat",
    "creature_attacks",
    "creature_attacks_alone",  # 506.5: the only creature declared as an attacker (exalted)
    "you_attack",
    "creature_deals_combat_damage_to_player",
    "source_deals_damage",  # "whenever a creature deals damage to you" (``damage_events``)
    "main_phase",  # 505.4: "at the beginning of your first main phase"
    "draw_step",  # 504.2: "at the beginning of each player's draw step", after the draw
    "card_to_graveyard",  # "Whenever a card is put into an opponent's graveyard from anywhere"
    "creature_becomes_blocked",
    "creature_becomes_target",
)
# Whose deeds a watching trigger watches when its data give no ``controller``.
WATCH_DEFAULT = {"gain_life": "you", "draw": "you", "you_attack": "you"}  # the others: any


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
    paid: bool = False  # its controller paid the life its entering asks (it enters untapped)
    counters: dict[str, int] | None = None  # it enters with these counters (undying, 614.1c)
    chosen: str | None = None  # what its controller chose as it enters (614.12); None: not asked
    copy_of: AsCopy | None = None  # it enters as a copy (a clone, 614.1c, 706.2)


Replacement = Callable[[Any, dict[str, Any]], dict[str, Any] | None]
"""Gets an event about to happen; returns it (changed or not), or None if nothing happens.

Kinds: ``move`` (obj, to, why, tapped), ``damage`` (source, target, amount,
combat), ``lose_life`` and ``gain_life`` (player, amount, why), ``draw``
(player, count), ``token`` (proto, controller, count, tapped), ``tap`` (obj,
why), ``counters`` (obj, counter, count)."""


class Board:
    def __init__(self, variant: Variant[Any], seed: int, spawn: Callable[[int], Rng] = Rng) -> None:
        self.variant = variant
        self.seed = seed
        self.spawn = spawn  # makes a stream of the game's RNG version
        self.teams: list[Team] = []
        self.players: dict[str, Player] = {}
        self.objects: dict[int, Obj] = {}
        self.battlefield: dict[int, Obj] = {}
        self.acting: dict[int, Obj] = {}  # permanents with activated or mana abilities
        # Cards in a hand or graveyard with abilities that work there (cycling, unearth).
        self.zone_abilities: dict[int, Obj] = {}
        self.legends = 0  # legendary permanents on the battlefield (704.5j has work to do)
        self.sba_calm: tuple[int, int, int] = (-1, -1, -1)  # as the last scan that did nothing
        self.battlefield_version = 0  # permanents entered or left
        self.cdas = 0  # permanents whose power or toughness is counted (604.3: any zone counts)
        # (costs.land_sources: for each player its key and answer, kept while nothing it reads)
        self.land_sources_seen: dict[str, tuple[tuple[object, ...], list[Any], dict[int, Any]]] = {}
        self.stack: list[StackItem] = []
        self.items: dict[int, StackItem] = {}
        self.next_id = 1
        self.retired: set[int] = set()
        self.clock = 0  # timestamps (613.7)
        self.static_version = 0
        self.zone_version = 0
        self.statics: list[StaticEffect] = []
        # (chars._by_role: the statics of each layer, as of a count and version of them)
        self.statics_by_role: (
            tuple[tuple[int, int], list[StaticEffect], list[StaticEffect]] | None
        ) = None
        # Static abilities whose effect changes with the game: a condition ("as long as"), or
        # an amount to count ("+1/+1 for each ..."); their values as last settled.
        self.dynamic: list[StaticEffect] = []
        self.dynamic_values: dict[StaticEffect, tuple[bool, int, int]] = {}
        self.state_readers = 0  # how many of them count tapped, attacking, power... objects
        self._settled: tuple[int, int, int] = (-1, -1, -1)
        self._settling = False
        self.watchers: dict[str, dict[int, tuple[Ability, ...]]] = {k: {} for k in WATCHED}
        self.replacements: dict[str, list[Replacement]] = {}
        self.trigger_queue: list[PendingTrigger] = []
        # Delayed triggered abilities (603.7): "at the beginning of the next end step, exile
        # it" (unearth): (the object, the ability's controller, the ability), each once.
        self.delayed: dict[str, list[tuple[Obj, str, Ability]]] = {}
        # Delayed abilities a spell or ability created (``magic.delayed``): those that trigger
        # once, by the step they wait for; the holders of those that watch until end of turn.
        self.once_triggers: dict[str, list[PendingTrigger]] = {}
        self.turn_holders: list[Obj] = []
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
        self.declarations = 0  # attackers / blockers declared or taken back in this step (flow)
        self.pending: Decision | None = None
        self.resolving: Any = None
        self.placing: Any = None
        self.casting: Any = None
        self.combat: Any = None
        self.over = False
        self.outcome: dict[str, Any] = {}
        self.turn_count: dict[str, int] = {}
        self.extra: dict[str, Any] = {}  # the variant's own state
        self.grants = grants.Grants()  # abilities granted by statics (613.1f)

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
            if zone in ("hand", "graveyard") and proto.card_abilities:
                self.zone_abilities[obj.id] = obj
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
        if self.dynamic:
            self.settle_statics()
        cached: Chars | None = obj.cache
        if cached is not None:  # (the most frequent read of all: compared field by field)
            known = obj.cache_key
            if (
                known[0] == self.static_version
                and known[1] == obj.version
                and known[2] == (self.zone_version if obj.proto.pt_cda else 0)
            ):
                return cached
        key = (self.static_version, obj.version, self.zone_version if obj.proto.pt_cda else 0)
        result = chars_mod.compute(self, obj)
        obj.cache = result
        obj.cache_key = key
        return result

    def pumped(self, obj: Obj, power: int, toughness: int) -> None:
        """``obj`` got +power/+toughness (layer 7c, which only adds up): its characteristics, if
        cached and current, are updated rather than worked out again."""
        key = (self.static_version, obj.version, self.zone_version if obj.proto.pt_cda else 0)
        current = obj.cache is not None and obj.cache_key == key
        obj.touch()
        if current:
            old: Chars = obj.cache
            obj.cache = replace(old, power=old.power + power, toughness=old.toughness + toughness)
            obj.cache_key = (key[0], obj.version, key[2])

    def settle_statics(self) -> None:
        """The values of the static abilities that change with the game (611.3a: a static
        ability's effect applies at any moment to whatever its text indicates), worked out
        again once what they count may have changed (a zone, a static; any object's change for
        those that count tapped or attacking creatures, power or keywords); characteristics
        computed before stay cached unless a value changed (then ``static_version`` moves on).

        Worked out one by one, each with the others' values as last settled: one that reads
        another's effect sees it a step late (dependency, 613.8, is not modelled)."""
        settled = self._settled
        if (
            settled[0] == self.zone_version
            and settled[1] == self.static_version
            and settled[2] == (Obj.touches if self.state_readers else 0)
        ) or self._settling:
            return
        self._settling = True
        try:
            changed = False
            for st in self.dynamic:
                value = self._static_value(st)
                if self.dynamic_values.get(st) != value:
                    self.dynamic_values[st] = value
                    changed = True
            if changed:
                self.static_version += 1
            touches = Obj.touches if self.state_readers else 0
            self._settled = (self.zone_version, self.static_version, touches)
        finally:
            self._settling = False

    def _static_value(self, st: StaticEffect) -> tuple[bool, int, int]:
        """Does the static's condition hold, and its power and toughness amounts, now."""
        data = st.ability.data
        you = st.source.controller
        condition = data.get("condition")
        if condition is not None and not self.holds(condition, you, st.source):
            return (False, 0, 0)
        power = self.amount_of(data.get("power", 0), you, st.source)
        return (True, power, self.amount_of(data.get("toughness", 0), you, st.source))

    def static_on(self, st: StaticEffect) -> bool:
        """Does static ability ``st`` apply now (its condition, if it has one, holds)?"""
        if "condition" not in st.ability.data:
            return True
        self.settle_statics()
        value = self.dynamic_values.get(st)
        return value is not None and value[0]

    def statics_read_taps(self) -> bool:
        """Does a static ability on the battlefield reach tapped or untapped permanents only
        (then tapping changes characteristics)?"""
        if not self.statics:
            return False
        return bool(
            self.memo(
                "statics read taps",
                lambda: any(
                    "tapped" in (st.ability.data.get("affects") or {}) for st in self.statics
                ),
            )
        )

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

    def printed(self, obj: Obj) -> Chars:
        return chars_mod.printed(obj.proto)

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
        if proto.pt_cda:
            self.cdas += 1
        self.zone_version += 1
        self.battlefield_version += 1
        proto = obj.proto
        if proto.statics:
            for ability in proto.statics:
                # (A characteristic-defining ability applies by itself; "this spell costs less"
                # only while the card is cast.)
                if ability.static != "cda" and not ability.data.get("itself"):
                    st = StaticEffect(obj, ability, obj.timestamp)
                    self.statics.append(st)
                    if chars_mod.is_dynamic(ability):
                        self.dynamic.append(st)
                        self.state_readers += chars_mod.reads_object_state(ability)
            self.static_version += 1
        for kind, found in proto.triggers.items():
            watching = self.watchers.get(kind)
            if watching is not None:
                watching[obj.id] = found
        if self.grants.sources or proto.statics:
            grants.entered(self, obj)

    def _leave_battlefield(self, obj: Obj) -> None:
        del self.battlefield[obj.id]
        self.acting.pop(obj.id, None)
        if "Legendary" in obj.proto.supertypes:
            self.legends -= 1
        if obj.proto.pt_cda:
            self.cdas -= 1
        self.battlefield_version += 1
        if obj.proto.statics:
            self.statics = [st for st in self.statics if st.source is not obj]
            if self.dynamic:
                for st in [st for st in self.dynamic if st.source is obj]:
                    self.dynamic.remove(st)
                    self.dynamic_values.pop(st, None)
                    self.state_readers -= chars_mod.reads_object_state(st.ability)
            self.static_version += 1
        for kind in obj.proto.triggers:
            watching = self.watchers.get(kind)
            if watching is not None:
                watching.pop(obj.id, None)
        if self.combat is not None:
            self.combat.remove(obj.id)
        if self.grants.sources or self.grants.holders:
            grants.left(self, obj)

    # -- triggers ---------------------------------------------------------

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None:
        condition = ability.data.get("condition")
        if condition is not None and not self.holds(condition, controller, source):
            return  # 603.4: an intervening "if" false as it triggers: it does not trigger
        if ability.data.get("echo"):
            if source.echoed:
                return  # echo: it has been under its controller's control since an upkeep
            source.echoed = True
        self.trigger_queue.append(
            PendingTrigger(source.id, source.name, source.proto, controller, ability, dict(context))
        )

    def enters_tapped(self, obj: Obj, controller: str, paid: bool = False) -> bool:
        """Does ``obj`` enter the battlefield tapped under ``controller`` now (614.1c, checked
        before it enters, 614.12)? "Enters tapped unless you control a Plains" (``unless``),
        "... if ..." (``condition``), "you may pay 2 life; if you don't, it enters tapped"
        (``pay_life``: ``paid``)."""
        proto = obj.proto
        if proto.enters_tapped or proto.tapped_token:
            return True
        if self._tapped_by_statics(obj, controller):
            return True
        rule = proto.tapped_entry
        if rule is None:
            return False
        if "condition" in rule and not self.holds(rule["condition"], controller, obj):
            return False
        if "unless" in rule and self.holds(rule["unless"], controller, obj):
            return False
        return not ("pay_life" in rule and paid)

    def _tapped_by_statics(self, obj: Obj, controller: str) -> bool:
        """ "Creatures your opponents control enter tapped." (614.1c, 614.12: a permanent's
        statics that say how others enter; ``affects`` left out: creatures)."""
        for st in self.statics:
            if st.ability.static != "enters_tapped" or not self.static_on(st):
                continue
            data = st.ability.data
            you = st.source.controller
            if not chars_mod.controls(self, data.get("controller", "you"), controller, you):
                continue
            printed = self.printed(obj)
            affects = data.get("affects") or {"types": ["Creature"]}
            if chars_mod.matches(self, affects, obj, printed, st.source.id):
                return True
        return False

    def holds(self, condition: Mapping[str, Any], player: str, source: Obj | None) -> bool:
        """A card model condition: an amount compared with a number; ``kicked``: the source
        (a permanent) resolved from a kicked spell (702.33d)."""
        if "kicked" in condition:
            return source is not None and source.kicked == bool(condition["kicked"])
        value = self.amount_of(condition.get("amount", 0), player, source)
        if "equals" in condition and value != int(condition["equals"]):
            return False
        if "at_least" in condition and value < int(condition["at_least"]):
            return False
        return not ("at_most" in condition and value > int(condition["at_most"]))

    def split_second(self) -> str | None:
        """The name of a spell with split second on the stack (702.61a: while it is there,
        players can't cast other spells or activate abilities that aren't mana abilities),
        or None."""
        for item in self.stack:
            obj = item.obj
            if item.kind == "spell" and obj is not None and "split second" in obj.proto.keywords:
                return item.name
        return None

    def graveyard_abilities_lost(self) -> bool:
        """Cards in graveyards lose all abilities (Yixlid Jailer): flashback among them."""
        return any(
            st.ability.static == "lose_abilities"
            and st.ability.data.get("zone") == "graveyard"
            and self.static_on(st)
            for st in self.statics
        )

    def watching(self, kind: str) -> list[tuple[Obj, tuple[Ability, ...]]]:
        """The permanents watching ``kind`` that still have their abilities, with them."""
        found = self.watchers.get(kind)
        if not found:
            return []
        live = []
        for wid, abilities in list(found.items()):
            watcher = self.objects.get(wid)
            if watcher is not None and not self.chars(watcher).lost_abilities:
                live.append((watcher, abilities))
        return live

    def watch(
        self,
        kind: str,
        context: dict[str, Any],
        player: str,
        subject: Obj | None = None,
        subject_chars: Chars | None = None,
    ) -> None:
        """Triggers of the permanents watching ``kind``: those whose ``controller`` names
        ``player`` (whose object, spell or deed it is; seen from the watcher's controller) and
        whose ``trigger_filter`` ``subject`` matches (``other``: not the watcher itself)."""
        default = WATCH_DEFAULT.get(kind, "any")
        for watcher, abilities in self.watching(kind):
            for ability in abilities:
                data = ability.data
                whose = data.get("controller", default)
                if not chars_mod.controls(self, whose, player, watcher.controller):
                    continue
                filt = data.get("trigger_filter")
                if filt and subject is not None:
                    seen = subject_chars if subject_chars is not None else self.chars(subject)
                    if not chars_mod.matches(self, filt, subject, seen, watcher.id):
                        continue
                self.queue(watcher, watcher.controller, ability, context)

    def fire(self, kind: str, context: dict[str, Any], only: Obj | None = None) -> None:
        """Triggers of an object's own ``kind`` abilities (``only``) or of every watcher."""
        if only is not None:
            if self.chars(only).lost_abilities:
                return
            for ability in only.proto.triggers.get(kind, ()):
                by = ability.data.get("by", "any")
                if by != "any" and context.get("by_kind") != by:
                    continue  # becomes the target of a spell, not an ability (or the reverse)
                whose = ability.data.get("controller")  # "... an opponent controls"
                if (
                    kind == "becomes_target"
                    and whose is not None
                    and not chars_mod.controls(self, whose, context["player"], only.controller)
                ):
                    continue
                self.queue(only, only.controller, ability, context)
            return
        for wid, abilities in list(self.watchers.get(kind, {}).items()):
            watcher = self.objects[wid]
            for ability in abilities:
                self.queue(watcher, watcher.controller, ability, context)
