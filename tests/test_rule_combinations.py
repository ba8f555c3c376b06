"""Combinations of rule options that the per-rule tests never dealt together.

Each test deals a stacked deck and checks the exact amounts and actions
against the readings of docs/rules/ (deal-tonks.md, payouts.md,
sessions.md, play.md, slap-in.md).
"""

from __future__ import annotations

from scenario import FIFTY, FIFTY_B, MID_C, MID_D, session_deal

import tonk
from tonk import (
    Catch,
    Deal,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    Drop,
    Rules,
    Scoring,
    apply_session,
    leave,
    new_session,
)
from tonk.testing import check_invariants, stack_deck


def _play(state: tonk.GameState, *texts: str) -> tonk.GameState:
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
        check_invariants(state)
    return state


# --- V19/X13 with V26: a claim is of the hand as dealt ---------------------------


def test_v19_x13_v26_a_slap_before_the_first_turn_bars_the_claim() -> None:
    # V19: "A dealt 49 may be claimed ... immediately before that player's first
    # turn"; X13 lifts only the no-spread condition. Seat 1 is dealt 23, which
    # wins nothing; it slaps 10H onto seat 0's run and discards its king (V26),
    # leaving 13. That is not a dealt 13 or less: no claim, as after a widow
    # exchange (V46), which the engine already refuses.
    rules = Rules(
        deal_tonks=(
            DealTonk(
                at_most=13, claim=DealTonkClaim.BEFORE_FIRST_TURN, after_spread=True
            ),
        ),
        slap_in=True,
    )
    deck = stack_deck(
        rules,
        hands=["7H 8H 9H QD JD", "2C 3C 4C 4D KS", "5S 6C 7C 8C 9C"],
        upcard="KC",
        stock="10H 6S 6D",
        dealer=2,
    )
    state = tonk.new_game(rules, players=3, deck=deck, dealer=2)
    assert state.count(1) == 23
    state = _play(
        state,
        "draw stock",
        "spread 7H 8H 9H",
        "discard 10H",
        "pass",
        "slap 1",
        "discard KS",
    )
    assert (state.to_move, state.count(1)) == (1, 13)
    assert tonk.ClaimDealTonk() not in tonk.legal_actions(state)
    assert not tonk.is_legal(state, tonk.ClaimDealTonk())


# --- V42 push-ups with tied winners who share one stake -------------------------


def test_v42_x15_a_split_dealt_50_is_still_a_double_win() -> None:
    # V42: a loser adds "twice that count after a double win (two spreads, or a
    # dealt 49/50)"; X15: the non-holder "pays the row's pays once, and that
    # stake is divided equally among the tied holders". Seat 2 paid one 2x
    # stake for a dealt 50: it adds 2 x 35.
    rules = Rules(
        deal_tonk_clash=DealTonkClash.BEST_HAND,
        deal_tonk_tie=DealTonkTie.SPLIT,
        scoring=Scoring.PUSH_UPS,
    )
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = session_deal(session, [FIFTY, FIFTY_B, MID_C])
    assert session.last is not None
    assert session.last.outcome.payoffs == (1, 1, -2)
    assert session.last.push_ups == (0, 0, 70)


def test_v42_v35_a_caught_dropper_sharing_a_stake_between_tied_lowest() -> None:
    # V35 2: "the dropper alone pays the lowest (N-1)x"; with two tied lowest
    # they share that one stake (payouts.md: "the dropper pays everyone's
    # stake, (N-1)x, once"). At four players that is 3x, a double win for V42
    # whether or not the lowest tie: the dropper adds twice its count, 2 x 19.
    rules = Rules(catch=Catch.STAKES_TO_LOWEST, scoring=Scoring.PUSH_UPS)
    dropper, high = "3H 3S 4C 4D 5C", "KC KD KH 9C 8C"
    for lows, expected in (
        (("AC AD 2C 2D 3C", "AH AS 2H 2S 3D"), (38, 0, 0, 47)),  # tied 9s
        (("AC AD 2C 2D 3C", "4H 4S 5D 5H 5S"), (38, 0, 23, 47)),  # 9 alone
    ):
        session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=3)
        session = session_deal(session, [dropper, *lows, high], stock="6D")
        session = apply_session(session, Drop())
        assert session.last is not None
        assert session.last.outcome.payoffs[0] == -3
        assert session.last.push_ups == expected


# --- X3 elimination with V47: the last player left wins ----------------------------


