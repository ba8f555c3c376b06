"""Tests of ``tonk.scoring``'s functions, called directly.

The rule-by-rule tests of how hands are paid play whole hands
(``test_payouts.py``); these pin the settlement functions' defaults and edge
cases through the public functions of ``tonk.scoring`` only: the argument
checks (bounds, types and the values their messages show), the deal-tonk
settlement's order, clash and tie options (B5, V11-V20), the drop bonus
(X11), ties that do not catch (X12), claims after a spread (X13) and split
ties (X15).
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from fractions import Fraction
from typing import Any

import pytest

import tonk
from tonk import (
    Catch,
    DealTonk,
    DealTonkClaim,
    DropPay,
    ExhaustionTie,
    LowestTie,
    OutcomeKind,
    PerPlayer,
    Rules,
    RulesError,
    parse_cards,
)
from tonk.rules import DealTonkClash, DealTonkTie
from tonk.scoring import (
    court_card_count,
    deal_tonk_row,
    hand_count,
    hit_and_split_transfers,
    settle_claim,
    settle_deal,
    settle_drop,
    settle_out,
    settle_showdown,
    widow_transfers,
)
from tonk.state import TransferReason


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


SHOWDOWN = OutcomeKind.STOCK_EXHAUSTED
BIG_49 = parse_cards("KS KH KD KC 9S")  # counts 49
BIG_50 = parse_cards("KS KH KD KC 10S")  # counts 50
LOW = parse_cards("AS 2S 3D 4D 5D")  # counts 15


class Number(int):
    """An int subclass: an int to every check, but not ``type(x) is int``."""


def _raises(error: type[Exception], message: str) -> AbstractContextManager[Any]:
    return pytest.raises(error, match=f"^{re.escape(message)}$")


# --- argument checks: the bounds ----------------------------------------------------


def test_a_table_of_2_to_128_seats_is_accepted_as_any_int() -> None:
    for players in (2, 128, Number(2), Number(128)):
        outcome = settle_out(players, 0, OutcomeKind.OUT_BY_DISCARD)
        assert outcome.payoffs[0] == players - 1
    for players in (Number(1), Number(129)):
        with _raises(RulesError, f"a table seats 2..128 players, got {players}"):
            settle_out(players, 0, OutcomeKind.OUT_BY_DISCARD)


def test_seat_0_is_a_seat_as_any_int() -> None:
    assert settle_out(2, Number(0), OutcomeKind.TONK_OUT).payoffs == (2, -2)
    assert settle_drop((3, 9), Number(0)).payoffs == (1, -1)


def test_a_count_of_0_is_accepted_as_any_int() -> None:
    outcome = settle_showdown((Number(0), 4), SHOWDOWN, ExhaustionTie.ALL_PAID)
    assert outcome.payoffs == (1, -1)
    assert outcome.counts == (0, 4)


def test_128_counts_are_accepted() -> None:
    outcome = settle_showdown((7,) * 127 + (3,), SHOWDOWN, ExhaustionTie.ALL_PAID)
    assert outcome.winners == (127,)


def test_hands_for_the_most_players_the_rules_allow_are_accepted() -> None:
    rules = Rules()
    assert settle_deal([LOW] * rules.max_players, rules, dealer=0) is None
    with _raises(
        RulesError,
        f"hands must give 2..{rules.max_players} seats under these rules, got 1",
    ):
        settle_deal([LOW], rules, dealer=0)


# --- argument checks: the types -------------------------------------------------


def test_a_float_is_not_a_table_size_seat_or_count() -> None:
    with _raises(TypeError, "player_count must be an int, got 2.0"):
        settle_out(2.0, 0, OutcomeKind.TONK_OUT)  # type: ignore[arg-type]
    with _raises(TypeError, "winner must be an int, got 0.0"):
        settle_out(2, 0.0, OutcomeKind.TONK_OUT)  # type: ignore[arg-type]
    with _raises(TypeError, "a count must be an int, got 1.5"):
        settle_showdown((1.5, 2), SHOWDOWN, ExhaustionTie.ALL_PAID)  # type: ignore[arg-type]


def test_any_sequence_of_counts_is_accepted() -> None:
    outcome = settle_showdown(range(3), SHOWDOWN, ExhaustionTie.ALL_PAID)
    assert outcome.counts == (0, 1, 2)
    assert outcome.payoffs == (2, -1, -1)


def test_a_string_or_a_set_is_not_a_sequence_of_counts() -> None:
    with _raises(TypeError, "counts must be a sequence, got '12'"):
        settle_showdown("12", SHOWDOWN, ExhaustionTie.ALL_PAID)  # type: ignore[arg-type]
    with _raises(TypeError, "counts must be a sequence, got {1, 2}"):
        settle_drop({1, 2}, 0)  # type: ignore[arg-type]


def test_winners_must_be_a_sequence_of_distinct_seats_at_the_table() -> None:
    with _raises(TypeError, "winners must be a sequence, got '0'"):
        hit_and_split_transfers("0", (), 3)  # type: ignore[arg-type]
    with _raises(RulesError, "winners has more seats than the table, got (0, 1, 2, 0)"):
        hit_and_split_transfers((0, 1, 2, 0), (), 3)
    with _raises(RulesError, "winners must be distinct seats, got (0, 0)"):
        hit_and_split_transfers((0, 0), (), 3)


def test_wrong_types_are_named_in_the_message() -> None:
    rules = Rules()
    with _raises(
        TypeError,
        "rules must be a tonk.Rules, got 'pagat'"
        " (a preset by its name: tonk.presets.get('pagat'))",
    ):
        hand_count(LOW, "pagat")  # type: ignore[arg-type]
    with _raises(TypeError, "cards must hold Card values, got [1, 2]"):
        hand_count([1, 2], rules)  # type: ignore[list-item]
    with _raises(TypeError, "cards must hold Card values, got [1]"):
        court_card_count([1])  # type: ignore[list-item]
    with _raises(TypeError, "claim must be a DealTonkClaim, got 'at_deal'"):
        deal_tonk_row(LOW, rules, "at_deal")  # type: ignore[arg-type]
    with _raises(
        TypeError,
        "rules must be a tonk.Rules, got 'pagat'"
        " (a preset by its name: tonk.presets.get('pagat'))",
    ):
        settle_deal([LOW, LOW], "pagat", dealer=0)  # type: ignore[arg-type]
    with _raises(TypeError, "hands must be a sequence, got 'hands'"):
        settle_deal("hands", rules, dealer=0)  # type: ignore[arg-type]


def test_wrong_kinds_and_options_are_named_in_the_message() -> None:
    with _raises(TypeError, "kind must be an OutcomeKind, got 'tonk_out'"):
        settle_out(2, 0, "tonk_out")  # type: ignore[arg-type]
    with _raises(
        RulesError, "not a way of going out: <OutcomeKind.DROP_WON: 'drop_won'>"
    ):
        settle_out(2, 0, OutcomeKind.DROP_WON)
    with _raises(TypeError, "pays must be an int or None, got 1.5"):
        settle_out(2, 0, OutcomeKind.TONK_OUT, pays=1.5)  # type: ignore[arg-type]
    with _raises(TypeError, "catch must be a Catch, got 'b13'"):
        settle_drop((3, 9), 0, catch="b13")  # type: ignore[arg-type]
    with _raises(TypeError, "kind must be an OutcomeKind, got 'dead_stock'"):
        settle_showdown((3, 9), "dead_stock", ExhaustionTie.ALL_PAID)  # type: ignore[arg-type]
    with _raises(RulesError, "not a showdown: <OutcomeKind.DROP_WON: 'drop_won'>"):
        settle_showdown((3, 9), OutcomeKind.DROP_WON, ExhaustionTie.ALL_PAID)
    with _raises(TypeError, "tie must be an ExhaustionTie, got 'split'"):
        settle_showdown((3, 9), SHOWDOWN, "split")  # type: ignore[arg-type]


# --- settlements ------------------------------------------------------------------


def test_v38_a_per_player_amount_from_the_others_grows_with_the_table() -> None:
    # lowest_from_others=PerPlayer(1) is 4 at a table of 4: the dropper pays 2
    # to seats 1 and 2 (counts 5 and 8 are not above his 10), and seats 2 and 3
    # pay 4 to seat 1, the lowest.
    grown = Catch(to_catchers=2, lowest_from_others=PerPlayer(1))
    fixed = Catch(to_catchers=2, lowest_from_others=4)
    counts = (10, 5, 8, 20)
    assert settle_drop(counts, 0, catch=grown) == settle_drop(counts, 0, catch=fixed)
    assert settle_drop(counts, 0, catch=grown).payoffs == (-4, 10, -2, -4)


def test_b14_split_shares_the_stake_among_the_tied_lowest() -> None:
    split = ExhaustionTie.SPLIT
    half = Fraction(1, 2)
    assert settle_showdown((3, 3, 9), SHOWDOWN, split).payoffs == (half, half, -1)
    third = Fraction(1, 3)
    payoffs = settle_showdown((2, 2, 2, 9), SHOWDOWN, split).payoffs
    assert payoffs == (third, third, third, -1)


def test_v18_court_cards_are_jacks_queens_and_kings() -> None:
    assert court_card_count(parse_cards("JS JH 10C KD")) == 3


def test_b5_a_single_deal_tonk_is_paid_with_its_reason_and_the_counts() -> None:
    # The dealer holds it: the dealer is looked at once, last.
    outcome = settle_deal([BIG_49, LOW], Rules(), dealer=0)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.winners == (0,)
    assert outcome.payoffs == (2, -2)
    assert outcome.counts == (49, 15)
    assert {t.reason for t in outcome.transfers} == {TransferReason.DEAL_TONK}


def test_v20_all_paid_lists_winners_from_the_dealers_left() -> None:
    rules = Rules(deal_tonk_clash=DealTonkClash.ALL_PAID)
    outcome = settle_deal([BIG_49, LOW, BIG_50], rules, dealer=1)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.winners == (2, 0)
    assert outcome.payoffs == (2, -4, 2)
    assert outcome.counts == (49, 15, 50)


def test_b5_two_deal_tonks_void_the_hand_by_default() -> None:
    rules = Rules(deal_tonks=(DealTonk(totals={50}), DealTonk(totals={49})))
    outcome = settle_deal([BIG_50, BIG_49], rules, dealer=1)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.VOID_DEAL
    assert outcome.winners == ()
    assert outcome.payoffs == (0, 0)
    assert outcome.counts == (50, 49)


def test_v11_best_hand_pays_the_earlier_row_alone() -> None:
    rules = Rules(
        deal_tonks=(DealTonk(totals={50}), DealTonk(totals={49})),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
    )
    outcome = settle_deal([BIG_49, LOW, BIG_50], rules, dealer=1)
    assert outcome is not None
    assert outcome.winners == (2,)
    assert outcome.payoffs == (-2, -2, 4)
    assert outcome.counts == (49, 15, 50)


def test_v16_best_hand_pays_the_lowest_count_of_an_at_most_row() -> None:
    rules = Rules(
        deal_tonks=(DealTonk(at_most=13),), deal_tonk_clash=DealTonkClash.BEST_HAND
    )
    lowest, low = parse_cards("AS AH AD AC 2S"), parse_cards("2H 2D 2C 3S 3H")
    outcome = settle_deal([low, lowest], rules, dealer=1)
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.payoffs == (-2, 2)


def test_v17_equal_best_hands_go_to_the_nearest_the_dealers_left() -> None:
    rules = Rules(
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT,
    )
    outcome = settle_deal([BIG_49, LOW, BIG_50], rules, dealer=1)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.winners == (2,)
    assert outcome.payoffs == (-2, -2, 4)
    assert outcome.counts == (49, 15, 50)


def test_v19_a_rows_own_tie_overrides_the_rules() -> None:
    nearest = DealTonk(totals={49, 50}, tie=DealTonkTie.NEAREST_DEALER_LEFT)
    rules = Rules(deal_tonks=(nearest,), deal_tonk_clash=DealTonkClash.BEST_HAND)
    outcome = settle_deal([BIG_49, LOW, BIG_50], rules, dealer=1)
    assert outcome is not None
    assert outcome.winners == (2,)
    void = DealTonk(totals={49, 50}, tie=DealTonkTie.VOID)
    rules = Rules(
        deal_tonks=(void,),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT,
    )
    outcome = settle_deal([BIG_49, LOW, BIG_50], rules, dealer=1)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.VOID_DEAL


def test_v19_a_claimed_deal_tonk_shows_the_counts() -> None:
    row = DealTonk(totals={49}, pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN)
    outcome = settle_claim([LOW, BIG_49], Rules(deal_tonks=[row]), seat=1)
    assert outcome.payoffs == (-1, 1)
    assert outcome.counts == (15, 49)


# --- the options of the X rules ---------------------------------------------------


def test_x11_the_drop_bonus_must_be_a_sequence_of_rows() -> None:
    assert settle_drop((3, 9), 0, bonus=[DropPay(at_most=5, pays=3)]).payoffs == (3, -3)
    for bonus, shown in [
        ("", "''"),  # a string, even one holding no rows
        (iter(()), None),  # not a sequence, even an empty one
        ([None], "[None]"),  # a sequence of other things
    ]:
        with pytest.raises(TypeError) as raised:
            settle_drop((3, 9), 0, bonus=bonus)  # type: ignore[arg-type]
        prefix = "bonus must be a sequence of DropPay rows, got "
        assert str(raised.value).startswith(prefix)
        if shown is not None:
            assert str(raised.value) == prefix + shown


def test_x15_split_tied_best_hands_share_each_payers_stake() -> None:
    rules = Rules(
        deal_tonk_clash=DealTonkClash.BEST_HAND, deal_tonk_tie=DealTonkTie.SPLIT
    )
    fifty = parse_cards("QS QH QD JC 10S")
    outcome = settle_deal([BIG_50, LOW, fifty, LOW], rules, dealer=3)
    assert outcome is not None
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.winners == (0, 2)
    assert outcome.payoffs == (2, -2, 2, -2)
    assert outcome.counts == (50, 15, 50, 15)
    assert {(t.payer, t.payee, t.amount) for t in outcome.transfers} == {
        (payer, payee, 1) for payer in (1, 3) for payee in (0, 2)
    }
    three = Rules(
        deal_tonks=[DealTonk(totals={50}, pays=1)],
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
    )
    outcome = settle_deal([BIG_50, fifty, BIG_50, LOW], three, dealer=3)
    assert outcome is not None
    assert outcome.payoffs == (Fraction(1, 3),) * 3 + (-1,)


def test_x13_after_a_spread_only_rows_that_say_so_are_claimed() -> None:
    early = DealTonk(totals={49}, pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN)
    late = DealTonk(
        totals={49}, pays=3, claim=DealTonkClaim.BEFORE_FIRST_TURN, after_spread=True
    )
    hands = [LOW, BIG_49]
    assert settle_claim(hands, Rules(deal_tonks=[early]), seat=1).payoffs == (-1, 1)
    with _raises(
        RulesError,
        "seat 1 holds no deal tonk claimed before the first turn after a spread",
    ):
        settle_claim(hands, Rules(deal_tonks=[early]), seat=1, spread=True)
    with _raises(RulesError, "seat 0 holds no deal tonk claimed before the first turn"):
        settle_claim(hands, Rules(deal_tonks=[early]), seat=0)
    both = Rules(deal_tonks=[early, late])
    assert settle_claim(hands, both, seat=1, spread=True).payoffs == (-3, 3)
    assert settle_claim(hands, both, seat=1).payoffs == (-1, 1)
    with _raises(TypeError, "spread must be a bool, got 1"):
        settle_claim(hands, both, seat=1, spread=1)  # type: ignore[arg-type]


def test_x11_the_drop_bonus_row_pays_up_to_its_count() -> None:
    bonus = [DropPay(at_most=5, pays=3)]
    assert settle_drop((5, 9), 0, bonus=bonus).payoffs == (3, -3)
    assert settle_drop((6, 9), 0, bonus=bonus).payoffs == (1, -1)


def test_x12_only_a_lower_count_catches_when_ties_do_not() -> None:
    catch = Catch(to_catchers=2, ties_catch=False)
    assert settle_drop((5, 5), 0, catch=catch).kind is OutcomeKind.DROP_WON
    lower = settle_drop((5, 3), 0, catch=catch)
    assert lower.kind is OutcomeKind.CAUGHT
    assert lower.payoffs == (-2, 2)
    assert settle_drop((5, 5, 3), 0, catch=catch).payoffs == (-2, 0, 2)
