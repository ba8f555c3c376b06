"""The table protocol's edges that mutation testing found untested.

Each test checks, through the public API of :mod:`tonk.protocol`, a
behaviour a surviving mutant of ``protocol.py`` changed: the bounds of a
time limit, the texts of the errors a client or a caller is given, the
requests a writer can read an answer to, and the joins and leaves of a
table (docs/maintainers.md, "Mutation testing").
"""

from __future__ import annotations

import json
import random
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tonk
from tonk import presets
from tonk.errors import ProtocolError, ProtocolErrorCode, RulesError, SessionError
from tonk.protocol import (
    MAX_DEPTH,
    ActWriter,
    ObservationReader,
    Outgoing,
    Table,
    act_message,
    decode_message,
    encode_act,
    encode_message,
    observation_json,
)

SEEN = tonk.observe(tonk.new_game(presets.PAGAT, players=2, seed=7), 1)


def act_line(time_limit: str) -> str:
    return (
        '{"type":"act","request":1,"seat":1,"changes":{},"time_limit":'
        + time_limit
        + "}"
    )


# --- time limits ----------------------------------------------------------------


@pytest.mark.parametrize("seconds", [0.5, 5, 1e6])
def test_a_time_limit_is_any_number_of_seconds_above_0_up_to_1e6(
    seconds: float,
) -> None:
    assert decode_message(act_line(repr(seconds)))["time_limit"] == seconds
    table = Table(presets.PAGAT, players=2, seed=7, time_limit=seconds)
    act = [out.message for out in table.start() if out.message["type"] == "act"]
    assert act[0]["time_limit"] == seconds


@pytest.mark.parametrize("seconds", ["0", "-1", "1000000.5", "1e7", '"5"', "true"])
def test_a_message_with_a_time_limit_out_of_range_is_refused(seconds: str) -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_message(act_line(seconds))
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD
    assert str(raised.value).startswith(
        "the field 'time_limit' of an act message is out of range or of the wrong"
        " type: "
    )


@pytest.mark.parametrize("seconds", [0, -1, 1_000_000.5, float("inf")])
def test_a_table_refuses_a_time_limit_out_of_range(seconds: Any) -> None:
    with pytest.raises(RulesError) as raised:
        Table(presets.PAGAT, players=2, seed=7, time_limit=seconds)
    assert str(raised.value) == (
        f"time_limit must be 0 < seconds <= 1e6, got {seconds!r}"
    )


# --- the texts of the errors ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"type":"goodbye","type":"goodbye"}', "a key is repeated in an object"),
        ('{"type":"action","request":NaN,"action":"drop"}', "NaN is not a JSON number"),
        ('{"type":"goodbye","x":-Infinity}', "-Infinity is not a JSON number"),
    ],
)
def test_a_message_json_does_not_allow_is_refused_saying_why(
    text: str, says: str
) -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_message(text)
    assert str(raised.value) == f"not JSON: {says}"
    assert raised.value.code is ProtocolErrorCode.MALFORMED


def test_a_line_that_is_not_bytes_is_refused_naming_its_type() -> None:
    reader, writer = ObservationReader(presets.PAGAT), ActWriter()
    for read in (reader.read_act, writer.chosen_line):
        with pytest.raises(TypeError) as raised:
            read('{"type":"goodbye"}')  # type: ignore[arg-type]
        assert str(raised.value) == "line must be bytes, got str"


class Line(bytes):
    """A bytes subclass: still a line."""


def test_a_line_of_a_bytes_subclass_is_read() -> None:
    writer, reader = ActWriter(changes=True), ObservationReader(presets.PAGAT)
    line = Line(writer.write(SEEN, request=3).encode())
    assert reader.read_act(line)[0] == SEEN
    answer = Line(b'{"type":"action","request":3,"action":"drop"}')
    assert writer.chosen_line(answer) == tonk.Drop()


def test_a_view_without_a_field_is_a_bad_field() -> None:
    document = observation_json(SEEN)
    del document["hand"]
    with pytest.raises(ProtocolError) as raised:
        ObservationReader(presets.PAGAT).read(document)
    assert str(raised.value) == "an observation needs the field 'hand'"
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD


