"""The JSON forms: to_dict, from_dict, to_json, from_json and json_schema.

Round trips over every preset, random rules (every option, payouts included),
every state of random playouts, actions and records; hostile documents, each
refused with a SerializationError naming the right path and nothing else; a
fuzzer that damages real documents and checks that whatever is accepted is a
state the engine can play on; and the published JSON Schemas.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import jsonschema_rs
import pytest
from documents import all_rules, any_playouts, record_of
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sizes import under_ci

import tonk
from tonk import (
    Card,
    ClaimDealTonk,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Exchange,
    GameRecord,
    GameState,
    Hit,
    LaySpread,
    Pass,
    Phase,
    Rules,
    SerializationError,
    Slap,
    TonkError,
    WildCard,
    from_dict,
    from_json,
    json_schema,
    parse_action,
    parse_cards,
    presets,
    to_dict,
    to_json,
)
from tonk.serialization import _schema_texts
from tonk.testing import check_invariants, stack_deck
from tonk.testing.strategies import Playout

JSON_TYPES = (str, int, bool, type(None), list, dict)


def is_json(data: object) -> bool:
    if isinstance(data, dict):
        return all(isinstance(k, str) and is_json(v) for k, v in data.items())
    if isinstance(data, list):
        return all(is_json(v) for v in data)
    return isinstance(data, JSON_TYPES) and not isinstance(data, float)


def play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        state = tonk.apply(state, parse_action(state, text))
    return state


def fresh() -> GameState:
    return tonk.new_game(Rules(), players=2, seed=7)


def with_spreads() -> GameState:
    """Seat 0 has drawn KS... and holds 8H KS 3D; spreads 5H 6H 7H and 9H 10H JH."""
    rules = Rules()
    hands = ["5H 6H 7H 8H KS", "9H 10H JH 3C 4C"]
    deck = stack_deck(rules, hands=hands, upcard="QS", stock="2C 2D 3D", dealer=1)
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard 2C")
    state = play(state, "draw stock", "spread 9H 10H JH", "discard 2D")
    return play(state, "draw stock")


def in_slap_window() -> GameState:
    """Seat 1 discarded 8H, which fits seat 0's 5H 6H 7H: seat 1 is asked first."""
    rules = Rules(slap_in=True)
    hands = ["5H 6H 7H KS QS", "8H 2C 3D 4S 9C"]
    deck = stack_deck(rules, hands=hands, upcard="JD", stock="KD AS", dealer=1)
    state = tonk.new_game(rules, players=2, deck=deck, dealer=1)
    state = play(state, "draw stock", "spread 5H 6H 7H", "discard KD")
    return play(state, "draw stock", "discard 8H")


def finished() -> GameState:
    """Seat 1 drops on 16 against 38 and wins."""
    return play(fresh(), "drop")


def split_showdown() -> GameState:
    """A showdown tie split in halves, so the transfers hold fractions (B14)."""
    rules = Rules(exhaustion_tie=tonk.ExhaustionTie.SPLIT, max_turns=1)
    hands = ["AC 2C 3D 4D 5S", "AD 2D 3C 4C 5H", "KS KH 9D 9C QS"]
    deck = stack_deck(rules, hands=hands, upcard="QH", stock="JS")
    state = tonk.new_game(rules, players=3, deck=deck)
    return play(state, "draw stock", "discard JS")


# --- round trips -----------------------------------------------------------------


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_round_trips(name: str) -> None:
    rules = presets.get(name)
    data = to_dict(rules)
    assert is_json(data)
    assert from_dict(data, Rules) == rules
    assert from_json(to_json(rules), Rules) == rules
    assert from_json(to_json(rules, indent=2), Rules) == rules


@given(all_rules())
def test_random_rules_round_trip(rules: Rules) -> None:
    data = to_dict(rules)
    assert is_json(data)
    assert from_dict(copy.deepcopy(data), Rules) == rules
    assert from_json(to_json(rules), Rules) == rules


def test_rules_are_written_from_their_fields() -> None:
    public = [
        field.name
        for field in attrs.fields(Rules)
        if field.init and not field.name.startswith("_")
    ]
    data = to_dict(Rules())
    assert list(data) == ["format", "version", *public]
    assert not any(name.startswith("_") for name in data)


def test_rules_values_are_written_as_json() -> None:
    rules = Rules(
        going_out=(
            tonk.OutPay(pays=4, first_turn=True, by={tonk.OutWay.SPREAD}),
            tonk.OutPay(pays=1),
        ),
        catch=tonk.Catch.LEPAPE_N_MINUS_1,
        two_packs_from=4,
    )
    data = to_dict(rules)
    assert data["pack_kind"] == "full"
    assert data["two_packs_from"] == 4
    assert data["player_limit"] is None
    assert data["deal_tonks"][0]["totals"] == [49, 50]
    assert data["going_out"][0]["by"] == ["spread"]
    assert data["going_out"][1]["by"] == ["discard", "hit", "spread"]
    assert data["catch"]["to_catchers"] == {"times": 2, "less": 1}
    assert data["catch"]["to_lowest"] == 0
    assert from_dict(data, Rules) == rules


def test_an_option_left_out_takes_its_default() -> None:
    data = {"format": "tonk.rules", "version": 1, "hand_size": 7}
    assert from_dict(data, Rules) == Rules(hand_size=7)
    assert from_dict({"format": "tonk.rules", "version": 1}, Rules) == Rules()


