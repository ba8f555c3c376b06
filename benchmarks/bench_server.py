"""Benchmark ``tonk serve`` under load: many tables of bots playing at once.

Run ``python benchmarks/bench_server.py`` (``--quick`` for a short run, as CI
does). It needs the ``web`` extra. It starts ``python -m tonk serve`` on a free
port of the loopback with a fresh database in a temporary directory, creates
``--tables`` tables of two seats each, and plays every seat from this process
over its own WebSocket, as a bot client would: on each ``act`` it answers a
random legal action (never a drop, so hands run their length). Every table
plays ``--hands`` hands. Bounded: it stops after ``--seconds`` at most.

Figures:

- actions/s: actions the server accepted (each committed to SQLite before it
  was announced) per second of wall time, over all tables;
- action latency: from a client sending its action to its receiving the
  table's event of that action (the server decoded it, checked it, applied
  it, committed it, and built and sent every seat's and the spectators'
  events), p50 and p99;
- CPU time per action of the server process and of the clients' process,
  which tells the server's cost apart from the machine's load, and the
  machine's load average during the run.

The clients share the machine with the server (two cores here), so the
figures are the server's throughput while it shares the CPU with its load.
The clients run in one process on plain asyncio and cost less CPU per action
than the server; when other work keeps the machine busy, actions/s and the
latencies tell how much CPU the server got, and its CPU per action what it
would need (1,000 actions/s needs under 1 ms of CPU per action on one core).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from targets import QUICK, print_target
from websockets.asyncio.client import ClientConnection, connect

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


async def play_seat(
    port: int,
    table_id: str,
    token: str,
    rng: random.Random,
    latencies: list[float],
    deadline: float,
) -> None:
    """Play one seat until the table says goodbye (or the time is up)."""
    url = f"ws://127.0.0.1:{port}/t/{table_id}/ws"
    async with connect(url, max_size=None) as websocket:
        await websocket.send(
            json.dumps({"type": "hello", "protocol": 1, "token": token})
        )
        await answer_all(websocket, rng, latencies, deadline)


async def answer_all(
    websocket: ClientConnection,
    rng: random.Random,
    latencies: list[float],
    deadline: float,
) -> None:
    sent: float | None = None
    seat: int | None = None
    while time.monotonic() < deadline:
        try:
            text = await asyncio.wait_for(websocket.recv(), deadline - time.monotonic())
        except TimeoutError:
            return
        message = json.loads(text)
        kind = message["type"]
        if kind == "welcome":
            seat = message["seat"]
        elif kind == "event" and sent is not None and message["seat"] == seat:
            latencies.append(time.perf_counter() - sent)
            sent = None
        elif kind == "act":
            legal = [item for item in message["legal"] if item["action"] != "drop"]
            choice = rng.choice(legal or message["legal"])["index"]
            answer = {"type": "action", "request": message["request"], "index": choice}
            sent = time.perf_counter()
            await websocket.send(json.dumps(answer))
        elif kind == "goodbye":
            return


async def run_load(
    port: int, tables: list[dict[str, Any]], seconds: float
) -> tuple[list[float], float]:
    latencies: list[float] = []
    rng = random.Random(1)
    deadline = time.monotonic() + seconds
    seats = [
        play_seat(
            port,
            table["id"],
            seat["link"].split("#", 1)[1],
            random.Random(rng.random()),
            latencies,
            deadline,
        )
        for table in tables
        for seat in table["seats"]
    ]
    began = time.perf_counter()
    await asyncio.gather(*seats)
    return latencies, time.perf_counter() - began


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
        args.tables, args.hands, args.seconds = 20, 1, 30.0
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "bench.sqlite3")
        try:
            tables = [create_table(port, args.hands) for _ in range(args.tables)]
            clients_began = time.process_time()
            server_began = cpu_seconds(server.pid)
            load_began = os.getloadavg()[0]
            latencies, elapsed = asyncio.run(run_load(port, tables, args.seconds))
            load_ended = os.getloadavg()[0]
            server_cpu = cpu_seconds(server.pid) - server_began
            clients_cpu = time.process_time() - clients_began
        finally:
            server.terminate()
            server.wait(timeout=10)
    actions = len(latencies)
    rate = actions / elapsed
    p50 = 1000 * percentile(latencies, 0.50)
    p99 = 1000 * percentile(latencies, 0.99)
    print(
        f"tonk serve: {args.tables} tables of 2 bot clients, {args.hands} hands"
        f" each, over WebSockets on the loopback"
    )
    print(f"  {actions:,} actions in {elapsed:.1f} s: {rate:,.0f} actions/s")
    print(f"  action latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(
        f"  CPU per action: server {1e6 * server_cpu / actions:,.0f} us,"
        f" clients {1e6 * clients_cpu / actions:,.0f} us"
        f" ({server_cpu / elapsed:.0%} of a core for the server)"
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
