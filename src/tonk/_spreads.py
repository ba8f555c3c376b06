"""Private spread algorithms: recognising, finding and extending books and runs.

A spread is a multiset of *physical* cards (what leaves the hand) and a multiset
of *represented* cards (what they play as). A natural card represents itself; a
wild card (V4, V5) represents any natural card. Which wild stands for which card
does not matter, so a spread is identified by the two multisets, and laid out
with a canonical pairing: naturals as themselves, then wilds that can stand for
themselves, then the other wilds in order.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from itertools import combinations

from tonk._cache import Cache
from tonk._compiled import Tables, card_tables
from tonk._fast import BOOK, DESIGNATIONS, RUN, designation
from tonk._hand_sum import (
    HAND_SUM_START,
    PLACE_BITS,
    PLACE_LOW_BITS,
    PLACES,
    RANK_ONES,
    RANK_TOP_BITS,
    RANK_TOP_SHIFT,
    RANK_TWOS,
    RANKS,
    RUN_FIELDS,
    TWO_PLACE_BITS,
    WILD_HELD,
    books_held,
    place_counts,
    place_of,
    places_held,
    rank_index_of,
    rank_of_top_bit,
    run_place,
    suit_count,
    suit_of,
    suit_places,
)
from tonk.actions import LaySpread
from tonk.cards import (
    CARDS,
    CODE_COUNT,
    JOKER_CODE,
    Card,
    Element,
    WildCard,
    card_from_code,
)
from tonk.rules import CourtValues, PackKind, Wilds
from tonk.state import Spread, SpreadKind

MAX_BOOK_SIZE = 4


def split(element: Element) -> tuple[Card, Card]:
    """Return the (physical, represented) cards of an element, both interned."""
    if element.__class__ is WildCard:
        assert isinstance(element, WildCard)
        return CARDS[element.card.code], CARDS[element.stands_for.code]
    assert isinstance(element, Card)
    card = CARDS[element.code]
    return card, card


def _run_order(represented: Sequence[int], tables: Tables) -> tuple[int, ...] | None:
    """Return the codes ``represented`` ordered low to high if a run (B9, V1, V10).

    Every code must have a run position (see :func:`classify`).
    """
    suit = represented[0] // RANKS
    for code in represented:  # a loop builds no set
        if code // RANKS != suit:
            return None  # a run is of one suit
    if len(set(represented)) != len(represented):
        return None  # a run never repeats a rank (V2)
    positions = tables.positions
    for end in (0, -1):  # the ace low, then (V10) high
        placed = sorted([(positions[code][end], code) for code in represented])
        if placed[-1][0] - placed[0][0] == len(placed) - 1:
            return tuple([code for _, code in placed])
    return None


def classify(
    represented: Sequence[int], tables: Tables, copies: int
) -> tuple[SpreadKind, tuple[int, ...]] | None:
    """Return the kind and laid-out order of a spread of ``represented`` codes."""
    if len(represented) < 3:
        return None
    positions = tables.positions
    rank = represented[0] % RANKS
    book = True
    # A loop, not all() and a set: nothing is built for a spread laid.
    for code in represented:
        if not positions[code]:
            return None  # a joker or a card not in the pack
        if code % RANKS != rank:
            book = False
    if book:
        if len(represented) > MAX_BOOK_SIZE:
            return None
        if any(represented.count(code) > copies for code in represented):
            return None
        return BOOK, tuple(sorted(represented))
    ordered = _run_order(represented, tables)
    if ordered is None:
        return None
    return RUN, ordered


def pair_up(
    physical: Sequence[int], ordered: Sequence[int], tables: Tables
) -> tuple[int, ...] | None:
    """Pair the physical codes with the represented codes laid out in ``ordered``.

    Returns the physical code for each represented code, or ``None`` when a
    natural card would have to stand for another card. There are as many
    physical codes as represented ones.
    """
    wild = tables.wild
    left = list(ordered)
    wilds = []
    assigned: dict[int, list[int]] = {}
    for code in sorted(physical):
        if wild[code]:
            wilds.append(code)
        elif code in left:
            left.remove(code)
            assigned.setdefault(code, []).append(code)
        else:
            return None
    others = []
    for code in wilds:
        if code in left:  # a wild standing for itself
            left.remove(code)
            assigned.setdefault(code, []).append(code)
        else:
            others.append(code)
    spare = iter(others)  # the other wilds, in order, for the cards left
    for stands_for in sorted(left):
        assigned.setdefault(stands_for, []).append(next(spare))
    return tuple([assigned[code].pop() for code in ordered])


def lay_out(
    elements: Iterable[Element], tables: Tables, copies: int
) -> tuple[SpreadKind, tuple[Card, ...], tuple[Card, ...]] | None:
    """Check a spread to lay; return its kind, physical and represented cards.

    ``None`` means it is not a valid spread: not a book or run, a natural card
    standing for another, or no natural card at all (V5).
    """
    physical = []
    represented = []
    for element in elements:
        if isinstance(element, WildCard):
            physical.append(element.card.code)
            represented.append(element.stands_for.code)
        else:
            physical.append(element.code)
            represented.append(element.code)
    result = classify(represented, tables, copies)
    if result is None:
        return None
    kind, ordered = result
    if physical == represented:  # no wild in it: each card is itself, in order
        cards = tuple(map(card_from_code, ordered))
        return kind, cards, cards
    codes = pair_up(physical, ordered, tables)
    if codes is None or not any(map(operator.eq, codes, ordered)):
        return None  # V5: a spread holds at least one natural card
    return (
        kind,
        tuple(map(card_from_code, codes)),
        tuple(map(card_from_code, ordered)),
    )


def _run_ends(middle: Card, size: int, tables: Tables) -> tuple[int, int]:
    """Return the lowest and highest positions of a run of ``size`` cards.

    ``middle`` is the card its second card represents: never an ace, as an ace
    can only end a run.
    """
    low = tables.positions[middle.code][0] - 1
    return low, low + size - 1


def fits(
    spread: Spread,
    card: Card,
    tables: Tables,
    copies: int,
    book_limit: int = MAX_BOOK_SIZE,
) -> bool:
    """Return whether a card representing ``card`` can be hit onto ``spread`` (B10).

    ``book_limit`` is the largest a book may grow by hits (V24a: 3).
    """
    represented = spread.stands_for
    middle = represented[1]  # a book's rank, a run's suit and place (_run_ends)
    if spread.kind is BOOK:
        return (
            len(represented) < book_limit
            and card.rank is middle.rank
            and represented.count(card) < copies
        )
    if card.suit is not middle.suit:
        return False
    low, high = _run_ends(middle, len(represented), tables)
    positions = tables.positions[card.code]
    if low - 1 in positions or high + 1 in positions:
        return all(held.rank is not card.rank for held in represented)
    return False


_SAME_RANK = tuple(
    sum(1 << other for other in range(JOKER_CODE) if other % RANKS == code % RANKS)
    for code in range(JOKER_CODE)
)
"""By a natural card's code, the bits of the codes of its rank."""
_SAME_SUIT = tuple(
    sum(1 << other for other in range(JOKER_CODE) if suit_of(other) == suit_of(code))
    for code in range(JOKER_CODE)
)
"""By a natural card's code, the bits of the codes of its suit."""


