"""tonk.encoding.payoff_bounds and max_hand_length: what adapters report."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tonk
from tonk import ClaimDealTonk, Drop, Hit, LaySpread, Rules, RulesError, Slap
from tonk.encoding import max_hand_length, payoff_bounds
from tonk.testing import stack_deck
from tonk.testing.strategies import player_counts, rules


def whole_hand(
    table: Rules, players: int, seed: int, *, patient: bool
) -> tuple[tonk.GameState, int]:
    """Play a hand to its end at random; return the final state and its length.

    A patient hand drops or claims only when nothing else is legal and melds
    or slaps when it can, so that long hands and the turn limit come up.
    """
    rng = random.Random(seed)
    state = tonk.new_game(table, players=players, seed=seed)
    length = 0
    while not state.is_terminal:
        options = tonk.legal_actions(state)
        if patient:
            calm = [a for a in options if not isinstance(a, Drop | ClaimDealTonk)]
            melds = [a for a in calm if isinstance(a, LaySpread | Hit | Slap)]
            options = tuple(melds or calm or options)
        state = tonk.apply(state, rng.choice(options))
        length += 1
    return state, length


@st.composite
def limited_rules(draw: st.DrawFn) -> Rules:
    """Any rules with a turn limit of 1 to 60 turns (a hand without one is endless)."""
    drawn = draw(rules())
    if drawn.max_turns is None or drawn.max_turns > 60:
        drawn = attrs.evolve(drawn, max_turns=draw(st.integers(1, 60)))
    return drawn


@given(table=limited_rules(), data=st.data())
def test_no_hand_pays_outside_the_bounds_or_runs_longer(
    table: Rules, data: st.DataObject
) -> None:
    players = data.draw(player_counts(table))
    seed = data.draw(st.integers(0, 2**32 - 1))
    state, length = whole_hand(table, players, seed, patient=data.draw(st.booleans()))
    least, most = payoff_bounds(table, players)
    assert state.outcome is not None
    assert all(least <= payoff <= most for payoff in state.outcome.payoffs)
    assert length <= max_hand_length(table, players)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_pagat_bounds_are_attained_by_a_tonk_out_and_a_caught_drop(
    players: int,
) -> None:
    pagat = tonk.presets.PAGAT
    least, most = payoff_bounds(pagat, players)
    assert (least, most) == (-2 * (players - 1), 2 * (players - 1))
    # Seat 1 (the dealer's left) lays two spreads off the deal: a tonk out (B11).
    others = ["JC QC KC 2D 3D", "JH QH KH 4H 5H", "10C 10D 10H 10S 4D"]
    dealt = ["4C 5C 6C 8C 9H", "AS 2S 3S 7H 7D", *others[: players - 2]]
    deck = stack_deck(pagat, hands=dealt, stock="7C")
    state = tonk.new_game(pagat, players=players, deck=deck)
    for text in ("draw stock", "spread AS 2S 3S", "spread 7C 7D 7H"):
        state = tonk.apply(state, tonk.parse_action(state, text))
    assert state.outcome is not None
    assert state.outcome.payoffs[1] == most
    # Seat 1 drops a count of 47 against lower hands: caught by everyone (B13).
    dealt = ["AC 2C 3C 4C 5C", "KS KD QS 8S 9H", *others[: players - 2]]
    deck = stack_deck(pagat, hands=dealt)
    state = tonk.apply(tonk.new_game(pagat, players=players, deck=deck), Drop())
    assert state.outcome is not None
    assert state.outcome.payoffs[1] == least


def test_bounds_add_the_side_payments_and_the_table_size() -> None:
    both = Rules(hit_and_split=True, widow=True)
    # A tonk out paid 2x by three players, each of whom also paid into the pot.
    assert payoff_bounds(both, 4) == (-7, 9)
    lepape = tonk.presets.WASHINGTON_STATE  # V38: 2N to each catcher
    assert payoff_bounds(lepape, 3) == (-12, 6)
    assert payoff_bounds(tonk.presets.NEWARK, 3) == (-4, 8)  # V33: 4x


def test_a_winner_paying_hit_and_split_can_be_worst_off() -> None:
    # V39 with V35 5: the one lowest is paid 1 by the dropper but pays 1/2 to
    # each of the five losers holding a four-card spread.
    table = Rules(
        deal_tonks=(),
        hit_and_split=True,
        exhaustion_tie=tonk.ExhaustionTie.SPLIT,
        going_out=(tonk.OutPay(pays=1),),
        catch=tonk.Catch(to_lowest=1, lowest_tie=tonk.LowestTie.NEAREST_DEALER_LEFT),
    )
    assert payoff_bounds(table, 6) == (Fraction(-3, 2), 5)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(RulesError, match=r"players must be 2\.\.10"):
        payoff_bounds(Rules(), 11)
    with pytest.raises(RulesError, match="no longest length"):
        max_hand_length(Rules(max_turns=None), 2)
    with pytest.raises(TypeError):
        max_hand_length("pagat", 2)  # type: ignore[arg-type]


@given(table=rules(), data=st.data())
def test_any_drop_or_showdown_settles_within_the_bounds(
    table: Rules, data: st.DataObject
) -> None:
    # The bounds settle drops for three levels of count only (lower, equal,
    # higher than the dropper's): any counts at all must stay within them.
    players = data.draw(player_counts(table))
    counts = data.draw(st.lists(st.integers(0, 60), min_size=players, max_size=players))
    dropper = data.draw(st.integers(0, players - 1))
    dealer = data.draw(st.integers(0, players - 1))
    least, most = payoff_bounds(table, players)
    drop = tonk.scoring.settle_drop(counts, dropper, catch=table.catch, dealer=dealer)
    assert all(least <= payoff <= most for payoff in drop.payoffs)
    if table.max_turns is not None:
        showdown = tonk.scoring.settle_showdown(
            counts, tonk.OutcomeKind.TURN_LIMIT, table.exhaustion_tie
        )
        assert all(least <= payoff <= most for payoff in showdown.payoffs)
