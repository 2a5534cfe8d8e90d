"""Golden values of the RNG: a seed means the same deal everywhere."""

from __future__ import annotations

import pytest

from cardcli.engine.rng import (
    RNG_ID,
    RNG_V1,
    RNG_V2,
    RNG_V3,
    DecisionRng,
    Rng,
    RngV1,
    RngV2,
    derive,
    rng_for,
    unriffle,
)


def test_splitmix64_matches_the_reference_outputs_for_seed_0() -> None:
    # The first outputs of the published SplitMix64 for seed 0.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    assert RNG_ID == RNG_V3 == "splitmix64-v3"
    assert RNG_V2 == "splitmix64-v2" and RNG_V1 == "splitmix64-v1"
    assert rng_for(RNG_V3, 1).rng_id == RNG_V3 and type(rng_for(RNG_V2, 1)) is RngV2
    assert [RngV1(0).next64() for _ in range(3)] == [Rng(0).next64() for _ in range(3)]


def test_below_golden_values() -> None:
    rng = Rng(42)
    assert [rng.below(52) for _ in range(8)] == [9, 27, 10, 16, 46, 46, 49, 12]


def test_below_is_in_range_and_rejects_bad_bounds() -> None:
    rng = Rng(5)
    assert all(0 <= rng.below(n) < n for n in range(1, 200))
    try:
        rng.below(0)
    except ValueError:
        pass
    else:
        raise AssertionError("below(0) must raise")


def test_fisher_yates_v1_golden_deal() -> None:
    deck = list(range(52))
    RngV1(2026).shuffle(deck)
    assert deck == [
        33, 38, 16, 43, 21, 26, 7, 20, 13, 47, 14, 15, 22, 12, 42, 45, 30, 39, 48, 51, 18, 41,
        25, 0, 36, 19, 8, 35, 17, 49, 50, 4, 28, 3, 2, 1, 46, 23, 40, 32, 31, 44, 5, 24, 37, 6,
        29, 9, 10, 34, 11, 27,
    ]  # fmt: skip


def test_fisher_yates_v2_golden_deal_in_batches() -> None:
    deck = list(range(52))
    Rng(2026).shuffle(deck)
    assert deck == [
        20, 5, 1, 21, 44, 42, 19, 32, 46, 11, 10, 45, 0, 35, 6, 13, 51, 41, 25, 17, 9, 15, 37,
        26, 29, 18, 33, 2, 40, 8, 39, 16, 12, 50, 43, 36, 4, 24, 14, 30, 31, 48, 49, 3, 38, 22,
        47, 7, 23, 28, 34, 27,
    ]  # fmt: skip
    # The first batch: the bounds 52, 51, 50, ... whose product fits in 64 bits,
    # the dice the mixed-radix digits of one bounded draw.
    bounds, product = [], 1
    for bound in range(52, 1, -1):
        if product * bound > 1 << 64:
            break
        bounds.append(bound)
        product *= bound
    x = Rng(2026).below(product)
    expected = list(range(52))
    for bound in bounds:
        j, x = x % bound, x // bound
        expected[bound - 1], expected[j] = expected[j], expected[bound - 1]
    check = list(range(52))
    Rng(2026).shuffle(check)
    assert check[52 - len(bounds) :] == expected[52 - len(bounds) :]


def test_fisher_yates_v2_is_uniform() -> None:
    counts: dict[tuple[int, ...], int] = {}
    rng = Rng(3)
    for _ in range(24000):
        deck = [0, 1, 2, 3]
        rng.shuffle(deck)
        counts[tuple(deck)] = counts.get(tuple(deck), 0) + 1
    assert len(counts) == 24 and all(abs(n - 1000) < 130 for n in counts.values())


def test_riffle_v1_golden_values() -> None:
    result = RngV1(2026).riffle(list(range(20)))
    assert result == [0, 1, 2, 3, 4, 8, 9, 10, 5, 11, 6, 12, 13, 14, 15, 16, 17, 7, 18, 19]
    assert rng_for(RNG_V1, 2026).riffle(list(range(20))) == result


def test_riffle_v2_golden_values_a_bit_a_card() -> None:
    rng = Rng(2026)
    bits = rng.next64() & ((1 << 20) - 1)
    result = Rng(2026).riffle(list(range(20)))
    cut = 20 - bits.bit_count()
    # Position i takes from the right packet exactly when bit i is set.
    from_right = [i for i in range(20) if (bits >> i) & 1]
    assert [result[i] >= cut for i in range(20)] == [i in from_right for i in range(20)]
    assert result == GOLDEN_V2
    assert Rng(5).riffle([]) == [] and Rng(5).riffle(["x"]) == ["x"]
    many = Rng(1).riffle(list(range(130)))  # three words of bits
    assert sorted(many) == list(range(130))


GOLDEN_V2 = [12, 13, 0, 1, 2, 14, 3, 4, 15, 5, 16, 17, 6, 7, 8, 18, 9, 10, 19, 11]


