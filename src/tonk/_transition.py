"""Share what every transition of a hand needs: the checks and the end.

The checks and predicates several parts of the game use, and the end of a
hand; the successor builder and the other speed devices are
:mod:`tonk._fast`'s. Each takes the state's rules compiled (``table``) from
its caller, which fetched them once. The
refusals of an action out of its time (:func:`turn_start_refusal`,
:func:`after_draw_refusal`; B7, docs/rules/base.md) are raised by the
transitions once they have tested the phase; :func:`is_drop_forced` is V27/V29,
:func:`is_locked` V30 and X9, :func:`holds_spread` and :func:`discardable` V21 and
:func:`hit_effects` V22/V23/X7 (docs/rules/play.md); :func:`ended` and
:func:`went_out` settle a hand (B11-B14, docs/rules/base.md; V31-V34, V39,
V46, docs/rules/payouts.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk._compiled import Compiled
from tonk._fast import (
    AFTER_DRAW,
    EXTRA_DISCARD,
    HAND_OVER,
    SLAP_WINDOW,
    STOCK_FORCED_KNOCK,
    distinct_cards,
    replace_at,
    successor,
    without_card,
)
from tonk._spreads import find_spreads
from tonk.actions import Action, Discard, Hit, LaySpread, Slap, format_action
from tonk.cards import Card, Rank, WildCard
from tonk.errors import IllegalActionError, IllegalReason
from tonk.rules import OutWay
from tonk.scoring import (
    count_of,
    hit_and_split_transfers,
    settle_out,
    widow_transfers,
)
from tonk.state import GameState, Outcome, OutcomeKind, Spread

__all__ = [
    "after_draw_refusal",
    "check_discard",
    "check_not_locked",
    "check_spread_number",
    "counts_of",
    "discardable",
    "ended",
    "forced_drop_refusal",
    "hit_effects",
    "holds_spread",
    "is_drop_forced",
    "is_locked",
    "natural_enough",
    "pack_copies",
    "refuse",
    "spread_count",
    "taken_less",
    "turn_start_refusal",
    "went_out",
]


def refuse(action: Action, reason: IllegalReason, why: str) -> IllegalActionError:
    """Return the refusal of ``action`` with its reason and message (B7)."""
    return IllegalActionError(
        f"cannot {format_action(action)}: {why}", action=action, reason=reason
    )


def _window_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action`` while a slap-in window is open (V26)."""
    return refuse(
        action,
        IllegalReason.NOT_SLAP_TIME,
        f"seat {state.to_move} must "
        + (
            "discard"
            if state.phase is EXTRA_DISCARD
            else "eat or pass"
            if state.rules.eating
            else "slap or pass"
        ),
    )


# The phase checks (B7). A transition tests the phase itself and raises the
# refusal these build only when the phase is wrong, so that the usual case
# costs a comparison, not a call:
#
#     if state.phase is not TURN_START:
#         raise turn_start_refusal(state, action)


def turn_start_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action``, open only at a turn's start, now."""
    if state.phase is SLAP_WINDOW or state.phase is EXTRA_DISCARD:
        return _window_refusal(state, action)
    return refuse(
        action,
        IllegalReason.ALREADY_DREW,
        f"seat {state.to_move} has drawn; spread, hit or discard",
    )


