"""The turn search is exact: a brute-force solver of its own checks it on random positions.

The solver here knows nothing of ``search.py``: it plays every legal command
sequence of a turn through the engine itself (``legal_commands`` and
``apply``), merging only states that are equal card for card, and takes the
most damage any sequence deals. On the last turn the evaluation of the future
is zero, so ``best``'s search must find exactly that, and ``best`` must deal it
when it plays the turn through the engine.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from cardcli.engine.rng import Rng, derive
from cardcli.games.hunsberger import bots
from cardcli.games.hunsberger.evaluate import evaluation
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.search import TurnSearch
from cardcli.games.hunsberger.table import Bonus, Slot, Token
from tests.conftest import new_session

LANDS = ["Swamp", "Swamp", "Island", "Mountain", "Forest"]
CREATURES = [
    "Grizzly Bears",
    "Raging Goblin",
    "Dread Shade",
    "Shivan Dragon",
    "Phyrexian Hulk",
    "Hill Giant",
    "Su-Chi",
    "Craw Wurm",
    "Scathe Zombies",
    "Geist-Honored Monk",
    "Lord of the Undead",
]
RECURSION = ["Zombify", "Unearth", "Twilight's Call", "Raise Dead", "Reanimate", "Reconstruction"]
SPELLS = [
    "Lightning Bolt",
    "Fireball",
    "Disintegrate",
    "Corrupt",
    "Stone Rain",
    "Dark Ritual",
    "Giant Growth",
    "Overrun",
    "Raise the Alarm",
    "Divination",
]
PERMANENTS = ["Sol Ring", "Dimir Signet", "Worn Powerstone", "Unholy Strength", "Glorious Anthem"]
ARTIFACTS = ["Sol Ring", "Su-Chi", "Dimir Signet"]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"spell_damage": "mana"},
    {"saved_pumps": "end-of-turn"},
    {"overstack": "burn"},
]

# The issue's reproduction: after three turns of saves, the last hand holds Zombify and
# Shivan Dragon; saving the Dragon over the Island and a Swamp over the Dragon puts it in
# the graveyard, and Zombify (4 mana of 5) returns it to attack, with one mana to pump it.
ISSUE = {
    "hand": ["Zombify", "Shivan Dragon", "Swamp", "Swamp"],
    "slots": [["Swamp", "Swamp"], ["Island"]],
    "graveyard": ["Divination"],
}
SHAPED = [
    ISSUE,
    {  # Unearth takes a creature of mana value 3 or less: Dread Shade, dumped, then pumped
        "hand": ["Unearth", "Dread Shade", "Mountain", "Swamp"],
        "slots": [["Island"], ["Forest"]],
        "graveyard": [],
    },
    {  # Twilight's Call returns every creature: the saved Hulk and the hand's Craw Wurm
        "hand": ["Twilight's Call", "Craw Wurm", "Swamp", "Swamp", "Swamp", "Swamp"],
        "slots": [["Phyrexian Hulk"], ["Island", "Island"]],
        "graveyard": ["Grizzly Bears"],
    },
    {  # the creature already saved is dumped by saving a land over it, then reanimated
        "hand": ["Reanimate", "Swamp", "Island", "Divination"],
        "slots": [["Craw Wurm"], ["Mountain"]],
        "graveyard": [],
    },
    {  # Reanimate (1) brings back the Hulk (6) just saved and dumped; Giant Growth pumps it
        "hand": ["Reanimate", "Giant Growth", "Phyrexian Hulk", "Swamp"],
        "slots": [["Swamp"], ["Island"]],
        "graveyard": [],
    },
]


# -- positions ---------------------------------------------------------------------


def position(spec: dict[str, Any], options: dict[str, Any]) -> HunsbergerState:
    """A turn: the hand, the Save slots and the graveyard of ``spec``.

    A slot is a list of names: ``NAME*`` is a permanent already in play, ``+N`` after a
    creature a pump of N on it, ``^NAME`` an aura on it. ``timer`` and ``main`` (empty
    unless given: the last turn) are the cards not yet seen, from the top.
    """
    hand = list(spec["hand"])
    assert len(hand) >= 4, "a turn's hand: the Timer card and three dealt"
    saved = [n.strip("*^") for slot in spec["slots"] for n in slot if n[0] != "+"]
    main = list(spec.get("main", []))
    rest = hand[1:] + saved + list(spec["graveyard"]) + main
    timer = "; ".join([hand[0], *spec.get("timer", [])])
    session, _ = new_session("hunsberger", timer=timer, order="; ".join(rest), **options)
    state = session.state
    assert isinstance(state, HunsbergerState)
    t = state.table
    assert t.names(t.hand) == hand[:1] + hand[1:4]
    t.hand.extend(t.library[: len(hand) - 4])
    del t.library[: len(hand) - 4]
    for index, slot in enumerate(spec["slots"]):
        host: int | None = None
        for entry in slot:
            if entry.startswith("+"):
                assert host is not None
                t.bonuses.setdefault(host, []).append(Bonus("Giant Growth", int(entry), "pump"))
                continue
            card = t.library.pop(0)
            if entry.startswith("^"):
                assert host is not None and t.name(card) == entry[1:]
                t.slots[index].attached.append(card)
                t.host[card] = host
                t.in_play.add(card)
                power = t.profiles[card].amount
                t.bonuses.setdefault(host, []).append(Bonus(t.name(card), power, "aura", card))
                continue
            assert t.name(card) == entry.rstrip("*")
            t.slots[index].cards.append(card)
            if entry.endswith("*"):
                t.in_play.add(card)
            host = card
    kept = t.library[len(t.library) - len(main) :] if main else []
    t.graveyard.extend(t.library[: len(t.library) - len(main)])
    t.library[:] = kept
    assert not state.over and (state.window is None) == (not spec.get("timer"))
    state.check_invariants()
    return state


def random_spec(rng: Rng) -> dict[str, Any]:
    """A small last turn: 4 or 5 cards in the hand, what the slots and graveyard may hold."""

    def pick(names: list[str]) -> str:
        return names[rng.below(len(names))]

    size = 5 if rng.below(8) == 0 else 4
    hand: list[str] = []
    kinds = [LANDS, LANDS, CREATURES, RECURSION, SPELLS, PERMANENTS]
    if rng.below(2) == 0:  # half of them hold reanimation and a creature to feed it
        hand += [pick(RECURSION), pick(CREATURES)]
    while len(hand) < size:
        hand.append(pick(kinds[rng.below(len(kinds))]))
    rng.shuffle(hand)
    slots: list[list[str]] = []
    for _ in range(2):
        roll = rng.below(8)
        if roll < 2:
            slots.append([])
        elif roll < 4:
            land = pick(LANDS)
            slots.append([land] * (1 + rng.below(2)))
        elif roll < 6:
            creature = [pick(CREATURES)]
            extra = rng.below(4)
            if extra == 1:
                creature.append("+3")
            elif extra == 2:
                creature.append("^Unholy Strength")
            slots.append(creature)
        elif roll < 7:
            slots.append([pick(SPELLS + RECURSION)])
        else:
            slots.append([pick(["Sol Ring", "Glorious Anthem"]) + "*"])
    graveyard = [pick(CREATURES + ARTIFACTS) for _ in range(rng.below(3))]
    return {"hand": hand, "slots": slots, "graveyard": graveyard}


# -- the brute force ----------------------------------------------------------------


def clone(state: HunsbergerState) -> HunsbergerState:
    """A copy to play on: the table's zones and marks copied, the cards shared."""
    copied = copy.copy(state)
    copied.ledger = list(state.ledger)
    copied.history = list(state.history)
    t = copy.copy(state.table)
    for name, value in vars(state.table).items():
        if name in ("cards", "profiles"):
            continue
        if isinstance(value, list):
            plain = all(isinstance(item, int) for item in value)
            value = list(value) if plain else [_copied(item) for item in value]
        elif isinstance(value, dict):
            value = {key: _copied(item) for key, item in value.items()}
        elif isinstance(value, set):
            value = set(value)
        setattr(t, name, value)
    copied.table = t
    return copied


