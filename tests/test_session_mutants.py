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

import attrs
import pytest

import tonk
from tonk import (
    CallBigOne,
    CallSuit,
    Card,
    Deal,
    DrawStock,
    Drop,
    HandResult,
    LaySpread,
    OutcomeKind,
    Rules,
    Scoring,
    Session,
    SessionError,
    SessionPhase,
    SideBets,
    SidePayment,
    SideReason,
    Suit,
    apply_session,
    hand_seed,
    join,
    leave,
    new_session,
    presets,
    session_actions,
)
from tonk.testing import stack_deck

NO_BET = SideBets()
SUIT = SideBets(suit=True)
NATURALS = SideBets(naturals=True)
BOTH = SideBets(suit=True, naturals=True)


def stacked(
    session: Session,
    hands: list[str],
    *,
    stock: str = "",
    widows: list[str] | None = None,
) -> tuple[Card, ...]:
    """A deck dealing ``hands`` (by seat) with the session's next dealer."""
    return stack_deck(
        session.rules, hands=hands, stock=stock, widows=widows, dealer=session.dealer
    )


def dealt(session: Session, hands: list[str], *bets: SideBets) -> Session:
    """Deal ``hands`` from a stacked deck; the seats bet ``bets`` in turn."""
    session = apply_session(session, Deal(deck=stacked(session, hands)))
    for choice in bets:
        session = apply_session(session, choice)
    return session


def called(
    session: Session, suit: Suit, hands: list[str], *bets: SideBets, stock: str = ""
) -> Session:
    """Call ``suit`` and deal ``hands`` (``stock`` on top); the seats bet ``bets``."""
    deck = stacked(session, hands, stock=stock)
    session = apply_session(session, CallSuit(suit, deck=deck))
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


# --- V42 push-ups ------------------------------------------------------------------


def test_v42_a_dropper_paying_one_catcher_twice_in_all_adds_twice_the_count() -> None:
    # Catch.SINGLE: the caught dropper pays 1x to the catcher and 1x to the
    # lowest, here one player: 2x to one player in all, a double win.
    rules = Rules(scoring=Scoring.PUSH_UPS, catch=tonk.Catch.SINGLE)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = dropped(dealt(session, ["AS 2S 3S 4S 6D", "AH 2H 3H 4H 5C"]))
    result = last(session)
    assert result.outcome.kind is OutcomeKind.CAUGHT
    assert [t.amount for t in result.outcome.transfers] == [1, 1]
    assert result.counts == (16, 15)
    assert result.push_ups == (32, 0)
    assert session.push_up_totals == (("A", 32), ("B", 0))


def test_v42_the_widow_stake_does_not_make_a_single_win_double() -> None:
    # A exchanges with the widow (1x into the pot, V46) and loses to B's drop:
    # A pays B 1x for the drop and 1x of widow pot, yet adds the count once.
    rules = Rules(scoring=Scoring.PUSH_UPS, widow=True)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    deck = stacked(
        session,
        ["AS 2S 3S 4S KD", "AH 2H 3H 4H 5C"],
        widows=["QD", "AD"],
        stock="9C",
    )
    session = apply_session(session, Deal(deck=deck))
    for action in (
        tonk.Exchange(Card.parse("KD")),
        DrawStock(),
        tonk.Discard(Card.parse("9C")),
        Drop(),
    ):
        session = apply_session(session, action)
    result = last(session)
    assert result.outcome.kind is OutcomeKind.DROP_WON
    assert [(t.amount, t.reason) for t in result.outcome.transfers] == [
        (1, tonk.TransferReason.DROP_WON),
        (1, tonk.TransferReason.WIDOW),
    ]
    assert result.counts == (20, 15)
    assert result.push_ups == (20, 0)
    assert result.net == (-2, 2)


# --- V45b the naturals pot -----------------------------------------------------------

PLAIN = ["AS 2S 3S 4S 6D", "AH 2H 3H 4H 6C", "AC 2C 3C 4C 6H"]  # 16 each, no book


