"""Private: the hand sum, one int that tells which books and runs a hand holds.

Each card adds a precomputed unit (:func:`card_unit`, kept by the card tables
as ``Tables.hand_unit``) to its hand's sum, which starts at
:data:`HAND_SUM_START`. From the low bits up, the sum holds three kinds of
field:

- a *rank field* of :data:`RANK_BITS` bits for each rank (the ace's at bit 4,
  the king's at bit 52; bits 0-3 are unused), counting the rank's natural
  cards from 5, so that its top bit (8) is set exactly when three or more
  are held (at most 8 with two packs: 13);
- from :data:`RUN_FIELDS`, a *place field* of :data:`PLACE_BITS` bits for
  each run place, ``SUIT_PLACES * suit + position`` (:func:`run_place`),
  counting the natural cards held there (at most two: two packs). Position 0
  and the positions past a suit's top hold no card, so that no run crosses
  into another suit;
- from :data:`WILD_FIELD`, the count of wild cards held: a sum at least
  :data:`WILD_HELD` holds one.

A few operations on the sum then answer "is there any book or run at all?",
the usual answer being no, before anything is built. The masks below are
named for what they pick out, as python-chess names its bitboards; the hot
loops of :mod:`tonk._spreads` use them inline, and the rest of the engine the
functions.

Cards are numbered by :attr:`tonk.cards.Card.code`: ``RANKS * suit + rank -
1``, the joker last; :func:`suit_of` and :func:`rank_index_of` read a code.

Examples:
    >>> ace, two, three = (card_unit(rank, run_place(0, rank)) for rank in (1, 2, 3))
    >>> total = HAND_SUM_START + ace + two + three  # AC 2C 3C
    >>> held = places_held(total, copies=1)  # three places in a row:
    >>> held & held >> PLACE_BITS & held >> TWO_PLACE_BITS == 1 << PLACE_BITS
    True
    >>> books_held(total)  # no rank three times
    0
"""

from __future__ import annotations

__all__ = [
    "HAND_SUM_START",
    "PLACES",
    "PLACE_BITS",
    "PLACE_IN_EACH_SUIT",
    "PLACE_LOW_BITS",
    "RANKS",
    "RANK_BITS",
    "RANK_ONES",
    "RANK_TOP_BITS",
    "RANK_TOP_SHIFT",
    "RANK_TWOS",
    "RUN_FIELDS",
    "SUIT_BITS",
    "SUIT_PLACES",
    "SUIT_PLACE_BITS",
    "TWO_PLACE_BITS",
    "WILD_FIELD",
    "WILD_HELD",
    "books_held",
    "card_unit",
    "place_counts",
    "place_of",
    "places_held",
    "rank_index_of",
    "rank_of_top_bit",
    "rank_unit",
    "run_place",
    "suit_count",
    "suit_of",
    "suit_places",
]

RANKS = 13
"""The ranks of a suit: a card's code is ``RANKS * suit + rank - 1``."""
RANK_BITS = 4
"""The bits of a rank field."""
PLACE_BITS = 2
"""The bits of a place field."""
SUIT_PLACES = 16
"""The run places of a suit (positions 0 to 15): a run place is
``SUIT_PLACES * suit + position``."""
PLACES = 4 * SUIT_PLACES
"""The run places of the four suits."""
TWO_PLACE_BITS = 2 * PLACE_BITS
"""The bits of two place fields: a run's third place is this far above its
first place's."""
SUIT_BITS = SUIT_PLACES * PLACE_BITS
"""The bits of a suit's place fields: a suit's fields start ``SUIT_BITS *
suit`` bits above :data:`RUN_FIELDS`."""
RUN_FIELDS = 14 * RANK_BITS
"""The bit where the place fields start, past the 14 rank fields."""
WILD_FIELD = RUN_FIELDS + PLACES * PLACE_BITS
"""The bit where the count of wild cards starts, past the place fields."""
WILD_HELD = 1 << WILD_FIELD
"""A wild card's unit: a sum this high holds a wild card."""
RANK_TOP_SHIFT = RANK_BITS - 1
"""How far a rank field's top bit (8) is above its unit."""