def test_an_act_writer_takes_changes_as_a_bool() -> None:
    assert ActWriter(changes=True).changes is True
    assert ActWriter().changes is False
    with pytest.raises(TypeError) as raised:
        ActWriter(changes=1)  # type: ignore[arg-type]
    assert str(raised.value) == "changes must be a bool, got 1"


@pytest.mark.parametrize(("request_", "seed"), [("2", None), (2, 1.5)])
def test_an_act_with_a_request_or_seed_not_an_int_is_refused_naming_both(
    request_: Any, seed: Any
) -> None:
    with pytest.raises(TypeError) as raised:
        encode_act(SEEN, request=request_, seed=seed)
    assert str(raised.value) == (
        f"request and seed must be ints, got {request_!r}, {seed!r}"
    )


# --- the requests an answer can repeat ------------------------------------------


@pytest.mark.parametrize("request_", [0, 2**53 - 1])
def test_the_writer_reads_the_answer_line_to_the_lowest_and_highest_request(
    request_: int,
) -> None:
    writer = ActWriter(changes=True)
    writer.write(SEEN, request=request_)
    line = b'{"type":"action","request":%d,"action":"drop"}' % request_
    assert writer.chosen_line(line) == tonk.Drop()


# --- the table ------------------------------------------------------------------


def test_a_client_of_another_version_is_told_the_table_s_version() -> None:
    table = Table(presets.PAGAT, players=2, seed=7)
    table.start()
    out = table.receive(0, {"type": "hello", "protocol": 2})
    assert out[0].message["message"] == "this table speaks protocol version 1, not 2"


def test_a_leave_the_session_refuses_is_told_why() -> None:
    table = Table(presets.PAGAT, players=2, seed=7, hands=2)
    table.start()
    (out,) = table.receive(0, {"type": "leave"})
    assert out.message == {
        "type": "error",
        "code": "seating",
        "message": "a table under these rules seats 2..10 players, not 1",
        "request": None,
    }


def test_joins_are_asked_for_only_while_a_table_will_deal_again() -> None:
    table = Table(presets.PAGAT, players=2, seed=7, hands=1)
    with pytest.raises(SessionError) as raised:
        table.join("Cy")
    assert str(raised.value) == "players join and leave only a table that is playing"
    table.start()
    with pytest.raises(SessionError) as raised:
        table.join("Cy")
    assert str(raised.value) == "the table plays no hand after this one"


def test_a_snapshot_is_only_for_a_seat_at_the_table() -> None:
    table = Table(presets.PAGAT, players=2, seed=7)
    table.start()
    with pytest.raises(RulesError) as raised:
        table.snapshot(2)
    assert str(raised.value) == "seat must be 0..1, got 2"


def answer_at_random(
    table: Table, rng: random.Random, *, drops: bool = True
) -> list[Any]:
    """Answer the open act with a random legal action (no drop unless ``drops``)."""
    (act,) = table.snapshot(table.waiting_for[0])[2:]
    offered = act.message["legal"]
    legal = offered if drops else [each for each in offered if each["action"] != "drop"]
    choice = rng.choice(legal or offered)
    reply = {"type": "action", "request": act.message["request"]}
    return table.receive(act.to, {**reply, "action": choice["action"]})  # type: ignore[arg-type]


def finish_first_hand(table: Table, rng: random.Random) -> None:
    """Answer each act with a random legal action until the first hand ends."""
    while table.state.number == 1 and table.waiting_for:
        answer_at_random(table, rng)


def test_a_join_is_made_after_a_leave_the_session_has_made_needless() -> None:
    # B asks to leave and D to join; B is eliminated by the hand (X3), so B's
    # leave is dropped at the reseat, and D's join is still made.
    rules = attrs.evolve(presets.ELIMINATION, elimination_at=40)
    table = Table(rules, players=3, seed=0, names=["A", "B", "C"], hands=3)
    table.start()
    assert table.receive(1, {"type": "leave"}) == []
    table.join("D")
    finish_first_hand(table, random.Random(0))
    assert table.state.eliminated == ("B",)
    assert table.state.players == ("D", "A", "C")


