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

import attrs
import pytest
from scenario import finished
from test_payouts import assert_settled, dropped, transfers
from test_payouts import deal as widow_dealt
from test_rules_variants import (
    F49,
    F50,
    F50B,
    MID_A,
    MID_B,
    MID_C,
    assert_void,
    deal,
    play,
    refused,
)

import tonk
from tonk import (
    ClaimDealTonk,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    DrawDiscard,
    DrawStock,
    Drop,
    IllegalReason,
    OutcomeKind,
    Rules,
    RulesError,
    TransferReason,
    encoding,
    new_game,
    presets,
)
from tonk.testing import check_invariants, stack_deck

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


# --- X13 deal-tonk claims: after a spread, and at the end of the first turn -----

CLAIM = ClaimDealTonk()
BEFORE = DealTonkClaim.BEFORE_FIRST_TURN
AFTER = DealTonkClaim.AFTER_FIRST_TURN
F41 = "10C JC QC KC AC"  # 41
F42 = "10C JC QC KC 2C"  # 42: 41 once the 2 is swapped for an ace


def claim_41(*, pays: int = 1, after_spread: bool = False) -> Rules:
    """A dealt 41 claimed before the holder's first turn (V19's mechanism)."""
    row = DealTonk(totals={41}, pays=pays, claim=BEFORE, after_spread=after_spread)
    return Rules(deal_tonks=(row,))


def end_41(*, after_spread: bool = False) -> Rules:
    """Exactly 41 at the end of the holder's first turn pays 3x (X13)."""
    row = DealTonk(totals={41}, pays=3, claim=AFTER, after_spread=after_spread)
    return Rules(deal_tonks=(row,))


def spread_first(rules: Rules, holder_hand: str) -> tonk.GameState:
    """Seat 1 spreads 3C 4C 5C on the first turn; seat 2 holds ``holder_hand``."""
    state = deal(rules, [MID_B, "3C 4C 5C KH JS", holder_hand], stock="8H", dealer=0)
    state = play(state, "draw stock", "spread 3C 4C 5C", "discard 8H")
    assert state.to_move == 2
    assert state.spreads
    return state


def test_x13_after_spread_lets_a_dealt_41_be_claimed_whatever_others_did() -> None:
    state = spread_first(claim_41(after_spread=True), "10D JD QD KD AD")
    assert state.count(2) == 41
    assert CLAIM in tonk.legal_actions(state)
    outcome = finished(play(state, "claim"))
    assert_settled(
        outcome,
        OutcomeKind.DEAL_TONK,
        (-1, -1, 2),
        transfers((0, 2, 1, DT), (1, 2, 1, DT)),
        winners=[2],
    )


def test_x13_without_after_spread_a_spread_still_bars_the_claim() -> None:
    state = spread_first(claim_41(), "10D JD QD KD AD")
    assert refused(state, CLAIM) is IllegalReason.NO_DEAL_TONK
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock(), DrawDiscard()}


def test_x13_after_a_spread_the_first_row_that_allows_it_is_paid() -> None:
    rows = (
        DealTonk(totals={41}, pays=3, claim=BEFORE),
        DealTonk(totals={41}, pays=1, claim=BEFORE, after_spread=True),
    )
    rules = Rules(deal_tonks=rows)
    before = deal(rules, [F41, MID_B, MID_C], dealer=2)
    assert finished(play(before, "claim")).payoffs == (6, -3, -3)
    after = spread_first(rules, "10D JD QD KD AD")
    assert finished(play(after, "claim")).payoffs == (-1, -1, 2)


def test_x13_after_spread_is_refused_on_a_row_settled_at_the_deal() -> None:
    with pytest.raises(RulesError, match="after_spread is an option of a row claimed"):
        DealTonk(totals={49, 50}, after_spread=True)


def test_x13_41_at_the_end_of_the_first_turn_pays_triple() -> None:
    state = deal(end_41(), [F42, MID_B], stock="AD", dealer=1)
    assert state.outcome is None
    assert CLAIM not in tonk.legal_actions(state)  # nothing to claim before
    outcome = finished(play(state, "draw stock", "discard 2C"))
    assert_settled(
        outcome,
        OutcomeKind.DEAL_TONK,
        (3, -3),
        transfers((1, 0, 3, DT)),
        winners=[0],
    )
    assert outcome.counts == (41, 35)


def test_x13_a_dealt_41_kept_through_the_first_turn_is_paid_after_the_discard() -> None:
    state = deal(end_41(), [F41, MID_B], stock="2H", dealer=1)
    assert state.outcome is None  # not settled at the deal
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock(), DrawDiscard()}
    state = play(state, "draw stock")
    assert state.outcome is None  # 43 in hand before the discard
    assert finished(play(state, "discard 2H")).payoffs == (3, -3)


