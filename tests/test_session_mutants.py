"""Sessions to the last stake: the tests that kill session.py's mutants.

docs/maintainers.md ("Mutation testing") runs mutmut over ``tonk.session``;
these tests close the gaps its survivors showed, through the public API
only: stacked deals (``Deal(deck=...)``, ``CallSuit(suit, deck=...)``) with
exact nets, side payments (V45) and push-ups (V42), the dealer after joins,
leaves and eliminations (V47, X3), the exact text of every refusal, and the
hand seeds a saved session is dealt from again. docs/rules/sessions.md says
what each amount must be.
"""

from __future__ import annotations

import re

import pytest

from tonk import (
    CallBigOne,
    CallSuit,
    Card,
    Deal,
    DrawStock,
    Drop,
    HandResult,
    Rules,
    Session,
    SessionError,
    SessionPhase,
    SideBets,
    SidePayment,
    SideReason,
    Suit,
    apply_session,
    join,
    leave,
    new_session,
    session_actions,
)
from tonk.testing import stack_deck

NO_BET = SideBets()
SUIT = SideBets(suit=True)
NATURALS = SideBets(naturals=True)
BOTH = SideBets(suit=True, naturals=True)


def stacked(session: Session, hands: list[str], **deal: object) -> tuple[Card, ...]:
    """A deck dealing ``hands`` (by seat) with the session's next dealer."""
    return stack_deck(session.rules, hands=hands, dealer=session.dealer, **deal)  # type: ignore[arg-type]


def dealt(session: Session, hands: list[str], *bets: SideBets) -> Session:
    """Deal ``hands`` from a stacked deck; the seats bet ``bets`` in turn."""
    session = apply_session(session, Deal(deck=stacked(session, hands)))
    for choice in bets:
        session = apply_session(session, choice)
    return session


def called(session: Session, suit: Suit, hands: list[str], *bets: SideBets) -> Session:
    """Call ``suit`` and deal ``hands``; the seats bet ``bets`` in turn."""
    session = apply_session(session, CallSuit(suit, deck=stacked(session, hands)))
    for choice in bets:
        session = apply_session(session, choice)
    return session


def last(session: Session) -> HandResult:
    assert session.last is not None
    return session.last


def dropped(session: Session) -> Session:
    """The player to move drops at once, ending the hand."""
    assert session.phase is SessionPhase.PLAYING
    session = apply_session(session, Drop())
    assert session.phase is not SessionPhase.PLAYING
    return session


# --- V45a the called-suit pot -------------------------------------------------------

HEARTS_ACE_KING_QUEEN = [
    "AH 2C 3C 4C 5C",  # 15
    "KH 2D 3D 4D 5D",  # 27
    "QH 2S 3S 4S 5S",  # 26
]


def test_v45a_under_ace_high_the_ace_takes_the_suit_pot_paid_in_order() -> None:
    rules = Rules(suit_bet=2, ace_high=True)
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = called(session, Suit.HEARTS, HEARTS_ACE_KING_QUEEN, SUIT, SUIT, SUIT)
    assert session.suit_winners == (0,)
    session = dropped(session)  # A drops on 15 and wins
    result = last(session)
    assert result.outcome.payoffs == (2, -1, -1)
    assert result.side == (
        SidePayment(0, -2, SideReason.SUIT_BET),
        SidePayment(1, -2, SideReason.SUIT_BET),
        SidePayment(2, -2, SideReason.SUIT_BET),
        SidePayment(0, 6, SideReason.SUIT_POT),
    )
    assert result.net == (6, -3, -3)
    assert session.ledger == (("A", 6), ("B", -3), ("C", -3))


def test_v45a_ace_low_the_king_takes_the_suit_pot() -> None:
    session = new_session(Rules(suit_bet=1), players=["A", "B", "C"], dealer=2)
    session = called(session, Suit.HEARTS, HEARTS_ACE_KING_QUEEN, SUIT, SUIT, SUIT)
    assert session.suit_winners == (1,)
    assert last(dropped(session)).net == (2 - 1, -1 - 1 + 3, -1 - 1)


# --- refusals: the exact type and text ------------------------------------------------


