"""The fixed points every change of the game goes through.

Every change passes through one of a few methods: ``move_many`` (any zone
change), ``damage``, ``lose_life`` / ``gain_life``, ``give_poison``, ``draw``, ``mill``,
``create_tokens``, ``tap`` / ``untap`` and ``add_counters``. Each applies the
replacement and prevention effects registered for its kind of event (614-615),
changes the state, emits one event for the log and queues the triggered
abilities that event sets off. Triggers are found through an index by event
kind (``watchers``) and an object's own abilities, never by scanning every
permanent. The state they change, and what reads it, is the ``Board`` a
``Table`` is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardcli.magic import chars as chars_mod
from cardcli.magic import chosen as chosen_mod
from cardcli.magic import copies as copies_mod
from cardcli.magic import damage as damage_mod
from cardcli.magic import relics
from cardcli.magic.board import Board, Event, Move
from cardcli.magic.cards import Ability, Proto
from cardcli.magic.chars import Chars
from cardcli.magic.decisions import Decision
from cardcli.magic.identity_mana import identity_word
from cardcli.magic.objects import Obj, Target, Team
from cardcli.magic.sources import DamageSource
from cardcli.magic.variant import Variant

__all__ = ["Move", "Table"]


class Table(Board):
    variant: Variant[Table]  # the variant's questions are asked of this table
    # -- fixed point: moving objects ------------------------------------------------

    def move(self, obj: Obj, to: str, why: str, **kwargs: Any) -> Obj | None:
        moved = self.move_many([Move(obj, to, why, **kwargs)])
        return moved[0] if moved else None

    def move_many(self, moves: list[Move]) -> list[Obj | None]:
        """Simultaneous zone changes: each object becomes a new one with a fresh id."""
        dying_watchers = dict(self.watchers["another_creature_dies"])
        gone: dict[int, Obj] = {}  # objects that left in this batch, by their old id
        left: list[tuple[Obj, Chars, Move]] = []
        went: dict[int, int] = {}  # old id -> the new object's id (400.7d: a dies trigger's)
        results: list[Obj | None] = []
        entered: list[Obj] = []
        landed: list[tuple[Obj, Obj, str, Chars]] = []
        # 614.1c, 614.12: how a permanent enters is decided before any of the batch moves.
        counters: dict[int, tuple[str, int]] = {}
        tapped_now: set[int] = set()
        copies: dict[int, Proto] = {}  # a clone's copy: what it enters as (614.12, 706)
        for mv in moves:
            if mv.to == "battlefield":
                entering = mv.obj
                if mv.copy_of is not None:
                    copies[mv.obj.id] = copies_mod.entering_copy(mv.obj.proto, mv.copy_of.of)
                    entering = Obj(mv.obj.id, copies[mv.obj.id], mv.obj.owner, mv.obj.zone)
                found = self._enters_with(entering, mv.controller or mv.obj.owner)
                if found is not None:
                    counters[mv.obj.id] = found
                if self.enters_tapped(entering, mv.controller or mv.obj.owner, mv.paid):
                    tapped_now.add(mv.obj.id)
                if mv.chosen is None and mv.obj.proto.entry_choice is not None:
                    # Not asked (an effect put it there): the preferred choice (614.12); an
                    # automated player's is its own (the Horde's: chance).
                    owner = mv.controller or mv.obj.owner
                    if self.variant.is_automated(self, owner):
                        mv.chosen = self._automated_entry_choice(owner, mv.obj)
                    else:
                        mv.chosen = chosen_mod.preferred(self, owner, mv.obj)
        for mv in moves:
            if (
                mv.to == "graveyard"
                and mv.obj.zone == "battlefield"
                and any(e.exile_if_dies for e in mv.obj.effects)
            ):
                mv.to, mv.why = "exile", "exiled instead"  # "exile it instead" (614.6)
            elif (
                mv.to != "exile"
                and mv.obj.zone == "battlefield"
                and any(e.exile_if_leaves for e in mv.obj.effects)
            ):
                mv.to, mv.why = "exile", "exiled instead"  # unearth (702.84a, 614.6)
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
            if was == "battlefield":
                left.append((old, self.chars(old), mv))  # its last known information (603.10a)
                self._leave_battlefield(old)
            else:
                if self.dynamic:
                    # (No characteristics to look back at from another zone: the static
                    # abilities' values only settle here, as reading them used to make them.)
                    self.settle_statics()
                if was != "stack":
                    self.players[old.owner].zones[was].remove(old)
            del self.objects[old.id]
            self.zone_abilities.pop(old.id, None)
            self.retired.add(old.id)
            gone[old.id] = old
            # (a clone is itself again once it leaves the battlefield, 400.7; granted
            # abilities stay behind)
            printed = old.proto.base or old.proto
            proto = copies.get(old.id) or printed.own or printed
            new = Obj(self.new_id(), proto, old.owner, mv.to, old.card_no)
            new.kicked = was == "stack" and old.kicked  # 702.33d: what a kicked spell becomes
            self.objects[new.id] = new
            if mv.to == "battlefield":
                tapped = mv.tapped or old.id in tapped_now
                self._enter(new, mv.controller or old.owner, tapped)
                kind, count = counters.get(old.id, ("", 0))
                if count > 0:
                    new.counters[kind] = count  # it enters with them: no counters event (614.1c)
                for kind, count in (mv.counters or {}).items():
                    new.counters[kind] = new.counters.get(kind, 0) + count
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
                if mv.to in ("hand", "graveyard") and new.proto.card_abilities:
                    self.zone_abilities[new.id] = new
            results.append(new)
            went[old.id] = new.id
            if mv.to == "graveyard" and (
                relics.KIND in old.proto.triggers or self.watchers[relics.WATCHED_KIND]
            ):  # "put into a graveyard from anywhere": its own, or another's watching
                lki = left[-1][1] if was == "battlefield" else self.printed(old)
                landed.append((old, new, was, lki))
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
            entered_with = {kind: count} if count > 0 else {}
            for kind, count in (mv.counters or {}).items() if mv.to == "battlefield" else ():
                entered_with[kind] = entered_with.get(kind, 0) + count
            if entered_with:
                event["counters"] = entered_with
            if old.id in copies and mv.copy_of is not None:
                event["copy_of"], event["copy_name"] = mv.copy_of.of.id, mv.copy_of.of.name
            self.emit(event)
            if mv.to == "battlefield" and mv.chosen is not None:
                chosen_mod.record(self, new, mv.chosen)
            if mv.to == "battlefield" and mv.copy_of is not None and mv.copy_of.attach_to:
                new.attached_to = mv.copy_of.attach_to  # an Aura's copy (303.4f)
                self.static_version += 1
                self.emit({"type": "attached", "id": new.id, "to": new.attached_to})
        self.zone_version += 1
        # Leaves-the-battlefield abilities look back in time (603.10a).
        for old, lki, mv in left:
            self._left_triggers(old, lki, mv, dying_watchers, gone, went.get(old.id))
            if old.linked:
                self._return_linked(old)
        if landed:
            relics.landed(self, landed)
        for new in entered:
            self._entered_triggers(new, entered)
            if new.proto.mana_abilities and new.controller in self.players:
                identity_word(self, new)  # 903.4f: a Command Tower that adds no mana says so
        if entered and self.watchers["permanents_enter"]:
            self._batch_entered(entered)
        return results

    def _enters_with(self, obj: Obj, controller: str) -> tuple[str, int] | None:
        """The counters ``obj`` enters with (614.1c), counted before it enters; None: none."""
        data = obj.proto.enters_with
        if data is None:
            return None
        count = self.amount_of(data.get("amount", 0), controller, obj)
        return (str(data.get("counter", "+1/+1")), count) if count > 0 else None

    def _left_triggers(
        self,
        old: Obj,
        lki: Chars,
        mv: Move,
        watchers: dict[int, tuple[Ability, ...]],
        gone: dict[int, Obj],
        new_id: int | None = None,
    ) -> None:
        dies = mv.to == "graveyard" and "Creature" in lki.types
        own: Mapping[str, tuple[Ability, ...]] = {} if lki.lost_abilities else old.proto.triggers
        context: dict[str, Any] = {"object": old.id, "player": old.controller, "name": old.name}
        if new_id is not None:
            context["went"] = new_id  # where it went: "return it" finds that object (400.7d)
        for ability in own.get("leaves", ()):
            self.queue(old, old.controller, ability, context)
        if dies:
            for ability in own.get("dies", ()):
                counter = ability.data.get("if_no_counter")
                if counter is not None and old.counters.get(str(counter), 0) > 0:
                    continue  # undying, persist: it had such a counter as it died (603.4)
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
        if self.watchers["permanent_enters"]:
            # "Whenever a land you control enters" (landfall), "an artifact", "a creature"...
            self.watch("permanent_enters", context, new.controller, new, ch)
        if "Creature" not in ch.types:
            return
        for wid, abilities in self.watchers["another_creature_enters"].items():
            if wid == new.id:
                continue
            watcher = self.objects[wid]
            for ability in abilities:
                if self._creature_trigger_matches(ability, watcher, new, ch):
                    self.queue(watcher, watcher.controller, ability, context)

    def _batch_entered(self, batch: list[Obj]) -> None:
        """ "Whenever one or more ... enter": once for the permanents that entered together,
        if any of them matches; that creature is the first that does, ``count`` how many."""
        for wid, abilities in list(self.watchers["permanents_enter"].items()):
            watcher = self.objects[wid]
            if self.chars(watcher).lost_abilities:
                continue
            for ability in abilities:
                whose = ability.data.get("controller", "any")
                filt = ability.data.get("trigger_filter")
                matching = [
                    obj
                    for obj in batch
                    if chars_mod.controls(self, whose, obj.controller, watcher.controller)
                    and (not filt or chars_mod.matches(self, filt, obj, self.chars(obj), wid))
                ]
                if matching:
                    first = matching[0]
                    context = {
                        "object": first.id,
                        "player": first.controller,
                        "name": first.name,
                        "count": len(matching),
                    }
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

    def give_poison(self, player: str, amount: int, why: str) -> int:
        """``player`` gets poison counters (their own, or their team's: the variant says)."""
        return damage_mod.give_poison(self, player, amount, why)

    def change_poison(self, player: str, delta: int, why: str) -> int:
        """Poison counters added or removed that no replacement touches (a manual adjustment)."""
        return damage_mod.change_poison(self, player, delta, why)

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
            if self.watchers["draw"]:
                # 121.2: one draw at a time; "whenever you draw a card" sees each.
                self.watch("draw", {"player": player}, player)
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
        return self.create_token_batch([(proto, controller, count, None)], tapped)

    def create_token_batch(
        self, batch: Sequence[tuple[Proto, str, int, int | None]], tapped: bool = False
    ) -> list[Obj]:
        """Tokens created at once, entering together: for each entry its Proto, controller,
        how many, and the object it is a copy of (707.2; None: none)."""
        made: list[Obj] = []
        replaced_all = True
        for proto, controller, count, copy_of in batch:
            event = self.replace(
                "token",
                {"proto": proto, "controller": controller, "count": count, "tapped": tapped},
            )
            if event is None:
                continue
            replaced_all = False
            count, tapped_now = int(event["count"]), bool(event["tapped"])
            for _ in range(count):
                obj = Obj(self.new_id(), proto, controller, "battlefield", None)
                self.objects[obj.id] = obj
                counters = self._enters_with(obj, controller)
                self._enter(obj, controller, tapped_now or self.enters_tapped(obj, controller))
                made.append(obj)
                created: Event = {
                    "type": "token_created",
                    "id": obj.id,
                    "name": proto.name,
                    "controller": controller,
                    "tapped": obj.tapped,
                }
                if counters is not None:
                    obj.counters[counters[0]] = counters[1]  # it enters with them (614.1c)
                    created["counters"] = {counters[0]: counters[1]}
                if copy_of is not None:
                    created["copy_of"] = copy_of  # a token that is a copy (707.2)
                self.emit(created)
        if replaced_all:
            return []
        self.zone_version += 1
        for obj in made:
            self._entered_triggers(obj, made)
        if made and self.watchers["permanents_enter"]:
            self._batch_entered(made)
        return made

    def _automated_entry_choice(self, player: str, obj: Obj) -> str | None:
        """What an automated player chooses as ``obj`` enters, by its variant's policy
        (logged as a ``choice``, as every automated answer is)."""
        rule = chosen_mod.entry_rule(obj)
        options = chosen_mod.options_for(self, player, rule) if rule is not None else []
        if rule is None or not options:
            return None
        decision = Decision("choose_value", player, f"{obj.name}: {player} chooses", options)
        picks = self.variant.answer(self, decision) if len(options) > 1 else options
        if len(options) > 1:
            self.emit(
                {
                    "type": "choice",
                    "who": player,
                    "kind": decision.kind,
                    "chosen": picks,
                    "among": len(options),
                }
            )
        return chosen_mod.value_of(rule, picks[0]) if picks else None

    def tap(self, obj: Obj, why: str = "") -> bool:
        if obj.tapped or self.replace("tap", {"obj": obj, "why": why}) is None:
            return False
        obj.tapped = True
        obj.touch(tapping=not self.statics_read_taps())
        self.emit({"type": "tapped", "ids": [obj.id], **({"why": why} if why else {})})
        return True

    def tap_many(self, objs: list[Obj], why: str, **said: Any) -> None:
        """Several permanents tapped at once (paying a cost): one event (``said``: what else
        it says, as a payment says which mana each land made)."""
        done = []
        for obj in objs:
            if not obj.tapped:
                obj.tapped = True
                obj.touch(tapping=not self.statics_read_taps())
                done.append(obj.id)
        if done:
            self.emit({"type": "tapped", "ids": done, "why": why, **said})

    def untap(self, obj: Obj) -> bool:
        if not obj.tapped:
            return False
        obj.tapped = False
        obj.touch(tapping=not self.statics_read_taps())
        self.emit({"type": "untapped", "ids": [obj.id]})
        return True

    def untap_all(self, objs: list[Obj]) -> None:
        """The untap step: one event for all of them (502.3)."""
        done = []
        for obj in objs:
            if obj.tapped:
                obj.tapped = False
                obj.touch(tapping=not self.statics_read_taps())
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
