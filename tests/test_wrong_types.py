"""A value of the wrong kind, given to a public function, is a TypeError naming it.

Every public function that takes rules, a state, an observation, a session
or a record refuses anything else with a :class:`TypeError` that names the
argument and what it got, before it changes anything; none lets an
``AttributeError`` from deep inside escape. A preset's name given as rules
and an observation given as a state get a hint (``tonk._validate.wrong_type``).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest

import tonk
from tonk import encoding, protocol, scoring, text
from tonk.testing import check_no_leak, observed, redeal_hidden, stack_deck

RULES = tonk.Rules()
STATE = tonk.new_game(RULES, players=2, seed=1)
SEEN = tonk.observe(STATE, STATE.to_move)
SESSION = tonk.new_session(RULES, players=2, seed=1)
RECORD = tonk.GameRecord(rules=RULES, players=2, seed=1)
HAND = tonk.parse_cards("AS 2S")


def _rng() -> random.Random:
    return random.Random(1)


# name -> (the argument's name, the kind due, a call with the value in its place)
CALLS: dict[str, tuple[str, str, Callable[[Any], object]]] = {
    "new_game": ("rules", "Rules", lambda x: tonk.new_game(x, players=2)),
    "cut_for_deal": ("rules", "Rules", lambda x: tonk.cut_for_deal(x, players=2)),
    "new_session": ("rules", "Rules", lambda x: tonk.new_session(x, players=2)),
    "Game": ("rules", "Rules", lambda x: tonk.Game(x, players=2, seed=1)),
    "GameRecord": ("rules", "Rules", lambda x: tonk.GameRecord(rules=x, players=2)),
    "hand_count": ("rules", "Rules", lambda x: tonk.hand_count(HAND, x)),
    "simulate": (
        "rules",
        "Rules",
        lambda x: tonk.simulate(x, players=2, hands=1, seed=1),
    ),
    "play_hand": (
        "rules",
        "Rules",
        lambda x: tonk.bots.play_hand(x, [tonk.bots.RandomBot()] * 2, seed=1),
    ),
    "tournament": (
        "rules",
        "Rules",
        lambda x: tonk.bots.tournament(x, [tonk.bots.RandomBot()] * 2, hands=1, seed=1),
    ),
    "stack_deck": (
        "rules",
        "Rules",
        lambda x: stack_deck(x, hands=["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"]),
    ),
    "action_space_size": ("rules", "Rules", lambda x: encoding.action_space_size(x, 2)),
    "settle_deal": (
        "rules",
        "Rules",
        lambda x: scoring.settle_deal([HAND, HAND], x, dealer=0),
    ),
    "format_pickup": (
        "rules",
        "Rules",
        lambda x: text.format_pickup(tonk.Card.parse("AS"), x),
    ),
    "Table": ("rules", "Rules", lambda x: protocol.Table(x, players=2)),
    "ObservationReader": ("rules", "Rules", protocol.ObservationReader),
    "legal_actions": ("state", "GameState", tonk.legal_actions),
    "apply": ("state", "GameState", lambda x: tonk.apply(x, tonk.DrawStock())),
    "is_legal": ("state", "GameState", lambda x: tonk.is_legal(x, tonk.DrawStock())),
    "check": ("state", "GameState", lambda x: tonk.check(x, tonk.DrawStock())),
    "observe": ("state", "GameState", lambda x: tonk.observe(x, 0)),
    "validate": ("state", "GameState", tonk.validate),
    "format_state": ("state", "GameState", text.format_state),
    "redeal_hidden": ("state", "GameState", lambda x: redeal_hidden(x, 0, _rng())),
    "observed": ("state", "GameState", lambda x: observed(x, 0)),
    "check_no_leak": ("state", "GameState", lambda x: check_no_leak(x, 0, _rng())),
    "determinize": (
        "observation",
        "Observation",
        lambda x: tonk.determinize(x, _rng()),
    ),
    "observation_json": ("observation", "Observation", protocol.observation_json),
    "act_message": (
        "observation",
        "Observation",
        lambda x: protocol.act_message(x, request=1),
    ),
    "encode_act": (
        "observation",
        "Observation",
        lambda x: protocol.encode_act(x, request=1),
    ),
    "session_actions": ("session", "Session", tonk.session_actions),
    "apply_session": (
        "session",
        "Session",
        lambda x: tonk.apply_session(x, tonk.Deal()),
    ),
    "join": ("session", "Session", lambda x: tonk.join(x, "Zoe")),
    "leave": ("session", "Session", lambda x: tonk.leave(x, "P1")),
    "format_session": ("session", "Session", text.format_session),
    "format_record": ("record", "GameRecord", text.format_record),
}

WRONG: dict[str, object] = {
    "a name": "pagat",
    "None": None,
    "an int": 3,
    "a state": STATE,
    "an observation": SEEN,
    "a session": SESSION,
    "a record": RECORD,
    "the rules": RULES,
}
KINDS = {
    "Rules": tonk.Rules,
    "GameState": tonk.GameState,
    "Observation": tonk.Observation,
    "Session": tonk.Session,
    "GameRecord": tonk.GameRecord,
}


@pytest.mark.parametrize("function", sorted(CALLS))
@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_a_value_of_the_wrong_kind_is_a_type_error_naming_it(
    function: str, wrong: str
) -> None:
    name, kind, call = CALLS[function]
    value = WRONG[wrong]
    if isinstance(value, KINDS[kind]):
        return  # the right kind: not this test's case
    with pytest.raises(TypeError) as caught:
        call(value)
    message = str(caught.value)
    # The named argument, or (for an argument given with others) its field.
    assert name in message, message
    assert kind in message, message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: tonk.new_game("pagat", players=2),  # type: ignore[arg-type]
            "rules must be a tonk.Rules, got 'pagat'"
            " (a preset by its name: tonk.presets.get('pagat'))",
        ),
        (
            lambda: tonk.legal_actions(SEEN),  # type: ignore[arg-type]
            "state must be a tonk.GameState, got an Observation (a seat's view;"
            " its legal actions are observation.legal_actions)",
        ),
        (
            lambda: tonk.apply(None, tonk.Drop()),  # type: ignore[arg-type]
            "state must be a tonk.GameState, got None",
        ),
        (
            lambda: tonk.session_actions(STATE),  # type: ignore[arg-type]
            "session must be a tonk.Session, got a GameState",
        ),
        (
            lambda: tonk.new_game(object(), players=2),  # type: ignore[arg-type]
            "rules must be a tonk.Rules, got an object",
        ),
    ],
)
def test_the_message_shows_a_name_or_a_type_and_a_hint_for_common_slips(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == message


def test_an_observation_of_a_finished_hand_is_refused_too() -> None:
    # legal_actions and apply look at the type only when an attribute is
    # missing; a finished hand's observation has every attribute they read
    # first, so the type is read on purpose there.
    state = tonk.apply(STATE, tonk.Drop())
    seen = tonk.observe(state, 0)
    with pytest.raises(TypeError, match=r"state must be a tonk\.GameState"):
        tonk.legal_actions(seen)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"state must be a tonk\.GameState"):
        tonk.apply(seen, tonk.Drop())  # type: ignore[arg-type]


def test_an_attribute_error_inside_the_engine_on_a_state_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tonk import engine

    def broken(state: tonk.GameState, action: tonk.Action) -> tonk.GameState:
        raise AttributeError("a fault of the engine")

    monkeypatch.setitem(engine._HANDLERS, tonk.DrawStock, broken)
    with pytest.raises(AttributeError, match="a fault of the engine"):
        tonk.apply(STATE, tonk.DrawStock())
    monkeypatch.setattr(engine, "start_actions", broken)
    with pytest.raises(AttributeError, match="a fault of the engine"):
        tonk.legal_actions(STATE)


def test_rules_of_the_wrong_kind_are_refused_before_they_are_remembered() -> None:
    # The compiled rules are cached by identity; a refused value is not kept.
    from tonk import _compiled

    value = "pagat"
    with pytest.raises(TypeError):
        _compiled.compiled(value)  # type: ignore[arg-type]
    assert _compiled._SEEN.get(id(value)) is None


@pytest.mark.parametrize(
    "call",
    [
        lambda rng: tonk.determinize(SEEN, rng),
        lambda rng: redeal_hidden(STATE, 0, rng),
        lambda rng: check_no_leak(STATE, 0, rng),
        lambda rng: tonk.bots.infer(SEEN, rng),
    ],
)
@pytest.mark.parametrize("rng", [None, 7, "seed"])
def test_a_random_source_must_be_a_random_random(
    call: Callable[[Any], object], rng: object
) -> None:
    with pytest.raises(TypeError, match=r"^rng must be a random\.Random, got "):
        call(rng)


@pytest.mark.parametrize("card", [None, "AS", 1])
def test_a_card_shown_as_text_must_be_a_card(card: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: text.format_card(card, ascii=True),
        lambda: text.format_cards([card]),
        lambda: text.format_pickup(card, RULES),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"^card must be a tonk\.Card, got "):
            call()


@pytest.mark.parametrize(
    ("seat", "error"),
    [
        (-1, tonk.RulesError),
        (2, tonk.RulesError),
        (10**400, tonk.RulesError),
        (True, TypeError),
    ],
)
def test_a_states_hand_and_count_take_only_a_seat_at_the_table(
    seat: Any, error: type[Exception]
) -> None:
    # -1 read the last seat's hand before, and True seat 1's.
    for call in (STATE.hand, STATE.count):
        with pytest.raises(error, match=r"^seat must be"):
            call(seat)


@pytest.mark.parametrize("name", [None, 1, ["pagat"]])
def test_a_presets_name_must_be_a_str(name: Any) -> None:
    with pytest.raises(TypeError, match=r"^a preset's name must be a str, got "):
        tonk.presets.get(name)


@pytest.mark.parametrize(
    "bot",
    [tonk.bots.GreedyBot(), tonk.bots.InferenceBot(), tonk.bots.ISMCTSBot()],
    ids=["greedy", "inference", "ismcts"],
)
def test_a_bot_asked_with_a_state_or_no_random_source_says_so(bot: Any) -> None:
    legal = SEEN.legal_actions
    with pytest.raises(TypeError, match=r"^obs must be a tonk\.Observation, got a "):
        bot.choose(STATE, legal, _rng())
    with pytest.raises(TypeError, match=r"^rng must be a random\.Random, got 7$"):
        bot.choose(SEEN, legal, 7)


# --- every parameter, every wrong value ---------------------------------------

SESSION_3 = tonk.new_session(RULES, players=3, seed=1)
BOTS = [tonk.bots.RandomBot(), tonk.bots.RandomBot()]
TEXT_RECORD = tonk.format_record(RECORD)
STATE_JSON = tonk.to_json(STATE)
# Each public function with valid arguments, by name: each argument is then
# given each wrong value in turn.
VALID: dict[str, tuple[Callable[..., object], dict[str, object]]] = {
    "new_game": (tonk.new_game, {"rules": RULES, "players": 2, "seed": 1, "dealer": 0}),
    "cut_for_deal": (tonk.cut_for_deal, {"rules": RULES, "players": 2, "seed": 1}),
    "new_session": (
        tonk.new_session,
        {"rules": RULES, "players": 2, "seed": 1, "dealer": 0},
    ),
    "observe": (tonk.observe, {"state": STATE, "seat": 0}),
    "determinize": (tonk.determinize, {"observation": SEEN, "rng": _rng()}),
    "parse_action": (tonk.parse_action, {"state": STATE, "text": "draw stock"}),
    "format_action": (tonk.format_action, {"action": tonk.DrawStock()}),
    "apply": (tonk.apply, {"state": STATE, "action": tonk.DrawStock()}),
    "apply_session": (tonk.apply_session, {"session": SESSION, "action": tonk.Deal()}),
    "join": (tonk.join, {"session": SESSION, "name": "Zed"}),
    "leave": (tonk.leave, {"session": SESSION_3, "name": "P1"}),
    "hand_count": (tonk.hand_count, {"cards": HAND, "rules": RULES}),
    "hand_seed": (tonk.hand_seed, {"seed": 1, "number": 1}),
    "simulate": (tonk.simulate, {"rules": RULES, "players": 2, "hands": 1, "seed": 1}),
    "to_json": (tonk.to_json, {"value": STATE}),
    "from_json": (tonk.from_json, {"text": STATE_JSON, "kind": tonk.GameState}),
    "parse_cards": (tonk.parse_cards, {"text": "AS 2S"}),
    "replay": (lambda record: list(tonk.replay(record)), {"record": RECORD}),
    "format_record": (tonk.format_record, {"record": RECORD}),
    "parse_record": (tonk.parse_record, {"text": TEXT_RECORD}),
    "tournament": (
        tonk.bots.tournament,
        {"rules": RULES, "bots": BOTS, "hands": 1, "seed": 1},
    ),
    "play_hand": (tonk.bots.play_hand, {"rules": RULES, "bots": BOTS, "seed": 1}),
    "infer": (tonk.bots.infer, {"obs": SEEN, "rng": _rng()}),
    "greedy choose": (
        tonk.bots.GreedyBot().choose,
        {"obs": SEEN, "legal": SEEN.legal_actions, "rng": _rng()},
    ),
    "stack_deck": (
        stack_deck,
        {"rules": RULES, "hands": ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "dealer": 0},
    ),
    "redeal_hidden": (redeal_hidden, {"state": STATE, "seat": 0, "rng": _rng()}),
    "check_no_leak": (check_no_leak, {"state": STATE, "seat": 0, "rng": _rng()}),
    "action_to_index": (
        encoding.action_to_index,
        {"action": tonk.Drop(), "rules": RULES, "players": 2},
    ),
    "index_to_action": (
        encoding.index_to_action,
        {"index": 0, "rules": RULES, "players": 2},
    ),
    "legal_action": (encoding.legal_action, {"state": STATE, "index": 0}),
    "observation_vector": (encoding.observation_vector, {"observation": SEEN}),
    "payoff_bounds": (encoding.payoff_bounds, {"rules": RULES, "players": 2}),
    "decode_message": (protocol.decode_message, {"data": '{"type":"goodbye"}'}),
    "encode_act": (protocol.encode_act, {"observation": SEEN, "request": 1}),
    "Table": (protocol.Table, {"rules": RULES, "players": 2, "seed": 1}),
    "format_state": (text.format_state, {"state": STATE}),
    "format_pickup": (text.format_pickup, {"card": HAND[0], "rules": RULES}),
    "settle_deal": (
        scoring.settle_deal,
        {"hands": [HAND, HAND], "rules": RULES, "dealer": 0},
    ),
    "state.hand": (STATE.hand, {"seat": 0}),
    "presets.get": (tonk.presets.get, {"name": "pagat"}),
    "Game": (tonk.Game, {"rules": RULES, "players": 2, "seed": 1}),
    "Game.push": (
        lambda action: tonk.Game(RULES, players=2, seed=1).push(action),
        {"action": tonk.DrawStock()},
    ),
}
WRONG_VALUES: list[object] = [
    None, "x", "a" * 100_000, b"x", 10**400, -1, 1.5, float("nan"), True,
    [], {}, [[[[[]]]]], object(), (tonk.Card.parse("AS"), "x"),
]  # fmt: skip


@pytest.mark.parametrize("function", sorted(VALID))
def test_no_error_but_a_typed_one_escapes_any_argument(function: str) -> None:
    call, valid = VALID[function]
    call(**valid)  # the valid arguments are valid
    for name in valid:
        for value in WRONG_VALUES:
            with contextlib.suppress(TypeError, ValueError):  # TonkErrors too
                call(**{**valid, name: value})


@pytest.mark.parametrize("bots", ["ab", [1, 2], None])
def test_bots_are_checked_before_a_hand_is_dealt(bots: Any) -> None:
    # A string's letters, or ints, were played as bots until one was asked.
    with pytest.raises(TypeError, match=r"^(bots must be a sequence|a bot must have)"):
        tonk.bots.play_hand(RULES, bots, seed=1)
    with pytest.raises(TypeError, match=r"^(bots must be a sequence|a bot must have)"):
        tonk.bots.tournament(RULES, bots, hands=1, seed=1)
