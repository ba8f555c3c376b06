"""The HTTP and WebSocket layer of ``tonk serve``, checked to kill its mutants.

These tests drive :func:`tonk.web.app.create_app` through Starlette's test
client, in the test's own process (so that mutmut's mutants of
``tonk.web.app`` run), and pin what a hostile or buggy client gets: the exact
status, content type and JSON body of every refusal (bad JSON, wrong types,
unknown fields, bodies too big or deep, unknown tables, wrong methods), the
exact messages and close codes of a WebSocket (a bad or missing hello, a
binary frame), and that a refused request changes nothing. They also pin
:func:`tonk.web.app.serve`'s call of uvicorn. They were written to kill the
mutants of ``tonk.web.app`` that ``tests/test_web.py`` left alive
(docs/maintainers.md, "Mutation testing").
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.applications import Starlette
from starlette.testclient import TestClient, WebSocketTestSession
from test_web import bounded, new_table, token

import tonk.web.app
from tonk import presets
from tonk.bots import BUILT_IN_BOTS
from tonk.protocol import PROTOCOL_VERSION
from tonk.web.app import create_app, serve
from tonk.web.store import Store
from tonk.web.tables import Limits, TableManager

Message = dict[str, Any]

STATIC = Path(tonk.web.app.__file__).parent / "static"
HUMANS: Message = {
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
}
JSON_TYPE = "application/json"
BINARY = "a message is JSON text, not binary"


@pytest.fixture(autouse=True)
def one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal every table from one seed (7), as ``tests/test_web.py`` does."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "tonk.sqlite3", bot_delay=0)
    with TestClient(app) as client:
        yield client


def refused(response: Any, status: int, code: str, message: str) -> None:
    """Check a refusal: its status, JSON content type and exact body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == JSON_TYPE
    assert response.json() == {"error": message, "code": code}
    assert response.text == json.dumps(
        {"error": message, "code": code}, separators=(",", ":"), ensure_ascii=False
    )


def close_code(socket: WebSocketTestSession) -> tuple[list[Message], int]:
    """Read a socket until the server closes it: the messages and the code."""
    seen: list[Message] = []
    while True:
        message = socket.receive()
        if message["type"] == "websocket.close":
            code: int = message["code"]
            return seen, code
        seen.append(json.loads(message["text"]))


def until(socket: WebSocketTestSession, kind: str) -> Message:
    while True:
        message: Message = socket.receive_json()
        if message["type"] == kind:
            return message


def connected(client: TestClient, table: Message) -> list[bool]:
    listed = {entry["id"]: entry for entry in client.get("/api/tables").json()}
    return [seat["connected"] for seat in listed[table["id"]]["seats"]]


# -- pages and the lobby's reads --


def test_the_pages_are_the_shipped_html(client: TestClient) -> None:
    """``/`` and ``/t/{id}`` answer the shipped files as HTML."""
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert lobby.headers["content-type"] == "text/html; charset=utf-8"
    assert lobby.content == (STATIC / "index.html").read_bytes()
    table = new_table(client)
    page = client.get(f"/t/{table['id']}")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.content == (STATIC / "table.html").read_bytes()
    style = client.get("/static/style.css")
    assert style.content == (STATIC / "style.css").read_bytes()


@pytest.mark.parametrize("table_id", ["nosuch", "00000000", "%3Cscript%3E"])
def test_the_page_of_no_table_is_a_json_404(client: TestClient, table_id: str) -> None:
    refused(client.get(f"/t/{table_id}"), 404, "no_table", "no such table")


