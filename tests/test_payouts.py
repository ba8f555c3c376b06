"""One or more scenarios per payout rule, V31-V39 and V46 of docs/rules/.

Each rule is played on a stacked deck through ``new_game`` and ``apply``, and the
settlement is checked to the last transfer (payer, payee, amount, reason) and
payoff; the catch tables (V35-V38) are also checked on their own arithmetic
with ``scoring.settle_drop``. Every expected value was worked out by hand from
docs/rules/ and the option docstrings, not read off the engine.

Seats are numbered 0..N-1 clockwise and the dealer's left moves first; counts
are B1's (A=1, 2-10 face value, J/Q/K=10). In the drop scenarios the letters
of the rules pages' examples are seats: D the dropper, then A, B, C.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import attrs
import pytest
from scenario import card, cards, finished, live, sorted_hand

import tonk
from tonk import (
    Action,
    Catch,
    ClaimDealTonk,
    DealTonk,
    DealTonkClaim,
    DrawStock,
    Drop,
    Exchange,
    ExhaustionTie,
    GameState,
    IllegalActionError,
    IllegalReason,
    LowestTie,
    Outcome,
    OutcomeKind,
    OutPay,
    OutWay,
    PerPlayer,
    Phase,
    Rules,
    RulesError,
    Stake,
    Transfer,
    TransferReason,
    presets,
)
from tonk.scoring import settle_drop
from tonk.testing import stack_deck

CATCHER = TransferReason.CATCHER
LOWEST = TransferReason.LOWEST
TONK_OUT = TransferReason.TONK_OUT
BY_DISCARD = TransferReason.OUT_BY_DISCARD
DROP_WON = TransferReason.DROP_WON
SPLIT = TransferReason.HIT_AND_SPLIT
WIDOW = TransferReason.WIDOW
HALF = Fraction(1, 2)

# --- helpers ---------------------------------------------------------------------


def deal(
    rules: Rules,
    hands: Sequence[str],
    *,
    stock: str = "",
    upcard: str = "",
    widows: Sequence[str] = (),
    dealer: int = 0,
) -> GameState:
    """Deal a stacked deck: these hands, widows (V46), upcard and stock top.

    The cards named nowhere follow in the pack's canonical order; the first of
    them is the upcard (if the rules turn one up) unless one is named.
    """
    players = len(hands)
    named = Counter(cards(" ".join([*hands, stock, upcard, *widows])))
    filler = []
    for c in rules.pack(players=players):
        if named[c]:
            named[c] -= 1
        else:
            filler.append(c)
    assert not +named, f"named more often than the pack holds: {+named}"
    up = cards(upcard)
    if not up and rules.upcard:
        up, filler = (filler[0],), filler[1:]
    assert len(widows) == (players if rules.widow else 0)
    # The widows are dealt after the hands, one each from the dealer's left.
    widow_cards = [card(widows[(dealer + 1 + i) % players]) for i in range(len(widows))]
    dealt = stack_deck(rules, hands=hands, dealer=dealer)[: players * rules.hand_size]
    deck = (*dealt, *widow_cards, *up, *cards(stock), *filler)
    state = tonk.new_game(rules, players=players, deck=deck, dealer=dealer)
    live(state)
    for seat, hand in enumerate(hands):
        assert state.hands[seat] == sorted_hand(hand)
    assert state.widows == tuple(card(widow) for widow in widows)
    return state


def play(state: GameState, *texts: str) -> GameState:
    """Apply each action, written in action notation, for the player to move."""
    for text in texts:
        action = tonk.parse_action(state, text)
        assert action in tonk.legal_actions(state), f"{text!r} should be legal"
        state = tonk.apply(state, action)
        if not state.is_terminal:
            live(state)
    return state


def pass_turns(state: GameState, turns: int) -> GameState:
    """Play ``turns`` turns that draw the stock's top card and discard it."""
    for _ in range(turns):
        drawn = state.stock[0]
        state = play(state, "draw stock", f"discard {drawn}")
    return state


def transfers(*items: tuple[int, int, Stake, TransferReason]) -> Counter[Transfer]:
    return Counter(Transfer(*item) for item in items)


def assert_settled(
    outcome: Outcome,
    kind: OutcomeKind,
    payoffs: Sequence[Stake],
    paid: Counter[Transfer],
    *,
    winners: Sequence[int],
) -> None:
    """The outcome has this kind, these exact payoffs, transfers and winners."""
    assert outcome.kind is kind
    assert outcome.payoffs == tuple(payoffs)
    assert Counter(outcome.transfers) == paid
    assert sorted(outcome.winners) == sorted(winners)
    for payoff in outcome.payoffs:
        assert type(payoff) in (int, Fraction)


def paid_out(
    players: int, winner: int, amount: int, reason: TransferReason
) -> Counter[Transfer]:
    """Every other seat pays ``winner`` ``amount``."""
    return transfers(
        *((seat, winner, amount, reason) for seat in range(players) if seat != winner)
    )


def out_payoffs(players: int, winner: int, amount: int) -> list[Stake]:
    return [
        amount * (players - 1) if seat == winner else -amount for seat in range(players)
    ]


def refused(state: GameState, action: Action) -> IllegalReason:
    """Apply an action that must be refused and return why it was."""
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    assert caught.value.action == action
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return caught.value.reason


# Two-player hands for going out on seat 0's first turn (dealer 1).
RUN_AND_KINGS = "5C 6C 7C KH KD"  # 38; with KS drawn: two spreads
RUN_OF_FIVE = "5C 6C 7C 8C 9C"  # 35; with 4C drawn: a spread and three hits
OTHER = "3H 4H 9S 10S JS"  # 36: nothing in play with the hands above


def first_turn(rules: Rules, hand: str, drawn: str, *, players: int = 2) -> GameState:
    """Seat 0 holds ``hand`` and has drawn ``drawn`` on its first turn."""
    others = [OTHER, "3D 4D 9H 10H JH", "3S 4S 9D 10D JD"][: players - 1]
    extra = ["QH", "QS", "QD"]  # for six-card hands (a count of 46)
    others = [
        f"{other} {extra[index]}" if rules.hand_size == 6 else other
        for index, other in enumerate(others)
    ]
    state = deal(rules, [hand, *others], stock=drawn, dealer=players - 1)
    return play(state, "draw stock")


