"""One or more scenarios per variant, V1-V20 of docs/rules/, on stacked decks.

Every expected payoff here was worked out by hand from docs/rules/, not read off the
engine. Seats are numbered 0..N-1 clockwise; the dealer's left moves first and
"nearest the dealer's left" orders seats dealer+1, dealer+2, ..., dealer last.
Counts (B1): A=1, 2-10 face value, J/Q/K=10, unless a variant says otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest
from scenario import card, cards, finished, live, sorted_hand
from sizes import under_ci
from test_presets_mutants import NAMES

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    CourtValues,
    CutWinner,
    DealTonk,
    DealTonkClaim,
    DealTonkClash,
    DealTonkTie,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    LaySpread,
    Outcome,
    OutcomeKind,
    PackKind,
    Phase,
    Rank,
    Rules,
    RulesError,
    SpreadKind,
    Suit,
    Transfer,
    TransferReason,
    WildCard,
    Wilds,
    presets,
)
from tonk._compiled import compiled
from tonk.testing import check_invariants, stack_deck

# --- helpers ---------------------------------------------------------------------


def wild(text: str) -> WildCard:
    return WildCard.parse(text)


def spread(text: str) -> LaySpread:
    """A spread written as in notation: ``spread("5H JK=6H 7H")``."""
    return LaySpread(tonk.parse_element(word) for word in text.split())


def deal(
    rules: Rules,
    hands: Sequence[str | None],
    *,
    upcard: str = "",
    stock: str = "",
    dealer: int = 0,
) -> GameState:
    """Deal a stacked deck; a ``None`` hand gets the lowest unnamed cards."""
    players = len(hands)
    named = Counter(cards(" ".join(hand for hand in hands if hand)))
    named.update(cards(upcard))
    named.update(cards(stock))
    spare = []
    for c in rules.pack(players=players):
        if named[c]:
            named[c] -= 1
        else:
            spare.append(c)
    rest = iter(spare)
    filled = [
        hand
        if hand is not None
        else " ".join(str(next(rest)) for _ in range(rules.hand_size))
        for hand in hands
    ]
    deck = stack_deck(rules, hands=filled, upcard=upcard, stock=stock, dealer=dealer)
    state = tonk.new_game(rules, players=players, deck=deck, dealer=dealer)
    check_invariants(state)
    return state


def play(state: GameState, *texts: str) -> GameState:
    """Apply each action, written in action notation, for the player to move."""
    for text in texts:
        state = tonk.apply(state, tonk.parse_action(state, text))
        check_invariants(state)
    return state


def transfers(*items: tuple[int, int, int, TransferReason]) -> Counter[Transfer]:
    return Counter(Transfer(*item) for item in items)


def refused(state: GameState, action: tonk.Action) -> IllegalReason:
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    error = caught.value
    assert error.action == action
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return error.reason


def after_draw(
    rules: Rules, hand: str, drawn: str, other: str | None = None
) -> GameState:
    """Seat 0 of two holds ``hand`` and has just drawn ``drawn`` from the stock."""
    state = play(deal(rules, [hand, other], stock=drawn, dealer=1), "draw stock")
    assert card(drawn) in state.hands[0]
    assert state.phase is Phase.AFTER_DRAW
    return state


def spreads_offered(state: GameState) -> set[LaySpread]:
    return {a for a in tonk.legal_actions(state) if isinstance(a, LaySpread)}


def hits_offered(state: GameState) -> set[Hit]:
    return {a for a in tonk.legal_actions(state) if isinstance(a, Hit)}


def drop_at_deal(rules: Rules, hands: Sequence[str], dropper: int) -> Outcome:
    """Deal so that ``dropper`` moves first, and drop at once on the dealt hand."""
    state = deal(rules, hands, dealer=(dropper - 1) % len(hands))
    live(state)
    assert state.to_move == dropper
    return finished(tonk.apply(state, Drop()))


def dealt_counts(state: GameState) -> tuple[int, ...]:
    return tuple(state.count(seat) for seat in range(state.player_count))


def assert_deal_tonk(
    state: GameState, payoffs: tuple[int, ...], winners: tuple[int, ...]
) -> Outcome:
    """The hand ended at the deal with these payoffs and winners.

    With one winner, every other seat pays it directly (a deal tonk is paid by
    each other player); the amount each pays is minus its payoff.
    """
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.payoffs == payoffs
    assert outcome.winners == winners
    assert outcome.counts == dealt_counts(state)
    assert all(t.reason is TransferReason.DEAL_TONK for t in outcome.transfers)
    if len(winners) == 1:
        (winner,) = winners
        assert Counter(outcome.transfers) == Counter(
            Transfer(seat, winner, -payoffs[seat], TransferReason.DEAL_TONK)
            for seat in range(state.player_count)
            if seat != winner
        )
    return outcome


def assert_void(state: GameState) -> None:
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.VOID_DEAL
    assert outcome.payoffs == (0,) * state.player_count
    assert outcome.winners == ()
    assert outcome.transfers == ()
    assert outcome.counts == dealt_counts(state)


def assert_no_deal_tonk(state: GameState) -> None:
    live(state)
    assert state.phase is Phase.TURN_START
    assert state.turns_taken == 0
    assert state.to_move == (state.dealer + 1) % state.player_count


# Hands for the deal-tonk tables (counts with J/Q/K=10; no 2s, so wild 2s do not
# change them). Any two used in one deal are disjoint; stack_deck rejects a card
# named twice, so a slip here fails loudly.
F50 = "10C JC QC KC KD"  # 50
F50B = "10H JH QH KH KS"  # 50
F49 = "10D JD QD QS 9S"  # 49
F49B = "10H JH QH KH 9C"  # 49
MID_A = "5C 6C 7C 8C 9C"  # 35
MID_B = "5D 6D 7D 8D 9D"  # 35
MID_C = "5H 6H 7H 8H 9H"  # 35
L9 = "AC AD 2C 2D 3C"  # 9
L9B = "AH AS 2H 2S 3D"  # 9


# --- V1 forty-card deck ----------------------------------------------------------

BATON_ROUGE = presets.BATON_ROUGE
FORTY_RANKS = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)


def test_v1_forty_card_pack_has_no_8s_9s_or_10s() -> None:
    for rules in (BATON_ROUGE, Rules(pack_kind=PackKind.FORTY, deal_tonks=())):
        pack = rules.pack()
        assert len(pack) == 40
        assert len(set(pack)) == 40
        assert Counter(int(c.rank) for c in pack) == dict.fromkeys(FORTY_RANKS, 4)
        assert Counter(c.suit for c in pack) == dict.fromkeys(Suit, 10)
        # 4 x (1+2+...+7) + 16 court cards x 10
        assert sum(rules.card_value(c) for c in pack) == 232
    assert BATON_ROUGE.pack_kind is PackKind.FORTY
    # 7 players take 35 cards and an upcard; 8 would need 41.
    assert BATON_ROUGE.max_players == 7
    state = tonk.new_game(BATON_ROUGE, players=4, seed=11)
    check_invariants(state)
    assert state.stock_size == 40 - 20 - 1
    seen = [*state.stock, *state.discard_pile, *(c for h in state.hands for c in h)]
    assert Counter(seen) == Counter(BATON_ROUGE.pack())
    with pytest.raises(RulesError):
        tonk.new_game(BATON_ROUGE, players=8, seed=1)


def test_v1_seven_is_next_to_the_jack_in_runs() -> None:
    state = after_draw(BATON_ROUGE, "6H 7H JH QH 2C", "KD")
    assert spreads_offered(state) == {
        spread("6H 7H JH"),
        spread("7H JH QH"),
        spread("6H 7H JH QH"),
    }
    state = play(state, "spread JH 6H 7H")
    (laid,) = state.spreads
    assert laid.kind is SpreadKind.RUN
    assert laid.cards == cards("6H 7H JH")
    state = play(state, "hit 1 QH")
    assert state.spreads[0].cards == cards("6H 7H JH QH")


@pytest.mark.parametrize(
    ("held", "text"),
    [
        ("5H 6H 7H QH KH", "6H 7H QH"),  # J missing
        ("5H 6H 7H QH KH", "7H QH KH"),  # J missing
        ("5H 6H JH QH KH", "5H 6H JH"),  # 7 missing
        ("5H 6H JH QH KH", "6H JH QH"),  # 7 missing
    ],
)
def test_v1_runs_still_need_neighbours(held: str, text: str) -> None:
    state = after_draw(BATON_ROUGE, held, "KD")
    assert refused(state, spread(text)) is IllegalReason.NOT_A_SPREAD


def test_v1_hit_jack_onto_5_6_7() -> None:
    state = deal(
        BATON_ROUGE,
        ["5H 6H 7H KC KS", "JH QH 4H 2D 3S"],
        stock="QC KD",
        dealer=1,
    )
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard QC", "draw stock")
    assert state.to_move == 1
    assert hits_offered(state) == {Hit(1, card("4H")), Hit(1, card("JH"))}
    assert refused(state, Hit(1, card("QH"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "hit 1 JH", "hit 1 QH", "hit 1 4H")
    assert state.spreads[0].cards == cards("4H 5H 6H 7H JH QH")
    assert state.spreads[0].owner == 0


def test_v1_deal_tonk_on_47() -> None:
    # 47 = K K K Q 7; the others 15 each.
    state = deal(BATON_ROUGE, ["KC KD KH QC 7S", "AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D"])
    assert dealt_counts(state) == (47, 15, 15)
    assert_deal_tonk(state, (4, -2, -2), (0,))


def test_v1_deal_tonk_on_50() -> None:
    state = deal(
        BATON_ROUGE, ["AC 2C 3C 4C 5C", "JC QD KS JD QH", "AD 2D 3D 4D 5D"], dealer=2
    )
    assert_deal_tonk(state, (-2, 4, -2), (1,))


def test_v1_47_and_50_clash_voids_the_hand() -> None:
    state = deal(
        BATON_ROUGE, ["KC KD KH QC 7S", "JC QD KS JD QH", "AD 2D 3D 4D 5D"], dealer=2
    )
    assert_void(state)


def test_v1_46_is_no_deal_tonk() -> None:
    state = deal(BATON_ROUGE, ["KC KD KH QC 6S", "AC 2C 3C 4C 5C"], dealer=1)
    assert state.count(0) == 46
    assert_no_deal_tonk(state)


def test_v1_default_49_deal_tonk_cannot_be_dealt_from_forty_cards() -> None:
    with pytest.raises(RulesError, match="49"):
        Rules(pack_kind=PackKind.FORTY)
    with pytest.raises(RulesError):
        Rules(pack_kind=PackKind.FORTY, deal_tonks=(DealTonk(totals={48}),))
    forty = Rules(pack_kind=PackKind.FORTY, deal_tonks=(DealTonk(totals={47, 50}),))
    assert forty == BATON_ROUGE


# --- V2 two packs ----------------------------------------------------------------

TWO_PACKS = Rules(two_packs_from=5)


def test_v2_four_players_use_one_pack_five_use_two() -> None:
    one = Counter(Rules().pack())
    assert TWO_PACKS.packs_for(4) == 1
    assert TWO_PACKS.packs_for(5) == 2
    assert Counter(TWO_PACKS.pack(players=4)) == one
    assert len(TWO_PACKS.pack(players=5)) == 104
    assert Counter(TWO_PACKS.pack(players=5)) == one + one
    with pytest.raises(RulesError):
        TWO_PACKS.pack()
    four = tonk.new_game(TWO_PACKS, players=4, seed=5)
    check_invariants(four)
    assert four.stock_size == 52 - 20 - 1
    five = tonk.new_game(TWO_PACKS, players=5, seed=5)
    check_invariants(five)
    assert five.stock_size == 104 - 25 - 1
    # 20 hands of 5 and an upcard fit in 104 cards; 21 would need 106.
    assert TWO_PACKS.max_players == 20
    check_invariants(tonk.new_game(TWO_PACKS, players=20, seed=5))
    with pytest.raises(RulesError):
        tonk.new_game(TWO_PACKS, players=21, seed=5)
    assert len(Rules(two_packs_from=2).pack(players=2)) == 104


def test_v2_book_may_repeat_a_suit() -> None:
    state = deal(
        TWO_PACKS, ["7H 7H 7S 7S KC", None, None, None, None], stock="2D", dealer=4
    )
    state = play(state, "draw stock")
    assert spreads_offered(state) == {
        spread("7H 7H 7S"),
        spread("7H 7S 7S"),
        spread("7H 7H 7S 7S"),
    }
    state = play(state, "spread 7H 7S 7H")
    (book,) = state.spreads
    assert book.kind is SpreadKind.BOOK
    assert Counter(book.cards) == Counter(cards("7H 7H 7S"))
    assert state.hands[0] == sorted_hand("2D 7S KC")
    state = play(state, "hit 1 7S")
    assert Counter(state.spreads[0].cards) == Counter(cards("7H 7H 7S 7S"))
    assert hits_offered(state) == set()


def test_v2_run_cannot_hold_two_identical_cards() -> None:
    state = deal(
        TWO_PACKS, ["5H 6H 6H 7H KC", None, None, None, None], stock="2D", dealer=4
    )
    state = play(state, "draw stock")
    assert refused(state, spread("5H 6H 6H 7H")) is IllegalReason.NOT_A_SPREAD
    assert spreads_offered(state) == {spread("5H 6H 7H")}
    state = play(state, "spread 5H 6H 7H")
    assert state.hands[0] == sorted_hand("2D 6H KC")
    assert refused(state, Hit(1, card("6H"))) is IllegalReason.HIT_DOES_NOT_FIT


def test_v2_duplicates_are_distinct_physical_cards() -> None:
    state = deal(
        TWO_PACKS, ["7H 7H 8H 9H KC", None, None, None, None], stock="2D", dealer=4
    )
    assert state.hands[0] == sorted_hand("7H 7H 8H 9H KC")
    state = play(state, "draw stock", "spread 7H 8H 9H")
    assert state.hands[0] == sorted_hand("2D 7H KC")  # the other 7H is still held
    state = play(state, "discard 7H")
    assert state.top_discard == card("7H")
    assert card("7H") in state.spreads[0].cards
    # A seeded five-player game holds every card twice, and keeps them all.
    state = tonk.new_game(TWO_PACKS, players=5, seed=21)
    rng = random.Random(21)
    while state.outcome is None:
        check_invariants(state)
        every = Counter(state.stock) + Counter(state.discard_pile)
        for hand in state.hands:
            every.update(hand)
        for laid in state.spreads:
            every.update(laid.cards)
        assert every == Counter(Rules().pack()) + Counter(Rules().pack())
        legal = tonk.legal_actions(state)
        moves: list[tonk.Action] = [a for a in legal if not isinstance(a, Drop)]
        moves = moves or list(legal)
        state = tonk.apply(state, rng.choice(moves))
    check_invariants(state)


# --- V3 plain jokers -------------------------------------------------------------

PLAIN_JOKERS = Rules(jokers=2)
JK = card("JK")


def test_v3_plain_jokers_are_in_the_pack_and_worth_zero() -> None:
    pack = PLAIN_JOKERS.pack()
    assert len(pack) == 54
    assert Counter(pack)[JK] == 2
    assert PLAIN_JOKERS.card_value(JK) == 0
    assert not PLAIN_JOKERS.is_wild(JK)
    assert not PLAIN_JOKERS.has_wilds
    assert Counter(Rules(jokers=4).pack())[JK] == 4
    state = tonk.new_game(PLAIN_JOKERS, players=3, seed=4)
    check_invariants(state)
    assert state.stock_size == 54 - 15 - 1


def test_v3_jokers_cannot_be_in_spreads_or_hits() -> None:
    state = after_draw(PLAIN_JOKERS, "5H 6H JK KS KD", "KC")
    assert spreads_offered(state) == {spread("KC KD KS")}
    for text in ("5H 6H JK", "KS KD JK", "5H 6H JK=7H", "KS KD JK=KH"):
        assert refused(state, spread(text)) is IllegalReason.NOT_A_SPREAD
    state = play(state, "spread KC KD KS")
    assert hits_offered(state) == set()
    assert refused(state, Hit(1, JK)) is IllegalReason.HIT_DOES_NOT_FIT
    assert refused(state, Hit(1, wild("JK=KH"))) is IllegalReason.HIT_DOES_NOT_FIT
    assert set(tonk.legal_actions(state)) == {
        Discard(card("5H")),
        Discard(card("6H")),
        Discard(JK),
    }


def test_v3_joker_in_hand_counts_zero_at_a_drop() -> None:
    # Seat 0 10 (the joker 0), seat 1 11, seat 2 26: seat 0 is strictly lowest
    # only because the joker counts nothing.
    hands = ["JK AC 2C 3C 4C", "AD 2D 3D 4D AH", "JK 5S 6S 7S 8S"]
    outcome = drop_at_deal(PLAIN_JOKERS, hands, dropper=0)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (10, 11, 26)
    assert outcome.payoffs == (2, -1, -1)
    assert outcome.winners == (0,)
    assert Counter(outcome.transfers) == transfers(
        (1, 0, 1, TransferReason.DROP_WON), (2, 0, 1, TransferReason.DROP_WON)
    )


# --- V4 wild jokers --------------------------------------------------------------

WILD_JOKERS = Rules(jokers=2, wilds=Wilds.JOKERS, joker_value=25)


def test_v4_wild_joker_completes_a_run() -> None:
    assert WILD_JOKERS.is_wild(JK)
    assert not WILD_JOKERS.is_wild(card("2C"))
    state = after_draw(WILD_JOKERS, "5H 7H JK KS QD", "2C")
    assert spreads_offered(state) == {spread("5H JK=6H 7H")}
    action = tonk.parse_action(state, "spread 5H JK=6H 7H")
    assert action == spread("5H JK=6H 7H")
    state = play(state, "spread 5H JK=6H 7H")
    (laid,) = state.spreads
    assert laid.kind is SpreadKind.RUN
    assert laid.cards == cards("5H JK 7H")
    assert laid.stands_for == cards("5H 6H 7H")
    assert state.hands[0] == sorted_hand("2C QD KS")


def test_v4_what_the_wild_stands_for_fixes_later_hits() -> None:
    state = deal(
        WILD_JOKERS, ["5H 7H JK KS QD", "4H 6H 8H JK 3S"], stock="2C 9C", dealer=1
    )
    state = play(state, "draw stock", "spread 5H JK=6H 7H", "discard 2C", "draw stock")
    assert state.to_move == 1
    assert hits_offered(state) == {
        Hit(1, card("4H")),
        Hit(1, card("8H")),
        Hit(1, wild("JK=4H")),
        Hit(1, wild("JK=8H")),
    }
    assert refused(state, Hit(1, card("6H"))) is IllegalReason.HIT_DOES_NOT_FIT
    assert refused(state, Hit(1, wild("JK=6H"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "hit 1 8H", "hit 1 4H")
    assert state.spreads[0].stands_for == cards("4H 5H 6H 7H 8H")
    assert state.spreads[0].cards == cards("4H 5H JK 7H 8H")
    assert refused(state, Hit(1, card("6H"))) is IllegalReason.HIT_DOES_NOT_FIT
    assert hits_offered(state) == {Hit(1, wild("JK=3H")), Hit(1, wild("JK=9H"))}


def test_v4_a_spread_needs_a_natural_card() -> None:
    rules = Rules(jokers=3, wilds=Wilds.JOKERS, joker_value=25)
    state = after_draw(rules, "JK JK JK 2C 9D", "KS")
    assert refused(state, spread("JK=5H JK=6H JK=7H")) is IllegalReason.NOT_A_SPREAD
    assert refused(state, spread("JK=KH JK=KD JK=KC")) is IllegalReason.NOT_A_SPREAD
    offered = spreads_offered(state)
    assert spread("2C JK=3C JK=4C") in offered
    assert spread("JK=QS JK=JS KS") in offered
    for laid in offered:
        assert any(isinstance(e, Card) and e != JK for e in laid.cards)
    state = play(state, "spread 2C JK=3C JK=4C")
    assert state.spreads[0].stands_for == cards("2C 3C 4C")


def test_v4_joker_left_in_hand_counts_25_at_a_drop() -> None:
    # Seat 0 drops on 25+1+1+2+2 = 31; seat 1 29, seat 2 42. Seat 0 is caught:
    # it pays 2 to seat 1 (29 <= 31); seat 2 pays 1 to seat 1, the lowest.
    hands = ["JK AC AD 2C 2D", "5C 5D 6C 6D 7S", "KC KD QC 9D 3S"]
    outcome = drop_at_deal(WILD_JOKERS, hands, dropper=0)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (31, 29, 42)
    assert outcome.payoffs == (-2, 3, -1)
    assert outcome.winners == (1,)
    assert outcome.dropper == 0
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 2, TransferReason.CATCHER), (2, 1, 1, TransferReason.LOWEST)
    )


# --- V5 Chicago wilds ------------------------------------------------------------

CHICAGO_WILDS = Rules(jokers=2, wilds=Wilds.JOKERS_AND_TWOS)


def test_v5_six_wilds_2s_count_2_jokers_0() -> None:
    for rules in (CHICAGO_WILDS, presets.CHICAGO):
        wilds = [c for c in rules.pack() if rules.is_wild(c)]
        assert Counter(wilds) == Counter(cards("2C 2D 2H 2S JK JK"))
        assert rules.card_value(card("2H")) == 2
        assert rules.card_value(JK) == 0
        assert not rules.is_wild(card("3H"))


def test_v5_a_two_stands_for_a_named_card() -> None:
    state = after_draw(CHICAGO_WILDS, "5H 7H 2C KS QD", "9C")
    action = tonk.parse_action(state, "spread 5H 2C=6H 7H")
    assert action == spread("5H 2C=6H 7H")
    assert action in tonk.legal_actions(state)
    assert tonk.format_action(action) == "spread 5H 2C=6H 7H"
    state = play(state, "spread 5H 2C=6H 7H")
    (laid,) = state.spreads
    assert laid.kind is SpreadKind.RUN
    assert laid.cards == cards("5H 2C 7H")
    assert laid.stands_for == cards("5H 6H 7H")
    assert str(laid) == "1: 5H 2C=6H 7H (seat 0)"


def test_v5_a_two_used_as_itself() -> None:
    state = after_draw(CHICAGO_WILDS, "AC 2C 3C KS QD", "9H")
    action = tonk.parse_action(state, "spread AC 2C 3C")
    assert action == LaySpread(cards("AC 2C 3C"))
    assert action in tonk.legal_actions(state)
    state = play(state, "spread AC 2C 3C")
    (laid,) = state.spreads
    assert laid.cards == cards("AC 2C 3C")
    assert laid.stands_for == cards("AC 2C 3C")
    assert str(laid) == "1: AC 2C 3C (seat 0)"


def test_v5_legal_actions_offer_each_designation_that_matters() -> None:
    state = after_draw(CHICAGO_WILDS, "5H 6H JK KC QD", "9S")
    assert spreads_offered(state) == {spread("JK=4H 5H 6H"), spread("5H 6H JK=7H")}


def test_v5_two_wilds_every_spread_offered_once() -> None:
    # Hand 5H 2C JK KC QD 9S: each spread is one natural card and both wilds.
    # Runs: 3H-5H, 4H-6H, 5H-7H; JC-KC; 10D-QD, JD-KD; 7S-9S, 8S-10S, 9S-JS (9).
    # Books: three of each of 5, K, Q, 9 with two wilds naming the others (12).
    state = after_draw(CHICAGO_WILDS, "5H 2C JK KC QD", "9S")
    offered = [a for a in tonk.legal_actions(state) if isinstance(a, LaySpread)]
    assert len(offered) == 21
    assert len(set(offered)) == 21
    represented = {a.represented for a in offered}
    assert len(represented) == 21
    for a in offered:
        naturals = [c for c in a.physical if c not in (card("2C"), JK)]
        assert len(naturals) == 1
        assert Counter(a.physical) - Counter(naturals) == Counter(cards("2C JK"))
    expected = [
        "2C=3H JK=4H 5H",
        "2C=4H 5H JK=6H",
        "5H 2C=6H JK=7H",
        "2C=JC JK=QC KC",
        "2C=10D JK=JD QD",
        "2C=JD QD JK=KD",
        "2C=7S JK=8S 9S",
        "2C=8S 9S JK=10S",
        "9S 2C=10S JK=JS",
    ]
    for text in expected:
        assert spread(text) in offered
    books = [a for a in offered if len({c.rank for c in a.represented}) == 1]
    assert Counter(a.represented[0].rank for a in books) == {
        Rank.FIVE: 3,
        Rank.NINE: 3,
        Rank.QUEEN: 3,
        Rank.KING: 3,
    }


def test_v5_lay_spread_equality_ignores_which_wild_is_which() -> None:
    one = spread("5H 2C=6H JK=7H")
    other = spread("5H JK=6H 2C=7H")
    assert one == other
    assert hash(one) == hash(other)
    assert len({one, other}) == 1
    assert one != spread("5H 2D=6H JK=7H")  # another physical card
    assert one != spread("5H 2C=6H JK=4H")  # stands for other cards
    state = after_draw(CHICAGO_WILDS, "5H 2C JK KC QD", "9S")
    assert sum(1 for a in tonk.legal_actions(state) if a == one) == 1
    first = tonk.apply(state, one)
    second = tonk.apply(state, other)
    assert first == second
    assert first.spreads[0].stands_for == cards("5H 6H 7H")
    assert Counter(first.spreads[0].cards) == Counter(cards("5H 2C JK"))


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("spread 5H 2C=6H 7H", "spread 5H 2C=6H 7H"),
        ("spread 7h 2c=6h 5h", "spread 5H 2C=6H 7H"),
        ("spread AC 2C 3C", "spread AC 2C 3C"),
        ("spread 5H JK=6H 2C=7H", "spread 5H JK=6H 2C=7H"),
        ("spread JK=QS KS 2D=AS", "spread 2D=AS JK=QS KS"),
        ("hit 1 JK=QS", "hit 1 JK=QS"),
        ("hit 2 2d=10h", "hit 2 2D=10H"),
    ],
)
def test_v5_wild_notation_round_trip(text: str, written: str) -> None:
    state = tonk.new_game(CHICAGO_WILDS, players=2, seed=1)
    action = tonk.parse_action(state, text)
    assert tonk.format_action(action) == written
    assert tonk.parse_action(state, written) == action


def test_v5_wild_card_notation() -> None:
    assert WildCard.parse("2c=6h") == WildCard(card("2C"), card("6H"))
    assert str(WildCard(JK, card("QS"))) == "JK=QS"
    assert tonk.parse_element("JK=10H") == WildCard(JK, card("10H"))
    assert tonk.parse_element("10H") == card("10H")
    for bad in ("2C=2C", "2C=JK", "2C=", "=6H"):
        with pytest.raises(tonk.NotationError):
            tonk.parse_element(bad)
    assert Hit(1, wild("2C=6H")) != Hit(1, wild("JK=6H"))


def test_v5_all_wild_spread_is_illegal() -> None:
    state = after_draw(CHICAGO_WILDS, "2C 2D JK KC QD", "9S")
    assert refused(state, spread("2C=5H 2D=6H JK=7H")) is IllegalReason.NOT_A_SPREAD
    assert refused(state, spread("2C=KH 2D=KD JK=KS")) is IllegalReason.NOT_A_SPREAD
    assert spread("KC 2C=KH 2D=KD") in spreads_offered(state)


def test_v5_wild_values_at_a_drop() -> None:
    # Seat 0 drops on four 2s and an ace: 9. Seat 1 has 1+1+1+3+0 = 6 (joker 0),
    # seat 2 42. Seat 0 is caught: pays 2 to seat 1; seat 2 pays 1 to seat 1.
    hands = ["2C 2D 2H 2S AC", "AD AH AS 3C JK", "KC KD QC 9D 3S"]
    outcome = drop_at_deal(CHICAGO_WILDS, hands, dropper=0)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (9, 6, 42)
    assert outcome.payoffs == (-2, 3, -1)
    assert outcome.winners == (1,)


# --- V6 court values 11/12/13 ----------------------------------------------------

RANKED = Rules(court_values=CourtValues.RANKED, deal_tonks=())
V6_HANDS = ["KC 2C 2D AC AD", "JD AH AS 2H 3C", "QC QD KD 9S 8S"]


def test_v6_court_values_11_12_13() -> None:
    values = [RANKED.card_value(card(t)) for t in ("AS", "10S", "JS", "QS", "KS")]
    assert values == [1, 10, 11, 12, 13]
    assert sum(RANKED.card_value(c) for c in RANKED.pack()) == 340 + 4 * (1 + 2 + 3)


def test_v6_ranked_court_values_settle_a_drop() -> None:
    # Ranked: seat 0 13+2+2+1+1 = 19, seat 1 11+1+1+2+3 = 18,
    # seat 2 12+12+13+9+8 = 54. Seat 0 is caught: pays 2 to seat 1; seat 2 pays 1.
    outcome = drop_at_deal(RANKED, V6_HANDS, dropper=0)
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (19, 18, 54)
    assert outcome.payoffs == (-2, 3, -1)
    assert outcome.winners == (1,)
    assert Counter(outcome.transfers) == transfers(
        (0, 1, 2, TransferReason.CATCHER), (2, 1, 1, TransferReason.LOWEST)
    )
    # The same deal with J/Q/K=10: 16, 17, 47, and seat 0 is strictly lowest.
    outcome = drop_at_deal(Rules(deal_tonks=()), V6_HANDS, dropper=0)
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (16, 17, 47)
    assert outcome.payoffs == (2, -1, -1)


def test_v6_ranked_values_turn_49_and_50_deal_tonks_off() -> None:
    with pytest.raises(RulesError):
        Rules(court_values=CourtValues.RANKED)
    with pytest.raises(RulesError):
        Rules(court_values=CourtValues.RANKED, deal_tonks=(DealTonk(totals={50}),))
    with pytest.raises(RulesError):
        Rules(court_values=CourtValues.RANKED, deal_tonks=(DealTonk(totals={49}),))


# --- V7 seven-card deal ----------------------------------------------------------

SEATTLE = presets.SEATTLE
VIETNAM = presets.VIETNAM


def test_v7_seven_cards_one_at_a_time_from_dealers_left() -> None:
    # Unshuffled pack AC..KC AD..KD ...; dealer 1 of 3: seat 2 takes cards
    # 0, 3, ..., 18; seat 0 cards 1, 4, ..., 19; seat 1 cards 2, 5, ..., 20.
    state = tonk.new_game(SEATTLE, players=3, deck=SEATTLE.pack(), dealer=1)
    live(state)
    assert state.hands == (
        cards("2C 5C 8C JC AD 4D 7D"),
        cards("3C 6C 9C QC 2D 5D 8D"),
        cards("AC 4C 7C 10C KC 3D 6D"),
    )
    assert dealt_counts(state) == (37, 43, 41)
    assert state.discard_pile == cards("9D")  # card 21 is turned up
    assert state.stock == SEATTLE.pack()[22:]
    assert state.stock_size == 30
    assert state.to_move == 2


def test_v7_player_counts() -> None:
    assert SEATTLE.hand_size == 7
    assert SEATTLE.max_players == 7  # 7 x 7 + 1 = 50 <= 52; 8 would need 57
    state = tonk.new_game(SEATTLE, players=7, seed=3)
    check_invariants(state)
    assert state.stock_size == 2
    assert all(len(hand) == 7 for hand in state.hands)
    with pytest.raises(RulesError):
        tonk.new_game(SEATTLE, players=8, seed=3)
    assert VIETNAM.hand_size == 7
    assert VIETNAM.pack_kind is PackKind.FORTY
    assert VIETNAM.max_players == 5  # 5 x 7 + 1 = 36 <= 40; 6 would need 43
    state = tonk.new_game(VIETNAM, players=5, seed=3)
    check_invariants(state)
    assert state.stock_size == 4
    with pytest.raises(RulesError):
        tonk.new_game(VIETNAM, players=6, seed=3)


def test_v7_seven_card_deal_tonks() -> None:
    state = deal(SEATTLE, ["KC KD KH 9S 5C 3D 2H", "AC 2C 3C 4C 6C 7C 8C"], dealer=1)
    assert dealt_counts(state) == (49, 31)
    assert_deal_tonk(state, (2, -2), (0,))
    state = deal(VIETNAM, ["AC 2C 3C 4C 5C 6C AD", "KC KD KH 7C 6D 3H AS"], dealer=1)
    assert dealt_counts(state) == (22, 47)
    assert_deal_tonk(state, (-2, 2), (1,))


# --- V8 no upcard ----------------------------------------------------------------

NO_UPCARD = Rules(upcard=False)


def test_v8_no_card_is_turned_up() -> None:
    state = tonk.new_game(NO_UPCARD, players=2, deck=NO_UPCARD.pack(), dealer=1)
    assert state.hands == (cards("AC 3C 5C 7C 9C"), cards("2C 4C 6C 8C 10C"))
    assert state.discard_pile == ()
    assert state.top_discard is None
    assert state.stock == NO_UPCARD.pack()[10:]
    assert state.stock[0] == card("JC")


def test_v8_first_player_must_draw_from_the_stock() -> None:
    state = deal(NO_UPCARD, ["7H 8H 9H 5C KS", "2D 3D 4D 5D 6D"], stock="QS", dealer=1)
    assert state.discard_pile == ()
    assert state.stock_size == 42
    assert tonk.legal_actions(state) == (Drop(), DrawStock())
    assert refused(state, DrawDiscard()) is IllegalReason.DISCARD_PILE_EMPTY
    state = play(state, "draw stock")
    assert card("QS") in state.hands[0]
    state = play(state, "discard QS")
    assert state.discard_pile == cards("QS")  # the pile starts with the first discard
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock(), DrawDiscard()}
    state = play(state, "draw discard")
    assert card("QS") in state.hands[1]
    assert state.discard_pile == ()


def test_v8_first_player_may_drop() -> None:
    state = deal(NO_UPCARD, ["7H 8H 9H 5C KS", "2D 3D 4D 5D 6D"], dealer=1)
    outcome = finished(play(state, "drop"))
    # Seat 0 drops on 39 against 20: caught, pays 2 to seat 1.
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.counts == (39, 20)
    assert outcome.payoffs == (-2, 2)
    assert outcome.winners == (1,)


def test_v8_no_upcard_leaves_room_for_one_more_hand() -> None:
    # 4 x 13 = 52 fits without an upcard; with one, only 3 x 13 + 1.
    assert Rules(hand_size=13, upcard=False).max_players == 4
    assert Rules(hand_size=13).max_players == 3
    state = tonk.new_game(Rules(hand_size=13, upcard=False), players=4, seed=2)
    check_invariants(state)
    assert state.stock == ()
    assert state.discard_pile == ()


# --- V9 lowest cut deals ---------------------------------------------------------


def reference_cut(rules: Rules, players: int, seed: int) -> tuple[int, int]:
    """Cut as B3/V9 say, from ``random.Random(seed)``'s shuffles of the pack.

    Seats cut in order, each taking the last card of the shuffled list; the
    lowest rank (ace low) deals under V9; players tied cut again from the same
    list, and a fresh copy is shuffled with the same generator when fewer cards
    remain than players cutting. Returns the dealer and the rounds cut.
    """
    rng = random.Random(seed)
    natural = [c for c in rules.pack(players=players) if c.suit is not None]
    best = max if rules.cut is CutWinner.HIGHEST else min
    pile: list[Card] = []
    cutting = list(range(players))
    rounds = 0
    while len(cutting) > 1:
        rounds += 1
        if len(pile) < len(cutting):
            pile = list(natural)
            rng.shuffle(pile)
        cut = [(seat, pile.pop()) for seat in cutting]
        target = best(int(c.rank) for _, c in cut)  # ace 1 ... king 13
        cutting = [seat for seat, c in cut if int(c.rank) == target]
    return cutting[0], rounds


def test_v9_lowest_cut_deals() -> None:
    lowest = Rules(cut=CutWinner.LOWEST)
    recuts = 0
    differ = 0
    ace_won = 0
    for players in (2, 3, 4, 6, 10):
        for seed in range(60):
            expected, rounds = reference_cut(lowest, players, seed)
            got = tonk.cut_for_deal(lowest, players=players, seed=seed)
            assert got == expected
            recuts += rounds > 1
            differ += got != tonk.cut_for_deal(Rules(), players=players, seed=seed)
            pile = list(lowest.pack())
            random.Random(seed).shuffle(pile)
            first = pile[-players:][::-1]  # seat s cut first[s]
            if sum(c.rank is Rank.ACE for c in first) == 1:
                ace_won += 1
                assert first[got].rank is Rank.ACE  # the ace is the lowest card
    assert recuts > 0, "no seed exercised a recut"
    assert differ > 0, "lowest and highest cuts never differed"
    assert ace_won > 0, "no seed had a single ace cut"


def test_v9_sheet_cuts_from_two_packs_at_five_players() -> None:
    sheet = presets.SHEET
    assert sheet.cut is CutWinner.LOWEST
    for players in (2, 4, 5, 7):
        for seed in range(30):
            expected, _ = reference_cut(sheet, players, seed)
            assert tonk.cut_for_deal(sheet, players=players, seed=seed) == expected


# --- V10 ace high ----------------------------------------------------------------

ACE_HIGH = Rules(ace_high=True)


def test_v10_q_k_a_is_a_run_k_a_2_is_not() -> None:
    state = after_draw(ACE_HIGH, "QS KS AS 2S 3S", "5C")
    assert spreads_offered(state) == {spread("QS KS AS"), spread("AS 2S 3S")}
    for text in ("KS AS 2S", "QS KS AS 2S", "QS KS AS 2S 3S"):
        assert refused(state, spread(text)) is IllegalReason.NOT_A_SPREAD
    high = play(state, "spread AS QS KS")
    assert high.spreads[0].cards == cards("QS KS AS")
    low = play(state, "spread 3S AS 2S")
    assert low.spreads[0].cards == cards("AS 2S 3S")
    assert spread("QS KS AS") not in spreads_offered(
        after_draw(Rules(), "QS KS AS 2D 3D", "5C")
    )


def test_v10_four_card_run_to_the_ace() -> None:
    state = after_draw(ACE_HIGH, "JS QS KS AS 3H", "5C")
    assert spread("JS QS KS AS") in spreads_offered(state)
    state = play(state, "spread JS QS KS AS")
    assert state.spreads[0].cards == cards("JS QS KS AS")


def test_v10_hit_ace_onto_j_q_k() -> None:
    state = deal(
        ACE_HIGH, ["JS QS KS 4C 5D", "AS 10S 2S 6H 7H"], stock="9C 9D", dealer=1
    )
    state = play(state, "draw stock", "spread JS QS KS", "discard 9C", "draw stock")
    assert hits_offered(state) == {Hit(1, card("10S")), Hit(1, card("AS"))}
    state = play(state, "hit 1 AS")
    assert state.spreads[0].cards == cards("JS QS KS AS")
    assert refused(state, Hit(1, card("2S"))) is IllegalReason.HIT_DOES_NOT_FIT
    state = play(state, "hit 1 10S")
    assert state.spreads[0].cards == cards("10S JS QS KS AS")


def test_v10_a_2_3_still_a_run_and_does_not_wrap() -> None:
    state = deal(
        ACE_HIGH, ["AS 2S 3S 4C 5D", "KS 4S QH 6H 7H"], stock="9C 9D", dealer=1
    )
    state = play(state, "draw stock", "spread AS 2S 3S", "discard 9C", "draw stock")
    assert state.spreads[0].cards == cards("AS 2S 3S")
    assert hits_offered(state) == {Hit(1, card("4S"))}
    assert refused(state, Hit(1, card("KS"))) is IllegalReason.HIT_DOES_NOT_FIT


# --- deal-tonk tables, V11-V20 ---------------------------------------------------

Wins = Sequence[tuple[str, Sequence[str], int, tuple[int, ...], tuple[int, ...]]]


def check_wins(rules: Rules, cases: Wins) -> None:
    for label, hands, dealer, payoffs, winners in cases:
        state = deal(rules, hands, dealer=dealer)
        try:
            assert_deal_tonk(state, payoffs, winners)
        except AssertionError as error:
            raise AssertionError(f"{label}: {state.outcome}") from error


V11 = Rules(
    deal_tonks=(DealTonk(totals={50}, pays=2), DealTonk(totals={49}, pays=1)),
    deal_tonk_clash=DealTonkClash.BEST_HAND,
)


def test_v11_50_pays_double_49_single() -> None:
    check_wins(
        V11,
        [
            ("50", [F50, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("49", [MID_A, F49, MID_C], 2, (-1, 2, -1), (1,)),
            ("49 two players", [MID_B, F49], 0, (-1, 1), (1,)),
        ],
    )


def test_v11_48_wins_nothing() -> None:
    assert_no_deal_tonk(deal(V11, ["10C JC QC KC 8S", MID_B, MID_C], dealer=2))


def test_v11_clash_50_and_49_only_the_50_is_paid() -> None:
    check_wins(
        V11,
        [
            ("three players", [F49, MID_B, F50], 0, (-2, -2, 4), (2,)),
            ("two players", [F50, F49], 1, (2, -2), (0,)),
            ("four players", [MID_A, F49, MID_C, F50B], 1, (-2, -2, -2, 6), (3,)),
        ],
    )


def test_v11_clash_of_two_50s_voids() -> None:
    # V11 ranks a 50 over a 49 only; two 50s are B5's void hand.
    assert_void(deal(V11, [F50, F50B, MID_B], dealer=2))


V12 = Rules(deal_tonks=(DealTonk(totals={49, 50}), DealTonk(at_most=15)))


def test_v12_15_or_less_wins_double() -> None:
    check_wins(
        V12,
        [
            ("15", ["AC 2C 3C 4C 5C", MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("9", [MID_A, L9B, MID_C], 0, (-2, 4, -2), (1,)),
            ("50", [MID_A, MID_B, F50B], 1, (-2, -2, 4), (2,)),
            ("49", [F49, MID_B, MID_C], 2, (4, -2, -2), (0,)),
        ],
    )
    assert_no_deal_tonk(deal(V12, ["AC 2C 3C 4C 6C", MID_B, MID_C], dealer=2))


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param(["AC 2C 3C 4C 5C", MID_B, F50B], id="15-and-50"),
        pytest.param([F49, "AC 2C 3C 4C 5C", MID_C], id="49-and-15"),
        pytest.param(["AC 2C 3C 4C 5C", "AH 2H 3H 4H AS", MID_B], id="15-and-11"),
        pytest.param([F49, F50, MID_C], id="49-and-50"),
        pytest.param([L9, L9B, F50], id="three"),
    ],
)
def test_v12_any_clash_of_automatic_wins_voids(hands: list[str]) -> None:
    assert_void(deal(V12, hands, dealer=2))


V13 = Rules(deal_tonks=(DealTonk(totals={49, 50}), DealTonk(at_most=9, pays=3)))


def test_v13_9_or_less_wins_triple_alongside_49_50() -> None:
    check_wins(
        V13,
        [
            ("9", [L9, MID_B, MID_C], 2, (6, -3, -3), (0,)),
            ("7", [MID_A, "AH AS 2H 2S AD", MID_C], 2, (-3, 6, -3), (1,)),
            ("49", [MID_A, F49, MID_C], 2, (-2, 4, -2), (1,)),
            ("50", [F50, MID_B, MID_C], 2, (4, -2, -2), (0,)),
        ],
    )
    assert_no_deal_tonk(deal(V13, ["AC AD 2C 2D 4C", MID_B, MID_C], dealer=2))


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([L9, F50, MID_C], id="9-and-50"),
        pytest.param([L9, L9B, MID_C], id="9-and-9"),
        pytest.param([F49, MID_B, L9B], id="49-and-9"),
    ],
)
def test_v13_clash_voids(hands: list[str]) -> None:
    assert_void(deal(V13, hands, dealer=2))


V14 = Rules(deal_tonks=(DealTonk(at_most=9, pays=2),))


def test_v14_9_or_less_wins_double_49_50_do_not_win() -> None:
    check_wins(V14, [("9", [L9, MID_B, MID_C], 2, (4, -2, -2), (0,))])
    for hands in (
        [F50, MID_B, MID_C],
        [MID_A, F49, MID_C],
        [MID_A, MID_B, "AC AD 2C 2D 4C"],
    ):
        assert_no_deal_tonk(deal(V14, hands, dealer=2))


def test_v14_clash() -> None:
    # A 50 beside a 9 is no win, so the 9 alone is paid (the 50 pays too).
    check_wins(
        V14,
        [
            ("9 and 50", [L9, F50, MID_C], 2, (4, -2, -2), (0,)),
            ("9 and 49 and 50", [F49, F50, L9B], 0, (-2, -2, 4), (2,)),
        ],
    )
    assert_void(deal(V14, [L9, L9B, MID_C], dealer=2))


V15 = Rules(deal_tonks=(DealTonk(totals={49, 50}), DealTonk(at_most=13)))
L13 = "AH AS 3H 4H 4S"  # 13
L14 = "AH 2H 3H 4H 4S"  # 14


def test_v15_13_or_less_wins_double() -> None:
    check_wins(
        V15,
        [
            ("13", [L13, MID_A, MID_B], 2, (4, -2, -2), (0,)),
            ("9", [MID_A, MID_B, L9], 0, (-2, -2, 4), (2,)),
            ("49", [MID_A, F49, MID_C], 2, (-2, 4, -2), (1,)),
        ],
    )
    assert_no_deal_tonk(deal(V15, [L14, MID_A, MID_B], dealer=2))


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([L13, F49, MID_A], id="13-and-49"),
        pytest.param([L13, L9, MID_B], id="13-and-9"),
        pytest.param([F50, MID_B, L9], id="50-and-9"),
    ],
)
def test_v15_clash_voids(hands: list[str]) -> None:
    assert_void(deal(V15, hands, dealer=2))


# V16: Scott Sauri, Washington DC.
DC = presets.WASHINGTON_DC
L11 = "AC AD AH 2C 6S"  # 11
L10 = "AS 2D 2H 2S 3D"  # 10
L10B = "AC AD AH 2C 5S"  # 10


def test_v16_49_50_or_11_or_less_win_double() -> None:
    check_wins(
        DC,
        [
            ("11", [L11, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("50", [MID_A, F50B, MID_C], 2, (-2, 4, -2), (1,)),
            ("49", [MID_A, MID_B, F49], 1, (-2, -2, 4), (2,)),
        ],
    )
    assert_no_deal_tonk(deal(DC, ["AC AD AH 3C 6S", MID_B, MID_C], dealer=2))


def test_v16_lower_eleven_beats_fifty() -> None:
    check_wins(
        DC,
        [
            ("11 and 50", [F50, L11, MID_C], 2, (-2, 4, -2), (1,)),
            ("11, 50 and 49", [F49, F50, L11, MID_C], 3, (-2, -2, 6, -2), (2,)),
        ],
    )


def test_v16_50_beats_49() -> None:
    check_wins(DC, [("50 and 49", [F49, F50, MID_C], 2, (-2, 4, -2), (1,))])


def test_v16_lower_11_or_less_beats_higher() -> None:
    check_wins(
        DC,
        [
            ("11 and 10", [L11, L10, MID_C], 2, (-2, 4, -2), (1,)),
            ("11, 10 and 50", [L11, L10, F50, MID_C], 3, (-2, 6, -2, -2), (1,)),
        ],
    )


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param([L10B, L10, MID_C], id="10-and-10"),
        pytest.param([L10B, F50, L10], id="10-and-10-beside-50"),
        pytest.param([F50, F50B, F49], id="50-and-50-beside-49"),
        pytest.param([F49, F49B, MID_B], id="49-and-49"),
    ],
)
def test_v16_equal_best_totals_void(hands: list[str]) -> None:
    assert_void(deal(DC, hands, dealer=2))


# V17: Sean, Newark NJ.
NEWARK = presets.NEWARK


def test_v17_50_49_or_13_or_less_win_double() -> None:
    check_wins(
        NEWARK,
        [
            ("13", [L13, MID_A, MID_B], 2, (4, -2, -2), (0,)),
            ("49", [MID_A, F49, MID_C], 2, (-2, 4, -2), (1,)),
            ("50", [MID_A, MID_B, F50], 2, (-2, -2, 4), (2,)),
        ],
    )
    assert_no_deal_tonk(deal(NEWARK, [L14, MID_A, MID_B], dealer=2))


def test_v17_50_beats_49_beats_13_or_less() -> None:
    check_wins(
        NEWARK,
        [
            ("13, 49, 50", [L13, F49, F50, MID_A], 3, (-2, -2, 6, -2), (2,)),
            ("13, 49", [L13, F49, MID_A], 2, (-2, 4, -2), (1,)),
            ("9, 50", [L9, MID_B, F50B], 0, (-2, -2, 4), (2,)),
        ],
    )


def test_v17_lowest_13_or_less_wins() -> None:
    check_wins(
        NEWARK,
        [
            ("13 and 9", [L13, L9, MID_B], 2, (-2, 4, -2), (1,)),
            ("9 and 13", [L9, L13], 1, (2, -2), (0,)),
        ],
    )


@pytest.mark.parametrize(
    ("tied", "dealer", "winner"),
    [
        ((0, 3), 0, 3),
        ((0, 3), 1, 3),
        ((0, 3), 2, 3),
        ((0, 3), 3, 0),
        ((1, 2), 0, 1),
        ((1, 2), 1, 2),
        ((1, 2), 2, 1),
        ((1, 2), 3, 1),
    ],
)
def test_v17_exact_tie_goes_nearest_the_dealers_left(
    tied: tuple[int, int], dealer: int, winner: int
) -> None:
    hands = [MID_A, MID_A, MID_A, MID_A]
    hands[tied[0]], hands[tied[1]] = L9, L9B  # both 9
    hands[next(seat for seat in range(4) if seat not in tied)] = MID_B
    payoffs = tuple(6 if seat == winner else -2 for seat in range(4))
    assert_deal_tonk(deal(NEWARK, hands, dealer=dealer), payoffs, (winner,))


def test_v17_two_50s_go_nearest_the_dealers_left() -> None:
    # Dealer 0: seat 1 then seat 2 then the dealer; seat 2 is nearer than seat 0.
    check_wins(
        NEWARK,
        [
            ("dealer 0", [F50, MID_B, F50B], 0, (-2, -2, 4), (2,)),
            ("dealer 2", [F50, MID_B, F50B], 2, (4, -2, -2), (0,)),
        ],
    )


# V18: Hank T Hebhoe, Rushville IN.
RUSHVILLE = presets.RUSHVILLE
COURT5 = "JC QD KH JS QS"
COURT5B = "JD QC KC KD JH"


def test_v18_five_court_cards_win_at_the_deal() -> None:
    check_wins(
        RUSHVILLE,
        [
            ("seat 0", [COURT5, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("dealer", [MID_A, MID_B, COURT5], 2, (-2, -2, 4), (2,)),
        ],
    )


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("10C JD QH KS JC", id="tens-do-not-count"),
        pytest.param(F49, id="49"),
        pytest.param("10C 10D 10H 10S JC", id="50-of-tens"),
        pytest.param(L9B, id="9"),
    ],
)
def test_v18_no_count_wins_at_the_deal(hand: str) -> None:
    assert_no_deal_tonk(deal(RUSHVILLE, [hand, MID_B, MID_C], dealer=2))


def test_v18_two_five_court_hands_void() -> None:
    # V18 changes which dealt hands win; two of them clash as in B5.
    assert_void(deal(RUSHVILLE, [COURT5, COURT5B, MID_C], dealer=2))


# V19: Mike Foulds, Chicago.
CHICAGO = presets.CHICAGO
CHICAGO_EARLIEST = attrs.evolve(CHICAGO, deal_tonk_tie=DealTonkTie.NEAREST_DEALER_LEFT)
CHICAGO_49_IN_TURN = attrs.evolve(
    CHICAGO,
    deal_tonks=(
        DealTonk(totals={50}),
        DealTonk(at_most=13),
        DealTonk(totals={49}, pays=2, claim=DealTonkClaim.BEFORE_FIRST_TURN),
    ),
)
CLAIM = ClaimDealTonk()


def test_v19_chicago_deals_no_upcard() -> None:
    state = deal(CHICAGO, [MID_A, MID_B, MID_C], dealer=2)
    assert_no_deal_tonk(state)
    assert state.discard_pile == ()
    assert state.stock_size == 54 - 15
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock()}


def test_v19_big_50_wins_double() -> None:
    check_wins(CHICAGO, [("50", [F50, MID_B, MID_C], 2, (4, -2, -2), (0,))])


def test_v19_two_big_50s_void() -> None:
    assert_void(deal(CHICAGO, [F50, F50B, MID_C], dealer=2))
    assert_void(deal(CHICAGO, [F50, MID_B, F50B], dealer=0))


def test_v19_option_earliest_big_50_from_dealers_left_wins() -> None:
    check_wins(
        CHICAGO_EARLIEST,
        [
            ("dealer 0", [F50, F50B, MID_C], 0, (-2, 4, -2), (1,)),
            ("dealer 1", [F50, F50B, MID_C], 1, (4, -2, -2), (0,)),
            ("dealer 2", [F50, MID_B, F50B], 2, (4, -2, -2), (0,)),
        ],
    )


def test_v19_lowest_13_or_less_wins_others_nothing() -> None:
    check_wins(
        CHICAGO,
        [
            ("13", [L13, MID_A, MID_B], 2, (4, -2, -2), (0,)),
            ("13 and 9", [L13, L9, MID_B], 2, (-2, 4, -2), (1,)),
            # Three hands of 13 or less need the jokers: 9, 10 and 13.
            (
                "9, 10, 13",
                [L9, "3H 3S 4C JK JK", "AH AS 4H 4S 3D"],
                1,
                (4, -2, -2),
                (0,),
            ),
        ],
    )
    assert_no_deal_tonk(deal(CHICAGO, [L14, MID_A, MID_B], dealer=2))


def test_v19_big_50_beats_13_or_less() -> None:
    # The preset's reading: the rules name no order between them.
    check_wins(CHICAGO, [("50 and 9", [F50, L9, MID_C], 2, (4, -2, -2), (0,))])


def test_v19_tie_for_lowest_13_or_less_pays_nothing() -> None:
    # Seats 0 and 1 both 9; seat 2's 10 is not the lowest, so it gets nothing.
    state = deal(CHICAGO, [L9, L9B, "3H 3S 4C JK JK"], dealer=2)
    assert dealt_counts(state) == (9, 9, 10)
    assert_void(state)


def test_v19_tie_for_lowest_13_or_less_pays_nothing_under_big_50_option() -> None:
    # The option is for Big 50s only; a tie for lowest 13-or-less still pays
    # nothing.
    assert_void(deal(CHICAGO_EARLIEST, [L9, L9B, MID_C], dealer=2))


def test_v19_dealt_49_is_not_settled_at_the_deal() -> None:
    state = deal(CHICAGO, [F49, MID_B, MID_C], dealer=2)
    assert_no_deal_tonk(state)
    assert state.count(0) == 49
    assert set(tonk.legal_actions(state)) == {CLAIM, Drop(), DrawStock()}
    assert tonk.parse_action(state, "claim") == CLAIM
    assert tonk.format_action(CLAIM) == "claim"
    outcome = assert_deal_tonk(play(state, "claim"), (2, -1, -1), (0,))
    assert outcome.counts == (49, 35, 35)


def test_v19_49_in_turn_option_pays_double() -> None:
    state = deal(CHICAGO_49_IN_TURN, [F49, MID_B, MID_C], dealer=2)
    assert_no_deal_tonk(state)
    assert_deal_tonk(play(state, "claim"), (4, -2, -2), (0,))


@pytest.mark.parametrize(
    ("seat", "payoffs"), [(1, (-1, 2, -1)), (2, (-1, -1, 2)), (0, (2, -1, -1))]
)
def test_v19_49_claimed_on_a_later_seats_first_turn(
    seat: int, payoffs: tuple[int, ...]
) -> None:
    hands = [MID_A, MID_B, MID_C]
    hands[seat] = F49
    state = deal(CHICAGO, hands, stock="2H 3H", dealer=0)
    # Seat 1 moves first; nobody spreads before the holder's first turn.
    while state.to_move != seat:
        assert CLAIM not in tonk.legal_actions(state)
        drawn = state.stock[0]
        state = play(state, "draw stock", f"discard {drawn}")
    assert CLAIM in tonk.legal_actions(state)
    assert_deal_tonk(play(state, "claim"), payoffs, (seat,))


def test_v19_no_claim_after_someone_has_spread() -> None:
    state = deal(CHICAGO, [MID_B, "3C 4C 5C KH JS", F49], stock="8H", dealer=0)
    state = play(state, "draw stock", "spread 3C 4C 5C", "discard 8H")
    assert state.to_move == 2
    assert state.count(2) == 49
    assert refused(state, CLAIM) is IllegalReason.NO_DEAL_TONK
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock(), DrawDiscard()}


def test_v19_no_claim_on_a_later_turn() -> None:
    state = deal(CHICAGO, [F49, MID_B], stock="8H 8S", dealer=1)
    assert CLAIM in tonk.legal_actions(state)
    state = play(state, "draw stock")
    assert refused(state, CLAIM) is IllegalReason.ALREADY_DREW
    state = play(state, "discard 8H", "draw stock", "discard 8S")
    assert state.to_move == 0
    assert state.count(0) == 49  # still the dealt hand
    assert refused(state, CLAIM) is IllegalReason.NO_DEAL_TONK
    assert set(tonk.legal_actions(state)) == {Drop(), DrawStock(), DrawDiscard()}


@pytest.mark.parametrize("hand", ["10D JD QD QS 8S", "10D JD QD 9S 8S", MID_A])
def test_v19_no_claim_without_a_dealt_49(hand: str) -> None:
    state = deal(CHICAGO, [hand, MID_B, MID_C], dealer=2)
    assert state.count(0) != 49
    assert_no_deal_tonk(state)
    assert refused(state, CLAIM) is IllegalReason.NO_DEAL_TONK
    assert tonk.legal_actions(state) == (Drop(), DrawStock())


def test_v19_claim_offered_exactly_when_legal() -> None:
    claimable = 0
    claimed = 0
    for seed in range(400):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = tonk.new_game(
            CHICAGO, players=players, seed=seed, dealer=seed % players
        )
        while state.outcome is None:
            legal = tonk.legal_actions(state)
            offered = CLAIM in legal
            assert offered == tonk.is_legal(state, CLAIM)
            if offered:
                claimable += 1
                hand = state.hands[state.to_move]
                assert tonk.hand_count(hand, CHICAGO) == 49
                assert state.spreads == ()
                assert state.turns_taken < players
            moves: list[tonk.Action] = [a for a in legal if not isinstance(a, Drop)]
            moves = moves or list(legal)
            action = rng.choice(moves)
            claimed += action == CLAIM
            state = tonk.apply(state, action)
        check_invariants(state)
    assert claimable > 0
    assert claimed > 0


# V20: Lenie Lepape, Washington State.
WASHINGTON_STATE = presets.WASHINGTON_STATE


def test_v20_50_49_or_14_or_less_is_a_double_tonk() -> None:
    check_wins(
        WASHINGTON_STATE,
        [
            ("50", [F50, MID_B, MID_C], 2, (4, -2, -2), (0,)),
            ("49", [MID_A, F49, MID_C], 2, (-2, 4, -2), (1,)),
            ("14", [L14, MID_A, MID_B], 2, (4, -2, -2), (0,)),
        ],
    )
    assert_no_deal_tonk(
        deal(WASHINGTON_STATE, ["AH 2H 3H 4H 5S", MID_A, MID_B], dealer=2)
    )


def test_v20_several_holders_are_all_paid() -> None:
    # Three players, two holders: each holder +2 from the one non-holder.
    state = deal(WASHINGTON_STATE, [F50, L9, MID_C], dealer=2)
    outcome = assert_deal_tonk(state, (2, 2, -4), (0, 1))
    assert Counter(outcome.transfers) == transfers(
        (2, 0, 2, TransferReason.DEAL_TONK), (2, 1, 2, TransferReason.DEAL_TONK)
    )
    # Four players, three holders.
    state = deal(WASHINGTON_STATE, [F50, F49, L9, MID_C], dealer=3)
    outcome = assert_deal_tonk(state, (2, 2, 2, -6), (0, 1, 2))
    assert Counter(outcome.transfers) == transfers(
        *((3, seat, 2, TransferReason.DEAL_TONK) for seat in (0, 1, 2))
    )
    # Five players, two holders: each +2 from each of the three others.
    state = deal(WASHINGTON_STATE, [F50, MID_A, F49, MID_B, MID_C], dealer=4)
    outcome = assert_deal_tonk(state, (6, -4, 6, -4, -4), (0, 2))
    assert Counter(outcome.transfers) == transfers(
        *(
            (payer, holder, 2, TransferReason.DEAL_TONK)
            for holder in (0, 2)
            for payer in (1, 3, 4)
        )
    )


def test_v20_holders_are_paid_whoever_deals() -> None:
    state = deal(WASHINGTON_STATE, [MID_A, L14, MID_C, F49], dealer=1)
    outcome = finished(state)
    assert outcome.kind is OutcomeKind.DEAL_TONK
    assert outcome.payoffs == (-4, 4, -4, 4)
    assert sorted(outcome.winners) == [1, 3]


def test_v20_every_player_a_holder_nobody_pays() -> None:
    outcome = assert_deal_tonk(
        deal(WASHINGTON_STATE, [F50, F49], dealer=1), (0, 0), (0, 1)
    )
    assert outcome.transfers == ()


def test_v20_two_to_six_players() -> None:
    assert WASHINGTON_STATE.max_players == 6
    for players in range(2, 7):
        check_invariants(tonk.new_game(WASHINGTON_STATE, players=players, seed=9))
    with pytest.raises(RulesError):
        tonk.new_game(WASHINGTON_STATE, players=7, seed=9)
    assert tonk.new_game(Rules(), players=7, seed=9).player_count == 7


# --- validation ------------------------------------------------------------------


@pytest.mark.parametrize(
    "build",
    [
        # No 5-card hand counts 5 or less (the least is A A A A 2 = 6).
        pytest.param(lambda: Rules(deal_tonks=(DealTonk(at_most=5),)), id="at-most-5"),
        # With two 0-point jokers the least is JK JK A A A = 3.
        pytest.param(
            lambda: Rules(jokers=2, deal_tonks=(DealTonk(at_most=2),)),
            id="at-most-2-jokers",
        ),
        pytest.param(
            lambda: Rules(deal_tonks=(DealTonk(court_cards=6),)), id="6-courts-in-5"
        ),
        pytest.param(
            lambda: Rules(hand_size=7, deal_tonks=(DealTonk(court_cards=8),)),
            id="8-courts-in-7",
        ),
        pytest.param(lambda: Rules(deal_tonks=(DealTonk(totals={51}),)), id="total-51"),
        pytest.param(lambda: Rules(wilds=Wilds.JOKERS), id="wild-jokers-no-jokers"),
        pytest.param(
            lambda: Rules(wilds=Wilds.JOKERS, jokers=0, joker_value=25),
            id="wild-jokers-value-no-jokers",
        ),
        pytest.param(lambda: Rules(joker_value=25), id="joker-value-no-jokers"),
        pytest.param(lambda: Rules(hand_size=14), id="hand-size-14"),
        pytest.param(lambda: Rules(hand_size=26), id="hand-size-26"),
        pytest.param(lambda: Rules(hand_size=0), id="hand-size-0"),
        pytest.param(
            lambda: Rules(pack_kind=PackKind.FORTY, hand_size=20, deal_tonks=()),
            id="forty-hand-size-20",
        ),
        pytest.param(lambda: DealTonk(totals={50}, at_most=9), id="totals-at-most"),
        pytest.param(lambda: DealTonk(at_most=13, court_cards=5), id="at-most-courts"),
        pytest.param(
            lambda: DealTonk(totals={50}, at_most=9, court_cards=5), id="all-three"
        ),
        pytest.param(lambda: DealTonk(), id="no-condition"),
        pytest.param(lambda: DealTonk(totals={50}, pays=0), id="pays-0"),
        pytest.param(lambda: Rules(pack_kind=PackKind.FORTY), id="forty-49"),
        pytest.param(lambda: Rules(court_values=CourtValues.RANKED), id="ranked-49-50"),
        pytest.param(lambda: Rules(two_packs_from=1), id="two-packs-from-1"),
        pytest.param(lambda: Rules(player_limit=1), id="player-limit-1"),
    ],
)
def test_invalid_rule_combinations_raise(build: Callable[[], object]) -> None:
    with pytest.raises(RulesError) as caught:
        build()
    assert str(caught.value)


def test_reachable_limits_are_accepted() -> None:
    Rules(deal_tonks=(DealTonk(at_most=6),))
    Rules(jokers=2, deal_tonks=(DealTonk(at_most=3),))
    Rules(deal_tonks=(DealTonk(court_cards=5),))
    Rules(hand_size=7, deal_tonks=(DealTonk(court_cards=7),))
    Rules(hand_size=13)
    Rules(jokers=2, joker_value=25, wilds=Wilds.JOKERS)


def _swap_first_card(deck: Sequence[Card]) -> list[Card]:
    changed = list(deck)
    changed[0] = changed[1]  # one card twice, another missing
    return changed


@pytest.mark.parametrize(
    ("rules", "players", "deck"),
    [
        pytest.param(PLAIN_JOKERS, 2, Rules().pack(), id="no-jokers"),
        pytest.param(Rules(), 2, PLAIN_JOKERS.pack(), id="extra-jokers"),
        pytest.param(BATON_ROUGE, 2, Rules().pack(), id="52-for-40"),
        pytest.param(Rules(), 2, BATON_ROUGE.pack(), id="40-for-52"),
        pytest.param(TWO_PACKS, 5, TWO_PACKS.pack(players=4), id="one-pack-for-two"),
        pytest.param(TWO_PACKS, 4, TWO_PACKS.pack(players=5), id="two-packs-for-one"),
        pytest.param(Rules(), 2, _swap_first_card(Rules().pack()), id="duplicate"),
        pytest.param(
            TWO_PACKS,
            5,
            [*TWO_PACKS.pack(players=5)[:-1], card("AC")],
            id="three-of-a-card",
        ),
    ],
)
def test_new_game_rejects_a_deck_that_is_not_the_rules_pack(
    rules: Rules, players: int, deck: Sequence[Card]
) -> None:
    with pytest.raises(RulesError):
        tonk.new_game(rules, players=players, deck=deck)


# --- presets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pack4", "pack5", "hand_size", "upcard", "max_players"),
    [
        ("pagat", 52, 52, 5, True, 10),
        ("baton_rouge", 40, 40, 5, True, 7),
        ("seattle", 52, 52, 7, True, 7),
        ("vietnam", 40, 40, 7, True, 5),
        ("washington_dc", 52, 52, 5, True, 10),
        ("newark", 52, 52, 5, True, 10),
        ("rushville", 52, 52, 5, True, 10),
        ("chicago", 54, 54, 5, False, 10),
        ("washington_state", 52, 52, 5, True, 6),
        ("sheet", 52, 104, 5, True, 20),
        ("push_ups", 52, 52, 5, True, 10),
    ],
)
def test_presets_deck_and_deal(
    name: str, pack4: int, pack5: int, hand_size: int, upcard: bool, max_players: int
) -> None:
    rules = presets.get(name)
    assert len(rules.pack(players=4)) == pack4
    assert len(rules.pack(players=5)) == pack5
    assert rules.hand_size == hand_size
    assert rules.upcard is upcard
    assert rules.max_players == max_players
    state = tonk.new_game(rules, players=4, seed=8)
    check_invariants(state)
    assert all(len(hand) == hand_size for hand in state.hands)
    assert len(state.discard_pile) == int(upcard)


def test_presets_names() -> None:
    assert presets.names() == NAMES
    assert presets.get("pagat") == Rules()


PRESET_HANDS = under_ci(1000)
"""Hands a preset plays at random (50 under the local Hypothesis profile)."""


@pytest.mark.parametrize("name", presets.names())
def test_presets_play_random_hands(name: str) -> None:
    # Random legal play at random tables; the first tenth of the hands (100
    # under CI's profile) are checked state by state, every hand at its end.
    rules = presets.get(name)
    rng = random.Random(f"presets-{name}")
    kinds: Counter[OutcomeKind] = Counter()
    for hand in range(PRESET_HANDS):
        players = rng.randint(2, min(rules.max_players, 6))
        state = tonk.new_game(
            rules,
            players=players,
            seed=rng.getrandbits(32),
            dealer=rng.randrange(players),
        )
        while state.outcome is None:
            legal = tonk.legal_actions(state)
            assert legal
            if state.phase is Phase.TURN_START:
                seat = state.to_move
                if rules.stock_end is tonk.StockEnd.FORCED_KNOCK and not state.stock:
                    assert legal == (Drop(),)  # V29
                if rules.boobed_deck and not state.hands[seat]:
                    assert legal == (Drop(),)  # V27
                if state.waits[seat]:
                    assert Drop() not in legal  # V22, V23
                if rng.random() > 0.05:
                    # Drop rarely, so that hands last and spreads and hits happen.
                    legal = tuple(a for a in legal if not isinstance(a, Drop)) or legal
            state = tonk.apply(state, rng.choice(legal))
            if hand < PRESET_HANDS // 10:
                check_invariants(state)
        check_invariants(state)
        assert state.outcome is not None
        assert sum(state.outcome.payoffs) == 0
        kinds[state.outcome.kind] += 1
    assert sum(kinds.values()) == PRESET_HANDS
    if rules.drops:
        assert kinds[OutcomeKind.CAUGHT] + kinds[OutcomeKind.DROP_WON] > 0
    else:  # H4: no drops; the tunk ends the hand (H5)
        assert kinds[OutcomeKind.TUNK] > 0


def test_v10_a_run_of_every_rank_has_one_layout_whichever_end_the_ace_joined() -> None:
    # With ace high a run holding every rank reads with the ace at either end;
    # hitting the last rank onto an ace-high run gives the same layout as
    # laying the whole suit at once, and nothing more fits it.
    from tonk._spreads import extended, fits

    rules = Rules(pack_kind=PackKind.FORTY, ace_high=True, deal_tonks=())
    tables = compiled(rules).tables
    cards = tonk.parse_cards("3H 4H 5H 6H 7H JH QH KH AH")
    spread = tonk.Spread(
        number=1, owner=0, kind=tonk.SpreadKind.RUN, cards=cards, stands_for=cards
    )
    two = tonk.Card.parse("2H")
    assert fits(spread, two, tables, 1)
    full = extended(spread, two, two, tables, 0)
    assert [str(card) for card in full.stands_for] == (
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH", "QH", "KH"]
    )
    assert not any(fits(full, card, tables, 1) for card in rules.pack())


def test_v10_a_run_from_two_to_king_offers_the_ace_once() -> None:
    # With ace high the ace fits either end of 2..K, but a wild hit standing for
    # it is one action, not two (found by the encoding's distinct-index test).
    from tonk._spreads import hit_candidates

    rules = Rules(
        pack_kind=PackKind.FORTY,
        ace_high=True,
        jokers=1,
        wilds=tonk.Wilds.JOKERS,
        deal_tonks=(),
    )
    cards = tonk.parse_cards("2S 3S 4S 5S 6S 7S JS QS KS")
    spread = tonk.Spread(
        number=1, owner=0, kind=tonk.SpreadKind.RUN, cards=cards, stands_for=cards
    )
    assert hit_candidates(spread, compiled(rules).tables) == [tonk.Card.parse("AS")]
