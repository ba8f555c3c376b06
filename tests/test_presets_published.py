"""Rules published outside the founding sources (the X rules) on drops and deals.

X1 (fifty only), X14 (a deal tonk on 11 or under) and X16 (the pot to the
lowest) are values of existing options; X12 (ties go to the dropper) is the
catch component ``ties_catch``. Also the presets built from them and from the
catalogue: ``fifty_only``, ``club_events`` and ``low_high_deal``
(docs/presets.md, docs/rules/deal-tonks.md, docs/rules/payouts.md). Stacked
decks, exact payouts.
"""

from __future__ import annotations

import pytest
from test_payouts import A, B, D, assert_settled, dropped, transfers
from test_rules_variants import (
    F49,
    F50,
    F50B,
    L9,
    L9B,
    MID_A,
    MID_B,
    MID_C,
    assert_no_deal_tonk,
    assert_void,
    check_wins,
    deal,
)

import tonk
from tonk import (
    Catch,
    DealTonk,
    DealTonkClash,
    DropPay,
    OutcomeKind,
    PerPlayer,
    Rules,
    RulesError,
    TransferReason,
    presets,
)

FIFTY_ONLY = presets.FIFTY_ONLY
CLUB_EVENTS = presets.CLUB_EVENTS
LOW_HIGH_DEAL = presets.LOW_HIGH_DEAL

FIFTEEN = "AC 2C 3C 4C 5C"  # 15
ELEVEN = "AH 2H 3H 4H AS"  # 11
CAUGHT = ["KS 4S 3S 7D 6D", "AC 9C 3C 7C 5C", "AD 8D 4D QS 7S", "KC KH 5H 3H 7H"]
"""D 30 drops at once; A 25 and B 30 catch D; C has 35."""


# --- X1 fifty only: the fifty_only preset -----------------------------------------


def test_x1_fifty_only_a_dealt_50_wins_double() -> None:
    check_wins(
        FIFTY_ONLY,
        [
            ("50 for seat 0", [F50, MID_B], 1, (2, -2), (0,)),
            ("50 for seat 1", [MID_A, F50B], 0, (-2, 2), (1,)),
        ],
    )


def test_x1_fifty_only_a_dealt_49_wins_nothing() -> None:
    assert_no_deal_tonk(deal(FIFTY_ONLY, [F49, MID_B], dealer=1))


def test_x1_fifty_only_two_50s_void_the_deal() -> None:
    assert_void(deal(FIFTY_ONLY, [F50, F50B], dealer=0))


def test_fifty_only_is_for_two_players() -> None:
    assert FIFTY_ONLY.max_players == 2
    with pytest.raises(RulesError, match=r"players must be 2\.\.2"):
        tonk.new_game(FIFTY_ONLY, players=3, seed=1)


def test_fifty_only_a_caught_drop_pays_as_pagat() -> None:
    outcome = dropped(FIFTY_ONLY, CAUGHT[:2], dropper=D)
    assert outcome.counts == (30, 25)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-2, 2),
        transfers((D, A, 2, TransferReason.CATCHER)),
        winners=[A],
    )


# --- club_events: no deal tonks, two or three players -----------------------------


@pytest.mark.parametrize("hand", [F50, F49, L9], ids=["50", "49", "9"])
def test_club_events_no_dealt_count_wins(hand: str) -> None:
    assert_no_deal_tonk(deal(CLUB_EVENTS, [hand, MID_B, MID_C], dealer=2))


def test_club_events_is_for_two_or_three_players() -> None:
    assert CLUB_EVENTS.max_players == 3
    with pytest.raises(RulesError, match=r"players must be 2\.\.3"):
        tonk.new_game(CLUB_EVENTS, players=4, seed=1)


def test_club_events_a_caught_drop_pays_as_b13() -> None:
    outcome = dropped(CLUB_EVENTS, CAUGHT[:3], dropper=D)
    assert outcome.counts == (30, 25, 30)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-4, 3, 1),
        transfers(
            (D, A, 2, TransferReason.CATCHER),
            (D, B, 2, TransferReason.CATCHER),
            (B, A, 1, TransferReason.LOWEST),
        ),
        winners=[A],
    )


# --- low_high_deal: 15 or under, 49 or 50; void clash; Chicago catch ---------------


def test_low_high_deal_15_or_under_49_and_50_win_double() -> None:
    check_wins(
        LOW_HIGH_DEAL,
        [
            ("15", [FIFTEEN, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("9", [MID_A, L9B, MID_C], 0, (-2, 4, -2), (1,)),
            ("49", [F49, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("50", [MID_A, MID_B, F50B], 1, (-2, -2, 4), (2,)),
        ],
    )
    assert_no_deal_tonk(deal(LOW_HIGH_DEAL, ["AC 2C 3C 4C 6C", MID_B, MID_C], dealer=2))


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([FIFTEEN, MID_B, F50B], id="15-and-50"),
        pytest.param([FIFTEEN, ELEVEN, MID_B], id="15-and-11"),
        pytest.param([F49, F50, MID_C], id="49-and-50"),
    ],
)
def test_low_high_deal_any_clash_voids(hands: list[str]) -> None:
    assert_void(deal(LOW_HIGH_DEAL, hands, dealer=2))


def test_low_high_deal_a_caught_dropper_pays_the_catchers_only() -> None:
    outcome = dropped(LOW_HIGH_DEAL, CAUGHT, dropper=D)
    assert outcome.counts == (30, 25, 30, 35)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-4, 2, 2, 0),
        transfers((D, A, 2, TransferReason.CATCHER), (D, B, 2, TransferReason.CATCHER)),
        winners=[A],
    )


