"""The out-of-turn window: slap-in (V26, docs/rules/slap-in.md) and eating (X5).

After a discard that fits a spread on the table, a window opens: each eligible
seat in turn, clockwise from the discarder (the player due first under
``slap_priority_next``), may slap the card onto a spread or pass. A slap counts
as a hit (V22, V31); a slapper who owes an extra discard makes it next.

Under eating (X5, docs/rules/eating.md) the same window asks the seats other
than the discarder and the player due, from the due player's left, to eat the
discard or pass; the eat itself is a draw (:mod:`tonk._turn`). A pass is the
same action in both windows.
"""

from __future__ import annotations

import attrs

from tonk._compiled import Compiled, compiled
from tonk._fast import (
    EXTRA_DISCARD,
    PASS,
    SLAP_WINDOW,
    SLAPS,
    STOCK_FORCED_KNOCK,
    TURN_START,
    designation,
    revised,
    successor,
    without_card,
)
from tonk._spreads import extended, fits, hit_candidates
from tonk._transition import (
    check_discard,
    check_not_locked,
    check_spread_number,
    discardable,
    ended,
    hit_effects,
    is_locked,
    pack_copies,
    refuse,
    taken_less,
    went_out,
)
from tonk.actions import (
    Action,
    Discard,
    Pass,
    Slap,
)
from tonk.cards import CARDS, Card, WildCard
from tonk.errors import IllegalReason
from tonk.rules import OutWay
from tonk.state import GameState, SlapWindow

__all__ = [
    "apply_extra_discard",
    "apply_pass",
    "apply_slap",
    "opened_window",
    "slap_actions",
]


def slap_actions(state: GameState, table: Compiled) -> tuple[Action, ...]:
    """Return the slaps and the pass open to the seat asked in a window (V26).

    ``table`` is the state's rules compiled.
    """
    window = state.bookkeeping.slap
    assert window is not None
    return (
        *_slaps_for(
            state,
            table,
            window.card,
            state.to_move,
            discarder=window.discarder,
            due=window.due,
        ),
        PASS,
    )


def _slaps_for(
    state: GameState,
    table: Compiled,
    card: Card,
    seat: int,
    *,
    discarder: int,
    due: int,
    public: bool = False,
) -> list[Action]:
    """Return the slaps ``seat`` could make with ``card`` (V26).

    A player who would owe an extra discard may slap only with a card to
    discard afterwards (not with an empty hand, nor a hand that must-spread
    forbids to discard from). With ``public``, only what every player can see
    counts (an empty hand, not a hidden spread): who is asked must not reveal a
    hand, so a seat whose hidden hand bars the slap is asked and may only pass.
    """
    rules = state.rules
    tables = table.tables
    copies = pack_copies(state, table)
    book_limit = table.book_limit
    slaps: list[Action]
    if tables.wild[card.code]:  # V4, V5: a wild slapped as what it may stand for
        slaps = [
            _wild_slap(spread.number, designation(card.code, natural.code))
            for spread in state.spreads
            if not is_locked(state, spread, seat, table)
            for natural in hit_candidates(spread, tables)
            if fits(spread, natural, tables, copies, book_limit)
        ]
    else:
        slaps = [
            SLAPS[spread.number]
            for spread in state.spreads
            if fits(spread, card, tables, copies, book_limit)
            and not is_locked(state, spread, seat, table)
        ]
    if not slaps:
        return slaps
    owes_discard = seat != discarder and not (rules.slap_priority_next and seat == due)
    hand = state.hands[seat]
    if owes_discard and not (hand if public else discardable(state, hand, table)):
        return []
    return slaps


def _wild_slap(number: int, element: Card | WildCard) -> Slap:
    """Return the slap of a wild card onto spread ``number`` as ``element``.

    A wild standing for itself (a wild 2 as that 2) is slapped as a natural
    card is, naming nothing.
    """
    if isinstance(element, WildCard):
        return Slap(number, element)
    return SLAPS[number]


