"""A rule set compiled once into the engine's lookup tables, cached by value.

:class:`~tonk.rules.Rules` is declared data only. What the engine, the scoring
and the bots derive from it (the card tables of :mod:`tonk._tables`, which deal
tonks are claimed, the largest table) is gathered here once per rule set and
kept in a :class:`~tonk._cache.Cache` keyed by the
:class:`~tonk.rules.Rules` *value* (never by ``id()``: a copy of a
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

from typing import cast

import attrs

from tonk._cache import Cache
from tonk._tables import Tables, card_tables, tables_of
from tonk._validate import wrong_type
from tonk.rules import DealTonkClaim, Rules, StockEnd
from tonk.state import Outcome

# The card tables are built in tonk._tables, below tonk.rules (Rules reads
# them too); the engine modules take them from here, with the compiled form.
__all__ = [
    "Compiled",
    "Tables",
    "card_tables",
    "compiled",
]


_DROPS_KEPT = 4096
"""How many drop settlements a rule set keeps."""


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
    plain_starts: bool
    """Whether only a wait (V22, V23) changes what a turn may start with: no
    drop is forced or barred otherwise, no deal tonk is claimed late, taking
    the discard is never refused (V24d, H3) and there is no widow (V46)."""
    tunks: bool
    """Whether a player may tunk (H5): a tunk is listed after a draw."""
    book_limit: int
    """The largest a book may grow by hits (V24a: 4, or 3)."""
    knock: bool
    """Whether an option of Hoyle's knock rummy changes what may be laid after
    a draw: the tunk (H5), closed play (H4) or two natural cards (H2)."""
    drops: Cache[tuple[tuple[int, ...], int, int], Outcome] = attrs.field(
        factory=lambda: Cache(None, limit=_DROPS_KEPT), eq=False, repr=False
    )
    """The settlements of drops worked out so far, by the counts, the dropper
    and the dealer (a settlement depends on nothing else of a state): a drop
    ends every random hand, and settling it costs more than a turn."""


def _compile(rules: Rules) -> Compiled:
    """Compile ``rules`` into the engine's tables; :func:`compiled` caches it."""
    tables = tables_of(rules)
    largest = rules.max_players
    late = [
        row for row in rules.deal_tonks if row.claim is DealTonkClaim.BEFORE_FIRST_TURN
    ]
    at_deal = [row for row in rules.deal_tonks if row.claim is DealTonkClaim.AT_DEAL]
    forced_drops = rules.boobed_deck or rules.stock_end is StockEnd.FORCED_KNOCK
    drop_limits = _drop_limits(rules)
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
        forced_drops=forced_drops,
        drop_limits=drop_limits,
        plain_starts=_plain_starts(
            rules, late=bool(late), forced=forced_drops, limited=drop_limits
        ),
        tunks=rules.tunk_at_most is not None,
        book_limit=4 if rules.four_card_books else 3,
        knock=_knock(rules),
    )


def _knock(rules: Rules) -> bool:
    """Return whether an option of Hoyle's knock rummy changes a draw's melds.

    The tunk (H5), closed play (H4) or two natural cards (H2).
    """
    return rules.tunk_at_most is not None or rules.closed_play or rules.min_naturals > 1


def _plain_starts(rules: Rules, *, late: bool, forced: bool, limited: bool) -> bool:
    """Return whether only a wait changes a turn's start (``plain_starts``).

    Not with a deal tonk claimed before the first turn (``late``, V19), a
    forced drop (``forced``), a limit on the drop (``limited``), taking the
    discard refused (V24d, H3) or a widow to exchange (V46).
    """
    return not (
        late
        or forced
        or limited
        or rules.discard_draw_must_meld
        or rules.upcard_first_only
        or rules.widow
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


_COMPILED: Cache[Rules, Compiled] = Cache(_compile, limit=256)
"""The compiled forms, by rule set value (few rule sets are in use at once)."""

_UNSET: tuple[object, Compiled] = (object(), cast(Compiled, None))
"""What :data:`_last` holds before any lookup: an object that no rule set is,
so its second entry is never read."""
_last: tuple[object, Compiled] = _UNSET
"""The rule set looked up last and its compiled form: the states of a hand all
carry one rule set object, so most lookups find it here, with no hashing."""


class _Seen(Cache[int, tuple[Rules, Compiled]]):
    """The rule set objects looked up before, by identity, each with its form.

    Each entry holds its object, so that no other object can take its id.
    Emptying it forgets :data:`_last` too, so that
    :func:`~tonk._cache.clear_caches` leaves no compiled form to be found.
    """

    __slots__ = ()

    def clear(self) -> None:
        """Forget every rule set object seen, and the one looked up last."""
        global _last
        _last = _UNSET
        super().clear()


_SEEN = _Seen(None, limit=256)


def compiled(rules: Rules) -> Compiled:
    """Return ``rules`` compiled, from the cache when an equal value was before.

    The rule set object looked up last is answered at once; another one seen
    before by its identity; a new one by a probe of the cache, keyed by value.
    Comparing two equal rule sets compares every option, so an object equal to
    the one its states carry (a copy unpickled in a worker process, say) is
    compared once, not at every lookup.

    Raises:
        TypeError: If ``rules`` is not a :class:`~tonk.Rules`.
    """
    global _last
    last_rules, found = _last
    if rules is last_rules:
        return found
    seen = _SEEN.get(id(rules))
    if seen is not None and seen[0] is rules:
        found = seen[1]
    else:
        if not isinstance(rules, Rules):  # checked once for each object
            raise wrong_type("rules", Rules, rules)
        found = _COMPILED[rules]
        _SEEN.put(id(rules), (rules, found))
    _last = (rules, found)
    return found
