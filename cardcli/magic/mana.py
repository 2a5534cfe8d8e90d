"""Mana costs, mana pools and paying a cost (rules 106, 107.4, 118, 601.2g-h).

A cost is parsed once into a ``ManaCost``. Paying looks for sources for every
coloured symbol first (a small bipartite matching, so a dual land is never
spent on a colour another land could have paid), then generic mana from what is
left. Mana already in the pool is used before any land is tapped, and among
lands the ones that make fewer colours go first; generic mana is paid with lands of
colours the cost does not ask for before the others, the most plentiful colour first.

>>> cost = ManaCost.parse("{2}{B}{B}")
>>> cost.generic, cost.colored, cost.mana_value
(2, ('B', 'B'), 4)
>>> plan = pay(cost, {"B": 1}, [(4, ("B",)), (5, ("B", "U")), (6, ("G",))], life=0)
>>> plan.pool_used, sorted(plan.taps)
({'B': 1}, [(4, 'B'), (5, 'B'), (6, 'G')])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
COLOR_WORDS = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    "colorless": "C",
    "colourless": "C",
}
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic, coloured and hybrid symbols, X."""

    generic: int = 0
    colored: tuple[str, ...] = ()  # W U B R G or C, one per symbol
    hybrid: tuple[tuple[str, ...], ...] = ()  # {W/U}: either colour
    two_hybrid: tuple[str, ...] = ()  # {2/W}: W or two generic
    phyrexian: tuple[str, ...] = ()  # {B/P}: B or 2 life
    x: int = 0  # how many {X}
    text: str = ""
    spare: int = 0  # generic mana a reduction could not take off yet: it takes it off X's (601.2f)

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        generic = 0
        colored: list[str] = []
        hybrid: list[tuple[str, ...]] = []
        two: list[str] = []
        phyrexian: list[str] = []
        x = 0
        for symbol in _SYMBOL.findall(text):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol == "X":
                x += 1
            elif symbol in ("Y", "Z"):
                continue
            elif symbol in MANA_TYPES:
                colored.append(symbol)
            elif symbol == "S":  # snow: any mana from a snow source; read as generic
                generic += 1
            elif symbol.startswith("2/"):
                two.append(symbol[2:])
            elif symbol.endswith("/P"):
                phyrexian.append(symbol.split("/")[0])
            elif "/" in symbol:
                hybrid.append(tuple(part for part in symbol.split("/") if part in COLORS))
        return cls(generic, tuple(colored), tuple(hybrid), tuple(two), tuple(phyrexian), x, text)

    @property
    def mana_value(self) -> int:
        return (
            self.generic
            + len(self.colored)
            + len(self.hybrid)
            + 2 * len(self.two_hybrid)
            + len(self.phyrexian)
        )

    def with_x(self, value: int) -> ManaCost:
        """The cost with every {X} replaced by ``value`` generic mana (107.3)."""
        if not self.x:
            return self
        return ManaCost(
            max(0, self.generic + self.x * value - self.spare),
            self.colored,
            self.hybrid,
            self.two_hybrid,
            self.phyrexian,
            0,
            self.text,
        )

    def reduced(self, delta: int) -> ManaCost:
        """The cost with ``delta`` more (or, negative, less) generic mana (601.2f)."""
        if delta == 0:
            return self
        left = self.generic + delta - self.spare
        cost = ManaCost(
            max(0, left),
            self.colored,
            self.hybrid,
            self.two_hybrid,
            self.phyrexian,
            self.x,
            "",
            # 601.2f: the total cost, X's value included, is reduced; what the generic
            # mana could not take waits for X (and is lost if X is 0 or there is none).
            max(0, -left) if self.x else 0,
        )
        return replace(cost, text=cost.written())

    def written(self) -> str:
        """The cost in symbols, X first, then generic, hybrid and coloured mana:
        ``{X}{2}{W/U}{B}``."""
        parts = ["{X}"] * self.x
        if self.generic:
            parts.append("{" + str(self.generic) + "}")
        parts.extend("{2/" + c + "}" for c in self.two_hybrid)
        parts.extend("{" + "/".join(h) + "}" for h in self.hybrid)
        parts.extend("{" + c + "/P}" for c in self.phyrexian)
        parts.extend("{" + c + "}" for c in self.colored)
        return "".join(parts) or "{0}"

    def plus(self, other: ManaCost) -> ManaCost:
        """The cost with ``other`` added to it (an additional cost, 601.2f)."""
        return ManaCost(
            self.generic + other.generic,
            self.colored + other.colored,
            self.hybrid + other.hybrid,
            self.two_hybrid + other.two_hybrid,
            self.phyrexian + other.phyrexian,
            self.x + other.x,
            self.text + other.text,
        )

    def is_free(self) -> bool:
        return self.mana_value == 0 and not self.x

    def __str__(self) -> str:
        return self.text or "{0}"


