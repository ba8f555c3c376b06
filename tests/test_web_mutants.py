"""The browser table server's tables and store, checked to kill their mutants.

These tests drive a :class:`~tonk.web.tables.TableManager` directly, with an
in-memory :class:`~tonk.web.store.Store` and an event loop of their own that
runs only when a test lets it (so a bot moves, or a timer fires, exactly when
the test says), and read what each :class:`~tonk.web.tables.Client` is sent.
They were written to kill the mutants of ``tonk.web.tables`` (and then of
``tonk.web.store``) that ``tests/test_web.py`` left alive (docs/maintainers.md,
"Mutation testing"): bad input from a browser gets a
typed error and changes nothing, each client is sent only what it may see,
and untrusted names are refused or shown as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import sqlite3
import sys
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tonk
import tonk.web.store
from tonk.protocol import Table
from tonk.web.store import MIGRATIONS, SCHEMA_VERSION, Store, StoreError, TableRow
from tonk.web.tables import Client, Limits, TableError, TableManager, draw_view

RANDOM_BITS = secrets.randbits
"""The real source of seeds, which the tests replace by a fixed one."""

Message = dict[str, Any]

HUMANS: Message = {
    "preset": "pagat",
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}


class Server:
    """A manager over an in-memory store, with a loop that runs when asked."""

    def __init__(
        self, limits: Limits | None = None, store: Store | None = None, **options: Any
    ) -> None:
        self.loop = asyncio.new_event_loop()
        self.store = Store(":memory:") if store is None else store
        self.options = options
        self.manager = TableManager(limits=limits, **options)
        self.manager.open(self.store, self.loop)
        RUNNING.append(self)

    def restart(self) -> Server:
        """Stop this manager and start another over the same store."""
        self.manager.shut()
        self.loop.close()
        return Server(self.manager.limits, self.store, **self.options)

    def run(self, seconds: float = 0.0) -> None:
        """Let the loop run its due callbacks (bots, timers) for ``seconds``."""
        self.loop.run_until_complete(asyncio.sleep(seconds))

    def close(self) -> None:
        self.manager.shut()
        self.store.close()
        self.loop.close()


RUNNING: list[Server] = []


@pytest.fixture(autouse=True)
def close_servers() -> Iterator[None]:
    """Close every server a test made, whether it passes or fails."""
    yield
    while RUNNING:
        made = RUNNING.pop()
        if not made.loop.is_closed():
            made.close()


@pytest.fixture(autouse=True)
def one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal every table from seed 7, as tests/test_web.py does."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)


@pytest.fixture
def server() -> Server:
    return Server()


def sent(client: Client) -> list[Message]:
    """Return what the client was sent since last asked; ``{"closed": code}`` last."""
    messages: list[Message] = []
    while not client.outbox.empty():
        text = client.outbox.get_nowait()
        if text is None:
            messages.append({"closed": client.close_code})
        else:
            messages.append(json.loads(text))
    return messages


def token(table: Message, seat: int) -> str:
    link: str = table["seats"][seat]["link"]
    return link.split("#", 1)[1]


def hello(seat_token: str | None = None, **fields: Any) -> str:
    message: Message = {"type": "hello", "protocol": 1, **fields}
    if seat_token is not None:
        message["token"] = seat_token
    return json.dumps(message)


def connect(
    server: Server, table: Message, seat: int | None, *, views: bool = False
) -> Client:
    client = Client(server.manager.limits, views=views)
    text = hello(None if seat is None else token(table, seat))
    assert server.manager.join(table["id"], client, text)
    return client


# -- the hello --


def refusal(server: Server, table_id: str, text: str) -> tuple[str, str]:
    """Return the code and message of a refused first message (and check the rest)."""
    client = Client(server.manager.limits)
    assert not server.manager.join(table_id, client, text)
    error, goodbye, closed = sent(client)
    assert error["type"] == "error"
    assert goodbye == {"type": "goodbye", "reason": error["message"]}
    assert closed == {"closed": 1008}
    assert client.table_id is None
    assert client.seat is None
    return error["code"], error["message"]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 17 + "]" * 17,
        "[" * 2000 + "]" * 2000,
        '{"type": "hello", "protocol": 1, "name": ' + "[" * 1500 + "]" * 1500 + "}",
    ],
)
def test_a_deep_hello_is_too_deep_however_deep_the_parser_reads(
    server: Server, text: str
) -> None:
    # Python 3.13's JSON parser reads thousands deep, where 3.11's stops at
    # its recursion limit: raised here, 3.11's reads as deep.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        table = server.manager.create(HUMANS)
        assert refusal(server, table["id"], text) == (
            "too_deep",
            "the hello nests lists and objects more than 16 deep",
        )
    finally:
        sys.setrecursionlimit(limit)
    assert server.manager.summaries()[0]["seats"][0]["connected"] is False


def test_a_hello_with_a_number_too_long_to_read_is_malformed() -> None:
    server = Server(Limits(message_bytes=10_000))
    table = server.manager.create(HUMANS)
    text = '{"type": "hello", "protocol": ' + "1" * 5000 + "}"
    assert refusal(server, table["id"], text) == (
        "malformed",
        "the first message must be a JSON hello",
    )


class Clock:
    """A wall clock (``time.time``) that moves only when told."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 1_000_000.0
        monkeypatch.setattr(time, "time", lambda: self.now)


