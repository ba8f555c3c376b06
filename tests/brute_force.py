"""A slow, obviously correct model of what is legal, written from RULES.md alone.

Nothing here uses the engine's own spread code: cards are read from their
notation, every subset of the hand is tried as a spread, and every card of the
hand is tried on every spread. ``test_properties.py`` cross-checks
``tonk.legal_actions`` and the reasons ``tonk.apply`` gives against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import tonk
from tonk import IllegalReason

__all__ = [
    "brute_force_defects",
    "brute_force_legal_actions",
    "fits",
    "is_book",
    "is_run",
    "is_spread",
    "rank_and_suit",
]

# B1/B9: ranks in sequence order, the ace low only: A=1 .. K=13.
_RANK_NUMBER = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}
_SUITS = frozenset("CDHS")


def rank_and_suit(card: tonk.Card) -> tuple[int, str] | None:
    """Return the card's rank number and suit letter, or None for a joker."""
    text = str(card)
    rank, suit = text[:-1], text[-1]
    if rank not in _RANK_NUMBER or suit not in _SUITS:
        return None
    return _RANK_NUMBER[rank], suit


def _natural(cards: Sequence[tonk.Card]) -> list[tuple[int, str]] | None:
    parts = [rank_and_suit(card) for card in cards]
    if any(part is None for part in parts):
        return None
    return [part for part in parts if part is not None]


def is_book(cards: Sequence[tonk.Card]) -> bool:
    """B9: three or four cards of one rank (one pack: so four distinct suits)."""
    parts = _natural(cards)
    if parts is None or len(parts) not in (3, 4):
        return False
    ranks = {rank for rank, _ in parts}
    suits = [suit for _, suit in parts]
    return len(ranks) == 1 and len(set(suits)) == len(suits)


def is_run(cards: Sequence[tonk.Card]) -> bool:
    """B9: three or more cards of one suit in sequence; the ace is low only."""
    parts = _natural(cards)
    if parts is None or len(parts) < 3:
        return False
    if len({suit for _, suit in parts}) != 1:
        return False
    ranks = sorted(rank for rank, _ in parts)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def is_spread(cards: Sequence[tonk.Card]) -> bool:
    """B9: a book or a run."""
    return is_book(cards) or is_run(cards)


def fits(spread: tonk.Spread, card: tonk.Card) -> bool:
    """B10: the spread stays a valid spread of its kind with the card added."""
    grown = (*spread.cards, card)
    if spread.kind is tonk.SpreadKind.BOOK:
        return is_book(grown)
    return is_run(grown)


def _holds(hand: Sequence[tonk.Card], cards: Sequence[tonk.Card]) -> bool:
    """Whether ``hand`` contains ``cards`` as a multiset."""
    have = Counter(str(card) for card in hand)
    want = Counter(str(card) for card in cards)
    return all(have[card] >= count for card, count in want.items())


def brute_force_legal_actions(state: tonk.GameState) -> set[tonk.Action]:
    """Return every legal action, found by trying every candidate (B7, B9, B10)."""
    if state.outcome is not None or state.phase is tonk.Phase.HAND_OVER:
        return set()
    if state.phase is tonk.Phase.TURN_START:
        # B7: drop or draw. B14: drawing from the empty stock is allowed: it ends
        # the hand.
        actions: set[tonk.Action] = {tonk.Drop(), tonk.DrawStock()}
        if state.discard_pile:
            actions.add(tonk.DrawDiscard())
        return actions
    assert state.phase is tonk.Phase.AFTER_DRAW
    hand = state.hands[state.to_move]
    actions = set()
    for size in range(3, len(hand) + 1):
        for subset in combinations(hand, size):
            if is_spread(subset):
                actions.add(tonk.LaySpread(subset))
    for spread in state.spreads:
        for card in hand:
            if fits(spread, card):
                actions.add(tonk.Hit(spread.number, card))
    for card in hand:
        actions.add(tonk.Discard(card))
    return actions


def brute_force_defects(
    state: tonk.GameState, action: tonk.Action
) -> set[IllegalReason]:
    """Return every reason why ``action`` is illegal now; empty if it is legal.

    When an action is wrong in several ways, the engine may name any of them.
    """
    if state.outcome is not None:
        return {IllegalReason.HAND_OVER}
    defects: set[IllegalReason] = set()
    hand = state.hands[state.to_move]
    if isinstance(action, tonk.Drop | tonk.DrawStock | tonk.DrawDiscard):
        if state.phase is not tonk.Phase.TURN_START:
            defects.add(IllegalReason.ALREADY_DREW)
        if isinstance(action, tonk.DrawDiscard) and not state.discard_pile:
            defects.add(IllegalReason.DISCARD_PILE_EMPTY)
        return defects
    if state.phase is not tonk.Phase.AFTER_DRAW:
        defects.add(IllegalReason.MUST_DRAW_FIRST)
    if isinstance(action, tonk.LaySpread):
        if not _holds(hand, action.cards):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        if not is_spread(action.cards):
            defects.add(IllegalReason.NOT_A_SPREAD)
    elif isinstance(action, tonk.Hit):
        if not _holds(hand, (action.card,)):
            defects.add(IllegalReason.CARD_NOT_IN_HAND)
        by_number = {spread.number: spread for spread in state.spreads}
        if action.spread not in by_number:
            defects.add(IllegalReason.NO_SUCH_SPREAD)
        elif not fits(by_number[action.spread], action.card):
            defects.add(IllegalReason.HIT_DOES_NOT_FIT)
    elif not _holds(hand, (action.card,)):
        defects.add(IllegalReason.CARD_NOT_IN_HAND)
    return defects
