"""tonk.validate and the JSON loader check every bookkeeping field of a state.

A wait, a going-out bar, a hit wait's charge, the hits of a turn and a widow
exchange can only come from what the table shows (the spreads laid and the
hits onto them, the turns played); a state that claims more could never be
reached, and would push its observation past the declared bounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from scenario import refused_state

import tonk
from tonk import GameState, Rules
from tonk.encoding import observation_bounds, observation_vector
from tonk.testing import stack_deck
from tonk.testing.strategies import Playout, playouts, presets, rules


def _after_draw(table_rules: Rules, players: int = 2) -> GameState:
    """A hand just dealt (seed 7, dealer 0), after the first player's draw."""
    state = tonk.new_game(table_rules, players=players, seed=7, dealer=0)
    return tonk.apply(state, tonk.DrawStock())


def _forged(state: GameState, **fields: Any) -> GameState:
    """Return ``state`` with fields changed, bookkeeping fields included."""
    return attrs.evolve(state, **fields)


# The issue's three states, under Rules() after a draw: no option gives waits,
# charges or hits, yet they were accepted.
ISSUE: list[tuple[str, dict[str, Any], str]] = [
    ("a wait of 10**9", {"waits": (10**9, 0)}, "$.waits[0]"),
    (
        "charges without hit waits",
        {"hit_this_round": (True, True)},
        "$.hit_this_round[0]",
    ),
    ("10**9 hits this turn", {"hits_this_turn": 10**9}, "$.hits_this_turn"),
]


@pytest.mark.parametrize(("what", "fields", "path"), ISSUE)
def test_the_issues_unreachable_bookkeeping_is_refused(
    what: str, fields: dict[str, Any], path: str
) -> None:
    state = _after_draw(Rules())
    tonk.validate(state)
    refused_state(_forged(state, **fields), path)


@pytest.mark.parametrize("fields", [{"waits": (10**9, 0)}, {"hits_this_turn": 10**9}])
def test_such_bookkeeping_would_break_the_observation_bounds(
    fields: dict[str, Any],
) -> None:
    """Why they must be refused: an observation space could not hold them."""
    forged = _forged(_after_draw(Rules()), **fields)
    low, high = observation_bounds(Rules(), 2)
    vector = observation_vector(tonk.observe(forged, 1))
    assert any(not lo <= x <= hi for x, lo, hi in zip(vector, low, high, strict=True))


def test_a_refused_wait_says_what_could_be_charged() -> None:
    state = _forged(_after_draw(Rules(spread_wait=1)), waits=(1, 0))
    assert "more than the spreads seat 0 laid" in refused_state(state, "$.waits[0]")


WAITS = Rules(spread_wait=1, hit_wait=2, hit_bars_going_out=True)
WIDOW = Rules(widow=True)

# (what, rules, forgery of the state after the first draw, path of the error)
FORGERIES: list[tuple[str, Rules, Callable[[GameState], GameState], str]] = [
    (
        "a wait with no spread on the table",
        WAITS,
        lambda s: _forged(s, waits=(0, 2)),
        "$.waits[1]",
    ),
    (
        "a bar with no hit",
        WAITS,
        lambda s: _forged(s, going_out_barred=(False, True)),
        "$.going_out_barred[1]",
    ),
    (
        "a charge with no hit",
        WAITS,
        lambda s: _forged(s, hit_this_round=(False, True)),
        "$.hit_this_round[1]",
    ),
    (
        "a hit this turn with no hit made",
        WAITS,
        lambda s: _forged(s, hits_this_turn=1),
        "$.hits_this_turn",
    ),
    (
        "an exchange before the seat's first turn",
        WIDOW,
        lambda s: _forged(s, exchanged=(True, False)),
        "$.exchanged[0]",
    ),
]


@pytest.mark.parametrize(("what", "table_rules", "forge", "path"), FORGERIES)
def test_bookkeeping_the_table_cannot_explain_is_refused(
    what: str,
    table_rules: Rules,
    forge: Callable[[GameState], GameState],
    path: str,
) -> None:
    state = _after_draw(table_rules)
    tonk.validate(state)
    refused_state(forge(state), path)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("waits", (True, 0)),
        ("waits", (0.0, 0)),
        ("going_out_barred", (1, False)),
        ("hit_this_round", (None, False)),
        ("exchanged", (0, False)),
    ],
)
def test_bookkeeping_of_the_wrong_type_is_a_type_error(
    name: str, value: object
) -> None:
    state = _forged(_after_draw(WIDOW), **{name: value})
    with pytest.raises(TypeError, match=name):
        tonk.validate(state)


def _hit_once(table_rules: Rules) -> GameState:
    """Seat 1 lays 5H 6H 7H; seat 0 hits 8H onto it, in its next turn."""
    hands = ["8H 2C 3D 4S 9C", "5H 6H 7H KS QS"]
    deck = stack_deck(table_rules, hands=hands, upcard="JD", stock="KD AS JC", dealer=0)
    state = tonk.new_game(table_rules, players=2, deck=deck, dealer=0)
    for text in ["draw stock", "spread 5H 6H 7H", "discard KD", "draw stock"]:
        state = tonk.apply(state, tonk.parse_action(state, text))
    return tonk.apply(state, tonk.parse_action(state, "hit 1 8H"))


def test_a_hit_explains_its_wait_bar_and_charge_and_no_more() -> None:
    state = _hit_once(WAITS)
    tonk.validate(state)
    assert state.waits == (0, 3)  # the spread's wait and the hit's
    assert state.going_out_barred == (False, True)
    assert state.hit_this_round == (False, True)
    assert state.hits_this_turn == 1
    refused_state(_forged(state, waits=(0, 4)), "$.waits[1]")
    refused_state(_forged(state, hits_this_turn=2), "$.hits_this_turn")
    refused_state(
        _forged(state, going_out_barred=(True, True)), "$.going_out_barred[0]"
    )
    refused_state(_forged(state, hit_this_round=(True, True)), "$.hit_this_round[0]")
    # A charge lasts only as long as the wait it charged.
    refused_state(_forged(state, waits=(0, 0)), "$.hit_this_round[1]")


@st.composite
def _bookkeeping_rules(draw: st.DrawFn) -> Rules:
    """Rules of any kind, with the options that keep bookkeeping drawn afresh."""
    base = draw(rules() | presets())
    hit_wait = draw(st.integers(0, 2))
    options: dict[str, Any] = {
        "spread_wait": draw(st.integers(0, 2)),
        "hit_wait": hit_wait,
        "own_hit_wait": draw(st.integers(0, 1)) if base.hit_own_spreads else 0,
        "hit_bars_going_out": draw(st.booleans()) and not base.must_spread,
        "max_hits_per_turn": draw(st.none() | st.integers(1, 3)),
        "widow": draw(st.booleans()),
    }
    if hit_wait:
        charge = draw(st.sampled_from(["round", "turn", "always"]))
        options["hit_wait_once_per_round"] = charge == "round"
        options["hit_wait_once_per_turn"] = charge == "turn"
        options["hit_wait_again"] = draw(st.none() | st.integers(0, 3))
    else:
        options["hit_wait_once_per_round"] = False
        options["hit_wait_once_per_turn"] = False
        options["hit_wait_again"] = None
    try:
        return attrs.evolve(base, **options)
    except tonk.RulesError:
        reject()


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(playouts(rules=_bookkeeping_rules(), max_actions=150))
def test_every_state_of_random_play_validates(playout: Playout) -> None:
    for state in playout.states:
        tonk.validate(state)
