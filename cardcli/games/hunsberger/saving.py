"""Phases B and C of the turn search: what the Save slots hold at the end of the turn.

Phase B: each slot keeps what it holds, takes a card from the hand, or grows a
land stack from the hand's lands (a third land only with ``--overstack burn``,
each beyond two burning a Timer card). Phase C: the mana left on pumps and
auras for creatures in the slots (they stay with them). A choice's worth is the
evaluation's (``evaluate.py``); the attack does not depend on the saves unless
an anthem in a slot is replaced, so the saves are searched once for every
position of phase A that leaves the same hand and slots.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Protocol

from cardcli.games.hunsberger.model import (
    Action,
    Evaluate,
    Info,
    Pos,
    SlotM,
    fits,
    minus,
    multisets,
)
from cardcli.games.hunsberger.table import SLOTS, STACK


class Options(Protocol):
    @property
    def same_colour_slots(self) -> str: ...  # "allow" or "refuse" (--same-colour-slots)


class Search(Protocol):
    """What the save phases take from the turn search (``search.TurnSearch``)."""

    @property
    def state(self) -> Options: ...

    info: dict[str, Info]
    overstack: str  # "refuse" or "burn" (--overstack)
    saved_pumps: str  # "stay" or "end-of-turn" (--saved-pumps)
    evaluate: Evaluate

    def attack(self, pos: Pos, slots: tuple[SlotM, ...], left: list[tuple[str, bool]]) -> int: ...


SlotChoice = tuple[SlotM, list[Action], list[tuple[str, bool]], int]
"""(the slot afterwards, the saves, the hand cards they use, Timer cards burned)."""


class SavePhases:
    def __init__(self, search: Search) -> None:
        self.search = search
        self.finish_memo: dict[Pos, tuple[float, list[Action]]] = {}
        self.saves_memo: dict[tuple[Any, ...], tuple[float, list[Action], tuple[SlotM, ...]]] = {}
        self.outcome: dict[Pos, tuple[int, tuple[SlotM, ...]]] = {}  # the turn's damage, slots

    def finish(self, pos: Pos) -> tuple[float, list[Action]]:
        """The best saves (and pumps on saved creatures) to end the turn with, and its value."""
        found = self.finish_memo.get(pos)
        if found is not None:
            return found
        if any(
            c and in_play and self.search.info[c[0]].p.kind == "anthem"
            for c, in_play, _, _ in pos.slots
        ):
            best = self._finish_all(pos)  # a saved anthem replaced would not see the attack
        else:
            # The attack does not depend on the saves: find them once for many positions.
            attack = self.search.attack(pos, pos.slots, list(pos.held))
            lasting = any(self.lasting(n) for n in pos.hand)
            key = (pos.hand, pos.held, pos.slots, pos.budget if lasting else -1)
            saves = self.saves_memo.get(key)
            if saves is None:
                saves = self._saves(pos)
                self.saves_memo[key] = saves
            worth, actions, slots = saves
            best = (pos.damage + attack + worth, actions)
            self.outcome[pos] = (pos.damage + attack, slots)
        self.finish_memo[pos] = best
        return best

    def _saves(self, pos: Pos) -> tuple[float, list[Action], tuple[SlotM, ...]]:
        """The best Save slots to end the turn with: (their worth, the saves, the slots)."""
        best: tuple[float, list[Action], tuple[SlotM, ...]] = (
            float("-inf"),
            [Action("end", phase="end")],
            pos.slots,
        )
        pool = [(n, False) for n in pos.hand] + list(pos.held)
        options = [self._slot_options(pos, index, pool) for index in range(SLOTS)]
        lasting = any(self.lasting(n) for n in pos.hand)
        for first, second in product(*options):
            used = first[2] + second[2]
            if not fits(used, pool):
                continue
            slots = (first[0], second[0])
            burned = first[3] + second[3]
            saves = self._ordered(pos.slots, first[1], second[1])
            if saves is None:
                continue
            if lasting:
                worth, pumps = self._pump_saved(pos.budget, slots, minus(pool, used), burned)
            else:
                worth, pumps = self.search.evaluate(slots, burned), []
            if worth > best[0] + 1e-9:
                best = (worth, saves + pumps + [Action("end", phase="end")], slots)
        return best

    def _finish_all(self, pos: Pos) -> tuple[float, list[Action]]:
        best: tuple[float, list[Action]] = (float("-inf"), [Action("end", phase="end")])
        pool = [(n, False) for n in pos.hand] + list(pos.held)
        options = [self._slot_options(pos, index, pool) for index in range(SLOTS)]
        for first, second in product(*options):
            used = first[2] + second[2]
            if not fits(used, pool):
                continue
            saves = self._ordered(pos.slots, first[1], second[1])
            if saves is None:
                continue
            left = minus(pool, used)
            slots = (first[0], second[0])
            burned = first[3] + second[3]
            attack = self.search.attack(pos, slots, left)
            worth, pumps = self._pump_saved(pos.budget, slots, left, burned)
            value = pos.damage + attack + worth
            if value > best[0] + 1e-9:
                best = (value, saves + pumps + [Action("end", phase="end")])
                self.outcome[pos] = (pos.damage + attack, slots)
        return best

    def _slot_options(
        self, pos: Pos, index: int, pool: list[tuple[str, bool]]
    ) -> list[tuple[SlotM, list[Action], list[tuple[str, bool]], int]]:
        """(slot afterwards, saves, hand cards used, Timer cards burned) for one slot."""
        current = pos.slots[index]
        found: list[tuple[SlotM, list[Action], list[tuple[str, bool]], int]] = [
            (current, [], [], 0)
        ]
        cards, in_play = current[0], current[1]
        if (
            len(cards) == 1
            and in_play
            and self.search.info[cards[0]].p.kind == "equipment"
            and (cards[0], index) not in pos.ready
        ):
            # It is on an attacker: replaced, it would take its power with it. The
            # model keeps it (replacing it this turn is never searched).
            return found
        names = list(dict.fromkeys(pool))
        lands = [n for n in cards if self.search.info[n].is_land]
        for entry in names:
            name, in_play = entry
            info = self.search.info[name]
            if info.is_land and lands and self._colour(lands[0]) == self._colour(name):
                continue  # joins the stack: below
            save = Action("save", name, slot=index, in_play=in_play, phase="B")
            found.append((((name,), in_play, 0, ()), [save], [entry], 0))
            if info.is_land:
                found.extend(self._stacked((name,), index, pool, [entry], [save], name))
        if lands:
            found.extend(self._stacked(tuple(cards), index, pool, [], [], lands[0]))
        return found

    def _stacked(
        self,
        cards: tuple[str, ...],
        index: int,
        pool: list[tuple[str, bool]],
        used: list[tuple[str, bool]],
        saves: list[Action],
        colour_of: str,
    ) -> list[tuple[SlotM, list[Action], list[tuple[str, bool]], int]]:
        """A land stack grown from the hand's lands of its colour."""
        found: list[tuple[SlotM, list[Action], list[tuple[str, bool]], int]] = []
        same = [
            e
            for e in pool
            if self.search.info[e[0]].is_land and self._colour(e[0]) == self._colour(colour_of)
        ]
        spare = minus(same, used)
        most = len(spare) if self.search.overstack == "burn" else max(0, STACK - len(cards))
        stack, more_used, more_saves = list(cards), list(used), list(saves)
        for entry in spare[:most]:
            stack.append(entry[0])
            more_used.append(entry)
            more_saves.append(Action("save", entry[0], slot=index, phase="B"))
            burned = max(0, len(stack) - max(STACK, len(cards)))
            found.append(((tuple(stack), False, 0, ()), list(more_saves), list(more_used), burned))
        return found

    def _ordered(
        self, before: tuple[SlotM, ...], first: list[Action], second: list[Action]
    ) -> list[Action] | None:
        """Both slots' saves in an order the engine takes (None: no order does).

        Only ``--same-colour-slots refuse`` makes the order matter: a land may not
        go to one slot while the other holds lands of its colour.
        """
        if self.search.state.same_colour_slots != "refuse":
            return first + second
        for saves in (first + second, second + first):
            if self._one_colour_a_slot(before, saves):
                return saves
        return None

    def _one_colour_a_slot(self, before: tuple[SlotM, ...], saves: list[Action]) -> bool:
        info = self.search.info
        lands = [[n for n in s[0] if info[n].is_land] for s in before]
        for save in saves:
            here, other = lands[save.slot], lands[SLOTS - 1 - save.slot]
            if not info[save.name].is_land:
                lands[save.slot] = []
            elif here and self._colour(here[0]) == self._colour(save.name):
                here.append(save.name)
            elif other and self._colour(other[0]) == self._colour(save.name):
                return False
            else:
                lands[save.slot] = [save.name]
        return True

    def _colour(self, name: str) -> tuple[str, ...]:
        return self.search.info[name].card.produces

    def _pump_saved(
        self,
        budget: int,
        slots: tuple[SlotM, ...],
        left: list[tuple[str, bool]],
        burned: int,
    ) -> tuple[float, list[Action]]:
        """Phase C: the worth of the slots, with the best pumps and auras cast on saved creatures."""
        creatures = [
            i
            for i, s in enumerate(slots)
            if len(s[0]) == 1 and self.search.info[s[0][0]].p.kind == "creature"
        ]
        spells = sorted(
            {n for n, in_play in left if not in_play and self.lasting(n)},
        )
        best: tuple[float, list[Action]] = (self.search.evaluate(slots, burned), [])
        if not creatures or not spells:
            return best
        # Every way to spend the mana left on these spells, each on one saved creature.
        counts = {n: sum(1 for m, ip in left if m == n and not ip) for n in spells}
        for chosen in multisets(counts):
            cost = sum(self.search.info[n].cost for n in chosen)
            if cost > budget or not chosen:
                continue
            for targets in product(creatures, repeat=len(chosen)):
                out = list(slots)
                actions: list[Action] = []
                for name, index in zip(chosen, targets, strict=True):
                    cards, in_play, bonus, auras = out[index]
                    p = self.search.info[name].p
                    more = tuple(sorted((*auras, name))) if p.kind == "aura" else auras
                    out[index] = (cards, in_play, bonus + p.amount, more)
                    actions.append(Action("cast", name, -1, None, ("slot", index), phase="C"))
                worth = self.search.evaluate(tuple(out), burned)
                if worth > best[0] + 1e-9:
                    best = (worth, actions)
        return best

    def lasting(self, name: str) -> bool:
        """A spell whose power stays on a saved creature until it attacks."""
        p = self.search.info[name].p
        if p.kind == "aura":
            return True
        return p.kind == "pump" and not p.each and self.search.saved_pumps == "stay"