def test_v45b_only_the_seated_players_in_the_pot_pay_into_it() -> None:
    rules = Rules(naturals_bet=2)
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = dropped(dealt(session, PLAIN, NATURALS, NO_BET, NATURALS))
    result = last(session)
    assert result.outcome.payoffs == (-4, 2, 2)  # A drops on 16: ties catch
    assert result.side == (
        SidePayment(0, -2, SideReason.NATURALS_BET),
        SidePayment(2, -2, SideReason.NATURALS_BET),
    )
    assert result.net == (-6, 2, 0)
    assert session.naturals_pot == 4
    assert session.naturals_players == frozenset({"A", "C"})
    # C leaves: still in the pot, but pays nothing while away.
    session = leave(session, "C")
    assert session.players == ("A", "B")
    session = apply_session(
        session, Deal(deck=stacked(session, ["AS 2S 3S 4S 6D", "AH 2H 3H 4H 5C"]))
    )
    assert session_actions(session) == (NO_BET, NATURALS)  # B, on A's left
    session = apply_session(session, NO_BET)
    assert session_actions(session) == (NATURALS,)  # A is in until it is won
    session = dropped(apply_session(session, NATURALS))
    result = last(session)
    assert result.side == (SidePayment(0, -2, SideReason.NATURALS_BET),)
    assert session.naturals_pot == 6
    assert session.naturals_players == frozenset({"A", "C"})
    assert sum(balance for _, balance in session.ledger) == -6


def test_v45b_a_natural_book_laid_by_a_player_outside_the_pot_wins_nothing() -> None:
    rules = Rules(naturals_bet=1)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = dealt(session, ["9C 9H 9S 2H 4H", "AS 2S 3S 4S 6D"], NO_BET, NATURALS)
    session = apply_session(session, DrawStock())
    book = LaySpread(tonk.parse_cards("9C 9H 9S"))
    session = apply_session(session, book)
    assert session.naturals_winner is None
    assert session.naturals_pot == 0  # paid in when the hand ends


def test_v45b_a_book_whose_first_card_is_wild_is_no_natural() -> None:
    rules = attrs.evolve(presets.CHICAGO, naturals_bet=1)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = dealt(session, ["9D 9H 2S 4C 6C", "AH 3H 5H 7H KC"], NATURALS, NATURALS)
    session = apply_session(session, DrawStock())
    wild_first = LaySpread(
        (tonk.parse_element("2S=9C"), Card.parse("9D"), Card.parse("9H"))
    )
    assert wild_first in session_actions(session)
    session = apply_session(session, wild_first)
    assert session.naturals_winner is None


# --- hand seeds, seats, names -----------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "number", "expected"),
    [
        (0, 0, 9508426124824331035),
        (1, 37, 16789355763340181582),
        (-7, 2, 17102041738003200306),
        (10**999 - 1, 10**999 - 1, 15222465246576329907),
    ],
)
def test_hand_seeds_stay_the_same_so_saved_sessions_deal_alike(
    seed: int, number: int, expected: int
) -> None:
    assert hand_seed(seed, number) == expected


@pytest.mark.parametrize(
    ("seed", "number", "error", "message"),
    [
        ("1", 1, TypeError, "seed must be an int or None, got '1'"),
        (1, "2", TypeError, "number must be an int, got '2'"),
        (1, True, TypeError, "number must be an int, got True"),
        (
            1,
            -1,
            SessionError,
            "a hand number must be 0 or more, of at most 1000 digits, got -1",
        ),
        (
            1,
            10**1000,
            SessionError,
            "a hand number must be 0 or more, of at most 1000 digits,"
            " got <int of 1001 digits>",
        ),
        (
            10**1000,
            1,
            SessionError,
            "a seed must have at most 1000 digits, got <int of 1001 digits>",
        ),
    ],
)
def test_a_bad_hand_seed_argument_is_refused_by_type_and_range(
    seed: object, number: object, error: type[Exception], message: str
) -> None:
    with refused(error, message):
        hand_seed(seed, number)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (True, "players must be a count or a list of names, got True"),
        (2.0, "players must be a count or a list of names, got 2.0"),
        ("AB", "players must be a count or a list of names, got 'AB'"),
        ([], "a table under these rules seats 2..10 players, not 0"),
        (("A",), "a table under these rules seats 2..10 players, not 1"),
        (11, "a table under these rules seats 2..10 players, not 11"),
        (["A", 5], "player names must be non-empty strings, got 5"),
        (["A", "\t"], "player names must be non-empty strings, got '\\t'"),
        (["A", "A"], "player names must be distinct, got ('A', 'A')"),
        (
            ["A", "B\x1b[2J"],
            "player names may not hold control characters, line separators or"
            " bidi overrides, got 'B\\x1b[2J'",
        ),
    ],
)
def test_a_bad_table_is_refused_with_its_reason(players: object, message: str) -> None:
    with refused(SessionError, message):
        new_session(Rules(), players=players)  # type: ignore[arg-type]


