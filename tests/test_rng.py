"""Golden values of the RNG: a seed means the same deal everywhere."""

from __future__ import annotations

from cardcli.engine.rng import RNG_ID, DerivedRng, Rng, derive


def test_splitmix64_matches_the_reference_outputs_for_seed_0() -> None:
    # The first outputs of the published SplitMix64 for seed 0.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    assert RNG_ID == "splitmix64-v1"


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


def test_fisher_yates_golden_deal() -> None:
    deck = list(range(52))
    Rng(2026).shuffle(deck)
    assert deck == [
        33, 38, 16, 43, 21, 26, 7, 20, 13, 47, 14, 15, 22, 12, 42, 45, 30, 39, 48, 51, 18, 41,
        25, 0, 36, 19, 8, 35, 17, 49, 50, 4, 28, 3, 2, 1, 46, 23, 40, 32, 31, 44, 5, 24, 37, 6,
        29, 9, 10, 34, 11, 27,
    ]  # fmt: skip


def test_riffle_golden_and_keeps_both_packets_in_order() -> None:
    result = Rng(2026).riffle(list(range(20)))
    assert result == [0, 1, 2, 3, 4, 8, 9, 10, 5, 11, 6, 12, 13, 14, 15, 16, 17, 7, 18, 19]
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


def test_a_derived_rng_draws_what_rng_of_derive_draws() -> None:
    lazy, eager = DerivedRng(7, "bot", "p1", 12), Rng(derive(7, "bot", "p1", 12))
    assert [lazy.below(1000) for _ in range(20)] == [eager.below(1000) for _ in range(20)]
