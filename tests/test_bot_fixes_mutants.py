"""Mutants of the bots' fixes of 6 December 2026, pinned on small cases.

Mutation testing (mutmut 3.8.1) of the functions the fixes under unusual
rules changed found these untested, each killed here: the drop ceilings of
``_may_drop`` at their bounds and on the first round (X6); the three-spread
lock (V30) read from exactly three spreads, not two; under V24d, leaving a
card that makes a spread as the greedy model's one mistake, and taking it as
none; a plain joker's outs (V3); a card that completes a book of wild twos
under ``Wilds.JOKERS_AND_TWOS`` in a hand of wild cards only (H2's filter
of spreads short of natural cards applies only above one). The mutants left
are equivalent (the report of this run names them).
"""

from __future__ import annotations

import pytest
from scenario import seat_0_first

import tonk
from tonk import Card, GameState, Rules, format_action, parse_cards
from tonk.bots import GreedyModel, OpponentTurn
from tonk.bots._belief import _locked, _may_drop
from tonk.bots._greedy import _completes_spread, _View


@pytest.mark.parametrize(
    ("ceilings", "turn", "count", "may"),
    [
        ((None, None), 0, 50, True),  # no ceiling
        ((None, None), 5, 50, True),
        ((5, None), 3, 5, True),  # at the ceiling
        ((5, None), 3, 6, False),
        ((5, None), 0, 6, False),  # the same ceiling on the first round
        ((None, 3), 1, 3, True),
        ((None, 3), 1, 4, False),
        ((None, 3), 2, 40, True),  # none after it
        ((5, 10), 1, 10, True),
        ((5, 10), 1, 11, False),
        ((5, 10), 2, 8, False),
        ((5, 10), 2, 5, True),
    ],
)
def test_may_drop_reads_the_ceiling_of_the_turn(
    ceilings: tuple[int | None, int | None], turn: int, count: int, may: bool
) -> None:
    # X6: (drop_at_most, first_turn_drop_at_most); two players, so turns 0
    # and 1 are the first round.
    later, first = ceilings
    rules = Rules(drop_at_most=later, first_turn_drop_at_most=first)
    assert _may_drop(rules, 2, turn, count) is may


def _three_spreads(lock: bool = True) -> list[GameState]:
    """Return the states after seat 0 lays each of three spreads (turn 0)."""
    rules = Rules(three_spread_lock=lock, hand_size=10, deal_tonks=())
    state = seat_0_first(
        rules,
        ["7H 8H 9H 4C 4D 4S JC QC KC 2D", "10H 4H AS 3S 5D 6C 8S 9D QH 2H"],
        upcard="KD",
        stock="6D 5H 6H 3D",
    )
    states = []
    for notation in (
        "draw stock",
        "spread 7H 8H 9H",
        "spread 4C 4D 4S",
        "spread JC QC KC",
    ):
        (action,) = [
            a for a in tonk.legal_actions(state) if format_action(a) == notation
        ]
        state = tonk.apply(state, action)
        states.append(state)
    return states[1:]


def test_the_lock_takes_three_spreads_laid_before_the_turn() -> None:
    one, two, three = (tonk.observe(state, 1) for state in _three_spreads())
    assert not _locked(one, 0, 5)
    assert not _locked(two, 0, 5)
    assert _locked(three, 0, 5)
    assert _locked(three, 0, 1)
    assert not _locked(three, 0, 0)  # laid in that turn
    assert not _locked(three, 1, 5)  # another seat's


def test_without_the_lock_three_spreads_lock_nothing() -> None:
    three = tonk.observe(_three_spreads(lock=False)[-1], 1)
    assert not _locked(three, 0, 5)


def _v24d_turn(took: bool) -> float:
    rules = Rules(discard_draw_must_meld=True)
    hand = parse_cards("7C 7D 2H 9S KD")
    turn = OpponentTurn(
        seat=1,
        turn=3,
        could_drop=False,
        offered=Card.parse("7H"),
        took=took,
        laid=parse_cards("7C 7D 7H") if took else (),
        discarded=None,
    )
    drawn = Card.parse("7H") if took else Card.parse("4C")
    return GreedyModel().likelihood(rules, 2, turn, hand, drawn)


def test_under_v24d_leaving_a_card_that_makes_a_spread_is_a_mistake() -> None:
    assert _v24d_turn(took=False) == GreedyModel().mistake
    assert _v24d_turn(took=True) == 1.0


def test_a_plain_joker_has_no_outs() -> None:
    # V3: a joker that is not wild makes no spread, not even beside another.
    rules = Rules(jokers=2)
    state = seat_0_first(rules, ["JK JK AC 9D KS", "2C 3D 6H 8S QD"], upcard="5C")
    view = _View(tonk.observe(state, 0), 1.5)
    hand = list(state.hand(0))
    joker = Card.parse("JK")
    hand.remove(joker)
    assert joker in hand
    assert view.outs(joker, hand) == 0


def test_wild_twos_complete_a_book_of_twos_with_one_natural_a_spread() -> None:
    # Wilds.JOKERS_AND_TWOS without H2: the engine lays 2C 2D 2H, three
    # wild cards; only a rule of two natural cards (H2) would refuse it. A
    # hand of wild cards only: a natural card would make a spread with 2H
    # and two wild cards anyway.
    rules = Rules(jokers=2, wilds=tonk.Wilds.JOKERS_AND_TWOS)
    state = seat_0_first(rules, ["2C 2D 2S JK JK", "3D 6H 8S JD AC"], upcard="2H")
    view = _View(tonk.observe(state, 0), 1.5)
    assert _completes_spread(view, Card.parse("2H"))
    state = tonk.apply(state, tonk.DrawDiscard())
    assert "spread 2C 2D 2H" in map(format_action, tonk.legal_actions(state))