def test_the_smallest_and_largest_tables_are_seated() -> None:
    assert new_session(Rules(), players=2).players == ("P1", "P2")
    assert len(new_session(Rules(), players=10).players) == 10
    assert new_session(Rules(), players=("A", "B")).players == ("A", "B")


@pytest.mark.parametrize("dealer", ["1", True, 1.0, -1, 2])
def test_a_dealer_who_is_not_a_seat_is_refused(dealer: object) -> None:
    with refused(SessionError, f"dealer must be a seat 0..1, got {dealer!r}"):
        new_session(Rules(), players=2, dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "error", "message"),
    [
        ("1", TypeError, "seed must be an int or None, got '1'"),
        (1.0, TypeError, "seed must be an int or None, got 1.0"),
        (
            -(10**1000),
            SessionError,
            "a seed must have at most 1000 digits, got <negative int of 1001 digits>",
        ),
    ],
)
@pytest.mark.parametrize("dealer", [None, 0])
def test_a_bad_session_seed_is_refused(
    seed: object, error: type[Exception], message: str, dealer: int | None
) -> None:
    with refused(error, message):
        new_session(Rules(), players=2, seed=seed, dealer=dealer)  # type: ignore[arg-type]


def test_a_new_session_starts_with_every_field_empty() -> None:
    rules = Rules(suit_bet=1)
    assert new_session(rules, players=["A", "B", "C"], seed=5, dealer=1) == Session(
        rules=rules,
        seed=5,
        players=("A", "B", "C"),
        dealer=1,
        number=0,
        phase=SessionPhase.BEFORE_DEAL,
        hand=None,
        ledger=(("A", 0), ("B", 0), ("C", 0)),
        push_up_totals=(("A", 0), ("B", 0), ("C", 0)),
        last=None,
        big_one_left=None,
        called_suit=None,
        betting=(),
        suit_bettors=frozenset(),
        suit_winners=(),
        naturals_players=frozenset(),
        naturals_pot=0,
        naturals_winner=None,
        deck=None,
    )


def test_an_unseeded_session_cuts_and_deals_from_a_secure_shuffle() -> None:
    # 40 cuts of four seats all giving one dealer: a chance of 4**-39.
    assert len({new_session(Rules(), players=4).dealer for _ in range(40)}) > 1
    session = new_session(Rules(), players=4)
    assert session.seed is None
    assert session.dealer in range(4)
    cut = session.dealer
    session = apply_session(session, Deal())
    assert session.number == 1
    assert session.hand is not None
    # The cut's dealer deals; a hand that ends at the deal (a deal tonk, B5)
    # has already passed the deal on, so the session's dealer may be the next.
    assert session.hand.dealer == cut


def test_a_hand_that_ends_at_the_deal_passes_the_deal_on() -> None:
    # Seed 1 deals a four-seat deal tonk at once (B5): the hand is over at the
    # deal, dealt by the cut's dealer, and the next hand is the next seat's.
    session = new_session(Rules(), players=4, seed=1)
    cut = session.dealer
    session = apply_session(session, Deal())
    assert session.hand is not None
    assert session.hand.outcome is not None
    assert session.hand.dealer == cut
    assert session.dealer == (cut + 1) % 4
    assert session.phase is SessionPhase.BEFORE_DEAL


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda s: s.balance("Zed"), "'Zed' has never sat at this session"),
        (lambda s: s.push_ups("Zed"), "'Zed' has never sat at this session"),
        (lambda s: join(s, "A"), "'A' is already seated"),
        (
            lambda s: join(s, 5),  # type: ignore[arg-type]
            "player names must be non-empty strings, got 5",
        ),
        (lambda s: join(s, ""), "player names must be non-empty strings, got ''"),
        (
            lambda s: join(s, "D\u202e"),
            "player names may not hold control characters, line separators or"
            " bidi overrides, got 'D\\u202e'",
        ),
        (
            lambda s: join(join(s, "D"), "E"),
            "a table under these rules seats 2..4 players, not 5",
        ),
        (lambda s: leave(s, "Zed"), "'Zed' is not seated"),
        (lambda s: leave(s, None), "None is not seated"),  # type: ignore[arg-type]
        (
            lambda s: leave(leave(s, "A"), "B"),
            "a table under these rules seats 2..4 players, not 1",
        ),
    ],
)
def test_a_bad_join_or_leave_or_lookup_is_refused_and_changes_nothing(
    action: object, message: str
) -> None:
    rules = Rules(player_limit=4)
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=0)
    before = attrs.evolve(session)
    with refused(SessionError, message):
        action(session)  # type: ignore[operator]
    assert session == before


