"""The table protocol (tonk.protocol): messages, the table, bad input, no leaks."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import jsonschema_rs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_serialization import child_says

import tonk
from tonk import format_action, presets
from tonk.errors import ProtocolError, ProtocolErrorCode
from tonk.observation import Observation
from tonk.protocol import (
    _OBSERVATION_FIELDS,
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    ActWriter,
    ObservationReader,
    Outgoing,
    Table,
    _event_message,
    _schema_text,
    act_message,
    decode_message,
    encode_act,
    encode_message,
    message_schema,
    observation_json,
)
from tonk.session import Session
from tonk.state import GameState
from tonk.testing import check_no_leak

VALIDATOR = jsonschema_rs.Draft202012Validator(message_schema())

RULE_SETS = {
    "pagat": presets.PAGAT,
    "slap_in": attrs.evolve(presets.PAGAT, slap_in=True),
    "eating": attrs.evolve(presets.PAGAT, eating=True),
    "widow": attrs.evolve(presets.PAGAT, widow=True),
    "chicago": presets.CHICAGO,
    "hoyle": presets.get("hoyle"),
}


def answer(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Return a random legal answer to an ``act``, by notation or by index."""
    choice = rng.choice(message["legal"])
    reply: dict[str, Any] = {"type": "action", "request": message["request"]}
    if rng.random() < 0.5 or choice["index"] is None:
        reply["action"] = choice["action"]
    else:
        reply["index"] = choice["index"]
    return reply


@attrs.define
class Step:
    """One action of a game at a table: the session before and after, the outgoing."""

    before: Session
    after: Session
    actor: int
    action: tonk.Action | tonk.SessionAction
    out: list[Outgoing]


def play(table: Table, rng: random.Random) -> tuple[list[Outgoing], list[Step]]:
    """Play the table to its end with random legal answers through text."""
    out = table.start()
    everything = list(out)
    steps = []
    while table.waiting_for:
        seat = table.waiting_for[0]
        (act,) = [each.message for each in out if each.message["type"] == "act"]
        assert act["seat"] == seat
        before = table.state
        out = table.receive(seat, encode_message(answer(act, rng)))
        steps.append(Step(before, table.state, seat, table.history[-1], out))
        everything += out
    return everything, steps


# --- messages -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_message_of_whole_games_fits_the_schema(name: str, players: int) -> None:
    table = Table(RULE_SETS[name], players=players, seed=players, hands=3)
    everything, _ = play(table, random.Random(5))
    kinds = set()
    for each in everything:
        VALIDATOR.validate(each.message)
        line = encode_message(each.message)
        assert "\n" not in line
        assert decode_message(line) == each.message
        kinds.add(each.message["type"])
    assert kinds == {"welcome", "event", "act", "hand_over", "goodbye"}
    assert table.is_over


def test_client_messages_and_errors_fit_the_schema() -> None:
    table = Table(presets.PAGAT, players=2, seed=1)
    table.start()
    for message in (
        {"type": "hello", "protocol": 1, "name": "Ann"},
        {"type": "action", "request": 1, "action": "drop", "seat": 0},
        {"type": "action", "request": 1, "index": 0},
        {"type": "goodbye", "reason": "done"},
        {"type": "error", "code": "bad_action", "message": "x", "request": None},
    ):
        VALIDATOR.validate(message)
    other = 1 - table.waiting_for[0]
    (error,) = table.receive(
        other, '{"type": "action", "request": 1, "action": "drop"}'
    )
    VALIDATOR.validate(error.message)


def test_the_shipped_schema_is_up_to_date() -> None:
    path = Path(tonk.__file__).parent / "schemas" / "protocol" / "message.schema.json"
    assert path.read_text("utf-8") == _schema_text(), (
        "regenerate with PYTHONPATH=src python -c"
        " 'from tonk.protocol import _write_schema; _write_schema()'"
    )
    jsonschema_rs.meta.validate(message_schema())


def test_encode_message_writes_one_ascii_line() -> None:
    line = encode_message({"type": "hello", "protocol": 1, "name": "a\nb\u2028é"})
    assert line.isascii()
    assert "\n" not in line
    assert decode_message(line)["name"] == "a\nb\u2028é"
    with pytest.raises(TypeError):
        encode_message([1])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Out of range float"):
        encode_message({"type": "act", "time_limit": float("nan")})


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{", ProtocolErrorCode.MALFORMED),
        (b"\xff\xfe", ProtocolErrorCode.MALFORMED),
        (
            '{"type": "hello", "type": "hello", "protocol": 1}',
            ProtocolErrorCode.MALFORMED,
        ),
        (
            '{"type": "action", "request": NaN, "action": "drop"}',
            ProtocolErrorCode.MALFORMED,
        ),
        ("[1]", ProtocolErrorCode.NOT_AN_OBJECT),
        ('"hello"', ProtocolErrorCode.NOT_AN_OBJECT),
        ("{}", ProtocolErrorCode.UNKNOWN_TYPE),
        ('{"type": "shout"}', ProtocolErrorCode.UNKNOWN_TYPE),
        ('{"type": 3}', ProtocolErrorCode.UNKNOWN_TYPE),
        ('{"type": "hello", "protocol": 1, "x": 1}', ProtocolErrorCode.UNKNOWN_FIELD),
        ('{"type": "hello"}', ProtocolErrorCode.MISSING_FIELD),
        ('{"type": "hello", "protocol": "1"}', ProtocolErrorCode.BAD_FIELD),
        ('{"type": "hello", "protocol": true}', ProtocolErrorCode.BAD_FIELD),
        ('{"type": "hello", "protocol": 1.0}', ProtocolErrorCode.BAD_FIELD),
        ('{"type": "hello", "protocol": -1}', ProtocolErrorCode.BAD_FIELD),
        (
            '{"type": "hello", "protocol": 1' + "0" * 30 + "}",
            ProtocolErrorCode.BAD_FIELD,
        ),
        (
            '{"type": "hello", "protocol": 1' + "0" * 5000 + "}",
            ProtocolErrorCode.MALFORMED,
        ),
        (
            '{"type": "hello", "protocol": 1, "name": ["x"]}',
            ProtocolErrorCode.BAD_FIELD,
        ),
        ("[" * 100 + "]" * 100, ProtocolErrorCode.TOO_DEEP),
        (
            '{"type": "hello", "protocol": 1, "protocol": 1}',
            ProtocolErrorCode.MALFORMED,
        ),
        ('{"type":"hello","protocol" :1,"type":"hello"}', ProtocolErrorCode.MALFORMED),
        (
            '{"type": "action", "request": 1, "action": "drop", "seat": 0,'
            ' "seat": 0, "name": "a:b"}',
            ProtocolErrorCode.MALFORMED,
        ),
        (
            '{"type": "act", "request": 1, "seat": 0, "legal": [],'
            ' "observation": {"hand": [], "hand": []}}',
            ProtocolErrorCode.MALFORMED,
        ),
        (
            '{"type": "hello", "protocol": 1, "name": [{"a": 1, "a": 2}]}',
            ProtocolErrorCode.MALFORMED,
        ),
    ],
)
def test_decode_message_refuses_bad_text(
    text: str | bytes, code: ProtocolErrorCode
) -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_message(text)
    assert raised.value.code is code


def test_decode_message_reads_colons_and_spaces_in_a_message() -> None:
    # decode_message counts the text's colons to know that no key repeats:
    # a colon inside a text, or spaces around one, must not refuse a message.
    text = '{ "type" : "hello" ,\n "protocol" :\t1, "name": "a:b::c\\":" }'
    assert decode_message(text) == {
        "type": "hello",
        "protocol": 1,
        "name": 'a:b::c":',
    }


