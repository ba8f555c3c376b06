"""str() of states, observations, sessions, results and records (tonk.text).

The golden files in tests/golden/text/ hold what str() prints for fixed
scenarios. After a deliberate change of layout, rewrite them with
``TONK_UPDATE_GOLDEN=1 pytest tests/test_text.py`` and read the diff.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from scenario import SCENARIOS

import tonk
from tonk import GameState, Rules
from tonk.bots import GreedyBot
from tonk.testing import check_no_leak
from tonk.testing.strategies import game_states
from tonk.text import format_stake, render

GOLDEN = Path(__file__).parent / "golden" / "text"
_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "±": "+-"})


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("TONK_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == path.read_text(encoding="utf-8")


def check_ascii(thing: object, text: str) -> None:
    plain = render(thing, ascii=True)
    assert plain.isascii()
    assert plain == text.translate(_ASCII)
    assert format(thing, "ascii") == plain


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_str_of_a_state(name: str) -> None:
    state = SCENARIOS[name]()
    text = str(state)
    check_golden(f"{name}.state", text)
    check_ascii(state, text)
    assert repr(state).startswith("GameState(rules=Rules(")  # repr stays exact


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_str_of_an_observation(name: str) -> None:
    state = SCENARIOS[name]()
    seat = (state.to_move + 1) % state.player_count
    seen = tonk.observe(state, seat)
    text = str(seen)
    check_golden(f"{name}.seat{seat}", text)
    check_ascii(seen, text)
    assert repr(seen).startswith("Observation(seat=")
    check_no_leak(
        state, seat, random.Random(0), view=lambda s, x: str(tonk.observe(s, x))
    )


def test_a_state_shows_every_hand_and_an_observation_hides_the_others() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    text = render(state, ascii=True)
    assert "JC QC 7D AS QS" in text
    assert "AC 2D 5D 6H 2S" in text
    seen = render(tonk.observe(state, 1), ascii=True)
    assert "AC 2D 5D 6H 2S" in seen
    assert "JC" not in seen
    assert "seat 0 (dealer)  5 cards" in seen


def test_str_of_a_session() -> None:
    rng = random.Random(4)
    session = tonk.new_session(tonk.presets.PAGAT, players=["Ann", "Bob", "Cy"], seed=4)
    while session.number < 5 or session.phase is not tonk.SessionPhase.BEFORE_DEAL:
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
    text = str(session)
    check_golden("session-pagat", text)
    check_ascii(session, text)


def test_str_of_a_push_ups_session() -> None:
    rng = random.Random(1)
    session = tonk.new_session(tonk.presets.PUSH_UPS, players=2, seed=1)
    while session.number < 3 or session.phase is not tonk.SessionPhase.BEFORE_DEAL:
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
    check_golden("session-push-ups", str(session))


def test_str_of_a_tournament_result() -> None:
    bots: list[tonk.bots.Bot] = [
        GreedyBot(),
        tonk.bots.RandomBot(),
        tonk.bots.RandomBot(),
    ]
    result = tonk.bots.tournament(tonk.presets.CHICAGO, bots, hands=30, seed=3)
    text = str(result)
    check_golden("tournament-chicago", text)
    check_ascii(result, text)


def test_str_of_a_game_record() -> None:
    rng = random.Random(6)
    record = tonk.GameRecord.start(tonk.presets.SEATTLE, players=3, seed=6)
    state = record.initial_state()
    assert str(record) == (
        "game record: seattle rules, 3 players, dealer seat 0, seed 6, 0 actions;"
        " no outcome recorded"
    )
    while state.outcome is None:
        action = rng.choice(tonk.legal_actions(state))
        record, state = record.then(action), tonk.apply(state, action)
    record = record.with_outcome(state.outcome)
    check_golden("record-seattle", str(record))
    stacked = tonk.GameRecord(rules=Rules(hand_size=6), players=2, deck=Rules().pack())
    assert "custom rules" in str(stacked)
    assert "a stacked deck" in str(stacked)


def test_stakes_are_written_with_their_sign() -> None:
    assert [format_stake(x) for x in (3, -2, 0, Fraction(3, 2), Fraction(-4, 2))] == [
        "+3",
        "-2",
        "0",
        "+3/2",
        "-2",
    ]


def test_an_unknown_format_spec_is_refused() -> None:
    state = tonk.new_game(tonk.presets.PAGAT, players=2, seed=7)
    with pytest.raises(ValueError, match="unknown format spec 'x'"):
        format(state, "x")


@given(game_states(max_actions=60))
def test_str_never_fails_and_shows_what_it_must(state: GameState) -> None:
    text = render(state, ascii=True)
    for hand in state.hands:
        assert (" ".join(map(str, hand)) or "-") in text
    assert f"stock: {state.stock_size} card" in text
    seat = state.to_move
    seen = render(tonk.observe(state, seat), ascii=True)
    assert (" ".join(map(str, state.hand(seat))) or "-") in seen
    if state.outcome is not None:
        assert "payoffs: " in text


def test_str_of_a_session_that_is_over() -> None:
    rng = random.Random(2)
    session = tonk.new_session(
        tonk.Rules(match_deals=2), players=["Ann", "Bob"], seed=2
    )
    while not session.is_over:
        session = tonk.apply_session(session, rng.choice(tonk.session_actions(session)))
    first = str(session).splitlines()[0]
    assert first == "session: custom rules, 2 hands dealt (over)"