def test_info_lists_every_preset_the_bots_and_the_protocol(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db", bots=["tonk.bots:RandomBot"])
    with TestClient(app) as client:
        response = client.get("/api/info")
    assert response.status_code == 200
    assert response.headers["content-type"] == JSON_TYPE
    assert response.json() == {
        "presets": {
            name: {"max_players": presets.get(name).max_players}
            for name in presets.names()
        },
        "bots": [*BUILT_IN_BOTS, "tonk.bots:RandomBot"],
        "protocol": PROTOCOL_VERSION,
    }


def test_a_new_server_lists_no_table_and_a_new_table_is_201(
    client: TestClient,
) -> None:
    listed = client.get("/api/tables")
    assert (listed.status_code, listed.headers["content-type"]) == (200, JSON_TYPE)
    assert listed.text == "[]"
    response = client.post("/api/tables", json=HUMANS)
    assert (response.status_code, response.headers["content-type"]) == (
        201,
        JSON_TYPE,
    )
    table = response.json()
    assert set(table) == {"id", "seats", "spectate"}
    assert table["spectate"] == f"/t/{table['id']}"
    assert [entry["id"] for entry in client.get("/api/tables").json()] == [table["id"]]


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("PUT", "/api/tables", "GET, HEAD"),
        ("DELETE", "/api/tables", "GET, HEAD"),
        ("GET", "/api/tables/abc/seats", "POST"),
        ("PUT", "/api/tables/abc/seats", "POST"),
        ("POST", "/api/info", "GET, HEAD"),
        ("POST", "/", "GET, HEAD"),
    ],
)
def test_a_wrong_method_is_405_and_changes_nothing(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    response = client.request(method, path, json=HUMANS)
    assert response.status_code == 405
    assert sorted(response.headers["allow"].split(", ")) == allow.split(", ")
    assert client.get("/api/tables").json() == []


# -- a new table's request --


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        (b"[]", "bad_request", "a new table is a JSON object"),
        (b"null", "bad_request", "a new table is a JSON object"),
        (b'"pagat"', "bad_request", "a new table is a JSON object"),
        (b"7", "bad_request", "a new table is a JSON object"),
        (b'{"sets": []}', "unknown_field", "a new table has no field 'sets'"),
        (b'{"seats": 1}', "bad_seat", "seats must be a list of objects"),
        (b'{"seats": [1, 2]}', "bad_seat", "seats must be a list of objects"),
        (b'{"preset": 1}', "bad_rules", "preset must be a preset's name"),
        (
            b'{"seats": [{"kind": "human", "admin": true}, {"kind": "human"}]}',
            "unknown_field",
            "a seat has no field 'admin'",
        ),
        (
            b"{not json",
            "bad_json",
            "the request is not JSON: $: not valid JSON: Expecting property name"
            " enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        (
            b"",
            "bad_json",
            "the request is not JSON: $: not valid JSON: Expecting value:"
            " line 1 column 1 (char 0)",
        ),
        (
            b'"\xff"',
            "bad_json",
            "the request is not JSON: $: the document is not UTF-8: 'utf-8' codec"
            " can't decode byte 0xff in position 1: invalid start byte",
        ),
        (
            b'{"preset": "pagat", "preset": "x"}',
            "bad_json",
            'the request is not JSON: $: the key "preset" is repeated in an object',
        ),
        (
            b'{"preset": NaN}',
            "bad_json",
            "the request is not JSON: $: NaN is not a JSON number",
        ),
        (
            b"[" * 17 + b"]" * 17,
            "bad_json",
            "the request is not JSON: $: the document nests lists and objects"
            " more than 16 deep",
        ),
    ],
)
def test_a_bad_new_table_gets_its_exact_error_and_creates_nothing(
    client: TestClient, body: bytes, code: str, message: str
) -> None:
    refused(client.post("/api/tables", content=body), 400, code, message)
    assert client.get("/api/tables").json() == []


def test_a_body_of_exactly_the_limit_is_read_and_one_byte_more_is_too_big(
    tmp_path: Path,
) -> None:
    """The limit counts bytes, the last one included, and names itself."""
    body = json.dumps(HUMANS).encode()
    app = create_app(tmp_path / "db", limits=Limits(request_bytes=len(body) + 5))
    with TestClient(app) as client:
        refused(
            client.post("/api/tables", content=body + b" " * 6),
            400,
            "too_big",
            f"the request is over {len(body) + 5} bytes",
        )
        assert client.get("/api/tables").json() == []
        response = client.post("/api/tables", content=body + b" " * 5)
        assert response.status_code == 201, response.text


def chunks(*parts: bytes) -> Iterable[bytes]:
    """A request body sent in pieces (chunked), as a slow client sends it."""
    yield from parts


def test_a_body_sent_in_pieces_is_read_whole_and_measured_whole(
    tmp_path: Path,
) -> None:
    body = json.dumps(HUMANS).encode()
    half = len(body) // 2
    app = create_app(tmp_path / "db", limits=Limits(request_bytes=len(body)))
    with TestClient(app) as client:
        response = client.post("/api/tables", content=chunks(body[:half], body[half:]))
        assert response.status_code == 201, response.text
        assert [seat["name"] for seat in response.json()["seats"]] == ["Ann", "Bo"]
        refused(
            client.post("/api/tables", content=chunks(body, b" ")),
            400,
            "too_big",
            f"the request is over {len(body)} bytes",
        )
        assert len(client.get("/api/tables").json()) == 1