def test_restore_keeps_the_time_limit_and_says_which_change_is_late() -> None:
    table = Table.restore(presets.PAGAT, players=2, seed=7, actions=(), time_limit=2.5)
    seat = table.waiting_for[0]
    (act,) = [
        out.message for out in table.snapshot(seat) if out.message["type"] == "act"
    ]
    assert act["time_limit"] == 2.5
    with pytest.raises(RulesError) as raised:
        Table.restore(
            presets.PAGAT,
            players=2,
            seed=7,
            hands=2,
            actions=(),
            seating=[(0, "join", "Cy"), (3, "join", "Di")],
        )
    assert str(raised.value) == (
        "a join or leave comes after the last action: (3, 'join', 'Di')"
    )
    with pytest.raises(RulesError) as raised:
        Table.restore(
            presets.PAGAT, players=2, seed=7, actions=(), seating=[(0, "sit", "Cy")]
        )
    assert str(raised.value) == (
        "a join or leave is (actions before it, 'join' or 'leave', name),"
        " got (0, 'sit', 'Cy')"
    )


@pytest.mark.parametrize(
    ("seconds", "error"),
    [
        (True, TypeError),
        ("5", TypeError),
        (0, ValueError),
        (-5, ValueError),
        (1e7, ValueError),
        (float("nan"), ValueError),
        (float("inf"), ValueError),
    ],
)
def test_an_act_is_not_written_with_a_time_limit_the_protocol_refuses(
    seconds: Any, error: type[Exception]
) -> None:
    # Written, such an act would be one its client refuses (the decoder's
    # bounds, above): the writer refuses it instead, and remembers nothing.
    writer = ActWriter(changes=True)
    writes: list[Callable[[], object]] = [
        lambda: act_message(SEEN, request=1, time_limit=seconds),
        lambda: encode_act(SEEN, request=1, time_limit=seconds),
        lambda: writer.write(SEEN, request=1, time_limit=seconds),
    ]
    for write in writes:
        with pytest.raises(error) as raised:
            write()
        assert str(raised.value) == (
            "time_limit must be a number of seconds, 0 < seconds <= 1e6,"
            f" got {seconds!r}"
        )
    assert json.loads(writer.write(SEEN, request=2))["observation"]  # still whole


class Seconds(float):
    """A float of another class, whose repr is not its JSON (as numpy's)."""

    def __repr__(self) -> str:
        return f"Seconds({float(self)})"


class Whole(int):
    """An int of another class, whose repr is not its JSON."""

    def __repr__(self) -> str:
        return f"Whole({int(self)})"


def test_an_act_writes_a_time_limit_as_its_json() -> None:
    cases = [(5, "5"), (2.5, "2.5"), (1e6, "1000000.0")]
    cases += [(Seconds(2.5), "2.5"), (Whole(5), "5")]
    for seconds, text in cases:
        line = encode_act(SEEN, request=1, time_limit=seconds)
        assert line.endswith(f',"time_limit":{text}}}')
        assert decode_message(line)["time_limit"] == seconds


@pytest.mark.parametrize(
    ("silent", "after"),
    [({1, 2}, {1}), ({0, 2, None}, {0, 1, None}), ({1}, set())],
)
def test_the_silent_seats_are_renumbered_when_a_seat_leaves(
    silent: set[int | None], after: set[int | None]
) -> None:
    # B (seat 1) leaves after the first hand: A keeps seat 0, C takes seat 1;
    # a silent seat that left is silent no more.
    table = Table(presets.PAGAT, players=3, seed=5, hands=3, names=["A", "B", "C"])
    table.silent = silent
    table.start()
    table.receive(1, {"type": "leave"})
    finish_first_hand(table, random.Random(1))
    assert table.state.players == ("A", "C")
    assert table.silent == frozenset(after)


def test_a_writer_leaves_out_a_field_written_again_with_the_same_json() -> None:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    writer = ActWriter(changes=True)
    writer.write(tonk.observe(state, 1), request=1)
    drawn = tonk.observe(tonk.apply(state, tonk.DrawStock()), 1)
    assert "hand" in json.loads(writer.write(drawn, request=2))["changes"]
    # The same cards in another tuple: looked at, and left out.
    again = attrs.evolve(drawn, hand=(*drawn.hand,))
    assert again.hand is not drawn.hand
    assert json.loads(writer.write(again, request=3))["changes"] == {}


