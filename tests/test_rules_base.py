"""One scenario per base rule, B1-B15 of docs/rules/, on stacked decks.

Every expected payoff here was worked out by hand from docs/rules/, not read off the
engine. Seats are written as in docs/rules/: 0..N-1 clockwise, the dealer's left
moves first. Card values (B1): A=1, 2-10 face value, J/Q/K=10.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest
from scenario import card, cards, finished, live

import tonk
from tonk import (
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    ExhaustionTie,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    Outcome,
    OutcomeKind,
    Phase,
    Rank,
    Rules,
    RulesError,
    SpreadKind,
    Suit,
    Transfer,
    TransferReason,
)
from tonk.testing import check_invariants, stack_deck

RULES = Rules()
RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# --- helpers ---------------------------------------------------------------------


def deal(
    hands: Sequence[str | None],
    *,
    upcard: str = "",
    stock: str = "",
    dealer: int = 0,
    rules: Rules = RULES,
) -> GameState:
    """Deal a stacked deck; a ``None`` hand gets the lowest unnamed cards."""
    named = Counter(cards(" ".join(hand for hand in hands if hand)))
    named.update(cards(upcard))
    named.update(cards(stock))
    spare = iter(c for c in rules.pack() if not named[c])
    filled = [
        hand if hand is not None else " ".join(str(next(spare)) for _ in range(5))
        for hand in hands
    ]
    deck = stack_deck(rules, hands=filled, upcard=upcard, stock=stock, dealer=dealer)
    state = tonk.new_game(rules, players=len(hands), deck=deck, dealer=dealer)
    check_invariants(state)
    return state


def play(state: GameState, *texts: str) -> GameState:
    """Apply each action, written in action notation, for the player to move."""
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
        check_invariants(state)
    return state


def transfers(
    *items: tuple[int, int, int | Fraction, TransferReason],
) -> Counter[Transfer]:
    return Counter(Transfer(*item) for item in items)


def drop_at_deal(hands: Sequence[str], dropper: int) -> Outcome:
    """Deal so that ``dropper`` moves first, and drop at once on the dealt hand."""
    state = deal(hands, dealer=(dropper - 1) % len(hands))
    live(state)
    assert state.to_move == dropper
    return finished(tonk.apply(state, Drop()))


def cycle_stock(state: GameState) -> GameState:
    """Play turns that draw the stock's top card and discard it, until it is empty.

    Every hand is the same afterwards, so the counts are still the dealt counts.
    """
    while state.stock:
        drawn = state.stock[0]
        state = tonk.apply(state, DrawStock())
        state = tonk.apply(state, Discard(drawn))
    live(state)
    return state


def cycle_discard(state: GameState, turns: int) -> GameState:
    """Play ``turns`` turns that take the top discard and discard it again."""
    for _ in range(turns):
        top = state.top_discard
        assert top is not None
        state = tonk.apply(state, DrawDiscard())
        state = tonk.apply(state, Discard(top))
    return state


def refused(state: GameState, action: tonk.Action) -> IllegalReason:
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    error = caught.value
    assert error.action == action
    message = str(error)
    assert message
    assert not message[0].isupper()
    assert not message.endswith(".")
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return error.reason


# --- B1 deck ---------------------------------------------------------------------


def test_b1_deck_is_one_52_card_pack_without_jokers() -> None:
    pack = RULES.pack()
    assert len(pack) == 52
    assert len(set(pack)) == 52
    assert all(c.rank is not Rank.JOKER and c.suit is not None for c in pack)
    assert Counter(c.suit for c in pack) == dict.fromkeys(Suit, 13)
    assert Counter(c.rank for c in pack) == {
        rank: 4 for rank in Rank if rank is not Rank.JOKER
    }


def test_b1_card_values() -> None:
    expected = {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "10": 10,
        "J": 10,
        "Q": 10,
        "K": 10,
    }
    for suit in "CDHS":
        for rank, value in expected.items():
            assert RULES.card_value(card(rank + suit)) == value
    assert sum(RULES.card_value(c) for c in RULES.pack()) == 340


# --- B2 players ------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_b2_every_player_count_the_deal_allows(players: int) -> None:
    state = tonk.new_game(RULES, players=players, seed=players)
    assert state.player_count == players
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.discard_pile) == 1
    assert state.stock_size == 52 - 5 * players - 1
    check_invariants(state)


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_b2_player_counts_the_deal_does_not_fit(players: int) -> None:
    with pytest.raises(RulesError) as caught:
        tonk.new_game(RULES, players=players, seed=1)
    assert str(caught.value)
    assert RULES.max_players == 10


# --- B3 first dealer -------------------------------------------------------------


def reference_cut(players: int, seed: int) -> tuple[int, int]:
    """Cut as B3 says, from ``random.Random(seed)``'s shuffle of the pack.

    Each player in seat order takes the card at the end of the shuffled list;
    the highest rank deals, ace low; players tied for highest cut again.
    Returns the dealer and the number of rounds of cutting.
    """
    pack = list(Rules().pack())
    random.Random(seed).shuffle(pack)
    order = {symbol: index for index, symbol in enumerate(RANK_ORDER)}
    cutting = list(range(players))
    rounds = 0
    while True:
        rounds += 1
        cut = {seat: pack.pop() for seat in cutting}
        best = max(order[str(c)[:-1]] for c in cut.values())
        cutting = [seat for seat, c in cut.items() if order[str(c)[:-1]] == best]
        if len(cutting) == 1:
            return cutting[0], rounds


def test_b3_highest_cut_deals_ace_low_ties_recut() -> None:
    recuts = 0
    ace_lost = 0
    for players in (2, 3, 4, 6, 10):
        for seed in range(60):
            expected, rounds = reference_cut(players, seed)
            assert tonk.cut_for_deal(Rules(), players=players, seed=seed) == expected
            recuts += rounds > 1
            pack = list(Rules().pack())
            random.Random(seed).shuffle(pack)
            first = pack[-players:][::-1]
            if any(c.rank is Rank.ACE for c in first) and not all(
                c.rank is Rank.ACE for c in first
            ):
                ace_lost += first[expected].rank is not Rank.ACE
    assert recuts > 0, "no seed exercised a recut"
    assert ace_lost > 0, "no seed showed an ace losing the cut"


def test_b3_cut_is_deterministic_for_a_seed() -> None:
    for seed in range(20):
        first = tonk.cut_for_deal(Rules(), players=4, seed=seed)
        assert all(
            tonk.cut_for_deal(Rules(), players=4, seed=seed) == first for _ in range(3)
        )
        assert 0 <= first < 4
    assert (
        len({tonk.cut_for_deal(Rules(), players=4, seed=seed) for seed in range(40)})
        == 4
    )


@pytest.mark.parametrize("players", [2, 3, 5])
def test_b3_dealer_seat_moves_first_play_to_its_left(players: int) -> None:
    for dealer in range(players):
        state = tonk.new_game(RULES, players=players, seed=3, dealer=dealer)
        assert state.dealer == dealer
        assert state.to_move == (dealer + 1) % players


# --- B4 deal ---------------------------------------------------------------------


def test_b4_deal_one_at_a_time_clockwise_from_dealers_left() -> None:
    # The unshuffled pack runs AC 2C .. KC AD 2D ..; with dealer 1 of 3 players,
    # seat 2 gets cards 0, 3, 6, 9, 12; seat 0 cards 1, 4, ...; seat 1 cards 2, 5, ...
    state = tonk.new_game(RULES, players=3, deck=RULES.pack(), dealer=1)
    assert state.hands == (
        cards("2C 5C 8C JC AD"),
        cards("3C 6C 9C QC 2D"),
        cards("AC 4C 7C 10C KC"),
    )
    assert state.discard_pile == cards("3D")  # card 15 is turned up
    assert state.stock == RULES.pack()[16:]
    assert state.to_move == 2
    state = play(state, "draw stock")  # the next card of the deck
    assert card("4D") in state.hands[2]
    state = play(state, "discard 4D", "draw stock")
    assert card("5D") in state.hands[0]
    assert state.stock == RULES.pack()[18:]


def test_b4_stacked_deck_stock_order() -> None:
    state = deal([None, None, None], upcard="QS", stock="9S 8S 7S", dealer=2)
    assert state.top_discard == card("QS")
    assert state.stock[:3] == cards("9S 8S 7S")
    state = play(state, "draw stock", "discard 9S", "draw stock")
    assert card("8S") in state.hands[1]


# --- B5 deal tonk ----------------------------------------------------------------


def test_b5_deal_tonk_50_pays_double_from_every_other_player() -> None:
    state = deal(["2C 3C 4C 5C 6C", "10C JC QC KC KD", "2D 3D 4D 5D 6D"], dealer=0)
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (-2, 4, -2)
    assert outcome.winners == (1,)
    assert outcome.counts == (20, 50, 20)
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 2, TransferReason.DEAL_TONK), (2, 1, 2, TransferReason.DEAL_TONK)
    )


def test_b5_deal_tonk_49_pays_double_even_to_the_dealer() -> None:
    hands = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "10D JD QD KH 9S", "2H 3H 4H 5H 6H"]
    outcome = finished(deal(hands, dealer=2))
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (-2, -2, 6, -2)
    assert outcome.winners == (2,)
    assert outcome.counts == (20, 20, 49, 20)


def test_b5_two_deal_tonks_void_the_hand() -> None:
    state = deal(["10C JC QC KC KD", None, "10D JD QD KH 9S"], dealer=1)
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.VOID_DEAL
    assert outcome.payoffs == (0, 0, 0)
    assert outcome.winners == ()
    assert outcome.transfers == ()
    assert outcome.counts is not None
    assert (outcome.counts[0], outcome.counts[2]) == (50, 49)


def test_b5_48_at_the_deal_is_not_a_deal_tonk() -> None:
    live(deal(["10C JC QC KC 8S", None], dealer=1))


@pytest.mark.parametrize(("drawn", "count"), [("9H", 49), ("KD", 50)])
def test_b5_49_or_50_reached_in_play_is_worth_nothing(drawn: str, count: int) -> None:
    state = deal(["10C JC QC KC 8S", "2D 3D 4D 5D 6D"], stock=drawn, dealer=1)
    live(state)
    state = play(state, "draw stock", "discard 8S")
    live(state)
    assert state.count(0) == count
    assert state.to_move == 1
    assert state.phase is Phase.TURN_START
    # Seat 1 drops on 20 and wins: the 49/50 is just a high count.
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 1)
    assert outcome.counts == (count, 20)


# --- B6 turn order ---------------------------------------------------------------


def test_b6_dealers_left_first_then_clockwise() -> None:
    state = tonk.new_game(RULES, players=4, deck=RULES.pack(), dealer=2)
    live(state)
    seen = []
    for _ in range(9):
        seen.append(state.to_move)
        drawn = state.stock[0]
        state = tonk.apply(state, DrawStock())
        assert state.to_move == seen[-1]  # drawing does not pass the turn
        state = tonk.apply(state, Discard(drawn))
    assert seen == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert state.turns_taken == 9


# --- B7 a turn -------------------------------------------------------------------


def test_b7_turn_starts_with_drop_or_draw() -> None:
    state = deal(["7H 8H 9H 5C KS", None], upcard="QS", stock="10H", dealer=1)
    assert tonk.legal_actions(state) == (Drop(), DrawStock(), DrawDiscard())
    for action in (
        Discard(card("KS")),
        LaySpread(cards("7H 8H 9H")),
        Hit(1, card("10H")),
    ):
        assert refused(state, action) is IllegalReason.MUST_DRAW_FIRST


def test_b7_drop_and_draw_only_before_drawing() -> None:
    state = play(deal(["7H 8H 9H 5C KS", None], upcard="QS", dealer=1), "draw stock")
    assert state.phase is Phase.AFTER_DRAW
    for action in (Drop(), DrawStock(), DrawDiscard()):
        assert refused(state, action) is IllegalReason.ALREADY_DREW


def test_b7_after_drawing_spread_and_hit_in_any_order_then_discard() -> None:
    state = deal(
        ["7H 8H 9H 5C KS", "2D 3D 4D 5D 6D"], upcard="QS", stock="10H 6H", dealer=1
    )
    state = play(state, "draw stock", "spread 9H 7H 8H", "hit 1 10H")
    assert state.to_move == 0
    assert state.phase is Phase.AFTER_DRAW
    assert state.hands[0] == cards("5C KS")
    assert [s.cards for s in state.spreads] == [cards("7H 8H 9H 10H")]
    assert refused(state, Discard(card("QS"))) is IllegalReason.CARD_NOT_IN_HAND
    assert set(tonk.legal_actions(state)) == {Discard(card("5C")), Discard(card("KS"))}
    state = play(state, "discard KS")
    live(state)
    assert state.to_move == 1
    assert state.phase is Phase.TURN_START
    assert state.turns_taken == 1
    assert state.top_discard == card("KS")
    # Seat 1 hits before it spreads: a hit onto spread 1 at its low end.
    state = play(state, "draw stock", "hit 1 6H", "spread 2D 3D 4D")
    assert [s.cards for s in state.spreads] == [
        cards("6H 7H 8H 9H 10H"),
        cards("2D 3D 4D"),
    ]
    assert state.hands[1] == cards("5D 6D")  # 5D and 6D could hit; keeping is fine
    state = play(state, "discard 6D")
    assert state.to_move == 0
    live(state)


def test_b7_nothing_is_legal_once_the_hand_is_over() -> None:
    state = play(deal([None, None], dealer=1), "drop")
    finished(state)
    for action in (Drop(), DrawStock(), DrawDiscard(), Discard(state.hands[1][0])):
        assert refused(state, action) is IllegalReason.HAND_OVER


# --- B8 only the top discard -----------------------------------------------------


def test_b8_drawing_the_discard_takes_only_the_top_card() -> None:
    hands = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"]
    state = deal(hands, upcard="QS", stock="KH", dealer=2)
    state = play(state, "draw stock", "discard KH")
    assert state.discard_pile == cards("QS KH")
    state = play(state, "draw discard")
    assert card("KH") in state.hands[1]
    assert card("QS") not in state.hands[1]
    assert state.discard_pile == cards("QS")
    state = play(state, "discard 6D", "draw discard")
    assert card("6D") in state.hands[2]
    assert state.discard_pile == cards("QS")
    state = play(state, "discard 6H")
    assert state.discard_pile == cards("QS 6H")
    assert state.top_discard == card("6H")


# --- B9 spreads ------------------------------------------------------------------


def after_draw(hand: str, drawn: str) -> GameState:
    """Seat 0 holds ``hand`` and has just drawn ``drawn`` from the stock."""
    state = play(deal([hand, None], stock=drawn, dealer=1), "draw stock")
    assert card(drawn) in state.hands[0]
    return state


@pytest.mark.parametrize(
    ("hand", "drawn", "spread", "kind"),
    [
        ("7C 7D 7H 2S 9S", "KD", "7H 7C 7D", SpreadKind.BOOK),
        ("7C 7D 7H 7S 9S", "KD", "7S 7C 7H 7D", SpreadKind.BOOK),
        ("4H 5H 6H 9S KC", "2D", "6H 4H 5H", SpreadKind.RUN),
        ("4H 5H 6H 7H 8H", "2D", "8H 4H 6H 5H 7H", SpreadKind.RUN),
        ("AS 2S 3S 9D KC", "5C", "3S 2S AS", SpreadKind.RUN),
        ("JD QD 2C 3H 9S", "KD", "KD QD JD", SpreadKind.RUN),
    ],
)
def test_b9_books_and_runs(
    hand: str, drawn: str, spread: str, kind: SpreadKind
) -> None:
    state = after_draw(hand, drawn)
    laid = LaySpread(cards(spread))
    assert laid in tonk.legal_actions(state)
    state = tonk.apply(state, laid)
    check_invariants(state)
    (on_table,) = state.spreads
    assert on_table.kind is kind
    assert on_table.owner == 0
    assert on_table.number == 1
    assert sorted(on_table.cards) == sorted(cards(spread))
    assert state.phase is Phase.AFTER_DRAW
    assert len(state.hands[0]) == 6 - len(cards(spread))


@pytest.mark.parametrize(
    ("hand", "drawn", "spread"),
    [
        ("QS KS AS 2D 3H", "5C", "QS KS AS"),  # the ace is low only
        ("KS AS 2S 5D 6H", "9C", "KS AS 2S"),  # no wrapping round
        ("7H 8S 9H 2C 3D", "5C", "7H 8S 9H"),  # mixed suits
        ("7H 8H 10H 2C 3D", "5C", "7H 8H 10H"),  # not in sequence
        ("7C 7D 2S 3S 9H", "5C", "7C 7D"),  # too short for a book
        ("7H 8H 2S 3S 9D", "5C", "7H 8H"),  # too short for a run
        ("7C 7D 8C 8D 9H", "5C", "7C 7D 8C"),  # neither book nor run
    ],
)
def test_b9_not_a_spread(hand: str, drawn: str, spread: str) -> None:
    state = after_draw(hand, drawn)
    assert refused(state, LaySpread(cards(spread))) is IllegalReason.NOT_A_SPREAD


def test_b9_q_k_a_is_never_offered() -> None:
    state = after_draw("QS KS AS JS 3H", "5C")
    spreads = {a for a in tonk.legal_actions(state) if isinstance(a, LaySpread)}
    assert spreads == {
        LaySpread(cards("JS QS KS")),
    }


# --- B10 hits --------------------------------------------------------------------


def test_b10_hit_a_run_at_either_end_only() -> None:
    state = deal(
        ["5H 6H 7H 2C 3C", "4H 8H 9H 8S 10C"], upcard="QS", stock="KD KH", dealer=1
    )
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard KD", "draw stock")
    assert state.to_move == 1
    assert refused(state, Hit(1, card("9H"))) is IllegalReason.HIT_DOES_NOT_FIT
    assert refused(state, Hit(1, card("8S"))) is IllegalReason.HIT_DOES_NOT_FIT
    assert refused(state, Hit(1, card("10C"))) is IllegalReason.HIT_DOES_NOT_FIT
    hits = {a for a in tonk.legal_actions(state) if isinstance(a, Hit)}
    assert hits == {Hit(1, card("4H")), Hit(1, card("8H"))}
    state = play(state, "hit 1 8H", "hit 1 4H", "hit 1 9H")  # 9H fits once 8H is on
    (spread,) = state.spreads
    assert spread.cards == cards("4H 5H 6H 7H 8H 9H")
    assert spread.owner == 0  # hitting an opponent's spread leaves it theirs
    assert state.hands[1] == cards("10C KH 8S")
    assert state.hands[0] == cards("2C 3C")


def test_b10_a_book_takes_a_fourth_card_and_no_more() -> None:
    state = deal(
        ["7C 7D 7H 2S 3S", "7S 9C 9D 4H 5H"], upcard="QS", stock="KD KH", dealer=1
    )
    state = play(state, "draw stock", "spread 7C 7D 7H", "discard KD", "draw stock")
    assert refused(state, Hit(1, card("9C"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "hit 1 7S")
    (spread,) = state.spreads
    assert spread.kind is SpreadKind.BOOK
    assert sorted(spread.cards) == sorted(cards("7C 7D 7H 7S"))
    assert spread.owner == 0
    assert not any(isinstance(a, Hit) for a in tonk.legal_actions(state))
    for held in state.hands[1]:
        assert refused(state, Hit(1, held)) is IllegalReason.HIT_DOES_NOT_FIT


def test_b10_hit_own_spread_and_runs_end_at_ace_and_king() -> None:
    state = deal(
        ["AS 2S 3S AD 5C", "JD QD KD KS 6C"],
        upcard="QS",
        stock="9C 9H 4S",
        dealer=1,
    )
    state = play(state, "draw stock", "spread AS 2S 3S", "discard 9C")
    state = play(state, "draw stock", "spread JD QD KD")
    assert refused(state, Hit(1, card("KS"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "discard 9H", "draw stock")
    assert refused(state, Hit(2, card("AD"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "hit 1 4S")  # seat 0 hits its own run
    assert state.spreads[0].cards == cards("AS 2S 3S 4S")
    assert state.spreads[0].owner == 0


def test_b10_hit_needs_a_spread_with_that_number() -> None:
    state = after_draw("7H 8H 9H 5C KS", "10H")
    assert refused(state, Hit(1, card("10H"))) is IllegalReason.NO_SUCH_SPREAD
    state = play(state, "spread 7H 8H 9H")
    assert refused(state, Hit(2, card("10H"))) is IllegalReason.NO_SUCH_SPREAD
    assert refused(state, Hit(0, card("10H"))) is IllegalReason.NO_SUCH_SPREAD
    assert refused(state, Hit(1, card("6H"))) is IllegalReason.CARD_NOT_IN_HAND


# --- B11 going out ---------------------------------------------------------------


def test_b11_tonk_out_by_spreads_pays_double() -> None:
    state = deal(["7H 8H 9H KS KD", None, None], upcard="QS", stock="KH", dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "spread KD KH KS")
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TONK_OUT
    assert outcome.payoffs == (4, -2, -2)
    assert outcome.winners == (0,)
    assert outcome.counts is None
    assert Counter(outcome.transfers) == transfers(
        (1, 0, 2, TransferReason.TONK_OUT), (2, 0, 2, TransferReason.TONK_OUT)
    )
    assert state.discard_pile == cards("QS")  # no final discard
    assert state.hands[0] == ()


def test_b11_tonk_out_ending_with_hits_pays_double() -> None:
    state = deal(
        ["5C 5D 5H 9S 10S", "6S 7S 8S 2D 3D"], upcard="QS", stock="KD QC JS", dealer=1
    )
    state = play(state, "draw stock", "spread 5C 5D 5H", "discard KD")
    state = play(state, "draw stock", "spread 6S 7S 8S", "discard QC")
    state = play(state, "draw stock", "hit 2 9S", "hit 2 10S")
    live(state)
    outcome = finished(play(state, "hit 2 JS"))
    assert outcome.kind is OutcomeKind.TONK_OUT
    assert outcome.payoffs == (2, -2)
    assert outcome.winners == (0,)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_b11_out_by_discarding_the_last_card_pays_single(players: int) -> None:
    hands: list[str | None] = ["7H 8H 9H 10H JH", *[None] * (players - 1)]
    state = deal(hands, upcard="QS", stock="5C", dealer=players - 1)
    state = play(state, "draw stock", "spread 7H 8H 9H 10H JH")
    live(state)
    assert state.hands[0] == cards("5C")
    state = play(state, "discard 5C")
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.OUT_BY_DISCARD
    assert outcome.payoffs == (players - 1, *[-1] * (players - 1))
    assert outcome.winners == (0,)
    assert Counter(outcome.transfers) == transfers(
        *((seat, 0, 1, TransferReason.OUT_BY_DISCARD) for seat in range(1, players))
    )
    assert state.top_discard == card("5C")


# --- B12 counts ------------------------------------------------------------------


def test_b12_cards_that_could_form_spreads_count_in_full() -> None:
    # Seat 1 holds a book of kings, seat 2 a run; left in hand they count in full,
    # so seat 0's 8 is strictly lowest (it would not be if they were not counted).
    hands = ["2C 2D 2H AS AH", "KS KH KD KC 3S", "7D 8D 9D AC 2S"]
    state = deal(hands, dealer=2)
    assert [state.count(seat) for seat in range(3)] == [8, 43, 27]
    assert tonk.hand_count(state.hands[1], RULES) == 43
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (8, 43, 27)
    assert outcome.payoffs == (2, -1, -1)


# --- B13 drop settlement ---------------------------------------------------------


def test_b13_dropper_strictly_lowest_wins_single_from_each() -> None:
    hands = ["5C 6C 7D 8D 9S", "AC 2C 3D 4H AH", "KC KD QH JS 2S"]
    outcome = drop_at_deal(hands, dropper=1)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (35, 11, 42)
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)
    assert outcome.dropper == 1
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 1, TransferReason.DROP_WON), (2, 1, 1, TransferReason.DROP_WON)
    )


def test_b13_caught_dropper_tied_with_one_other() -> None:
    # D (seat 0) 10, seat 1 10, seat 2 20: the tie goes against the dropper.
    hands = ["AC 2C 3C 2D 2H", "AD AH 3D 2S 3H", "4C 4D 4H 5C 3S"]
    outcome = drop_at_deal(hands, dropper=0)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (10, 10, 20)
    assert outcome.payoffs == (-2, 3, -1)
    assert outcome.winners == (1,)
    assert outcome.dropper == 0
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 2, TransferReason.CATCHER), (2, 1, 1, TransferReason.LOWEST)
    )


def test_b13_caught_dropper_tied_in_two_player_game() -> None:
    outcome = drop_at_deal(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D"], dropper=1)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (15, 15)
    assert outcome.payoffs == (2, -2)
    assert outcome.winners == (0,)


def test_b13_caught_dropper_tied_with_one_other_while_another_is_lower() -> None:
    # Seat 0 17, seat 1 7, D (seat 2) 17, seat 3 25. D pays 2 to seats 0 and 1;
    # seat 1 (lowest) gets 1 from seats 0 and 3.
    hands = ["AS 2H 3C 3D 8C", "AC AD AH 2C 2D", "2S 3S 4C 4D 4H", "5C 5D 5H 6C 4S"]
    outcome = drop_at_deal(hands, dropper=2)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (17, 7, 17, 25)
    assert outcome.payoffs == (1, 4, -4, -1)
    assert outcome.winners == (1,)
    assert Counter(outcome.transfers) == transfers(
        (2, 0, 2, TransferReason.CATCHER),
        (2, 1, 2, TransferReason.CATCHER),
        (0, 1, 1, TransferReason.LOWEST),
        (3, 1, 1, TransferReason.LOWEST),
    )


def test_b13_caught_two_non_droppers_tied_lowest() -> None:
    # Seats 0 and 1 9 each, seat 2 30, D (seat 3) 20. Each tied lowest gets 2 from
    # D and 1 from seat 2 (neither the dropper nor tied lowest).
    hands = ["AC 2C 3C AD 2D", "AH 2H 3H AS 2S", "5C 5D 5H 7C 8C", "3D 3S 4C 4D 6C"]
    outcome = drop_at_deal(hands, dropper=3)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (9, 9, 30, 20)
    assert outcome.payoffs == (3, 3, -2, -4)
    assert outcome.winners == (0, 1)
    assert Counter(outcome.transfers) == transfers(
        (3, 0, 2, TransferReason.CATCHER),
        (3, 1, 2, TransferReason.CATCHER),
        (2, 0, 1, TransferReason.LOWEST),
        (2, 1, 1, TransferReason.LOWEST),
    )


def test_b13_caught_all_tied() -> None:
    # Everyone 15: D pays 2 to each; nobody is left to pay the tied lowest.
    hands = ["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "AH 2H 3H 4H 5H", "AS 2S 3S 4S 5S"]
    outcome = drop_at_deal(hands, dropper=0)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (15, 15, 15, 15)
    assert outcome.payoffs == (-6, 2, 2, 2)
    assert outcome.winners == (1, 2, 3)
    assert Counter(outcome.transfers) == transfers(
        *((0, seat, 2, TransferReason.CATCHER) for seat in (1, 2, 3))
    )


def test_b13_caught_dropper_worked_example() -> None:
    # B13's example: D drops on 10; A has 5, B 8, C 20 -> A +4, B +1, C -1, D -4.
    # A is seat 0, B seat 1, C seat 2, D seat 3 (the dealer). A gets to 5 by
    # laying a four-card run and keeping 5C; B, C draw and discard the card drawn.
    hands = ["7S 8S 9S 10S 5C", "AC AD AH 2C 3C", "3H 3S 4D 4H 6C", "AS 2D 2H 2S 3D"]
    state = deal(hands, upcard="QS", stock="KH KD KC", dealer=3)
    state = play(state, "draw stock", "spread 7S 8S 9S 10S", "discard KH")
    state = play(state, "draw stock", "discard KD")
    state = play(state, "draw stock", "discard KC")
    live(state)
    assert state.to_move == 3
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (5, 8, 20, 10)
    assert outcome.payoffs == (4, 1, -1, -4)
    assert outcome.winners == (0,)
    assert outcome.dropper == 3
    assert Counter(outcome.transfers) == transfers(
        (3, 0, 2, TransferReason.CATCHER),
        (3, 1, 2, TransferReason.CATCHER),
        (1, 0, 1, TransferReason.LOWEST),
        (2, 0, 1, TransferReason.LOWEST),
    )


# --- B14 stock exhaustion --------------------------------------------------------

# Seat 0 30, seat 1 12, seat 2 20; dealer 2, so seat 0 starts. 36 cards in the
# stock: after 36 turns seat 0 is to move again, facing the empty stock.
EXHAUST_HANDS = ["KC KD 5C 3C 2D", "AC 2C 3D 3H 3S", "4C 4D 4H 6C 2H"]


def test_b14_draw_from_empty_stock_ends_hand_lowest_paid() -> None:
    state = cycle_stock(deal(EXHAUST_HANDS, dealer=2))
    assert state.to_move == 0
    assert state.turns_taken == 36
    before = state
    state = play(state, "draw stock")
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (30, 12, 20)
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 1, TransferReason.SHOWDOWN), (2, 1, 1, TransferReason.SHOWDOWN)
    )
    # Nothing is drawn and the discard pile is not reshuffled.
    assert state.hands == before.hands
    assert state.discard_pile == before.discard_pile
    assert state.stock == ()


def test_b14_player_facing_empty_stock_may_drop_instead() -> None:
    state = cycle_stock(deal(EXHAUST_HANDS, dealer=2))
    outcome = finished(play(state, "drop"))
    # A drop is settled by B13: D (seat 0) on 30 is caught; pays 2 to seats 1, 2;
    # seat 1 (lowest) gets 1 from seat 2.
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.payoffs == (-4, 3, 1)
    assert outcome.winners == (1,)


def test_b14_lowest_player_facing_empty_stock_drops_and_wins() -> None:
    # Dealer 0: seat 1 starts, and after 36 turns seat 1 (12) is to move.
    state = cycle_stock(deal(EXHAUST_HANDS, dealer=0))
    assert state.to_move == 1
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 2, -1)


def test_b14_taking_the_discard_after_the_stock_is_empty_goes_on() -> None:
    state = cycle_stock(deal(EXHAUST_HANDS, dealer=2))
    top = state.top_discard
    assert top is not None
    state = play(state, "draw discard", f"discard {top}")
    live(state)
    state = play(state, "draw discard", f"discard {top}")
    live(state)
    assert state.to_move == 2
    assert state.turns_taken == 38
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)


TIE3_HANDS = ["AC 2C 3D 3H 3S", "AD 2D 3C 4C 2H", "KC KD 5C 4D AH"]  # 12, 12, 30
TIE4_HANDS = ["AC 2C 3D 3H 3S", "AD 2D 3C 4C 2H", "AH AS 2S 4D 4H", "KC KD 5C 5D QH"]
THIRD = Fraction(1, 3)
HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("hands", "tie", "payoffs", "winners"),
    [
        (TIE3_HANDS, None, (1, 1, -2), (0, 1)),
        (TIE3_HANDS, ExhaustionTie.ALL_PAID, (1, 1, -2), (0, 1)),
        (TIE3_HANDS, ExhaustionTie.DEAD_HAND, (0, 0, 0), ()),
        (TIE3_HANDS, ExhaustionTie.SPLIT, (HALF, HALF, -1), (0, 1)),
        (TIE4_HANDS, ExhaustionTie.ALL_PAID, (1, 1, 1, -3), (0, 1, 2)),
        (TIE4_HANDS, ExhaustionTie.DEAD_HAND, (0, 0, 0, 0), ()),
        (TIE4_HANDS, ExhaustionTie.SPLIT, (THIRD, THIRD, THIRD, -1), (0, 1, 2)),
    ],
)
def test_b14_tie_for_lowest_at_exhaustion(
    hands: list[str],
    tie: ExhaustionTie | None,
    payoffs: tuple[int | Fraction, ...],
    winners: tuple[int, ...],
) -> None:
    rules = Rules() if tie is None else Rules(exhaustion_tie=tie)
    state = cycle_stock(deal(hands, dealer=len(hands) - 1, rules=rules))
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.payoffs == payoffs
    assert outcome.winners == winners
    assert sum(outcome.payoffs) == 0
    for amount in outcome.payoffs:
        assert isinstance(amount, int | Fraction)
        assert not isinstance(amount, float)
    for transfer in outcome.transfers:
        assert transfer.reason is TransferReason.SHOWDOWN
        assert not isinstance(transfer.amount, float)
    if tie is ExhaustionTie.SPLIT:
        assert all(isinstance(amount, Fraction) for amount in outcome.payoffs[:-1])


def test_b14_default_tie_rule_is_all_paid() -> None:
    assert Rules().exhaustion_tie is ExhaustionTie.ALL_PAID
    assert Rules(exhaustion_tie="split").exhaustion_tie is ExhaustionTie.SPLIT


# --- B15 termination guard -------------------------------------------------------


def test_b15_turn_limit_ends_hand_settled_as_b14() -> None:
    rules = Rules(max_turns=3)
    state = deal(EXHAUST_HANDS, upcard="QS", stock="KH KS QH", dealer=2, rules=rules)
    state = play(state, "draw stock", "discard KH", "draw stock", "discard KS")
    live(state)
    assert state.turns_taken == 2
    state = play(state, "draw stock", "discard QH")
    outcome = finished(state)
    assert state.turns_taken == 3
    assert outcome.kind is OutcomeKind.TURN_LIMIT
    assert outcome.counts == (30, 12, 20)
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 1, TransferReason.SHOWDOWN), (2, 1, 1, TransferReason.SHOWDOWN)
    )


def test_b15_turn_limit_ties_follow_the_exhaustion_tie_option() -> None:
    rules = Rules(max_turns=2, exhaustion_tie=ExhaustionTie.SPLIT)
    state = cycle_discard(deal(TIE3_HANDS, dealer=2, rules=rules), 2)
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TURN_LIMIT
    assert outcome.payoffs == (HALF, HALF, -1)
    assert outcome.winners == (0, 1)


def test_b15_default_limit_is_200_turns() -> None:
    assert Rules().max_turns == 200
    # Seat 0 15, seat 1 20; they keep taking each other's discard.
    state = deal(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 10D"], dealer=1)
    state = cycle_discard(state, 199)
    live(state)
    assert state.turns_taken == 199
    state = cycle_discard(state, 1)
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.TURN_LIMIT
    assert outcome.counts == (15, 20)
    assert outcome.payoffs == (1, -1)
    assert outcome.winners == (0,)


def test_b15_max_turns_none_is_unbounded() -> None:
    rules = Rules(max_turns=None)
    state = cycle_discard(deal([None, None], dealer=1, rules=rules), 500)
    live(state)
    assert state.turns_taken == 500


@pytest.mark.parametrize("bad", [0, -1])
def test_b15_max_turns_must_be_positive(bad: int) -> None:
    with pytest.raises(RulesError):
        Rules(max_turns=bad)
    assert Rules(max_turns=1).max_turns == 1