# --- V31 going-out pay -----------------------------------------------------------

V31A = Rules(
    going_out=(
        OutPay(pays=2, by={OutWay.SPREAD}),
        OutPay(pays=1, by={OutWay.HIT, OutWay.DISCARD}),
    )
)
V31B = Rules(going_out=(OutPay(pays=1),))


def test_v31a_emptied_by_laying_a_spread_pays_double() -> None:
    state = first_turn(V31A, RUN_AND_KINGS, "KS", players=3)
    outcome = finished(play(state, "spread 5C 6C 7C", "spread KH KD KS"))
    assert_settled(
        outcome,
        OutcomeKind.TONK_OUT,
        (4, -2, -2),
        paid_out(3, 0, 2, TONK_OUT),
        winners=[0],
    )


def test_v31a_last_cards_out_by_hits_pay_single() -> None:
    state = first_turn(V31A, RUN_OF_FIVE, "4C", players=3)
    state = play(state, "spread 5C 6C 7C", "hit 1 8C", "hit 1 9C", "hit 1 4C")
    outcome = finished(state)
    assert_settled(
        outcome,
        OutcomeKind.TONK_OUT,
        (2, -1, -1),
        paid_out(3, 0, 1, TONK_OUT),
        winners=[0],
    )
    # B11 pays any tonk out, hits included, 2x.
    default = finished(
        play(
            first_turn(Rules(), RUN_OF_FIVE, "4C", players=3),
            "spread 5C 6C 7C",
            "hit 1 8C",
            "hit 1 9C",
            "hit 1 4C",
        )
    )
    assert default.payoffs == (4, -2, -2)


def test_v31a_out_by_discard_pays_single() -> None:
    state = first_turn(V31A, RUN_OF_FIVE, "KC")
    outcome = finished(play(state, "spread 5C 6C 7C 8C 9C", "discard KC"))
    assert_settled(
        outcome,
        OutcomeKind.OUT_BY_DISCARD,
        (1, -1),
        paid_out(2, 0, 1, BY_DISCARD),
        winners=[0],
    )


WAYS_OUT = [
    pytest.param(
        RUN_AND_KINGS,
        "KS",
        ["spread 5C 6C 7C", "spread KH KD KS"],
        OutcomeKind.TONK_OUT,
        id="spread",
    ),
    pytest.param(
        RUN_OF_FIVE,
        "4C",
        ["spread 5C 6C 7C", "hit 1 8C", "hit 1 9C", "hit 1 4C"],
        OutcomeKind.TONK_OUT,
        id="hit",
    ),
    pytest.param(
        RUN_OF_FIVE,
        "KC",
        ["spread 5C 6C 7C 8C 9C", "discard KC"],
        OutcomeKind.OUT_BY_DISCARD,
        id="discard",
    ),
]


@pytest.mark.parametrize(("hand", "drawn", "actions", "kind"), WAYS_OUT)
def test_v31b_every_going_out_pays_single(
    hand: str, drawn: str, actions: list[str], kind: OutcomeKind
) -> None:
    state = first_turn(V31B, hand, drawn, players=3)
    outcome = finished(play(state, *actions))
    reason = TransferReason(kind.value)
    assert_settled(outcome, kind, (2, -1, -1), paid_out(3, 0, 1, reason), winners=[0])


# --- V32 Chicago going out -------------------------------------------------------

CHICAGO = presets.CHICAGO  # no upcard; hands here count 14-48 and hold no wilds


def broken_by_a_hit(rules: Rules) -> GameState:
    """Seat 0 hits seat 1's run on its first turn, then holds 9C 10C JC QC.

    Dealer 0: seat 1 lays 3S 4S 5S; seat 0 hits 6S onto it; seat 1 passes a
    turn; seat 0 has drawn KC on its second turn.
    """
    state = deal(rules, ["6S 9C 10C JC QC", "3S 4S 5S 9H 9D"], stock="JD 4D 8D KC")
    state = play(state, "draw stock", "spread 3S 4S 5S", "discard JD")
    state = play(state, "draw stock", "hit 1 6S", "discard 4D")
    state = pass_turns(state, 1)
    return play(state, "draw stock")


def test_v32_a_hand_broken_by_a_hit_goes_out_for_single() -> None:
    # Seat 0 goes out by laying one spread on a later turn: B11 would pay 2x.
    state = play(broken_by_a_hit(CHICAGO), "spread 9C 10C JC QC KC")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (1, -1),
        paid_out(2, 0, 1, TONK_OUT),
        winners=[0],
    )
    plain = attrs.evolve(CHICAGO, going_out=Rules().going_out)
    state = play(broken_by_a_hit(plain), "spread 9C 10C JC QC KC")
    assert finished(state).payoffs == (2, -2)


def broken_by_a_slap(rules: Rules) -> GameState:
    """Seat 0 slaps seat 1's discard 6S onto 3S 4S 5S, then holds 9C 10C JC QC.

    Dealer 0: seat 1 draws 6S, lays 3S 4S 5S and discards 6S; seat 1 passes
    the slap, seat 0 slaps and discards 7H extra, then draws KC.
    """
    state = deal(rules, ["7H 9C 10C JC QC", "3S 4S 5S 9H 9D"], stock="6S KC")
    state = play(state, "draw stock", "spread 3S 4S 5S", "discard 6S")
    assert state.phase is Phase.SLAP_WINDOW
    state = play(state, "pass", "slap 1", "discard 7H", "draw stock")
    assert state.hands[0] == sorted_hand("9C 10C JC QC KC")
    return state


def test_v32_a_hand_broken_by_a_slap_goes_out_for_single() -> None:
    # V26: a slap counts as a hit, so it breaks the hand.
    rules = attrs.evolve(CHICAGO, slap_in=True)
    state = play(broken_by_a_slap(rules), "spread 9C 10C JC QC KC")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (1, -1),
        paid_out(2, 0, 1, TONK_OUT),
        winners=[0],
    )
    plain = attrs.evolve(rules, going_out=Rules().going_out)
    state = play(broken_by_a_slap(plain), "spread 9C 10C JC QC KC")
    assert finished(state).payoffs == (2, -2)


def test_v32_tonk_out_off_the_deal_pays_double() -> None:
    state = first_turn(CHICAGO, RUN_AND_KINGS, "KS", players=3)
    state = play(state, "spread 5C 6C 7C", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (4, -2, -2),
        paid_out(3, 0, 2, TONK_OUT),
        winners=[0],
    )


