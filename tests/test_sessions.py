"""Sessions: hand after hand at one table (V40-V47, B3).

A session deals each hand from its seed and the hand's number; where a
scenario needs a particular deal (a void hand, a natural book, a suit held by
two bettors...) it stacks the deck with ``Deal(deck=...)`` (or
``CallSuit(suit, deck=...)``) and :func:`tonk.testing.stack_deck`, then checks
every amount against what docs/rules/ and the option docstrings say.
The properties at the end play random sessions under random rules (side bets
included) and check the ledger against the hands.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest
from hypothesis import event, given, note
from hypothesis import strategies as st

import tonk
from tonk import (
    Action,
    CallBigOne,
    CallSuit,
    Deal,
    DealTonk,
    DrawStock,
    Drop,
    HandResult,
    LaySpread,
    OutcomeKind,
    Rules,
    Scoring,
    Session,
    SessionAction,
    SessionError,
    SessionPhase,
    SideBets,
    SidePayment,
    SideReason,
    Stake,
    Suit,
    apply_session,
    hand_seed,
    join,
    leave,
    new_session,
    presets,
    session_actions,
)
from tonk.testing import check_invariants, stack_deck
from tonk.testing.strategies import player_counts, rules

# --- helpers ---------------------------------------------------------------------


def bet(session: Session, *bets: SideBets) -> Session:
    """Make each seat's side bets in turn, from the dealer's left."""
    assert session.phase is SessionPhase.BETTING
    for choice in bets:
        assert choice in session_actions(session)
        session = apply_session(session, choice)
    return session


DEAL = Deal()


def dealt(session: Session, *, call: SessionAction = DEAL) -> Session:
    """Deal the next hand (calling a suit if asked); everyone bets on everything
    offered. The hand may be over at once (a deal tonk or a void deal)."""
    session = apply_session(session, call)
    while session.phase is SessionPhase.BETTING:
        session = apply_session(session, session_actions(session)[-1])
    return session


def dropped_at_once(session: Session, **options: SessionAction) -> Session:
    """Deal a hand and let the first player drop (unless the deal ended it)."""
    session = dealt(session, **options)
    if session.phase is SessionPhase.PLAYING:
        session = apply_session(session, Drop())
    assert session.phase in (SessionPhase.BEFORE_DEAL, SessionPhase.OVER)
    return session


def balances(session: Session) -> dict[str, Stake]:
    return dict(session.ledger)


# --- V47 seats and dealers ---------------------------------------------------------


def test_b3_the_first_dealer_is_cut_from_the_sessions_seed() -> None:
    for seed in range(20):
        session = new_session(Rules(), players=4, seed=seed)
        expected = tonk.cut_for_deal(Rules(), players=4, seed=hand_seed(seed, 0))
        assert session.dealer == expected
        assert session.to_move == expected
        assert session_actions(session) == (Deal(),)
        assert session.players == ("P1", "P2", "P3", "P4")


def test_v47_the_deal_passes_left_after_each_hand() -> None:
    session = new_session(Rules(), players=["Ann", "Bob", "Cy"], seed=5, dealer=1)
    dealers = []
    for number in range(1, 5):
        session = dealt(session)
        assert session.number == number
        assert session.hand is not None
        dealers.append(session.hand.dealer)
        if session.phase is SessionPhase.PLAYING:
            assert session.hand.to_move == (session.dealer + 1) % 3  # B6
            session = apply_session(session, Drop())
        assert session.last is not None
        assert session.last.dealer == dealers[-1]
    assert dealers == [1, 2, 0, 1]
    assert session.dealer == 2


VOIDING = Rules(deal_tonks=(DealTonk(at_most=30),))  # two hands of 30 or less clash
VOID_HANDS = ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "KS KH KD KC QS"]  # 15, 15, 50
VOID_DEAL = Deal(deck=stack_deck(VOIDING, hands=VOID_HANDS, dealer=2))


def test_v47_after_a_void_hand_the_next_dealer_deals() -> None:
    seed = 1
    session = dealt(
        new_session(VOIDING, players=3, seed=seed, dealer=2), call=VOID_DEAL
    )
    result = session.last
    assert result is not None
    assert result.outcome.kind is OutcomeKind.VOID_DEAL
    assert result.dealer == 2
    assert result.net == (0, 0, 0)
    assert session.phase is SessionPhase.BEFORE_DEAL
    assert session.number == 1  # a void deal is a deal
    assert session.dealer == 0  # the next dealer, on the void dealer's left
    assert balances(session) == {"P1": 0, "P2": 0, "P3": 0}
    session = dealt(session)
    assert session.number == 2
    assert session.hand is not None
    assert session.hand.dealer == 0
    assert session.hand == tonk.new_game(
        VOIDING, players=3, seed=hand_seed(seed, 2), dealer=0
    )
    assert session.last is not None
    assert session.last.deck is None  # hand 2 came from the seed
    assert result.deck == VOID_DEAL.deck  # hand 1 can be dealt again
    assert tonk.new_game(VOIDING, players=3, deck=result.deck, dealer=2).outcome == (
        result.outcome
    )


def test_v47_a_player_joins_to_the_right_of_the_next_dealer() -> None:
    session = new_session(Rules(), players=["A", "B", "C"], seed=1, dealer=1)
    session = dropped_at_once(session)  # B deals hand 1; C deals next
    assert session.players[session.dealer] == "C"
    before = balances(session)
    session = join(session, "D")
    assert session.players == ("A", "B", "D", "C")
    assert session.players[session.dealer] == "C"
    seat = session.players.index("D")
    assert seat == (session.dealer - 1) % 4  # on the dealer's right
    assert balances(session) == {**before, "D": 0}
    assert session.push_ups("D") == 0
    session = dealt(session)
    assert session.hand is not None
    assert session.hand.player_count == 4
    assert session.hand.dealer == 3
    # D plays last before the dealer, and deals last of the four.
    assert [(3 + offset) % 4 for offset in range(1, 5)][-2:] == [seat, 3]


def test_v47_a_player_joining_when_seat_0_deals_sits_at_the_end() -> None:
    session = new_session(Rules(), players=["A", "B", "C"], dealer=0)
    session = join(session, "D")
    assert session.players == ("D", "A", "B", "C")
    assert session.players[session.dealer] == "A"
    assert (session.players.index("D") - session.dealer) % 4 == 3  # the right


def test_v47_a_player_who_leaves_keeps_the_balance() -> None:
    session = new_session(Rules(), players=["A", "B", "C"], seed=3, dealer=0)
    session = dropped_at_once(session)
    kept = balances(session)
    assert any(kept.values())
    session = leave(session, "A")
    assert session.players == ("B", "C")
    assert balances(session) == kept  # the ledger keeps every player ever seated
    assert session.balance("A") == kept["A"]
    session = dropped_at_once(session)
    assert session.balance("A") == kept["A"]
    session = join(session, "A")  # coming back, with the balance kept
    assert session.balance("A") == kept["A"]
    assert [name for name, _ in session.ledger] == ["A", "B", "C"]
    with pytest.raises(SessionError, match="never sat"):
        session.balance("Zed")


@pytest.mark.parametrize(
    ("dealer", "leaver", "next_dealer"),
    [
        (1, "B", "C"),  # the next dealer leaves: the deal passes to their left
        (3, "D", "A"),  # ... round the table
        (2, "A", "C"),  # someone else leaves: the same dealer
        (0, "B", "A"),
    ],
)
def test_v47_the_deal_passes_correctly_when_a_player_leaves(
    dealer: int, leaver: str, next_dealer: str
) -> None:
    session = new_session(Rules(), players=["A", "B", "C", "D"], dealer=dealer)
    session = leave(session, leaver)
    assert leaver not in session.players
    assert session.players[session.dealer] == next_dealer


def test_v47_session_errors() -> None:
    three_at_most = Rules(player_limit=3, naturals_bet=1)
    session = new_session(three_at_most, players=["A", "B"], seed=2, dealer=0)
    with pytest.raises(SessionError, match="already seated"):
        join(session, "A")
    with pytest.raises(SessionError, match="non-empty"):
        join(session, " ")
    with pytest.raises(SessionError, match="not seated"):
        leave(session, "C")
    with pytest.raises(SessionError, match=r"seats 2\.\.3 players, not 1"):
        leave(session, "A")
    full = join(session, "C")
    with pytest.raises(SessionError, match=r"seats 2\.\.3 players, not 4"):
        join(full, "D")
    betting = apply_session(session, Deal())
    assert betting.phase is SessionPhase.BETTING
    with pytest.raises(SessionError, match="only between hands"):
        join(betting, "C")
    playing = bet(betting, SideBets(), SideBets())
    assert playing.phase is SessionPhase.PLAYING
    with pytest.raises(SessionError, match="only between hands"):
        join(playing, "C")
    with pytest.raises(SessionError, match="only between hands"):
        leave(playing, "A")
    with pytest.raises(SessionError, match="a hand is in play"):
        apply_session(playing, Deal())
    with pytest.raises(SessionError, match="the dealer must deal first"):
        apply_session(session, Drop())


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A", "A"], "distinct"),
        (["A", ""], "non-empty"),
        (1, r"seats 2\.\.10 players, not 1"),
        (11, r"seats 2\.\.10 players, not 11"),
        ("AB", "a count or a list of names"),
    ],
)
def test_new_session_rejects_bad_tables(players: object, message: str) -> None:
    with pytest.raises(SessionError, match=message):
        new_session(Rules(), players=players)  # type: ignore[arg-type]


def test_new_session_rejects_a_dealer_not_seated() -> None:
    with pytest.raises(SessionError, match=r"dealer must be a seat 0\.\.1"):
        new_session(Rules(), players=2, dealer=2)


# --- stacked decks ---------------------------------------------------------------


def test_a_stacked_deal_is_checked_like_new_games_deck_and_changes_nothing() -> None:
    session = new_session(Rules(), players=2, seed=1, dealer=0)
    short = Deal(deck=Rules().pack()[:-1])
    with pytest.raises(tonk.RulesError, match="deck has 51 cards"):
        apply_session(session, short)
    doubled = Deal(deck=(*Rules().pack()[:-1], Rules().pack()[0]))
    with pytest.raises(tonk.RulesError, match="deck holds 2 of"):
        apply_session(session, doubled)
    with pytest.raises(TypeError, match="deck must hold Card values"):
        Deal(deck=["AS"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="deck must be a sequence of cards"):
        Deal(deck="AS 2S")  # type: ignore[arg-type]
    assert session == new_session(Rules(), players=2, seed=1, dealer=0)
    with pytest.raises(SessionError, match="calls a suit"):  # not offered: refused
        apply_session(new_session(SUIT_BET, players=2, dealer=0), VOID_DEAL)


def test_a_stacked_deal_deals_that_deck_and_the_next_comes_from_the_seed() -> None:
    deck = Rules().pack()
    session = apply_session(
        new_session(Rules(), players=3, seed=4, dealer=1), Deal(deck=deck)
    )
    assert session.hand == tonk.new_game(Rules(), players=3, deck=deck, dealer=1)
    assert session.deck == deck
    assert repr(Deal(deck=deck)).startswith("Deal(deck=(Card.parse('AC'), ")
    session = dealt(apply_session(session, Drop()))
    assert session.deck is None
    assert session.hand == tonk.new_game(
        Rules(), players=3, seed=hand_seed(4, 2), dealer=2
    )


# --- V45b the naturals pot ---------------------------------------------------------

NATURALS = Rules(naturals_bet=1)
EVERYONE_IN = SideBets(naturals=True)


def natural_book(session: Session) -> LaySpread | None:
    """A book of three or four natural cards the player to move may lay."""
    for action in session_actions(session):
        if (
            isinstance(action, LaySpread)
            and all(isinstance(c, tonk.Card) for c in action.cards)
            and len({c.rank for c in action.physical}) == 1
        ):
            return action
    return None


PLAIN_DEAL = ["AS 2S 3S 4S 6D", "AH 2H 3H 4H 6C"]  # no deal tonk, no book
BOOK_FOR_BOB = ["AS 2S 3S 4S 6D", "9C 9H 9S 2H 4H"]  # Bob, first to play, holds one


def naturals_deal(dealer: int, hands: list[str]) -> Deal:
    """Ann and Bob's deal, ``dealer`` dealing; Bob holds ``hands[1]``."""
    return Deal(deck=stack_deck(NATURALS, hands=hands, dealer=dealer))


