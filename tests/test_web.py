"""tonk serve through Starlette's test client: pages, tables, seats, secrets, limits."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import random
import re
import secrets
import sys
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import anyio  # starlette's: after the skip
from starlette.testclient import (
    TestClient,
    WebSocketDenialResponse,
    WebSocketTestSession,
)

import tonk
import tonk.web.store
from tonk.cli import main
from tonk.testing import check_no_leak
from tonk.web.app import create_app
from tonk.web.store import SCHEMA_VERSION, Store, StoreError
from tonk.web.tables import Limits, check_host, draw_view

Message = dict[str, Any]


OPEN: list[WebSocketTestSession] = []

RECEIVE_SECONDS = 60.0
"""How long a test waits for the server's next message: a server that never
sends it fails the test (a ``TimeoutError``) rather than hanging the suite."""


def connect(client: TestClient, url: str) -> WebSocketTestSession:
    """Open a WebSocket that the test's end closes (before its server stops).

    Its ``receive`` (and so ``receive_json``) waits at most
    :data:`RECEIVE_SECONDS`.
    """
    socket = bounded(client.websocket_connect(url)).__enter__()
    OPEN.append(socket)
    return socket


def bounded(socket: WebSocketTestSession) -> WebSocketTestSession:
    """Return ``socket``, its ``receive`` waiting :data:`RECEIVE_SECONDS` at most."""
    socket.receive = functools.partial(_receive_within, socket)  # type: ignore[method-assign]
    return socket


def _receive_within(socket: WebSocketTestSession) -> Message:
    """Return the server's next message, or raise ``TimeoutError`` after a while."""

    async def receive() -> Message:
        with anyio.fail_after(RECEIVE_SECONDS):
            return dict(await socket._send_rx.receive())

    return socket.portal.call(receive)


def close_all() -> None:
    while OPEN:
        OPEN.pop().__exit__(None, None, None)


@pytest.fixture(autouse=True)
def one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal every table from one seed, so that each test plays the same cards.

    About one deal in 140 ends the hand at once (a deal tonk, B5), and a
    test that waits for a request would never get one.
    """
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tonk.sqlite3", bot_delay=0)) as client:
        yield client
        close_all()


def new_table(client: TestClient, **request: Any) -> Message:
    body: Message = {
        "preset": "pagat",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
    }
    body.update(request)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: Message = response.json()
    return answer


def token(table: Message, seat: int) -> str:
    link: str = table["seats"][seat]["link"]
    return link.split("#", 1)[1]


def hello(
    client: TestClient, table: Message, seat: int | None, *, view: bool = False
) -> WebSocketTestSession:
    url = f"/t/{table['id']}/ws" + ("?view=1" if view else "")
    socket = connect(client, url)
    message: Message = {"type": "hello", "protocol": 1}
    if seat is not None:
        message["token"] = token(table, seat)
    socket.send_json(message)
    return socket


def mover(
    client: TestClient, table: Message, *, view: bool = False
) -> tuple[int, WebSocketTestSession, Message]:
    """Connect the seat to move (the deal decides); return it, its socket and act."""
    socket = hello(client, table, 0, view=view)
    until(socket, "welcome")
    snapshot, _ = until(socket, "event")
    seat = snapshot["observation"]["to_move"]
    if seat != 0:
        socket.close()
        socket = hello(client, table, seat, view=view)
    act, _ = until(socket, "act")
    return seat, socket, act


def until(socket: WebSocketTestSession, kind: str) -> tuple[Message, list[Message]]:
    """Read messages until one of type ``kind``; return it and all read."""
    seen: list[Message] = []
    while True:
        message: Message = socket.receive_json()
        seen.append(message)
        if message["type"] == kind:
            return message, seen


# -- pages and the lobby --


def test_the_pages_and_static_files_are_served(client: TestClient) -> None:
    assert "<title>tonk: tables</title>" in client.get("/").text
    for name in ("style.css", "lobby.js", "table.js"):
        assert client.get(f"/static/{name}").status_code == 200
    table = new_table(client)
    assert "table.js" in client.get(f"/t/{table['id']}").text
    assert client.get("/t/nosuchtable").status_code == 404


SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:;"
    " object-src 'none'; base-uri 'none'; form-action 'self';"
    " frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


@pytest.mark.parametrize(
    "path",
    ["/", "/static/table.js", "/api/info", "/api/tables", "/t/nosuch", "/nosuch"],
)
def test_every_answer_carries_the_browser_s_security_headers(
    client: TestClient, path: str
) -> None:
    """Scripts only from the server, no framing, no sniffing, no referrer."""
    response = client.get(path)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value
    table = new_table(client)
    page = client.get(f"/t/{table['id']}")
    assert page.status_code == 200
    assert (
        page.headers["content-security-policy"]
        == SECURITY_HEADERS["content-security-policy"]
    )


SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
EVIL = {"origin": "http://evil.example"}


def test_a_page_of_another_site_may_not_create_join_or_connect(
    client: TestClient,
) -> None:
    """Any page may send a POST or open a WebSocket to the loopback: the browser
    names its site in ``Origin``, and one that is not this server's is refused
    (CSRF, cross-site WebSocket hijacking), with the security headers, changing
    nothing."""
    refused = client.post(
        "/api/tables", json={"preset": "pagat", "seats": SEATS}, headers=EVIL
    )
    assert refused.status_code == 403
    assert refused.json() == {
        "error": "a page of another site may not use this server: http://evil.example",
        "code": "cross_origin",
    }
    assert refused.headers["x-frame-options"] == "DENY"
    assert client.get("/api/tables").json() == []
    table = new_table(client, seats=[{"kind": "human"}, {"kind": "human"}], hands=3)
    joined = client.post(
        f"/api/tables/{table['id']}/seats", json={"name": "Cy"}, headers=EVIL
    )
    assert (joined.status_code, joined.json()["code"]) == (403, "cross_origin")
    with pytest.raises(WebSocketDenialResponse) as denied:
        client.websocket_connect(f"/t/{table['id']}/ws", headers=EVIL).__enter__()
    assert denied.value.status_code == 403
    assert denied.value.json()["code"] == "cross_origin"
    assert client.get("/", headers=EVIL).status_code == 200  # reading is harmless


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("http://testserver", True),
        ("http://TestServer", True),
        ("https://testserver", True),  # behind a proxy with TLS
        ("http://testserver:80", True),
        ("https://testserver:443", True),
        ("http://testserver:8000", False),
        ("http://testserver.evil.example", False),
        ("http://evil.example", False),
        ("null", False),  # a sandboxed frame or a local file
        ("ftp://testserver", False),
        ("testserver", False),
    ],
)
def test_a_post_is_taken_only_from_the_server_s_own_site(
    client: TestClient, origin: str, allowed: bool
) -> None:
    """The test client's requests say ``Host: testserver``."""
    response = client.post(
        "/api/tables",
        json={"preset": "pagat", "seats": SEATS},
        headers={"origin": origin},
    )
    assert response.status_code == (201 if allowed else 403)


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("TestServer", "http://testserver"),
        ("testserver:80", "http://testserver"),
        ("testserver:443", "https://testserver"),
    ],
)
def test_the_host_header_is_compared_as_the_origin_is(
    client: TestClient, host: str, origin: str
) -> None:
    """Case and the scheme's own port aside, on the ``Host`` side too."""
    headers = {"host": host, "origin": origin}
    response = client.post(
        "/api/tables", json={"preset": "pagat", "seats": SEATS}, headers=headers
    )
    assert response.status_code == 201