def _copied(item: Any) -> Any:
    if isinstance(item, Slot):
        return Slot(list(item.cards), list(item.attached))
    if isinstance(item, Token):
        return Token(item.source, item.data, list(item.bonuses))
    if isinstance(item, list):
        return list(item)
    assert isinstance(item, (int, str, Bonus)), item  # immutable
    return item


def signature(state: HunsbergerState) -> tuple[Any, ...]:
    """Everything of the state that a later command or the score can depend on."""
    t = state.table
    return (
        tuple(sorted(t.hand)),
        tuple((tuple(s.cards), tuple(sorted(s.attached))) for s in t.slots),
        tuple(sorted(t.graveyard)),
        tuple(t.timer),
        frozenset(t.tapped),
        frozenset(t.in_play),
        tuple(sorted(t.summoned)),
        tuple(sorted((k.source, repr(k.data), tuple(k.bonuses)) for k in t.tokens)),
        tuple(sorted((c, tuple(b)) for c, b in t.bonuses.items() if b)),
        tuple(sorted(t.host.items())),
        t.pool,
        state.total,
        state.over,
        state.death,
    )


class BruteForce:
    """The most damage the rest of the turn can deal, over every legal command sequence."""

    def __init__(self, limit: int = 3_000) -> None:
        self.seen: dict[tuple[Any, ...], float] = {}
        self.limit = limit

    def most(self, state: HunsbergerState) -> float:
        start = state.total
        return self._value(state) - start

    def _value(self, state: HunsbergerState) -> float:
        if state.death is not None:
            return float("-inf")  # instant death loses the game, whatever the damage
        tap_all(state)
        key = signature(state)
        known = self.seen.get(key)
        if known is not None:
            return known
        if len(self.seen) >= self.limit:
            raise TimeoutError
        self.seen[key] = float("-inf")
        ended = clone(state)
        ended.apply(ended.parse("end"), "p1")
        best = float(ended.total)  # (a death in the next turn's deal is not this turn's)
        for text in state.legal_commands("p1"):
            if text == "end" or text.startswith("tap "):
                continue
            after = clone(state)
            after.apply(after.parse(text), "p1")
            best = max(best, self._value(after))
        self.seen[key] = best
        return best


