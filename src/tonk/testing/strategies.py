"""Hypothesis strategies for Tonk: cards, rule sets, player counts and game states.

Install the ``tonk[testing]`` extra to use this module. :func:`rules` combines
every option of :class:`tonk.Rules` (the pack, wilds, values, the deal, the
deal-tonk table, V1–V20; the play options, V21–V30; the payouts, V31–V39 and
V46; and the session options, V40–V45), valid by construction;
:func:`presets` draws a named rule set. States are never built field by field:
a strategy deals a hand from a drawn seed and plays drawn legal actions, so
every state it gives is reachable, and a failing example shrinks towards a
short game from a small seed.

Examples:
    >>> import tonk
    >>> from hypothesis import given, settings
    >>> from tonk.testing.strategies import game_states
    >>> @settings(max_examples=20, deadline=None)
    ... @given(game_states(rules=tonk.Rules(), players=2))
    ... def test_a_live_state_offers_an_action(state):
    ...     assert state.is_terminal or tonk.legal_actions(state)
    >>> test_a_live_state_offers_an_action()
"""

from __future__ import annotations

try:
    from hypothesis import assume
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.testing.strategies needs Hypothesis: install the tonk[testing] extra"
        " (pip install 'tonk[testing]')"
    ) from _missing

import operator
from collections.abc import Iterable
from typing import Protocol

import attrs

from tonk._cache import cached
from tonk._validate import brief
from tonk.actions import Action, ClaimDealTonk, Drop, Hit, LaySpread, Slap
from tonk.cards import Card
from tonk.engine import apply, legal_actions, new_game
from tonk.errors import RulesError
from tonk.presets import get as get_preset
from tonk.presets import names as preset_names
from tonk.rules import (
    Catch,
    CourtValues,
    CutWinner,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    DropPay,
    ExhaustionTie,
    LowestTie,
    OutPay,
    OutWay,
    PackKind,
    PerPlayer,
    Rules,
    Scoring,
    StockEnd,
    Wilds,
)
from tonk.state import GameState, Phase

__all__ = [
    "Playout",
    "cards",
    "deal_tonk_tables",
    "game_states",
    "player_counts",
    "playouts",
    "presets",
    "rules",
]

_MAX_SEED = 2**32 - 1
_MAX_TURNS_LIMIT = 300
_MAX_PLAYERS = 6
_MAX_JOKERS = 4
_MAX_JOKER_VALUE = 25
_HAND_SIZES = (5, 3, 4, 6, 7)  # the default first, so that rules shrink to it
_DEFAULT_TABLE = Rules().deal_tonks
_MAX_ROWS = 3
_MAX_WAIT = 3
_MAX_HITS = 2
_MAX_CEILING = 60
_MAX_OUT_ROWS = 3
_MAX_PAYS = 4
_MAX_CATCH = 3
_MAX_TARGET = 200
_MAX_DEALS = 20
_MAX_BIG_ONE = 3
_MAX_BET = 3

# Strategies drawn in every example, built once: an `|` builds a new strategy.
_PLAYER_LIMITS = st.none() | st.integers(2, _MAX_PLAYERS)
# B15: the default limit first, so that rules shrink to it (not to no limit).
_TURN_LIMITS = st.just(Rules().max_turns) | st.none() | st.integers(1, _MAX_TURNS_LIMIT)
_DEAL_LIMITS = st.none() | st.integers(1, _MAX_DEALS)
_TARGETS = st.none() | st.integers(1, _MAX_TARGET)
_HIT_LIMITS = st.none() | st.integers(0, _MAX_HITS)
_CEILINGS = st.none() | st.integers(0, _MAX_CEILING)
_TUNK_LIMITS = st.none() | st.integers(0, 30)  # H5: Hoyle's is 5
_WAITS_AGAIN = st.none() | st.integers(0, _MAX_WAIT)


def cards(rules: Rules | None = None) -> st.SearchStrategy[Card]:
    """Draw one card of the pack that ``rules`` use (B1, V1–V5).

    Args:
        rules: The rules whose pack to draw from; ``tonk.Rules()`` if omitted.
            With two packs (V2) each distinct card is drawn as often as any other.

    Returns:
        A strategy for cards; it shrinks towards the pack's first card.

    Examples:
        >>> from hypothesis import find
        >>> find(cards(), lambda card: True)
        Card.parse('AC')
        >>> import tonk
        >>> find(cards(), lambda card: card.suit is tonk.Suit.HEARTS)
        Card.parse('AH')
        >>> chicago = tonk.presets.CHICAGO
        >>> find(cards(chicago), lambda card: card.rank is tonk.Rank.JOKER)
        Card.parse('JK')
        >>> forty = cards(tonk.presets.BATON_ROUGE)
        >>> find(forty, lambda card: card.rank > 7 and card.suit is tonk.Suit.CLUBS)
        Card.parse('JC')
    """
    rules = Rules() if rules is None else rules
    pack = rules.pack(players=rules.max_players)
    return st.sampled_from(tuple(dict.fromkeys(pack)))