def test_v32_a_later_two_spread_going_out_pays_single() -> None:
    state = deal(
        CHICAGO,
        [RUN_AND_KINGS, OTHER, "3D 4D 9H 10H JH"],
        stock="QD QS 8H KS",
        dealer=2,
    )
    state = pass_turns(state, 3)  # seat 0 discards QD; seats 1 and 2 pass
    state = play(state, "draw stock", "spread 5C 6C 7C", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (2, -1, -1),
        paid_out(3, 0, 1, TONK_OUT),
        winners=[0],
    )


def test_v32_otherwise_b11_pays_a_later_unbroken_going_out_by_discard() -> None:
    state = deal(CHICAGO, ["9C 10C JC QC 7H", OTHER], stock="KD 8H KC", dealer=1)
    state = pass_turns(state, 2)
    state = play(state, "draw stock", "spread 9C 10C JC QC KC", "discard 7H")
    assert_settled(
        finished(state),
        OutcomeKind.OUT_BY_DISCARD,
        (1, -1),
        paid_out(2, 0, 1, BY_DISCARD),
        winners=[0],
    )


def test_v32_reading_a_later_unbroken_one_spread_going_out_pays_double() -> None:
    # The preset's reading: only a broken hand or a later two-spread going out
    # is cut to 1x; otherwise B11 pays, so laying one six-card run on a later
    # turn pays 2x while two spreads would pay 1x.
    state = deal(CHICAGO, ["8C 9C 10C JC QC", OTHER], stock="KD 8H KC", dealer=1)
    state = pass_turns(state, 2)
    state = play(state, "draw stock", "spread 8C 9C 10C JC QC KC")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (2, -2),
        paid_out(2, 0, 2, TONK_OUT),
        winners=[0],
    )


# --- V33 Newark first-turn bonus ---------------------------------------------------

NEWARK = presets.NEWARK  # deal tonks on 49, 50 and 13 or less: hands here count 14-48
NEWARK_6 = attrs.evolve(NEWARK, hand_size=6)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_v33_first_turn_two_spreads_pays_quadruple(seat: int) -> None:
    # Whoever goes out on their own first turn: dealer 2, seats 0, 1, 2 in turn.
    hands = [OTHER, "3D 4D 9H 10H JH", "3S 4S 9D 10D JD"]
    hands[seat] = RUN_AND_KINGS
    fillers = ["QH", "QS"][:seat]
    state = deal(NEWARK, hands, stock=" ".join([*fillers, "KS"]), dealer=2)
    state = pass_turns(state, seat)
    state = play(state, "draw stock", "spread 5C 6C 7C", "spread KH KD KS")
    payoffs = out_payoffs(3, seat, 4)
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        payoffs,
        paid_out(3, seat, 4, TONK_OUT),
        winners=[seat],
    )


def test_v33_reading_the_last_card_may_go_as_a_discard() -> None:
    state = first_turn(NEWARK_6, "5C 6C 7C KH KD 9D", "KS")
    state = play(state, "spread 5C 6C 7C", "spread KH KD KS", "discard 9D")
    assert_settled(
        finished(state),
        OutcomeKind.OUT_BY_DISCARD,
        (4, -4),
        paid_out(2, 0, 4, BY_DISCARD),
        winners=[0],
    )


def test_v33_not_if_a_hit_was_needed() -> None:
    # The same six cards and KS: as a four-card run and a book, 4x; as a
    # three-card run, a hit and a book, B11's 2x.
    hand = "5C 6C 7C 8C KH KD"
    state = first_turn(NEWARK_6, hand, "KS")
    bonus = finished(play(state, "spread 5C 6C 7C 8C", "spread KH KD KS"))
    assert bonus.payoffs == (4, -4)
    state = first_turn(NEWARK_6, hand, "KS")
    state = play(state, "spread 5C 6C 7C", "hit 1 8C", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (2, -2),
        paid_out(2, 0, 2, TONK_OUT),
        winners=[0],
    )


def test_v33_not_on_a_later_turn() -> None:
    state = deal(NEWARK, [RUN_AND_KINGS, OTHER], stock="QD 8H KS", dealer=1)
    state = pass_turns(state, 2)
    state = play(state, "draw stock", "spread 5C 6C 7C", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (2, -2),
        paid_out(2, 0, 2, TONK_OUT),
        winners=[0],
    )


def test_v33_one_spread_on_the_first_turn_is_no_bonus() -> None:
    state = first_turn(NEWARK, RUN_OF_FIVE, "KC")
    state = play(state, "spread 5C 6C 7C 8C 9C", "discard KC")
    assert finished(state).payoffs == (1, -1)


# --- V34 runout bonus --------------------------------------------------------------

SHEET = presets.SHEET


def test_v34_runout_by_spreads_pays_double() -> None:
    state = first_turn(SHEET, RUN_AND_KINGS, "KS", players=3)
    state = play(state, "spread 5C 6C 7C", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (4, -2, -2),
        paid_out(3, 0, 2, TONK_OUT),
        winners=[0],
    )


def test_v34_runout_by_discard_on_a_later_turn_pays_double() -> None:
    # No spread before the turn that goes out: the going out by discard is a
    # runout, on any turn.
    state = deal(SHEET, [RUN_OF_FIVE, OTHER], stock="QD 8H KC", dealer=1)
    state = pass_turns(state, 2)
    state = play(state, "draw stock", "spread 5C 6C 7C 8C 9C", "discard KC")
    assert_settled(
        finished(state),
        OutcomeKind.OUT_BY_DISCARD,
        (2, -2),
        paid_out(2, 0, 2, BY_DISCARD),
        winners=[0],
    )


def test_v34_after_a_spread_on_an_earlier_turn_pays_single() -> None:
    state = deal(SHEET, [RUN_AND_KINGS, OTHER], stock="9D 8H KS", dealer=1)
    state = play(state, "draw stock", "spread 5C 6C 7C", "discard 9D")
    state = pass_turns(state, 1)
    state = play(state, "draw stock", "spread KH KD KS")
    assert_settled(
        finished(state),
        OutcomeKind.TONK_OUT,
        (1, -1),
        paid_out(2, 0, 1, TONK_OUT),
        winners=[0],
    )


