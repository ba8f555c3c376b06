"""Example tests of ``tonk.scoring``'s settlement functions, called directly.

The rule-by-rule tests of how hands are paid play whole hands
(``test_payouts.py``); these pin the functions' defaults and edge cases that
mutation testing (docs/testing.md) showed no other test checks.
"""

from __future__ import annotations

import pytest

import tonk
from tonk import Catch, ExhaustionTie, LowestTie, OutcomeKind, Rules, parse_cards
from tonk.rules import DealTonkClash
from tonk.scoring import (
    settle_deal,
    settle_drop,
    settle_out,
    settle_showdown,
    widow_transfers,
)


def test_b11_default_pays_double_for_a_tonk_out() -> None:
    assert settle_out(3, 1, OutcomeKind.TONK_OUT).payoffs == (-2, 4, -2)


def test_b11_default_pays_single_out_by_discard() -> None:
    assert settle_out(3, 1, OutcomeKind.OUT_BY_DISCARD).payoffs == (-1, 2, -1)


def test_settle_out_refuses_other_outcomes_by_name() -> None:
    with pytest.raises(ValueError, match="not a way of going out"):
        settle_out(3, 1, OutcomeKind.DROP_WON)


def test_v35_5_a_tie_for_lowest_needs_the_dealer() -> None:
    with pytest.raises(ValueError, match="needs the dealer") as caught:
        settle_drop((9, 3, 3), 0, catch=Catch.FIVE_TO_LOWEST)
    assert str(caught.value).startswith("this catch needs the dealer")


def test_b14_dead_hand_tie_rule_still_pays_a_single_lowest() -> None:
    outcome = settle_showdown(
        (10, 4, 7), OutcomeKind.STOCK_EXHAUSTED, ExhaustionTie.DEAD_HAND
    )
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)


def test_whole_amounts_are_ints_not_fractions() -> None:
    # A split between one player is the whole stake, written as a JSON int.
    split = Catch(to_lowest=2, lowest_from_others=1, lowest_tie=LowestTie.SPLIT)
    caught = settle_drop((10, 5, 8), 0, catch=split)
    shown = settle_showdown(
        (10, 4, 7), OutcomeKind.STOCK_EXHAUSTED, ExhaustionTie.SPLIT
    )
    widow = widow_transfers((1,), (True, False, True))
    for transfers in (caught.transfers, shown.transfers, widow):
        assert transfers
        assert all(type(transfer.amount) is int for transfer in transfers)


def test_v11_best_hand_ties_two_hands_on_a_row_without_a_threshold() -> None:
    # Both hands win the 49-or-50 row; its rank decides, not the counts (V11).
    rules = Rules(deal_tonk_clash=DealTonkClash.BEST_HAND)
    hands = [parse_cards("10H JH QH KH 9H"), parse_cards("10S JS QS KS KD")]
    outcome = settle_deal(hands, rules, dealer=1)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.VOID_DEAL
    assert outcome.payoffs == (0, 0)
    assert tonk.hand_count(hands[0], rules) == 49