def kin(spread: Spread) -> int:
    """Return the bits of the codes of the cards that may fit ``spread`` (B10).

    A card fits a book only if it is of the book's rank, and a run only if it
    is of the run's suit (:func:`fits`): a card whose bit is clear does not
    fit, which one test tells, without a call of :func:`fits`.
    """
    middle = spread.stands_for[1].code
    return (_SAME_RANK if spread.kind is BOOK else _SAME_SUIT)[middle]


def hit_candidates(spread: Spread, tables: Tables) -> list[Card]:
    """Return the natural cards a wild might stand for when hit onto ``spread``."""
    represented = spread.stands_for
    middle = represented[1]  # a book's rank, a run's suit and place (_run_ends)
    if spread.kind is BOOK:
        rank = middle.rank
        return [card for card in tables.naturals if card.rank is rank]
    suit = suit_of(middle.code)
    low, high = _run_ends(middle, len(represented), tables)
    codes = (
        tables.run_card[run_place(suit, low - 1)],
        tables.run_card[run_place(suit, high + 1)],
    )
    # With ace high (V10) a run from the 2 to the king takes the ace at either
    # end: it is one candidate, not two.
    return [card_from_code(code) for code in dict.fromkeys(codes) if code >= 0]


def extended(
    spread: Spread, physical: Card, represented: Card, tables: Tables, hitter: int
) -> Spread:
    """Return ``spread`` with ``hitter``'s ``physical`` hit on as ``represented``."""
    pairs = [
        *zip(spread.stands_for, spread.cards, strict=True),
        (represented, physical),
    ]
    if spread.kind is BOOK:
        pairs.sort()  # by the cards represented, then the physical cards
    else:
        # Put in order as classify() does: a run holding every rank may read
        # with the ace at either end, and equal spreads are laid out alike.
        ordered = _run_order([natural.code for natural, _ in pairs], tables)
        assert ordered is not None
        by_code = {natural.code: (natural, card) for natural, card in pairs}
        pairs = [by_code[code] for code in ordered]
    new_cards = tuple(card for _, card in pairs)
    new_stands_for = tuple(natural for natural, _ in pairs)
    return Spread(
        number=spread.number,
        owner=spread.owner,
        kind=spread.kind,
        cards=new_cards,
        stands_for=new_stands_for,
        turn=spread.turn,
        hitters=(*spread.hitters, hitter),
    )