# --- V35 catch alternatives (and B13) ----------------------------------------------

# the rules pages' examples with three-card hands (so that a count of 5 can be dealt):
# D (seat 0) drops on 10; A (seat 1) has 5, B (seat 2) 8, C (seat 3) 20.
D, A, B, C = 0, 1, 2, 3
EXAMPLE_HANDS = ["AC 4C 5C", "AD 2D 2H", "AH 3D 4D", "KC 9D AS"]
EXAMPLE_COUNTS = (10, 5, 8, 20)
THREE_CARDS = Rules(hand_size=3, deal_tonks=())


def dropped(rules: Rules, hands: Sequence[str], *, dropper: int) -> Outcome:
    """Deal so that ``dropper`` moves first, and drop at once on the dealt hand."""
    state = deal(rules, hands, dealer=(dropper - 1) % len(hands))
    assert state.to_move == dropper
    return finished(play(state, "drop"))


EXAMPLE_CATCHES = [
    pytest.param(
        Catch.B13,
        (-4, 4, 1, -1),
        [(D, A, 2, CATCHER), (D, B, 2, CATCHER), (B, A, 1, LOWEST), (C, A, 1, LOWEST)],
        id="B13",
    ),
    pytest.param(
        Catch.LOWEST_ONLY,
        (-2, 4, -1, -1),
        [(D, A, 2, LOWEST), (B, A, 1, LOWEST), (C, A, 1, LOWEST)],
        id="V35.1",
    ),
    pytest.param(
        Catch.STAKES_TO_LOWEST, (-3, 3, 0, 0), [(D, A, 3, LOWEST)], id="V35.2"
    ),
    pytest.param(
        Catch.SINGLE,
        (-3, 4, 0, -1),
        [
            (D, A, 1, CATCHER),
            (D, B, 1, CATCHER),
            (D, A, 1, LOWEST),
            (B, A, 1, LOWEST),
            (C, A, 1, LOWEST),
        ],
        id="V35.3",
    ),
    pytest.param(
        Catch.EVERYONE,
        (-6, 2, 2, 2),
        [(D, A, 2, CATCHER), (D, B, 2, CATCHER), (D, C, 2, CATCHER)],
        id="V35.4",
    ),
    pytest.param(Catch.FIVE_TO_LOWEST, (-5, 5, 0, 0), [(D, A, 5, LOWEST)], id="V35.5"),
    pytest.param(
        Catch.RUSHVILLE,
        (-8, 4, 4, 0),
        [(D, A, 4, CATCHER), (D, B, 4, CATCHER)],
        id="V36",
    ),
    pytest.param(
        Catch.CHICAGO,
        (-4, 2, 2, 0),
        [(D, A, 2, CATCHER), (D, B, 2, CATCHER)],
        id="V37",
    ),
    pytest.param(
        Catch.LEPAPE,
        (-16, 8, 8, 0),
        [(D, A, 8, CATCHER), (D, B, 8, CATCHER)],
        id="V38",
    ),
    pytest.param(
        Catch.LEPAPE_N_MINUS_1,
        (-12, 6, 6, 0),
        [(D, A, 6, CATCHER), (D, B, 6, CATCHER)],
        id="V38-N-1",
    ),
]


@pytest.mark.parametrize(("catch", "payoffs", "paid"), EXAMPLE_CATCHES)
def test_v35_worked_example_under_each_catch(
    catch: Catch,
    payoffs: tuple[int, ...],
    paid: list[tuple[int, int, int, TransferReason]],
) -> None:
    # B13's example gives A +4, B +1, C -1, D -4 and V35 3's A +4, B 0, C -1,
    # D -3; the other rows follow from each rule's text.
    outcome = settle_drop(EXAMPLE_COUNTS, D, catch=catch, dealer=C)
    assert_settled(outcome, OutcomeKind.CAUGHT, payoffs, transfers(*paid), winners=[A])
    assert outcome.counts == EXAMPLE_COUNTS
    assert outcome.dropper == D
    played = dropped(attrs.evolve(THREE_CARDS, catch=catch), EXAMPLE_HANDS, dropper=D)
    assert played == outcome


def test_v35_3_worked_example() -> None:
    outcome = dropped(
        attrs.evolve(THREE_CARDS, catch=Catch.SINGLE), EXAMPLE_HANDS, dropper=D
    )
    assert outcome.counts == (10, 5, 8, 20)
    assert outcome.payoffs == (-3, 4, 0, -1)  # D -3, A +4, B 0, C -1


def test_b13_worked_example() -> None:
    outcome = dropped(THREE_CARDS, EXAMPLE_HANDS, dropper=D)
    assert outcome.counts == (10, 5, 8, 20)
    assert outcome.payoffs == (-4, 4, 1, -1)  # D -4, A +4, B +1, C -1


@pytest.mark.parametrize(
    "catch",
    [Catch.B13, Catch.LOWEST_ONLY, Catch.SINGLE, Catch.FIVE_TO_LOWEST, Catch.LEPAPE],
)
def test_v35_a_strictly_lowest_dropper_collects_single_under_any_catch(
    catch: Catch,
) -> None:
    # A (5) drops, moving first: nobody has 5 or less.
    hands = [EXAMPLE_HANDS[D], EXAMPLE_HANDS[A], EXAMPLE_HANDS[B], EXAMPLE_HANDS[C]]
    outcome = dropped(attrs.evolve(THREE_CARDS, catch=catch), hands, dropper=A)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (-1, 3, -1, -1),
        paid_out(4, A, 1, DROP_WON),
        winners=[A],
    )


# A tie with the dropper goes against the dropper: D (seat 0) and A (seat 1)
# both have 10, B (seat 2) 20.
TIED_WITH_DROPPER = ["AC 4C 5C", "AD 4D 5D", "KC 9D AS"]

TIES_WITH_THE_DROPPER = [
    pytest.param(
        Catch.B13, (-2, 3, -1), [(D, A, 2, CATCHER), (B, A, 1, LOWEST)], id="B13"
    ),
    pytest.param(
        Catch.SINGLE,
        (-2, 3, -1),
        [(D, A, 1, CATCHER), (D, A, 1, LOWEST), (B, A, 1, LOWEST)],
        id="V35.3",
    ),
    pytest.param(Catch.STAKES_TO_LOWEST, (-2, 2, 0), [(D, A, 2, LOWEST)], id="V35.2"),
    pytest.param(Catch.CHICAGO, (-2, 2, 0), [(D, A, 2, CATCHER)], id="V37"),
]


