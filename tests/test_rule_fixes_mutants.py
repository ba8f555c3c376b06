"""Mutants of the rule fixes of 6 December 2026, pinned on small cases.

Mutation testing (mutmut 3.8.1) of the functions the fixes changed (H6 with
V29 and X10, V24d with a tunk, V19 with V26, V42 with X15 and
``LowestTie.SPLIT``, V26 with wild cards) found these untested, each killed
here: the notation of a wild card's slap refused with its text and position;
the repr of a slap naming a wild; a wild slap the rules cannot encode; no
slap of a fourth card, natural or wild, onto a book under V24a; a claim
after a spread only by a row that sets ``after_spread`` (X13); a tunk under
X8 that leaves the card taken unmatched; a shared stake of 1x that is not a
double win (V42); a shared catch under ``DealTonkClash.BEST_HAND``. The
mutants left are equivalent (docs/maintainers.md names them).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from scenario import FIFTY, FIFTY_B, MID_C, session_deal

import tonk
from tonk import (
    Catch,
    DealTonk,
    DealTonkClash,
    DealTonkTie,
    Drop,
    EncodingError,
    LowestTie,
    NotationError,
    Rules,
    Scoring,
    Slap,
    WildCard,
    apply_session,
    encoding,
    new_session,
)
from tonk.testing import stack_deck


def _any_state() -> tonk.GameState:
    return tonk.new_game(Rules(), players=2, seed=1)


# --- notation: "slap N WILD=CARD" (docs/rules/slap-in.md) ----------------------


def test_a_slap_names_a_card_only_for_a_wild() -> None:
    # slap-in.md: "the slap names what it stands for, as a hit does"; a natural
    # card is slapped naming nothing.
    text = "slap 1 5H"
    with pytest.raises(NotationError) as caught:
        tonk.parse_action(_any_state(), text)
    error = caught.value
    assert (error.text, error.position) == (text, 7)
    assert str(error) == (
        "'slap' names a card only for a wild card, as what it stands for"
        " (as 'JK=10H') (at position 7 of 'slap 1 5H')"
    )


def test_a_slap_of_a_bad_card_names_the_whole_text() -> None:
    text = "slap 1 JK=1X"
    with pytest.raises(NotationError) as caught:
        tonk.parse_action(_any_state(), text)
    assert caught.value.text == text
    assert caught.value.position >= 7


def test_a_wild_slap_onto_spread_0_is_refused_where_the_number_is() -> None:
    text = "slap 0 JK=10H"
    with pytest.raises(NotationError) as caught:
        tonk.parse_action(_any_state(), text)
    assert (caught.value.text, caught.value.position) == (text, 5)
    assert "spread number must be 1 or more" in str(caught.value)


def test_a_wild_slap_reads_and_shows_what_it_stands_for() -> None:
    slap = tonk.parse_action(_any_state(), "slap 2 JK=10H")
    assert slap == Slap(2, WildCard.parse("JK=10H"))
    assert tonk.format_action(slap) == "slap 2 JK=10H"
    assert repr(slap) == "Slap(spread=2, wild=WildCard.parse('JK=10H'))"
    assert repr(Slap(2)) == "Slap(spread=2)"


# --- V42: a stake shared by tied winners is one payment --------------------------

HALF = Fraction(1, 2)


def test_v42_x15_a_split_1x_deal_tonk_is_not_a_double_win() -> None:
    # sessions.md, V42: a double win is "a payment of 2x or more"; "a stake
    # shared by tied winners (X15's split deal tonk ...) is one payment". The
    # row pays 1x: seat 2 pays one 1x stake, split between the two 50s, so it
    # adds its count (35) once.
    rules = Rules(
        deal_tonks=(DealTonk(totals={50}, pays=1),),
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
        scoring=Scoring.PUSH_UPS,
    )
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = session_deal(session, [FIFTY, FIFTY_B, MID_C])
    assert session.last is not None
    assert session.last.outcome.payoffs == (HALF, HALF, -1)
    assert session.last.push_ups == (0, 0, 35)


def test_v42_a_1x_catch_stake_split_between_tied_lowest_is_single() -> None:
    # Catch(to_lowest=1, lowest_tie=SPLIT): the dropper pays the lowest 1x,
    # which the two tied lowest share (payouts.md, V35). One 1x payment: not a
    # double win, so the dropper adds its count (19) once.
    rules = Rules(
        catch=Catch(to_lowest=1, lowest_tie=LowestTie.SPLIT),
        scoring=Scoring.PUSH_UPS,
    )
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = session_deal(
        session, ["3H 3S 4C 4D 5C", "AC AD 2C 2D 3C", "AH AS 2H 2S 3D"], stock="6D"
    )
    session = apply_session(session, Drop())
    assert session.last is not None
    assert session.last.outcome.payoffs == (-1, HALF, HALF)
    assert session.last.push_ups == (19, 0, 0)


def test_v42_a_shared_catch_stake_is_whole_under_best_hand_deal_tonks() -> None:
    # As test_rule_combinations' V35 2 case, with DealTonkClash.BEST_HAND (a
    # deal-tonk option, which has no bearing on a catch): the dropper pays the
    # tied lowest one 3x stake, a double win, and adds 2 x 19.
    rules = Rules(
        catch=Catch.STAKES_TO_LOWEST,
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        scoring=Scoring.PUSH_UPS,
    )
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=3)
    hands = ["3H 3S 4C 4D 5C", "AC AD 2C 2D 3C", "AH AS 2H 2S 3D", "KC KD KH 9C 8C"]
    session = session_deal(session, hands, stock="6D")
    session = apply_session(session, Drop())
    assert session.last is not None
    assert session.last.outcome.payoffs[0] == -3
    assert session.last.push_ups == (38, 0, 0, 47)


# --- encoding: the slap section with wild cards (V26, V5) -------------------------


def test_a_wild_slap_the_rules_cannot_hold_is_refused() -> None:
    # Without wild cards no discard is slapped as another card.
    action = Slap(1, WildCard.parse("JK=10H"))
    with pytest.raises(EncodingError) as raised:
        encoding.action_to_index(action, Rules(slap_in=True), 2)
    assert type(raised.value) is EncodingError
    assert str(raised.value) == (
        "cannot encode Slap(spread=1, wild=WildCard.parse('JK=10H')):"
        " no card can be slapped so under these rules"
    )


# --- V26 with V24a: no fourth card slapped onto a three-card book -----------------


def _discard_by_a_book_of_sevens(four: bool, wilds: bool, last: str) -> tonk.GameState:
    """Seat 1 lays 7C 7D 7H and discards ``last``; the state after the discard."""
    rules = Rules(
        four_card_books=four,
        slap_in=True,
        jokers=2 if wilds else 0,
        wilds=tonk.Wilds.JOKERS_AND_TWOS if wilds else tonk.Wilds.NONE,
    )
    hands = ["3C 4D 5S 9C 8D", f"7C 7D 7H {last} QD", "10D JD 4C 6S 8C"]
    deck = stack_deck(rules, hands=hands, upcard="QC", stock="AS KH", dealer=0)
    state = tonk.new_game(rules, players=3, deck=deck, dealer=0)
    for text in ("draw stock", "spread 7C 7D 7H", f"discard {last}"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    return state


@pytest.mark.parametrize(
    ("wilds", "last", "slap"), [(False, "7S", "slap 1"), (True, "JK", "slap 1 JK=7S")]
)
def test_v24a_v26_no_fourth_card_is_slapped_onto_a_book(
    wilds: bool, last: str, slap: str
) -> None:
    # slap-in.md: "under V24a no fourth card may be slapped onto a three-card
    # book"; a wild is slapped "wherever it could be hit" (V5), so neither
    # the 7S nor a joker as the 7S opens a window.
    state = _discard_by_a_book_of_sevens(False, wilds, last)
    assert (state.phase, state.to_move) == (tonk.Phase.TURN_START, 2)
    # With four-card books the same discard opens a window, the discarder first.
    state = _discard_by_a_book_of_sevens(True, wilds, last)
    assert (state.phase, state.to_move) == (tonk.Phase.SLAP_WINDOW, 1)
    legal = [tonk.format_action(action) for action in tonk.legal_actions(state)]
    assert legal == [slap, "pass"]


# --- V19 with X13: a claim after a spread only by a row that allows it -----------

BEFORE = tonk.DealTonkClaim.BEFORE_FIRST_TURN


@pytest.mark.parametrize(
    ("rows", "hand", "offered"),
    [
        (
            (DealTonk(at_most=13, claim=BEFORE, after_spread=True),),
            "AC 2C 3D 4D AS",
            True,
        ),
        ((DealTonk(at_most=13, claim=BEFORE),), "AC 2C 3D 4D AS", False),
        (
            (
                DealTonk(totals={11}, claim=BEFORE, after_spread=True),
                DealTonk(totals={12}, claim=BEFORE),
            ),
            "AC 2C 3D 4D AS",
            True,
        ),
        (
            (
                DealTonk(totals={11}, claim=BEFORE, after_spread=True),
                DealTonk(totals={12}, claim=BEFORE),
            ),
            "AC 2C 3D 4D 2S",
            False,
        ),
        (
            (
                DealTonk(at_most=9, claim=BEFORE, after_spread=True),
                DealTonk(at_most=13, claim=BEFORE),
            ),
            "AC 2C 3D 4D AS",
            False,
        ),
    ],
)
def test_v19_x13_a_claim_after_a_spread_needs_a_row_allowing_it(
    rows: tuple[DealTonk, ...], hand: str, offered: bool
) -> None:
    # deal-tonks.md: a row claimed before the first turn is won "only while no
    # spread is on the table (unless the row sets after_spread, X13)". Seat 0
    # spreads on its first turn; seat 1, dealt 11 or 12 and not having slapped,
    # claims only by a row that sets after_spread.
    rules = Rules(deal_tonks=rows)
    deck = stack_deck(
        rules,
        hands=["7H 8H 9H QD JD", hand, "5S 6C 7C 8C 9C"],
        upcard="KC",
        stock="10H 6S 6D",
        dealer=2,
    )
    state = tonk.new_game(rules, players=3, deck=deck, dealer=2)
    for text in ("draw stock", "spread 7H 8H 9H", "discard QD"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    assert (state.to_move, state.phase) == (1, tonk.Phase.TURN_START)
    assert (tonk.ClaimDealTonk() in tonk.legal_actions(state)) is offered
    assert tonk.is_legal(state, tonk.ClaimDealTonk()) is offered


# --- H5 with X8: only V24d makes a tunk use the card taken ------------------------


def test_h5_x8_a_tunk_may_leave_the_card_taken_unmatched() -> None:
    # X8 forbids discarding the card taken from the pile, and a tunk discards
    # nothing (hoyle.md, H5): the tunk that leaves the AD among its unmatched
    # cards (AS AC AD, 3) is listed, as is the one that spreads it. Only V24d
    # asks for it in a spread (test_hoyle's V24d case).
    rules = Rules(tunk_at_most=5, deal_tonks=(), discard_pickup=False)
    deck = stack_deck(
        rules, hands=["6C 8D 10D QS KS", "3H 4H 5H AS AC"], upcard="AD", stock="9C"
    )
    state = tonk.new_game(rules, players=2, deck=deck)
    state = tonk.apply(state, tonk.DrawDiscard())
    run = tonk.LaySpread(tonk.parse_cards("3H 4H 5H"))
    aces = tonk.LaySpread(tonk.parse_cards("AS AC AD"))
    legal = tonk.legal_actions(state)
    assert tonk.Tunk([run]) in legal
    assert tonk.Tunk([run, aces]) in legal
    outcome = tonk.apply(state, tonk.Tunk([run])).outcome
    assert outcome is not None
    assert outcome.counts == (44, 3)