def test_x13_v46_a_widow_exchange_does_not_bar_the_end_of_turn_win() -> None:
    # The end-of-turn row looks at the hand kept once the turn is over, which
    # is not the dealt one anyway (docs/rules/deal-tonks.md): a 42 made 41 by
    # the widow, kept through the draw and discard, wins, where a claim before
    # the first turn is refused after an exchange.
    rules = attrs.evolve(end_41(), widow=True)
    state = widow_dealt(rules, [F42, MID_B], widows=["AD", "2S"], stock="5H", dealer=1)
    state = play(state, "exchange 2C")
    assert state.count(0) == 41
    assert state.outcome is None
    outcome = finished(play(state, "draw stock", "discard 5H"))
    assert_settled(
        outcome, OutcomeKind.DEAL_TONK, (3, -3), transfers((1, 0, 3, DT)), winners=[0]
    )
    assert outcome.counts == (41, 35)


def test_x13_a_later_seats_first_turn_counts_too() -> None:
    state = deal(end_41(), [MID_A, F42, MID_C], stock="2H AD", dealer=2)
    state = play(state, "draw stock", "discard 2H")
    assert state.outcome is None
    outcome = finished(play(state, "draw stock", "discard 2C"))
    assert outcome.payoffs == (-3, 6, -3)
    assert outcome.winners == (1,)


def test_x13_41_after_a_later_turn_wins_nothing() -> None:
    state = deal(end_41(), [F42, MID_B], stock="3H 4H AD", dealer=1)
    state = play(state, "draw stock", "discard 3H", "draw stock", "discard 4H")
    state = play(state, "draw stock", "discard 2C")
    assert state.count(0) == 41
    assert state.outcome is None
    assert state.turns_taken == 3


def test_x13_a_spread_bars_the_end_of_turn_claim_unless_the_row_allows_it() -> None:
    hands = ["3C 4C 5C KH JS", "10D JD QD KD 2D", MID_C]
    for after_spread, payoffs in ((False, None), (True, (-3, 6, -3))):
        state = deal(end_41(after_spread=after_spread), hands, stock="8S AD", dealer=2)
        state = play(state, "draw stock", "spread 3C 4C 5C", "discard 8S")
        state = play(state, "draw stock", "discard 2D")
        assert state.count(1) == 41
        if payoffs is None:
            assert state.outcome is None
        else:
            assert finished(state).payoffs == payoffs


def test_x13_the_end_of_turn_claim_comes_before_the_turn_limit() -> None:
    rules = attrs.evolve(end_41(), max_turns=1)
    state = deal(rules, [F42, MID_B], stock="AD", dealer=1)
    outcome = finished(play(state, "draw stock", "discard 2C"))
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (3, -3)
    # Without the 41, the turn limit ends the hand as a showdown (B15).
    other = deal(rules, [F42, MID_B], stock="AD", dealer=1)
    ended = finished(play(other, "draw stock", "discard AD"))
    assert ended.kind is OutcomeKind.TURN_LIMIT


# --- X2 hand size by table size ---------------------------------------------------

SEVEN_FOR_TWO = Rules(hand_size_by_players={2: 7, 3: 7})
"""Seven cards at two or three players, five from four up."""


def test_x2_the_hand_size_depends_on_the_table() -> None:
    assert SEVEN_FOR_TWO.hand_size_by_players == ((2, 7), (3, 7))
    for players, size in ((2, 7), (3, 7), (4, 5), (10, 5)):
        assert SEVEN_FOR_TWO.hand_size_for(players) == size
        state = new_game(SEVEN_FOR_TWO, players=players, seed=3)
        check_invariants(state)
        assert [len(hand) for hand in state.hands] == [size] * players
        assert state.stock_size == 52 - players * size - 1
    assert SEVEN_FOR_TWO.max_players == 10


def test_x2_a_mapping_is_kept_sorted_and_compares_by_value() -> None:
    assert Rules(hand_size_by_players={3: 7, 2: 9}) == Rules(
        hand_size_by_players=[(2, 9), (3, 7)]
    )
    assert Rules(hand_size_by_players={2: 5}) != Rules()  # named, even if equal


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hand_size_by_players": {4: 13}}, "names 4 players, but these rules deal"),
        (
            {"hand_size_by_players": {5: 7}, "player_limit": 4},
            "names 5 players, more than player_limit=4",
        ),
        ({"hand_size_by_players": {1: 5}}, "player counts of 2 or more, got 1"),
        ({"hand_size_by_players": {2: 14}}, "a hand size must be an int 1..13"),
        ({"hand_size_by_players": {2: 0}}, "a hand size must be an int 1..13"),
        ({"hand_size_by_players": [(2, 5), (2, 7)]}, "maps 2 players more than once"),
        (
            {"hand_size_by_players": {8: 7}, "pack_kind": "forty", "deal_tonks": ()},
            "names 8 players, but these rules deal to at most 7",
        ),
        (
            {"hand_size_by_players": {6: 9}, "widow": True},
            "names 6 players, but these rules deal to at most 5",
        ),
    ],
)
def test_x2_a_table_the_pack_cannot_deal_is_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_x2_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        Rules(hand_size_by_players="2:7")
    with pytest.raises(TypeError):
        Rules(hand_size_by_players=[(2, 7, 1)])