@dataclass
class Plan:
    """How a cost is paid: mana from the pool, lands tapped (id, colour), life."""

    pool_used: dict[str, int] = field(default_factory=dict)
    taps: list[tuple[int, str]] = field(default_factory=list)
    life: int = 0


Source = tuple[int, tuple[str, ...]]  # (object id, the mana types it can make)


Keep = Callable[[], Mapping[str, int]]  # what a payment keeps untapped, asked when it matters


def pay(
    cost: ManaCost,
    pool: dict[str, int],
    lands: list[Source],
    life: int,
    can_pay_life: bool = True,
    keep: Keep | None = None,
) -> Plan | None:
    """A way to pay ``cost`` (X already fixed) from ``pool`` and untapped ``lands``, or None.

    ``life`` is what the payer could pay (119.4: no more than their life total). ``keep``
    says, when asked, how many sources of each mana type the payer wants left untapped
    (``mana_keep``): generic mana then comes from the type with the most to spare.

    >>> lands = [(1, ("R",)), (2, ("W",)), (3, ("R",)), (4, ("R",)), (5, ("W",))]
    >>> sorted(pay(ManaCost.parse("{2}{R}"), {}, lands, 0).taps)
    [(1, 'R'), (2, 'W'), (5, 'W')]
    >>> sorted(pay(ManaCost.parse("{2}{R}"), {}, lands, 0, keep=lambda: {"W": 1}).taps)
    [(1, 'R'), (2, 'W'), (3, 'R')]
    """
    if too_few_sources(cost, pool, lands):
        return None
    # Sources in order of preference: pool mana first, then lands making fewest colours.
    units: list[tuple[int, tuple[str, ...]]] = []  # (-1 for pool, the types) per unit
    for kind in MANA_TYPES:
        units.extend((-1, (kind,)) for _ in range(pool.get(kind, 0)))
    order = sorted(lands, key=lambda s: (len(s[1]), s[0]))
    if keep is not None:
        keep = _once(keep)
        if (cost.hybrid or cost.two_hybrid or cost.phyrexian) and len({k for _, k in lands}) > 1:
            order = _spare_first(order, keep())  # {G/W} paid with the colour the hand needs less
    units.extend(order)
    demands: list[tuple[str, ...]] = [(c,) for c in cost.colored]
    demands.extend(cost.hybrid)
    match = _match(demands, units)
    if match is None:
        return None
    used = set(match.values())
    generic = cost.generic
    life_paid = 0
    # {2/W}: the colour if a source is left for it, else two generic (107.4e).
    for color in cost.two_hybrid:
        slot = _free_source(units, used, color)
        if slot is None:
            generic += 2
        else:
            used.add(slot)
            match[len(demands)] = slot
            demands.append((color,))
    # Phyrexian: the colour if a source is left for it, else 2 life (107.4f).
    for color in cost.phyrexian:
        slot = _free_source(units, used, color)
        if slot is None:
            if not can_pay_life or life - life_paid < 2:
                return None
            life_paid += 2
        else:
            used.add(slot)
            match[len(demands)] = slot
            demands.append((color,))
    free = [i for i in range(len(units)) if i not in used]
    # Generic mana: the pool first (it empties anyway), then sources of colours this cost does
    # not ask for, so that a Swamp is not spent on {1} while an Island could pay it.
    wanted = {kind for demand in demands for kind in demand}
    # Among those, the most plentiful colour first: a lone Forest outlives four Mountains.
    plenty: dict[str, int] = {}
    for i in free:
        for kind in units[i][1]:
            plenty[kind] = plenty.get(kind, 0) + 1
    free.sort(
        key=lambda i: (
            units[i][0] >= 0,
            bool(wanted & set(units[i][1])),
            -min(plenty[k] for k in units[i][1]),
            i,
        )
    )
    if len(free) < generic:
        return None
    spent = free[:generic]
    if keep is not None and generic and len(free) > generic:
        kinds = {units[i][1] for i in free if units[i][0] >= 0}
        if len(kinds) > 1:
            spent = _keeping(units, free, generic, keep(), plenty)
    plan = Plan(life=life_paid)
    for demand_index, unit_index in match.items():
        _spend(plan, units[unit_index], demands[demand_index])
    for unit_index in spent:
        _spend(plan, units[unit_index], None)
    return plan


def too_few_sources(cost: ManaCost, pool: Mapping[str, int], lands: list[Source]) -> bool:
    """Too few sources in all for ``pay`` to find a way: each coloured, hybrid and {2/W}
    symbol and each generic mana takes one at least (only a Phyrexian symbol may be paid
    with life). The quick "no" of most costs asked about while nobody can pay them."""
    least = cost.generic + len(cost.colored) + len(cost.hybrid) + len(cost.two_hybrid)
    return least > len(lands) and least > len(lands) + sum(pool.get(k, 0) for k in MANA_TYPES)