def test_side_bets_are_bools() -> None:
    with refused(TypeError, "suit must be a bool, got 1"):
        SideBets(suit=1)  # type: ignore[arg-type]
    with refused(TypeError, "naturals must be a bool, got 'yes'"):
        SideBets(naturals="yes")  # type: ignore[arg-type]


def test_a_dealing_action_shows_its_deck_only_when_it_has_one() -> None:
    deck = Rules().pack()
    assert repr(Deal()) == "Deal()"
    assert repr(Deal(deck=deck)) == f"Deal(deck={deck!r})"
    assert repr(CallSuit(Suit.HEARTS)) == "CallSuit(suit=<Suit.HEARTS: 'H'>)"
    assert (
        repr(CallSuit(Suit.HEARTS, deck=deck))
        == f"CallSuit(suit=<Suit.HEARTS: 'H'>, deck={deck!r})"
    )


# --- X3 eliminations and V47 dealers ----------------------------------------------

FIFTY = "10C JC QC KC KD"  # a deal tonk: the others pay 2x and add twice their count
MID_S = "5S 6S 7S 8S 9S"  # 35
MID_H = "5H 6H 7H 8H 9H"  # 35
LOW = "AH 2H 3H 4H 9C"  # 19


def test_x3_the_deal_passes_past_two_players_eliminated_side_by_side() -> None:
    rules = attrs.evolve(presets.ELIMINATION, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=0)
    session = dealt(session, [LOW, MID_S, MID_H, FIFTY])
    assert session.push_up_totals == (("A", 38), ("B", 70), ("C", 70), ("D", 0))
    assert session.eliminated == ("B", "C")
    assert session.players == ("A", "D")
    assert session.dealer == 1  # B and C, on A's left, are gone: D deals


def test_x3_an_eliminated_dealer_passes_the_deal_to_the_left() -> None:
    rules = attrs.evolve(presets.ELIMINATION, elimination_at=60)
    session = new_session(rules, players=["A", "B", "C", "D"], seed=1, dealer=0)
    session = dealt(session, [MID_S, FIFTY, LOW, "AC 2C 3C 4D 6D"])
    assert session.push_up_totals == (("A", 70), ("B", 0), ("C", 38), ("D", 32))
    assert session.players == ("B", "C", "D")
    assert session.dealer == 0  # B


def test_x3_a_total_equal_to_the_limit_eliminates() -> None:
    rules = attrs.evolve(presets.ELIMINATION, elimination_at=70)
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=2)
    session = dealt(session, [FIFTY, MID_S, LOW])
    assert session.push_up_totals == (("A", 0), ("B", 70), ("C", 38))
    assert session.eliminated == ("B",)
    assert session.players == ("A", "C")
    assert session.dealer == 0
    assert session.standings == (("A", 0), ("C", 38), ("B", 70))
    with refused(SessionError, "'B' was eliminated (X3) and may not come back"):
        join(session, "B")


def test_a_player_who_comes_back_keeps_the_push_up_total_and_one_entry() -> None:
    session = new_session(presets.PUSH_UPS, players=["A", "B", "C"], seed=1, dealer=2)
    session = dealt(session, [FIFTY, MID_S, LOW])
    assert session.push_up_totals == (("A", 0), ("B", 70), ("C", 38))
    session = leave(session, "B")
    session = dealt(session, [MID_H, FIFTY])  # C's deal tonk, A deals
    assert session.push_up_totals == (("A", 70), ("B", 70), ("C", 38))
    assert session.ledger == (("A", 2), ("B", -2), ("C", 0))
    session = join(session, "B")
    assert session.push_up_totals == (("A", 70), ("B", 70), ("C", 38))
    assert session.ledger == (("A", 2), ("B", -2), ("C", 0))
    assert session.players == ("A", "B", "C")  # on the right of C, the dealer
    assert session.dealer == 2