HAND_SUM_START = sum(5 << RANK_BITS * rank for rank in range(14))
"""Where a hand's sum starts: each rank's field at 5, no place held, no wild."""
RANK_TOP_BITS = sum(8 << RANK_BITS * rank for rank in range(14))
"""Each rank field's top bit: in a sum, the ranks held three times or more."""
RANK_ONES = sum(1 << RANK_BITS * rank for rank in range(14))
"""One more card of every rank: added to a sum, the ranks held twice reach
their top bit."""
RANK_TWOS = sum(2 << RANK_BITS * rank for rank in range(14))
"""Two more cards of every rank: added to a sum, the ranks held at all reach
their top bit."""
PLACE_LOW_BITS = sum(1 << PLACE_BITS * place for place in range(PLACES))
"""Each place field's low bit: the places held, once a field's high bit is
folded onto it (:func:`places_held`)."""
SUIT_PLACE_BITS = sum(1 << PLACE_BITS * position for position in range(SUIT_PLACES))
"""The low bit of each place field of one suit, shifted down to suit 0."""
PLACE_IN_EACH_SUIT = sum(3 << SUIT_BITS * suit for suit in range(4))
"""One position's place field in each suit, shifted down to position 0."""


def suit_of(code: int) -> int:
    """Return the suit (0-3) of a natural card's code.

    Examples:
        >>> suit_of(13), suit_of(51)
        (1, 3)
    """
    return code // RANKS


def rank_index_of(code: int) -> int:
    """Return the rank of a natural card's code, less one (the ace is 0).

    Examples:
        >>> rank_index_of(13), rank_index_of(51)
        (0, 12)
    """
    return code % RANKS


def run_place(suit: int, position: int) -> int:
    """Return the run place of ``position`` (0-15) in ``suit`` (0-3).

    Examples:
        >>> run_place(0, 1), run_place(2, 13)
        (1, 45)
    """
    return SUIT_PLACES * suit + position


def rank_unit(rank: int) -> int:
    """Return what one natural card of ``rank`` (1-13) adds to a rank field.

    Examples:
        >>> rank_unit(1) == 1 << RANK_BITS
        True
    """
    return 1 << RANK_BITS * rank


def card_unit(rank: int, *places: int) -> int:
    """Return a natural card's unit: its rank's and each of its run places'.

    An ace with the ace high (V10) has two places, at each end of its suit.

    Examples:
        >>> card_unit(1, 1, 14) == (
        ...     rank_unit(1) + (1 << RUN_FIELDS + 2) + (1 << RUN_FIELDS + 28)
        ... )
        True
    """
    unit = rank_unit(rank)
    for place in places:
        unit += 1 << RUN_FIELDS + PLACE_BITS * place
    return unit


def places_held(total: int, copies: int) -> int:
    """Return a bit at ``PLACE_BITS * place`` for each run place ``total`` holds.

    From one pack a place field counts 0 or 1 (a hand holds no card twice but
    a joker, which has no place), so it needs no fold.

    Examples:
        >>> places_held(HAND_SUM_START + card_unit(2, 2) * 2, copies=2) == 1 << 4
        True
    """
    fields = total >> RUN_FIELDS
    if copies == 1:
        return fields & ((1 << PLACES * PLACE_BITS) - 1)
    return (fields | fields >> 1) & PLACE_LOW_BITS


def books_held(total: int) -> int:
    """Return the top bit of each rank that ``total`` holds three times or more.

    Examples:
        >>> books_held(HAND_SUM_START + 3 * rank_unit(7)) == 8 << RANK_BITS * 7
        True
    """
    return total & RANK_TOP_BITS


def rank_of_top_bit(bit: int) -> int:
    """Return the rank, less one, whose field's top bit is ``bit``.

    Examples:
        >>> rank_of_top_bit(8 << RANK_BITS * 7)
        6
    """
    return bit.bit_length() // RANK_BITS - 2


def place_of(bit: int) -> int:
    """Return the run place whose low bit is ``bit`` (in :func:`places_held`).

    Examples:
        >>> place_of(1 << PLACE_BITS * 17)
        17
    """
    return (bit.bit_length() - 1) // PLACE_BITS


def suit_places(held: int, suit: int) -> int:
    """Return the places ``held`` holds in ``suit``, shifted down to suit 0.

    Examples:
        >>> suit_places(1 << PLACE_BITS * run_place(1, 5), 1) == 1 << PLACE_BITS * 5
        True
    """
    return held >> SUIT_BITS * suit & SUIT_PLACE_BITS


def place_counts(total: int, position: int) -> int:
    """Return the place fields of ``position`` in each suit, shifted down.

    Read each suit's count with :func:`suit_count`; for a rank, ``position``
    is its place in a run, the same in every suit.

    Examples:
        >>> counts = place_counts(HAND_SUM_START + card_unit(5, run_place(2, 5)), 5)
        >>> [suit_count(counts, suit) for suit in range(4)]
        [0, 0, 1, 0]
    """
    return total >> RUN_FIELDS + PLACE_BITS * position & PLACE_IN_EACH_SUIT


def suit_count(counts: int, suit: int) -> int:
    """Return the count of ``suit`` in :func:`place_counts`' answer."""
    return counts >> SUIT_BITS * suit & 3
