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

from scenario import finished
from test_payouts import assert_settled, transfers
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
    TransferReason,
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
