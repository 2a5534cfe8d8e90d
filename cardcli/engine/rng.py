"""The one random number generator every game uses, in versions named by an id.

Every log header names the version it was made with; new games use
``RNG_ID``. The versions share SplitMix64, ``below`` and ``derive``; v2
shuffles and riffles with fewer draws than v1, and v3 is v2 with a shuffle
followed by riffles drawn from the end back.

Algorithm ``splitmix64-v1``:

* State: one unsigned 64-bit integer, initialised to the seed modulo 2**64.
* ``next64``: ``state += 0x9E3779B97F4A7C15`` (mod 2**64), then
  ``z = state``; ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``;
  ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``; return ``z ^ (z >> 31)``
  (every product taken mod 2**64). This is Steele, Lea and Flood's SplitMix64.
* ``below(n)``: an unbiased integer in ``[0, n)`` by rejection: draw ``x``
  until ``x < n * floor(2**64 / n)``, return ``x % n``.
* ``shuffle``: Fisher-Yates from the last index down, swapping ``i`` with
  ``below(i + 1)``.
* ``riffle``: the Gilbert-Shannon-Reeds model of one riffle shuffle. The cut
  ``k`` is the number of set bits among ``n`` fair bits (taken from ``next64``
  words, low bit first, 64 bits a word), so ``k ~ Binomial(n, 1/2)``; the top
  ``k`` cards form the left packet. While both packets hold cards, with ``a``
  left and ``b`` right, the next card drops from the left packet when
  ``below(a + b) < a``; the rest of the other packet follows.
* ``child(seed)``: a generator of the same version seeded with ``seed``.
* ``derive(seed, *labels)``: a child seed, from a SplitMix64 seeded with the
  parent and stepped once per label mixed in (integers directly, strings by
  their UTF-8 bytes). Used for per-game seeds in simulations and per-decision
  bot seeds, so a bot's choice never depends on what came before it.

Algorithm ``splitmix64-v2`` is v1 with a faster
shuffle and riffle, drawing the same distributions from fewer draws:

* ``shuffle``: Fisher-Yates from the last index down, as in v1, but the
  swap indexes are drawn several from one word ("batched dice"): for the
  bounds ``b1, b2, ...`` of the next swaps whose product ``P`` stays within
  2**64, draw ``x`` until ``x < P * floor(2**64 / P)``, then ``x %= P`` and
  take the dice as the digits of ``x`` in the mixed radix ``b1, b2, ...``
  (``d1 = x % b1``, ``x //= b1``, ...). Every digit string is equally likely,
  so each swap index is uniform and independent: the same distribution as
  v1 with about a quarter of the draws.
* ``riffle``: ``n`` fair bits are taken from ``next64`` words, low bit first,
  64 bits a word (the unused high bits of the last word are dropped). With
  ``k`` the number of 0 bits, the top ``k`` cards form the left packet; the
  card at position ``i`` of the result (0 = top) is the next card of the left
  packet when bit ``i`` is 0 and of the right packet when it is 1. Every bit
  string is equally likely, so the cut is Binomial(n, 1/2) and, given the
  cut, every interleaving of the two packets is equally likely: that is the
  GSR model (Aldous and Diaconis's inverse-shuffle view of it).

Algorithm ``splitmix64-v3`` (the default for new games) is v2 with one
more primitive, for a deck shuffled at random and then riffled ``t`` times
in a row (Shuffle-Mania's opening ritual):

* ``shuffle_then_riffle(items, t)`` draws from the end back. First the deck
  the last riffle leaves, ``D_t``: ``items`` shuffled by v2's shuffle. Then
  the bits of riffle 1, 2, ..., t in turn, each as v2's riffle draws them
  (``ceil(n / 64)`` words, low bit first, the unused high bits of the last
  word dropped). Then for ``k`` from ``t`` down to 1, ``D_(k-1)`` is the
  cards of ``D_k`` at the positions of riffle ``k``'s 0 bits, in order,
  then those at its 1 bits: the deck that v2's riffle with those bits turns
  into ``D_k``. It returns ``D_0, D_1, ..., D_t``.

  Why this is the same game: given its bits a riffle is a one-to-one map of
  decks, so a uniformly random deck riffled is again uniformly random, and
  independent of the bits. Drawing ``D_t`` uniformly and the bits
  independently therefore gives ``D_0`` uniform and independent of the
  bits, each riffle a GSR riffle of the deck before it: the same joint
  distribution as shuffling ``D_0`` and riffling forward. The gain: when
  only ``D_t`` is wanted (a simulation logs nothing), the riffles need not
  be worked out, and their words are skipped unread (SplitMix64's state
  moves by the constant ``0x9E3779B97F4A7C15`` a word), leaving the
  generator where drawing them would.

Python integers make all of this exact and identical on every platform.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from itertools import compress
from typing import TypeVar

RNG_V1 = "splitmix64-v1"
RNG_V2 = "splitmix64-v2"
RNG_V3 = "splitmix64-v3"
RNG_ID = RNG_V3  # what new games use

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_BATCH_LIMIT = 1 << 64  # the product of one batch of dice bounds stays within a draw
_BITS_AS_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_ZERO_BITS_AS_BYTES = bytes.maketrans(b"01", b"\x01\x00")
_BATCH_PLANS: dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
_PLANNED_SIZES = 4096  # plans kept for lists up to this long (a few kB each)

T = TypeVar("T")


class Rng:
    """A seeded SplitMix64 generator; see the module docstring for the algorithm.

    >>> Rng(0).next64()
    16294208416658607535
    >>> Rng(42).below(52) == Rng(42).below(52)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    rng_id = RNG_V3

    def child(self, seed: int) -> Rng:
        """A generator of this version seeded with ``seed``."""
        return type(self)(seed)

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def skip(self, words: int) -> None:
        """Move on as if ``words`` words were drawn, without drawing them."""
        self.state = (self.state + words * _GAMMA) & _MASK

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place, with the swap indexes drawn in batches (v2)."""
        next64 = self.next64
        for product, limit, swaps in _batches(len(items)):
            x = next64()
            while x >= limit:  # below(product), with the limit worked out once
                x = next64()
            x %= product
            for k, bound in swaps:  # index k swaps with below(k + 1)
                j = x % bound
                x //= bound
                items[k], items[j] = items[j], items[k]

    def shuffle_v1(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place, one bounded draw a swap (v1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def binomial_half(self, n: int) -> int:
        """The number of heads in ``n`` fair coin flips."""
        heads = 0
        remaining = n
        while remaining > 0:
            word = self.next64()
            take = min(64, remaining)
            if take < 64:
                word &= (1 << take) - 1
            heads += word.bit_count()
            remaining -= take
        return heads

    def riffle_bits(self, n: int) -> int:
        """The ``n`` bits of one riffle (v2 and v3): bit ``i`` for position ``i``."""
        bits = got = 0
        while got < n:
            bits |= self.next64() << got
            got += 64
        return bits & ((1 << n) - 1)

    def riffle(self, items: list[T]) -> list[T]:
        """One Gilbert-Shannon-Reeds riffle, a bit a card (v2); returns a new list."""
        n = len(items)
        bits = self.riffle_bits(n)
        cut = n - bits.bit_count()
        takers = (iter(items[:cut]).__next__, iter(items[cut:]).__next__)
        # Bit i of the pattern, read from the right, says where card i comes
        # from: as bytes 0 (left) and 1 (right), it picks the packet directly.
        # (bin of the bits with bit n set, read backwards, stops short of the "0b1")
        pattern = bin(bits | (1 << n))[:2:-1].encode().translate(_BITS_AS_BYTES)
        return [takers[bit]() for bit in pattern]

    def shuffle_then_riffle(
        self, items: Sequence[T], times: int, history: bool = True
    ) -> list[list[T]]:
        """``items`` shuffled, then riffled ``times`` times: every deck from the
        shuffled one to the last riffle's (v3 draws them from the end back).

        Without ``history`` only the last deck is returned (the list of it),
        and the riffles are not worked out: the generator moves past their
        bits as if it had drawn them.
        """
        if times < 0:
            raise ValueError(f"shuffle_then_riffle() needs a count of riffles, got {times}")
        last = list(items)
        self.shuffle(last)
        n = len(last)
        if not history:
            self.skip(times * -(-n // 64))
            return [last]
        patterns = [self.riffle_bits(n) for _ in range(times)]
        decks = [last]
        for bits in reversed(patterns):
            decks.append(unriffle(decks[-1], bits))
        decks.reverse()
        return decks

    def riffle_v1(self, items: list[T]) -> list[T]:
        """One Gilbert-Shannon-Reeds riffle as v1 draws it; returns a new list."""
        n = len(items)
        cut = self.binomial_half(n)
        left, right = items[:cut], items[cut:]
        out: list[T] = []
        i = j = 0
        a, b = len(left), len(right)
        while a and b:
            if self.below(a + b) < a:
                out.append(left[i])
                i += 1
                a -= 1
            else:
                out.append(right[j])
                j += 1
                b -= 1
        out.extend(left[i:])
        out.extend(right[j:])
        return out


def _batches(n: int) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """The v2 shuffle's batches for ``n`` items: the product of their bounds, the
    rejection limit of ``below`` for it, and each swap's (index, bound).

    Swap ``k`` (from ``n - 1`` down to 1) has bound ``k + 1``; a batch takes
    bounds while their product stays within 2**64. The plan depends on ``n``
    only, so it is worked out once a size.
    """
    plan = _BATCH_PLANS.get(n)
    if plan is not None:
        return plan
    plan = []
    i = n - 1
    while i > 0:
        product, last = i + 1, i
        while last > 1 and product * last <= _BATCH_LIMIT:
            product *= last
            last -= 1
        limit = (1 << 64) - ((1 << 64) % product)
        plan.append((product, limit, tuple((k, k + 1) for k in range(i, last - 1, -1))))
        i = last - 1
    if n <= _PLANNED_SIZES:
        _BATCH_PLANS[n] = plan
    return plan


def unriffle(deck: list[T], bits: int) -> list[T]:
    """The deck that a v2 riffle with these ``bits`` turns into ``deck``.

    The cards at the positions of 0 bits came from the top packet, those at
    1 bits from the bottom one, each packet in its order.
    """
    pattern = bin(bits | (1 << len(deck)))[:2:-1].encode()  # "0"/"1" for position 0, 1, ...
    top = compress(deck, pattern.translate(_ZERO_BITS_AS_BYTES))
    return [*top, *compress(deck, pattern.translate(_BITS_AS_BYTES))]


class RngV2(Rng):
    """``splitmix64-v2``: a shuffle then riffles are drawn forward, in the order they happen."""

    __slots__ = ()
    rng_id = RNG_V2

    def shuffle_then_riffle(
        self, items: Sequence[T], times: int, history: bool = True
    ) -> list[list[T]]:
        if times < 0:
            raise ValueError(f"shuffle_then_riffle() needs a count of riffles, got {times}")
        deck = list(items)
        self.shuffle(deck)
        decks = [deck]
        for _ in range(times):
            deck = self.riffle(deck)
            decks.append(deck)
        return decks if history else [deck]


class RngV1(RngV2):
    """``splitmix64-v1``: the riffle draws one bounded integer a card."""

    __slots__ = ()
    rng_id = RNG_V1

    def riffle(self, items: list[T]) -> list[T]:
        return self.riffle_v1(items)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.shuffle_v1(items)


VERSIONS: dict[str, type[Rng]] = {RNG_V1: RngV1, RNG_V2: RngV2, RNG_V3: Rng}


def rng_for(rng_id: str, seed: int) -> Rng:
    """The generator a log names, seeded; ``KeyError`` for an unknown id."""
    return VERSIONS[rng_id](seed)


def _mix(state: int) -> int:
    """The first output of a SplitMix64 seeded with ``state``."""
    z = (state + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK
    return z ^ (z >> 31)


def derive_on(value: int, *labels: int | str) -> int:
    """``derive`` continued: ``derive_on(derive(s, a), b) == derive(s, a, b)``.

    So a caller that derives many seeds with one prefix works the prefix out once.
    """
    for label in labels:
        for chunk in _label_words(label):
            # _mix(value ^ chunk), written out: simulations derive per game and decision.
            z = ((value ^ chunk) + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            value = z ^ (z >> 31)
    return value


_INT_LENGTH = 9 << 56  # an integer label is 9 bytes: its tag and 8 bytes
_WORDS_OF_TEXT: dict[str, tuple[int, ...]] = {}


def _label_words(label: int | str) -> tuple[int, ...]:
    """What ``derive`` mixes in for a label: its bytes, 8 at a time, each with the length.

    A type tag keeps 1 and "1" apart: an integer is ``b"i"`` and its 8 bytes
    (little-endian, mod 2**64), a string ``b"s"`` and its UTF-8 bytes.
    """
    if isinstance(label, int):
        word = label & _MASK  # b"i" + 8 bytes: words of bytes 0-7 and byte 8
        return (0x69 | ((word << 8) & _MASK)) ^ _INT_LENGTH, (word >> 56) ^ _INT_LENGTH
    words = _WORDS_OF_TEXT.get(label)
    if words is None:
        data = b"s" + label.encode("utf-8")
        length = len(data) << 56
        words = tuple(
            int.from_bytes(data[k : k + 8], "little") ^ length for k in range(0, len(data), 8)
        )
        if len(_WORDS_OF_TEXT) < 1024:  # seat names, "bot", "pace", "tie"...
            _WORDS_OF_TEXT[label] = words
    return words


def derive(seed: int, *labels: int | str) -> int:
    """A child seed from a parent seed and labels (game index, "bot", seat...).

    >>> derive(1, 0) == derive(1, 0)
    True
    >>> derive(1, 0) != derive(1, 1)
    True
    """
    return derive_on(_mix(seed), *labels)


class DecisionRng(Rng):
    """A seat's generator for its decisions: ``Rng(derive(seed, *labels, n))`` for decision ``n``.

    ``at(n)`` readies it for decision ``n`` and returns it. Nothing is derived
    until a decision draws (most draw nothing): then ``derive(seed, *labels)``
    once for the seat, and ``derive_on`` of that with ``n``. One object serves
    every decision of its seat, so a bot must not keep it past its decision.
    """

    __slots__ = ("_base", "_pending", "_prefix", "_seed")

    def __init__(self, seed: int, *labels: int | str) -> None:
        super().__init__(0)
        self._seed = seed
        self._base = labels
        self._prefix: int | None = None  # derive(seed, *labels), once needed
        self._pending: int | str | None = None  # the decision whose seed is not worked out yet

    def at(self, decision: int | str) -> DecisionRng:
        """This generator, seeded for ``decision`` (worked out at its first draw)."""
        self._pending = decision
        return self

    def _seed_for(self, decision: int | str) -> None:
        if self._prefix is None:
            self._prefix = derive(self._seed, *self._base)
        self.state = derive_on(self._prefix, decision)
        self._pending = None

    def next64(self) -> int:
        if self._pending is not None:
            self._seed_for(self._pending)
        return super().next64()

    def skip(self, words: int) -> None:
        if self._pending is not None:
            self._seed_for(self._pending)
        super().skip(words)