def test_only_a_request_that_may_change_something_is_refused_by_its_origin(
    client: TestClient,
) -> None:
    """GET, HEAD and OPTIONS read; the message names at most 80 characters of
    the ``Origin``."""
    assert client.head("/", headers=EVIL).status_code == 200
    assert client.options("/api/tables", headers=EVIL).status_code == 405
    long = "http://" + "e" * 100
    refused = client.put("/api/tables", headers={"origin": long})
    assert refused.json()["error"].endswith(": " + long[:80])


def test_a_www_name_is_not_redirected_to() -> None:
    app = create_app(":memory:", allowed_hosts=["www.tonk.example"])
    with TestClient(app, base_url="http://tonk.example") as client:
        response = client.get("/api/info", follow_redirects=False)
        assert response.status_code == 400


@pytest.mark.parametrize("name", ["*", "*.a", "tonk.example.org", "[::1]", "::1x"])
def test_check_host_takes_names_without_a_port(name: str) -> None:
    if name == "::1x":  # an IPv6 address outside brackets reads as a port
        with pytest.raises(ValueError, match="got '::1x'"):
            check_host(name)
    else:
        assert check_host(name) == name


def test_allowed_hosts_refuse_a_request_addressed_to_another_name(
    tmp_path: Path,
) -> None:
    """DNS rebinding: a site whose name leads to the server's address makes its
    pages same-origin with it, so their requests carry the site's name in
    ``Host``: with ``allowed_hosts``, only the names given are served."""
    app = create_app(tmp_path / "tonk.sqlite3", allowed_hosts=["tonk.example.org"])
    with TestClient(app, base_url="http://tonk.example.org") as client:
        assert client.get("/api/info").status_code == 200
        rebound = {"host": "evil.example"}
        assert client.get("/api/info", headers=rebound).status_code == 400
        created = client.post(
            "/api/tables", json={"preset": "pagat", "seats": SEATS}, headers=rebound
        )
        assert created.status_code == 400
        with pytest.raises(WebSocketDenialResponse) as denied:
            client.websocket_connect("/t/nosuch/ws", headers=rebound).__enter__()
        assert denied.value.status_code == 400
        assert client.get("/api/tables").json() == []


@pytest.mark.parametrize(
    ("hosts", "error", "message"),
    [
        ("tonk.example.org", TypeError, "a sequence of host names, got 'tonk"),
        ([b"example.org"], TypeError, "a host name must be a str, got b'example"),
        ([""], ValueError, "got ''"),
        (["example.org:8000"], ValueError, "got 'example.org:8000'"),
        (["tonk.*.org"], ValueError, r"give \*.NAME for the names under NAME"),
        (["*."], ValueError, r"got '\*.'"),
        (["[::1]:80"], ValueError, r"got '\[::1\]:80'"),
        ({"tonk.example.org"}, TypeError, "a sequence of host names, got"),
    ],
)
def test_allowed_hosts_must_be_host_names(
    hosts: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        create_app(":memory:", allowed_hosts=hosts)


def test_a_new_table_is_listed_with_its_seats_and_no_secret(
    client: TestClient,
) -> None:
    table = new_table(
        client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    assert table["seats"][0]["link"].startswith(f"/t/{table['id']}#")
    assert "link" not in table["seats"][1]
    listed = client.get("/api/tables").json()
    assert [entry["id"] for entry in listed] == [table["id"]]
    assert [seat["kind"] for seat in listed[0]["seats"]] == ["human", "bot"]
    assert token(table, 0) not in json.dumps(listed)


HUMAN = {"kind": "human"}


@pytest.mark.parametrize(
    ("request_body", "code"),
    [
        ({"preset": "nosuch"}, "bad_rules"),
        ({"rules": {"hand_size": 0}}, "bad_rules"),
        ({"rules": {"no_such_option": 1}}, "bad_rules"),
        ({"seats": [{"kind": "human"}]}, "bad_seat"),
        ({"seats": [{"kind": "human"}, {"kind": "alien"}]}, "bad_seat"),
        ({"seats": [HUMAN, {"kind": "bot", "bot": "os:system"}]}, "bad_bot"),
        ({"seats": [{**HUMAN, "name": "A"}, {**HUMAN, "name": "A"}]}, "bad_seat"),
        ({"seats": [{**HUMAN, "name": "x" * 25}, HUMAN]}, "bad_seat"),
        ({"seats": [{**HUMAN, "name": "a\nb"}, HUMAN]}, "bad_seat"),
        ({"mode": "session", "hands": 0}, "bad_mode"),
        ({"mode": "forever"}, "bad_mode"),
    ],
)  # fmt: skip
def test_a_bad_table_request_is_refused_and_creates_nothing(
    client: TestClient, request_body: Message, code: str
) -> None:
    body: Message = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    body.update(request_body)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert client.get("/api/tables").json() == []


def test_a_request_that_is_not_json_or_too_big_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json")
    assert (response.status_code, response.json()["code"]) == (400, "bad_json")
    response = client.post("/api/tables", content=b" " * 70_000)
    assert (response.status_code, response.json()["code"]) == (400, "too_big")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"[" * 5_000 + b"]" * 5_000, "nests lists and objects more than 16 deep"),
        (b'{"preset": "pagat", "preset": "chicago"}', 'the key "preset" is repeated'),
        (b'{"preset": NaN}', "NaN is not a JSON number"),
    ],
)
def test_a_request_too_deep_or_not_strict_json_is_refused(
    client: TestClient, body: bytes, says: str
) -> None:
    response = client.post("/api/tables", content=body)
    assert (response.status_code, response.json()["code"]) == (400, "bad_json")
    assert says in response.json()["error"]
    assert client.get("/api/tables").json() == []


