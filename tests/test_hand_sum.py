"""The hand sum's layout: each field counts what it is named for."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tonk._hand_sum import (
    HAND_SUM_START,
    PLACE_BITS,
    PLACES,
    RANK_BITS,
    RANK_TOP_SHIFT,
    WILD_HELD,
    books_held,
    place_counts,
    place_of,
    places_held,
    rank_index_of,
    rank_of_top_bit,
    rank_unit,
    run_place,
    suit_count,
    suit_of,
    suit_places,
)
from tonk._tables import Tables, tables_of
from tonk.cards import Card
from tonk.rules import Rules, Wilds

_RULES = [
    pytest.param(Rules(), id="pagat"),
    pytest.param(Rules(ace_high=True), id="ace_high"),
    pytest.param(Rules(two_packs_from=2), id="two_packs"),
    pytest.param(Rules(jokers=2, wilds=Wilds.JOKERS_AND_TWOS), id="wild_jokers_twos"),
]


def _sum(hand: list[Card], tables: Tables) -> int:
    total = HAND_SUM_START
    for card in hand:
        total += tables.hand_unit[card.code]
    return total


def _hands(rules: Rules) -> list[list[Card]]:
    pack = list(rules.pack(players=2))
    rng = random.Random(39)
    return [rng.sample(pack, rng.randint(0, 13)) for _ in range(300)]


@pytest.mark.parametrize("rules", _RULES)
def test_a_hand_sum_counts_each_ranks_natural_cards(rules: Rules) -> None:
    tables = tables_of(rules)
    for hand in _hands(rules):
        total = _sum(hand, tables)
        naturals = [card for card in hand if tables.book_unit[card.code]]
        by_rank = Counter(rank_index_of(card.code) for card in naturals)
        held_thrice = {rank for rank, count in by_rank.items() if count >= 3}
        books = books_held(total)
        found = set()
        while books:
            top = books & -books
            books -= top
            assert top >> RANK_TOP_SHIFT == rank_unit(rank_of_top_bit(top) + 1)
            found.add(rank_of_top_bit(top))
        assert found == held_thrice, hand


@pytest.mark.parametrize("rules", _RULES)
def test_a_hand_sum_counts_the_cards_at_each_run_place(rules: Rules) -> None:
    tables = tables_of(rules)
    copies = 2 if rules.two_packs_from is not None else 1
    for hand in _hands(rules):
        total = _sum(hand, tables)
        at_place = Counter(
            run_place(suit_of(card.code), position)
            for card in hand
            if tables.book_unit[card.code]
            for position in tables.positions[card.code]
        )
        held = places_held(total, copies)
        assert held >> PLACES * PLACE_BITS == 0  # no wild card's count among them
        for suit in range(4):
            for position in range(16):
                place = run_place(suit, position)
                expected = place in at_place
                assert bool(held >> PLACE_BITS * place & 1) == expected
                assert bool(suit_places(held, suit) >> PLACE_BITS * position & 1) == (
                    expected
                )
                counts = place_counts(total, position)
                assert suit_count(counts, suit) == at_place[place]
        assert (total >= WILD_HELD) == any(tables.wild[card.code] for card in hand)


def test_a_place_and_a_rank_read_back_from_their_bits() -> None:
    for place in range(64):
        assert place_of(1 << PLACE_BITS * place) == place
    for rank in range(1, 14):
        assert rank_of_top_bit(8 * rank_unit(rank)) == rank - 1
        assert rank_unit(rank) == 1 << RANK_BITS * rank
    for code in range(52):
        assert 13 * suit_of(code) + rank_index_of(code) == code