def test_a_full_server_is_503_with_its_limit_named(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db", limits=Limits(max_tables=1))
    with TestClient(app) as client:
        new_table(client)
        refused(
            client.post("/api/tables", json=HUMANS),
            503,
            "too_many_tables",
            "the server holds its limit of 1 tables",
        )
        assert len(client.get("/api/tables").json()) == 1


# -- taking a seat --


@pytest.mark.parametrize(
    ("body", "status", "code", "message"),
    [
        (b"[]", 400, "bad_request", "a join is a JSON object with a name"),
        (b'"Di"', 400, "bad_request", "a join is a JSON object with a name"),
        (b'{"name": "Di", "seat": 0}', 400, "unknown_field",
         "a join has no field 'seat'"),
        (b'{"name": ""}', 400, "bad_seat", "a seat's name must be non-empty text"),
        (b'{"name": 7}', 400, "bad_seat", "a seat's name must be non-empty text"),
        (b"{}", 400, "bad_seat", "a seat's name must be non-empty text"),
        (b'{"name": "Ann"}', 409, "seating", "'Ann' is already seated"),
        (b'{"name": "Di"', 400, "bad_json", "the request is not JSON: $: not valid"
         " JSON: Expecting ',' delimiter: line 1 column 14 (char 13)"),
        (b'{"name": "' + b"x" * 70_000 + b'"}', 400, "too_big",
         "the request is over 65536 bytes"),
    ],
)  # fmt: skip
def test_a_bad_join_gets_its_exact_error_and_seats_nobody(
    client: TestClient, body: bytes, status: int, code: str, message: str
) -> None:
    table = new_table(client, mode="session", hands=3)
    url = f"/api/tables/{table['id']}/seats"
    refused(client.post(url, content=body), status, code, message)
    response = client.post(url, json={"name": "Di"})  # the seat is still free
    assert response.status_code == 201, response.text


def test_a_join_is_201_with_a_link_that_opens_the_table(client: TestClient) -> None:
    table = new_table(client, mode="session", hands=3)
    response = client.post(f"/api/tables/{table['id']}/seats", json={"name": " Di "})
    assert (response.status_code, response.headers["content-type"]) == (
        201,
        JSON_TYPE,
    )
    answer = response.json()
    assert set(answer) == {"name", "link"}
    assert answer["name"] == "Di"
    prefix = f"/t/{table['id']}#"
    assert answer["link"].startswith(prefix)
    assert answer["link"][len(prefix) :] not in (token(table, 0), token(table, 1))


def test_a_join_at_a_table_of_one_hand_is_409(client: TestClient) -> None:
    table = new_table(client)
    refused(
        client.post(f"/api/tables/{table['id']}/seats", json={"name": "Di"}),
        409,
        "seating",
        "the table plays no hand after this one",
    )


@pytest.mark.parametrize("table_id", ["nosuch", "00000000"])
def test_a_join_at_no_table_is_404(client: TestClient, table_id: str) -> None:
    refused(
        client.post(f"/api/tables/{table_id}/seats", json={"name": "Di"}),
        404,
        "no_table",
        "no such table",
    )


# -- records --


def finished_table(client: TestClient) -> Message:
    """A table of two bots, which they play to its end at once."""
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    table = new_table(client, seats=bots)
    deadline = time.monotonic() + 30
    while not client.get("/api/tables").json()[0]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the hand"
        time.sleep(0.01)
    return table


def test_a_record_is_an_attachment_of_its_kind(client: TestClient) -> None:
    table = finished_table(client)
    table_id = table["id"]
    as_json = client.get(f"/api/tables/{table_id}/hands/1.json")
    assert as_json.status_code == 200
    assert as_json.headers["content-type"] == JSON_TYPE
    assert as_json.headers["content-disposition"] == (
        f'attachment; filename="tonk-{table_id}-hand-1.json"'
    )
    assert json.loads(as_json.text)["players"] == 2
    as_text = client.get(f"/api/tables/{table_id}/hands/1.txt")
    assert as_text.status_code == 200
    assert as_text.headers["content-type"] == "text/plain; charset=utf-8"
    assert as_text.headers["content-disposition"] == (
        f'attachment; filename="tonk-{table_id}-hand-1.txt"'
    )
    assert as_text.text != as_json.text
    assert tonk.parse_record(as_text.text) == tonk.from_json(
        as_json.text, tonk.GameRecord
    )


def test_a_record_that_does_not_exist_is_404(client: TestClient) -> None:
    """No such hand, or a kind that is not ``json`` or ``txt``: nothing found."""
    table_id = finished_table(client)["id"]
    refused(
        client.get(f"/api/tables/{table_id}/hands/9.json"),
        404,
        "no_record",
        "the table has no hand 9",
    )
    refused(
        client.get(f"/api/tables/{table_id}/hands/0.txt"),
        404,
        "no_record",
        "the table has no hand 0",
    )
    refused(
        client.get(f"/api/tables/{table_id}/hands/1.xml"),
        404,
        "no_record",
        "a record is .json or .txt",
    )
    refused(
        client.get("/api/tables/nosuch/hands/1.json"), 404, "no_table", "no such table"
    )


def test_a_record_of_a_table_in_play_is_409(client: TestClient) -> None:
    table = new_table(client)
    refused(
        client.get(f"/api/tables/{table['id']}/hands/1.txt"),
        409,
        "playing",
        "records are shown once the table has finished",
    )


# -- WebSockets --


def test_a_refused_hello_gets_an_error_a_goodbye_and_close_1008(
    client: TestClient,
) -> None:
    table = new_table(client)
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        socket.send_json({"type": "hello", "protocol": 1, "token": "guessed"})
        said = "this link opens no seat at this table"
        assert close_code(socket) == (
            [
                {"type": "error", "code": "bad_token", "message": said},
                {"type": "goodbye", "reason": said},
            ],
            1008,
        )
    assert connected(client, table) == [False, False]


@pytest.mark.parametrize("table_id", ["nosuch", "00000000"])
def test_a_socket_to_no_table_is_refused_with_close_1008(
    client: TestClient, table_id: str
) -> None:
    with bounded(client.websocket_connect(f"/t/{table_id}/ws")) as socket:
        socket.send_json({"type": "hello", "protocol": 1})
        assert close_code(socket) == (
            [
                {"type": "error", "code": "no_table", "message": "no such table"},
                {"type": "goodbye", "reason": "no such table"},
            ],
            1008,
        )


def test_a_socket_that_sends_no_hello_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tonk.web.app, "_HELLO_SECONDS", 0.05)
    table = new_table(client)
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        assert close_code(socket) == ([], 1000)
    assert connected(client, table) == [False, False]