def test_v45b_the_naturals_pot_carries_over_until_a_natural_book_wins_it() -> None:
    session = new_session(NATURALS, players=["Ann", "Bob"], seed=1, dealer=0)
    nets: list[tuple[Stake, ...]] = []
    for number in (1, 2):
        session = apply_session(session, naturals_deal(number - 1, PLAIN_DEAL))
        assert session.phase is SessionPhase.BETTING
        dealer = session.dealer
        assert session.betting == ((dealer + 1) % 2, dealer)  # from its left
        if number == 2:  # once in, a player stays in until the pot is won
            assert session_actions(session) == (EVERYONE_IN,)
            with pytest.raises(SessionError):
                apply_session(session, SideBets())
        session = bet(session, EVERYONE_IN, EVERYONE_IN)
        session = apply_session(session, Drop())
        result = session.last
        assert result is not None
        assert result.side == (
            SidePayment(0, -1, SideReason.NATURALS_BET),
            SidePayment(1, -1, SideReason.NATURALS_BET),
        )
        assert result.net == tuple(p - 1 for p in result.outcome.payoffs)
        nets.append(result.net)
        assert session.naturals_pot == 2 * number
        assert session.naturals_players == frozenset({"Ann", "Bob"})
    session = apply_session(session, naturals_deal(0, BOOK_FOR_BOB))
    session = bet(session, EVERYONE_IN, EVERYONE_IN)
    session = apply_session(session, DrawStock())
    book = natural_book(session)
    assert book == LaySpread(tonk.parse_cards("9C 9H 9S"))
    assert session.hand is not None
    layer = session.hand.to_move
    assert layer == 1
    session = apply_session(session, book)
    assert session.naturals_winner == layer
    session = play_on(session)
    result = session.last
    assert result is not None
    assert result.number == 3
    assert Counter(result.side) == Counter(
        [
            SidePayment(0, -1, SideReason.NATURALS_BET),
            SidePayment(1, -1, SideReason.NATURALS_BET),
            SidePayment(layer, 6, SideReason.NATURALS_POT),  # 2 + 2 + 2
        ]
    )
    nets.append(result.net)
    assert session.naturals_pot == 0
    assert session.naturals_players == frozenset()
    for seat, name in enumerate(("Ann", "Bob")):
        assert session.balance(name) == sum(net[seat] for net in nets)
    assert sum(balances(session).values()) == 0