def apply_slap(state: GameState, action: Slap) -> GameState:
    """Slap the window's card onto a spread out of turn (V26)."""
    window = state.bookkeeping.slap
    if state.phase is not SLAP_WINDOW or window is None or not state.rules.slap_in:
        raise refuse(action, IllegalReason.NOT_SLAP_TIME, "no slap-in window is open")
    seat = state.to_move
    number = action.spread
    check_spread_number(state, action)
    target = state.spreads[number - 1]
    table = compiled(state.rules)
    check_not_locked(state, action, target, table)  # V30, X9
    if action not in _slaps_for(
        state, table, window.card, seat, discarder=window.discarder, due=window.due
    ):
        raise refuse(
            action,
            IllegalReason.HIT_DOES_NOT_FIT,
            f"{window.card} does not fit spread {number}",
        )
    card = state.discard_pile[-1]
    assert card is window.card
    represented = card if action.wild is None else action.wild.stands_for
    spread = extended(target, card, represented, table.tables, seat)
    waits, barred, charged = hit_effects(state, target.owner, seat)  # a hit too
    after = successor(
        state,
        discard_pile=state.discard_pile[:-1],
        spreads=(*state.spreads[: number - 1], spread, *state.spreads[number:]),
        bookkeeping=revised(
            state.bookkeeping,
            waits=waits,
            going_out_barred=barred,
            hit_this_round=charged,
        ),
    )
    no_extra = seat == window.discarder or (
        state.rules.slap_priority_next and seat == window.due
    )
    if no_extra:
        return _closed_window(after, window.due)
    return successor(
        after,
        phase=EXTRA_DISCARD,
        bookkeeping=revised(
            after.bookkeeping, slap=attrs.evolve(window, waiting=(), slapper=seat)
        ),
    )


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass on the window's card, asking the next seat (V26)."""
    window = state.bookkeeping.slap
    if state.phase is not SLAP_WINDOW or window is None:
        raise refuse(action, IllegalReason.NOT_SLAP_TIME, "no window is open")
    waiting = window.waiting[1:]
    if not waiting:
        return _closed_window(state, window.due)
    return successor(
        state,
        to_move=waiting[0],
        bookkeeping=revised(
            state.bookkeeping, slap=attrs.evolve(window, waiting=waiting)
        ),
    )


def apply_extra_discard(state: GameState, action: Discard) -> GameState:
    """Discard the slapper's extra card; play resumes with the player due (V26)."""
    window = state.bookkeeping.slap
    assert window is not None
    seat = state.to_move
    hand = without_card(state.hands[seat], action.card)
    if hand is None:
        raise refuse(
            action, IllegalReason.CARD_NOT_IN_HAND, f"not in seat {seat}'s hand"
        )
    rules = state.rules
    table = compiled(rules)
    check_discard(state, action, table)
    card = CARDS[action.card.code]
    after = successor(
        state,
        hand=hand,
        discard_pile=(*state.discard_pile, card),
        taken=taken_less(state, seat, (card,)),
        bookkeeping=revised(state.bookkeeping, slap=None),
    )
    boobed = rules.boobed_deck and len(state.stock) <= len(state.hands)
    if not hand and not boobed:
        return ended(after, went_out(state, seat, OutWay.DISCARD, own_turn=False))
    resumed = _closed_window(after, window.due)
    reopened = opened_window(resumed, table, card, discarder=seat, due=window.due)
    return resumed if reopened is None else reopened


def opened_window(
    state: GameState, table: Compiled, card: Card, *, discarder: int, due: int
) -> GameState | None:
    """Open a window for ``card`` if anyone could slap it (V26) or eat it (X5).

    ``table`` is the state's rules compiled.
    """
    eligible = (
        _eaters(state, due)
        if state.rules.eating
        else _slappers(state, table, card, discarder=discarder, due=due)
    )
    if not eligible:
        return None
    return successor(
        state,
        phase=SLAP_WINDOW,
        to_move=eligible[0],
        bookkeeping=revised(
            state.bookkeeping,
            slap=SlapWindow(card=card, discarder=discarder, due=due, waiting=eligible),
        ),
    )


def _slappers(
    state: GameState, table: Compiled, card: Card, *, discarder: int, due: int
) -> tuple[int, ...]:
    """Return the seats asked to slap ``card``, in order (V26)."""
    players = len(state.hands)
    order = [(discarder + offset) % players for offset in range(players)]
    if state.rules.slap_priority_next:
        order = [due, *(seat for seat in order if seat != due)]
    return tuple(
        seat
        for seat in order
        if _slaps_for(
            state, table, card, seat, discarder=discarder, due=due, public=True
        )
    )


def _eaters(state: GameState, due: int) -> tuple[int, ...]:
    """Return the seats asked to eat the discard, in order (X5).

    They are the seats from the due player's left round to the discarder's
    right, nearest first; the due player draws in the normal way. Only public
    facts decide who is asked: nobody when the stock is empty under the forced
    knock (V29: nobody may draw), not an empty hand under the boobed deck (V27:
    it must drop), and not a seat whose turn would come at or after the turn
    limit (B15: the turns it skips count as taken).
    """
    rules = state.rules
    if rules.stock_end is STOCK_FORCED_KNOCK and not state.stock:
        return ()
    players = len(state.hands)
    reach = players - 2
    limit = rules.max_turns
    if limit is not None:
        reach = min(reach, limit - state.turns_taken - 1)
    hands = state.hands
    return tuple(
        seat
        for seat in ((due + offset) % players for offset in range(1, reach + 1))
        if hands[seat] or not rules.boobed_deck
    )


def _closed_window(state: GameState, due: int) -> GameState:
    """Return the state with the window closed and ``due`` to move (V26)."""
    return successor(
        state,
        phase=TURN_START,
        to_move=due,
        bookkeeping=revised(state.bookkeeping, slap=None),
    )