def test_a_seat_is_connected_while_its_socket_is_open(client: TestClient) -> None:
    table = new_table(client)
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        socket.send_json({"type": "hello", "protocol": 1, "token": token(table, 1)})
        assert socket.receive_json()["type"] == "welcome"
        assert connected(client, table) == [False, True]
    deadline = time.monotonic() + 10
    while connected(client, table) != [False, False]:
        assert time.monotonic() < deadline, "the closed seat stayed connected"
        time.sleep(0.01)


@pytest.mark.parametrize(
    ("query", "views"),
    [("?view=1", True), ("?view=true", False), ("?view=0", False), ("", False)],
)
def test_only_view_1_asks_for_the_views(
    client: TestClient, query: str, views: bool
) -> None:
    """A spectator's socket; after its welcome and snapshot, a view or nothing."""
    table = new_table(client)
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws{query}")) as socket:
        socket.send_json({"type": "hello", "protocol": 1})
        assert socket.receive_json()["type"] == "welcome"
        assert socket.receive_json()["type"] == "event"
        socket.send_json({"type": "action", "request": 1, "index": 1})
        if views:
            assert socket.receive_json()["type"] == "view"
        assert socket.receive_json()["code"] == "spectator"


@pytest.mark.parametrize("text", [False, True])
def test_a_binary_hello_gets_an_error_and_close_1003(
    client: TestClient, text: bool
) -> None:
    """Bytes alone (uvicorn), or bytes with a text of None (some other servers)."""
    table = new_table(client)
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        hello = {"type": "hello", "protocol": 1, "token": token(table, 0)}
        message: Message = {"type": "websocket.receive"}
        message["bytes"] = json.dumps(hello).encode()
        if text:
            message["text"] = None
        socket.send(message)
        assert close_code(socket) == (
            [
                {"type": "error", "code": "malformed", "message": BINARY},
                {"type": "goodbye", "reason": BINARY},
            ],
            1003,
        )
    assert connected(client, table) == [False, False]


