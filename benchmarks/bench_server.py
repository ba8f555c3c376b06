"""Benchmark ``tonk serve`` under load: many tables of bots playing at once.

Run ``python benchmarks/bench_server.py`` (``--quick`` for a short run, as CI
does). It needs the ``web`` extra. It starts ``python -m tonk serve`` on a free
port of the loopback with a fresh database in a temporary directory, creates
``--tables`` tables of two seats each, and plays every seat from this process
over its own WebSocket, as a bot client would: on each ``act`` it answers a
random legal action (never a drop, so hands run their length). Every table
plays ``--hands`` hands. Bounded: it stops after ``--seconds`` at most.

Each connection keeps to the server's rate limit (20 messages a second, in
bursts of 40: :class:`tonk.web.tables.Limits`), as a well-behaved bot client
must: the server drops a message over the limit with a ``rate_limited`` error,
and a client that waits for the answer to it waits for ever. A table plays as
fast as its turns come back, so without this a table ran over the limit within
its first hand and stood still until the run's time was up. The benchmark
counts the errors and the tables that did not finish.

Figures:

- actions/s: actions the server accepted (each committed to SQLite before it
  was announced) per second of wall time, over all tables;
- action latency: from a client sending its action to its receiving the
  table's event of that action (the server decoded it, checked it, applied
  it, committed it, and built and sent every seat's and the spectators'
  events), p50 and p99;
- the seats that played to the table's goodbye, and the errors the server
  sent (there should be none);
- CPU time per action of the server process and of the clients' process,
  which tells the server's cost apart from the machine's load;
- the share of the run the server spent running and waiting for a CPU while
  ready to run (its event loop's thread, from Linux's ``schedstat``): a
  server that is never idle is at its limit, and its wait is the CPU other
  processes took from it; and the machine's load average during the run.

The clients share the machine with the server (two cores here), so the
figures are the server's throughput while it shares the CPU with its load.
The clients run in one process, each seat a :class:`Seat`: the ``websockets``
package's protocol driven straight from the socket's bytes, on uvloop, at a
fifth of the server's CPU per action. Every seat always has its table's one
open request, answered at once, so the server always has work and the
latency is mostly the wait for its turn on the server: about the number of
tables over the actions per second. When other work keeps the machine busy,
actions/s and the latencies tell how much CPU the server got, and its CPU
per action what it would need (1,000 actions/s needs under 1 ms of CPU per
action on one core).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from targets import QUICK, print_target
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from tonk.web.tables import Limits

EVENT = '{"type":"event",'
"""How the server's every ``event`` message begins (compact JSON, type first)."""

AT_LEAST_ACTIONS = 1_000.0
AT_MOST_P99_MS = 50.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tonk", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=5)
            return process
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise
            time.sleep(0.1)


def run_and_wait(pid: int) -> tuple[float, float]:
    """Return how long a process's main thread has run, and waited for a CPU.

    It waited when it was ready to run and other processes had the CPUs.
    Linux's ``/proc/<pid>/schedstat``, whose fields are in nanoseconds.
    """
    ran, waited = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    return int(ran) / 1e9, int(waited) / 1e9


def cpu_seconds(pid: int) -> float:
    """Return the CPU time a process has used, user and system (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def create_table(port: int, hands: int) -> dict[str, Any]:
    body = {
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "mode": "session",
        "hands": hands,
    }
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        table: dict[str, Any] = json.loads(response.read())
        return table


class Pacer:
    """Keep one connection's messages within the server's rate limit.

    The same token bucket as the server's, with a margin: half the burst, and
    nine tenths of the rate, so that messages bunched up on the way still fit.
    """

    def __init__(self, limits: Limits) -> None:
        self.rate = 0.9 * limits.messages_per_second
        self.burst = limits.burst / 2
        self.budget = self.burst
        self.checked = time.monotonic()

    def delay(self) -> float:
        """Spend one message of the budget; return the seconds to wait first."""
        now = time.monotonic()
        self.budget = min(self.burst, self.budget + (now - self.checked) * self.rate)
        self.checked = now
        self.budget -= 1
        return 0.0 if self.budget >= 0 else -self.budget / self.rate


class Tally:
    """What all the clients saw: action latencies, errors, finished seats."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = 0