def test_riffle_v2_is_the_gsr_model() -> None:
    # GSR on 4 cards: each of the 16 bit strings is one (cut, interleaving) with
    # probability 1/16. The order kept whole comes from 5 of them (a cut of 0 to
    # 4 with the packet dropped in one go); each of the other 11 orders from one.
    counts: dict[tuple[int, ...], int] = {}
    rng = Rng(11)
    draws = 32000
    for _ in range(draws):
        out = tuple(rng.riffle([0, 1, 2, 3]))
        counts[out] = counts.get(out, 0) + 1
    assert len(counts) == 12
    unchanged = counts.pop((0, 1, 2, 3))
    assert abs(unchanged - draws * 5 / 16) < 0.05 * draws * 5 / 16
    assert all(abs(n - draws / 16) < 0.1 * draws / 16 for n in counts.values())


def test_riffle_keeps_both_packets_in_order() -> None:
    # A riffle interleaves two packets, each keeping its order.
    for seed in range(200):
        out = Rng(seed).riffle(list(range(52)))
        assert sorted(out) == list(range(52))
        where = {card: i for i, card in enumerate(out)}
        # At most two rising sequences: the signature of one riffle.
        breaks = sum(1 for card in range(51) if where[card + 1] < where[card])
        assert breaks <= 1


def test_binomial_cut_is_about_half() -> None:
    rng = Rng(7)
    cuts = [rng.binomial_half(52) for _ in range(4000)]
    assert 25.5 < sum(cuts) / len(cuts) < 26.5
    assert Rng(99).binomial_half(52) == 27


def test_derive_golden_values_and_independence() -> None:
    assert derive(1, 0) == 16889414735884664460
    assert derive(1, 1) == 15977939436802417622
    assert derive(7, "bot", "p1", 12) == 14770427228736427925
    assert derive(1, 1) != derive(1, "1")
    assert len({derive(3, i) for i in range(1000)}) == 1000


def test_a_decision_rng_draws_what_rng_of_derive_draws_at_each_decision() -> None:
    seat = DecisionRng(7, "bot", "p1")
    for decision in (12, 13, 40, 41):
        eager = Rng(derive(7, "bot", "p1", decision))
        first = [seat.at(decision).below(1000) for _ in range(1)]
        rest = [seat.below(1000) for _ in range(19)]  # the same decision goes on drawing
        assert first + rest == [eager.below(1000) for _ in range(20)]
    # A decision that draws nothing leaves the next one unchanged.
    seat.at(50)
    assert seat.at(51).below(1000) == Rng(derive(7, "bot", "p1", 51)).below(1000)
    assert seat.at("pace").below(1000) == Rng(derive(7, "bot", "p1", "pace")).below(1000)


def test_derive_on_continues_a_derivation() -> None:
    from cardcli.engine.rng import derive_on

    assert derive_on(derive(7, "bot", "p1"), 12) == derive(7, "bot", "p1", 12)


def _plain_v2_shuffle(rng: Rng, items: list[int]) -> None:
    """The v2 shuffle as the module docstring words it, with nothing worked out ahead."""
    i = len(items) - 1
    while i > 0:
        bounds, product = [i + 1], i + 1
        while i + 1 - len(bounds) > 1 and product * (i + 1 - len(bounds)) <= 1 << 64:
            product *= i + 1 - len(bounds)
            bounds.append(i + 1 - len(bounds))
        x = rng.below(product)
        for bound in bounds:
            j, x = x % bound, x // bound
            items[bound - 1], items[j] = items[j], items[bound - 1]
        i -= len(bounds)