def elements_of(
    cards: Sequence[Card], stands_for: Sequence[Card]
) -> tuple[Element, ...]:
    """Return the notation elements of a laid-out spread."""
    return tuple(
        map(
            designation,
            [card.code for card in cards],
            [natural.code for natural in stands_for],
        )
    )


_canonical = LaySpread._canonical  # bound once, not looked up for every spread


def find_spreads(
    hand: tuple[Card, ...], tables: Tables, copies: int
) -> list[LaySpread]:
    """Return every spread that can be laid from ``hand``, in a fixed order.

    ``hand`` is sorted by code, as every hand of a state is.

    Each spread is given once, its elements in their canonical pairing.
    """
    hand_unit = tables.hand_unit
    total = HAND_SUM_START
    for card in hand:
        total += hand_unit[card.code]
    return spreads_by_sum(hand, total, copies, tables)


def spreads_by_sum(
    hand: tuple[Card, ...], total: int, copies: int, tables: Tables
) -> list[LaySpread]:
    """Return :func:`find_spreads`'s answer for ``hand``, whose sum is ``total``.

    ``total`` is the hand's sum (:mod:`tonk._hand_sum`): the books and
    run places held, and the wild cards. A caller that loops over the hand anyway
    (:func:`tonk._turn.play_actions`) sums it there, and one loop is saved.
    """
    if total >= WILD_HELD:  # a wild card held (V4, V5): the search by pattern
        if len(hand) < 3:
            return []
        return _spreads_with_wilds(hand, total, tables, copies)
    # places_held and books_held inline, and the lowest of each three places
    # held in a row: this runs for every hand after a draw, and the calls
    # would cost a third of it.
    fields = total >> RUN_FIELDS  # no wild card: nothing above the places
    held = fields if copies == 1 else (fields | fields >> 1) & PLACE_LOW_BITS
    starts = held & held >> PLACE_BITS & held >> TWO_PLACE_BITS
    books = total & RANK_TOP_BITS
    if not starts and not books:
        return []  # the usual case, decided without building anything
    # The spreads are found as tuples of codes, which hash, compare and sort
    # as ints do; tuples of cards would call Card's __hash__, __eq__ and
    # __lt__ (Python methods) for each.
    book_unit = tables.book_unit
    found: set[tuple[int, ...]] = set()
    while books:  # each rank held three times or more, lowest first
        top = books & -books  # the lowest bit left: one rank's top bit
        books -= top
        unit = top >> RANK_TOP_SHIFT  # what one card of that rank adds
        same_rank = [card.code for card in hand if book_unit[card.code] == unit]
        for size in range(3, min(len(same_rank), MAX_BOOK_SIZE) + 1):
            found.update(combinations(same_rank, size))
    run_card = tables.run_card
    # No run crosses into another suit: position 0 and the positions past the
    # top hold no card.
    while starts:  # the runs of three cards or more from each lowest position
        start = starts & -starts  # the lowest bit left
        starts -= start
        place = place_of(start)
        run = list(run_card[place : place + 3])
        found.add(tuple(sorted(run)))
        first = run[0]
        place += 3
        while held >> PLACE_BITS * place & 1 and run_card[place] != first:  # V10
            run.append(run_card[place])
            found.add(tuple(sorted(run)))
            place += 1
    return list(map(_NATURAL_SPREADS.__getitem__, sorted(found)))


