"""X rules on the deal and deal tonks: X2, X13, X15, and the ``split_pot`` preset.

X2 (hand size by table size, ``Rules.hand_size_by_players``), X13 (a claim
without the no-spread condition, ``DealTonk.after_spread``; a claim at the end
of the holder's first turn, ``DealTonkClaim.AFTER_FIRST_TURN``), X15 (tied best
deal tonks share the payout, ``DealTonkTie.SPLIT``) and the ``split_pot``
preset (docs/rules/deal.md, docs/rules/deal-tonks.md, docs/presets.md).
Stacked decks, exact payouts.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from scenario import finished
from test_payouts import assert_settled, dropped, transfers
from test_rules_variants import (
    F49,
    F50,
    F50B,
    MID_A,
    MID_B,
    MID_C,
    assert_void,
    deal,
)

from tonk import (
    DealTonk,
    DealTonkClash,
    DealTonkTie,
    OutcomeKind,
    Rules,
    RulesError,
    TransferReason,
    new_game,
    presets,
)

DT = TransferReason.DEAL_TONK
F50C = "10D JD QD 10S JS"  # 50, beside F50 and F50B

# --- X15 split tie ------------------------------------------------------------------

X15 = Rules(deal_tonk_clash=DealTonkClash.BEST_HAND, deal_tonk_tie=DealTonkTie.SPLIT)


def test_x15_two_tied_fifties_share_each_losers_stake() -> None:
    # Two 50s tie; each of the two other players pays 2, 1 to each holder.
    state = deal(X15, [F50, MID_A, F50B, MID_B], dealer=3)
    assert_settled(
        finished(state),
        OutcomeKind.DEAL_TONK,
        (2, -2, 2, -2),
        transfers((1, 0, 1, DT), (3, 0, 1, DT), (1, 2, 1, DT), (3, 2, 1, DT)),
        winners=[0, 2],
    )


def test_x15_a_share_that_does_not_divide_is_an_exact_fraction() -> None:
    # Three 50s tie; the one loser's 2 is split three ways.
    third = Fraction(2, 3)
    state = deal(X15, [F50, F50B, MID_A, F50C], dealer=3)
    outcome = finished(state)
    assert_settled(
        outcome,
        OutcomeKind.DEAL_TONK,
        (third, third, -2, third),
        transfers((2, 0, third, DT), (2, 1, third, DT), (2, 3, third, DT)),
        winners=[0, 1, 3],
    )
    assert sum(outcome.payoffs) == 0


def test_x15_only_the_best_hands_share_a_lesser_holder_pays() -> None:
    # The 50s tie and share; the 49 loses the clash and pays like anyone else.
    rules = Rules(
        deal_tonks=(DealTonk(totals={50}, pays=2), DealTonk(totals={49}, pays=1)),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
    )
    state = deal(rules, [F50, F49, F50B], dealer=2)
    assert_settled(
        finished(state),
        OutcomeKind.DEAL_TONK,
        (1, -2, 1),
        transfers((1, 0, 1, DT), (1, 2, 1, DT)),
        winners=[0, 2],
    )


def test_x15_a_lower_count_still_beats_a_higher_one_in_an_at_most_row() -> None:
    # Under BEST_HAND the lowest 9-or-less wins alone; SPLIT is only for equals.
    rules = Rules(
        deal_tonks=(DealTonk(at_most=10, pays=2),),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
    )
    state = deal(rules, ["AC 2C 3C 3D AD", "AH AS 2H 2S 2D", MID_A], dealer=2)
    assert [state.count(seat) for seat in range(3)] == [10, 8, 35]
    assert finished(state).payoffs == (-2, 4, -2)  # the 10 pays like the 35


def test_x15_every_seat_tied_pays_nobody() -> None:
    state = deal(X15, [F50, F50B], dealer=1)
    assert_settled(
        finished(state), OutcomeKind.DEAL_TONK, (0, 0), transfers(), winners=[0, 1]
    )


def test_x15_a_rows_own_tie_overrides_the_table() -> None:
    # The row says VOID: tied 50s void the hand whatever deal_tonk_tie says.
    rules = Rules(
        deal_tonks=(DealTonk(totals={49, 50}, tie=DealTonkTie.VOID),),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
    )
    assert_void(deal(rules, [F50, F50B, MID_C], dealer=2))
    # And a row may ask for SPLIT under a table that voids ties.
    own = Rules(
        deal_tonks=(DealTonk(totals={49, 50}, tie=DealTonkTie.SPLIT),),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
    )
    assert finished(deal(own, [F50, F50B, MID_C], dealer=2)).payoffs == (1, 1, -2)


def test_x15_split_is_only_read_under_best_hand() -> None:
    # Under the default VOID clash, any clash voids, ties or not.
    rules = Rules(deal_tonk_tie=DealTonkTie.SPLIT)
    assert_void(deal(rules, [F50, F50B, MID_C], dealer=2))


# --- the split_pot preset: 2-4 players, X15, X16 --------------------------------

SPLIT_POT = presets.SPLIT_POT
LOWEST = TransferReason.LOWEST


def test_split_pot_seats_two_to_four() -> None:
    assert SPLIT_POT.max_players == 4
    with pytest.raises(RulesError, match=r"players must be 2\.\.4"):
        new_game(SPLIT_POT, players=5, seed=1)


def test_split_pot_a_single_deal_tonk_is_paid_as_pagat() -> None:
    state = deal(SPLIT_POT, [F49, MID_A, MID_B], dealer=2)
    assert finished(state).payoffs == (4, -2, -2)


def test_split_pot_a_49_and_a_50_tie_and_share() -> None:
    # One row holds 49 and 50: the two hands are equal, and share the 2x
    # each of the two other players pays.
    state = deal(SPLIT_POT, [F49, MID_A, F50, MID_B], dealer=3)
    assert_settled(
        finished(state),
        OutcomeKind.DEAL_TONK,
        (2, -2, 2, -2),
        transfers((1, 0, 1, DT), (3, 0, 1, DT), (1, 2, 1, DT), (3, 2, 1, DT)),
        winners=[0, 2],
    )


def test_split_pot_three_deal_tonks_share_in_thirds() -> None:
    state = deal(SPLIT_POT, [F50, F49, MID_A, F50B], dealer=3)
    third = Fraction(2, 3)
    assert finished(state).payoffs == (third, third, -2, third)


# D 30 drops at once; A 25 and B 30 catch D; C has 35 (as test_presets_published).
CAUGHT = ["KS 4S 3S 7D 6D", "AC 9C 3C 7C 5C", "AD 8D 4D QS 7S", "KC KH 5H 3H 7H"]
A, B, C, D = 1, 2, 3, 0


@pytest.mark.parametrize(("players", "pot"), [(2, 4), (3, 6), (4, 8)])
def test_split_pot_a_caught_dropper_pays_twice_the_table_to_the_lowest(
    players: int, pot: int
) -> None:
    outcome = dropped(SPLIT_POT, CAUGHT[:players], dropper=D)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        [-pot, pot] + [0] * (players - 2),
        transfers((D, A, pot, LOWEST)),
        winners=[A],
    )


def test_split_pot_players_tied_for_lowest_share_the_pot() -> None:
    # D 30 drops; A and C both count 25: they share the 8.
    hands = [*CAUGHT[:3], "KC 5H 3H 6H AH"]
    outcome = dropped(SPLIT_POT, hands, dropper=D)
    assert outcome.counts == (30, 25, 30, 25)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-8, 4, 0, 4),
        transfers((D, A, 4, LOWEST), (D, C, 4, LOWEST)),
        winners=[A, C],
    )


def test_split_pot_a_winning_drop_pays_one_from_each() -> None:
    outcome = dropped(SPLIT_POT, ["AS 2S 3S 4H 2H", *CAUGHT[1:]], dropper=D)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (3, -1, -1, -1)