def _plain_v2_riffle(rng: Rng, items: list[int]) -> list[int]:
    n = len(items)
    words = [rng.next64() for _ in range((n + 63) // 64)]
    bits = [(words[i // 64] >> (i % 64)) & 1 for i in range(n)]
    left, right = iter(items[: bits.count(0)]), iter(items[bits.count(0) :])
    return [next(right) if bit else next(left) for bit in bits]


def test_the_v2_shuffle_and_riffle_are_the_documented_algorithms_at_every_size() -> None:
    # The engine plans the shuffle's batches once a size and reads the riffle's
    # bits as bytes; the deals must be those of the plain description.
    for seed in range(12):
        for size in [*range(0, 140), 300, 1000]:
            fast, plain = list(range(size)), list(range(size))
            engine, reference = Rng(seed), Rng(seed)
            engine.shuffle(fast)
            _plain_v2_shuffle(reference, plain)
            assert fast == plain, (seed, size)
            assert engine.riffle(fast) == _plain_v2_riffle(reference, plain), (seed, size)
            assert engine.next64() == reference.next64()


def test_derive_mixes_each_label_byte_by_byte_as_documented() -> None:
    from cardcli.engine.rng import _mix

    def plain(seed: int, *labels: int | str) -> int:
        value = _mix(seed)
        for label in labels:
            if isinstance(label, int):
                data = b"i" + (label & (2**64 - 1)).to_bytes(8, "little")
            else:
                data = b"s" + label.encode()
            for k in range(0, len(data), 8):
                value = _mix(value ^ int.from_bytes(data[k : k + 8], "little") ^ (len(data) << 56))
        return value

    labels: list[int | str] = [
        0,
        1,
        -1,
        2**64 + 5,
        2**70,
        12345678901234567,
        "",
        "bot",
        "p1",
        "é" * 9,
        "x" * 17,
    ]
    for seed in (0, 1, 2**63, 2**64 - 1):
        for first in labels:
            for second in labels:
                assert derive(seed, first, second) == plain(seed, first, second)


# -- v3: a shuffle then riffles, drawn from the end back ------------------------------------


def test_shuffle_then_riffle_v3_golden_values() -> None:
    decks = Rng(2026).shuffle_then_riffle(list(range(12)), 2)
    assert decks == [
        [4, 9, 5, 10, 7, 3, 11, 2, 1, 8, 0, 6],
        [3, 4, 11, 2, 1, 9, 8, 5, 0, 10, 6, 7],
        [3, 5, 0, 10, 4, 11, 2, 6, 1, 9, 8, 7],
    ]


def test_shuffle_then_riffle_v3_is_the_documented_algorithm() -> None:
    # The last deck is v2's shuffle; each deck is v2's riffle, with riffle k's
    # bits (the words after the shuffle's, in turn), of the deck before it.
    for seed in range(40):
        for size, times in ((0, 2), (1, 3), (2, 1), (12, 5), (52, 5), (54, 5), (64, 2), (130, 3)):
            engine = Rng(seed)
            decks = engine.shuffle_then_riffle(list(range(size)), times)
            assert len(decks) == times + 1
            shuffled = list(range(size))
            reference = Rng(seed)
            reference.shuffle(shuffled)
            assert decks[-1] == shuffled, (seed, size)
            words = (size + 63) // 64
            for k in range(1, times + 1):
                riffler = Rng(seed)
                riffler.shuffle(list(range(size)))
                riffler.skip((k - 1) * words)
                assert riffler.riffle(decks[k - 1]) == decks[k], (seed, size, k)
            # The generator ends where drawing every riffle's words leaves it,
            # with the riffles worked out or not.
            reference.skip(times * words)
            quiet = Rng(seed)
            assert quiet.shuffle_then_riffle(list(range(size)), times, history=False) == [shuffled]
            assert engine.next64() == reference.next64() == quiet.next64()


def test_shuffle_then_riffle_v3_draws_the_forward_distribution() -> None:
    # Three cards, one riffle: the first deck uniform (1/6 each) and, whatever
    # it is, the riffle's GSR law: the order kept with 4/8 (bits 000, 001, 011,
    # 111), each of the four other orders a riffle reaches with 1/8.
    draws = 48000
    rng = Rng(8)
    first: dict[tuple[int, ...], int] = {}
    moves: dict[tuple[int, ...], int] = {}
    for _ in range(draws):
        before, after = rng.shuffle_then_riffle([0, 1, 2], 1)
        first[tuple(before)] = first.get(tuple(before), 0) + 1
        move = tuple(before.index(card) for card in after)  # where each card came from
        moves[move] = moves.get(move, 0) + 1
    assert len(first) == 6 and all(abs(n - draws / 6) < 0.05 * draws / 6 for n in first.values())
    assert len(moves) == 5 and abs(moves.pop((0, 1, 2)) - draws / 2) < 0.03 * draws / 2
    assert sorted(moves) == [(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1)]
    assert all(abs(n - draws / 8) < 0.06 * draws / 8 for n in moves.values())


def test_unriffle_undoes_the_v2_riffle_with_the_same_bits() -> None:
    for seed in range(50):
        deck = list(range(52))
        bits = Rng(seed).riffle_bits(52)
        assert unriffle(Rng(seed).riffle(deck), bits) == deck


def test_shuffle_then_riffle_before_v3_draws_forward() -> None:
    for version in (RngV2, RngV1):
        decks = version(9).shuffle_then_riffle(list(range(52)), 5)
        forward = version(9)
        deck = list(range(52))
        forward.shuffle(deck)
        expected = [deck]
        for _ in range(5):
            expected.append(forward.riffle(expected[-1]))
        assert decks == expected
        assert version(9).shuffle_then_riffle(list(range(52)), 5, history=False) == [expected[-1]]


def test_shuffle_then_riffle_refuses_a_negative_count() -> None:
    for version in (Rng, RngV2, RngV1):
        with pytest.raises(ValueError):
            version(1).shuffle_then_riffle([1, 2, 3], -1)
    assert Rng(1).shuffle_then_riffle([1, 2, 3], 0) == Rng(1).shuffle_then_riffle(
        [1, 2, 3], 0, False
    )


def test_a_decision_rng_skips_from_its_decision_seed() -> None:
    seat = DecisionRng(7, "bot", "p1")
    seat.at(3).skip(2)
    eager = Rng(derive(7, "bot", "p1", 3))
    eager.next64()
    eager.next64()
    assert seat.next64() == eager.next64()