def test_decode_message_refuses_a_message_over_its_limit() -> None:
    text = encode_message({"type": "hello", "protocol": 1, "name": "x" * 900})
    assert decode_message(text, max_bytes=len(text))["name"] == "x" * 900
    with pytest.raises(ProtocolError) as raised:
        decode_message(text, max_bytes=len(text) - 1)
    assert raised.value.code is ProtocolErrorCode.TOO_LARGE
    with pytest.raises(TypeError):
        decode_message(3)  # type: ignore[arg-type]


# --- the table ----------------------------------------------------------------------


def test_start_welcomes_every_seat_and_asks_the_first() -> None:
    table = Table(presets.PAGAT, players=3, seed=2, names=["Ann", "Bob", "Cy"])
    out = table.start()
    welcomes = [each for each in out if each.message["type"] == "welcome"]
    assert [each.to for each in welcomes] == [0, 1, 2, None]
    assert welcomes[1].message["seat"] == 1
    assert welcomes[1].message["names"] == ["Ann", "Bob", "Cy"]
    assert welcomes[1].message["protocol"] == PROTOCOL_VERSION
    assert tonk.from_dict(welcomes[0].message["rules"], tonk.Rules) == presets.PAGAT
    (act,) = [each for each in out if each.message["type"] == "act"]
    assert (act.to,) == table.waiting_for
    hand = table.state.hand
    assert hand is not None
    assert act.message["observation"]["hand"] == [
        str(card) for card in hand.hands[table.waiting_for[0]]
    ]
    with pytest.raises(tonk.SessionError, match="already started"):
        table.start()


def test_an_action_is_played_and_told_to_everyone() -> None:
    table = Table(presets.PAGAT, players=3, seed=2)
    table.start()
    seat = table.waiting_for[0]
    out = table.receive(seat, {"type": "action", "request": 1, "action": "draw stock"})
    events = [each for each in out if each.message["type"] == "event"]
    assert [each.to for each in events] == [0, 1, 2, None]
    for event in events:
        assert event.message["action"] == "draw stock"
        assert event.message["seat"] == seat
    assert table.history == (tonk.DrawStock(),)
    (act,) = [each for each in out if each.message["type"] == "act"]
    assert act.to == seat
    assert act.message["request"] == 2


def test_an_exchange_hides_its_card_from_the_other_seats() -> None:
    table = Table(RULE_SETS["widow"], players=2, seed=3)
    out = table.start()
    (act,) = [each.message for each in out if each.message["type"] == "act"]
    exchange = next(
        each for each in act["legal"] if each["action"].startswith("exchange")
    )
    seat = act["seat"]
    out = table.receive(
        seat, {"type": "action", "request": 1, "index": exchange["index"]}
    )
    seen = {
        each.to: each.message["action"]
        for each in out
        if each.message["type"] == "event"
    }
    assert seen == {seat: exchange["action"], 1 - seat: "exchange", None: "exchange"}


def test_a_session_deals_its_hands_and_keeps_the_standings() -> None:
    table = Table(presets.PAGAT, players=2, seed=4, hands=3, names=["Ann", "Bob"])
    everything, _ = play(table, random.Random(1))
    overs = [each.message for each in everything if each.message["type"] == "hand_over"]
    assert [message["hand"] for message in overs[::3]] == [1, 2, 3]
    assert [message["over"] for message in overs[::3]] == [False, False, True]
    last = overs[-1]
    assert last["standings"] == [
        {"name": name, "score": score} for name, score in table.state.standings
    ]
    assert sum(sum(message["net"]) for message in overs[::3]) == 0
    assert [each.to for each in everything[-3:]] == [0, 1, None]
    assert all(each.message == {"type": "goodbye"} for each in everything[-3:])
    assert table.waiting_for == ()
    (error,) = table.receive(0, {"type": "action", "request": 1, "action": "drop"})
    assert error.message["code"] == "game_over"


def test_restore_rebuilds_the_table_from_its_history() -> None:
    table = Table(presets.CHICAGO, players=3, seed=8, hands=2)
    out = table.start()
    rng = random.Random(2)
    for _ in range(12):
        (act,) = [each.message for each in out if each.message["type"] == "act"]
        out = table.receive(act["seat"], answer(act, rng))
    again = Table.restore(
        presets.CHICAGO, players=3, seed=8, hands=2, actions=table.history
    )
    assert again.state == table.state
    assert again.history == table.history
    for seat in (0, 1, 2, None):
        assert again.snapshot(seat) == table.snapshot(seat)
    with pytest.raises(tonk.IllegalActionError) as raised:
        Table.restore(
            presets.CHICAGO,
            players=3,
            seed=8,
            actions=[tonk.Discard(tonk.Card.parse("AS"))],
        )
    assert raised.value.reason is tonk.IllegalReason.MUST_DRAW_FIRST
    ended = Table.restore(presets.PAGAT, players=2, seed=1, actions=[tonk.Drop()])
    assert ended.is_over
    with pytest.raises(tonk.RulesError, match="after the table's last hand"):
        Table.restore(presets.PAGAT, players=2, seed=1, actions=[tonk.Drop()] * 2)


def test_a_silent_seat_is_sent_no_event_or_act_but_its_snapshot() -> None:
    loud = Table(presets.PAGAT, players=3, seed=2)
    quiet = Table(presets.PAGAT, players=3, seed=2)
    quiet.silent = {1, None}
    assert quiet.silent == frozenset({1, None})
    rng = random.Random(4)
    out_loud, out_quiet = loud.start(), quiet.start()
    while loud.waiting_for:
        assert [each for each in out_quiet if each.to in (0, 2)] == [
            each for each in out_loud if each.to in (0, 2)
        ]
        assert [each for each in out_quiet if each.to in (1, None)] == [
            each
            for each in out_loud
            if each.to in (1, None) and each.message["type"] not in ("event", "act")
        ]
        assert quiet.request == loud.request
        for seat in (0, 1, 2, None):
            assert quiet.snapshot(seat) == loud.snapshot(seat)
        seat = loud.waiting_for[0]
        legal = quiet.snapshot(seat)[-1].message
        reply = answer(legal, rng)
        out_loud, out_quiet = loud.receive(seat, reply), quiet.receive(seat, reply)
    assert quiet.state == loud.state


def test_silent_takes_only_seats_at_the_table() -> None:
    table = Table(presets.PAGAT, players=2, seed=2)
    table.silent = {0}
    with pytest.raises(tonk.RulesError, match=r"seat must be 0\.\.1"):
        table.silent = {1, 2}
    with pytest.raises(TypeError):
        table.silent = {"0"}  # type: ignore[arg-type]
    assert table.silent == frozenset({0})


def finish_hand(table: Table, rng: random.Random) -> list[Outgoing]:
    """Answer the table until its hand in play ends; return everything sent."""
    number = table.state.number
    everything: list[Outgoing] = []
    while table.waiting_for and table.state.number == number:
        (act,) = table.snapshot(table.waiting_for[0])[2:]
        everything += table.receive(act.to, answer(act.message, rng))  # type: ignore[arg-type]
    return everything