def _reachable_counts(rules: Rules) -> tuple[int, ...]:
    """Return, sorted, every count a dealt hand can have under ``rules`` (B12).

    The hand is any hand dealt at a table the rules seat: as many cards as
    the table deals (X2) from the packs it uses (V2), valued by
    :meth:`~tonk.Rules.card_value`.
    """
    tables: dict[tuple[int, int], int] = {}  # a table size per packs and hand size
    for players in range(2, rules.max_players + 1):
        deal = (rules.packs_for(players), rules.hand_size_for(players))
        tables.setdefault(deal, players)
    values: dict[int, tuple[int, ...]] = {}  # the cards' values, by packs
    counts: set[int] = set()
    for (packs, hand_size), players in tables.items():
        if packs not in values:
            pack = rules.pack(players=players)
            values[packs] = tuple(sorted(map(rules.card_value, pack)))
        counts.update(_counts_of(values[packs], hand_size))
    return tuple(sorted(counts))


def _dealt_counts(values: tuple[int, ...], hand_size: int) -> tuple[int, ...]:
    # reachable[size] has bit c set when some `size` of the cards seen count c.
    reachable = [1] + [0] * hand_size
    for value in values:
        for size in range(hand_size, 0, -1):
            reachable[size] |= reachable[size - 1] << value
    counts = reachable[hand_size]
    return tuple(total for total in range(counts.bit_length()) if counts >> total & 1)


_counts_of = cached(limit=1024)(_dealt_counts)
"""The counts ``hand_size`` of ``values`` can add up to, worked out once for
each (:func:`_dealt_counts`, which mutation testing reaches undecorated)."""


def _row(
    condition: dict[str, object], after_spread: bool, **options: object
) -> DealTonk:
    # X13: after_spread is an option of a row claimed after the deal only.
    late = options["claim"] is not DealTonkClaim.AT_DEAL
    fields = {**condition, **options, "after_spread": after_spread and late}
    return DealTonk(**fields)  # type: ignore[arg-type]


def _tables_strategy(
    reachable: tuple[int, ...], hand_size: int, ranked: bool, min_rows: int
) -> st.SearchStrategy[tuple[DealTonk, ...]]:
    """Return the strategy of :func:`deal_tonk_tables` for these dealt counts."""
    # V6: with court values 11/12/13 the 49/50 deal tonks are off.
    totals = [total for total in reachable if not (ranked and total in (49, 50))]
    conditions: list[st.SearchStrategy[dict[str, object]]] = [
        st.fixed_dictionaries(
            {"totals": st.frozensets(st.sampled_from(totals), min_size=1, max_size=4)}
        ),
        st.fixed_dictionaries({"at_most": st.integers(reachable[0], reachable[-1])}),
        st.fixed_dictionaries({"court_cards": st.integers(1, hand_size)}),
    ]
    row = st.builds(
        _row,
        st.one_of(conditions),
        st.booleans(),
        pays=st.integers(1, 3),
        claim=st.sampled_from(DealTonkClaim),
        tie=st.none() | st.sampled_from(DealTonkTie),
    )
    tables: list[st.SearchStrategy[tuple[DealTonk, ...]]] = []
    default_fits = all(row.totals <= set(reachable) for row in _DEFAULT_TABLE)
    if not ranked and default_fits and len(_DEFAULT_TABLE) >= min_rows:
        tables.append(st.just(_DEFAULT_TABLE))
    if min_rows == 0:
        tables.append(st.just(()))
    lists = st.lists(row, min_size=max(1, min_rows), max_size=_MAX_ROWS)
    tables.append(lists.map(tuple))
    return st.one_of(tables)


_tables_for = cached(limit=256)(_tables_strategy)
"""The strategy of :func:`deal_tonk_tables` for these dealt counts, built once
(:func:`_tables_strategy`, which mutation testing reaches undecorated)."""