def refused(error: type[Exception], message: str) -> pytest.RaisesExc[Exception]:
    """Expect ``error`` with exactly ``message``."""
    return pytest.raises(error, match=f"^{re.escape(message)}$")


def test_a_session_action_in_the_wrong_phase_says_why() -> None:
    rules = Rules(big_one_deals=2, naturals_bet=1)
    session = new_session(rules, players=2, seed=1, dealer=0)
    betting = apply_session(session, Deal())
    assert betting.phase is SessionPhase.BETTING
    for action in (Deal(), CallBigOne(), CallSuit(Suit.CLUBS)):
        with refused(SessionError, "the players are making their side bets"):
            apply_session(betting, action)
    with refused(SessionError, "these rules have no suit side bet (suit_bet=0)"):
        apply_session(session, CallSuit(Suit.CLUBS))
    with refused(
        SessionError,
        "seat 1 may not bet SideBets(suit=True, naturals=False) under these rules",
    ):
        apply_session(betting, SUIT)
    with refused(SessionError, "no hand is in play: the side bets come first"):
        apply_session(betting, Drop())
    with refused(SessionError, "side bets are made after the deal is called, not now"):
        apply_session(session, NATURALS)
    with refused(SessionError, "no hand is in play: the dealer must deal first"):
        apply_session(session, DrawStock())
    playing = apply_session(apply_session(betting, NO_BET), NO_BET)
    assert playing.phase is SessionPhase.PLAYING
    with refused(
        SessionError, "a hand is in play: CallBigOne() must wait until it ends"
    ):
        apply_session(playing, CallBigOne())
    with refused(SessionError, "a hand is in play: Deal() must wait until it ends"):
        apply_session(playing, Deal())


def test_the_big_one_and_the_suit_call_are_refused_with_their_reasons() -> None:
    with refused(SessionError, "these rules have no Big One (big_one_deals=0)"):
        apply_session(new_session(Rules(), players=2), CallBigOne())
    match = new_session(Rules(big_one_deals=1, match_deals=4), players=2)
    with refused(
        SessionError, "the Big One comes by itself: the last deals of the match"
    ):
        apply_session(match, CallBigOne())
    big_one = apply_session(
        new_session(Rules(big_one_deals=1), players=2), CallBigOne()
    )
    assert big_one.big_one_left == 1
    with refused(SessionError, "the Big One has already been called"):
        apply_session(big_one, CallBigOne())
    suit = new_session(Rules(suit_bet=1, big_one_deals=1), players=2)
    with refused(
        SessionError,
        "with the suit side bet the dealer calls a suit instead of Deal()",
    ):
        apply_session(suit, Deal())
    betting = apply_session(suit, CallSuit(Suit.SPADES))
    with refused(SessionError, "the players are making their side bets"):
        apply_session(betting, CallBigOne())


def test_a_session_that_is_over_refuses_everything() -> None:
    session = new_session(Rules(match_deals=1), players=["A", "B"], seed=2, dealer=0)
    session = dealt(session, ["AS 2S 3S 4S 6D", "AH 2H 3H 4H 6C"])
    session = dropped(session)
    assert session.is_over
    assert session.to_move is None
    assert session_actions(session) == ()
    for action in (Deal(), CallBigOne(), NO_BET):
        with refused(SessionError, "the session is over"):
            apply_session(session, action)
    with refused(SessionError, "the session is over"):
        apply_session(session, Drop())
    with refused(
        SessionError,
        "players may join only between hands, before the deal (the session is over)",
    ):
        join(session, "C")
    with refused(
        SessionError,
        "players may leave only between hands, before the deal (the session is over)",
    ):
        leave(session, "A")


def test_joins_and_leaves_during_a_deal_name_the_phase() -> None:
    session = new_session(Rules(naturals_bet=1), players=["A", "B"], seed=2, dealer=0)
    betting = apply_session(session, Deal())
    with refused(
        SessionError,
        "players may join only between hands, before the deal (the session is betting)",
    ):
        join(betting, "C")
    playing = apply_session(apply_session(betting, NO_BET), NO_BET)
    with refused(
        SessionError,
        "players may leave only between hands, before the deal (the session is"
        " playing)",
    ):
        leave(playing, "A")
