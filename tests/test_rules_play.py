"""One or more scenarios per play variant, V21-V30 of docs/rules/, on stacked decks.

Every expected value here (payoffs, waits, legal actions, refusals) was worked
out by hand from docs/rules/ and the option docstrings, not read off the engine.
Seats are numbered 0..N-1 clockwise and the dealer's left moves first; counts
are B1's (A=1, 2-10 face value, J/Q/K=10). V25 (touching the stock) changes
nothing in an engine, so it has no scenario here.

Also: the play parts of the presets rushville (V27), washington_state (V23)
and sheet (V29), each played over 500 random hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from scenario import card, cards, finished, live, sorted_hand

import tonk
from tonk import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    ExhaustionTie,
    GameState,
    Hit,
    IllegalActionError,
    IllegalReason,
    Outcome,
    OutcomeKind,
    Pass,
    Phase,
    Rules,
    RulesError,
    Slap,
    SlapWindow,
    StockEnd,
    Transfer,
    TransferReason,
    presets,
)
from tonk.testing import check_invariants, stack_deck

# --- helpers ---------------------------------------------------------------------


def deal(
    rules: Rules,
    hands: Sequence[str],
    *,
    upcard: str = "",
    stock: str = "",
    tail: str = "",
    dealer: int = 0,
) -> GameState:
    """Deal a stacked deck.

    ``stock`` is the top of the stock (drawn first) and ``tail`` its bottom
    (drawn last); the cards named nowhere fill the middle in the pack's
    canonical order, and the first of them is the upcard unless one is named.
    """
    players = len(hands)
    named = Counter(cards(" ".join([*hands, upcard, stock, tail])))
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
    full_stock = (*cards(stock), *filler, *cards(tail))
    deck = stack_deck(rules, hands=hands, upcard=up, stock=full_stock, dealer=dealer)
    state = tonk.new_game(rules, players=players, deck=deck, dealer=dealer)
    check_invariants(state)
    assert state.outcome is None, "the stacked deal must not be a deal tonk"
    if tail:
        assert state.stock[-len(cards(tail)) :] == cards(tail)
    return state


def act(state: GameState, text: str) -> Action:
    return tonk.parse_action(state, text)


def play(state: GameState, *texts: str) -> GameState:
    """Apply each action, written in action notation, for the player to move."""
    for text in texts:
        action = act(state, text)
        assert action in tonk.legal_actions(state), f"{text!r} should be legal"
        state = tonk.apply(state, action)
        check_invariants(state)
    return state


def cycle(state: GameState, turns: int) -> GameState:
    """Play ``turns`` turns that draw the stock's top card and discard it.

    Every hand is the same afterwards.
    """
    for _ in range(turns):
        assert state.phase is Phase.TURN_START
        drawn = state.stock[0]
        state = play(state, "draw stock", f"discard {drawn}")
    live(state)
    return state


def cycle_to_stock(state: GameState, size: int) -> GameState:
    """Cycle turns (as :func:`cycle`) until the stock holds ``size`` cards."""
    return cycle(state, state.stock_size - size)


def transfers(*items: tuple[int, int, int, TransferReason]) -> Counter[Transfer]:
    return Counter(Transfer(*item) for item in items)


def refused(state: GameState, action: Action | str) -> IllegalReason:
    """Apply an action that must be refused and return why it was."""
    if isinstance(action, str):
        action = act(state, action)
    with pytest.raises(IllegalActionError) as caught:
        tonk.apply(state, action)
    error = caught.value
    assert error.action == action
    assert not tonk.is_legal(state, action)
    assert action not in tonk.legal_actions(state)
    return error.reason


def legal(state: GameState) -> set[str]:
    """The legal actions, in action notation."""
    return {tonk.format_action(a) for a in tonk.legal_actions(state)}


def start_actions(*, drop: bool, discard: bool = True) -> tuple[Action, ...]:
    """The legal actions at the start of a plain turn."""
    actions: list[Action] = [Drop()] if drop else []
    actions.append(DrawStock())
    if discard:
        actions.append(DrawDiscard())
    return tuple(actions)


def assert_drop_barred(state: GameState) -> None:
    """The player to move may not drop now (V22, V23, V30)."""
    assert state.phase is Phase.TURN_START
    assert tonk.legal_actions(state) == start_actions(drop=False)
    assert refused(state, Drop()) is IllegalReason.DROP_BARRED


def barred_turns(state: GameState, seat: int) -> tuple[GameState, list[int]]:
    """Cycle turns until ``seat`` may drop; return the state and its waits at
    the start of each of its turns when it could not."""
    seen: list[int] = []
    while True:
        if state.to_move == seat:
            if Drop() in tonk.legal_actions(state):
                assert state.waits[seat] == 0
                return state, seen
            assert_drop_barred(state)
            seen.append(state.waits[seat])
        state = cycle(state, 1)


def assert_out(
    outcome: Outcome, kind: OutcomeKind, winner: int, payoffs: tuple[int, ...]
) -> None:
    assert outcome.kind is kind
    assert outcome.winners == (winner,)
    assert outcome.payoffs == payoffs
    assert outcome.counts is None
    reason = TransferReason(kind.value)
    assert Counter(outcome.transfers) == Counter(
        Transfer(seat, winner, -payoffs[seat], reason)
        for seat in range(len(payoffs))
        if seat != winner
    )


# --- V21 must spread ---------------------------------------------------------------

MUST_SPREAD = Rules(must_spread=True)
NOBODY = "AC 3C 5D 7S JH"  # 26, no spread and nothing that fits one below


def test_v21_no_discard_while_a_spread_would_stay_in_hand() -> None:
    # Seat 0 draws the fourth 9: every discard would leave a book of 9s.
    state = deal(MUST_SPREAD, ["9C 9D 9H KS 2D", NOBODY], stock="9S", dealer=1)
    state = play(state, "draw stock")
    assert legal(state) == {
        "spread 9C 9D 9H 9S",
        "spread 9C 9D 9H",
        "spread 9C 9D 9S",
        "spread 9C 9H 9S",
        "spread 9D 9H 9S",
    }
    for text in ("discard KS", "discard 2D", "discard 9S", "discard 9C"):
        assert refused(state, text) is IllegalReason.MUST_SPREAD
    # Laying the spread, then discarding, is the way on.
    state = play(state, "spread 9C 9D 9H")
    assert legal(state) == {"hit 1 9S", "discard 2D", "discard 9S", "discard KS"}
    state = play(state, "discard KS")
    live(state)
    assert state.to_move == 1
    assert state.hands[0] == sorted_hand("2D 9S")


def test_v21_without_the_option_a_spread_may_be_kept() -> None:
    state = deal(Rules(), ["9C 9D 9H KS 2D", NOBODY], stock="9S", dealer=1)
    state = play(state, "draw stock", "discard KS")
    live(state)
    assert state.hands[0] == sorted_hand("9C 9D 9H 9S 2D")


def test_v21_a_completed_spread_must_be_laid_not_broken_by_a_discard() -> None:
    # "Once you hold one (after drawing) you must lay it before discarding":
    # discarding a card of the run instead of laying it is not laying it.
    state = deal(MUST_SPREAD, ["7H 8H KS QD 2C", NOBODY], stock="9H", dealer=1)
    state = play(state, "draw stock")
    assert legal(state) == {"spread 7H 8H 9H"}
    for text in ("discard 9H", "discard 7H", "discard KS"):
        assert refused(state, text) is IllegalReason.MUST_SPREAD


THREE_ACES = Rules(must_spread=True, three_aces_may_be_held=True)


@pytest.mark.parametrize("option", [True, False])
def test_v21_three_aces_may_be_held_with_the_option(option: bool) -> None:
    rules = THREE_ACES if option else MUST_SPREAD
    state = deal(rules, ["AC AD AH KS QD", "2S 3C 5D 7S JH"], stock="5S", dealer=1)
    state = play(state, "draw stock")
    assert "spread AC AD AH" in legal(state)
    if option:
        assert legal(state) == {
            "spread AC AD AH",
            *(f"discard {c}" for c in ("AC", "AD", "AH", "5S", "KS", "QD")),
        }
        state = play(state, "discard KS")
        live(state)
        assert state.hands[0] == sorted_hand("AC AD AH QD 5S")
    else:
        assert legal(state) == {"spread AC AD AH"}
        for text in ("discard KS", "discard AC", "discard 5S"):
            assert refused(state, text) is IllegalReason.MUST_SPREAD


@pytest.mark.parametrize(
    ("hand", "spreads"),
    [
        # Four aces are not three.
        (
            "AC AD AH AS QD",
            {
                "spread AC AD AH AS",
                "spread AC AD AH",
                "spread AC AD AS",
                "spread AC AH AS",
                "spread AD AH AS",
            },
        ),
        # A run with an ace in it is not a book of aces.
        ("AC 2C 3C KS QD", {"spread AC 2C 3C"}),
    ],
)
def test_v21_three_aces_option_covers_only_a_book_of_three_aces(
    hand: str, spreads: set[str]
) -> None:
    state = deal(THREE_ACES, [hand, "4S 6D 8D 10S JH"], stock="5S", dealer=1)
    state = play(state, "draw stock")
    assert legal(state) == spreads
    for text in ("discard QD", "discard 5S", "discard AC"):
        assert refused(state, text) is IllegalReason.MUST_SPREAD


def test_v21_a_hit_that_ends_the_turn_may_not_keep_a_spread_in_hand() -> None:
    # With V24c a hit ends the turn, so it would leave seat 1 holding 5C 5D 5S.
    rules = Rules(must_spread=True, hit_ends_turn=True)
    hands = ["7H 8H 9H KC QD", "10H 5C 5D 5S 2S"]  # 44, 27
    state = deal(rules, hands, stock="2C 4S", dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC", "draw stock")
    assert legal(state) == {"spread 5C 5D 5S"}
    assert refused(state, "hit 1 10H") is IllegalReason.MUST_SPREAD
    state = play(state, "spread 5C 5D 5S", "hit 1 10H")
    assert (state.to_move, state.phase) == (0, Phase.TURN_START)
    assert state.hands[1] == sorted_hand("2S 4S")


def test_v21_drops_are_unaffected() -> None:
    # A dealt spread may be held into a drop: the rule is about discarding.
    state = deal(MUST_SPREAD, ["AC AD AH 2C 3D", "4S 6D 8D 10S JH"], dealer=1)
    assert tonk.legal_actions(state) == start_actions(drop=True)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (8, 38)
    assert outcome.payoffs == (1, -1)
    assert outcome.winners == (0,)


# --- V22 waiting -------------------------------------------------------------------

V22 = Rules(spread_wait=3, hit_wait=1, own_hit_wait=1)
# Seat 0 lays 7H 8H 9H on its first turn (drawing KH and discarding it) and
# keeps 2C 3D (5). Seat 1 holds 10H, which fits the run.
SPREADER = "7H 8H 9H 2C 3D"  # 29
HITTER = "KC QD JS 10H 6C"  # 46


def first_spread(rules: Rules, *, stock: str = "KH", players: int = 2) -> GameState:
    others = [HITTER, "JD 9S 5C 4D AS"][: players - 1]  # 46; 29
    state = deal(rules, [SPREADER, *others], stock=stock, dealer=players - 1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KH")
    assert state.hands[0] == sorted_hand("2C 3D")
    return state


def test_v22_laying_a_spread_bars_dropping_for_three_turns() -> None:
    state = deal(V22, [SPREADER, HITTER], stock="KH", dealer=1)
    assert tonk.legal_actions(state) == start_actions(drop=True)
    assert state.waits == (0, 0)
    state = play(state, "draw stock", "spread 7H 8H 9H")
    assert state.waits == (3, 0)
    state = play(state, "discard KH")
    assert state.waits == (3, 0)
    assert tonk.legal_actions(state) == start_actions(drop=True)  # seat 1 is free
    state, barred = barred_turns(state, 0)
    assert barred == [3, 2, 1]
    # The fourth turn after laying the spread: seat 0 (5) drops and wins.
    assert state.turns_taken == 1 + 2 * 3 + 1
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (5, 46)
    assert outcome.payoffs == (1, -1)


def test_v22_two_spreads_in_one_turn_cost_six_turns() -> None:
    rules = Rules(spread_wait=3, hit_wait=1, own_hit_wait=1, hand_size=7)
    state = deal(
        rules, ["7H 8H 9H 5S 5D 2C 3D", "KC QD JS 10S 6C 4H AS"], stock="5C", dealer=1
    )
    state = play(state, "draw stock", "spread 7H 8H 9H")
    assert state.waits == (3, 0)
    state = play(state, "spread 5C 5D 5S")
    assert state.waits == (6, 0)
    state = play(state, "discard 3D")
    state, barred = barred_turns(state, 0)
    assert barred == [6, 5, 4, 3, 2, 1]
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (2, 51)


@pytest.mark.parametrize("hit", [False, True])
def test_v22_a_hit_by_another_player_delays_the_owners_drop(hit: bool) -> None:
    state = first_spread(V22)
    assert state.waits == (3, 0)
    drawn = state.stock[0]
    state = play(state, "draw stock")
    if hit:
        state = play(state, "hit 1 10H")
    # The wait falls on the spread's owner, not on the hitter.
    assert state.waits == ((4 if hit else 3), 0)
    state = play(state, f"discard {drawn}")
    state, barred = barred_turns(state, 0)
    assert barred == ([4, 3, 2, 1] if hit else [3, 2, 1])
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (5, 36 if hit else 46)


@pytest.mark.parametrize(
    ("rules", "after_hit"),
    [
        (V22, 3),  # 3 for the spread, less the turn begun, plus 1 for the hit
        (Rules(own_hit_wait=1), 1),
        (Rules(spread_wait=3, hit_wait=1), 2),  # no own-hit wait: only 3 - 1
    ],
)
def test_v22_hitting_your_own_spread_bars_your_next_turn(
    rules: Rules, after_hit: int
) -> None:
    # Seat 0's second draw is 6H, which it hits onto its own run.
    state = first_spread(rules, stock="KH 4S 6H")
    state = cycle(state, 1)
    assert state.waits[0] == rules.spread_wait
    state = play(state, "draw stock")
    assert state.waits[0] == max(0, rules.spread_wait - 1)
    state = play(state, "hit 1 6H")
    assert state.waits == (after_hit, 0)
    state = play(state, "discard 3D")
    state, barred = barred_turns(state, 0)
    assert barred == list(range(after_hit, 0, -1))


def test_v22_waits_add_up() -> None:
    # Three players: seat 0 lays a run (3), seat 1 hits it (+1), seat 2 hits it
    # (+1); seat 0 begins a turn (-1) and hits its own run (+1).
    stock = "KH 4S 6S JH"  # seat 0, seat 1, seat 2, seat 0
    hands = [SPREADER, "KC QD JS 10H 6C", "JD 9S 5C 6H AS"]  # 29, 46, 31
    state = deal(V22, hands, stock=stock, dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KH")
    assert state.waits == (3, 0, 0)
    state = play(state, "draw stock", "hit 1 10H", "discard 4S")
    assert state.waits == (4, 0, 0)
    state = play(state, "draw stock", "hit 1 6H", "discard 6S")
    assert state.waits == (5, 0, 0)
    assert_drop_barred(state)
    state = play(state, "draw stock")
    assert state.waits == (4, 0, 0)
    state = play(state, "hit 1 JH")
    assert state.waits == (5, 0, 0)
    state = play(state, "discard 3D")
    state, barred = barred_turns(state, 0)
    assert barred == [5, 4, 3, 2, 1]
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (2, 36, 25)
    assert outcome.payoffs == (2, -1, -1)


@pytest.mark.parametrize("once", [False, True])
def test_v22_option_hit_twice_in_a_round_costs_one_turn(once: bool) -> None:
    rules = Rules(
        spread_wait=3, hit_wait=1, own_hit_wait=1, hit_wait_once_per_round=once
    )
    stock = "KH 4S 6S 8S QS"  # seat 0, seat 1, seat 2, seat 0, seat 1
    hands = [SPREADER, "KC QD 5S 10H JH", "JD 9S 5C 6H AS"]  # 29, 45, 31
    state = deal(rules, hands, stock=stock, dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KH")
    assert state.waits == (3, 0, 0)
    assert state.hit_this_round == (False, False, False)
    state = play(state, "draw stock", "hit 1 10H", "discard 4S")
    assert state.waits == (4, 0, 0)
    assert state.hit_this_round == (True, False, False)  # charged since its turn
    state = play(state, "draw stock", "hit 1 6H", "discard 6S")
    assert state.waits == ((4 if once else 5), 0, 0)
    # Seat 0's turn starts a new round for it.
    state = play(state, "draw stock")
    assert state.waits == ((3 if once else 4), 0, 0)
    assert state.hit_this_round == (False, False, False)
    state = play(state, "discard 8S")
    state = play(state, "draw stock", "hit 1 JH", "discard QS")
    assert state.waits == ((4 if once else 5), 0, 0)
    assert state.hit_this_round == (True, False, False)
    state, barred = barred_turns(state, 0)
    assert barred == ([4, 3, 2, 1] if once else [5, 4, 3, 2, 1])


@pytest.mark.parametrize(
    ("rules", "after_hit"),
    [
        (Rules(spread_wait=3, hit_wait=3, own_hit_wait=1), 6),
        (Rules(hit_wait=3), 3),
    ],
)
def test_v22_option_a_hit_costs_three_turns(rules: Rules, after_hit: int) -> None:
    state = first_spread(rules)
    drawn = state.stock[0]
    state = play(state, "draw stock", "hit 1 10H", f"discard {drawn}")
    assert state.waits == (after_hit, 0)
    state, barred = barred_turns(state, 0)
    assert barred == list(range(after_hit, 0, -1))


# Seat 0 lays 7H 8H 9H and keeps JH QH; seat 1 hits 10H onto the run; seat 0
# then draws KH, so JH QH KH would take it out.
OUT_HANDS = ["7H 8H 9H JH QH", "10H 2S 3D 5D 6C"]  # 44, 26
OUT_STOCK = "2C 4D KH 5S KS"  # seat 0, seat 1, seat 0, seat 1, seat 0


def hit_then_draw_kh(rules: Rules) -> GameState:
    state = deal(rules, OUT_HANDS, stock=OUT_STOCK, dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard 2C")
    state = play(state, "draw stock", "hit 1 10H", "discard 4D")
    assert state.waits[0] == rules.spread_wait + rules.hit_wait
    assert state.going_out_barred == (rules.hit_bars_going_out, False)
    assert_drop_barred(state)
    state = play(state, "draw stock")
    assert state.hands[0] == sorted_hand("JH QH KH")
    return state


def test_v22_waiting_never_stops_going_out() -> None:
    state = hit_then_draw_kh(V22)
    assert state.waits == (3, 0)
    outcome = finished(play(state, "spread JH QH KH"))
    assert_out(outcome, OutcomeKind.TONK_OUT, 0, (2, -2))


def test_v22_option_being_hit_bars_going_out_next_turn() -> None:
    rules = Rules(hit_wait=1, hit_bars_going_out=True)
    state = hit_then_draw_kh(rules)
    assert state.going_out_barred == (True, False)
    # No spread or hit may leave fewer than two cards, no discard none.
    assert legal(state) == {"hit 1 JH", "discard JH", "discard QH", "discard KH"}
    assert refused(state, "spread JH QH KH") is IllegalReason.GOING_OUT_BARRED
    state = play(state, "hit 1 JH")
    assert legal(state) == {"discard QH", "discard KH"}
    assert refused(state, "hit 1 QH") is IllegalReason.GOING_OUT_BARRED
    state = play(state, "discard KH")
    assert state.going_out_barred == (False, False)
    assert state.hands[0] == sorted_hand("QH")
    # Seat 1 plays; on the turn after, seat 0 may go out again.
    state = play(state, "draw stock", "discard 5S")
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = play(state, "draw stock", "hit 1 QH")
    outcome = finished(play(state, "discard KS"))
    assert_out(outcome, OutcomeKind.OUT_BY_DISCARD, 0, (1, -1))


# --- V23 Lepape waiting ------------------------------------------------------------

LEPAPE = presets.WASHINGTON_STATE
# No dealt hand may count 14 or less, 49 or 50 (V20's double tonks).
LEPAPE_HANDS = ["7H 8H 9H 5C 6D", "10H KS QS JD 3C"]  # 35, 43


def test_v23_preset_waits() -> None:
    assert (LEPAPE.spread_wait, LEPAPE.hit_wait, LEPAPE.own_hit_wait) == (0, 1, 0)
    assert not LEPAPE.hit_wait_once_per_round
    assert not LEPAPE.hit_bars_going_out


@pytest.mark.parametrize("rules", [LEPAPE, Rules(hit_wait=1)])
@pytest.mark.parametrize("hit", [False, True])
def test_v23_a_spread_costs_nothing_a_hit_by_another_costs_one_turn(
    rules: Rules, hit: bool
) -> None:
    state = deal(rules, LEPAPE_HANDS, stock="2C 4D 2S 3S", dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard 2C")
    assert state.waits == (0, 0)
    state = play(state, "draw stock")
    if hit:
        state = play(state, "hit 1 10H")
    assert state.waits == ((1 if hit else 0), 0)
    state = play(state, "discard 4D")
    if hit:
        assert_drop_barred(state)
        state = play(state, "draw stock")
        assert state.waits == (0, 0)
        state = play(state, "discard 2S", "draw stock", "discard 3S")
    assert tonk.legal_actions(state) == start_actions(drop=True)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (11, 33 if hit else 43)
    assert outcome.payoffs == (1, -1)


def test_v23_hitting_your_own_spread_costs_nothing() -> None:
    state = deal(LEPAPE, LEPAPE_HANDS, stock="2C 4D 6H 3S", dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard 2C")
    state = play(state, "draw stock", "discard 4D")
    state = play(state, "draw stock", "hit 1 6H", "discard 6D")
    assert state.waits == (0, 0)
    state = play(state, "draw stock", "discard 3S")
    assert tonk.legal_actions(state) == start_actions(drop=True)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.counts == (5, 43)


# --- V24 rules found only in books ---------------------------------------------------

BOOK_HANDS = ["5C 5D 5H KC QD", "7H 8H 9H 5S JC"]  # 35, 39


def book_then_draw_10h(rules: Rules) -> GameState:
    """Seat 0 lays 5C 5D 5H; seat 1 (holding 5S and 7H 8H 9H) draws 10H."""
    state = deal(rules, BOOK_HANDS, stock="2D 10H JH", dealer=1)
    state = play(state, "draw stock", "spread 5C 5D 5H", "discard 2D")
    return play(state, "draw stock")


def test_v24a_no_fourth_card_on_a_three_card_book() -> None:
    state = book_then_draw_10h(Rules(four_card_books=False))
    assert legal(state) == {
        "spread 7H 8H 9H",
        "spread 8H 9H 10H",
        "spread 7H 8H 9H 10H",
        *(f"discard {c}" for c in ("5S", "7H", "8H", "9H", "10H", "JC")),
    }
    assert refused(state, "hit 1 5S") is IllegalReason.HIT_DOES_NOT_FIT
    # A run still grows, at either end and past four cards.
    state = play(state, "spread 7H 8H 9H")
    assert legal(state) == {"hit 2 10H", "discard 5S", "discard 10H", "discard JC"}
    state = play(state, "hit 2 10H", "discard JC", "draw stock", "hit 2 JH")
    assert state.spreads[1].cards == cards("7H 8H 9H 10H JH")
    assert state.spreads[0].cards == sorted_hand("5C 5D 5H")


def test_v24a_off_a_book_takes_a_fourth_card() -> None:
    state = book_then_draw_10h(Rules())
    assert "hit 1 5S" in legal(state)
    state = play(state, "hit 1 5S")
    assert len(state.spreads[0].cards) == 4


def test_v24a_a_book_of_four_may_still_be_laid_at_once() -> None:
    rules = Rules(four_card_books=False)
    state = deal(rules, ["5C 5D 5H KC QD", "7H 8H 9H 2S JC"], stock="5S", dealer=1)
    state = play(state, "draw stock", "spread 5C 5D 5H 5S")
    assert state.spreads[0].cards == sorted_hand("5C 5D 5H 5S")


# Seat 0 lays 7H 8H 9H; seat 1 holds 6H and 10H, which both fit it.
HITS_HANDS = [SPREADER, "6H 10H JC QC 2S"]  # 29, 38
HITS_STOCK = "KH 5D 4S 8D"  # seat 0, seat 1, seat 0, seat 1


def test_v24b_at_most_one_hit_per_turn() -> None:
    state = deal(Rules(max_hits_per_turn=1), HITS_HANDS, stock=HITS_STOCK, dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KH")
    state = play(state, "draw stock")
    assert {"hit 1 6H", "hit 1 10H"} <= legal(state)
    state = play(state, "hit 1 6H")
    assert state.hits_this_turn == 1
    assert legal(state) == {f"discard {c}" for c in ("5D", "10H", "JC", "QC", "2S")}
    assert refused(state, "hit 1 10H") is IllegalReason.HIT_LIMIT
    state = play(state, "discard 5D", "draw stock", "discard 4S", "draw stock")
    assert state.hits_this_turn == 0  # a new turn, a new hit
    state = play(state, "hit 1 10H")
    assert state.spreads[0].cards == cards("6H 7H 8H 9H 10H")


def test_v24b_off_any_number_of_hits() -> None:
    state = deal(Rules(), HITS_HANDS, stock=HITS_STOCK, dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KH")
    state = play(state, "draw stock", "hit 1 6H", "hit 1 10H", "discard 5D")
    assert state.spreads[0].cards == cards("6H 7H 8H 9H 10H")


def test_v24c_a_hit_ends_the_turn_without_a_discard() -> None:
    state = deal(Rules(hit_ends_turn=True), HITS_HANDS, stock=HITS_STOCK, dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H")
    assert state.phase is Phase.AFTER_DRAW  # laying a spread does not end it
    assert state.to_move == 0
    state = play(state, "discard KH", "draw stock")
    pile = state.discard_pile
    state = play(state, "hit 1 6H")
    live(state)
    assert state.to_move == 0
    assert state.phase is Phase.TURN_START
    assert state.turns_taken == 2
    assert state.discard_pile == pile
    assert state.hands[1] == sorted_hand("5D 10H JC QC 2S")
    assert tonk.legal_actions(state) == start_actions(drop=True)


def test_v24c_with_b14_after_a_hit_on_an_empty_stock_the_pile_top_may_be_taken() -> (
    None
):
    # B14 lets play go on while each player takes "the previous player's
    # discard". A V24c hit ends the turn without one; the engine's reading is
    # the top of the pile, whoever discarded it (docs/rules/play.md, V24c).
    rules = Rules(hit_ends_turn=True)
    state = deal(rules, ["7H 8H 9H KC QD", "10H 2C 3D 4S 5S"], dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC")
    state = cycle_to_stock(state, 0)
    assert (state.to_move, state.top_discard) == (1, card("KS"))
    state = play(state, "draw discard", "hit 1 10H")  # no discard: the turn ends
    assert (state.to_move, state.top_discard) == (0, card("QS"))  # seat 1's last
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = play(state, "draw discard", "discard QS")
    live(state)
    assert state.hands[0] == cards("3C QD")


MELD = Rules(discard_draw_must_meld=True)


def test_v24d_a_discard_taken_must_be_laid_at_once() -> None:
    # Seat 0 holds a book of 5s and 7H 8H; the upcard 9H completes the run.
    state = deal(MELD, ["7H 8H 5C 5D 5S", "KC QD JS 2C 3D"], upcard="9H", dealer=1)
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = play(state, "draw discard")
    assert state.must_use == card("9H")
    assert legal(state) == {"spread 7H 8H 9H"}
    for text in ("spread 5C 5D 5S", "discard 9H", "discard 5S"):
        assert refused(state, text) is IllegalReason.MUST_USE_DISCARD
    state = play(state, "spread 7H 8H 9H")
    assert state.must_use is None
    assert legal(state) == {
        "spread 5C 5D 5S",
        "discard 5C",
        "discard 5D",
        "discard 5S",
    }
    state = play(state, "discard 5S")
    # Seat 1 can use 5S in no spread, so may not take it.
    assert tonk.legal_actions(state) == start_actions(drop=True, discard=False)
    assert refused(state, DrawDiscard()) is IllegalReason.MUST_USE_DISCARD


def test_v24d_a_discard_taken_to_hit_at_once() -> None:
    hands = ["7H 8H 5C 5D 10H", "KC QD JS 2C 3D"]  # 35, 35
    state = deal(MELD, hands, upcard="9H", dealer=1)
    state = play(state, "draw discard", "spread 7H 8H 9H", "discard 10H")
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = play(state, "draw discard")
    assert state.must_use == card("10H")
    assert legal(state) == {"hit 1 10H"}
    assert refused(state, "discard 10H") is IllegalReason.MUST_USE_DISCARD
    assert refused(state, "discard KC") is IllegalReason.MUST_USE_DISCARD
    state = play(state, "hit 1 10H")
    assert legal(state) == {f"discard {c}" for c in ("2C", "3D", "QD", "KC", "JS")}
    state = play(state, "discard KC")
    # Seat 0 (5C 5D) cannot use KC.
    assert tonk.legal_actions(state) == start_actions(drop=True, discard=False)
    assert refused(state, DrawDiscard()) is IllegalReason.MUST_USE_DISCARD


def test_v24d_off_a_discard_taken_may_be_kept() -> None:
    state = deal(Rules(), ["7H 8H 5C 5D 5S", "KC QD JS 2C 3D"], upcard="9H", dealer=1)
    state = play(state, "draw discard", "discard 5S")
    assert state.hands[0] == sorted_hand("7H 8H 9H 5C 5D")


# --- V26 slap-in -------------------------------------------------------------------

SLAP = Rules(slap_in=True)
# Seat 0 lays 7H 8H 9H and discards KC; seat 1 lays 4C 4D 4S and discards 10H,
# which fits seat 0's run.
SLAP_HANDS = ["7H 8H 9H KC QD", "4C 4D 10H 2S 6S", "JD 9S 5C 3C AD"]  # 44, 26, 28
SLAP_STOCK = "2C 4S 6D 8D 5H QS"  # seat 0, 1, 2, 0, 1, 2


def slap_window(rules: Rules) -> GameState:
    state = deal(rules, SLAP_HANDS, stock=SLAP_STOCK, dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC")
    assert state.phase is Phase.TURN_START  # KC fits no spread: no window
    assert state.slap is None
    assert state.to_move == 1
    state = play(state, "draw stock", "spread 4C 4D 4S", "discard 10H")
    live(state)
    return state


def test_v26_a_discard_that_fits_a_spread_opens_a_window() -> None:
    state = slap_window(SLAP)
    assert state.phase is Phase.SLAP_WINDOW
    assert state.slap == SlapWindow(
        card=card("10H"), discarder=1, due=2, waiting=(1, 2, 0)
    )
    assert state.to_move == 1  # clockwise from the discarder
    assert state.top_discard == card("10H")
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    assert refused(state, Slap(2)) is IllegalReason.HIT_DOES_NOT_FIT
    assert refused(state, Slap(3)) is IllegalReason.NO_SUCH_SPREAD
    for action in (Drop(), DrawStock(), DrawDiscard(), Discard(card("2S"))):
        assert refused(state, action) is IllegalReason.NOT_SLAP_TIME
    # Every eligible player is asked in turn.
    state = play(state, "pass")
    assert (state.to_move, state.phase) == (2, Phase.SLAP_WINDOW)
    assert state.slap is not None
    assert state.slap.waiting == (2, 0)
    state = play(state, "pass")
    assert (state.to_move, state.phase) == (0, Phase.SLAP_WINDOW)
    assert tonk.legal_actions(state) == (Slap(1), Pass())


def test_v26_off_no_window() -> None:
    state = deal(Rules(), SLAP_HANDS, stock=SLAP_STOCK, dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC")
    state = play(state, "draw stock", "spread 4C 4D 4S", "discard 10H")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert refused(state, Slap(1)) is IllegalReason.NOT_SLAP_TIME
    assert refused(state, Pass()) is IllegalReason.NOT_SLAP_TIME


def test_v26_the_discarder_slaps_without_an_extra_discard() -> None:
    state = play(slap_window(SLAP), "slap 1")
    live(state)
    assert state.spreads[0].cards == cards("7H 8H 9H 10H")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert state.hands[1] == sorted_hand("2S 6S")
    assert state.top_discard == card("KC")
    assert tonk.legal_actions(state) == start_actions(drop=True)


def test_v26_the_next_player_slaps_discards_extra_then_plays_the_turn() -> None:
    state = play(slap_window(SLAP), "pass", "slap 1")
    assert state.spreads[0].cards == cards("7H 8H 9H 10H")
    assert (state.to_move, state.phase) == (2, Phase.EXTRA_DISCARD)
    assert state.slap is not None
    assert state.slap.slapper == 2
    assert legal(state) == {f"discard {c}" for c in ("AD", "3C", "5C", "JD", "9S")}
    assert refused(state, DrawStock()) is IllegalReason.NOT_SLAP_TIME
    state = play(state, "discard JD")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert state.hands[2] == sorted_hand("AD 3C 5C 9S")
    assert state.top_discard == card("JD")
    state = play(state, "draw stock")
    assert state.hands[2] == sorted_hand("AD 3C 5C 6D 9S")


def test_v26_a_third_player_slaps_then_play_resumes_with_the_player_due() -> None:
    state = play(slap_window(SLAP), "pass", "pass", "slap 1")
    assert (state.to_move, state.phase) == (0, Phase.EXTRA_DISCARD)
    assert legal(state) == {"discard QD", "discard 2C"}
    state = play(state, "discard QD")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert state.hands[0] == sorted_hand("2C")
    assert state.spreads[0].cards == cards("7H 8H 9H 10H")


def test_v26_window_transcript() -> None:
    state = deal(SLAP, SLAP_HANDS, stock=SLAP_STOCK, dealer=2)
    moves = [
        "draw stock",
        "spread 7H 8H 9H",
        "discard KC",
        "draw stock",
        "spread 4C 4D 4S",
        "discard 10H",
        "pass",
        "pass",
        "slap 1",
        "discard QD",
        "draw stock",
        "discard 6D",
    ]
    seen: list[tuple[int, Phase, str]] = []
    for move in moves:
        seen.append((state.to_move, state.phase, move))
        state = play(state, move)
    seen.append((state.to_move, state.phase, ""))
    t, a = Phase.TURN_START, Phase.AFTER_DRAW
    s, x = Phase.SLAP_WINDOW, Phase.EXTRA_DISCARD
    assert seen == [
        (0, t, "draw stock"),
        (0, a, "spread 7H 8H 9H"),
        (0, a, "discard KC"),
        (1, t, "draw stock"),
        (1, a, "spread 4C 4D 4S"),
        (1, a, "discard 10H"),
        (1, s, "pass"),
        (2, s, "pass"),
        (0, s, "slap 1"),
        (0, x, "discard QD"),
        (2, t, "draw stock"),
        (2, a, "discard 6D"),
        (0, t, ""),
    ]


def test_v26_everyone_passes_and_the_card_goes_dead_for_slapping() -> None:
    state = play(slap_window(SLAP), "pass", "pass", "pass")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert state.top_discard == card("10H")
    assert state.spreads[0].cards == cards("7H 8H 9H")
    assert tonk.legal_actions(state) == start_actions(drop=True)
    assert refused(state, Slap(1)) is IllegalReason.NOT_SLAP_TIME
    # The player due may take it and hit it normally, with no extra discard.
    state = play(state, "draw discard")
    assert "hit 1 10H" in legal(state)
    state = play(state, "hit 1 10H", "discard JD")
    assert (state.to_move, state.phase, state.slap) == (0, Phase.TURN_START, None)
    assert state.hands[2] == sorted_hand("AD 3C 5C 9S")


def test_v26_option_the_player_due_is_asked_first_and_discards_no_extra() -> None:
    state = slap_window(Rules(slap_in=True, slap_priority_next=True))
    assert state.slap == SlapWindow(
        card=card("10H"), discarder=1, due=2, waiting=(2, 1, 0)
    )
    assert state.to_move == 2
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    state = play(state, "slap 1")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    assert state.hands[2] == sorted_hand("JD 9S 5C 3C AD")
    assert state.spreads[0].cards == cards("7H 8H 9H 10H")


def test_v26_option_others_slapping_after_the_player_due_passes() -> None:
    state = slap_window(Rules(slap_in=True, slap_priority_next=True))
    state = play(state, "pass")
    assert (state.to_move, state.phase) == (1, Phase.SLAP_WINDOW)
    state = play(state, "pass", "slap 1")
    assert (state.to_move, state.phase) == (0, Phase.EXTRA_DISCARD)
    state = play(state, "discard QD")
    assert (state.to_move, state.phase) == (2, Phase.TURN_START)


def test_v26_a_slap_counts_as_a_hit_for_waiting() -> None:
    state = play(slap_window(Rules(slap_in=True, hit_wait=1)), "pass", "slap 1")
    assert state.waits == (1, 0, 0)
    state = play(state, "discard JD", "draw stock", "discard 6D")
    assert state.to_move == 0
    assert_drop_barred(state)
    state = play(state, "draw stock")
    assert state.waits == (0, 0, 0)


def test_v26_with_v21_a_hand_that_may_not_discard_may_not_slap() -> None:
    # Seat 2 was dealt four jacks: under must-spread it may discard nothing
    # before laying them, so it could not make a slapper's extra discard. It is
    # still asked (who is asked must not reveal a hidden hand), and may only pass.
    rules = Rules(must_spread=True, slap_in=True)
    hands = ["7H 8H 9H KC QD", "4C 4D 10H 2S 6S", "JC JD JH JS AD"]  # 44, 26, 41
    state = deal(rules, hands, stock="2C 3S 5D", dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC")
    state = play(state, "draw stock", "discard 10H")
    assert state.slap == SlapWindow(
        card=card("10H"), discarder=1, due=2, waiting=(1, 2, 0)
    )
    state = play(state, "pass")
    assert (state.to_move, legal(state)) == (2, {"pass"})
    state = play(state, "pass", "pass")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    state = play(state, "draw stock")
    assert "discard AD" not in legal(state)
    state = play(state, "spread JC JD JH JS", "discard AD")
    live(state)


def test_v26_an_extra_discard_that_empties_the_hand_goes_out() -> None:
    hands = ["7H 8H 9H 10H KC", "JH 2S 3D 4C 6S", "JD 9S 5C 3C AD"]  # 44, 25, 28
    state = deal(SLAP, hands, stock="2C 4D", dealer=2)
    state = play(state, "draw stock", "spread 7H 8H 9H 10H", "discard KC")
    assert state.hands[0] == cards("2C")
    state = play(state, "draw stock", "discard JH", "pass", "pass", "slap 1")
    assert (state.to_move, state.phase) == (0, Phase.EXTRA_DISCARD)
    assert tonk.legal_actions(state) == (Discard(card("2C")),)
    outcome = finished(play(state, "discard 2C"))
    assert_out(outcome, OutcomeKind.OUT_BY_DISCARD, 0, (2, -1, -1))


# --- V27 boobed deck ---------------------------------------------------------------

RUSHVILLE = presets.RUSHVILLE
# The payouts of Rushville's units (V36) are not V27's: the bump below is settled
# on the boobed deck alone, with B13's catch.
BOOBED = Rules(boobed_deck=True, exhaustion_tie=ExhaustionTie.DEAD_HAND)
# Seat 0 keeps 7H 8H 9H 5C 5D through the cycled turns; its draw of 5S, the
# stock card ``tail`` puts in place, lets it lay both spreads and empty its hand.
RUSH_HANDS = ["7H 8H 9H 5C 5D", "KC QD 2S 3D 6S", "JD 9S 4C 3C AD"]  # 34, 31, 27


def empty_seat_0(rules: Rules, *, stock_after: int, then: str = "QS") -> GameState:
    """Cycle until seat 0 draws 5S leaving ``stock_after`` cards, then lay out.

    Seat 1 draws ``then`` next.
    """
    # Three players: seat 0 draws every third card; the dealer fixes which.
    tail = ["5S", then, "JS", "10S", "8S"][: stock_after + 1]
    dealer = {3: 0, 4: 1}[stock_after]
    state = deal(rules, RUSH_HANDS, tail=" ".join(tail), dealer=dealer)
    state = cycle_to_stock(state, len(tail))
    assert state.to_move == 0
    state = play(state, "draw stock")
    assert state.stock_size == stock_after
    return play(state, "spread 7H 8H 9H", "spread 5C 5D 5S")


def test_v27_preset() -> None:
    assert RUSHVILLE.boobed_deck
    assert RUSHVILLE.exhaustion_tie is ExhaustionTie.DEAD_HAND
    assert RUSHVILLE.stock_end is StockEnd.SHOWDOWN


@pytest.mark.parametrize("rules", [RUSHVILLE, BOOBED])
def test_v27_emptying_the_hand_wins_while_the_stock_holds_more_than_the_players(
    rules: Rules,
) -> None:
    outcome = finished(empty_seat_0(rules, stock_after=4))  # 4 > 3 players
    assert_out(outcome, OutcomeKind.TONK_OUT, 0, (4, -2, -2))


@pytest.mark.parametrize("rules", [RUSHVILLE, BOOBED])
def test_v27_boobed_an_empty_hand_must_be_dropped_on_the_next_turn(
    rules: Rules,
) -> None:
    state = empty_seat_0(rules, stock_after=3)  # 3 <= 3 players: boobed
    live(state)
    assert state.hands[0] == ()
    assert state.count(0) == 0
    assert (state.to_move, state.phase) == (1, Phase.TURN_START)
    # The others may drop meanwhile (see the bump below); here they play on.
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = cycle(state, 2)
    assert state.to_move == 0
    assert tonk.legal_actions(state) == (Drop(),)
    assert refused(state, DrawStock()) is IllegalReason.MUST_DROP
    assert refused(state, DrawDiscard()) is IllegalReason.MUST_DROP
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.dropper == 0
    assert outcome.counts == (0, 31, 27)
    assert outcome.payoffs == (2, -1, -1)
    assert outcome.winners == (0,)


def test_v27_with_v26_an_empty_hand_may_not_slap_for_want_of_an_extra_discard() -> None:
    rules = Rules(
        boobed_deck=True, exhaustion_tie=ExhaustionTie.DEAD_HAND, slap_in=True
    )
    state = empty_seat_0(rules, stock_after=3, then="10H")
    state = play(state, "draw stock", "discard 10H")
    # 10H fits seat 0's run, but seat 0 holds no card for the extra discard.
    assert state.phase is Phase.SLAP_WINDOW
    assert state.slap == SlapWindow(
        card=card("10H"), discarder=1, due=2, waiting=(1, 2)
    )
    state = play(state, "pass", "pass")
    assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
    state = cycle(state, 1)
    assert tonk.legal_actions(state) == (Drop(),)


def test_v27_with_v26_the_due_player_emptied_by_a_slap_drops_at_once() -> None:
    # Seat 1, due next, slaps 5H onto its book and makes its extra discard with
    # its last card while the stock is boobed (2 cards, 2 players). Its hand
    # was emptied outside its turn, so the turn it is due is its next turn,
    # and it must drop at once (docs/rules/slap-in.md).
    rules = Rules(
        boobed_deck=True, exhaustion_tie=ExhaustionTie.DEAD_HAND, slap_in=True
    )
    state = deal(rules, ["7H 8H 9H KC QD", "5C 5D 5S 6H KD"], dealer=1, tail="5H JC JD")
    state = play(state, "draw stock", "spread 7H 8H 9H", "discard KC")
    drawn = state.stock[0]
    state = play(state, "draw stock", "spread 5C 5D 5S", "hit 1 6H", f"discard {drawn}")
    while state.stock_size > 3:  # draw and discard, nobody slapping
        drawn = state.stock[0]
        state = play(state, "draw stock", f"discard {drawn}")
        while state.phase is Phase.SLAP_WINDOW:
            state = play(state, "pass")
    assert (state.to_move, state.stock[0]) == (0, card("5H"))
    state = play(state, "draw stock", "discard 5H", "pass", "slap 2", "discard KD")
    assert (state.to_move, state.phase, state.hands[1]) == (1, Phase.TURN_START, ())
    assert tonk.legal_actions(state) == (Drop(),)
    outcome = finished(play(state, "drop"))
    assert (outcome.kind, outcome.dropper, outcome.payoffs) == (
        OutcomeKind.DROP_WON,
        1,
        (-1, 1),
    )


def test_v27_with_x5_an_eat_skips_the_empty_hands_turn_and_its_drop_waits() -> None:
    # X5: an eat skips the players between the discarder and the eater, who
    # lose their turn. Seat 0, empty on a boobed stock, is due; seat 1 eats, so
    # seat 0's drop waits for its next turn (docs/rules/eating.md).
    rules = Rules(boobed_deck=True, exhaustion_tie=ExhaustionTie.DEAD_HAND, eating=True)
    state = deal(rules, RUSH_HANDS, tail="5S QS JS 10S", dealer=0)
    while state.stock_size > 4:  # draw and discard, nobody eating
        drawn = state.stock[0]
        state = play(state, "draw stock", f"discard {drawn}")
        while state.phase is Phase.SLAP_WINDOW:
            state = play(state, "pass")
    assert state.to_move == 0
    state = play(state, "draw stock", "spread 7H 8H 9H", "spread 5C 5D 5S")
    assert (state.hands[0], state.stock_size) == ((), 3)  # boobed: 3 <= 3 players
    state = play(state, "draw stock", "discard QS", "draw stock", "discard JS")
    assert state.slap == SlapWindow(card=card("JS"), discarder=2, due=0, waiting=(1,))
    state = play(state, "eat", "discard KC")  # seat 0 loses its turn
    assert (state.to_move, state.phase) == (2, Phase.TURN_START)
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = play(state, "draw stock", "discard 10S", "pass")  # seat 1 may eat
    assert state.to_move == 0
    assert tonk.legal_actions(state) == (Drop(),)
    outcome = finished(play(state, "drop"))
    assert (outcome.kind, outcome.counts, outcome.payoffs) == (
        OutcomeKind.DROP_WON,
        (0, 31, 27),
        (2, -1, -1),
    )


def test_v27_a_zero_hand_bumps_a_player_who_drops_first() -> None:
    state = empty_seat_0(BOOBED, stock_after=3)
    outcome = finished(play(state, "drop"))  # seat 1 (31) drops into the 0
    assert outcome.kind is OutcomeKind.CAUGHT
    assert outcome.dropper == 1
    assert outcome.counts == (0, 31, 27)
    # B13: the dropper pays 2 to each count at or under 31 (seats 0 and 2); the
    # lowest (seat 0) takes 1 from the one who is neither dropper nor lowest.
    assert outcome.payoffs == (3, -4, 1)
    assert outcome.winners == (0,)
    assert Counter(outcome.transfers) == transfers(
        (1, 0, 2, TransferReason.CATCHER),
        (1, 2, 2, TransferReason.CATCHER),
        (2, 0, 1, TransferReason.LOWEST),
    )


EXHAUST_HANDS = ["KC KD 5C 3C 2D", "AC 2C 3D 3H 3S", "4C 4D 4H 6C 2H"]  # 30, 12, 20
TIE_HANDS = ["AC 2C 3D 3H 3S", "AD 2D 3C 4C 2H", "KC KD 5C 4D AH"]  # 12, 12, 30


def exhausted(rules: Rules, hands: list[str], *, dealer: int = 2) -> GameState:
    """Cycle three players' turns until the stock is empty."""
    state = cycle_to_stock(deal(rules, hands, dealer=dealer), 1)
    assert tonk.legal_actions(state) == start_actions(drop=True)
    state = cycle(state, 1)
    assert state.stock == ()
    assert state.turns_taken == 36
    return state