def test_v45b_the_naturals_pot_can_be_won_in_the_deal_that_starts_it() -> None:
    session = new_session(NATURALS, players=["Ann", "Bob"], seed=1, dealer=0)
    session = apply_session(session, naturals_deal(0, BOOK_FOR_BOB))
    session = apply_session(bet(session, EVERYONE_IN, EVERYONE_IN), DrawStock())
    assert session.naturals_pot == 0  # this deal's stakes are not paid in yet
    book = natural_book(session)
    assert book is not None
    layer = session.to_move
    assert layer is not None
    session = apply_session(session, book)
    assert session.naturals_winner == layer
    result = finish_hand(play_on(session))
    assert result.side == (
        SidePayment(0, -1, SideReason.NATURALS_BET),
        SidePayment(1, -1, SideReason.NATURALS_BET),
        SidePayment(layer, 2, SideReason.NATURALS_POT),
    )


def play_on(session: Session) -> Session:
    """Play the hand in progress to its end: drop when allowed, else the last
    action offered (a discard, after the draw)."""
    while session.phase is SessionPhase.PLAYING:
        options = session_actions(session)
        drop = [action for action in options if isinstance(action, Drop)]
        session = apply_session(session, drop[0] if drop else options[-1])
    return session


def test_v45b_a_wild_book_is_no_natural() -> None:
    wild = LaySpread(tonk.parse_element(word) for word in ["9C", "9H", "2S=9S"])
    natural = LaySpread(tonk.parse_cards("9C 9H 9S"))
    from tonk.session import _natural_book

    assert not _natural_book(wild, presets.CHICAGO)
    assert _natural_book(natural, presets.CHICAGO)
    assert not _natural_book(LaySpread(tonk.parse_cards("7C 8C 9C")), presets.CHICAGO)