def deal_tonk_tables(
    rules: Rules | None = None, *, min_rows: int = 0
) -> st.SearchStrategy[tuple[DealTonk, ...]]:
    """Draw a deal-tonk table that can be played with the deck and deal of ``rules``.

    The table is the default (B5: 49 or 50 pays 2×, if a dealt hand can count
    49 and 50 and court cards count 10), none at all, or one to three random
    rows (V11–V20): exact totals that a dealt hand can count, a count at most a
    threshold no lower than the lowest dealt count, or a number of court cards
    up to the hand size. Each row pays 1× to 3×, is claimed at the deal,
    before the holder's first turn (V19) or at its end (X13), may be claimed
    after a spread (X13) and may set its own tie rule. Only
    the deck and deal options of ``rules`` matter, not its own table.

    Args:
        rules: The rules the table is for; ``tonk.Rules()`` if omitted.
        min_rows: The fewest rows the table has, 0 to 3.

    Returns:
        A strategy for values of :attr:`tonk.Rules.deal_tonks` that ``rules``
        accept; it shrinks towards the default table, then towards no table.

    Raises:
        hypothesis.errors.InvalidArgument: If ``min_rows`` is not 0 to 3.

    Examples:
        >>> import attrs, tonk
        >>> from hypothesis import find, given, settings
        >>> find(deal_tonk_tables(), lambda table: True) == tonk.Rules().deal_tonks
        True
        >>> forty = tonk.presets.BATON_ROUGE  # 49 cannot be dealt from 40 cards
        >>> find(deal_tonk_tables(forty), lambda table: True)
        ()
        >>> find(deal_tonk_tables(forty, min_rows=1), lambda table: True)[0].pays
        1
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(deal_tonk_tables(forty, min_rows=2))
        ... def test_tables_of_two_or_three_rows_are_accepted(table):
        ...     assert 2 <= len(table) <= 3
        ...     assert all(1 <= row.pays <= 3 for row in table)
        ...     assert attrs.evolve(forty, deal_tonks=table).deal_tonks == table
        >>> test_tables_of_two_or_three_rows_are_accepted()
    """
    if isinstance(min_rows, bool) or min_rows not in range(_MAX_ROWS + 1):
        raise InvalidArgument(f"min_rows must be 0..{_MAX_ROWS}, got {brief(min_rows)}")
    rules = Rules() if rules is None else rules
    return _tables_for(
        _reachable_counts(rules),
        max(map(rules.hand_size_for, range(2, rules.max_players + 1))),
        rules.court_values is CourtValues.RANKED,
        min_rows,
    )


def _hand_sizes(draw: st.DrawFn, limit: int | None) -> tuple[tuple[int, int], ...]:
    """Draw X2's hand sizes for some of the tables of 2 and 3 (those seated).

    Up to 7 cards each with a widow, three seats and an upcard take 25
    cards: every pack deals them.
    """
    tables = tuple(players for players in (2, 3) if limit is None or players <= limit)
    sizes = draw(_sizes_at(tables), label="hand_size_by_players")
    return tuple(sorted(sizes.items()))


def _sizes_strategy(tables: tuple[int, ...]) -> st.SearchStrategy[dict[int, int]]:
    """Return the strategy of hand sizes for some of ``tables``."""
    optional = {players: st.sampled_from(_HAND_SIZES) for players in tables}
    return st.fixed_dictionaries({}, optional=optional)


_sizes_at = cached(limit=1024)(_sizes_strategy)
"""The strategy of hand sizes for some of these tables, built once
(:func:`_sizes_strategy`, which mutation testing reaches undecorated)."""


def _tableless_rules(**options: object) -> Rules:
    """Return rules with these deck and deal options and no deal tonks."""
    return Rules(**options, deal_tonks=())  # type: ignore[arg-type]


_deck_rules = cached(limit=1024)(_tableless_rules)
"""Rules with these deck and deal options and no deal tonks, built once
(:func:`_tableless_rules`, which mutation testing reaches undecorated)."""


def _draw_rules(draw: st.DrawFn) -> Rules:
    # The deck and deal options first, each shrinking towards its default...
    wilds = draw(st.sampled_from(Wilds))
    jokers = draw(st.integers(1 if wilds is Wilds.JOKERS else 0, _MAX_JOKERS))
    # V46: the widow takes a card per seat, so it changes the tables the deal
    # fits, and with them which counts a dealt hand can have (V2).
    widow = draw(_YES_OR_NO)
    limit = draw(_PLAYER_LIMITS, label="player_limit")
    try:
        deck_rules = _deck_rules(
            pack_kind=draw(st.sampled_from(PackKind)),
            two_packs_from=draw(_PLAYER_LIMITS),
            jokers=jokers,
            wilds=wilds,
            joker_value=draw(st.integers(0, _MAX_JOKER_VALUE)) if jokers else 0,
            court_values=draw(st.sampled_from(CourtValues)),
            ace_high=draw(st.booleans()),
            hand_size=draw(st.sampled_from(_HAND_SIZES)),
            hand_size_by_players=_hand_sizes(draw, limit),
            upcard=draw(st.sampled_from((True, False))),
            cut=draw(st.sampled_from(CutWinner)),
            player_limit=limit,
            widow=widow,
        )
    except RulesError:  # pragma: no cover - every combination drawn is valid
        assume(False)
        raise
    # ... then a deal-tonk table that these cards can win, and the rest.
    options: dict[str, object] = {
        "deal_tonks": draw(deal_tonk_tables(deck_rules)),
        "deal_tonk_clash": draw(st.sampled_from(DealTonkClash)),
        "deal_tonk_tie": draw(st.sampled_from(DealTonkTie)),
        "exhaustion_tie": draw(st.sampled_from(ExhaustionTie)),
        "max_turns": draw(_TURN_LIMITS),
    }
    options.update(draw(_play_options()))
    options.update(draw(_hoyle_options(options, deck_rules)))
    options["going_out"] = draw(_GOING_OUT_TABLES)
    options["catch"] = draw(_CATCHES)
    options["drop_bonus"] = draw(_DROP_BONUSES)
    options["hit_and_split"] = draw(_YES_OR_NO)
    options.update(draw(_session_options()))
    drawn = attrs.evolve(deck_rules, **options)  # type: ignore[arg-type]
    # Hypothesis shows a value built by st.builds as the call that built it: a
    # failing example then reads Rules(hand_size=3, ...) with only the options
    # that differ from the defaults, not the whole repr (about 1,800 characters).
    changed = {name: st.just(value) for name, value in _changed(drawn).items()}
    return draw(st.builds(Rules, **changed))


