"""tonk serve: seats and secrets in the cases a review found open.

Driven as tests/test_web_mutants.py drives a
:class:`~tonk.web.tables.TableManager`: an in-memory store, a loop that runs
only when asked, and what each :class:`~tonk.web.tables.Client` is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # after the skip
from test_web_mutants import (  # the autouse fixtures too: they apply here
    HUMANS,
    RUNNING,
    Seat,
    Server,
    close_servers,
    connect,
    hello,
    one_deal,
    play,
    server,
    token,
)

from tonk.web.app import create_app
from tonk.web.store import Store, StoreError
from tonk.web.tables import Client, Limits, TableError, TableManager

__all__ = ["close_servers", "one_deal", "server"]

Message = dict[str, Any]

THREE: Message = {
    "preset": "pagat",
    "seats": [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "human", "name": "Cy"},
    ],
    "mode": "session",
    "hands": 4,
}


def cards(messages: list[Message]) -> list[Any]:
    """Return the hands of cards a client was shown (snapshots, events, acts)."""
    return [
        message["observation"]["hand"]
        for message in messages
        if "observation" in message and message["observation"].get("hand")
    ]


def test_a_name_still_seated_cannot_be_taken_by_a_join(server: Server) -> None:
    """Ann asks to leave after this hand; a stranger may not take her name now:
    the join's link would open her seat in the hand in play, her cards with it.
    """
    table = server.manager.create(THREE)
    ann = Seat(connect(server, table, 0))
    server.manager.receive(ann.client, json.dumps({"type": "leave"}))
    assert ann.of("error") == []
    with pytest.raises(TableError) as refused:
        server.manager.take_seat(table["id"], {"name": "Ann"})
    assert refused.value.code == "seating"
    assert "Ann" in str(refused.value)


def test_the_link_of_a_player_who_left_only_watches_after_they_come_back(
    server: Server,
) -> None:
    """docs/server.md: a player who left comes back under the same name with a
    new link, and "their link from before opens the table to watch"."""
    table = server.manager.create(THREE)
    seats = {seat: Seat(connect(server, table, seat)) for seat in range(3)}
    server.manager.receive(seats[0].client, json.dumps({"type": "leave"}))
    play(server, seats, ["drop"])  # hand 1 ends: Ann leaves
    assert seats[0].of("goodbye")[-1]["reason"] == "you have left the table"
    server.manager.leave(seats[0].client)  # her socket closes
    (seating,) = seats[1].of("seating")
    assert sorted(seating["names"]) == ["Bo", "Cy"]
    link = server.manager.take_seat(table["id"], {"name": "Ann"})["link"]
    new_token = link.split("#", 1)[1]
    old = Seat(connect(server, table, 0))  # the old link watches meanwhile
    assert old.client.seat is None
    players = {
        seating["names"].index(name): seats[old_seat]
        for old_seat, name in ((1, "Bo"), (2, "Cy"))
    }
    play(server, players, ["drop"])  # hand 2 ends: Ann sits down again
    names = server.manager.summaries()[0]["seats"]
    assert "Ann" in [seat["name"] for seat in names]
    assert old.client.seat is None, "the old link was seated at the new hand"
    assert cards(old.read()) == []
    # The new link opens the seat; the old link, connecting now, only watches.
    back = Client(server.manager.limits)
    assert server.manager.join(table["id"], back, hello(new_token))
    assert back.seat is not None
    server.manager.leave(old.client)  # the old link's page closes
    late = Client(server.manager.limits)
    assert server.manager.join(table["id"], late, hello(token(table, 0)))
    assert late.seat is None
    late_seen = Seat(late)
    assert cards(late_seen.read()) == []


# -- a database with a corrupt or forged row --

CORRUPTIONS = [
    ("UPDATE tables SET config = 'not json'", "is not JSON"),
    ("UPDATE tables SET config = json_remove(config, '$.seed')", "KeyError: 'seed'"),
    ("UPDATE tables SET config = json_set(config, '$.names', 5)", "TypeError"),
    ("UPDATE tables SET config = json_set(config, '$.bots', json('[null]'))", "zip"),
    ("UPDATE tables SET touched = 'x'", "ValueError"),
    ("UPDATE actions SET action = 'zz'", "is not JSON"),
    ("UPDATE actions SET action = '{}'", "KeyError: 'index'"),
    ("UPDATE actions SET action = '[]'", "AttributeError"),
    ("UPDATE actions SET action = json_set(action, '$.index', 99999)", "0..1157"),
    (
        "INSERT INTO seating VALUES ((SELECT id FROM tables), 0, '{\"kind\": 1}')",
        "KeyError: 'actions'",
    ),
]


def stored_table(path: Path) -> str:
    """Store a session of two people with one action played; return its id."""
    made = Server(store=Store(path))
    table = made.manager.create({**HUMANS, "mode": "session", "hands": 3})
    ann, bo = Seat(connect(made, table, 0)), Seat(connect(made, table, 1))
    play(made, {0: ann, 1: bo}, ["draw stock"])
    RUNNING.remove(made)
    made.close()
    table_id: str = table["id"]
    return table_id


def corrupt(path: Path, statement: str) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(statement)


@pytest.mark.parametrize(("statement", "why"), CORRUPTIONS)
def test_a_corrupt_row_is_refused_at_the_restart_with_a_store_error(
    tmp_path: Path, statement: str, why: str
) -> None:
    path = tmp_path / "tonk.sqlite3"
    table_id = stored_table(path)
    corrupt(path, statement)
    loop = asyncio.new_event_loop()
    manager = TableManager()
    try:
        with Store(path) as store, pytest.raises(StoreError) as refused:
            manager.open(store, loop)
    finally:
        loop.close()
    assert table_id in str(refused.value)
    assert why in str(refused.value)
    assert not manager.has_table(table_id)


def test_a_corrupt_row_restores_no_table_and_closes_the_database(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tonk.sqlite3"
    stored_table(path)
    corrupt(path, "UPDATE actions SET action = '{}'")
    before = {thread for thread in threading.enumerate() if thread.is_alive()}
    with (
        pytest.raises(StoreError, match="cannot be restored"),
        TestClient(create_app(path)),
    ):
        pass  # pragma: no cover - the start-up fails
    left = {thread for thread in threading.enumerate() if thread.is_alive()} - before
    assert [thread.name for thread in left] == []  # no checkpoint thread left behind


# -- a forged token --


def test_a_token_with_a_lone_surrogate_opens_no_seat(server: Server) -> None:
    """JSON may write a lone surrogate (\\ud800), which UTF-8 cannot encode."""
    table = server.manager.create(HUMANS)
    client = Client(server.manager.limits)
    text = '{"type": "hello", "protocol": 1, "token": "\\ud800"}'
    assert not server.manager.join(table["id"], client, text)
    error = json.loads(client.outbox.get_nowait() or "")
    assert (error["code"], error["message"]) == (
        "bad_token",
        "this link opens no seat at this table",
    )
    assert server.store.seat_for_token(table["id"], "\ud800") is None


# -- a bot the server offers that cannot be built --


def test_a_bot_that_cannot_be_built_is_refused_and_stores_no_table(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tonk.sqlite3"
    app = create_app(path, bot_delay=0, bots=["nosuchmodule:Bot"])
    body = {
        "seats": [
            {"kind": "human", "name": "Ann"},
            {"kind": "bot", "bot": "nosuchmodule:Bot"},
        ]
    }
    with TestClient(app, raise_server_exceptions=False) as client:
        refused = client.post("/api/tables", json=body)
        assert (refused.status_code, refused.json()["code"]) == (400, "bad_bot")
        assert "nosuchmodule" in refused.json()["error"]
        assert client.get("/api/tables").json() == []
    with Store(path) as store:
        assert store.tables() == []
    with TestClient(create_app(path)) as client:  # the restart is not stopped
        assert client.get("/api/tables").json() == []


def test_the_bots_on_offer_are_a_sequence_not_one_string() -> None:
    with pytest.raises(TypeError, match="bots must be a sequence"):
        TableManager(bots="mybots:Cautious")
    with pytest.raises(TypeError, match="bots must be a sequence"):
        create_app(":memory:", bots="mybots:Cautious")


# -- the server's limits --


@pytest.mark.parametrize(
    ("field", "value", "error", "message"),
    [
        ("max_tables", "x", TypeError, "max_tables must be an int, got 'x'"),
        ("burst", True, TypeError, "burst must be an int, got True"),
        ("outbox", 0, ValueError, "outbox must be at least 1, got 0"),
        ("message_bytes", -1, ValueError, "message_bytes must be at least 1"),
        ("request_bytes", 1.5, TypeError, "request_bytes must be an int"),
        # NaN would let a client send at any rate (no budget is ever spent)
        ("messages_per_second", float("nan"), ValueError, "a finite number above"),
        ("messages_per_second", "20", TypeError, "must be a number, got '20'"),
        # 0 would run the sweeper at once, again and again: a busy loop
        ("idle_seconds", 0, ValueError, "idle_seconds must be a finite number above"),
        ("idle_seconds", 10**400, ValueError, "idle_seconds must be a finite"),
        ("window_seconds", -1.0, ValueError, "window_seconds must be a finite"),
        ("window_seconds", float("inf"), ValueError, "a finite number at least 0"),
    ],
)
def test_a_bad_limit_is_refused_with_its_name(
    field: str, value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Limits(**{field: value})


def test_the_limits_at_their_edges_are_taken() -> None:
    limits = Limits(
        message_bytes=1,
        burst=1,
        outbox=1,
        max_tables=1,
        request_bytes=1,
        messages_per_second=1,
        idle_seconds=0.01,
        window_seconds=0,
    )
    assert (limits.window_seconds, limits.messages_per_second) == (0, 1)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"bot_delay": "0.6"}, TypeError, "bot_delay must be a number, got '0.6'"),
        ({"bot_delay": -1.0}, ValueError, "bot_delay must be a finite number"),
        ({"bot_delay": float("nan")}, ValueError, "bot_delay must be a finite"),
        ({"limits": {"burst": 1}}, TypeError, "limits must be Limits, got"),
    ],
)
def test_a_bad_manager_option_is_refused_before_any_table_is_made(
    tmp_path: Path, options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        TableManager(**options)
    with pytest.raises(error, match=re.escape(message)):
        create_app(tmp_path / "tonk.sqlite3", **options)
