"""The turn: drop, draw, spread, hit, discard, going out (B7-B15, V21-V34, X5).

The actions open at the start of a turn and after a draw, and the transition
of each action (B7-B14, docs/rules/base.md; V21-V25, V27-V30 and X6-X10,
docs/rules/play.md; going out, V31-V34, docs/rules/payouts.md; the widow's
exchange, V46; the eat, a draw out of turn, X5, docs/rules/eating.md). One
transition per action: each rule option gates a check.
Private helpers are named for the state they return (``_drawn``).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tonk._cache import Cache
from tonk._compiled import Compiled, Tables, compiled
from tonk._deal import (
    can_claim,
    claimed_at_turn_end,
)
from tonk._fast import (
    AFTER_DRAW,
    CLAIM,
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    EXCHANGES,
    EXTRA_DISCARD,
    HITS,
    PASS,
    SLAP_WINDOW,
    STOCK_FORCED_KNOCK,
    STOCK_LAST_CARD,
    TURN_START,
    designation,
    distinct_cards,
    replace_at,
    revised,
    successor,
    with_card,
    without_card,
    without_cards,
)
from tonk._hand_sum import HAND_SUM_START, rank_index_of, suit_of
from tonk._slap_in import (
    apply_extra_discard,
    opened_window,
)
from tonk._spreads import (
    extended,
    fits,
    hit_candidates,
    kin,
    lay_out,
    split,
    spreads_by_sum,
)
from tonk._transition import (
    after_draw_refusal,
    check_discard,
    check_not_locked,
    check_spread_number,
    counts_of,
    discardable,
    ended,
    forced_drop_refusal,
    hit_effects,
    holds_spread,
    is_drop_forced,
    is_locked,
    natural_enough,
    pack_copies,
    refuse,
    spread_count,
    taken_less,
    turn_start_refusal,
    went_out,
)
from tonk.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Eat,
    Exchange,
    Hit,
    LaySpread,
    Tunk,
)
from tonk.cards import CARDS, Card, WildCard
from tonk.errors import IllegalReason
from tonk.rules import OutWay, Rules, StockEnd
from tonk.scoring import (
    count_of,
    settle_drop,
    settle_showdown,
    settle_tunk,
)
from tonk.state import GameState, Outcome, OutcomeKind, Spread

__all__ = [
    "apply_discard",
    "apply_draw_discard",
    "apply_draw_stock",
    "apply_drop",
    "apply_eat",
    "apply_exchange",
    "apply_hit",
    "apply_lay_spread",
    "apply_tunk",
    "eat_actions",
    "play_actions",
    "start_actions",
]
_STARTS = tuple(
    tuple(
        tuple(
            tuple(
                action
                for action, open_ in (
                    (CLAIM, claim),
                    (DROP, drop),
                    (DRAW_STOCK, True),
                    (DRAW_DISCARD, take),
                )
                if open_
            )
            for take in (False, True)
        )
        for drop in (False, True)
    )
    for claim in (False, True)
)
"""The actions at the start of a turn, ``_STARTS[claim][drop][take]`` by
whether a claim, a drop and taking the discard are open (the widow's
exchanges come after them). Nested tuples indexed by the three bools: three
subscripts cost less than building and hashing a key."""
_EAT_OR_PASS: tuple[Action, ...] = (Eat(), PASS)


def start_actions(state: GameState, table: Compiled) -> tuple[Action, ...]:
    """Return what the player to move may do before drawing (B7, V19, V46).

    ``table`` is the state's rules compiled. Its flags gate each test a state
    needs: under most rule sets no drop is forced or limited and no deal tonk
    is claimed now, and three flags say so without a call apiece; when only a
    wait can change the start (``plain_starts``), one flag says so.
    """
    if table.plain_starts:  # a wait bars the drop; any discard may be taken
        drop = not state.bookkeeping.waits[state.to_move]
        return _STARTS[False][drop][bool(state.discard_pile)]
    rules = state.rules
    if table.forced_drops and is_drop_forced(state):
        return (DROP,)
    claim = table.late_claims and can_claim(state, table)
    drop = (
        not (state.bookkeeping.waits[state.to_move] or table.drop_limits)
        or _drop_bar(state, table) is None
    )
    take = False
    if state.discard_pile:
        take = not (rules.discard_draw_must_meld or rules.upcard_first_only) or (
            _may_take(state, table)
        )
    actions = _STARTS[claim][drop][take]
    if rules.widow and not state.bookkeeping.exchanged[state.to_move]:  # V46
        hand = state.hands[state.to_move]
        return (*actions, *(EXCHANGES[card.code] for card in distinct_cards(hand)))
    return actions


def _may_take(state: GameState, table: Compiled) -> bool:
    """Return whether the top discard may be taken (V24d, H3)."""
    if state.bookkeeping.buried and len(state.discard_pile) == 1:
        return False  # H3: the turned-up card, buried
    return not state.rules.discard_draw_must_meld or _usable_discard(state, table)


def _drop_bar(state: GameState, table: Compiled) -> str | None:
    """Return why a drop is barred now, or ``None`` if nothing bars it.

    Waiting (V22, V23), the three-spread lock (V30), the drop ceiling (X6),
    rules without drops (H4) and a tunk (H6) bar a drop; a forced drop (V27,
    V29) overrides them all.
    """
    seat = state.to_move
    rules = state.rules
    if not rules.drops:
        return "these rules have no drop (H4)"
    if state.bookkeeping.tunker is not None:
        return f"seat {state.bookkeeping.tunker} has tunked: last turns only (H6)"
    waits = state.bookkeeping.waits[seat]
    if waits:
        return f"seat {seat} must wait {waits} more turn(s) to drop"
    if rules.three_spread_lock and spread_count(state, seat) >= 3:
        return f"seat {seat} has laid three spreads (V30)"
    first_turn = state.turns_taken < len(state.hands)  # at a turn's start
    ceiling = drop_ceiling(rules, first_turn=first_turn)
    if ceiling is not None:  # X6
        count = count_of(state.hands[seat], table.tables.values)
        if count > ceiling:
            return (
                f"seat {seat} counts {count}, over the drop ceiling of {ceiling}"
                + (" on its first turn" if first_turn else "")
                + " (X6)"
            )
    return None


def drop_ceiling(rules: Rules, *, first_turn: bool) -> int | None:
    """Return the highest count a seat may drop on, or ``None`` for any (X6).

    ``first_turn``: the seat's first turn of the hand (turn numbers below the
    table's size), where ``first_turn_drop_at_most`` applies if set.
    """
    if first_turn and rules.first_turn_drop_at_most is not None:
        return rules.first_turn_drop_at_most
    return rules.drop_at_most


def _usable_discard(state: GameState, table: Compiled) -> bool:
    """Return whether the top discard could be used at once in a spread (V24d)."""
    return bool(play_actions(_take_discard(state), table))


def play_actions(state: GameState, table: Compiled) -> tuple[Action, ...]:
    """Return the spreads, hits and discards open to the player who drew (B8-B10).

    The candidates (every spread in hand, every hit that fits, every discard)
    are filtered by the options that forbid some of them (V21, V22, V24b-d).
    ``table`` is the state's rules compiled.
    """
    seat = state.to_move
    hand = state.hands[seat]
    tables = table.tables
    # One loop lists each card's discard and sums the hand for its spreads
    # (the sum find_spreads would loop for again).
    hand_unit = tables.hand_unit
    total = HAND_SUM_START
    discards: list[Action] = []
    for card in hand:  # a loop builds this faster than a comprehension
        code = card.code
        total += hand_unit[code]
        discards.append(DISCARDS[code])
    distinct = hand
    if table.has_duplicates:  # equal cards (two packs, jokers) go as one discard
        distinct = distinct_cards(hand)
        if distinct is not hand:
            discards = [DISCARDS[card.code] for card in distinct]
    copies = table.pack_copies[len(state.hands)]
    tunks: Sequence[Action] = ()
    if table.knock:  # H2, H4, H5
        laid, tunks = _knock_melds(state, total, copies, table)
    else:
        laid = spreads_by_sum(hand, total, copies, tables)
    book = state.bookkeeping
    # No card taken to use (V24d, X8) and no bar on going out (V22): under
    # most rule sets, only must-spread (V21) may forbid anything.
    free = book.must_use is None and not book.going_out_barred[seat]
    if not laid and not state.spreads and free:
        # nothing to lay or hit, so nothing to forbid: every discard
        return (*discards, *tunks) if tunks else tuple(discards)
    melds: list[Action] = list(laid)
    if state.spreads and _may_hit(state):  # B10: a hit needs a spread on the table
        melds.extend(_hits(state, distinct, table, copies))
    if free and not state.rules.must_spread:  # nothing forbids any of them
        melds.extend(discards)
        actions = tuple(melds)
    else:
        actions = _open_to_play(state, melds, distinct, discards, table)
    return (*actions, *tunks) if tunks else actions


def _knock_melds(
    state: GameState, total: int, copies: int, table: Compiled
) -> tuple[list[LaySpread], Sequence[Action]]:
    """Return the spreads the player who drew may lay, and the tunks (H2, H4, H5).

    ``total`` is the hand's sum (:func:`spreads_by_sum`). Spreads short of
    natural cards go (H2); before a tunk, closed play leaves none to lay (H4),
    and a tunk is listed for each arrangement of the hand whose unmatched
    cards count at most the limit (H5). When closed play lays nothing and the
    cards no spread can hold count over the limit, no spread is looked for.
    Under V24d a tunk lays the card taken from the pile in one of its spreads.
    """
    rules = state.rules
    tables = table.tables
    hand = state.hands[state.to_move]
    limit = rules.tunk_at_most
    if (
        rules.closed_play
        and state.bookkeeping.tunker is None
        and (limit is None or _stranded(hand, rules, tables) > limit)
    ):
        return [], []
    laid = spreads_by_sum(hand, total, copies, tables)
    if rules.min_naturals > 1:
        laid = [spread for spread in laid if natural_enough(spread, table)]
    if state.bookkeeping.tunker is not None:
        return laid, []
    tunks: list[Tunk] = []
    if rules.tunk_at_most is not None:
        tunks = tunk_actions(
            state.hands[state.to_move], laid, rules.tunk_at_most, tables
        )
        pickup = state.bookkeeping.must_use
        if pickup is not None and rules.discard_draw_must_meld:  # V24d
            tunks = [tunk for tunk in tunks if pickup in tunk.physical]
    return ([] if rules.closed_play else laid), tunks


def _stranded(hand: tuple[Card, ...], rules: Rules, tables: Tables) -> int:
    """Return what the cards of ``hand`` that no spread can hold count (H5).

    A natural card in a spread shares it with another natural card (H2, or a
    spread of three with at most one wild card): one of its rank, or of its
    suit no more places away than the wild cards held can bridge. Without such
    a partner it stays unmatched. Plain jokers (V3) are never in a spread.
    """
    wild = tables.wild
    positions = tables.positions
    wilds = 0
    held = 0  # a bit for each natural card's code held, and again if twice
    twice = 0
    for card in hand:
        code = card.code
        if wild[code]:
            wilds += 1
        elif positions[code]:
            bit = 1 << code
            twice |= held & bit
            held |= bit
    if wilds >= 2 and rules.min_naturals == 1:
        return 0  # two wild cards make a spread of any natural card (V5)
    partners = _partners(tables, wilds + 2)
    values = tables.values
    count = 0
    for card in hand:
        code = card.code
        if wild[code]:
            continue
        if positions[code] and (partners[code] & held or twice >> code & 1):
            continue
        count += values[code]
    return count


_PARTNERS: Cache[tuple[tuple[str, int, str, int, str, bool], int], tuple[int, ...]] = (
    Cache(None, limit=256)
)
"""The partners of each card, by the card options (their tables' key) and reach."""


def _partners(tables: Tables, reach: int) -> tuple[int, ...]:
    """Return, by code, the bits of the natural cards that may share its spread.

    A partner is another natural card of its rank, or of its suit within
    ``reach`` run places (H5's bound, :func:`_stranded`).
    """
    key = (tables.key, reach)
    found = _PARTNERS.get(key)
    if found is None:
        found = _PARTNERS.put(key, _partner_bits(tables, reach))
    return found


def _partner_bits(tables: Tables, reach: int) -> tuple[int, ...]:
    """Work out :func:`_partners`' answer."""
    naturals = [card.code for card in tables.naturals if not tables.wild[card.code]]
    positions = tables.positions
    masks = [0] * len(positions)
    for code in naturals:
        for other in naturals:
            if other != code and (
                rank_index_of(other) == rank_index_of(code)
                or (
                    suit_of(other) == suit_of(code)
                    and any(
                        abs(place - other_place) <= reach
                        for place in positions[code]
                        for other_place in positions[other]
                    )
                )
            ):
                masks[code] |= 1 << other
    return tuple(masks)


def tunk_actions(
    hand: tuple[Card, ...], laid: list[LaySpread], limit: int, tables: Tables
) -> list[Tunk]:
    """Return every tunk of ``hand``: each arrangement counting ``limit`` or less (H5).

    ``laid`` is every spread the hand may lay. An arrangement is a multiset of
    those spreads whose cards the hand holds, the rest unmatched; each is
    listed once. Cards in no spread stay unmatched whatever is laid, so when
    they count over the limit there is no tunk, and nothing is searched.
    """
    values = tables.values
    cards = [_physical(spread) for spread in laid]  # unsorted: no sort is needed
    covered = {card.code for physical in cards for card in physical}
    stranded = 0
    for card in hand:
        if card.code not in covered:
            stranded += values[card.code]
    if stranded > limit:
        return []
    found: list[Tunk] = []
    _arrange(hand, list(zip(laid, cards, strict=True)), 0, (), limit, values, found)
    return found


def _arrange(
    hand: tuple[Card, ...],
    laid: list[tuple[LaySpread, tuple[Card, ...]]],
    start: int,
    chosen: tuple[LaySpread, ...],
    limit: int,
    values: tuple[int, ...],
    found: list[Tunk],
) -> None:
    """Add to ``found`` the tunks that lay ``chosen`` and spreads from ``start`` on.

    ``laid`` pairs each spread with the cards it takes from the hand.
    """
    if count_of(hand, values) <= limit:
        found.append(Tunk(chosen))
    for index in range(start, len(laid)):
        spread, cards = laid[index]
        rest = without_cards(hand, cards)
        if rest is not None:
            _arrange(rest, laid, index, (*chosen, spread), limit, values, found)


def _open_to_play(
    state: GameState,
    melds: list[Action],
    distinct: tuple[Card, ...],
    discards: list[Action],
    table: Compiled,
) -> tuple[Action, ...]:
    """Return the spreads, hits and discards the options leave open (V21-V24, X8).

    ``melds`` are the spreads and hits the hand could make, ``discards`` every
    distinct card's discard; the options each forbid some of them.
    """
    rules = state.rules
    hand = state.hands[state.to_move]
    must_use = state.bookkeeping.must_use
    actions = melds
    if must_use is not None and rules.discard_draw_must_meld:  # V24d
        actions = [action for action in actions if must_use in _physical(action)]
    elif rules.must_spread or must_use is not None:
        allowed: Sequence[Card] = (
            discardable(state, hand, table) if rules.must_spread else distinct  # V21
        )
        if must_use is not None:  # X8: not the card taken, if another may go
            allowed = _without_pickup(allowed, hand, must_use)
        for card in allowed:
            actions.append(DISCARDS[card.code])
    else:  # nothing forbids a discard: every distinct card's
        actions.extend(discards)
    if rules.must_spread and rules.hit_ends_turn:  # V21 with V24c
        copies = pack_copies(state, table)
        actions = [
            action
            for action in actions
            if not isinstance(action, Hit)
            or not holds_spread(
                without_cards(hand, _physical(action)) or (), table, copies
            )
        ]
    if state.bookkeeping.going_out_barred[state.to_move]:  # V22's option
        actions = [
            action
            for action in actions
            if len(hand) - len(_physical(action)) >= _cards_to_keep(state, action)
        ]
    return tuple(actions)


def _without_pickup(
    allowed: Sequence[Card], hand: tuple[Card, ...], pickup: Card
) -> Sequence[Card]:
    """Return the discards ``allowed`` less the card taken from the pile (X8).

    The card taken stays a discard when it is the only one, or when the hand
    holds another copy of it (two packs, jokers): that copy may go.
    """
    if hand.count(pickup) > 1:
        return allowed
    others = [card for card in allowed if card != pickup]
    return others or allowed


def _hits(
    state: GameState, distinct: tuple[Card, ...], table: Compiled, copies: int
) -> list[Action]:
    """Return every hit of a card of ``distinct`` that fits a spread (B10, V5, V30).

    ``copies`` is the packs' copies of each card (:func:`pack_copies`).
    """
    rules = state.rules
    seat = state.to_move
    book_limit = table.book_limit  # V24a
    tables = table.tables
    wild = tables.wild
    lock = (  # V30, X9, H6
        rules.three_spread_lock
        or not rules.hit_own_spreads
        or state.bookkeeping.tunker is not None
    )
    hits: list[Action] = []
    for spread in state.spreads:
        if lock and is_locked(state, spread, seat, table):  # V30, X9
            continue
        open_to_wilds: list[Card] | None = None  # what a wild may stand for
        may_fit = kin(spread)  # the rank or suit a natural card needs
        for card in distinct:
            code = card.code
            if not wild[code]:
                if may_fit >> code & 1 and fits(
                    spread, card, tables, copies, book_limit
                ):
                    hits.append(HITS[spread.number, card])
                continue
            if open_to_wilds is None:
                open_to_wilds = [
                    natural
                    for natural in hit_candidates(spread, tables)
                    if fits(spread, natural, tables, copies, book_limit)
                ]
            hits.extend(
                HITS[spread.number, designation(code, natural.code)]
                for natural in open_to_wilds
            )
    return hits


def _cards_to_keep(state: GameState, action: Action) -> int:
    """Return how many cards a player barred from going out must keep (V22).

    A discard must leave one card. A spread or hit must leave two, so that a
    discard can still end the turn, unless the hit itself ends it (V24c).
    """
    if isinstance(action, Discard) or (
        isinstance(action, Hit) and state.rules.hit_ends_turn
    ):
        return 1
    return 2


def _physical(action: Action) -> tuple[Card, ...]:
    """Return the cards an action takes from the hand (a spread's unsorted)."""
    if isinstance(action, LaySpread):
        return tuple(
            element.card if element.__class__ is WildCard else element  # type: ignore[misc]
            for element in action.cards
        )
    if isinstance(action, Hit):
        return (split(action.card)[0],)
    if isinstance(action, Discard):
        return (action.card,)
    return ()


def _may_hit(state: GameState) -> bool:
    """Return whether the player to move may make another hit this turn (V24b)."""
    limit = state.rules.max_hits_per_turn
    return limit is None or state.bookkeeping.hits_this_turn < limit


def apply_drop(state: GameState, action: Drop) -> GameState:
    """Drop: end the hand at the start of a turn and settle it (B7.1, B13).

    Refused when a wait or a drop limit bars it (V22, V23, X6, X7); under the
    forced knock an empty stock makes it a showdown (V29).
    """
    if state.phase is not TURN_START:
        raise turn_start_refusal(state, action)
    rules = state.rules
    table = compiled(rules)
    if (state.bookkeeping.waits[state.to_move] or table.drop_limits) and not (
        table.forced_drops and is_drop_forced(state)
    ):  # as in start_actions; a forced drop is never barred
        bar = _drop_bar(state, table)
        if bar is not None:
            raise refuse(action, IllegalReason.DROP_BARRED, bar)
    counts = counts_of(state, table)
    if rules.stock_end is STOCK_FORCED_KNOCK and not state.stock:  # V29
        outcome = settle_showdown(
            counts, OutcomeKind.FORCED_KNOCK, rules.exhaustion_tie
        )
        return ended(state, attrs.evolve(outcome, dropper=state.to_move))
    return ended(state, _settled_drop(state, counts, table))


def _settled_drop(
    state: GameState, counts: tuple[int, ...], table: Compiled
) -> Outcome:
    """Settle the drop of the player to move (B13, V35-V38, X11, X12).

    The settlement is remembered in the rule set's compiled form ``table``, by
    what it depends on: the counts, the dropper and the dealer.
    """
    drops = table.drops
    key = (counts, state.to_move, state.dealer)
    outcome = drops.get(key)
    if outcome is None:
        rules = state.rules
        outcome = drops.put(
            key,
            settle_drop(
                counts,
                state.to_move,
                catch=rules.catch,
                dealer=state.dealer,
                bonus=rules.drop_bonus,
            ),
        )
    return outcome


def apply_draw_stock(state: GameState, action: DrawStock) -> GameState:
    """Draw the stock's top card (B7.2); an empty stock ends the hand (B14, V28)."""
    if state.phase is not TURN_START:
        raise turn_start_refusal(state, action)
    rules = state.rules
    stock = state.stock
    # A drop is forced only under the boobed deck (V27) or on an empty stock
    # (V29): most draws need not ask.
    if (rules.boobed_deck or not stock) and is_drop_forced(state):
        raise forced_drop_refusal(state, action)
    if not stock:  # B14: a draw from the empty stock ends the hand
        counts = counts_of(state, compiled(rules))
        if state.bookkeeping.tunker is not None:  # H6: the last turns end
            return _settled_tunk(state, counts)
        if rules.stock_end is StockEnd.DEAD:  # V28, H8
            return ended(
                state,
                Outcome.from_transfers(
                    OutcomeKind.DEAD_STOCK,
                    len(counts),
                    winners=(),
                    transfers=(),
                    counts=counts,
                ),
            )
        return ended(
            state,
            settle_showdown(counts, OutcomeKind.STOCK_EXHAUSTED, rules.exhaustion_tie),
        )
    if rules.upcard_first_only and not state.turns_taken and state.discard_pile:
        # H3: the first player leaves the turned-up card, which is buried
        state = successor(
            state, bookkeeping=attrs.evolve(state.bookkeeping, buried=True)
        )
    return _drawn(state, stock[0], stock=stock[1:], discard_pile=state.discard_pile)


def _settled_tunk(state: GameState, counts: tuple[int, ...]) -> GameState:
    """End the hand after a tunk, each seat's ``counts`` scored as H7 says."""
    tunker = state.bookkeeping.tunker
    assert tunker is not None
    outcome = settle_tunk(counts, tunker, tie_doubles=state.rules.tunk_tie_doubles)
    return ended(state, outcome)


def _take_discard(state: GameState) -> GameState:
    """Return the state after the player to move takes the top discard."""
    pile = state.discard_pile
    return _drawn(state, pile[-1], stock=state.stock, discard_pile=pile[:-1])


def _drawn(
    state: GameState,
    card: Card,
    *,
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
) -> GameState:
    """Return the state after the player to move draws ``card``.

    ``stock`` and ``discard_pile`` are what the draw leaves of them:
    ``discard_pile`` is the state's own pile, the same object, unless the card
    was taken from it.
    """
    seat = state.to_move
    rules = state.rules
    hand = with_card(state.hands[seat], card)
    book = state.bookkeeping
    must_use = None
    taken = state.taken
    if discard_pile is not state.discard_pile:  # taken from the pile
        taken = replace_at(taken, seat, (*taken[seat], card))
        if rules.discard_draw_must_meld or not rules.discard_pickup:
            must_use = card  # V24d: it must be used at once; X8: not discarded
    # The record is revised only if the draw may change it. ``revised`` would
    # return it unchanged, but most draws change nothing (a turn starts with
    # no wait, charge or hit, and no card to use), and each draw would pay for
    # the call.
    if (
        book.waits[seat]
        or book.hit_this_round[seat]
        or rules.hit_wait_once_per_turn
        or book.hits_this_turn
        or must_use is not book.must_use
        or book.slap is not None  # an eating window closes (X5)
    ):
        waits, charged = book.waits, book.hit_this_round
        if waits[seat]:  # V22, V23: one turn of waiting served
            waits = replace_at(waits, seat, waits[seat] - 1)
        if rules.hit_wait_once_per_turn:  # X7: a new turn for every seat's charge
            if any(charged):
                charged = (False,) * len(charged)
        elif charged[seat]:  # V22's once-per-round option: a new round for this seat
            charged = replace_at(charged, seat, False)
        book = revised(
            book,
            waits=waits,
            hit_this_round=charged,
            hits_this_turn=0,
            must_use=must_use,
            slap=None,
        )
    return successor(
        state,
        hand=hand,
        stock=stock,
        discard_pile=discard_pile,
        phase=AFTER_DRAW,
        taken=taken,
        bookkeeping=book,
    )


def apply_draw_discard(state: GameState, action: DrawDiscard) -> GameState:
    """Take the top discard (B7.2); V24d and X8 restrict what may follow."""
    if state.phase is not TURN_START:
        raise turn_start_refusal(state, action)
    if not state.discard_pile:
        raise refuse(
            action, IllegalReason.DISCARD_PILE_EMPTY, "the discard pile is empty"
        )
    if is_drop_forced(state):
        raise forced_drop_refusal(state, action)
    if state.bookkeeping.buried and len(state.discard_pile) == 1:
        raise refuse(
            action,
            IllegalReason.UPCARD_BURIED,
            "only the first player may take the turned-up card, on the first turn (H3)",
        )
    if state.rules.discard_draw_must_meld and not _usable_discard(
        state, compiled(state.rules)
    ):
        raise refuse(
            action,
            IllegalReason.MUST_USE_DISCARD,
            f"{state.discard_pile[-1]} could not be used at once in a spread (V24d)",
        )
    return _take_discard(state)


def eat_actions(state: GameState, table: Compiled) -> tuple[Action, ...]:
    """Return what the seat asked in an eating window may do: eat, pass (X5)."""
    if state.rules.discard_draw_must_meld and not _usable_discard(state, table):
        return (PASS,)
    return _EAT_OR_PASS


def apply_eat(state: GameState, action: Eat) -> GameState:
    """Take the window's discard as the draw of the eater's own turn (X5).

    The seats between the player due and the eater lose their turns, which
    count as taken (B15).
    """
    window = state.bookkeeping.slap
    if state.phase is not SLAP_WINDOW or window is None or not state.rules.eating:
        raise refuse(action, IllegalReason.NOT_SLAP_TIME, "no eating window is open")
    if state.rules.discard_draw_must_meld and not _usable_discard(
        state, compiled(state.rules)
    ):
        raise refuse(
            action,
            IllegalReason.MUST_USE_DISCARD,
            f"{window.card} could not be used at once in a spread (V24d)",
        )
    skipped = (state.to_move - window.due) % len(state.hands)
    return _take_discard(successor(state, turns_taken=state.turns_taken + skipped))


def _emptied(
    state: GameState,
    seat: int,
    way: OutWay,
    discarded: Card | None,
    table: Compiled | None,
) -> GameState:
    """Settle ``seat`` emptying the hand, unless the boobed deck forbids it (V27).

    In a last turn after a tunk the empty hand ends the turn, counting 0 (H6).
    ``table`` is the rules compiled, if the transition fetched them.
    """
    rules = state.rules
    if state.bookkeeping.tunker is not None or (
        rules.boobed_deck and len(state.stock) <= len(state.hands)
    ):
        # The empty hand drops next turn.
        return _end_turn(state, seat, discarded, table=table)
    return ended(
        successor(state, to_move=seat), went_out(state, seat, way, own_turn=True)
    )


def _end_turn(
    state: GameState,
    seat: int,
    discarded: Card | None,
    *,
    table: Compiled | None = None,
    hand: tuple[Card, ...] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
    taken: tuple[tuple[Card, ...], ...] | None = None,
) -> GameState:
    """Finish ``seat``'s turn: count it, end the hand or open a slap window.

    The hand ends on an empty stock (X10) or at the turn limit (B15); else a
    discard that fits a spread opens a slap-in window (V26).

    ``table`` is the rules compiled, if the transition fetched them (most
    discards need them for nothing). ``hand`` (``seat``'s), ``discard_pile``
    and ``taken`` are what the turn's last action changed (a discard), so
    that the turn ends in one successor.
    """
    rules = state.rules
    turns_taken = state.turns_taken + 1
    players = len(state.hands)
    following = (seat + 1) % players
    book = state.bookkeeping
    barred = book.going_out_barred[seat]  # V22's option: the bar lasts one turn
    # As at a draw (_drawn), the record is revised only if the turn changed it.
    if barred or book.hits_this_turn or book.must_use is not None:
        book = revised(
            book,
            going_out_barred=replace_at(book.going_out_barred, seat, False)
            if barred
            else None,
            hits_this_turn=0,
            must_use=None,
        )
    after = successor(
        state,
        hand=hand,
        discard_pile=discard_pile,
        taken=taken,
        to_move=following,
        phase=TURN_START,
        turns_taken=turns_taken,
        bookkeeping=book,
    )
    if book.tunker is not None:  # H6: a last turn, or the tunk, was played
        return _last_turn_over(state, after, seat, book.tunker, table)
    showdown: OutcomeKind | None = None  # inline: this runs at every turn's end
    if rules.stock_end is STOCK_LAST_CARD and not state.stock:  # X10
        showdown = OutcomeKind.STOCK_EXHAUSTED
    elif rules.max_turns is not None and turns_taken >= rules.max_turns:  # B15
        showdown = OutcomeKind.TURN_LIMIT  # the termination guard
    # The card a window may open for (V26, X5).
    offered = discarded if (rules.slap_in and state.spreads) or rules.eating else None
    # Only a first turn (one of the first ``players``) or a showdown may end
    # the hand here: most turns open no window either, and pay no lookup of
    # the compiled rules.
    if turns_taken > players and showdown is None and offered is None:
        return after
    table = compiled(rules) if table is None else table
    return _closed_turn(after, seat, showdown, offered, table)


def _last_turn_over(
    state: GameState,
    after: GameState,
    seat: int,
    tunker: int,
    table: Compiled | None,
) -> GameState:
    """Return ``after``, or the tunk settled if no last turn is left (H6, X10).

    ``state`` is ``seat``'s turn before it ended, ``after`` the state once it
    is over. The last turns end back at the tunker, or under X10 with the
    turn that drew the last stock card.
    """
    rules = state.rules
    following = after.to_move
    if following != tunker and not (
        rules.stock_end is STOCK_LAST_CARD and not state.stock  # X10
    ):
        return after
    table = compiled(rules) if table is None else table
    return _settled_tunk(successor(after, to_move=seat), counts_of(after, table))


def _closed_turn(
    after: GameState,
    seat: int,
    showdown: OutcomeKind | None,
    offered: Card | None,
    table: Compiled,
) -> GameState:
    """Return the state once ``seat``'s turn closed (X13, X10, B15, V26, X5).

    ``after`` is the state once the turn is over. A deal tonk won at the end
    of a first turn (X13) comes first, then the ``showdown`` (X10, B15), if
    any; else a window opens for the card ``offered``, if anyone could slap
    or eat it (V26, X5).
    """
    if after.turns_taken <= len(after.hands) and table.end_claims:  # X13
        claimed = claimed_at_turn_end(after, seat)
        if claimed is not None:
            return ended(successor(after, to_move=seat), claimed)
    if showdown is not None:
        return ended(
            successor(after, to_move=seat),
            settle_showdown(
                counts_of(after, table), showdown, after.rules.exhaustion_tie
            ),
        )
    if offered is not None:
        due = after.to_move
        window = opened_window(after, table, offered, discarder=seat, due=due)
        if window is not None:
            return window
    return after


def _check_not_out(state: GameState, action: Action, hand: tuple[Card, ...]) -> None:
    """Refuse an action that would empty a hand barred from going out (V22)."""
    if state.bookkeeping.going_out_barred[state.to_move] and len(hand) < _cards_to_keep(
        state, action
    ):
        raise refuse(
            action,
            IllegalReason.GOING_OUT_BARRED,
            f"seat {state.to_move} was hit and may not go out this turn, nor keep"
            " fewer cards than it needs to end the turn",
        )


def _check_uses_discard(state: GameState, action: Action, used: Sequence[Card]) -> None:
    """Refuse an action that does not use the card taken from the pile (V24d)."""
    pickup = state.bookkeeping.must_use
    if pickup is not None and state.rules.discard_draw_must_meld and pickup not in used:
        raise refuse(
            action,
            IllegalReason.MUST_USE_DISCARD,
            f"{pickup} taken from the discard pile must be used first (V24d)",
        )


def _check_not_pickup(state: GameState, action: Discard, table: Compiled) -> None:
    """Refuse discarding the card taken from the pile while another may go (X8)."""
    pickup = state.bookkeeping.must_use
    if action.card != pickup or state.rules.discard_draw_must_meld:
        return
    hand = state.hands[state.to_move]
    allowed = (
        discardable(state, hand, table) if state.rules.must_spread else hand  # V21
    )
    if allowed and pickup not in _without_pickup(allowed, hand, pickup):
        raise refuse(
            action,
            IllegalReason.PICKUP_DISCARD,
            f"{pickup} was taken from the discard pile this turn (X8)",
        )


def _check_discard_options(
    state: GameState, action: Discard, hand: tuple[Card, ...], table: Compiled
) -> None:
    """Refuse a discard an option forbids (V24d, X8, V22, V21).

    ``hand`` is the hand the discard leaves.
    """
    if state.bookkeeping.must_use is not None:  # V24d, X8
        _check_uses_discard(state, action, ())
        _check_not_pickup(state, action, table)
    if state.bookkeeping.going_out_barred[state.to_move]:  # V22's option
        _check_not_out(state, action, hand)
    if state.rules.must_spread:  # V21
        check_discard(state, action, table)


def _pickup_after(state: GameState, played: Sequence[Card]) -> Card | None:
    """Return :attr:`GameState.must_use` once ``played`` left the hand (V24d, X8).

    Under V24d a legal spread or hit always uses the card; under X8 it stays
    restricted until it is played (or a copy of it is: copies are alike).
    """
    pickup = state.bookkeeping.must_use
    return None if pickup is None or pickup in played else pickup


def _hand_less(
    state: GameState, action: LaySpread | Tunk, physical: tuple[Card, ...]
) -> tuple[Card, ...]:
    """Return the mover's hand less ``physical``, or refuse ``action`` (B9, H5)."""
    hand = without_cards(state.hands[state.to_move], physical)
    if hand is None:
        raise refuse(
            action,
            IllegalReason.CARD_NOT_IN_HAND,
            f"seat {state.to_move} does not hold them all",
        )
    return hand


def apply_lay_spread(state: GameState, action: LaySpread) -> GameState:
    """Lay a spread from the hand of the player who drew (B9, V4, V5, V21, V22).

    Emptying the hand this way is going out (B11a).
    """
    if state.phase is not AFTER_DRAW:
        raise after_draw_refusal(state, action)
    seat = state.to_move
    physical = action.physical
    hand = _hand_less(state, action, physical)
    rules = state.rules
    _check_open_play(state, action)
    table = compiled(rules)
    spreads = (
        *state.spreads,
        _spread_laid(state, action, action, len(state.spreads), table),
    )
    taken = taken_less(state, seat, physical)
    _check_uses_discard(state, action, physical)
    _check_not_out(state, action, hand)
    waits = state.bookkeeping.waits
    if rules.spread_wait:  # V22: laying a spread bars the drop
        waits = replace_at(waits, seat, waits[seat] + rules.spread_wait)
    after = successor(
        state,
        hand=hand,
        spreads=spreads,
        taken=taken,
        bookkeeping=revised(
            state.bookkeeping, waits=waits, must_use=_pickup_after(state, physical)
        ),
    )
    if not hand:
        return _emptied(after, seat, OutWay.SPREAD, None, table)
    return after


def _check_open_play(state: GameState, action: LaySpread | Hit) -> None:
    """Refuse a spread or hit before a tunk under closed play (H4)."""
    if state.rules.closed_play and state.bookkeeping.tunker is None:
        raise refuse(
            action,
            IllegalReason.CLOSED_PLAY,
            "closed play: no spread or hit before a tunk (H4)",
        )


def _spread_laid(
    state: GameState,
    action: LaySpread | Tunk,
    lay: LaySpread,
    laid: int,
    table: Compiled,
) -> Spread:
    """Return the spread ``lay`` makes, the player to move's, after ``laid`` others.

    ``action`` is the spread or the tunk that lays it. Refused unless it is a
    book or run of wilds that are wild here (V4, V5), with enough natural
    cards (V5, H2).
    """
    rules = state.rules
    tables = table.tables
    for element in lay.cards:
        if isinstance(element, WildCard) and not tables.wild[element.card.code]:
            raise refuse(
                action, IllegalReason.NOT_A_SPREAD, f"{element.card} is not wild here"
            )
    result = lay_out(lay.cards, tables, pack_copies(state, table))
    if result is None or (rules.min_naturals > 1 and not natural_enough(lay, table)):
        naturals = (
            ""
            if not rules.has_wilds
            else " with a natural card"
            if rules.min_naturals == 1
            else f" with {rules.min_naturals} natural cards"
        )
        raise refuse(
            action,
            IllegalReason.NOT_A_SPREAD,
            ("" if action is lay else f"{' '.join(map(str, lay.cards))}: ")
            + f"not a book or a run{naturals}",
        )
    kind, cards, stands_for = result
    return Spread(
        number=laid + 1,
        owner=state.to_move,
        kind=kind,
        cards=cards,
        stands_for=stands_for,
        turn=state.turns_taken,
    )


def apply_tunk(state: GameState, action: Tunk) -> GameState:
    """Tunk: lay the hand down as spreads and unmatched cards, not discarding (H5).

    The unmatched cards must count at most :attr:`Rules.tunk_at_most`, and a
    card taken from the pile under V24d must be in a spread, not unmatched.
    The hand is settled at once (H7), or once each other player has had a
    last turn (H6).
    """
    if state.phase is not AFTER_DRAW:
        raise after_draw_refusal(state, action)
    rules = state.rules
    limit = rules.tunk_at_most
    book = state.bookkeeping
    if limit is None or book.tunker is not None:
        raise refuse(
            action,
            IllegalReason.NO_TUNK,
            "these rules have no tunk (H5)"
            if limit is None
            else f"seat {book.tunker} has tunked already (H6)",
        )
    seat = state.to_move
    physical = action.physical
    hand = _hand_less(state, action, physical)
    _check_uses_discard(state, action, physical)  # V24d
    table = compiled(rules)
    spreads = list(state.spreads)
    for lay in action.spreads:
        spreads.append(_spread_laid(state, action, lay, len(spreads), table))
    count = count_of(hand, table.tables.values)
    if count > limit:
        raise refuse(
            action,
            IllegalReason.TUNK_LIMIT,
            f"the unmatched cards count {count}, over the tunk limit of {limit} (H5)",
        )
    after = successor(
        state,
        hand=hand,
        spreads=tuple(spreads),
        # The unmatched cards lie face up: public, as cards taken are (H5).
        taken=replace_at(state.taken, seat, hand),
        bookkeeping=attrs.evolve(book, tunker=seat, must_use=None),
    )
    if not rules.last_turns:
        return _settled_tunk(after, counts_of(after, table))
    return _end_turn(after, seat, None, table=table)


def apply_hit(state: GameState, action: Hit) -> GameState:
    """Hit a spread on the table with one card (B10, V22-V24, V30, X7, X9).

    Emptying the hand this way is going out (B11a).
    """
    if state.phase is not AFTER_DRAW:
        raise after_draw_refusal(state, action)
    seat = state.to_move
    number = action.spread
    check_spread_number(state, action)
    physical, represented = split(action.card)
    hand = without_card(state.hands[seat], physical)
    if hand is None:
        raise refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    target = state.spreads[number - 1]
    _check_open_play(state, action)
    rules = state.rules
    table = compiled(rules)
    _check_hit(state, action, target, physical, represented, table)
    _check_uses_discard(state, action, (physical,))
    _check_not_out(state, action, hand)
    if (
        rules.must_spread
        and rules.hit_ends_turn
        and holds_spread(hand, table, pack_copies(state, table))  # V21, V24c
    ):
        raise refuse(
            action,
            IllegalReason.MUST_SPREAD,
            "the hit would end the turn with a complete spread in hand (V21)",
        )
    spread = extended(target, physical, represented, table.tables, seat)
    waits, barred, charged = hit_effects(state, target.owner, seat)
    after = successor(
        state,
        hand=hand,
        spreads=(*state.spreads[: number - 1], spread, *state.spreads[number:]),
        taken=taken_less(state, seat, (physical,)),
        bookkeeping=revised(
            state.bookkeeping,
            waits=waits,
            going_out_barred=barred,
            hit_this_round=charged,
            hits_this_turn=state.bookkeeping.hits_this_turn + 1,
            must_use=_pickup_after(state, (physical,)),
        ),
    )
    if not hand:
        return _emptied(after, seat, OutWay.HIT, None, table)
    if rules.hit_ends_turn:  # V24c
        return _end_turn(after, seat, None, table=table)
    return after


def _check_hit(
    state: GameState,
    action: Hit,
    target: Spread,
    physical: Card,
    represented: Card,
    table: Compiled,
) -> None:
    """Refuse a hit the spread or the options do not allow (B10, V5, V24, V30, X9)."""
    rules = state.rules
    tables = table.tables
    if physical != represented and not tables.wild[physical.code]:
        raise refuse(
            action, IllegalReason.HIT_DOES_NOT_FIT, f"{physical} is not wild here"
        )
    if not _may_hit(state):
        raise refuse(
            action,
            IllegalReason.HIT_LIMIT,
            f"at most {rules.max_hits_per_turn} hit(s) a turn (V24b)",
        )
    check_not_locked(state, action, target, table)  # V30, X9
    copies = pack_copies(state, table)
    if not fits(target, represented, tables, copies, table.book_limit):
        raise refuse(
            action,
            IllegalReason.HIT_DOES_NOT_FIT,
            f"it does not fit spread {action.spread}",
        )


def apply_exchange(state: GameState, action: Exchange) -> GameState:
    """Swap a hand card for the widow, paying 1x into the widow pot (V46)."""
    if state.phase is not TURN_START:
        raise turn_start_refusal(state, action)
    seat = state.to_move
    if not state.rules.widow or state.bookkeeping.exchanged[seat]:
        raise refuse(
            action,
            IllegalReason.NO_WIDOW,
            "these rules have no widow (V46)"
            if not state.rules.widow
            else f"seat {seat} has already exchanged with its widow this hand",
        )
    if is_drop_forced(state):
        raise forced_drop_refusal(state, action)
    hand = without_card(state.hands[seat], action.card)
    if hand is None:
        raise refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    card = CARDS[action.card.code]
    book = state.bookkeeping
    return successor(
        state,
        hand=with_card(hand, book.widows[seat]),
        # The card goes face down: the table can no longer tell which of the
        # cards the seat took from the pile it still holds, so it forgets them
        # all (less than it could know, never something false).
        taken=replace_at(state.taken, seat, ()),
        bookkeeping=revised(
            book,
            widows=replace_at(book.widows, seat, card),
            exchanged=replace_at(book.exchanged, seat, True),
        ),
    )


def apply_discard(state: GameState, action: Discard) -> GameState:
    """Discard one card and end the turn (B7.2, V21, V24d, X8).

    Discarding the last card is going out (B11b); a discard that could be
    hit opens the slap-in window (V26).
    """
    if state.phase is not AFTER_DRAW:  # the usual phase, tested first
        if state.phase is EXTRA_DISCARD:
            return apply_extra_discard(state, action)
        raise after_draw_refusal(state, action)
    seat = state.to_move
    hand = without_card(state.hands[seat], action.card)
    if hand is None:
        raise refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    book = state.bookkeeping
    table: Compiled | None = None  # fetched only if an option needs it
    if (
        book.must_use is not None
        or book.going_out_barred[seat]
        or state.rules.must_spread
    ):
        table = compiled(state.rules)
        _check_discard_options(state, action, hand, table)
    card = CARDS[action.card.code]
    # Concatenation copies the pile once; unpacking builds a list first, which
    # costs more as the pile grows.
    pile = state.discard_pile + (card,)  # noqa: RUF005
    taken = taken_less(state, seat, (card,))
    if not hand:  # B11b: out by discarding the last card
        after = successor(
            state,
            hand=hand,
            discard_pile=pile,
            taken=taken,
            bookkeeping=revised(state.bookkeeping, must_use=None),
        )
        return _emptied(after, seat, OutWay.DISCARD, card, table)
    return _end_turn(
        state, seat, card, table=table, hand=hand, discard_pile=pile, taken=taken
    )
