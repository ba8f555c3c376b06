"""The ``forty_cash`` preset: a real-money app's game built from X rules.

The 40-card pack (V1), a dealt 50 (B5) and a 41 at the end of the holder's
first turn (X13), the drop bonus (X11), the escalating hit lock (X7), no hitting
your own spreads (X9), no discarding the pickup (X8), the last stock card ends
the hand (X10) and V35 1's catch (docs/presets.md, docs/rules/deal-tonks.md,
docs/rules/play.md, docs/rules/payouts.md). Stacked decks, exact payouts.
"""

from __future__ import annotations

import pytest
from scenario import finished, live
from test_rules_play import barred_turns, cycle_to_stock, deal, legal, play, refused
from test_rules_variants import assert_deal_tonk
from test_rules_variants import deal as deal_settled

import tonk
from tonk import (
    Catch,
    DealTonk,
    DealTonkClaim,
    DropPay,
    IllegalReason,
    OutcomeKind,
    PackKind,
    Rules,
    RulesError,
    StockEnd,
    Transfer,
    TransferReason,
    presets,
)

FORTY_CASH = presets.FORTY_CASH
SIXTEEN = "AS 2S 3H 5C 5S"  # 16


def test_forty_cash_is_the_options_it_documents() -> None:
    assert presets.get("forty_cash") is FORTY_CASH
    assert (
        Rules(
            pack_kind=PackKind.FORTY,
            player_limit=4,
            deal_tonks=(
                DealTonk(totals={50}, pays=2),
                DealTonk(
                    totals={41},
                    pays=3,
                    claim=DealTonkClaim.AFTER_FIRST_TURN,
                    after_spread=True,
                ),
            ),
            drop_bonus=(DropPay(at_most=11, pays=3),),
            hit_wait=2,
            hit_wait_again=1,
            hit_wait_once_per_turn=True,
            hit_own_spreads=False,
            discard_pickup=False,
            stock_end=StockEnd.LAST_CARD,
            catch=Catch.LOWEST_ONLY,
        )
        == FORTY_CASH
    )
    assert len(FORTY_CASH.pack()) == 40
    assert FORTY_CASH.max_players == 4
    with pytest.raises(RulesError, match=r"players must be 2\.\.4"):
        tonk.new_game(FORTY_CASH, players=5, seed=1)


def test_forty_cash_a_dealt_50_wins_double_at_the_deal() -> None:
    hands = ["KC KD KH KS QC", SIXTEEN, "AC 2C 3C 4D 5D"]
    assert_deal_tonk(deal_settled(FORTY_CASH, hands), (4, -2, -2), (0,))


def test_forty_cash_41_after_the_first_turn_wins_triple() -> None:
    # Seat 0 is dealt 38, draws 5H and discards 2C: 41 at the end of its turn.
    state = deal(FORTY_CASH, ["JC QC KC 6D 2C", SIXTEEN], stock="5H", dealer=1)
    live(state)
    outcome = finished(play(state, "draw stock", "discard 2C"))
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.counts == (41, 16)
    assert outcome.payoffs == (3, -3)
    assert outcome.transfers == (Transfer(1, 0, 3, TransferReason.DEAL_TONK),)


def test_forty_cash_41_on_a_later_turn_wins_nothing() -> None:
    state = deal(FORTY_CASH, ["JC QC KC 6D 2C", SIXTEEN], stock="7S 4S 5H", dealer=1)
    state = play(state, "draw stock", "discard 7S", "draw stock", "discard 4S")
    state = play(state, "draw stock", "discard 2C")
    live(state)
    assert state.count(0) == 41


@pytest.mark.parametrize(
    ("hands", "payoffs"),
    [
        (["AC AD 2C 3D 4H", SIXTEEN], (3, -3)),  # 11: the bonus, 3x
        (["AC AD 2C 3D 5H", SIXTEEN], (1, -1)),  # 12: 1x
        (["AC AD 2C 3D 4H", SIXTEEN, "KC KD QH 7S 6S"], (6, -3, -3)),
    ],
)
def test_forty_cash_a_winning_drop_on_11_or_under_pays_triple(
    hands: list[str], payoffs: tuple[int, ...]
) -> None:
    state = deal(FORTY_CASH, hands, dealer=len(hands) - 1)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == payoffs


def test_forty_cash_a_caught_dropper_pays_the_lowest_who_collects_from_all() -> None:
    # Seat 0 drops on 20; seat 1 has 15 (lowest), seat 2 has 25 (V35 1).
    hands = ["7C 6D 4H 2S AC", "5D 4S 3C 2D AH", "KH QD 3S AS AD"]
    outcome = finished(play(deal(FORTY_CASH, hands, dealer=2), "drop"))
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (20, 15, 25)
    assert outcome.payoffs == (-2, 3, -1)
    assert outcome.winners == (1,)


def test_forty_cash_hit_lock_two_then_one_more_and_no_own_hits() -> None:
    # Seat 1 lays 5H 6H 7H and may not hit its own run with JH (X9); seat 2 hits
    # it twice in one turn (2 turns, once, X7); seat 0 hits it while seat 1 is
    # still barred (1 more).
    hands = ["2H 5S 3D 6C KC", "5H 6H 7H JH KS", "4H 3H 2C 4D KD"]
    state = deal(FORTY_CASH, hands, stock="AS 3C 4C")
    state = play(state, "draw stock", "spread 5H 6H 7H")
    assert refused(state, "hit 1 JH") is IllegalReason.SPREAD_LOCKED
    state = play(state, "discard KS", "draw stock", "hit 1 4H", "hit 1 3H")
    assert state.waits == (0, 2, 0)
    state = play(state, "discard 3C", "draw stock", "hit 1 2H")
    assert state.waits == (0, 3, 0)
    state = play(state, "discard 4C")
    state, seen = barred_turns(state, 1)
    assert seen == [3, 2, 1]


def test_forty_cash_the_card_taken_may_not_be_discarded() -> None:
    state = deal(FORTY_CASH, [SIXTEEN, "KC QD JS 7C 2D"], upcard="QH", stock="4S")
    state = play(state, "draw discard")
    assert refused(state, "discard QH") is IllegalReason.PICKUP_DISCARD
    assert "discard KC" in legal(state)


def test_forty_cash_the_turn_that_draws_the_last_card_ends_the_hand() -> None:
    state = deal(FORTY_CASH, ["KS QS 6C 3D 2C", SIXTEEN], tail="KH")
    state = cycle_to_stock(state, 1)
    assert state.to_move == 1
    outcome = finished(play(state, "draw stock", "discard KH"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (31, 16)
    assert outcome.payoffs == (-1, 1)