@pytest.mark.parametrize(("catch", "payoffs", "paid"), TIES_WITH_THE_DROPPER)
def test_v35_a_tie_with_the_dropper_goes_against_the_dropper(
    catch: Catch,
    payoffs: tuple[int, ...],
    paid: list[tuple[int, int, int, TransferReason]],
) -> None:
    rules = attrs.evolve(THREE_CARDS, catch=catch)
    outcome = dropped(rules, TIED_WITH_DROPPER, dropper=D)
    assert outcome.counts == (10, 10, 20)
    assert_settled(outcome, OutcomeKind.CAUGHT, payoffs, transfers(*paid), winners=[A])


# Two others tie for lowest. Dealer seat 1, so seat 2 drops first on 10; seats 3
# and 0 have 5; seat 1 has 20. From the dealer's left the order is 2, 3, 0, 1:
# seat 3 is the tied player nearest the dealer's left.
TIED_LOWEST = ["AH 2C 2S", "KC 9D AS", "AC 4C 5C", "AD 2D 2H"]


def test_b13_two_others_tied_lowest_are_each_paid() -> None:
    outcome = dropped(THREE_CARDS, TIED_LOWEST, dropper=2)
    assert outcome.counts == (5, 20, 10, 5)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (3, -2, -4, 3),
        transfers(
            (2, 0, 2, CATCHER),
            (2, 3, 2, CATCHER),
            (1, 0, 1, LOWEST),
            (1, 3, 1, LOWEST),
        ),
        winners=[0, 3],
    )


def test_v35_1_two_others_tied_lowest_are_each_paid() -> None:
    rules = attrs.evolve(THREE_CARDS, catch=Catch.LOWEST_ONLY)
    outcome = dropped(rules, TIED_LOWEST, dropper=2)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (3, -2, -4, 3),
        transfers(
            (2, 0, 2, LOWEST),
            (2, 3, 2, LOWEST),
            (1, 0, 1, LOWEST),
            (1, 3, 1, LOWEST),
        ),
        winners=[0, 3],
    )


def test_v35_5_a_tie_for_lowest_goes_to_the_nearest_the_dealers_left() -> None:
    rules = attrs.evolve(THREE_CARDS, catch=Catch.FIVE_TO_LOWEST)
    outcome = dropped(rules, TIED_LOWEST, dropper=2)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (0, 0, -5, 5),
        transfers((2, 3, 5, LOWEST)),
        winners=[3],
    )
    # With the dealer at seat 3 instead, the order from the dealer's left is
    # 0, 1, 2, 3: seat 0 is paid.
    assert settle_drop((5, 20, 10, 5), 2, catch=Catch.FIVE_TO_LOWEST, dealer=3) == (
        attrs.evolve(
            outcome,
            payoffs=(5, 0, -5, 0),
            winners=(0,),
            transfers=(Transfer(2, 0, 5, LOWEST),),
        )
    )


def test_catch_components_a_tied_player_not_chosen_pays_the_chosen_one() -> None:
    # Reading of Catch: under NEAREST_DEALER_LEFT only the chosen tied player
    # is "lowest"; the other tied player is one of the others and pays it.
    catch = Catch(
        to_lowest=2, lowest_from_others=1, lowest_tie=LowestTie.NEAREST_DEALER_LEFT
    )
    outcome = dropped(attrs.evolve(THREE_CARDS, catch=catch), TIED_LOWEST, dropper=2)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-1, -1, -2, 4),
        transfers((2, 3, 2, LOWEST), (0, 3, 1, LOWEST), (1, 3, 1, LOWEST)),
        winners=[3],
    )


def test_catch_components_add_up() -> None:
    # Every component at once, with per-player amounts: D 10, A 5, B 8, C 20.
    catch = Catch(
        to_catchers=PerPlayer(1),  # 4 to each of A and B
        to_lowest=1,  # 1 more to A
        to_others=PerPlayer(1, less=1),  # 3 to each of A, B and C
        lowest_from_others=2,  # B and C pay A 2 each
    )
    outcome = settle_drop(EXAMPLE_COUNTS, D, catch=catch)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-18, 12, 5, 1),
        transfers(
            (D, A, 4, CATCHER),
            (D, B, 4, CATCHER),
            (D, A, 3, CATCHER),
            (D, B, 3, CATCHER),
            (D, C, 3, CATCHER),
            (D, A, 1, LOWEST),
            (B, A, 2, LOWEST),
            (C, A, 2, LOWEST),
        ),
        winners=[A],
    )


def test_v35_5_without_a_dealer_a_tie_cannot_be_broken() -> None:
    with pytest.raises(ValueError, match="dealer"):
        settle_drop((5, 20, 10, 5), 2, catch=Catch.FIVE_TO_LOWEST)
    # Without a tie the dealer is not needed.
    assert settle_drop((4, 20, 10, 5), 2, catch=Catch.FIVE_TO_LOWEST).payoffs == (
        5,
        0,
        -5,
        0,
    )


def test_v35_2_the_dropper_alone_pays_everyones_stake() -> None:
    # (N-1)x at three and at four players; nobody else pays.
    three = settle_drop((10, 5, 20), 0, catch=Catch.STAKES_TO_LOWEST)
    assert three.payoffs == (-2, 2, 0)
    four = settle_drop((10, 5, 20, 30), 0, catch=Catch.STAKES_TO_LOWEST)
    assert four.payoffs == (-3, 3, 0, 0)
    assert four.transfers == (Transfer(0, 1, 3, LOWEST),)


def test_v35_2_tied_lowest_players_share_the_stakes() -> None:
    # The dropper pays everyone's stake, (N-1)x, once: two tied lowest share it.
    four = settle_drop((10, 5, 5, 30), 0, catch=Catch.STAKES_TO_LOWEST)
    assert four.payoffs == (-3, Fraction(3, 2), Fraction(3, 2), 0)
    assert four.transfers == (
        Transfer(0, 1, Fraction(3, 2), LOWEST),
        Transfer(0, 2, Fraction(3, 2), LOWEST),
    )
    assert four.winners == (1, 2)