# --- V45a the called-suit pot ------------------------------------------------------

SUIT_BET = Rules(suit_bet=1)


def suit_deal(
    rules: Rules, hands: list[str], *, bettors: set[int] | None = None
) -> Session:
    """Seat 0 deals ``hands`` and calls hearts; ``bettors`` (default: all) pay in."""
    session = new_session(rules, players=len(hands), seed=1, dealer=0)
    assert CallSuit(Suit.HEARTS) in session_actions(session)
    deck = stack_deck(rules, hands=hands, dealer=0)
    session = apply_session(session, CallSuit(Suit.HEARTS, deck=deck))
    while session.phase is SessionPhase.BETTING:
        seat = session.betting[0]
        session = apply_session(
            session, SideBets(suit=bettors is None or seat in bettors)
        )
    assert session.phase is SessionPhase.PLAYING
    return session


def hearts(session: Session, seat: int) -> list[int]:
    """The ranks of the hearts dealt to ``seat``, the ace low (1)."""
    assert session.hand is not None
    return [int(c.rank) for c in session.hand.hands[seat] if c.suit is Suit.HEARTS]


def finish_hand(session: Session) -> HandResult:
    """End the hand in play by dropping at once."""
    if session.phase is SessionPhase.PLAYING:
        session = apply_session(session, Drop())
    assert session.last is not None
    return session.last


