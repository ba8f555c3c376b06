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

import functools
from collections.abc import Iterable
from typing import Protocol

import attrs

from tonk.cards import CODE_COUNT, JOKER_CODE, Card, card_from_code

__all__ = [
    "RUN_FIELDS",
    "WILD_FIELD",
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
    """The code of the card at ``16 * suit + position``, or -1."""
    top: int
    """The highest run position."""
    book_unit: tuple[int, ...]
    """``1 << 4 * rank`` for a natural card, else 0: summed over a hand, each
    4-bit field counts the natural cards of one rank."""
    hand_unit: tuple[int, ...]
    """What a card adds to its hand's sum: its :attr:`book_unit` in the low
    56 bits (14 ranks of 4 bits), and above them a 2-bit field for each run
    place ``16 * suit + position`` that counts the natural cards held there
    (at most two: two packs). A wild card adds ``1 << WILD_FIELD`` alone, so
    a hand's sum tells whether it holds a wild card (and then nothing else)."""
    pack: tuple[Card, ...]
    """One pack, with the jokers, in canonical order."""
    naturals: tuple[Card, ...]
    """The distinct natural (non-joker) cards of the pack."""
    any_wild: bool
    """Whether any card of the pack is wild."""


RUN_FIELDS = 56
"""The bit of :attr:`Tables.hand_unit` where the run places' fields start."""
WILD_FIELD = RUN_FIELDS + 2 * 64
"""The bit of :attr:`Tables.hand_unit` where the count of wild cards starts,
past the 64 run places' fields."""

_RUN_ORDER = {
    "full": tuple(range(1, 14)),
    "forty": (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),  # V1: the 7 is next to the J
}


@functools.lru_cache(maxsize=64)  # rule sets share tables; few are ever in use
def card_tables(
    pack_kind: str,
    jokers: int,
    wilds: str,
    joker_value: int,
    court_values: str,
    ace_high: bool,
) -> Tables:
    """Return the per-card tables of a pack, wilds and values (B1, B9, V1-V6, V10)."""
    order = _RUN_ORDER[pack_kind]
    values = [0] * CODE_COUNT
    wild = [False] * CODE_COUNT
    positions: list[tuple[int, ...]] = [()] * CODE_COUNT
    run_card = [-1] * 64
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
        suit = code // 13
        if court_values == "ranked":
            values[code] = rank  # V6
        else:
            values[code] = min(rank, 10)  # B1
        place = order.index(rank) + 1
        card_positions = (place, top) if ace_high and rank == 1 else (place,)
        positions[code] = card_positions
        for position in card_positions:
            run_card[16 * suit + position] = code
        wild[code] = wilds == "jokers_and_twos" and rank == 2
        if wild[code]:
            hand_unit[code] = 1 << WILD_FIELD
        else:
            book_unit[code] = 1 << (4 * rank)
            hand_unit[code] = book_unit[code] + sum(
                1 << (RUN_FIELDS + 2 * (16 * suit + p)) for p in card_positions
            )
    values[JOKER_CODE] = joker_value
    wild[JOKER_CODE] = wilds != "none"
    if wild[JOKER_CODE]:
        hand_unit[JOKER_CODE] = 1 << WILD_FIELD
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
        any_wild=any(wild[card.code] for card in pack),
    )


def reachable_counts(values: Iterable[int], hand_size: int) -> frozenset[int]:
    """Return every count a hand of ``hand_size`` cards with these values can have.

    Only how many cards have each value matters, so the answer is remembered
    by that (rule sets differ far more often than their card values do).
    """
    return _reachable_counts(tuple(sorted(values)), hand_size)


@functools.lru_cache(maxsize=256)
def _reachable_counts(values: tuple[int, ...], hand_size: int) -> frozenset[int]:
    """Return the counts ``hand_size`` cards of ``values`` can add up to (B12)."""
    reachable: list[set[int]] = [set() for _ in range(hand_size + 1)]
    reachable[0].add(0)
    for value in values:
        for size in range(hand_size, 0, -1):
            reachable[size].update(total + value for total in reachable[size - 1])
    return frozenset(reachable[hand_size])


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