def test_v35_4_the_dropper_pays_double_to_every_other_player() -> None:
    hands = ["AC 4C 5C", "AD 2D 2H", "KC 9D AS"]  # D 10, A 5, B 20
    rules = attrs.evolve(THREE_CARDS, catch=Catch.EVERYONE)
    outcome = dropped(rules, hands, dropper=D)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-4, 2, 2),
        transfers((D, A, 2, CATCHER), (D, B, 2, CATCHER)),
        winners=[A],
    )


# --- V36 Rushville units -----------------------------------------------------------

RUSHVILLE = presets.RUSHVILLE  # no hand here has five court cards


@pytest.mark.parametrize(("hand", "drawn", "actions", "kind"), WAYS_OUT)
def test_v36_a_rum_pays_two_units_any_way(
    hand: str, drawn: str, actions: list[str], kind: OutcomeKind
) -> None:
    state = first_turn(RUSHVILLE, hand, drawn, players=3)
    outcome = finished(play(state, *actions))
    reason = TransferReason(kind.value)
    assert_settled(outcome, kind, (4, -2, -2), paid_out(3, 0, 2, reason), winners=[0])


def test_v36_a_tonk_pays_one_unit_from_each() -> None:
    hands = ["AC 2C 3C 4C 5C", "KC KD 5H 3S 4S", "QC QD 6H 7S 8S"]  # 15, 32, 41
    outcome = dropped(RUSHVILLE, hands, dropper=0)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (2, -1, -1),
        paid_out(3, 0, 1, DROP_WON),
        winners=[0],
    )


def test_v36_a_bumped_tonker_pays_four_units_to_each_bumper_only() -> None:
    # D 20 drops; A 15 and B 20 bump him; C 35 neither pays nor is paid.
    hands = ["KS 4S 3S 2S AS", "AC 2C 3C 4C 5C", "AD 2D 3D 4D QS", "KC KH 5H 3H 7H"]
    outcome = dropped(RUSHVILLE, hands, dropper=D)
    assert outcome.counts == (20, 15, 20, 35)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-8, 4, 4, 0),
        transfers((D, A, 4, CATCHER), (D, B, 4, CATCHER)),
        winners=[A],
    )


# --- V37 Chicago catch -------------------------------------------------------------


def test_v37_a_caught_dropper_pays_double_to_each_catcher_only() -> None:
    # D 30, A 25, B 30, C 35, under the Chicago preset (no hand of 13 or
    # less, no wilds): A and B catch D; C neither pays nor is paid.
    hands = ["KS 4S 3S 7D 6D", "AC 9C 3C 7C 5C", "AD 8D 4D QS 7S", "KC KH 5H 3H 7H"]
    outcome = dropped(CHICAGO, hands, dropper=D)
    assert outcome.counts == (30, 25, 30, 35)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-4, 2, 2, 0),
        transfers((D, A, 2, CATCHER), (D, B, 2, CATCHER)),
        winners=[A],
    )


# --- V38 Lepape catch --------------------------------------------------------------

LEPAPE = presets.WASHINGTON_STATE  # double tonks on 49, 50, 14 or less
LEPAPE_HANDS = ["KS 4S 3S 7D 6D", "AC 9C 3C 7C 5C", "KC KH 5H 3H 7H", "QC QH 9H 8H 7S"]


@pytest.mark.parametrize(
    ("catch", "players", "each"),
    [
        (Catch.LEPAPE, 3, 6),
        (Catch.LEPAPE, 4, 8),
        (Catch.LEPAPE_N_MINUS_1, 3, 4),
        (Catch.LEPAPE_N_MINUS_1, 4, 6),
    ],
)
def test_v38_a_caught_dropper_pays_2n_to_each_catcher(
    catch: Catch, players: int, each: int
) -> None:
    # D 30 drops; A 25 catches him; the others (35, 44) neither win nor lose.
    rules = attrs.evolve(LEPAPE, catch=catch)
    outcome = dropped(rules, LEPAPE_HANDS[:players], dropper=D)
    assert outcome.counts == (30, 25, 35, 44)[:players]
    payoffs = [-each, each] + [0] * (players - 2)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        payoffs,
        transfers((D, A, each, CATCHER)),
        winners=[A],
    )


def test_v38_every_catcher_is_paid_2n() -> None:
    # D 30 drops at four; A 25 and B 30 catch him: 8 to each.
    hands = [LEPAPE_HANDS[0], LEPAPE_HANDS[1], "KD QD 5D 3D 2H", LEPAPE_HANDS[3]]
    outcome = dropped(LEPAPE, hands, dropper=D)
    assert outcome.counts == (30, 25, 30, 44)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (-16, 8, 8, 0),
        transfers((D, A, 8, CATCHER), (D, B, 8, CATCHER)),
        winners=[A],
    )


def test_v38_per_player_amounts() -> None:
    assert PerPlayer(2).at(3) == 6
    assert PerPlayer(2, less=1).at(3) == 4
    with pytest.raises(RulesError):
        PerPlayer(2, less=2)
    with pytest.raises(RulesError):
        PerPlayer(0)


# --- V39 hit-and-split -------------------------------------------------------------

HIT_AND_SPLIT = Rules(hit_and_split=True)


def test_v39_the_winner_pays_half_to_a_loser_with_a_four_card_spread() -> None:
    # Dealer 2. Seat 0 lays a four-card run and keeps KC (10); seat 1 lays a
    # three-card run and keeps QH QC (20); seat 2 drops on 9 and wins.
    hands = ["5H 6H 7H 8H KC", "3S 4S 5S QH QC", "AC AD 2C 2D 3C"]
    state = deal(HIT_AND_SPLIT, hands, stock="QD JD", dealer=2)
    state = play(state, "draw stock", "spread 5H 6H 7H 8H", "discard QD")
    state = play(state, "draw stock", "spread 3S 4S 5S", "discard JD")
    outcome = finished(play(state, "drop"))
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (-HALF, -1, Fraction(3, 2)),
        transfers((0, 2, 1, DROP_WON), (1, 2, 1, DROP_WON), (2, 0, HALF, SPLIT)),
        winners=[2],
    )
    assert outcome.payoffs == (Fraction(-1, 2), -1, Fraction(3, 2))


