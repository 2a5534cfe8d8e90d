"""What the Save slots are worth for the rest of the game: the ``best`` bot's evaluation.

The worth is in damage points, so that it adds to the damage of the turn:

* **Mana in the slots** (a stack of lands, a mana artifact in play): each mana
  comes back every future turn. The first mana a turn is worth ``MANA`` damage
  a turn, each further one ``DECAY`` times the one before (a hand cannot always
  spend it all), for every turn left.
* **A saved card not yet cast** (a creature, a spell, an artifact to cast):
  ``CARD`` times the damage it will deal when cast (power and what is on it,
  printed damage, the mana it costs for "mana paid", an estimate of the spare
  mana for an X spell or a pump ability), less ``COST`` a mana of its cost:
  casting it later takes mana the later hands could use. Nothing if no turn is
  left.
* **An anthem in play**: its power for each creature a future turn is likely
  to summon, for every turn left.
* **Instant death** (the game as a whole): lands kept in the slots count
  toward the 8 mana-producing lands out. With ``r`` the chance that one turn's
  four new cards bring the rest (counted from the unseen cards), the chance of
  dying before the end with those lands kept is ``1 - (1 - r) ** turns``, the
  same turns the mana is counted for. It costs what a death loses: the damage
  of the turns left (the mean damage of this game's turns so far, ``TURN``
  before any) and the escape, ``ESCAPE`` damage points times the chance the
  game was heading for one (a logistic of the projected score less the goal,
  ``SPREAD`` points wide). Under a reading where only the Save slots count, 8
  lands in them is death at once.
* **The Timer deck**: a Timer card burned (a third land in a stack) or spent
  (a Timer land saved at once) can shorten the game by a turn; the turns left
  are counted from the Timer and main decks as they will be dealt.

The weights were set by simulating the bundled decks, and the instant-death
ones the eight precons too (``tests/benchmarks/bench_hunsberger_precons.py``);
only what a player sees is used: the cards not yet seen are counted, never
looked at in order.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcli.games.hunsberger.model import SlotM
from cardcli.games.hunsberger.table import DEATH_LANDS

if TYPE_CHECKING:
    from cardcli.games.hunsberger.model import Info
    from cardcli.games.hunsberger.rules import HunsbergerState

MANA = 1.1
DECAY = 0.9
CARD = 0.5
COST = 0.4
TURN = 4.0  # the damage of a turn, before the game has shown its own
ESCAPE = 20.0  # an escape lost to instant death, in damage points
SPREAD = 5.0  # how far the projected score is from the goal, in points, for 1:e odds
DEAL = 3
_DECAYED = [sum(DECAY**i for i in range(m)) for m in range(40)]  # the worth of m mana a turn


def future_turns(timer: int, library: int) -> int:
    """Turns still to come: each flips a Timer card and deals three (main deck first)."""
    turns = 0
    while timer > 0:
        timer -= 1
        dealt = min(DEAL, library)
        library -= dealt
        timer -= min(DEAL - dealt, timer)
        turns += 1
    return turns


@dataclass
class Evaluation:
    """The worth of Save slots at the end of the current turn (see the module docstring)."""

    info: dict[str, Info]
    timer: int  # Timer cards left at the end of this turn
    library: int
    unseen: Counter[str]
    spell_damage: str
    scored: int = 0  # the damage dealt before this turn
    per_turn: float = TURN  # the expected damage of a turn to come
    goal: float = 40.5  # the score that escapes
    hand_counts: bool = True  # instant death counts the hand's lands too (the default reading)

    def __post_init__(self) -> None:
        total = sum(self.unseen.values()) or 1
        lands = sum(n for name, n in self.unseen.items() if self._mana_land(name))
        creatures = sum(
            n for name, n in self.unseen.items() if self.info[name].p.kind == "creature"
        )
        self.unseen_total = total
        self.unseen_lands = lands
        self.creatures_a_turn = (DEAL + 1) * creatures / total
        self._turns: dict[int, int] = {}
        self._slots: dict[tuple[SlotM, int], tuple[int, int, float]] = {}
        self._deaths: dict[tuple[int, int], float] = {}
        self._decayed = _DECAYED

    def _mana_land(self, name: str) -> bool:
        info = self.info.get(name)
        return info is not None and info.is_land and bool(info.card.produces)

    def __call__(self, slots: tuple[SlotM, ...], burned: int) -> float:
        turns = self._turns.get(burned)
        if turns is None:
            turns = self._turns[burned] = future_turns(max(0, self.timer - burned), self.library)
        if turns == 0:
            return 0.0
        mana = lands = 0
        worth = 0.0
        for slot in slots:
            known = self._slots.get((slot, turns))
            if known is None:
                known = self._slots[(slot, turns)] = self._slot(slot, turns)
            mana += known[0]
            lands += known[1]
            worth += known[2]
        worth += MANA * turns * self._decayed[min(mana, len(self._decayed) - 1)]
        if lands >= DEATH_LANDS - DEAL - 1:
            cost = self._deaths.get((lands, turns))
            if cost is None:
                cost = self._deaths[(lands, turns)] = self.death_cost(lands, turns)
            worth -= cost
        return worth

    def death_cost(self, lands: int, turns: int) -> float:
        """What keeping ``lands`` mana-producing lands in the slots risks, in damage points."""
        if not self.hand_counts:
            # Only the Save slots count: 8 lands in them is death at once.
            risk = 1.0 if lands >= DEATH_LANDS else 0.0
            dying = risk
        else:
            risk = self.death_risk(lands)
            dying = 1.0 - (1.0 - risk) ** turns
        if dying <= 0.0:
            return 0.0
        future = self.per_turn * turns
        return dying * (future + ESCAPE * self.escape_chance(future))

    def escape_chance(self, future: float) -> float:
        """How likely the game was to escape, from the score so far and the turns to come."""
        ahead = (self.scored + future - self.goal) / SPREAD
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, ahead))))

    def _slot(self, slot: SlotM, turns: int) -> tuple[int, int, float]:
        """(mana a turn, mana-producing lands, other worth) of one Save slot."""
        cards, in_play, bonus, _auras = slot
        if not cards:
            return 0, 0, 0.0
        first = self.info[cards[0]]
        if first.is_land:
            made = sum(1 for n in cards if self._mana_land(n))
            return made, made, 0.0
        if in_play and first.p.kind == "mana":
            return max(0, first.p.amount - first.p.tap_cost), 0, 0.0
        if in_play and first.p.kind == "anthem":
            return 0, 0, first.p.amount * self.creatures_a_turn * turns
        if in_play:
            return 0, 0, 0.0
        return 0, 0, self.card_worth(first, bonus, turns)

    def card_worth(self, info: Info, bonus: int, turns: int) -> float:
        """The damage a saved card is likely to bring when it is cast later."""
        p = info.p
        cost = info.cost
        damage: float
        if p.kind == "creature":
            damage = p.amount + p.attack_bonus + bonus + p.enters_damage + p.tokens
            if p.double_strike:
                damage *= 2
            if p.per_mana:
                damage += 1.5 / p.per_mana
        elif p.kind == "damage":
            if self.spell_damage == "mana" and info.one_shot:
                damage = cost + (2.0 if p.x else 0.0)
            elif p.x or p.count is not None:
                damage = 2.0
            else:
                damage = p.amount + p.enters_damage
        elif p.kind == "mana-paid":
            damage = cost
        elif p.kind == "mana":
            if info.one_shot:
                damage = MANA * max(0, p.amount - cost)
            else:
                damage = MANA * p.amount * max(0, turns - 1) * 0.5
        elif p.kind in ("pump", "aura"):
            damage = p.amount * 0.6
        elif p.kind == "anthem":
            damage = p.amount * self.creatures_a_turn * max(0, turns - 1) * 0.5
        elif p.kind == "tokens":
            damage = p.tokens
        elif p.kind == "recursion":
            damage = 2.0
        else:
            return 0.0
        return max(0.0, CARD * damage - COST * cost)

    def death_risk(self, lands_saved: int) -> float:
        """The chance the next turn's four new cards make 8 mana-producing lands out."""
        need = DEATH_LANDS - lands_saved
        if need > DEAL + 1:
            return 0.0
        total, lands = self.unseen_total, self.unseen_lands
        if total < DEAL + 1:
            return 0.0
        # At least ``need`` lands among 4 cards drawn without replacement.
        chance = 0.0
        for k in range(max(0, need), DEAL + 2):
            chance += _hyper(total, lands, DEAL + 1, k)
        return chance


