"""An exact search over one turn's choices, for the ``greedy`` and ``best`` bots.

The search works on a small model of the turn: the mana still available (the
pool and every untapped source: all mana is colourless and the pool lasts the
turn, so which source pays does not matter), the cards that can still be cast
from the hand and the Save slots, the attacking creatures with the power added
to them, the graveyard cards recursion can reach and the damage dealt so far.
Cards of one name in one place are interchangeable, so the model keeps names,
sorted: orders of the same choices meet in one memoised position.

A turn is searched in three phases: A, casting (what, in which order, with
which X and target, how many activations), with the saves that feed recursion
(a card saved over a creature sends it to the graveyard, for Zombify to return
it to attack: ``feeding.py``); B, saving (what each Save slot holds at the end
of the turn); C, pumps and auras cast on creatures just saved. ``feeding.py``
proves that these cover every order of casts and saves that can matter to the
turn's damage and the slots it ends with. A position's value is the
turn's damage (spells now, creatures when they attack at 'end') plus what the
evaluation (``evaluate.py``) says the Save slots are worth later. The search
only reads what a player sees: the order of the Timer and main decks is never
looked at.

Of the amounts a card can count, the model counts the lands out and the
attacking creatures; one counting the cards in the hand or the graveyard, or
permanents (no card of the bundled decks), counts nothing here, and the search
is not exact for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from cardcli.games.hunsberger.artifact_search import artifact_moves, now_ready, ready_of
from cardcli.games.hunsberger.feeding import Feeding
from cardcli.games.hunsberger.model import (
    EMPTY,
    Action,
    Attacker,
    Evaluate,
    Info,
    Pos,
    SlotM,
    TokenM,
    power_of,
    set_slot,
    with_,
)
from cardcli.games.hunsberger.saving import SavePhases
from cardcli.games.hunsberger.scoring import Anthem, cost_of, has_x
from cardcli.games.hunsberger.table import DEATH_LANDS, SLOTS, matches

if TYPE_CHECKING:
    from cardcli.games.hunsberger.rules import HunsbergerState

__all__ = ["EMPTY", "Action", "Evaluate", "Info", "Pos", "SlotM", "TokenM", "TurnSearch"]


class TurnSearch:
    """The best plan for the rest of a turn, by exhaustive search with memoisation."""

    def __init__(self, state: HunsbergerState, evaluate: Evaluate) -> None:
        self.state = state
        self.evaluate = evaluate
        self.info: dict[str, Info] = {}
        t = state.table
        for index, card in enumerate(t.cards):
            if card.name not in self.info:
                self.info[card.name] = Info(
                    card.name,
                    card,
                    t.profiles[index],
                    cost_of(card),
                    has_x(card),
                    card.is_type("Instant") or card.is_type("Sorcery"),
                )
        self.token_data: list[dict[str, Any]] = []
        self.memo: dict[Pos, tuple[float, Action]] = {}
        self.saving = SavePhases(self)
        self.feeding = Feeding(self)
        self.saved_pumps = state.saved_pumps
        self.overstack = state.overstack
        self.spell_damage = state.spell_damage
        self.recurs_all = False
        self.recurs: set[str] = set()
        self.nodes = 0

    # -- from the engine's table -----------------------------------------------

    def position(self) -> Pos:
        t = self.state.table
        castable = set(t.castable())
        hand = tuple(sorted(t.name(c) for c in t.hand if c in castable))
        held = tuple(
            sorted(
                (t.name(c), c in t.in_play)
                for c in t.saveable()
                if c not in castable and t.profiles[c].kind != "unusable"
            )
        )
        slots = []
        for index in range(SLOTS):
            slot = t.slots[index]
            host = t.slot_host(index)
            bonus = sum(b.power for b in t.bonuses.get(host, [])) if host is not None else 0
            slots.append(
                (
                    tuple(t.names(slot.cards)),
                    host is not None and host in t.in_play,
                    bonus,
                    tuple(t.names(slot.attached)),
                )
            )
        attackers = tuple(
            sorted((t.name(c), sum(b.power for b in t.bonuses.get(c, []))) for c in t.summoned)
        )
        tokens = tuple(
            sorted((self._token_index(k.data), sum(b.power for b in k.bonuses)) for k in t.tokens)
        )
        self._recursion_reach()
        return Pos(
            budget=t.available(),
            hand=hand,
            held=held,
            slots=tuple(slots),
            attackers=attackers,
            tokens=tokens,
            graveyard=self._reachable(t.names(t.graveyard)),
            damage=0,
            ready=ready_of(t),  # artifact_search.py: artifacts in play still to use
        )

    def _recursion_reach(self) -> None:
        """Which graveyard cards matter: the types the recursion cards out can bring back."""
        t = self.state.table
        for card in t.out():
            p = t.profiles[card]
            if p.kind == "recursion":
                if p.recurs:
                    self.recurs.update(p.recurs)
                else:
                    self.recurs_all = True

    def _reachable(self, names: list[str]) -> tuple[str, ...]:
        keep = [
            n
            for n in names
            if self.recurs_all or any(self.info[n].card.is_type(k) for k in self.recurs)
        ]
        return tuple(sorted(keep))

    def _token_index(self, data: dict[str, Any]) -> int:
        for index, known in enumerate(self.token_data):
            if known == data:
                return index
        self.token_data.append(data)
        return len(self.token_data) - 1

    # -- the search -------------------------------------------------------------

    def best(self, pos: Pos) -> tuple[float, Action]:
        """The value of ``pos`` and the first action of a best plan from it."""
        found = self.memo.get(pos)
        if found is not None:
            return found
        self.nodes += 1
        if pos.fed is None:
            value, plan = self.finish(pos)
            best = (value, plan[0])
        else:  # saves feeding recursion: the turn cannot end before it is cast
            best = (float("-inf"), Action("end", phase="end"))
        for action, after in self.moves(pos):
            result = self.best(after)[0]
            if result > best[0] + 1e-9:
                best = (result, action)
        self.memo[pos] = best
        return best

    def plan(self, pos: Pos) -> list[Action]:
        """A whole best plan from ``pos``: casts, then saves, pumps on saved creatures, end."""
        steps: list[Action] = []
        while True:
            action = self.best(pos)[1]
            if action.phase != "A":
                return steps + self.finish(pos)[1]
            steps.append(action)
            pos = dict(self.moves(pos))[action]

    def predict(self, pos: Pos) -> tuple[int, tuple[SlotM, ...]]:
        """The damage this turn and the Save slots at its end, on a best plan from ``pos``."""
        while True:
            action = self.best(pos)[1]
            if action.phase != "A":
                self.finish(pos)
                return self.saving.outcome[pos]
            pos = dict(self.moves(pos))[action]

    def moves(self, pos: Pos) -> Iterator[tuple[Action, Pos]]:
        """Every phase-A action from ``pos`` and the position after it."""
        if pos.fed is not None:
            yield from self.feeding.moves(pos)
            return
        seen: set[tuple[str, int]] = set()
        for name in pos.hand:
            if (name, -1) not in seen:
                seen.add((name, -1))
                yield from self.casts(pos, name, -1)
        for index, slot in enumerate(pos.slots):
            cards, in_play = slot[0], slot[1]
            if len(cards) == 1 and not in_play:
                info = self.info[cards[0]]
                if not info.is_land and info.p.kind not in ("unusable", "land"):
                    yield from self.casts(pos, cards[0], index)
        yield from self._activations(pos)
        if self.feeding.kinds:
            yield from self.feeding.dumps(pos)
        yield from self._empty_land_slots(pos)

    def _activations(self, pos: Pos) -> Iterator[tuple[Action, Pos]]:
        done: set[Attacker] = set()
        for attacker in pos.attackers:
            per = self.info[attacker[0]].p.per_mana
            if per and attacker not in done:
                done.add(attacker)
                # Most first: of plans worth the same, the one with fewer commands is kept.
                for times in range(pos.budget // per, 0, -1):
                    after = self._replace_attacker(pos, attacker, attacker[1] + times)
                    yield (
                        Action("activate", attacker[0], target=("attacker", attacker), times=times),
                        after._replace(budget=pos.budget - per * times),
                    )
        yield from artifact_moves(self, pos)  # artifact_search.py: equip, damage abilities

    def casts(self, pos: Pos, name: str, where: int) -> Iterator[tuple[Action, Pos]]:
        info = self.info[name]
        if info.cost > pos.budget:
            return
        xs = range(pos.budget - info.cost + 1) if info.x else [None]
        for x in xs:
            paid = info.cost + (x or 0)
            base = self._remove(pos, name, where)
            base = with_(base, budget=pos.budget - paid)
            for target, after in self._effects(base, info, where, paid, x or 0, pos):
                yield Action("cast", name, where, x, target), after

    def _remove(self, pos: Pos, name: str, where: int) -> Pos:
        if where < 0:
            hand = list(pos.hand)
            hand.remove(name)
            return with_(pos, hand=tuple(hand))
        return pos  # the slot is changed by the effect (it stays for a permanent)

    def _effects(
        self, pos: Pos, info: Info, where: int, paid: int, x: int, before: Pos
    ) -> Iterator[tuple[tuple[str, Any] | None, Pos]]:
        p = info.p
        bonus = 0
        if where >= 0:
            bonus = pos.slots[where][2]
            if p.kind == "creature" or info.one_shot:
                pos = set_slot(pos, where, EMPTY)  # it leaves the slot
        if p.kind == "creature":
            yield None, self._enter(self._attack(pos, (info.name, bonus)), info)
            return
        if info.one_shot and p.kind == "recursion":
            # It looks for its target on the stack, then goes to the graveyard.
            for target, after in self._recursion(pos, info):
                yield target, self.to_graveyard(after, info.name)
            return
        if info.one_shot:
            pos = self.to_graveyard(pos, info.name)
            if p.kind == "mana":
                yield None, with_(pos, budget=pos.budget + p.amount)
            elif p.kind in ("damage", "mana-paid"):
                yield None, with_(pos, damage=pos.damage + self._spell(info, paid, x, before))
            elif p.kind == "pump":
                if p.each:
                    yield None, self._pump_all(pos, p.amount)
                else:
                    yield from self._pump_targets(pos, p.amount, None)
            elif p.kind == "tokens":
                yield None, self._tokens(pos, info)
            return
        if p.kind == "aura":
            if where >= 0:
                pos = set_slot(pos, where, EMPTY)
            yield from self._pump_targets(pos, p.amount, info.name)
            return
        # A permanent (a mana artifact, an anthem, an artifact dealing damage as it enters).
        if where < 0:
            pos = with_(pos, held=tuple(sorted((*pos.held, (info.name, True)))))
        else:
            cards, _, b, auras = pos.slots[where]
            pos = set_slot(pos, where, (cards, True, b, auras))
        budget = pos.budget
        if p.kind == "mana" and not p.enters_tapped and budget >= p.tap_cost:
            budget += p.amount - p.tap_cost
        yield None, with_(now_ready(self._enter(pos, info), info, where), budget=budget)

    def _spell(self, info: Info, paid: int, x: int, before: Pos) -> int:
        p = info.p
        if p.kind == "mana-paid" or self.spell_damage == "mana":
            return paid
        if p.x:
            return x
        if p.count is not None:
            return self._count(p.count, before)
        return p.amount

    def _count(self, count: dict[str, Any], pos: Pos) -> int:
        kind = count.get("count")
        filt = count.get("filter", {})
        found = 0
        if kind == "lands":
            names = [n for n, _ in pos.held] + [n for s in pos.slots for n in s[0]]
            found = sum(
                1 for n in names if self.info[n].is_land and matches(filt, self.info[n].card)
            )
        elif kind == "creatures":
            attacking = [n for n, _ in pos.attackers if matches(filt, self.info[n].card)]
            found = len(attacking) + len(pos.tokens)
        return found * int(count.get("times", 1))

    def _attack(self, pos: Pos, attacker: Attacker) -> Pos:
        return with_(pos, attackers=tuple(sorted((*pos.attackers, attacker))))

    def _enter(self, pos: Pos, info: Info) -> Pos:
        p = info.p
        if p.enters_damage:
            pos = with_(pos, damage=pos.damage + p.enters_damage)
        if p.tokens_data:
            pos = self._tokens(pos, info)
        return pos

    def _tokens(self, pos: Pos, info: Info) -> Pos:
        made = [(self._token_index(dict(d)), 0) for d in info.p.tokens_data]
        return with_(pos, tokens=tuple(sorted((*pos.tokens, *made))))

    def to_graveyard(self, pos: Pos, name: str) -> Pos:
        if self._reachable([name]):
            return with_(pos, graveyard=tuple(sorted((*pos.graveyard, name))))
        return pos

    def _replace_attacker(self, pos: Pos, old: Attacker, bonus: int) -> Pos:
        attackers = list(pos.attackers)
        attackers.remove(old)
        attackers.append((old[0], bonus))
        return with_(pos, attackers=tuple(sorted(attackers)))

    def _pump_all(self, pos: Pos, power: int) -> Pos:
        return with_(
            pos,
            attackers=tuple(sorted((n, b + power) for n, b in pos.attackers)),
            tokens=tuple(sorted((k, b + power) for k, b in pos.tokens)),
        )

    def _pump_targets(
        self, pos: Pos, power: int, aura: str | None
    ) -> Iterator[tuple[tuple[str, Any] | None, Pos]]:
        for attacker in dict.fromkeys(pos.attackers):
            yield ("attacker", attacker), self._replace_attacker(pos, attacker, attacker[1] + power)
        if aura is None and self.saved_pumps != "stay":
            return  # a pump on a saved creature would wear off before it attacks
        for index, (cards, in_play, bonus, auras) in enumerate(pos.slots):
            if len(cards) == 1 and self.info[cards[0]].p.kind == "creature":
                more = tuple(sorted((*auras, aura))) if aura else auras
                yield ("slot", index), set_slot(pos, index, (cards, in_play, bonus + power, more))

    def _recursion(self, pos: Pos, info: Info) -> Iterator[tuple[tuple[str, Any] | None, Pos]]:
        p = info.p
        fits = [n for n in dict.fromkeys(pos.graveyard) if self.can_return(info, n)]
        if p.returns == "all":
            after = pos
            for name in [n for n in pos.graveyard if self.can_return(info, n)]:
                after = self._take_from_graveyard(after, name)
                after = self._enter(self._attack(after, (name, 0)), self.info[name])
            yield None, after
            return
        for name in fits:
            after = self._take_from_graveyard(pos, name)
            back = self.info[name]
            if p.returns == "attack":
                after = self._enter(self._attack(after, (name, 0)), back)
            elif back.is_land:
                if back.card.produces and self._lands_out(after) + 1 >= DEATH_LANDS:
                    continue  # an eighth mana-producing land out: instant death
                more = 1 if back.p.amount > 0 else 0
                after = with_(after, held=tuple(sorted((*after.held, (name, False)))))
                after = with_(after, budget=after.budget + more)
            elif back.p.kind not in ("unusable", "land"):
                after = with_(after, hand=tuple(sorted((*after.hand, name))))
            yield ("grave", name), after

    def _lands_out(self, pos: Pos) -> int:
        names = [n for n, _ in pos.held] + [n for s in pos.slots for n in s[0]]
        return sum(1 for n in names if self.info[n].is_land and self.info[n].card.produces)

    def can_return(self, info: Info, name: str) -> bool:
        p, other = info.p, self.info[name].card
        if p.recurs and not any(other.is_type(k) for k in p.recurs):
            return False
        return not (
            p.recurs_max_mana_value is not None and other.mana_value > p.recurs_max_mana_value
        )

    def _take_from_graveyard(self, pos: Pos, name: str) -> Pos:
        graveyard = list(pos.graveyard)
        graveyard.remove(name)
        return with_(pos, graveyard=tuple(graveyard))

    # -- the attack ---------------------------------------------------------------

    def attack(self, pos: Pos, slots: tuple[SlotM, ...], left: list[tuple[str, bool]]) -> int:
        """What the attackers deal at 'end', with the anthems out after the saves.

        ``left``: the hand cards not saved (an anthem cast this turn and not saved
        is still out when the creatures attack, and is discarded after).
        """
        anthems: list[tuple[int, Anthem]] = []  # (the attacker it belongs to, or -1; the anthem)
        for name, in_play in left:
            if in_play and self.info[name].p.kind == "anthem":
                anthems.extend((-1, a) for a in self.info[name].p.anthems)
        for cards, in_play, _, _ in slots:
            if in_play and len(cards) == 1 and self.info[cards[0]].p.kind == "anthem":
                anthems.extend((-1, a) for a in self.info[cards[0]].p.anthems)
        for index, (name, _) in enumerate(pos.attackers):
            anthems.extend((index, a) for a in self.info[name].p.anthems)
        total = 0
        for index, (name, bonus) in enumerate(pos.attackers):
            info = self.info[name]
            p = info.p
            power = self._count(p.count, pos) if p.count is not None else p.amount
            power += p.attack_bonus + bonus
            for owner, anthem in anthems:
                if not (anthem.other and owner == index) and matches(anthem.filter, info.card):
                    power += anthem.power
            total += power * (2 if p.double_strike else 1)
        for key, bonus in pos.tokens:
            data = self.token_data[key]
            power = power_of(data.get("power")) + bonus
            for _, anthem in anthems:
                if matches(anthem.filter, None, data):
                    power += anthem.power
            total += power
        return total

    # -- phases B and C: the Save slots ---------------------------------------------

    def finish(self, pos: Pos) -> tuple[float, list[Action]]:
        """The best saves (and pumps on saved creatures) to end the turn with, and its value."""
        return self.saving.finish(pos)

    # -- best's instant-death worth: dropping a land -----------------------------------

    def _empty_land_slots(self, pos: Pos) -> Iterator[tuple[Action, Pos]]:
        """A castable hand card saved over a slot of lands, to be cast from there: the
        only way to end a turn with fewer lands saved when the hand has nothing else to
        save (the instant-death risk of the evaluation can make a land worth less than none)."""
        lands = [n for cards, _, _, _ in pos.slots for n in cards if self.info[n].is_land]
        if len(lands) < DEATH_LANDS // 2:  # fewer than four: no deal of four makes eight
            return
        kept = self.evaluate(pos.slots, 0)
        for index, (cards, _, _, _) in enumerate(pos.slots):
            if not cards or not all(self.info[n].is_land for n in cards):
                continue
            if self.evaluate(set_slot(pos, index, EMPTY).slots, 0) <= kept:
                continue  # its lands are worth keeping
            for name in dict.fromkeys(pos.hand):
                if self.info[name].cost > pos.budget:
                    continue
                hand = list(pos.hand)
                hand.remove(name)
                after = set_slot(with_(pos, hand=tuple(hand)), index, ((name,), False, 0, ()))
                for old in cards:
                    after = self.to_graveyard(after, old)
                yield Action("save", name, slot=index, phase="A"), after
