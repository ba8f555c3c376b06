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
from test_rules_play import deal, legal, play, refused

import tonk
from tonk import IllegalReason, OutcomeKind, Rules, RulesError

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