def _hyper(total: int, good: int, draws: int, hits: int) -> float:
    from math import comb

    if hits > good or draws - hits > total - good:
        return 0.0
    return comb(good, hits) * comb(total - good, draws - hits) / comb(total, draws)


def unseen(state: HunsbergerState) -> Counter[str]:
    """The cards not seen yet (the Timer and main decks), counted from what has been seen."""
    t = state.table
    counts = Counter(card.name for card in t.cards)
    counts.subtract(t.name(c) for c in t.out())
    counts.subtract(t.name(c) for c in t.graveyard)
    return Counter({name: n for name, n in counts.items() if n > 0})


def evaluation(state: HunsbergerState, info: dict[str, Info], timer_spent: int = 0) -> Evaluation:
    t = state.table
    played = state.history
    # A "more than" goal escapes half a point above it; "as many as" at it.
    goal = state.goal + (0.5 if state.goal_rule == "more-than" else 0.0)
    return Evaluation(
        info,
        len(t.timer) - timer_spent,
        len(t.library),
        unseen(state),
        state.spell_damage,
        scored=state.total - state.turn_damage,
        per_turn=(sum(played) + 2 * TURN) / (len(played) + 2),
        goal=goal,
        hand_counts=hand_counts(state),
    )


def hand_counts(state: HunsbergerState) -> bool:
    """Whether instant death counts the hand's lands (the default) or the Save slots' alone.

    ``--instant-death slots`` counts only the lands in the Save slots.
    """
    return bool(state.options.get("instant_death", "hand-and-slots") != "slots")