def _once(keep: Keep) -> Keep:
    """``keep``, asked once however often its answer is wanted."""
    known: list[Mapping[str, int]] = []

    def ask() -> Mapping[str, int]:
        if not known:
            known.append(keep())
        return known[0]

    return ask


def _spare_first(lands: list[Source], need: Mapping[str, int]) -> list[Source]:
    """``lands`` (fewest kinds first, as ``pay`` orders them), among equals those whose
    scarcest kind has the most to spare beyond ``need`` first: a hybrid or Phyrexian symbol,
    which either kind pays, takes those."""
    plenty: dict[str, int] = {}
    for _, kinds in lands:
        for kind in kinds:
            plenty[kind] = plenty.get(kind, 0) + 1
    return sorted(lands, key=lambda s: (len(s[1]), -min(plenty[k] - need.get(k, 0) for k in s[1])))


def _keeping(
    units: list[tuple[int, tuple[str, ...]]],
    free: list[int],
    generic: int,
    need: Mapping[str, int],
    plenty: dict[str, int],
) -> list[int]:
    """The ``generic`` sources of ``free`` (in their order of preference) to spend, one at a
    time the one whose scarcest type has the most to spare beyond ``need``: a source of a type
    the hand asks for is spent only when no other is left. The pool's mana goes first."""
    if not need:
        return free[:generic]
    left = dict(plenty)
    rest = list(free)
    spent: list[int] = []
    while len(spent) < generic:
        best = rest[0]
        if units[best][0] >= 0:  # (pool mana, first in ``free``, is spent before any land)
            best = max(rest, key=lambda i: min(left[k] - need.get(k, 0) for k in units[i][1]))
        rest.remove(best)
        spent.append(best)
        for kind in units[best][1]:
            left[kind] -= 1
    return spent


# Whether a cost can be paid, kept by what ``pay`` reads to decide it: the cost, the pool's
# mana by kind, the sources' kinds in the order ``pay`` tries them and the life it may pay.
# ``pay`` reads a source's id only to order the sources and to name it in the plan, so equal
# keys give equal answers and nothing makes an answer stale; the table is only emptied when
# it grows past ``_PAYABLE_MAX`` entries (memory stays flat however long the games run).
_payable: dict[tuple[object, ...], bool] = {}
_PAYABLE_MAX = 4096


def payable(
    cost: ManaCost, pool: dict[str, int], lands: list[Source], life: int, can_pay_life: bool = True
) -> bool:
    """Can ``pay`` find a way to pay ``cost`` (the same answer, remembered)?"""
    key = (
        cost,
        tuple(pool.get(kind, 0) for kind in MANA_TYPES) if pool else (),
        tuple(kinds for _, kinds in sorted(lands, key=lambda s: (len(s[1]), s[0]))),
        (life, can_pay_life) if cost.phyrexian else (),
    )
    known = _payable.get(key)
    if known is None:
        if len(_payable) >= _PAYABLE_MAX:
            _payable.clear()
        known = _payable[key] = pay(cost, pool, lands, life, can_pay_life) is not None
    return known


def _spend(plan: Plan, unit: tuple[int, tuple[str, ...]], demand: tuple[str, ...] | None) -> None:
    source, kinds = unit
    kind = kinds[0] if demand is None else next(k for k in kinds if k in demand)
    if source < 0:
        plan.pool_used[kind] = plan.pool_used.get(kind, 0) + 1
    else:
        plan.taps.append((source, kind))


def _free_source(
    units: list[tuple[int, tuple[str, ...]]], used: set[int], color: str
) -> int | None:
    for i, (_, kinds) in enumerate(units):
        if i not in used and color in kinds:
            return i
    return None


def _match(
    demands: list[tuple[str, ...]], units: list[tuple[int, tuple[str, ...]]]
) -> dict[int, int] | None:
    """A source for every coloured demand (augmenting paths), or None."""
    owner: dict[int, int] = {}  # unit index -> demand index

    def augment(demand: int, seen: set[int]) -> bool:
        for i, (_, kinds) in enumerate(units):
            if i in seen or not any(k in demands[demand] for k in kinds):
                continue
            seen.add(i)
            if i not in owner or augment(owner[i], seen):
                owner[i] = demand
                return True
        return False

    for demand in range(len(demands)):
        if not augment(demand, set()):
            return None
    return {demand: unit for unit, demand in owner.items()}


def symbols(mana: dict[str, int]) -> str:
    """``{"G": 2, "C": 1}`` -> ``"{C}{G}{G}"`` in WUBRGC order."""
    return "".join("{" + kind + "}" for kind in MANA_TYPES for _ in range(mana.get(kind, 0)))


def parse_added(text: str) -> list[str]:
    """The mana an ``add_mana`` effect adds: ``"{U}{B}"`` -> ``["U", "B"]``."""
    return [symbol for symbol in _SYMBOL.findall(text) if symbol in MANA_TYPES]