def test_v27_at_exhaustion_the_lowest_count_wins() -> None:
    state = exhausted(RUSHVILLE, EXHAUST_HANDS)
    assert state.to_move == 0
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (30, 12, 20)
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)


def test_v27_a_tie_at_exhaustion_is_a_dead_hand() -> None:
    outcome = finished(play(exhausted(RUSHVILLE, TIE_HANDS), "draw stock"))
    assert outcome.kind is OutcomeKind.STOCK_EXHAUSTED
    assert outcome.counts == (12, 12, 30)
    assert outcome.payoffs == (0, 0, 0)
    assert outcome.winners == ()
    assert outcome.transfers == ()


# --- V28 dead stock ----------------------------------------------------------------

DEAD = Rules(stock_end=StockEnd.DEAD)


def test_v28_a_draw_from_the_empty_stock_ends_a_dead_hand() -> None:
    state = exhausted(DEAD, EXHAUST_HANDS)
    outcome = finished(play(state, "draw stock"))
    assert outcome.kind is OutcomeKind.DEAD_STOCK
    assert outcome.payoffs == (0, 0, 0)
    assert outcome.winners == ()
    assert outcome.transfers == ()
    assert outcome.counts == (30, 12, 20)


def test_v28_taking_discards_goes_on_and_a_drop_is_settled_as_usual() -> None:
    state = exhausted(DEAD, EXHAUST_HANDS)
    top = state.top_discard
    assert top is not None
    state = play(state, "draw discard", f"discard {top}")
    live(state)
    assert state.to_move == 1
    outcome = finished(play(state, "drop"))  # seat 1 (12) is strictly lowest
    assert outcome.kind is OutcomeKind.DROP_WON
    assert outcome.payoffs == (-1, 2, -1)