def test_v45a_the_dealer_calls_a_suit_instead_of_dealing() -> None:
    session = new_session(SUIT_BET, players=2, seed=1, dealer=0)
    assert session_actions(session) == tuple(CallSuit(suit) for suit in Suit)
    with pytest.raises(SessionError, match="calls a suit"):
        apply_session(session, Deal())
    with pytest.raises(SessionError, match="no suit side bet"):
        apply_session(new_session(Rules(), players=2), CallSuit(Suit.HEARTS))


def test_v45a_the_highest_card_of_the_suit_takes_the_pot_ace_low() -> None:
    # A bettor whose only heart is the ace loses to one with a 3 (ace low).
    hands = ["AH 5C 6C 7D 8S", "3H 9C 10D JS QS", "KC KD 4S 6S 8D"]
    session = suit_deal(SUIT_BET, hands)
    assert [hearts(session, seat) for seat in range(3)] == [[1], [3], []]
    winner = 1
    assert session.suit_bettors == frozenset({0, 1, 2})
    assert session.suit_winners == (winner,)
    result = finish_hand(session)
    assert Counter(result.side) == Counter(
        [
            *(SidePayment(seat, -1, SideReason.SUIT_BET) for seat in range(3)),
            SidePayment(winner, 3, SideReason.SUIT_POT),
        ]
    )


def test_v45a_bettors_tied_for_the_highest_card_split_the_pot() -> None:
    # Two packs (V2): two bettors can hold the same highest heart.
    rules = Rules(suit_bet=1, two_packs_from=2)
    hands = ["KH 2C 3C 4C 5C", "QH 2D 3D 4D 5D", "KH 2S 3S 4S 5S"]
    session = suit_deal(rules, hands)
    winners = [0, 2]
    assert session.suit_winners == tuple(winners)
    result = finish_hand(session)
    assert Counter(result.side) == Counter(
        [
            *(SidePayment(seat, -1, SideReason.SUIT_BET) for seat in range(3)),
            *(
                SidePayment(seat, Fraction(3, 2), SideReason.SUIT_POT)
                for seat in winners
            ),
        ]
    )
    assert sum(result.net) == 0


def test_v45a_the_stakes_go_back_when_no_bettor_holds_the_suit() -> None:
    # Seats 1 and 2 bet and hold no heart; seat 0, who holds one, did not bet.
    hands = ["7H 2C 3C 4C 5C", "8D 2D 3D 4D 5D", "9S 2S 3S 4S 5S"]
    session = suit_deal(SUIT_BET, hands, bettors={1, 2})
    assert not session.suit_winners
    assert session.suit_bettors == frozenset({1, 2})
    result = finish_hand(session)
    assert Counter(result.side) == Counter(
        [
            SidePayment(1, -1, SideReason.SUIT_BET),
            SidePayment(2, -1, SideReason.SUIT_BET),
            SidePayment(1, 1, SideReason.SUIT_POT),
            SidePayment(2, 1, SideReason.SUIT_POT),
        ]
    )
    assert result.net == result.outcome.payoffs


def test_v45a_only_bettors_can_win_the_pot() -> None:
    # Seat 0 holds the highest heart but did not bet; seat 2's 5 wins.
    hands = ["KH 2C 3C 4C 6C", "8D 2D 3D 4D 6D", "5H 2S 3S 4S 6S"]
    session = suit_deal(SUIT_BET, hands, bettors={1, 2})
    assert session.suit_winners == (2,)
    winner = 2
    result = finish_hand(session)
    assert SidePayment(winner, 2, SideReason.SUIT_POT) in result.side


# --- V43 the Big One ---------------------------------------------------------------


def test_v43_the_dealer_calls_the_big_one_and_the_last_deals_are_doubled() -> None:
    rules = Rules(big_one_deals=2)
    session = new_session(rules, players=["Ann", "Bob"], seed=4, dealer=0)
    session = dropped_at_once(session)
    assert session.last is not None
    assert session.last.stakes == 1
    assert session_actions(session) == (Deal(), CallBigOne())
    session = apply_session(session, CallBigOne())
    assert session.big_one_left == 2
    assert session_actions(session) == (Deal(),)
    with pytest.raises(SessionError, match="already been called"):
        apply_session(session, CallBigOne())
    for left in (1, 0):
        before = balances(session)
        session = dropped_at_once(session)
        result = session.last
        assert result is not None
        assert result.stakes == 2
        assert result.net == tuple(2 * payoff for payoff in result.outcome.payoffs)
        assert balances(session) == {
            name: before[name] + result.net[seat]
            for seat, name in enumerate(result.players)
        }
        assert session.big_one_left == left
    assert session.phase is SessionPhase.OVER
    assert session.number == 3
    assert session_actions(session) == ()
    with pytest.raises(SessionError, match="over"):
        apply_session(session, Deal())