def test_a_writer_without_changes_writes_every_view_whole() -> None:
    state = tonk.new_game(presets.PAGAT, players=2, seed=7)
    writer = ActWriter()
    for request in (1, 2):
        state = tonk.apply(state, tonk.legal_actions(state)[-1])
        seen = tonk.observe(state, state.to_move)
        assert json.loads(writer.write(seen, request=request)) == act_message(
            seen, request=request
        )


# --- reading a message ----------------------------------------------------------


def test_a_message_of_its_limit_in_bytes_is_read_and_one_more_is_refused() -> None:
    text = encode_message({"type": "hello", "protocol": 1, "name": "é" * 400})
    size = len(text.encode())  # ASCII: the encoder escapes the é
    for data in (text, text.encode(), bytearray(text.encode())):
        assert decode_message(data, max_bytes=size)["name"] == "é" * 400
        with pytest.raises(ProtocolError) as raised:
            decode_message(data, max_bytes=size - 1)
        assert str(raised.value) == (
            f"the message is {size} bytes, more than the limit of {size - 1}"
        )
        assert raised.value.code is ProtocolErrorCode.TOO_LARGE
    # Text is measured in UTF-8 bytes, not characters.
    raw = '{"type":"hello","protocol":1,"name":"' + "é" * 10 + '"}'
    with pytest.raises(ProtocolError, match=f"is {len(raw) + 10} bytes"):
        decode_message(raw, max_bytes=len(raw))


def nested(depth: int, *, objects: bool) -> str:
    """An act whose observation nests lists (or objects) to ``depth`` in all."""
    inner = "[]"
    for _ in range(depth - 3):  # the act, its observation and the innermost
        inner = '{"a":' + inner + "}" if objects else "[" + inner + "]"
    return (
        '{"type":"act","request":1,"seat":0,"legal":[],"observation":{"x":'
        + inner
        + "}}"
    )


@pytest.mark.parametrize("objects", [False, True])
def test_a_message_nested_to_the_limit_is_read_and_one_deeper_is_refused(
    objects: bool,
) -> None:
    assert decode_message(nested(MAX_DEPTH, objects=objects))["type"] == "act"
    with pytest.raises(ProtocolError) as raised:
        decode_message(nested(MAX_DEPTH + 1, objects=objects))
    assert str(raised.value) == (
        f"the message nests lists and objects more than {MAX_DEPTH} deep"
    )
    assert raised.value.code is ProtocolErrorCode.TOO_DEEP


def test_what_cannot_be_a_message_is_refused_saying_what_it_is() -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_message(b'{"type":"goodbye","x":"\xff"}')
    assert str(raised.value).startswith("not UTF-8: ")
    assert raised.value.code is ProtocolErrorCode.MALFORMED
    with pytest.raises(ProtocolError) as raised:
        decode_message("[1, 2]")
    assert str(raised.value) == "a message must be a JSON object"
    assert raised.value.code is ProtocolErrorCode.NOT_AN_OBJECT
    with pytest.raises(TypeError) as type_error:
        decode_message(3)  # type: ignore[arg-type]
    assert str(type_error.value) == "a message must be str or bytes, got int"
    with pytest.raises(TypeError) as type_error:
        encode_message([1])  # type: ignore[arg-type]
    assert str(type_error.value) == "a message must be a mapping, got list"
    with pytest.raises(TypeError) as type_error:
        ObservationReader("pagat")  # type: ignore[arg-type]
    assert str(type_error.value) == (
        "rules must be a tonk.Rules, got 'pagat'"
        " (a preset by its name: tonk.presets.get('pagat'))"
    )


def test_an_act_with_both_a_view_and_changes_is_refused_naming_its_forms() -> None:
    text = (
        '{"type":"act","request":1,"seat":0,"legal":[],"observation":{},"changes":{}}'
    )
    with pytest.raises(ProtocolError) as raised:
        decode_message(text)
    assert str(raised.value) == (
        "an act message has either 'observation' and 'legal', or 'changes', or"
        " 'session' and 'legal'"
    )
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD


def test_a_table_takes_a_message_as_any_mapping() -> None:
    table = Table(presets.PAGAT, players=2, seed=7)
    table.start()
    seat = table.waiting_for[0]
    message = {"type": "action", "request": table.request, "action": "draw stock"}
    out = table.receive(seat, types.MappingProxyType(message))
    assert [each.message["type"] for each in out][:1] == ["event"]
    assert table.history == (tonk.DrawStock(),)


def test_an_unknown_type_of_message_is_refused_naming_the_types() -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_message('{"type":"shout"}')
    assert str(raised.value) == (
        "unknown message type 'shout': expected one of hello, welcome, act, action,"
        " event, hand_over, error, goodbye, leave, seating, session"
    )
    assert raised.value.code is ProtocolErrorCode.UNKNOWN_TYPE


def test_a_tunk_is_offered_by_its_notation_with_no_index() -> None:
    # Hoyle's tunk (H5) has one index in the layout, which needs the state:
    # an act offers it with the index null, answered by its notation.
    rules = presets.get("hoyle")
    state, rng = tonk.new_game(rules, players=2, seed=2), random.Random(2)
    while not any(isinstance(each, tonk.Tunk) for each in tonk.legal_actions(state)):
        state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))
    seen = tonk.observe(state, state.to_move)
    (tunk,) = [each for each in seen.legal_actions if isinstance(each, tonk.Tunk)]
    entry = {"action": tonk.format_action(tunk), "index": None}
    assert entry in act_message(seen, request=1)["legal"]
    assert entry in json.loads(encode_act(seen, request=1))["legal"]
    writer = ActWriter()
    writer.write(seen, request=1)
    assert writer.chosen({"action": entry["action"]}) is tunk


@pytest.mark.parametrize(
    ("rules", "players", "seed", "window"),
    [
        (attrs.evolve(presets.PAGAT, slap_in=True), 2, 31, "slap"),
        (attrs.evolve(presets.PAGAT, eating=True), 3, 0, "eat"),
    ],
)
def test_an_event_names_the_window_open_after_it(
    rules: tonk.Rules, players: int, seed: int, window: str
) -> None:
    # Random play that never drops, on seeds where a window opens (V26, X5):
    # the events say "slap" or "eat" while it is open, null otherwise.
    table, rng = Table(rules, players=players, seed=seed), random.Random(seed)
    table.start()
    opened = 0
    while table.waiting_for:
        out = answer_at_random(table, rng, drops=False)
        hand = table.state.hand
        expected = None if hand is None or hand.slap is None else window
        events = [each.message for each in out if each.message["type"] == "event"]
        assert {event["window"] for event in events} == {expected}
        opened += expected is not None
    assert opened


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"type": "action", "request": 2**53, "action": "drop"}, "request"),
        ({"type": "hello", "protocol": 1, "name": "x" * 1001}, "name"),
        (
            {"type": "act", "request": 1, "seat": 0, "observation": 5, "legal": []},
            "observation",
        ),
        (
            {"type": "act", "request": 1, "seat": 0, "observation": {}, "legal": 5},
            "legal",
        ),
    ],
)
def test_a_field_past_its_bound_or_of_the_wrong_kind_is_refused(
    message: dict[str, Any], field: str
) -> None:
    with pytest.raises(ProtocolError, match=f"^the field '{field}' of ") as raised:
        decode_message(encode_message(message))
    assert raised.value.code is ProtocolErrorCode.BAD_FIELD


def test_the_greatest_count_and_the_longest_text_are_read() -> None:
    count = {"type": "action", "request": 2**53 - 1, "action": "drop"}
    assert decode_message(encode_message(count)) == count
    text = {"type": "hello", "protocol": 1, "name": "x" * 1000}
    assert decode_message(encode_message(text)) == text


def test_a_table_checks_a_mapping_s_fields_by_their_kinds_not_classes() -> None:
    # A message given as a mapping may hold any mapping for an object, a
    # tuple for a list and an int of any class for a count.
    table = Table(presets.PAGAT, players=2, seed=7)
    table.start()
    seat = table.waiting_for[0]
    act = {
        "type": "act",
        "request": 1,
        "seat": 0,
        "observation": types.MappingProxyType({}),
        "legal": (),
    }
    (out,) = table.receive(seat, act)
    assert out.message["code"] == "unknown_type"  # the fields passed
    reply = {"type": "action", "request": Whole(table.request), "action": "drop"}
    assert table.receive(seat, reply)[0].message["type"] == "event"


