"""Forged states that tonk.validate accepted, though the engine never reaches them.

Each state here is a reachable one with a single field forged. Before the
fixes, validate and the JSON reader took it, and the engine then played on
from it wrongly: an observation of it could not be read back, or the next
state was refused by validate. Last, validate raised a bare ValueError,
not InvalidStateError, for some huge numbers.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from scenario import refused_state

import tonk
from tonk import Card, GameState, Rules
from tonk.testing import stack_deck


def _stacked(rules: Rules, hands: list[str], *, upcard: str, stock: str) -> GameState:
    deck = stack_deck(rules, hands=hands, upcard=upcard, stock=stock, dealer=0)
    return tonk.new_game(rules, players=len(hands), deck=deck, dealer=0)


def _play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


def _forged(state: GameState, **fields: Any) -> GameState:
    return attrs.evolve(state, **fields)


# --- the card to use (V24d, X8) must be one taken from the pile -----------------------


@pytest.mark.parametrize(
    "rules", [Rules(discard_pickup=False), Rules(discard_draw_must_meld=True)]
)
def test_a_card_to_use_drawn_from_the_stock_is_refused(rules: Rules) -> None:
    """must_use names a card the mover drew from the stock, not one it took.

    Under X8 the forged state was accepted, and its observation told seat 0 a
    card of seat 1's hidden hand (then refused when read back).
    """
    hands = ["9C QC 7D AS QS", "3D 5D 9H KS QH"]
    state = _play(_stacked(rules, hands, upcard="4D", stock="6D"), "draw stock")
    assert state.taken == ((), ())
    assert Card.parse("6D") in state.hands[1]
    refused_state(_forged(state, must_use=Card.parse("6D")), "$.must_use")
    taken = _play(_stacked(rules, hands, upcard="4D", stock="6D"), "draw discard")
    assert taken.must_use == Card.parse("4D")
    tonk.validate(taken)


# --- a tunker (H5, H6) never moves again; only last turns follow a tunk ----------

TUNKER = "3H 4H 5H 7C 7D 7S AS"  # seat 1: with a drawn 4C, unmatched AS 4C = 5
HOYLE_HANDS = ["6C 8D 10D KS KH 3D 10S", TUNKER, "KC KD QH JH 9S 8S 6D"]


def _tunked(rules: Rules) -> GameState:
    """Seat 1 draws the 4C and tunks on 5; seat 2 is to move."""
    state = _stacked(rules, HOYLE_HANDS, upcard="5D", stock="4C 10C 5S 6S 8H")
    state = _play(state, "draw stock", "tunk 3H 4H 5H / 7C 7D 7S")
    assert state.tunker == 1
    assert state.to_move == 2
    return state


def test_a_tunker_to_move_is_refused() -> None:
    """The last turns end back at the tunker (H6): it never moves again."""
    state = _play(_tunked(tonk.presets.HOYLE), "draw stock", "discard 10C")
    over = _play(state, "draw stock", "discard 5S")  # the last turns are played
    assert over.outcome is not None
    assert over.turns_taken == 3
    # The hand goes on to seat 1, the tunker, whose turn 3 would be (B6).
    forged = _forged(over, outcome=None, phase=tonk.Phase.TURN_START, to_move=1)
    refused_state(forged, "$.to_move")


def test_a_live_tunk_without_last_turns_is_refused() -> None:
    """Without last_turns (H6) a tunk ends the hand at once (H5)."""
    rules = attrs.evolve(tonk.presets.HOYLE, last_turns=False)
    state = _tunked(tonk.presets.HOYLE)
    refused_state(_forged(state, rules=rules), "$.tunker")


# --- the stock holds what the deal left, less one card a turn at most (B7) -----------


def _ten_turns() -> GameState:
    """Under Rules(), two players each draw from the stock five times."""
    state = tonk.new_game(Rules(), players=2, seed=7, dealer=0)
    for _ in range(10):
        state = tonk.apply(state, tonk.DrawStock())
        state = tonk.apply(state, tonk.legal_actions(state)[-1])
    assert state.turns_taken == 10
    assert state.stock_size == 31
    tonk.validate(state)
    return state


def test_turns_taken_forged_back_to_the_first_turn_is_refused() -> None:
    """Ten cards were drawn from the stock, so ten turns were played."""
    state = _ten_turns()
    refused_state(_forged(state, turns_taken=0), "$.stock")  # the same seat to move
    refused_state(_forged(state, turns_taken=8), "$.stock")


def test_a_stock_moved_to_the_discard_pile_is_refused() -> None:
    """At the deal the pile is the upcard, and the stock the rest of the pack."""
    state = tonk.new_game(Rules(), players=2, seed=7, dealer=0)
    emptied = _forged(
        state,
        stock=state.stock[:2],
        discard_pile=state.stock[2:] + state.discard_pile,
    )
    refused_state(emptied, "$.stock")
    filled = _forged(state, stock=state.stock + state.discard_pile, discard_pile=())
    refused_state(filled, "$.stock")


# --- huge numbers in a forged state get the error, not a bare ValueError -------------

HUGE = 10**5000  # Python cannot write it as text


def _laid() -> GameState:
    """Seat 0 has laid a run in turn 0."""
    rules = Rules(hand_size=7)
    hands = ["5H 6H 7H 9C 9D 9S KS", "2C 3D 4S 6C 8D 10S QH"]
    deck = stack_deck(rules, hands=hands, upcard="QS", stock="AD 2D 3S", dealer=1)
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    return _play(state, "draw stock", "spread 5H 6H 7H")


@pytest.mark.parametrize("turn", [HUGE, -HUGE], ids=["huge", "huge_negative"])
def test_a_spread_laid_in_a_huge_turn_is_refused(turn: int) -> None:
    state = _laid()
    forged = _forged(state, spreads=(attrs.evolve(state.spreads[0], turn=turn),))
    with pytest.raises(tonk.InvalidStateError) as refused:
        tonk.validate(forged)
    assert refused.value.path == "$.spreads[0].turn"
    assert "digits>" in str(refused.value)


def test_a_spread_turn_refused_after_a_huge_turn_count() -> None:
    state = attrs.evolve(_laid(), rules=Rules(hand_size=7, max_turns=None))
    forged = _forged(
        state,
        turns_taken=2 * HUGE,  # seat 0 is to move: the count is even
        spreads=(attrs.evolve(state.spreads[0], turn=-1),),
    )
    with pytest.raises(tonk.InvalidStateError) as refused:
        tonk.validate(forged)
    assert refused.value.path == "$.spreads[0].turn"


def test_payoffs_that_are_not_the_net_of_huge_transfers_are_refused() -> None:
    state = tonk.apply(tonk.new_game(Rules(), players=2, seed=7, dealer=0), tonk.Drop())
    outcome = state.outcome
    assert outcome is not None
    transfers = tuple(attrs.evolve(paid, amount=HUGE) for paid in outcome.transfers)
    forged = _forged(state, outcome=attrs.evolve(outcome, transfers=transfers))
    with pytest.raises(tonk.InvalidStateError) as refused:
        tonk.validate(forged)
    assert refused.value.path == "$.outcome.payoffs"
    assert "<int of 5001 digits>" in str(refused.value)
