"""A rule set compiled once into the engine's lookup tables, cached by value.

:class:`~tonk.rules.Rules` is declared data only. What the engine, the scoring
and the bots derive from it (the card tables, which deal tonks are claimed, the
largest table) is worked out here once per rule set and kept in a bounded cache
keyed by the :class:`~tonk.rules.Rules` *value* (never by ``id()``: a copy of a
rule set shares its original's entry, and a freed rule set's memory reused by
other rules never finds it). :func:`compiled` is the one way in; it answers
the rule set object it was last asked about at once (it holds that object, so
its identity cannot be reused). The compiled form also remembers the drop
settlements worked out under it (:attr:`Compiled.drops`).

Examples:
    >>> from tonk.rules import Rules
    >>> table = compiled(Rules())
    >>> table.tables.values[12], table.max_players, table.late_claims
    (10, 10, False)
    >>> compiled(Rules()) is table  # the same value, the same compiled form
    True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import attrs

from tonk.cards import CODE_COUNT, JOKER_CODE, Card, card_from_code
from tonk.rules import (
    CourtValues,
    DealTonkClaim,
    PackKind,
    Rules,
    StockEnd,
    Wilds,
)

if TYPE_CHECKING:  # the state imports this module
    from tonk.state import Outcome

__all__ = [
    "Compiled",
    "Tables",
    "card_tables",
    "compiled",
    "largest_table",
    "reachable_counts",
]


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
    PackKind.FULL: tuple(range(1, 14)),
    PackKind.FORTY: (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),  # V1: the 7 is next to the J
}


@functools.lru_cache(maxsize=64)  # rule sets share tables; few are ever in use
def card_tables(
    pack_kind: PackKind,
    jokers: int,
    wilds: Wilds,
    joker_value: int,
    court_values: CourtValues,
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
        if court_values is CourtValues.RANKED:
            values[code] = rank  # V6
        else:
            values[code] = min(rank, 10)  # B1
        place = order.index(rank) + 1
        card_positions = (place, top) if ace_high and rank == 1 else (place,)
        positions[code] = card_positions
        for position in card_positions:
            run_card[16 * suit + position] = code
        wild[code] = wilds is Wilds.JOKERS_AND_TWOS and rank == 2
        if wild[code]:
            hand_unit[code] = 1 << WILD_FIELD
        else:
            book_unit[code] = 1 << (4 * rank)
            hand_unit[code] = book_unit[code] + sum(
                1 << (RUN_FIELDS + 2 * (16 * suit + p)) for p in card_positions
            )
    values[JOKER_CODE] = joker_value
    wild[JOKER_CODE] = wilds is not Wilds.NONE
    if wild[JOKER_CODE]:
        hand_unit[JOKER_CODE] = 1 << WILD_FIELD
    pack = (*naturals, *[card_from_code(JOKER_CODE)] * jokers)
    return Tables(
        key=(
            pack_kind.value,
            jokers,
            wilds.value,
            joker_value,
            court_values.value,
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


def largest_table(rules: Rules, tables: Tables) -> int:
    """Return the most players ``rules`` deal to (B2, V2, V7, V46); 1 if none.

    Every table from two players up to it fits the deal: a table too large for
    one pack is the limit even if two packs (V2) would fit a larger one.
    """
    largest = 1
    one_pack = len(tables.pack)
    naturals = len(tables.naturals)
    for players in range(2, 2 * one_pack + 2):
        if rules.player_limit is not None and players > rules.player_limit:
            break
        size = rules.hand_size_for(players)  # X2
        needed = players * (size + rules.widow) + int(rules.upcard)
        cards = one_pack + naturals * (rules.packs_for(players) - 1)
        if needed > cards:
            break
        largest = players
    return largest


def tables_of(rules: Rules) -> Tables:
    """Return the card tables of ``rules``' card options."""
    return card_tables(
        rules.pack_kind,
        rules.jokers,
        rules.wilds,
        rules.joker_value,
        rules.court_values,
        rules.ace_high,
    )


