"""Hunsberger's Solitaire bots. A bot only answers with command text.

* ``random``: a uniformly random legal command (the conformance test's bot).
* ``greedy``: the most damage this turn, by the exact turn search; between
  plans of equal damage it keeps more mana in the Save slots. A flipped Timer
  land it saves at once only where that replaces nothing: into an empty slot
  or onto a one-land stack of its colour (one more card this turn, nothing
  lost; never a third land on a stack, which burns a Timer card). With
  both slots holding other cards it keeps the land in the hand, even where
  giving up a slot's card for the next Timer card would deal more this turn on
  average; it never counts the turn a Timer card saved at once costs later.
* ``best``: the same exact search, with the worth of the Save slots for the
  rest of the game added (``evaluate.py``), instant death included: a land
  kept in a slot is weighed against the chance that the deals to come make 8
  lands out, and what a death would lose. It saves a Timer land at once only
  when that costs no turn (the main deck is out) and the turn with one more
  card, averaged over the unseen cards, is worth more.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardcli.engine.game import Bot, State
from cardcli.engine.rng import Rng
from cardcli.games.hunsberger.artifact_search import VERBS as ARTIFACT_VERBS
from cardcli.games.hunsberger.artifact_search import artifact_command
from cardcli.games.hunsberger.evaluate import Evaluation, evaluation, future_turns
from cardcli.games.hunsberger.search import Action, Evaluate, Pos, SlotM, TurnSearch
from cardcli.games.hunsberger.table import SLOTS, STACK

if TYPE_CHECKING:
    from cardcli.games.hunsberger.rules import HunsbergerState

GREEDY_TIE = 0.001  # greedy: a hair of value per mana kept in the slots, to break ties


def random_bot(state: State, seat: str, rng: Rng) -> str:
    """A uniformly random legal command."""
    return rng.choice(state.legal_commands(seat))


def greedy(state: State, seat: str, rng: Rng) -> str:
    return choose(_own(state), "greedy")


def best(state: State, seat: str, rng: Rng) -> str:
    return choose(_own(state), "best")


def advise(state: HunsbergerState) -> str | None:
    """The hint at the prompt: what ``best`` would do."""
    return None if state.over else choose(state, "best")


def _own(state: State) -> HunsbergerState:
    from cardcli.games.hunsberger.rules import HunsbergerState

    assert isinstance(state, HunsbergerState)
    return state


# -- choosing ------------------------------------------------------------------


def choose(state: HunsbergerState, style: str) -> str:
    search = TurnSearch(state, lambda slots, burned: 0.0)
    search.evaluate = evaluation(state, search.info) if style == "best" else _greedy_worth(search)
    if state.window is not None:
        slot = _at_once(state, search, style)
        if slot is not None:
            return f"save {_ref_save(state, state.window)} {slot + 1}"
    return command(state, search.best(search.position())[1])


def _greedy_worth(search: TurnSearch) -> Evaluate:
    """Greedy looks no further than this turn: the slots only break ties, by their mana."""

    def worth(slots: tuple[SlotM, ...], burned: int) -> float:
        mana = 0
        for cards, in_play, _, _ in slots:
            for name in cards:
                p = search.info[name].p
                if p.kind == "land" or (in_play and p.kind == "mana"):
                    mana += p.amount
        return GREEDY_TIE * mana

    return worth


# -- a Timer land saved at once ---------------------------------------------


def _at_once(state: HunsbergerState, search: TurnSearch, style: str) -> int | None:
    """The slot to save the flipped Timer land to at once, or None to keep it in the hand."""
    t = state.table
    land = state.window
    assert land is not None
    allowed = [i for i in range(SLOTS) if state.save_problem(land, i) is None]
    if style == "greedy":
        # Greedy takes the extra card whenever that costs it nothing this turn: an empty
        # slot, or a stack with room (a third land would burn a Timer card first).
        for index in allowed:
            lands = t.slot_lands(index)
            if not t.slots[index].cards or (
                0 < len(lands) < STACK and t.cards[lands[0]].produces == t.cards[land].produces
            ):
                return index
        return None  # it never gives up a card it holds for one it has not seen
    return _worth_saving_at_once(state, search, allowed)


def _worth_saving_at_once(
    state: HunsbergerState, search: TurnSearch, allowed: list[int]
) -> int | None:
    """``best``: the expected turn with one more card against one Timer card less."""
    t = state.table
    land = state.window
    assert land is not None
    lost = future_turns(len(t.timer), len(t.library)) - future_turns(
        len(t.timer) - 1, len(t.library)
    )
    if lost:
        # A Timer card saved at once costs the last turn (three cards and a flip) for one
        # card now; only when the main deck has run out does it cost no turn.
        return None
    unseen = search.evaluate.unseen if isinstance(search.evaluate, Evaluation) else Counter()
    total = sum(unseen.values())
    if total == 0:
        return None
    best_slot: int | None = None
    best_value = search.best(search.position())[0]
    for index in allowed:
        later = TurnSearch(state, evaluation(state, search.info, timer_spent=1))
        base = _moved_to_slot(state, later, later.position(), land, index)
        value = 0.0
        for name, count in unseen.items():
            value += count / total * later.best(_with_card(later, base, name))[0]
        if value > best_value + 1e-9:
            best_slot, best_value = index, value
    return best_slot


def _moved_to_slot(
    state: HunsbergerState, search: TurnSearch, pos: Pos, land: int, index: int
) -> Pos:
    """The position after saving ``land`` (from the hand) in slot ``index``."""
    t = state.table
    name = t.name(land)
    held = list(pos.held)
    held.remove((name, False))
    lands = t.slot_lands(index)
    budget = pos.budget
    if lands and t.cards[lands[0]].produces == t.cards[land].produces:
        slot: SlotM = ((*t.names(lands), name), False, 0, ())
    else:
        slot = ((name,), False, 0, ())
        for old in t.slots[index].cards:  # replaced: its untapped mana is lost
            if old in t.sources():
                budget -= t.profiles[old].amount - t.profiles[old].tap_cost
        for old in t.slots[index].cards + t.slots[index].attached:  # to the graveyard
            pos = search.to_graveyard(pos, t.name(old))
    slots = list(pos.slots)
    slots[index] = slot
    return pos._replace(held=tuple(held), slots=tuple(slots), budget=budget)


def _with_card(search: TurnSearch, pos: Pos, name: str) -> Pos:
    info = search.info[name]
    if info.is_land:
        more = 1 if info.card.produces else 0
        return pos._replace(
            held=tuple(sorted((*pos.held, (name, False)))), budget=pos.budget + more
        )
    if info.p.kind in ("unusable", "land"):
        return pos
    return pos._replace(hand=tuple(sorted((*pos.hand, name))))


# -- from the model to command text -------------------------------------------------


def command(state: HunsbergerState, action: Action) -> str:
    t = state.table
    if action.verb == "end":
        return "end"
    if action.verb == "save":
        return _save_command(state, action)
    if action.verb in ARTIFACT_VERBS:  # artifact_search.py: "use" an ability, "equip"
        return artifact_command(state, action)
    if action.verb == "activate":
        attacker = _attacker(state, action)
        pumpable = [c for c in t.summoned if t.profiles[c].per_mana]
        return f"activate {t.ref(attacker, pumpable, state.same_to_cast)} {action.times}"
    card = _castable(state, action)
    castable = t.castable()
    text = f"cast {t.ref(card, castable, state.same_to_cast)}"
    if action.x is not None:
        text += f" X={action.x}"
    if action.target is not None:
        text += f" -> {_target(state, card, action)}"
    return text


def _castable(state: HunsbergerState, action: Action) -> int:
    t = state.table
    if action.where >= 0:
        host = t.slot_host(action.where)
        assert host is not None and t.name(host) == action.name
        return host
    return next(c for c in t.castable() if t.name(c) == action.name and c in t.hand)


def _attacker(state: HunsbergerState, action: Action) -> int:
    t = state.table
    assert action.target is not None
    name, bonus = action.target[1]
    return next(
        c
        for c in t.summoned
        if t.name(c) == name and sum(b.power for b in t.bonuses.get(c, [])) == bonus
    )


def _target(state: HunsbergerState, card: int, action: Action) -> str:
    t = state.table
    assert action.target is not None
    kind, what = action.target
    if kind == "slot":
        return f"s{what + 1}"
    if kind == "grave":
        return str(what)
    attacker = _attacker(state, Action("activate", target=action.target))
    options = [c for c in t.creature_targets() if c != card]
    return t.ref(attacker, options)


def _save_command(state: HunsbergerState, action: Action) -> str:
    t = state.table
    index = action.slot
    cards = [
        c for c in t.saveable() if t.name(c) == action.name and (c in t.in_play) == action.in_play
    ]
    card = next((c for c in cards if c != state.window), cards[0])
    if card == state.window:
        # Saved now, the flipped Timer land would be saved at once (and flip another card):
        # a tap first closes that window, as the plan means an ordinary save.
        sources = [c for c in t.sources() if t.profiles[c].tap_cost <= t.pool]
        if sources:
            return f"tap {t.ref_place(sources[0])}"
    lands = t.slot_lands(index)
    joins = (
        bool(lands)
        and t.cards[card].is_land
        and (t.cards[lands[0]].produces == t.cards[card].produces)
    )
    if not joins:
        # The mana of what is about to be replaced is tapped first: the plan counted on it.
        for old in t.slots[index].cards:
            if old in t.sources():
                if t.profiles[old].tap_cost <= t.pool:
                    return f"tap {t.ref_place(old)}"
                # A source that costs mana to tap (a Signet): make the mana first.
                free = [c for c in t.sources() if t.profiles[c].tap_cost == 0]
                if free:
                    return f"tap {t.ref_place(free[0])}"
    return f"save {_ref_save(state, card)} {index + 1}"


def _ref_save(state: HunsbergerState, card: int) -> str:
    return state.table.ref(card, state.table.saveable(), state.same_to_save)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy, "best": best}