def tap_all(state: HunsbergerState) -> None:
    """Every ``tap`` the state allows, until none is left.

    The one liberty the solver takes: the pool lasts the turn and nothing is lost by
    tapping early, so a sequence with its taps moved to the front (and after each
    command that brings a source) deals the same; this spares the solver every order of
    the taps. A source replaced by a save is then always tapped first.
    """
    t = state.table
    while any(t.profiles[c].tap_cost <= t.pool for c in t.sources()):
        taps = [m for m in state.legal_commands("p1") if m.startswith("tap ")]
        if not taps:
            return
        state.apply(state.parse(taps[0]), "p1")


def searched(state: HunsbergerState) -> int:
    """The damage ``best``'s search predicts for the rest of the turn."""
    search = TurnSearch(state, lambda slots, burned: 0.0)
    search.evaluate = evaluation(state, search.info)
    return search.predict(search.position())[0]


def played(state: HunsbergerState) -> int:
    """The damage ``best`` deals when it plays the rest of the turn through the engine."""
    state = clone(state)
    start = state.total
    for _ in range(60):
        if state.over:
            break
        text = bots.choose(state, "best")
        state.apply(state.parse(text), "p1")
    assert state.over, "best did not end the last turn"
    assert state.death is None
    return state.total - start


# -- the tests ------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SHAPED, ids=["issue", "unearth", "twilight", "saved", "pumped"])
def test_best_finds_the_reanimation_lines_of_the_issue(spec: dict[str, Any]) -> None:
    state = position(spec, {})
    most = BruteForce().most(state)
    assert searched(state) == most
    assert played(state) == most


