"""Helpers shared by the scenario tests (stacked decks, exact outcomes)."""

from __future__ import annotations

import tonk
from tonk import Card, GameState, Outcome, Phase
from tonk.testing import check_invariants


def cards(text: str) -> tuple[Card, ...]:
    return tonk.parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def sorted_hand(text: str) -> tuple[Card, ...]:
    """A hand as the state holds it: sorted by suit, then rank."""
    return tuple(sorted(cards(text)))


def finished(state: GameState) -> Outcome:
    check_invariants(state)
    assert state.phase is Phase.HAND_OVER
    assert state.outcome is not None
    assert tonk.legal_actions(state) == ()
    return state.outcome


def live(state: GameState) -> None:
    check_invariants(state)
    assert state.outcome is None
    assert state.phase is not Phase.HAND_OVER