def after_draw_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action``, open only after a draw, now."""
    if state.phase is SLAP_WINDOW or state.phase is EXTRA_DISCARD:
        return _window_refusal(state, action)
    return IllegalActionError(
        f"cannot {format_action(action).split()[0]} before drawing: seat"
        f" {state.to_move} must drop or draw first",
        action=action,
        reason=IllegalReason.MUST_DRAW_FIRST,
    )


def taken_less(
    state: GameState, seat: int, cards: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """Return :attr:`GameState.taken` once ``seat`` has played ``cards``."""
    taken = state.taken
    held = taken[seat]
    if not held:
        return taken
    remaining = held
    for card in cards:
        played = without_card(remaining, card)
        if played is not None:
            remaining = played
    if remaining is held:  # none of them was taken
        return taken
    return replace_at(taken, seat, remaining)


def counts_of(state: GameState, table: Compiled) -> tuple[int, ...]:
    """Return every seat's count (B12), as :func:`tonk.scoring.hand_count` gives it.

    ``table`` is the state's rules compiled: its callers have it at hand.
    """
    values = table.tables.values
    counts = []
    for hand in state.hands:  # a loop, not a comprehension: this runs at every drop
        counts.append(count_of(hand, values))
    return tuple(counts)


def ended(state: GameState, outcome: Outcome) -> GameState:
    """Return ``state`` over, settled by ``outcome`` and the side payments."""
    rules = state.rules
    if rules.hit_and_split:  # V39
        outcome = outcome.with_transfers(
            hit_and_split_transfers(outcome.winners, state.spreads, len(state.hands))
        )
    if rules.widow:  # V46
        outcome = outcome.with_transfers(
            widow_transfers(outcome.winners, state.bookkeeping.exchanged)
        )
    return successor(state, phase=HAND_OVER, outcome=outcome)


def went_out(state: GameState, seat: int, way: OutWay, *, own_turn: bool) -> Outcome:
    """Settle ``seat`` going out from ``state`` by ``way`` (B11, V31-V34).

    ``state`` is the state of the turn the hand was emptied in (before any turn
    count moves on); ``own_turn`` is false for a slapper's extra discard (V26).
    """
    players = len(state.hands)
    turn = state.turns_taken
    spreads = state.spreads
    first_turn = (
        own_turn and turn < players and (seat - state.dealer - 1) % players == turn
    )
    laid_now = (
        sum(1 for spread in spreads if spread.owner == seat and spread.turn == turn)
        if own_turn
        else 0
    )
    for row in state.rules.going_out:
        if row.matches(
            way=way,
            first_turn=first_turn,
            spreads_this_turn=laid_now,
            hit_this_turn=own_turn and state.bookkeeping.hits_this_turn > 0,
            hit_this_hand=any(seat in spread.hitters for spread in spreads),
            spread_before=any(
                spread.owner == seat and spread.turn < turn for spread in spreads
            ),
        ):
            pays = row.pays
            break
    else:  # pragma: no cover - Rules requires a last row for every way
        raise AssertionError("no going-out row matched")
    kind = OutcomeKind.OUT_BY_DISCARD if way is OutWay.DISCARD else OutcomeKind.TONK_OUT
    return settle_out(players, seat, kind, pays=pays)


def pack_copies(state: GameState, table: Compiled) -> int:
    """Return how many copies of each card the rules' pack holds (B1, V2)."""
    return table.pack_copies[len(state.hands)]


def spread_count(state: GameState, seat: int) -> int:
    """Return how many spreads ``seat`` has laid this hand (V30)."""
    return sum(1 for spread in state.spreads if spread.owner == seat)


def is_locked(state: GameState, spread: Spread, seat: int, table: Compiled) -> bool:
    """Return whether ``seat`` may not hit ``spread`` (V30, X9, H6).

    In the last turns after a tunk only the tunker's spreads may be hit, and
    none of them when the tunker counts 0 (H6).
    """
    rules = state.rules
    tunker = state.bookkeeping.tunker
    if tunker is not None:
        values = table.tables.values
        return spread.owner != tunker or not count_of(state.hands[tunker], values)
    if spread.owner == seat:
        return not rules.hit_own_spreads  # X9
    return rules.three_spread_lock and spread_count(state, spread.owner) >= 3


def check_not_locked(
    state: GameState, action: Hit | Slap, spread: Spread, table: Compiled
) -> None:
    """Refuse a hit or slap onto a spread that is locked to the mover (V30, X9)."""
    if is_locked(state, spread, state.to_move, table):
        raise refuse(action, IllegalReason.SPREAD_LOCKED, _lock_reason(state, spread))


def _lock_reason(state: GameState, spread: Spread) -> str:
    """Return why ``spread`` is locked to the player to move (V30, X9, H6)."""
    tunker = state.bookkeeping.tunker
    if tunker is not None:
        if spread.owner != tunker:
            return f"after a tunk only seat {tunker}'s spreads may be hit (H6)"
        return f"seat {tunker} tunked on 0: its spreads may not be hit (H6)"
    if spread.owner == state.to_move:
        return "no player may hit their own spreads (X9)"
    return f"seat {spread.owner} has laid three spreads (V30)"


def is_drop_forced(state: GameState) -> bool:
    """Return whether the player to move must drop (V27, V29).

    Never in the last turns after a tunk (H6): nobody drops then, and the
    tunk is settled as H7 says.
    """
    rules = state.rules
    return state.bookkeeping.tunker is None and (
        (rules.boobed_deck and not state.hands[state.to_move])
        or (rules.stock_end is STOCK_FORCED_KNOCK and not state.stock)
    )