# --- V29 forced knock --------------------------------------------------------------

SHEET = presets.SHEET


def test_v29_preset() -> None:
    assert SHEET.stock_end is StockEnd.FORCED_KNOCK


@pytest.mark.parametrize("rules", [SHEET, Rules(stock_end=StockEnd.FORCED_KNOCK)])
def test_v29_the_player_facing_the_empty_stock_must_drop(rules: Rules) -> None:
    state = exhausted(rules, EXHAUST_HANDS)
    assert state.to_move == 0
    assert tonk.legal_actions(state) == (Drop(),)
    assert refused(state, DrawStock()) is IllegalReason.MUST_DROP
    assert refused(state, DrawDiscard()) is IllegalReason.MUST_DROP
    outcome = finished(play(state, "drop"))
    # Seat 0 (30) drops; the lowest, seat 1 (12), takes 1 from each, and the
    # dropper pays no catch penalty (B13 would make it (-4, 3, 1)).
    assert outcome.kind is OutcomeKind.FORCED_KNOCK
    assert outcome.dropper == 0
    assert outcome.counts == (30, 12, 20)
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)
    assert Counter((t.payer, t.payee, t.amount) for t in outcome.transfers) == Counter(
        [(0, 1, 1), (2, 1, 1)]
    )


def test_v29_the_lowest_dropper_wins_single_from_each() -> None:
    state = exhausted(SHEET, EXHAUST_HANDS, dealer=0)
    assert state.to_move == 1
    assert tonk.legal_actions(state) == (Drop(),)
    outcome = finished(play(state, "drop"))
    assert outcome.kind is OutcomeKind.FORCED_KNOCK
    assert outcome.dropper == 1
    assert outcome.payoffs == (-1, 2, -1)
    assert outcome.winners == (1,)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(boobed_deck=True, exhaustion_tie=ExhaustionTie.DEAD_HAND, drops=False),
        Rules(stock_end=StockEnd.FORCED_KNOCK, drops=False),
    ],
)
def test_v27_v29_with_h4_a_forced_drop_is_made_though_drops_are_off(
    rules: Rules,
) -> None:
    # drops=False (H4) takes away the drop a player chooses; the drop V27's
    # empty hand and V29's empty stock force is still made (docs/rules/hoyle.md).
    if rules.boobed_deck:
        state = empty_seat_0(rules, stock_after=3)
        assert tonk.legal_actions(state) == (DrawStock(), DrawDiscard())
        state = cycle(state, 2)
    else:
        state = cycle_to_stock(deal(rules, EXHAUST_HANDS, dealer=0), 0)
    assert tonk.legal_actions(state) == (Drop(),)
    outcome = finished(play(state, "drop"))
    assert outcome.dropper == state.to_move


