"""Faults found by a review of sessions (V40-V47), each with a stacked deck.

Every amount and choice is checked against docs/rules/sessions.md.
"""

from __future__ import annotations

import attrs

import tonk
from tonk import (
    Deal,
    DrawStock,
    LaySpread,
    Rules,
    Scoring,
    SessionPhase,
    SideBets,
    apply_session,
    new_session,
    presets,
    session_actions,
)
from tonk.testing import stack_deck

# --- V45b with V5: a book of wild deuces is no natural book ----------------------


def test_v45b_v5_a_book_of_wild_deuces_standing_for_themselves_is_no_natural() -> None:
    # sessions.md V45b: "Three of a kind" is a natural book "(three or four
    # cards of one rank, no wild card)". Under Chicago the four 2s are wild
    # (V5; Rules.is_wild), even standing for themselves (wilds.md: "a wild
    # playing as itself ... is written plainly"), so 2C 2D 2H is a book of
    # three wild cards: it wins nobody the naturals pot.
    rules = attrs.evolve(presets.CHICAGO, naturals_bet=1)
    deck = stack_deck(
        rules, hands=["2C 2D 2H KC QC", "AH 3H 5H 7H KD"], stock="9S", dealer=1
    )
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = apply_session(session, Deal(deck=deck))
    for _ in range(2):  # both players join the naturals pot
        session = apply_session(session, SideBets(naturals=True))
    assert session.phase is SessionPhase.PLAYING
    assert session.to_move == 0
    session = apply_session(session, DrawStock())
    deuces = LaySpread(tonk.parse_cards("2C 2D 2H"))
    assert all(rules.is_wild(card) for card in tonk.parse_cards("2C 2D 2H"))
    assert deuces in session_actions(session)
    session = apply_session(session, deuces)
    assert session.naturals_winner is None


def test_v45b_a_book_of_2s_without_wild_deuces_is_natural() -> None:
    # The same book is natural when the 2s are not wild (V4: jokers only).
    rules = attrs.evolve(presets.CHICAGO, wilds=tonk.Wilds.JOKERS, naturals_bet=1)
    deck = stack_deck(
        rules, hands=["2C 2D 2H KC QC", "AH 3H 5H 7H KD"], stock="9S", dealer=1
    )
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = apply_session(session, Deal(deck=deck))
    for _ in range(2):
        session = apply_session(session, SideBets(naturals=True))
    session = apply_session(session, DrawStock())
    session = apply_session(session, LaySpread(tonk.parse_cards("2C 2D 2H")))
    assert session.naturals_winner == 0


# --- X3 with H7: everyone left reaches the limit in the last hand ---------------


def test_x3_h7_a_tunk_eliminating_everyone_left_leaves_no_earlier_leader() -> None:
    # X3/H9: "a player reaching 100 leaves the game, and the last player left
    # wins"; sessions.md X3: after a tunk "every player may reach the limit in
    # one hand: then the lowest total leads". A reaches the limit in hand 1
    # and leaves; in hand 2 B and C both reach it. The winner is the lower of
    # B and C, not A, who was out a hand before them.
    rules = Rules(
        tunk_at_most=5,
        deal_tonks=(),
        scoring=Scoring.PUSH_UPS,
        elimination_at=40,
    )
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=0)
    deck = stack_deck(
        rules,
        hands=["10C JC QC 5S 5D", "3H 4H 5H AS 3D", "10S JS QS 4C 3S"],
        stock="AC",
        dealer=0,
    )
    session = apply_session(session, Deal(deck=deck))
    session = apply_session(session, DrawStock())
    assert session.hand is not None
    session = apply_session(session, tonk.parse_action(session.hand, "tunk 3H 4H 5H"))
    assert dict(session.push_up_totals) == {"A": 40, "B": 5, "C": 37}
    assert session.players == ("B", "C")
    assert session.eliminated == ("A",)
    assert not session.is_over
    assert session.dealer == 0  # the deal passes from A to B
    deck = stack_deck(
        rules, hands=["10C JC QC KC 5S", "3H 4H 5H AS 3D"], stock="AC", dealer=0
    )
    session = apply_session(session, Deal(deck=deck))
    session = apply_session(session, DrawStock())
    assert session.hand is not None
    session = apply_session(session, tonk.parse_action(session.hand, "tunk 3H 4H 5H"))
    assert session.last is not None
    assert session.last.outcome.kind is tonk.OutcomeKind.TUNK
    assert dict(session.push_up_totals) == {"A": 40, "B": 50, "C": 42}
    assert session.is_over
    assert session.players == ("B", "C")  # the last hand's players stay seated
    assert session.leaders == ("C",)
