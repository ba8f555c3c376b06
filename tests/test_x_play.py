"""Play rules published outside the founding sources (X6-X10), on stacked decks.

X6 (a drop ceiling), X7 (the escalating hit lock), X8 (no discarding the
pickup), X9 (no hitting your own spreads) and X10 (the last stock card ends
the hand), docs/rules/play.md; and the ``encyclopedia`` preset built with them
(docs/presets.md). Every expected value (payoffs, waits, legal actions,
refusals) was worked out by hand from docs/rules/, not read off the engine.
Seats are numbered 0..N-1 clockwise; the dealer's left moves first; counts are
B1's (A=1, 2-10 face value, J/Q/K=10).
"""

from __future__ import annotations

import pytest
from scenario import finished
from test_rules_play import (
    assert_drop_barred,
    cycle,
    cycle_to_stock,
    deal,
    legal,
    play,
    refused,
)

import tonk
from tonk import IllegalReason, OutcomeKind, Rules, RulesError, StockEnd

# --- X9 no hitting your own spreads --------------------------------------------------

OWN = Rules(hit_own_spreads=False)


SPREADER = "7H 8H 9H 10H JH"  # seat 1 lays 7H 8H 9H and keeps 10H JH
HITTER = "6H 5H 2C 2D 2S"  # seat 0 lays the 2s and hits 6H 5H 4H on seat 1's run


def test_x9_own_spreads_may_not_be_hit_others_may() -> None:
    state = deal(OWN, [HITTER, SPREADER], stock="KS 4H")
    state = play(state, "draw stock", "spread 7H 8H 9H")
    assert not any(action.startswith("hit") for action in legal(state))
    assert refused(state, "hit 1 10H") is IllegalReason.SPREAD_LOCKED
    with pytest.raises(tonk.IllegalActionError, match=r"their own spreads \(X9\)"):
        tonk.apply(state, tonk.parse_action(state, "hit 1 10H"))
    state = play(state, "discard KS", "draw stock", "spread 2C 2D 2S")
    assert "hit 1 6H" in legal(state)
    outcome = finished(play(state, "hit 1 6H", "hit 1 5H", "hit 1 4H"))
    assert outcome.kind is OutcomeKind.TONK_OUT
    assert outcome.payoffs == (2, -2)


def test_x9_pagat_lets_a_player_hit_their_own_spread() -> None:
    state = deal(Rules(), [HITTER, SPREADER], stock="KS 4H")
    state = play(state, "draw stock", "spread 7H 8H 9H", "hit 1 10H", "hit 1 JH")
    outcome = finished(play(state, "discard KS"))
    assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
    assert outcome.payoffs == (-1, 1)


def test_x9_no_slap_onto_your_own_spread() -> None:
    # Seat 0 discards 10H, which fits seat 1's run: seat 0 may slap it back
    # (onto another's spread), seat 1 may not (its own spread).
    for rules, waiting in (
        (Rules(slap_in=True), (0, 1)),
        (Rules(slap_in=True, hit_own_spreads=False), (0,)),
    ):
        state = deal(rules, ["10H 2C 4D 8S QC", "7H 8H 9H AS KS"], stock="JC 3D")
        state = play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
        state = play(state, "draw stock", "discard 10H")
        assert state.phase is tonk.Phase.SLAP_WINDOW
        assert state.slap is not None
        assert state.slap.waiting == waiting


def test_x9_refuses_an_own_hit_wait() -> None:
    with pytest.raises(RulesError, match=r"own_hit_wait=1 needs hits on your own"):
        Rules(hit_own_spreads=False, own_hit_wait=1)


# --- X6 drop ceiling -----------------------------------------------------------------

FIFTEEN = "AC 2D 3H 4S 5C"  # 15
SIXTEEN = "AD 2H 3S 4C 6D"  # 16
THIRTY = "KS 9S 6C 3D 2C"  # 30


def test_x6_a_ceiling_and_a_lower_one_on_the_first_turn() -> None:
    rules = Rules(drop_at_most=20, first_turn_drop_at_most=10)
    state = deal(rules, [THIRTY, FIFTEEN])
    assert_drop_barred(state)  # seat 1's first turn: 15 is over 10
    with pytest.raises(
        tonk.IllegalActionError,
        match=r"seat 1 counts 15, over the drop ceiling of 10 on its first turn \(X6\)",
    ):
        tonk.apply(state, tonk.Drop())
    state = cycle(state, 1)
    assert_drop_barred(state)  # seat 0's first turn: 30 is over 10
    state = cycle(state, 1)
    assert state.to_move == 1
    assert "drop" in legal(state)  # 15 is at most 20
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 1)


def test_x6_over_the_ceiling_on_every_turn() -> None:
    rules = Rules(drop_at_most=20, first_turn_drop_at_most=10)
    state = cycle(deal(rules, [THIRTY, FIFTEEN]), 3)
    assert state.to_move == 0
    assert_drop_barred(state)
    with pytest.raises(
        tonk.IllegalActionError,
        match=r"seat 0 counts 30, over the drop ceiling of 20 \(X6\)",
    ):
        tonk.apply(state, tonk.Drop())


def test_x6_a_ceiling_at_the_count_allows_the_drop() -> None:
    state = deal(Rules(drop_at_most=15), [THIRTY, FIFTEEN])
    outcome = finished(play(state, "drop"))
    assert outcome.payoffs == (-1, 1)
    state = deal(Rules(drop_at_most=14), [THIRTY, FIFTEEN])
    assert_drop_barred(state)


def test_x6_only_a_first_turn_ceiling() -> None:
    # Seat 0 may not drop 30 on its first turn, but may (and is caught) later.
    rules = Rules(first_turn_drop_at_most=10)
    state = cycle(deal(rules, [THIRTY, FIFTEEN]), 1)
    assert_drop_barred(state)
    state = cycle(state, 2)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.payoffs == (-2, 2)


def test_x6_a_forced_knock_ignores_the_ceiling() -> None:
    rules = Rules(drop_at_most=5, stock_end=StockEnd.FORCED_KNOCK)
    state = cycle_to_stock(deal(rules, [THIRTY, SIXTEEN, FIFTEEN]), 0)
    assert tonk.legal_actions(state) == (tonk.Drop(),)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.FORCED_KNOCK
    assert outcome.payoffs == (-1, -1, 2)


def test_x6_ceilings_are_counts() -> None:
    with pytest.raises(RulesError, match=r"drop_at_most must be None or a non-neg"):
        Rules(drop_at_most=-1)
    with pytest.raises(RulesError, match=r"first_turn_drop_at_most must be None"):
        Rules(first_turn_drop_at_most=-1)