class Seat(asyncio.Protocol):
    """One seat's WebSocket connection, which plays until the table's goodbye.

    The WebSocket is the ``websockets`` package's own protocol (the handshake,
    masked frames, pings and closing), without its asyncio layer: each message
    is handled as its bytes arrive, with no task or future per message, so
    that the clients' process costs the machine as little as it can.

    A table asks one seat at a time, so the first event a seat gets after its
    action is that action's: its latency ends there. The other events are not
    read (a seat needs only its requests).
    """

    def __init__(self, url: str, token: str, rng: random.Random, tally: Tally) -> None:
        self.websocket = ClientProtocol(parse_uri(url), max_size=None)
        self.token = token
        self.rng = rng
        self.tally = tally
        self.pacer = Pacer(Limits())
        self.sent: float | None = None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not one
        self.websocket.send_request(self.websocket.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.websocket.receive_data(data)
        for event in self.websocket.events_received():
            if isinstance(event, Response):  # the handshake's answer
                if self.websocket.handshake_exc is not None:
                    self.end(self.websocket.handshake_exc)
                    return
                self.send({"type": "hello", "protocol": 1, "token": self.token})
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                assert event.fin, "the server sends each message in one frame"
                self.receive(str(event.data, "utf-8"))
        self.flush()

    def receive(self, text: str) -> None:
        if text.startswith(EVENT):
            if self.sent is not None:
                self.tally.latencies.append(time.perf_counter() - self.sent)
                self.sent = None
            return
        message = json.loads(text)
        kind = message["type"]
        if kind == "act":
            legal = [item for item in message["legal"] if item["action"] != "drop"]
            choice = self.rng.choice(legal or message["legal"])["index"]
            answer = {"type": "action", "request": message["request"], "index": choice}
            if (wait := self.pacer.delay()) > 0:
                asyncio.get_running_loop().call_later(wait, self.act, answer)
            else:
                self.act(answer)
        elif kind == "error":
            code = message["code"]
            self.tally.errors[code] = self.tally.errors.get(code, 0) + 1
            self.sent = None
        elif kind == "goodbye":
            self.tally.finished += 1
            self.websocket.send_close(1000)
            self.end(None)

    def act(self, answer: dict[str, Any]) -> None:
        self.sent = time.perf_counter()
        self.send(answer)
        self.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.websocket.send_text(json.dumps(message).encode())

    def flush(self) -> None:
        assert self.transport is not None
        for data in self.websocket.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()

    def end(self, error: BaseException | None) -> None:
        if not self.done.done():
            if error is None:
                self.done.set_result(None)
            else:
                self.done.set_exception(error)

    def connection_lost(self, error: Exception | None) -> None:
        self.end(error or ConnectionError("the server closed the connection"))


async def play_seat(
    port: int, table_id: str, token: str, rng: random.Random, tally: Tally
) -> None:
    """Play one seat until the table says goodbye."""
    url = f"ws://127.0.0.1:{port}/t/{table_id}/ws"
    loop = asyncio.get_running_loop()
    _, seat = await loop.create_connection(
        lambda: Seat(url, token, rng, tally), "127.0.0.1", port
    )
    try:
        await seat.done
    finally:
        assert seat.transport is not None
        seat.transport.close()


async def run_load(
    port: int, tables: list[dict[str, Any]], seconds: float
) -> tuple[Tally, float]:
    tally = Tally()
    rng = random.Random(1)
    seats = [
        play_seat(
            port,
            table["id"],
            seat["link"].split("#", 1)[1],
            random.Random(rng.random()),
            tally,
        )
        for table in tables
        for seat in table["seats"]
    ]
    began = time.perf_counter()
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await asyncio.gather(*seats)
    return tally, time.perf_counter() - began


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """Return uvloop's event loop (the ``web`` extra has it), or asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--quick", action="store_true", help="a short run, for CI")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.hands, args.seconds = 50, 1, 30.0
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "bench.sqlite3")
        try:
            tables = [create_table(port, args.hands) for _ in range(args.tables)]
            clients_began = time.process_time()
            server_began = cpu_seconds(server.pid)
            ran_began, waited_began = run_and_wait(server.pid)
            load_began = os.getloadavg()[0]
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                tally, elapsed = runner.run(run_load(port, tables, args.seconds))
            load_ended = os.getloadavg()[0]
            server_cpu = cpu_seconds(server.pid) - server_began
            ran_ended, waited_ended = run_and_wait(server.pid)
            clients_cpu = time.process_time() - clients_began
        finally:
            server.terminate()
            server.wait(timeout=10)
    actions = len(tally.latencies)
    if not actions:
        raise SystemExit(f"no action was played; errors: {tally.errors}")
    rate = actions / elapsed
    p50 = 1000 * percentile(tally.latencies, 0.50)
    p99 = 1000 * percentile(tally.latencies, 0.99)
    errors = ", ".join(f"{code} {n}" for code, n in sorted(tally.errors.items()))
    print(
        f"tonk serve: {args.tables} tables of 2 bot clients, {args.hands} hands"
        f" each, over WebSockets on the loopback"
    )
    print(f"  {actions:,} actions in {elapsed:.1f} s: {rate:,.0f} actions/s")
    print(
        f"  seats that played to the goodbye: {tally.finished} of"
        f" {2 * args.tables}; errors: {errors or 'none'}"
    )
    print(f"  action latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(
        f"  CPU per action: server {1e6 * server_cpu / actions:,.0f} us,"
        f" clients {1e6 * clients_cpu / actions:,.0f} us"
        f" ({server_cpu / elapsed:.0%} of a core for the server)"
    )
    print(
        f"  the server's event loop ran {(ran_ended - ran_began) / elapsed:.0%}"
        f" of the time and waited for a CPU"
        f" {(waited_ended - waited_began) / elapsed:.0%} (others had them)"
    )
    print(
        f"  machine load average (1 min) {load_began:.1f} before the run,"
        f" {load_ended:.1f} after, on {os.cpu_count()} cores"
    )
    print("targets:" + (f" {QUICK}" if args.quick else ""))
    print_target("actions/s", rate, at_least=AT_LEAST_ACTIONS, unit="/s", digits=0)
    print_target("p99 latency", p99, at_most=AT_MOST_P99_MS, unit=" ms", digits=1)


if __name__ == "__main__":
    main()