# --- V30 three-spread lock ---------------------------------------------------------

# Ten-card hands, so that one player can lay three spreads and keep a card.
LOCK = Rules(three_spread_lock=True, hand_size=10, deal_tonks=())
LOCKER = "7H 8H 9H 4C 4D 4S JC QC KC 2D"
# 10H fits seat 0's run, 4H its book of 4s; no spread in either hand.
LOCKED_OUT = "10H 4H AS 3S 5D 6C 8S 9D QH 2H"
THIRD = "JD JH 2C 3C 5C 7C 9C 10C AD 6S"


def three_spreads(rules: Rules, players: int = 2) -> GameState:
    hands = [LOCKER, LOCKED_OUT, THIRD][:players]
    state = deal(rules, hands, stock="6D 5H 6H", dealer=players - 1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "spread 4C 4D 4S")
    state = play(state, "spread JC QC KC", "discard 6D")
    assert state.hands[0] == cards("2D")
    return state


def test_v30_opponents_may_not_hit_and_the_owner_may_not_drop() -> None:
    state = three_spreads(LOCK)
    assert tonk.legal_actions(state) == start_actions(drop=True)  # seat 1 may
    state = play(state, "draw stock")
    assert not any(isinstance(a, Hit) for a in tonk.legal_actions(state))
    assert refused(state, "hit 1 10H") is IllegalReason.SPREAD_LOCKED
    assert refused(state, "hit 2 4H") is IllegalReason.SPREAD_LOCKED
    state = play(state, "discard 5H")
    assert state.to_move == 0
    assert_drop_barred(state)
    # The owner may still hit its own spreads, and go out.
    state = play(state, "draw stock")
    assert "hit 1 6H" in legal(state)
    state = play(state, "hit 1 6H")
    outcome = finished(play(state, "discard 2D"))
    assert_out(outcome, OutcomeKind.OUT_BY_DISCARD, 0, (1, -1))