def test_a_seat_leaves_when_its_hand_ends() -> None:
    table = Table(presets.PAGAT, players=3, seed=5, hands=3, names=["A", "B", "C"])
    table.start()
    before = table.state
    assert table.receive(1, {"type": "leave"}) == []
    assert table.state == before
    assert table.seating == ((0, "leave", "B"),)
    out = finish_hand(table, random.Random(1))
    assert table.state.players == ("A", "C")
    assert table.state.number == 2
    seated = [each for each in out if each.message["type"] in ("seating", "goodbye")]
    seating = {
        "type": "seating",
        "hand": 2,
        "names": ["A", "C"],
        "seats": [0, None, 1],
    }
    assert [(each.to, each.message) for each in seated] == [
        (1, {"type": "goodbye", "reason": "you have left the table"}),
        (0, seating),
        (2, seating),
        (None, seating),
    ]
    VALIDATOR.validate(seating)
    after = out[out.index(seated[-1]) + 1 :]
    assert {each.to for each in after} == {0, 1, None}
    outcome = table.records[0].outcome
    assert outcome is not None
    assert table.state.balance("B") == before.balance("B") + outcome.payoffs[1]


@pytest.mark.parametrize(
    ("players", "hands", "message", "code"),
    [
        (2, 3, {"type": "leave"}, "seating"),  # one would be left
        (3, 1, {"type": "leave"}, "seating"),  # no hand comes after this one
        (3, 3, {"type": "leave", "seat": 2}, "wrong_seat"),
    ],
)
def test_a_bad_leave_is_refused_and_changes_nothing(
    players: int, hands: int, message: dict[str, Any], code: str
) -> None:
    table = Table(presets.PAGAT, players=players, seed=5, hands=hands)
    table.start()
    before = table.state
    (error,) = table.receive(1, message)
    assert error == Outgoing(1, error.message)
    assert error.message["code"] == code
    VALIDATOR.validate(error.message)
    assert table.state == before
    assert table.seating == ()


def test_a_seat_leaves_once() -> None:
    table = Table(presets.PAGAT, players=3, seed=5, hands=3)
    table.start()
    (error,) = table.receive(1, {"type": "leave", "seat": 0})
    assert error.message["code"] == "wrong_seat"
    assert error.message["message"] == "seat 1 cannot leave for seat 0"
    assert table.receive(0, encode_message({"type": "leave", "seat": 0})) == []
    (error,) = table.receive(0, {"type": "leave"})
    assert error.message["code"] == "seating"
    assert error.message["message"] == "seat 0 leaves after this hand already"
    (error,) = table.receive(1, {"type": "leave"})  # two would be one
    assert error.message["code"] == "seating"
    assert len(table.seating) == 1


def test_a_player_joins_at_the_next_deal() -> None:
    table = Table(presets.PAGAT, players=2, seed=6, hands=2, names=["A", "B"])
    table.start()
    dealer = table.state.dealer
    table.join("Cy")
    assert table.state.players == ("A", "B")
    out = finish_hand(table, random.Random(2))
    (told,) = [
        each for each in out if each.to is None and each.message["type"] == "seating"
    ]
    VALIDATOR.validate(told.message)
    players: list[str] = told.message["names"]
    assert players == list(table.state.players)
    assert players.index("Cy") == (dealer + 1) % 2
    assert table.state.balance("Cy") == 0
    deal = [
        each.to for each in out[out.index(told) :] if each.message["type"] == "event"
    ]
    assert deal == [0, 1, 2, None]


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("", tonk.SessionError),
        ("B", tonk.SessionError),
        ("C\nD", tonk.SessionError),
        (7, TypeError),
    ],
)
def test_a_bad_join_is_refused_and_changes_nothing(name: Any, error: type) -> None:
    table = Table(presets.PAGAT, players=2, seed=6, hands=2, names=["A", "B"])
    table.start()
    before = table.state
    with pytest.raises(error):
        table.join(name)
    assert table.state == before
    assert table.seating == ()


def test_a_join_to_a_full_or_finished_table_is_refused() -> None:
    rules = attrs.evolve(presets.PAGAT, player_limit=3)
    table = Table(rules, players=2, seed=6, hands=2)
    with pytest.raises(tonk.SessionError, match="playing"):
        table.join("Early")
    table.start()
    table.join("Cy")
    with pytest.raises(tonk.SessionError):
        table.join("Di")
    assert table.seating == ((0, "join", "Cy"),)
    ended = Table(presets.PAGAT, players=2, seed=1, hands=1)
    ended.start()
    ended.receive(
        ended.waiting_for[0], {"type": "action", "request": 1, "action": "drop"}
    )
    assert ended.is_over
    with pytest.raises(tonk.SessionError, match="playing"):
        ended.join("Late")


def test_restore_replays_joins_and_leaves() -> None:
    table = Table(presets.PAGAT, players=3, seed=9, hands=4, names=["A", "B", "C"])
    table.start()
    rng = random.Random(3)
    table.receive(2, {"type": "leave"})
    finish_hand(table, rng)
    table.join("D")
    finish_hand(table, rng)
    table.join("C")  # who left may come back
    (act,) = table.snapshot(table.waiting_for[0])[2:]
    table.receive(act.to, answer(act.message, rng))  # type: ignore[arg-type]
    again = Table.restore(
        presets.PAGAT,
        players=3,
        seed=9,
        hands=4,
        names=["A", "B", "C"],
        actions=table.history,
        seating=table.seating,
    )
    assert again.state == table.state
    assert again.seating == table.seating
    assert again.records == table.records
    for seat in (*range(len(table.state.players)), None):
        assert again.snapshot(seat) == table.snapshot(seat)
    finish_hand(table, rng)
    assert "C" in table.state.players
    for record in table.records:
        assert list(tonk.replay(record))[-1].outcome == record.outcome
    with pytest.raises(tonk.RulesError, match="join or leave"):
        Table.restore(
            presets.PAGAT,
            players=3,
            seed=9,
            hands=4,
            actions=(),
            seating=[(0, "sit", "D")],
        )


def test_a_seedless_table_tells_its_seed() -> None:
    table = Table(presets.PAGAT, players=2)
    assert isinstance(table.seed, int)
    table.start()
    again = Table.restore(presets.PAGAT, players=2, seed=table.seed, actions=())
    assert again.state == table.state


def test_snapshot_gives_a_reconnecting_seat_its_view_and_its_open_request() -> None:
    table = Table(presets.PAGAT, players=3, seed=2)
    table.start()
    seat = table.waiting_for[0]
    table.receive(seat, {"type": "action", "request": 1, "action": "draw stock"})
    out = table.snapshot(seat)
    assert [each.message["type"] for each in out] == ["welcome", "event", "act"]
    assert out[1].message["kind"] == "snapshot"
    assert out[2].message["request"] == 2
    other = (seat + 1) % 3
    assert [each.message["type"] for each in table.snapshot(other)] == [
        "welcome",
        "event",
    ]
    public = table.snapshot(None)
    assert [each.to for each in public] == [None, None]
    assert public[1].message["observation"]["hand"] == []
    assert public[1].message["observation"]["seat"] is None
    assert table.receive(other, {"type": "hello", "protocol": 1}) == table.snapshot(
        other
    )


def test_a_client_of_another_version_gets_an_error_and_goodbye() -> None:
    table = Table(presets.PAGAT, players=2, seed=2)
    table.start()
    before = table.state
    out = table.receive(1, {"type": "hello", "protocol": 2, "name": "Zed"})
    assert [each.to for each in out] == [1, 1]
    assert out[0].message["code"] == "version"
    assert out[1].message == {"type": "goodbye"}
    assert table.state is before


def test_a_goodbye_is_answered_and_a_client_error_ignored() -> None:
    table = Table(presets.PAGAT, players=2, seed=2)
    table.start()
    assert table.receive(1, {"type": "goodbye"}) == [Outgoing(1, {"type": "goodbye"})]
    error = {"type": "error", "code": "bad_action", "message": "cannot", "request": 1}
    assert table.receive(0, error) == []