def test_rules_options_change_the_preset(client: TestClient) -> None:
    table = new_table(client, rules={"hand_size": 7})
    socket = hello(client, table, 0)
    welcome, _ = until(socket, "welcome")
    assert welcome["rules"]["hand_size"] == 7
    socket.close()


def test_the_server_holds_at_most_its_cap_of_tables(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db", limits=Limits(max_tables=2), bot_delay=0)
    with TestClient(app) as client:
        new_table(client)
        new_table(client)
        response = client.post(
            "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "human"}]}
        )
        assert response.status_code == 503
        assert response.json()["code"] == "too_many_tables"


def test_an_idle_table_expires(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db", limits=Limits(idle_seconds=0.05), bot_delay=0)
    with TestClient(app) as client:
        new_table(client)
        deadline = time.monotonic() + 5
        while client.get("/api/tables").json() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/api/tables").json() == []


# -- playing --


def play_out(
    sockets: dict[int, WebSocketTestSession],
    rng: random.Random,
    *,
    actions: int | None = None,
) -> dict[int, list[Message]]:
    """Play random legal actions for the connected seats until the table ends.

    Each socket was just greeted: it has a welcome and a snapshot coming, and
    the seat to move an act. After each action every seat gets its event (and,
    at a hand's end, the hand_over and the next deal or a goodbye); only the
    seat to move gets an act, so the reader knows what to wait for. With
    ``actions``, it stops after that many, the next act unread.
    """
    received: dict[int, list[Message]] = {seat: [] for seat in sockets}

    def read(seat: int) -> Message:
        message: Message = sockets[seat].receive_json()
        received[seat].append(message)
        return message

    mover = None
    for seat in sockets:
        assert read(seat)["type"] == "welcome"
        mover = read(seat)["observation"]["to_move"]
    played = 0
    while mover is not None and played != actions:
        played += 1
        if mover in sockets:
            act = read(mover)
            assert act["type"] == "act", act
            choice = rng.choice(act["legal"])["index"]
            answer = {"type": "action", "request": act["request"], "index": choice}
            sockets[mover].send_json(answer)
        for seat in sockets:
            event = read(seat)
            assert event["type"] == "event", event
            mover = event["observation"]["to_move"]
            if event["observation"]["outcome"] is not None:
                assert read(seat)["type"] == "hand_over"
                after = read(seat)
                mover = (
                    None
                    if after["type"] == "goodbye"
                    else after["observation"]["to_move"]
                )
    return received


def test_a_hand_against_a_bot_plays_to_the_end_and_its_record_replays(
    client: TestClient, tmp_path: Path
) -> None:
    table = new_table(
        client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    )
    received = play_out({0: hello(client, table, 0)}, random.Random(3))
    kinds = [message["type"] for message in received[0]]
    assert kinds[0] == "welcome"
    assert "hand_over" in kinds
    path = f"/api/tables/{table['id']}/hands/1"
    record = tonk.from_json(client.get(f"{path}.json").text, tonk.GameRecord)
    final = list(tonk.replay(record))[-1]
    hand_over = next(m for m in received[0] if m["type"] == "hand_over")
    assert final.outcome is not None
    assert list(final.outcome.payoffs) == hand_over["net"]
    text = client.get(f"{path}.txt")
    assert text.headers["content-disposition"].startswith("attachment")
    assert tonk.parse_record(text.text) == record
    (tmp_path / "hand.txt").write_text(text.text)
    assert main(["replay", str(tmp_path / "hand.txt")]) == 0


def test_records_wait_for_the_end_of_the_table(client: TestClient) -> None:
    table = new_table(client)
    response = client.get(f"/api/tables/{table['id']}/hands/1.json")
    assert (response.status_code, response.json()["code"]) == (409, "playing")
    assert client.get("/api/tables/nosuch/hands/1.json").status_code == 404


def test_a_session_of_bots_plays_its_hands_with_standings(client: TestClient) -> None:
    table = new_table(
        client,
        mode="session",
        hands=3,
        seats=[{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        listed = client.get("/api/tables").json()[0]
        if listed["over"]:
            break
        time.sleep(0.05)
    assert listed["over"]
    socket = hello(client, table, None, view=True)
    view, _ = until(socket, "view")
    assert [record["hand"] for record in view["records"]] == [1, 2, 3]
    assert sum(int(score) for _, score in view["standings"]) == 0
    socket.close()


def test_two_humans_play_a_whole_session(client: TestClient) -> None:
    table = new_table(client, mode="session", hands=2)
    sockets = {0: hello(client, table, 0), 1: hello(client, table, 1)}
    received = play_out(sockets, random.Random(5))
    overs = [m for m in received[0] if m["type"] == "hand_over"]
    assert [m["hand"] for m in overs] == [1, 2]
    assert overs[-1]["over"] is True


def test_a_seat_that_comes_to_a_finished_table_is_told_goodbye(
    client: TestClient,
) -> None:
    """The other seat was away when the hand ended (a drop, or a deal tonk)."""
    table = new_table(client)
    seat, socket, act = mover(client, table)
    socket.send_json({"type": "action", "request": act["request"], "action": "drop"})
    until(socket, "goodbye")
    late = hello(client, table, 1 - seat)
    late.send_json({"type": "action", "request": act["request"], "index": 0})
    _, seen = until(late, "error")  # the server's answer to that comes last
    assert [message["type"] for message in seen] == [
        "welcome",
        "event",
        "goodbye",
        "error",
    ]
    watcher = hello(client, table, None)
    watcher.send_json({"type": "action", "request": 1, "index": 0})
    _, seen = until(watcher, "error")
    assert [message["type"] for message in seen][-2:] == ["goodbye", "error"]


# -- seats and secrets --


HAND_CARD = re.compile(r"(?<![A-Z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Z0-9])")


def cards_in(texts: list[Message]) -> set[str]:
    return set(HAND_CARD.findall(json.dumps(texts)))


def test_no_message_shows_a_seat_a_card_it_may_not_know(client: TestClient) -> None:
    """At the deal, nobody but a seat is sent any card of its hand."""
    table = new_table(client)
    seat, mine, act = mover(client, table, view=True)
    hand = set(act["observation"]["hand"])
    other = hello(client, table, 1 - seat, view=True)
    spectator = hello(client, table, None, view=True)
    for socket in (other, spectator):
        _, seen = until(socket, "view")
        assert len(seen) >= 3
        assert not hand & cards_in(seen)
    mine.close()
    other.close()
    spectator.close()


@pytest.mark.parametrize("preset", ["pagat", "chicago", "vietnam"])
def test_the_pictures_pass_the_no_leak_check_over_whole_games(preset: str) -> None:
    rules = tonk.presets.get(preset)
    rng = random.Random(11)
    for seed in range(4):
        state = tonk.new_game(rules, players=3, seed=seed)
        while True:
            for seat in range(3):
                check_no_leak(state, seat, rng, view=draw_view)
                check_no_leak(state, seat, rng, view=lambda s, _: draw_view(s, None))
            if state.outcome is not None:
                break
            state = tonk.apply(state, rng.choice(tonk.legal_actions(state)))


def test_a_seat_cannot_act_for_another_seat(client: TestClient) -> None:
    table = new_table(client)
    seat, first, act = mover(client, table)
    second = hello(client, table, 1 - seat)
    until(second, "welcome")
    forged = {"type": "action", "request": act["request"], "index": 1, "seat": seat}
    second.send_json(forged)
    error, _ = until(second, "error")
    assert error["code"] == "wrong_seat"
    del forged["seat"]
    second.send_json(forged)
    error, _ = until(second, "error")
    assert error["code"] == "not_your_turn"
    first.send_json({"type": "action", "request": act["request"], "index": 1})
    event, _ = until(first, "event")
    assert (event["seat"], event["action"]) == (seat, "draw stock")
    first.close()
    second.close()


def test_a_wrong_token_is_refused(client: TestClient) -> None:
    table = new_table(client)
    socket = connect(client, f"/t/{table['id']}/ws")
    socket.send_json({"type": "hello", "protocol": 1, "token": "guessed"})
    error = socket.receive_json()
    assert error["code"] == "bad_token"
    assert socket.receive_json()["type"] == "goodbye"
    other = new_table(client)
    socket = connect(client, f"/t/{other['id']}/ws")
    socket.send_json({"type": "hello", "protocol": 1, "token": token(table, 0)})
    assert socket.receive_json()["code"] == "bad_token"


def test_a_token_in_use_is_refused_and_opens_the_seat_again_once_free(
    client: TestClient,
) -> None:
    table = new_table(client)
    seat, first, act = mover(client, table)
    again = hello(client, table, seat)
    assert again.receive_json()["code"] == "seat_taken"
    first.close()
    back = hello(client, table, seat)
    reopened, _ = until(back, "act")
    assert reopened["request"] == act["request"]
    assert reopened["observation"] == act["observation"]
    back.close()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "not_an_object"),
        ('{"type": "launch"}', "unknown_type"),
        ('{"type": "action", "request": 1, "card": "QH"}', "unknown_field"),
        ('{"type": "action", "request": 1, "action": "fly"}', "bad_action"),
        ('{"type": "action", "request": 1, "action": "discard QH"}', "illegal_action"),
        ('{"type": "action", "request": 99, "index": 1}', "stale_request"),
        ('{"type": "goodbye", "reason": "' + "a" * 5000 + '"}', "too_large"),
        ("[" * 50 + "]" * 50, "too_deep"),
    ],
)  # fmt: skip
def test_a_bad_message_gets_an_error_and_changes_nothing(
    client: TestClient, text: str, code: str
) -> None:
    table = new_table(client)
    seat, socket, act = mover(client, table)
    socket.send_text(text)
    error, _ = until(socket, "error")
    assert error["code"] == code
    socket.close()
    socket = hello(client, table, seat)
    again, _ = until(socket, "act")
    assert again == act
    socket.close()


def test_a_replayed_action_is_refused(client: TestClient) -> None:
    table = new_table(client)
    _, socket, act = mover(client, table)
    action = {"type": "action", "request": act["request"], "index": 1}
    socket.send_json(action)
    until(socket, "act")
    socket.send_json(action)
    error, _ = until(socket, "error")
    assert error["code"] == "stale_request"
    socket.close()


def test_a_spectator_cannot_act(client: TestClient) -> None:
    table = new_table(client)
    socket = hello(client, table, None)
    until(socket, "event")
    socket.send_json({"type": "action", "request": 1, "index": 1})
    assert socket.receive_json()["code"] == "spectator"
    socket.close()


def test_a_flood_of_messages_is_rate_limited(tmp_path: Path) -> None:
    limits = Limits(messages_per_second=1, burst=3)
    with TestClient(create_app(tmp_path / "db", limits=limits)) as client:
        table = new_table(client)
        socket = hello(client, table, 1)
        until(socket, "welcome")
        for _ in range(6):
            socket.send_json({"type": "goodbye"})
        codes = []
        for _ in range(6):
            message = socket.receive_json()
            while message["type"] != "goodbye" and message["type"] != "error":
                message = socket.receive_json()
            codes.append(message.get("code"))
        assert "rate_limited" in codes
        close_all()


def test_a_hello_of_another_version_is_refused(client: TestClient) -> None:
    table = new_table(client)
    socket = connect(client, f"/t/{table['id']}/ws")
    socket.send_json({"type": "hello", "protocol": 2, "token": token(table, 0)})
    assert socket.receive_json()["code"] == "version"


def test_a_test_waiting_for_a_message_never_sent_fails(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that stays silent fails the test that waits, not hangs the suite."""
    monkeypatch.setattr(sys.modules[__name__], "RECEIVE_SECONDS", 0.2)
    table = new_table(client)
    socket = connect(client, f"/t/{table['id']}/ws")  # no hello: nothing to say
    with pytest.raises(TimeoutError):
        until(socket, "event")


# -- views --


def test_the_view_shows_the_seat_its_turn_and_the_result(client: TestClient) -> None:
    table = new_table(client)
    seat, socket, act = mover(client, table, view=True)
    view, _ = until(socket, "view")
    assert view["status"].endswith("your turn, to move")
    assert view["picture"].startswith("<svg")
    assert view["names"] == ["Ann", "Bo"]
    assert view["connected"][seat]
    assert not view["connected"][1 - seat]
    socket.send_json({"type": "action", "request": act["request"], "action": "drop"})
    while view["result"] is None:
        view, _ = until(socket, "view")
    assert "drop" in view["result"]
    assert view["records"][0]["text"].endswith("/hands/1.txt")
    socket.close()


# -- the store --


def test_the_store_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "db"
    Store(path).close()
    import sqlite3

    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match="newer"):
        Store(path)


def test_the_store_migrates_an_empty_database(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    assert store.version() == SCHEMA_VERSION
    store.close()
    with Store(tmp_path / "db") as store:
        assert store.version() == SCHEMA_VERSION


def checkpointed_actions(path: Path, tmp_path: Path) -> int:
    """Count the actions in the database file itself, without its log."""
    import shutil
    import sqlite3

    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(path, copy)
    with contextlib.closing(sqlite3.connect(copy)) as db:
        found = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'actions'")
        if found.fetchone() is None:
            return 0  # even the schema is only in the log
        (count,) = db.execute("SELECT COUNT(*) FROM actions").fetchone()
    return int(count)


def add_actions(store: Store, count: int) -> None:
    store.create_table("t1", {}, {0: "a"}, now=0.0)
    for number in range(count):
        store.add_action("t1", number, {"index": number}, now=1.0)


def test_commits_leave_the_checkpoints_to_the_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's own checkpoint would copy the log within the 1,000th page's commit."""
    monkeypatch.setattr(tonk.web.store, "CHECKPOINT_SECONDS", 3600.0)
    path = tmp_path / "db"
    store = Store(path)
    add_actions(store, 1_000)  # a commit writes a few pages to the log
    assert checkpointed_actions(path, tmp_path) == 0
    assert len(store.actions("t1")) == 1_000
    store.close()  # the last connection to close checkpoints
    assert checkpointed_actions(path, tmp_path) == 1_000


def test_the_log_stays_bounded_while_it_is_written_all_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a checkpoint that empties the log lets it start again from the top."""
    monkeypatch.setattr(tonk.web.store, "CHECKPOINT_SECONDS", 3600.0)
    path = tmp_path / "db"
    store = Store(path)
    add_actions(store, 8_000)  # over twice LOG_PAGES pages
    log = path.with_name(path.name + "-wal").stat().st_size
    frame = 24 + 4_096  # a header and a page
    assert log <= frame * (tonk.web.store.LOG_PAGES + 100)
    assert checkpointed_actions(path, tmp_path) > 0
    store.close()


def test_the_store_checkpoints_on_its_own_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tonk.web.store, "CHECKPOINT_SECONDS", 0.01)
    path = tmp_path / "db"
    store = Store(path)
    add_actions(store, 10)
    deadline = time.monotonic() + 10
    while checkpointed_actions(path, tmp_path) < 10 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert checkpointed_actions(path, tmp_path) == 10
    store.close()


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ("not json", "malformed"),
        ('{"type": "action", "request": 1, "index": 1}', "no_hello"),
        ('{"type": "hello", "protocol": 1, "token": 7}', "bad_token"),
        ('{"type": "hello", "protocol": 1, "colour": "red"}', "unknown_field"),
        ('{"type": "hello", "protocol": 2}', "version"),
        ('{"type": "hello", "protocol": 1, "name": "' + "x" * 5000 + '"}', "too_large"),
    ],
)
def test_a_bad_first_message_is_refused(
    client: TestClient, first: str, code: str
) -> None:
    table = new_table(client)
    socket = connect(client, f"/t/{table['id']}/ws")
    socket.send_text(first)
    assert socket.receive_json()["code"] == code
    assert socket.receive_json()["type"] == "goodbye"


def test_a_socket_for_no_table_is_refused(client: TestClient) -> None:
    socket = connect(client, "/t/nosuch/ws")
    socket.send_json({"type": "hello", "protocol": 1})
    assert socket.receive_json()["code"] == "no_table"


def test_a_bot_to_move_when_the_server_stops_moves_after_the_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db"
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
    with TestClient(create_app(path, bot_delay=1_000)) as client:
        table = new_table(client, seats=seats)
        socket = hello(client, table, 0)
        until(socket, "welcome")
        snapshot, _ = until(socket, "event")
        if snapshot["observation"]["to_move"] == 0:  # play on to the bot's turn
            act, _ = until(socket, "act")
            socket.send_json({"type": "action", "request": act["request"], "index": 1})
            act, _ = until(socket, "act")
            legal = [item for item in act["legal"] if item["action"] != "drop"]
            request = {"type": "action", "request": act["request"]}
            socket.send_json({**request, "index": legal[-1]["index"]})
            until(socket, "event")
        assert "greedy 2 (1) to move" in client.get("/api/tables").json()[0]["status"]
        close_all()
    with TestClient(create_app(path, bot_delay=0)) as client:
        deadline = time.monotonic() + 10
        status = ""
        while "Ann (0)" not in status and time.monotonic() < deadline:
            status = client.get("/api/tables").json()[0]["status"]
            time.sleep(0.02)
        assert "Ann (0)" in status or "finished" in status


def test_a_person_who_lets_a_slap_in_window_run_out_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 790 with these random choices opens a window (V26) for seat 1."""
    monkeypatch.setattr("tonk.web.tables.secrets.randbits", lambda bits: 790)
    limits = Limits(window_seconds=0.1)
    with TestClient(create_app(tmp_path / "db", limits=limits)) as client:
        table = new_table(client, rules={"slap_in": True})
        sockets = {0: hello(client, table, 0), 1: hello(client, table, 1)}
        play_out(sockets, random.Random(790), actions=13)
        act, _ = until(sockets[1], "act")
        assert act["observation"]["slap"] is not None
        assert "pass" in [item["action"] for item in act["legal"]]
        event, _ = until(sockets[1], "event")  # no answer: the time runs out
        assert (event["seat"], event["action"]) == (1, "pass")
        close_all()


def test_a_bot_the_server_offers_may_sit_and_no_other(tmp_path: Path) -> None:
    offered = "tonk.bots:RandomBot"
    with TestClient(create_app(tmp_path / "db", bots=[offered])) as client:
        assert offered in client.get("/api/info").json()["bots"]
        seats = [{"kind": "human"}, {"kind": "bot", "bot": offered}]
        table = new_table(client, seats=seats)
        assert table["seats"][1]["bot"] == offered
        seats[1]["bot"] = "tonk.bots:GreedyBot"
        response = client.post("/api/tables", json={"seats": seats})
        assert response.json()["code"] == "bad_bot"
        seats[1]["bot"] = " GREEDY "
        assert new_table(client, seats=seats)["seats"][1]["bot"] == "greedy"


def test_tonk_serve_without_the_web_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [name for name in sys.modules if name.partition(".")[0] == "starlette"]:
        monkeypatch.setitem(sys.modules, name, None)  # as if not installed
    monkeypatch.delitem(sys.modules, "tonk.web.app")
    assert main(["serve", "--port", "1"]) == 2
    assert "tonk[web]" in capsys.readouterr().err


# -- joins and leaves between hands (V47) --


@pytest.fixture
def roomy(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose rate limit lets a fast test client answer every request."""
    limits = Limits(messages_per_second=10_000, burst=10_000)
    app = create_app(tmp_path / "tonk.sqlite3", bot_delay=0, limits=limits)
    with TestClient(app) as client:
        yield client
        close_all()


def first_hand(client: TestClient, hands: int) -> Message:
    """Create a session of Ann and two bots that is still in its first hand.

    The bots play at once: a bot that drops first ends a hand before Ann is
    there, so a table may be past its first hand already; then take another.
    """
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    for _ in range(50):
        table = new_table(
            client,
            seats=[{"kind": "human", "name": "Ann"}, *bots],
            mode="session",
            hands=hands,
        )
        if summary(client, table)["status"].startswith("hand 1 of"):
            return table
    raise AssertionError("every table was past its first hand")


def summary(client: TestClient, table: Message) -> Message:
    """Return the lobby's summary of ``table``."""
    listed = {entry["id"]: entry for entry in client.get("/api/tables").json()}
    found: Message = listed[table["id"]]
    return found


def play_until(
    socket: WebSocketTestSession, rng: random.Random, kind: str
) -> list[Message]:
    """Answer every act with a random legal action until a message of ``kind``."""
    seen: list[Message] = []
    while True:
        message: Message = socket.receive_json()
        seen.append(message)
        if message["type"] == kind:
            return seen
        if message["type"] == "act":
            choice = rng.choice(message["legal"])["index"]
            socket.send_json(
                {"type": "action", "request": message["request"], "index": choice}
            )


def test_a_player_leaves_between_hands_and_another_takes_a_seat(
    roomy: TestClient, tmp_path: Path
) -> None:
    client = roomy
    table = first_hand(client, 3)
    url = f"/api/tables/{table['id']}/seats"
    assert summary(client, table)["joinable"] is True
    ann = hello(client, table, 0)
    ann.send_json({"type": "leave"})
    joined = client.post(url, json={"name": "Di"})
    assert joined.status_code == 201, joined.text
    link = joined.json()["link"]
    for body, status, code in [
        ({"name": "Di"}, 409, "seating"),  # already joining
        ({"name": "greedy 2"}, 409, "seating"),  # seated
        ({"name": ""}, 400, "bad_seat"),
        ([], 400, "bad_request"),
    ]:
        refused = client.post(url, json=body)
        assert (refused.status_code, refused.json().get("code")) == (status, code), (
            refused.text
        )
    assert (
        client.post("/api/tables/nosuch/seats", json={"name": "E"}).status_code == 404
    )
    di = connect(client, f"/t/{table['id']}/ws")
    di.send_json({"type": "hello", "protocol": 1, "token": link.split("#")[1]})
    assert di.receive_json()["seat"] is None  # watches until the next hand

    ann.send_json({"type": "leave"})
    seen = play_until(ann, random.Random(1), "goodbye")
    errors = [m["code"] for m in seen if m["type"] == "error"]
    assert errors == ["seating"]  # leaving once is enough
    assert seen[-1]["reason"] == "you have left the table"
    (over,) = [m for m in seen if m["type"] == "hand_over"]
    assert not over["over"]

    seen = play_until(di, random.Random(2), "welcome")
    (seating,) = [m for m in seen if m["type"] == "seating"]
    assert seating["hand"] == over["hand"] + 1
    assert "Ann" not in seating["names"]
    assert seen[-1]["seat"] == seating["names"].index("Di")
    seen = play_until(di, random.Random(2), "goodbye")
    assert [m["hand"] for m in seen if m["type"] == "hand_over"][-1] == 3
    listed = summary(client, table)
    assert listed["over"]
    assert sorted(seat["name"] for seat in listed["seats"]) == sorted(seating["names"])
    for hand, players in [(1, 3), (2, 3), (3, 3)]:
        record = client.get(f"/api/tables/{table['id']}/hands/{hand}.json").text
        replayed = tonk.from_json(record, tonk.GameRecord)
        assert replayed.players == players
        assert list(tonk.replay(replayed))[-1].outcome == replayed.outcome
    again = hello(client, table, 0)  # who left watches with their link
    assert again.receive_json()["seat"] is None
    records = [
        client.get(f"/api/tables/{table['id']}/hands/{hand}.txt").text
        for hand in (1, 2, 3)
    ]
    close_all()
    with TestClient(create_app(tmp_path / "tonk.sqlite3")) as restarted:
        seats = [{**seat, "connected": False} for seat in listed["seats"]]
        assert summary(restarted, table) == {**listed, "seats": seats}
        assert records == [
            restarted.get(f"/api/tables/{table['id']}/hands/{hand}.txt").text
            for hand in (1, 2, 3)
        ]


def test_a_restart_replays_the_hands_before_and_after_a_leave(
    roomy: TestClient, tmp_path: Path
) -> None:
    client = roomy
    table = first_hand(client, 3)
    ann = hello(client, table, 0)
    ann.send_json({"type": "leave"})
    seen = play_until(ann, random.Random(4), "goodbye")  # three play, then two
    assert [m for m in seen if m["type"] == "error"] == []
    deadline = time.monotonic() + 30  # the hands after Ann's goodbye play on
    while not (listed := summary(client, table))["over"]:
        assert time.monotonic() < deadline, listed
        time.sleep(0.05)
    assert len(listed["seats"]) == 2
    record = client.get(f"/api/tables/{table['id']}/hands/3.json").text
    (over,) = [message for message in seen if message["type"] == "hand_over"]
    played = sum(
        len(
            json.loads(client.get(f"/api/tables/{table['id']}/hands/{hand}.json").text)[
                "actions"
            ]
        )
        for hand in range(1, over["hand"] + 1)
    )
    with Store(tmp_path / "tonk.sqlite3") as store:
        stored = store.actions(table["id"])
    players = [item.get("players", 3) for item in stored]
    assert players == [3] * played + [2] * (len(stored) - played)
    close_all()
    with TestClient(create_app(tmp_path / "tonk.sqlite3")) as restarted:
        assert summary(restarted, table) == listed
        again = restarted.get(f"/api/tables/{table['id']}/hands/3.json").text
        assert again == record


def test_a_tunk_is_stored_and_a_restart_replays_it(tmp_path: Path) -> None:
    # H5: a tunk has no index of its own in the action layout; the store keeps
    # it by its notation.
    body = {
        "preset": "hoyle",
        "mode": "session",
        "hands": 3,
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
    }
    with TestClient(create_app(tmp_path / "tonk.sqlite3", bot_delay=0)) as client:
        table = client.post("/api/tables", json=body).json()
        deadline = time.monotonic() + 60
        while not (listed := summary(client, table))["over"]:
            assert time.monotonic() < deadline, listed
            time.sleep(0.05)
        records = [
            client.get(f"/api/tables/{table['id']}/hands/{hand}.json").text
            for hand in (1, 2, 3)
        ]
    close_all()
    with Store(tmp_path / "tonk.sqlite3") as store:
        stored = store.actions(table["id"])
    tunks = [item for item in stored if item["action"].startswith("tunk")]
    assert tunks
    assert all(item["index"] is None for item in tunks)
    with TestClient(create_app(tmp_path / "tonk.sqlite3")) as restarted:
        assert summary(restarted, table) == listed
        again = [
            restarted.get(f"/api/tables/{table['id']}/hands/{hand}.json").text
            for hand in (1, 2, 3)
        ]
        assert again == records
    close_all()


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Record the options uvicorn would serve with, serving nothing."""
    calls: list[Any] = []
    monkeypatch.setattr(
        "uvicorn.run", lambda app, **options: calls.append({"app": app, **options})
    )
    return calls


def test_serve_shows_its_address_and_database_escaped(
    ran: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "a\x1b[2Jb.sqlite3"
    assert tonk.web.app.serve(host="127.0.0.1\x1b[31m", port=8001, db_path=db) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert "\x1b" not in line
    assert line == (
        "tonk serve: http://127.0.0.1\\x1b[31m:8001/ with the database"
        f" {tmp_path}/a\\x1b[2Jb.sqlite3"
    )
    assert ran[0]["port"] == 8001


@pytest.mark.parametrize("kind", ["missing folder", "not a database"])
def test_serve_refuses_a_database_it_cannot_open_in_one_line(
    kind: str,
    ran: list[Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "no such folder" / "tonk.sqlite3"
    if kind == "not a database":
        db = tmp_path / "notes.txt"
        db.write_text("these are not the tables you are looking for\n" * 100)
    assert tonk.cli.main(["serve", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tonk: error: cannot open the database {db}: ")
    assert len(err.splitlines()) == 1
    assert ran == []


@pytest.mark.parametrize(
    ("host", "given", "served", "refused"),
    [
        (
            "127.0.0.1",
            None,
            ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"],
            ["evil.example:8000", "tonk.example.org"],
        ),
        ("localhost", None, ["localhost"], ["evil.example"]),
        ("::1", None, ["[::1]:8000"], ["evil.example"]),
        ("0.0.0.0", None, ["192.0.2.7:8000", "tonk.example.org"], []),
        ("tonk.example.org", None, ["evil.example"], []),  # a name: not loopback
        ("127.0.0.1", ["tonk.example.org"], ["tonk.example.org"], ["127.0.0.1:8000"]),
    ],
)
def test_serve_on_the_loopback_serves_only_the_loopback_s_names(
    ran: list[Any],
    tmp_path: Path,
    host: str,
    given: list[str] | None,
    served: list[str],
    refused: list[str],
) -> None:
    db = tmp_path / "tonk.sqlite3"
    assert tonk.web.app.serve(host=host, db_path=db, allowed_hosts=given) == 0
    with TestClient(ran[0]["app"]) as client:
        for name in served:
            assert client.get("/api/info", headers={"host": name}).status_code == 200
        for name in refused:
            assert client.get("/api/info", headers={"host": name}).status_code == 400


def test_tonk_serve_takes_allowed_hosts_and_refuses_a_port_in_one(
    ran: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "tonk.sqlite3")
    argv = ["serve", "--db", db, "--allowed-host", "tonk.example.org"]
    assert main([*argv, "--allowed-host", "*.example.net"]) == 0
    with TestClient(ran[0]["app"]) as client:
        for name, status in [
            ("tonk.example.org", 200),
            ("a.example.net", 200),
            ("127.0.0.1:8000", 400),
        ]:
            assert client.get("/api/info", headers={"host": name}).status_code == status
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--db", db, "--allowed-host", "example.org:443"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "tonk serve: error: argument --allowed-host: a host name has no port or"
        " inner '*' (give *.NAME for the names under NAME), got 'example.org:443'"
    )
    assert len(ran) == 1


def test_a_request_with_an_origin_and_no_host_is_refused() -> None:
    """HTTP/1.0 may leave ``Host`` out: there is then no site to be the same as."""
    app = create_app(":memory:")
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.0",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"origin", b"http://testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 403
    assert json.loads(sent[1]["body"])["code"] == "cross_origin"


def test_choices_between_hands_are_made_shown_stored_and_replayed(
    tmp_path: Path,
) -> None:
    # V45: the dealer calls a suit and each player bets before each deal;
    # the bot seat makes the plain choice, the person any of them.
    body = {
        "preset": "pagat",
        "rules": {"suit_bet": 1, "naturals_bet": 1},
        "mode": "session",
        "hands": 3,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
    }
    rng = random.Random(6)
    with TestClient(create_app(tmp_path / "tonk.sqlite3", bot_delay=0)) as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        table = response.json()
        socket = hello(client, table, 0, view=True)
        received: list[Message] = []
        statuses = []
        while not received or received[-1]["type"] != "goodbye":
            message = socket.receive_json()
            received.append(message)
            if message["type"] == "view":
                statuses.append(message["status"])
            if message["type"] != "act":
                continue
            choice = rng.choice(message["legal"])
            reply: Message = {"type": "action", "request": message["request"]}
            if choice["index"] is None:
                reply["action"] = choice["action"]
            else:
                reply["index"] = choice["index"]
            socket.send_json(reply)
        listed = summary(client, table)
        records = [
            client.get(f"/api/tables/{table['id']}/hands/{hand}.json").text
            for hand in (1, 2, 3)
        ]
        close_all()  # before the server stops
    choices = [m for m in received if m["type"] == "act" and "session" in m]
    assert {entry["action"].split()[0] for m in choices for entry in m["legal"]} == {
        "call",
        "bet",
    }
    said = [m for m in received if m["type"] == "session" and m["seat"] is not None]
    assert {m["action"].split()[0] for m in said} == {"call", "bet"}
    assert [m["hand"] for m in received if m["type"] == "hand_over"] == [1, 2, 3]
    assert any(": your turn, to " in status for status in statuses)
    assert any("suit called: " in status for status in statuses)
    with Store(tmp_path / "tonk.sqlite3") as store:
        stored = store.actions(table["id"])
    between = [item for item in stored if item.get("session")]
    assert {item["action"] for item in between} >= {"call suit C", "bet none"}
    assert all(item["index"] is None for item in between)
    with TestClient(create_app(tmp_path / "tonk.sqlite3")) as restarted:
        after = summary(restarted, table)
        # The same table, but for the person's connection, which ended.
        assert after.pop("seats")[1] == listed.pop("seats")[1]
        assert after == listed
        again = [
            restarted.get(f"/api/tables/{table['id']}/hands/{hand}.json").text
            for hand in (1, 2, 3)
        ]
        assert again == records
    close_all()


def test_a_seat_to_choose_before_the_first_deal_sees_no_hand_yet(
    client: TestClient,
) -> None:
    table = new_table(client, rules={"suit_bet": 1})
    dealer = None
    for seat in (0, 1):
        socket = hello(client, table, seat, view=True)
        view, seen = until(socket, "view")
        kinds = [message["type"] for message in seen]
        assert "event" not in kinds  # no hand has been dealt
        assert view["picture"] == ""
        if "act" in kinds:
            dealer = seat
            assert view["status"] == "hand 1 of 1: your turn, to call a suit"
            act = next(message for message in seen if message["type"] == "act")
            socket.send_json(
                {"type": "action", "request": act["request"], "action": "call suit S"}
            )
            said, _ = until(socket, "session")
            assert (said["seat"], said["action"]) == (seat, "call suit S")
        socket.close()
    assert dealer is not None