def test_a_binary_message_at_a_seat_closes_it_and_changes_nothing(
    client: TestClient,
) -> None:
    table = new_table(client)
    hello = {"type": "hello", "protocol": 1, "token": token(table, 0)}
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        socket.send_json(hello)
        before = until(socket, "event")
        socket.send_bytes(b'{"type": "action", "request": 1, "index": 1}')
        seen, code = close_code(socket)
        assert seen[-2:] == [
            {"type": "error", "code": "malformed", "message": BINARY},
            {"type": "goodbye", "reason": BINARY},
        ]
        assert code == 1003
    with bounded(client.websocket_connect(f"/t/{table['id']}/ws")) as socket:
        socket.send_json(hello)  # the seat is free again, the table as it was
        assert until(socket, "event") == before


# -- create_app and serve --


def test_create_app_builds_its_manager_with_its_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Message] = []

    class Recording(TableManager):
        def __init__(self, **options: Any) -> None:
            made.append(options)
            super().__init__(**options)

    monkeypatch.setattr(tonk.web.app, "TableManager", Recording)
    assert isinstance(create_app(tmp_path / "db"), Starlette)
    limits = Limits(max_tables=3)
    create_app(tmp_path / "db", limits=limits, bot_delay=0.25, bots=["m:C"])
    assert made == [
        {"limits": None, "bot_delay": 0.6, "bots": ()},
        {"limits": limits, "bot_delay": 0.25, "bots": ["m:C"]},
    ]


def test_the_app_keeps_its_tables_in_its_database(tmp_path: Path) -> None:
    path = tmp_path / "tonk.sqlite3"
    with TestClient(create_app(path)) as client:
        table = new_table(client)
    store = Store(path)
    assert [row.id for row in store.tables()] == [table["id"]]
    store.close()
    with TestClient(create_app(path)) as client:
        assert [entry["id"] for entry in client.get("/api/tables").json()] == [
            table["id"]
        ]


def test_serve_runs_uvicorn_on_the_loopback_with_its_limits(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The defaults: 127.0.0.1:8000, ``tonk.sqlite3``, 64 KiB frames, no deflate."""
    ran: list[tuple[Any, Message]] = []
    monkeypatch.setattr(
        "uvicorn.run", lambda app, **options: ran.append((app, options))
    )
    monkeypatch.chdir(tmp_path)
    assert serve() == 0
    assert capsys.readouterr().out == (
        "tonk serve: http://127.0.0.1:8000/ with the database tonk.sqlite3\n"
    )
    [(app, options)] = ran
    assert options == {
        "host": "127.0.0.1",
        "port": 8000,
        "ws_max_size": 65_536,
        "ws_per_message_deflate": False,
    }
    assert isinstance(app, Starlette)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        table = new_table(client)
        assert client.get("/api/info").json()["bots"] == list(BUILT_IN_BOTS)
    store = Store(tmp_path / "tonk.sqlite3")
    assert [row.id for row in store.tables()] == [table["id"]]
    store.close()


def test_serve_passes_its_host_port_database_and_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[tuple[Any, Message]] = []
    monkeypatch.setattr(
        "uvicorn.run", lambda app, **options: ran.append((app, options))
    )
    db = tmp_path / "other.sqlite3"
    offered = "tonk.bots:RandomBot"
    assert serve(host="0.0.0.0", port=9, db_path=db, bots=[offered]) == 0
    [(app, options)] = ran
    assert (options["host"], options["port"]) == ("0.0.0.0", 9)
    with TestClient(app) as client:
        assert client.get("/api/info").json()["bots"][-1] == offered
        table = new_table(client)
    store = Store(db)
    assert [row.id for row in store.tables()] == [table["id"]]
    store.close()


def test_serve_without_uvicorn_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    with pytest.raises(ImportError) as raised:
        serve(db_path=tmp_path / "db")
    assert str(raised.value) == (
        "tonk serve needs uvicorn: install the tonk[web] extra"
        " (pip install 'tonk[web]')"
    )
    assert not (tmp_path / "db").exists()
