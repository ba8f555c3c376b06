"""tonk serve killed with SIGKILL mid-hand and started again: every table resumes.

A real server (``python -m tonk serve``, uvicorn) on the loopback, a real
database file, real WebSockets.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("websockets")

from websockets.sync.client import ClientConnection, connect

Message = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``tonk serve`` in a subprocess, with its database in ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "tonk", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--db", str(self.path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/api/tables")
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: Message) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    @contextlib.contextmanager
    def join(self, table_id: str, token: str | None) -> Iterator[ClientConnection]:
        with connect(f"ws://127.0.0.1:{self.port}/t/{table_id}/ws") as socket:
            hello: Message = {"type": "hello", "protocol": 1}
            if token is not None:
                hello["token"] = token
            socket.send(json.dumps(hello))
            yield socket


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "tonk.sqlite3")
    server.start()
    yield server
    server.stop()


def read(socket: ClientConnection, kind: str) -> Message:
    while True:
        message: Message = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return message


def public_view(server: Server, table_id: str) -> Message:
    with server.join(table_id, None) as socket:
        read(socket, "welcome")
        event = read(socket, "event")
        observation: Message = event["observation"]
        return observation


@contextlib.contextmanager
def open_act(
    server: Server, table_id: str, tokens: dict[int, str]
) -> Iterator[tuple[ClientConnection, Message]]:
    """Connect the seat to move; give its socket and the act it is sent."""
    seat = public_view(server, table_id)["to_move"]
    with server.join(table_id, tokens[seat]) as socket:
        yield socket, read(socket, "act")


def play(
    server: Server, table_id: str, tokens: dict[int, str], rng: random.Random
) -> None:
    """Play one random legal action for the seat to move."""
    with open_act(server, table_id, tokens) as (socket, act):
        answer(socket, act, rng)


def answer(socket: ClientConnection, act: Message, rng: random.Random) -> None:
    """Play a random legal action, but never drop: the hand goes on for longer."""
    legal = [item for item in act["legal"] if item["action"] != "drop"]
    choice = rng.choice(legal or act["legal"])["index"]
    message = {"type": "action", "request": act["request"], "index": choice}
    socket.send(json.dumps(message))
    read(socket, "event")


def test_a_killed_server_resumes_every_table_exactly(server: Server) -> None:
    rng = random.Random(4)
    humans = [{"kind": "human"}, {"kind": "human"}]
    tables = [
        server.post("/api/tables", {"seats": humans, "mode": "session", "hands": 3})
        for _ in range(2)
    ]
    tokens = {
        table["id"]: {
            seat["seat"]: seat["link"].split("#")[1] for seat in table["seats"]
        }
        for table in tables
    }
    for table_id, seats in tokens.items():
        for _ in range(5):
            play(server, table_id, seats, rng)
    before = {table_id: public_view(server, table_id) for table_id in tokens}
    with contextlib.ExitStack() as held:
        acts = {
            table_id: held.enter_context(open_act(server, table_id, seats))[1]
            for table_id, seats in tokens.items()
        }
        server.kill()  # mid-hand, each seat to move connected, holding its act
    server.start()

    for table_id, seats in tokens.items():
        assert public_view(server, table_id) == before[table_id]
        with open_act(server, table_id, seats) as (socket, again):
            assert again == acts[table_id]  # the same request, view and actions
            answer(socket, again, rng)
        for _ in range(2_000):
            if is_over(server, table_id):
                break
            play(server, table_id, seats, rng)
        assert is_over(server, table_id)
        assert server.get(f"/api/tables/{table_id}/hands/3.json")["actions"]


def is_over(server: Server, table_id: str) -> bool:
    listed = {table["id"]: table for table in server.get("/api/tables")}
    over: bool = listed[table_id]["over"]
    return over


def test_a_killed_server_replays_joins_and_leaves(server: Server) -> None:
    rng = random.Random(6)
    humans = [{"kind": "human", "name": name} for name in ("Ann", "Bo", "Cy")]
    table = server.post("/api/tables", {"seats": humans, "mode": "session", "hands": 3})
    table_id = table["id"]
    tokens = {seat["name"]: seat["link"].split("#")[1] for seat in table["seats"]}
    with server.join(table_id, tokens["Ann"]) as socket:
        socket.send(json.dumps({"type": "leave"}))
        socket.send(json.dumps({"type": "leave"}))
        assert read(socket, "error")["code"] == "seating"  # the first is committed
    joined = server.post(f"/api/tables/{table_id}/seats", {"name": "Di"})
    tokens["Di"] = joined["link"].split("#")[1]
    before = public_view(server, table_id)
    server.kill()
    server.start()

    assert public_view(server, table_id) == before
    with server.join(table_id, tokens["Ann"]) as socket:
        assert read(socket, "welcome")["seat"] is not None  # seated until it ends
        socket.send(json.dumps({"type": "leave"}))
        assert read(socket, "error")["code"] == "seating"  # still leaving
    for _ in range(2_000):
        seats = [seat["name"] for seat in listed(server, table_id)["seats"]]
        if "Ann" not in seats or is_over(server, table_id):
            break
        play(server, table_id, dict(enumerate(tokens[name] for name in seats)), rng)
    summary = listed(server, table_id)
    assert not summary["over"]
    names = [seat["name"] for seat in summary["seats"]]
    assert sorted(names) == ["Bo", "Cy", "Di"]
    server.kill()
    server.start()
    assert [seat["name"] for seat in listed(server, table_id)["seats"]] == names


def listed(server: Server, table_id: str) -> Message:
    summary: Message = {table["id"]: table for table in server.get("/api/tables")}[
        table_id
    ]
    return summary