def test_the_table_refuses_what_it_cannot_play() -> None:
    with pytest.raises(tonk.RulesError, match=r"^hands must be at least 1, got 0$"):
        Table(presets.PAGAT, players=2, hands=0)
    with pytest.raises(TypeError, match=r"^hands must be an int, got '3'$"):
        Table(presets.PAGAT, players=2, hands="3")  # type: ignore[arg-type]
    with pytest.raises(tonk.RulesError, match="time_limit"):
        Table(presets.PAGAT, players=2, time_limit=0)
    with pytest.raises(tonk.SessionError, match="names"):
        Table(presets.PAGAT, players=2, names=["Ann"])
    with pytest.raises(tonk.SessionError):
        Table(presets.PAGAT, players=1)
    with pytest.raises(
        TypeError, match=r"^rules must be a tonk\.Rules, got 'pagat' \("
    ):
        Table("pagat", players=2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^players must be an int, got '2'$"):
        Table(presets.PAGAT, players="2")  # type: ignore[arg-type]
    table = Table(presets.PAGAT, players=2, seed=1, time_limit=2.5)
    with pytest.raises(tonk.SessionError, match=r"^the table has not started$"):
        table.receive(0, {"type": "goodbye"})
    with pytest.raises(tonk.SessionError, match=r"^the table has not started$"):
        table.snapshot(0)
    out = table.start()
    assert out[-1].message["time_limit"] == 2.5
    with pytest.raises(tonk.SessionError, match=r"^the table has already started$"):
        table.start()
    with pytest.raises(tonk.RulesError, match=r"^seat must be 0\.\.1, got 2$"):
        table.receive(2, {"type": "goodbye"})
    with pytest.raises(TypeError, match=r"^seat must be an int, got '0'$"):
        table.receive("0", {"type": "goodbye"})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        table.receive(None, {"type": "goodbye"})  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^a message must be text or a mapping, got int$"
    ):
        table.receive(0, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^name must be text, got 7$"):
        table.join(7)  # type: ignore[arg-type]


# --- bad input changes nothing ------------------------------------------------------


def started() -> tuple[Table, int, int]:
    """Return a table after one action, the seat to move and another seat."""
    table = Table(presets.PAGAT, players=3, seed=2)
    table.start()
    seat = table.waiting_for[0]
    table.receive(seat, {"type": "action", "request": 1, "action": "draw stock"})
    return table, seat, (seat + 1) % 3


BAD_FROM_THE_MOVER: list[tuple[Any, ProtocolErrorCode, str]] = [
    ("not json", ProtocolErrorCode.MALFORMED, r"^not JSON: Expecting value"),
    (
        '{"type": "action", "request": 2, "action": "drop", "at": 1}',
        ProtocolErrorCode.UNKNOWN_FIELD,
        r"^an action message has no field 'at'$",
    ),
    (
        {"type": "action", "request": 2, "action": "drop", "at": 1},
        ProtocolErrorCode.UNKNOWN_FIELD,
        r"^an action message has no field 'at'$",
    ),
    (
        {"type": "action", "request": 2, "action": "x" * 5000},
        ProtocolErrorCode.BAD_FIELD,
        r"^the field 'action' of an action message is out of range or of the wrong"
        r" type: 'x{47}\.\.\.x+'$",
    ),
    (
        '{"type": "action", "request": 2, "action": "' + "x" * MAX_CLIENT_BYTES + '"}',
        ProtocolErrorCode.TOO_LARGE,
        r"^the message is 4142 bytes, more than the limit of 4096$",
    ),
    (
        "[" * 40 + "]" * 40,
        ProtocolErrorCode.TOO_DEEP,
        r"^the message nests lists and objects more than 16 deep$",
    ),
    (
        {"type": "action", "request": 10**40, "action": "drop"},
        ProtocolErrorCode.BAD_FIELD,
        r"^the field 'request' of an action message is out of range or of the wrong"
        r" type: 10{40}$",
    ),
    (
        {"type": "action", "request": 2, "index": 2**60},
        ProtocolErrorCode.BAD_FIELD,
        r"^the field 'index' of an action message .* 1152921504606846976$",
    ),
    (
        {"type": "action", "request": 2, "action": "discard QH", "seat": 9},
        ProtocolErrorCode.WRONG_SEAT,
        r"^seat 1 cannot act for seat 9$",
    ),
    (
        {"type": "action", "request": 1, "action": "discard QH"},
        ProtocolErrorCode.STALE_REQUEST,
        r"^request 1 is not the open one \(2\)$",
    ),
    (
        {"type": "action", "request": 3, "action": "discard QH"},
        ProtocolErrorCode.STALE_REQUEST,
        r"^request 3 is not the open one \(2\)$",
    ),
    (
        {"type": "action", "request": 2},
        ProtocolErrorCode.BAD_FIELD,
        r"^an action message needs exactly one of 'action' and 'index'$",
    ),
    (
        {"type": "action", "request": 2, "action": "drop", "index": 0},
        ProtocolErrorCode.BAD_FIELD,
        r"^an action message needs exactly one of 'action' and 'index'$",
    ),
    (
        {"type": "action", "request": 2, "action": "fold"},
        ProtocolErrorCode.BAD_ACTION,
        r"^unknown action 'fold': expected drop, draw, ",
    ),
    (
        {"type": "action", "request": 2, "index": 10**9},
        ProtocolErrorCode.BAD_ACTION,
        r"^action index must be 0\.\.1157 under these rules, got 1000000000$",
    ),
    (
        {"type": "action", "request": 2, "action": "drop"},
        ProtocolErrorCode.ILLEGAL_ACTION,
        r"^'drop' is not a legal action now$",
    ),
    (
        {"type": "action", "request": 2, "index": 0},
        ProtocolErrorCode.ILLEGAL_ACTION,
        r"^'drop' is not a legal action now$",
    ),
    (
        {"type": "act", "request": 2, "seat": 0, "observation": {}, "legal": []},
        ProtocolErrorCode.UNKNOWN_TYPE,
        r"^a table takes no act message from a client$",
    ),
    (
        {"type": "welcome"},
        ProtocolErrorCode.MISSING_FIELD,
        r"^a welcome message needs the field 'protocol'$",
    ),
    ([], ProtocolErrorCode.NOT_AN_OBJECT, r"^a message must be text or a mapping"),
]


@pytest.mark.parametrize(("message", "code", "says"), BAD_FROM_THE_MOVER)
def test_a_bad_message_gets_an_error_and_changes_nothing(
    message: Any, code: ProtocolErrorCode, says: str
) -> None:
    table, seat, _ = started()
    before = (table.state, table.history, table.waiting_for, table.snapshot(seat))
    if isinstance(message, list):
        with pytest.raises(TypeError, match=says):
            table.receive(seat, message)  # type: ignore[arg-type]
        return
    (error,) = table.receive(seat, message)
    assert error.to == seat
    assert error.message["type"] == "error"
    assert error.message["code"] == code.value
    assert re.search(says, error.message["message"]), error.message["message"]
    VALIDATOR.validate(error.message)
    assert (
        table.state,
        table.history,
        table.waiting_for,
        table.snapshot(seat),
    ) == before


def test_an_action_out_of_turn_or_for_another_seat_is_refused() -> None:
    table, seat, other = started()
    before = table.state
    act = table.snapshot(seat)[-1].message
    legal = act["legal"][0]["action"]
    (error,) = table.receive(other, {"type": "action", "request": 2, "action": legal})
    assert (error.to, error.message["code"]) == (other, "not_your_turn")
    assert error.message["message"] == f"it is not seat {other}'s turn to act"
    assert error.message["request"] == 2
    (error,) = table.receive(
        other, {"type": "action", "request": 2, "action": legal, "seat": seat}
    )
    assert (error.to, error.message["code"]) == (other, "wrong_seat")
    assert table.state is before
    out = table.receive(
        seat, {"type": "action", "request": 2, "action": legal, "seat": seat}
    )
    assert table.state is not before
    assert len(out) > 1


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = st.sampled_from(
    ["type", "request", "action", "index", "seat", "protocol", "name", "code"]
)
_JUNK_OBJECTS = st.dictionaries(
    _FIELDS,
    st.sampled_from(
        ["action", "hello", "goodbye", "error", "act", "drop", "discard QH"]
    )
    | st.integers(min_value=-3, max_value=2**70)
    | _JSON_VALUES,
    max_size=5,
)


@given(
    junk=st.one_of(
        st.text(max_size=200),
        st.binary(max_size=200),
        _JUNK_OBJECTS,
        _JUNK_OBJECTS.map(lambda data: json.dumps(data, allow_nan=True)),
    )
)
def test_junk_from_a_seat_not_to_move_changes_nothing(junk: Any) -> None:
    table, seat, other = started()
    before = (table.state, table.history, table.snapshot(seat), table.snapshot(None))
    out = table.receive(other, junk)
    assert all(each.to == other for each in out)
    assert (
        table.state,
        table.history,
        table.snapshot(seat),
        table.snapshot(None),
    ) == before


@given(junk=_JUNK_OBJECTS.filter(lambda data: data.get("request") != 2))
def test_junk_from_the_seat_to_move_changes_nothing(junk: Any) -> None:
    table, seat, _ = started()
    before = (table.state, table.history, table.snapshot(seat))
    out = table.receive(seat, junk)
    assert all(each.to == seat for each in out)
    assert (table.state, table.history, table.snapshot(seat)) == before


# --- what each message may show -----------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_no_message_to_a_seat_shows_what_it_cannot_see(name: str) -> None:
    """Each event and act a seat gets is the same for twin states (check_no_leak).

    Twins differ only in the cards the seat cannot see (redeal_hidden); the
    spectators' view must not change with anybody's hidden cards.
    """
    table = Table(RULE_SETS[name], players=3, seed=11, hands=2)
    _, steps = play(table, random.Random(4))
    rng = random.Random(0)
    for step in steps:
        action = step.action  # these rules leave no choice between hands
        assert not isinstance(action, tonk.Deal | tonk.CallSuit | tonk.SideBets)
        assert not isinstance(action, tonk.CallBigOne)
        played = tonk.apply_session(step.before, action)
        hand = played.hand
        assert hand is not None

        def event(
            twin: GameState,
            seat: int | None,
            step: Step = step,
            played: Session = played,
            action: tonk.Action = action,
        ) -> Any:
            return _event_message(
                attrs.evolve(played, hand=twin),
                seat,
                kind="action",
                actor=step.actor,
                action=action,
            )

        for seat in (0, 1, 2):
            sent = [
                each.message
                for each in step.out
                if each.to == seat and each.message.get("kind") == "action"
            ]
            assert sent == [event(hand, seat)]
            check_no_leak(hand, seat, rng, view=event)
            check_no_leak(hand, seat, rng, view=lambda twin, _: event(twin, None))
        state = step.after.hand
        assert state is not None
        if state.outcome is None:
            check_no_leak(
                state,
                state.to_move,
                rng,
                view=lambda twin, seat: act_message(
                    tonk.observe(twin, seat), request=1
                ),
            )


def test_the_leak_check_sees_a_leaking_message() -> None:
    """The check above can fail: a message with the next stock card is caught."""
    state = tonk.new_game(presets.PAGAT, players=2, seed=3)
    with pytest.raises(AssertionError, match="can tell apart"):
        check_no_leak(
            state,
            0,
            random.Random(0),
            view=lambda twin, seat: {
                **act_message(tonk.observe(twin, seat), request=1),
                "next": str(twin.stock[0]),
            },
        )


# --- the worked exchange of docs/protocol.md ------------------------------------------

PROTOCOL_PAGE = Path(__file__).parent.parent / "docs" / "protocol.md"
EXCHANGE_MARK = "% The worked exchange"


def worked_exchange() -> str:
    """Return the exchange docs/protocol.md shows: Ann's side of a hand against Bob."""
    table = Table(presets.PAGAT, players=2, seed=7, names=["Ann", "Bob"])
    table.start()
    rules = encode_message(tonk.to_dict(presets.PAGAT))
    lines: list[str] = []

    def sent(seat: int, message: dict[str, Any]) -> None:
        if seat == 0:
            lines.append("→ " + encode_message(message))
        for out in table.receive(seat, message):
            if out.to == 0:
                text = encode_message(out.message)
                lines.append("← " + text.replace(rules, '{"format":"tonk.rules",…}'))

    sent(0, {"type": "hello", "protocol": 1, "name": "Ann"})
    sent(0, {"type": "action", "request": 1, "action": "discard JC"})
    sent(0, {"type": "action", "request": 1, "action": "draw stock"})
    sent(0, {"type": "action", "request": 2, "index": 55})  # discard QS
    sent(1, {"type": "action", "request": 3, "action": "drop"})
    return "\n".join(lines)


def _shown_exchange(marked: str = EXCHANGE_MARK) -> tuple[str, str, str]:
    """Return docs/protocol.md split around the block of an exchange it shows."""
    text = PROTOCOL_PAGE.read_text("utf-8")
    head, mark, after = text.partition(marked)
    opening, fence, rest = after.partition("```text\n")
    block, closing, tail = rest.partition("\n```")
    return head + mark + opening + fence, block, closing + tail


def write_worked_exchange() -> None:
    """Write the exchanges into docs/protocol.md (after a change of format)."""
    for mark, exchange in (
        (EXCHANGE_MARK, worked_exchange),
        (CHANGES_MARK, changes_exchange),
    ):
        before, _, after = _shown_exchange(mark)
        PROTOCOL_PAGE.write_text(before + exchange() + after, "utf-8")


CHANGES_MARK = "% The exchange with changes"


def changes_exchange() -> str:
    """Return the exchange docs/protocol.md shows of a bot that asks for changes.

    Seat 1 of a two-player pagat hand (seed 7) draws from the stock and
    discards the 9C; seat 0 draws and discards its last card; seat 1 acts
    again. After the first act, each has only the changes of the view.
    """
    rules = encode_message(tonk.to_dict(presets.PAGAT))
    writer = ActWriter(changes=True)
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    lines = [
        '→ {"type":"hello","protocol":1,"name":"greedy","changes":true}',
        '← {"type":"welcome","protocol":1,"seat":1,"players":2,'
        f'"names":["P1","P2"],"rules":{rules},"hands":1}}',
    ]
    for request in (1, 2, 3):
        act = writer.write(tonk.observe(state, 1), request=request, seed=request)
        lines.append("← " + act)
        if request == 3:
            break
        action = tonk.parse_action(state, ("draw stock", "discard 9C")[request - 1])
        answer = {"type": "action", "request": request, "action": format_action(action)}
        lines.append("→ " + encode_message(answer))
        state = tonk.apply(state, action)
        if request == 2:  # seat 0's turn
            state = tonk.apply(state, tonk.DrawStock())
            state = tonk.apply(state, tonk.legal_actions(state)[-1])
    return "\n".join(lines).replace(rules, '{"format":"tonk.rules",…}')


@pytest.mark.parametrize(
    ("mark", "exchange"),
    [(EXCHANGE_MARK, worked_exchange), (CHANGES_MARK, changes_exchange)],
)
def test_the_exchanges_of_the_docs_are_what_a_table_sends(
    mark: str, exchange: Any
) -> None:
    assert _shown_exchange(mark)[1] == exchange(), (
        "docs/protocol.md's exchanges are stale: rewrite them with"
        " python -c 'import tests.test_protocol as t; t.write_worked_exchange()'"
    )


def test_an_observation_reader_reads_back_what_a_table_writes() -> None:
    table = Table(RULE_SETS["chicago"], players=3, seed=4, hands=8)
    everything, _ = play(table, random.Random(2))
    readers = {seat: ObservationReader(RULE_SETS["chicago"]) for seat in (0, 1, 2)}
    steps = 0
    for each in everything:
        if each.message["type"] == "act":
            seen = readers[each.to].read(each.message["observation"])  # type: ignore[index]
            assert observation_json(seen) == each.message["observation"]
            assert [format_action(action) for action in seen.legal_actions] == [
                entry["action"] for entry in each.message["legal"]
            ]
            steps += 1
    assert steps > 20


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"format": "tonk.state"}, "tonk.observation document"),
        ({"version": 2}, "tonk.observation document"),
        ({"cards": []}, "no field 'cards'"),
        ({"hand": "AS"}, "hand"),
        ({"hand": ["AS", "1X"]}, r"hand\[1\]"),
        ({"hand": ["AS", ["KS"]]}, r"hand\[1\]"),
        ({"legal_actions": ["fold"]}, "legal_actions"),
        ({"stock_size": "41"}, "stock_size"),
    ],
)
def test_an_observation_reader_refuses_a_bad_view(
    change: dict[str, Any], says: str
) -> None:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    good = observation_json(tonk.observe(state, 1))
    reader = ObservationReader(presets.PAGAT)
    assert reader.read(good) == tonk.observe(state, 1)
    with pytest.raises(ProtocolError, match=says) as raised:
        reader.read({**good, **change})
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD
    missing = dict(good)
    del missing["hand"]
    with pytest.raises(ProtocolError, match="needs the field 'hand'"):
        reader.read(missing)
    with pytest.raises(ProtocolError, match="must be an object"):
        reader.read([])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ObservationReader("pagat")  # type: ignore[arg-type]


