"""Private: the card tables of a rule set's card options (B1, B9, V1-V6, V10).

The value and the wildness of each card, the places of runs, the units of a
hand's sum and the pack itself depend only on six card options of
:class:`~tonk.rules.Rules` (the pack, jokers, wilds, the joker's value, court
values, ace high). They are built here, below :mod:`tonk.rules`, from those
options' values alone, so that ``Rules`` answers :meth:`~tonk.rules.Rules.pack`,
:meth:`~tonk.rules.Rules.card_value`, :meth:`~tonk.rules.Rules.is_wild` and
:attr:`~tonk.rules.Rules.max_players` without reaching into the engine;
:mod:`tonk._compiled` keeps these tables in the compiled form the engine reads.

Examples:
    >>> from tonk.rules import Rules
    >>> tables = tables_of(Rules())
    >>> tables.values[12], len(tables.pack), tables.any_wild
    (10, 52, False)
    >>> tables_of(Rules()) is tables  # cached by the options' values
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import attrs

from tonk._cache import Cache, cached
from tonk._hand_sum import (
    PLACES,
    WILD_HELD,
    card_unit,
    rank_unit,
    run_place,
    suit_of,
)
from tonk.cards import CODE_COUNT, JOKER_CODE, Card, card_from_code

__all__ = [
    "CardOptions",
    "Tables",
    "card_tables",
    "reachable_counts",
    "tables_of",
]


class CardOptions(Protocol):
    """The card options of a rule set, as :class:`~tonk.rules.Rules` has them.

    The enums of :mod:`tonk.rules` are string enums: their values are read here.
    """

    @property
    def pack_kind(self) -> str: ...
    @property
    def jokers(self) -> int: ...
    @property
    def wilds(self) -> str: ...
    @property
    def joker_value(self) -> int: ...
    @property
    def court_values(self) -> str: ...
    @property
    def ace_high(self) -> bool: ...


@attrs.frozen
class Tables:
    """Lookup tables the engine derives once from a rule set's card options.

    Caches of answers worked out from the tables key them by :attr:`key`, a
    value: a copy of the tables (made by :mod:`pickle` or :mod:`copy` with its
    rule set) shares the original's entries, and tables of other options never
    do, whatever objects come and go.
    """

    key: tuple[str, int, str, int, str, bool]
    """The card options the tables were built from, as plain values that hash
    fast: the pack, jokers, wilds, joker value, court values and ace high."""
    values: tuple[int, ...]
    """Count value of each card in hand, indexed by :attr:`Card.code`."""
    wild: tuple[bool, ...]
    """Whether each card is wild in spreads."""
    positions: tuple[tuple[int, ...], ...]
    """Each card's positions within a run of its suit (the ace may have two:
    1 and, with ace high, the top); ``()`` for a joker or a card not in the pack."""
    run_card: tuple[int, ...]
    """The code of the card at each run place (``run_place(suit, position)``
    of :mod:`tonk._hand_sum`), or -1."""
    top: int
    """The highest run position."""
    book_unit: tuple[int, ...]
    """What a natural card adds to its rank's field of a hand's sum, else 0
    (:mod:`tonk._hand_sum`)."""
    hand_unit: tuple[int, ...]
    """What a card adds to its hand's sum (:func:`~tonk._hand_sum.card_unit`
    for a natural card, one wild card's unit for a wild one, 0 for a joker
    that is not wild), so that the sum tells the books and runs held."""
    pack: tuple[Card, ...]
    """One pack, with the jokers, in canonical order."""
    naturals: tuple[Card, ...]
    """The distinct natural (non-joker) cards of the pack."""
    codes: frozenset[int]
    """The codes of the pack's cards (a card's membership, at once)."""
    any_wild: bool
    """Whether any card of the pack is wild."""


_RUN_ORDER = {
    "full": tuple(range(1, 14)),
    "forty": (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),  # V1: the 7 is next to the J
}


def _card_tables(
    pack_kind: str,
    jokers: int,
    wilds: str,
    joker_value: int,
    court_values: str,
    ace_high: bool,
) -> Tables:
    """Return the per-card tables of a pack, wilds and values (B1, B9, V1-V6, V10).

    They are built once for each set of values.
    """
    order = _RUN_ORDER[pack_kind]
    values = [0] * CODE_COUNT
    wild = [False] * CODE_COUNT
    positions: list[tuple[int, ...]] = [()] * CODE_COUNT
    run_card = [-1] * PLACES
    book_unit = [0] * CODE_COUNT
    hand_unit = [0] * CODE_COUNT
    top = len(order) + int(ace_high)
    naturals = []
    for code in range(JOKER_CODE):
        card = card_from_code(code)
        rank = int(card.rank)
        if rank not in order:
            continue
        naturals.append(card)
        suit = suit_of(code)
        if court_values == "ranked":
            values[code] = rank  # V6
        else:
            values[code] = min(rank, 10)  # B1
        place = order.index(rank) + 1
        card_positions = (place, top) if ace_high and rank == 1 else (place,)
        positions[code] = card_positions
        for position in card_positions:
            run_card[run_place(suit, position)] = code
        wild[code] = wilds == "jokers_and_twos" and rank == 2
        if wild[code]:
            hand_unit[code] = WILD_HELD
        else:
            book_unit[code] = rank_unit(rank)
            places = [run_place(suit, position) for position in card_positions]
            hand_unit[code] = card_unit(rank, *places)
    values[JOKER_CODE] = joker_value
    wild[JOKER_CODE] = wilds != "none"
    if wild[JOKER_CODE]:
        hand_unit[JOKER_CODE] = WILD_HELD
    pack = (*naturals, *[card_from_code(JOKER_CODE)] * jokers)
    return Tables(
        key=(
            str(pack_kind),
            jokers,
            str(wilds),
            joker_value,
            str(court_values),
            ace_high,
        ),
        values=tuple(values),
        wild=tuple(wild),
        positions=tuple(positions),
        run_card=tuple(run_card),
        top=top,
        book_unit=tuple(book_unit),
        hand_unit=tuple(hand_unit),
        pack=pack,
        naturals=tuple(naturals),
        codes=frozenset(card.code for card in pack),
        any_wild=any(wild[card.code] for card in pack),
    )


card_tables = cached(limit=64)(_card_tables)  # rule sets share tables; few in use
"""The card tables of a pack, wilds and values, built once for each set of
values (:func:`_card_tables`, which mutation testing reaches undecorated)."""


def reachable_counts(values: Iterable[int], hand_size: int) -> frozenset[int]:
    """Return every count a hand of ``hand_size`` cards with these values can have.

    Only how many cards have each value matters, so the answer is remembered
    by that (rule sets differ far more often than their card values do).
    """
    return _REACHABLE[tuple(sorted(values)), hand_size]


def _reachable_counts(key: tuple[tuple[int, ...], int]) -> frozenset[int]:
    """Return the counts ``hand_size`` cards of ``values`` can add up to (B12).

    ``key`` is ``(values, hand_size)``.
    """
    values, hand_size = key
    reachable: list[set[int]] = [set() for _ in range(hand_size + 1)]
    reachable[0].add(0)
    for value in values:
        for size in range(hand_size, 0, -1):
            reachable[size].update(total + value for total in reachable[size - 1])
    return frozenset(reachable[hand_size])


_REACHABLE: Cache[tuple[tuple[int, ...], int], frozenset[int]] = Cache(
    _reachable_counts, limit=256
)
"""The counts reachable, by the card values (sorted) and the hand size."""


def tables_of(rules: CardOptions) -> Tables:
    """Return the card tables of a rule set's card options (cached by their values)."""
    return card_tables(
        rules.pack_kind,
        rules.jokers,
        rules.wilds,
        rules.joker_value,
        rules.court_values,
        rules.ace_high,
    )