_rules = st.composite(_draw_rules)


_DEFAULTS = {field.name: field.default for field in attrs.fields(Rules)}


def _changed(rules: Rules) -> dict[str, object]:
    """Return the options of ``rules`` that differ from those of ``tonk.Rules()``."""
    return {
        name: getattr(rules, name)
        for name, default in _DEFAULTS.items()
        if getattr(rules, name) != default
    }


def _shown(rules: Rules) -> str:
    """Return ``rules`` as the call that builds them from their changed options."""
    changed = ", ".join(f"{name}={value!r}" for name, value in _changed(rules).items())
    return f"Rules({changed})"


_NO = st.just(False)
_YES_OR_NO = st.booleans()  # shrinks towards False
_NO_OR_YES = st.sampled_from((True, False))  # shrinks towards True
_MAYBE = st.none() | st.booleans()


def _preset_going_out_tables() -> tuple[tuple[OutPay, ...], ...]:
    """Return the going-out table of every preset, the default's first."""
    tables = [Rules().going_out]
    for name in preset_names():
        table = get_preset(name).going_out
        if table not in tables:
            tables.append(table)
    return tuple(tables)


_WAYS = st.frozensets(st.sampled_from(OutWay), min_size=1)
_OUT_ROW = st.builds(
    OutPay,
    pays=st.integers(1, _MAX_PAYS),
    by=_WAYS,
    first_turn=_MAYBE,
    spreads_this_turn=st.integers(0, 2),
    hit_this_turn=_MAYBE,
    hit_this_hand=_MAYBE,
    spread_before=_MAYBE,
)


def _draw_last_rows(draw: st.DrawFn) -> tuple[OutPay, ...]:
    """Draw unconditional rows that pay every way of going out (B11, V31).

    Each way gets an amount; ways paid the same share a row.
    """
    pays = {way: draw(st.integers(1, _MAX_PAYS)) for way in OutWay}
    amounts = sorted(set(pays.values()))
    rows = [
        OutPay(pays=amount, by={way for way in OutWay if pays[way] == amount})
        for amount in amounts
    ]
    return tuple(draw(st.permutations(rows)))


_last_rows = st.composite(_draw_last_rows)


_GOING_OUT_TABLES: st.SearchStrategy[tuple[OutPay, ...]] = st.one_of(
    st.sampled_from(_preset_going_out_tables()),
    st.builds(
        lambda first, last: (*first, *last),
        st.lists(_OUT_ROW, max_size=_MAX_OUT_ROWS),
        _last_rows(),
    ),
)
"""A going-out table: a preset's (B11 first), or up to three random rows
followed by unconditional rows that pay every way of going out."""

_AMOUNTS: st.SearchStrategy[int | PerPlayer] = st.integers(0, _MAX_CATCH) | st.builds(
    PerPlayer, st.integers(1, 2), less=st.integers(0, 1)
)


def _draw_random_catch(draw: st.DrawFn) -> Catch:
    """Draw a catch from random components; the dropper always pays someone."""
    to_catchers = draw(_AMOUNTS)
    to_lowest = draw(_AMOUNTS)
    to_others = draw(_AMOUNTS)
    if not any(
        isinstance(amount, PerPlayer) or amount
        for amount in (to_catchers, to_lowest, to_others)
    ):
        to_catchers = draw(st.integers(1, _MAX_CATCH))
    return Catch(
        to_catchers=to_catchers,
        to_lowest=to_lowest,
        to_others=to_others,
        lowest_from_others=draw(_AMOUNTS),
        lowest_tie=draw(st.sampled_from(LowestTie)),
        ties_catch=draw(_NO_OR_YES),
    )


_random_catch = st.composite(_draw_random_catch)


_NAMED_CATCHES = (
    Catch.B13,
    Catch.LOWEST_ONLY,
    Catch.STAKES_TO_LOWEST,
    Catch.SINGLE,
    Catch.EVERYONE,
    Catch.FIVE_TO_LOWEST,
    Catch.RUSHVILLE,
    Catch.CHICAGO,
    Catch.LEPAPE,
    Catch.LEPAPE_N_MINUS_1,
)
_DROP_BONUSES: st.SearchStrategy[tuple[DropPay, ...]] = st.lists(
    st.builds(DropPay, at_most=st.integers(0, 60), pays=st.integers(1, 4)), max_size=2
).map(tuple)
"""A drop bonus table (X11): mostly none, else one or two rows."""