def test_v43_with_match_deals_the_last_deals_are_doubled_by_themselves() -> None:
    rules = Rules(match_deals=3, big_one_deals=2)
    session = new_session(rules, players=2, seed=6, dealer=1)
    assert session_actions(session) == (Deal(),)
    with pytest.raises(SessionError, match="comes by itself"):
        apply_session(session, CallBigOne())
    stakes = []
    while not session.is_over:
        session = dropped_at_once(session)
        assert session.last is not None
        stakes.append(session.last.stakes)
    assert stakes == [1, 2, 2]


def test_v43_a_void_deal_is_one_of_the_big_ones_deals() -> None:
    # The cards were dealt, so the deal counts, though it paid nothing
    # (docs/rules/sessions.md, V43).
    rules = attrs.evolve(VOIDING, big_one_deals=2)
    void = Deal(deck=stack_deck(rules, hands=VOID_HANDS, dealer=2))
    session = new_session(rules, players=3, seed=1, dealer=2)
    session = apply_session(session, CallBigOne())
    session = dealt(session, call=void)
    result = session.last
    assert result is not None
    assert (result.outcome.kind, result.stakes, result.net) == (
        OutcomeKind.VOID_DEAL,
        2,
        (0, 0, 0),
    )
    assert session.big_one_left == 1
    session = dropped_at_once(session)
    assert session.phase is SessionPhase.OVER
    assert session.number == 2


def test_v43_no_big_one_without_the_option() -> None:
    session = new_session(Rules(), players=2, seed=6)
    with pytest.raises(SessionError, match="no Big One"):
        apply_session(session, CallBigOne())


# --- V42 push-ups ------------------------------------------------------------------


def test_v42_push_up_totals() -> None:
    # Ann, Bob and Cy; Cy deals first, and each hand the first player drops.
    # Hand 1: Ann drops on 30, Cy has 25: Ann is caught and pays Cy 2x, so she
    #   adds twice her count (60); Bob (38) pays Cy 1x and adds 38.
    # Hand 2: Bob drops on 29, Ann has 20: Bob adds 58, Cy (46) adds 46.
    # Hand 3: Cy drops on 26, Ann has 24: Cy adds 52, Bob (45) adds 45.
    session = new_session(
        presets.PUSH_UPS, players=["Ann", "Bob", "Cy"], seed=0, dealer=2
    )
    expected = [
        ((30, 38, 25), (60, 38, 0)),
        ((20, 29, 46), (0, 58, 46)),
        ((24, 45, 26), (0, 45, 52)),
    ]
    for counts, push_ups in expected:
        session = dropped_at_once(session)
        result = session.last
        assert result is not None
        assert result.outcome.kind is OutcomeKind.CAUGHT
        assert result.counts == counts
        assert result.push_ups == push_ups
    assert dict(session.push_up_totals) == {"Ann": 60, "Bob": 141, "Cy": 98}
    assert session.push_ups("Bob") == 141
    assert balances(session) == {"Ann": 4, "Bob": -4, "Cy": 0}  # money as usual
    assert session.standings == (("Ann", 60), ("Cy", 98), ("Bob", 141))
    assert session.leaders == ("Ann",)  # the lowest total wins


def test_v42_after_a_single_win_each_loser_adds_the_count() -> None:
    session = new_session(
        presets.PUSH_UPS, players=["Ann", "Bob", "Cy"], seed=7, dealer=2
    )
    session = dropped_at_once(session)
    result = session.last
    assert result is not None
    assert result.outcome.kind is OutcomeKind.DROP_WON
    assert result.counts == (31, 34, 33)
    assert result.push_ups == (0, 34, 33)


def test_v42_after_a_double_win_each_loser_adds_twice_the_count() -> None:
    # A deal tonk paid 2x (here, a dealt count of 22 or less).
    rules = Rules(scoring=Scoring.PUSH_UPS, deal_tonks=(DealTonk(at_most=22),))
    session = dealt(new_session(rules, players=["Ann", "Bob", "Cy"], seed=17, dealer=2))
    result = session.last
    assert result is not None
    assert result.outcome.kind is OutcomeKind.DEAL_TONK
    assert result.counts == (25, 21, 37)
    assert result.outcome.payoffs == (-2, 4, -2)
    assert result.push_ups == (50, 0, 74)


