"""Hardening: copied rule sets and states, forged states, untrusted seats.

Copies made by :mod:`pickle` and :mod:`copy` must play exactly as the original
(the engine's caches are keyed by value, not by object identity); a state that
could never be reached is refused by :func:`tonk.validate` and by the JSON
loader, with the same checks.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tonk
from tonk import GameState, LaySpread, Rules, Wilds
from tonk.testing import stack_deck
from tonk.testing.strategies import game_states, player_counts, presets, rules

# --- copies play as the original (issue 12, defect 1) ------------------------------


def _spreads_after_a_draw(table_rules: Rules) -> set[str]:
    """Return the spreads seat 0 may lay after drawing from a stacked deck."""
    deck = stack_deck(
        table_rules,
        hands=["AH 2H JK QH KH", "3C 4C 5C 6C 8D"],
        upcard="9S",
        dealer=1,
    )
    state = tonk.new_game(table_rules, players=2, deck=deck, dealer=1)
    state = tonk.apply(state, tonk.DrawStock())
    return {
        tonk.format_action(action)
        for action in tonk.legal_actions(state)
        if isinstance(action, LaySpread)
    }


def test_unpickled_rule_sets_find_their_own_spreads() -> None:
    low = Rules(jokers=2, wilds=Wilds.JOKERS)
    high = Rules(jokers=2, wilds=Wilds.JOKERS, ace_high=True)
    truth = [_spreads_after_a_draw(low), _spreads_after_a_draw(high)]
    assert truth[0] != truth[1]  # the ace-high run QH KH AH is laid only in one
    blobs = [pickle.dumps(low), pickle.dumps(high)]
    wrong = 0
    for step in range(120):
        # Copies are made and freed in runs of three, so that a freed copy's
        # memory is reused by a copy of the *other* rule set.
        which = (step // 3) % 2
        copied = pickle.loads(blobs[which])
        wrong += _spreads_after_a_draw(copied) != truth[which]
        del copied  # freed at once: nothing refers to it
    assert wrong == 0


_COPIERS = (
    lambda state: pickle.loads(pickle.dumps(state)),
    copy.deepcopy,
    lambda state: attrs.evolve(state, rules=pickle.loads(pickle.dumps(state.rules))),
    lambda state: attrs.evolve(state, rules=copy.deepcopy(state.rules)),
)
"""Copies of a state as a server or a bot makes them: the rules are copied too."""


@st.composite
def twin_deals(draw: st.DrawFn) -> list[GameState]:
    """Draw one deal under rules with and without the ace high (V10), then a draw.

    Equal hands under two rule sets look alike to a cache that confuses them.
    """
    drawn = draw(rules() | presets())
    players = draw(player_counts(drawn))
    seed = draw(st.integers(0, 2**32 - 1))
    states = []
    for ace_high in (False, True):
        state = tonk.new_game(
            attrs.evolve(drawn, ace_high=ace_high), players=players, seed=seed
        )
        if tonk.is_legal(state, tonk.DrawStock()):
            state = tonk.apply(state, tonk.DrawStock())
        states.append(state)
    return states


@given(
    twin_deals(),
    game_states(rules=rules() | presets()),
    st.lists(st.sampled_from(_COPIERS), min_size=12, max_size=12),
    st.data(),
)
def test_copies_of_rules_and_states_play_as_the_original(
    twins: list[GameState],
    mid_hand: GameState,
    copiers: list[Callable[[GameState], GameState]],
    data: st.DataObject,
) -> None:
    states = [*twins, mid_hand]
    legal = [tonk.legal_actions(state) for state in states]
    for step, copier in enumerate(copiers):
        # Copies of each state in turn, made and freed in runs of two, so that
        # a freed copy's memory is soon reused by a copy under other rules.
        which = (step // 2) % len(states)
        copied = copier(states[which])
        assert copied == states[which]
        assert tonk.legal_actions(copied) == legal[which]
        for action in legal[which]:
            assert tonk.is_legal(copied, action)
        if legal[which]:
            action = data.draw(st.sampled_from(legal[which]))
            assert tonk.apply(copied, action) == tonk.apply(states[which], action)
        del copied  # freed at once: nothing refers to it
    assert [tonk.legal_actions(state) for state in states] == legal


def test_the_tables_of_rule_sets_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk import _spreads
    from tonk import rules as rules_module

    for value in range(200):  # a server reading rule sets from its users
        Rules(jokers=2, wilds=Wilds.JOKERS, joker_value=value)
    assert rules_module._build_tables.cache_info().currsize <= 64
    monkeypatch.setattr(_spreads, "_CACHE_LIMIT", 3)
    _spreads._BOOKS.clear()
    for ace_high in (False, True):
        for jokers in (1, 2, 3):
            _spreads_after_a_draw(
                Rules(jokers=jokers, wilds=Wilds.JOKERS, ace_high=ace_high)
            )
    assert 0 < len(_spreads._BOOKS) <= 3