def test_v39_each_of_several_winners_pays_half() -> None:
    # Dealer 3. Seat 0 lays a four-card run and keeps KC (10); seats 1 and 2
    # (9 each) pass a turn; seat 3 drops on 19 and is caught: seats 1 and 2
    # tie for lowest, so both win (B13) and each pays seat 0 1/2.
    hands = ["5H 6H 7H 8H KC", "AC AD 2C 2D 3C", "AH AS 2H 2S 3D", "3H 3S 4C 4D 5C"]
    state = deal(HIT_AND_SPLIT, hands, stock="QD", dealer=3)
    state = play(state, "draw stock", "spread 5H 6H 7H 8H", "discard QD")
    state = pass_turns(state, 2)
    outcome = finished(play(state, "drop"))
    assert outcome.counts == (10, 9, 9, 19)
    assert_settled(
        outcome,
        OutcomeKind.CAUGHT,
        (1, Fraction(5, 2), Fraction(5, 2), -6),
        transfers(
            (3, 0, 2, CATCHER),
            (3, 1, 2, CATCHER),
            (3, 2, 2, CATCHER),
            (0, 1, 1, LOWEST),
            (0, 2, 1, LOWEST),
            (1, 0, HALF, SPLIT),
            (2, 0, HALF, SPLIT),
        ),
        winners=[1, 2],
    )


def test_v39_a_winners_hit_can_make_the_losers_four_card_spread() -> None:
    # Dealer 0. Seat 1 lays 3S 4S 5S; seat 0 lays a book of four nines, hits
    # 6S onto seat 1's run and goes out by discarding KC (B11: 1x); the run
    # now has four cards, so seat 0 pays seat 1 1/2. Its own book pays nothing.
    state = deal(HIT_AND_SPLIT, ["6S 9C 9D 9H KC", "3S 4S 5S QH QC"], stock="JD 9S")
    state = play(state, "draw stock", "spread 3S 4S 5S", "discard JD")
    state = play(state, "draw stock", "spread 9C 9D 9H 9S", "hit 1 6S", "discard KC")
    assert_settled(
        finished(state),
        OutcomeKind.OUT_BY_DISCARD,
        (HALF, -HALF),
        transfers((1, 0, 1, BY_DISCARD), (0, 1, HALF, SPLIT)),
        winners=[0],
    )


def test_v39_off_nothing_is_split() -> None:
    state = deal(Rules(), ["6S 9C 9D 9H KC", "3S 4S 5S QH QC"], stock="JD 9S")
    state = play(state, "draw stock", "spread 3S 4S 5S", "discard JD")
    state = play(state, "draw stock", "spread 9C 9D 9H 9S", "hit 1 6S", "discard KC")
    assert finished(state).transfers == (Transfer(1, 0, 1, BY_DISCARD),)


def test_v39_a_loser_is_paid_once_whatever_the_number_of_long_spreads() -> None:
    spreads = tuple(
        tonk.Spread(
            number=number,
            owner=1,
            kind=tonk.SpreadKind.RUN,
            cards=cards(text),
            stands_for=cards(text),
        )
        for number, text in enumerate(["5H 6H 7H 8H", "2C 3C 4C 5C 6C"], start=1)
    )
    assert tonk.scoring.hit_and_split_transfers((0, 2), spreads, 3) == (
        Transfer(0, 1, HALF, SPLIT),
        Transfer(2, 1, HALF, SPLIT),
    )
    assert tonk.scoring.hit_and_split_transfers((1,), spreads, 3) == ()
    assert tonk.scoring.hit_and_split_transfers((), spreads, 3) == ()


# --- V46 widow ---------------------------------------------------------------------

WIDOW_RULES = Rules(widow=True)
KD = card("KD")


def widow_deal(rules: Rules = WIDOW_RULES) -> GameState:
    """Dealer 1. Seat 0 holds AC 3C 4C 5C KD (23), widow 9H; seat 1 holds
    3H 4H 9S 10S JS (36), widow 2S. Seat 0 moves first."""
    return deal(
        rules,
        ["AC 3C 4C 5C KD", OTHER],
        widows=["9H", "2S"],
        upcard="QS",
        stock="8D 7D 6D",
        dealer=1,
    )


def test_v46_each_player_is_dealt_a_widow_after_the_hands() -> None:
    state = widow_deal()
    assert state.widows == (card("9H"), card("2S"))
    assert state.exchanged == (False, False)
    assert state.top_discard == card("QS")  # turned up after the widows
    assert state.stock[:3] == cards("8D 7D 6D")


def test_v46_an_exchange_swaps_a_hand_card_for_the_widow() -> None:
    state = widow_deal()
    exchanges = [Exchange(c) for c in sorted_hand("AC 3C 4C 5C KD")]
    assert tonk.legal_actions(state) == (
        Drop(),
        DrawStock(),
        tonk.DrawDiscard(),
        *exchanges,
    )
    after = play(state, "exchange KD")
    assert after.hands[0] == sorted_hand("AC 3C 4C 5C 9H")
    assert after.widows == (KD, card("2S"))
    assert after.exchanged == (True, False)
    assert after.phase is Phase.TURN_START
    assert after.to_move == 0
    assert after.turns_taken == 0
    assert (after.stock, after.discard_pile) == (state.stock, state.discard_pile)
    assert tonk.legal_actions(after) == (Drop(), DrawStock(), tonk.DrawDiscard())


def test_v46_exchange_notation() -> None:
    state = widow_deal()
    assert tonk.parse_action(state, "exchange KD") == Exchange(KD)
    assert tonk.parse_action(state, "EXCHANGE kd") == Exchange(KD)
    assert tonk.format_action(Exchange(KD)) == "exchange KD"


def test_v46_an_exchange_is_refused_twice_in_a_hand() -> None:
    state = play(widow_deal(), "exchange KD")
    assert refused(state, Exchange(card("AC"))) is IllegalReason.NO_WIDOW
    state = play(state, "draw stock", "discard 8D")
    state = play(state, "exchange JS", "draw stock", "discard 7D")  # seat 1
    assert state.exchanged == (True, True)
    assert refused(state, Exchange(card("AC"))) is IllegalReason.NO_WIDOW
    assert refused(state, Exchange(KD)) is IllegalReason.NO_WIDOW


def test_v46_an_exchange_is_refused_after_drawing() -> None:
    state = play(widow_deal(), "draw stock")
    assert refused(state, Exchange(KD)) is IllegalReason.ALREADY_DREW