class Seat:
    """A client and everything it was sent so far."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.seen: list[Message] = []

    def read(self) -> list[Message]:
        new = sent(self.client)
        self.seen += new
        return new

    def of(self, kind: str) -> list[Message]:
        self.read()
        return [message for message in self.seen if message.get("type") == kind]


def play(server: Server, seats: dict[int, Seat], actions: list[str]) -> None:
    """Play ``actions`` in order, each by the seat whose act is the latest."""
    for text in actions:
        acts = [
            (act["request"], seat) for seat in seats for act in seats[seat].of("act")
        ]
        request, seat = max(acts)
        message = {"type": "action", "request": request, "action": text}
        server.manager.receive(seats[seat].client, json.dumps(message))
        for each in seats.values():
            assert each.of("error") == [], each.of("error")


SLAP_IN: Message = {**HUMANS, "rules": {"slap_in": True}}
TO_THE_WINDOW = [
    "draw stock",
    "discard 3C",
    "draw discard",
    "discard 2D",
    "draw discard",
    "discard 2D",
    "draw discard",
    "discard 2D",
    "draw discard",
    "discard AD",
    "draw stock",
    "discard 8S",
    "draw stock",
    "discard 2D",
    "draw stock",
    "discard 4C",
    "draw discard",
    "discard 8C",
    "draw stock",
    "discard JS",
    "draw stock",
    "discard 3S",
    "draw discard",
    "discard 6C",
    "draw discard",
    "discard QS",
    "draw stock",
    "discard 10H",
    "draw stock",
    "discard 6C",
    "draw discard",
    "discard KH",
    "draw stock",
    "discard 7S",
    "draw discard",
    "discard 7S",
    "draw stock",
    "discard AS",
    "draw discard",
    "discard 3C",
    "draw discard",
    "discard 4C",
    "draw discard",
    "discard AS",
    "draw stock",
    "discard 8H",
    "draw discard",
    "discard 5D",
    "draw stock",
    "discard 3C",
    "draw stock",
    "discard 8H",
    "draw stock",
    "discard JH",
    "draw stock",
    "discard KD",
    "draw stock",
    "discard QD",
    "draw discard",
    "discard 4C",
    "draw discard",
    "spread 10C JC QC",
    "discard 9D",
    "draw discard",
    "discard 6C",
    "draw stock",
    "discard 7H",
    "draw stock",
    "discard QD",
    "draw discard",
    "discard QD",
    "draw stock",
    "discard 6H",
    "draw discard",
    "discard 4C",
    "draw discard",
    "discard KC",
]
"""Seed 7 with the slap-in (V26): Bo (seat 1) discards the KC and may slap it."""


# -- a client --


def test_a_new_client_is_unattached_and_sent_no_views() -> None:
    client = Client(Limits())
    assert (client.table_id, client.seat, client.chair) == (None, None, None)
    assert client.views is False
    assert client.close_code == 1000
    assert sent(client) == []


def test_a_client_closes_once_with_its_first_code() -> None:
    client = Client(Limits())
    client.close()
    client.close(1008)
    client.send({"type": "goodbye"})
    assert sent(client) == [{"closed": 1000}]
    other = Client(Limits())
    other.close(1011)
    assert sent(other) == [{"closed": 1011}]


def test_a_client_too_slow_to_read_is_cut_off_with_1008() -> None:
    client = Client(Limits(outbox=2))
    for number in range(4):
        client.send({"type": "goodbye", "reason": str(number)})
    assert sent(client) == [
        {"type": "goodbye", "reason": "0"},
        {"type": "goodbye", "reason": "1"},
        {"closed": 1008},
    ]


def test_a_client_spends_its_burst_then_earns_messages_at_the_rate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    client = Client(Limits(messages_per_second=4.0, burst=3))
    assert [client.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.25  # one message's worth
    assert [client.allow(), client.allow()] == [True, False]
    now[0] += 0.5
    assert [client.allow(), client.allow(), client.allow()] == [True, True, False]
    now[0] += 60.0  # the budget fills up to the burst, no further
    assert [client.allow() for _ in range(4)] == [True, True, True, False]


def test_a_table_error_keeps_its_code_and_message() -> None:
    error = TableError("no_table", "no such table")
    assert (error.code, str(error), error.args) == (
        "no_table",
        "no such table",
        ("no such table",),
    )


# -- joining --


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("not json", "malformed", "the first message must be a JSON hello"),
        (
            '{"type": "action", "request": 1}',
            "no_hello",
            "the first message must be a hello",
        ),
        ("[1]", "no_hello", "the first message must be a hello"),
        (hello("x" * 101), "bad_token", "a token is text of at most 100 characters"),
        (hello("x" * 100), "bad_token", "this link opens no seat at this table"),
        (
            '{"type": "hello", "protocol": 1, "token": 7}',
            "bad_token",
            "a token is text of at most 100 characters",
        ),
        (
            '{"type": "hello", "protocol": 2}',
            "version",
            "this server speaks protocol version 1",
        ),
        (
            '{"type": "hello", "protocol": 1, "colour": "red"}',
            "unknown_field",
            "a hello message has no field 'colour'",
        ),
    ],
)
def test_a_bad_hello_is_refused_with_its_code_and_message(
    server: Server, text: str, code: str, message: str
) -> None:
    table = server.manager.create(HUMANS)
    assert refusal(server, table["id"], text) == (code, message)


def test_a_hello_for_no_table_is_refused(server: Server) -> None:
    assert refusal(server, "nosuch", hello()) == ("no_table", "no such table")


def test_a_hello_of_exactly_the_size_limit_is_read_and_one_byte_more_is_not() -> None:
    server = Server(Limits(message_bytes=200))
    table = server.manager.create(HUMANS)
    text = hello(token(table, 0), name="")
    padded = hello(token(table, 0), name="n" * (200 - len(text)))
    assert len(padded) == 200
    client = Client(server.manager.limits)
    assert server.manager.join(table["id"], client, padded)
    assert sent(client)[0]["type"] == "welcome"
    longer = hello(token(table, 1), name="n" * (201 - len(text)))
    assert len(longer) == 201
    assert refusal(server, table["id"], longer) == (
        "too_large",
        "the hello is too large",
    )


def test_a_seat_connected_elsewhere_is_refused_and_the_first_connection_kept(
    server: Server,
) -> None:
    table = server.manager.create(HUMANS)
    first = connect(server, table, 0)
    assert refusal(server, table["id"], hello(token(table, 0))) == (
        "seat_taken",
        "this seat is already connected elsewhere",
    )
    assert first.seat == 0
    assert server.manager.summaries()[0]["seats"][0]["connected"] is True


def test_a_hello_that_names_another_player_changes_no_name(server: Server) -> None:
    table = server.manager.create(HUMANS)
    client = Client(server.manager.limits)
    assert server.manager.join(table["id"], client, hello(token(table, 0), name="Bo"))
    welcome = sent(client)[0]
    assert (welcome["seat"], welcome["names"]) == (0, ["Ann", "Bo"])
    assert [seat["name"] for seat in server.manager.summaries()[0]["seats"]] == [
        "Ann",
        "Bo",
    ]


def test_joining_a_table_counts_as_activity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock(monkeypatch)
    server = Server(Limits(max_tables=1, idle_seconds=100.0))
    table = server.manager.create(HUMANS)
    clock.now += 90.0
    client = connect(server, table, None)
    server.manager.leave(client)
    clock.now += 90.0  # 180 s since the table was made, 90 since the join
    with pytest.raises(TableError) as refused:
        server.manager.create(HUMANS)
    assert refused.value.code == "too_many_tables"
    clock.now += 20.0
    assert server.manager.create(HUMANS)["id"] != table["id"]
    assert not server.manager.has_table(table["id"])


# -- messages from a browser --


def test_a_message_from_a_client_that_never_joined_is_ignored(server: Server) -> None:
    server.manager.create(HUMANS)
    client = Client(server.manager.limits)
    server.manager.receive(client, '{"type": "action", "request": 1, "index": 1}')
    assert sent(client) == []


def test_each_refused_message_names_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    server = Server(Limits(message_bytes=100, burst=2, messages_per_second=1.0))
    table = server.manager.create(HUMANS)
    watcher = connect(server, table, None)
    sent(watcher)
    server.manager.receive(watcher, '{"type": "goodbye"}')
    assert sent(watcher) == [
        {"type": "error", "code": "spectator", "message": "a spectator cannot act"}
    ]
    seated = connect(server, table, 0)
    sent(seated)
    server.manager.receive(seated, '{"type": "goodbye", "reason": "' + "a" * 90 + '"}')
    server.manager.receive(seated, '{"type": "goodbye"}')
    server.manager.receive(seated, '{"type": "goodbye"}')
    assert sent(seated) == [
        {
            "type": "error",
            "code": "too_large",
            "message": "a message may hold 100 bytes",
        },
        {"type": "goodbye"},
        {
            "type": "error",
            "code": "rate_limited",
            "message": "too many messages: slow down",
        },
    ]


def test_a_message_of_exactly_the_size_limit_reaches_the_table() -> None:
    server = Server(Limits(message_bytes=100))
    table = server.manager.create(HUMANS)
    seated = connect(server, table, 0)
    sent(seated)
    text = '{"type": "goodbye", "reason": "' + "a" * 67 + '"}'
    assert len(text) == 100
    server.manager.receive(seated, text)
    assert sent(seated) == [{"type": "goodbye"}]


def test_sending_counts_as_activity(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(monkeypatch)
    server = Server(Limits(max_tables=1, idle_seconds=100.0))
    table = server.manager.create(HUMANS)
    seated = connect(server, table, 0)
    clock.now += 90.0
    server.manager.receive(seated, '{"type": "goodbye"}')
    server.manager.leave(seated)
    clock.now += 90.0
    with pytest.raises(TableError, match="the server holds its limit of 1 tables"):
        server.manager.create(HUMANS)


def test_a_client_that_left_is_sent_nothing_more(server: Server) -> None:
    table = server.manager.create(HUMANS)
    watcher, seated = connect(server, table, None), connect(server, table, 0)
    server.manager.leave(watcher)
    assert watcher.table_id is None
    sent(watcher)
    mover = Seat(seated)
    if not mover.of("act"):
        mover = Seat(connect(server, table, 1))
    play(server, {0: mover}, ["draw stock"])
    assert sent(watcher) == []
    server.manager.leave(seated)
    assert server.manager.summaries()[0]["seats"][0]["connected"] is False


# -- new tables, new players, the lobby --


def test_the_lobby_lists_each_presets_table_size_and_the_protocol(
    server: Server,
) -> None:
    info = server.manager.info()
    assert info == {
        "presets": {
            name: {"max_players": tonk.presets.get(name).max_players}
            for name in tonk.presets.names()
        },
        "bots": ["greedy", "inference", "ismcts", "random"],
        "protocol": 1,
    }
    assert info["presets"]["sheet"] == {"max_players": 20}


def test_a_bot_seat_without_a_bot_named_is_greedy(server: Server) -> None:
    table = server.manager.create(
        {"seats": [{"kind": "human"}, {"kind": "bot"}], "mode": "session", "hands": 9}
    )
    assert [seat.get("bot") for seat in table["seats"]] == [None, "greedy"]
    assert table["seats"][1]["name"] == "greedy 2"


def test_a_bot_the_server_does_not_offer_is_refused_naming_those_it_does() -> None:
    server = Server(bots=["mybots:Cautious"])
    with pytest.raises(TableError) as refused:
        server.manager.create({"seats": [{"kind": "human"}, {"kind": "bot", "bot": 7}]})
    assert (refused.value.code, str(refused.value)) == (
        "bad_bot",
        "a bot seat takes one of these bots: greedy, inference, ismcts, random,"
        " mybots:Cautious",
    )
    assert server.manager.summaries() == []


def test_a_table_deals_from_its_seed_and_a_restart_deals_the_same(
    server: Server,
) -> None:
    table = server.manager.create(HUMANS)
    same = Table(tonk.presets.get("pagat"), players=2, seed=7, names=("Ann", "Bo"))
    dealt = {
        out.to: out.message["observation"]["hand"]
        for out in same.start()
        if out.message["type"] == "event" and out.to is not None
    }
    for seat in (0, 1):
        (event,) = Seat(connect(server, table, seat)).of("event")
        assert event["observation"]["hand"] == dealt[seat]
    again = server.restart()
    (event,) = Seat(connect(again, table, 1)).of("event")
    assert event["observation"]["hand"] == dealt[1]


def test_join_links_hold_128_random_bits_each(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    joined = server.manager.take_seat(table["id"], {"name": "Di"})
    tokens = [token(table, 0), token(table, 1), joined["link"].split("#", 1)[1]]
    assert [len(each) for each in tokens] == [22, 22, 22]  # 16 bytes in base64
    assert len(set(tokens)) == 3


def test_a_new_player_is_named_in_the_answer_and_the_log(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    watcher = Seat(connect(server, table, None, views=True))
    joined = server.manager.take_seat(table["id"], {"name": " Di "})
    assert joined == {"name": "Di", "link": joined["link"]}
    assert joined["link"].startswith(f"/t/{table['id']}#")
    assert watcher.of("view")[-1]["log"][-1] == "Di joins at the next hand"


@pytest.mark.parametrize(
    ("table_id", "body", "code", "message"),
    [
        ("nosuch", {"name": "Di"}, "no_table", "no such table"),
        (None, ["Di"], "bad_request", "a join is a JSON object with a name"),
        (None, {}, "bad_seat", "a seat's name must be non-empty text"),
        (None, {"name": "Ann"}, "seating", "'Ann' is already seated"),
    ],
)
def test_a_bad_join_is_refused_and_seats_nobody(
    server: Server, table_id: str | None, body: object, code: str, message: str
) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    with pytest.raises(TableError) as refused:
        server.manager.take_seat(table_id or table["id"], body)
    assert (refused.value.code, str(refused.value)) == (code, message)
    assert server.store.seating(table["id"]) == []


def test_taking_a_seat_counts_as_activity(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(monkeypatch)
    server = Server(Limits(max_tables=1, idle_seconds=100.0))
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    clock.now += 90.0
    server.manager.take_seat(table["id"], {"name": "Di"})
    clock.now += 90.0
    with pytest.raises(TableError, match="limit of 1 tables"):
        server.manager.create(HUMANS)


# -- what each client is sent --


def test_a_spectators_picture_says_so_and_shows_no_hand() -> None:
    state = tonk.new_game(tonk.Rules(), players=2, seed=7)
    picture = draw_view(state, None)
    assert (
        "2 players, turn 1: seat 1 to move (start of turn), seen by a spectator<"
        in (picture)
    )
    assert "seen by seat" not in picture
    assert picture.count("class='card'") == 1  # the discard
    assert ", seen by seat 1" in draw_view(state, 1)


def test_a_seats_view_is_its_own_picture_and_a_spectators_hides_every_hand(
    server: Server,
) -> None:
    table = server.manager.create(HUMANS)
    seated = Seat(connect(server, table, 0, views=True))
    watcher = Seat(connect(server, table, None, views=True))
    (event,) = seated.of("event")
    mine = seated.of("view")[-1]
    assert mine["seat"] == 0
    assert mine["picture"].count("class='card'") == 6  # the hand and the discard
    theirs = watcher.of("view")[-1]
    assert theirs["seat"] is None
    assert theirs["picture"].count("class='card'") == 1
    assert ", seen by a spectator" in theirs["picture"]
    assert ", seen by seat 0" in mine["picture"]
    for key in ("names", "kinds", "connected", "joinable", "waiting", "log"):
        assert theirs[key] == mine[key]
    assert mine["kinds"] == ["human", "human"]
    assert mine["joinable"] is False  # a single hand takes no one
    assert mine["waiting"] == [event["observation"]["to_move"]]
    assert mine["seconds_left"] is None
    assert mine["records"] is None


def test_a_view_tells_bots_from_people_and_a_session_is_joinable(
    server: Server,
) -> None:
    table = server.manager.create(
        {
            "seats": [
                {"kind": "human", "name": "Ann"},
                {"kind": "bot", "bot": "random"},
            ],
            "mode": "session",
            "hands": 2,
        }
    )
    view = Seat(connect(server, table, 0, views=True)).of("view")[-1]
    assert view["kinds"] == ["human", "bot"]
    assert view["joinable"] is True


def test_a_client_that_asks_for_no_views_gets_none(server: Server) -> None:
    table = server.manager.create(HUMANS)
    seated = Seat(connect(server, table, 0))
    connect(server, table, None, views=True)
    assert seated.of("view") == []
    assert seated.of("welcome")


def test_a_session_shows_each_hands_result_log_and_records(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 2})
    ann = Seat(connect(server, table, 0, views=True))
    bo = Seat(connect(server, table, 1, views=True))
    watcher = Seat(connect(server, table, None, views=True))
    assert ann.of("view")[-1]["status"] == "hand 1 of 2: your turn, to move"
    assert bo.of("view")[-1]["status"] == "hand 1 of 2: Ann (0) to move"
    assert watcher.of("view")[-1]["status"] == "hand 1 of 2: Ann (0) to move"
    with pytest.raises(TableError) as refused:
        server.manager.record(table["id"], 1, "json")
    assert (refused.value.code, str(refused.value)) == (
        "playing",
        "records are shown once the table has finished",
    )
    play(server, {0: ann, 1: bo}, ["drop"])
    view = watcher.of("view")[-1]
    assert view["log"] == [
        "Ann (0): drop",
        "hand 1 over: Ann +1, Bo -1",
        "hand 2 dealt",
    ]
    assert view["result"] == "\n".join(
        [
            "hand 1",
            "outcome: drop won, seat 0 dropped; winners: seat 0",
            "counts: 25, 30",
            "  seat 1 pays seat 0 1 (drop won)",
            "payoffs: +1, -1",
            "  Ann: +1",
            "  Bo: -1",
        ]
    )
    assert view["standings"] == [["Ann", "1"], ["Bo", "-1"]]
    assert view["records"] is None
    mover = [ann, bo][view["waiting"][0]]
    play(server, {0: mover}, ["drop"])
    view = watcher.of("view")[-1]
    assert view["status"] == "the table has finished"
    assert view["records"] == [
        {
            "hand": number,
            "json": f"/api/tables/{table['id']}/hands/{number}.json",
            "text": f"/api/tables/{table['id']}/hands/{number}.txt",
        }
        for number in (1, 2)
    ]
    summary = server.manager.summaries()[0]
    assert (summary["mode"], summary["hands"], summary["over"]) == ("session", 2, True)
    assert summary["rules_name"] == "pagat"
    assert summary["status"] == "the table has finished"


def test_a_person_in_a_slap_in_window_sees_the_time_left_then_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    server = Server(Limits(window_seconds=20.0))
    table = server.manager.create({**SLAP_IN, "mode": "session", "hands": 2})
    ann = Seat(connect(server, table, 0, views=True))
    bo = Seat(connect(server, table, 1, views=True))
    watcher = Seat(connect(server, table, None, views=True))
    play(server, {0: ann, 1: bo}, TO_THE_WINDOW)
    view = bo.of("view")[-1]
    assert view["status"] == "hand 1 of 2: your turn, to slap or pass"
    assert view["waiting"] == [1]
    assert view["seconds_left"] == 20.0
    assert view["log"][-2:] == ["Bo (1): discard KC", "a slap window opens"]
    assert ann.of("view")[-1]["status"] == "hand 1 of 2: Bo (1) to slap or pass"
    now[0] += 19.55
    connect(server, table, None)  # a join sends everyone a view
    assert watcher.of("view")[-1]["seconds_left"] == 0.5
    now[0] += 0.96
    connect(server, table, None)
    assert watcher.of("view")[-1]["seconds_left"] == 0.0
    server.run()
    (event,) = [e for e in watcher.of("event") if e.get("action") == "pass"][:1]
    assert event["seat"] == 1
    log = watcher.of("view")[-1]["log"]
    assert log[-3:] == [
        "time is up: Bo (1) passes",
        "Bo (1): pass",
        "a slap window opens",
    ]
    assert ann.of("view")[-1]["status"] == "hand 1 of 2: your turn, to slap or pass"
    play(server, {0: ann, 1: bo}, ["pass", "drop"])
    log = watcher.of("view")[-1]["log"]
    assert log[-4:] == [
        "Ann (0): pass",
        "Ann (0): drop",
        "hand 1 over: Ann +1, Bo -1",
        "hand 2 dealt",
    ]
    assert len(log) == 80  # the last 80 lines of more
    assert log[0] == "Ann (0): discard 2D"


def test_bots_alone_play_at_once_whatever_the_bot_delay() -> None:
    server = Server(Limits(window_seconds=0.0), bot_delay=1000.0)
    table = server.manager.create(
        {
            "preset": "pagat",
            "rules": {"slap_in": True},
            "seats": [
                {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "greedy"},
            ],
        }
    )
    watcher = Seat(connect(server, table, None, views=True))
    for _ in range(500):
        server.run()
        if server.manager.summaries()[0]["over"]:
            break
    assert server.manager.summaries()[0]["over"]
    log = watcher.of("view")[-1]["log"]
    assert not [line for line in log if line.startswith("time is up")]


# -- bots, records, the end and a restart --


class FailingBot:
    """A bot that raises instead of choosing."""

    def choose(self, *args: object) -> object:
        raise RuntimeError("no idea")


def test_a_bot_that_fails_plays_the_first_legal_action_and_the_log_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    module = types.ModuleType("failing_bots")
    module.FailingBot = FailingBot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "failing_bots", module)
    server = Server(bots=["failing_bots:FailingBot"])
    seats = [
        {"kind": "bot", "bot": "failing_bots:FailingBot", "name": "Fay"},
        {"kind": "human"},
    ]
    table = server.manager.create({"seats": seats, "mode": "session", "hands": 2})
    watcher = Seat(connect(server, table, None, views=True))
    server.run()
    (event,) = [e for e in watcher.of("event") if e["kind"] == "action"]
    assert (event["seat"], event["action"]) == (0, "drop")  # the first legal one
    log = watcher.of("view")[-1]["log"]
    assert log[:2] == [
        "the bot of Fay (0) failed: it plays the first",
        "Fay (0): drop",
    ]
    assert caplog.messages == [
        f"table {table['id']}: bot of seat 0 failed: RuntimeError('no idea')"
    ]


def finished(server: Server) -> Message:
    """Create a table of one hand and end it with a drop; return the table."""
    table = server.manager.create(HUMANS)
    ann = Seat(connect(server, table, 0))
    play(server, {0: ann}, ["drop"])
    return table


@pytest.mark.parametrize(
    ("table_id", "hand", "kind", "code", "message"),
    [
        ("nosuch", 1, "json", "no_table", "no such table"),
        (None, 1, "pdf", "no_record", "a record is .json or .txt"),
        (None, 2, "json", "no_record", "the table has no hand 2"),
        (None, 0, "txt", "no_record", "the table has no hand 0"),
    ],
)
def test_a_record_that_is_not_there_is_refused(
    server: Server, table_id: str | None, hand: int, kind: str, code: str, message: str
) -> None:
    table = finished(server)
    with pytest.raises(TableError) as refused:
        server.manager.record(table_id or table["id"], hand, kind)
    assert (refused.value.code, str(refused.value)) == (code, message)


def test_a_finished_tables_records_are_stored_once(server: Server) -> None:
    table = finished(server)
    record = tonk.from_json(
        server.manager.record(table["id"], 1, "json"), tonk.GameRecord
    )
    assert tonk.parse_record(server.manager.record(table["id"], 1, "txt")) == record
    late = Seat(connect(server, table, 1))
    server.manager.receive(late.client, '{"type": "goodbye"}')
    assert late.of("goodbye")
    assert len(server.store.records(table["id"])) == 1
    (row,) = server.store.tables()
    assert row.finished
    (summary,) = server.manager.summaries()
    assert (summary["mode"], summary["hands"], summary["over"]) == ("hand", 1, True)


def test_shutting_down_closes_every_connection_and_stops_every_timer() -> None:
    server = Server(Limits(idle_seconds=0.04))
    table = server.manager.create(HUMANS)
    idle = server.manager.create(HUMANS)
    client = connect(server, table, 0)
    server.manager.shut()
    assert sent(client)[-1] == {"closed": 1001}
    server.run(0.1)  # the sweeper would have deleted the idle table by now
    assert {row.id for row in server.store.tables()} == {table["id"], idle["id"]}


def test_a_player_who_takes_a_seat_keeps_it_across_a_restart(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    link = server.manager.take_seat(table["id"], {"name": "Di"})["link"]
    again = server.restart()
    di = Seat(Client(again.manager.limits))
    assert again.manager.join(table["id"], di.client, hello(link.split("#", 1)[1]))
    assert di.client.seat is None  # watching until the next hand
    ann = Seat(connect(again, table, 0))
    bo = Seat(connect(again, table, 1))
    watcher = Seat(connect(again, table, None, views=True))
    play(again, {0: ann, 1: bo}, ["drop"])
    (seating,) = watcher.of("seating")
    names = seating["names"]
    assert sorted(names) == ["Ann", "Bo", "Di"]
    assert watcher.of("view")[-1]["log"][-2:] == [
        f"the players now: {', '.join(names)}",
        "hand 2 dealt",
    ]
    seats = {name: names.index(name) for name in names}
    assert (ann.client.seat, bo.client.seat) == (seats["Ann"], seats["Bo"])
    assert di.client.seat == seats["Di"] == di.of("welcome")[-1]["seat"]
    assert [seat["connected"] for seat in again.manager.summaries()[0]["seats"]] == [
        True,
        True,
        True,
    ]
    players = {seats["Ann"]: ann, seats["Bo"]: bo, seats["Di"]: di}
    before = [len(each.of("event")) for each in (ann, bo, di, watcher)]
    play(again, players, ["draw stock"])
    after = [len(each.of("event")) for each in (ann, bo, di, watcher)]
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1, 1]


def test_a_restart_replays_hands_of_three_players_then_of_two_after_a_leave() -> None:
    """X2: hands of 5 cards for three, 7 for two: each count numbers the spreads
    its own way, so the actions after the leave are stored with theirs."""
    server = Server()
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    table = server.manager.create(
        {
            "rules": {"hand_size_by_players": [[2, 7], [3, 5]]},
            "seats": [{"kind": "human", "name": "Ann"}, *bots],
            "mode": "session",
            "hands": 6,
        }
    )
    ann = Seat(connect(server, table, 0))
    rng = random.Random(5)
    answered, left = 0, False
    for _ in range(5_000):
        server.run()
        if ann.of("hand_over") and not left:  # in hand 2: Ann plays it, then leaves
            server.manager.receive(ann.client, '{"type": "leave"}')
            left = True
        acts = [act for act in ann.of("act") if act["request"] > answered]
        if acts:
            answered = acts[-1]["request"]
            choice = rng.choice(acts[-1]["legal"])["index"]
            message = {"type": "action", "request": answered, "index": choice}
            server.manager.receive(ann.client, json.dumps(message))
        if server.manager.summaries()[0]["over"]:
            break
    (summary,) = server.manager.summaries()
    assert summary["over"]
    assert [seat["name"] for seat in summary["seats"]] == ["greedy 2", "greedy 3"]
    stored = server.store.actions(table["id"])
    hands = [
        tonk.from_json(
            server.manager.record(table["id"], hand, "json"), tonk.GameRecord
        )
        for hand in range(1, 7)
    ]
    assert [hand.players for hand in hands] == [3, 3, 2, 2, 2, 2]
    assert [item.get("players", 3) for item in stored] == [  # each its hand's
        hand.players for hand in hands for _ in hand.actions
    ]
    assert [  # a spread laid by two, whose index three would read otherwise
        item
        for item in stored
        if item.get("players") == 2 and item["action"].startswith("spread")
    ]
    records = [server.manager.record(table["id"], hand, "txt") for hand in range(1, 7)]
    again = server.restart()
    assert again.manager.summaries() == [summary]
    assert [again.manager.record(table["id"], hand, "txt") for hand in range(1, 7)] == (
        records
    )


def test_a_person_asked_to_eat_a_discard_is_told_so(server: Server) -> None:
    names = ["Ann", "Bo", "Cy"]
    table = server.manager.create(
        {
            "rules": {"eating": True},
            "seats": [{"kind": "human", "name": name} for name in names],
        }
    )
    seats = {seat: Seat(connect(server, table, seat, views=True)) for seat in range(3)}
    play(server, seats, ["draw stock"])
    (mover,) = [
        seat for seat in seats if seats[seat].of("view")[-1]["waiting"] == [seat]
    ]
    legal = seats[mover].of("act")[-1]["legal"]
    discard = next(
        item["action"] for item in legal if item["action"].startswith("discard")
    )
    play(server, seats, [discard])
    view = seats[0].of("view")[-1]
    (eater,) = view["waiting"]
    assert eater not in (mover, (mover + 1) % 3)  # X5: neither the discarder nor next
    assert (
        seats[eater].of("view")[-1]["status"]
        == "hand 1 of 1: your turn, to eat or pass"
    )
    assert view["status"] in (
        "hand 1 of 1: your turn, to eat or pass",
        f"hand 1 of 1: {names[eater]} ({eater}) to eat or pass",
    )
    assert seats[mover].of("view")[-1]["status"] == (
        f"hand 1 of 1: {names[eater]} ({eater}) to eat or pass"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({**HUMANS, "rule": {"hand_size": 7}}, "a new table has no field 'rule'"),
        ({**HUMANS, "hand": 3}, "a new table has no field 'hand'"),
        (
            {"seats": [{"kind": "bot", "bots": "random"}, {"kind": "human"}]},
            "a seat has no field 'bots'",
        ),
        (
            {"seats": [{"kind": "human", "nam": "Ann"}, {"kind": "human"}]},
            "a seat has no field 'nam'",
        ),
        (
            {**HUMANS, "x" * 1000: 1},
            f"a new table has no field '{'x' * 47}...{'x' * 48}'",
        ),
    ],
)
def test_a_table_request_with_an_unknown_field_is_refused(
    server: Server, body: Message, message: str
) -> None:
    with pytest.raises(TableError) as refused:
        server.manager.create(body)
    assert (refused.value.code, str(refused.value)) == ("unknown_field", message)
    assert server.manager.summaries() == []


def test_a_join_with_an_unknown_field_is_refused(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    with pytest.raises(TableError) as refused:
        server.manager.take_seat(table["id"], {"name": "Di", "seat": 0})
    assert (refused.value.code, str(refused.value)) == (
        "unknown_field",
        "a join has no field 'seat'",
    )
    assert server.store.seating(table["id"]) == []


TEN = [{"kind": "human"}] * 10


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ([], "bad_request", "a new table is a JSON object"),
        (
            {"seats": TEN[:2], "preset": 7},
            "bad_rules",
            "preset must be a preset's name",
        ),
        (
            {"seats": TEN[:2], "rules": []},
            "bad_rules",
            "rules must be a JSON object of rule options",
        ),
        ({"seats": "two"}, "bad_seat", "seats must be a list of objects"),
        ({"seats": [1, 2]}, "bad_seat", "seats must be a list of objects"),
        (
            {"seats": [*TEN, {"kind": "human"}]},
            "bad_seat",
            "these rules seat 2..10 players",
        ),
        (
            {"seats": [{"kind": "person"}, {"kind": "human"}]},
            "bad_seat",
            "a seat's kind is 'human' or 'bot'",
        ),
        (
            {"seats": [{"kind": "human", "name": " "}, {"kind": "human"}]},
            "bad_seat",
            "a seat's name must be non-empty text",
        ),
        (
            {"seats": [{"kind": "human", "name": "x" * 25}, {"kind": "human"}]},
            "bad_seat",
            "a seat's name is printable text of at most 24",
        ),
        (
            {"seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "A"}]},
            "bad_seat",
            "the seats' names must differ",
        ),
        (
            {"seats": TEN[:2], "mode": "session"},
            "bad_mode",
            "mode is 'hand', or 'session' with a whole number of hands",
        ),
        (
            {"seats": TEN[:2], "mode": "session", "hands": True},
            "bad_mode",
            "mode is 'hand', or 'session' with a whole number of hands",
        ),
        (
            {"seats": TEN[:2], "mode": "session", "hands": 2.0},
            "bad_mode",
            "mode is 'hand', or 'session' with a whole number of hands",
        ),
        (
            {"seats": TEN[:2], "mode": "sessions", "hands": 2},
            "bad_mode",
            "mode is 'hand', or 'session' with a whole number of hands",
        ),
        (
            {"seats": TEN[:2], "mode": "session", "hands": 0},
            "bad_mode",
            "a session plays 1..1000 hands",
        ),
        (
            {"seats": TEN[:2], "mode": "session", "hands": 1001},
            "bad_mode",
            "a session plays 1..1000 hands",
        ),
    ],
)
def test_a_bad_table_request_is_refused_with_its_code_and_message(
    server: Server, body: object, code: str, message: str
) -> None:
    with pytest.raises(TableError) as refused:
        server.manager.create(body)
    assert (refused.value.code, str(refused.value)) == (code, message)
    assert server.manager.summaries() == []


@pytest.mark.parametrize(
    ("body", "rules_name", "hands", "names"),
    [
        ({"seats": TEN[:2]}, "pagat", 1, ["Player 1", "Player 2"]),
        ({"seats": TEN}, "pagat", 1, [f"Player {seat}" for seat in range(1, 11)]),
        ({"seats": TEN[:2], "mode": "session", "hands": 1}, "pagat", 1, None),
        ({"seats": TEN[:2], "mode": "session", "hands": 2}, "pagat", 2, None),
        ({"seats": TEN[:2], "mode": "session", "hands": 1000}, "pagat", 1000, None),
        ({"seats": TEN[:2], "rules": {"hand_size": 7}}, "pagat (changed)", 1, None),
        ({"seats": TEN[:2], "preset": "hoyle", "rules": None}, "hoyle", 1, None),
        (
            {
                "seats": [
                    {"kind": "human", "name": " " + "x" * 24 + " "},
                    {"kind": "human"},
                ]
            },
            "pagat",
            1,
            ["x" * 24, "Player 2"],
        ),
    ],
)
def test_a_table_request_at_the_limits_is_taken(
    server: Server, body: Message, rules_name: str, hands: int, names: list[str] | None
) -> None:
    table = server.manager.create(body)
    assert len(table["id"]) == 8
    assert int(table["id"], 16) >= 0  # hex
    assert table["spectate"] == f"/t/{table['id']}"
    (summary,) = server.manager.summaries()
    assert (summary["rules_name"], summary["hands"]) == (rules_name, hands)
    assert summary["mode"] == ("hand" if hands == 1 else "session")
    if names is not None:
        assert [seat["name"] for seat in summary["seats"]] == names


def test_nobody_watching_keeps_no_log_and_a_spectator_gets_every_event(
    server: Server,
) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    ann, bo = Seat(connect(server, table, 0)), Seat(connect(server, table, 1))
    play(server, {0: ann, 1: bo}, ["drop"])  # nobody watches: no event noted
    watcher = Seat(connect(server, table, None))
    assert watcher.of("event")[-1]["kind"] == "snapshot"
    viewer = Seat(connect(server, table, None, views=True))
    assert viewer.of("view")[-1]["log"] == ["hand 1 over: Ann +1, Bo -1"]
    mover = [ann, bo][viewer.of("view")[-1]["waiting"][0]]
    play(server, {0: mover}, ["draw stock"])
    assert watcher.of("event")[-1]["action"] == "draw stock"
    assert viewer.of("view")[-1]["log"][1:] == [
        f"{['Ann', 'Bo'][watcher.of('event')[-1]['seat']]} "
        f"({watcher.of('event')[-1]['seat']}): draw stock"
    ]


# -- a manager's life: defaults, restarts, the sweeper --


def test_a_manager_seats_bots_that_move_at_once_by_default(server: Server) -> None:
    assert server.manager.bot_delay == 0.0
    seats = [{"kind": "bot", "bot": "greedy", "name": "Gus"}, {"kind": "human"}]
    table = server.manager.create({"seats": seats})
    watcher = Seat(connect(server, table, None))
    server.run()
    assert [e["seat"] for e in watcher.of("event") if e["kind"] == "action"][:1] == [0]


def test_a_manager_used_before_it_is_opened_says_so() -> None:
    with pytest.raises(AssertionError, match=r"TableManager\.open was not called"):
        TableManager().create(HUMANS)


def test_a_restart_is_logged_and_leaves_a_table_in_play_unfinished(
    server: Server,
) -> None:
    table = server.manager.create(HUMANS)
    ann = Seat(connect(server, table, 0))
    play(server, {0: ann}, ["draw stock"])
    again = server.restart()
    view = Seat(connect(again, table, None, views=True)).of("view")[-1]
    assert view["log"] == ["the server restarted: 1 actions restored"]
    (row,) = again.store.tables()
    assert not row.finished
    assert again.store.records(table["id"]) == []


def test_a_table_that_ended_as_the_server_died_is_finished_at_the_restart(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as crash:  # the last action stored, nothing after
        crash.setattr(Store, "add_record", lambda *args, **kwargs: None)
        crash.setattr(Store, "finish", lambda *args, **kwargs: None)
        table = finished(server)
    (row,) = server.store.tables()
    assert not row.finished
    again = server.restart()
    (row,) = again.store.tables()
    assert row.finished
    record = tonk.from_json(
        again.manager.record(table["id"], 1, "json"), tonk.GameRecord
    )
    assert record.players == 2


def test_an_idle_table_is_deleted_only_once_it_is_past_the_idle_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock(monkeypatch)
    server = Server(Limits(max_tables=1, idle_seconds=100.0))
    table = server.manager.create(HUMANS)
    clock.now += 100.0
    with pytest.raises(TableError, match="limit of 1 tables"):
        server.manager.create(HUMANS)
    clock.now += 0.5
    assert server.manager.create(HUMANS)["id"] != table["id"]
    assert [row.id for row in server.store.tables()] != [table["id"]]
    assert len(server.store.tables()) == 1


@pytest.mark.parametrize(
    ("idle", "early", "due"), [(40.0, 9.0, 10.0), (400.0, 59.0, 60.0)]
)
def test_the_sweeper_runs_every_quarter_of_the_idle_time_at_most_every_minute(
    monkeypatch: pytest.MonkeyPatch, idle: float, early: float, due: float
) -> None:
    clock = Clock(monkeypatch)
    loop = asyncio.new_event_loop()
    now = [0.0]
    monkeypatch.setattr(loop, "time", lambda: now[0])
    store = Store(":memory:")
    manager = TableManager(limits=Limits(idle_seconds=idle))
    try:
        manager.open(store, loop)
        table = manager.create(HUMANS)
        clock.now += 10 * idle  # idle long since, but nothing looks yet
        now[0] = early
        loop.run_until_complete(asyncio.sleep(0))
        assert manager.has_table(table["id"])
        now[0] = due
        loop.run_until_complete(asyncio.sleep(0))
        assert not manager.has_table(table["id"])
        assert store.tables() == []
    finally:
        manager.shut()
        store.close()
        loop.close()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"seats": TEN[:2], "preset": "nosuch"},
            "no preset named 'nosuch'; known presets: "
            + ", ".join(tonk.presets.names()),
        ),
        (
            {"seats": TEN[:2], "rules": {"hand_size": 0}},
            "bad rules: $: hand_size must be an int 1..13, got 0",
        ),
    ],
)
def test_bad_rules_are_refused_with_the_rules_own_message(
    server: Server, body: Message, message: str
) -> None:
    with pytest.raises(TableError) as refused:
        server.manager.create(body)
    assert (refused.value.code, str(refused.value)) == ("bad_rules", message)


def test_a_hand_that_nets_a_seat_nothing_shows_it_without_a_sign(
    server: Server,
) -> None:
    names = ["Ann", "Bo", "Cy"]
    table = server.manager.create(
        {"preset": "chicago", "seats": [{"kind": "human", "name": n} for n in names]}
    )
    seats = {seat: Seat(connect(server, table, seat)) for seat in range(3)}
    watcher = Seat(connect(server, table, None, views=True))
    play(server, seats, ["drop"])
    (over,) = watcher.of("hand_over")
    assert over["net"] == [-2, 0, 2]
    view = watcher.of("view")[-1]
    assert view["result"].splitlines()[-3:] == ["  Ann: -2", "  Bo: 0", "  Cy: +2"]
    assert view["log"][-1] == "hand 1 over: Ann -2, Bo +0, Cy +2"


def test_each_table_deals_from_a_fresh_seed_that_a_restart_keeps(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", RANDOM_BITS)
    tables = [server.manager.create(HUMANS) for _ in range(2)]
    hands = [
        Seat(connect(server, table, 0)).of("event")[-1]["observation"]["hand"]
        for table in tables
    ]
    assert hands[0] != hands[1]
    again = server.restart()
    assert hands == [
        Seat(connect(again, table, 0)).of("event")[-1]["observation"]["hand"]
        for table in tables
    ]


def test_a_new_table_id_already_taken_is_drawn_again(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = server.manager.create(HUMANS)
    drawn = [first["id"]]
    real = secrets.token_hex

    def token_hex(nbytes: int) -> str:
        return drawn.pop() if drawn else real(nbytes)

    monkeypatch.setattr(secrets, "token_hex", token_hex)
    second = server.manager.create(HUMANS)
    assert second["id"] != first["id"]
    assert len(second["id"]) == 8
    assert [summary["id"] for summary in server.manager.summaries()] == [
        first["id"],
        second["id"],
    ]


def test_a_player_who_takes_a_seat_sits_down_at_the_next_hand(server: Server) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    link = server.manager.take_seat(table["id"], {"name": "Di"})["link"]
    di = Seat(Client(server.manager.limits))
    assert server.manager.join(table["id"], di.client, hello(link.split("#", 1)[1]))
    assert di.client.seat is None
    ann, bo = Seat(connect(server, table, 0)), Seat(connect(server, table, 1))
    play(server, {0: ann, 1: bo}, ["drop"])
    (seating,) = di.of("seating")
    assert di.client.seat == seating["names"].index("Di")
    assert di.of("welcome")[-1]["seat"] == di.client.seat


def test_an_action_that_ends_a_hand_before_a_join_is_logged_under_its_player(
    server: Server,
) -> None:
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    server.manager.take_seat(table["id"], {"name": "Di"})
    ann, bo = Seat(connect(server, table, 0)), Seat(connect(server, table, 1))
    watcher = Seat(connect(server, table, None, views=True))
    play(server, {0: ann, 1: bo}, ["drop"])  # Ann's, as seat 0 of hand 1
    assert watcher.of("view")[-1]["log"] == [
        "Di joins at the next hand",
        "Ann (0): drop",
        "hand 1 over: Ann +1, Bo -1",
        "the players now: Di, Ann, Bo",
        "hand 2 dealt",
    ]


def test_two_hands_ended_by_one_action_across_a_join_are_both_logged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 78: Di joins, a drop ends hand 1 and hand 2 ends at its deal (B5)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 78)
    server = Server()
    table = server.manager.create({**HUMANS, "mode": "session", "hands": 3})
    server.manager.take_seat(table["id"], {"name": "Di"})
    ann, bo = Seat(connect(server, table, 0)), Seat(connect(server, table, 1))
    watcher = Seat(connect(server, table, None, views=True))
    play(server, {0: ann, 1: bo}, ["drop"])
    assert [over["hand"] for over in watcher.of("hand_over")] == [1, 2]
    assert watcher.of("view")[-1]["log"] == [
        "Di joins at the next hand",
        "Ann (0): drop",
        "hand 1 over: Ann -2, Bo +2",
        "the players now: Di, Ann, Bo",
        "hand 2 dealt",
        "hand 2 over: Di +4, Ann -2, Bo -2",
        "hand 3 dealt",
    ]


# -- the store --


def test_the_store_keeps_each_tables_rows_times_and_order() -> None:
    store = Store(":memory:")
    store.create_table("b", {"x": [1]}, {0: "tb"}, now=5.0)
    store.create_table("a", {}, {0: "ta", 1: "ua"}, now=5.0)
    store.create_table("c", {}, {}, now=1.0)
    assert [row.id for row in store.tables()] == ["c", "a", "b"]  # by time, then id
    store.add_action("b", 0, {"index": 3}, now=7.0)
    store.add_action("b", 1, {"index": 4, "players": 2}, now=8.0)
    store.add_seating("b", 0, {"kind": "join"}, {1: "vb"}, now=9.0)
    store.add_record("b", 2, "{2}", "two")
    store.add_record("b", 1, "{1}", "one")
    store.add_record("b", 1, "{1}", "one again")
    assert store.tables()[-1] == TableRow(
        id="b", config={"x": [1]}, created=5.0, touched=9.0, finished=False
    )
    assert store.actions("b") == [{"index": 3}, {"index": 4, "players": 2}]
    assert store.seating("b") == [{"kind": "join"}]
    assert store.records("b") == [(1, "{1}", "one again"), (2, "{2}", "two")]
    assert [store.seat_for_token("b", t) for t in ("tb", "vb", "ta")] == [0, 1, None]
    assert [store.seat_for_token("a", t) for t in ("ta", "ua")] == [0, 1]
    store.finish("b", now=12.0)
    (row,) = [row for row in store.tables() if row.id == "b"]
    assert (row.touched, row.finished) == (12.0, True)
    store.delete_table("b")
    assert [row.id for row in store.tables()] == ["c", "a"]
    assert (store.actions("b"), store.seating("b"), store.records("b")) == ([], [], [])
    assert store.seat_for_token("b", "tb") is None
    assert store.seat_for_token("a", "ua") == 1
    store.close()


def test_an_action_out_of_order_is_refused_and_stores_nothing() -> None:
    store = Store(":memory:")
    store.create_table("t1", {}, {}, now=0.0)
    store.add_action("t1", 0, {"index": 1}, now=1.0)
    for number in (0, 2):
        with pytest.raises(StoreError) as refused:
            store.add_action("t1", number, {"index": 2}, now=2.0)
        assert str(refused.value) == (
            f"action {number} of table 't1' is out of order: expected 1"
        )
    assert store.actions("t1") == [{"index": 1}]
    assert store.tables()[0].touched == 1.0
    store.close()


def test_the_store_migrates_a_database_of_the_first_schema_and_refuses_a_newer(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO schema_version (version) VALUES (1)")
        db.execute(
            "INSERT INTO tables (id, config, created, touched) VALUES ('t', '{}', 1, 2)"
        )
        db.commit()
    store = Store(path)
    assert store.version() == SCHEMA_VERSION == 2
    assert store.seating("t") == []
    assert [row.id for row in store.tables()] == ["t"]
    store.close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
        db.execute("UPDATE schema_version SET version = 3")
        db.commit()
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert str(refused.value) == (
        "the database has schema version 3, newer than this server's 2: upgrade tonk"
    )


def test_the_store_migrates_a_database_with_no_version_row_from_the_start(
    tmp_path: Path,
) -> None:
    path = tmp_path / "empty.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.commit()
    store = Store(path)
    assert store.version() == 2
    store.close()


def test_a_store_migration_that_fails_leaves_the_database_as_it_was(
    tmp_path: Path,
) -> None:
    path = tmp_path / "clash.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO schema_version (version) VALUES (1)")
        db.execute("CREATE TABLE seating (x INTEGER)")  # in the way of step 2
        db.commit()
    for _ in range(2):  # the same failure each time: nothing was half done
        with pytest.raises(sqlite3.OperationalError, match="table seating already"):
            Store(path)
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,)]


def checkpoint_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "tonk-store-checkpoint"]


def test_a_database_file_is_checkpointed_by_a_daemon_thread_until_closed(
    tmp_path: Path,
) -> None:
    before = checkpoint_threads()
    memory = Store(":memory:")  # no log, no thread
    assert checkpoint_threads() == before
    store = Store(tmp_path / "db.sqlite3")
    (thread,) = [t for t in checkpoint_threads() if t not in before]
    assert thread.daemon
    store.close()
    memory.close()
    assert not thread.is_alive()


class FailingCheckpoints:
    """A connection whose checkpoints fail, as on a disk that has gone away."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if "wal_checkpoint" in sql.lower():
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def __enter__(self) -> sqlite3.Connection:
        return self.db.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self.db.__exit__(*exc)


def test_a_failed_checkpoint_is_logged_and_the_store_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real = sqlite3.connect
    monkeypatch.setattr(
        sqlite3,
        "connect",
        lambda *args, **kwargs: FailingCheckpoints(real(*args, **kwargs)),
    )
    monkeypatch.setattr(tonk.web.store, "CHECKPOINT_SECONDS", 0.01)
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    deadline = time.monotonic() + 10
    while not caplog.messages and time.monotonic() < deadline:
        time.sleep(0.01)
    store.create_table("t1", {}, {}, now=0.0)
    store.close()
    assert caplog.messages[0] == (
        f"checkpoint of {path} failed: OperationalError('disk I/O error')"
    )