def test_v42_a_void_deal_scores_nothing() -> None:
    rules = attrs.evolve(VOIDING, scoring=Scoring.PUSH_UPS)
    session = dealt(new_session(rules, players=3, seed=1, dealer=2), call=VOID_DEAL)
    result = session.last
    assert result is not None
    assert result.outcome.kind is OutcomeKind.VOID_DEAL
    assert result.push_ups == (0, 0, 0)
    assert dict(session.push_up_totals) == {"P1": 0, "P2": 0, "P3": 0}


def test_v42_push_ups_are_kept_only_under_push_up_scoring() -> None:
    session = new_session(Rules(), players=["Ann", "Bob", "Cy"], seed=0, dealer=2)
    session = dropped_at_once(session)
    assert session.last is not None
    assert session.last.push_ups == (0, 0, 0)
    assert session.leaders == ("Cy",)  # the highest balance


# --- V44 match play ----------------------------------------------------------------


def test_v44_a_match_ends_after_the_hand_that_reaches_the_target() -> None:
    # The hands of test_v42_push_up_totals: Cy's balance reaches 3 in hand 1.
    rules = Rules(match_target=3)
    session = new_session(rules, players=["Ann", "Bob", "Cy"], seed=0, dealer=2)
    session = dropped_at_once(session)
    assert balances(session) == {"Ann": -2, "Bob": -1, "Cy": 3}
    assert session.is_over
    assert session.phase is SessionPhase.OVER
    assert session.to_move is None
    assert session.dealer == 2  # the deal does not pass after the last hand
    assert session.leaders == ("Cy",)
    with pytest.raises(SessionError, match="over"):
        join(session, "Dee")


def test_v44_a_push_up_match_ends_when_a_total_reaches_the_target() -> None:
    rules = attrs.evolve(presets.PUSH_UPS, match_target=100)
    session = new_session(rules, players=["Ann", "Bob", "Cy"], seed=0, dealer=2)
    for number, over in ((1, False), (2, False), (3, True)):  # Bob: 38, 96, 141
        session = dropped_at_once(session)
        assert session.number == number
        assert session.is_over is over
    assert session.leaders == ("Ann",)


def test_v44_a_match_ends_after_its_number_of_deals() -> None:
    session = new_session(Rules(match_deals=2), players=3, seed=8)
    session = dropped_at_once(session)
    assert not session.is_over
    session = dropped_at_once(session)
    assert session.is_over
    assert session.number == 2
    assert session_actions(session) == ()


def test_v44_the_sheet_preset_plays_to_100() -> None:
    assert presets.SHEET.match_target == 100
    assert presets.SHEET.scoring is Scoring.MONEY


# --- reproducibility ----------------------------------------------------------------


def test_hand_n_is_dealt_from_the_session_seed_and_its_number_alone() -> None:
    rules = Rules()
    session = new_session(rules, players=["A", "B", "C"], seed=9)
    for number in range(1, 7):
        if number == 3:
            session = join(session, "D")
        if number == 5:
            session = leave(session, "B")
        dealer = session.dealer
        session = apply_session(session, Deal())
        assert session.hand is not None
        # Hand N, dealt again without the hands before it:
        assert session.hand == tonk.new_game(
            rules,
            players=len(session.players),
            seed=hand_seed(9, number),
            dealer=dealer,
        )
        if session.phase is SessionPhase.PLAYING:
            session = apply_session(session, Drop())


def test_hand_seed_depends_on_the_seed_and_the_number() -> None:
    seeds = {hand_seed(seed, number) for seed in range(5) for number in range(5)}
    assert len(seeds) == 25
    assert hand_seed(3, 2) == hand_seed(3, 2)
    assert all(0 <= value < 2**64 for value in seeds)


def random_actions(session: Session, rng: random.Random, count: int) -> list[object]:
    """Play up to ``count`` random session actions; return what was done."""
    done: list[object] = []
    while len(done) < count and not session.is_over:
        options = session_actions(session)
        action = rng.choice(options)
        done.append(action)
        session = apply_session(session, action)
    return done


def test_sessions_with_the_same_seed_and_actions_are_identical() -> None:
    rules = Rules(suit_bet=1, naturals_bet=1, big_one_deals=2, max_turns=30)
    first = new_session(rules, players=["A", "B", "C"], seed=12)
    actions = random_actions(first, random.Random(1), 400)
    second = new_session(rules, players=["A", "B", "C"], seed=12)
    assert first == second
    for action in actions:
        first = apply_session(first, action)  # type: ignore[arg-type]
        second = apply_session(second, action)  # type: ignore[arg-type]
        assert first == second
        assert hash(first) == hash(second)
    assert first.number >= 3


# --- properties ----------------------------------------------------------------------

seeds = st.integers(0, 2**32 - 1)