def test_v30_two_spreads_do_not_lock() -> None:
    state = deal(LOCK, [LOCKER, LOCKED_OUT], stock="6D 5H 6H", dealer=1)
    state = play(state, "draw stock", "spread 7H 8H 9H", "spread 4C 4D 4S")
    state = play(state, "discard 6D", "draw stock")
    assert {"hit 1 10H", "hit 2 4H"} <= legal(state)
    state = play(state, "hit 1 10H", "discard 5H")
    assert tonk.legal_actions(state) == start_actions(drop=True)


def test_v30_off_opponents_may_hit_and_the_owner_may_drop() -> None:
    rules = Rules(hand_size=10, deal_tonks=())
    state = three_spreads(rules)
    state = play(state, "draw stock", "hit 1 10H", "hit 2 4H", "discard 5H")
    assert tonk.legal_actions(state) == start_actions(drop=True)


@pytest.mark.parametrize("slap", [False, True])
def test_v30_locked_spreads_are_slapped_only_by_their_owner(slap: bool) -> None:
    rules = Rules(three_spread_lock=True, slap_in=True, hand_size=10, deal_tonks=())
    state = three_spreads(rules, players=3)
    state = play(state, "draw stock", "discard 10H")
    # 10H fits seat 0's run: seats 1 and 2 may not slap it, so only seat 0 is
    # asked, although it is neither the discarder nor due next.
    assert state.phase is Phase.SLAP_WINDOW
    assert state.slap == SlapWindow(card=card("10H"), discarder=1, due=2, waiting=(0,))
    assert state.to_move == 0
    assert tonk.legal_actions(state) == (Slap(1), Pass())
    if not slap:
        state = play(state, "pass")
        assert (state.to_move, state.phase, state.slap) == (2, Phase.TURN_START, None)
        return
    state = play(state, "slap 1")
    assert (state.to_move, state.phase) == (0, Phase.EXTRA_DISCARD)
    outcome = finished(play(state, "discard 2D"))
    assert_out(outcome, OutcomeKind.OUT_BY_DISCARD, 0, (2, -1, -1))


