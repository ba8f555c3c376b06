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

import attrs
import pytest
from scenario import finished, live
from test_rules_play import (
    assert_drop_barred,
    barred_turns,
    cycle,
    cycle_to_stock,
    deal,
    legal,
    play,
    refused,
)

import tonk
from tonk import (
    Catch,
    ExhaustionTie,
    IllegalReason,
    OutcomeKind,
    Rules,
    RulesError,
    StockEnd,
    Wilds,
    presets,
)

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


def test_x9_a_locked_own_spread_leaves_the_later_spreads_open() -> None:
    # Seat 1's own run is spread 1, seat 0's book of fives spread 2: seat 1
    # may not hit its run, and may still hit the book laid after it.
    state = deal(OWN, ["5S 5D 5H QC JC", "7H 8H 9H 5C KD"], stock="2C 3D 4S 10H")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KD")
    state = play(state, "draw stock", "spread 5S 5D 5H", "discard QC")
    state = play(state, "draw stock")
    hits = [action for action in legal(state) if action.startswith("hit")]
    assert hits == ["hit 2 5C"]


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


# --- X7 escalating hit lock ----------------------------------------------------------

LOCK = Rules(hit_wait=2, hit_wait_again=1, hit_wait_once_per_turn=True)
"""One app's hit lock: 2 turns, 1 more for each hit while barred, once a turn."""
LAYER = "7H 8H 9H KS QS"  # seat 1 lays 7H 8H 9H, discards KS
TWO_HITS = "10H JH 2C 4D 8S"  # seat 2 hits 10H and JH in one turn
ONE_HIT = "6H 5S 3D 9C KC"  # seat 0 hits 6H


def hit_three_times(rules: Rules) -> tonk.GameState:
    """Seat 1 lays a run; seat 2 hits it twice in a turn, then seat 0 once."""
    state = deal(rules, [ONE_HIT, LAYER, TWO_HITS], stock="AS 3C 4C")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    state = play(state, "draw stock", "hit 1 10H", "hit 1 JH")
    return state


def test_x7_first_hit_two_turns_hits_in_one_turn_count_once() -> None:
    state = hit_three_times(LOCK)
    assert state.waits == (0, 2, 0)
    assert state.hit_this_round == (False, True, False)
    state = play(state, "discard 3C", "draw stock")
    assert state.hit_this_round == (False, False, False)  # seat 0's turn
    state = play(state, "hit 1 6H")
    assert state.waits == (0, 3, 0)  # still barred: 1 more
    state = play(state, "discard 4C")
    state, seen = barred_turns(state, 1)
    assert seen == [3, 2, 1]
    outcome = finished(play(state, "drop"))  # QS AS: 11 against 27 and 14
    assert outcome.counts == (27, 11, 14)
    assert outcome.payoffs == (-1, 2, -1)


def test_x7_without_once_a_turn_each_further_hit_adds_the_again_length() -> None:
    state = hit_three_times(Rules(hit_wait=2, hit_wait_again=1))
    assert state.waits == (0, 3, 0)  # 2, then 1 while barred
    state = play(state, "discard 3C", "draw stock", "hit 1 6H")
    assert state.waits == (0, 4, 0)


def test_x7_a_hit_once_the_bar_is_over_is_a_first_hit_again() -> None:
    # Seat 0 hits seat 1's run twice, a round apart: each is a first hit.
    rules = Rules(hit_wait=2, hit_wait_again=1)
    hands = ["6H 5H 2C 4D 8S", "7H 8H 9H KS QS"]
    state = deal(rules, hands, stock="AS 3C 4C 5C 6C 7C 9C JC")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    state = play(state, "draw stock", "hit 1 6H", "discard 3C")
    assert state.waits == (0, 2)
    state = cycle(state, 4)  # seat 1 waits out 2 turns
    assert state.to_move == 1
    assert state.waits == (0, 0)
    state = cycle(state, 1)
    state = play(state, "draw stock", "hit 1 5H", "discard JC")
    assert state.waits == (0, 2)