def test_x2_every_table_up_to_the_largest_fits() -> None:
    # 13 cards for two (27 with the upcard), 9 for five (46): both fit, and
    # six players at 5 cards each (31) too, up to ten.
    rules = Rules(hand_size_by_players={2: 13, 5: 9})
    assert rules.max_players == 10
    assert [len(hand) for hand in new_game(rules, players=5, seed=1).hands] == [9] * 5
    # A smaller hand at a larger table extends the table past the default's 10.
    assert Rules(hand_size_by_players={11: 4}).max_players == 11
    with pytest.raises(RulesError, match=r"players must be 2\.\.11"):
        new_game(Rules(hand_size_by_players={11: 4}), players=12, seed=1)


def test_x2_two_packs_deal_what_one_pack_cannot() -> None:
    with pytest.raises(RulesError):
        Rules(hand_size_by_players={6: 9})  # 55 cards from one pack
    rules = Rules(hand_size_by_players={6: 9}, two_packs_from=5)
    state = new_game(rules, players=6, seed=2)
    assert [len(hand) for hand in state.hands] == [9] * 6
    assert state.stock_size == 104 - 54 - 1


def test_x2_a_deal_tonk_row_needs_only_one_table_to_win_at() -> None:
    # 70 needs seven ten-counts: only the two-player table deals seven cards.
    row = DealTonk(totals={70})
    with pytest.raises(RulesError, match="no 5-card hand from these packs counts 70"):
        Rules(deal_tonks=(row,))
    rules = Rules(hand_size_by_players={2: 7}, deal_tonks=(row,))
    hands = ["10C JC QC KC 10D JD QD", "AS 2S 3S 4S 5S 6S 7S"]
    state = deal(rules, hands, dealer=1)
    assert finished(state).payoffs == (2, -2)
    with pytest.raises(RulesError, match=r"no hand of 5 or 7 cards .* counts 71"):
        Rules(hand_size_by_players={2: 7}, deal_tonks=(DealTonk(totals={71}),))
    with pytest.raises(RulesError, match="8 court cards do not fit a 7-card hand"):
        Rules(hand_size_by_players={2: 7}, deal_tonks=(DealTonk(court_cards=8),))


def test_x2_stacked_decks_and_the_deal_error_name_the_tables_size() -> None:
    with pytest.raises(RulesError, match="has 5 cards, expected 7"):
        stack_deck(SEVEN_FOR_TWO, hands=["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"])
    small = Rules(hand_size_by_players={2: 13, 3: 13}, hand_size=13, deal_tonks=())
    assert small.max_players == 3
    with pytest.raises(RulesError, match="13 cards to each hand"):
        new_game(small, players=4, seed=1)


def test_x2_encodings_follow_the_tables_hand_size() -> None:
    # A spread of up to hand size + 1 cards is encoded: 8 at two players here,
    # 6 at four.
    run = tonk.LaySpread(tonk.parse_cards("AS 2S 3S 4S 5S 6S 7S 8S"))
    index = encoding.action_to_index(run, SEVEN_FOR_TWO, 2)
    assert encoding.index_to_action(index, SEVEN_FOR_TWO, 2) == run
    with pytest.raises(tonk.EncodingError, match="at most 6 cards"):
        encoding.action_to_index(run, SEVEN_FOR_TWO, 4)
    for players, stock in ((2, 52 - 14 - 1), (4, 52 - 20 - 1)):
        _, high = encoding.observation_bounds(SEVEN_FOR_TWO, players)
        sections = encoding.observation_sections(SEVEN_FOR_TWO, players)
        counters = next(start for name, start, _ in sections if name == "counters")
        assert high[counters + 1] == stock  # the stock after the deal


def test_x2_rules_round_trip_through_json() -> None:
    text = tonk.to_json(SEVEN_FOR_TWO)
    assert '"hand_size_by_players":[[2,7],[3,7]]' in text
    assert tonk.from_json(text, Rules) == SEVEN_FOR_TWO