# --- option validation -------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"three_aces_may_be_held": True},
        {"slap_priority_next": True},
        {"boobed_deck": True},
        {"boobed_deck": True, "exhaustion_tie": ExhaustionTie.SPLIT},
        {"must_spread": True, "hit_bars_going_out": True},
        {"spread_wait": -1},
        {"hit_wait": -1},
        {"own_hit_wait": -1},
        {"hit_wait_once_per_round": True},
        {"max_hits_per_turn": -1},
    ],
)
def test_invalid_play_options_raise_rules_error(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)


@pytest.mark.parametrize(
    "options",
    [
        {"must_spread": True, "three_aces_may_be_held": True},
        {"slap_in": True, "slap_priority_next": True},
        {"boobed_deck": True, "exhaustion_tie": ExhaustionTie.DEAD_HAND},
        {"hit_wait": 1, "hit_bars_going_out": True},
        {"spread_wait": 3, "hit_wait": 3, "own_hit_wait": 1},
        {"hit_wait": 1, "hit_wait_once_per_round": True},
        {"max_hits_per_turn": 1, "hit_ends_turn": True},
    ],
)
def test_valid_play_options(options: dict[str, Any]) -> None:
    rules = Rules(**options)
    for name, value in options.items():
        assert getattr(rules, name) == value


# --- presets: random play --------------------------------------------------------