def test_x7_the_again_length_may_be_zero() -> None:
    state = hit_three_times(Rules(hit_wait=2, hit_wait_again=0))
    assert state.waits == (0, 2, 0)


def test_x7_v22_and_v23_are_unchanged() -> None:
    # hit_wait_again unset charges hit_wait for every hit, barred or not.
    for rules, waits in ((Rules(hit_wait=1), 2), (Rules(hit_wait=3), 6)):
        assert hit_three_times(rules).waits == (0, waits, 0)


def test_x7_a_slap_is_a_hit_of_its_own() -> None:
    # Seat 2 hits 10H on seat 1's run and discards JH; seat 0 slaps it on:
    # a second charge (1 more, seat 1 still barred), though in no turn of seat 0.
    rules = attrs.evolve(LOCK, slap_in=True)
    state = deal(rules, [ONE_HIT, LAYER, TWO_HITS], stock="AS 3C 4C")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KS")
    state = play(state, "draw stock", "hit 1 10H", "discard JH")
    assert state.waits == (0, 2, 0)
    assert state.phase is tonk.Phase.SLAP_WINDOW
    while state.to_move != 0:
        state = play(state, "pass")
    state = play(state, "slap 1")
    assert state.waits == (0, 3, 0)


def test_x7_options_need_a_hit_wait() -> None:
    for options in ({"hit_wait_again": 1}, {"hit_wait_once_per_turn": True}):
        with pytest.raises(RulesError, match=r"need a hit_wait \(X7\)"):
            Rules(**options)
    with pytest.raises(RulesError, match=r"adds nothing to hit_wait_once_per_round"):
        Rules(hit_wait=1, hit_wait_once_per_round=True, hit_wait_once_per_turn=True)


# --- X10 last stock card ends the hand -----------------------------------------------

LAST_CARD = Rules(stock_end=StockEnd.LAST_CARD)


def test_x10_the_turn_that_draws_the_last_card_ends_the_hand() -> None:
    for rules in (LAST_CARD, Rules()):
        state = cycle_to_stock(deal(rules, [THIRTY, FIFTEEN], tail="KH"), 1)
        state = play(state, "draw stock")
        assert state.stock == ()
        state = play(state, "discard KH")
        if rules == Rules():  # B14: play goes on while the discard is taken
            live(state)
            continue
        outcome = finished(state)
        assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
        assert outcome.counts == (30, 15)
        assert outcome.payoffs == (-1, 1)
        assert outcome.transfers == (
            tonk.Transfer(0, 1, 1, tonk.TransferReason.SHOWDOWN),
        )


def test_x10_the_drawer_may_go_out_with_the_last_card() -> None:
    state = deal(LAST_CARD, [THIRTY, "7H 8H 9H 4C 4D"], tail="4S")
    state = cycle_to_stock(state, 1)
    assert state.to_move == 1
    state = play(state, "draw stock", "spread 7H 8H 9H")
    live(state)  # the turn goes on with the stock empty
    outcome = finished(play(state, "spread 4C 4D 4S"))
    assert outcome.kind is OutcomeKind.TONK_OUT
    assert outcome.payoffs == (-2, 2)