def test_standings_keep_the_order_of_arrival_in_a_tie() -> None:
    session = new_session(presets.PUSH_UPS, players=["A", "B", "C"], seed=1, dealer=2)
    session = dealt(session, [MID_S, FIFTY, MID_H])  # B's deal tonk
    assert session.standings == (("B", 0), ("A", 70), ("C", 70))
    assert session.leaders == ("B",)
    money = new_session(Rules(), players=["A", "B", "C"], seed=1, dealer=2)
    money = dealt(money, [MID_S, FIFTY, MID_H])
    assert money.standings == (("B", 4), ("A", -2), ("C", -2))
    assert money.leaders == ("B",)
    tied = new_session(Rules(), players=["A", "B", "C"], seed=1)
    assert tied.leaders == ("A", "B", "C")
    assert tied.standings == (("A", 0), ("B", 0), ("C", 0))


# --- the side bets, seat by seat ------------------------------------------------------


def test_the_side_bets_go_round_from_the_dealers_left_offering_what_each_may_bet() -> (
    None
):
    rules = Rules(suit_bet=1, naturals_bet=1)
    session = new_session(rules, players=["A", "B", "C"], seed=1, dealer=1)
    assert session_actions(session) == tuple(CallSuit(suit) for suit in Suit)
    hands = ["AS 2S 3S 4S KD", "AH 2H 3H 4H QD", "AC 2C 3C 4C 2D"]
    deck = stacked(session, hands)
    session = apply_session(session, CallSuit(Suit.DIAMONDS, deck=deck))
    assert session.phase is SessionPhase.BETTING
    assert session.called_suit is Suit.DIAMONDS
    assert session.betting == (2, 0, 1)
    for seat, choice in ((2, BOTH), (0, SUIT), (1, NO_BET)):
        assert session.to_move == seat
        assert session_actions(session) == (NO_BET, SUIT, NATURALS, BOTH)
        session = apply_session(session, choice)
    assert session.phase is SessionPhase.PLAYING
    assert session.betting == ()
    assert session.suit_bettors == frozenset({0, 2})
    assert session.naturals_players == frozenset({"C"})
    assert session.suit_winners == (0,)  # B's QD did not bet
    session = dropped(session)
    assert last(session).side == (
        SidePayment(0, -1, SideReason.SUIT_BET),
        SidePayment(2, -1, SideReason.SUIT_BET),
        SidePayment(0, 2, SideReason.SUIT_POT),
        SidePayment(2, -1, SideReason.NATURALS_BET),
    )
    assert session.called_suit is None
    assert session.suit_bettors == frozenset()
    assert session.suit_winners == ()
    session = apply_session(session, CallSuit(Suit.CLUBS))
    assert session.betting == (0, 1, 2)
    session = apply_session(apply_session(session, NO_BET), NO_BET)
    assert session.to_move == 2
    assert session_actions(session) == (NATURALS, BOTH)  # C stays in the pot


def test_without_side_bets_the_deal_is_played_at_once() -> None:
    session = apply_session(new_session(Rules(), players=2, seed=1), Deal())
    assert session.phase is SessionPhase.PLAYING
    assert session.betting == ()
    assert session.called_suit is None
    only_suit = apply_session(
        new_session(Rules(suit_bet=1), players=2, seed=1, dealer=0),
        CallSuit(Suit.SPADES),
    )
    assert session_actions(only_suit) == (NO_BET, SUIT)
    only_naturals = apply_session(
        new_session(Rules(naturals_bet=1), players=2, seed=1, dealer=0), Deal()
    )
    assert only_naturals.called_suit is None
    assert session_actions(only_naturals) == (NO_BET, NATURALS)


def test_a_bad_stacked_deck_is_refused_when_the_suit_is_called() -> None:
    session = new_session(Rules(suit_bet=1), players=2, seed=1, dealer=0)
    with refused(
        tonk.RulesError, "deck has 51 cards, but these rules use a 52-card pack"
    ):
        apply_session(session, CallSuit(Suit.HEARTS, deck=Rules().pack()[:-1]))
    assert session == new_session(Rules(suit_bet=1), players=2, seed=1, dealer=0)