def _find_natural_spread(codes: tuple[int, ...]) -> LaySpread:
    """Return the spread of the natural cards ``codes`` (sorted)."""
    return _canonical(tuple([CARDS[code] for code in codes]))


def _spreads_with_wilds(
    hand: tuple[Card, ...], total: int, tables: Tables, copies: int
) -> list[LaySpread]:
    """Enumerate spreads from a hand holding wild cards (V4, V5).

    ``total`` is the hand's sum (:func:`spreads_by_sum`). A spread is found as
    the represented cards (a book of a rank, or a run through consecutive
    positions) that the hand's natural cards, or a wild standing for itself,
    reach; each represented card is covered by a natural card held or by a
    wild, with every choice of which wilds to use. The runs of a suit depend
    only on that suit's natural cards and the wilds, and the books of a rank
    only on that rank's, so each is worked out once per pattern
    (:func:`_find_runs_in_suit`, :func:`_find_books_of_rank`, kept by their
    caches) and the hand merges them.
    A pattern's natural cards are read off the sum's run places, a few
    operations on an int, cheaper than grouping the cards.
    """
    wild = tables.wild
    positions = tables.positions
    wilds = tuple([card.code for card in hand if wild[card.code]])  # ascending
    held = places_held(total, copies)
    # No spread comes from two patterns: each pattern's spreads represent cards
    # of its own suit (runs) or rank (books), so the lists just join.
    suits, ranks = _searched(total, held, wilds, positions)
    key = tables.key
    found: _Found = []
    for suit in suits:
        found += _RUNS_IN_SUIT[key, suit, suit_places(held, suit), wilds]
    for rank in ranks:
        # The rank's natural cards: the count at its place in each suit.
        counts = place_counts(total, positions[rank][0])
        found += _BOOKS_OF_RANK[key, rank, counts, wilds, copies]
    found.sort()  # by the codes alone: no two spreads share them
    return [spread for _, _, spread in found]


def _searched(
    total: int,
    held: int,
    wilds: tuple[int, ...],
    positions: tuple[tuple[int, ...], ...],
) -> tuple[list[int], list[int]]:
    """Return the suits and ranks whose patterns may lay a spread (V4, V5).

    Read off the hand's sum ``total`` and its run places ``held``: only they
    are searched. A wild with a place (``positions``) can stand for itself.
    """
    if len(wilds) == 1:
        # A run of three needs two natural cards within three places, and a
        # book two of its rank: a rank's field (counted from 5) at 7 or more,
        # plus one, sets its top bit.
        close = held & (held >> PLACE_BITS | held >> TWO_PLACE_BITS)
        books = books_held(total + RANK_ONES)  # a rank held twice
        if not close and not books:
            return [], []  # common (about a quarter of one-wild hands)
        suits = [suit for suit in range(4) if suit_places(close, suit)]
    else:  # any natural card anchors a run, or a wild that stands for itself
        suits = [suit for suit in range(4) if suit_places(held, suit)]
        for code in wilds:
            if positions[code] and suit_of(code) not in suits:
                suits.append(suit_of(code))
        books = books_held(total + RANK_TWOS)  # a rank held at all
    ranks = []
    while books:  # each rank held often enough, lowest first
        top = books & -books
        books -= top
        ranks.append(rank_of_top_bit(top))
    if len(wilds) > 2:  # a book of three wilds, one standing for itself (V5)
        for code in wilds:
            if positions[code] and rank_index_of(code) not in ranks:
                ranks.append(rank_index_of(code))
    return suits, ranks