WRONG_VALUES: list[Any] = [
    None, True, 0, -1, 10**20, 1.5, "", "AS", "1X", [], ["AS"], ["AS", "AS"], [0],
    [None], [[]], [{}], {}, {"number": 1}, {"cards": ["AS"]},
]  # fmt: skip


def damaged_views() -> list[tuple[str, Observation]]:
    """Views of many kinds: turn starts and draws, spreads, a finished hand."""
    views = []
    for name in ("pagat", "chicago"):
        rules, rng = RULE_SETS[name], random.Random(name)
        state = tonk.new_game(rules, players=3, seed=4)
        while True:
            views.append((name, tonk.observe(state, state.to_move)))
            if state.outcome is not None:
                break
            state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
    kinds = {
        (view.phase, bool(view.spreads), view.top_discard is None) for _, view in views
    }
    assert len(kinds) >= 5
    return views[:: max(1, len(views) // 12)] + views[-1:]


@pytest.mark.parametrize(("name", "seen"), damaged_views())
def test_an_observation_reader_reads_each_field_as_its_codec_does(
    name: str, seen: Observation
) -> None:
    # Each field of a view holding a value of another kind: the reader's quick
    # path for that kind of field refuses it as the field's codec (tonk.from_dict's)
    # does, or reads the same value; so do its changes, and a refused change
    # keeps the view. (The reader checks fields, not the whole view: a client
    # trusts its table.)
    rules = RULE_SETS[name]
    good = observation_json(seen)
    changing = ObservationReader(rules)
    changing.read(good)
    for field, codec in _OBSERVATION_FIELDS:
        for value in WRONG_VALUES:
            try:
                expected = codec.decode(value, f"$.observation.{field}")
            except tonk.SerializationError as error:
                refused = str(error)
            else:
                whole = ObservationReader(rules).read({**good, field: value})
                assert getattr(whole, field) == expected
                changed = changing.read_changes({field: value})
                assert getattr(changed, field) == expected
                assert changing.read(good) == seen
                continue
            for reader, view in (
                (ObservationReader(rules).read, {**good, field: value}),
                (changing.read_changes, {field: value}),
            ):
                with pytest.raises(ProtocolError) as raised:
                    reader(view)
                assert str(raised.value) == refused
                assert raised.value.code is ProtocolErrorCode.BAD_FIELD
            assert changing.read_changes({}) == seen


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_observation_json_is_the_observation_document_without_its_rules(
    name: str,
) -> None:
    # observation_json and ObservationReader take quick paths for each kind of
    # field: what they write and read must be what the codecs of tonk.to_dict
    # and tonk.from_dict do, for every seat at every step, under every rule set.
    rules = RULE_SETS[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(12):
        players = 3 if seed % 2 else 2
        state = tonk.new_game(rules, players=players, seed=seed)
        readers = [ObservationReader(rules) for _ in range(players)]
        while True:
            for seat in range(players):
                seen = tonk.observe(state, seat)
                document = tonk.to_dict(seen)
                del document["rules"]
                written = observation_json(seen)
                assert written == document
                assert json.loads(encode_message(written)) == document
                assert readers[seat].read(json.loads(json.dumps(written))) == seen
                checked += 1
            if state.outcome is not None:
                break
            state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
    assert checked > 80


def test_an_act_numbers_its_legal_actions_as_the_encoding_does() -> None:
    rules = presets.CHICAGO
    state = tonk.new_game(rules, players=3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if state.outcome is not None:
            break
        seen = tonk.observe(state, state.to_move)
        legal = act_message(seen, request=1)["legal"]
        assert legal == [
            {
                "action": format_action(action),
                "index": tonk.encoding.action_to_index(action, rules, 3),
            }
            for action in seen.legal_actions
        ]
        state = tonk.apply(state, rng.choice(seen.legal_actions))


def test_a_deal_tonk_ends_its_hand_and_the_table_deals_the_next() -> None:
    # Seed 16 deals pagat's first hand as a deal tonk (B5): the hand ends at
    # the deal. The table sends its result and deals the next hand; it used to
    # stop there, waiting for nobody, with no hand_over.
    table = Table(tonk.presets.PAGAT, players=2, seed=16, hands=2)
    out = table.start()
    (seat,) = table.waiting_for
    kinds = [message.message["type"] for message in out if message.to == seat]
    assert kinds == ["welcome", "event", "hand_over", "event", "act"]
    assert table.state.number == 2
    assert not table.is_over
    again = Table.restore(
        tonk.presets.PAGAT, players=2, seed=16, hands=2, actions=table.history
    )
    assert again.state == table.state


def test_a_table_whose_last_hand_ends_at_the_deal_says_goodbye() -> None:
    table = Table(tonk.presets.PAGAT, players=2, seed=16, hands=1)
    kinds = [out.message["type"] for out in table.start() if out.to == 1]
    assert kinds == ["welcome", "event", "hand_over", "goodbye"]
    assert table.is_over


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_encode_act_writes_the_act_message(name: str) -> None:
    # encode_act remembers the JSON of each field by the value's identity:
    # its text must be the act's, step after step, whatever changed.
    rules = RULE_SETS[name]
    rng = random.Random(name)
    written = 0
    for seed in range(10):
        players = 3 if seed % 2 else 2
        state = tonk.new_game(rules, players=players, seed=seed)
        while state.outcome is None:
            seen = tonk.observe(state, state.to_move)
            for limit, bot_seed in ((None, None), (2.5, rng.getrandbits(53)), (7, 0)):
                message = act_message(seen, request=written, time_limit=limit)
                if bot_seed is not None:
                    message["seed"] = bot_seed
                text = encode_act(
                    seen, request=written, time_limit=limit, seed=bot_seed
                )
                assert text == encode_message(message)
                written += 1
            state = tonk.apply(state, rng.choice(seen.legal_actions))
    assert written > 60
    with pytest.raises(TypeError):
        encode_act(seen, request=True)
    with pytest.raises(TypeError):
        encode_act(seen, request=1, seed="7")  # type: ignore[arg-type]


def test_an_act_writes_each_spread_as_the_observation_has_it() -> None:
    # Two spreads are equal when their wilds stand for the same cards, whichever
    # wild stands for which: an act must still write each as it is written.
    seen = tonk.observe(tonk.new_game(presets.CHICAGO, players=2, seed=1), 1)
    one, other = (
        tonk.LaySpread(map(tonk.parse_element, text.split()))
        for text in ("5H 2C=6H JK=7H", "5H JK=6H 2C=7H")
    )
    assert one == other
    assert format_action(one) != format_action(other)
    for spread in (one, other):
        view = attrs.evolve(seen, legal_actions=(tonk.DrawStock(), spread))
        written = [format_action(action) for action in view.legal_actions]
        message = act_message(view, request=1)
        assert message["observation"]["legal_actions"] == written
        assert [entry["action"] for entry in message["legal"]] == written
        assert json.loads(encode_act(view, request=1)) == message


# --- acts with the changes of the view (ActWriter) ----------------------------------


def conversations(
    rules: tonk.Rules, players: int, hands: int
) -> list[tuple[tonk.Observation, str]]:
    """Play hands with random actions; return each act, each seat's with changes.

    Each seat keeps its writer from hand to hand, as a ProcessBot keeps its
    program.
    """
    writers = [ActWriter(changes=True) for _ in range(players)]
    rng = random.Random(hands)
    acts: list[tuple[tonk.Observation, str]] = []
    for seed in range(hands):
        state = tonk.new_game(rules, players=players, seed=seed)
        while state.outcome is None:
            seen = tonk.observe(state, state.to_move)
            text = writers[seen.seat].write(seen, request=len(acts) + 1)
            acts.append((seen, text))
            state = tonk.apply(state, rng.choice(seen.legal_actions))
    return acts


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("players", [2, 3])
def test_an_observation_reader_puts_each_view_back_from_its_changes(
    name: str, players: int
) -> None:
    rules = RULE_SETS[name]
    readers = [ObservationReader(rules) for _ in range(players)]
    whole: set[int] = set()
    checked = 0
    for seen, text in conversations(rules, players, hands=16):
        message = decode_message(text)
        VALIDATOR.validate(message)
        reader = readers[seen.seat]
        if "observation" in message:  # only the first act of each seat
            assert seen.seat not in whole
            whole.add(seen.seat)
            assert message == act_message(seen, request=message["request"])
            assert reader.read(message["observation"]) == seen
            continue
        assert set(message) == {"type", "request", "seat", "changes"}
        assert reader.read_changes(message["changes"]) == seen
        checked += 1
    assert checked > 30


def test_read_act_reads_each_act_as_the_decoder_and_reader_do() -> None:
    acts = conversations(presets.PAGAT, 2, hands=8)
    readers = [ObservationReader(presets.PAGAT) for _ in range(2)]
    for seen, text in acts:
        line = text.encode() + b"\n"
        observation, message = readers[seen.seat].read_act(line)
        assert message == decode_message(line)
        assert observation == seen


ACT = (
    b'{"type":"act","request":2,"seat":1,"changes":{"stock_size":40,'
    b'"hand":["AC","2D"]},"time_limit":5.0,"seed":3}'
)


@pytest.mark.parametrize(
    "line",
    [
        ACT,
        ACT.replace(b',"time_limit":5.0', b""),
        ACT.replace(b',"seed":3', b""),
        ACT.replace(b'"seed":3', b'"seed":-3'),
        ACT.replace(b'"seed":3', b'"seed":3.0'),
        ACT.replace(b'"seed":3', b'"seed":"3"'),
        ACT.replace(b'"request":2', b'"request":true'),
        ACT.replace(b'"seat":1', b'"seat":null'),
        ACT.replace(b"5.0", b"0"),
        ACT.replace(b"5.0", b"1e9"),
        ACT.replace(b"40", b'"40"'),
        ACT.replace(b'"stock_size":40', b'"stock_size":40,"stock_size":40'),
        ACT.replace(b'"seed":3', b'"seed":3,"seed":4'),
        ACT.replace(b'"seed":3', b'"seed":3,"name":"a:b"'),
        ACT.replace(b'"AC"', b'"A:C"'),
        ACT.replace(b'"AC"', b'"{"'),
        ACT.replace(b'"changes":{', b'"changes":{"spreads":[{"number":1}],'),
        ACT.replace(b'"changes":{"stock_size":40,', b'"changes":[').replace(
            b"]}", b"]]"
        ),
        ACT.replace(b'"hand":["AC","2D"]', b'"hand":' + b"[" * 20 + b"]" * 20),
        ACT.replace(b'"seat":1,', b""),
        ACT.replace(b'"act"', b'"action"'),
        ACT.replace(b"{", b"{ ", 1),
        ACT[:-1],
        ACT + b"\n",
        ACT + b"\r\n",
        ACT + b"x",
        ACT + b"\n{}",
        ACT.replace(b"AC", b"\xff"),
    ],
)
def test_read_act_refuses_what_the_decoder_refuses(line: bytes) -> None:
    seen = tonk.observe(tonk.new_game(presets.PAGAT, players=2, seed=7), 1)

    def reader() -> ObservationReader:
        fresh = ObservationReader(presets.PAGAT)
        fresh.read(observation_json(seen))
        return fresh

    def slowly() -> tuple[tonk.Observation, dict[str, Any]]:
        decoded = decode_message(line)
        return reader().read_changes(decoded["changes"]), decoded

    def outcome(read: Any) -> Any:
        try:
            return read()
        except ProtocolError as error:
            return error.code, str(error)

    assert outcome(lambda: reader().read_act(line)) == outcome(slowly)


@pytest.mark.parametrize(
    "line",
    [
        ACT,
        ACT + b"\n",
        ACT.replace(b',"time_limit":5.0', b""),
        ACT.replace(b',"seed":3', b"") + b"\n",
        ACT.replace(b',"time_limit":5.0,"seed":3', b""),
    ],
)
def test_read_act_reads_an_act_as_a_writer_writes_it_without_the_decoder(
    line: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    # read_act's promise: such a line is read by the JSON parser alone, to
    # the value the decoder gives. Were the quick reading lost, every act
    # would still be read, only slower: this test is what would notice.
    seen = tonk.observe(tonk.new_game(presets.PAGAT, players=2, seed=7), 1)
    slow, quick = ObservationReader(presets.PAGAT), ObservationReader(presets.PAGAT)
    for reader in (slow, quick):
        reader.read(observation_json(seen))
    decoded = decode_message(line)
    expected = slow.read_changes(decoded["changes"]), decoded

    def unused(*args: object, **kwargs: object) -> Any:
        raise AssertionError("the act went to the full decoder")

    monkeypatch.setattr(tonk.protocol, "decode_message", unused)
    assert quick.read_act(line) == expected


def test_read_act_refuses_other_messages_and_text() -> None:
    reader = ObservationReader(presets.PAGAT)
    with pytest.raises(ProtocolError, match="a hello message where an act") as raised:
        reader.read_act(b'{"type":"hello","protocol":1}')
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD
    with pytest.raises(ProtocolError, match="before any whole view"):
        reader.read_act(ACT)
    with pytest.raises(TypeError, match="line must be bytes"):
        reader.read_act(ACT.decode())  # type: ignore[arg-type]


def test_the_changes_hold_only_the_fields_that_changed() -> None:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    writer = ActWriter(changes=True)
    before = tonk.observe(state, 1)
    whole = json.loads(writer.write(before, request=1, time_limit=5, seed=3))
    assert (whole["observation"], whole["time_limit"], whole["seed"]) == (
        observation_json(before),
        5,
        3,
    )
    state = tonk.apply(state, tonk.DrawStock())
    after = tonk.observe(state, 1)
    changes = json.loads(writer.write(after, request=2))["changes"]
    document, earlier = observation_json(after), observation_json(before)
    assert changes == {
        name: value for name, value in document.items() if value != earlier[name]
    }
    # The same view again changes nothing; a writer without changes sends it whole.
    assert json.loads(writer.write(after, request=3))["changes"] == {}
    assert json.loads(ActWriter().write(after, request=3)) == act_message(
        after, request=3
    )


def test_the_writer_names_the_action_an_answer_chose() -> None:
    state = tonk.new_game(presets.CHICAGO, players=3, seed=5)
    writer = ActWriter(changes=True)
    assert writer.chosen({"type": "action", "request": 1, "action": "drop"}) is None
    seen = tonk.observe(state, state.to_move)
    legal = act_message(seen, request=1)["legal"]
    writer.write(seen, request=1)
    for action, entry in zip(seen.legal_actions, legal, strict=True):
        assert writer.chosen({"action": entry["action"]}) is action
        assert writer.chosen({"index": entry["index"]}) is action
    assert writer.chosen({"action": "discard QH"}) is None
    assert writer.chosen({"index": 10_000}) is None
    assert writer.chosen({"action": "drop", "index": 0}) is None
    with pytest.raises(TypeError):
        ActWriter(changes=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        writer.write(seen, request="2")  # type: ignore[arg-type]


def test_the_writer_reads_the_usual_answer_line_as_the_decoder_does() -> None:
    state = tonk.new_game(presets.CHICAGO, players=3, seed=5)
    writer = ActWriter(changes=True)
    usual = b'{"type":"action","request":7,"action":"drop"}'
    assert writer.chosen_line(usual) is None  # no act written yet
    seen = tonk.observe(state, state.to_move)
    writer.write(seen, request=7)
    for action in seen.legal_actions:
        line = b'{"type":"action","request":7,"action":%s}' % (
            json.dumps(format_action(action)).encode()
        )
        assert writer.chosen_line(line) is action
        assert writer.chosen(decode_message(line)) is action
    # Any other line, even a valid answer, is left to the decoder and chosen().
    others = [
        b'{"type":"action","request":6,"action":"drop"}',
        b'{"type":"action","request":70,"action":"drop"}',
        b'{"type":"action","request":7,"action":"drop","seat":0}',
        b'{"type":"action","request":7,"action":"drop"} ',
        b'{"type":"action","request":7,"action":"dr\\u006fp"}',
        b'{"type":"action","request":7,"action":"discard QH"}',
        b'{"type":"action","request":7,"action":"drop"}\r',
        b'{"type":"action","request":7,"action":"drop","action":"drop"}',
        b'{"type":"action","request":7,"index":0}',
        b'{"type":"action","request":7,"action":}',
    ]
    for line in others:
        assert writer.chosen_line(line) is None
    writer.write(seen, request=-1)  # a request no answer can repeat
    assert writer.chosen_line(b'{"type":"action","request":-1,"action":"drop"}') is None
    with pytest.raises(TypeError, match="line must be bytes"):
        writer.chosen_line('{"type":"action","request":7,"action":"drop"}')  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ([], "must be an object"),
        ({"cards": []}, "no field 'cards'"),
        ({"format": "tonk.observation"}, "no field 'format'"),
        ({"hand": ["AS", "1X"]}, r"hand\[1\]"),
        ({"stock_size": "41"}, "stock_size"),
        ({"hand": ["AS"], "spreads": [{"number": 1}]}, "spreads"),
    ],
)
def test_an_observation_reader_refuses_bad_changes_and_keeps_its_view(
    changes: Any, says: str
) -> None:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    seen = tonk.observe(state, 1)
    reader = ObservationReader(presets.PAGAT)
    with pytest.raises(ProtocolError, match="before any whole view"):
        reader.read_changes({"stock_size": 40})
    reader.read(observation_json(seen))
    with pytest.raises(ProtocolError, match=says) as raised:
        reader.read_changes(changes)
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD
    assert reader.read_changes({}) == seen


@pytest.mark.parametrize(
    "fields",
    [
        {"changes": {}, "legal": []},
        {"observation": {}},
        {"legal": []},
        {},
        {"observation": {}, "legal": [], "changes": {}},
    ],
)
def test_an_act_has_a_whole_view_and_its_legal_actions_or_the_changes(
    fields: dict[str, Any],
) -> None:
    message = {"type": "act", "request": 1, "seat": 0, **fields}
    with pytest.raises(ProtocolError, match="has either 'observation' and 'legal'"):
        decode_message(json.dumps(message))
    assert not VALIDATOR.is_valid(message)


def test_no_act_with_changes_shows_what_its_seat_cannot_see() -> None:
    # Which fields an act's changes hold depends on the view before, which the
    # seat saw: for every twin of the state (the hidden cards dealt otherwise),
    # the changes since the seat's last view must be the same.
    rng = random.Random(3)
    for rules in (presets.PAGAT, RULE_SETS["widow"], presets.CHICAGO):
        state = tonk.new_game(rules, players=3, seed=4)
        last: dict[int, tonk.Observation] = {}
        while state.outcome is None:
            seat = state.to_move
            if seat in last:
                before = last[seat]

                def view(twin: GameState, seat: int, before: Any = before) -> Any:
                    writer = ActWriter(changes=True)
                    writer.write(before, request=1)
                    return json.loads(writer.write(tonk.observe(twin, seat), request=2))

                check_no_leak(state, seat, rng, view=view)
            last[seat] = tonk.observe(state, seat)
            state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))


@pytest.mark.parametrize(
    "text", ["'[' * 499_000 + ']' * 499_000", "'{\"a\":' * 199_000"]
)
def test_a_deep_message_is_refused_unread_under_a_raised_recursion_limit(
    text: str,
) -> None:
    """Its depth is read from the text: the parser, which would overflow, never runs."""
    program = (
        "import sys, tonk.protocol; sys.setrecursionlimit(10**6)\n"
        f"try: tonk.protocol.decode_message({text})\n"
        "except tonk.ProtocolError as error: print(error.code.value, error)"
    )
    assert child_says(program) == (
        0,
        "too_deep the message nests lists and objects more than 16 deep\n",
    )


def test_a_limit_that_is_not_an_int_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"^max_bytes must be an int, got '9'$"):
        decode_message("{}", max_bytes="9")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^max_bytes must be an int, got True$"):
        decode_message("{}", max_bytes=True)