def _states(playout: Playout) -> list[GameState]:
    """A few states of a playout: the deal, some in between, the last."""
    states = playout.states
    picked = {0, len(states) - 1, *range(0, len(states), max(1, len(states) // 6))}
    return [states[index] for index in sorted(picked)]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(any_playouts(max_actions=120))
def test_states_round_trip(playout: Playout) -> None:
    for state in _states(playout):
        data = to_dict(state)
        assert is_json(data)
        assert from_dict(data, GameState) == state
        assert from_json(to_json(state), GameState) == state


@pytest.mark.parametrize(
    "state",
    [fresh(), with_spreads(), in_slap_window(), finished(), split_showdown()],
    ids=["fresh", "spreads", "slap_window", "finished", "split"],
)
def test_chosen_states_round_trip(state: GameState) -> None:
    assert from_json(to_json(state), GameState) == state


def test_state_values_are_written_as_json() -> None:
    data = to_dict(with_spreads())
    assert data["format"] == "tonk.state"
    assert data["hands"][0] == ["3D", "8H", "KS"]
    assert data["spreads"][1] == {
        "number": 2,
        "owner": 1,
        "kind": "run",
        "cards": ["9H", "10H", "JH"],
        "stands_for": ["9H", "10H", "JH"],
        "turn": 1,
        "hitters": [],
    }
    assert data["phase"] == "after_draw"
    assert data["outcome"] is None
    window = to_dict(in_slap_window())["slap"]
    assert window == {
        "card": "8H",
        "discarder": 1,
        "due": 0,
        "waiting": [1, 0],
        "slapper": None,
    }


def test_fractions_are_written_as_strings() -> None:
    state = split_showdown()
    assert state.outcome is not None
    data = to_dict(state)["outcome"]
    assert data["kind"] == "turn_limit"
    assert data["payoffs"] == ["1/2", "1/2", -1]
    assert {transfer["amount"] for transfer in data["transfers"]} == {"1/2"}
    assert from_json(to_json(state), GameState) == state


ACTIONS: list[tonk.Action] = [
    Drop(),
    DrawStock(),
    DrawDiscard(),
    LaySpread(parse_cards("7H 8H 9H")),
    LaySpread([Card.parse("5H"), WildCard.parse("2C=6H"), WildCard.parse("JK=7H")]),
    Hit(2, Card.parse("10H")),
    Hit(12, WildCard.parse("JK=QS")),
    Discard(Card.parse("KS")),
    ClaimDealTonk(),
    Slap(3),
    Pass(),
    Exchange(Card.parse("KD")),
    tonk.Eat(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=tonk.format_action)
def test_every_action_round_trips(action: tonk.Action) -> None:
    data = to_dict(action)
    assert data == {
        "format": "tonk.action",
        "version": 1,
        "action": tonk.format_action(action),
    }
    assert from_dict(data, tonk.Action) == action
    assert from_dict(data, type(action)) == action
    assert from_json(to_json(action), tonk.Action) == action


@given(any_playouts(max_actions=80))
def test_records_round_trip(playout: Playout) -> None:
    for finished_hand in (True, False):
        record = record_of(playout, finished=finished_hand)
        data = to_dict(record)
        assert is_json(data)
        assert from_dict(data, GameRecord) == record
        assert from_json(to_json(record), GameRecord) == record


def test_record_with_a_deck_round_trips() -> None:
    record = GameRecord(rules=Rules(), players=2, deck=Rules().pack(), dealer=1)
    data = to_dict(record)
    assert data["seed"] is None
    assert data["deck"][:3] == ["AC", "2C", "3C"]
    assert from_dict(data, GameRecord) == record


def test_json_text_options() -> None:
    assert to_json(Drop()) == '{"format":"tonk.action","version":1,"action":"drop"}'
    assert to_json(Drop(), indent=1) == (
        '{\n "format": "tonk.action",\n "version": 1,\n "action": "drop"\n}'
    )
    text = to_json(fresh()).encode()
    assert from_json(text, GameState) == fresh()
    assert from_json(bytearray(text), GameState) == fresh()


# --- wrong Python types (TypeError, not wrapped) -----------------------------------


def test_wrong_python_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        to_dict(object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        to_dict(tonk.presets)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        from_dict({}, int)  # type: ignore[type-var]
    with pytest.raises(TypeError):
        from_json(3, Rules)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        json_schema(str)


# --- hostile documents -------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def refused(data: object, kind: Any) -> SerializationError:
    """Return the SerializationError that reading ``data`` raises."""
    with pytest.raises(SerializationError) as info:
        from_dict(data, kind)  # type: ignore[call-overload]
    error = info.value
    assert isinstance(error, TonkError)
    assert isinstance(error, ValueError)
    assert str(error).startswith(f"{error.path}: ")
    return error


def changed(base: object, mutation: Mutation) -> dict[str, Any]:
    data = copy.deepcopy(to_dict(base))  # type: ignore[arg-type]
    mutation(data)
    return data


def set_at(*path: str | int, value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def delete(*path: str | int) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


HEADER_CASES = [
    (delete("format"), "$.format", "required field is missing"),
    (set_at("format", value="tonk.state"), "$.format", 'expected "tonk.rules"'),
    (set_at("format", value=None), "$.format", "got null"),
    (delete("version"), "$.version", "required field is missing"),
    (set_at("version", value="1"), "$.version", 'must be an int, got "1"'),
    (set_at("version", value=True), "$.version", "must be an int, got true"),
    (set_at("version", value=2), "$.version", "unsupported version 2"),
    (set_at("version", value=0), "$.version", "unsupported version 0"),
]

RULES_CASES = [
    (set_at("colour", value="red"), "$.colour", "unknown field"),
    (set_at("hand_sise", value=7), "$.hand_sise", 'did you mean "hand_size"?'),
    (set_at("hand_size", value="7"), "$.hand_size", 'must be an int, got "7"'),
    (set_at("hand_size", value=True), "$.hand_size", "must be an int, got true"),
    (set_at("hand_size", value=7.0), "$.hand_size", "must be an int, got 7.0"),
    (set_at("hand_size", value=14), "$", "hand_size must be an int 1..13, got 14"),
    (set_at("ace_high", value=1), "$.ace_high", "must be true or false, got 1"),
    (set_at("pack_kind", value="fourty"), "$.pack_kind", 'one of "full", "forty"'),
    (set_at("max_turns", value="none"), "$.max_turns", "an int or null"),
    (set_at("deal_tonks", value={}), "$.deal_tonks", "must be a list"),
    (
        set_at("deal_tonks", 0, "pays", value="x"),
        "$.deal_tonks[0].pays",
        'must be an int, got "x"',
    ),
    (
        set_at("deal_tonks", 0, "pays", value=0),
        "$.deal_tonks[0]",
        "a deal tonk must pay at least 1, got 0",
    ),
    (
        set_at("deal_tonks", 0, "totals", value=[49, 49]),
        "$.deal_tonks[0].totals[1]",
        "49 is repeated",
    ),
    (set_at("deal_tonks", 0, "wins", value=1), "$.deal_tonks[0].wins", "unknown"),
    (
        set_at("catch", "to_catchers", value={"times": 0}),
        "$.catch.to_catchers",
        "PerPlayer.times must be a positive int, got 0",
    ),
    (
        set_at("catch", "to_catchers", value="2"),
        "$.catch.to_catchers",
        "must be an int or an object",
    ),
    (
        set_at("going_out", value=[{"pays": 2, "by": ["spread"]}]),
        "$",
        "going_out has no unconditional row for going out by discard, hit",
    ),
    (
        set_at("going_out", 0, "by", value=["spread", "fly"]),
        "$.going_out[0].by[1]",
        'one of "spread", "hit", "discard"',
    ),
]


@pytest.mark.parametrize(("mutation", "path", "message"), HEADER_CASES + RULES_CASES)
def test_bad_rules_documents(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(Rules(), mutation), Rules)
    assert error.path == path
    assert message in str(error)


def test_a_document_must_be_an_object() -> None:
    assert str(refused([], Rules)) == "$: must be an object, got a list of 0 items"
    assert str(refused("tonk", Rules)) == '$: must be an object, got "tonk"'
    assert refused({1: 2, "format": "tonk.rules", "version": 1}, Rules).path == "$"


def hand_card(seat: int, index: int) -> Callable[[dict[str, Any]], str]:
    return lambda data: str(data["hands"][seat][index])


def duplicate_hand_card(data: dict[str, Any]) -> None:
    data["stock"][0] = data["hands"][0][0]


def drop_stock_card(data: dict[str, Any]) -> None:
    del data["stock"][0]


def unsort_hand(data: dict[str, Any]) -> None:
    data["hands"][1].reverse()


def overfill_hand(data: dict[str, Any]) -> None:
    cards = [data["stock"].pop(0) for _ in range(4)]
    hand = sorted(map(Card.parse, data["hands"][1] + cards))
    data["hands"][1] = [str(c) for c in hand]


def hits_before_drawing(data: dict[str, Any]) -> None:
    data["phase"] = "turn_start"
    data["hits_this_turn"] = 1


def too_many_hits(data: dict[str, Any]) -> None:
    data["rules"]["max_hits_per_turn"] = 1
    data["hits_this_turn"] = 2


def must_use_unusable(data: dict[str, Any]) -> None:
    data["rules"]["discard_draw_must_meld"] = True
    data["must_use"] = "KS"
    data["taken"][data["to_move"]].append("KS")  # taken, but no spread uses it


def hit_onto_first_spread(data: dict[str, Any]) -> None:
    data["spreads"][0]["hitters"] = [0]


def claim_wild(data: dict[str, Any]) -> None:
    data["spreads"][0]["stands_for"][0] = "4H"


def break_run(data: dict[str, Any]) -> None:
    data["spreads"][0]["kind"] = "book"


def reorder_run(data: dict[str, Any]) -> None:
    spread = data["spreads"][0]
    spread["cards"].reverse()
    spread["stands_for"].reverse()


STATE_CASES = [
    (set_at("hands", 0, 0, value="1H"), "$.hands[0][0]", 'a card such as "QH"'),
    (set_at("hands", 0, 0, value="3d"), "$.hands[0][0]", 'got "3d"'),
    (set_at("hands", 0, 0, value=" 3D"), "$.hands[0][0]", 'got " 3D"'),
    (set_at("hands", value="3D 8H KS"), "$.hands", "must be a list"),
    (set_at("stock", 0, value="JK"), "$.stock[0]", "JK is not in the pack"),
    (duplicate_hand_card, "$.stock[0]", "one 3D too many: the pack holds 1"),
    (drop_stock_card, "$", "AC is missing: the pack holds 1, the state 0"),
    (unsort_hand, "$.hands[1]", "a hand must be sorted"),
    (overfill_hand, "$.hands[1]", "6 cards, more than a hand can hold now (5)"),
    (set_at("hands", value=[["AC"]]), "$.hands", "1 hand, but these rules seat"),
    (set_at("to_move", value=2), "$.to_move", "seat 2 is not at the table"),
    (set_at("dealer", value=-1), "$.dealer", "seat -1 is not at the table"),
    (set_at("waits", value=[0]), "$.waits", "must hold 2 values"),
    (set_at("waits", value=[0, -1]), "$.waits[1]", "cannot be negative"),
    (set_at("widows", value=["AC", "2C"]), "$.widows", "must hold 0 values"),
    (set_at("taken", 0, value=["KD"]), "$.taken[0]", "must be in the hand"),
    (set_at("turns_taken", value=True), "$.turns_taken", "must be an int"),
    (set_at("turns_taken", value=200), "$.turns_taken", "max_turns=200"),
    (set_at("hits_this_turn", value=-1), "$.hits_this_turn", "hits made"),
    (set_at("phase", value="after draw"), "$.phase", 'one of "turn_start"'),
    (hits_before_drawing, "$.hits_this_turn", "1 hits made this turn, in phase"),
    (set_at("phase", value="hand_over"), "$.outcome", "exactly when its phase"),
    (set_at("must_use", value="KS"), "$.must_use", "used at once"),
    (must_use_unusable, "$", "would have no legal action"),
    (set_at("slap", value={}), "$.slap.card", "required field is missing"),
    (
        set_at("slap", value={"card": "QS", "discarder": 0, "due": 1, "waiting": [0]}),
        "$.slap",
        "no slap-in window is open in phase after_draw",
    ),
    (set_at("outcome", value=[]), "$.outcome", "must be an object or null"),
    (set_at("colour", value=1), "$.colour", "unknown field"),
    (delete("stock"), "$.stock", "required field is missing"),
    (set_at("spreads", 0, "color", value=1), "$.spreads[0].color", "unknown field"),
    (set_at("spreads", 0, "number", value=2), "$.spreads[0].number", "number 1"),
    (set_at("spreads", 0, "owner", value=5), "$.spreads[0].owner", "seat 5"),
    (set_at("spreads", 0, "turn", value=9), "$.spreads[0].turn", "turn 9"),
    (set_at("spreads", 0, "turn", value=1), "$.spreads[0].owner", "seat 1's (B6)"),
    (set_at("spreads", 0, "turn", value=2), "$.spreads[1].turn", "order of the turns"),
    (set_at("to_move", value=1), "$.to_move", "seat 0 is to move, not seat 1"),
    (set_at("phase", value="turn_start"), "$.hands[0]", "holds 3 cards, but"),
    (too_many_hits, "$.hits_this_turn", "than max_hits_per_turn=1"),
    (set_at("going_out_barred", 1, value=True), "$.going_out_barred", "V22"),
    (hit_onto_first_spread, "$.spreads[0].hitters", "1 hit onto a spread of 3"),
    (claim_wild, "$.spreads[0].cards[0]", "5H is not wild"),
    (break_run, "$.spreads[0]", "not a valid book"),
    (reorder_run, "$.spreads[0].stands_for", "laid out in order"),
    (set_at("rules", "hand_size", value=0), "$.rules", "hand_size must be an int"),
    (
        set_at("rules", "deal_tonks", 0, "pays", value="x"),
        "$.rules.deal_tonks[0].pays",
        'must be an int, got "x"',
    ),
    (set_at("rules", "jokers", value=2), "$", "JK is missing"),
]


@pytest.mark.parametrize(("mutation", "path", "message"), STATE_CASES)
def test_bad_state_documents(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(with_spreads(), mutation), GameState)
    assert error.path == path
    assert message in str(error)


def shift_payoff(data: dict[str, Any]) -> None:
    data["outcome"]["payoffs"] = [-2, 2]


SLAP_CASES = [
    (set_at("slap", "waiting", value=[0, 1]), "$.slap.waiting", "the seat to move"),
    (set_at("slap", "waiting", value=[1, 1]), "$.slap.waiting[1]", "repeated"),
    (set_at("slap", "card", value="9C"), "$.slap.card", "the top discard"),
    (set_at("slap", "slapper", value=1), "$.slap.slapper", "nobody has slapped"),
    (set_at("slap", "due", value=3), "$.slap.due", "seat 3"),
    (set_at("slap", value=None), "$.slap", "needs slap-in rules"),
    (set_at("rules", "slap_in", value=False), "$.slap", "needs slap-in rules"),
    (set_at("phase", value="extra_discard"), "$.slap.waiting", "nobody waits"),
]


@pytest.mark.parametrize(("mutation", "path", "message"), SLAP_CASES)
def test_bad_slap_windows(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(in_slap_window(), mutation), GameState)
    assert error.path == path
    assert message in str(error)


OUTCOME_CASES = [
    (shift_payoff, "$.outcome.payoffs", "the net of the transfers: (-1, 1)"),
    (set_at("outcome", "payoffs", value=[-1]), "$.outcome.payoffs", "1 payoff for"),
    (
        set_at("outcome", "transfers", 0, "payer", value=1),
        "$.outcome.transfers[0].payee",
        "cannot pay itself",
    ),
    (
        set_at("outcome", "transfers", 0, "payee", value=4),
        "$.outcome.transfers[0].payee",
        "seat 4",
    ),
    (
        set_at("outcome", "transfers", 0, "amount", value=0),
        "$.outcome.transfers[0].amount",
        "more than 0",
    ),
    (
        set_at("outcome", "transfers", 0, "amount", value="1/0"),
        "$.outcome.transfers[0].amount",
        'an int or a fraction such as "1/2", got "1/0"',
    ),
    (
        set_at("outcome", "transfers", 0, "reason", value="gift"),
        "$.outcome.transfers[0].reason",
        "must be one of",
    ),
    (set_at("outcome", "winners", value=[1, 1]), "$.outcome.winners[1]", "repeated"),
    (set_at("outcome", "dropper", value=None), "$.outcome.dropper", "a dropper"),
    (set_at("outcome", "counts", value=None), "$.outcome.counts", "shown"),
    (set_at("outcome", "counts", value=[38, 15]), "$.outcome.counts", "(38, 16)"),
    (set_at("outcome", "counts", value=[38]), "$.outcome.counts", "1 count for"),
    (set_at("outcome", "kind", value="tonk_out"), "$.outcome.dropper", "a dropper"),
    (set_at("outcome", value=None), "$.outcome", "exactly when its phase"),
    (set_at("phase", value="turn_start"), "$.outcome", "exactly when its phase"),
]


@pytest.mark.parametrize(("mutation", "path", "message"), OUTCOME_CASES)
def test_bad_outcomes(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(finished(), mutation), GameState)
    assert error.path == path
    assert message in str(error)


ACTION_CASES = [
    (set_at("action", value="hit 10H"), "$.action", 'got "hit 10H"'),
    (set_at("action", value="spread 7H 8H"), "$.action", "an action such as"),
    (set_at("action", value="Discard KS"), "$.action", "an action such as"),
    (set_at("action", value="discard 2C=6H"), "$.action", "an action such as"),
    (set_at("action", value="hit 0 KS"), "$.action", "an action such as"),
    (set_at("action", value="hit 1 2C=2C"), "$.action", "written plainly"),
    (set_at("action", value=["discard", "KS"]), "$.action", "got a list"),
    (delete("action"), "$.action", "required field is missing"),
    (set_at("card", value="KS"), "$.card", "unknown field"),
    (set_at("format", value="tonk.rules"), "$.format", 'expected "tonk.action"'),
]


@pytest.mark.parametrize(("mutation", "path", "message"), ACTION_CASES)
def test_bad_action_documents(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(Discard(Card.parse("KS")), mutation), tonk.Action)
    assert error.path == path
    assert message in str(error)


def test_an_action_of_another_class_is_refused() -> None:
    error = refused(to_dict(DrawStock()), Discard)
    assert str(error) == '$.action: expected a Discard action, got "draw stock"'


def a_record() -> GameRecord:
    return GameRecord(
        rules=Rules(), players=2, seed=7, actions=(Drop(),), outcome=finished().outcome
    )


def both_seed_and_deck(data: dict[str, Any]) -> None:
    data["deck"] = [str(card) for card in Rules().pack()]


def short_deck(data: dict[str, Any]) -> None:
    data["seed"] = None
    data["deck"] = [str(card) for card in Rules().pack()[1:]]


RECORD_CASES = [
    (set_at("players", value=1), "$.players", "players must be 2..10"),
    (set_at("players", value="2"), "$.players", 'must be an int, got "2"'),
    (delete("players"), "$.players", "required field is missing"),
    (set_at("dealer", value=2), "$.dealer", "dealer must be a seat 0..1, got 2"),
    (set_at("seed", value=None), "$.seed", "needs a seed or a stacked deck"),
    (set_at("seed", value=1.5), "$.seed", "got 1.5"),
    (both_seed_and_deck, "$.deck", "not both"),
    (short_deck, "$.deck", "deck has 51 cards"),
    (set_at("deck", value=["AC"] * 52), "$.deck", "not both"),
    (set_at("actions", 0, value="fold"), "$.actions[0]", 'got "fold"'),
    (set_at("actions", value="drop"), "$.actions", "must be a list"),
    (set_at("outcome", "payoffs", value=[2, -1]), "$.outcome.payoffs", "net"),
    (set_at("outcome", "winners", value=[3]), "$.outcome.winners[0]", "seat 3"),
    (set_at("rules", "hand_size", value=20), "$.rules", "hand_size"),
    (set_at("rules", "extra", value=20), "$.rules.extra", "unknown field"),
    (set_at("history", value=[]), "$.history", "unknown field"),
]


@pytest.mark.parametrize(("mutation", "path", "message"), RECORD_CASES)
def test_bad_record_documents(mutation: Mutation, path: str, message: str) -> None:
    error = refused(changed(a_record(), mutation), GameRecord)
    assert error.path == path
    assert message in str(error)


# --- hostile JSON text -------------------------------------------------------------

RULES_TEXT = '{"format": "tonk.rules", "version": 1%s}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        ('{"format": "tonk.rules"} x', "not valid JSON"),
        (RULES_TEXT % ', "hand_size": NaN', "NaN is not a JSON number"),
        (RULES_TEXT % ', "hand_size": -Infinity', "-Infinity is not a JSON number"),
        (RULES_TEXT % ', "hand_size": 7, "hand_size": 7', '"hand_size" is repeated'),
        (RULES_TEXT % ', "hand_size": ' + "9" * 5000, "not valid JSON"),
        ("[" * 17 + "]" * 17, "more than 16 deep"),
        ('{"a": ' * 17 + "1" + "}" * 17, "more than 16 deep"),
        ("[]", "must be an object, got a list of 0 items"),
        ("null", "must be an object, got null"),
    ],
)
def test_bad_json_text(text: str, message: str) -> None:
    with pytest.raises(SerializationError) as info:
        from_json(text, Rules)
    assert info.value.path == "$"
    assert message in str(info.value)


def test_depth_counts_only_brackets_outside_strings() -> None:
    text = RULES_TEXT % ', "hand_size": 7, "x[[[[[[[[[[[[[[[[[[[[": 1'
    with pytest.raises(SerializationError) as info:
        from_json(text, Rules)
    assert info.value.path == '$["x[[[[[[[[[[[[[[[[[[[["]'
    assert from_json('{"format": "tonk.rules", "version": 1}', Rules) == Rules()


@pytest.mark.parametrize(
    "text",
    [
        "[" * 17 + "]" * 16,  # unclosed
        "[" * 17 + "NaN" + "]" * 17,
        '{"a": 1, "a": ' + "[" * 17 + "]" * 17 + "}",
        "[" * 17 + "]" * 17 + " x",
    ],
)
def test_a_document_too_deep_is_refused_for_its_depth_before_anything_else(
    text: str,
) -> None:
    with pytest.raises(SerializationError) as info:
        from_json(text, Rules)
    assert (
        str(info.value) == "$: the document nests lists and objects more than 16 deep"
    )


def child_says(program: str) -> tuple[int, str]:
    """Run ``program`` in a Python process of its own; return its status and output.

    For what could crash the interpreter: a crash is a status, not a lost run.
    """
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout


def test_a_deep_document_is_refused_unread_under_a_raised_recursion_limit() -> None:
    """Its depth is read from the text: the parser, which would overflow, never runs."""
    program = (
        "import sys, tonk; sys.setrecursionlimit(10**6)\n"
        "try: tonk.from_json('[' * 500_000 + ']' * 500_000, tonk.Rules)\n"
        "except tonk.SerializationError as error: print(error)"
    )
    assert child_says(program) == (
        0,
        "$: the document nests lists and objects more than 16 deep\n",
    )


def test_the_first_key_repeated_is_named() -> None:
    with pytest.raises(SerializationError) as info:
        from_json('{"b": 1, "a": 1, "a": 2, "b": 2}', Rules)
    assert str(info.value) == '$: the key "a" is repeated in an object'


def _depth(value: Any) -> int:
    """Return how deep ``value`` nests lists and objects (a list of lists is 2)."""
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


BRACKETED_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}\\"a'),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet="[]{}a", max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(BRACKETED_JSON, st.integers(0, 6), st.booleans())
@example(value={"a": [1, {"b": {}}]}, max_depth=2, spaced=False)  # in an object
def test_a_document_is_refused_for_its_depth_exactly_when_too_deep(
    value: Any, max_depth: int, spaced: bool
) -> None:
    """Depth counts containers, wherever they are, and no bracket in a text."""
    text = json.dumps(value, indent=1 if spaced else None)
    try:
        from_json(text, Rules, max_depth=max_depth)
    except SerializationError as error:
        too_deep = str(error) == (
            f"$: the document nests lists and objects more than {max_depth} deep"
        )
    else:
        too_deep = False
    assert too_deep == (_depth(value) > max_depth)


def test_size_and_depth_limits() -> None:
    text = to_json(fresh())
    assert from_json(text, GameState, max_bytes=len(text)) == fresh()
    with pytest.raises(SerializationError, match=r"\$: the document is \d+ bytes"):
        from_json(text, GameState, max_bytes=len(text) - 1)
    with pytest.raises(SerializationError, match="the document is 6 bytes"):
        from_json("\u00e9\u00e9\u00e9", Rules, max_bytes=5)  # 3 chars, 6 bytes
    with pytest.raises(SerializationError, match="more than 4 deep"):
        from_json(text, GameState, max_depth=4)  # $.rules.going_out[0].by is 5
    assert from_json(text, GameState, max_depth=5) == fresh()
    huge = " " * 2_000_000
    with pytest.raises(SerializationError, match="more than the limit of 1000000"):
        from_json(huge, Rules)


def test_bytes_must_be_utf8() -> None:
    with pytest.raises(SerializationError, match="not UTF-8"):
        from_json(b'{"format": "tonk.rules\xff"}', Rules)


def test_messages_show_values_briefly() -> None:
    data = to_dict(Rules())
    data["hand_size"] = "x" * 1000
    assert str(refused(data, Rules)).endswith('got "' + "x" * 40 + '..."')
    data["hand_size"] = 5
    data["ace_high"] = 10**100
    assert str(refused(data, Rules)).endswith("got <int of 101 digits>")
    del data["ace_high"]
    nested: list[Any] = []
    for _ in range(10_000):
        nested = [nested]
    data["hand_size"] = nested
    assert str(refused(data, Rules)).endswith("got a list of 1 item")
    data["hand_size"] = {"a": 1}
    assert str(refused(data, Rules)).endswith("got an object")
    data["hand_size"] = (7,)
    assert str(refused(data, Rules)).endswith("got a list of 1 item")
    data["hand_size"] = Card.parse("7H")
    assert str(refused(data, Rules)).endswith("got a Card")


# --- a fuzzer: damaged documents are refused, or playable -------------------------

CARD_TEXTS = sorted({str(card) for card in Rules(jokers=1).pack()})
PHASES = [phase.value for phase in Phase]
LEAF_VALUES = st.one_of(
    st.integers(-2, 6),
    st.booleans(),
    st.none(),
    st.sampled_from(CARD_TEXTS),
    st.sampled_from(PHASES),
    st.just([]),
)


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the paths of every value in a document, outside its rules."""
    if path == ("rules",):
        return []
    found: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in ("format", "version"):
                found += leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += leaves(value, (*path, index))
    return found


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


FLAGS = [
    "slap_in",
    "widow",
    "discard_draw_must_meld",
    "must_spread",
    "boobed_deck",
    "hit_ends_turn",
    "four_card_books",
    "three_spread_lock",
]


@st.composite
def damaged_states(draw: st.DrawFn) -> dict[str, Any]:
    """Draw a state document with a few values replaced or cards swapped."""
    playout = draw(any_playouts(max_actions=60))
    data = to_dict(draw(st.sampled_from(playout.states)))
    for _ in range(draw(st.integers(1, 3))):
        paths = leaves(data)
        how = draw(st.sampled_from(["value", "swap", "flag", "phase"]))
        if how == "value":
            put(data, draw(st.sampled_from(paths)), draw(LEAF_VALUES))
        elif how == "swap":
            cards = [p for p in paths if get(data, p) in CARD_TEXTS]
            if len(cards) >= 2:
                first, second = (
                    draw(st.sampled_from(cards)),
                    draw(st.sampled_from(cards)),
                )
                a, b = get(data, first), get(data, second)
                put(data, first, b)
                put(data, second, a)
        elif how == "flag":
            name = draw(st.sampled_from(FLAGS))
            data["rules"][name] = not data["rules"][name]
        else:
            data["phase"] = draw(st.sampled_from(PHASES))
    return data


def every_kind_of_action(state: GameState) -> list[tonk.Action]:
    actions: list[tonk.Action] = [Drop(), DrawStock(), DrawDiscard(), Pass()]
    actions.append(ClaimDealTonk())
    for card in set(state.rules.pack(players=state.player_count)):
        actions += [Discard(card), Exchange(card)]
        actions += [Hit(n, card) for n in range(len(state.spreads) + 2)]
    actions += [Slap(n) for n in range(len(state.spreads) + 2)]
    return actions


@settings(max_examples=under_ci(200), suppress_health_check=[HealthCheck.too_slow])
@given(damaged_states(), st.randoms(use_true_random=False))
def test_damaged_states_are_refused_or_playable(
    data: dict[str, Any], rng: random.Random
) -> None:
    try:
        state = from_dict(data, GameState)
    except SerializationError:
        return
    check_invariants(state)
    for action in every_kind_of_action(state):
        with contextlib.suppress(tonk.IllegalActionError):
            tonk.apply(state, action)
    for _ in range(30):
        options = tonk.legal_actions(state)
        if not options:
            break
        state = tonk.apply(state, rng.choice(options))
        check_invariants(state)


# --- the published JSON Schemas ---------------------------------------------------

SCHEMA_DIR = Path(tonk.__file__).parent / "schemas"
KINDS: list[Any] = [Rules, GameState, GameRecord, tonk.Action]


def test_shipped_schemas_are_up_to_date() -> None:
    texts = _schema_texts()
    assert sorted(texts) == sorted(path.name for path in SCHEMA_DIR.glob("*.json"))
    for name, text in texts.items():
        assert (SCHEMA_DIR / name).read_text("utf-8") == text, (
            f"{name} is stale: regenerate the schemas with PYTHONPATH=src python -c"
            " 'from tonk.serialization import _write_schemas; _write_schemas()'"
        )


@pytest.mark.parametrize("kind", KINDS, ids=["rules", "state", "record", "action"])
def test_schemas_are_valid_draft_2020_12(kind: Any) -> None:
    schema = json_schema(kind)
    jsonschema_rs.meta.validate(schema)
    assert schema["properties"]["format"] == {"const": to_dict_format(kind)}
    assert json_schema(kind) is not schema


def to_dict_format(kind: Any) -> str:
    return {
        Rules: "tonk.rules",
        GameState: "tonk.state",
        GameRecord: "tonk.record",
    }.get(kind, "tonk.action")


VALIDATORS = {
    name: jsonschema_rs.Draft202012Validator(json_schema(kind))
    for name, kind in zip(["rules", "state", "record", "action"], KINDS, strict=True)
}


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(any_playouts(max_actions=100))
def test_everything_written_validates(playout: Playout) -> None:
    VALIDATORS["rules"].validate(to_dict(playout.rules))
    for state in _states(playout):
        VALIDATORS["state"].validate(to_dict(state))
    VALIDATORS["record"].validate(to_dict(record_of(playout)))
    for action in playout.actions:
        VALIDATORS["action"].validate(to_dict(action))


def test_a_stacked_deck_record_and_every_kind_of_action_validate() -> None:
    deck = GameRecord(rules=Rules(), players=2, deck=Rules().pack())
    VALIDATORS["record"].validate(to_dict(deck))
    for action in ACTIONS:
        VALIDATORS["action"].validate(to_dict(action))


MALFORMED_RECORDS = [
    delete("format"),
    set_at("format", value="tonk.records"),
    set_at("version", value=2),
    set_at("version", value="1"),
    set_at("players", value="2"),
    set_at("players", value=True),
    set_at("seed", value="7"),
    set_at("deck", value="AC 2C"),
    set_at("deck", value=["ah"] * 52),
    set_at("deck", value=["1C"] * 52),
    set_at("actions", value="drop"),
    set_at("actions", 0, value="fold"),
    set_at("actions", 0, value="hit 10H"),
    set_at("actions", 0, value="DROP"),
    set_at("notes", value="x"),
    delete("rules"),
    set_at("rules", value="pagat"),
    set_at("rules", "colour", value="red"),
    set_at("rules", "hand_size", value="5"),
    set_at("rules", "pack_kind", value="fourty"),
    set_at("rules", "deal_tonks", 0, "totals", value=[49, 49]),
    set_at("rules", "deal_tonks", 0, "claim", value="later"),
    set_at("rules", "catch", "to_catchers", value={"times": "2"}),
    set_at("rules", "catch", "to_catchers", value={"times": 2, "more": 1}),
    set_at("outcome", "kind", value="won"),
    set_at("outcome", "payoffs", 0, value="x"),
    set_at("outcome", "payoffs", 0, value="-2/0"),
    set_at("outcome", "transfers", 0, "amount", value=2.5),
    set_at("outcome", "transfers", 0, "extra", value=1),
    delete("outcome", "transfers", 0, "reason"),
]


@pytest.mark.parametrize("mutation", MALFORMED_RECORDS)
def test_malformed_records_are_refused_by_schema_and_reader(mutation: Mutation) -> None:
    data = changed(a_record(), mutation)
    assert not VALIDATORS["record"].is_valid(data)
    refused(data, GameRecord)
    refused(json.loads(json.dumps(data)), GameRecord)


def test_json_schema_of_an_action_class() -> None:
    assert json_schema(Discard) == json_schema(tonk.Action)


# --- the codec is generic: values of new option types keep working ---------------


@attrs.frozen(kw_only=True)
class _Options:
    """Options such as a later Rules might add."""

    name: str = "house"
    pair: tuple[int, bool] = (1, False)
    share: Fraction | None = None
    kinds: frozenset[tonk.Wilds] = frozenset()
    card: Card | None = None
    row: tonk.DealTonk | None = None
    _private: int = attrs.field(default=0, init=False)


def test_the_codec_follows_the_fields_of_any_attrs_class() -> None:
    from tonk._codec import object_codec

    codec = object_codec(_Options)
    options = _Options(
        name="club",
        pair=(3, True),
        share=Fraction(-3, 2),
        kinds=frozenset({tonk.Wilds.JOKERS, tonk.Wilds.NONE}),
        card=Card.parse("10D"),
        row=tonk.DealTonk(at_most=9),
    )
    data = codec.encode(options)
    assert data["pair"] == [3, True]
    assert data["share"] == "-3/2"
    assert data["kinds"] == ["jokers", "none"]
    assert "_private" not in data
    assert codec.decode(json.loads(json.dumps(data)), "$") == options
    assert codec.decode({}, "$") == _Options()
    defs: dict[str, Any] = {}
    schema = codec.object_schema(defs)
    jsonschema_rs.Draft202012Validator({**schema, "$defs": defs}).validate(data)
    with pytest.raises(SerializationError, match=r"^\$\.pair: must be a list of 2"):
        codec.decode({"pair": [1]}, "$")
    with pytest.raises(SerializationError, match=r"^\$\.pair\[1\]: must be true"):
        codec.decode({"pair": [1, 2]}, "$")
    with pytest.raises(SerializationError, match=r"^\$\.name: must be a string"):
        codec.decode({"name": 3}, "$")


# --- any JSON at all is refused cleanly -------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["tonk.rules", "tonk.state", "tonk.record", "tonk.action"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@given(
    st.dictionaries(
        st.sampled_from(["format", "version", "rules", "hands", "actions", "action"]),
        JSON_VALUES,
    ),
    st.sampled_from(KINDS),
)
def test_any_json_is_read_or_refused_with_a_serialization_error(
    data: dict[str, Any], kind: Any
) -> None:
    data.setdefault("format", to_dict_format(kind))
    data.setdefault("version", 1)
    with contextlib.suppress(SerializationError):
        from_dict(data, kind)


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_is_read_or_refused_with_a_serialization_error(
    text: str | bytes,
) -> None:
    with contextlib.suppress(SerializationError):
        from_json(text, Rules)


@pytest.mark.parametrize("as_bytes", [False, True])
def test_from_json_accepts_a_utf8_byte_order_mark(as_bytes: bool) -> None:
    # An editor on Windows may save a record or a state with a BOM in front.
    state = tonk.new_game(tonk.Rules(), players=2, seed=1)
    text = "\ufeff" + tonk.to_json(state)
    document: str | bytes = text.encode("utf-8") if as_bytes else text
    assert tonk.from_json(document, tonk.GameState) == state


def test_from_json_refuses_a_second_byte_order_mark() -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=1)
    with pytest.raises(tonk.SerializationError, match="not valid JSON"):
        tonk.from_json("\ufeff\ufeff" + tonk.to_json(state), tonk.GameState)


@pytest.mark.parametrize(
    ("limits", "says"),
    [
        ({"max_bytes": "x"}, "max_bytes must be an int, got 'x'"),
        ({"max_depth": None}, "max_depth must be an int, got None"),
        ({"max_depth": 2.5}, "max_depth must be an int, got 2.5"),
    ],
)
def test_from_json_refuses_a_limit_that_is_not_an_int(
    limits: dict[str, Any], says: str
) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(says)}$"):
        from_json("{}", Rules, **limits)


@pytest.mark.parametrize("indent", [-1, 101, 10**9])
def test_to_json_refuses_an_indent_out_of_range(indent: int) -> None:
    with pytest.raises(ValueError, match=rf"^indent must be 0\.\.100, got {indent}$"):
        to_json(Drop(), indent=indent)


def test_to_json_indents_by_up_to_a_hundred_spaces() -> None:
    assert to_json(Drop(), indent=100).splitlines()[1] == " " * 100 + (
        '"format": "tonk.action",'
    )
