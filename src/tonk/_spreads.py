"""Private spread algorithms: recognising, finding and extending books and runs."""

from __future__ import annotations

from itertools import combinations, pairwise

from tonk.cards import JOKER_CODE, Card
from tonk.rules import _Tables
from tonk.state import Spread, SpreadKind

MAX_BOOK_SIZE = 4


def spread_kind(cards: tuple[Card, ...], tables: _Tables) -> SpreadKind | None:
    """Return what ``cards`` (sorted by code) form on the table, or ``None`` (B9)."""
    if len(cards) < 3:
        return None
    codes = [card.code for card in cards]
    if JOKER_CODE in codes:
        return None
    rank = codes[0] % 13
    if len(cards) <= MAX_BOOK_SIZE and all(code % 13 == rank for code in codes):
        return SpreadKind.BOOK
    run_next = tables.run_next
    for lower, upper in pairwise(codes):
        if run_next[lower] != upper:
            return None
    return SpreadKind.RUN


# Book test: a 4-bit field per rank holds its count; adding 5 carries into the
# field's top bit exactly when the count is 3 or more.
_FIVES = sum(5 << (4 * rank) for rank in range(14))
_EIGHTS = sum(8 << (4 * rank) for rank in range(14))


def find_spreads(hand: tuple[Card, ...], tables: _Tables) -> list[tuple[Card, ...]]:
    """Return every book and run that can be laid from ``hand``, sorted by code."""
    if len(hand) < 3:
        return []
    run_bit = tables.run_bit
    book_unit = tables.book_unit
    runs = 0
    books = 0
    for card in hand:
        code = card.code
        runs |= run_bit[code]
        books += book_unit[code]
    if not (runs & (runs >> 1) & (runs >> 2)) and not ((books + _FIVES) & _EIGHTS):
        return []  # the usual case, decided without building anything
    found: set[tuple[Card, ...]] = set()
    by_rank: dict[int, list[Card]] = {}
    present: dict[int, Card] = {}
    for card in hand:
        code = card.code
        if code != JOKER_CODE:
            by_rank.setdefault(code % 13, []).append(card)
            present[code] = card
    for same_rank in by_rank.values():
        if len(same_rank) >= 3:
            for size in range(3, min(len(same_rank), MAX_BOOK_SIZE) + 1):
                found.update(combinations(same_rank, size))
    run_next = tables.run_next
    run_previous = tables.run_previous
    for code in present:
        if run_previous[code] in present:
            continue  # not the low end of a streak
        streak = [present[code]]
        following = run_next[code]
        while following in present:
            streak.append(present[following])
            following = run_next[following]
        length = len(streak)
        for start in range(length - 2):
            for stop in range(start + 3, length + 1):
                found.add(tuple(streak[start:stop]))
    return sorted(found, key=_codes)


def _codes(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.code for card in cards)


def fits(spread: Spread, card: Card, tables: _Tables) -> bool:
    """Return whether ``card`` can be hit onto ``spread`` (B10)."""
    cards = spread.cards
    code = card.code
    if spread.kind is SpreadKind.BOOK:
        return (
            len(cards) < MAX_BOOK_SIZE
            and code != JOKER_CODE
            and code % 13 == cards[0].code % 13
        )
    return (
        tables.run_next[cards[-1].code] == code
        or tables.run_previous[cards[0].code] == code
    )


def extended(spread: Spread, card: Card, tables: _Tables) -> Spread:
    """Return ``spread`` with ``card`` hit onto it; ``card`` must fit."""
    cards = spread.cards
    if spread.kind is SpreadKind.BOOK:
        new_cards = tuple(sorted((*cards, card)))
    elif tables.run_next[cards[-1].code] == card.code:
        new_cards = (*cards, card)
    else:
        new_cards = (card, *cards)
    return Spread(
        number=spread.number, owner=spread.owner, kind=spread.kind, cards=new_cards
    )