# --- X14 a deal tonk on 11 or under -------------------------------------------------

X14 = Rules(
    deal_tonks=(DealTonk(at_most=11, pays=3),),
    deal_tonk_clash=DealTonkClash.BEST_HAND,
)


def test_x14_11_or_under_wins_triple() -> None:
    check_wins(
        X14,
        [
            ("11", [ELEVEN, MID_B, MID_C], 2, (6, -3, -3), (0,)),
            ("9", [MID_A, L9, MID_C], 0, (-3, 6, -3), (1,)),
            ("9 beats 11", [ELEVEN, MID_B, L9], 1, (-3, -3, 6), (2,)),
        ],
    )
    assert_no_deal_tonk(deal(X14, [F50, FIFTEEN, F49], dealer=2))


def test_x14_equal_lowest_hands_void_the_deal() -> None:
    assert_void(deal(X14, [L9, L9B, MID_C], dealer=2))


# --- X16 the pot to the lowest ------------------------------------------------------

X16 = Catch(to_lowest=PerPlayer(2))


@pytest.mark.parametrize(("players", "pot"), [(2, 4), (3, 6), (4, 8)])
def test_x16_a_caught_dropper_pays_twice_the_table_to_the_lowest_only(
    players: int, pot: int
) -> None:
    outcome = dropped(Rules(catch=X16), CAUGHT[:players], dropper=D)
    payoffs = [-pot, pot] + [0] * (players - 2)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        payoffs,
        transfers((D, A, pot, TransferReason.LOWEST)),
        winners=[A],
    )


def test_x16_a_catcher_who_is_not_lowest_is_paid_nothing() -> None:
    # B (30) ties the dropper and catches him, but only A (25) is paid.
    outcome = dropped(Rules(catch=X16), CAUGHT[:3], dropper=D)
    assert outcome.counts == (30, 25, 30)
    assert outcome.payoffs == (-6, 6, 0)
    assert B not in outcome.winners


# --- X12 ties go to the dropper -----------------------------------------------------

ENCYCLOPEDIA_CATCH = Catch(to_catchers=1, ties_catch=False)


def test_x12_only_a_lower_count_catches() -> None:
    # D 30 drops; A 25 catches him; B ties him with 30 and is not a catcher.
    outcome = dropped(Rules(catch=ENCYCLOPEDIA_CATCH), CAUGHT, dropper=D)
    assert outcome.counts == (30, 25, 30, 35)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-1, 1, 0, 0),
        transfers((D, A, 1, TransferReason.CATCHER)),
        winners=[A],
    )


def test_x12_a_dropper_whom_nobody_undercuts_wins() -> None:
    hands = [CAUGHT[0], CAUGHT[2], CAUGHT[3]]  # D 30, B's 30, C's 35
    outcome = dropped(Rules(catch=ENCYCLOPEDIA_CATCH), hands, dropper=D)
    assert outcome.counts == (30, 30, 35)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (2, -1, -1),
        transfers(
            (1, D, 1, TransferReason.DROP_WON), (2, D, 1, TransferReason.DROP_WON)
        ),
        winners=[D],
    )
    b13 = dropped(Rules(), hands, dropper=D)  # under B13 the tie catches
    assert b13.kind is OutcomeKind.CAUGHT
    assert b13.payoffs == (-2, 3, -1)


# --- X11 the drop bonus table -------------------------------------------------------

X11 = Rules(drop_bonus=(DropPay(at_most=11, pays=3),))
ELEVEN_DROP = "AC 2C 3C 4D AD"  # 11
TWELVE_DROP = "AC 2C 3C 4D 2D"  # 12


@pytest.mark.parametrize(
    ("rules", "hand", "each"),
    [
        pytest.param(X11, ELEVEN_DROP, 3, id="11-pays-3x"),
        pytest.param(X11, TWELVE_DROP, 1, id="12-pays-1x"),
        pytest.param(Rules(), ELEVEN_DROP, 1, id="no-table"),
        pytest.param(
            Rules(
                drop_bonus=(DropPay(at_most=20, pays=2), DropPay(at_most=11, pays=3))
            ),
            ELEVEN_DROP,
            2,
            id="first-row-that-matches",
        ),
    ],
)
def test_x11_a_winning_drop_pays_by_the_first_row_its_count_is_within(
    rules: Rules, hand: str, each: int
) -> None:
    outcome = dropped(rules, [hand, MID_B, MID_C], dropper=D)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (2 * each, -each, -each),
        transfers(
            (1, D, each, TransferReason.DROP_WON), (2, D, each, TransferReason.DROP_WON)
        ),
        winners=[D],
    )


def test_x11_a_caught_dropper_pays_as_before() -> None:
    outcome = dropped(X11, [ELEVEN_DROP, "AH 2H 3H 4H AS"], dropper=D)  # 11 and 11
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.payoffs == (-2, 2)


def test_x11_the_payoff_bounds_include_the_bonus() -> None:
    assert tonk.encoding.payoff_bounds(X11, 3) == (-4, 6)
    assert tonk.encoding.payoff_bounds(Rules(), 3) == (-4, 4)