_CATCHES: st.SearchStrategy[Catch] = st.sampled_from(_NAMED_CATCHES) | _random_catch()
"""A catch: a named one (B13 first), or random components."""


def _draw_session_options(draw: st.DrawFn) -> dict[str, object]:
    """Draw the session options V40-V45, valid together by construction."""
    match_deals = draw(_DEAL_LIMITS)
    most_big_one = _MAX_BIG_ONE if match_deals is None else min(3, match_deals)
    scoring = draw(st.sampled_from(Scoring))
    eliminate = scoring is Scoring.PUSH_UPS and draw(st.booleans())
    return {
        "scoring": scoring,
        "elimination_at": draw(st.integers(1, _MAX_TARGET)) if eliminate else None,
        "match_target": draw(_TARGETS),
        "match_deals": match_deals,
        "big_one_deals": draw(st.integers(0, most_big_one)),
        "suit_bet": draw(st.integers(0, _MAX_BET)),
        "naturals_bet": draw(st.integers(0, _MAX_BET)),
    }


_session_options = st.composite(_draw_session_options)


def _draw_play_options(draw: st.DrawFn) -> dict[str, object]:
    """Draw the play options V21-V30, valid together by construction."""
    options: dict[str, object] = {}
    must_spread = draw(_YES_OR_NO)
    options["must_spread"] = must_spread
    options["three_aces_may_be_held"] = draw(_YES_OR_NO if must_spread else _NO)
    options["spread_wait"] = draw(st.integers(0, _MAX_WAIT))
    hit_wait = draw(st.integers(0, _MAX_WAIT))
    options["hit_wait"] = hit_wait
    # X9: without hits on your own spreads there is no own-hit wait.
    hit_own_spreads = draw(_NO_OR_YES)
    options["hit_own_spreads"] = hit_own_spreads
    options["own_hit_wait"] = draw(
        st.integers(0, _MAX_WAIT) if hit_own_spreads else st.just(0)
    )
    once_per_round = draw(_YES_OR_NO if hit_wait else _NO)
    options["hit_wait_once_per_round"] = once_per_round
    # X7: a hit wait's "again" length, and charging once a turn (not a round).
    options["hit_wait_again"] = draw(_WAITS_AGAIN if hit_wait else st.none())
    options["hit_wait_once_per_turn"] = draw(
        _YES_OR_NO if hit_wait and not once_per_round else _NO
    )
    # hit_bars_going_out is not combinable with must_spread.
    options["hit_bars_going_out"] = draw(_NO if must_spread else _YES_OR_NO)
    options["four_card_books"] = draw(_NO_OR_YES)
    options["max_hits_per_turn"] = draw(_HIT_LIMITS)
    options["hit_ends_turn"] = draw(_YES_OR_NO)
    must_meld = draw(_YES_OR_NO)
    options["discard_draw_must_meld"] = must_meld
    # X8 adds nothing to V24d, which never lets the card taken be kept.
    options["discard_pickup"] = draw(st.just(True) if must_meld else _NO_OR_YES)
    slap_in = draw(_YES_OR_NO)
    options["slap_in"] = slap_in
    options["slap_priority_next"] = draw(_YES_OR_NO if slap_in else _NO)
    options["eating"] = draw(_NO if slap_in else _YES_OR_NO)  # X5, not with V26
    options["three_spread_lock"] = draw(_YES_OR_NO)
    # X6: a drop ceiling, and one for the first turn, each up to a 60 count.
    options["drop_at_most"] = draw(_CEILINGS)
    options["first_turn_drop_at_most"] = draw(_CEILINGS)
    # The boobed deck needs a dead hand on a tie and a showdown at exhaustion.
    if draw(_YES_OR_NO):
        options["boobed_deck"] = True
        options["exhaustion_tie"] = ExhaustionTie.DEAD_HAND
        options["stock_end"] = StockEnd.SHOWDOWN
    else:
        options["stock_end"] = draw(st.sampled_from(StockEnd))
    return options


_play_options = st.composite(_draw_play_options)


def _draw_hoyle_options(
    draw: st.DrawFn, play: dict[str, object], deck_rules: Rules
) -> dict[str, object]:
    """Draw Hoyle's options H2-H7, valid with the ``play`` options drawn."""
    options: dict[str, object] = {}
    options["drops"] = draw(_NO_OR_YES)  # H4
    options["upcard_first_only"] = draw(_YES_OR_NO if deck_rules.upcard else _NO)
    # H4: closed play is not combinable with must-spread (V21) nor V24d.
    open_only = play["must_spread"] or play["discard_draw_must_meld"]
    options["closed_play"] = draw(_NO if open_only else _YES_OR_NO)
    options["min_naturals"] = draw(  # H2
        st.just(1) if deck_rules.wilds is Wilds.NONE else st.integers(1, 3)
    )
    tunk = draw(_TUNK_LIMITS)  # H5
    options["tunk_at_most"] = tunk
    windows = play["slap_in"] or play["eating"]  # H6: not with V26, X5
    options["last_turns"] = draw(_NO if tunk is None or windows else _YES_OR_NO)
    options["tunk_tie_doubles"] = draw(_NO if tunk is None else _YES_OR_NO)  # H7
    return options