def test_the_issue_reproduction_hint_and_best_deal_6() -> None:
    # cardcli play hunsberger --timer "Divination; Zombify" --order "Swamp; Swamp; Island;
    # Shivan Dragon; Swamp; Swamp", then save Swamp 1 / save Swamp 1 / save Island 2 / end
    session, lines = new_session(
        "hunsberger",
        timer="Divination; Zombify",
        order="Swamp; Swamp; Island; Shivan Dragon; Swamp; Swamp",
    )
    for text in ("save Swamp 1", "save Swamp 1", "save Island 2", "end"):
        assert session.submit(text).accepted
    state = session.state
    assert isinstance(state, HunsbergerState)
    assert searched(state) == 6
    hint = session.game.hint(state, "p1")
    assert hint is not None and hint.startswith("tap "), hint  # before a slot is saved over
    while not session.over:
        text = bots.choose(state, "best")
        assert session.submit(text).accepted, text
    assert state.total == 6
    returned = [line for line in lines if line["type"] == "returned"]
    assert [(r["card"], r["by"]) for r in returned] == [("Shivan Dragon", "Zombify")]


def test_an_ordinary_save_of_the_flipped_timer_land_is_not_made_at_once() -> None:
    # best keeps the turn an at-once save would cost; its plan saves the Swamp at the end,
    # which the bot makes an ordinary save by tapping first: no Timer card is flipped for it.
    session, lines = new_session(
        "hunsberger",
        timer="Swamp; " + "; ".join(["Island"] * 14),
        order="; ".join(["Divination"] * 45),
    )
    state = session.state
    assert isinstance(state, HunsbergerState) and state.window is not None
    first = bots.choose(state, "best")
    assert first.startswith("tap "), first
    while state.turn == 1:
        assert session.submit(bots.choose(state, "best")).accepted
    saved = [line for line in lines if line["type"] == "saved"]
    assert saved and not any(line["at_once"] for line in saved)
    flips = [line for line in lines if line["type"] == "flipped"]
    assert [f["at_once"] for f in flips] == [False, False]


def test_best_is_exact_on_500_random_last_turns() -> None:
    compared = 0
    kinds: Counter[str] = Counter()
    for index in range(560):
        rng = Rng(derive(25, index))
        spec = random_spec(rng)
        options = OPTION_SETS[index % len(OPTION_SETS)]
        state = position(spec, options)
        try:
            most = BruteForce().most(state)
        except TimeoutError:
            continue
        found = searched(state)
        assert found == most, f"position {index}: search {found}, brute force {most}: {spec}"
        if index % 5 == 0:
            assert played(state) == most, f"position {index}: {spec}"
        compared += 1
        names = spec["hand"] + [n for s in spec["slots"] for n in s]
        kinds["reanimation"] += any(n in RECURSION for n in spec["hand"])
        kinds["saved creature"] += any(s and s[0] in CREATURES for s in spec["slots"])
        kinds["x spell"] += any(n in ("Fireball", "Disintegrate") for n in names)
        kinds["pump"] += any(n in ("Giant Growth", "Overrun", "Unholy Strength") for n in names)
    assert compared >= 500, compared
    assert min(kinds.values()) >= 50, kinds


# -- greedy and the flipped Timer land ------------------------------------------------


def unseen_names(state: HunsbergerState) -> Counter[str]:
    t = state.table
    return Counter(t.names(t.library + t.timer))


def with_next_timer_card(state: HunsbergerState, name: str) -> HunsbergerState:
    """``state`` with a card of ``name`` on top of the Timer deck (swapped with the top)."""
    state = clone(state)
    t = state.table
    zones = [t.timer, t.library]
    for zone in zones:
        for index, card in enumerate(zone):
            if t.name(card) == name:
                zone[index], t.timer[0] = t.timer[0], card
                return state
    raise AssertionError(name)