def test_a_table_refuses_names_that_are_not_one_a_seat() -> None:
    with pytest.raises(SessionError) as raised:
        Table(presets.PAGAT, players=2, seed=7, names=["Ann"])
    assert str(raised.value) == "names must give one name per seat (2), got ['Ann']"


def test_an_action_after_the_last_hand_is_refused_as_the_table_has_finished() -> None:
    table = Table(presets.PAGAT, players=2, seed=7)
    table.start()
    seat = table.waiting_for[0]
    table.receive(seat, {"type": "action", "request": table.request, "action": "drop"})
    assert table.is_over
    (out,) = table.receive(
        seat, {"type": "action", "request": table.request, "action": "drop"}
    )
    assert (out.message["code"], out.message["message"]) == (
        "game_over",
        "the table has finished",
    )


def test_a_hit_is_answered_without_its_spread_number_where_one_spread_fits() -> None:
    # parse_action completes "hit CARD" from the table's state (a seed and
    # random play that reach a hit: "hit 1 10C" is offered).
    table, rng = Table(presets.PAGAT, players=2, seed=1), random.Random(1)
    table.start()
    while len(table.history) < 128:
        answer_at_random(table, rng, drops=False)
    (act,) = table.snapshot(table.waiting_for[0])[2:]
    assert {"action": "hit 1 10C", "index": 66} in act.message["legal"]
    reply = {"type": "action", "request": act.message["request"], "action": "hit 10C"}
    table.receive(act.to, reply)  # type: ignore[arg-type]
    assert table.history[-1] == tonk.Hit(1, tonk.Card.parse("10C"))


@pytest.mark.parametrize(
    ("method", "data", "says"),
    [
        ("read", 5, "an observation must be an object"),
        (
            "read",
            {"format": "tonk.state", "version": 1},
            "an observation must be a tonk.observation document of version 1",
        ),
        (
            "read_changes",
            {"stock_size": 40},
            "the changes of a view came before any whole view",
        ),
        ("read_changes", 5, "the changes of a view must be an object"),
    ],
)
def test_an_observation_reader_says_what_is_wrong_with_a_view(
    method: str, data: Any, says: str
) -> None:
    read = getattr(ObservationReader(presets.PAGAT), method)
    with pytest.raises(ProtocolError) as raised:
        read(data)
    assert (str(raised.value), raised.value.code) == (says, ProtocolErrorCode.BAD_FIELD)


def test_changes_may_be_any_mapping_and_hold_every_field() -> None:
    reader = ObservationReader(presets.PAGAT)
    reader.read(observation_json(SEEN))
    assert reader.read_changes(types.MappingProxyType({"stock_size": 40})) == (
        attrs.evolve(SEEN, stock_size=40)
    )
    every = observation_json(SEEN)
    del every["format"], every["version"]
    assert reader.read_changes(every) == SEEN


def test_a_fractional_score_is_written_as_n_over_d() -> None:
    # V39 hit-and-split pays half a stake; random play preferring spreads and
    # hits (seed 0) ends the hand with the standings at +1/2 and -1/2.
    rules = attrs.evolve(presets.PAGAT, hit_and_split=True)
    table, rng = Table(rules, players=2, seed=0), random.Random(0)
    table.start()
    out: list[Outgoing] = []
    while table.waiting_for:
        (act,) = table.snapshot(table.waiting_for[0])[2:]
        offered = [each["action"] for each in act.message["legal"]]
        playing = [each for each in offered if each != "drop"] or offered
        laying = [each for each in playing if each.startswith(("spread", "hit"))]
        reply = {"type": "action", "request": act.message["request"]}
        out = table.receive(act.to, {**reply, "action": rng.choice(laying or playing)})  # type: ignore[arg-type]
    (event, *_) = [each.message for each in out if each.message["type"] == "event"]
    assert event["standings"] == [
        {"name": "P1", "score": "1/2"},
        {"name": "P2", "score": "-1/2"},
    ]