def test_v45_both_pots_in_one_hand_then_a_fresh_naturals_pot() -> None:
    rules = Rules(suit_bet=1, naturals_bet=1)
    session = new_session(rules, players=["A", "B"], seed=1, dealer=1)
    session = called(
        session,
        Suit.HEARTS,
        ["9C 9H 9S 2H 4H", "9D 5S 5H 5C 6D"],  # A's 9H beats B's 5H
        BOTH,
        BOTH,
        stock="KS QS",
    )
    assert session.suit_winners == (0,)
    session = apply_session(session, DrawStock())  # the KS
    session = apply_session(session, LaySpread(tonk.parse_cards("9C 9H 9S")))
    assert session.naturals_winner == 0
    session = apply_session(session, tonk.Discard(Card.parse("KS")))
    session = apply_session(session, DrawStock())  # the QS
    session = apply_session(session, LaySpread(tonk.parse_cards("5C 5H 5S")))
    assert session.naturals_winner == 0  # the first natural book won it
    session = apply_session(session, tonk.Discard(Card.parse("QS")))
    session = dropped(session)  # A drops on 6, B holds 15
    result = last(session)
    assert result.outcome.payoffs == (1, -1)
    assert result.side == (
        SidePayment(0, -1, SideReason.SUIT_BET),
        SidePayment(1, -1, SideReason.SUIT_BET),
        SidePayment(0, 2, SideReason.SUIT_POT),
        SidePayment(0, -1, SideReason.NATURALS_BET),
        SidePayment(1, -1, SideReason.NATURALS_BET),
        SidePayment(0, 2, SideReason.NATURALS_POT),
    )
    assert result.net == (3, -3)
    assert session.naturals_pot == 0
    assert session.naturals_players == frozenset()
    assert session.ledger == (("A", 3), ("B", -3))
    # The next deal: everyone is out of the pot, and nobody has won it yet.
    session = apply_session(
        session,
        CallSuit(Suit.SPADES, deck=stacked(session, ["AS 2S 3S 4S 6D", PLAIN[1]])),
    )
    assert session_actions(session) == (NO_BET, SUIT, NATURALS, BOTH)
    session = apply_session(apply_session(session, NATURALS), NATURALS)
    assert session.naturals_winner is None
    session = dropped(session)  # B drops on 16 and is caught by A's 16
    result = last(session)
    assert result.side == (
        SidePayment(0, -1, SideReason.NATURALS_BET),
        SidePayment(1, -1, SideReason.NATURALS_BET),
    )
    assert session.naturals_pot == 2


def test_an_action_within_a_hand_changes_nothing_but_the_hand() -> None:
    rules = Rules(suit_bet=1, naturals_bet=1, big_one_deals=2)
    session = new_session(rules, players=["A", "B", "C"], seed=3, dealer=2)
    session = called(session, Suit.CLUBS, PLAIN, BOTH, SUIT, NATURALS)
    session = dropped(session)  # hand 1: A drops on 16 and is caught
    session = apply_session(session, CallBigOne())
    hands = ["AS 2S 3S 4S KD", "AH 2H 3H 4H QD", "AC 2C 3C 4C 2D"]
    deck = stacked(session, hands)
    session = apply_session(session, CallSuit(Suit.SPADES, deck=deck))
    for _ in range(3):
        session = apply_session(session, BOTH)
    assert session.phase is SessionPhase.PLAYING
    first = last(session)
    for step in range(4):
        assert session.hand is not None
        action: tonk.Action = DrawStock()
        if step % 2:  # discard the highest card
            action = max(
                (a for a in session_actions(session) if isinstance(a, tonk.Discard)),
                key=lambda a: rules.card_value(a.card),
            )
        after = apply_session(session, action)
        assert after.hand is not None
        assert after.hand != session.hand
        assert attrs.evolve(after, hand=session.hand) == session
        session = after
    assert session.last is first
    assert session.deck == deck
    session = dropped(session)
    result = last(session)
    assert result.number == 2
    assert result.deck == deck
    assert result.stakes == 2
    assert session.big_one_left == 1