def forced_drop_refusal(state: GameState, action: Action) -> IllegalActionError:
    """Return the refusal of ``action`` when the player must drop (V27, V29).

    The caller tests :func:`is_drop_forced` first, as the phase checks are
    tested (:func:`turn_start_refusal`).
    """
    return refuse(
        action,
        IllegalReason.MUST_DROP,
        f"seat {state.to_move} must drop"
        + (
            " the empty hand (V27)"
            if not state.hands[state.to_move]
            else ": the stock is empty (V29)"
        ),
    )


def discardable(
    state: GameState, hand: tuple[Card, ...], table: Compiled
) -> list[Card]:
    """Return the distinct cards the player may discard (V21).

    Under must-spread a hand holding a complete spread may not discard at all:
    the spread must be laid first.
    """
    if state.rules.must_spread and holds_spread(hand, table, pack_copies(state, table)):
        return []
    return list(distinct_cards(hand))


def natural_enough(spread: LaySpread, table: Compiled) -> bool:
    """Return whether ``spread`` holds enough natural (not wild) cards (H2)."""
    wild = table.tables.wild
    naturals = 0
    for element in spread.cards:  # a wild's element is a WildCard, or itself
        if element.__class__ is not WildCard and not wild[element.code]:  # type: ignore[union-attr]
            naturals += 1
    return naturals >= table.rules.min_naturals


def holds_spread(hand: tuple[Card, ...], table: Compiled, copies: int) -> bool:
    """Return whether ``hand`` holds a spread it may not keep (V21, H2)."""
    rules = table.rules
    spreads = find_spreads(hand, table.tables, copies)
    if rules.min_naturals > 1:  # H2: a spread short of natural cards is none
        spreads = [spread for spread in spreads if natural_enough(spread, table)]
    if not rules.three_aces_may_be_held:
        return bool(spreads)
    aces = [card for card in hand if card.rank is Rank.ACE]
    for spread in spreads:
        exempt = len(aces) == 3 and all(
            isinstance(element, Card) and element.rank is Rank.ACE
            for element in spread.cards
        )
        if not exempt:
            return True
    return False


def hit_effects(
    state: GameState, owner: int, hitter: int
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...]]:
    """Return the waits, going-out bars and charges after a hit (V22, V23, X7).

    The hit is on ``owner``'s spread by ``hitter``; a slap counts as a hit. A
    charge already made is made again only outside a round (V22's option) or
    a turn (X7's); a slap, outside any turn, is always charged.
    """
    rules = state.rules
    waits = state.bookkeeping.waits
    barred = state.bookkeeping.going_out_barred
    charged = state.bookkeeping.hit_this_round
    if owner == hitter:
        if rules.own_hit_wait:
            waits = replace_at(waits, hitter, waits[hitter] + rules.own_hit_wait)
        return waits, barred, charged
    if rules.hit_wait and not (
        charged[owner]
        and (
            rules.hit_wait_once_per_round
            or (rules.hit_wait_once_per_turn and state.phase is AFTER_DRAW)  # X7
        )
    ):
        again = rules.hit_wait_again
        length = rules.hit_wait if again is None or not waits[owner] else again  # X7
        waits = replace_at(waits, owner, waits[owner] + length)
        charged = replace_at(charged, owner, True)
    if rules.hit_bars_going_out:
        barred = replace_at(barred, owner, True)
    return waits, barred, charged


def check_spread_number(state: GameState, action: Hit | Slap) -> None:
    """Refuse a hit or slap on a spread number not on the table (B10, V26)."""
    if not 1 <= action.spread <= len(state.spreads):
        raise refuse(
            action,
            IllegalReason.NO_SUCH_SPREAD,
            f"there are {len(state.spreads)} spreads on the table",
        )


def check_discard(state: GameState, action: Discard, table: Compiled) -> None:
    """Refuse a discard that keeps a complete spread in hand (V21)."""
    if state.rules.must_spread and action.card not in discardable(
        state, state.hands[state.to_move], table
    ):
        raise refuse(
            action,
            IllegalReason.MUST_SPREAD,
            "a complete spread in hand must be laid first (V21)",
        )
