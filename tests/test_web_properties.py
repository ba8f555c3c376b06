"""Property tests of tonk serve's entry points: any request body, any message.

A new table's body and a seated client's messages come from anyone. Whatever
they hold, the server answers (a table, or an error naming what is wrong),
never fails, and a refused request changes nothing; after any messages the
table still plays to its end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_web import close_all, hello, until

from tonk.web.app import create_app
from tonk.web.tables import Limits

Message = dict[str, Any]

WORDS = (
    "human",
    "bot",
    "greedy",
    "random",
    "inference",
    "nosuch",
    "exec:ls",
    "pagat",
    "hoyle",
    "chicago",
    "hand",
    "session",
    "action",
    "hello",
    "draw stock",
    "drop",
    "pass",
    "discard 9C",
    "spread 9C 9D 9H",
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(WORDS),
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=8) | st.sampled_from(WORDS), inner, max_size=4
        )
    ),
    max_leaves=20,
)
seats = st.one_of(
    st.fixed_dictionaries({"kind": st.just("human"), "name": st.text(max_size=30)}),
    st.fixed_dictionaries(
        {"kind": st.just("bot"), "bot": st.sampled_from(WORDS) | leaves}
    ),
    st.dictionaries(st.sampled_from(["kind", "name", "bot", "x"]), leaves, max_size=3),
)
RULE_NAMES = ("hand_size", "wilds", "suit_bet", "max_turns", "slap_in", "eating")
good_seats = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("human")},
        optional={"name": st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ abc", min_size=1)},
    ),
    st.fixed_dictionaries(
        {"kind": st.just("bot"), "bot": st.sampled_from(["greedy", "random"])}
    ),
)
good_rules = st.fixed_dictionaries(
    {},
    optional={
        "hand_size": st.integers(3, 9),
        "max_turns": st.none() | st.integers(0, 300),
        "slap_in": st.booleans(),
        "suit_bet": st.integers(0, 2),
    },
)
bodies = st.one_of(
    st.fixed_dictionaries(  # mostly tables the server seats, some it refuses
        {"seats": st.lists(good_seats, min_size=2, max_size=4)},
        optional={
            "preset": st.sampled_from(["pagat", "hoyle", "chicago", "sheet"]),
            "rules": good_rules,
            "mode": st.just("hand"),
        },
    ),
    st.fixed_dictionaries(
        {"seats": st.lists(seats, min_size=1, max_size=5)},
        optional={
            "preset": st.sampled_from(["pagat", "hoyle", "chicago", "sheet", "no"]),
            "rules": st.dictionaries(st.sampled_from(RULE_NAMES), leaves, max_size=3),
            "mode": st.sampled_from(["hand", "session"]) | leaves,
            # Few hands: a table of bots plays its session at once, and a
            # thousand hands would hold the server's loop for minutes.
            "hands": st.integers(-2, 5) | st.sampled_from([None, "3", 2.5, 10**30]),
            "time_limit": leaves,
        },
    ),
    values,
)
messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["action", "hello", "leave", "sit"]) | leaves},
        optional={
            "request": st.integers(-3, 30) | leaves,
            "action": st.sampled_from(WORDS) | leaves,
            "index": st.integers(-5, 2_000) | leaves,
            "protocol": st.integers(0, 3) | leaves,
            "token": st.text(max_size=40) | leaves,
            "seat": leaves,
        },
    ),
    values,
)
TWO = {
    "preset": "pagat",
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    # Room for a table an example: the limit on tables is tested elsewhere.
    limits = Limits(max_tables=100_000, burst=1_000)
    path = tmp_path_factory.mktemp("web") / "db"
    with TestClient(create_app(path, limits=limits, bot_delay=0)) as client:
        yield client


def listed(client: TestClient) -> list[Message]:
    tables: list[Message] = client.get("/api/tables").json()
    return tables


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies)
def test_any_new_table_request_gets_a_table_or_a_reason(
    client: TestClient, body: Any
) -> None:
    # The tables by id: a table of bots plays on meanwhile, changing its state.
    before = [table["id"] for table in listed(client)]
    response = client.post("/api/tables", json=body)
    answer = response.json()
    if response.status_code == 201:
        assert [seat["seat"] for seat in answer["seats"]] == list(
            range(len(answer["seats"]))
        )
        assert len(listed(client)) == len(before) + 1
        return
    assert response.status_code == 400, (response.status_code, answer)
    assert set(answer) == {"error", "code"}
    assert isinstance(answer["error"], str)
    assert answer["error"]
    assert [table["id"] for table in listed(client)] == before  # nothing changed


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sent=st.lists(messages, min_size=1, max_size=6), broken=st.booleans())
def test_after_any_messages_the_table_plays_to_its_end(
    client: TestClient, sent: list[Any], broken: bool
) -> None:
    table = client.post("/api/tables", json=TWO).json()
    first = hello(client, table, 0)
    seat = until(first, "event")[0]["observation"]["to_move"]
    if seat != 0:  # the seat to move (no act is awaited: a deal may end the hand)
        first.close()
        first = hello(client, table, seat)
        until(first, "event")
    for message in sent:
        text = json.dumps(message)
        first.send_text(text[:-1] if broken else text)  # broken: not JSON
    first.send_json({"type": "goodbye"})
    _, answers = until(first, "goodbye")
    for answer in answers[:-1]:
        assert answer["type"] in ("error", "act", "event", "hand_over"), answer
    first.close()  # the seat is free again once the server sees it leave
    # Whatever was sent, two players can finish the hand.
    sockets = {seat: hello(client, table, seat) for seat in (0, 1)}
    events = {seat: until(socket, "event")[0] for seat, socket in sockets.items()}
    rng = random.Random(1)
    event = events[0]
    while event["observation"]["outcome"] is None:
        socket = sockets[event["observation"]["to_move"]]
        act, _ = until(socket, "act")
        index = rng.choice(act["legal"])["index"]
        socket.send_json({"type": "action", "request": act["request"], "index": index})
        for other in sockets.values():
            event, _ = until(other, "event")
    assert next(t for t in listed(client) if t["id"] == table["id"])["over"]
    close_all()