def test_v46_an_exchange_is_refused_without_the_widow() -> None:
    state = deal(Rules(), ["AC 3C 4C 5C KD", OTHER], dealer=1)
    assert state.widows == ()
    assert state.exchanged == ()
    assert refused(state, Exchange(KD)) is IllegalReason.NO_WIDOW


def test_v46_an_exchange_needs_the_card_in_hand() -> None:
    assert refused(widow_deal(), Exchange(card("QH"))) is IllegalReason.CARD_NOT_IN_HAND


def test_v46_the_pot_goes_to_the_winner() -> None:
    # Seat 1 pays 1x to exchange JS for 2S (36 -> 28); seat 0 drops on 23 and
    # wins the drop and the pot.
    state = play(widow_deal(), "draw stock", "discard 8D")
    state = play(state, "exchange JS", "draw stock", "discard 7D")
    outcome = finished(play(state, "drop"))
    assert outcome.counts == (23, 28)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (2, -2),
        transfers((1, 0, 1, DROP_WON), (1, 0, 1, WIDOW)),
        winners=[0],
    )


def test_v46_the_exchanger_winning_takes_its_own_stake_back() -> None:
    # Both exchange; seat 0 (KD for 9H: 23 -> 22) wins the drop: only seat 1's
    # stake changes hands.
    state = play(widow_deal(), "exchange KD", "draw stock", "discard 8D")
    state = play(state, "exchange JS", "draw stock", "discard 7D")
    outcome = finished(play(state, "drop"))
    assert outcome.counts == (22, 28)
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (2, -2),
        transfers((1, 0, 1, DROP_WON), (1, 0, 1, WIDOW)),
        winners=[0],
    )
    # Alone in the pot, the winner's stake comes back: only the drop is paid.
    state = play(widow_deal(), "exchange KD")
    outcome = finished(play(state, "drop"))
    assert_settled(
        outcome,
        OutcomeKind.DROP_WON,
        (1, -1),
        transfers((1, 0, 1, DROP_WON)),
        winners=[0],
    )


# Three players, dealer 2, and a turn limit of 3: after each seat's turn the
# hand is settled as a showdown (B15, B14). Seat 0 holds 36; seats 1 and 2 tie
# on 15.
TIED_HANDS = [OTHER, "AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D"]
TIED_WIDOWS = ["KH", "5H", "AH"]


def tied_showdown(rules: Rules, first: str, second: str = "") -> Outcome:
    """Seats 0 and 1 open their turns with these actions; every turn draws and
    discards the stock's top card."""
    state = deal(rules, TIED_HANDS, widows=TIED_WIDOWS, dealer=2)
    for opening in (first, second, ""):
        if opening:
            state = play(state, opening)
        state = pass_turns(state, 1)
    return finished(state)


def test_v46_the_pot_is_split_among_tied_winners() -> None:
    rules = Rules(widow=True, max_turns=3)
    outcome = tied_showdown(rules, "exchange 3H")  # 36 -> 43
    assert outcome.counts == (43, 15, 15)
    assert_settled(
        outcome,
        OutcomeKind.TURN_LIMIT,
        (-3, Fraction(3, 2), Fraction(3, 2)),
        transfers(
            (0, 1, 1, TransferReason.SHOWDOWN),
            (0, 2, 1, TransferReason.SHOWDOWN),
            (0, 1, HALF, WIDOW),
            (0, 2, HALF, WIDOW),
        ),
        winners=[1, 2],
    )


def test_v46_a_tied_winner_who_exchanged_pays_the_other_half() -> None:
    # Seat 0 exchanges 3H for KH (36 -> 43); seat 1 exchanges 5C for 5H and
    # stays on 15. The pot of 2 is shared by seats 1 and 2: each stake goes
    # half to each winner, so seat 1 pays seat 2 half of its own.
    rules = Rules(widow=True, max_turns=3)
    outcome = tied_showdown(rules, "exchange 3H", "exchange 5C")
    assert outcome.counts == (43, 15, 15)
    assert_settled(
        outcome,
        OutcomeKind.TURN_LIMIT,
        (-3, 1, 2),
        transfers(
            (0, 1, 1, TransferReason.SHOWDOWN),
            (0, 2, 1, TransferReason.SHOWDOWN),
            (0, 1, HALF, WIDOW),
            (0, 2, HALF, WIDOW),
            (1, 2, HALF, WIDOW),
        ),
        winners=[1, 2],
    )


def test_v46_the_pot_is_refunded_when_a_hand_is_dead() -> None:
    rules = Rules(widow=True, max_turns=3, exhaustion_tie=ExhaustionTie.DEAD_HAND)
    outcome = tied_showdown(rules, "exchange 3H")
    assert outcome.counts == (43, 15, 15)
    assert_settled(outcome, OutcomeKind.TURN_LIMIT, (0, 0, 0), transfers(), winners=[])


def test_v46_the_pot_is_refunded_on_a_void_hand() -> None:
    # A void deal ends the hand before anyone could exchange; the pot rule
    # itself refunds whenever there is no winner.
    assert tonk.scoring.widow_transfers((), (True, True, False)) == ()
    assert tonk.scoring.widow_transfers((1,), (True, True, False)) == (
        Transfer(0, 1, 1, WIDOW),
    )


def test_v46_stack_deck_deals_the_given_upcard_under_the_widow() -> None:
    hands = ["AC 3C 4C 5C KD", OTHER]
    deck = stack_deck(WIDOW_RULES, hands=hands, upcard="QS", stock="8D")
    state = tonk.new_game(WIDOW_RULES, players=2, deck=deck)
    assert state.top_discard == card("QS")
    assert state.stock[0] == card("8D")


def test_v46_with_v19_a_49_made_by_an_exchange_was_not_dealt() -> None:
    late_49 = DealTonk(totals={49}, pays=1, claim=DealTonkClaim.BEFORE_FIRST_TURN)
    rules = Rules(widow=True, deal_tonks=(late_49,))
    state = deal(rules, ["KS KH KD KC 8S", OTHER], widows=["9D", "2C"], dealer=1)
    state = play(state, "exchange 8S")
    assert state.count(0) == 49
    assert ClaimDealTonk() not in tonk.legal_actions(state)