# The same few patterns (a suit's natural cards held, a rank's, and the wilds)
# recur across hands, so caches (made at the end of the module, which hold no
# logic) keep each pattern's spreads; a long simulation soon works out nothing
# new. A window's coverings are not cached: few recur before their pattern
# does (355 of 3,204 in the first 1,000 hands of the chicago preset), and
# worked out directly they cost little more than the lookup. Answers that
# depend on the rules are keyed by the value of their card options
# (Tables.key), never by an object's id: a copied rule set (pickle, deepcopy)
# finds the original's answers, and no other rule set's, after any object is
# freed. The cached functions take that key and find the tables again by it
# (_TABLES, and _RUN_WINDOWS for the cards of each run).

_Entry = tuple[list[int], tuple[int, ...], LaySpread]
"""A spread after its sort key: its physical codes sorted, its represented codes."""
_Found = list[_Entry]
_TablesKey = tuple[str, int, str, int, str, bool]
_Windows = tuple[tuple[tuple[int, ...], ...], ...]
"""The cards of every run, by its first place and its length."""
_CACHE_LIMIT = 50_000  # entries per cache: about 500 bytes each


def _find_tables(key: _TablesKey) -> Tables:
    """Return the tables of the card options ``key`` (their :attr:`Tables.key`)."""
    pack_kind, jokers, wilds, joker_value, court_values, ace_high = key
    return card_tables(
        PackKind(pack_kind),
        jokers,
        Wilds(wilds),
        joker_value,
        CourtValues(court_values),
        ace_high,
    )


def _find_runs_in_suit(
    key: _TablesKey, suit: int, held: int, wild_codes: tuple[int, ...]
) -> _Found:
    """Return every run of ``suit`` its natural cards and the wilds can lay.

    ``held`` has a bit at ``2 * position`` for each run position of the suit
    that a natural card holds (as a hand's sum has them). Each window of
    consecutive positions that holds an anchor (a natural card, or a wild that
    can stand for itself) and no more gaps than there are wilds is a run's
    represented cards; :func:`_cover` finds the ways to lay it.
    """
    tables = _TABLES[key]
    positions = tables.positions
    run_card = tables.run_card
    natural_places = 0  # a bit for each position held (cheaper than a set)
    while held:
        bit = held & -held
        held -= bit
        natural_places |= 1 << place_of(bit)
    self_standing = _SELF_STANDING[key, wild_codes]
    anchors = natural_places
    for code in self_standing:
        if suit_of(code) == suit:
            for position in positions[code]:
                anchors |= 1 << position
    wild_count = len(wild_codes)
    first = run_place(suit, 0)  # the run positions of the suit: first + position
    highest = anchors.bit_length() - 1
    last = min(tables.top, highest + wild_count)  # the highest place to reach
    # A window without an anchor lays nothing (V5), and one reaches its first
    # anchor only across gaps: it starts at most one place a wild before one.
    # Trying only those starts saves the windows that could lay nothing.
    starts = anchors
    for _ in range(wild_count):
        starts |= starts >> 1
    windows = _RUN_WINDOWS[key]
    found: _Found = []
    lowest = (starts & -starts).bit_length() - 1
    for low in range(max(1, lowest), highest + 1):
        if not starts >> low & 1:
            continue
        runs = windows[first + low]  # the cards of each run from ``low``
        gaps = 0
        pool: list[int] = []  # the natural cards held from ``low`` up, sorted
        for high in range(low, min(last, low + len(runs) - 1) + 1):
            if natural_places >> high & 1:
                code = run_card[first + high]
                if pool and code < pool[0]:
                    pool.insert(0, code)  # the ace high (V10): the suit's lowest
                else:
                    pool.append(code)
            else:
                gaps += 1
                if gaps > wild_count:
                    break
            if high - low >= 2:
                _cover(found, runs[high - low], tuple(pool), wild_codes, self_standing)
    return found


def _find_run_windows(key: _TablesKey) -> _Windows:
    """Return the cards of every run, sorted, by its first place and its length.

    Entry ``[run_place(suit, low)][high - low]`` holds the codes of the cards at run
    positions ``low`` to ``high`` of ``suit``; the lists stop where a run would
    pass the top or hold a rank twice. A run of every rank is listed from
    position 1 only: with the ace high (V10), 2 to A is A to K's cards again.
    """
    tables = _TABLES[key]
    run_card = tables.run_card
    top = tables.top
    ranks = len(tables.naturals) // 4
    windows: list[tuple[tuple[int, ...], ...]] = [()] * PLACES
    for suit in range(4):
        for low in range(1, top + 1):
            place = run_place(suit, low)
            longest = ranks if low == 1 else min(ranks - 1, top - low + 1)
            windows[place] = tuple(
                tuple(sorted(run_card[place : place + size]))
                for size in range(1, longest + 1)
            )
    return tuple(windows)