def test_x10_ties_are_settled_as_b14_says() -> None:
    rules = Rules(stock_end=StockEnd.LAST_CARD, exhaustion_tie=ExhaustionTie.DEAD_HAND)
    state = cycle_to_stock(deal(rules, [SIXTEEN, "AC 2D 3H 4S 6C"], tail="KH"), 1)
    outcome = finished(play(state, "draw stock", "discard KH"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (16, 16)
    assert outcome.payoffs == (0, 0)


def test_x10_a_hit_that_ends_the_turn_ends_the_hand() -> None:
    rules = Rules(stock_end=StockEnd.LAST_CARD, hit_ends_turn=True)
    state = deal(rules, [THIRTY, "7H 8H 9H 4C 4D"], stock="QS", tail="10H")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard QS")
    state = cycle_to_stock(state, 1)
    assert state.to_move == 1
    outcome = finished(play(state, "draw stock", "hit 1 10H"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (30, 4 + 4)
    assert outcome.payoffs == (-1, 1)


def test_x10_a_deal_that_leaves_no_stock_ends_after_the_first_turn() -> None:
    # 4 x 13 cards and the upcard take the whole 53-card pack.
    rules = Rules(hand_size=13, jokers=1, deal_tonks=(), stock_end=StockEnd.LAST_CARD)
    state = tonk.new_game(rules, players=4, seed=3)
    assert state.stock == ()
    state = tonk.apply(state, tonk.DrawDiscard())
    mover = state.to_move
    outcome = finished(tonk.apply(state, tonk.Discard(state.hands[mover][0])))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts is not None
    lowest = min(outcome.counts)
    winners = tuple(s for s, count in enumerate(outcome.counts) if count == lowest)
    assert outcome.winners == winners


def test_x10_refuses_the_boobed_deck() -> None:
    with pytest.raises(RulesError, match=r"not stock_end=last_card"):
        Rules(
            boobed_deck=True,
            exhaustion_tie=ExhaustionTie.DEAD_HAND,
            stock_end=StockEnd.LAST_CARD,
        )


# --- the encyclopedia preset ---------------------------------------------------------

ENCYCLOPEDIA = presets.ENCYCLOPEDIA


def test_encyclopedia_is_the_options_it_documents() -> None:
    assert presets.get("encyclopedia") is ENCYCLOPEDIA
    assert (
        Rules(
            jokers=2,
            wilds=Wilds.JOKERS,
            player_limit=4,
            hit_wait=1,
            hit_wait_again=1,
            catch=Catch(to_catchers=1, ties_catch=False),
        )
        == ENCYCLOPEDIA
    )
    assert len(ENCYCLOPEDIA.pack()) == 54
    assert ENCYCLOPEDIA.max_players == 4
    with pytest.raises(RulesError, match=r"players must be 2\.\.4"):
        tonk.new_game(ENCYCLOPEDIA, players=5, seed=1)


def test_encyclopedia_each_hit_bars_the_owner_one_more_turn() -> None:
    state = hit_three_times(ENCYCLOPEDIA)
    assert state.waits == (0, 2, 0)  # two hits in one turn: 1, then 1 more
    state = play(state, "discard 3C", "draw stock", "hit 1 6H", "discard 4C")
    assert state.waits == (0, 3, 0)
    state, seen = barred_turns(state, 1)
    assert seen == [3, 2, 1]
    outcome = finished(play(state, "drop"))  # QS AS: 11 against 27 and 14
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 2, -1)


def test_encyclopedia_a_wild_joker_in_a_run_and_zero_in_hand() -> None:
    state = deal(ENCYCLOPEDIA, [THIRTY, "7H 9H JK QD QS"], stock="AS JK")
    state = play(state, "draw stock", "spread 7H JK=8H 9H", "discard QD")
    assert str(state.spreads[0]) == "1: 7H JK=8H 9H (seat 1)"
    # Seat 0 draws the other joker and keeps it: it counts 0 at the drop.
    state = play(state, "draw stock", "discard KS")
    outcome = finished(play(state, "drop"))  # seat 1: QS AS
    assert outcome.counts == (9 + 6 + 3 + 2 + 0, 11)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 1)


def test_encyclopedia_only_a_lower_count_catches_and_is_paid_1x() -> None:
    # Seat 3 drops on 30: seat 0 (25) catches, seat 1 (30) ties, seat 2 has 35.
    hands = ["AC 9C 3C 7C 5C", "KS 4S 3S 7D 6D", "KC KH 5H 3H 7H", "AD 8D 4D QS 7S"]
    outcome = finished(play(deal(ENCYCLOPEDIA, hands, dealer=2), "drop"))
    assert outcome.counts == (25, 30, 35, 30)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.payoffs == (1, 0, 0, -1)
    assert outcome.transfers == (tonk.Transfer(3, 0, 1, tonk.TransferReason.CATCHER),)


def test_encyclopedia_a_tie_goes_to_the_dropper() -> None:
    hands = ["KS 4S 3S 7D 6D", "KC KH 5H 3H 7H", "AD 8D 4D QS 7S"]  # 30, 35, 30
    outcome = finished(play(deal(ENCYCLOPEDIA, hands, dealer=1), "drop"))
    assert outcome.counts == (30, 35, 30)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, -1, 2)


# --- X8 no discarding the pickup ----------------------------------------------------

KEEP_PICKUP = Rules(discard_pickup=False)


def test_x8_the_card_taken_may_not_go_back_this_turn() -> None:
    state = deal(KEEP_PICKUP, [THIRTY, "7H 8H 9H 4C 2D"], upcard="QH", stock="5S")
    state = play(state, "draw discard")
    assert state.must_use == tonk.Card.parse("QH")
    assert "discard QH" not in legal(state)
    assert refused(state, "discard QH") is IllegalReason.PICKUP_DISCARD
    with pytest.raises(tonk.IllegalActionError, match=r"QH was taken from the"):
        tonk.apply(state, tonk.Discard(tonk.Card.parse("QH")))
    # A spread without it leaves it barred; other cards may go.
    state = play(state, "spread 7H 8H 9H")
    assert state.must_use == tonk.Card.parse("QH")
    assert {a for a in legal(state) if a.startswith("discard")} == {
        "discard 4C",
        "discard 2D",
    }
    state = play(state, "discard 2D", "draw stock", "discard 5S")
    # The next turn it may go.
    assert "discard QH" in legal(play(state, "draw stock"))
    outcome = finished(play(state, "drop"))  # 4C QH: 14 against 30
    assert outcome.payoffs == (-1, 1)


def test_x8_pagat_lets_the_card_taken_go_back() -> None:
    state = deal(Rules(), [THIRTY, "7H 8H 9H 4C 2D"], upcard="QH")
    state = play(state, "draw discard")
    assert state.must_use is None
    assert "discard QH" in legal(state)


def test_x8_unless_it_is_the_only_card_that_could_go() -> None:
    state = deal(KEEP_PICKUP, [THIRTY, "2H 3H 4H 5H 6H"], upcard="QH")
    state = play(state, "draw discard", "spread 2H 3H 4H 5H 6H")
    assert legal(state) == {"discard QH"}
    outcome = finished(play(state, "discard QH"))
    assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
    assert outcome.payoffs == (-1, 1)


def test_x8_a_card_taken_and_played_frees_the_hand() -> None:
    state = deal(KEEP_PICKUP, [THIRTY, "7H 8H 4C 2D 9C"], upcard="9H")
    state = play(state, "draw discard", "spread 7H 8H 9H")
    assert state.must_use is None
    assert {a for a in legal(state) if a.startswith("discard")} == {
        "discard 4C",
        "discard 2D",
        "discard 9C",
    }


def test_x8_another_copy_of_the_card_may_go() -> None:
    rules = Rules(two_packs_from=2, discard_pickup=False)
    state = deal(rules, [THIRTY, "QH 8H 4C 2D 9C"], upcard="QH")
    state = play(state, "draw discard")
    assert state.hands[1].count(tonk.Card.parse("QH")) == 2
    assert "discard QH" in legal(state)


def test_x8_adds_nothing_to_v24d() -> None:
    with pytest.raises(RulesError, match=r"discard_pickup=False adds nothing"):
        Rules(discard_draw_must_meld=True, discard_pickup=False)