def test_x3_v47_the_last_player_left_wins_though_one_who_left_scored_less() -> None:
    # X3: "the session ends when one player remains, who wins". B wins the
    # first hand (0 push-ups) and leaves the table (V47); A is the last one
    # left after C and D reach the limit, so A wins, not B.
    rules = Rules(scoring=Scoring.PUSH_UPS, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=4, dealer=0)
    session = session_deal(
        session, ["AH 2H 3H 4H 4S", FIFTY, "AC 2C 3C 4C 5C", "AD 2D 3D 8D 9D"]
    )
    assert dict(session.push_up_totals) == {"A": 28, "B": 0, "C": 30, "D": 46}
    session = leave(session, "B")
    assert session.players == ("A", "C", "D")
    assert session.players[session.dealer] == "C"
    session = session_deal(session, [FIFTY_B, MID_C, MID_D])  # A's deal tonk
    assert dict(session.push_up_totals) == {"A": 28, "B": 0, "C": 100, "D": 116}
    assert session.is_over
    assert session.eliminated == ("C", "D")
    assert session.leaders == ("A",)


# --- V45b with a tunk (H5): the tunk lays its spreads ------------------------------


def test_v45b_h5_a_natural_book_laid_in_a_tunk_wins_the_naturals_pot() -> None:
    # V45b: "the first to spread three of a kind wins it"; sessions.md: "a
    # natural book ... laid as a new spread by a player in the pot". H5: the
    # tunker lays down the hand "as spreads plus unmatched cards". B tunks with
    # the book 3C 3H 3S: B takes the pot of 2, this deal's stakes.
    rules = Rules(tunk_at_most=5, deal_tonks=(), naturals_bet=1)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=0)
    deck = stack_deck(
        rules, hands=["6C 8D 10D QS KS", "3H 3C 3S AS 2D"], stock="AC", dealer=0
    )
    session = apply_session(session, Deal(deck=deck))
    session = apply_session(session, tonk.SideBets(naturals=True))
    session = apply_session(session, tonk.SideBets(naturals=True))
    for text in ("draw stock", "tunk 3C 3H 3S"):
        assert session.hand is not None
        session = apply_session(session, tonk.parse_action(session.hand, text))
    assert session.last is not None
    assert session.last.outcome.kind is tonk.OutcomeKind.TUNK
    assert session.last.outcome.counts == (44, 4)
    assert session.naturals_pot == 0
    pots = [p for p in session.last.side if p.reason is tonk.SideReason.NATURALS_POT]
    assert [(p.seat, p.amount) for p in pots] == [(1, 2)]
    assert session.last.net == (-41, 41)  # 40 on the tunk, and A's stake


# --- V26 slap-in with wild cards (V5): a wild is slapped as what it stands for --


def test_v26_v5_a_discarded_wild_that_could_be_hit_may_be_slapped() -> None:
    # V26: a discarded card that could be hit onto a spread may be slapped.
    # Under V5 a wild may be hit onto any spread it can stand in
    # (docs/rules/wilds.md): the joker seat 2 could itself hit onto seat 1's
    # run (as the 6H or the 10H) opens a window when discarded, and a slap
    # names what it stands for (docs/rules/slap-in.md).
    rules = Rules(jokers=2, wilds=tonk.Wilds.JOKERS_AND_TWOS, slap_in=True)
    hands = ["3C 4D 5S 9C 8D", "7H 8H 9H KS QD", "10D JD 4C 6S 8C"]
    deck = stack_deck(rules, hands=hands, upcard="QC", stock="AS JK", dealer=0)
    state = tonk.new_game(rules, players=3, deck=deck, dealer=0)
    state = _play(state, "draw stock", "spread 7H 8H 9H", "discard KS", "draw stock")
    legal = [tonk.format_action(action) for action in tonk.legal_actions(state)]
    assert "hit 1 JK=10H" in legal
    assert "hit 1 JK=6H" in legal
    state = _play(state, "discard JK")
    assert state.phase is tonk.Phase.SLAP_WINDOW
    assert state.to_move == 2  # the discarder first, then clockwise
    slaps = ["slap 1 JK=6H", "slap 1 JK=10H", "pass"]
    assert [tonk.format_action(a) for a in tonk.legal_actions(state)] == slaps
    state = _play(state, "pass")
    assert state.to_move == 0
    assert [tonk.format_action(a) for a in tonk.legal_actions(state)] == slaps
    state = _play(state, "slap 1 JK=6H", "discard 9C")  # the extra discard
    (run,) = state.spreads
    assert run.stands_for == tonk.parse_cards("6H 7H 8H 9H")
    assert run.cards[0] == tonk.Card.parse("JK")
    assert run.hitters == (0,)
    assert state.hands[0] == tonk.parse_cards("3C 4D 8D 5S")
    assert (state.phase, state.to_move) == (tonk.Phase.TURN_START, 0)