def _find_books_of_rank(
    key: _TablesKey, rank: int, counts: int, wild_codes: tuple[int, ...], copies: int
) -> _Found:
    """Return every book of ``rank`` its natural cards and the wilds can lay.

    ``counts`` holds how many of the rank's natural card of each suit are held
    (:func:`~tonk._hand_sum.place_counts`). With
    two packs a book may repeat a card: each card is used at most as many
    times as the book and the hand both hold it.
    """
    tables = _TABLES[key]
    self_standing = _SELF_STANDING[key, wild_codes]
    place = tables.positions[rank][0]  # the rank's run place in every suit
    naturals: list[int] = []
    for suit in range(4):
        natural = tables.run_card[run_place(suit, place)]
        naturals += [natural] * suit_count(counts, suit)
    found: _Found = []
    most = len(naturals) + len(wild_codes)  # the largest book the hand can cover
    for book in _BOOK_CANDIDATES[key, rank, copies]:
        if len(book) > most:
            continue
        held = list(naturals)
        pool = []  # the cards both the book and the hand hold, as often as both do
        for code in book:
            if code in held:
                held.remove(code)
                pool.append(code)
        if len(pool) + len(wild_codes) >= len(book):
            first = len(found)
            _cover(found, book, tuple(pool), wild_codes, self_standing)
            if copies > 1 and len(set(book)) < len(book):
                # A book of two packs repeats a card: a natural and a wild
                # for one card go the lower code first.
                found[first:] = [
                    (
                        physical,
                        represented,
                        _canonical(tuple(sorted(spread.cards, key=_element_order))),
                    )
                    for physical, represented, spread in found[first:]
                ]
    return found


def _find_book_candidates(
    key: _TablesKey, rank: int, copies: int
) -> list[tuple[int, ...]]:
    """Return every multiset of codes (sorted) that is a book of ``rank``."""
    naturals = _TABLES[key].naturals
    pool = sorted(card.code for card in naturals if rank_index_of(card.code) == rank)
    return sorted(
        {
            book
            for size in range(3, MAX_BOOK_SIZE + 1)
            for book in combinations(sorted(pool * copies), size)
        }
    )


def _find_self_standing(key: _TablesKey, wild_codes: tuple[int, ...]) -> frozenset[int]:
    """Return the wilds of ``wild_codes`` that can stand for themselves (V5)."""
    positions = _TABLES[key].positions
    return frozenset([code for code in wild_codes if positions[code]])


def _cover(
    found: _Found,
    represented: tuple[int, ...],
    pool: tuple[int, ...],
    wild_codes: tuple[int, ...],
    self_standing: frozenset[int],
) -> None:
    """Add to ``found`` every way to cover ``represented`` with ``pool`` and wilds.

    ``represented`` is sorted; ``pool`` holds the natural cards that are both
    held and represented (sorted). A covering uses some of them and fills the
    other places with wilds. At least one card stands for itself: a natural
    card, or a wild that can (V5). Cards held twice (two packs, two jokers)
    give each covering once.
    """
    size = len(represented)
    wild_count = len(wild_codes)
    if pool and len(pool) + wild_count == size:
        # The usual case: every natural card and every wild is needed, so
        # there is one covering.
        found.append(_spread_of(represented, pool, wild_codes))
        return
    if not pool and not self_standing.intersection(represented):  # V5
        return
    for count in range(max(0, size - wild_count), len(pool) + 1):
        choices = _choices(wild_codes, size - count)
        if count:
            for natural in _choices(pool, count):
                for wilds in choices:
                    found.append(_spread_of(represented, natural, wilds))
        else:  # V5: without a natural card, a wild stands for itself
            for wilds in choices:
                if self_standing.intersection(represented, wilds):
                    found.append(_spread_of(represented, (), wilds))