@attrs.frozen
class Compiled:
    """A rule set and everything the engine derives from it, worked out once."""

    rules: Rules
    """The rule set (the first of equal values to be compiled)."""
    tables: Tables
    """The card tables (values, wilds, runs, books)."""
    has_duplicates: bool
    """Whether a card can be in play twice (two packs, or several jokers)."""
    late_claims: bool
    """Whether a deal tonk is claimed before the holder's first turn (V19)."""
    late_totals: frozenset[int] | None
    """The counts that may be claimed, when only totals are (else ``None``)."""
    late_after_spread: bool
    """Whether a row claimed before the first turn may be claimed after a
    spread (X13)."""
    end_claims: bool
    """Whether a deal tonk is won at the end of the holder's first turn (X13)."""
    max_players: int
    """The largest table the rules deal to."""
    hand_sizes: tuple[int, ...]
    """The hand size at each table, indexed by the number of players (X2)."""
    pack_copies: tuple[int, ...]
    """The copies of each card in the packs at each table, indexed by the
    number of players: 2 from ``two_packs_from`` players on (V2), else 1."""
    deal_totals: frozenset[int]
    """The counts that win a deal tonk at the deal by ``totals`` (B5)."""
    deal_at_most: int
    """The highest ``at_most`` of the deal tonks at the deal, or -1."""
    deal_courts: bool
    """Whether a deal tonk at the deal counts court cards (V18)."""
    forced_drops: bool
    """Whether a player can be made to drop: the boobed deck (V27) or the
    forced knock on an empty stock (V29). Without them no state is tested."""
    drop_limits: bool
    """Whether an option other than waiting (V22, V23) can bar a drop: the
    three-spread lock (V30), a drop ceiling (X6), no drops at all (H4) or a
    tunk, after which no one drops (H6). Without them, and with no
    turn to wait, a drop is open and no state is tested."""
    tunks: bool
    """Whether a player may tunk (H5): a tunk is listed after a draw."""
    knock: bool
    """Whether an option of Hoyle's knock rummy changes what may be laid after
    a draw: the tunk (H5), closed play (H4) or two natural cards (H2)."""
    drops: dict[tuple[tuple[int, ...], int, int], Outcome] = attrs.field(
        factory=dict, eq=False, repr=False
    )
    """The settlements of drops worked out so far, by the counts, the dropper
    and the dealer (a settlement depends on nothing else of a state): a drop
    ends every random hand, and settling it costs more than a turn."""


def _compile(rules: Rules) -> Compiled:
    """Compile ``rules`` into the engine's tables; :func:`compiled` caches it."""
    tables = tables_of(rules)
    largest = largest_table(rules, tables)
    late = [
        row for row in rules.deal_tonks if row.claim is DealTonkClaim.BEFORE_FIRST_TURN
    ]
    at_deal = [row for row in rules.deal_tonks if row.claim is DealTonkClaim.AT_DEAL]
    return Compiled(
        rules=rules,
        tables=tables,
        has_duplicates=rules.has_duplicates,
        late_claims=bool(late),
        late_after_spread=any(row.after_spread for row in late),
        end_claims=any(
            row.claim is DealTonkClaim.AFTER_FIRST_TURN for row in rules.deal_tonks
        ),
        late_totals=frozenset().union(*(row.totals for row in late))
        if all(row.totals for row in late)
        else None,
        max_players=largest,
        hand_sizes=tuple(map(rules.hand_size_for, range(largest + 1))),
        pack_copies=tuple(
            1 if rules.two_packs_from is None or players < rules.two_packs_from else 2
            for players in range(largest + 1)
        ),
        deal_totals=frozenset().union(*(row.totals for row in at_deal)),
        deal_at_most=max(
            (row.at_most for row in at_deal if row.at_most is not None), default=-1
        ),
        deal_courts=any(row.court_cards is not None for row in at_deal),
        forced_drops=rules.boobed_deck or rules.stock_end is StockEnd.FORCED_KNOCK,
        drop_limits=_drop_limits(rules),
        tunks=rules.tunk_at_most is not None,
        knock=rules.tunk_at_most is not None
        or rules.closed_play
        or rules.min_naturals > 1,
    )


def _drop_limits(rules: Rules) -> bool:
    """Return whether an option other than waiting can bar a drop (V30, X6, H4-H6)."""
    return (
        rules.three_spread_lock
        or rules.drop_at_most is not None
        or rules.first_turn_drop_at_most is not None
        or not rules.drops
        or rules.tunk_at_most is not None
    )


_CACHE: dict[Rules, Compiled] = {}
_CACHE_SIZE = 256
"""Few rule sets are in use at once; a full cache is emptied and refilled."""


_SEEN: dict[int, tuple[Rules, Compiled]] = {}
"""The rule set objects looked up before, by identity, each with its compiled
form; each entry holds its object, so that no other object can take its id."""

_UNSET: tuple[object, Compiled] = (object(), cast(Compiled, None))
"""What :data:`_last` holds before any lookup: an object that no rule set is,
so its second entry is never read."""
_last: tuple[object, Compiled] = _UNSET
"""The rule set looked up last and its compiled form: the states of a hand all
carry one rule set object, so most lookups find it here, with no hashing."""


def compiled(rules: Rules) -> Compiled:
    """Return ``rules`` compiled, from the cache when an equal value was before.

    The rule set object looked up last is answered at once; another one seen
    before by its identity; a new one by a probe of the cache, keyed by value.
    Comparing two equal rule sets compares every option, so an object equal to
    the one its states carry (a copy unpickled in a worker process, say) is
    compared once, not at every lookup.
    """
    global _last
    last_rules, found = _last
    if rules is last_rules:
        return found
    seen = _SEEN.get(id(rules))
    if seen is not None and seen[0] is rules:
        found = seen[1]
    else:
        cached = _CACHE.get(rules)
        if cached is None:
            if len(_CACHE) >= _CACHE_SIZE:
                _CACHE.clear()
            cached = _CACHE[rules] = _compile(rules)
        found = cached
        if len(_SEEN) >= _CACHE_SIZE:
            _SEEN.clear()
        _SEEN[id(rules)] = (rules, found)
    _last = (rules, found)
    return found