_hoyle_options = st.composite(_draw_hoyle_options)


def rules() -> st.SearchStrategy[Rules]:
    """Draw a valid :class:`tonk.Rules` combining any values of its options.

    Every option is drawn: ``pack_kind`` (B1, V1); ``two_packs_from`` ``None``
    or 2 to 6 (V2); ``wilds`` (V4, V5) with 0 to 4 ``jokers`` (at least one for
    :attr:`tonk.Wilds.JOKERS`) worth 0 to 25 (V3–V5); ``court_values`` (V6);
    ``ace_high`` (V10); ``hand_size`` 3 to 7 (B4, V7), and 3 to 7 at some of
    the tables of 2 and 3 players (``hand_size_by_players``, X2); ``upcard``
    (V8); ``cut`` (V9); ``player_limit`` ``None`` or 2 to 6 (B2); ``deal_tonks`` from
    :func:`deal_tonk_tables` for the cards drawn (B5, V11–V20); any
    ``deal_tonk_clash`` and ``deal_tonk_tie``; any ``exhaustion_tie`` (B14);
    ``max_turns`` ``None`` or 1 to 300 (B15); and the play options
    V21-V30: ``must_spread`` (with ``three_aces_may_be_held``), waits of 0 to
    3 turns (``spread_wait``, ``hit_wait``, ``own_hit_wait``, with
    ``hit_wait_once_per_round``, ``hit_wait_again`` ``None`` or 0 to 3 and
    ``hit_wait_once_per_turn`` (X7, not with once per round) when there is a
    ``hit_wait``),
    ``hit_bars_going_out`` (never with ``must_spread``), ``four_card_books``,
    ``max_hits_per_turn`` ``None`` or 0 to 2, ``hit_ends_turn``,
    ``discard_draw_must_meld``, ``slap_in`` (with ``slap_priority_next``) or
    ``eating`` (X5),
    ``three_spread_lock``, ``hit_own_spreads`` (X9, never with an
    ``own_hit_wait``), ``drop_at_most`` and ``first_turn_drop_at_most``
    ``None`` or 0 to 60 (X6), ``discard_pickup`` (X8, never off with
    ``discard_draw_must_meld``), and ``boobed_deck`` (with a dead hand on a tie and
    a showdown at exhaustion) or any ``stock_end``. The payouts: a
    ``going_out`` table (B11, V31-V34, V36) that is a preset's or up to three
    random rows (any ways, pays 1 to 4, any conditions) above unconditional
    rows paying every way of going out; a ``catch`` (B13, V35-V38) that is a
    named :class:`tonk.Catch` constant or random components (each 0 to 3 or a
    :class:`tonk.PerPlayer` of 1 or 2 times N or N-1, with the dropper paying
    someone) with any ``lowest_tie``; ``hit_and_split`` (V39); ``widow``
    (V46, drawn with the deck, so that the deal-tonk table fits the tables it
    allows); a ``drop_bonus`` table of up to two rows (X11: at most 0 to 60,
    pays 1 to 4). The session options: any ``scoring`` (V40-V42); ``match_target``
    ``None`` or 1 to 200 and ``match_deals`` ``None`` or 1 to 20 (V44);
    ``big_one_deals`` 0 to 3, no more than ``match_deals`` (V43); and
    ``suit_bet`` and ``naturals_bet`` 0 to 3 (V45); under push-ups,
    ``elimination_at`` ``None`` or 1 to 200 (X3). Values are valid by
    construction, so no example is rejected.

    Returns:
        A strategy for rule sets; each option shrinks towards its default.

    Examples:
        >>> import tonk
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=30, derandomize=True, database=None)
        ... @given(rules())
        ... def test_any_rules_deal_a_hand(table):
        ...     state = tonk.new_game(table, players=2, seed=1)
        ...     assert tonk.legal_actions(state) or state.is_terminal
        ...     assert table.max_turns is None or table.max_turns >= 1  # B15
        >>> test_any_rules_deal_a_hand()
    """
    return _rules()


def presets() -> st.SearchStrategy[Rules]:
    """Draw one of the named rule sets of :mod:`tonk.presets`.

    Returns:
        A strategy for preset rule sets; it shrinks towards the first name in
        :func:`tonk.presets.names`.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> find(presets(), lambda rules: True) == tonk.presets.BATON_ROUGE
        True
        >>> find(presets(), lambda rules: rules.has_wilds) == tonk.presets.CHICAGO
        True
    """
    return st.sampled_from(preset_names()).map(get_preset)