def expected_damage(state: HunsbergerState, slot: int | None) -> float:
    """The most damage this turn after keeping the land (``None``) or saving it at once in
    ``slot``, averaged over the cards not yet seen (each as the next Timer card)."""
    if slot is None:
        kept = clone(state)
        kept.window = None
        return BruteForce(20_000).most(kept)
    land = state.table.name(state.window or 0)
    counts = unseen_names(state)
    total = sum(counts.values())
    value = 0.0
    for name, count in counts.items():
        after = with_next_timer_card(state, name)
        assert after.apply(after.parse(f"save {land} {slot + 1}"), "p1")[0]["at_once"]
        after.window = None  # a land flipped now is not saved at once again (it stays)
        value += count / total * BruteForce(20_000).most(after)
    return value


FULL_SLOTS = [
    {  # the Hulk in slot 1 costs 6 of 4 mana: the land over it, for a card, could only gain
        "hand": ["Swamp", "Mountain", "Grizzly Bears", "Divination"],
        "slots": [["Phyrexian Hulk"], ["Island"]],
        "graveyard": [],
        "timer": ["Lightning Bolt"],
        "main": ["Giant Growth", "Lightning Bolt"],
    },
    {  # the Hulk over which the land goes feeds Zombify, with a land as the next card
        "hand": ["Swamp", "Zombify", "Mountain", "Swamp"],
        "slots": [["Phyrexian Hulk"], ["Overrun"]],
        "graveyard": [],
        "timer": ["Overrun", "Divination"],
        "main": ["Geist-Honored Monk", "Mountain"],
    },
]


def random_window(rng: Rng) -> dict[str, Any]:
    """A turn whose flipped Timer land has an empty slot or a stack of its colour to go to."""
    spec = random_spec(rng)
    spec["hand"] = spec["hand"][:4]
    land = ("Swamp", "Island", "Mountain")[rng.below(3)]
    spec["hand"][0] = land
    free = rng.below(2)
    spec["slots"][free] = [[], [land]][rng.below(2)]
    spec["timer"] = [(LANDS + CREATURES + SPELLS)[rng.below(26)] for _ in range(1 + rng.below(2))]
    spec["main"] = [(LANDS + CREATURES + SPELLS)[rng.below(26)] for _ in range(rng.below(3))]
    return spec


def choices(state: HunsbergerState) -> tuple[int | None, dict[int | None, float]]:
    """greedy's choice for the flipped Timer land (a slot, or None: kept in the hand) and
    the expected damage this turn of every choice."""
    land = state.window
    assert land is not None
    events = clone(state).apply(state.parse(bots.choose(state, "greedy")), "p1")
    saved = [e for e in events if e["type"] == "saved" and e["at_once"]]
    chosen = saved[0]["slot"] - 1 if saved else None
    allowed = [i for i in range(2) if state.save_problem(land, i) is None]
    return chosen, {slot: expected_damage(state, slot) for slot in [None, *allowed]}


def test_greedy_saves_the_timer_land_at_once_where_nothing_is_lost() -> None:
    # Into an empty slot or onto a stack: one more card, and the most damage this turn.
    compared = 0
    for index in range(30):
        spec = random_window(Rng(derive(2525, index)))
        state = position(spec, OPTION_SETS[index % len(OPTION_SETS)])
        try:
            chosen, values = choices(state)
        except TimeoutError:
            continue
        assert chosen is not None, f"position {index}: {spec}"
        assert values[chosen] == pytest.approx(max(values.values())), f"position {index}"
        compared += 1
    assert compared >= 25


@pytest.mark.parametrize("spec", FULL_SLOTS, ids=["over-the-hulk", "feeding-zombify"])
def test_greedy_keeps_the_timer_land_when_both_slots_hold_other_cards(
    spec: dict[str, Any],
) -> None:
    # As its description says: it does not give up a card it holds for one it has not
    # seen, though here that would deal more this turn on average.
    state = position(spec, {})
    chosen, values = choices(state)
    assert chosen is None
    assert max(values[0], values[1]) > values[None]