def _choices(codes: tuple[int, ...], count: int) -> Iterable[tuple[int, ...]]:
    """Return each way to choose ``count`` of ``codes`` (sorted), once each.

    Codes held twice (two packs, two jokers) would give a choice twice. All
    or none is one choice, answered without building one (the usual case).
    """
    if count == len(codes):
        return (codes,)
    if not count:
        return ((),)
    return dict.fromkeys(combinations(codes, count))


def _spread_of(
    represented: tuple[int, ...], natural: tuple[int, ...], wilds: tuple[int, ...]
) -> _Entry:
    """Return a spread in canonical pairing and order, with its sort key.

    ``represented`` (sorted) holds ``natural`` (sorted) and as many other cards
    as there are ``wilds``. Naturals stand for themselves, then wilds that can
    stand for themselves do, then the other wilds stand, in order, for the
    cards left; the elements are ordered by the cards represented (a book
    that repeats a card orders them again, :func:`_find_books_of_rank`).
    """
    selves = natural  # the cards that stand for themselves
    others: Sequence[int] = wilds  # the wilds that stand in for the others
    for code in wilds:
        if code in represented:  # a wild that is one of the cards may be itself
            selves, others = _standing_for_themselves(represented, natural, wilds)
            break
    # Walked by index, the designations read from a flat table: cheaper than
    # iterators and designation()'s cache for every spread built.
    designations = DESIGNATIONS
    elements: list[Element] = []
    own = 0
    spare = 0
    next_own = selves[0] if selves else -1
    for code in represented:
        if code == next_own:
            elements.append(CARDS[code])  # designation(code, code), without a call
            own += 1
            next_own = selves[own] if own < len(selves) else -1
        else:
            wild_code = others[spare]
            spare += 1
            element = designations[wild_code * CODE_COUNT + code]
            elements.append(
                designation(wild_code, code) if element is None else element
            )
    # The physical codes as a list, not a tuple: they sort alike, and sorting
    # in place builds fewer objects than tuple(sorted(natural + wilds)).
    physical = [*natural, *wilds]
    physical.sort()
    return physical, represented, _canonical(tuple(elements))


def _standing_for_themselves(
    represented: tuple[int, ...], natural: tuple[int, ...], wilds: tuple[int, ...]
) -> tuple[tuple[int, ...], list[int]]:
    """Return the cards that stand for themselves, sorted, and the other wilds.

    A wild that is one of the cards ``natural`` leaves to cover stands for
    itself (once for each time the spread represents it).
    """
    rest = list(represented)
    for code in natural:
        rest.remove(code)
    selves = list(natural)
    others = []
    for code in wilds:
        if code in rest:
            rest.remove(code)
            selves.append(code)
        else:
            others.append(code)
    return tuple(sorted(selves)), others


def _element_order(element: Element) -> tuple[int, int]:
    """Return the order of an element within a spread: represented, then physical."""
    physical, represented = split(element)
    return represented.code, physical.code


# The caches of the functions above, each keeping at most as many answers as
# card_tables keeps tables, or _CACHE_LIMIT.
_TABLES: Cache[_TablesKey, Tables] = Cache(_find_tables, limit=64)
_RUN_WINDOWS: Cache[_TablesKey, _Windows] = Cache(_find_run_windows, limit=64)
_RUNS_IN_SUIT: Cache[tuple[_TablesKey, int, int, tuple[int, ...]], _Found] = Cache(
    lambda key: _find_runs_in_suit(*key), limit=_CACHE_LIMIT
)
_BOOKS_OF_RANK: Cache[tuple[_TablesKey, int, int, tuple[int, ...], int], _Found] = (
    Cache(lambda key: _find_books_of_rank(*key), limit=_CACHE_LIMIT)
)
_SELF_STANDING: Cache[tuple[_TablesKey, tuple[int, ...]], frozenset[int]] = Cache(
    lambda key: _find_self_standing(*key), limit=_CACHE_LIMIT
)
_BOOK_CANDIDATES: Cache[tuple[_TablesKey, int, int], list[tuple[int, ...]]] = Cache(
    lambda key: _find_book_candidates(*key), limit=_CACHE_LIMIT
)
_NATURAL_SPREADS: Cache[tuple[int, ...], LaySpread] = Cache(
    _find_natural_spread, limit=_CACHE_LIMIT
)