def player_counts(rules: Rules) -> st.SearchStrategy[int]:
    """Draw a player count from 2 to 6 that the deal of ``rules`` fits (B2).

    Args:
        rules: The rules of the hand; the count is at most their
            :attr:`~tonk.Rules.max_players`.

    Returns:
        A strategy for player counts; it shrinks towards 2.

    Examples:
        >>> import tonk
        >>> from hypothesis import find
        >>> find(player_counts(tonk.Rules()), lambda players: players > 4)
        5
    """
    return st.integers(2, min(_MAX_PLAYERS, rules.max_players))


def _replayed(
    rules: Rules, players: int, seed: int, dealer: int, actions: Iterable[Action]
) -> tuple[GameState, ...]:
    state = new_game(rules, players=players, seed=seed, dealer=dealer)
    states = [state]
    for action in actions:
        state = apply(state, action)
        states.append(state)
    return tuple(states)


class _Printer(Protocol):
    def text(self, obj: str) -> None: ...


@attrs.frozen(kw_only=True)
class Playout:
    """A hand dealt from a seed and the legal actions played from it.

    Its ``repr`` is everything needed to replay it, so a failing Hypothesis
    example can be pasted into a regression test. Build one with
    :meth:`replay`; :func:`playouts` draws them.

    Attributes:
        rules: The rules of the hand.
        players: How many players sit at the table.
        seed: The seed passed to :func:`tonk.new_game`.
        dealer: The dealer's seat.
        actions: The actions played, in order.
        states: Every state of the hand: the deal, then one after each action
            (not compared, hashed or shown: it follows from the other fields).

    Examples:
        >>> import tonk
        >>> playout = Playout.replay(tonk.Rules(), players=2, seed=7,
        ...                          actions=[tonk.DrawStock()])
        >>> len(playout.states), playout.final.phase
        (2, <Phase.AFTER_DRAW: 'after_draw'>)
    """

    rules: Rules
    players: int
    seed: int
    dealer: int
    actions: tuple[Action, ...]
    states: tuple[GameState, ...] = attrs.field(eq=False, repr=False)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        *,
        players: int,
        seed: int,
        dealer: int = 0,
        actions: Iterable[Action] = (),
    ) -> Playout:
        """Deal from ``seed`` and apply ``actions`` in order.

        Args:
            rules: The rules of the hand.
            players: How many players sit at the table.
            seed: The seed passed to :func:`tonk.new_game`.
            dealer: The dealer's seat.
            actions: The actions to play; each must be legal when it comes.

        Returns:
            The playout, with every state it passes through.

        Raises:
            tonk.IllegalActionError: If an action is not legal when it comes.

        Examples:
            >>> import tonk
            >>> Playout.replay(tonk.Rules(), players=3, seed=1, dealer=2).start.to_move
            0
        """
        actions = tuple(actions)
        states = _replayed(rules, players, seed, dealer, actions)
        return cls(
            rules=rules,
            players=players,
            seed=seed,
            dealer=dealer,
            actions=actions,
            states=states,
        )

    def _repr_pretty_(self, printer: _Printer, cycle: bool) -> None:
        """Show the ``repr`` in Hypothesis reports: the rules by their changes."""
        printer.text(
            f"Playout(rules={_shown(self.rules)}, players={self.players!r},"
            f" seed={self.seed!r}, dealer={self.dealer!r}, actions={self.actions!r})"
        )

    @property
    def start(self) -> GameState:
        """The state just after the deal."""
        return self.states[0]

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.states[-1]


def _patient(state: GameState, options: tuple[Action, ...]) -> tuple[Action, ...]:
    """Return what a patient player picks from: no drops or claims, melds first.

    A forced drop (V27, V29) is still played, and slaps (V26) count as melds.
    """
    if state.phase is Phase.TURN_START:
        waiting = tuple(
            action for action in options if not isinstance(action, Drop | ClaimDealTonk)
        )
        return waiting or options
    melds = tuple(
        action for action in options if isinstance(action, LaySpread | Hit | Slap)
    )
    return melds or options


def _ending_last(options: tuple[Action, ...]) -> tuple[Action, ...]:
    """Put drops and claims, which end the hand, after the other actions.

    Indices shrink towards 0, so a shrunk playout draws rather than drops.
    """
    return tuple(sorted(options, key=lambda action: isinstance(action, _ENDERS)))


_ENDERS = (Drop, ClaimDealTonk)