@st.composite
def played_sessions(draw: st.DrawFn) -> tuple[Session, list[HandResult], list[Stake]]:
    """A session under random rules (side bets, scoring, match options...),
    played at random for up to four hands, with players joining and leaving.

    Returns the session, each hand's result, and the naturals pot after each.
    """
    table_rules = draw(rules())
    players = draw(player_counts(table_rules), label="players")
    seed = draw(seeds, label="seed")
    rng = random.Random(draw(seeds, label="policy seed"))
    hands = draw(st.integers(1, 4), label="hands")
    session = new_session(table_rules, players=players, seed=seed)
    results: list[HandResult] = []
    pots: list[Stake] = []
    newcomers = 0
    while len(results) < hands and not session.is_over:
        if session.phase is SessionPhase.BEFORE_DEAL:
            seated = len(session.players)
            if rng.random() < 0.2 and seated < min(table_rules.max_players, 6):
                newcomers += 1
                session = join(session, f"N{newcomers}")
            elif rng.random() < 0.2 and seated > 2:
                session = leave(session, rng.choice(session.players))
        options = session_actions(session)
        drops = [action for action in options if isinstance(action, Drop)]
        if drops and rng.random() < 0.3:  # keep hands short
            action: Action | SessionAction = drops[0]
        else:
            action = rng.choice(options)
        before = session.last
        session = apply_session(session, action)
        if session.hand is not None:
            check_invariants(session.hand)
        if session.last is not before:
            assert session.last is not None
            results.append(session.last)
            pots.append(session.naturals_pot)
    reasons = {payment.reason for result in results for payment in result.side}
    for reason in sorted(reasons):
        event(f"side payment: {reason.value}")
    if any(result.stakes == 2 for result in results):
        event("a hand of the Big One")
    if newcomers or any(len(r.players) != players for r in results):
        event("players joined or left")
    note(f"{len(results)} hands, ledger {session.ledger}")
    return session, results, pots


@given(played_sessions())
def test_the_ledger_is_the_sum_of_every_hands_net(
    played: tuple[Session, list[HandResult], list[Stake]],
) -> None:
    session, results, _ = played
    expected: Counter[str] = Counter()
    push_ups: Counter[str] = Counter()
    for result in results:
        for seat, name in enumerate(result.players):
            expected[name] += result.net[seat]  # type: ignore[assignment]
            push_ups[name] += result.push_ups[seat]
    for name, balance in session.ledger:
        assert balance == expected[name], name
        assert type(balance) in (int, Fraction)
    for name, total in session.push_up_totals:
        assert total == push_ups[name], name


@given(played_sessions())
def test_nobody_seated_has_reached_the_elimination_limit(
    played: tuple[Session, list[HandResult], list[Stake]],
) -> None:
    session, _, _ = played
    limit = session.rules.elimination_at
    if limit is None or session.is_over:
        return
    assert all(session.push_ups(name) < limit for name in session.players)
    assert not set(session.eliminated) & set(session.players)


@given(played_sessions())
def test_the_ledger_and_the_naturals_pot_sum_to_zero(
    played: tuple[Session, list[HandResult], list[Stake]],
) -> None:
    session, results, pots = played
    assert sum(balance for _, balance in session.ledger) + session.naturals_pot == 0
    previous: Stake = 0
    for result, pot in zip(results, pots, strict=True):
        # What the table lost in a hand went into the naturals pot.
        assert sum(result.net) == previous - pot
        previous = pot


@given(played_sessions())
def test_every_hand_of_a_session_is_settled_exactly(
    played: tuple[Session, list[HandResult], list[Stake]],
) -> None:
    session, results, _ = played
    for number, result in enumerate(results, start=1):
        outcome = result.outcome
        players = len(result.players)
        assert result.number == number
        assert sum(outcome.payoffs) == 0
        net: list[Stake] = [0] * players
        for transfer in outcome.transfers:
            assert transfer.amount > 0
            net[transfer.payer] -= transfer.amount
            net[transfer.payee] += transfer.amount
        assert tuple(net) == outcome.payoffs
        assert result.stakes in (1, 2)
        side: list[Stake] = [0] * players
        for payment in result.side:
            side[payment.seat] += payment.amount
        assert result.net == tuple(
            payoff * result.stakes + extra
            for payoff, extra in zip(outcome.payoffs, side, strict=True)
        )
        for seat in range(players):
            added = result.push_ups[seat]
            if session.rules.scoring is not Scoring.PUSH_UPS:
                assert added == 0
            else:
                assert added in (0, result.counts[seat], 2 * result.counts[seat])
    if session.rules.match_deals is not None:
        assert session.number <= session.rules.match_deals