def _draw_playouts(
    draw: st.DrawFn,
    rules_or_strategy: Rules | st.SearchStrategy[Rules] | None,
    players: int | st.SearchStrategy[int] | None,
    max_actions: int,
) -> Playout:
    if rules_or_strategy is None:
        table_rules = draw(rules())
    elif isinstance(rules_or_strategy, Rules):
        table_rules = rules_or_strategy
    else:
        table_rules = draw(rules_or_strategy)
    if players is None:
        player_count = draw(player_counts(table_rules))
    elif isinstance(players, int):
        player_count = players
    else:
        player_count = draw(players)
    seed = draw(st.integers(0, _MAX_SEED))
    dealer = draw(st.integers(0, player_count - 1))
    # In about half the hands nobody drops or claims a deal tonk, and everyone
    # lays spreads and hits whenever they can, so that long hands (stock
    # exhaustion, the turn limit, many spreads and hits, going out) are reached.
    careless = not draw(st.booleans())
    # Half the time as many actions as allowed (small numbers are drawn often).
    length = draw(st.integers(0, max_actions))
    length = max_actions if draw(st.booleans()) else length
    state = new_game(table_rules, players=player_count, seed=seed, dealer=dealer)
    states = [state]
    actions: list[Action] = []
    while len(actions) < length and not state.is_terminal:
        options = legal_actions(state)
        options = _patient(state, options) if not careless else _ending_last(options)
        action = options[draw(st.integers(0, len(options) - 1))]
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return Playout(
        rules=table_rules,
        players=player_count,
        seed=seed,
        dealer=dealer,
        actions=tuple(actions),
        states=tuple(states),
    )


_playouts = st.composite(_draw_playouts)


def _check_arguments(rules: object, players: object, max_actions: object) -> None:
    if (
        isinstance(max_actions, bool)
        or not isinstance(max_actions, int)
        or max_actions < 0
    ):
        raise InvalidArgument(
            f"max_actions must be a non-negative int, got {brief(max_actions)}"
        )
    if not (rules is None or isinstance(rules, Rules | st.SearchStrategy)):
        raise InvalidArgument(f"rules must be Rules or a strategy, got {brief(rules)}")
    if players is None or isinstance(players, st.SearchStrategy):
        return
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidArgument(
            f"players must be an int or a strategy, got {brief(players)}"
        )
    if isinstance(rules, Rules) and not 2 <= players <= rules.max_players:
        raise InvalidArgument(
            f"players must be 2..{rules.max_players} under these rules,"
            f" got {brief(players)}"
        )
    if players < 2:
        raise InvalidArgument(f"players must be at least 2, got {brief(players)}")


def playouts(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    players: int | st.SearchStrategy[int] | None = None,
    max_actions: int = 200,
) -> st.SearchStrategy[Playout]:
    """Draw a hand dealt from a drawn seed and up to ``max_actions`` random actions.

    The hand is dealt by :func:`tonk.new_game` with a drawn seed and dealer;
    then a drawn number of actions is played, each chosen by drawing an index
    into :func:`tonk.legal_actions`, stopping early if the hand ends. In about
    half the hands the players are patient: nobody drops or claims a deal tonk
    (V19), and everyone lays
    spreads and hits whenever they can (the index is drawn among those
    actions), so that long hands and every way of ending one are reached.

    Args:
        rules: The rules, or a strategy for them; :func:`rules` if omitted.
        players: The player count, or a strategy for it; :func:`player_counts`
            of the rules if omitted.
        max_actions: The most actions to play.

    Returns:
        A strategy for :class:`Playout` values; they shrink towards fewer
        actions, smaller seeds and the first legal action at each step.

    Raises:
        hypothesis.errors.InvalidArgument: If an argument is invalid.

    Examples:
        >>> import tonk
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(playouts(rules=tonk.Rules(), players=2))
        ... def test_a_playout_replays_from_its_seed(playout):
        ...     state = tonk.new_game(
        ...         playout.rules, players=2, seed=playout.seed, dealer=playout.dealer
        ...     )
        ...     assert state == playout.start
        ...     for action in playout.actions:
        ...         state = tonk.apply(state, action)
        ...     assert state == playout.final
        >>> test_a_playout_replays_from_its_seed()
    """
    _check_arguments(rules, players, max_actions)
    return _playouts(rules, players, max_actions)


def game_states(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    players: int | st.SearchStrategy[int] | None = None,
    max_actions: int = 200,
) -> st.SearchStrategy[GameState]:
    """Draw a reachable state: a seeded deal then up to ``max_actions`` random actions.

    This is the final state of :func:`playouts` with the same arguments; it may
    be a finished hand.

    Args:
        rules: The rules, or a strategy for them; :func:`rules` if omitted.
        players: The player count, or a strategy for it; :func:`player_counts`
            of the rules if omitted.
        max_actions: The most actions to play after the deal.

    Returns:
        A strategy for game states.

    Raises:
        hypothesis.errors.InvalidArgument: If an argument is invalid.

    Examples:
        >>> import tonk
        >>> from hypothesis import find, settings
        >>> state = find(game_states(rules=tonk.Rules(), players=3, max_actions=0),
        ...              lambda state: True,
        ...              settings=settings(database=None, derandomize=True))
        >>> state == tonk.new_game(tonk.Rules(), players=3, seed=0, dealer=0)
        True
    """
    # Shown in a failing example as attrgetter('final')(Playout(...)), whose
    # rules show only their changed options (not a GameState's whole repr).
    return st.builds(
        operator.attrgetter("final"),
        playouts(rules=rules, players=players, max_actions=max_actions),
    )
